"""Exercises of notebook 02, breadth-first search: moves, a layer and the edges by hand (02.1-02.3), then bfs_path (02.4)."""

from __future__ import annotations

import numbers

from ..board import Board
from ..search.bfs import min_moves
from ..search.dispatch import distance_counts
from ..solvability import is_solvable
from .engine import Mistake, _call, _fail, _Fail, _function_exercise, _is_bool, _register, _short, _Step
from .fixtures import _dist
from .solutions import FLAWED, SOLUTIONS

__all__: list[str] = []

_BOARD_02 = Board([[2, 0, 3], [1, 4, 5]])


def _edges(rows: int, cols: int) -> int:
    return sum(len(Board.from_tiles(t, rows, cols).neighbors()) for t in _dist(Board.goal(rows, cols))) // 2


def _edges_2x4() -> int:
    return _edges(2, 4)


_register(
    id="02.1", title="Predict the fewest moves", level="warm-up", minutes=5, kind="value",
    solution=lambda: min_moves(_BOARD_02),
    hint="move the blank so that 1 and 2 go home first; the answer has the parity of the blank's taxicab "
         "distance to its goal cell.",
    why="a short sequence exists, and the checkerboard argument rules out anything shorter.",
    mistakes=(
        Mistake(lambda: min_moves(_BOARD_02) + 1,
                "that counts the boards on the path, the start included; count the moves."),
        Mistake(lambda: 2, "that is only the blank's distance to its goal cell: a lower bound, not the answer."),
    ),
)
_register(
    id="02.2", title="Count a layer", level="core", minutes=10, kind="value",
    solution=lambda: distance_counts(2, 4)[3],
    hint="start from the goal, list the boards one move away, then two, then three, throwing away any "
         "board already listed; count only the last list.",
    why="the boards exactly three moves from the goal: each board of layer two has its own new neighbours.",
    mistakes=(
        Mistake(lambda: sum(distance_counts(2, 4)[:4]),
                "that counts every board within three moves, the goal included; count only those exactly "
                "three moves away."),
        Mistake(lambda: sum(distance_counts(2, 4)[1:4]),
                "that counts every board one, two or three moves away; count only those exactly three away."),
        Mistake(lambda: distance_counts(2, 4)[2], "off by one layer: that is the layer two moves from the goal."),
        Mistake(lambda: distance_counts(2, 4)[4], "off by one layer: that is the layer four moves from the goal."),
    ),
)
_register(
    id="02.3", title="Count the doors", level="core", minutes=10, kind="value",
    solution=_edges_2x4,
    hint="don't list the boards: group them by the blank's cell (each cell holds the blank equally often), "
         "add up the moves the blank has from each cell, then think about how often each edge was counted.",
    why="every board's neighbours added up count each edge from both of its ends.",
    mistakes=(
        Mistake(lambda: 2 * _edges_2x4(), "that counts each edge twice, once from each end."),
        Mistake(lambda: len(_dist(Board.goal(2, 4))), "that is the number of boards, not of edges."),
        Mistake(lambda: 4 * _edges_2x4(), "that counts both halves of the graph, and each edge from both ends."),
        Mistake(lambda: _edges(2, 3), "that is the 2 x 3 puzzle's count; this one is 2 x 4."),
    ),
)

# --- 02.4: bfs_path(start, goal) ------------------------------------------------------------------

_PATH_NONE = "return None only after the whole queue is empty: every board the start can reach was seen."
_PATH_EMPTY = "when the start is the goal, the path is just [start], zero moves."
_PATH_NO_PATH = "when there is no path, return what the exercise asks for (None), not a list."
_PATH_ENDS = "rebuild the path from the goal back to the start through the parent pointers, then reverse it."
_PATH_JUMP = "each board's parent is the board it was found from; store it when the board is first seen."
_PATH_LONG = ("mark a board as seen when it enters the queue and never overwrite its parent, and take boards "
             "from the front of the queue (popleft), not the back.")


def _path_cases():
    goal23, goal33 = Board.goal(2, 3), Board.goal(3, 3)
    far33 = next(Board.from_tiles(t, 3, 3) for t, d in _dist(goal33).items() if d == 14)
    spiral = Board.spiral(3, 3)
    far_spiral = next(Board.from_tiles(t, 3, 3) for t, d in _dist(spiral).items() if d == 12)
    return [
        (Board([[1, 2, 3], [4, 0, 5]]), goal23),                       # one move
        (Board([[4, 1, 2], [5, 0, 3]]), goal23),                       # five moves
        (goal23, goal23),                                              # start == goal
        (Board([[1, 2, 3], [5, 4, 0]]), goal23),                       # unreachable
        (Board([[0, 1, 2, 3]]), Board.goal(1, 4)),                     # 1 x 4
        (Board([[2, 1, 0]]), Board.goal(1, 3)),                        # 1 x 3, unreachable
        (Board([[0], [1], [2]]), Board([[1], [2], [0]])),              # 3 x 1
        (Board([[4, 1, 2], [5, 0, 3]]), Board.goal(2, 3, blank="first")),  # another goal
        (far_spiral, spiral),                                          # the spiral goal
        (far33, goal33),                                               # 3 x 3, fourteen moves
    ]


def _as_tiles(item, rows, cols):
    if isinstance(item, Board):
        return item.tiles if item.shape == (rows, cols) else None
    if isinstance(item, (tuple, list)) and len(item) == rows * cols and all(
            isinstance(t, numbers.Integral) and not _is_bool(t) for t in item):
        return tuple(int(t) for t in item)
    return None


def _path_steps():
    cases = _path_cases()

    def run(fn):
        for start, goal in cases:
            call = f"bfs_path({start!r}, {goal!r})"
            got = _call(fn, (start, goal), call)
            reachable = is_solvable(start, goal)
            if got is None:
                if reachable:
                    _fail(call, got, "but this goal can be reached from this start.",
                          _PATH_EMPTY if start == goal else _PATH_NONE)
                continue
            if not isinstance(got, (list, tuple)):
                _fail(call, got, "it should return a list of boards (or of tile tuples), or None.")
            if len(got) == 0:
                _fail(call, got, "an empty list is not a path: a path holds at least the start board.",
                      _PATH_EMPTY if start == goal else _PATH_NO_PATH)
            tiles = [_as_tiles(item, start.rows, start.cols) for item in got]
            for i, t in enumerate(tiles):
                if t is None:
                    _fail(call, got, f"item {i} of your path, {_short(got[i], 60)}, is not a "
                          f"{start.rows} x {start.cols} board or tuple of tiles.")
            if tiles[0] != start.tiles:
                _fail(call, got, "the path should begin with the start board.", _PATH_ENDS)
            for i, (a, b) in enumerate(zip(tiles, tiles[1:])):
                if b not in {n.tiles for n in Board.from_tiles(a, start.rows, start.cols).neighbors()}:
                    _fail(call, got, f"steps {i} and {i + 1} of your path are not one slide apart.", _PATH_JUMP)
            if tiles[-1] != goal.tiles:
                _fail(call, got, "the path should end with the goal board.", _PATH_ENDS)
            if len(tiles) - 1 != min_moves(start, goal):
                raise _Fail(f"{call} returned a path of {len(tiles) - 1} moves; that is a path, but not one "
                            f"with the fewest moves.\nhint: {_PATH_LONG}")
    return [_Step(run, weight=2)]


_function_exercise(
    id="02.4",
    library=('puzzlelib.search.bfs:shortest_path', 'puzzlelib.search.bfs:bfs_path'),
    title="Write bfs_path(start, goal): BFS with parent pointers", level="core", minutes=25,
    reference=SOLUTIONS["bfs_path"],
    hint="keep a queue of boards and a dict parent[board] = the board it was found from; when the goal "
         "comes out of the queue, follow the parents back to the start and reverse. start and goal are "
         "Boards; board.neighbors() lists the boards one slide away.",
    why="bfs_path returns a shortest path on every hidden case: start == goal, goals that cannot be "
        "reached, 1 x n and n x 1 boards, the blank-first and spiral goals, and a 3 x 3 board.",
    steps=_path_steps,
    mistakes=(
        Mistake(lambda: FLAWED["bfs_path_depth_first"], _PATH_LONG),
        Mistake(lambda: (lambda start, goal: None if start == goal else SOLUTIONS["bfs_path"](start, goal)),
                _PATH_EMPTY),
        Mistake(lambda: FLAWED["bfs_path_ten_moves"], _PATH_NONE),
    ),
)
