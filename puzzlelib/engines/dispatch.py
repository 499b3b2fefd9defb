"""Measure a whole state space with the fastest engine for the board: the layer above the engines.

As networkx's ``shortest_paths/generic.py`` picks an algorithm and calls it,
this module picks the engine for :func:`distance_counts` and :func:`farthest`
(both also at the top of :mod:`puzzlelib`):

* the frontier search of :mod:`puzzlelib.engines.frontier` (8 bytes a board,
  two layers at a time) on every board it can pack, :func:`uses_frontier_engine`;
* the plain BFS of :mod:`puzzlelib.core.bfs` (:func:`~puzzlelib.core.bfs.bfs_layers`)
  on a board of one row or column, which has only ``n`` states.

A test keeps the two engines equal layer by layer.
"""

from __future__ import annotations

from puzzlelib.core.door import keyword_only
from puzzlelib.core.board import Board, as_board, check_shape, resolve_goal
from puzzlelib.core.limits import PACKED_MAX_CELLS
from puzzlelib.core.bfs import bfs_layers
from puzzlelib.engines.frontier import frontier_search

__all__ = ["uses_frontier_engine", "distance_counts", "farthest"]


def uses_frontier_engine(rows: int, cols: int) -> bool:
    """True when :func:`distance_counts` and :func:`farthest` run the frontier search engine.

    That is every board it supports: at least 2 rows and 2 columns and at
    most :data:`~puzzlelib.core.limits.PACKED_MAX_CELLS` cells. It is 20 to 70 times
    faster than the plain BFS (``benchmarks/bfs_scale.py``), which stays the
    teaching reference (:func:`bfs_layers`); a test keeps the two equal layer
    by layer. A 1 x n board has only n states, so it uses the plain BFS.

    >>> uses_frontier_engine(3, 3), uses_frontier_engine(1, 5)
    (True, False)
    """
    rows, cols = check_shape(rows, cols)
    return min(rows, cols) >= 2 and rows * cols <= PACKED_MAX_CELLS


@keyword_only("goal")
def distance_counts(rows: int, cols: int, *, goal=None) -> list[int]:
    """How many boards lie at each distance from the goal (index = distance).

    The length minus one is the largest distance from the goal (the goal's
    *eccentricity*); the sum is the number of reachable boards. For the
    usual goals the eccentricity equals the diameter of the component, but
    not for every goal (3 x 3 with the blank in the centre: 30, against a
    diameter of 31).

    It runs the fastest engine for the board (:func:`uses_frontier_engine`):
    the frontier search of :func:`~puzzlelib.engines.frontier.frontier_search`,
    which stores 8 bytes a board instead of about 200, so 3 x 3 takes a
    hundredth of a second and 3 x 4 and 2 x 6 take seconds, not 50 GB.
    Boards that still would not fit are refused up front. The layer sizes
    are exactly those of the plain BFS, :func:`bfs_layers`.

    >>> distance_counts(2, 3)
    [1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1]
    >>> sum(distance_counts(3, 3)), len(distance_counts(3, 3)) - 1
    (181440, 31)
    >>> len(distance_counts(2, 5)) - 1   # 1,814,400 boards: the frontier search engine
    55
    """
    goal = resolve_goal(goal, (rows, cols))
    if uses_frontier_engine(rows, cols):
        return frontier_search(rows, cols, goal=goal).counts
    return [layer.size for layer in bfs_layers(goal)]


def farthest(goal) -> tuple[int, list[Board]]:
    """The largest distance from ``goal`` and every board at that distance (the antipodes).

    >>> depth, boards = farthest(Board.goal(2, 3))
    >>> depth, boards
    (21, [Board([[4, 5, 0], [1, 2, 3]])])

    Like :func:`distance_counts`, it runs the frontier search engine
    wherever that engine works (:func:`uses_frontier_engine`):

    >>> depth, boards = farthest(Board.goal(2, 5))
    >>> depth, len(boards)
    (55, 2)
    """
    goal = as_board(goal, "goal")
    if uses_frontier_engine(goal.rows, goal.cols):
        result = frontier_search(goal.rows, goal.cols, goal=goal)
        return result.depth, result.last_boards()
    *_, last = bfs_layers(goal)
    return last.depth, sorted(last.boards())
