"""Exercises of notebook 01, states and encoding: reasoning about keys and ranks (01.1-01.3), then both as
functions (01.4, 01.5). 01.1-01.3 accept any right answer: ``normalize`` maps it to the canonical one."""

from __future__ import annotations

import itertools
from math import factorial

from puzzlelib.core.memo import memo
from puzzlelib.core.board import Board
from puzzlelib.core.encoding import rank, rank_tiles, to_key, unrank
from puzzlelib.course.exercises.engine import Mistake, _function_exercise, _register, _tiles_steps
from puzzlelib.course.exercises.fixtures import _shuffled
from puzzlelib.course.exercises.solutions import SOLUTIONS

__all__: list[str] = []

_GOAL_KEY = 11190
"""The key of section 2's goal: 01.1 asks for the board whose key comes next."""


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# --- 01.1: the board whose key comes right after the goal's ---------------------------------------------

def _as_board_2x3(x):
    """``x`` as a 2 x 3 Board (a Board, six tiles, or two rows of three), or None."""
    if isinstance(x, Board):
        return x if x.shape == (2, 3) else None
    if isinstance(x, (tuple, list)) and len(x) == 6 and all(_is_int(t) for t in x):
        return Board.from_tiles(tuple(x), 2, 3) if sorted(x) == list(range(6)) else None
    if isinstance(x, (tuple, list)) and len(x) == 2 and all(isinstance(r, (tuple, list)) and len(r) == 3 for r in x):
        flat = [t for r in x for t in r]
        if all(_is_int(t) for t in flat) and sorted(flat) == list(range(6)):
            return Board.from_tiles(tuple(flat), 2, 3)
    return None


def _next_key_board() -> Board:
    """The board with the smallest key larger than the goal's (found by sorting every key, not written down)."""
    return min((Board.from_tiles(p, 2, 3) for p in itertools.permutations(range(6))
                if to_key(Board.from_tiles(p, 2, 3)) > _GOAL_KEY), key=to_key)


def _next_key_verdict(x):
    """The board right after the goal's key stands as itself (given as a Board, six tiles or two rows): no
    board's key lies between; other boards, numbers and texts become a tag that says what is wrong. Anything
    else stays as it is. It never computes the answer, so the student edition's copy holds none."""
    if _is_int(x) or (isinstance(x, float) and x.is_integer()):
        return ("a number",)
    if isinstance(x, str):
        return ("text",)
    board = _as_board_2x3(x)
    if board is None:
        return ("not a board",) if isinstance(x, (tuple, list, Board)) else x
    key = to_key(board)
    if key < _GOAL_KEY:
        return ("smaller",)
    if key == _GOAL_KEY:
        return ("the goal",)
    between = any(_GOAL_KEY < to_key(Board.from_tiles(p, 2, 3)) < key for p in itertools.permutations(range(6)))
    return ("not next",) if between else board


_register(
    id="01.1", title="The next key after the goal's", level="warm-up", minutes=5, kind="value",
    solution=_next_key_board, normalize=_next_key_verdict,
    hint="keys compare like their digit strings: which board's digits come next in dictionary order after "
         "the goal's, 123450 in base 6?",
    why="keys compare as their digit strings do, in dictionary order. In 123450 the last two digits can't "
        "grow, so the 4 grows, to 5, and the rest go smallest first: 123504, key 11200; the nine numbers "
        "11191 to 11199 are no board's keys.",
    mistakes=(
        Mistake(lambda: ("not next",), "that board's key is larger than 11190, but not the next: another "
                                       "board's key lies between. Which is the last digit of 123450 that can "
                                       "grow, and what should follow it?"),
        Mistake(lambda: ("smaller",), "that board's key is smaller than the goal's 11190: the board asked for "
                                      "comes after the goal."),
        Mistake(lambda: ("the goal",), "that is the goal itself: which board's key comes right after it?"),
        Mistake(lambda: ("a number",), "give the board itself, as a Board or its six tiles, not a number."),
        Mistake(lambda: ("text",), "that is text, in quotes: give the board as a Board, or its six tiles as "
                                   "numbers without quotes, such as (1, 2, 3, 4, 0, 5)."),
        Mistake(lambda: ("not a board",), "give one 2 x 3 board: a Board, or its six tiles 0 to 5, each once, "
                                          "row by row."),
    ),
)


# --- 01.2: two boards next in rank order that differ in every cell ------------------------------------

@memo(items=1)
def _all_change() -> tuple:
    """The first two 2 x 3 boards next to each other in rank order that differ in every cell (found by search)."""
    boards = [unrank(r, 2, 3) for r in range(factorial(6))]
    return next((a, b) for a, b in zip(boards, boards[1:]) if all(x != y for x, y in zip(a.tiles, b.tiles)))


def _all_change_verdict(x):
    """Two 2 x 3 boards (as a tuple, list or set, in either order; each a Board, six tiles or two rows) next to
    each other in rank order and different in every cell stand for every such pair; other pairs say what is
    wrong. Anything else stays as it is."""
    if not isinstance(x, (tuple, list, set, frozenset)):
        return x
    items = list(x)
    if len(items) == 6 or (len(items) == 2 and _as_board_2x3(items) is not None):
        return ("one board",)
    boards = [_as_board_2x3(b) for b in items]
    if len(items) != 2 or None in boards:
        return ("not two boards",)
    a, b = sorted(boards, key=rank)
    if a == b:
        return ("the same board",)
    if rank(b) - rank(a) != 1:
        return ("not next in rank",)
    if any(s == t for s, t in zip(a.tiles, b.tiles)):
        return ("a cell stays",)
    return _all_change()


_register(
    id="01.2", title="Next in rank order, and nothing in common", level="core", minutes=10, kind="value",
    solution=_all_change, normalize=_all_change_verdict,
    hint="if two boards next in dictionary order start with the same tile, they share a cell. So the first "
         "cell must change: the left board is the last that starts with some tile t, the right one the first "
         "that starts with the next tile. Write both for each t and compare them cell by cell.",
    why="the first cell must change, so the pair is the last board starting with some tile t (the rest "
        "largest first) and the first starting with the next tile (the rest smallest first); on 2 x 3 only "
        "one t makes every cell differ. Their ranks, t x 5! + 5! - 1 and (t + 1) x 5!, are one apart.",
    mistakes=(
        Mistake(lambda: ("not next in rank",), "those boards are not next to each other in rank order: other "
                                               "boards lie between them. Once a position grows, the tiles after "
                                               "it go smallest first."),
        Mistake(lambda: ("a cell stays",), "those two are next in rank order, but some cell holds the same "
                                           "tile in both."),
        Mistake(lambda: ("the same board",), "those are one board twice: give two different boards."),
        Mistake(lambda: ("one board",), "that is one board; give two, as a pair (board_a, board_b)."),
        Mistake(lambda: ("not two boards",), "give two 2 x 3 boards as a pair, each a Board or its six tiles "
                                             "0 to 5, such as (1, 2, 3, 4, 5, 0)."),
    ),
)


# --- 01.3: two keys as close as possible ---------------------------------------------------------------

@memo(items=1)
def _closest_pair() -> tuple:
    """The first two 2 x 3 boards, in key order, whose keys are as close as any two keys (found by search)."""
    import itertools
    boards = sorted((Board.from_tiles(p, 2, 3) for p in itertools.permutations(range(6))), key=to_key)
    gap = min(to_key(b) - to_key(a) for a, b in zip(boards, boards[1:]))
    return next((a, b) for a, b in zip(boards, boards[1:]) if to_key(b) - to_key(a) == gap)


def _closest_verdict(x):
    """Two different 2 x 3 boards (as a tuple, list or set; each a Board, six tiles or two rows) whose keys are as
    close as possible stand for every such pair; other pairs say what is wrong. Anything else stays as it is."""
    if not isinstance(x, (tuple, list, set, frozenset)):
        return x
    items = list(x)
    boards = [_as_board_2x3(b) for b in items]
    if len(items) != 2 or None in boards:
        return ("not two boards",)
    a, b = boards
    if a == b:
        return ("the same board",)
    pair = _closest_pair()
    gap = to_key(pair[1]) - to_key(pair[0])
    if abs(to_key(a) - to_key(b)) == gap:
        return pair
    last_two_swapped = a.tiles[:-2] == b.tiles[:-2] and a.tiles[-2:] == b.tiles[:-3:-1]
    return ("right cells, far tiles",) if last_two_swapped else ("farther apart",)


_register(
    id="01.3", title="Two keys as close as possible", level="core", minutes=10, kind="value",
    solution=_closest_pair, normalize=_closest_verdict,
    hint="two boards differ in at least two cells. Swapping two tiles changes only two digits of the key: "
         "which two cells, and which two tiles, change it least? Can two keys differ by 1?",
    why="swapping the last two tiles, when they differ by 1, changes the key by 6 - 1 = 5, and no two keys are "
        "closer: 6 is 1 more than a multiple of 5, so every key leaves the same remainder on division by 5 as "
        "its digit sum, 0 + 1 + ... + 5 = 15, which is 0. Keys differ by multiples of 5.",
    mistakes=(
        Mistake(lambda: ("farther apart",), "those two keys are further apart than two keys need be. Which two "
                                            "cells can two boards swap so that the key changes least?"),
        Mistake(lambda: ("right cells, far tiles",), "those boards swap the two cells where a swap changes the key "
                                                     "least, but the key still changes more than it must. Which "
                                                     "two tiles, swapped there, change it least?"),
        Mistake(lambda: ("the same board",), "those are one board twice: give two different boards."),
        Mistake(lambda: ("not two boards",), "give two 2 x 3 boards, e.g. (Board([[1, 2, 3], [4, 5, 0]]), "
                                             "Board([[1, 2, 3], [4, 0, 5]])): each a Board or its six tiles."),
    ),
)

# --- 01.4: key_of(tiles) --------------------------------------------------------------------------

_KEY_REVERSED = "read the tiles from the first: the first tile is the most significant digit."
_KEY_BASE = "the base is the number of cells, len(tiles), not 10."
_KEY_BASE_ONE_LESS = ("the base is the number of cells, len(tiles), not one less: the digits run from 0 to "
                      "len(tiles) - 1, and a base is always one more than its largest digit.")


def _key_in_base(tiles, base: int) -> int:
    """The tiles read as a base-``base`` number, the first tile the most significant (a mistake's result)."""
    return sum(tile * base ** power for power, tile in enumerate(reversed(tiles)))


def _key_steps():
    # the first case has 4 cells: there reversed digits, base len - 1 and base 10 give different keys
    cases = [(1, 2, 3, 0), (1, 0), (0, 1, 2, 3), (1, 2, 3, 4, 0, 5), (5, 4, 3, 2, 1, 0),
             (8, 7, 6, 5, 4, 3, 2, 1, 0), (0,), tuple(range(1, 16)) + (0,),
             (3, 11, 0, 7, 10, 2, 9, 1, 5, 8, 4, 6)]

    def key(tiles):
        return to_key(Board.from_tiles(tiles, 1, len(tiles)))

    return _tiles_steps("key_of", cases, key, "that is not its base-len(tiles) key", tips=(
        (lambda tiles, got, want: got == key(tiles[::-1]), _KEY_REVERSED),
        (lambda tiles, got, want: len(tiles) < 10 and got == int("".join(map(str, tiles))), _KEY_BASE),
        (lambda tiles, got, want: len(tiles) > 1 and got == _key_in_base(tiles, len(tiles) - 1), _KEY_BASE_ONE_LESS),
    ))


_function_exercise(
    id="01.4",
    library=('puzzlelib.core.encoding:to_key', 'puzzlelib.core.encoding:key_rows', 'puzzlelib.draw.encoding:key_terms'),
    title="Write key_of(tiles): the base-mn key", level="warm-up", minutes=10,
    reference=SOLUTIONS["key_of"],
    hint="read the tiles as the digits of one number: in what base, and is the first tile its most or its "
         "least significant digit? Work out key_of((1, 2, 0)) by hand, then let the code do the same.",
    why="key_of matches to_key on boards from 1 to 16 cells.",
    steps=_key_steps,
    mistakes=(
        Mistake(lambda: (lambda tiles: sum(t * len(tiles) ** i for i, t in enumerate(tiles))), _KEY_REVERSED),
        Mistake(lambda: (lambda tiles: int("".join(map(str, tiles)))), _KEY_BASE),
        Mistake(lambda: (lambda tiles: _key_in_base(tiles, len(tiles) - 1)), _KEY_BASE_ONE_LESS),
    ),
)

# --- 01.5: rank_of(tiles) -------------------------------------------------------------------------

_RANK_FROM_ONE = "off by one: the tiles in sorted order have the smallest rank of all; where do ranks start?"
_RANK_NO_FACTORIALS = "multiply each count by its factorial, (k - 1 - i)! for position i, before adding."
_RANK_LARGER = "count the smaller tiles that come later, not the larger ones."
_RANK_WRONG_FACTORIAL = "position i's count is multiplied by (k - 1 - i)!, the number of orders of the tiles after it."
_RANK_FACTORIALS_REVERSED = ("you multiply by factorials, but not the right ones: the first position has the most "
                             "tiles after it. How many orders do the tiles after position i have?")


def _rank_steps():
    # (1, 2, 3, 0) comes before the 3-cell cases, where i! and no factorial at all give the same rank
    cases = _shuffled([(0, 1, 2), (1, 2, 3, 0), (1, 0, 2), (2, 1, 0), (1, 2, 3, 4, 5, 0), (0,), (1, 0),
                       tuple(range(8, -1, -1)), tuple(range(1, 16)) + (0,)], 14, (5, 9, 12))

    def counts(tiles):
        return [sum(1 for u in tiles[i + 1:] if u < t) for i, t in enumerate(tiles)]

    return _tiles_steps("rank_of", cases, rank_tiles, "that is not its Lehmer rank", tips=(
        (lambda tiles, got, want: got == want + 1, _RANK_FROM_ONE),
        (lambda tiles, got, want: got == sum(counts(tiles)), _RANK_NO_FACTORIALS),
        (lambda tiles, got, want: got == factorial(len(tiles)) - 1 - want, _RANK_LARGER),
        (lambda tiles, got, want: got == sum(c * factorial(len(tiles) - i) for i, c in enumerate(counts(tiles))),
         _RANK_WRONG_FACTORIAL),
        (lambda tiles, got, want: got == sum(c * factorial(i) for i, c in enumerate(counts(tiles))),
         _RANK_FACTORIALS_REVERSED),
    ))


def _bad_rank(weight):
    def rank_of(tiles):
        k = len(tiles)
        return sum(sum(1 for u in tiles[i + 1:] if u < t) * weight(factorial, k, i) for i, t in enumerate(tiles))
    return rank_of


_function_exercise(
    id="01.5",
    library=('puzzlelib.core.encoding:rank', 'puzzlelib.core.encoding:rank_tiles', 'puzzlelib.core.encoding:rank_rows',
             'puzzlelib.core.encoding:unrank', 'puzzlelib.core.encoding:unrank_tiles', 'puzzlelib.core.encoding:unrank_rows',
             'puzzlelib.draw.encoding:rank_terms'),
    title="Write rank_of(tiles): the Lehmer rank", level="core", minutes=15,
    reference=SOLUTIONS["rank_of"],
    hint="for position i, count the smaller tiles after it and multiply by (k - 1 - i)!, where k = len(tiles).",
    why="rank_of matches rank on permutations of 1 to 16 values, in lexicographic order from 0.",
    steps=_rank_steps,
    mistakes=(
        Mistake(lambda: (lambda tiles: SOLUTIONS["rank_of"](tiles) + 1), _RANK_FROM_ONE),
        Mistake(lambda: _bad_rank(lambda f, k, i: 1), _RANK_NO_FACTORIALS),
        Mistake(lambda: _bad_rank(lambda f, k, i: f(k - i)), _RANK_WRONG_FACTORIAL),
        Mistake(lambda: _bad_rank(lambda f, k, i: f(i)), _RANK_FACTORIALS_REVERSED),
    ),
)
