"""Informed search: A* and IDA*, guided by a heuristic towards the goal.

Breadth-first search looks at every board ``d`` moves away before any board
``d + 1`` away. An informed search ranks boards by ``f = g + h``: the moves
made so far (``g``) plus a heuristic's estimate of the moves still needed
(``h``). With an admissible heuristic (one that never overestimates) both
searches here return a shortest solution.

* :func:`astar` keeps every board it has seen, and always expands the one
  with the smallest ``f`` next (a priority queue).
* :func:`ida_star_plain` keeps only the current path: a depth-first search that
  gives up on any board whose ``f`` exceeds a bound, repeated with the bound
  raised to the smallest ``f`` that went over it. Memory stays tiny, which
  is what lets it solve the 15-puzzle (with the engine,
  :func:`~puzzlelib.engines.ida.ida_star`).

Both take the heuristic as a function ``h(board, goal)`` (see
:mod:`puzzlelib.core.heuristics`) or a :class:`~puzzlelib.engines.pdb.PatternDatabase`,
and return a :class:`~puzzlelib.core.results.SearchResult`.

**Role: the fast informed searches.** :func:`astar` is the same algorithm as
the teaching :func:`~puzzlelib.core.generic.astar_search` (the AIMA
skeleton with a priority frontier), on flat tuples instead of Board and Node
objects; a test keeps their answers and counts equal. :func:`ida_star_plain`
is IDA* as the lesson shows it (recursive, on Boards); the engine is
:mod:`puzzlelib.engines.ida` (its own stack, flat tuples, compiled), and a
test keeps their solutions the same length.
"""

from __future__ import annotations

import math
import numbers
import sys
import time
from heapq import heappop, heappush

from puzzlelib.core.door import keyword_only
from puzzlelib.core.board import Board, board_and_goal, check_shape, neighbor_table, successors
from puzzlelib.core.door import Answer, door
from puzzlelib.core.errors import NodeLimitError, TooLargeError, number_text, short_repr, whole_number
from puzzlelib.core.limits import (ASTAR_DEFAULT_MAX_NODES, check_max_nodes)
from puzzlelib.core.solvability import is_solvable
from puzzlelib.core.guards import astar_max_nodes, node_limit_error
from puzzlelib.core.heuristics import compile_heuristic, heuristic_value, manhattan
from puzzlelib.core.results import SearchResult

__all__ = ["astar", "ida_star_plain", "PLAIN_MAX_DEPTH", "plain_limit_error", "tree_sizes", "effective_branching"]


def _prepare(start, goal, heuristic, max_nodes, default_max_nodes):
    """(start, goal, compiled heuristic, node limit, neighbour table), or None when the goal can't be reached."""
    start, goal = board_and_goal(start, goal, "start")
    limit = check_max_nodes(max_nodes, default_max_nodes(start.rows * start.cols))
    if not is_solvable(start, goal):
        return None
    return start, goal, compile_heuristic(heuristic, goal), limit, neighbor_table(start.rows, start.cols)


@keyword_only("goal", "heuristic")
def astar(start, *, goal=None, heuristic=manhattan, max_nodes: int | None = None,
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
    h0 = heuristic_value(h.value(s), h.name)
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


PLAIN_MAX_DEPTH = 400
"""How deep :func:`ida_star_plain` may go: each move is one call of Python's recursion."""


def _ida_plain_args(args: dict):
    start, goal = args["start"], args["goal"] = board_and_goal(args["start"], args["goal"], "start")
    limit = check_max_nodes(args["max_nodes"], args["max_nodes"])
    if args["on_bound"] is not None and not callable(args["on_bound"]):
        raise TypeError(f"on_bound must be a function of the bound, or None, got {short_repr(args['on_bound'])}")
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


@door(_ida_plain_args, translate={RecursionError: lambda err: plain_limit_error(0, PLAIN_MAX_DEPTH)}, legacy=("goal", "heuristic"))
def ida_star_plain(start, *, goal=None, heuristic=manhattan, max_nodes: int = 10**6, on_bound=None) -> list[Board] | None:
    """IDA* as it is taught, recursive on Boards: a shortest path, or None. :func:`~puzzlelib.engines.ida.ida_star` is the engine.

    The door checks the boards, answers None for a goal in the other component, and counts the nodes
    against ``max_nodes`` (each call of the heuristic is one node); a path deeper than
    :data:`PLAIN_MAX_DEPTH` moves stops it, as each move is one call of Python's recursion.
    ``on_bound(bound)``, if given, is called as each depth-first pass begins, with its bound.

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
        if on_bound is not None:
            on_bound(bound)
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
