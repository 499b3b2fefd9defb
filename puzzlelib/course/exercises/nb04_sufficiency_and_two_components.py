"""Exercises of notebook 04, sufficiency and the two components: all answered with a value. 04.1, 04.3 and 04.6
ask for a board with a property (a counterexample), checked by search; 04.7 too, on a line; 04.2 for a goal
the board can reach, any valid goal accepted."""

from __future__ import annotations

import math

from puzzlelib.core.board import Board, cell_distance
from puzzlelib.core.limits import reachable_count
from puzzlelib.core.bfs import min_moves
from puzzlelib.course.exercises.engine import Mistake, _register
from puzzlelib.course.exercises.fixtures import _dist

__all__: list[str] = []

_EX2_04 = Board([[2, 1, 3], [4, 0, 5]])


def _goal_verdict_raw(goal: Board):
    """What 04.2 says of a Board: a reason it isn't an answer, or None when it is one (decided by search)."""
    if goal.shape != (2, 3):
        return ("not 2 x 3",)
    if goal.tiles[:2] != (1, 2) or goal.tiles[5] != 0:
        return ("not that kind of goal",)
    if min_moves(_EX2_04, goal=goal, check_parity=False) is None:     # breadth-first search, no parity rule
        return ("not reached",)
    return None


def _reachable_goal() -> Board:
    """The first goal (in the order of its tiles) that answers 04.2."""
    from itertools import permutations
    return next(g for g in (Board.from_tiles((1, 2, *p, 0), 2, 3) for p in permutations([3, 4, 5]))
                if _goal_verdict_raw(g) is None)


def _goal_verdict(x):
    """Any goal that answers 04.2 stands for every such goal; another Board says why it doesn't."""
    if not isinstance(x, Board):
        return x
    problem = _goal_verdict_raw(x)
    return _reachable_goal() if problem is None else problem


def _ring_turns(rows: int, cols: int) -> int:
    """Moves until the goal first comes back while the blank walks round and round the ring of a 2 x n board."""
    goal = Board.goal(rows, cols)
    ring = [(1, c) for c in range(cols - 1, -1, -1)] + [(0, c) for c in range(cols)]   # left along the bottom, back along the top
    board, moves = goal, 0
    while True:
        for r, c in ring[1:] + ring[:1]:
            board = board.slide(board.grid[r][c])
            moves += 1
        if board == goal:
            return moves


def _blank_home(rows: int, cols: int) -> int:
    """Boards the goal reaches with the blank back on its goal cell: (mn - 1)!/2 by the theorem."""
    if rows * cols <= 9:
        return sum(1 for t in _dist(Board.goal(rows, cols)) if t[-1] == 0)
    return reachable_count(rows, cols) // (rows * cols)


# --- 04.1: a counterexample to Lemma 1 without its hypothesis, checked by search ------------------

_LOCKED_01 = {0, 1, 2, 4}
"""04.1's locked cells on 3 x 3: the top row (tiles 1, 2, 3) and the centre (tile 5)."""


def _cut_cell_verdict_raw(board: Board):
    """What 04.1 says of a Board: a reason it isn't an answer, or None when it is one."""
    from puzzlelib.core.constructive import WorkingBoard
    if board.shape != (3, 3):
        return ("not 3 x 3",)
    if board.tiles[:3] != (1, 2, 3) or board.tiles[4] != 5:
        return ("not locked",)
    if WorkingBoard(board).place(4, 3, _LOCKED_01):          # breadth-first search over the free moves
        return ("tile 4 gets there",)
    return None


def _cut_cell_example() -> Board:
    """The first 3 x 3 board (in the order of its tiles) that answers 04.1."""
    from itertools import permutations
    rest = [0, 4, 6, 7, 8]
    return next(b for b in (Board.from_tiles((1, 2, 3, p[0], 5, *p[1:]), 3, 3) for p in permutations(rest))
                if _cut_cell_verdict_raw(b) is None)


def _cut_cell_verdict(x):
    """Any board that answers 04.1 stands for every such board; anything else says why it doesn't."""
    if not isinstance(x, Board):
        return x
    problem = _cut_cell_verdict_raw(x)
    return _cut_cell_example() if problem is None else problem


_register(
    id="04.1", title="A cut cell in the way", level="core", minutes=8, kind="value",
    solution=_cut_cell_example, normalize=_cut_cell_verdict,
    hint="lock the top row and the centre: draw the free cells and the links between them. Which are cut "
         "cells? On a line of cells, can one tile ever pass another?",
    why="with the centre locked the free cells form a line (left of the middle row, the bottom row, right of "
        "the middle row); its inner cells are cut cells, no tile passes another, so a tile standing between 4 "
        "and its cell keeps it out. Lemma 1 needs free cells with no cut cell.",
    mistakes=(
        Mistake(lambda: ("not 3 x 3",), "give a board of 3 rows and 3 columns, e.g. Board([[1, 2, 3], ...])."),
        Mistake(lambda: ("not locked",), "the top row must read 1 2 3 and tile 5 must be in the centre: those "
                                         "are the locked tiles."),
        Mistake(lambda: ("tile 4 gets there",), "from that board tile 4 can reach the left cell of the middle "
                                                "row: look at the order of the tiles along the free cells."),
    ),
)
_register(
    id="04.2", title="A goal it can reach", level="core", minutes=8, kind="value",
    solution=_reachable_goal, normalize=_goal_verdict,
    hint="rename each tile of the board by its place in your goal (blank skipped) and count the inversions: "
         "on a width of 3 the board reaches the goal when that count is even, the goal's own value.",
    why="with the inversions counted in the goal's order the board passes that goal's rule, so it reaches "
        "it (the theorem, for any goal G). Only the order of 3, 4 and 5 is free: an odd order of them works.",
    mistakes=(
        Mistake(lambda: ("not reached",), "the board can't reach that goal: count its inversions in that goal's "
                                          "order (rename each tile by its place in the goal)."),
        Mistake(lambda: ("not that kind of goal",), "the goal's top row must start 1 2 and its blank must be in "
                                                    "the bottom-right corner."),
        Mistake(lambda: ("not 2 x 3",), "give a goal of 2 rows and 3 columns, e.g. Board([[1, 2, ...], [...]])."),
    ),
)
# --- 04.3: why Lemma 5 leaves the blank alone, answered by a board, checked by search --------------

def _blank_swap(board: Board) -> Board:
    """The board with the blank and tile 1 swapped."""
    return Board.from_tiles(tuple({0: 1, 1: 0}.get(t, t) for t in board.tiles), board.rows, board.cols)


def _blank_swap_raw(board: Board):
    """What 04.3 says of a Board: a reason it isn't an answer, or None when it is one."""
    if board.shape != (2, 3):
        return ("not 2 x 3",)
    if cell_distance(board.blank_index, board.tiles.index(1), 3) == 1:
        return ("neighbours",)
    reach = _dist(Board.goal(2, 3))                        # breadth-first search from the goal, not the rule
    if (board.tiles in reach) != (_blank_swap(board).tiles in reach):
        return ("other component",)
    return None


def _blank_swap_example() -> Board:
    """The first 2 x 3 board (in the order of its tiles) that answers 04.3."""
    from itertools import permutations
    return next(b for b in (Board.from_tiles(p, 2, 3) for p in permutations(range(6))) if _blank_swap_raw(b) is None)


def _blank_swap_verdict(x):
    if not isinstance(x, Board):
        return x
    problem = _blank_swap_raw(x)
    return _blank_swap_example() if problem is None else problem


_register(
    id="04.3", title="Lemma 5 leaves the blank alone", level="core", minutes=10, kind="value",
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
_register(
    id="04.4", title="Lemma 3 on a longer ring", level="core", minutes=10, kind="value",
    solution=lambda: _ring_turns(2, 3),
    hint="on 2 x 3 every cell is on the ring. Argue as in Lemma 3: after one walk round (how many moves?), "
         "how far has each tile moved among the occupied cells? How many walks bring them all home?",
    why="one walk round the 6 cells takes 6 moves and moves each of the 5 tiles one place back among the "
        "occupied cells, a 5-cycle, so 5 walks are needed: 30 moves.",
    mistakes=(
        Mistake(lambda: 6, "6 moves is one walk round: the tiles have moved, so the goal is not back yet."),
        Mistake(lambda: 5, "5 is the number of walks; count the moves."),
        Mistake(lambda: 12, "12 is the 2 x 2 ring; here the ring has 6 cells and 5 tiles."),
        Mistake(lambda: 36, "that assumes 6 walks; only the 5 tiles turn, the blank's cell comes back each walk."),
    ),
)
_register(
    id="04.5", title="The blank at home: even orders only", level="core", minutes=10, kind="value",
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


# --- 04.6 and 04.7: proving exercises, answered by a board and checked by search ---------------

def _two_rows_raw(board: Board):
    """What 04.6 says of a Board: a reason it isn't an answer, or None when it is one."""
    from puzzlelib.core.constructive import WorkingBoard
    if board.shape != (2, 3):
        return ("not 2 x 3",)
    if board.tiles[0] != 1:
        return ("tile 1 not in the corner",)
    if board.tiles not in _dist(Board.goal(2, 3)):        # breadth-first search from the goal, not the rule
        return ("cannot reach the goal",)
    try:
        WorkingBoard(board).place_two(2, 1, 3, 2, {0})     # a search over both tiles and the blank, cell 0 kept
    except ValueError:
        return None
    return ("2 and 3 get home",)


def _two_rows_example() -> Board:
    """The first 2 x 3 board (in the order of its tiles) that answers 04.6."""
    from itertools import permutations
    return next(b for b in (Board.from_tiles((1, *p), 2, 3) for p in permutations([0, 2, 3, 4, 5]))
                if _two_rows_raw(b) is None)


def _two_rows_verdict(x):
    if not isinstance(x, Board):
        return x
    problem = _two_rows_raw(x)
    return _two_rows_example() if problem is None else problem


_register(
    id="04.6", title="Lemma 2 needs two rows below", level="challenge", minutes=15, kind="value",
    solution=_two_rows_example, normalize=_two_rows_verdict,
    hint="lock tile 1 in the top-left corner of 2 x 3 and draw the five free cells with their links: which "
         "cell is a dead end, and what happens to a tile shut in it? Keep a board that reaches the goal.",
    why="with the corner locked, the cell below it is a dead end and R is a single row: a tile in the dead end "
        "can step out only to step back, so 2 and 3 can't always be brought home. The board reaches the goal "
        "all the same, by moving tile 1: Lemma 2 needs R of two rows, and a 2 x n board is filled column by "
        "column.",
    mistakes=(
        Mistake(lambda: ("not 2 x 3",), "give a board of 2 rows and 3 columns."),
        Mistake(lambda: ("tile 1 not in the corner",), "tile 1 must stand in the top-left corner: it is the "
                                                       "locked tile."),
        Mistake(lambda: ("cannot reach the goal",), "that board can't reach the goal at all (it fails the rule), "
                                                    "so it says nothing about the lemma: keep one that passes."),
        Mistake(lambda: ("2 and 3 get home",), "from that board tiles 2 and 3 can be brought home without moving "
                                               "tile 1: look at the dead end below tile 1."),
    ),
)


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
    if x.shape != (1, 4):
        return ("not 1 x 4", x.shape)
    if not _line_rule_passes(x):
        return ("fails the rule",)
    return _line_counterexample() if min_moves(x, check_parity=False) is None else ("reaches the goal",)


_register(
    id="04.7", title="Why 1 x n is different: the theorem needs two rows", level="core", minutes=10,
    kind="value", solution=_line_counterexample, normalize=_line_verdict,
    hint="on a line no tile can pass another, so which boards reach the goal? Find one that the parity "
         "rule lets through all the same (count its inversions; the blank's row is always 1).",
    why="the rule is necessary on every board, but sufficiency needs Lemmas 1 and 3, whose hypotheses fail "
        "on a line: its inner cells are cut cells, and it has no 2 x 2 block.",
    mistakes=(
        Mistake(lambda: ("fails the rule",), "that board fails the parity rule, so it proves nothing about "
                                              "sufficiency: find one that passes it."),
        Mistake(lambda: ("reaches the goal",), "that board passes the rule and does reach the goal: find one "
                                                "that passes but can't."),
    ),
)
