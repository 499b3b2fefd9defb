"""IDA* as an engine: its own stack on flat tuples, heuristics updated one move at a time, compiled with numba.

The lesson's IDA* is :func:`~puzzlelib.core.informed.ida_star_plain` (recursive, on Boards). This is the
same search made fast: :func:`ida_search` keeps its own stack of flat tuples, :func:`ida_search_tables`
updates a heuristic that is a sum of tables (misplaced tiles, Manhattan, pattern databases) one move at a
time, and :mod:`~puzzlelib.engines.compiled` runs that loop in numba. Tests keep their solutions as long as
the plain one's, and the compiled loop's path and node counts equal the Python loop's.

>>> r = ida_star(Board([[4, 1, 2], [5, 0, 3]]))
>>> r.moves, r.expanded
(5, 5)
"""

from __future__ import annotations

import sys
import time
__all__ = ["ida_star", "ida_default_max_nodes", "ida_search", "ida_search_tables"]

from puzzlelib.core.door import keyword_only
from puzzlelib.core.board import Board, board_and_goal, neighbor_table
from puzzlelib.core.errors import NodeLimitError, whole_number
from puzzlelib.core.limits import (HUGE_BOARD_WORK, LARGE_BOARD_MAX_NODES, PDB_MAX_CELLS,
                      SMALL_BOARD_MAX_NODES, check_max_nodes)
from puzzlelib.core.solvability import _solvable
from puzzlelib.core.guards import node_limit_error
from puzzlelib.engines.compiled import _run as run_compiled, _run_conflict as run_conflict, engine_available
from puzzlelib.core.heuristics import MAX_TABLE_CELLS, compile_heuristic, heuristic_value, manhattan
from puzzlelib.core.results import SearchResult


def _check_value(value, name: str):
    """A heuristic's value, checked: a number >= 0 and finite (TypeError for a non-number, ValueError else)."""
    return heuristic_value(value, name)


@keyword_only("goal", "heuristic")
def ida_star(start, *, goal=None, heuristic=manhattan, max_nodes: int | None = None) -> SearchResult | None:
    """IDA*: depth-first searches bounded by ``f = g + h``, the bound raised each time; a shortest path.

    Each iteration explores every path whose boards all have ``f`` at most
    the bound, never stepping straight back to the board it came from. If
    the goal is not among them, the next bound is the smallest ``f`` that
    went over. With ``heuristic=None`` this is plain iterative deepening.
    Heuristics that are sums of tables (misplaced tiles, Manhattan, pattern
    databases) are updated one move at a time (:func:`ida_search_tables`).

    >>> r = ida_star(Board([[4, 1, 2], [5, 0, 3]]))
    >>> r.moves, r.expanded, r.max_frontier, [b.blank for b in r.path]
    (5, 5, 6, [(1, 1), (1, 0), (0, 0), (0, 1), (0, 2), (1, 2)])
    >>> ida_star(Board([[4, 1, 2], [5, 0, 3]]), heuristic=None).moves
    5
    """
    t0 = time.perf_counter()
    start, goal = board_and_goal(start, goal, "start")
    check_max_nodes(max_nodes)
    if not _solvable(start, goal):
        return None
    return _ida_star_checked(start, goal, heuristic, max_nodes, t0)


def _ida_star_checked(start: Board, goal: Board, heuristic, max_nodes: int | None, t0: float | None = None
                     ) -> SearchResult:
    """:func:`ida_star`'s core, for callers that have checked ``start`` and ``goal`` (Boards of one shape),
    ``max_nodes`` (None or a whole number), and that ``goal`` can be reached. The heuristic is compiled
    here (its own checks: the right goal and size). Nothing else is checked again.

    """
    t0 = time.perf_counter() if t0 is None else t0
    h = compile_heuristic(heuristic, goal)
    limit = max_nodes if max_nodes is not None else ida_default_max_nodes(start.rows * start.cols)
    table = neighbor_table(start.rows, start.cols)
    _check_value(h.value(start.tiles), h.name)
    counts = {"generated": 0}
    try:
        found = _ida(start, goal, h, limit, table, counts)
    except NodeLimitError:
        if max_nodes is None and limit < sys.maxsize:
            raise node_limit_error(limit, "IDA*", default=True) from None
        raise
    blanks, nodes = found
    path = [start]
    tiles = list(start.tiles)
    for i, j in zip(blanks, blanks[1:]):        # the blank steps from cell i to its neighbour j: legal moves
        tiles[i], tiles[j] = tiles[j], 0
        path.append(Board._trusted(start.rows, start.cols, tuple(tiles)))
    # IDA* holds only the current path; its longest is the solution's (no bound exceeds the solution's length)
    return SearchResult(path, nodes, counts["generated"], len(path), time.perf_counter() - t0, heuristic=h.name)


def ida_default_max_nodes(cells: int) -> int:
    """IDA*'s default ``max_nodes`` on a board of ``cells`` cells: :data:`~puzzlelib.core.limits.SMALL_BOARD_MAX_NODES`
    up to 16 cells, then :data:`~puzzlelib.core.limits.LARGE_BOARD_MAX_NODES`, and beyond 1,024 cells (where each node costs work in
    proportion to the board) :data:`~puzzlelib.core.limits.HUGE_BOARD_WORK` ``// cells``, at least 10.

    >>> ida_default_max_nodes(16) == SMALL_BOARD_MAX_NODES, ida_default_max_nodes(25) == LARGE_BOARD_MAX_NODES
    (True, True)
    >>> ida_default_max_nodes(10**6)
    10
    """
    cells = whole_number(cells, "cells", minimum=1)
    if cells <= PDB_MAX_CELLS:
        return SMALL_BOARD_MAX_NODES
    if cells <= MAX_TABLE_CELLS:
        return LARGE_BOARD_MAX_NODES
    return max(10, HUGE_BOARD_WORK // cells)


def _ida(start, goal, h, limit, table, counts):
    """(blank cells, nodes) of IDA* with the compiled heuristic ``h``: the incremental loop when it has tables."""
    if h.tables is not None:
        if engine_available():       # the same loop compiled (puzzlelib.engines.compiled); a test keeps them equal
            status, blanks, nodes, counts["generated"] = run_compiled(start.tiles, h.tables, table, limit)
            if status == "limit":
                raise node_limit_error(limit, "IDA*")
            if status == "exhausted":
                raise ValueError("IDA* tried every sequence of moves within reach without meeting the goal; "
                                 "the heuristic must be 0 at the goal")
            return blanks, nodes
        return ida_search_tables(list(start.tiles), h.tables, table, limit, counts=counts)
    if h.engine == "linear_conflict" and engine_available() and len(start.tiles) <= MAX_TABLE_CELLS:
        # the loop of ida_search below, compiled, with linear conflict updated line by line; a test keeps them equal
        status, blanks, nodes, counts["generated"] = run_conflict(start.tiles, goal, table, limit)
        if status == "limit":
            raise node_limit_error(limit, "IDA*")
        return blanks, nodes

    def counted(tiles, s=start.tiles):     # every call but the root's (the start itself) is a child made
        counts["generated"] += tiles is not s
        return h.value(tiles)
    return ida_search(start.tiles, goal.tiles, counted, table, limit)


def ida_search(start: tuple, goal: tuple, h, table, limit: int) -> tuple[list[int], int]:
    """The IDA* loop for any heuristic ``h(tiles)``: (the blank's cells along a shortest path, nodes expanded).

    >>> h = compile_heuristic(manhattan, Board.goal(2, 3))
    >>> ida_search((4, 1, 2, 5, 0, 3), Board.goal(2, 3).tiles, h.value, neighbor_table(2, 3), 10**6)
    ([4, 3, 0, 1, 2, 5], 5)

    Each depth-first search keeps its own stack (one entry per board on the
    current path: the board, its ``g``, the moves left to try and the
    smallest ``f`` seen over the bound), not Python's: a solution of
    thousands of moves needs no recursion. The next bound is the smallest
    ``f`` that went over, so any heuristic values (huge integers, floats)
    raise it: it never comes back down.
    """
    path, nodes = [start.index(0)], 0      # table: each cell's neighbours; limit: the most nodes to expand

    def search(bound) -> float | int | None:
        """None when the goal is found (``path`` then ends at it), else the smallest f over the bound."""
        nonlocal nodes
        f = h(start)
        if f > bound:
            return f
        if start == goal:
            return None
        nodes += 1
        if nodes > limit:
            raise node_limit_error(limit, "IDA*")
        i = path[0]
        # one frame per board on the path: [tiles, g, moves left to try (never the one back), smallest f over]
        stack = [[start, 0, [j for j in table[i]], _NONE_OVER]]
        while stack:
            frame = stack[-1]
            state, g, options = frame[0], frame[1], frame[2]
            if not options:                          # every move tried: back up, passing the smallest f on
                stack.pop()
                if stack:
                    path.pop()
                    if frame[3] < stack[-1][3]:
                        stack[-1][3] = frame[3]
                continue
            j = options.pop(0)
            i = path[-1]                             # the blank's cell
            child = list(state)
            child[i], child[j] = child[j], 0
            child = tuple(child)
            f = g + 1 + h(child)
            if f > bound:
                if f < frame[3]:
                    frame[3] = f
                continue
            path.append(j)
            if child == goal:
                return None
            nodes += 1
            if nodes > limit:
                raise node_limit_error(limit, "IDA*")
            stack.append([child, g + 1, [k for k in table[j] if k != i], _NONE_OVER])
        return frame[3]

    bound = h(start)                  # the first bound: the heuristic's estimate for the start
    while True:                       # one depth-first search per bound, until the goal is found
        t = search(bound)
        if t is None:
            return path, nodes
        if t == _NONE_OVER:           # no board went over the bound, and the goal was not among them
            raise ValueError("IDA* tried every sequence of moves within reach without meeting the goal; "
                             "the heuristic must be 0 at the goal")
        bound = t


_NONE_OVER = float("inf")
"""The smallest f over the bound before any board went over it: more than any number a heuristic returns."""


def ida_search_tables(board: list, tables, table, limit: int, *, counts: dict | None = None
                      ) -> tuple[list[int], int]:
    """The IDA* loop of :func:`ida_search` for additive table heuristics, updated incrementally.

    With a ``counts`` dict, ``counts["generated"]`` receives the children it made.

    >>> h = compile_heuristic(manhattan, Board.goal(2, 3))
    >>> ida_search_tables([4, 1, 2, 5, 0, 3], h.tables, neighbor_table(2, 3), 10**6)
    ([4, 3, 0, 1, 2, 5], 5)

    The same search as :func:`ida_search`, with the bookkeeping made
    incremental: when a tile slides from cell ``j`` into the blank at ``i``,
    only its group's index changes, by ``(i - j) * weight[tile]``, and ``h``
    changes by the difference of two look-ups. With a mirror the mirrored
    board's indices are kept as well (``idx2``, ``h2``) and ``f`` uses the
    larger sum. The heuristic is 0 only at the goal, because every tile is
    in some group.
    """
    group, weight, tabs = tables.group, tables.weight, list(tables.tables)
    idx = tables.indices(board)
    mirrored = tables.mirror is not None
    if mirrored:
        cell_map, tile_map = tables.mirror
        idx2 = tables.indices(tables.mirrored(board))
    path = [board.index(0)]
    nodes = generated = 0

    def search(i: int, g: int, h: int, h2: int, bound: int, prev: int) -> int:
        nonlocal nodes, generated
        nodes += 1
        if nodes > limit:
            raise node_limit_error(limit, "IDA*")
        smallest = sys.maxsize
        g += 1
        for j in table[i]:
            if j == prev:
                continue
            generated += 1
            tile = board[j]
            k = group[tile]
            tab = tabs[k]
            old = idx[k]
            new = old + (i - j) * weight[tile]
            hc = h - tab[old] + tab[new]
            if mirrored:  # the same move in the mirror: tile_map[tile] from cell_map[j] to cell_map[i]
                tile2 = tile_map[tile]
                k2 = group[tile2]
                tab2 = tabs[k2]
                old2 = idx2[k2]
                new2 = old2 + (cell_map[i] - cell_map[j]) * weight[tile2]
                hc2 = h2 - tab2[old2] + tab2[new2]
                f = g + (hc if hc > hc2 else hc2)
            else:
                hc2 = 0
                f = g + hc
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            path.append(j)
            if hc == 0:
                return -1
            board[i] = tile
            board[j] = 0
            idx[k] = new
            if mirrored:
                idx2[k2] = new2
            t = search(j, g, hc, hc2, bound, i)
            board[j] = tile
            board[i] = 0
            idx[k] = old
            if mirrored:
                idx2[k2] = old2
            if t < 0:
                return -1
            path.pop()
            if t < smallest:
                smallest = t
        return smallest

    h0 = sum(t[k] for t, k in zip(tabs, idx))
    h20 = sum(t[k] for t, k in zip(tabs, idx2)) if mirrored else 0
    if h0 == 0:
        return path, 0
    bound = max(h0, h20)
    old_limit = sys.getrecursionlimit()
    try:
        while True:
            # the search goes at most ``bound`` moves deep (f = g + h <= bound): make room for that many calls.
            # Tables are made for boards whose solutions are short enough for this (a few thousand moves).
            if bound + 100 > sys.getrecursionlimit():
                sys.setrecursionlimit(bound + 100)
            t = search(path[0], 0, h0, h20, bound, -1)
            if t < 0:
                if counts is not None:
                    counts["generated"] = generated
                return path, nodes
            bound = t
    finally:
        sys.setrecursionlimit(old_limit)
