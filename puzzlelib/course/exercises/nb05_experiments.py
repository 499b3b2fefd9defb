"""Exercises of notebook 05, experiments: a goal three cells from downRight that start5 reaches (05.1), a
proof step and a written proof about the Manhattan bound (05.2, 05.3), a counterexample to its closeness on
4 x 4 (05.4), then make_puzzle (05.5), a uniform puzzle at an odd distance, which no random walk of even
length makes."""

from __future__ import annotations

import random
from collections import Counter

from puzzlelib.core.memo import memo
from puzzlelib.core.board import Board
from puzzlelib.course.evidence.nb05_experiments import chi_square_tail
from puzzlelib.core.generate import random_solvable, scramble
from puzzlelib.core.heuristics import manhattan
from puzzlelib.core.solvability import blank_distance, is_solvable
from puzzlelib.course.exercises.engine import (Mistake, _call, _fail, _Fail, _function_exercise, _proof_exercise,
                                               _register, _Step)
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


# --- 05.1: predict, then verify: a goal three cells from downRight that start5 reaches --------------

_GOAL3CELLS_05 = Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [15, 14, 0, 13]])
"""One goal that fits: the blank one cell left, 15 in 13's cell, 13 in the corner (any fitting goal is as good)."""


def _changed_cells(board: Board) -> list:
    """The cells (reading order) where ``board`` differs from downRight."""
    return [i for i, (a, b) in enumerate(zip(board.tiles, _GOALS_05["downRight"].tiles)) if a != b]


def _three_cells_verdict(x):
    """A goal three cells from downRight that start5 reaches stands for all of them; another board says what it
    is. Three cells changed means their contents go round (a 3-cycle): of three tiles, or through the blank."""
    board = _as_board(x, 4, 4)
    if board is None:
        return x
    if board.shape != (4, 4):
        return ("not 4 x 4",)
    changed = len(_changed_cells(board))
    if changed < 3:
        return ("fewer than three cells",)
    if changed > 3:
        return ("more than three cells",)
    if board.blank == _GOALS_05["downRight"].blank:
        return ("three tiles turned",)
    if not is_solvable(_START5, board):
        return ("blank an even distance away",)
    return _GOAL3CELLS_05


_register(
    id="05.1", title="Predict, then verify: a goal three cells from downRight", level="core", minutes=15,
    kind="value", solution=lambda: _GOAL3CELLS_05, normalize=_three_cells_verdict,
    hint="three cells that all change trade their contents round in a cycle. If the blank is not one of them, "
         "what is that in swaps of two tiles? If it is, write the change as two trades of the blank with a "
         "tile, one after the other, and use section 3's rule for each trade. Then test your goal with "
         "is_solvable(starts[\"start5\"], goal).",
    why="a cycle of three tiles is two swaps and keeps the invariant, so the blank must be one of the three "
        "cells. A cycle through the blank is two trades of the blank with a tile, and the two trades' distances "
        "add up to a number with the parity of the blank's new distance from its corner: when that distance is "
        "odd, exactly one trade is over an even distance and flips the invariant.",
    mistakes=(
        Mistake(lambda: ("three tiles turned",), "the blank stays in its corner, so three tiles go round: that "
                                                 "is two swaps of tiles. What do two swaps do to the invariant?"),
        Mistake(lambda: ("blank an even distance away",),
                "start5 cannot reach that goal. Your change moves the blank: write it as two trades of the blank "
                "with a tile (section 3) and count the flips of the invariant. Which cells may the blank end on?"),
        Mistake(lambda: ("fewer than three cells",), "that board differs from downRight in fewer than three "
                                                     "cells: change exactly three."),
        Mistake(lambda: ("more than three cells",), "that board differs from downRight in more than three "
                                                    "cells: keep all but three of its cells as they are."),
        Mistake(lambda: ("not 4 x 4",), "give a 4 x 4 board: downRight, Board.goal(4, 4), with three cells "
                                        "changed."),
    ),
)


# --- 05.2: a proof step: one move changes the Manhattan bound by exactly one ------------------------

def _changes_05(x):
    """A set, list or tuple of whole numbers as a set; any string, "±1" too, as the tag ("text",): the
    exercise asks for a set of numbers, and a string is refused as in the other exercises."""
    if isinstance(x, str):
        return ("text",)
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
        Mistake(lambda: ("text",), "that is text, in quotes: give a set of whole numbers, such as {3, 4}."),
        Mistake(lambda: {-1, 0, 1}, "not every value in that set happens. Only one tile changes cell: compare its "
                                    "row and its column before and after the move, and what each does to its "
                                    "distance to its goal cell."),
        Mistake(lambda: {-2, 0, 2}, "that counts the blank too: leave it out, it is not a tile."),
        Mistake(lambda: {-2, -1, 0, 1, 2}, "only one tile moves, by one cell: how much can its distance change?"),
        Mistake(lambda: {-1, 0, 1, 2}, "one tile moves one cell: can its distance to its goal cell stay the same, or "
                                       "change by two? And the blank is not counted."),
        Mistake(lambda: {-1}, "moves go both ways: every move can be undone. What does the move back do?"),
        Mistake(lambda: {1}, "moves go both ways: every move can be undone. What does the move back do?"),
    ),
)


# --- 05.3: a written proof: parity never adds a move to the Manhattan bound ----------------------------

_proof_exercise(
    id="05.3", title="Prove that the parity never adds a move to the Manhattan bound", level="core", minutes=15,
    questions=(
        "Does your proof start from a board that reaches its goal and a solution of d moves, any one?",
        "Does it use what a single move does to the bound (exercise 2), move by move along that solution?",
        "Does it say what the bound is at the goal, and conclude something about the bound's parity and d's?",
        "Does it end with why the parity fact can never raise the bound by one: what would that need?",
    ),
    rubric=(
        (1, "Along any solution of d moves each move changes the bound by exactly 1 (exercise 2), and the bound "
            "is 0 at the goal, so the bound has the parity of d."),
        (1, "Hence the bound already has the parity of every solution's length: rounding it up to the other "
            "parity never happens, so the parity fact adds nothing."),
    ),
    model=("Take a solution of d moves. By exercise 2 each move changes the bound by exactly 1, so each move flips\n"
           "its parity, and after d moves, at the goal, the bound is 0. So the bound has the parity of d, which\n"
           "the parity fact demands of every solution: the fact never rounds the bound up by one."),
    hint="use exercise 2: what does one move of a solution do to the bound's parity? Follow a solution to the "
         "goal, where the bound is 0, and compare the bound's parity with the solution's length.",
    why="the Manhattan bound already has the parity of every solution's length, so the parity fact adds nothing "
        "to it.",
)


# --- 05.4: a counterexample on 4 x 4: a small bound, a long solution --------------------------------

_GOAL4_05 = Board.goal(4, 4)
_BOUND_05_4, _MOVES_05_4 = 4, 20
_FAR_05_4 = Board([[2, 1, 4, 3], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]])
"""One board that fits: bound 4, 28 moves (any fitting board is as good)."""


@memo(items=1024)
def _fewest_4x4(tiles: tuple) -> int:
    """The fewest moves of a 4 x 4 board to the usual goal, by IDA* with the pattern databases (notebook 08)."""
    from puzzlelib.engines.optimal import solve_optimal
    return len(solve_optimal(Board.from_tiles(tiles, 4, 4), progress=False)) - 1


def _far_verdict_05(x):
    """Any board that fits stands for all of them; another board says what is wrong with it."""
    board = _as_board(x, 4, 4)
    if board is None:
        return x
    if board.shape != (4, 4):
        return ("not 4 x 4",)
    if not is_solvable(board, _GOAL4_05):
        swapped = [i for i, (a, b) in enumerate(zip(board.tiles, _GOAL4_05.tiles)) if a != b]
        one_swap = len(swapped) == 2 and 0 not in (board.tiles[i] for i in swapped)
        return ("one swap",) if one_swap else ("cannot reach the goal",)
    if manhattan(board, _GOAL4_05) > _BOUND_05_4:
        return ("bound over 4",)
    if _fewest_4x4(board.tiles) < _MOVES_05_4:
        return ("fewer than 20 moves",)
    return _FAR_05_4


_register(
    id="05.4", title="A counterexample: a small bound, a long solution", level="core", minutes=15,
    kind="value", solution=lambda: _FAR_05_4, normalize=_far_verdict_05,
    hint="which boards have a small bound? Tiles one cell from home. Which of those still need many moves? Think "
         "of tiles that must pass each other in a row, and of section 3: one swap alone leaves a board that cannot "
         "reach the goal. Test your board with solve_optimal(board) (a shortest solution in a moment).",
    why="two tiles swapped in their own row (or column) count 2 for the bound, yet they must go round each "
        "other, and the bound counts none of that detour. One swap alone cannot reach the goal (section 3), so a counterexample "
        "needs two.",
    mistakes=(
        Mistake(lambda: ("bound over 4",), "that board's Manhattan bound is more than 4: move fewer tiles, each only "
                                           "one cell from home."),
        Mistake(lambda: ("fewer than 20 moves",), "that board needs fewer than 20 moves: the bound is close there. "
                                                  "Which tiles must go round each other, and where is that longest?"),
        Mistake(lambda: ("one swap",), "that board cannot reach the usual goal: a swap of two tiles flips the "
                                       "invariant (section 3). What does a second swap do?"),
        Mistake(lambda: ("cannot reach the goal",), "that board cannot reach the usual goal: section 3's invariant "
                                                    "decides which boards can. Test yours with "
                                                    "is_solvable(board, Board.goal(4, 4)) first."),
        Mistake(lambda: ("not 4 x 4",), "give a 4 x 4 board: the usual goal, Board.goal(4, 4), with a few tiles "
                                        "moved."),
    ),
)

# --- 05.5: make_puzzle(rows, cols, rng): a uniform puzzle at an odd distance ------------------------

_PUZZLE_SOLVABLE = ("a shuffle lands in the wrong half half of the time: then swap two tiles (not the blank), "
                   "or shuffle again.")
_PUZZLE_ODD = ("a board's distance has a parity that section 2 reads off the board without a search: which step "
               "of yours makes sure it is odd? Swapping two tiles changes which goal a board reaches, not that "
               "parity.")
_PUZZLE_SWAP = ("a swap of two tiles fixes which goal a board reaches, never the parity of its distance (section "
                "2): which step of yours makes sure that parity is odd?")
_PUZZLE_VARIED = ("a puzzle is drawn at random: shuffle the tiles with rng.shuffle, so that each seed gives its own "
                  "board.")
_PUZZLE_RNG = "draw all randomness from rng (rng.shuffle, rng.randrange...), not from the random module."
_PUZZLE_UNIFORM = ("some boards at an odd distance come out more often than others. Ask of each step of yours "
                   "whether every board it can give comes out in as many ways: a random walk does not, and "
                   "neither does a step that puts the blank on a cell of its choosing.")
_PUZZLE_TILES = ("a random walk leaves tiles near their goal cells, and a fix that moves chosen tiles to chosen "
                 "cells favours those cells: which step of yours puts some tiles in some cells more often?")
_PUZZLE_SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4), (3, 5)]


def _odd_cells(rows: int, cols: int) -> list:
    """The cells an odd number of steps from the usual goal's blank (the bottom-right corner), row by row."""
    return [(r, c) for r in range(rows) for c in range(cols) if (rows - 1 - r + cols - 1 - c) % 2]


def _puzzle_steps():
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

    def valid(fn):                       # valid and varied: one board every time is valid but no puzzle
        seen = set()
        for rows, cols in _PUZZLE_SHAPES:
            goal = Board.goal(rows, cols)
            for seed in range(30):
                call, got, board = draw(fn, rows, cols, seed)
                if not is_solvable(board, goal):
                    _fail(call, got, "that board cannot reach the usual goal.",
                          _PUZZLE_SWAP if blank_distance(board, goal) % 2 == 0 else _PUZZLE_SOLVABLE)
                if blank_distance(board, goal) % 2 == 0:
                    _fail(call, got, "that board is an even number of moves from the goal.", _PUZZLE_ODD)
                seen.add((rows, cols, board.tiles))
        if len(seen) == len(_PUZZLE_SHAPES):
            raise _Fail(f"make_puzzle(rows, cols, rng) gave one board for each of the {len(_PUZZLE_SHAPES)} shapes "
                        f"tried, the same for all 30 seeds: it is not random enough.\nhint: {_PUZZLE_VARIED}")

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

    def blank_uniform(fn):               # on 3 x 3 the blank may stand on 4 cells, each equally often
        n, odd = 1800, _odd_cells(3, 3)
        cells = Counter(draw(fn, 3, 3, 1000 + s)[2].blank for s in range(n))
        counts = [cells.get(cell, 0) for cell in odd]
        stat = sum((k - n / len(odd)) ** 2 / (n / len(odd)) for k in counts) + (n - sum(counts))
        if chi_square_tail(stat, len(odd) - 1) < 1e-6:
            raise _Fail(f"over {n} boards from make_puzzle(3, 3, rng) the blank's cell is far from uniform: it was "
                        f"in the cells {odd} (row, column) {counts} times; a uniformly random board at an odd "
                        f"distance has its blank in each of them equally often.\nhint: {_PUZZLE_UNIFORM}")

    def tiles_uniform(fn):               # each tile in each cell: 1/8 of the boards, less on the blank's cells
        n, odd = 1800, {r * 3 + c for r, c in _odd_cells(3, 3)}
        share = {i: (1 - 1 / len(odd) if i in odd else 1) / 8 for i in range(9)}
        where = Counter((t, i) for s in range(n) for i, t in enumerate(draw(fn, 3, 3, 1000 + s)[2].tiles) if t)
        stat = sum((where.get((t, i), 0) - n * share[i]) ** 2 / (n * share[i]) for t in range(1, 9) for i in range(9))
        if chi_square_tail(stat, 64) < 1e-6:
            tile, cell = max(where, key=lambda k: where[k] / share[k[1]])
            raise _Fail(f"over {n} boards from make_puzzle(3, 3, rng) the tiles do not land in each cell equally "
                        f"often: tile {tile} was in cell {cell} (reading order) {where[tile, cell]} times, where "
                        f"a uniformly random board at an odd distance puts it there about {round(n * share[cell])} "
                        f"times.\nhint: {_PUZZLE_TILES}")

    def board_uniform(fn):               # the 6 boards of 2 x 2 at an odd distance, equally often
        n, goal = 1200, Board.goal(2, 2)
        wanted = sorted(t for t, d in _dist(goal).items() if d % 2)
        seen = Counter(draw(fn, 2, 2, 5000 + s)[2].tiles for s in range(n))
        counts = [seen.get(t, 0) for t in wanted]
        stat = sum((k - n / len(wanted)) ** 2 / (n / len(wanted)) for k in counts)
        if chi_square_tail(stat, len(wanted) - 1) < 1e-6:
            raise _Fail(f"over {n} boards from make_puzzle(2, 2, rng) the {len(wanted)} boards of 2 x 2 at an odd "
                        f"distance came {sorted(counts, reverse=True)} times (most frequent first): far from "
                        f"uniform.\nhint: {_PUZZLE_UNIFORM}")

    return [_Step(valid, 2), _Step(repeatable), _Step(blank_uniform, 2), _Step(board_uniform, 2),
            _Step(tiles_uniform, 2)]


def _walk_puzzle(rows, cols, rng):
    """A flawed make_puzzle for the tests of the checker: a random walk of 31 moves from the goal (odd, so at an
    odd distance, but not uniform)."""
    return scramble(Board.goal(rows, cols), 31, seed=rng)


def _unfixed_puzzle(rows, cols, rng):
    """A flawed make_puzzle: a shuffle, never fixed."""
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)
    return Board.from_tiles(tiles, rows, cols)


def _any_distance_puzzle(rows, cols, rng):
    """A flawed make_puzzle: a uniform solvable board, at any distance (section 4's method alone)."""
    return random_solvable(rows, cols, seed=rng)


def _odd_board(rows, cols, rng):
    """A uniform solvable board, drawn again until it is an odd distance away (the library's own draw)."""
    while True:
        board = random_solvable(rows, cols, seed=rng)
        if blank_distance(board) % 2:
            return board


def _cycled_puzzle(rows, cols, rng):
    """A flawed make_puzzle: a uniform board at an odd distance, then, on 9 cells or more, tile 1 moved to cell 0 by
    a 3-cycle (which keeps the parity and the blank), so tile 1 sits top-left in most boards."""
    tiles = list(_odd_board(rows, cols, rng).tiles)
    if tiles[0] not in (0, 1) and len(tiles) >= 9:                     # the blank stays where it is
        i = tiles.index(1)
        k = next(k for k in range(1, len(tiles)) if k != i and tiles[k] != 0)
        tiles[0], tiles[i], tiles[k] = tiles[i], tiles[k], tiles[0]      # cells 0 <- i <- k <- 0
    return Board.from_tiles(tiles, rows, cols)


def _swap_first_two(board):
    tiles = list(board.tiles)
    i, j = [k for k, t in enumerate(tiles) if t][:2]
    tiles[i], tiles[j] = tiles[j], tiles[i]
    return Board.from_tiles(tiles, board.rows, board.cols)


def _swapped_again_puzzle(rows, cols, rng):
    """A flawed make_puzzle: a uniform solvable board; at an even distance, two tiles swapped (which flips the
    goal it reaches, not the parity of its distance)."""
    board = random_solvable(rows, cols, seed=rng)
    return _swap_first_two(board) if blank_distance(board) % 2 == 0 else board


def _global_random_puzzle(rows, cols, rng):
    """A flawed make_puzzle: ignores rng."""
    return _odd_board(rows, cols, random.Random(random.randrange(10**9)))


_function_exercise(
    id="05.5",
    library=('puzzlelib.core.generate:random_solvable', 'puzzlelib.core.generate:fix_by_swap'),
    title="Write make_puzzle(rows, cols, rng): a uniform puzzle at an odd distance", level="challenge",
    minutes=25, reference=SOLUTIONS["make_puzzle"],
    hint="section 2's parity: which boards are an odd number of moves from the goal? It is decided without a "
         "search. Then section 4's second method (shuffle with rng.shuffle, fix the solvability with one swap of "
         "two tiles), arranged so that only those boards come out, each as often as the others. Boards have at "
         "least 2 rows and 2 columns.",
    why="make_puzzle returns boards of the right shape at an odd distance from the goal on 210 seeds, repeats "
        "itself for the same seed, and its boards, blank cells and the cells of every 3 x 3 tile pass a test of "
        "uniformity.",
    steps=_puzzle_steps,
    mistakes=(
        Mistake(lambda: _any_distance_puzzle, _PUZZLE_ODD),
        Mistake(lambda: _swapped_again_puzzle, _PUZZLE_SWAP),
        Mistake(lambda: _walk_puzzle, _PUZZLE_UNIFORM),
        Mistake(lambda: _global_random_puzzle, _PUZZLE_RNG),
        Mistake(lambda: _cycled_puzzle, _PUZZLE_TILES),
    ),
)
