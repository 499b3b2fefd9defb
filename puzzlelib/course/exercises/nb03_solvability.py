"""Exercises of notebook 03, solvability: inversions and the width rule by hand on boards shown only as pictures
(03.1, which tile is in the most inversions; 03.2, which missing tile goes where), the rule for
another goal (03.3), then as functions (03.4, 03.5), then two that practise proving: a counterexample
(03.6) and the swap lemma at work (03.7)."""

from __future__ import annotations

import functools
import math
import random

from puzzlelib.core.memo import memo
from puzzlelib.core.board import Board
from puzzlelib.core.generate import fix_by_swap, random_board
from puzzlelib.core.solvability import inversions, is_solvable
from puzzlelib.course.exercises.engine import Mistake, _fail, _function_exercise, _register, _Step, _tiles_steps, _verdict, _call
from puzzlelib.course.exercises.fixtures import _STARTS_05, _blank_counted_inversions, _shuffled
from puzzlelib.course.exercises.solutions import SOLUTIONS

__all__: list[str] = []

_EX1_03 = Board([[4, 1, 3], [0, 2, 6], [7, 5, 8]])
_EX2_03 = Board([[3, 1, 2, 4], [5, 6, 7, 8], [9, 10, 0, 11], [13, 14, 15, 12]])
_EX3_03 = Board([[2, 1], [3, 4], [5, 6], [7, 0]])
"""Exercise 03.3's tiles, read row by row: 2 1 3 4 5 6 7 (one inversion); the blank may go in any cell."""
_GOAL3_03 = Board.goal(4, 2, blank="first")


_PICTURE1_03 = Board([[4, 1, 3], [5, 0, 7], [6, 2, 8]])
"""Exercise 03.1's board, shown in the notebook as a picture only: reading order 4 1 3 5 7 6 2 8."""
_PICTURE2_03 = Board([[2, 1, 3, 4], [5, 6, 7, 8], [9, 10, 0, 11], [13, 15, 14, 12]])
"""Exercise 03.2's board with a = 15 and b = 14, the filling that can reach the usual goal."""


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
    """The tile of 03.1's board in the most inversions (there is one)."""
    share = _inversion_share(_PICTURE1_03)
    return max(share, key=share.get)


def _tile_in_a() -> int:
    """The tile, 14 or 15, that goes in cell a of 03.2's board so that it reaches the usual goal."""
    a, b = 3 * 4 + 1, 3 * 4 + 2
    for tile, other in ((14, 15), (15, 14)):
        tiles = list(_PICTURE2_03.tiles)
        tiles[a], tiles[b] = tile, other
        if is_solvable(Board.from_tiles(tuple(tiles), 4, 4)):
            return tile
    raise AssertionError("one of the two fillings reaches the goal")


def _in_a_verdict(x):
    """03.2's answer: the tile in cell a. The whole board filled in stands for the tile in its cell a; a
    number other than 14 or 15 becomes a marker for the hint; anything else stays as it is."""
    if isinstance(x, Board):
        if x.shape != (4, 4) or x.tiles[:13] + x.tiles[15:] != _PICTURE2_03.tiles[:13] + _PICTURE2_03.tiles[15:] \
                or {x.tiles[13], x.tiles[14]} != {14, 15}:
            return x
        return x.tiles[13]
    if isinstance(x, int) and not isinstance(x, bool) and x not in (14, 15):
        return ("not 14 or 15",)
    return x


def _with_blank_at(cell) -> Board:
    """03.3's tiles in their reading order, with the blank in ``cell`` = (row, col)."""
    r, c = cell
    tiles = [t for t in _EX3_03.tiles if t != 0]
    tiles.insert(r * _EX3_03.cols + c, 0)
    return Board.from_tiles(tuple(tiles), _EX3_03.rows, _EX3_03.cols)


def _cells_reaching(goal: Board) -> set:
    """The cells where the blank can stand, 03.3's tiles keeping their order, for the board to reach ``goal``.

    Decided by breadth-first search from ``goal`` over every board, without the parity rule."""
    return set(_cells_reaching_once(goal))


@memo(items=4)
def _cells_reaching_once(goal: Board) -> frozenset:
    import numpy as np

    from puzzlelib.core.encoding import rank_rows
    from puzzlelib.engines.space import reachable_mask

    reached = reachable_mask(goal)
    cells = [(r, c) for r in range(_EX3_03.rows) for c in range(_EX3_03.cols)]
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
            if item.shape != _EX3_03.shape or [t for t in item.tiles if t] != [t for t in _EX3_03.tiles if t]:
                return ("other tiles",)
            cells.add(item.blank)
        elif isinstance(item, (tuple, list)) and len(item) == 2 and \
                all(isinstance(v, int) and not isinstance(v, bool) for v in item):
            cells.add(tuple(item))
        elif isinstance(item, int) and not isinstance(item, bool):
            return ("numbers",)
        else:
            return x
    if not all(0 <= r < _EX3_03.rows and 0 <= c < _EX3_03.cols for r, c in cells):
        return ("off the board",)
    right = _cells_reaching(_GOAL3_03)
    if cells < right:
        return ("some of them",)
    return cells


_register(
    id="03.1", title="Count the inversions, tile by tile", level="warm-up", minutes=5, kind="value",
    solution=_most_inverted,
    hint="read the tiles row by row and skip the blank; list every pair in the wrong order, then count, for "
         "each tile, the pairs it is in, as the larger tile or as the smaller.",
    why="a tile is in an inversion with every larger tile before it and every smaller tile after it.",
    mistakes=(
        Mistake(lambda: 4, "4 has the most smaller tiles after it; a tile is also in an inversion with each "
                           "larger tile before it."),
        Mistake(lambda: 0, "the blank is in no inversion: name a tile."),
        Mistake(lambda: 8, "tile 8 is in no inversion. (If 8 is your count of all the inversions, good: now "
                           "count the pairs each tile is in.)"),
    ),
)
_register(
    id="03.2", title="The even-width rule: a missing tile", level="core", minutes=5, kind="value",
    solution=_tile_in_a, normalize=_in_a_verdict,
    hint="count the inversions of the other tiles, then those a and b add, with the blank's row counted "
         "from the bottom (last row = 1): on an even width the board reaches the usual goal when the sum is odd.",
    why="inversions plus the blank's row from the bottom must be odd; the two ways of filling a and b differ "
        "by one inversion, so exactly one of them works.",
    mistakes=(
        Mistake(lambda: 14, "with that tile in a the sum is even: recount the inversions (skip the blank), and count "
                            "the blank's row from the bottom, the last row being 1."),
        Mistake(lambda: ("not 14 or 15",), "cells a and b hold the two tiles missing from the board: which of them goes in a?"),
    ),
)
_register(
    id="03.3", title="Where may the blank stand? Another goal", level="challenge", minutes=10,
    kind="value", solution=lambda: _cells_reaching(_GOAL3_03), normalize=_blank_cells_answer,
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

# --- 03.4: count_inversions(tiles) ----------------------------------------------------------------

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
    id="03.4",
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

# --- 03.5: solvable(board) ------------------------------------------------------------------------

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
    id="03.5",
    library=('puzzlelib.core.solvability:is_solvable', 'puzzlelib.core.solvability:explain',
             'puzzlelib.core.solvability:_solvable',
             'puzzlelib.core.solvability:permutation_parity', 'puzzlelib.core.solvability:sorting_swaps',
             'puzzlelib.engines.space:permutation_parities', 'puzzlelib.engines.space:reachable_mask',
             'puzzlelib.course.evidence.nb03_solvability:width_invariant', 'puzzlelib.course.evidence.nb03_solvability:quoted_rule',
             'puzzlelib.core.constructive:constructive_moves', 'puzzlelib.core.bfs:bfs_layers'),
    title="Write solvable(board): the even-width rule", level="core", minutes=20,
    reference=SOLUTIONS["solvable"],
    hint="count the inversions (blank skipped). Odd width: solvable when the count is even. Even width: add "
         "the blank's row counted from the bottom (last row = 1); solvable when the sum is odd. Return a bool.",
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


# --- 03.6: a proving exercise, answered by a counterexample and checked by search -----------------

def _wrong_rule_fails(board: Board) -> bool:
    """True when 'solvable exactly when the inversions are even', the odd-width rule, is wrong here.

    The truth comes from breadth-first search over the moves, without the parity rule."""
    from puzzlelib.core.bfs import min_moves
    return (inversions(board) % 2 == 0) != (min_moves(board, check_parity=False) is not None)


def _counterexample_42() -> Board:
    """The first 4 x 2 board, in the order of its tiles, on which the odd-width rule is wrong (by search)."""
    import itertools
    return next(b for b in (Board.from_tiles(p, 4, 2) for p in itertools.permutations(range(8)))
                if _wrong_rule_fails(b))


def _odd_rule_verdict(x):
    """A 4 x 2 board that breaks the odd-width rule stands for every such board; anything else stays as it is."""
    if not isinstance(x, Board):
        return x
    if x.shape != (4, 2):
        return ("not 4 x 2", x.shape)
    return _counterexample_42() if _wrong_rule_fails(x) else ("the rule is right here",)


_register(
    id="03.6", title="Prove a rule wrong: a counterexample", level="core", minutes=10, kind="value",
    solution=_counterexample_42, normalize=_odd_rule_verdict,
    hint="the odd-width rule ignores the blank's row. On an even width, which moves change the inversions' "
         "parity, and what else do they change? Start from the goal and make the rule's two inputs disagree.",
    why="on an even width a vertical move changes the inversions' parity and the blank's row together, so "
        "the inversions alone can't decide: one board is enough to show it.",
    mistakes=(
        Mistake(lambda: ("the rule is right here",),
                "on that board the odd-width rule happens to be right; move the blank to another row."),
        Mistake(lambda: ("not 4 x 2", (2, 3)),
                "on 2 x 3 (an odd width) the rule is right for every board: that is the theorem. Use 4 x 2."),
    ),
)


# --- 03.7: a proving exercise on section 5's lemma, answered by two tiles and checked by swapping them --

_EX7_03 = Board([[3, 7, 1], [8, 0, 5], [2, 6, 4]])


def _swap_change(board: Board, a: int, b: int) -> int:
    """How much swapping tiles ``a`` and ``b`` changes the board's inversions (tiles only, blank skipped)."""
    swapped = tuple(b if t == a else a if t == b else t for t in board.tiles)
    return inversions(Board.from_tiles(swapped, board.rows, board.cols)) - inversions(board)


def _swaps_by_five() -> set:
    """The first pair of tiles whose swap changes the inversions of 03.7's board by 5, up or down, as a set."""
    tiles = sorted(t for t in _EX7_03.tiles if t)
    return next({a, b} for i, a in enumerate(tiles) for b in tiles[i + 1:] if abs(_swap_change(_EX7_03, a, b)) == 5)


def _swap_verdict(x):
    """Any two tiles whose swap changes the count by 5 stand for every such pair; other pairs say by how much."""
    if not isinstance(x, (set, frozenset)) or len(x) != 2 or \
            not all(isinstance(t, int) and not isinstance(t, bool) for t in x):
        return x
    a, b = sorted(x)
    if not {a, b} <= set(_EX7_03.tiles) - {0}:
        return ("not two tiles",)
    change = abs(_swap_change(_EX7_03, a, b))
    return _swaps_by_five() if change == 5 else ("changes by", change)


_register(
    id="03.7", title="The swap lemma at work: a change of 5", level="core", minutes=10, kind="value",
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
        Mistake(lambda: ("not two tiles",), "name two tiles of the board, as a set such as {3, 8}; the blank (0) "
                                            "is not a tile here."),
    ),
)
