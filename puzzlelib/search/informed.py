"""Informed search: A* and IDA*, guided by a heuristic towards the goal.

Breadth-first search looks at every board ``d`` moves away before any board
``d + 1`` away. An informed search ranks boards by ``f = g + h``: the moves
made so far (``g``) plus a heuristic's estimate of the moves still needed
(``h``). With an admissible heuristic (one that never overestimates) both
searches here return a shortest solution.

* :func:`astar` keeps every board it has seen, and always expands the one
  with the smallest ``f`` next (a priority queue).
* :func:`ida_star` keeps only the current path: a depth-first search that
  gives up on any board whose ``f`` exceeds a bound, repeated with the bound
  raised to the smallest ``f`` that went over it. Memory stays tiny, which
  is what lets it solve the 15-puzzle.

Both take the heuristic as a function ``h(board, goal)`` (see
:mod:`puzzlelib.search.heuristics`) or a :class:`~puzzlelib.search.pdb.PatternDatabase`,
and return a :class:`~puzzlelib.search.results.SearchResult`.

**Role: the fast informed searches.** :func:`astar` is the same algorithm as
the teaching :func:`~puzzlelib.search.generic.astar_search` (the AIMA
skeleton with a priority frontier), on flat tuples instead of Board and Node
objects; a test keeps their answers and counts equal. :func:`ida_search` is
the IDA* loop of the lesson, :func:`ida_search_tables` the same loop made
incremental for heuristics that carry additive tables.
"""

from __future__ import annotations

import numbers
import sys
import time
from heapq import heappop, heappush

from ..board import Board, board_and_goal, neighbor_table, successors
from ..errors import NodeLimitError
from ..limits import LARGE_BOARD_MAX_NODES, PDB_MAX_CELLS, check_max_nodes
from ..solvability import is_solvable
from .guards import astar_max_nodes, node_limit_error
from .heuristics import compile_heuristic, manhattan
from .results import SearchResult

__all__ = ["astar", "ida_star", "tree_sizes", "effective_branching", "ida_search", "ida_search_tables"]


def _prepare(start, goal, heuristic, max_nodes, default_max_nodes):
    """(start, goal, compiled heuristic, node limit, neighbour table), or None when the goal can't be reached."""
    start, goal = board_and_goal(start, goal, "start")
    limit = check_max_nodes(max_nodes, default_max_nodes(start.rows * start.cols))
    if not is_solvable(start, goal):
        return None
    return start, goal, compile_heuristic(heuristic, goal), limit, neighbor_table(start.rows, start.cols)


def astar(start, goal=None, heuristic=manhattan, *, max_nodes: int | None = None) -> SearchResult | None:
    """A*: expand boards in order of ``f = g + h``; return a shortest path.

    Every board seen is kept with its best ``g``; a board found again by a
    shorter route is queued again, so even a heuristic that is admissible
    but not consistent gives a shortest path. Ties in ``f`` go to the board
    with the smaller ``h`` (the deeper one), then first come, first served.

    >>> r = astar(Board([[4, 1, 2], [5, 0, 3]]))
    >>> r.moves, r.expanded
    (5, 5)
    >>> astar(Board([[1, 2, 3], [5, 4, 0]])) is None   # the other component: no search at all
    True
    """
    t0 = time.perf_counter()
    prepared = _prepare(start, goal, heuristic, max_nodes, astar_max_nodes)
    if prepared is None:
        return None
    start, goal, h, limit, table = prepared
    memory_cap = astar_max_nodes(start.rows * start.cols)
    s, target = start.tiles, goal.tiles
    best_g = {s: 0}
    parent: dict[tuple, tuple | None] = {s: None}
    h0 = _check_value(h.value(s), h.name)
    queue = [(h0, h0, 0, s)]
    pushed = expanded = generated = 0
    max_frontier = 1
    while queue:
        max_frontier = max(max_frontier, len(queue))
        f, hs, _, state = heappop(queue)
        g = best_g[state]
        if g + hs < f:
            continue  # a stale entry: this board was queued again with a smaller g
        if state == target:
            break
        expanded += 1
        if expanded > limit:
            raise node_limit_error(limit, "A*")
        if len(best_g) > memory_cap:     # the memory guard holds whatever max_nodes says
            raise NodeLimitError(f"A* stopped after storing {len(best_g):,} boards, all that fit the memory "
                                    "budget, without reaching the goal; use ida_star or solve_optimal")
        for child in successors(state, table):
            generated += 1
            if g + 1 < best_g.get(child, sys.maxsize):
                best_g[child] = g + 1
                parent[child] = state
                hc = h.value(child)
                pushed += 1
                heappush(queue, (g + 1 + hc, hc, pushed, child))
    path = []
    node: tuple | None = target
    while node is not None:
        path.append(Board.unchecked(start.rows, start.cols, node))
        node = parent[node]
    return SearchResult(path[::-1], expanded, generated, max_frontier, time.perf_counter() - t0,
                        reached=len(best_g), heuristic=h.name)


def _check_value(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
        raise ValueError(f"the heuristic {name} returned {value!r}; it must return a whole number >= 0")
    return int(value)


def ida_star(start, goal=None, heuristic=manhattan, *, max_nodes: int | None = None) -> SearchResult | None:
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
    prepared = _prepare(start, goal, heuristic, max_nodes,
                        lambda cells: sys.maxsize if cells <= PDB_MAX_CELLS else LARGE_BOARD_MAX_NODES)
    if prepared is None:
        return None
    start, goal, h, limit, table = prepared
    _check_value(h.value(start.tiles), h.name)
    counts = {"generated": 0}
    if h.tables is not None:
        blanks, nodes = ida_search_tables(list(start.tiles), h.tables, table, limit, counts=counts)
    else:
        def counted(tiles, s=start.tiles):     # every call but the root's (the start itself) is a child made
            counts["generated"] += tiles is not s
            return h.value(tiles)
        blanks, nodes = ida_search(start.tiles, goal.tiles, counted, table, limit)
    path = [start]
    for cell in blanks[1:]:
        path.append(path[-1].slide(path[-1].tiles[cell]))
    # IDA* holds only the current path; its longest is the solution's (no bound exceeds the solution's length)
    return SearchResult(path, nodes, counts["generated"], len(path), time.perf_counter() - t0, heuristic=h.name)


def tree_sizes(rows: int, cols: int, blank: int, depth: int) -> list[int]:
    """Nodes at each depth of the tree that iterative deepening searches, from a blank at cell ``blank``.

    The tree holds every sequence of moves that never undoes the move
    before; it depends only on the blank's path, so counting walks of the
    blank is enough. Its growth from one depth to the next is the
    branching factor uninformed search has to pay.

    >>> tree_sizes(3, 3, 8, 6)        # blank in a corner of the 8-puzzle
    [1, 2, 4, 8, 16, 20, 40]
    >>> tree_sizes(4, 4, 15, 4)
    [1, 2, 4, 10, 24]
    """
    table = neighbor_table(rows, cols)
    layer = {(blank, -1): 1}
    sizes = [1]
    for _ in range(depth):
        nxt: dict[tuple[int, int], int] = {}
        for (i, prev), count in layer.items():
            for j in table[i]:
                if j != prev:
                    nxt[j, i] = nxt.get((j, i), 0) + count
        layer = nxt
        sizes.append(sum(layer.values()))
    return sizes


def effective_branching(nodes: float, depth: int) -> float:
    """The effective branching factor b*: a uniform tree of ``depth`` levels with ``nodes`` + 1 nodes.

    Solves ``1 + b + b**2 + ... + b**depth == nodes + 1`` for ``b`` by
    bisection. A perfect heuristic expands one node per level (b* = 1);
    the smaller b*, the better the heuristic.

    >>> round(effective_branching(14, 3), 3)    # 1 + 2 + 4 + 8 = 15
    2.0
    >>> round(effective_branching(52, 5), 2)
    1.92
    """
    if depth < 1 or nodes < 0:
        raise ValueError(f"need depth >= 1 and nodes >= 0, got depth={depth}, nodes={nodes}")
    lo, hi = 0.0, max(2.0, float(nodes))
    for _ in range(200):
        b = (lo + hi) / 2
        total = sum(b ** i for i in range(depth + 1))
        lo, hi = (b, hi) if total < nodes + 1 else (lo, b)
    return (lo + hi) / 2


def ida_search(start: tuple, goal: tuple, h, table, limit: int) -> tuple[list[int], int]:
    """The IDA* loop for any heuristic ``h(tiles)``: (the blank's cells along a shortest path, nodes expanded).

    >>> h = compile_heuristic(manhattan, Board.goal(2, 3))
    >>> ida_search((4, 1, 2, 5, 0, 3), Board.goal(2, 3).tiles, h.value, neighbor_table(2, 3), 10**6)
    ([4, 3, 0, 1, 2, 5], 5)
    """
    path, nodes = [start.index(0)], 0      # table: each cell's neighbours; limit: the most nodes to expand

    def search(state: tuple, g: int, bound: int, prev: int) -> int:
        """Return -1 when the goal is found below ``state``, else the smallest f over the bound."""
        nonlocal nodes
        f = g + h(state)
        if f > bound:
            return f
        if state == goal:
            return -1
        nodes += 1
        if nodes > limit:
            raise node_limit_error(limit, "IDA*")
        smallest, i = sys.maxsize, path[-1]           # i: the blank's cell
        for j in table[i]:
            if j == prev:
                continue  # never undo the last move
            child = list(state)
            child[i], child[j] = child[j], 0
            path.append(j)
            t = search(tuple(child), g + 1, bound, i)
            if t < 0:
                return -1
            path.pop()
            smallest = min(smallest, t)
        return smallest

    bound = h(start)                  # the first bound: the heuristic's estimate for the start
    while True:                       # one depth-first search per bound, until the goal is found
        t = search(start, 0, bound, -1)
        if t < 0:
            return path, nodes
        bound = t


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
    while True:
        t = search(path[0], 0, h0, h20, bound, -1)
        if t < 0:
            if counts is not None:
                counts["generated"] = generated
            return path, nodes
        bound = t
