"""Exercises of notebook 07, BFS at scale: where duplicates start (07.1), odd distances from another goal (07.2),
a frontier search without used-move bits (07.3), then child_word (07.4), one move of the layer step on a packed
word, written with integer operations."""

from __future__ import annotations


from puzzlelib.core.memo import memo
from puzzlelib.core.board import Board
from puzzlelib.core.bfs import bfs_layers
from puzzlelib.engines.dispatch import distance_counts
import random

from puzzlelib.engines.packed import blank_moves, pack
from puzzlelib.course.exercises.engine import Mistake, _call, _Fail, _function_exercise, _register, _Step, _whole
from puzzlelib.course.exercises.solutions import SOLUTIONS

__all__: list[str] = []


_GOAL3_07 = Board.goal(3, 3)
_TOP_MIDDLE = Board([[1, 0, 2], [3, 4, 5], [6, 7, 8]])
"""Exercise 07.2's goal: the blank in the middle of the top row."""


def _depths(goal: Board) -> dict:
    """The distance of every board from ``goal`` (tiles -> moves), by the plain BFS of notebook 02."""
    return _depths_of(goal.tiles, goal.rows, goal.cols)


@memo(items=None)
def _depths_of(tiles: tuple, rows: int, cols: int) -> dict:
    return {s: layer.depth for layer in bfs_layers(Board.from_tiles(tiles, rows, cols)) for s in layer.states}


def _as_board(x, rows: int, cols: int):
    """``x`` as a Board: a Board, rows of tiles, or flat tiles; None if it is none."""
    if isinstance(x, Board):
        return x
    if isinstance(x, (tuple, list)):
        try:
            if x and all(isinstance(r, (tuple, list)) for r in x):
                return Board(x)
            if len(x) == rows * cols:
                return Board.from_tiles(x, rows, cols)
        except (TypeError, ValueError):
            return None
    return None


# --- 07.1: where duplicates first appear: a board with two parents, nearest the goal ----------------

def _parents(board: Board, depth: dict) -> int:
    d = depth[board.tiles]
    return sum(1 for n in board.neighbors() if depth[n.tiles] == d - 1)


@memo(items=None)
def _nearest_two_parents() -> Board:
    """The first 3 x 3 board (nearest the goal, then in the order of its tiles) with two neighbours one move closer."""
    depth = _depths(_GOAL3_07)
    return Board.from_tiles(min((d, t) for t, d in depth.items()
                                if _parents(Board.from_tiles(t, 3, 3), depth) >= 2)[1], 3, 3)


def _two_parents_verdict(x):
    """The nearest two-parent board stands for itself in every form; another board says what is wrong with it."""
    board = _as_board(x, 3, 3)
    if board is None:
        return x
    if board.shape != (3, 3):
        return ("not 3 x 3",)
    depth = _depths(_GOAL3_07)
    if board.tiles not in depth:
        return ("cannot reach the goal",)
    if depth[board.tiles] == 0:
        return ("the goal",)
    if _parents(board, depth) < 2:
        return ("one parent",)
    best = _nearest_two_parents()
    return best if board == best else ("farther",)


_register(
    id="07.1", title="Where duplicates start: a board with two parents", level="core", minutes=10, kind="value",
    solution=_nearest_two_parents, normalize=_two_parents_verdict,
    hint="two parents in layer d - 1 means two different shortest paths from the goal meet: together they make a "
         "cycle of moves of length 2d. What is the shortest way to move the blank and come back to the very same "
         "board? Think of a 2 x 2 corner. Then test your board against the layers of bfs_layers.",
    why="the shortest cycle turns the blank round a 2 x 2 block three times, 12 moves: half way round, after 6 "
        "moves each way, the two paths meet. No layer before 6 holds a duplicate.",
    mistakes=(
        Mistake(lambda: ("one parent",), "that board has only one neighbour one move closer to the goal: only one "
                                         "board of the layer before generates it."),
        Mistake(lambda: ("the goal",), "that is the goal itself: the search starts there, so it has no parent at "
                                       "all. Which board further out is generated twice?"),
        Mistake(lambda: ("farther",), "that board does have two parents, but a board nearer the goal has two as "
                                      "well: find the nearest."),
        Mistake(lambda: ("cannot reach the goal",), "that board cannot reach the usual goal: it is in the other "
                                                    "half."),
        Mistake(lambda: ("not 3 x 3",), "give a 3 x 3 board, such as Board([[1, 2, 3], [4, 5, 6], [7, 8, 0]])."),
    ),
)


# --- 07.2: another goal: predict by the colouring, then verify by search ---------------------------

def _odd_from_top_middle() -> int:
    return sum(1 for d in _depths(_TOP_MIDDLE).values() if d % 2)


_register(
    id="07.2", title="Another goal: odd distances from the top-middle blank", level="core", minutes=10,
    kind="value", solution=_odd_from_top_middle,
    hint="colour the cells like a chessboard. A board's distance from the goal has the parity of its blank's "
         "taxicab distance to the goal's blank cell. How many cells are an odd distance from the top middle, and "
         "how many of the 181,440 boards have their blank in any one cell? Then verify with a search from this goal.",
    why="the distance has the parity of the blank's taxicab distance to the top middle, which is odd for the four "
        "corners and the centre: 5 cells. Each cell holds the blank in 181,440 / 9 = 20,160 boards: 5 x 20,160.",
    mistakes=(
        Mistake(lambda: 80_640, "did you count from the goal's blank cell, the top middle? Which cells are an odd "
                                "number of steps from it?"),
        Mistake(lambda: 90_720, "why would exactly half of the boards be at an odd distance? What decides a board's "
                                "parity, and how many cells give an odd one?"),
        Mistake(lambda: 5, "the question counts boards, not cells: what does the cell a board's blank stands on "
                           "tell you about that board's distance?"),
        Mistake(lambda: 4, "the question counts boards, not cells: what does the cell a board's blank stands on "
                           "tell you about that board's distance?"),
        Mistake(lambda: 181_440, "that is every board; only those at an odd distance count."),
        Mistake(lambda: 100_801, "is the goal itself at an odd distance? Count only the boards whose blank stands on "
                                 "a cell an odd number of steps from the top middle."),
        Mistake(lambda: 100_799, "does every cell hold the blank in as many boards as any other? Then what must the "
                                 "count be a multiple of?"),
    ),
)


# --- 07.3: a proof step: why the used-move bits matter ---------------------------------------------

def _forgetful_layer(k: int) -> int:
    """The size of layer ``k`` of a search from the 3 x 3 goal that builds each layer from all the last one's
    neighbours: no used-move bits, no older layer kept."""
    layer = {_GOAL3_07}
    for _ in range(k):
        layer = {n for b in layer for n in b.neighbors()}
    return len(layer)


def _forgetful_walks(k: int) -> int:
    """Layer ``k`` of the same search with duplicates kept: every board made, counted once per parent."""
    layer = [_GOAL3_07]
    for _ in range(k):
        layer = [n for b in layer for n in b.neighbors()]
    return len(layer)


_register(
    id="07.3", title="A proof step: a frontier search without used-move bits", level="core", minutes=15,
    kind="value", solution=lambda: _forgetful_layer(6),
    hint="a child of a layer-d board lies in layer d - 1 or d + 1. Find which true layers the wrong layers 1, 2 and "
         "3 hold, then say what wrong layer k holds in general (prove it by induction) and add up. "
         "distance_counts(3, 3) gives the true layers' sizes; a few lines of code verify.",
    why="wrong layer k holds every board at distance k, k - 2, k - 4 ... down to 0 or 1: the boards of true layer k "
        "- 1 make both layer k and the layer k - 2 they came from. So a frontier search must drop the moves back, "
        "which the used-move bits do.",
    mistakes=(
        Mistake(lambda: distance_counts(3, 3)[6], "that is the true layer 6: without the marks, every expansion also "
                                                  "makes the boards one layer back."),
        Mistake(lambda: sum(distance_counts(3, 3)[4:7:2]), "which true layers does the wrong layer 4 itself hold? "
                                                           "Does your count use that?"),
        Mistake(lambda: sum(distance_counts(3, 3)[:7]), "which true layers can a child of a layer-d board lie in? "
                                                        "Check each layer you added against that."),
        Mistake(lambda: _forgetful_walks(6), "each wrong layer is a set: a board made more than once is counted "
                                             "once. Merge the duplicates."),
        Mistake(lambda: sum(distance_counts(3, 3)[5:8]), "the wrong layer 6 is built from the wrong layer 5, not "
                                                         "from true layers 5 to 7."),
    ),
)

# --- 07.4: child_word(word, j, cols): one move of the layer step, on one packed word ---------------

_WORD_BLANK_LOW = ("the blank's new cell goes in the top hex digit, bits 60 to 63 (shift by 60): yours is a digit "
                   "lower.")
_WORD_OLD_MARKS = ("the child's used-move bits mark only its move back: clear the parent's marks (the lowest digit) "
                   "before you set the child's.")
_WORD_BACK = ("mark the move that takes the blank back to its old cell, the opposite of the move just made: a blank "
              "that moved up goes back down.")
_WORD_NO_MARK = "the child marks the move back to its parent in the lowest digit: one bit, 0 up, 1 down, 2 left, 3 right."
_WORD_OLD_BLANK = "clear the top digit (the old blank's cell) before you write the new one into it."


def _word_cases() -> list:
    """(word, j, cols, the engine's child) for one board, then seeded boards of 2 to 14 cells, every move of the
    blank; the parent's used-move bits are random, never the bit of the move being made (the engine skips it)."""
    cases = []
    rng = random.Random(74)
    boards = [((1, 0), 1, 2), ((1, 2, 3, 4, 0, 5), 2, 3)]
    for rows, cols in [(2, 2), (3, 3), (2, 4), (1, 5), (5, 1), (3, 4), (2, 7), (4, 3), (3, 3)]:
        tiles = list(range(rows * cols))
        rng.shuffle(tiles)
        boards.append((tuple(tiles), rows, cols))
    for tiles, rows, cols in boards:
        b = tiles.index(0)
        for j, sources in enumerate(blank_moves(rows, cols)):
            for source, d, back in sources:
                if source != b:
                    continue
                marks = 0 if len(cases) < 2 else rng.randrange(16) & ~(1 << d)
                child = list(tiles)
                child[b], child[j] = child[j], 0
                cases.append((pack(tiles) | marks, j, cols, pack(child) | (1 << back)))
    return cases


def _word_variants(word: int, want: int) -> dict:
    """What the typical mistakes return for a case, each by its tip, from the parent ``word`` and the right ``want``."""
    back = (want & 15).bit_length() - 1
    return {_WORD_BLANK_LOW: want & ~(15 << 60) | ((want >> 60) << 56),
            _WORD_OLD_MARKS: want | (word & 15),
            _WORD_BACK: want & ~15 | (1 << (back ^ 1)),
            _WORD_NO_MARK: want & ~15,
            _WORD_OLD_BLANK: want | ((word >> 60) << 60)}


def _word_steps():
    cases = _word_cases()
    first = cases[:2]

    def run_on(chosen):
        def run(fn):
            for word, j, cols, want in chosen:
                call = f"child_word({word:#x}, {j}, {cols})"
                got = _whole(call, _call(fn, (word, j, cols), call))
                if got != want:
                    tip = next((tip for tip, variant in _word_variants(word, want).items() if got == variant), None)
                    shown = f"{got:#x}" if got >= 0 else str(got)
                    raise _Fail(f"{call} returned {shown}; that is not the child's word"
                                + (f"\nhint: {tip}" if tip else ""))
        return run

    easy = run_on(first)
    return [_Step(easy, 1), _Step(run_on(cases[2:]), 2, needs=(easy,))]


@memo(items=None)
def _wanted() -> dict:
    """The right word of every hidden case, by (word, j, cols): the flawed answers below start from it."""
    return {(word, j, cols): want for word, j, cols, want in _word_cases()}


def _child_blank_low(word, j, cols):
    """A flawed child_word: the blank's cell one hex digit low."""
    return _word_variants(word, _wanted()[word, j, cols])[_WORD_BLANK_LOW]


def _child_marks_kept(word, j, cols):
    """A flawed child_word: the parent's used-move bits kept beside the child's mark."""
    return _word_variants(word, _wanted()[word, j, cols])[_WORD_OLD_MARKS]


def _child_wrong_mark(word, j, cols):
    """A flawed child_word: marks the move just made instead of the move back."""
    return _word_variants(word, _wanted()[word, j, cols])[_WORD_BACK]


_function_exercise(
    id="07.4",
    library=('puzzlelib.engines.packed:next_layer', 'puzzlelib.engines.packed:pack',
             'puzzlelib.engines.packed:unpack', 'puzzlelib.engines.packed:merge_duplicates'),
    title="Write child_word(word, j, cols): one move on a packed word", level="core", minutes=20,
    reference=SOLUTIONS["child_word"],
    hint="the top hex digit is word >> 60; the digit at bit s is (word >> s) & 15, and word & ~(15 << s) clears it. "
         "Which digits change when the blank moves from b to j? And which of the four directions takes it back?",
    why="child_word makes the engine's own children, used-move bits included, on boards of 2 to 14 cells: the "
        "nibble shuffle of next_layer, one word at a time.",
    steps=_word_steps,
    mistakes=(
        Mistake(lambda: _child_blank_low, _WORD_BLANK_LOW),
        Mistake(lambda: _child_marks_kept, _WORD_OLD_MARKS),
        Mistake(lambda: _child_wrong_mark, _WORD_BACK),
    ),
)
