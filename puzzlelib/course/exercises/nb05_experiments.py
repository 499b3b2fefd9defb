"""Exercises of notebook 05, experiments: three tiles to reach a goal (05.1), two proof steps about the Manhattan
bound (05.2, 05.3), a counterexample to its closeness (05.4), then make_puzzle (05.5)."""

from __future__ import annotations

import random
from collections import Counter

from puzzlelib.core.memo import memo
from puzzlelib.core.board import Board
from puzzlelib.course.evidence.nb05_experiments import chi_square_tail
from puzzlelib.core.generate import random_solvable, scramble
from puzzlelib.core.heuristics import manhattan
from puzzlelib.core.solvability import is_solvable
from puzzlelib.course.exercises.engine import Mistake, _call, _fail, _Fail, _function_exercise, _register, _Step
from puzzlelib.course.exercises.fixtures import _STARTS_05, _dist
from puzzlelib.course.exercises.solutions import SOLUTIONS

__all__: list[str] = []

_GOALS_05 = {
    "upperLeft": Board.goal(4, 4, blank="first"),
    "upperRight": Board([[1, 2, 3, 0], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]),
    "downLeft": Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [0, 13, 14, 15]]),
    "downRight": Board.goal(4, 4),
    "spiral": Board.spiral(4, 4),
}
"""The five goals of notebook 05, by name."""


_START5 = _STARTS_05["start5"]
"""start5, Sam Loyd's puzzle: downRight with 14 and 15 swapped."""


def _as_board(got, rows=None, cols=None):
    """``got`` as a Board: a Board, rows of tiles, or flat tiles (with ``rows`` and ``cols``); None if it is none."""
    if isinstance(got, Board):
        return got
    if isinstance(got, (tuple, list)):
        try:
            if got and all(isinstance(r, (tuple, list)) for r in got):
                return Board(got)
            if rows is not None and len(got) == rows * cols:
                return Board.from_tiles(got, rows, cols)
        except (TypeError, ValueError):
            return None
    return None


# --- 05.1: predict, then verify: rearrange three tiles so that start5 reaches downRight ---------------

def _only_123_moved(board: Board) -> bool:
    return board.shape == (4, 4) and board.tiles[3:] == _START5.tiles[3:] and set(board.tiles[:3]) == {1, 2, 3}


def _rearrangements_05() -> list:
    """start5 with tiles 1, 2 and 3 put back in their three cells in every order, in the order of the tiles."""
    from itertools import permutations

    return [Board.from_tiles(p + _START5.tiles[3:], 4, 4) for p in permutations((1, 2, 3))]


@memo(items=None)
def _first_fix_05() -> Board:
    """The first rearrangement of tiles 1, 2, 3 of start5 that reaches downRight (any other one is as good)."""
    return next(b for b in _rearrangements_05() if is_solvable(b, _GOALS_05["downRight"]))


def _fix_verdict_05(x):
    """Every rearrangement of tiles 1-3 that reaches downRight stands for all of them; others say what they are."""
    board = _as_board(x, 4, 4)
    if board is None:
        return x
    if not _only_123_moved(board):
        return ("other tiles moved",)
    if board == _START5:
        return ("start5 itself",)
    if not is_solvable(board, _GOALS_05["downRight"]):
        return ("a 3-cycle",)
    return _first_fix_05()


_register(
    id="05.1", title="Predict, then verify: three tiles to reach downRight", level="core", minutes=10,
    kind="value", solution=_first_fix_05, normalize=_fix_verdict_05,
    hint="only the order of 1, 2 and 3 in the top-left three cells may change. Which of the six orders are one "
         "swap away from 1 2 3, and which are two? Decide first, then test your board with is_solvable.",
    why="start5 reaches the other group of goals; one swap of two tiles flips the invariant, and a 3-cycle "
        "(two swaps) does not. So exactly the three orders that swap two of 1, 2, 3 work.",
    mistakes=(
        Mistake(lambda: ("a 3-cycle",), "that turns 1, 2 and 3 one place round: a 3-cycle is two swaps, and two "
                                        "swaps keep the invariant. Swap just two of them."),
        Mistake(lambda: ("start5 itself",), "that is start5 unchanged: it reaches upperLeft and upperRight, not "
                                            "downRight."),
        Mistake(lambda: ("other tiles moved",), "keep every tile other than 1, 2 and 3 where it is in start5, and "
                                                "put 1, 2 and 3 in the first three cells of the top row."),
    ),
)


# --- 05.2: a proof step: one move changes the Manhattan bound by exactly one ------------------------

_PLUS_MINUS_ONE = {"±1", "+-1", "-+1", "+/-1", "-1,1", "-1,+1", "1,-1", "+1,-1", "-1or1", "-1or+1", "1or-1",
                   "+1or-1", "plusorminusone", "plusorminus1"}


def _changes_05(x):
    """A set, list or tuple of whole numbers as a set; "±1" and its spellings as {-1, 1}."""
    if isinstance(x, str):
        return {-1, 1} if "".join(x.lower().split()) in _PLUS_MINUS_ONE else x
    if isinstance(x, (set, frozenset, list, tuple)) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in x):
        return set(x)
    return x


@memo(items=None)
def _one_move_changes() -> frozenset:
    """Every change of the Manhattan bound that one move makes, over every move of every 2 x 3 board (by search)."""
    goal = Board.goal(2, 3)
    from itertools import permutations

    return frozenset(manhattan(n, goal) - manhattan(b, goal)
            for b in (Board.from_tiles(p, 2, 3) for p in permutations(range(6))) for n in b.neighbors())


_register(
    id="05.2", title="A proof step: what one move does to the Manhattan bound", level="core", minutes=10,
    kind="value", solution=lambda: set(_one_move_changes()), normalize=_changes_05,
    hint="a move slides one tile into the blank's cell. Which tiles' distances to their goal cells can change? "
         "By how much can the moved tile's change: can it stay the same?",
    why="only the moved tile changes place (the blank is not counted), and it changes its row or its column by "
        "exactly one, so its distance to its goal cell goes up or down by exactly one. A move costs 1 and the "
        "bound drops by at most 1: Manhattan is consistent.",
    mistakes=(
        Mistake(lambda: {-1, 0, 1}, "can a move leave the bound unchanged? The moved tile changes its row or its "
                                    "column by exactly one, and no other tile moves."),
        Mistake(lambda: {-2, 0, 2}, "that counts the blank too: leave it out, it is not a tile."),
        Mistake(lambda: {-2, -1, 0, 1, 2}, "only one tile moves, by one cell: how much can its distance change?"),
        Mistake(lambda: {-1}, "moves go both ways: the move back raises the bound by as much."),
        Mistake(lambda: {1}, "moves go both ways: the move back lowers the bound by as much."),
    ),
)


# --- 05.3: a proof step: does the parity ever add to the Manhattan bound? ---------------------------

_NEVER = {"never", "no", "none", "impossible", "noboard", "false", "no,never", "nosuchboard"}
_YES = {"yes", "sometimes", "true", "yes,sometimes"}


def _never_05(x):
    """ "never" for False and its spellings; a board says whether its bound and blank distance agree in parity."""
    if x is False:
        return "never"
    if x is True:
        return ("yes",)
    if isinstance(x, str):
        word = "".join(x.lower().split()).rstrip(".!")
        return "never" if word in _NEVER else ("yes",) if word in _YES else x
    board = _as_board(x)
    if board is None:
        return x
    goal = Board.goal(board.rows, board.cols)
    if not is_solvable(board, goal):
        return ("cannot reach the goal",)
    return ("same parity",)


@memo(items=None)
def _parity_never_adds() -> str:
    """ "never" when the bound has the parity of the fewest moves on every 2 x 3, 3 x 2 and 2 x 4 board (by search)."""
    for rows, cols in [(2, 3), (3, 2), (2, 4)]:
        goal = Board.goal(rows, cols)
        if any((d - manhattan(Board.from_tiles(t, rows, cols), goal)) % 2 for t, d in _dist(goal).items()):
            return "sometimes"
    return "never"


_register(
    id="05.3", title="A proof step: can the parity add a move to the Manhattan bound?", level="core", minutes=10,
    kind="value", solution=_parity_never_adds, normalize=_never_05,
    hint="use exercise 2: what does each move of a solution do to the bound's parity, and what is the bound at "
         "the goal? Then compare the bound's parity with the solution's length.",
    why="each move changes the bound by exactly one, so along a solution of d moves the bound flips parity d "
        "times and ends at 0: it has the parity of d already. The parity rule never adds a move to it.",
    mistakes=(
        Mistake(lambda: ("yes",), "try to build one: along a solution every move changes the bound by exactly one "
                                  "(exercise 2), and at the goal it is 0. What does that say about its parity?"),
        Mistake(lambda: ("same parity",), "on that board the bound has the parity of the blank's distance to its "
                                          "goal cell, so parity adds nothing. Why is that always so?"),
        Mistake(lambda: ("cannot reach the goal",), "that board cannot reach the usual goal, so it has no "
                                                    "solution to compare with."),
    ),
)


# --- 05.4: a counterexample: a small bound, a long solution -----------------------------------------

_GOAL3_05 = Board.goal(3, 3)


def _far_above_bound(board: Board) -> bool:
    d = _dist(_GOAL3_05).get(board.tiles)
    return d is not None and manhattan(board, _GOAL3_05) <= 4 and d >= 20


@memo(items=None)
def _first_far_05() -> Board:
    """The first 3 x 3 board, in the order of its tiles, with a bound of at most 4 and at least 20 moves (by BFS)."""
    goal = _GOAL3_05.tiles
    few_misplaced = (t for t, d in _dist(_GOAL3_05).items()                # a bound of 4 moves at most 4 tiles
                     if d >= 20 and sum(a != b for a, b in zip(t, goal) if a) <= 4)
    return Board.from_tiles(min(t for t in few_misplaced if _far_above_bound(Board.from_tiles(t, 3, 3))), 3, 3)


def _far_verdict_05(x):
    """Any board that fits stands for all of them; another board says what is wrong with it."""
    board = _as_board(x, 3, 3)
    if board is None:
        return x
    if board.shape != (3, 3):
        return ("not 3 x 3",)
    if board.tiles not in _dist(_GOAL3_05):
        return ("cannot reach the goal",)
    if manhattan(board, _GOAL3_05) > 4:
        return ("bound over 4",)
    if not _far_above_bound(board):
        return ("fewer than 20 moves",)
    return _first_far_05()


_register(
    id="05.4", title="A counterexample: a small bound, a long solution", level="core", minutes=15,
    kind="value", solution=_first_far_05, normalize=_far_verdict_05,
    hint="which boards have a small bound? Tiles one or two cells from home. Which of those are far from the "
         "goal? Think of tiles that must pass each other in a row. D3 gives every board's fewest moves: test "
         "your guesses, or search D3 for one.",
    why="a tile in its row but behind another tile of that row counts only its own cells, yet the two must "
        "go round each other: the bound counts none of those detours.",
    mistakes=(
        Mistake(lambda: ("bound over 4",), "that board's Manhattan bound is more than 4: move fewer tiles, each less "
                                           "far."),
        Mistake(lambda: ("fewer than 20 moves",), "that board needs fewer than 20 moves: the bound is close there. "
                                                  "Try tiles that must pass each other."),
        Mistake(lambda: ("cannot reach the goal",), "that board cannot reach the usual goal (it is in the other "
                                                    "half): swap two tiles."),
        Mistake(lambda: ("not 3 x 3",), "give a 3 x 3 board, such as Board([[1, 2, 3], [4, 5, 6], [7, 8, 0]])."),
    ),
)

# --- 05.5: make_puzzle(rows, cols, rng) -----------------------------------------------------------

_PUZZLE_SOLVABLE = ("a shuffle lands in the wrong half half of the time: then swap two tiles (not the blank), "
                   "or shuffle again.")
_PUZZLE_VARIED = ("a puzzle is drawn at random: shuffle the tiles with rng.shuffle, so that each seed gives its own "
                  "board.")
_PUZZLE_RNG = "draw all randomness from rng (rng.shuffle, rng.randrange...), not from the random module."
_PUZZLE_UNIFORM = ("a random walk, or a blank that never moves, does not give every board the same chance: "
                  "shuffle all the tiles, blank included.")
_PUZZLE_TILES = ("fixing a shuffle by moving chosen tiles to chosen cells favours those cells: swap two tiles "
                 "wherever they are, so that every solvable board still comes from the same number of shuffles.")


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

    def valid(fn):                       # valid and varied: the goal board, every time, is valid but no puzzle
        seen = set()
        for rows, cols in shapes:
            for seed in range(30):
                call, got, board = draw(fn, rows, cols, seed)
                if not is_solvable(board):
                    _fail(call, got, "that board cannot reach the usual goal.", _PUZZLE_SOLVABLE)
                seen.add((rows, cols, board.tiles))
        if len(seen) == len(shapes):
            raise _Fail(f"make_puzzle(rows, cols, rng) gave one board for each of the {len(shapes)} shapes tried, "
                        f"the same for all 30 seeds: it is not random enough.\nhint: {_PUZZLE_VARIED}")

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
        if chi_square_tail(stat, 8) < 1e-6:
            raise _Fail(f"over {n} boards from make_puzzle(3, 3, rng) the blank's cell is far from uniform: "
                        f"it was in the nine cells (row by row) {counts} times; a uniformly random board has "
                        f"its blank in each cell equally often.\nhint: {_PUZZLE_UNIFORM}")

    def tiles_uniform(fn):
        n = 1800
        where = Counter((t, i) for s in range(n) for i, t in enumerate(draw(fn, 3, 3, 1000 + s)[2].tiles) if t)
        stat = sum((where.get((t, i), 0) - n / 9) ** 2 / (n / 9) for t in range(1, 9) for i in range(9))
        if chi_square_tail(stat, 64) < 1e-6:
            tile, cell = max(where, key=where.get)
            raise _Fail(f"over {n} boards from make_puzzle(3, 3, rng) the tiles do not land in each cell equally "
                        f"often: tile {tile} was in cell {cell} (reading order) {where[tile, cell]} times, where "
                        f"a uniformly random board puts it there about {n // 9} times.\nhint: {_PUZZLE_TILES}")

    def board_uniform(fn):
        n = 1200
        seen = Counter(draw(fn, 2, 2, 5000 + s)[2].tiles for s in range(n))
        counts = [seen.get(t, 0) for t in sorted(_dist(Board.goal(2, 2)))]
        stat = sum((k - n / 12) ** 2 / (n / 12) for k in counts)
        if chi_square_tail(stat, 11) < 1e-6:
            raise _Fail(f"over {n} boards from make_puzzle(2, 2, rng) the twelve solvable 2 x 2 boards came "
                        f"{sorted(counts, reverse=True)} times (most frequent first): far from equally "
                        f"often.\nhint: {_PUZZLE_UNIFORM}")

    return [_Step(valid, 2), _Step(repeatable), _Step(blank_uniform, 2), _Step(tiles_uniform, 2),
            _Step(board_uniform, 2)]


def _walk_puzzle(rows, cols, rng):
    """A flawed make_puzzle for the tests of the checker: a random walk of 30 moves from the goal."""
    return scramble(Board.goal(rows, cols), 30, seed=rng)


def _unfixed_puzzle(rows, cols, rng):
    """A flawed make_puzzle: a shuffle, never fixed."""
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)
    return Board.from_tiles(tiles, rows, cols)


def _cycled_puzzle(rows, cols, rng):
    """A flawed make_puzzle: a uniform solvable board, then tile 1 moved to cell 0 by a 3-cycle (which keeps
    the parity and the blank), so tile 1 sits top-left in most boards."""
    tiles = list(random_solvable(rows, cols, seed=rng).tiles)
    if tiles[0] not in (0, 1):                                          # the blank stays where it is
        i = tiles.index(1)
        k = next(k for k in range(1, len(tiles)) if k != i and tiles[k] != 0)
        tiles[0], tiles[i], tiles[k] = tiles[i], tiles[k], tiles[0]      # cells 0 <- i <- k <- 0
    return Board.from_tiles(tiles, rows, cols)


def _global_random_puzzle(rows, cols, rng):
    """A flawed make_puzzle: ignores rng."""
    return random_solvable(rows, cols, seed=random.randrange(10**9))


_function_exercise(
    id="05.5",
    library=('puzzlelib.core.generate:random_solvable', 'puzzlelib.core.generate:fix_by_swap'),
    title="Write make_puzzle(rows, cols, rng): a uniform random solvable board", level="challenge",
    minutes=25, reference=SOLUTIONS["make_puzzle"],
    hint="shuffle all the tiles with rng.shuffle; if the board cannot reach the usual goal, swap two tiles "
         "(not the blank). Every solvable board then comes from exactly two shuffles. Boards have at least "
         "2 rows and 2 columns.",
    why="make_puzzle returns solvable boards of the right shape on 210 seeds, repeats itself for the same "
        "seed, and its boards, blank cells and the cells of every 3 x 3 tile pass a test of uniformity.",
    steps=_puzzle_steps,
    mistakes=(
        Mistake(lambda: _unfixed_puzzle, _PUZZLE_SOLVABLE),
        Mistake(lambda: _walk_puzzle, _PUZZLE_UNIFORM),
        Mistake(lambda: _global_random_puzzle, _PUZZLE_RNG),
        Mistake(lambda: _cycled_puzzle, _PUZZLE_TILES),
    ),
)

