"""Breadth-first search: fewest moves, shortest paths, and the whole state space.

BFS visits boards in order of their distance from the start: first the start,
then everything one move away, then two, and so on. The first time it meets
the goal it has found a shortest way there. Run to the end, it measures the
distance from one board to every board it can reach.

Internally states are flat tuples of tiles (hashable and fast); the public
functions take and return :class:`~puzzlelib.board.Board` objects.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from math import log10
from typing import Iterator

from ..board import (Board, as_board, board_and_goal, check_shape, moves_table, neighbor_table, resolve_goal,
                     same_shape, successors)
from ..encoding import to_key
from ..limits import (TooLargeError, check_full_bfs, check_max_nodes, dict_bfs_bytes, format_bytes, format_count,
                      log10_reachable, reachable_count, state_limit)
from ..solvability import is_solvable
from .frontier import MAX_CELLS, frontier_search
from .heuristics import manhattan


def uses_frontier_engine(rows: int, cols: int) -> bool:
    """True when :func:`distance_counts` and :func:`farthest` run the frontier search engine.

    That is every board it supports: at least 2 rows and 2 columns and at
    most :data:`~puzzlelib.search.frontier.MAX_CELLS` cells. It is 20 to 70 times
    faster than the plain BFS (``benchmarks/bfs_scale.py``), which stays the
    teaching reference (:func:`bfs_layers`); a test keeps the two equal layer
    by layer. A 1 x n board has only n states, so it uses the plain BFS.

    >>> uses_frontier_engine(3, 3), uses_frontier_engine(1, 5)
    (True, False)
    """
    return min(rows, cols) >= 2 and rows * cols <= MAX_CELLS


def _too_many(start: Board, limit: int) -> TooLargeError:
    cells = start.rows * start.cols
    return TooLargeError(
        f"BFS stopped after storing {limit:,} states of the {start.rows} x {start.cols} board "
        f"(about {format_bytes(dict_bfs_bytes(limit, cells))}, the memory budget) without "
        "reaching the goal; this board is too far from its goal for plain BFS"
    )


def min_moves(start, goal=None, *, check_parity: bool = True, max_nodes: int | None = None) -> int:
    """The fewest moves from ``start`` to ``goal``, or -1 when the goal can't be reached.

    This is LeetCode 773's contract; the default goal has the blank last.
    With ``check_parity`` (the default) an unreachable goal is recognised at
    once by :func:`~puzzlelib.solvability.is_solvable`; without it, BFS
    explores the start's whole component before answering -1, as the
    Russian lecture note on the 2 x 3 puzzle does. A search that would outgrow the memory budget raises
    :class:`~puzzlelib.limits.TooLargeError` instead of running out of memory.

    >>> min_moves(Board([[1, 2, 3], [4, 0, 5]]))
    1
    >>> min_moves(Board([[1, 2, 3], [5, 4, 0]]))
    -1
    >>> min_moves(Board([[4, 1, 2], [5, 0, 3]]))
    5
    """
    path = bfs_path(start, goal, check_parity=check_parity, max_nodes=max_nodes)
    return -1 if path is None else len(path) - 1


def shortest_path(start, goal=None, *, max_nodes: int | None = None) -> list[Board] | None:
    """A shortest list of boards from ``start`` to ``goal`` (both included), or None.

    >>> path = shortest_path(Board([[1, 2, 3], [0, 4, 5]]))
    >>> len(path) - 1
    2
    >>> print(path[1])
    1 2 3
    4 . 5
    >>> shortest_path(Board([[1, 2, 3], [5, 4, 0]])) is None
    True
    """
    return bfs_path(start, goal, check_parity=True, max_nodes=max_nodes)


def bfs_path(start, goal=None, *, check_parity: bool = True,
             max_nodes: int | None = None) -> list[Board] | None:
    """Breadth-first search with parent pointers: a shortest path from ``start`` to ``goal``, or None.

    ``parent`` remembers where each board was found from; walking it back
    from the goal gives the path. ``check_parity`` answers an unreachable
    goal at once (without it the search exhausts the start's component);
    ``max_nodes`` caps the boards stored. :func:`min_moves` is this function.

    >>> [b.tiles for b in bfs_path(Board([[1, 2, 3], [0, 4, 5]]))]
    [(1, 2, 3, 0, 4, 5), (1, 2, 3, 4, 0, 5), (1, 2, 3, 4, 5, 0)]
    >>> bfs_path(Board([[1, 2, 3], [5, 4, 0]]), check_parity=False) is None
    True
    """
    start, goal = board_and_goal(start, goal, "start")
    rows, cols = start.shape
    limit = check_max_nodes(max_nodes, state_limit(rows * cols))
    if check_parity and not is_solvable(start, goal):
        return None
    refuse_far(start, goal, limit, exhaust=not check_parity)
    table = neighbor_table(rows, cols)
    s, g = start.tiles, goal.tiles
    parent: dict[tuple, tuple | None] = {s: None}
    queue = deque([s])
    while queue and g not in parent:
        state = queue.popleft()
        for nxt in successors(state, table):
            if nxt not in parent:
                parent[nxt] = state
                queue.append(nxt)
        if len(parent) > limit:
            raise _too_many(start, limit)
    if g not in parent:
        return None
    path = []
    state: tuple | None = g
    while state is not None:
        path.append(Board._trusted(rows, cols, state))
        state = parent[state]
    return path[::-1]


def estimated_bfs_states(rows: int, cols: int, depth: int) -> float:
    """A rough count of the boards a BFS stores before it reaches ``depth``: ``1 + b + ... + b**(depth-1)``.

    ``b`` is the board's average number of moves, less the move back, times
    0.9 for the boards met twice (1.8 on 4 x 4, whose real layers grow about
    1.9 times each; 1.5 on 3 x 3). Capped by the size of the component. Used
    only to refuse hopeless searches before they start.

    >>> f"{estimated_bfs_states(4, 4, 41):.1e}"
    '3.7e+10'
    """
    rows, cols = check_shape(rows, cols)
    cells = rows * cols
    degree = (4 * cells - 2 * rows - 2 * cols) / cells          # average number of moves
    b = max(1.01, 0.9 * (degree - 1))
    estimate = (b ** depth - 1) / (b - 1) if depth * log10(b) < 300 else float("inf")
    return min(estimate, 10 ** min(300.0, log10_reachable(rows, cols)))


def _positive_limit(limit) -> int:
    limit = check_max_nodes(limit)
    if limit is None:
        raise TypeError("limit must be a positive whole number")
    return limit


def refuse_far(start: Board, goal: Board, limit: int, *, exhaust: bool = False) -> None:
    """Raise :class:`~puzzlelib.limits.TooLargeError` before a BFS that cannot finish within ``limit`` boards.

    A board at least ``d`` moves away (its Manhattan distance) makes the BFS
    store about :func:`estimated_bfs_states` boards first; ``exhaust`` means
    the search may have to store the whole component. Small components
    always pass: their whole search fits.

    >>> refuse_far(Board.goal(4, 4).slide(15), Board.goal(4, 4), 10**6)    # one move: fine
    >>> korf1 = Board([[14, 13, 15, 7], [11, 12, 9, 5], [6, 0, 2, 1], [4, 8, 10, 3]])
    >>> refuse_far(korf1, Board.goal(4, 4, blank="first"), 10**6)
    Traceback (most recent call last):
    ...
    puzzlelib.limits.TooLargeError: this 4 x 4 board is at least 41 moves from the goal (Manhattan distance); a BFS would store about 3.7e+10 boards before reaching it, more than the 1,000,000 it may (max_nodes or the memory budget). Use solve_optimal() or puzzlelib.search.informed.ida_star()
    """
    start, goal = as_board(start, "start"), as_board(goal, "goal")
    same_shape(start, goal)
    if exhaust:       # the search may have to store the whole component
        refuse_component(start, limit, "without the parity test, this search (use check_parity=True)")
        return
    limit = _positive_limit(limit)
    rows, cols = start.shape
    if log10_reachable(rows, cols) <= log10(limit):
        return
    depth = manhattan(start, goal)
    need = estimated_bfs_states(rows, cols, depth)
    if need > limit:
        raise TooLargeError(f"this {rows} x {cols} board is at least {depth} moves from the goal (Manhattan "
                            f"distance); a BFS would store about {need:.1e} boards before reaching it, more "
                            f"than the {limit:,} it may (max_nodes or the memory budget). Use solve_optimal() "
                            "or puzzlelib.search.informed.ida_star()")


def refuse_component(start, limit: int, what: str = "the search") -> None:
    """Raise :class:`~puzzlelib.limits.TooLargeError` if ``start``'s component has more boards than ``limit``.

    For searches that may have to store the whole component: depth-first search, or any
    search without the parity test (:func:`refuse_far` uses it then).

    >>> refuse_component(Board.goal(2, 3), 360)
    >>> refuse_component(Board.goal(4, 4), 10**7, "depth-first search")
    Traceback (most recent call last):
    ...
    puzzlelib.limits.TooLargeError: depth-first search may store every one of the 10,461,394,944,000 boards of the 4 x 4 component before it meets the goal, more than the 10,000,000 it may (max_nodes or the memory budget)
    """
    if not isinstance(start, Board):
        raise TypeError(f"start must be a Board, got {type(start).__name__}")
    limit = _positive_limit(limit)
    rows, cols = start.shape
    if log10_reachable(rows, cols) <= log10(limit):
        return
    count = format_count(reachable_count(rows, cols)) if rows * cols <= 1000 else "the"
    raise TooLargeError(f"{what} may store every one of the {count} boards of the {rows} x {cols} component "
                        f"before it meets the goal, more than the {limit:,} it may (max_nodes or the memory budget)")


def dfs_path(start, goal=None, *, max_nodes: int | None = None) -> list[Board] | None:
    """The first path depth-first search finds from ``start`` to ``goal``: a path, rarely a shortest one.

    DFS follows one line of moves as deep as it can (neighbours in the order
    up, down, left, right of the blank), backing up only at dead ends. It
    never visits a board twice. It finds *a* way, not the fewest moves,
    which is why the notebooks use BFS.

    >>> start = Board([[1, 2, 3], [4, 0, 5]])
    >>> len(shortest_path(start)) - 1, len(dfs_path(start)) - 1
    (1, 59)
    """
    start, goal = board_and_goal(start, goal, "start")
    if not is_solvable(start, goal):
        return None
    rows, cols = start.shape
    limit = check_max_nodes(max_nodes, state_limit(rows * cols))
    table = neighbor_table(rows, cols)
    path = [start.tiles]
    seen = {start.tiles}
    branches = [successors(start.tiles, table)]
    while branches:
        if path[-1] == goal.tiles:
            return [Board._trusted(rows, cols, s) for s in path]
        for nxt in branches[-1]:
            if nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                branches.append(successors(nxt, table))
                break
        else:
            branches.pop()
            path.pop()
        if len(seen) > limit:
            raise _too_many(start, limit)
    return None


@dataclass(frozen=True)
class Layer:
    """One layer of a breadth-first search: every state at distance ``depth``."""

    depth: int
    states: tuple
    """The layer's states as flat tile tuples, in the order BFS found them."""
    expanded: int
    """States expanded (their neighbours generated) to find this layer: all earlier layers.

    The last layer is never expanded by the search that found it, so a whole
    search expands ``last.expanded`` states, and also generates the last
    layer's neighbours to learn that nothing new is left."""
    generated: int
    """Neighbours generated to find this layer, repeats included (see ``expanded``)."""
    rows: int
    cols: int

    @property
    def size(self) -> int:
        """Number of states in the layer."""
        return len(self.states)

    def boards(self) -> list[Board]:
        """The layer's states as Boards."""
        return [Board._trusted(self.rows, self.cols, s) for s in self.states]


def bfs_layers(start, *, max_nodes: int | None = None) -> Iterator[Layer]:
    """Breadth-first search from ``start``, one layer at a time.

    Layer ``d`` holds every board exactly ``d`` moves from ``start``. The
    search refuses up front (:class:`~puzzlelib.limits.TooLargeError`) if the
    start's whole component would not fit in the memory budget.

    >>> [layer.size for layer in bfs_layers(Board.goal(2, 2))]
    [1, 2, 2, 2, 2, 2, 1]
    >>> last = list(bfs_layers(Board.goal(2, 2)))[-1]
    >>> last.expanded, last.generated
    (11, 22)
    """
    start = as_board(start, "start")
    rows, cols = start.shape
    max_nodes = check_max_nodes(max_nodes)
    if max_nodes is None:
        check_full_bfs(rows, cols)
    table = neighbor_table(rows, cols)
    seen = {start.tiles}
    layer = [start.tiles]
    depth = expanded = generated = 0
    while layer:
        yield Layer(depth, tuple(layer), expanded, generated, rows, cols)
        nxt_layer = []
        for state in layer:
            expanded += 1
            for nxt in successors(state, table):
                generated += 1
                if nxt not in seen:
                    seen.add(nxt)
                    nxt_layer.append(nxt)
        if max_nodes is not None and len(seen) > max_nodes:
            raise _too_many(start, max_nodes)
        layer = nxt_layer
        depth += 1


def distances(goal) -> dict[tuple, int]:
    """Distance from ``goal`` to every board it can reach, keyed by tile tuple.

    Moves can be undone, so this is also each board's distance *to* the goal.

    >>> d = distances(Board.goal(2, 3))
    >>> len(d), max(d.values())
    (360, 21)
    >>> d[Board([[4, 1, 2], [5, 0, 3]]).tiles]
    5
    """
    return {s: layer.depth for layer in bfs_layers(as_board(goal, "goal")) for s in layer.states}


def distance_counts(rows: int, cols: int, goal=None) -> list[int]:
    """How many boards lie at each distance from the goal (index = distance).

    The length minus one is the largest distance from the goal (the goal's
    *eccentricity*); the sum is the number of reachable boards. For the
    usual goals the eccentricity equals the diameter of the component, but
    not for every goal (3 x 3 with the blank in the centre: 30, against a
    diameter of 31).

    It runs the fastest engine for the board (:func:`uses_frontier_engine`):
    the frontier search of :func:`~puzzlelib.search.frontier.frontier_search`,
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
        return frontier_search(rows, cols, goal).counts
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
        result = frontier_search(goal.rows, goal.cols, goal)
        return result.depth, result.last_boards()
    *_, last = bfs_layers(goal)
    return last.depth, sorted(last.boards())


# --- BFS over integer keys, as a Russian lecture note writes it --------------------
@dataclass(frozen=True)
class KeyedResult:
    """What the lecture note's BFS returns (``moves``), plus how many keys it stored."""

    moves: int | None
    """Fewest moves to the goal, or None when it can't be reached (the package-wide contract)."""
    visited: int
    """Number of keys in the ``dist`` dict when the search stopped."""


def keyed_bfs(board, goal=None, *, max_nodes: int | None = None) -> KeyedResult:
    """BFS over base-(mn) keys, with a table of the blank's moves: fewest moves, or None.

    It skips the parity test, so on an unsolvable board it stores every key it can reach.

    >>> keyed_bfs(Board([[1, 2, 3], [4, 0, 5]]))
    KeyedResult(moves=1, visited=3)
    >>> keyed_bfs(Board([[1, 2, 3], [5, 4, 0]]))
    KeyedResult(moves=None, visited=360)
    """
    board, goal = board_and_goal(board, goal, "board")
    base = board.rows * board.cols
    limit = check_max_nodes(max_nodes, state_limit(base))
    refuse_far(board, goal, limit, exhaust=not is_solvable(board, goal))
    moves = moves_table(board.rows, board.cols)      # moves[cell]: the cells the blank can swap with
    powers = [base ** p for p in reversed(range(base))]
    start, target = to_key(board), to_key(goal)
    if start == target:
        return KeyedResult(0, 1)
    dist = {start: 0}                                # key -> fewest moves from the start
    queue = deque([start])
    while queue:
        state = queue.popleft()
        digits = [state // p % base for p in powers]     # the key's digits: the tiles, cell by cell
        zero = digits.index(0)
        for new_pos in moves[zero]:
            temp = digits.copy()
            temp[zero], temp[new_pos] = temp[new_pos], temp[zero]
            key = 0
            for d in temp:                           # re-encode, digit by digit
                key = key * base + d
            if key not in dist:
                if key == target:                    # the goal test, as soon as it is generated
                    return KeyedResult(dist[state] + 1, len(dist))
                dist[key] = dist[state] + 1
                queue.append(key)
        if len(dist) > limit:
            raise _too_many(board, limit)
    return KeyedResult(None, len(dist))
