"""Search: every way this collection finds a path or measures a state space.

One module per idea, from the plain to the clever:

* :mod:`~puzzlelib.search.generic`: the problem stated formally and one graph-search
  skeleton; BFS, DFS, uniform-cost search and A* differ only in the frontier.
* :mod:`~puzzlelib.search.bfs`: breadth-first search on tuples (the teaching
  reference): fewest moves, shortest paths, layers, distances, DFS, and BFS
  over integer keys.
* :mod:`~puzzlelib.search.frontier`: frontier search over packed 64-bit
  words, the engine behind ``distance_counts`` and ``farthest``.
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
