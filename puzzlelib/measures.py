"""Quick measures of a board against a goal, found without any search.

Two small tools for checking claims about boards too big for
breadth-first search (the 15-puzzle):

* :func:`manhattan`: the sum of every tile's taxicab distance to its goal
  cell. A move shifts one tile by one cell, so no solution is shorter.
  :func:`tile_distances` is its table, shared with the informed searches
  of :mod:`puzzlelib.heuristics`.
* :func:`walk_blank`: slide the blank to a chosen cell by a fixed route, the
  first step of seed 002's claims (1) and (3).
"""

from __future__ import annotations

from functools import lru_cache

from .board import BLANK, Board, _check_int, as_board
from .solvability import _board_and_goal


def manhattan(board, goal=None) -> int:
    """Sum over the tiles (blank left out) of the taxicab distance to the tile's goal cell.

    Every move shifts one tile by one cell, so it changes this sum by exactly
    1: a board needs at least ``manhattan(board, goal)`` moves. The distances
    come from :func:`tile_distances`, one table per goal.

    >>> manhattan(Board([[1, 2, 3], [4, 0, 5]]))  # only tile 5 is off, by one cell
    1
    >>> manhattan(Board([[3, 2, 1], [4, 5, 0]]))  # 1 and 3 are two cells off each
    4
    """
    board, goal = _board_and_goal(board, goal)
    table = tile_distances(goal)
    return sum(table[t][i] for i, t in enumerate(board.tiles))


def tile_distances(goal) -> tuple[tuple[int, ...], ...]:
    """``table[t][i]``: the taxicab distance from cell ``i`` to tile ``t``'s goal cell.

    The blank's row is all zeros, since the blank is left out of the sum.
    This one table is the Manhattan distance: :func:`manhattan` adds it up
    for a board, and the informed searches update it one move at a time.

    >>> tile_distances(Board.goal(2, 3))[5]  # tile 5 belongs in cell 4 (row 1, column 1)
    (2, 1, 2, 1, 0, 1)
    >>> tile_distances(Board.goal(2, 3))[0]
    (0, 0, 0, 0, 0, 0)
    """
    return _tile_distances(as_board(goal, "goal"))


@lru_cache(maxsize=64)
def _tile_distances(goal: Board) -> tuple[tuple[int, ...], ...]:
    cols, cells = goal.cols, len(goal.tiles)
    table = [(0,) * cells] * cells
    for home, t in enumerate(goal.tiles):
        if t != BLANK:
            hr, hc = divmod(home, cols)
            table[t] = tuple(abs(i // cols - hr) + abs(i % cols - hc) for i in range(cells))
    return tuple(table)


def walk_blank(board, row=None, col=None) -> Board:
    """Slide the blank to ``(row, col)``: first along its row, then along the column.

    The default target is the bottom-right cell. Each step is a legal move,
    so the result is in the same component as ``board``.

    >>> print(walk_blank(Board([[0, 1, 2], [3, 4, 5]])))
    1 2 5
    3 4 .
    >>> walk_blank(Board([[1, 2, 3], [4, 5, 0]])) == Board.goal(2, 3)
    True
    """
    board = as_board(board)
    row = board.rows - 1 if row is None else _check_int(row, "row")
    col = board.cols - 1 if col is None else _check_int(col, "col")
    if not (0 <= row < board.rows and 0 <= col < board.cols):
        raise ValueError(f"cell ({row}, {col}) is not on a {board.rows} x {board.cols} board")
    tiles = list(board.tiles)
    cols = board.cols
    r, c = board.blank
    while c != col:
        step = 1 if col > c else -1
        tiles[r * cols + c], tiles[r * cols + c + step] = tiles[r * cols + c + step], BLANK
        c += step
    while r != row:
        step = 1 if row > r else -1
        tiles[r * cols + c], tiles[(r + step) * cols + c] = tiles[(r + step) * cols + c], BLANK
        r += step
    return Board._trusted(board.rows, board.cols, tuple(tiles))
