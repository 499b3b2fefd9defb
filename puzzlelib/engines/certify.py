"""Checking a table of distances without trusting the search that made it.

A table that maps boards to numbers is the true fewest-moves table to a goal
exactly when three local facts hold, each checked by looking at one board and
its neighbours:

1. the goal, and no other board, has the number 0;
2. every board in the table has all its neighbours in it, and their numbers
   differ from its own by exactly 1;
3. every board but the goal has a neighbour whose number is one less.

Why that is enough. No number is negative: by (3) steps down from a negative
number would go on through ever smaller numbers, and the table is finite. By
(2) a move changes the number by 1, so a board numbered d needs at least d
moves to reach the goal's 0. By (3), stepping to a neighbour one less, d
times, reaches a board numbered 0, which by (1) is the goal: d moves suffice.
By (2) again, the table holds every board the goal can reach, and by (3) every
board in it reaches the goal, so it holds no others.

>>> from puzzlelib import Board, distances
>>> goal = Board.goal(2, 2)
>>> table = distances(goal)
>>> distance_table_error(table, goal) is None
True
>>> table[Board([[1, 2], [0, 3]]).tiles] = 0
>>> distance_table_error(table, goal)
'board (1, 2, 0, 3) has 0 but is not the goal'
"""

from __future__ import annotations

from collections.abc import Mapping
from numbers import Integral

from puzzlelib.core.board import Board, as_board

__all__ = ["distance_table_error"]


def distance_table_error(table: Mapping, goal) -> str | None:
    """The first thing wrong with ``table`` as the fewest moves to ``goal``, or None if it is right.

    ``table`` maps tile tuples (as :func:`~puzzlelib.engines.tables.distances`
    returns) to whole numbers. See the module's docstring for the three facts
    checked and why they prove the table right.

    >>> from puzzlelib import Board, distances
    >>> table = distances(Board.goal(2, 3))
    >>> distance_table_error(table, Board.goal(2, 3)) is None
    True
    >>> table[Board([[1, 2, 3], [4, 0, 5]]).tiles] = 3
    >>> distance_table_error(table, Board.goal(2, 3))
    'board (1, 2, 3, 4, 5, 0) has 0 but its neighbour (1, 2, 3, 4, 0, 5) has 3: a move changes the distance by exactly 1'
    """
    if not isinstance(table, Mapping):
        raise TypeError(f"table must be a mapping from tile tuples to distances, not {type(table).__name__}")
    goal = as_board(goal, "goal")
    wrong = next((v for v in table.values() if not isinstance(v, Integral) or isinstance(v, bool)), None)
    if wrong is not None:
        raise TypeError(f"table's distances must be whole numbers, not {type(wrong).__name__}")
    if table.get(goal.tiles) != 0:
        return "the goal's number is not 0"
    zeros = [tiles for tiles, d in table.items() if d == 0 and tiles != goal.tiles]
    if zeros:
        return f"board {zeros[0]} has 0 but is not the goal"
    for tiles, d in table.items():
        lower = False
        for nxt in Board.from_tiles(tiles, goal.rows, goal.cols).neighbors():
            if nxt.tiles not in table:
                return f"board {tiles} is in the table but its neighbour {nxt.tiles} is not"
            e = table[nxt.tiles]
            if abs(e - d) != 1:
                return (f"board {tiles} has {d} but its neighbour {nxt.tiles} has {e}: "
                        "a move changes the distance by exactly 1")
            lower = lower or e == d - 1
        if d != 0 and not lower:
            return f"board {tiles} has {d} but no neighbour has {d - 1}"
    return None
