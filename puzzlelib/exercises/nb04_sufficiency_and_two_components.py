"""Exercises of notebook 04, sufficiency and the two components: 04.1-04.5, all answered with a value."""

from __future__ import annotations

import math

from ..board import Board
from ..generate import fix_by_swap
from ..graph import count_components
from ..search.bfs import min_moves
from .engine import Mistake, _register
from .fixtures import _dist

__all__: list[str] = []

_EX2_04 = Board([[2, 1, 3], [4, 0, 5]])
_EX3_04 = Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]])


def _reachable_letter() -> str:
    options = {"A": Board.goal(2, 3), "B": fix_by_swap(Board.goal(2, 3))}
    return next((k for k, g in options.items() if min_moves(_EX2_04, g) >= 0), "C")


def _turns_2x2() -> int:
    """Arrangements of the 2 x 2 puzzle, reachable from its goal, with the blank back in its corner."""
    return sum(1 for t in _dist(Board.goal(2, 2)) if t[3] == 0)


_register(
    id="04.1", title="Components of the 1 x 5 board", level="core", minutes=5, kind="value",
    solution=lambda: count_components(1, 5),
    hint="on one line can a tile ever pass another? Then what stays the same along every path, and how "
         "many different values can it take?",
    why="no tile can pass another on a line, so each order of the tiles is a component of its own.",
    mistakes=(
        Mistake(lambda: 2, "two components is the rule for boards with at least 2 rows and 2 columns; on a "
                           "single line tiles cannot pass each other."),
        Mistake(lambda: math.factorial(5), "that is every order of the five cells, blank included; the blank "
                                           "can reach every cell of its line, so only the tiles' order counts."),
        Mistake(lambda: 1, "on a line the tiles cannot change order, so not every board reaches every other."),
    ),
)
_register(
    id="04.2", title="Which goal can it reach?", level="warm-up", minutes=3, kind="value",
    solution=_reachable_letter, normalize=lambda x: x.strip().upper() if isinstance(x, str) else x,
    hint="the board fails the parity rule for the usual goal. Swapping two tiles flips the parity: which "
         "option passes the rule? Answer with the letter.",
    why="swapping two tiles moves a board to the other component, so it passes that goal's parity rule.",
    mistakes=(
        Mistake(lambda: "A", "the board fails the parity rule for the usual goal, so it cannot reach it."),
        Mistake(lambda: "C", "every board of at least 2 rows and 2 columns passes one of the two rules, and "
                             "reaches every goal whose rule it passes."),
    ),
)
_register(
    id="04.3", title="The size of a component", level="core", minutes=5, kind="value",
    solution=lambda: len(_dist(_EX3_04)),
    hint="the board lies in one of the two components of the 3 x 3 puzzle, and the two are the same size.",
    why="both components hold half of the 9! boards.",
    mistakes=(
        Mistake(lambda: math.factorial(9), "that is every arrangement of the 3 x 3 board, both components."),
        Mistake(lambda: len(_dist(_EX3_04)) - 1, "the board can reach itself (zero moves): count it too."),
    ),
)
_register(
    id="04.4", title="The 2 x 2 lemma, step 1: the boards of the 2 x 2 puzzle", level="warm-up", minutes=5,
    kind="value", solution=lambda: len(_dist(Board.goal(2, 2))),
    hint="on a 2 x 2 board the blank can only go round in a circle; how many boards does the goal reach? "
         "Count them with distances(Board.goal(2, 2)), or by hand.",
    why="the blank goes round a cycle of boards, half of the 4! arrangements.",
    mistakes=(
        Mistake(lambda: math.factorial(4), "that is every arrangement of the four cells: only half of them "
                                           "are reachable."),
        Mistake(lambda: 4, "that counts the cells the blank can be in; the three tiles move too, so count "
                           "the boards."),
    ),
)
_register(
    id="04.5", title="The 2 x 2 lemma, step 2: turning the block", level="core", minutes=10, kind="value",
    solution=_turns_2x2,
    hint="of the boards reachable from the 2 x 2 goal, how many have the blank back in the bottom-right "
         "corner? Each full turn of the blank rotates the three tiles by one place.",
    why="turning the blank once round the block rotates the three tiles, so the tiles' cyclic order never "
        "changes: this is why the last 2 x 2 of the solver works when the parity is right.",
    mistakes=(
        Mistake(lambda: math.factorial(3), "that is every order of the three tiles; a turn only rotates "
                                           "them, so their cyclic order never changes."),
        Mistake(lambda: len(_dist(Board.goal(2, 2))), "that counts every reachable board; count only those "
                                                      "with the blank back in its corner."),
        Mistake(lambda: 1, "turning the blank round the block does change the arrangement: try four moves."),
    ),
)
