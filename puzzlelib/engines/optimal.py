"""Shortest solutions for any board, with the search that suits its size.

* Boards whose table fits (:func:`~puzzlelib.core.limits.solved_by_table`: 3 x 3,
  2 x 4 and smaller, one row or column): one BFS from the goal gives every
  board's distance; it is kept, and a shortest path walks downhill through it.
* Up to 16 cells (the 15-puzzle, 3 x 5, 2 x 6, ...): IDA* with an additive
  pattern database, shipped with the package for the player's 4 x 4 goals,
  else loaded from the cache or built once (half a minute for the 15-puzzle). It
  is kept in memory once loaded.
* Larger boards: IDA* with Manhattan distance, within a node budget, since
  hard boards of that size are out of reach of Python.

An unreachable goal is recognised at once by the parity rule.
"""

from __future__ import annotations

import threading
import warnings

from puzzlelib.core.door import keyword_only
from puzzlelib.core.board import Board, as_board, board_and_goal
from puzzlelib.core.heuristics import manhattan
from puzzlelib.engines.ida import _ida_star_checked
from puzzlelib.core.errors import check_flag
from puzzlelib.core.limits import PDB_MAX_CELLS, check_max_nodes, solved_by_table
from puzzlelib.engines.pdb import PatternDatabase, is_available
from puzzlelib.core.pdb import default_partition
from puzzlelib.engines.tables import _distance_dict
from puzzlelib.core.solvability import _solvable
from puzzlelib.engines.storage import DamagedFileWarning

__all__ = ["distance_table", "best_heuristic", "solve_optimal", "is_path"]


def distance_table(goal) -> dict:
    """Every board's distance to ``goal`` (a BFS, made once per goal and kept), keyed by tiles.

    The dict is yours: changing it changes no later answer (the kept one stays in
    :mod:`puzzlelib.engines.tables`).

    >>> table = distance_table(Board.goal(2, 3))
    >>> table[Board([[4, 1, 2], [5, 0, 3]]).tiles]
    5
    >>> table[Board.goal(2, 3).tiles] = 99; distance_table(Board.goal(2, 3))[Board.goal(2, 3).tiles]
    0
    """
    return dict(_distance_dict(as_board(goal, "goal")))


def best_heuristic(goal, *, build: bool = True, progress: bool = True):
    """The strongest heuristic on hand for ``goal``: a pattern database if possible, else Manhattan.

    With ``build=False`` a pattern database is used only if it is already
    in the cache.

    >>> best_heuristic(Board.goal(5, 5)).__name__
    'manhattan'
    """
    goal = as_board(goal, "goal")
    return _best_heuristic(goal, check_flag(build, "build"), check_flag(progress, "progress"))


def _best_heuristic(goal: Board, build: bool, progress: bool):
    """The core of :func:`best_heuristic`, on a checked goal."""
    loaded = _DATABASES.get(goal)
    if loaded is not None:                      # loaded already: no need to look for its files again
        return loaded
    if goal.rows * goal.cols <= PDB_MAX_CELLS and min(goal.shape) > 1:
        if build or is_available(goal):
            return _database(goal, progress)
    return manhattan


_DATABASES: dict[Board, PatternDatabase] = {}
_DATABASES_LOCK = threading.Lock()


def _database(goal: Board, progress: bool) -> PatternDatabase:
    """The default pattern database for ``goal``, loaded (or built) once per kernel and kept (the last 4).

    A lock makes a second thread (the player preparing in the background) wait for the first load.
    """
    with _DATABASES_LOCK:
        pdb = _DATABASES.get(goal)
        if pdb is None:
            pdb = PatternDatabase(goal, default_partition(goal), progress=progress)
            if len(_DATABASES) >= 4:
                _DATABASES.pop(next(iter(_DATABASES)))
            _DATABASES[goal] = pdb
        return pdb


@keyword_only("goal")
def solve_optimal(start, *, goal=None, max_nodes: int | None = None, build: bool = True,
                  progress: bool = True) -> list[Board] | None:
    """A shortest list of boards from ``start`` to ``goal`` (both included), or None if unreachable.

    The method depends on the board's size (see the module's description).
    ``max_nodes`` caps the nodes IDA* may expand (default:
    :func:`~puzzlelib.engines.ida.ida_default_max_nodes`:
    :data:`~puzzlelib.core.limits.SMALL_BOARD_MAX_NODES` up to 16 cells (98 of Korf's 100 with the pattern
    databases; ask for more for the hardest), :data:`~puzzlelib.core.limits.LARGE_BOARD_MAX_NODES` beyond, less on boards of over 1,024 cells, where
    each node costs more); over the cap it raises
    :class:`~puzzlelib.core.errors.NodeLimitError`. ``build=False`` never
    builds a pattern database (it uses one only if cached).

    A path found with a pattern database is checked before it is returned
    (it starts at ``start``, ends at ``goal``, and each step is a legal
    move). A path that fails, which only a wrong table can cause, is never
    returned: after a :class:`~puzzlelib.engines.storage.DamagedFileWarning` the
    search runs again with the tables rebuilt (saved over the cached ones),
    or with Manhattan distance when ``build=False``.

    >>> len(solve_optimal(Board([[4, 1, 2], [5, 0, 3]]))) - 1
    5
    >>> solve_optimal(Board([[1, 2, 3], [5, 4, 0]])) is None
    True
    """
    start, goal = board_and_goal(start, goal, "start")
    check_max_nodes(max_nodes)                   # checked on every path, even where no search needs it
    build, progress = check_flag(build, "build"), check_flag(progress, "progress")
    if not _solvable(start, goal):
        return None
    return _solve_checked(start, goal, max_nodes, None, build, progress)


def _solve_checked(start: Board, goal: Board, max_nodes, heuristic, build: bool, progress: bool) -> list[Board]:
    """The core of :func:`solve_optimal`: ``start`` and ``goal`` checked, the goal reachable, ``max_nodes``
    checked; ``heuristic`` the one :func:`best_heuristic` chose, or None to choose it here. Nothing is
    validated again on the way (the player calls this after its own checks)."""
    if solved_by_table(start.rows, start.cols):
        table = _distance_dict(goal)
        path = [start]
        while path[-1] != goal:
            d = table[path[-1].tiles]
            path.append(next(n for n in path[-1].neighbors() if table[n.tiles] == d - 1))
        return path
    # beyond 16 cells IDA* searches within its default budget (ida_default_max_nodes): a board near its goal
    # is solved whatever its size, a far one refused with NodeLimitError once that budget runs out
    if heuristic is None:
        heuristic = _best_heuristic(goal, build, progress)
    path = _ida_star_checked(start, goal, heuristic, max_nodes).path
    if isinstance(heuristic, PatternDatabase) and not _is_path(path, start, goal):
        # Only a wrong table can do this (one that passed the cache's checks); never return the path.
        warnings.warn(f"the pattern database for the {goal.rows} x {goal.cols} goal {goal.grid} gave a path "
                      f"that does not {'reach the goal' if path[-1] != goal else 'follow legal moves'}; "
                      + ("rebuilding it" if build else "using Manhattan distance instead"),
                      DamagedFileWarning, stacklevel=3)
        with _DATABASES_LOCK:
            _DATABASES.pop(goal, None)              # never kept: the next solve loads the tables afresh
        heuristic = (PatternDatabase(goal, heuristic.partition, progress=progress, rebuild=True) if build
                     else manhattan)
        path = _ida_star_checked(start, goal, heuristic, max_nodes).path
        if not _is_path(path, start, goal):
            raise RuntimeError(f"IDA* returned a path from {start.grid} that is not a solution")
    return path


def is_path(path, start, goal) -> bool:
    """True when ``path`` runs from ``start`` to ``goal`` by legal moves (the blank slides one cell each time).

    >>> b = Board([[1, 2, 3], [4, 0, 5]])
    >>> is_path([b, Board.goal(2, 3)], b, Board.goal(2, 3)), is_path([b, b], b, b)
    (True, False)
    """
    if isinstance(path, (str, bytes)) or not isinstance(path, (list, tuple)):
        raise TypeError(f"path must be a list of Boards, got {type(path).__name__}")
    if not all(isinstance(b, Board) for b in path):
        raise TypeError("path must be a list of Boards; it holds something else")
    path = [as_board(b, f"path[{i}]") for i, b in enumerate(path)]
    start, goal = as_board(start, "start"), as_board(goal, "goal")
    return _is_path(path, start, goal)


def _is_path(path: list[Board], start: Board, goal: Board) -> bool:
    """:func:`is_path` on checked Boards."""
    return (bool(path) and path[0] == start and path[-1] == goal
            and all(b in a.neighbors() for a, b in zip(path, path[1:])))
