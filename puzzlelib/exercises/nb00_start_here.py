"""Exercises of notebook 00, start here: 00.0 (trying the checker) to 00.3."""

from __future__ import annotations

from ..board import Board
from ..search.bfs import min_moves
from .engine import Mistake, _register

__all__: list[str] = []

_ALMOST = Board([[1, 2, 3], [4, 0, 6], [7, 5, 8]])
_SMALL = Board([[4, 1, 2], [5, 0, 3]])
_START_00 = Board([[4, 1, 0], [2, 5, 3], [7, 8, 6]])
_NEXT_00 = _START_00.slide(3)          # exercise 3 asks about the board after sliding 3 up


def _two_slides() -> list[int]:
    """The two tiles that slide ``almost`` home, in order (found by search, not written down)."""
    from ..search.bfs import shortest_path
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
    """The board ``almost`` becomes after sliding ``tiles`` in order, or the answer itself if it can't."""
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
    why="those two slides, in that order, bring this board to the goal; see it with "
        "print(almost.slide(answer[0]).slide(answer[1])).",
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
    why="no shorter sequence exists: min_moves(small) agrees, and shortest_solution(shortest_path(small)) "
        "draws the moves.",
    mistakes=(Mistake(lambda: min_moves(_SMALL) + 1,
                      "that counts the boards along the way, the start included; moves are one fewer."),),
)
_register(
    id="00.3", title="Which tiles can move?", level="warm-up", minutes=2, kind="value",
    solution=lambda: sorted(_NEXT_00.movable_tiles()),
    hint="first work out where the blank is after 3 slides up into it; then a tile can slide when it "
         "shares a side with the blank (not a corner). Give them as a sorted list.",
    why="exactly the tiles that share a side with the blank can slide, wherever the blank is.",
    mistakes=(
        Mistake(lambda: sorted(_START_00.movable_tiles()), "those can move on start itself; slide 3 first: "
                                                           "the blank is somewhere else then."),
        Mistake(lambda: sorted(_NEXT_00.movable_tiles(), reverse=True), "the right idea; now sort the list."),
        Mistake(lambda: sorted(_NEXT_00.movable_tiles() + [0]), "the blank (0) is not a tile: leave it out."),
        Mistake(lambda: tuple(sorted(_NEXT_00.movable_tiles())), "a tuple where a list is expected: use "
                                                                 "square brackets, [ ... ]."),
    ),
)
