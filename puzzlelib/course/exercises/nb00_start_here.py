"""Exercises of notebook 00, start here: 00.0 (trying the checker) to 00.3."""

from __future__ import annotations

from puzzlelib.core.board import Board
from puzzlelib.core.bfs import min_moves
from puzzlelib.course.exercises.engine import Mistake, _register

__all__: list[str] = []

_ALMOST = Board([[1, 2, 3], [4, 0, 6], [7, 5, 8]])
_SMALL = Board([[4, 1, 2], [5, 0, 3]])
_PICTURED_00 = Board([[2, 8, 3], [1, 6, 4], [7, 0, 5]])   # exercise 3's board, shown only as a picture
_NEXT_00 = _PICTURED_00.slide(6)       # exercise 3 asks about the board after sliding 6 down


def _two_slides() -> list[int]:
    """The two tiles that slide ``almost`` home, in order (found by search, not written down)."""
    from puzzlelib.core.bfs import shortest_path
    path = shortest_path(_ALMOST)
    return [a.tiles[b.blank_index] for a, b in zip(path, path[1:])]

_register(
    id="00.0", title="Try the checker: what is two plus two?", level="warm-up", minutes=1, kind="value",
    solution=lambda: 2 + 2,
    hint="count two, then two more.",
    why="2 + 2 is 4, in any notation.",
    mistakes=(Mistake(lambda: 22, "that is the two digits written side by side, as text does ('2' + '2'); "
                                   "add the numbers instead."),
              Mistake(lambda: "22", "that is text: '2' + '2' glues two strings together. Add the numbers, "
                                     "without quotes."),),
)
def _replayed(tiles):
    """The board ``almost`` becomes after sliding ``tiles`` (a list or a tuple) in order, or the answer itself
    if it can't."""
    if isinstance(tiles, tuple):
        tiles = list(tiles)
    if not isinstance(tiles, list) or not all(isinstance(t, int) and not isinstance(t, bool) for t in tiles):
        return tiles
    board = _ALMOST
    for tile in tiles:
        if tile not in board.movable_tiles():
            return ("cannot slide", tile)
        board = board.slide(tile)
    return tiles if board == Board.goal(3, 3) else ("not the goal", board)


_register(
    id="00.1", title="Slide two tiles", level="warm-up", minutes=3, kind="value",
    solution=_two_slides,
    normalize=_replayed,
    hint="the blank is in the centre; which of its neighbours must slide into it so that a second "
         "slide can finish the board? Give the two tiles in the order you slide them, e.g. [6, 9].",
    why="those two slides, in that order, bring this board to the goal: only a tile next to the blank can "
        "slide, and the second slide must leave the blank bottom right.",
    mistakes=(
        Mistake(lambda: ("cannot slide", 8), "8 is not next to the blank yet: which tile must slide first?"),
        Mistake(lambda: Board.goal(3, 3), "that is the board you end with; name the two tiles you slide, "
                                          "as a list, e.g. [6, 9]."),
    ),
)
_register(
    id="00.2", title="Count the moves", level="warm-up", minutes=3, kind="value",
    solution=lambda: min_moves(_SMALL),
    hint="move the blank step by step towards the bottom-right corner, putting 1, 2 and 3 in place "
         "on the way; count the slides, not the boards.",
    why="no shorter sequence exists: min_moves(Board([[4, 1, 2], [5, 0, 3]])) agrees, and shortest_path "
        "lists the boards on the way.",
    mistakes=(Mistake(lambda: min_moves(_SMALL) + 1,
                      "that counts the boards along the way, the start included; moves are one fewer."),),
)
def _tile_set(x):
    """Tiles given as a list, tuple or set, in any order, as a sorted list; anything else stays as it is."""
    if isinstance(x, (list, tuple, set, frozenset)) and all(isinstance(t, int) and not isinstance(t, bool) for t in x):
        return sorted(x)
    return x


_register(
    id="00.3", title="Which tiles can move?", level="warm-up", minutes=2, kind="value",
    solution=lambda: sorted(_NEXT_00.movable_tiles()),
    normalize=_tile_set,
    hint="first work out where the blank is after 6 slides down into it; then a tile can slide when it "
         "shares a side with the blank (not a corner). Give them as a list, in any order.",
    why="exactly the tiles that share a side with the blank can slide, wherever the blank is; the tile you "
        "just slid is one of them, as a move can be undone.",
    mistakes=(
        Mistake(lambda: sorted(_PICTURED_00.movable_tiles()), "those can move before the slide; slide 6 first: "
                                                              "the blank is somewhere else then."),
        Mistake(lambda: sorted(t for t in _NEXT_00.movable_tiles() if t != 6),
                "nearly: the tile you just slid is next to the blank too, and can slide back."),
        Mistake(lambda: sorted(_NEXT_00.movable_tiles() + [0]), "the blank (0) is not a tile: leave it out."),
    ),
)
