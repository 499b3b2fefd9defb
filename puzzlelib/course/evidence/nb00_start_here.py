"""Checks behind notebook 00's claims (start here), written so that they can fail.

The notebook prints how many boards of the 15-puzzle can reach the goal, 16!/2. No search here can
count ten trillion boards, so that number comes from the formula that notebooks 03 and 04 prove.
What can be checked is the formula itself, against a breadth-first search on every small board:
:func:`count_formula_problem`.

It also says why ``min_moves`` answers an unsolvable board at once: a count that moves change, but
only ever by an even number, so that its parity is kept. :func:`parity_kept_problem` checks both
halves on every move of many boards: some move changes the count, and none changes it by an odd number.
"""

from __future__ import annotations

from puzzlelib.core.board import Board

__all__ = ["count_formula_problem", "parity_kept_problem"]


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


def parity_kept_problem(boards, count) -> str | None:
    """None when, over every move of every board in ``boards``, ``count`` changes by an even number and some
    move does change it; otherwise a message naming the first move that changes it by an odd number, or
    saying that no move changes it (then the count itself is kept, a stronger claim than its parity).

    >>> from puzzlelib import inversions
    >>> boards = [Board.goal(3, 3), Board([[1, 2, 3], [4, 5, 6], [0, 7, 8]])]
    >>> parity_kept_problem(boards, inversions) is None
    True
    >>> parity_kept_problem(boards, lambda board: board.blank[0])          # the blank's row
    'sliding 6 on 1 2 3 / 4 5 6 / 7 8 . changes the count by -1, an odd number'
    """
    changed = False
    for board in boards:
        before = count(board)
        for tile in board.movable_tiles():
            change = count(board.slide(tile)) - before
            if change % 2:
                rows = " / ".join(" ".join(str(t) if t else "." for t in row) for row in board.grid)
                return f"sliding {tile} on {rows} changes the count by {change}, an odd number"
            changed = changed or change != 0
    if not changed:
        return "no move changes the count: it is kept itself, not only its parity"
    return None
