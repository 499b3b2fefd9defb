"""Exercises of notebook 08, beyond BFS: heuristics and Korf's board (08.1-08.3), then heuristic and stronger (08.4, 08.5)."""

from __future__ import annotations

import math

from ..board import Board
from ..search.heuristics import manhattan, misplaced
from ..search.informed import effective_branching
from ..solvability import blank_distance
from .engine import Mistake, _call, _fail, _Fail, _function_exercise, _is_number, _register, _short, _Step
from .fixtures import _dist
from .solutions import SOLUTIONS

__all__: list[str] = []


def _sum_admissible() -> bool:
    d3 = _dist(Board.goal(3, 3))
    return all(misplaced(b) + manhattan(b) <= d3[b.tiles]
               for b in (Board.from_tiles(t, 3, 3) for t in list(d3)[:50]))


def _korf79():
    from ..reference import korf100             # here, so that importing puzzlelib does not load the tables' module

    return korf100()[78]


def _unrounded_b_star() -> float:
    return effective_branching(1000, 12)


def _two_decimals(x):
    """The answer to 08.2 on the two-decimal grid: within half a hundredth of b* counts as b* rounded."""
    if _is_number(x) and math.isfinite(x):
        exact = _unrounded_b_star()
        return round(exact, 2) if abs(x - exact) <= 0.005 else round(float(x), 2)
    return x


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
_register(
    id="08.2", title="Effective branching factor", level="core", minutes=10, kind="value",
    solution=lambda: round(_unrounded_b_star(), 2), normalize=_two_decimals,
    hint="solve 1 + b + b**2 + ... + b**12 = 1000 + 1 for b, with effective_branching(1000, 12) or by "
         "bisection, and round to two decimals.",
    why="a uniform tree with this branching factor and 12 levels below the root has 1,001 nodes.",
    mistakes=(
        Mistake(lambda: round(1000 ** (1 / 12), 2),
                "that solves b**12 = 1000, counting only the last level; the tree holds every level, "
                "1 + b + ... + b**12 nodes."),
        Mistake(lambda: math.floor(_unrounded_b_star() * 100) / 100,
                "round to two decimals; don't cut the digits off."),
    ),
)
_register(
    id="08.3", title="One of Korf's boards", level="core", minutes=5, kind="value",
    solution=lambda: _korf79().length,
    hint="ida_star(korf100()[78].board, KORF_GOAL, manhattan) solves it; the answer is its number of moves.",
    why="IDA* with Manhattan finds a shortest solution, and it has the length Korf published.",
    mistakes=(
        Mistake(lambda: manhattan(_korf79().board, Board.goal(4, 4, blank="first")),
                "that is the Manhattan lower bound; solve the board to get the fewest moves."),
        Mistake(lambda: _korf79().length + 1, "that counts the boards of the path, the start included; count "
                                              "the moves."),
        Mistake(lambda: -1, "-1 means the goal cannot be reached: you used the blank-last goal; Korf's goal, "
                            "KORF_GOAL, has the blank first."),
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

        return [_Step(at_goal), _Step(admissible, 2), _Step(consistent, 2), _Step(strong, 2)]
    return steps


def _corner_only(board):
    """A flawed heuristic: Manhattan when the blank is in a corner, else 0 (admissible, not consistent)."""
    r, c = board.blank
    return manhattan(board) if r in (0, board.rows - 1) and c in (0, board.cols - 1) else 0


_function_exercise(
    id="08.4",
    library=('puzzlelib.search.heuristics:misplaced', 'puzzlelib.search.heuristics:manhattan', 'puzzlelib.search.heuristics:linear_conflict'),
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
    library=('puzzlelib.search.heuristics:misplaced', 'puzzlelib.search.heuristics:manhattan', 'puzzlelib.search.heuristics:linear_conflict', 'puzzlelib.search.pdb:PatternDatabase'),
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
