"""Checks behind notebook 03's claims (solvability), each computed a second way so that it can fail.

* What a move does to the inversions: :func:`flipped_pairs` compares the boards before and after a
  move pair by pair of tiles, and :func:`moves_problem` checks the notebook's three claims (a sideways
  slide changes no pair; an up or down slide changes the order of exactly width - 1 pairs, all with
  the sliding tile; so the count changes by an amount of the parity of width - 1) on every move of a
  list, and that the list holds every move of every board. Nothing here reads the bookkeeping of
  :func:`~puzzlelib.engines.space.all_moves`: only the two boards of each move.
* The rules under test, evaluated on every board: :func:`width_invariant` (the width rule's number,
  for any goal) and :func:`quoted_rule` (a published rule for even widths, read word for word).
  :func:`all_or_nothing_problem` compares a rule's verdicts with breadth-first search.
* :func:`replay_problem`: a list of slides really takes a board to a goal.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from puzzlelib.core.board import BLANK, Board, as_board, same_shape
from puzzlelib.core.solvability import blank_row_from_bottom, inversions
from puzzlelib.core.encoding import permutation_rows
from puzzlelib.engines.space import blank_cells, inversion_counts

__all__ = ["flipped_pairs", "moves_problem", "move_problem", "width_invariant", "quoted_rule",
           "quoted_rule_verdicts", "all_or_nothing_problem", "replay_problem"]


def flipped_pairs(before, after) -> dict:
    """The pairs of tiles whose order, read row by row, differs between two boards.

    Maps each pair ``(a, b)``, ``a < b``, to +1 if it is an inversion after but not before, -1 if the
    other way round; their sum is the change in the inversion count.

    >>> b = Board([[1, 2, 3], [4, 0, 5], [8, 6, 7]])
    >>> flipped_pairs(b, b.slide(2))          # the 2 passes the 3 and the 4
    {(2, 3): 1, (2, 4): 1}
    >>> flipped_pairs(b, b.slide(4))
    {}
    """
    before, after = as_board(before, "before"), as_board(after, "after")
    same_shape(before, after)
    was = {t: i for i, t in enumerate(before.tiles)}
    now = {t: i for i, t in enumerate(after.tiles)}
    tiles = sorted(t for t in before.tiles if t != BLANK)
    return {(a, b): (1 if now[a] > now[b] else -1) for a, b in combinations(tiles, 2)
            if (was[a] > was[b]) != (now[a] > now[b])}


_CHUNK = 1 << 15
"""Moves checked at once by :func:`moves_problem`: 32,768 moves x 36 pairs of tiles (4 x 3) stay a few MB."""


def _claims_problem(before: np.ndarray, after: np.ndarray, rows: int, cols: int, changes=None,
                    offset: int = 0) -> str | None:
    """The three claims on moves given as two arrays of boards (one row a board), or what fails; the moves
    are numbered from ``offset`` in the messages."""
    k = rows * cols
    n = len(before)
    at = np.arange(n)
    cell_blank, cell_tile = np.argmin(before, axis=1), np.argmin(after, axis=1)   # the tile leaves cell_tile
    tile = before[at, cell_tile]
    swapped = before.copy()
    swapped[at, cell_blank], swapped[at, cell_tile] = tile, BLANK
    bad = np.flatnonzero((swapped != after).any(axis=1) | (tile == BLANK))
    if len(bad):
        i = bad[0]
        return f"move {i + offset}: {tuple(after[i].tolist())} is not {tuple(before[i].tolist())} with one tile slid into the blank"
    pos_before, pos_after = np.empty_like(before), np.empty_like(after)      # tile -> its cell
    cells = np.arange(k, dtype=before.dtype)
    pos_before[at[:, None], before] = cells
    pos_after[at[:, None], after] = cells
    a, b = (np.array(x, dtype=np.intp) for x in zip(*combinations(range(1, k), 2)))
    inv_before = pos_before[:, a] > pos_before[:, b]
    inv_after = pos_after[:, a] > pos_after[:, b]
    flips = inv_before != inv_after
    touches = (a[None, :] == cells[:, None]) | (b[None, :] == cells[:, None])   # touches[t]: the pairs with tile t
    with_tile = touches[tile]
    change = inv_after.sum(axis=1) - inv_before.sum(axis=1)
    vertical = cell_blank // cols != cell_tile // cols
    count = flips.sum(axis=1)
    for i in np.flatnonzero((flips & ~with_tile).any(axis=1))[:1]:
        return f"move {i + offset}: a pair without the sliding tile {tile[i]} changes order"
    for i in np.flatnonzero(~vertical & (count != 0))[:1]:
        return f"move {i + offset}: sliding {tile[i]} sideways changes the order of {count[i]} pairs, not 0"
    for i in np.flatnonzero(vertical & (count != cols - 1))[:1]:
        return f"move {i + offset}: sliding {tile[i]} up or down changes the order of {count[i]} pairs, not width - 1 = {cols - 1}"
    for i in np.flatnonzero(vertical & (change % 2 != (cols - 1) % 2))[:1]:
        return f"move {i + offset}: the inversions change by {change[i]}, not of the parity of width - 1 = {cols - 1}"
    if changes is not None:
        changes = np.asarray(changes)
        if changes.shape != change.shape:
            return f"{changes.shape[0] if changes.ndim else 1} changes given for {n} moves"
        for i in np.flatnonzero(changes != change)[:1]:
            return f"move {i + offset}: the change is given as {changes[i]}, but recounting gives {change[i]}"
    r0, c0 = np.divmod(cell_blank, cols)
    r1, c1 = np.divmod(cell_tile, cols)
    for i in np.flatnonzero(np.abs(r0 - r1) + np.abs(c0 - c1) != 1)[:1]:
        return f"move {i + offset}: the tile {tile[i]} is not next to the blank"
    return None


def move_problem(before, after) -> str | None:
    """None if ``after`` is ``before`` with one tile slid into the blank and the notebook's claims hold.

    The claims: a sideways slide changes the order of no pair of tiles; an up or down slide changes the
    order of exactly width - 1 pairs, each with the sliding tile; so the inversions change by an amount
    with the parity of width - 1. Everything is recounted from the two boards.

    >>> b = Board([[1, 2, 3, 4], [5, 0, 6, 7], [8, 9, 10, 11]])
    >>> move_problem(b, b.slide(9)) is None
    True
    >>> move_problem(b, Board([[1, 2, 3, 4], [5, 10, 6, 7], [8, 9, 0, 11]]))   # not a neighbour
    'move 0: sliding 10 up or down changes the order of 4 pairs, not width - 1 = 3'
    """
    before, after = as_board(before, "before"), as_board(after, "after")
    if before.shape != after.shape:
        return f"a {before.rows} x {before.cols} board cannot become a {after.rows} x {after.cols} one"
    return _claims_problem(np.array([before.tiles]), np.array([after.tiles]), before.rows, before.cols)


def moves_problem(perms, src, dst, rows: int, cols: int, changes=None) -> str | None:
    """None if the moves ``src[i] -> dst[i]`` (ranks into ``perms``) are every move of every board and the claims hold.

    ``perms`` holds one board a row (row r is the board of rank r). Each move must be a real slide (the
    tile next to the blank moves into it), no move may be listed twice, and every board must have one
    move per neighbour of its blank. The claims are :func:`move_problem`'s, recounted pair by pair of
    tiles; ``changes``, if given, must be each move's change in the inversions.

    >>> from puzzlelib.core.encoding import all_permutations
    >>> from puzzlelib.engines.space import all_moves
    >>> perms = all_permutations(6)
    >>> m = all_moves(2, 3, perms)
    >>> moves_problem(perms, m.src, m.dst, 2, 3) is None
    True
    >>> moves_problem(perms, m.src[1:], m.dst[1:], 2, 3)
    'board 0 has 1 moves listed, but its blank has 2 neighbours'
    """
    perms = permutation_rows(perms)
    src, dst = np.asarray(src, dtype=np.int64), np.asarray(dst, dtype=np.int64)
    if perms.shape[1] != rows * cols or src.shape != dst.shape:
        return "the boards, the shape and the moves do not fit together"
    if changes is not None:
        changes = np.asarray(changes)
        if changes.shape != src.shape:
            return f"{changes.shape[0] if changes.ndim else 1} changes given for {len(src)} moves"
    for first in range(0, len(src), _CHUNK):        # in chunks: the pair-by-pair arrays stay small
        part = slice(first, first + _CHUNK)
        problem = _claims_problem(perms[src[part]], perms[dst[part]], rows, cols,
                                  None if changes is None else changes[part], offset=first)
        if problem:
            return problem
    tile_cell = np.argmin(perms[dst], axis=1)                       # each board's move, by the cell it empties
    if np.bincount(src * (rows * cols) + tile_cell).max(initial=0) > 1:
        return "a move is listed twice"
    r, c = blank_cells(perms, cols)
    neighbours = (r > 0).astype(int) + (r < rows - 1) + (c > 0) + (c < cols - 1)
    listed = np.bincount(src, minlength=len(perms))
    for i in np.flatnonzero(listed != neighbours)[:1]:
        return f"board {i} has {listed[i]} moves listed, but its blank has {neighbours[i]} neighbours"
    return None


def width_invariant(perms, rows: int, cols: int, goal=None) -> np.ndarray:
    """The width rule's number mod 2 for every board (one a row): inversions in the goal's order, plus on
    an even width the blank's row counted from the bottom (the last row is 1).

    A board passes the width rule for ``goal`` (default: blank last) when its number equals the goal's.

    >>> boards = np.array([Board.goal(2, 4).tiles, Board([[1, 2, 3, 0], [5, 6, 7, 4]]).tiles])
    >>> width_invariant(boards, 2, 4).tolist()       # 0 + 1 and 3 + 2
    [1, 1]
    """
    perms = permutation_rows(perms)
    value = inversion_counts(perms, goal).astype(np.int64)
    if cols % 2 == 0:
        value = value + rows - blank_cells(perms, cols)[0]
    return value % 2


def quoted_rule(board) -> bool:
    """A published rule for an even width, read word for word: "solvable if the blank is on an even row
    counting from the bottom and the number of inversions is odd", or "on an odd row counting from the
    bottom and the number of inversions is even".

    >>> quoted_rule(Board.goal(4, 4)), quoted_rule(Board.goal(4, 4, blank="first"))
    (True, False)
    """
    board = as_board(board)
    row, count = blank_row_from_bottom(board), inversions(board)
    return (row % 2 == 0 and count % 2 == 1) or (row % 2 == 1 and count % 2 == 0)


def quoted_rule_verdicts(perms, rows: int, cols: int) -> np.ndarray:
    """:func:`quoted_rule` on many boards at once (one a row of ``perms``), read the same way word for word.

    >>> boards = np.array([Board.goal(2, 2).tiles, Board.goal(2, 2, blank="first").tiles])
    >>> quoted_rule_verdicts(boards, 2, 2).tolist()
    [True, False]
    """
    perms = permutation_rows(perms)
    row = rows - blank_cells(perms, cols)[0]                    # counting from the bottom, the last row 1
    count = inversion_counts(perms)
    return ((row % 2 == 0) & (count % 2 == 1)) | ((row % 2 == 1) & (count % 2 == 0))


def all_or_nothing_problem(verdicts, reachable, right: bool) -> str | None:
    """None if a rule's ``verdicts`` equal ``reachable`` on every board (``right``) or differ on every board.

    ``reachable`` is the truth, from breadth-first search; both are arrays of bools, one per board.

    >>> truth = np.array([True, False, True])
    >>> all_or_nothing_problem(~truth, truth, right=False) is None
    True
    >>> all_or_nothing_problem(np.array([True, True, True]), truth, right=True)
    'the rule is wrong on 1 of 3 boards, where it should be right on all'
    """
    from puzzlelib.core.limits import as_array
    verdicts, reachable = as_array(verdicts, "verdicts"), as_array(reachable, "reachable")
    if verdicts.dtype != bool or reachable.dtype != bool:
        raise TypeError(f"verdicts and reachable must be arrays of bools, got {verdicts.dtype} and {reachable.dtype}")
    if verdicts.shape != reachable.shape:
        return f"{verdicts.size} verdicts for {reachable.size} boards"
    wrong = int((verdicts != reachable).sum())
    if right and wrong:
        return f"the rule is wrong on {wrong} of {reachable.size} boards, where it should be right on all"
    if not right and wrong != reachable.size:
        return f"the rule is right on {reachable.size - wrong} of {reachable.size} boards, where it should be wrong on all"
    return None


def replay_problem(board, tiles, goal=None) -> str | None:
    """None if sliding ``tiles`` in turn takes ``board`` to ``goal`` (default: blank last), else what goes wrong.

    >>> b = Board([[1, 2, 3], [4, 0, 5]])
    >>> replay_problem(b, [5]) is None
    True
    >>> replay_problem(b, [4])
    'after 1 slides the board is (1, 2, 3, 0, 4, 5), not the goal'
    """
    board = as_board(board)
    goal = Board.goal(board.rows, board.cols) if goal is None else as_board(goal, "goal")
    for n, tile in enumerate(tiles):
        if tile not in board.movable_tiles():
            return f"slide {n + 1}: tile {tile} is not next to the blank"
        board = board.slide(tile)
    if board != goal:
        return f"after {len(tiles)} slides the board is {board.tiles}, not the goal"
    return None
