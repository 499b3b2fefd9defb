"""puzzlelib: the helper package behind *Sliding Puzzles, Explained*.

The names here are the ones a student needs first. They are listed by layer,
each layer using only the ones above it:

1. the board and its encodings: ``Board``, ``to_key``/``from_key``, ``rank``/``unrank``;
2. solvability: ``inversions``, ``is_solvable``, ``explain``;
3. generating boards: ``random_solvable``, ``scramble``;
4. search: ``min_moves``, ``shortest_path``, ``bfs_layers``, ``distances``,
   ``distance_counts``, ``farthest``, ``solve_optimal``;
5. the state graph and pictures: ``state_graph``, ``draw_board``, ``draw_path``,
   ``draw_state_graph``;
6. errors and notebook helpers: ``PuzzleError``, ``TooLargeError``, ``show_source``, and the exercise
   checker ``check``/``hint``/``reveal`` (answers out of sight, see :mod:`puzzlelib.course.exercises`).

Everything else is imported from the module that holds the idea, in the layer of its audience (imports
go one way, downward, and a test keeps them so):

* ``puzzlelib.core``: the lesson, readable top to bottom: the board and its encodings, solvability,
  generating boards, the state graph, and the plain searches (BFS, DFS, the generic graph search, A*,
  IDA*, the heuristics, building a pattern database, the constructive solver), each checked at its door;
* ``puzzlelib.engines``: the same searches faster or bigger (frontier search, bit arrays, the compiled
  IDA*, the Dask search, ``solve_optimal``, shipped tables, the files that keep results);
* ``puzzlelib.draw`` (the pictures), ``puzzlelib.player`` (the widgets) and ``puzzlelib.course`` (the
  exercises and their checker, the evidence behind the notebooks' checks, the notebook helpers).

The old module names (``puzzlelib.search.bfs``, ``puzzlelib.board``, ...) still work, with a
``DeprecationWarning`` naming the new one (:mod:`puzzlelib._moved`).

>>> from puzzlelib import Board, min_moves, is_solvable
>>> b = Board([[4, 1, 2], [5, 0, 3]])
>>> is_solvable(b), min_moves(b)
(True, 5)
"""

from puzzlelib import _moved
from puzzlelib.core.board import Board
from puzzlelib.core.encoding import from_key, rank, to_key, unrank
from puzzlelib.core.solvability import explain, inversions, is_solvable
from puzzlelib.core.generate import random_solvable, scramble
from puzzlelib.core.errors import PuzzleError, TooLargeError
from puzzlelib.core.bfs import bfs_layers, min_moves, shortest_path
from puzzlelib.engines.tables import distances
from puzzlelib.engines.dispatch import distance_counts, farthest
from puzzlelib.core.graph import state_graph
from puzzlelib.draw import draw_board, draw_path, draw_state_graph
from puzzlelib.course.notebook import show_source
from puzzlelib.course.exercises import check, hint, reveal

_moved.install()

__all__ = [
    "Board", "to_key", "from_key", "rank", "unrank",
    "inversions", "is_solvable", "explain",
    "random_solvable", "scramble",
    "min_moves", "shortest_path", "bfs_layers", "distances", "distance_counts", "farthest", "solve_optimal",
    "state_graph", "draw_board", "draw_path", "draw_state_graph",
    "PuzzleError", "TooLargeError", "show_source", "check", "hint", "reveal",
]


def __getattr__(name: str):
    """``solve_optimal`` is imported when first asked for: its IDA* brings numba, a tenth of a second
    that a notebook without IDA* need not wait for."""
    if name == "solve_optimal":
        from puzzlelib.engines.optimal import solve_optimal
        globals()["solve_optimal"] = solve_optimal
        return solve_optimal
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | {"solve_optimal"})
