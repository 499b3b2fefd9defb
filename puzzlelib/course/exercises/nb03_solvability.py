"""Exercises of notebook 03, solvability, numbered in page order: the swap lemma at work (03.1, any pair of
tiles whose swap changes the inversions by 5) and a counterexample to the odd-width rule (03.2, a 4 x 2
board with 3 inversions that reaches the goal, checked by search), which practise proving and end
sections 5 and 6; then, in section 7, inversions and the width rule by hand (03.3, which tile is in the
most inversions; 03.4, where the blank may stand in Loyd's board), the rule for another goal (03.5), and
two functions (03.6, 03.7)."""

from __future__ import annotations

import math
import random

from puzzlelib.core.memo import memo
from puzzlelib.core.board import Board
from puzzlelib.core.generate import fix_by_swap, random_board
from puzzlelib.core.solvability import inversions, is_solvable
from puzzlelib.course.exercises.engine import Mistake, _fail, _function_exercise, _register, _Step, _tiles_steps, _verdict, _call
from puzzlelib.course.exercises.fixtures import _STARTS_05, _blank_counted_inversions, _dist, _shuffled
from puzzlelib.course.exercises.solutions import SOLUTIONS

__all__: list[str] = []

_EX1_03 = Board([[4, 1, 3], [0, 2, 6], [7, 5, 8]])
"""A 3 x 3 board among the hidden cases of 03.6 and 03.7."""
_EX2_03 = Board([[3, 1, 2, 4], [5, 6, 7, 8], [9, 10, 0, 11], [13, 14, 15, 12]])
"""A 4 x 4 board among the hidden cases of 03.7."""
_EX5_03 = Board([[2, 1], [3, 4], [5, 6], [7, 0]])
"""Exercise 03.5's tiles, read row by row: 2 1 3 4 5 6 7 (one inversion); the blank may go in any cell."""
_GOAL5_03 = Board.goal(4, 2, blank="first")


# --- 03.1: a proving exercise on section 5's lemma, answered by two tiles and checked by swapping them --

_EX1_SWAP_03 = Board([[3, 7, 1], [8, 0, 5], [2, 6, 4]])


def _swap_change(board: Board, a: int, b: int) -> int:
    """How much swapping tiles ``a`` and ``b`` changes the board's inversions (tiles only, blank skipped)."""
    swapped = tuple(b if t == a else a if t == b else t for t in board.tiles)
    return inversions(Board.from_tiles(swapped, board.rows, board.cols)) - inversions(board)


def _swaps_by_five() -> set:
    """The first pair of tiles whose swap changes the inversions of 03.1's board by 5, up or down, as a set."""
    tiles = sorted(t for t in _EX1_SWAP_03.tiles if t)
    return next({a, b} for i, a in enumerate(tiles) for b in tiles[i + 1:]
                if abs(_swap_change(_EX1_SWAP_03, a, b)) == 5)


def _swap_verdict(x):
    """Any two tiles whose swap changes the count by 5 stand for every such pair; other pairs say by how much."""
    if not isinstance(x, (set, frozenset)) or len(x) != 2 or \
            not all(isinstance(t, int) and not isinstance(t, bool) for t in x):
        return x
    a, b = sorted(x)
    if not {a, b} <= set(_EX1_SWAP_03.tiles) - {0}:
        return ("not two tiles",)
    change = abs(_swap_change(_EX1_SWAP_03, a, b))
    return _swaps_by_five() if change == 5 else ("changes by", change)


_register(
    id="03.1", title="The swap lemma at work: a change of 5", level="core", minutes=10, kind="value",
    solution=_swaps_by_five, normalize=_swap_verdict,
    hint="follow the lemma's proof: the two swapped tiles change their own pair by one, and each tile standing "
         "between them in reading order changes the count by zero or by two. Which tiles between them count "
         "two? You need two of those.",
    why="the swapped pair changes by 1, and each tile between them whose number lies between theirs changes "
        "by 2 (the others by 0): two such tiles give 1 + 2 + 2 = 5. The size depends on the tiles; the parity "
        "never does.",
    mistakes=(
        Mistake(lambda: ("changes by", 1), "that swap changes the count by one: no tile standing between them, in "
                                           "reading order, has a number between theirs."),
        Mistake(lambda: ("changes by", 3), "that swap changes the count by three: one tile between them has a "
                                           "number between theirs. You need two such tiles."),
        Mistake(lambda: ("changes by", 7), "that swap changes the count by seven: three tiles between them have "
                                           "numbers between theirs. You need two such tiles."),
        Mistake(lambda: ("not two tiles",), "name two tiles of the board, as a set such as {3, 8}; the blank (0) "
                                            "is not a tile here."),
    ),
)


# --- 03.2: a proving exercise, answered by a counterexample and checked by search -----------------

def _reaches_goal_by_search(board: Board) -> bool:
    """Whether ``board`` reaches the usual goal, by breadth-first search over its moves (no parity rule): one
    search from the goal, kept, whose boards are those that reach it (every move can be undone)."""
    return board.tiles in _dist(Board.goal(board.rows, board.cols))


def _witness_raw(board: Board):
    """What 03.2 says of a Board: a reason it isn't an answer, or None when it is one."""
    if board.shape == (2, 4):
        return ("2 x 4",)
    if board.shape != (4, 2):
        return ("not 4 x 2",)
    if inversions(board) != 3:
        return ("not 3 inversions",)
    if board.blank[0] == 0:
        return ("top row",)
    if not _reaches_goal_by_search(board):
        return ("stuck",)
    return None


def _witness_42() -> Board:
    """The first 4 x 2 board, in the order of its tiles, that answers 03.2 (by search)."""
    import itertools
    return next(b for b in (Board.from_tiles(p, 4, 2) for p in itertools.permutations(range(8)))
                if inversions(b) == 3 and _witness_raw(b) is None)


def _witness_verdict(x):
    """A board that answers 03.2 stands for every such board; another Board says why it doesn't."""
    if not isinstance(x, Board):
        return x
    problem = _witness_raw(x)
    return _witness_42() if problem is None else problem


_register(
    id="03.2", title="Prove a rule wrong: a counterexample", level="core", minutes=10, kind="value",
    solution=_witness_42, normalize=_witness_verdict,
    hint="first make 3 inversions: which tile, put first, stands before exactly three smaller ones? Then the "
         "blank: on an even width a board reaches the goal when inversions + the blank's row from the bottom "
         "(last row = 1) has the goal's parity, 0 + 1.",
    why="3 inversions is odd, so the odd-width rule calls the board unsolvable; but on an even width the "
        "blank's row counts too, and with the blank on an even row from the bottom the sum is odd, the goal's "
        "parity: search confirms the board reaches the goal. One board is enough to prove the rule wrong.",
    mistakes=(
        Mistake(lambda: ("2 x 4",), "that board is 2 x 4: 2 rows of 4 tiles. The exercise asks for 4 x 2: 4 rows "
                                    "of 2 tiles, Board([[., .], [., .], [., .], [., .]])."),
        Mistake(lambda: ("not 4 x 2",), "give a board of 4 rows and 2 columns (4 x 2)."),
        Mistake(lambda: ("not 3 inversions",), "that board does not have exactly 3 inversions (pairs in the wrong "
                                               "order, read row by row with the blank skipped)."),
        Mistake(lambda: ("top row",), "there the blank is in the top row; the exercise asks for the blank in "
                                      "another row."),
        Mistake(lambda: ("stuck",), "that board has 3 inversions but cannot reach the goal: on an even width the "
                                    "blank's row counts too. With an odd count, which rows from the bottom work?"),
    ),
)


# --- 03.3: which tile is in the most inversions --------------------------------------------------

_PICTURE3_03 = Board([[6, 3, 7], [1, 0, 4], [5, 8, 2]])
"""Exercise 03.3's board, shown in the notebook as text only: reading order 6 3 7 1 4 5 8 2. Its 14 inversions
are more than ``inversion_arcs`` draws (12), so the answer is reasoned out, not read off that picture."""


def _inversion_share(board: Board) -> dict:
    """How many inversions each tile of ``board`` is in (as the larger or the smaller tile)."""
    seq = [t for t in board.tiles if t]
    share = {t: 0 for t in seq}
    for i, a in enumerate(seq):
        for b in seq[i + 1:]:
            if a > b:
                share[a] += 1
                share[b] += 1
    return share


def _most_inverted() -> int:
    """The tile of 03.3's board in the most inversions (there is one)."""
    share = _inversion_share(_PICTURE3_03)
    return max(share, key=share.get)


_register(
    id="03.3", title="Count the inversions, tile by tile", level="warm-up", minutes=5, kind="value",
    solution=_most_inverted,
    hint="read the tiles row by row and skip the blank; list every pair in the wrong order, then count, for "
         "each tile, the pairs it is in, as the larger tile or as the smaller.",
    why="a tile is in an inversion with every larger tile before it and every smaller tile after it.",
    mistakes=(
        Mistake(lambda: 6, "6 has the most smaller tiles after it; a tile is also in an inversion with each "
                           "larger tile before it."),
        Mistake(lambda: 8, "8 is the largest tile, so it is in an inversion only with the smaller tiles after "
                           "it, and just one stands after it."),
        Mistake(lambda: 1, "1 is the smallest tile, so it is in an inversion only with the larger tiles before "
                           "it: three. Another tile is in more."),
        Mistake(lambda: 0, "the blank is in no inversion: name a tile."),
        Mistake(lambda: 14, "14 is the number of all the inversions; the question asks for a tile. Count, for "
                            "each tile, the pairs it is in."),
    ),
)


# --- 03.4: Loyd's board, the blank moved: the even-width rule -----------------------------------

_LOYD_ORDER = tuple(range(1, 14)) + (15, 14)
"""Sam Loyd's tiles in reading order, blank skipped: the goal's with 14 and 15 swapped (one inversion)."""


def _loyd_with_blank_at(cell) -> Board:
    """Loyd's tiles in their reading order, with the blank in ``cell`` = (row, col) of a 4 x 4 board."""
    r, c = cell
    tiles = list(_LOYD_ORDER)
    tiles.insert(4 * r + c, 0)
    return Board.from_tiles(tuple(tiles), 4, 4)


def _loyd_raw(board: Board):
    """What 03.4 says of a Board: a reason it isn't an answer, or None when it is one."""
    if board.shape != (4, 4):
        return ("not 4 x 4",)
    if tuple(t for t in board.tiles if t) != _LOYD_ORDER:
        return ("other order",)
    r, c = board.blank
    if (r, c) == (3, 3):
        return ("Loyd's board",)
    if not is_solvable(board):
        return ("bottom row",) if r == 3 else ("wrong row",)
    if (3 - r) + (3 - c) > 1:
        return ("farther",)
    return None


def _loyd_repaired() -> Board:
    """The board that answers 03.4: Loyd's tiles, the blank in the nearest cell to the corner that works."""
    cells = sorted(((r, c) for r in range(4) for c in range(4)), key=lambda rc: (6 - rc[0] - rc[1], rc))
    return next(b for b in map(_loyd_with_blank_at, cells) if _loyd_raw(b) is None)


def _loyd_verdict(x):
    """A Board, or the blank's cell as (row, col), becomes the answer when right, else says why not."""
    if isinstance(x, (tuple, list)) and len(x) == 2 and \
            all(isinstance(v, int) and not isinstance(v, bool) for v in x):
        if not all(0 <= v < 4 for v in x):
            return ("not 4 x 4",)
        x = _loyd_with_blank_at(tuple(x))
    if not isinstance(x, Board):
        return x
    problem = _loyd_raw(x)
    return _loyd_repaired() if problem is None else problem


_register(
    id="03.4", title="Loyd's board: where may the blank go?", level="core", minutes=10, kind="value",
    solution=_loyd_repaired, normalize=_loyd_verdict,
    hint="the tiles keep their order, so the inversions stay the same wherever the blank goes: count them. Then "
         "on an even width the board reaches the goal when inversions + the blank's row from the bottom (last "
         "row = 1) is odd. Which rows work, and which of their cells is nearest the corner?",
    why="the tiles keep their single inversion, so the blank's row from the bottom must be even: 2 or 4. "
        "The nearest cell to the corner on those rows is the end of row 2 from the bottom, one cell above the corner.",
    mistakes=(
        Mistake(lambda: ("Loyd's board",), "that is Loyd's board itself, which cannot reach the goal: put the "
                                           "blank in another cell."),
        Mistake(lambda: ("bottom row",), "anywhere in the bottom row the board has 1 inversion + row 1 from the "
                                         "bottom: an even sum, so it still cannot reach the goal. Try another row, "
                                         "counting from the bottom."),
        Mistake(lambda: ("wrong row",), "that board cannot reach the goal: add its inversions (the tiles keep "
                                        "their order) to the blank's row counted from the bottom, the last row "
                                        "being 1; the sum must be odd."),
        Mistake(lambda: ("farther",), "that board can reach the goal, but the blank can stand nearer the "
                                      "bottom-right corner."),
        Mistake(lambda: ("other order",), "keep the tiles in Loyd's reading order, 1, 2, ..., 13, 15, 14, and "
                                          "change only where the blank is."),
        Mistake(lambda: ("not 4 x 4",), "give a 4 x 4 board, or the blank's cell as (row, col), counted from 0 "
                                        "at the top-left as board.blank does."),
    ),
)


# --- 03.5: where the blank may stand, for another goal --------------------------------------

def _with_blank_at(cell) -> Board:
    """03.5's tiles in their reading order, with the blank in ``cell`` = (row, col)."""
    r, c = cell
    tiles = [t for t in _EX5_03.tiles if t != 0]
    tiles.insert(r * _EX5_03.cols + c, 0)
    return Board.from_tiles(tuple(tiles), _EX5_03.rows, _EX5_03.cols)


def _cells_reaching(goal: Board) -> set:
    """The cells where the blank can stand, 03.5's tiles keeping their order, for the board to reach ``goal``.

    Decided by breadth-first search from ``goal`` over every board, without the parity rule."""
    return set(_cells_reaching_once(goal))


@memo(items=4)
def _cells_reaching_once(goal: Board) -> frozenset:
    import numpy as np

    from puzzlelib.core.encoding import rank_rows
    from puzzlelib.engines.space import reachable_mask

    reached = reachable_mask(goal)
    cells = [(r, c) for r in range(_EX5_03.rows) for c in range(_EX5_03.cols)]
    ranks = rank_rows(np.array([_with_blank_at(cell).tiles for cell in cells]))
    return frozenset(cell for cell, rank in zip(cells, ranks.tolist()) if reached[rank])


def _blank_cells_answer(x):
    """A set of cells, as (row, col) pairs or as the boards themselves, becomes a set of (row, col);
    a right but incomplete set, a cell off the board or another board's tiles become a marker for the hint."""
    if not isinstance(x, (set, frozenset)) or not x:
        return x
    cells = set()
    for item in x:
        if isinstance(item, Board):
            if item.shape != _EX5_03.shape or [t for t in item.tiles if t] != [t for t in _EX5_03.tiles if t]:
                return ("other tiles",)
            cells.add(item.blank)
        elif isinstance(item, (tuple, list)) and len(item) == 2 and \
                all(isinstance(v, int) and not isinstance(v, bool) for v in item):
            cells.add(tuple(item))
        elif isinstance(item, int) and not isinstance(item, bool):
            return ("numbers",)
        else:
            return x
    if not all(0 <= r < _EX5_03.rows and 0 <= c < _EX5_03.cols for r, c in cells):
        return ("off the board",)
    right = _cells_reaching(_GOAL5_03)
    if cells < right:
        return ("some of them",)
    return cells


_register(
    id="03.5", title="Where may the blank stand? Another goal", level="challenge", minutes=10,
    kind="value", solution=lambda: _cells_reaching(_GOAL5_03), normalize=_blank_cells_answer,
    hint="the tiles keep their order, so the inversions stay the same wherever the blank goes; only the "
         "blank's row changes. On an even width compare inversions + the blank's row from the bottom with "
         "the goal's own value: 0 inversions, plus the goal's blank row from the bottom.",
    why="one inversion, so the blank's row from the bottom must have the other parity than the goal's 0 + 4: "
        "odd, the rows 1 and 3 from the bottom. Any cell of those rows works.",
    mistakes=(
        Mistake(lambda: _cells_reaching(Board.goal(4, 2)),
                "from those cells the board reaches the usual goal, blank last. This goal has its blank in the "
                "top row: compare with its own value."),
        Mistake(lambda: {(r, c) for r in range(4) for c in range(2)},
                "not from every cell: on an even width the blank's row counts."),
        Mistake(lambda: ("some of them",), "each cell you name works, but there are more: which rows have the "
                                           "right parity?"),
        Mistake(lambda: ("off the board",), "give each cell as (row, col), counted from 0 at the top-left as "
                                            "board.blank does: rows 0 to 3, columns 0 and 1."),
        Mistake(lambda: ("numbers",), "name cells, as (row, col) pairs such as (0, 1), not single numbers."),
        Mistake(lambda: ("other tiles",), "keep the tiles in their order, 2 1 3 4 5 6 7, and move only the "
                                          "blank."),
    ),
)

# --- 03.6: count_inversions(tiles) ----------------------------------------------------------------

_INV_BLANK = "the blank is not a tile: skip it when you count."
_INV_RIGHT_ORDER = "count the pairs in the wrong order (a bigger tile before a smaller one)."
_INV_ADJACENT = "compare every pair of tiles, not only tiles next to each other."


def _inv_cases():
    return _shuffled([(1, 2, 3, 4, 5, 0), (2, 1, 3, 4, 5, 0), (0, 1, 2, 3, 4, 5), _EX1_03.tiles, (3, 2, 1, 0),
                      (0,), (1, 0), (0, 1), tuple(_STARTS_05["start1"].tiles)], 34, (9, 12, 16))


def _inv_steps():
    def seq(tiles):
        return [t for t in tiles if t != 0]

    def want(tiles):
        return _blank_counted_inversions(seq(tiles))

    return _tiles_steps("count_inversions", _inv_cases(), want, "that is not its number of inversions", tips=(
        (lambda tiles, got, want: got == _blank_counted_inversions(tiles), _INV_BLANK),
        (lambda tiles, got, want: got == math.comb(len(seq(tiles)), 2) - want, _INV_RIGHT_ORDER),
        (lambda tiles, got, want: got == _adjacent_inversions(tiles), _INV_ADJACENT),
    ))


def _adjacent_inversions(tiles):
    """A flawed count_inversions for the tests of the checker: compares only neighbours."""
    seq = [t for t in tiles if t != 0]
    return sum(1 for a, b in zip(seq, seq[1:]) if a > b)


_function_exercise(
    id="03.6",
    library=('puzzlelib.core.solvability:inversions', 'puzzlelib.core.solvability:inversions_by_merge_sort',
             'puzzlelib.core.solvability:relative_inversions', 'puzzlelib.core.solvability:explain',
             'puzzlelib.engines.space:inversion_counts', 'puzzlelib.course.evidence.nb03_solvability:flipped_pairs'),
    title="Write count_inversions(tiles)", level="warm-up", minutes=10,
    reference=SOLUTIONS["count_inversions"],
    hint="drop the blank (0) first; then count the pairs i < j with seq[i] > seq[j].",
    why="count_inversions matches inversions on boards from 1 to 16 cells, blank anywhere.",
    steps=_inv_steps,
    mistakes=(
        Mistake(lambda: _blank_counted_inversions, _INV_BLANK),
        Mistake(lambda: _adjacent_inversions, _INV_ADJACENT),
    ),
)

# --- 03.7: solvable(board) ------------------------------------------------------------------------

_SOLVABLE_ROW_MATTERS = "on an even width the inversions alone do not decide: the blank's row counts too."
_SOLVABLE_FROM_BOTTOM = "count the blank's row from the bottom, the last row being 1."
_SOLVABLE_ODD_WIDTH = "on an odd width the blank's row does not matter: the inversion parity alone decides."
_SOLVABLE_BLANK = "skip the blank when you count inversions."


def _solvable_cases():
    g24 = Board.goal(2, 4)
    cases = [Board.goal(2, 3), fix_by_swap(Board.goal(2, 3)), Board([[1, 2, 3], [4, 0, 5]]), _EX1_03,
             Board([[2, 1], [3, 0]]), Board.goal(2, 2), g24.slide(4), g24.slide(4).slide(3), _EX2_03,
             _STARTS_05["start5"], _STARTS_05["start1"], Board.goal(4, 4, blank="first")]
    rng = random.Random(35)
    for rows, cols in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 3), (4, 4), (5, 4), (2, 5)]:
        cases += [random_board(rows, cols, seed=rng) for _ in range(30)]
    return cases


def _solvable_steps():
    cases = _solvable_cases()

    def run(fn):
        for board in cases:
            call = f"solvable({board!r})"
            got = _verdict(call, _call(fn, (board,), call))
            want = is_solvable(board)
            if got != want:
                seq = [t for t in board.tiles if t != 0]
                inv = _blank_counted_inversions(seq)
                top0 = board.blank[0]
                tip = None
                if board.cols % 2 == 0 and got == (inv % 2 == 0):
                    tip = _SOLVABLE_ROW_MATTERS
                elif board.cols % 2 == 0 and got in ((inv + top0 + 1) % 2 == 1, (inv + top0) % 2 == 1):
                    tip = _SOLVABLE_FROM_BOTTOM
                elif board.cols % 2 == 1 and got == ((inv + board.rows - top0) % 2 == 1):
                    tip = _SOLVABLE_ODD_WIDTH
                elif got == _bad_solvable_blank(board):
                    tip = _SOLVABLE_BLANK
                _fail(call, got, "that verdict is wrong", tip)
    return [_Step(run, weight=2)]


def _bad_solvable_blank(board):
    inv = _blank_counted_inversions(board.tiles)
    if board.cols % 2:
        return inv % 2 == 0
    return (inv + board.rows - board.blank[0]) % 2 == 1


def _bad_solvable_top(board):
    inv = inversions(board)
    return inv % 2 == 0 if board.cols % 2 else (inv + board.blank[0] + 1) % 2 == 1


_function_exercise(
    id="03.7",
    library=('puzzlelib.core.solvability:is_solvable', 'puzzlelib.core.solvability:explain',
             'puzzlelib.core.solvability:_solvable', 'puzzlelib.core.solvability:blank_row_from_bottom',
             'puzzlelib.core.solvability:relative_inversions',
             'puzzlelib.core.solvability:permutation_parity', 'puzzlelib.core.solvability:sorting_swaps',
             'puzzlelib.engines.space:permutation_parities', 'puzzlelib.engines.space:reachable_mask',
             'puzzlelib.course.evidence.nb03_solvability:width_invariant', 'puzzlelib.course.evidence.nb03_solvability:quoted_rule',
             'puzzlelib.core.constructive:constructive_moves', 'puzzlelib.core.bfs:bfs_layers'),
    title="Write solvable(board): the even-width rule", level="core", minutes=20,
    reference=SOLUTIONS["solvable"],
    hint="count the inversions (blank skipped; inversions or your count_inversions will do). Odd width: "
         "solvable when the count is even. Even width: add the blank's row counted from the bottom (last row = "
         "1), which you work out from board.rows and board.blank; solvable when the sum is odd. Return a bool.",
    why="solvable agrees with is_solvable on the usual goal for every hidden board, odd and even widths, "
        "heights 2 to 5.",
    steps=_solvable_steps,
    mistakes=(
        Mistake(lambda: (lambda board: inversions(board) % 2 == 0), _SOLVABLE_ROW_MATTERS),
        Mistake(lambda: _bad_solvable_top, _SOLVABLE_FROM_BOTTOM),
        Mistake(lambda: _bad_solvable_blank, _SOLVABLE_BLANK),
        Mistake(lambda: (lambda board: int(is_solvable(board))), "it should return a bool"),
    ),
)
