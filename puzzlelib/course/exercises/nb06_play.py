"""Exercises of notebook 06, play: predict, prove it to the checker, then watch it on the player.

06.1: a witness, a 3 x 5 board and a vertical slide on it that raises the inversions by 4. 06.2: write
keeps_solvable(rows, cols, tile), the rule for trading the blank with a tile of the goal (the permutation
rule, reasoned out). 06.3: which distances a 40-move scramble of the 3 x 3 goal can end at (a
checkerboard argument). Nothing here reads a player: the players of the notebook show their panel only
once the check has passed (``PuzzleWidget(..., panel=passed)``), so no answer can be read off one.
"""

from __future__ import annotations

from puzzlelib.core.board import Board
from puzzlelib.core.solvability import inversions, is_solvable
from puzzlelib.course.exercises.engine import Mistake, _call, _fail, _function_exercise, _register, _Step, _verdict
from puzzlelib.course.exercises.solutions import SOLUTIONS

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

# --- 06.2: write keeps_solvable(rows, cols, tile): the blank traded with a tile of the goal ------------

_SHAPES_06_2 = ((3, 4), (2, 2), (2, 3), (3, 2), (3, 3), (4, 3), (2, 5), (4, 4), (5, 6), (6, 5), (7, 7), (2, 9),
                (9, 2), (4, 6))
_TRADE_FLIPS = ("a trade of two cells is one transposition, which flips the permutation's parity; then count how "
                "far the blank ends from its goal cell: which of those distances flip the parity back?")
_TRADE_WIDTH = ("on an even width the inversions alone do not decide: the blank's row counts too (notebook 03). "
                "Or reason with the permutation rule, which holds on every width.")
_TRADE_FAR = "some tiles that are not next to the blank keep the board solvable too: not only the neighbours."


def _traded(rows: int, cols: int, tile: int) -> Board:
    """The usual rows x cols goal with the blank and ``tile`` trading places (a slide only for a neighbour)."""
    tiles = list(Board.goal(rows, cols).tiles)
    i, j = tiles.index(0), tiles.index(tile)
    tiles[i], tiles[j] = tiles[j], tiles[i]
    return Board.from_tiles(tiles, rows, cols)


def _keeps_steps():
    cases = [(rows, cols, tile, is_solvable(_traded(rows, cols, tile))) for rows, cols in _SHAPES_06_2
             for tile in range(1, rows * cols)]
    flaws = ((_keeps_flipped, _TRADE_FLIPS), (_keeps_neighbours_only, _TRADE_FAR), (_keeps_by_inversions, _TRADE_WIDTH))

    def tip(fn, rows, cols) -> str:
        """The tip of the typical mistake that gives the student's answers on every tile of this shape."""
        try:
            said = [_call(fn, (rows, cols, t), "") for t in range(1, rows * cols)]
        except Exception:  # noqa: BLE001  (the first answer was already read: no tip then)
            return _TRADE_FLIPS
        return next((tip for flaw, tip in flaws if said == [flaw(rows, cols, t) for t in range(1, rows * cols)]),
                    _TRADE_FLIPS)

    def run_on(shapes):
        def run(fn):
            for rows, cols, tile, want in cases:
                if (rows, cols) not in shapes:
                    continue
                call = f"keeps_solvable({rows}, {cols}, {tile})"
                got = _verdict(call, _call(fn, (rows, cols, tile), call))
                if got != want:
                    _fail(call, got, "that trade is wrong", tip(fn, rows, cols))
        return run

    first = run_on({(3, 4)})
    return [_Step(first, 1), _Step(run_on({(2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (7, 7)}), 1, needs=(first,)),
            _Step(run_on({(4, 3), (4, 4), (5, 6), (6, 5), (2, 9), (9, 2), (4, 6)}), 1, needs=(first,))]


def _keeps_flipped(rows, cols, tile):
    """A flawed keeps_solvable: every verdict the wrong way round."""
    return not is_solvable(_traded(rows, cols, tile))


def _keeps_neighbours_only(rows, cols, tile):
    """A flawed keeps_solvable: only a neighbour of the blank (a slide) keeps the board solvable."""
    return tile in Board.goal(rows, cols).movable_tiles()


def _keeps_by_inversions(rows, cols, tile):
    """A flawed keeps_solvable: the odd-width rule everywhere, the inversions of the traded board alone."""
    return inversions(_traded(rows, cols, tile)) % 2 == 0


_function_exercise(
    id="06.2",
    library=('puzzlelib.core.solvability:is_solvable', 'puzzlelib.core.solvability:explain',
             'puzzlelib.core.solvability:_solvable', 'puzzlelib.core.bfs:bfs_layers',
             'puzzlelib.engines.tables:distances'),
    title="Write keeps_solvable(rows, cols, tile): which trades with the blank keep a board solvable",
    level="core", minutes=15, reference=SOLUTIONS["keeps_solvable"],
    hint="use 03's permutation rule: a board is solvable when (the permutation's parity + the blank's taxicab "
         "distance to its goal cell) is even. Trading the blank with a tile is one transposition; how far from its "
         "goal cell does the blank end? In the goal, tile t sits in cell t - 1 (reading order from 0).",
    why="keeps_solvable agrees with the board itself on every tile of 14 shapes. The trade is one transposition, "
        "which flips the permutation's parity, and it takes the blank as many cells from home as the taxicab "
        "distance between the two cells: the board stays solvable exactly when that distance is odd.",
    steps=_keeps_steps,
    mistakes=(
        Mistake(lambda: _keeps_flipped, _TRADE_FLIPS),
        Mistake(lambda: _keeps_neighbours_only, _TRADE_FAR),
        Mistake(lambda: _keeps_by_inversions, _TRADE_WIDTH),
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
    the last layer does happen, also for the player's scramble, which never undoes its last move: a
    test checks it over every 40-move walk that never turns back."""
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
        "boards have lengths of the same parity: the distance is even, like 40, and at most 31. Every "
        "such distance happens, though the scramble never undoes its last move: loops that never turn "
        "back come in every even length from 12 up (the blank three times round a 2 x 2 block is one of 12), "
        "so a loop, then a shortest path, reaches every even distance up to 28; going the long way round a "
        "12-move loop (11 moves instead of 1) reaches 30.",
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
