"""Exercises of notebook 06, play: predict what the player will show, then check it on the player.

06.1: by how much one vertical slide changes the inversions, on a fixed 3 x 5 board. 06.2: which tiles
may trade places with the blank, though not next to it, and leave the board solvable (the permutation
rule). 06.3: which distances a 40-move scramble of the 3 x 3 goal can end at (a checkerboard argument).
Each board is fixed here, not read from a player, so the answers do not depend on what a student clicked.
"""

from __future__ import annotations

from puzzlelib.core.board import Board
from puzzlelib.core.solvability import inversions, is_solvable
from puzzlelib.course.exercises.engine import Mistake, _register

__all__: list[str] = []

# --- 06.1: a vertical slide on a width of 5 ------------------------------------------------------

_BOARD_06_1 = Board([[8, 10, 11, 1, 2], [14, 9, 0, 12, 3], [6, 4, 13, 7, 5]])
_TILE_06_1 = 11
"""The tile above the blank: it slides down."""


def _change_06_1() -> int:
    return inversions(_BOARD_06_1.slide(_TILE_06_1)) - inversions(_BOARD_06_1)


_register(
    id="06.1", title="Predict the change of one vertical slide", level="warm-up", minutes=5, kind="value",
    solution=_change_06_1,
    hint="in reading order, which tiles does the 11 jump over when it slides down into the blank? Each of "
         "those pairs changes order: count the ones that become inversions and the ones that stop being "
         "inversions. Give the change with its sign (a count that falls is negative).",
    why="sliding down carries the tile past the width - 1 = 4 tiles between its cell and the blank's; each "
        "of those 4 pairs flips, adding or removing one inversion, so the change is even, from -4 to +4.",
    mistakes=(
        Mistake(lambda: -_change_06_1(), "go through the 4 pairs again, one by one: is each an inversion before "
                                         "the slide, and after it? Add +1 for each pair that becomes one, -1 for "
                                         "each that stops being one."),
        Mistake(lambda: inversions(_BOARD_06_1.slide(_TILE_06_1)),
                "that is the count after the slide; the question asks by how much it changes."),
        Mistake(lambda: inversions(_BOARD_06_1), "that is the count before the slide; the question asks by how "
                                                 "much it changes."),
        Mistake(lambda: 4, "every one of the 4 pairs flips, but a flip can remove an inversion as well as add "
                           "one: count which."),
        Mistake(lambda: -4, "every one of the 4 pairs flips, but not all of them lose an inversion: count which."),
        Mistake(lambda: 0, "a slide sideways leaves the count as it is; this one is vertical: the tile passes "
                           "4 tiles in reading order."),
        Mistake(lambda: 1, "sliding down, the tile passes 4 tiles in reading order, not 1: add up the change "
                           "of all 4 pairs, each one up or down."),
        Mistake(lambda: -1, "sliding down, the tile passes 4 tiles in reading order, not 1: add up the change "
                            "of all 4 pairs, each one up or down."),
    ),
)

# --- 06.2: the blank trades places with a tile that is not next to it -----------------------------

_GOAL_06_2 = Board.goal(3, 4)


def _exchanged(tile: int) -> Board:
    """The goal of 06.2 with the blank and ``tile`` trading places (a slide only when they are neighbours)."""
    tiles = list(_GOAL_06_2.tiles)
    i, j = tiles.index(0), tiles.index(tile)
    tiles[i], tiles[j] = tiles[j], tiles[i]
    return Board.from_tiles(tiles, _GOAL_06_2.rows, _GOAL_06_2.cols)


def _far_tiles() -> list[int]:
    """The tiles of the 06.2 goal that are not next to its blank."""
    near = set(_GOAL_06_2.movable_tiles())
    return [t for t in _GOAL_06_2.tiles if t and t not in near]


def _far_and_solvable() -> set:
    return {t for t in _far_tiles() if is_solvable(_exchanged(t), _GOAL_06_2)}


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


_register(
    id="06.2", title="Predict which far exchanges with the blank keep the board solvable", level="core",
    minutes=10, kind="value", solution=_far_and_solvable, normalize=_tile_set,
    hint="use 03's permutation rule: the board is solvable when (the permutation's parity + the blank's "
         "taxicab distance to its goal cell) is even. Trading the blank with a tile is one transposition; how "
         "far does the blank end up from its goal cell? Give the set of tiles, e.g. {4, 7}.",
    why="the exchange is one transposition, which flips the permutation's parity, and it takes the blank as "
        "many cells from home as the taxicab distance between the two cells: the board stays solvable exactly "
        "when that distance is odd (3 or 5 here).",
    mistakes=(
        Mistake(lambda: set(_far_tiles()) - _far_and_solvable(),
                "check the parity for each tile again: the trade flips the permutation's parity once, and the "
                "blank ends some number of cells from home. Which distances flip the parity back?"),
        Mistake(lambda: set(), "an exchange of two tiles always flips the component, but this one also takes the "
                               "blank away from its cell: count how far, and what that does to the parity."),
        Mistake(lambda: _far_and_solvable() | set(_GOAL_06_2.movable_tiles()),
                "the tiles next to the blank trade places with it by a slide: leave them out, the question asks "
                "about tiles that are not next to it."),
        Mistake(lambda: set(_far_tiles()), "not all of them: count, for each tile, how far the blank ends up from "
                                           "its goal cell."),
    ),
)

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
