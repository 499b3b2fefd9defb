"""Sorting a board into its goal by swaps: what seed 003's "inversion count" really counts.

Seed 003 walks through the cells in order and, wherever a cell holds the
wrong tile, swaps the right tile into it. Each swap puts one tile in place
for good, and the last tile of every cycle of the permutation lands for
free, so the walk makes (cells - cycles) swaps: the fewest swaps that sort
the board. Its parity is the permutation's parity, which is all the
solvability rule needs; but it is not the number of inversions.
"""

from __future__ import annotations

from .board import Board, as_board, same_shape


def sorting_swaps(board, goal=None) -> int:
    """Swaps that sort ``board`` into ``goal``, one tile put in place per swap (blank included).

    This is the count seed 003 calls ``get_inversion_count``, measured there
    against the goal with the blank first.

    >>> start1 = Board([[13, 2, 10, 3], [1, 12, 8, 4], [5, 0, 9, 6], [15, 14, 11, 7]])
    >>> sorting_swaps(start1, Board.goal(4, 4, blank="first"))
    14
    >>> sorting_swaps(Board([[2, 1], [3, 0]]))   # one swap, 2 <-> 1
    1
    """
    board = as_board(board, "board")
    goal = Board.goal(board.rows, board.cols) if goal is None else as_board(goal, "goal")
    same_shape(board, goal)
    tiles = list(board.tiles)
    where = {t: i for i, t in enumerate(tiles)}
    swaps = 0
    for i, wanted in enumerate(goal.tiles):
        if tiles[i] != wanted:
            j = where[wanted]
            tiles[i], tiles[j] = tiles[j], tiles[i]
            where[tiles[i]], where[tiles[j]] = i, j
            swaps += 1
    return swaps
