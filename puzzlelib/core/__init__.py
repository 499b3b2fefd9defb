"""The lesson core: the board, its encodings, solvability, generating boards, the state graph and the plain
searches, each written as the algorithm (a student reads a module top to bottom).

Each function checks its arguments once, at its door (:mod:`~puzzlelib.core.door`), and its body is the
algorithm. Nothing here imports the engines, the course, the pictures or the player: the core stands alone.

* :mod:`~puzzlelib.core.board`: the board, its moves and the blank's adjacency.
* :mod:`~puzzlelib.core.encoding`: a board as a base-(mn) key and as a Lehmer rank, and back.
* :mod:`~puzzlelib.core.solvability`: inversions, the blank's row, and the parity rule.
* :mod:`~puzzlelib.core.generate`: random, scrambled and swapped boards.
* :mod:`~puzzlelib.core.graph`: the state graph (networkx) and its two components.
* :mod:`~puzzlelib.core.generic`: the problem stated formally, one graph-search skeleton; BFS, DFS,
  uniform-cost search and A* differ only in the frontier.
* :mod:`~puzzlelib.core.bfs`: breadth-first search on tuples: fewest moves, paths, layers, distances.
* :mod:`~puzzlelib.core.heuristics`: misplaced tiles, Manhattan distance, linear conflict.
* :mod:`~puzzlelib.core.informed`: A* and IDA*, and the sizes of the trees they search.
* :mod:`~puzzlelib.engines.pdb`: additive pattern databases: building one by a BFS over patterns.
* :mod:`~puzzlelib.core.constructive`: the row-by-row solver that proves the parity rule sufficient.
* The doors' own modules: :mod:`~puzzlelib.core.door` (checks once, at the door),
  :mod:`~puzzlelib.core.errors`, :mod:`~puzzlelib.core.limits` (memory budget and node limits),
  :mod:`~puzzlelib.core.guards` (the refusals), :mod:`~puzzlelib.core.results` (``SearchResult``);
  and data: :mod:`~puzzlelib.core.palette` (colours), :mod:`~puzzlelib.core.reference` (published tables).
"""

__all__: list[str] = []
