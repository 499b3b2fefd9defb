"""Exercises of notebook 06, play: predict, prove it to the checker, then watch it on the player.

06.1: a witness, a 3 x 5 board and a vertical slide on it that raises the inversions by 4. 06.2: a witness
walk, the eight slides from the 3 x 3 goal that leave the most inversions (a bound reasoned out, then met).
06.3: which distances a 40-move scramble of the 3 x 3 goal can end at (a checkerboard argument, and walks
that never undo a slide). Nothing here reads a player: the players of the notebook show their panel only
once the check has passed (``PuzzleWidget(..., panel=passed)``), so no answer can be read off one.
"""

from __future__ import annotations

from puzzlelib.core.board import Board
from puzzlelib.core.memo import memo
from puzzlelib.core.solvability import inversions
from puzzlelib.course.exercises.engine import Mistake, _register

__all__: list[str] = []

# --- 06.1: a witness: a vertical slide on a width of 5 that raises the inversions by 4 -------------

_SHAPE_06_1 = (3, 5)
_RISE_06_1 = 4
_WITNESS_06_1 = (Board([[2, 3, 1, 4, 5], [6, 7, 0, 8, 9], [10, 11, 12, 13, 14]]), 1)
"""One board and tile that fit: the 1 slides down past 4, 5, 6 and 7, all larger (any fitting pair is as good)."""


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


def _rise_verdict(x):
    """A fitting (board, tile) stands for every fitting one; another pair says what is wrong with it."""
    if not isinstance(x, (tuple, list)) or len(x) != 2 or isinstance(x[1], bool) or not isinstance(x[1], int):
        return x
    board, tile = _as_board(x[0], *_SHAPE_06_1), x[1]
    if board is None:
        return x
    if board.shape != _SHAPE_06_1:
        return ("not 3 x 5",)
    if tile not in board.movable_tiles():
        return ("cannot slide",)
    if board.position(tile)[1] != board.blank[1]:
        return ("sideways",)
    change = inversions(board.slide(tile)) - inversions(board)
    if change == _RISE_06_1:
        return _WITNESS_06_1
    return ("falls",) if change < 0 else ("rises less",)


_register(
    id="06.1", title="A witness: one vertical slide that raises the inversions by 4", level="warm-up", minutes=5,
    kind="value", solution=lambda: _WITNESS_06_1, normalize=_rise_verdict,
    hint="in reading order, a tile that slides down jumps over the tiles between its cell and the blank's: "
         "the rest of its row, then the start of the blank's row. Only those pairs change order. Which tiles must "
         "it jump over for every one of those pairs to become an inversion? Answer (board, tile).",
    why="a vertical slide on a width of 5 carries the tile past the 4 tiles between its cell and the blank's, and "
        "only those 4 pairs change order; when every one of them becomes an inversion the count rises by 4, the "
        "most a slide can change it. Every change is even (-4, -2, 0, 2 or 4): on an odd width the parity of the "
        "inversions never changes.",
    mistakes=(
        Mistake(lambda: ("sideways",), "that tile slides sideways: it keeps its place in reading order and jumps "
                                       "over no tile, so the inversions stay as they are. Take the tile directly "
                                       "above or below the blank."),
        Mistake(lambda: ("cannot slide",), "that tile is not next to the blank, so it cannot slide: put the blank "
                                           "directly below (or above) the tile you choose."),
        Mistake(lambda: ("falls",), "that slide lowers the inversions. For each of the pairs the tile jumps over, "
                                    "ask which order makes the pair an inversion, and choose the tiles it jumps "
                                    "over so that every pair becomes one."),
        Mistake(lambda: ("rises less",), "that slide raises the inversions by less than 4 (or not at all): some of "
                                         "the pairs the tile jumps over stop being inversions or never become one. "
                                         "Which tiles must it jump over so that all of them become inversions?"),
        Mistake(lambda: ("not 3 x 5",), "give a 3 x 5 board, like board_1, and the tile that slides."),
    ),
)

# --- 06.2: a witness walk: the most inversions that eight slides from the 3 x 3 goal can leave ---------

_SHAPE_06_2 = (3, 3)
_SLIDES_06_2 = 8
_WALK_06_2 = [6, 3, 2, 5, 8, 6, 3, 2]
"""The walk that fits, the only one: the blank goes up, up, left, down, down, right, up, up, and each of its six
vertical slides adds 2."""


def _walk_boards(tiles) -> list | None:
    """The boards of a walk from the 3 x 3 goal that clicks ``tiles`` in order, or None if a tile cannot slide."""
    boards = [Board.goal(*_SHAPE_06_2)]
    for t in tiles:
        if t not in boards[-1].movable_tiles():
            return None
        boards.append(boards[-1].slide(t))
    return boards


@memo(items=None)
def _most_inversions() -> int:
    """The most inversions a walk of at most eight slides from the 3 x 3 goal leaves, by trying every walk."""
    best, layer = 0, {Board.goal(*_SHAPE_06_2)}
    for _ in range(_SLIDES_06_2):
        layer = {n for b in layer for n in b.neighbors()}
        best = max(best, max(inversions(b) for b in layer))
    return best


def _walk_verdict(x):
    """A walk of at most eight slides that leaves the most inversions stands for every such walk; another walk
    says what is wrong with it."""
    if not isinstance(x, (list, tuple)) or not all(isinstance(t, int) and not isinstance(t, bool) for t in x):
        return x
    if len(x) > _SLIDES_06_2:
        return ("more than eight slides",)
    boards = _walk_boards(x)
    if boards is None:
        return ("cannot slide",)
    if inversions(boards[-1]) == _most_inversions():
        return list(_WALK_06_2)
    if any(a == c for a, c in zip(boards, boards[2:])):
        return ("slides back",)
    vertical = sum(a.blank[1] == b.blank[1] for a, b in zip(boards, boards[1:]))
    if vertical < 6:
        return ("few vertical slides",)
    return ("vertical adds less",)


_register(
    id="06.2", title="A witness walk: the most inversions in eight slides", level="core", minutes=15,
    kind="value", solution=lambda: list(_WALK_06_2), normalize=_walk_verdict,
    hint="which slides change the inversions at all, and by how much at most on a width of 3 (exercise 1 did it "
         "on a width of 5)? With three rows and no slide undone, how many of eight slides can be of that kind? "
         "That bounds the most; then choose each slide so that it adds all it can. Answer with the list of the "
         "tiles you click, in order.",
    why="a sideways slide keeps every tile's place in reading order, and a vertical one makes the tile jump over "
        "the two tiles between its cell and the blank's, so it adds at most 2. The blank can go up or down at "
        "most twice in a row on three rows, so at most six of eight slides are vertical: at most 12 inversions, "
        "and your walk leaves them, each vertical slide adding 2.",
    mistakes=(
        Mistake(lambda: ("few vertical slides",),
                "your walk leaves fewer inversions than eight slides can. A sideways slide never changes them: "
                "how many of eight slides can go up or down, with three rows and no slide undone?"),
        Mistake(lambda: ("vertical adds less",),
                "your walk leaves fewer inversions than eight slides can. A vertical slide adds at most 2, when "
                "both tiles it jumps over end up out of order with it; one of yours adds less. Which tiles must "
                "a tile that slides down jump over, and one that slides up?"),
        Mistake(lambda: ("slides back",), "your walk slides a tile back where it just was: that undoes the slide "
                                          "before, and its change of the inversions with it."),
        Mistake(lambda: ("cannot slide",), "one of those tiles is not next to the blank when its turn comes. "
                                           "Start from the goal, Board.goal(3, 3), and slide them one by one "
                                           "(board.slide(tile) refuses a tile that cannot slide)."),
        Mistake(lambda: ("more than eight slides",), "that walk has more than eight slides: at most eight."),
    ),
)


def _tile_set(x):
    """A frozenset, a range, or a list or tuple of whole numbers as a set; anything else as it is.

    >>> _tile_set([9, 1, 3, 6]) == _tile_set((1, 3, 6, 9)) == _tile_set(frozenset({1, 3, 6, 9})) == {1, 3, 6, 9}
    True
    >>> _tile_set(["one"]), _tile_set(7)
    (['one'], 7)
    """
    if isinstance(x, (range, frozenset)):
        return set(x)
    if isinstance(x, (list, tuple)) and all(isinstance(t, int) and not isinstance(t, bool) for t in x):
        return set(x)
    return x


# --- 06.3: where a 40-move scramble can end -------------------------------------------------------

_SCRAMBLE_06_3 = 40
_SHAPE_06_3 = (3, 3)


def _scramble_distances() -> set:
    """Every distance a walk of 40 slides from the 3 x 3 goal can end at, from the BFS layers.

    A board at distance d is the end of such a walk exactly when d <= 40 and 40 - d is even. An odd
    40 - d can't happen (the blank's colour on a checkerboard flips with each move). Every even d up to
    the last layer does happen, also for the player's scramble, which never undoes its last move: the
    notebook's solution builds one such walk for each (and replays them, scramble_proof_problem in
    notebook 06's evidence), and a test follows every 40-move walk that never turns back."""
    from puzzlelib.course.exercises.fixtures import _dist
    depths = set(_dist(Board.goal(*_SHAPE_06_3)).values())
    return {d for d in depths if d <= _SCRAMBLE_06_3 and (_SCRAMBLE_06_3 - d) % 2 == 0}


def _depth_limit() -> int:
    from puzzlelib.course.exercises.fixtures import _dist
    return max(_dist(Board.goal(*_SHAPE_06_3)).values())


_register(
    id="06.3", title="Predict where a 40-move scramble can end", level="core", minutes=10, kind="value",
    solution=_scramble_distances, normalize=_tile_set,
    hint="colour the cells like a checkerboard: what does one slide do to the colour of the blank's cell? So "
         "how does the parity of any walk to a board compare with the parity of a shortest one? And how far "
         "from the goal can a 3 x 3 board be (the explorer above)? Give a set of numbers.",
    why="every slide moves the blank to a cell of the other colour, so any two walks between the same two "
        "boards have lengths of the same parity: the distance is even, like 40, and at most 31. Every such "
        "distance happens, though the scramble never undoes its last move: out along a shortest path to a "
        "board with two neighbours one move nearer, then down by the other one, ends at every even distance "
        "up to 22; a 12-move loop at the goal first (the blank three times round a 2 x 2 block) gives 24 to "
        "28, and the long way round such a loop (11 moves instead of 1) gives 30.",
    mistakes=(
        Mistake(lambda: set(range(1, _depth_limit() + 1, 2)),
                "look at the parity: after an even number of slides the blank's cell has the goal's colour on a "
                "checkerboard; can the distance be odd?"),
        Mistake(lambda: set(range(0, _SCRAMBLE_06_3 + 1, 2)),
                "no 3 x 3 board is that far from the goal: the explorer's last layer is the farthest."),
        Mistake(lambda: set(range(0, _depth_limit() + 1)),
                "not every distance up to the farthest: after an even number of slides, can the distance be odd?"),
        Mistake(lambda: set(range(0, _SCRAMBLE_06_3 + 1)),
                "too many: no board is farther than the explorer's last layer, and the parity of 40 rules out "
                "half of the rest."),
        Mistake(lambda: {_SCRAMBLE_06_3}, "the scramble never undoes its last move, but it can still come back "
                                          "towards the goal: the blank going round a square block of four cells "
                                          "never turns back, yet after three rounds every tile is home again. So a walk of "
                                          "40 slides can end much nearer than 40 moves from the goal."),
        Mistake(lambda: _scramble_distances() - {0},
                "check each candidate distance on its own, from the smallest up: is there a walk of 40 slides, "
                "never undoing a move, that ends at a board that far from the goal?"),
    ),
)
