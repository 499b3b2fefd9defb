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
   checker ``check``/``hint``/``reveal`` (answers out of sight, see :mod:`puzzlelib.exercises`).

Everything else is imported from the module that holds the idea: the
subpackages ``puzzlelib.search`` (BFS, frontier search, heuristics, pattern
databases, A*/IDA*, the constructive solver), ``puzzlelib.player`` (the
widgets) and ``puzzlelib.exercises`` (the exercise checker and each notebook's
exercises), and the modules ``board``, ``encoding``, ``solvability``,
``generate``, ``errors``, ``limits``, ``space``, ``graph``, ``palette``, ``draw``,
``reference`` and ``notebook``.

>>> from puzzlelib import Board, min_moves, is_solvable
>>> b = Board([[4, 1, 2], [5, 0, 3]])
>>> is_solvable(b), min_moves(b)
(True, 5)
"""

from .board import Board
from .encoding import from_key, rank, to_key, unrank
from .solvability import explain, inversions, is_solvable
from .generate import random_solvable, scramble
from .errors import PuzzleError, TooLargeError
from .search.bfs import bfs_layers, distances, min_moves, shortest_path
from .search.dispatch import distance_counts, farthest
from .graph import state_graph
from .draw import draw_board, draw_path, draw_state_graph
from .notebook import show_source
from .exercises import check, hint, reveal

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
        from .search.optimal import solve_optimal
        globals()["solve_optimal"] = solve_optimal
        return solve_optimal
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | {"solve_optimal"})
