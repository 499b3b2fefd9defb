"""Exercises of notebook 06, play: what the player's panel shows after a slide (06.1) and after a swap (06.2)."""

from __future__ import annotations

from ..board import Board
from ..generate import fix_by_swap
from ..search.bfs import min_moves
from ..solvability import inversions
from .engine import Mistake, _register
from .fixtures import _blank_counted_inversions

__all__: list[str] = []


def _after_06() -> Board:
    from ..player.session import PlaySession        # here, so that importing puzzlelib does not load the player

    start = PlaySession(rows=2, cols=3, seed=2026).start
    return start.slide(3)                                   # the 3 slides down into the blank: a vertical move


def _swap_distance_06():
    moves = min_moves(fix_by_swap(Board.goal(2, 3)))          # the 2 x 3 player at the top, from its goal
    return "unreachable" if moves == -1 else moves


def _panel_word(x):
    if isinstance(x, str) and x.strip().lower().startswith("unreachable"):
        return "unreachable"
    return x


_register(
    id="06.1", title="Inversions after one vertical slide", level="warm-up", minutes=3, kind="value",
    solution=lambda: inversions(_after_06()),
    hint="write the tiles in reading order after the slide, skip the blank, and count the pairs out of "
         "order; in reading order, how many tiles does the 3 jump over when it slides down?",
    why="a vertical slide carries the tile past the width - 1 tiles between its cell and the blank's, and "
        "each of those pairs changes order.",
    mistakes=(
        Mistake(lambda: _blank_counted_inversions(_after_06().tiles),
                "that counts the blank as a tile: skip it."),
        Mistake(lambda: 0, "that is the count before the slide: a vertical slide changes the reading order."),
        Mistake(lambda: 1, "the 3 passes more than one tile in reading order: count the tiles between its "
                           "old cell and the blank's."),
    ),
)
_register(
    id="06.2", title="The distance after a swap", level="warm-up", minutes=3, kind="value",
    solution=_swap_distance_06, normalize=_panel_word,
    hint="after the swap, which component is the board in? Give what the panel shows.",
    why="a swap of two tiles moves the board into the other component, so no number of moves reaches the goal.",
    mistakes=(
        Mistake(lambda: -1, "-1 is how min_moves codes this case in Python; give the word the panel shows."),
    ),
)
