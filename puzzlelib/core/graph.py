"""The state graph: every arrangement of the tiles is a node, every move an edge.

Two views of it:

* :func:`state_graph` builds a :mod:`networkx` graph, small enough to draw
  and inspect (up to about 8 cells comfortably).
* :func:`component_labels` works on numpy arrays indexed by Lehmer rank, so
  it can count the components of the 3 x 3 and 2 x 5 boards (362,880 and
  3,628,800 nodes) in seconds.

Its degrees are the branching factor a search meets: :func:`branching_factor`.
"""

from __future__ import annotations

from math import factorial
from typing import NamedTuple

import numpy as np

from puzzlelib.core.board import Board, check_shape, neighbor_table, resolve_goal, successors
from puzzlelib.core.door import door, keyword_only
from puzzlelib.core.encoding import all_permutations, permutation_rows, rank_rows
from puzzlelib.core.generate import fix_by_swap
from puzzlelib.core.limits import (ARRAY_BYTES_PER_NODE, GRAPH_BYTES_PER_NODE, MAX_GRAPH_NODES, TooLargeError, check_max_nodes, format_bytes,
                     log10_factorial, refuse_over_budget)

__all__ = ["state_graph", "slides", "move_edges", "move_graph", "component_labels", "count_components",
           "Branching", "branching_factor"]


def _component_roots(rows: int, cols: int, goal: Board) -> list[Board]:
    """One board per component: the goal, and for m, n >= 2 the goal with two tiles swapped."""
    if rows == 1 or cols == 1 or rows * cols < 3:
        return [goal]
    return [goal, fix_by_swap(goal)]


def _graph_nodes(rows: int, cols: int, max_nodes, what: str) -> tuple[int, int | None]:
    """(nodes, limit): (mn)! checked against ``max_nodes`` and the memory budget, refused up front from logarithms.

    ``max_nodes`` (default :data:`~puzzlelib.core.limits.MAX_GRAPH_NODES`) may ask for more than the default, never
    for more than the memory budget holds at :data:`~puzzlelib.core.limits.GRAPH_BYTES_PER_NODE` bytes a node.
    """
    limit = check_max_nodes(max_nodes, MAX_GRAPH_NODES)
    k = rows * cols
    digits = log10_factorial(k)
    if digits > 15:                          # no memory holds 10^15 nodes: refuse without the exact count
        raise TooLargeError(f"the {rows} x {cols} {what} has about 10^{digits:,.0f} nodes, about "
                            f"10^{digits + 3:,.0f} bytes as networkx, far more than any memory; "
                            "use component_labels() for boards up to 3 x 4")
    n = factorial(k)
    refuse_over_budget(n * GRAPH_BYTES_PER_NODE, f"the {rows} x {cols} {what} has {n:,} nodes, about "
                       f"{format_bytes(n * GRAPH_BYTES_PER_NODE)} as networkx; use component_labels() for large boards")
    if n > limit:
        more = (f" (the default; pass max_nodes={n:,} to build it, about {n // 60_000 + 1} s)"
                if max_nodes is None else "")
        raise TooLargeError(f"the {rows} x {cols} {what} has {n:,} nodes, more than max_nodes={limit:,}{more}. "
                            "Use component_labels() for large boards")
    return n, limit


@keyword_only("goal")
def state_graph(rows: int, cols: int, *, goal=None, max_nodes: int | None = None):
    """All (mn)! boards as a networkx graph; an edge joins boards one move apart.

    Nodes are Lehmer ranks (see :func:`~puzzlelib.core.encoding.rank`). Each node has:

    * ``board``: the :class:`~puzzlelib.core.board.Board`;
    * ``solvable``: whether it can reach ``goal`` (default: blank last);
    * ``component``: ``"solvable"`` or ``"unsolvable"``;
    * ``distance``: moves to the goal, or None where the goal can't be reached;
    * ``layer``: moves to its component's root (the goal, or the goal with its
      first two tiles swapped), used to draw the graph layer by layer.

    >>> import networkx as nx
    >>> G = state_graph(2, 2)
    >>> G.number_of_nodes(), G.number_of_edges(), nx.number_connected_components(G)
    (24, 24, 2)
    >>> G.nodes[0]["board"], G.nodes[0]["component"]
    (Board([[0, 1], [2, 3]]), 'unsolvable')
    """
    import networkx as nx

    from puzzlelib.core.bfs import bfs_layers

    rows, cols = check_shape(rows, cols)
    goal = resolve_goal(goal, (rows, cols))
    n, _ = _graph_nodes(rows, cols, max_nodes, "state graph")
    k = rows * cols
    # every arrangement in rank order, so a tile tuple's rank is one dict look-up (not a Lehmer code each time)
    ranks = {tuple(p): r for r, p in enumerate(all_permutations(k).tolist())} if k > 1 else {(0,): 0}
    distance: dict[tuple, int] = {}
    layer_of: dict[tuple, int] = {}
    for root in _component_roots(rows, cols, goal):
        for layer in bfs_layers(root):
            for s in layer.states:
                layer_of.setdefault(s, layer.depth)
                if root == goal:
                    distance[s] = layer.depth
    G = nx.Graph(rows=rows, cols=cols, goal=goal)
    table = neighbor_table(rows, cols)
    for tiles, r in ranks.items():
        d = distance.get(tiles)                   # the boards BFS reaches from the goal are the solvable ones
        G.add_node(r, board=Board._trusted(rows, cols, tiles), solvable=d is not None,
                   component="unsolvable" if d is None else "solvable", distance=d,
                   layer=layer_of.get(tiles))     # 1 x n boards have components that neither root reaches
    G.add_edges_from((r, ranks[t]) for tiles, r in ranks.items() for t in successors(tiles, table))
    return G


# --- the array view ------------------------------------------------------------

def slides(rows: int, cols: int, perms: np.ndarray):
    """Every move of every board in ``perms``, grouped by where the blank is and where it goes.

    Yields ``(i, j, src, after)``: the blank moves from cell ``i`` to cell
    ``j``; ``src`` are the row numbers of ``perms`` with the blank in ``i``,
    and ``after`` holds those boards after the move, one per row.

    >>> i, j, src, after = next(slides(2, 2, all_permutations(4)))
    >>> (i, j), len(src), after[0].tolist()
    ((0, 2), 6, [2, 1, 0, 3])
    """
    rows, cols = check_shape(rows, cols)
    perms = permutation_rows(perms)
    if perms.shape[1] != rows * cols:
        raise ValueError(f"perms has rows of {perms.shape[1]} values, but a {rows} x {cols} board has {rows * cols}")
    blank = np.argmin(perms, axis=1)
    for i in range(rows * cols):
        src = np.flatnonzero(blank == i)
        for j in neighbor_table(rows, cols)[i]:
            after = perms[src].copy()
            after[:, i] = after[:, j]
            after[:, j] = 0
            yield i, j, src, after


def move_edges(rows: int, cols: int, perms: np.ndarray | None = None):
    """For each direction the blank can move, the pair of rank arrays (from, to).

    Within one direction each board appears at most once in ``from``.

    >>> [len(src) for src, dst in move_edges(2, 2)]
    [12, 12, 12, 12]
    """
    rows, cols = check_shape(rows, cols)
    if perms is None:
        perms = all_permutations(rows * cols)
    by_direction: dict[int, tuple[list, list]] = {}
    for i, j, src, after in slides(rows, cols, perms):
        sources, targets = by_direction.setdefault(j - i, ([], []))
        sources.append(src)
        targets.append(rank_rows(after))
    return [(np.concatenate(sources), np.concatenate(targets)) for sources, targets in by_direction.values()]


def move_graph(rows: int, cols: int, *, max_nodes: int | None = None):
    """The bare state graph as networkx: nodes are ranks 0..(mn)!-1, no attributes.

    Built from :func:`move_edges`, so it is much faster than :func:`state_graph`.

    >>> import networkx as nx
    >>> nx.number_connected_components(move_graph(2, 4))
    2
    """
    import networkx as nx

    rows, cols = check_shape(rows, cols)
    n, _ = _graph_nodes(rows, cols, max_nodes, "move graph")
    G = nx.Graph(rows=rows, cols=cols)
    G.add_nodes_from(range(n))
    for src, dst in move_edges(rows, cols):
        G.add_edges_from(zip(src.tolist(), dst.tolist()))
    return G


def _component_labels_args(args: dict) -> None:
    rows, cols = args["rows"], args["cols"] = check_shape(args["rows"], args["cols"])
    k = rows * cols
    if log10_factorial(k) > 15:
        raise TooLargeError(f"component_labels({rows}, {cols}) would need arrays for about "
                            f"10^{log10_factorial(k):,.0f} nodes; it works up to 3 x 4")
    n = factorial(k)
    need = n * (ARRAY_BYTES_PER_NODE + k)
    refuse_over_budget(need, f"component_labels({rows}, {cols}) needs arrays for {n:,} nodes, "
                             f"about {format_bytes(need)}")


@door(_component_labels_args)
def component_labels(rows: int, cols: int) -> np.ndarray:
    """For every rank, the smallest rank in its connected component.

    Min-label propagation over numpy arrays: each node repeatedly takes the
    smallest label among itself and its neighbours, with pointer jumping
    (``label = label[label]``) to spread labels faster, until nothing changes.
    Refused up front when the arrays would not fit in the memory budget.

    >>> np.unique(component_labels(2, 2)).tolist()
    [0, 1]
    """
    edges = move_edges(rows, cols)
    labels = np.arange(factorial(rows * cols), dtype=np.int64)
    while True:
        before = labels.copy()
        for src, dst in edges:  # within one direction each node appears once in src
            labels[src] = np.minimum(labels[src], labels[dst])
        labels = labels[labels]
        labels = labels[labels]
        if np.array_equal(labels, before):
            return labels


def count_components(rows: int, cols: int) -> int:
    """Number of connected components of the state graph, computed on arrays.

    >>> count_components(2, 3), count_components(1, 3)
    (2, 2)
    """
    return len(np.unique(component_labels(rows, cols)))


class Branching(NamedTuple):
    """A board's average branching factor, with and without the move that undoes the last one."""

    average: float
    """Moves from a board, averaged over all boards (every cell equally likely to hold the blank)."""
    forward: float
    """The same less the move back: what a search that never undoes a move meets, on average."""


def branching_factor(rows: int, cols: int) -> Branching:
    """Measure the average branching factor of the ``rows`` x ``cols`` puzzle.

    A board has as many moves as its blank has neighbouring cells: 2 in a
    corner, 3 on an edge, 4 inside. Over all boards every cell holds the
    blank equally often, so the average is the sum of those counts over the
    cells, divided by the number of cells: ``(4mn - 2m - 2n) / (mn)``, since
    each of the ``m(n-1) + n(m-1)`` pairs of touching cells gives a move in
    both directions. Every board but the start was reached by a move, and
    one of its moves undoes it: ``forward`` is one less.

    >>> b = branching_factor(3, 3)    # 24 moves from 9 cells
    >>> round(b.average, 2), round(b.forward, 2)
    (2.67, 1.67)
    >>> branching_factor(4, 4)
    Branching(average=3.0, forward=2.0)
    """
    rows, cols = check_shape(rows, cols)
    up_down = [(r > 0) + (r < rows - 1) for r in range(rows)]        # vertical moves from a cell in row r
    left_right = [(c > 0) + (c < cols - 1) for c in range(cols)]     # horizontal moves from a cell in column c
    moves = cols * sum(up_down) + rows * sum(left_right)             # summed over all rows * cols cells
    average = moves / (rows * cols)
    return Branching(average, max(0.0, average - 1))
