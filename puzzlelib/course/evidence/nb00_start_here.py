"""Checks behind notebook 00's claims (start here), written so that they can fail.

The notebook prints how many boards of the 15-puzzle can reach the goal, 16!/2. No search here can
count ten trillion boards, so that number comes from the formula that notebooks 03 and 04 prove.
What can be checked is the formula itself, against a breadth-first search on every small board:
:func:`count_formula_problem`.
"""

from __future__ import annotations

from puzzlelib.core.board import Board

__all__ = ["count_formula_problem"]


def count_formula_problem(formula, max_cells: int = 9) -> str | None:
    """None when ``formula(rows, cols)`` is, on every shape of 2 to ``max_cells`` cells, the number of boards
    a breadth-first search from the goal reaches; otherwise a message naming the first shape where it is not.

    The search (:func:`~puzzlelib.core.bfs.bfs_layers`) only makes moves; it knows no formula and no
    parity rule. Shapes are taken in order of their cells, one row or one column included.

    >>> from math import factorial
    >>> from puzzlelib.core.limits import reachable_count
    >>> count_formula_problem(reachable_count) is None
    True
    >>> count_formula_problem(lambda rows, cols: factorial(rows * cols) // 2)     # wrong on one row
    'on 1 x 2 the formula gives 1, but a search from the goal reaches 2 boards'
    """
    from puzzlelib.core.bfs import bfs_layers

    if isinstance(max_cells, bool) or not isinstance(max_cells, int) or not 2 <= max_cells <= 9:
        raise ValueError(f"max_cells is a whole number from 2 to 9 (a search of each shape), got {max_cells!r}")
    for cells in range(2, max_cells + 1):
        for rows in range(1, cells + 1):
            if cells % rows:
                continue
            cols = cells // rows
            claimed = formula(rows, cols)
            reached = sum(layer.size for layer in bfs_layers(Board.goal(rows, cols)))
            if claimed != reached:
                return (f"on {rows} x {cols} the formula gives {claimed:,}, but a search from the goal "
                        f"reaches {reached:,} boards")
    return None
