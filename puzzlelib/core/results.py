"""The one result of a search that finds a path: what it found and what it cost.

Every path-finding search in :mod:`puzzlelib.core` and :mod:`puzzlelib.engines` returns a
:class:`SearchResult` (the AIMA-style :func:`~puzzlelib.core.generic.graph_search`,
:func:`~puzzlelib.core.informed.astar` and :func:`~puzzlelib.engines.ida.ida_star`),
with the columns of a complexity table named the same way everywhere:

* ``expanded``: nodes whose successors were generated;
* ``generated``: successors made, repeats included (the start is not counted);
* ``max_frontier``: the most entries waiting to be expanded at once (for
  IDA*, which keeps only the current path, the deepest path it held);
* ``seconds``: wall-clock time.

Two records are not path results and stay their own types: a BFS layer
(:class:`~puzzlelib.core.bfs.Layer`, one row of a layer table, with the
same ``expanded``/``generated`` words) and a whole-space measurement
(:class:`~puzzlelib.engines.frontier.FrontierResult`, layer sizes and no path).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["SearchResult"]


@dataclass(frozen=True)
class SearchResult:
    """A path a search found, and what finding it cost: one row of a complexity table.

    >>> from puzzlelib import Board
    >>> from puzzlelib.core.informed import astar
    >>> r = astar(Board([[4, 1, 2], [5, 0, 3]]))
    >>> r.moves, r.expanded, r.generated, r.max_frontier, r.heuristic
    (5, 5, 12, 4, 'manhattan')
    """

    path: list
    """The states from the start to the goal, both included."""
    expanded: int
    """Nodes whose successors were generated (not the goal node, not stale entries)."""
    generated: int
    """Successor nodes made, repeats included; the start is not counted."""
    max_frontier: int
    """The most entries the frontier held at once (IDA*: the longest path it held)."""
    seconds: float = field(default=0.0, compare=False)
    """Wall-clock time of the search."""
    actions: list | None = None
    """The actions (tiles slid) along the path, for searches that keep them (graph_search)."""
    cost: float | None = None
    """The path cost, for searches over a problem with action costs (graph_search)."""
    reached: int | None = None
    """Distinct states stored when the search stopped, for searches that store them all."""
    heuristic: str = ""
    """The name of the heuristic used, for informed searches."""

    @property
    def moves(self) -> int:
        """The number of moves in the solution."""
        return len(self.path) - 1
