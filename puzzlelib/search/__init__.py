"""Search: every way this collection finds a path or measures a state space.

One module per idea, from the plain to the clever, with two shared by all:
:mod:`~puzzlelib.search.results` (``SearchResult``, the one result of a path
search) and :mod:`~puzzlelib.search.guards` (every refusal).

* :mod:`~puzzlelib.search.generic`: the problem stated formally and one graph-search
  skeleton; BFS, DFS, uniform-cost search and A* differ only in the frontier.
* :mod:`~puzzlelib.search.bfs`: breadth-first search on tuples (the teaching
  reference): fewest moves, shortest paths, layers, distances, DFS, and BFS
  over integer keys. Its docstring lists the five BFSs and the role of each.
* :mod:`~puzzlelib.search.frontier`: frontier search over packed 64-bit
  words, the engine behind ``distance_counts`` and ``farthest``.
* :mod:`~puzzlelib.search.distributed`: the same frontier search on a Dask
  cluster (partitions by hash, expanded and merged as tasks); needs the
  cluster extra, and only its search imports Dask.
* :mod:`~puzzlelib.search.dispatch`: ``distance_counts`` and ``farthest``,
  which pick the engine for the board (frontier search, or the plain BFS).
* :mod:`~puzzlelib.search.bitarray`: BFS on bit arrays indexed by Lehmer rank.
* :mod:`~puzzlelib.search.heuristics`: misplaced tiles, Manhattan distance,
  linear conflict, and the additive tables they compile to.
* :mod:`~puzzlelib.search.pdb`: additive pattern databases, cached on disk.
* :mod:`~puzzlelib.search.informed`: A* and IDA*.
* :mod:`~puzzlelib.search.optimal`: ``solve_optimal``, the best exact solver
  for the board's size.
* :mod:`~puzzlelib.search.constructive`: the row-by-row solver that proves
  every board passing the parity test can be solved.

Import from the module that holds the idea, e.g.
``from puzzlelib.search.frontier import frontier_search``.
"""

__all__ = []
