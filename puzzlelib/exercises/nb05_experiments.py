"""Exercises of notebook 05, experiments: goals, parity and a lower bound (05.1-05.4), then make_puzzle (05.5)."""

from __future__ import annotations

import math
import random
from collections import Counter

from ..board import Board
from ..generate import random_solvable, scramble
from ..search.heuristics import manhattan, misplaced
from ..solvability import blank_distance, inversions, is_solvable
from .engine import Mistake, _call, _fail, _Fail, _function_exercise, _register, _Step
from .fixtures import _STARTS_05, _dist, _frozen_to_set
from .solutions import SOLUTIONS

__all__: list[str] = []

_GOALS_05 = {
    "upperLeft": Board.goal(4, 4, blank="first"),
    "upperRight": Board([[1, 2, 3, 0], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]),
    "downLeft": Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [0, 13, 14, 15]]),
    "downRight": Board.goal(4, 4),
    "spiral": Board.spiral(4, 4),
}
"""The five goals of notebook 05, by name."""


_MYSTERY_05 = Board([[2, 3, 1, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]])
"""Exercises 05.1 and 05.4: start5 with tiles 1, 2 and 3 turned one place (a 3-cycle)."""


def _goals_reached(start: Board) -> set:
    return {name for name, g in _GOALS_05.items() if is_solvable(start, g)}


def _walk_parity():
    goal3 = Board.goal(3, 3)
    d3 = _dist(goal3)
    parities = {d3[scramble(goal3, 25, seed=s).tiles] % 2 for s in range(300)}
    return parities.pop() if len(parities) == 1 else "it varies"


def _swap_values(board: Board, a: int, b: int) -> Board:
    return Board.from_tiles([b if t == a else a if t == b else t for t in board.tiles], board.rows, board.cols)


def _word(mapping: dict):
    def normalize(x):
        if isinstance(x, str):
            return mapping.get(x.strip().lower(), x)
        return x
    return normalize


_register(
    id="05.1", title="Which goals can this board reach?", level="core", minutes=5, kind="value",
    solution=lambda: _goals_reached(_MYSTERY_05), normalize=_frozen_to_set,
    hint="mystery is start5 with three tiles turned one place. How many swaps is a 3-cycle, and what does "
         "each swap do to the invariant? Then start5's row of the table tells you. Answer with a set of "
         "goal names.",
    why="a 3-cycle is two swaps, so it keeps the invariant: mystery reaches exactly the goals start5 reaches.",
    mistakes=(
        Mistake(lambda: set(_GOALS_05) - _goals_reached(_MYSTERY_05),
                "that is the other group: a 3-cycle is two swaps, and two swaps keep the invariant."),
        Mistake(lambda: set(_GOALS_05), "no board reaches both classes of goals."),
        Mistake(lambda: {_GOALS_05[name] for name in _goals_reached(_MYSTERY_05)},
                "give the goals' names (the keys of goals), not the boards."),
    ),
)
_register(
    id="05.2", title="The parity of a random walk", level="core", minutes=10, kind="value",
    solution=_walk_parity, normalize=_word({"odd": 1, "even": 0}),
    hint="compute the set {D3[scramble(goal3, 25, seed=s).tiles] % 2 for s in range(300)}; how many "
         "elements does it have? Then think about the blank's chessboard colour after each move.",
    why="each move takes the blank to a cell of the other colour, and the distance to the goal has the "
        "parity of the blank's taxicab distance.",
    mistakes=(
        Mistake(lambda: 1 - _walk_parity(),
                "compute the distance's parity for a few seeds: D3[scramble(goal3, 25, seed=s).tiles] % 2."),
        Mistake(lambda: "it varies", "try more seeds: the set of parities has a single element."),
    ),
)
_register(
    id="05.3", title="Swapping with the blank", level="core", minutes=5, kind="value",
    solution=lambda: is_solvable(_swap_values(Board.goal(3, 3), 0, 1)),
    hint="a swap of two tiles flips solvability, but a swap with the blank also moves the blank; how far "
         "apart are the two cells, and what does that distance do to the parity?",
    why="the swap flips the permutation parity and moves the blank an even distance, so the invariant flips.",
    mistakes=(
        Mistake(lambda: not is_solvable(_swap_values(Board.goal(3, 3), 0, 1)),
                "the blank's move counts too: the cells are 2 rows and 2 columns apart, and each step of the "
                "blank is one swap."),
    ),
)
_register(
    id="05.4", title="A lower bound for another goal", level="core", minutes=10, kind="value",
    solution=lambda: manhattan(_MYSTERY_05, _GOALS_05["upperLeft"]),
    hint="for each tile (not the blank), add the rows and columns between its cell in mystery and its cell "
         "in UL, the blank-first goal; or use manhattan(board, goal) with the goal given.",
    why="each move shifts one tile by one cell, so the sum of the tiles' distances to their cells in UL is "
        "a lower bound.",
    mistakes=(
        Mistake(lambda: manhattan(_MYSTERY_05, _GOALS_05["downRight"]),
                "that is the bound for the usual goal (downRight); use UL, the blank-first goal."),
        Mistake(lambda: manhattan(_MYSTERY_05, _GOALS_05["upperLeft"])
                + blank_distance(_MYSTERY_05, _GOALS_05["upperLeft"]),
                "leave the blank out: it is not a tile, and counting it overestimates."),
        Mistake(lambda: misplaced(_MYSTERY_05, _GOALS_05["upperLeft"]),
                "that counts the misplaced tiles; add up how far each tile is from its cell in UL instead."),
    ),
)

# --- 05.5: make_puzzle(rows, cols, rng) -----------------------------------------------------------

def _chi2_p(stat: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom >= stat): the regularized upper incomplete gamma."""
    a, x = df / 2, stat / 2
    if x <= 0:
        return 1.0
    if x > a + 40 * math.sqrt(a) + 100:
        return 0.0
    term = total = 1 / a                                # the series for the lower function
    n = 0
    while term > total * 1e-15:
        n += 1
        term *= x / (a + n)
        total += term
    lower = math.exp(-x + a * math.log(x) - math.lgamma(a)) * total
    return max(0.0, 1.0 - lower)


_PUZZLE_SOLVABLE = ("a shuffle lands in the wrong half half of the time: then swap two tiles (not the blank), "
                   "or shuffle again.")
_PUZZLE_RNG = "draw all randomness from rng (rng.shuffle, rng.randrange...), not from the random module."
_PUZZLE_UNIFORM = ("a random walk, or a blank that never moves, does not give every board the same chance: "
                  "shuffle all the tiles, blank included.")


def _as_board(got, rows, cols):
    if isinstance(got, Board):
        return got
    if isinstance(got, (tuple, list)):
        try:
            if all(isinstance(r, (tuple, list)) for r in got):
                return Board(got)
            return Board.from_tiles(got, rows, cols)
        except (TypeError, ValueError):
            return None
    return None


def _puzzle_steps():
    shapes = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4), (3, 5)]

    def draw(fn, rows, cols, seed):
        call = f"make_puzzle({rows}, {cols}, random.Random({seed}))"
        got = _call(fn, (rows, cols, random.Random(seed)), call)
        board = _as_board(got, rows, cols)
        if board is None:
            _fail(call, got, f"it should return a {rows} x {cols} Board (or its tiles), each of "
                  f"0..{rows * cols - 1} once.")
        if board.shape != (rows, cols):
            _fail(call, got, f"that is a {board.rows} x {board.cols} board, not {rows} x {cols}.")
        return call, got, board

    def valid(fn):
        for rows, cols in shapes:
            for seed in range(30):
                call, got, board = draw(fn, rows, cols, seed)
                if not is_solvable(board):
                    _fail(call, got, "that board cannot reach the usual goal.", _PUZZLE_SOLVABLE)

    def repeatable(fn):
        for seed in range(10):
            call, _, first = draw(fn, 3, 3, seed)
            second = draw(fn, 3, 3, seed)[2]
            if first != second:
                raise _Fail(f"{call} gave two different boards for two generators with the same seed.\n"
                            f"hint: {_PUZZLE_RNG}")
        boards = {draw(fn, 3, 3, seed)[2] for seed in range(40)}
        if len(boards) < 30:
            raise _Fail(f"make_puzzle(3, 3, rng) gave only {len(boards)} different boards for 40 different "
                        "seeds: it is not random enough.")

    def blank_uniform(fn):
        n = 1800
        cells = Counter(draw(fn, 3, 3, 1000 + s)[2].blank for s in range(n))
        counts = [cells.get((r, c), 0) for r in range(3) for c in range(3)]
        stat = sum((k - n / 9) ** 2 / (n / 9) for k in counts)
        if _chi2_p(stat, 8) < 1e-6:
            raise _Fail(f"over {n} boards from make_puzzle(3, 3, rng) the blank's cell is far from uniform: "
                        f"it was in the nine cells (row by row) {counts} times; a uniformly random board has "
                        f"its blank in each cell equally often.\nhint: {_PUZZLE_UNIFORM}")

    def board_uniform(fn):
        n = 1200
        seen = Counter(draw(fn, 2, 2, 5000 + s)[2].tiles for s in range(n))
        counts = [seen.get(t, 0) for t in sorted(_dist(Board.goal(2, 2)))]
        stat = sum((k - n / 12) ** 2 / (n / 12) for k in counts)
        if _chi2_p(stat, 11) < 1e-6:
            raise _Fail(f"over {n} boards from make_puzzle(2, 2, rng) the twelve solvable 2 x 2 boards came "
                        f"{sorted(counts, reverse=True)} times (most frequent first): far from equally "
                        f"often.\nhint: {_PUZZLE_UNIFORM}")

    return [_Step(valid, 2), _Step(repeatable), _Step(blank_uniform, 2), _Step(board_uniform, 2)]


def _walk_puzzle(rows, cols, rng):
    """A flawed make_puzzle for the tests of the checker: a random walk of 30 moves from the goal."""
    return scramble(Board.goal(rows, cols), 30, seed=rng)


def _unfixed_puzzle(rows, cols, rng):
    """A flawed make_puzzle: a shuffle, never fixed."""
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)
    return Board.from_tiles(tiles, rows, cols)


def _global_random_puzzle(rows, cols, rng):
    """A flawed make_puzzle: ignores rng."""
    return random_solvable(rows, cols, seed=random.randrange(10**9))


_function_exercise(
    id="05.5",
    library=('puzzlelib.generate:random_solvable', 'puzzlelib.generate:fix_by_swap'),
    title="Write make_puzzle(rows, cols, rng): a uniform random solvable board", level="challenge",
    minutes=25, reference=SOLUTIONS["make_puzzle"],
    hint="shuffle all the tiles with rng.shuffle; if the board cannot reach the usual goal, swap two tiles "
         "(not the blank). Every solvable board then comes from exactly two shuffles. Boards have at least "
         "2 rows and 2 columns.",
    why="make_puzzle returns solvable boards of the right shape on 210 seeds, repeats itself for the same "
        "seed, and its boards and blank cells pass a test of uniformity.",
    steps=_puzzle_steps,
    mistakes=(
        Mistake(lambda: _unfixed_puzzle, _PUZZLE_SOLVABLE),
        Mistake(lambda: _walk_puzzle, _PUZZLE_UNIFORM),
        Mistake(lambda: _global_random_puzzle, _PUZZLE_RNG),
    ),
)

