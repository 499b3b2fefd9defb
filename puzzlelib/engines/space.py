"""Every board and every move of a small board at once, as numpy arrays.

The solvability proof says something about *every* board and *every* move.
A board with at most 9 cells has at most 9! = 362,880 arrangements, few
enough to check each step of the proof on all of them. This module computes
the numbers the proof talks about for all boards at once. Boards are the rows
of ``puzzlelib.core.encoding.all_permutations(rows * cols)``, so row ``r`` is the
board with Lehmer rank ``r``.

>>> from puzzlelib.core.graph import all_permutations
>>> perms = all_permutations(4)                 # all 24 boards of the 2 x 2 puzzle
>>> inv = inversion_counts(perms)
>>> moves = all_moves(2, 2, perms)
>>> bool(((inv[moves.dst] - inv[moves.src]) % 2 == moves.vertical).all())  # width 2: vertical flips parity
True
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial

import numpy as np

from puzzlelib.core.board import BLANK, Board, as_board, check_shape, neighbor_table  # noqa: F401 (Board: used by the docstring examples)
from puzzlelib.core.encoding import all_permutations, permutation_rows, rank_rows, unrank_rows
from puzzlelib.core.graph import slides
from puzzlelib.core.limits import ALL_BOARDS_MAX_CELLS, TooLargeError, format_count, whole_number

__all__ = ["inversion_counts", "permutation_parities", "blank_cells", "Moves", "all_moves", "reachable_mask"]


def _goal_tiles(goal, k: int) -> tuple[int, ...]:
    if goal is None:
        return tuple(range(1, k)) + (BLANK,)
    goal = as_board(goal, "goal")
    if len(goal.tiles) != k:
        raise ValueError(f"the goal has {len(goal.tiles)} cells but the boards have {k}")
    return goal.tiles


def _pairs_in_wrong_order(values: np.ndarray, ignore: int | None = None) -> np.ndarray:
    """For each row, the number of pairs i < j with values[i] > values[j] (pairs with ``ignore`` skipped)."""
    n, k = values.shape
    columns = [np.ascontiguousarray(values[:, i]) for i in range(k)]
    count = np.zeros(n, dtype=np.int32)
    for i in range(k - 1):
        for j in range(i + 1, k):
            wrong = columns[i] > columns[j]
            if ignore is not None:
                wrong &= columns[j] != ignore
                wrong &= columns[i] != ignore
            count += wrong
    return count.astype(np.int64)


def _check_cols(cols, k: int) -> int:
    cols = whole_number(cols, "cols", minimum=1)
    if k % cols:
        raise ValueError(f"cols must divide the {k} cells of a row, got {cols}")
    return cols


def inversion_counts(perms, goal=None) -> np.ndarray:
    """Inversions of every row, blank ignored: in numeric order, or in ``goal``'s reading order.

    The same numbers as :func:`~puzzlelib.core.solvability.inversions` (no goal) and
    :func:`~puzzlelib.core.solvability.relative_inversions` (with a goal), for many
    boards at once.

    >>> inversion_counts(np.array([[1, 2, 3, 4, 0, 5, 8, 6, 7]])).tolist()   # (8, 6) and (8, 7)
    [2]
    >>> spiral = Board.spiral(3, 3)
    >>> inversion_counts(np.array([spiral.tiles]), goal=spiral).tolist()
    [0]
    """
    perms = permutation_rows(perms)
    k = perms.shape[1]
    if goal is None:
        return _pairs_in_wrong_order(perms, ignore=BLANK)
    order = [t for t in _goal_tiles(goal, k) if t != BLANK]
    place = np.zeros(k, dtype=np.int16)
    place[order] = np.arange(1, k)     # the goal's reading order, 1..k-1; the blank stays 0
    return _pairs_in_wrong_order(place[perms], ignore=0)


def permutation_parities(perms, goal=None) -> np.ndarray:
    """Parity (0 even, 1 odd) of the permutation from ``goal`` to each row, blank included.

    The same numbers as :func:`~puzzlelib.core.solvability.permutation_parity`,
    for many boards at once (default goal: blank last).

    >>> permutation_parities(np.array([[2, 1, 3, 0], [1, 2, 3, 0]])).tolist()
    [1, 0]
    """
    perms = permutation_rows(perms)
    k = perms.shape[1]
    place = np.zeros(k, dtype=np.int16)
    place[list(_goal_tiles(goal, k))] = np.arange(k)
    return _pairs_in_wrong_order(place[perms]) % 2


def blank_cells(perms, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """The blank's (row, column) in every row of ``perms``, counted from the top-left, from 0.

    >>> r, c = blank_cells(np.array([[1, 2, 3, 4, 0, 5]]), cols=3)
    >>> r.tolist(), c.tolist()
    ([1], [1])
    """
    perms = permutation_rows(perms)
    cols = _check_cols(cols, perms.shape[1])
    return np.divmod(np.argmin(perms, axis=1), cols)


@dataclass(frozen=True)
class Moves:
    """Every move of every board, one entry per (board, move); all fields are arrays of equal length."""

    src: np.ndarray
    """Rank of the board before the move."""
    dst: np.ndarray
    """Rank of the board after the move."""
    vertical: np.ndarray
    """True when the tile slides up or down (the blank changes row)."""
    tile: np.ndarray
    """The tile that slides."""
    passed: np.ndarray
    """How many tiles lie strictly between the tile's cell and the blank's cell in reading order."""
    passed_smaller: np.ndarray
    """How many of those passed tiles are smaller than the sliding tile."""
    earlier: np.ndarray
    """True when the tile moves towards the start of the reading order (it slides up or left)."""

    def __len__(self) -> int:
        return len(self.src)


def all_moves(rows: int, cols: int, perms=None) -> Moves:
    """Every legal move of every board of the ``rows`` x ``cols`` puzzle.

    A move slides the tile in cell ``j`` into the blank's cell ``i``. The
    tiles read between cells ``i`` and ``j`` are the ones the sliding tile
    passes in reading order: none for a move left or right, ``cols - 1``
    for a move up or down.

    >>> m = all_moves(2, 3)
    >>> len(m)                                   # 720 boards, 2 or 3 moves each
    1680
    >>> sorted(set(m.passed[m.vertical].tolist())), sorted(set(m.passed[~m.vertical].tolist()))
    ([2], [0])
    """
    rows, cols = check_shape(rows, cols)
    k = rows * cols
    if k > ALL_BOARDS_MAX_CELLS:
        raise TooLargeError(f"all_moves covers boards of at most {ALL_BOARDS_MAX_CELLS} cells; "
                            f"{rows} x {cols} has {format_count(factorial(k)) if k < 1000 else 'too many'} boards")
    perms = all_permutations(k) if perms is None else permutation_rows(perms)
    parts = {name: [] for name in Moves.__dataclass_fields__}
    for i, j, src, after in slides(rows, cols, perms):
        tile = perms[src, j]
        lo, hi = min(i, j), max(i, j)
        between = perms[src, lo + 1:hi]
        n = len(src)
        parts["src"].append(src)
        parts["dst"].append(rank_rows(after))
        parts["vertical"].append(np.full(n, abs(i - j) == cols))
        parts["tile"].append(tile)
        parts["passed"].append(np.full(n, hi - lo - 1))
        parts["passed_smaller"].append((between < tile[:, None]).sum(axis=1))
        parts["earlier"].append(np.full(n, i < j))
    return Moves(**{name: np.concatenate(arrays) for name, arrays in parts.items()})


def reachable_mask(goal, perms=None) -> np.ndarray:
    """For every rank, whether breadth-first search from ``goal`` reaches that board.

    This is the ground truth the parity rules are checked against: it uses
    no parity at all, only the move rule. A breadth-first search over ranks:
    each layer's boards are unranked, every slide of the blank into a
    neighbouring cell is made on them (:func:`~puzzlelib.core.board.neighbor_table`),
    and the children not seen before, ranked, are the next layer. It marks the
    same boards as :func:`~puzzlelib.core.bfs.bfs_layers` (a test compares
    them), three times quicker on 3 x 3. ``perms`` is accepted for the callers
    that pass it and not needed.

    >>> mask = reachable_mask(Board.goal(2, 3))
    >>> len(mask), int(mask.sum())
    (720, 360)
    """
    goal = as_board(goal, "goal")
    k = goal.rows * goal.cols
    if k > ALL_BOARDS_MAX_CELLS:
        raise TooLargeError(f"reachable_mask covers boards of at most {ALL_BOARDS_MAX_CELLS} cells")
    table = neighbor_table(goal.rows, goal.cols)
    mask = np.zeros(factorial(k), dtype=bool)
    layer = rank_rows(np.array([goal.tiles], dtype=np.int8))
    mask[layer] = True
    while len(layer):
        boards = unrank_rows(layer, k)
        blank = np.argmin(boards, axis=1)                   # the blank, 0, is the smallest tile
        children = []
        for i, cells in enumerate(table):                   # the boards with the blank in cell i
            here = boards[blank == i]
            if not len(here):
                continue
            for j in cells:                                 # slide the tile in cell j into the blank
                child = here.copy()
                child[:, i], child[:, j] = here[:, j], 0
                children.append(rank_rows(child))
        if not children:
            break
        ranks = np.concatenate(children)
        layer = np.unique(ranks[~mask[ranks]])
        mask[layer] = True
    return mask
