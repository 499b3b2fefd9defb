"""Exercises of notebook 00, start here: 00.0 (trying the checker) to 00.3."""

from __future__ import annotations

from ..board import Board
from ..search.bfs import min_moves
from .engine import Mistake, _register

__all__: list[str] = []

_ALMOST = Board([[1, 2, 3], [4, 0, 6], [7, 5, 8]])
_SMALL = Board([[4, 1, 2], [5, 0, 3]])
_START_00 = Board([[4, 1, 0], [2, 5, 3], [7, 8, 6]])

_register(
    id="00.0", title="Try the checker: what is two plus two?", level="warm-up", minutes=1, kind="value",
    solution=lambda: 2 + 2,
    hint="add the two numbers; the answer is a number, not text.",
    why="2 + 2 is 4, in any notation.",
    mistakes=(Mistake(lambda: 22, "that is the two digits written side by side, as text does ('2' + '2'); "
                                   "add the numbers instead."),),
)
_register(
    id="00.1", title="Slide two tiles", level="warm-up", minutes=3, kind="value",
    solution=lambda: Board.goal(3, 3),
    hint="the blank is in the centre; which tile must move into it so that a second slide finishes "
         "the board? Give the board you end with, e.g. almost.slide(...).slide(...).",
    why="two slides bring this board to the goal; check it with draw_path(shortest_path(almost)).",
    mistakes=(
        Mistake(lambda: _ALMOST, "that is the board you started with: slide two tiles, "
                                 "almost.slide(a).slide(b)."),
        Mistake(lambda: _ALMOST.slide(5), "one slide done; one more brings it home."),
        Mistake(lambda: Board.goal(3, 3).tiles, "those are a board's tiles, a tuple: give the Board itself."),
    ),
)
_register(
    id="00.2", title="Count the moves", level="warm-up", minutes=3, kind="value",
    solution=lambda: min_moves(_SMALL),
    hint="move the blank step by step towards the bottom-right corner, putting 1, 2 and 3 in place "
         "on the way; count the slides, not the boards.",
    why="no shorter sequence exists; draw_path(shortest_path(small)) draws these moves.",
    mistakes=(Mistake(lambda: min_moves(_SMALL) + 1,
                      "that counts the boards along the way, the start included; moves are one fewer."),),
)
_register(
    id="00.3", title="Which tiles can move?", level="warm-up", minutes=2, kind="value",
    solution=lambda: sorted(_START_00.movable_tiles()),
    hint="a tile can slide when it shares a side with the blank (not a corner); give them as a sorted list.",
    why="exactly the tiles that share a side with the blank can slide.",
    mistakes=(
        Mistake(lambda: sorted(_START_00.movable_tiles(), reverse=True), "the right idea; now sort the list."),
        Mistake(lambda: sorted(_START_00.movable_tiles() + [0]), "the blank (0) is not a tile: leave it out."),
        Mistake(lambda: tuple(sorted(_START_00.movable_tiles())), "a tuple where a list is expected: use "
                                                                  "square brackets, [ ... ]."),
    ),
)
