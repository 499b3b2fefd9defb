"""What several notebooks' exercises share: cached BFS distances, notebook 05's starts, small answer helpers.

>>> len(_dist(Board.goal(2, 2)))
12
"""

from __future__ import annotations

import random
import sys

from puzzlelib.core.memo import memo
from puzzlelib.core.board import Board
from puzzlelib.core.heuristics import compile_heuristic, manhattan
from puzzlelib.core.bfs import bfs_layers
from puzzlelib.engines.tables import distances

__all__: list[str] = []


@memo(items=None)
def _distances_from(grid: tuple) -> dict:
    return distances(Board([list(row) for row in grid]))


def _dist(goal: Board) -> dict:
    """The distance of every board that reaches ``goal`` (tiles -> moves), computed once per goal."""
    return _distances_from(tuple(map(tuple, goal.grid)))


def _first_at(goal: Board, depth: int) -> Board:
    """The first board ``depth`` moves from ``goal`` in the search's order: the board
    ``next(t for t, d in _dist(goal).items() if d == depth)`` gives, without searching past that depth.

    >>> _first_at(Board.goal(2, 3), 21) == Board.from_tiles(next(t for t, d in _dist(Board.goal(2, 3)).items() if d == 21), 2, 3)
    True
    """
    for layer in bfs_layers(goal):
        if layer.depth == depth:
            return Board.from_tiles(next(iter(layer.states)), goal.rows, goal.cols)
    raise ValueError(f"no board is {depth} moves from this goal")


_STARTS_05 = {
    "start1": Board([[13, 2, 10, 3], [1, 12, 8, 4], [5, 0, 9, 6], [15, 14, 11, 7]]),
    "start2": Board([[0, 1, 2, 3], [4, 5, 6, 8], [14, 7, 11, 10], [9, 15, 12, 13]]),
    "start3": Board([[6, 13, 7, 10], [8, 9, 11, 0], [15, 2, 12, 5], [14, 3, 1, 4]]),
    "start4": Board([[3, 9, 1, 15], [14, 11, 4, 6], [13, 0, 10, 12], [2, 7, 8, 5]]),
    "start5": Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]]),
}
"""The five 15-puzzle starts of notebook 05 (a German notebook's ``start1`` ... ``start5``); 03 uses two."""


def _blank_counted_inversions(tiles) -> int:
    """The pairs out of order with the blank counted as a tile: the mistake, and, on blank-free tiles, the count."""
    return sum(1 for i, a in enumerate(tiles) for b in tiles[i + 1:] if a > b)


def _frozen_to_set(x):
    return set(x) if isinstance(x, frozenset) else x


def _shuffled(cases: list, seed: int, sizes) -> list:
    """``cases`` plus one seeded shuffle of ``range(k)`` for each ``k`` in ``sizes``."""
    rng = random.Random(seed)
    for k in sizes:
        t = list(range(k))
        rng.shuffle(t)
        cases.append(tuple(t))
    return cases


# --- notebook 08: the heuristics handed to a student's search -------------------------------------

_GOAL3 = Board.goal(3, 3)


@memo(items=None)
def _pdb3(mirror: bool):
    from puzzlelib.engines.pdb import PatternDatabase     # here, so that importing puzzlelib does not build tables
    return PatternDatabase(_GOAL3, mirror=mirror, cache=False, progress=False)


@memo(items=None)
def _manhattan_value(rows: int, cols: int):
    return compile_heuristic(manhattan, Board.goal(rows, cols)).value


def _frames() -> int:
    frame, n = sys._getframe(), 0
    while frame is not None:
        frame, n = frame.f_back, n + 1
    return n


_I_RECURSION = ("your search goes one Python call deeper for every move: this exercise asks for a stack of your own "
                "(a list of the moves still to try), not recursion")


class _Heuristic:
    """A heuristic ``h(board)`` handed to the student's search. It crosses into the sandbox by name (pickled
    as its name), and it shows as the name the notebook uses: ``manhattan``, ``pdb3`` (the notebook's pattern
    database with its mirror) or ``blank_distance``. With ``flat``, it raises RecursionError when it is called
    from more than a few Python calls deeper than its first call: a search that calls itself once per move."""

    def __init__(self, name: str, flat: bool = False):
        self.name, self.flat, self._root = name, flat, None

    def __call__(self, board):
        if self.flat:
            depth = _frames()
            if self._root is None:
                self._root = depth
            elif depth > self._root + 12:
                raise RecursionError(_I_RECURSION)
        if self.name == "pdb3":
            return _pdb3(True)(board)
        if self.name == "manhattan":
            return _manhattan_value(board.rows, board.cols)(board.tiles)
        r, c = board.blank                                  # blank_distance: the blank's taxicab distance home
        return (board.rows - 1 - r) + (board.cols - 1 - c)

    def __repr__(self):
        return self.name

    def __reduce__(self):
        return (_Heuristic, (self.name, self.flat))


# --- 08.4 and 08.5: the reference A* runs ----------------------------------------------------------

_REOPEN_STARTS = (Board([[4, 8, 6], [2, 7, 1], [0, 5, 3]]), Board([[0, 6, 3], [8, 5, 4], [7, 2, 1]]),
                  Board([[5, 2, 4], [7, 6, 0], [8, 1, 3]]), Board([[1, 7, 4], [3, 8, 0], [5, 2, 6]]))
"""3 x 3 starts from which A* with the notebook's database and its mirror expands boards again."""
_CLOSED_STARTS = (Board([[4, 8, 6], [2, 7, 1], [0, 5, 3]]), Board([[1, 7, 4], [3, 8, 0], [5, 2, 6]]),
                  Board([[8, 0, 2], [7, 5, 4], [3, 6, 1]]))
"""3 x 3 starts from which A* with that database, never reopening a board, returns another path than with
reopening (of the same length: none of them answers exercise 5)."""


def _astar_run(start: Board, reopen: bool = True) -> tuple[list, int]:
    """(path, reopened) of A* by exercise 4's rules with the notebook's database and its mirror: the reference
    both 08.4's and 08.5's checks compare with. It is the teaching astar_search of section 4 (the same ties:
    the smaller h, then the board pushed first; successors in ``neighbors()`` order) on a problem that
    records each expansion (it asks ``actions`` once per expansion) and, without reopening, leaves out the
    moves to a board expanded before. A test checks it against the reference solution of 08.4 on 150 starts."""
    from puzzlelib.core.generic import SlidingPuzzleProblem, astar_search

    expanded: list = []
    closed: set = set()

    class Recording(SlidingPuzzleProblem):
        def actions(self, state):
            tiles = super().actions(state)
            if not reopen:
                tiles = [t for t in tiles if state.slide(t) not in closed]
            expanded.append(state)
            closed.add(state)
            return tiles

    result = astar_search(Recording(start, _GOAL3), heuristic=_pdb3(True))
    return result.path, len(expanded) - len(closed)
