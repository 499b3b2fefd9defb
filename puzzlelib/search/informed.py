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
objects; a test keeps their answers and counts equal. :func:`ida_star_plain`
is IDA* as the lesson shows it (recursive, on Boards); :func:`ida_star` and
its loop :func:`ida_search` are the engine (their own stack, flat tuples),
and a test keeps their solutions the same length; :func:`ida_search_tables`
is the same loop made incremental for heuristics that carry additive tables.
"""

from __future__ import annotations

import math
import numbers
import sys
import time
from heapq import heappop, heappush

from ..board import Board, board_and_goal, check_shape, neighbor_table, successors
from ..door import Answer, door
from ..errors import NodeLimitError, TooLargeError, number_text, short_repr, whole_number
from ..limits import (ASTAR_DEFAULT_MAX_NODES, HUGE_BOARD_WORK, LARGE_BOARD_MAX_NODES, PDB_MAX_CELLS,
                      SMALL_BOARD_MAX_NODES, check_max_nodes)
from ..solvability import _solvable, is_solvable
from .guards import astar_max_nodes, node_limit_error
from .compiled import _run as run_compiled, _run_conflict as run_conflict, engine_available
from .heuristics import MAX_TABLE_CELLS, compile_heuristic, heuristic_value, manhattan
from .results import SearchResult

__all__ = ["astar", "ida_star", "ida_star_plain", "PLAIN_MAX_DEPTH", "plain_limit_error", "ida_default_max_nodes", "tree_sizes", "effective_branching", "ida_search", "ida_search_tables"]


def _prepare(start, goal, heuristic, max_nodes, default_max_nodes):
    """(start, goal, compiled heuristic, node limit, neighbour table), or None when the goal can't be reached."""
    start, goal = board_and_goal(start, goal, "start")
    limit = check_max_nodes(max_nodes, default_max_nodes(start.rows * start.cols))
    if not is_solvable(start, goal):
        return None
    return start, goal, compile_heuristic(heuristic, goal), limit, neighbor_table(start.rows, start.cols)


def astar(start, goal=None, heuristic=manhattan, *, max_nodes: int | None = None,
          on_expand=None) -> SearchResult | None:
    """A*: expand boards in order of ``f = g + h``; return a shortest path.

    Every board seen is kept with its best ``g``; a board found again by a
    shorter route is queued again, so even a heuristic that is admissible
    but not consistent gives a shortest path. Ties in ``f`` go to the board
    with the smaller ``h`` (the deeper one), then first come, first served.
    ``on_expand(tiles)``, if given, is called with each board's tiles as it is expanded, in order.

    >>> r = astar(Board([[4, 1, 2], [5, 0, 3]]))
    >>> r.moves, r.expanded
    (5, 5)
    >>> astar(Board([[1, 2, 3], [5, 4, 0]])) is None   # the other component: no search at all
    True
    """
    t0 = time.perf_counter()
    prepared = _prepare(start, goal, heuristic, max_nodes,
                        lambda cells: min(ASTAR_DEFAULT_MAX_NODES, astar_max_nodes(cells)))
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
            raise node_limit_error(limit, "A*", default=max_nodes is None)
        if on_expand is not None:
            on_expand(state)
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
        path.append(Board._trusted(start.rows, start.cols, node))
        node = parent[node]
    return SearchResult(path[::-1], expanded, generated, max_frontier, time.perf_counter() - t0,
                        reached=len(best_g), heuristic=h.name)


def _check_value(value, name: str):
    """A heuristic's value, checked: a number >= 0 and finite (TypeError for a non-number, ValueError else)."""
    return heuristic_value(value, name)


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
    """IDA*'s default ``max_nodes`` on a board of ``cells`` cells: :data:`~puzzlelib.limits.SMALL_BOARD_MAX_NODES`
    up to 16 cells, then :data:`~puzzlelib.limits.LARGE_BOARD_MAX_NODES`, and beyond 1,024 cells (where each node costs work in
    proportion to the board) :data:`~puzzlelib.limits.HUGE_BOARD_WORK` ``// cells``, at least 10.

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
        if engine_available():       # the same loop compiled (puzzlelib.search.compiled); a test keeps them equal
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


def _tree_sizes_args(args: dict) -> None:
    rows, cols = args["rows"], args["cols"] = check_shape(args["rows"], args["cols"])
    cells = rows * cols
    blank = args["blank"] = whole_number(args["blank"], "blank", minimum=0, maximum=cells - 1)
    depth = args["depth"] = whole_number(args["depth"], "depth", minimum=0, maximum=MAX_TREE_DEPTH)
    work = sum(min(4 * 3 ** min(d, 40), 4 * cells) for d in range(depth + 1))     # (blank, previous) pairs met
    if work > MAX_TREE_WORK:
        raise TooLargeError(f"tree_sizes({rows}, {cols}, {blank}, {depth}) would track about {work:,} "
                            f"(blank, previous cell) pairs; it counts up to {MAX_TREE_WORK:,}: "
                            "ask for fewer levels or a smaller board")


@door(_tree_sizes_args)
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
    >>> tree_sizes(3, 3, 9, 6)
    Traceback (most recent call last):
    ...
    ValueError: blank must be at most 8, got 9
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


def _branching_args(args: dict):
    nodes = args["nodes"]
    if isinstance(nodes, bool) or not isinstance(nodes, numbers.Real):
        raise TypeError(f"nodes must be a number, got {short_repr(nodes)} of type {type(nodes).__name__}")
    depth = args["depth"] = whole_number(args["depth"], "depth")
    if depth < 1:
        raise ValueError(f"need depth >= 1 and nodes >= 0, got depth={number_text(depth)}, "
                         f"nodes={short_repr(nodes)}")
    if depth > MAX_TREE_DEPTH_FOR_B:
        raise ValueError(f"depth must be at most {MAX_TREE_DEPTH_FOR_B:,}, got {number_text(depth)}")
    try:            # log(nodes + 1); math.log takes ints of any size
        log_total = math.log(int(nodes) + 1) if isinstance(nodes, numbers.Integral) else math.log1p(nodes)
    except (ValueError, OverflowError, TypeError):
        log_total = float("nan")
    if not nodes >= 0 or math.isnan(log_total) or math.isinf(log_total):
        raise ValueError(f"nodes must be a finite number >= 0, got {short_repr(nodes)}")
    if nodes == 0:
        return Answer(0.0)
    if log_total / depth > 709:                                   # b* itself would overflow a float
        raise ValueError(f"b* for {number_text(nodes) if isinstance(nodes, int) else short_repr(nodes)} nodes "
                         f"over {number_text(depth)} levels is about 10^{log_total / depth / math.log(10):,.0f}, "
                         "beyond what a float holds")
    args["nodes"] = int(nodes) if isinstance(nodes, numbers.Integral) else float(nodes)
    return None


@door(_branching_args)
def effective_branching(nodes: float, depth: int) -> float:
    """The effective branching factor b*: a uniform tree of ``depth`` levels with ``nodes`` + 1 nodes.

    Solves ``1 + b + b**2 + ... + b**depth == nodes + 1`` for ``b`` by
    bisection. A perfect heuristic expands one node per level (b* = 1);
    the smaller b*, the better the heuristic. The sums are compared as
    logarithms, so any count and depth give an answer, never an overflow.

    >>> round(effective_branching(14, 3), 3)    # 1 + 2 + 4 + 8 = 15
    2.0
    >>> round(effective_branching(52, 5), 2)
    1.92
    """
    log_total = math.log(nodes + 1)                               # compare the sums as logarithms
    lo, hi = 0.0, math.exp(log_total / depth) + 1                 # b**depth <= nodes + 1
    for _ in range(200):
        b = (lo + hi) / 2
        lo, hi = (b, hi) if _log_tree_total(b, depth) < log_total else (lo, b)
    return (lo + hi) / 2


def _log_tree_total(b: float, depth: int) -> float:
    """log(1 + b + ... + b**depth), without overflow: from the closed form, as logarithms."""
    if b == 0:
        return 0.0
    if b == 1:
        return math.log(depth + 1)
    x = (depth + 1) * math.log(b)                     # log of b**(depth + 1)
    if b > 1:
        big = x if x > 30 else math.log(math.expm1(x))   # log(b**(d+1) - 1)
        return big - math.log(b - 1)
    return math.log(-math.expm1(x)) - math.log1p(-b)   # (1 - b**(d+1)) / (1 - b)


MAX_TREE_DEPTH = 5_000
"""The deepest level :func:`tree_sizes` counts (its counts then have over 2,000 digits)."""
MAX_TREE_WORK = 20_000_000
"""The most (blank, previous cell) pairs :func:`tree_sizes` tracks over all levels, a few seconds."""
MAX_TREE_DEPTH_FOR_B = 10**12
"""The largest depth :func:`effective_branching` takes."""


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


PLAIN_MAX_DEPTH = 400
"""How deep :func:`ida_star_plain` may go: each move is one call of Python's recursion."""


def _ida_plain_args(args: dict):
    start, goal = args["start"], args["goal"] = board_and_goal(args["start"], args["goal"], "start")
    limit = check_max_nodes(args["max_nodes"], args["max_nodes"])
    if not is_solvable(start, goal):
        return Answer(None)
    h = compile_heuristic(args["heuristic"], goal).value      # h(tiles), on the checked goal
    if h(start.tiles) > PLAIN_MAX_DEPTH:
        raise plain_limit_error(limit, PLAIN_MAX_DEPTH)
    evaluated = 0

    def heuristic(board, goal):                               # h, which counts the nodes it is asked about
        nonlocal evaluated
        evaluated += 1
        if evaluated > limit:
            raise plain_limit_error(limit, 0)
        return h(board.tiles)
    args["heuristic"] = heuristic
    return None


@door(_ida_plain_args, translate={RecursionError: lambda err: plain_limit_error(0, PLAIN_MAX_DEPTH)})
def ida_star_plain(start, goal=None, heuristic=manhattan, *, max_nodes: int = 10**6) -> list[Board] | None:
    """IDA* as it is taught, recursive on Boards: a shortest path, or None. :func:`ida_star` is the engine.

    The door checks the boards, answers None for a goal in the other component, and counts the nodes
    against ``max_nodes`` (each call of the heuristic is one node); a path deeper than
    :data:`PLAIN_MAX_DEPTH` moves stops it, as each move is one call of Python's recursion.

    >>> [board.blank for board in ida_star_plain(Board([[4, 1, 2], [5, 0, 3]]))]
    [(1, 1), (1, 0), (0, 0), (0, 1), (0, 2), (1, 2)]
    """
    path = [start]

    def search(g, bound):                             # "found", or the smallest f over the bound below path[-1]
        board = path[-1]
        f = g + heuristic(board, goal)
        if f > bound:
            return f
        if board == goal:
            return "found"
        smallest = math.inf
        for nxt in board.neighbors():
            if len(path) > 1 and nxt == path[-2]:
                continue                              # never straight back
            path.append(nxt)
            t = search(g + 1, bound)
            if t == "found":
                return t
            smallest = min(smallest, t)
            path.pop()
        return smallest
    bound = heuristic(start, goal)
    while True:                                       # one depth-first pass per bound
        t = search(0, bound)
        if t == "found":
            return path
        bound = t                                     # the smallest f that went over


def plain_limit_error(max_nodes: int, depth: int) -> ValueError:
    """Why :func:`ida_star_plain` stopped: ``max_nodes`` expanded, or ``depth`` reached :data:`PLAIN_MAX_DEPTH`.

    >>> print(plain_limit_error(1000, 400))  # doctest: +ELLIPSIS
    plain IDA* makes one recursive call per move and stops 400 moves deep; ...
    """
    if depth < PLAIN_MAX_DEPTH:
        return node_limit_error(max_nodes, "plain IDA*")
    return ValueError(f"plain IDA* makes one recursive call per move and stops {PLAIN_MAX_DEPTH} moves deep; "
                      "ida_star has no such limit")
