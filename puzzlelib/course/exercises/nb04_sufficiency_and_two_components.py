"""Exercises of notebook 04, sufficiency and the two components, numbered in page order. Two practise
proving and follow what they practise: 04.1, after Lemma 2, asks for a board with tiles 2 and 3 in the top
row that can't be finished with tile 1 locked (checked by search); 04.2, in section 9, for a line board that
passes the rule yet is stuck. Then, at the end: 04.3 counts the boards a cut cell blocks, 04.4 asks for every
goal a board can reach, 04.5 for a blank swap that keeps the component, 04.6 for the period of two 2 x 2
turns that share a cell, 04.7 for a count by the theorem, and 04.8 for a written proof."""

from __future__ import annotations

import math

from puzzlelib.core.board import Board, cell_distance
from puzzlelib.core.limits import reachable_count
from puzzlelib.core.bfs import min_moves
from puzzlelib.course.exercises.engine import Mistake, _proof_exercise, _register
from puzzlelib.course.exercises.fixtures import _dist

__all__: list[str] = []


# --- 04.1: Lemma 2 needs two rows below: a board, checked by search -----------------------------------

def _two_and_three_get_home(board: Board) -> bool:
    """Whether tiles 2 and 3 can both be brought home on 2 x 3 without moving tile 1 (in the top-left corner).

    Notebook 02's graph search on the puzzle with two parts changed, as the notebook offers it: the actions
    leave tile 1 out, and the goal test asks only for the top row 1 2 3."""
    from puzzlelib.core.generic import SlidingPuzzleProblem, graph_search

    class TileOneStays(SlidingPuzzleProblem):
        def actions(self, state):
            return [t for t in state.movable_tiles() if t != 1]

        def is_goal(self, state):
            return state.tiles[:3] == (1, 2, 3)

    return graph_search(TileOneStays(board), "fifo") is not None


def _two_rows_raw(board: Board):
    """What 04.1 says of a Board: a reason it isn't an answer, or None when it is one."""
    if board.shape == (3, 2):
        return ("3 x 2",)
    if board.shape != (2, 3):
        return ("not 2 x 3",)
    if board.tiles[0] != 1:
        return ("tile 1 not in the corner",)
    if {board.tiles[1], board.tiles[2]} != {2, 3}:
        return ("2 and 3 not in the top row",)
    if board.tiles[:3] == (1, 2, 3):
        return ("home already",)
    if board.tiles not in _dist(Board.goal(2, 3)):        # breadth-first search from the goal, not the rule
        return ("cannot reach the goal",)
    if _two_and_three_get_home(board):
        return ("2 and 3 get home",)
    return None


def _two_rows_example() -> Board:
    """The first 2 x 3 board (in the order of its tiles) that answers 04.1."""
    from itertools import permutations
    return next(b for b in (Board.from_tiles((1, 3, 2, *p), 2, 3) for p in permutations([0, 4, 5]))
                if _two_rows_raw(b) is None)


def _two_rows_verdict(x):
    """A Board, or its rows as lists, is judged by :func:`_two_rows_raw`; a board written as text says so."""
    if isinstance(x, str):
        return ("text",)
    if isinstance(x, (list, tuple)) and x and all(isinstance(t, int) and not isinstance(t, bool) for t in x):
        return ("flat",)
    if isinstance(x, (list, tuple)) and x and all(isinstance(row, (list, tuple)) for row in x):
        try:
            x = Board(x)
        except (TypeError, ValueError):
            return x
    if not isinstance(x, Board):
        return x
    problem = _two_rows_raw(x)
    return _two_rows_example() if problem is None else problem


_register(
    id="04.1", title="Lemma 2 needs two rows below", level="challenge", minutes=15, kind="value",
    solution=_two_rows_example, normalize=_two_rows_verdict,
    hint="lock tile 1 in the top-left corner of 2 x 3 and draw the five free cells with their links: four of "
         "them form a ring, and the fifth hangs off it. On a ring, can one tile pass another? Can the tile in the "
         "fifth cell ever leave it for good? Keep a board that passes the rule.",
    why="with tile 1 locked the free cells are a ring of four and a dead end below tile 1. The tile in the dead "
        "end can step out only to step back, and the tiles on the ring keep their order round it, so 3 and 2, "
        "in that order on the ring, never become 2 and 3. The board reaches the goal all the same, by moving "
        "tile 1: Lemma 2 needs R of two rows, and a 2 x n board is filled column by column.",
    mistakes=(
        Mistake(lambda: ("3 x 2",), "that board is 3 x 2, 3 rows of 2 tiles; give one of 2 rows and 3 columns, "
                                    "Board([[., ., .], [., ., .]])."),
        Mistake(lambda: ("not 2 x 3",), "give a board of 2 rows and 3 columns."),
        Mistake(lambda: ("flat",), "give the board itself, Board([[., ., .], [., ., .]]), not its tiles in one "
                                   "line."),
        Mistake(lambda: ("text",), "write the board as a Board, Board([[., ., .], [., ., .]]) with 0 for the "
                                   "blank, not as text."),
        Mistake(lambda: ("tile 1 not in the corner",), "tile 1 must stand in the top-left corner: it is the "
                                                       "locked tile."),
        Mistake(lambda: ("2 and 3 not in the top row",), "put tiles 2 and 3 both in the top row, beside tile 1: "
                                                         "the exercise asks for that."),
        Mistake(lambda: ("home already",), "there tiles 2 and 3 are home already: nothing is left to bring."),
        Mistake(lambda: ("cannot reach the goal",), "that board fails the rule: read row by row, blank skipped, "
                                                    "its tiles have an odd number of inversions, and on a width "
                                                    "of 3 only an even count, like the goal's 0, passes. So it "
                                                    "can't reach the goal at all, even by moving tile 1, and says "
                                                    "nothing about the lemma: the exercise asks for a board that "
                                                    "reaches the goal."),
        Mistake(lambda: ("2 and 3 get home",), "from that board tiles 2 and 3 can be brought home without moving "
                                               "tile 1: look at the order of the tiles round the ring."),
    ),
)


# --- 04.2: why 1 x n is different: a line board that passes the rule yet is stuck ----------------------

def _line_rule_passes(board: Board) -> bool:
    """The parity rule of notebook 03 for the usual goal, as it reads on an even width."""
    from puzzlelib.core.solvability import blank_row_from_bottom, inversions
    goal = Board.goal(board.rows, board.cols)
    return (inversions(board) + blank_row_from_bottom(board)) % 2 == \
        (inversions(goal) + blank_row_from_bottom(goal)) % 2


def _line_counterexample() -> Board:
    """The first 1 x 4 board (in the order of its tiles) that passes the rule but can't reach the goal."""
    from itertools import permutations
    return next(b for b in (Board.from_tiles(p, 1, 4) for p in permutations(range(4)))
                if _line_rule_passes(b) and min_moves(b, check_parity=False) is None)


def _line_verdict(x):
    if not isinstance(x, Board):
        return x
    if x.shape == (4, 1):
        return ("4 x 1",)
    if x.shape != (1, 4):
        return ("not 1 x 4",)
    if not _line_rule_passes(x):
        return ("fails the rule",)
    return _line_counterexample() if min_moves(x, check_parity=False) is None else ("reaches the goal",)


_register(
    id="04.2", title="Why 1 x n is different: the theorem needs two rows", level="core", minutes=10,
    kind="value", solution=_line_counterexample, normalize=_line_verdict,
    hint="on a line no tile can pass another, so which boards reach the goal? Find one that the parity "
         "rule lets through all the same (count its inversions; the blank's row is always 1).",
    why="the rule is necessary on every board, but on a line only the tiles' order counts: the rule lets "
        "through every even order, and a line of 3 tiles or more has even orders other than the goal's. "
        "Sufficiency needs Lemmas 1 and 3, whose hypotheses fail on a line.",
    mistakes=(
        Mistake(lambda: ("4 x 1",), "that board is 4 x 1: one column of 4 cells. The exercise asks for 1 x 4, "
                                    "one row of 4 cells: Board([[., ., ., .]])."),
        Mistake(lambda: ("not 1 x 4",), "give a board of 1 row and 4 columns (1 x 4)."),
        Mistake(lambda: ("fails the rule",), "that board fails the parity rule, so it proves nothing about "
                                              "sufficiency: find one that passes it."),
        Mistake(lambda: ("reaches the goal",), "that board passes the rule and does reach the goal: find one "
                                                "that passes but can't."),
    ),
)


# --- 04.3: the boards a cut cell blocks: a count, checked by search ------------------------------------

_LOCKED_03 = {0, 1, 2, 4}
"""04.3's locked cells on 3 x 3: the top row (tiles 1, 2, 3) and the centre (tile 5)."""


def _boards_with_4_through() -> int:
    """How many of the 120 boards of 04.3 let tile 4 reach the middle row's left cell (breadth-first search
    over the moves that leave the locked cells alone)."""
    from itertools import permutations
    from puzzlelib.core.constructive import WorkingBoard
    return sum(bool(WorkingBoard(Board.from_tiles((1, 2, 3, p[0], 5, *p[1:]), 3, 3)).place(4, 3, _LOCKED_03))
               for p in permutations([0, 4, 6, 7, 8]))


def _count_verdict(x):
    """A Board is not a count: it becomes a marker for the hint."""
    return ("a board",) if isinstance(x, Board) else x


_register(
    id="04.3", title="A cut cell in the way: count the boards", level="core", minutes=10, kind="value",
    solution=_boards_with_4_through, normalize=_count_verdict,
    hint="draw the five free cells and the links between them: what shape do they form? On that shape can one "
         "tile pass another? Then ask which tile must be nearest the target cell, and where the blank may be.",
    why="the free cells form a line, left of the middle row, the bottom row, right of the middle row; no tile "
        "passes another on a line, so tile 4 gets there exactly when it is the first tile along the line from "
        "that cell: 3! orders of the other tiles, times 5 cells for the blank, 30 boards. Lemma 1 needs free "
        "cells with no cut cell.",
    mistakes=(
        Mistake(lambda: 90, "90 counts the boards from which tile 4 can't get there; the question asks for "
                            "those from which it can."),
        Mistake(lambda: 120, "not from every board: the free cells form a line, and on a line no tile passes "
                             "another."),
        Mistake(lambda: 6, "that counts the orders of the other three tiles; the blank can stand in any of the "
                           "free cells too."),
        Mistake(lambda: 24, "24 counts the orders of the four tiles along the free cells: which of them let tile "
                            "4 through, and in how many cells may the blank stand?"),
        Mistake(lambda: 48, "a tile second along the line can't get past the first one."),
        Mistake(lambda: ("a board",), "the exercise asks for a number: how many of the 120 boards let tile 4 "
                                      "through."),
    ),
)


# --- 04.4: every goal the board can reach ---------------------------------------------------------------

_EX4_04 = Board([[2, 1, 3], [4, 0, 5]])


def _candidate_goals() -> list[Board]:
    """The goals 04.4 allows: 2 x 3, top row starting 1 2, blank bottom right."""
    from itertools import permutations
    return [Board.from_tiles((1, 2, *p, 0), 2, 3) for p in permutations([3, 4, 5])]


def _reachable_goals() -> set:
    """Every goal of :func:`_candidate_goals` the board reaches, by breadth-first search (no parity rule)."""
    return {g for g in _candidate_goals() if min_moves(_EX4_04, goal=g, check_parity=False) is not None}


def _goals_verdict(x):
    """A set of goals is the answer when it is every reachable one; a single Board or another set says why not."""
    if isinstance(x, Board):
        return ("one goal",) if x in _reachable_goals() else ("one goal, not reached",)
    if not isinstance(x, (set, frozenset)) or not x or not all(isinstance(g, Board) for g in x):
        return x
    if any(g.shape != (2, 3) for g in x):
        return ("not 2 x 3",)
    if any(g.tiles[:2] != (1, 2) or g.tiles[5] != 0 for g in x):
        return ("not that kind of goal",)
    right = _reachable_goals()
    if not set(x) <= right:
        return ("not reached",)
    if set(x) < right:
        return ("some of them",)
    return right


_register(
    id="04.4", title="Every goal it can reach", level="core", minutes=10, kind="value",
    solution=_reachable_goals, normalize=_goals_verdict,
    hint="only the order of 3, 4 and 5 in the goal is free. Rename each tile of the board by its place in such "
         "a goal (blank skipped) and count the inversions: on a width of 3 the board reaches the goal when that "
         "count is even, the goal's own value. Which orders of 3, 4, 5 make it even?",
    why="with the inversions counted in the goal's order the board passes that goal's rule exactly when the "
        "order of 3, 4 and 5 in the goal is odd, and then it reaches it (the theorem, for any goal G): three "
        "goals of the six.",
    mistakes=(
        Mistake(lambda: ("one goal",), "the board reaches that goal, but the exercise asks for every such goal, "
                                       "as a set of boards."),
        Mistake(lambda: ("one goal, not reached",), "the board can't reach that goal, and the exercise asks for "
                                                    "every goal it can reach, as a set of boards."),
        Mistake(lambda: ("some of them",), "the board reaches each goal you name, but there are more."),
        Mistake(lambda: ("not reached",), "the board can't reach one of your goals: count its inversions in that "
                                          "goal's order (rename each tile by its place in the goal)."),
        Mistake(lambda: ("not that kind of goal",), "each goal's top row must start 1 2 and its blank must be in "
                                                    "the bottom-right corner."),
        Mistake(lambda: ("not 2 x 3",), "give goals of 2 rows and 3 columns, e.g. Board([[1, 2, ...], [...]])."),
    ),
)


# --- 04.5: why Lemma 5 leaves the blank alone, answered by a board, checked by search --------------

def _blank_swap(board: Board) -> Board:
    """The board with the blank and tile 1 swapped."""
    return Board.from_tiles(tuple({0: 1, 1: 0}.get(t, t) for t in board.tiles), board.rows, board.cols)


def _blank_swap_raw(board: Board):
    """What 04.5 says of a Board: a reason it isn't an answer, or None when it is one."""
    if board.shape != (2, 3):
        return ("not 2 x 3",)
    if cell_distance(board.blank_index, board.tiles.index(1), 3) == 1:
        return ("neighbours",)
    reach = _dist(Board.goal(2, 3))                        # breadth-first search from the goal, not the rule
    if (board.tiles in reach) != (_blank_swap(board).tiles in reach):
        return ("other component",)
    return None


def _blank_swap_example() -> Board:
    """The first 2 x 3 board (in the order of its tiles) that answers 04.5."""
    from itertools import permutations
    return next(b for b in (Board.from_tiles(p, 2, 3) for p in permutations(range(6))) if _blank_swap_raw(b) is None)


def _blank_swap_verdict(x):
    if not isinstance(x, Board):
        return x
    problem = _blank_swap_raw(x)
    return _blank_swap_example() if problem is None else problem


_register(
    id="04.5", title="Lemma 5 leaves the blank alone", level="core", minutes=10, kind="value",
    solution=_blank_swap_example, normalize=_blank_swap_verdict,
    hint="swap the blank with tile 1 in the tiles read row by row, blank skipped: tile 1 jumps over the tiles "
         "between the two cells. How many must it jump over to keep the inversions' parity, on a width of 3?",
    why="swapping the blank with a tile moves that tile past the tiles between them in reading order: an even "
        "number of them keeps the parity, so the swap can keep the class even when it is not a move. Lemma 5 "
        "swaps two tiles and leaves the blank alone, and that is what makes it flip the class.",
    mistakes=(
        Mistake(lambda: ("not 2 x 3",), "give a board of 2 rows and 3 columns."),
        Mistake(lambda: ("neighbours",), "there the blank and tile 1 are neighbours, so the swap is a move: "
                                         "of course it stays in the component. Find one where they are apart."),
        Mistake(lambda: ("other component",), "on that board the swap jumps to the other component; count the "
                                              "tiles between the blank and tile 1 in reading order."),
    ),
)


# --- 04.6: two 2 x 2 turns that share a cell: Lemmas 3 and 4 together ------------------------------------

_START6_04 = Board([[1, 2, 3], [4, 0, 5]])
_EIGHT = "ULDR" + "URDL"
"""04.6's figure-eight, as the blank's moves: round the left 2 x 2 block, then round the right one."""


def _figure_eight_period() -> int:
    """Moves until 04.6's board first comes back while the blank repeats the figure-eight (by Board.slide)."""
    step = {"U": -3, "D": 3, "L": -1, "R": 1}
    board, moves = _START6_04, 0
    while True:
        for m in _EIGHT:
            board = board.slide(board.tiles[board.blank_index + step[m]])
            moves += 1
        if board == _START6_04:
            return moves


_register(
    id="04.6", title="Two turns that share a cell", level="core", minutes=10, kind="value",
    solution=_figure_eight_period,
    hint="by Lemma 3 each turn moves three tiles round their block, a 3-cycle. Follow each of the five tiles "
         "through one whole figure-eight (both turns): where does it end? Then how many figure-eights bring "
         "every tile home, and how many moves is that?",
    why="the left turn is a 3-cycle of three tiles and the right turn a 3-cycle of three, one tile shared; "
        "together they move all five tiles one step along a single cycle, a 5-cycle, as (a b c)(c d e) is. "
        "So 5 figure-eights of 8 moves: 40 moves.",
    mistakes=(
        Mistake(lambda: 8, "8 moves is one figure-eight: the tiles have moved, so the board is not back yet."),
        Mistake(lambda: 5, "that counts something other than moves: give the number of single slides after which "
                           "the board first looks as it did."),
        Mistake(lambda: 24, "each turn alone comes back after 3, but the two turns share a cell, and two "
                            "3-cycles that share a tile do not make a 3-cycle. Follow each tile through one "
                            "whole figure-eight."),
        Mistake(lambda: 12, "12 is one 2 x 2 block turned until it comes back; here two blocks turn in turn."),
        Mistake(lambda: 30, "30 is the walk round the whole ring of 2 x 3; a figure-eight goes round each block "
                            "in turn."),
        Mistake(lambda: 60, "that would be rounds of 12 moves; one figure-eight is 8 moves (4 round each "
                            "block)."),
    ),
)


# --- 04.7: a count by the theorem -------------------------------------------------------------------------

def _blank_home(rows: int, cols: int) -> int:
    """Boards the goal reaches with the blank back on its goal cell: (mn - 1)!/2 by the theorem."""
    if rows * cols <= 9:
        return sum(1 for t in _dist(Board.goal(rows, cols)) if t[-1] == 0)
    return reachable_count(rows, cols) // (rows * cols)


_register(
    id="04.7", title="The blank at home: even orders only", level="core", minutes=10, kind="value",
    solution=lambda: _blank_home(3, 4),
    hint="with the blank on its goal cell, what does the invariant say about the order of the other 11 "
         "tiles? How many of the 11! orders is that (Lemma 5's argument)?",
    why="with the blank at home the tiles' order must be even (the invariant), and every even order is "
        "reached (the theorem): 11!/2 boards.",
    mistakes=(
        Mistake(lambda: math.factorial(11), "that is every order of the 11 tiles; only the even ones keep "
                                            "the invariant with the blank at home."),
        Mistake(lambda: reachable_count(3, 4), "that counts every board the goal reaches; count only those "
                                               "with the blank back on its goal cell."),
        Mistake(lambda: math.factorial(12) // 2 // 11, "divide the reachable boards among the 12 cells the "
                                                       "blank can be in, not 11."),
    ),
)


# --- 04.8: a written proof: Lemma 2 needs two rows below -------------------------------------------------

_proof_exercise(
    id="04.8", title="Prove that a dead end traps its tile", level="core", minutes=20,
    questions=(
        "Does your proof say why the board can reach the goal at all, and cite the result it uses?",
        "Does every step follow from the board's cells and the exercise's rule, with no step checked on one "
        "example only?",
        "Does it look at every move the blank can make at the moment that matters, not just the one you expect?",
        "Does it end on the very statement the exercise asks you to prove?",
    ),
    rubric=(
        (1, "The board reaches the goal: no inversions on an odd width, so it passes the rule, and the theorem "
            "(m, n >= 2) applies; it must move tile 1 on the way."),
        (1, "Tile 3 is trapped: the cell under tile 1 has one free neighbour; when its tile steps out the blank "
            "is shut in that cell with every other free cell full, so the only move puts the tile back. Tile 3 "
            "never reaches the top-right cell, so 2 and 3 are never both home."),
    ),
    model="**The board reaches the goal.** Its tiles read 1 2 3 4 5: no inversion. The width, 3, is odd and "
          "the goal has none either, so the board passes the rule, and by the theorem (2 rows, 3 columns) it "
          "reaches the goal.\n\n"
          "**Tile 3 never gets home while tile 1 stays.** The bottom-left cell D, under tile 1, has one free "
          "neighbour, the bottom-middle cell E, and tile 3 stands in D. A tile leaves D only by sliding into E "
          "when the blank is there. Then the blank is in D, whose neighbours are tile 1, which stays, and E, so "
          "the only move slides the tile in E, the one that just left, back into D. So tile 3 is always in D or "
          "E, never in its home, the top-right cell: tiles 2 and 3 are never both home. ∎\n\n"
          "With two rows below P and Q, as Lemma 2 asks, the cell under D would be a second way out.",
    hint="look at the cell under tile 1: how many free neighbours has it? Follow, move by move, what happens "
         "when its tile steps out, and where the blank is then.",
    why="a cell with one free neighbour is a dead end: its tile can step out only to step back. Lemma 2's "
        "second row below gives that cell another way out.",
)
