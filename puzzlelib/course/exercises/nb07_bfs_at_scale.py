"""Exercises of notebook 07, BFS at scale: where duplicates start (07.1), odd distances from another goal (07.2),
a frontier search without used-move bits (07.3), then pack_word (07.4)."""

from __future__ import annotations


from puzzlelib.core.memo import memo
from puzzlelib.core.board import Board
from puzzlelib.core.bfs import bfs_layers
from puzzlelib.engines.dispatch import distance_counts
from puzzlelib.engines.packed import pack
from puzzlelib.course.exercises.engine import Mistake, _function_exercise, _register, _tiles_steps
from puzzlelib.course.exercises.fixtures import _shuffled
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
        Mistake(lambda: 80_640, "that is the count of boards at an odd distance from a corner goal: the top middle is "
                                "not a corner's colour."),
        Mistake(lambda: 90_720, "half of the boards would be right if both colours had equally many cells; on 3 x 3 "
                                "they have 4 and 5."),
        Mistake(lambda: 5, "that is how many cells are an odd distance away; how many boards have the blank in each?"),
        Mistake(lambda: 4, "count the cells an odd number of steps from the top middle again, and then the boards."),
        Mistake(lambda: 181_440, "that is every board; only those at an odd distance count."),
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
        Mistake(lambda: sum(distance_counts(3, 3)[4:7:2]), "layer 4 comes back, but it brings back layer 2 as well, "
                                                           "and so on down: follow the induction to the bottom."),
        Mistake(lambda: sum(distance_counts(3, 3)[:7]), "a child is one move from its parent, so their distances "
                                                        "differ by one: the odd layers never come back into an even "
                                                        "one."),
        Mistake(lambda: sum(distance_counts(3, 3)[5:8]), "the wrong layer 6 is built from the wrong layer 5, not "
                                                         "from true layers 5 to 7."),
    ),
)

# --- 07.4: pack_word(tiles) -----------------------------------------------------------------------

_PACK_NO_BLANK = "the blank's cell goes in the top hex digit, the top 4 bits of the word: see the picture."
_PACK_NO_MOVE_BITS = ("the lowest hex digit, the low 4 bits, is kept for the used-move bits: cell 0's tile goes in the "
                      "digit above it.")


def _pack_steps():
    cases = _shuffled([(1, 0), (1, 2, 3, 0), (0, 1, 2, 3), (1, 2, 3, 4, 5, 0), (1, 2, 3, 4, 0, 5),
                       (8, 7, 6, 5, 4, 3, 2, 1, 0)], 7, (9, 12, 14))
    return _tiles_steps("pack_word", cases, pack, "that is not its packed word", tips=(
        (lambda tiles, got, want: got == want & ~(15 << 60), _PACK_NO_BLANK),
        (lambda tiles, got, want: got == sum(t << (4 * i) for i, t in enumerate(tiles)) | (tiles.index(0) << 60),
         _PACK_NO_MOVE_BITS),
    ))


_function_exercise(
    id="07.4",
    library=('puzzlelib.engines.frontier:pack',),
    title="Write pack_word(tiles): a board as one 64-bit word", level="core", minutes=15,
    reference=SOLUTIONS["pack_word"],
    hint="one hex digit is 4 bits, and shifting left by 4 moves a number up one digit. Count the digits from the "
         "right, from 0: which digit holds cell i's tile, and which holds the blank's cell? Combine the shifted "
         "values with | (or +).",
    why="pack_word gives exactly the engine's word on boards of 2 to 14 cells.",
    steps=_pack_steps,
    mistakes=(
        Mistake(lambda: (lambda tiles: sum(t << (4 + 4 * i) for i, t in enumerate(tiles))), _PACK_NO_BLANK),
        Mistake(lambda: (lambda tiles: sum(t << (4 * i) for i, t in enumerate(tiles)) | (tiles.index(0) << 60)),
                _PACK_NO_MOVE_BITS),
    ),
)
