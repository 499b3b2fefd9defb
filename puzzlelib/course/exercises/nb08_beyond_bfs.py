"""Exercises of notebook 08, beyond BFS: two heuristics added (08.1), two that practise proving with the
pattern database (08.2, a move on which it jumps; 08.3, a start from which A* expands a board again), then
heuristic and stronger (08.4, 08.5)."""

from __future__ import annotations

import math

from puzzlelib.core.memo import memo
from puzzlelib.core.board import Board
from puzzlelib.core.heuristics import manhattan, misplaced
from puzzlelib.core.solvability import blank_distance
from puzzlelib.course.exercises.engine import Mistake, _call, _fail, _Fail, _function_exercise, _register, _Step
from puzzlelib.course.exercises.answers import _is_number, _short
from puzzlelib.course.exercises.fixtures import _dist
from puzzlelib.course.exercises.solutions import SOLUTIONS

__all__: list[str] = []


def _sum_admissible() -> bool:
    d3 = _dist(Board.goal(3, 3))
    return all(misplaced(b) + manhattan(b) <= d3[b.tiles]
               for b in (Board.from_tiles(t, 3, 3) for t in list(d3)[:50]))


_register(
    id="08.1", title="Two heuristics added", level="core", minutes=5, kind="value",
    solution=_sum_admissible,
    hint="try a board one move from the goal: how many tiles are misplaced, how far is the tile from home, "
         "and how many moves does it need?",
    why="adding two heuristics that count the same move can count it twice.",
    mistakes=(
        Mistake(lambda: not _sum_admissible(),
                "try a board one move from the goal, e.g. Board([[1, 2, 3], [4, 5, 6], [7, 0, 8]]): compare "
                "misplaced(b) + manhattan(b) with the moves it needs."),
    ),
)


# --- 08.2: a proving exercise: the pattern database without its mirror is not consistent --------------

_GOAL3 = Board.goal(3, 3)
_JUMP_08 = (Board([[1, 2, 3], [8, 5, 0], [4, 7, 6]]), Board([[1, 2, 3], [8, 5, 6], [4, 7, 0]]))
"""The example of the solution: sliding 6 home, the table drops by 3 (it takes the blank to be in a pocket
that the real blank is not in)."""


@memo(items=None)
def _pdb3(mirror: bool):
    from puzzlelib.engines.pdb import PatternDatabase     # here, so that importing puzzlelib does not build tables
    return PatternDatabase(_GOAL3, mirror=mirror, cache=False, progress=False)


def _as_board3(x):
    """``x`` as a Board (a Board, or its rows as lists or tuples), or None; the callers check the shape."""
    if isinstance(x, Board):
        return x
    if isinstance(x, (list, tuple)) and 1 <= len(x) <= 9 and all(isinstance(r, (list, tuple)) for r in x):
        try:
            return Board([list(r) for r in x])
        except (TypeError, ValueError):
            return None
    return None


def _jump_example() -> tuple:
    a, b = _JUMP_08
    h = _pdb3(False)
    assert b in a.neighbors() and h(a) - h(b) > 1
    return _JUMP_08


def _jump_verdict(x):
    """A tuple (board, next_board), or (board, tile), for a slide that lowers the table without its mirror
    by more than 1 stands for every such slide; other answers say what they are. Any pair form will do:
    a tuple or a list of two."""
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        return x
    a = _as_board3(x[0])
    if a is None:
        return x
    if isinstance(x[1], int) and not isinstance(x[1], bool):
        if a.shape != (3, 3):
            return ("not 3 x 3",)
        if x[1] not in a.movable_tiles():
            return ("not one slide apart",)
        b = a.slide(x[1])
    else:
        b = _as_board3(x[1])
        if b is None:
            return x
        if a.shape != (3, 3) or b.shape != (3, 3):
            return ("not 3 x 3",)
        if b not in a.neighbors():
            return ("not one slide apart",)
    h = _pdb3(False)
    drop = h(a) - h(b)
    if drop > 1:
        return _jump_example()
    return ("raises it",) if drop < -1 else ("changes by", abs(drop))


_register(
    id="08.2", title="Prove it inconsistent: a move that jumps", level="core", minutes=15, kind="value",
    solution=_jump_example, normalize=_jump_verdict,
    hint="the table of a pattern keeps the fewest moves over every cell the blank might be in. Wall the blank "
         "into a pocket of free cells that the pattern's tiles close off, away from the pocket where the "
         "table assumes it is; a slide that opens or closes such a pocket can lower the value by 3. Or test "
         "the slides of many boards in a loop.",
    why="one slide lowers the true distance by at most 1, so a consistent heuristic may drop by at most 1 per "
        "slide; this table drops by more, because it forgets which pocket of free cells the blank is in.",
    mistakes=(
        Mistake(lambda: ("not one slide apart",),
                "those two boards are not one slide apart: the second must be the first after one tile slides "
                "into the blank."),
        Mistake(lambda: ("changes by", 1),
                "on that move the table changes by 1, as a consistent heuristic would. Look for a move that "
                "walls the blank in a pocket the pattern's tiles close off, or lets it out."),
        Mistake(lambda: ("raises it",),
                "that slide raises the table by more than 1; consistency limits how far one slide may lower "
                "it. The slide back lowers it: give that one."),
        Mistake(lambda: ("not 3 x 3",), "the table is built for the 3 x 3 goal: give two 3 x 3 boards."),
    ),
)


# --- 08.3: A* with the notebook's (inconsistent) pattern database expands a board again ---------------

_REOPEN_08 = Board([[0, 1, 6], [2, 5, 3], [7, 8, 4]])
"""The example of the solution: A* with the database and its mirror expands boards again from here."""


def _expansions(start: Board) -> tuple[int, int] | None:
    """(boards expanded, different boards among them) for A* with the notebook's database, or None if
    the goal can't be reached. Counted on the teaching A*, which calls ``actions`` once per expansion."""
    from puzzlelib.core.generic import SlidingPuzzleProblem, astar_search

    seen = []

    class Counting(SlidingPuzzleProblem):
        def actions(self, state):
            seen.append(state)
            return super().actions(state)

    problem = Counting(start, _GOAL3)
    if not problem.is_solvable():
        return None
    astar_search(problem, heuristic=_pdb3(True))
    return len(seen), len(set(seen))


def _reopen_example() -> tuple:
    done = _expansions(_REOPEN_08)
    assert done is not None and done[0] > done[1]
    return _REOPEN_08, done[0] - done[1]


def _reopen_verdict(x):
    """A pair (start, count), tuple or list, with the right count of repeated expansions, stands for every
    such answer."""
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        return x
    board, count = _as_board3(x[0]), x[1]
    if board is None or not isinstance(count, int) or isinstance(count, bool):
        return x
    if board.shape != (3, 3):
        return ("not 3 x 3",)
    done = _expansions(board)
    if done is None:
        return ("cannot reach the goal",)
    again = done[0] - done[1]
    if again == 0:
        return ("no board expanded again",)
    return _reopen_example() if count == again else ("count is off",)


_register(
    id="08.3", title="A* expands a board again", level="challenge", minutes=30, kind="value",
    solution=_reopen_example, normalize=_reopen_verdict,
    hint="count how often A* expands each board: astar_search(problem, pdb3) calls problem.actions(board) "
         "exactly once for each board it expands, so a subclass of SlidingPuzzleProblem whose actions also "
         "records the board will do. Try random boards 20 or more moves from the goal; about one start "
         "in a hundred does it.",
    why="with a heuristic that is admissible but not consistent, A* can expand a board, then find a shorter "
        "route to it and expand it again; that is what keeps the answer shortest.",
    mistakes=(
        Mistake(lambda: ("no board expanded again",),
                "from that start A* expands every board once: the database's jumps do not get in the way "
                "there. Try other starts, far from the goal."),
        Mistake(lambda: ("count is off",),
                "from that start A* does expand some board again, but the count is not right: count every "
                "expansion of a board expanded before (a board expanded three times counts 2)."),
        Mistake(lambda: ("cannot reach the goal",),
                "that board cannot reach the goal at all (notebook 03): A* never starts."),
        Mistake(lambda: ("not 3 x 3",), "the database is built for the 3 x 3 goal: give a 3 x 3 board."),
    ),
)

# --- 08.4 heuristic(board) and 08.5 stronger(board) ------------------------------------------------

def _heuristic_data():
    goal23, goal33 = Board.goal(2, 3), Board.goal(3, 3)
    d23, d33 = _dist(goal23), _dist(goal33)
    order33 = list(d33)
    sample33 = order33[:100] + order33[100::40]
    boards = [(Board.from_tiles(t, 2, 3), d23[t]) for t in d23]
    boards += [(Board.from_tiles(t, 3, 3), d33[t]) for t in sample33]
    return goal23, goal33, boards


_HEUR_GOAL = "a heuristic estimates the moves still needed: at the goal that is none."
_HEUR_OVER = "a heuristic must never say more than the moves the board really needs (it must be admissible)."
_HEUR_BLANK = "leave the blank out: it is not a tile, and counting it overestimates."
_HEUR_JUMP = ("one move changes the true distance by exactly 1, so a consistent heuristic may drop by at most 1 "
             "per move.")
_HEUR_SUM = ("misplaced tiles and Manhattan both count the move of a tile next to its cell: added, they count "
             "it twice. The larger of two admissible heuristics is admissible; their sum need not be.")
_HEUR_WEAK = ("on average it should say more than the number of misplaced tiles, whose code section 2 shows: "
              "a misplaced tile counts 1 however far it is from home.")
_HEUR_NOT_STRONGER = ("never above Manhattan, so no stronger: add something Manhattan misses, such as tiles in "
                     "their goal row in the wrong order (linear conflict).")


def _heuristic_steps(stronger: bool):
    name = "stronger" if stronger else "heuristic"

    def steps():
        goal23, goal33, boards = _heuristic_data()
        values: dict = {}

        def h(fn, board):
            key = (board.shape, board.tiles)
            if key not in values:
                call = f"{name}({board!r})"
                got = _call(fn, (board,), call)
                if not _is_number(got) or not math.isfinite(got) or got < 0:
                    _fail(call, got, "a heuristic returns a number of moves: a whole number, never negative.")
                values[key] = got
            return values[key]

        def at_goal(fn):
            for goal in (goal23, goal33):
                if h(fn, goal) != 0:
                    _fail(f"{name}({goal!r})", h(fn, goal), "that is the goal itself.", _HEUR_GOAL)

        def like(fn, formula) -> bool:
            """Does the student's heuristic agree with ``formula`` on the first boards tested?"""
            return all(h(fn, b) == formula(b) for b, _ in boards[:40])

        def admissible(fn):
            for board, true in boards:
                got = h(fn, board)
                if got > true:
                    tip = _HEUR_OVER
                    if like(fn, lambda b: manhattan(b) + blank_distance(b)):
                        tip = _HEUR_BLANK
                    elif like(fn, lambda b: manhattan(b) + misplaced(b)):
                        tip = _HEUR_SUM
                    _fail(f"{name}({board!r})", got, "but that board can be solved in fewer moves: your "
                          "heuristic overestimates.", tip)

        def consistent(fn):
            for board, _ in boards:
                for nxt in board.neighbors():
                    a, b = h(fn, board), h(fn, nxt)
                    if a - b > 1:
                        raise _Fail(f"your heuristic drops by {_short(a - b)} in one move: {name}({board!r}) = "
                                    f"{_short(a)} but {name}({nxt!r}) = {_short(b)}, and the two boards are "
                                    f"one slide apart.\nhint: {_HEUR_JUMP}")

        def strong(fn):
            if stronger:
                above = 0
                for board, _ in boards:
                    got, m = h(fn, board), manhattan(board)
                    if got < m:
                        _fail(f"{name}({board!r})", got, "that is below the Manhattan distance of the board.",
                              "start from the Manhattan distance and add to it.")
                    above += got > m
                if above == 0:
                    raise _Fail(f"your heuristic is admissible and consistent, and it equals the Manhattan "
                                f"distance on every board tested.\nhint: {_HEUR_NOT_STRONGER}")
            else:
                total = sum(h(fn, b) for b, _ in boards)
                if total <= sum(misplaced(b) for b, _ in boards):
                    raise _Fail(f"your heuristic is admissible and consistent but weak: over the {len(boards)} "
                                f"boards tested it says no more, on average, than the number of misplaced "
                                f"tiles.\nhint: {_HEUR_WEAK}")

        # return 0 is 0 at the goal, admissible and consistent, and a constant 1000 is consistent and above
        # misplaced (or Manhattan): so a step earns its points only for a heuristic that is 0 at the goal
        # and strong, both at once.
        informative = (at_goal, strong)
        return [_Step(at_goal, 1, needs=informative), _Step(admissible, 2, needs=informative),
                _Step(consistent, 2, needs=informative), _Step(strong, 2, needs=informative)]
    return steps


def _corner_only(board):
    """A flawed heuristic: Manhattan when the blank is in a corner, else 0 (admissible, not consistent)."""
    r, c = board.blank
    return manhattan(board) if r in (0, board.rows - 1) and c in (0, board.cols - 1) else 0


_function_exercise(
    id="08.4",
    library=('puzzlelib.core.heuristics:misplaced', 'puzzlelib.core.heuristics:manhattan', 'puzzlelib.core.heuristics:linear_conflict', 'puzzlelib.core.heuristics:manhattan_tables', 'puzzlelib.core.heuristics:AdditiveTables',
             'puzzlelib.core.heuristics:tile_distances', 'puzzlelib.core.heuristics:_tile_distances',
             'puzzlelib.core.heuristics:misplaced_tables'),
    title="Write heuristic(board): admissible and consistent", level="core", minutes=20,
    reference=SOLUTIONS["heuristic"],
    hint="for the usual goal (blank last) tile t belongs in cell t - 1; add up each tile's row and column "
         "distance to that cell, leaving the blank out. It must be 0 at the goal, never above the true "
         "distance, and drop by at most 1 per move.",
    why="your heuristic is 0 at the goal, never above the true distance on every 2 x 3 board and on a "
        "sample of 4,600 3 x 3 boards, drops by at most 1 per move there, and knows more than "
        "counting misplaced tiles.",
    steps=_heuristic_steps(stronger=False),
    mistakes=(
        Mistake(lambda: (lambda board: misplaced(board) + manhattan(board)), _HEUR_SUM),
        Mistake(lambda: (lambda board: manhattan(board) + blank_distance(board)), _HEUR_BLANK),
        Mistake(lambda: _corner_only, _HEUR_JUMP),
        Mistake(lambda: (lambda board: 0), _HEUR_WEAK),
    ),
)
_function_exercise(
    id="08.5",
    library=('puzzlelib.core.heuristics:misplaced', 'puzzlelib.core.heuristics:manhattan', 'puzzlelib.core.heuristics:linear_conflict', 'puzzlelib.core.heuristics:manhattan_tables', 'puzzlelib.core.heuristics:AdditiveTables',
             'puzzlelib.core.heuristics:tile_distances', 'puzzlelib.core.heuristics:_tile_distances',
             'puzzlelib.core.heuristics:misplaced_tables', 'puzzlelib.engines.pdb:PatternDatabase'),
    title="Write stronger(board): better than Manhattan, still admissible", level="challenge",
    minutes=40, reference=SOLUTIONS["stronger"],
    hint="start from Manhattan. Two tiles in their goal row but in the wrong order there: one must step out "
         "of the row and back, two more moves (linear conflict); the same for columns. Count, per line, the "
         "tiles outside the longest run already in goal order.",
    why="stronger is admissible and consistent on every 2 x 3 board and a sample of 3 x 3 boards, never "
        "below Manhattan and above it on some boards.",
    steps=_heuristic_steps(stronger=True),
    mistakes=(
        Mistake(lambda: manhattan, _HEUR_NOT_STRONGER),
        Mistake(lambda: (lambda board: 2 * manhattan(board)), _HEUR_OVER),
    ),
)
