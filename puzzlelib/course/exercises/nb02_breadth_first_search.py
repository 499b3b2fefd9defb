"""Exercises of notebook 02: a board four moves away, a 4 x 4 layer and the successors already stored (02.1-02.3), then bfs_path (02.4)."""

from __future__ import annotations

import numbers

from puzzlelib.core.board import Board
from puzzlelib.core.bfs import min_moves
from puzzlelib.core.solvability import is_solvable
from puzzlelib.course.exercises.engine import Mistake, _call, _fail, _Fail, _function_exercise, _register, _Step
from puzzlelib.course.exercises.answers import _is_bool, _short
from puzzlelib.course.exercises.fixtures import _dist, _first_at
from puzzlelib.course.exercises.solutions import FLAWED, SOLUTIONS

__all__: list[str] = []

_GOAL_23 = Board.goal(2, 3)


def _edges(rows: int, cols: int) -> int:
    return sum(len(Board.from_tiles(t, rows, cols).neighbors()) for t in _dist(Board.goal(rows, cols))) // 2


def _edges_2x4() -> int:
    return _edges(2, 4)


def _already_stored_2x4() -> int:
    """The successors a BFS run to the end on one half of 2 x 4 makes that are already stored: each edge
    gives two successors, and all but the first of the stored boards were new once."""
    return 2 * _edges_2x4() - (len(_dist(Board.goal(2, 4))) - 1)


# --- 02.1: a board four moves away with the blank back home, any such board accepted ----------------

def _four_home() -> Board:
    """The first 2 x 3 board, in the order of its tiles, four moves from the goal with the blank in its goal cell."""
    return Board.from_tiles(min(t for t, d in _dist(_GOAL_23).items() if d == 4 and t[-1] == 0), 2, 3)


def _as_board_23(x):
    """``x`` as a 2 x 3 Board (a Board, six tiles, or two rows of three), or None."""
    if isinstance(x, Board):
        return x if x.shape == (2, 3) else None
    if isinstance(x, (tuple, list)):
        cells = [t for row in x for t in row] if all(isinstance(r, (tuple, list)) for r in x) and len(x) == 2 \
            and all(len(r) == 3 for r in x) else list(x)
        if len(cells) == 6 and all(isinstance(t, numbers.Integral) and not _is_bool(t) for t in cells) \
                and sorted(cells) == list(range(6)):
            return Board.from_tiles(tuple(int(t) for t in cells), 2, 3)
    return None


def _four_home_verdict(x):
    """Every right board stands for the first one; a wrong board says what is wrong with it."""
    board = _as_board_23(x)
    if board is None:
        return ("not a 2 x 3 board",) if isinstance(x, (Board, tuple, list)) else x
    d = _dist(_GOAL_23).get(board.tiles)
    home = board.tiles[-1] == 0
    if d is None:
        return ("cannot reach the goal",)
    if d == 4:
        return _four_home() if home else ("four moves, blank away",)
    if not home:
        return ("blank away",)
    return ("the goal",) if d == 0 else ("blank home, not four moves",)


_register(
    id="02.1", title="Four moves, and the blank back home", level="warm-up", minutes=5, kind="value",
    solution=_four_home, normalize=_four_home_verdict,
    hint="the blank must end where it started, so its path is a closed walk on the six cells; moving it "
         "straight back undoes a move. Which closed walk of four steps does not undo itself?",
    why="the blank goes once round a 2 x 2 block: three tiles turn a step, and no shorter route exists, since "
        "the board is not the goal and, by the checkerboard argument, its distance is even and at least 4 "
        "(no board two moves away has the blank home).",
    mistakes=(
        Mistake(lambda: ("the goal",), "that is the goal itself, zero moves away: a walk out and straight back "
                                       "undoes itself."),
        Mistake(lambda: ("blank home, not four moves",), "the blank is home, but that board is not four moves "
                                                          "away; make the blank's walk exactly four steps long."),
        Mistake(lambda: ("four moves, blank away",), "that board is four moves away, but its blank is not in its "
                                                      "goal cell (bottom right)."),
        Mistake(lambda: ("blank away",), "the blank must end in its goal cell, bottom right, as in the goal."),
        Mistake(lambda: ("cannot reach the goal",), "no sequence of moves turns that board into the goal: "
                                                    "build yours by sliding tiles from the goal."),
        Mistake(lambda: ("not a 2 x 3 board",), "give a 2 x 3 board: a Board, the six tiles 0 to 5 in reading "
                                                "order, or its two rows."),
    ),
)


# --- 02.2: a layer of 4 x 4, where a full BFS is refused ------------------------------------------

def _layers_4x4(depth: int) -> list[int]:
    """The sizes of the first ``depth + 1`` layers around the 4 x 4 goal (a BFS stopped after them)."""
    from puzzlelib.core.bfs import bfs_layers
    sizes = []
    for layer in bfs_layers(Board.goal(4, 4), max_nodes=10_000):
        sizes.append(layer.size)
        if layer.depth == depth:
            return sizes
    raise AssertionError("the layers of 4 x 4 run out")     # pragma: no cover


_register(
    id="02.2", title="Count a layer", level="core", minutes=10, kind="value",
    solution=lambda: _layers_4x4(4)[4],
    hint="follow the blank, not the tiles: from its corner, list its cells after one, two, three and four "
         "moves, never moving straight back. A corner has one new move (two at the start, where there is "
         "no move back yet), an edge cell two, an inside cell three. Then ask whether two of these walks can give the same board.",
    why="the blank's walks of four moves that never step straight back, one board each: a board reached "
        "two ways would need the blank to circle a 2 x 2 block three times, twelve moves.",
    mistakes=(
        Mistake(lambda: sum(_layers_4x4(4)), "that counts every board within four moves, the goal included; "
                                             "count only those exactly four moves away."),
        Mistake(lambda: sum(_layers_4x4(4)[1:]), "that counts every board one to four moves away; count only "
                                                 "those exactly four away."),
        Mistake(lambda: _layers_4x4(4)[3], "off by one layer: that is the layer three moves from the goal."),
        Mistake(lambda: 2 * 3 ** 3, "not every board has three new moves: with the blank in a corner it has one "
                                    "(or it is the layer five moves away)."),
        Mistake(lambda: 58, "that counts every walk of the blank, moves straight back included: a move and its "
                            "undo lead back to a board of an earlier layer."),
    ),
)
_register(
    id="02.3", title="Successors already stored", level="core", minutes=10, kind="value",
    solution=_already_stored_2x4,
    hint="first count the successors: each of the 20,160 boards is expanded once and makes one successor per "
         "move of its blank (group the boards by the blank's cell). Then ask how many of them were new: every "
         "board BFS stores, except the one it starts from, was stored as a new successor exactly once.",
    why="a search to the end expands all 20,160 boards and makes one successor per move of the blank; each "
        "stored board but the first was new once, and every other successor was a board already stored.",
    mistakes=(
        Mistake(lambda: 2 * _edges_2x4(), "that is every successor made; subtract those that were new."),
        Mistake(lambda: _edges_2x4(), "that is the number of edges (pairs of boards one move apart); BFS makes "
                                      "a successor from each end of an edge."),
        Mistake(lambda: _edges_2x4() - (len(_dist(Board.goal(2, 4))) - 1),
                "that counts each edge once; BFS makes a successor from each end of an edge."),
        Mistake(lambda: 2 * _edges_2x4() - len(_dist(Board.goal(2, 4))),
                "off by one: the board BFS starts from is stored without being made as a successor."),
        Mistake(lambda: len(_dist(Board.goal(2, 4))), "that is the number of boards stored, not of successors "
                                                      "already stored."),
        Mistake(lambda: 2 * _edges(2, 3) - (len(_dist(_GOAL_23)) - 1), "that is the 2 x 3 puzzle's count; this "
                                                                         "one is 2 x 4."),
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
    far33 = _first_at(goal33, 14)                  # the first board 14 moves away, without searching further
    spiral = Board.spiral(3, 3)
    far_spiral = _first_at(spiral, 12)
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
            if len(tiles) - 1 != min_moves(start, goal=goal):
                raise _Fail(f"{call} returned a path of {len(tiles) - 1} moves; that is a path, but not one "
                            f"with the fewest moves.\nhint: {_PATH_LONG}")
    return [_Step(run, weight=2)]


_function_exercise(
    id="02.4",
    library=('puzzlelib.core.bfs:shortest_path', 'puzzlelib.core.bfs:bfs_path',
             'puzzlelib.core.generic:graph_search', 'puzzlelib.core.generic:breadth_first',
             'puzzlelib.core.generic:uniform_cost', 'puzzlelib.core.generic:astar_search',
             'puzzlelib.core.informed:astar', 'puzzlelib.core.informed:ida_star_plain', 'puzzlelib.engines.ida:ida_star', 'puzzlelib.core.bfs:keyed_bfs',
             'puzzlelib.core.bfs:dfs_path', 'puzzlelib.core.bfs:min_moves', 'puzzlelib.engines.optimal:solve_optimal',
             'puzzlelib.engines.optimal:distance_table'),
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
