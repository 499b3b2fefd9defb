"""Exercises of notebook 01, states and encoding: keys and ranks by hand (01.1-01.3), then as functions (01.4, 01.5)."""

from __future__ import annotations

from math import factorial

from ..board import Board
from ..encoding import from_key, rank, rank_tiles, to_key
from .engine import Mistake, _function_exercise, _register, _tiles_steps
from .fixtures import _shuffled
from .solutions import SOLUTIONS

__all__: list[str] = []

_KEY_BOARD = Board([[4, 1, 2], [5, 0, 3]])
_RANK_BOARD = Board([[3, 1], [2, 0]])


def _decode_22275():
    return from_key(22275, 2, 3).tiles


_register(
    id="01.1", title="A key by hand", level="warm-up", minutes=5, kind="value",
    solution=lambda: to_key(_KEY_BOARD),
    hint="multiply each tile by its place value (the first tile by the largest, 7776) and add up.",
    why="each tile times its place value, the first tile the most significant digit.",
    mistakes=(
        Mistake(lambda: int("".join(map(str, _KEY_BOARD.tiles))),
                "that is the tiles written as a decimal number; the key is base 6: multiply each tile "
                "by its place value (7776, 1296, ...) and add up."),
        Mistake(lambda: to_key(Board.from_tiles(_KEY_BOARD.tiles[::-1], 2, 3)),
                "you read the tiles from the wrong end: the first tile (top left) is the most significant "
                "digit, with place value 7776."),
    ),
)
_register(
    id="01.2", title="A rank by hand", level="warm-up", minutes=5, kind="value",
    solution=lambda: rank(_RANK_BOARD),
    hint="for each position count the smaller tiles that come later; multiply the counts by 3!, 2!, 1!, "
         "0! and add up.",
    why="the later-and-smaller counts are the digits of the rank in the factorial number system.",
    mistakes=(
        Mistake(lambda: rank(_RANK_BOARD) + 1,
                "off by one: ranks start at 0 (the sorted board (0, 1, 2, 3) has rank 0)."),
        Mistake(lambda: sum(sum(1 for u in _RANK_BOARD.tiles[i + 1:] if u < t)
                            for i, t in enumerate(_RANK_BOARD.tiles)),
                "you added the counts; multiply each by its factorial first (3!, 2!, 1!, 0!)."),
        Mistake(lambda: 23 - rank(_RANK_BOARD),
                "count the *smaller* tiles that come later, not the larger ones."),
    ),
)
_register(
    id="01.3", title="Decode a key", level="core", minutes=5, kind="value",
    solution=_decode_22275,
    hint="divide by the place values from the largest (7776) down; each quotient is a tile, and you go on "
         "with the remainder. Give the six tiles as a tuple.",
    why="repeated division by the place values gives the base-6 digits, and each of 0..5 appears once.",
    mistakes=(
        Mistake(lambda: list(_decode_22275()),
                "a list where a tuple is expected: use round brackets, ( ... ), or tuple(your_list)."),
        Mistake(lambda: _decode_22275()[::-1],
                "those are the digits least significant first; the first tile is the most significant digit."),
        Mistake(lambda: Board.from_tiles(_decode_22275(), 2, 3),
                "a Board where a tuple of tiles is expected: give board.tiles."),
        Mistake(lambda: (_decode_22275()[:3], _decode_22275()[3:]),
                "give one flat tuple of six tiles in reading order, not a tuple of rows."),
    ),
)

# --- 01.4: key_of(tiles) --------------------------------------------------------------------------

_KEY_REVERSED = "read the tiles from the first: the first tile is the most significant digit."
_KEY_BASE = "the base is the number of cells, len(tiles), not 10."


def _key_steps():
    cases = [(1, 0), (0, 1, 2, 3), (1, 2, 3, 0), (1, 2, 3, 4, 0, 5), (5, 4, 3, 2, 1, 0),
             (8, 7, 6, 5, 4, 3, 2, 1, 0), (0,), tuple(range(1, 16)) + (0,),
             (3, 11, 0, 7, 10, 2, 9, 1, 5, 8, 4, 6)]

    def key(tiles):
        return to_key(Board.from_tiles(tiles, 1, len(tiles)))

    return _tiles_steps("key_of", cases, key, "that is not its base-len(tiles) key", tips=(
        (lambda tiles, got, want: got == key(tiles[::-1]), _KEY_REVERSED),
        (lambda tiles, got, want: len(tiles) < 10 and got == int("".join(map(str, tiles))), _KEY_BASE),
    ))


_function_exercise(
    id="01.4",
    library=('puzzlelib.encoding:to_key',),
    title="Write key_of(tiles): the base-mn key", level="warm-up", minutes=10,
    reference=SOLUTIONS["key_of"],
    hint="start with key = 0; for each tile, key = key * base + tile, where base = len(tiles).",
    why="key_of matches to_key on boards from 1 to 16 cells.",
    steps=_key_steps,
    mistakes=(
        Mistake(lambda: (lambda tiles: sum(t * len(tiles) ** i for i, t in enumerate(tiles))), _KEY_REVERSED),
        Mistake(lambda: (lambda tiles: int("".join(map(str, tiles)))), _KEY_BASE),
    ),
)

# --- 01.5: rank_of(tiles) -------------------------------------------------------------------------

_RANK_FROM_ONE = "off by one: the tiles in sorted order have the smallest rank of all; where do ranks start?"
_RANK_NO_FACTORIALS = "multiply each count by its factorial, (k - 1 - i)! for position i, before adding."
_RANK_LARGER = "count the smaller tiles that come later, not the larger ones."
_RANK_WRONG_FACTORIAL = "position i's count is multiplied by (k - 1 - i)!, the number of orders of the tiles after it."


def _rank_steps():
    cases = _shuffled([(0, 1, 2), (1, 0, 2), (2, 1, 0), (1, 2, 3, 0), (1, 2, 3, 4, 5, 0), (0,), (1, 0),
                       tuple(range(8, -1, -1)), tuple(range(1, 16)) + (0,)], 14, (5, 9, 12))

    def counts(tiles):
        return [sum(1 for u in tiles[i + 1:] if u < t) for i, t in enumerate(tiles)]

    return _tiles_steps("rank_of", cases, rank_tiles, "that is not its Lehmer rank", tips=(
        (lambda tiles, got, want: got == want + 1, _RANK_FROM_ONE),
        (lambda tiles, got, want: got == sum(counts(tiles)), _RANK_NO_FACTORIALS),
        (lambda tiles, got, want: got == factorial(len(tiles)) - 1 - want, _RANK_LARGER),
        (lambda tiles, got, want: got == sum(c * factorial(len(tiles) - i) for i, c in enumerate(counts(tiles))),
         _RANK_WRONG_FACTORIAL),
    ))


def _bad_rank(weight):
    def rank_of(tiles):
        k = len(tiles)
        return sum(sum(1 for u in tiles[i + 1:] if u < t) * weight(factorial, k, i) for i, t in enumerate(tiles))
    return rank_of


_function_exercise(
    id="01.5",
    library=('puzzlelib.encoding:rank', 'puzzlelib.encoding:rank_tiles'),
    title="Write rank_of(tiles): the Lehmer rank", level="core", minutes=15,
    reference=SOLUTIONS["rank_of"],
    hint="for position i, count the smaller tiles after it and multiply by (k - 1 - i)!, where k = len(tiles).",
    why="rank_of matches rank on permutations of 1 to 16 values, in lexicographic order from 0.",
    steps=_rank_steps,
    mistakes=(
        Mistake(lambda: (lambda tiles: SOLUTIONS["rank_of"](tiles) + 1), _RANK_FROM_ONE),
        Mistake(lambda: _bad_rank(lambda f, k, i: 1), _RANK_NO_FACTORIALS),
        Mistake(lambda: _bad_rank(lambda f, k, i: f(k - i)), _RANK_WRONG_FACTORIAL),
    ),
)
