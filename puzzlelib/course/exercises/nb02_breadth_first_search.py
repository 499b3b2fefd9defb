"""Exercises of notebook 02: a board four moves away (02.1), walks, counting the blank's walks that never step
straight back (02.2), the nearest board with two shortest paths (02.3), layers_to, BFS one layer at a time (02.4),
and a written proof that DFS finds the goal whenever it can be reached (02.5)."""

from __future__ import annotations

import numbers

from puzzlelib.core.board import Board, moves_table
from puzzlelib.core.memo import memo
from puzzlelib.core.bfs import bfs_layers
from puzzlelib.course.exercises.engine import (Mistake, _call, _fail, _function_exercise, _proof_exercise, _register,
                                               _Step, _whole)
from puzzlelib.course.exercises.answers import _is_bool, _short
from puzzlelib.course.exercises.fixtures import _dist, _first_at
from puzzlelib.course.exercises.solutions import FLAWED, SOLUTIONS

__all__: list[str] = []

_GOAL_23 = Board.goal(2, 3)


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


# --- 02.2: walks(rows, cols, depth), the blank's walks that never step straight back -------------------------

_WALK_WRONG = ("that is not how many walks of that many moves the blank can make from the bottom-right cell "
               "without ever stepping straight back.")
_WALK_EMPTY = ("with no move at all the blank still has one walk, the empty one: the goal itself is where it "
               "ends.")
_WALK_BACK = ("a walk that steps straight back somewhere (a move, then the move that undoes it) is not counted: "
              "from each cell, every neighbour but the one the blank has just come from.")
_WALK_AGAIN = ("a walk may come back to a cell it has been in before, round a block of four cells for instance; "
               "only the step straight back, undoing the move just made, is left out.")
_WALK_FIRST = ("the first move undoes nothing, so every neighbour of the start counts then; only later moves "
               "leave out the cell the blank has just come from.")
_WALK_BOARDS = ("that is how many boards are that many moves from the goal, not how many walks: once walks are "
                "long, two different walks can lead to one board, and each of them counts.")
_WALK_DEPTH = "off by one move: depth is the number of moves in the walk."


def _walk_count(rows: int, cols: int, depth: int, *, came_from=None, back: bool = False) -> int:
    """The blank's walks of ``depth`` moves from the last cell, counted by their last two cells: never straight
    back (``back=True``: any walk), the first move avoiding ``came_from`` too when that is a cell."""
    table = moves_table(rows, cols)
    tally = {(rows * cols - 1, came_from): 1}           # (blank's cell, cell it left) -> walks ending so
    for _ in range(depth):
        grown: dict[tuple, int] = {}
        for (here, left), n in tally.items():
            for there in table[here]:
                if there != left or back:
                    grown[there, here] = grown.get((there, here), 0) + n
        tally = grown
    return sum(tally.values())


def _self_avoiding(rows: int, cols: int, depth: int) -> int:
    """The blank's walks of ``depth`` moves from the last cell that never enter a cell twice (a mistake's count)."""
    table = moves_table(rows, cols)

    def further(cell: int, seen: frozenset, left: int) -> int:
        if left == 0:
            return 1
        return sum(further(n, seen | {n}, left - 1) for n in table[cell] if n not in seen)
    return further(rows * cols - 1, frozenset({rows * cols - 1}), depth)


def _layer_size(rows: int, cols: int, depth: int) -> int:
    """How many boards are ``depth`` moves from the rows x cols goal (0 past the last layer)."""
    for layer in bfs_layers(Board.goal(rows, cols), max_nodes=200_000):
        if layer.depth == depth:
            return layer.size
    return 0


def _walk_tip(rows: int, cols: int, depth: int, got: int) -> str | None:
    """The hint for a wrong count ``got`` of walks(rows, cols, depth), when a typical mistake explains it."""
    if depth == 0 and got == 0:
        return _WALK_EMPTY
    if got == _walk_count(rows, cols, depth, back=True):
        return _WALK_BACK
    if got == _self_avoiding(rows, cols, depth):
        return _WALK_AGAIN
    if got == _layer_size(rows, cols, depth):
        return _WALK_BOARDS
    last = rows * cols - 1
    before = [c for c in (last - 1 if cols > 1 else None, last - cols if rows > 1 else None) if c is not None]
    if depth and any(got == _walk_count(rows, cols, depth, came_from=c) for c in before):
        return _WALK_FIRST
    if got in {_walk_count(rows, cols, d) for d in (depth - 1, depth + 1) if d >= 0}:
        return _WALK_DEPTH
    return None


_WALK_SHORT = [(4, 4), (2, 3), (3, 2), (3, 3), (1, 4), (4, 1), (2, 2), (3, 5), (5, 5)]
"""The shapes tried with walks of 0 to 5 moves, where there are as many walks as boards in the layer (no
two such walks end at one board)."""

_WALK_LONG = [(2, 2, 6), (2, 3, 6), (3, 3, 6), (4, 4, 6), (2, 2, 9), (2, 3, 8), (3, 3, 9), (4, 4, 7), (1, 5, 6),
              (5, 1, 7), (2, 5, 9), (4, 4, 10), (5, 4, 12), (5, 5, 12)]
"""Longer walks, where two walks can end at one board: more walks than boards in the layer."""


def _walks_steps():
    def runner(cases):
        truth = [(r, c, d, _walk_count(r, c, d)) for r, c, d in cases]

        def run(fn):
            for rows, cols, depth, want in truth:
                call = f"walks({rows}, {cols}, {depth})"
                got = _whole(call, _call(fn, (rows, cols, depth), call))
                if got != want:
                    _fail(call, got, _WALK_WRONG, _walk_tip(rows, cols, depth, got))
        return run

    short = runner([(r, c, d) for r, c in _WALK_SHORT for d in range(6)])
    return [_Step(short, weight=1), _Step(runner(_WALK_LONG), weight=2)]


_function_exercise(
    id="02.2",
    title="Count the blank's walks", level="core", minutes=20,
    reference=SOLUTIONS["walks"],
    hint="write a few walks out by hand first: on 4 x 4, from its corner the blank has two first moves; after that, "
         "from each cell it goes on to every neighbour but the one it has just come from, and it may come "
         "back to a cell it has been in. To count without listing every walk, keep for each walk only its "
         "last two cells: how many walks end in each cell, coming from each neighbour.",
    why="walks counts right on every hidden case: boards from 1 x 4 to 5 x 5, walks of 0 to 12 moves. Now "
        "compare walks(4, 4, d) with the layers of a 4 x 4 BFS.",
    steps=_walks_steps,
    mistakes=(
        Mistake(lambda: FLAWED["walks_stepping_back"], _WALK_BACK),
        Mistake(lambda: FLAWED["walks_never_twice"], _WALK_AGAIN),
        Mistake(lambda: FLAWED["walks_as_boards"], _WALK_BOARDS),
    ),
)

# --- 02.3: the board nearest the goal with two shortest paths ----------------------------------------

@memo(items=1)
def _path_counts() -> dict:
    """How many shortest paths lead from each 2 x 3 board of the goal's half to the goal, counted layer by
    layer (a board's count is the sum of its closer neighbours' counts)."""
    dist = _dist(_GOAL_23)
    count: dict[tuple, int] = {}
    for t in sorted(dist, key=dist.get):
        count[t] = 1 if dist[t] == 0 else sum(count[n.tiles] for n in Board.from_tiles(t, 2, 3).neighbors()
                                              if dist[n.tiles] == dist[t] - 1)
    return count


@memo(items=1)
def _two_paths_nearest() -> Board:
    """The one 2 x 3 board nearest the goal with two shortest paths to it (the blank goes 1.5 times round a
    2 x 2 block, one way or the other: 12 moves of that turn bring every tile back)."""
    dist, count = _dist(_GOAL_23), _path_counts()
    twice = [t for t in dist if count[t] >= 2]
    nearest = min(dist[t] for t in twice)
    (board,) = [t for t in twice if dist[t] == nearest]
    return Board.from_tiles(board, 2, 3)


def _two_paths_verdict(x):
    """The right board stands for itself; a wrong board says what is wrong with it."""
    board = _as_board_23(x)
    if board is None:
        return ("not a 2 x 3 board",) if isinstance(x, (Board, tuple, list)) else x
    d = _dist(_GOAL_23).get(board.tiles)
    if d is None:
        return ("cannot reach the goal",)
    if d == 0:
        return ("the goal",)
    if _path_counts()[board.tiles] < 2:
        return ("one shortest path",)
    return _two_paths_nearest() if board == _two_paths_nearest() else ("two paths, not the nearest",)


_register(
    id="02.3", title="Two shortest paths", level="core", minutes=15, kind="value",
    solution=_two_paths_nearest, normalize=_two_paths_verdict,
    hint="follow one of the two paths from the board to the goal and the other back: the blank makes a closed "
         "walk, twice the distance long, that leaves every tile where it was, and where the two paths part it "
         "does not step straight back. Find the shortest closed walk of the blank that brings every tile home "
         "without undoing a move it has just made; the board is halfway round it.",
    why="the two paths, one out and one back, make a closed walk of the blank that puts every tile back. Going "
        "round a 2 x 2 block turns three tiles one place, so it takes three rounds, 12 moves; halfway round, "
        "six moves either way, is the same board, and no shorter closed walk (besides undoing moves) "
        "brings every tile home.",
    mistakes=(
        Mistake(lambda: ("one shortest path",), "that board has one shortest path only: from it, and from each "
                                                "board along the way, just one move brings it a move closer to the "
                                                "goal. Two paths must part somewhere and meet again."),
        Mistake(lambda: ("two paths, not the nearest",),
                "that board has two shortest paths, but a board nearer the goal has two as well: two paths of d "
                "moves make a closed walk of the blank of 2d moves that brings every tile home. How short can "
                "such a walk be?"),
        Mistake(lambda: ("the goal",), "that is the goal itself: its one shortest path has no moves at all."),
        Mistake(lambda: ("cannot reach the goal",), "no sequence of moves turns that board into the goal: "
                                                    "build yours by sliding tiles from the goal."),
        Mistake(lambda: ("not a 2 x 3 board",), "give a 2 x 3 board: a Board, the six tiles 0 to 5 in reading "
                                                "order, or its two rows."),
    ),
)


# --- 02.4: layers_to(start, goal), BFS one layer at a time -------------------------------------------

_LAYER_FORM = ("return a list of layers, each a list of boards (Boards or tuples of tiles), layer 0 being "
               "[start].")
_LAYER_SEEN = ("a board joins the first layer it is found in: keep a set of every board already in a layer "
               "(all the layers, not only the last) and skip those.")
_LAYER_MISS = ("every neighbour of a board of layer d - 1 that is in no earlier layer belongs to layer d; "
               "board.neighbors() lists them.")
_LAYER_STOP = "stop with the layer that holds the goal: its number is the goal's distance."
_LAYER_ALL = ("when the goal cannot be reached, go on until no new board is found, and return every layer "
              "found.")
_LAYER_EMPTY = "stop as soon as a layer would be empty, before adding it: an empty layer is not a layer."
_LAYER_SAME = "when the start is the goal, there is one layer, [start]: zero moves."


def _true_layers(start: Board, goal: Board) -> list[set]:
    """The layers of a BFS from ``start`` as sets of tiles, up to the one holding ``goal`` (all, if none does)."""
    layers = []
    for layer in bfs_layers(start):
        layers.append(set(layer.states))
        if goal.tiles in layers[-1]:
            break
    return layers


def _as_tiles(item, rows, cols):
    if isinstance(item, Board):
        return item.tiles if item.shape == (rows, cols) else None
    if isinstance(item, (tuple, list)) and len(item) == rows * cols and all(
            isinstance(t, numbers.Integral) and not _is_bool(t) for t in item):
        return tuple(int(t) for t in item)
    return None


def _layers_problem(call: str, got, start: Board, goal: Board, truth: list[set]) -> None:
    """Fail at the first thing wrong with ``got``, the student's layers, against ``truth``; never show truth."""
    reachable = goal.tiles in truth[-1]
    if got is None:
        _fail(call, got, "but this goal can be reached from this start." if reachable else
              "the goal cannot be reached, but the layers of the boards the start reaches are still asked for.",
              _LAYER_SAME if start == goal else _LAYER_STOP if reachable else _LAYER_ALL)
    if isinstance(got, (Board, str, bytes)) or not isinstance(got, (list, tuple)):
        _fail(call, got, "that is not a list of layers.", _LAYER_FORM)
    if not got:
        _fail(call, got, "an empty list has no layer 0, the start.", _LAYER_FORM)
    found: dict[tuple, int] = {}
    for d, layer in enumerate(got):
        if isinstance(layer, Board) or _as_tiles(layer, start.rows, start.cols) is not None:
            _fail(call, got, f"item {d} of your list is a board, not a layer (a list of boards).", _LAYER_FORM)
        if isinstance(layer, (str, bytes)) or not isinstance(layer, (list, tuple, set, frozenset)):
            _fail(call, got, f"item {d} of your list, {_short(layer, 60)}, is not a layer (a list of boards).",
                  _LAYER_FORM)
        for item in layer:
            tiles = _as_tiles(item, start.rows, start.cols)
            if tiles is None:
                _fail(call, got, f"layer {d} holds {_short(item, 60)}, which is not a {start.rows} x {start.cols} "
                                 "board or tuple of its tiles.", _LAYER_FORM)
            if tiles in found:
                where = "twice" if found[tiles] == d else f"though it is already in layer {found[tiles]}"
                _fail(call, got, f"layer {d} holds {Board.from_tiles(tiles, start.rows, start.cols)!r} {where}.",
                      _LAYER_SEEN)
            found[tiles] = d
        if d == 0 and {_as_tiles(item, start.rows, start.cols) for item in layer} != {start.tiles}:
            _fail(call, got, "layer 0 should hold the start, and nothing else.", _LAYER_FORM)
        if not layer:
            _fail(call, got, f"layer {d} is empty.", _LAYER_EMPTY)
        if d < len(truth):
            tiles = {_as_tiles(item, start.rows, start.cols) for item in layer}
            stray = sorted(tiles - truth[d])
            if stray:
                board = Board.from_tiles(stray[0], start.rows, start.cols)
                _fail(call, got, f"layer {d} holds {board!r}, which is not {d} move{'s' * (d != 1)} from the start.",
                      _LAYER_SEEN if any(stray[0] in t for t in truth[:d]) else _LAYER_MISS)
            if tiles != truth[d]:
                _fail(call, got, f"layer {d} misses boards that are {d} move{'s' * (d != 1)} from the start.",
                      _LAYER_MISS)
    if len(got) > len(truth):
        _fail(call, got, "your layers go on past the one that holds the goal." if reachable else
              f"layer {len(truth)} holds no board the start reaches that is not in an earlier layer.",
              _LAYER_STOP if reachable else _LAYER_EMPTY)
    if len(got) < len(truth):
        _fail(call, got, "the goal is in none of your layers: they stop too early." if reachable else
              "the goal cannot be reached, and your layers stop before every board the start reaches is in one.",
              _LAYER_STOP if reachable else _LAYER_ALL)


def _layers_steps():
    goal23 = Board.goal(2, 3)
    reach = [
        (Board([[1, 2, 3], [4, 0, 5]]), goal23),                       # one move
        (Board([[4, 1, 2], [5, 0, 3]]), goal23),                       # five moves
        (Board([[0, 1, 2, 3]]), Board.goal(1, 4)),                     # 1 x 4
        (Board([[0], [1], [2]]), Board([[1], [2], [0]])),              # 3 x 1
        (Board([[0, 3], [2, 1]]), Board.goal(2, 2)),                   # 2 x 2, six moves
        (Board([[2, 0, 3], [1, 4, 5]]), Board.goal(2, 3, blank="first")),  # another goal
        (_first_at(Board.spiral(2, 4), 9), Board.spiral(2, 4)),        # 2 x 4, the spiral goal
        (_first_at(Board.goal(3, 3), 12), Board.goal(3, 3)),           # 3 x 3, twelve moves
    ]
    apart = [
        (Board([[1, 2, 3], [5, 4, 0]]), goal23),                       # the other half of 2 x 3
        (Board([[2, 1, 0]]), Board.goal(1, 3)),                        # 1 x 3: three boards, never the goal
    ]
    same = [(goal23, goal23), (Board.goal(3, 3), Board.goal(3, 3))]   # the start is the goal

    def runner(cases):
        prepared = [(start, goal, _true_layers(start, goal)) for start, goal in cases]

        def run(fn):
            for start, goal, truth in prepared:
                call = f"layers_to({start!r}, {goal!r})"
                _layers_problem(call, _call(fn, (start, goal), call), start, goal, truth)
        return run

    shapes = runner(reach)
    return [_Step(shapes, weight=2), _Step(runner(apart), weight=1),
            _Step(runner(same), weight=0.5, needs=(shapes,))]


_function_exercise(
    id="02.4",
    library=('puzzlelib.core.bfs:bfs_layers', 'puzzlelib.core.bfs:bfs_plain', 'puzzlelib.core.bfs:bfs_path',
             'puzzlelib.core.bfs:shortest_path', 'puzzlelib.core.bfs:min_moves', 'puzzlelib.core.bfs:keyed_bfs',
             'puzzlelib.core.bfs:dfs_path', 'puzzlelib.engines.tables:distances',
             'puzzlelib.engines.tables:layer_states', 'puzzlelib.engines.dispatch:distance_counts',
             'puzzlelib.core.generic:graph_search', 'puzzlelib.core.generic:breadth_first',
             'puzzlelib.core.generic:uniform_cost', 'puzzlelib.core.generic:astar_search',
             'puzzlelib.core.informed:astar', 'puzzlelib.core.informed:ida_star_plain',
             'puzzlelib.engines.ida:ida_star', 'puzzlelib.engines.optimal:solve_optimal',
             'puzzlelib.engines.optimal:distance_table'),
    title="Write layers_to(start, goal): BFS one layer at a time", level="core", minutes=25,
    reference=SOLUTIONS["layers_to"],
    hint="start from [[start]] and a set of the boards seen so far. Build the next layer from the last one: the "
         "neighbours of its boards that are not seen yet (add each to the set as you take it). Stop when the "
         "last layer holds the goal, or when a new layer would be empty.",
    why="layers_to finds every layer exactly on every hidden case: start == goal, other goals, starts in the "
        "other half, 1 x n and n x 1 boards, 2 x 4 and 3 x 3; the goal's layer is its distance.",
    steps=_layers_steps,
    mistakes=(
        Mistake(lambda: FLAWED["layers_to_last_layer_only"], _LAYER_SEEN),
        Mistake(lambda: FLAWED["layers_to_past_the_goal"], _LAYER_STOP),
        Mistake(lambda: FLAWED["layers_to_none_apart"], _LAYER_ALL),
    ),
)


# --- 02.5: a written proof: depth-first search finds the goal whenever it can be reached ---------------

_proof_exercise(
    id="02.5", title="Prove that DFS finds the goal whenever it can be reached", level="core", minutes=20,
    questions=(
        "Does your proof show all three things the exercise asks: that DFS stops, that it returns a path, and "
        "that it finds the goal whenever the goal can be reached?",
        "Does each step follow from what the text says DFS does, and not from what you expect DFS to do?",
        "Does the part on stopping hold for every start, however far the goal is or whether it can be reached?",
        "Where you use that the goal can be reached, do you use a particular sequence of moves, and say which?",
    ),
    rubric=(
        (1, "It stops: each step either visits an unmarked board and marks it, or backs up off a board for "
            "good; marks are never removed, so there are at most twice as many steps as boards. What it returns "
            "is its line of boards, the start first, the goal last, each one move from the next."),
        (1, "It finds the goal: if it stops with an empty line, it has backed up from every board it visited, "
            "and it backs up from a board only when every neighbour is marked; so the neighbours of marked "
            "boards are marked, and along a sequence of moves from the start to the goal every board, the goal "
            "included, is marked: visited, so DFS would have stopped there."),
    ),
    model="**It stops, and returns a path.** Each step visits an unmarked board and marks it, or takes a board "
          "off the line for good (it stays marked, so it never comes back): at most two steps per board. Each "
          "board on the line is a neighbour of the one before, so the line returned is a path from the start "
          "to the goal.\n\n**It finds the goal.** Suppose moves lead from the start b0 through b1, ..., bk to "
          "the goal, but DFS ends with an empty line. It backed up off every board it visited, and it backs up "
          "only when every neighbour is marked; so every neighbour of a visited board is marked, that is, "
          "visited. By induction b0, b1, ..., bk are all visited. But DFS stops as soon as it visits the goal, "
          "with the goal on the line: a contradiction.",
    hint="for the second part, look at the moment DFS gives up with an empty line: what is true of each board "
         "it has backed up from? Then walk along a sequence of moves from the start to the goal.",
    why="every board DFS backs up from has all its neighbours marked, so the marked boards are closed under "
        "moves; a board reachable from the start is then marked, so DFS meets the goal, and it stops because "
        "marks are never removed.",
)
