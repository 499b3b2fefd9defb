"""Notebook 00's evidence checks fail on wrong data (issues 34, 46): the count formula is checked against a search,
and the parity rule against every move of many boards."""

from __future__ import annotations

from math import factorial
from pathlib import Path

import nbformat
import pytest

from puzzlelib.course.evidence.nb00_start_here import count_formula_problem, parity_kept_problem
from puzzlelib.core.limits import reachable_count

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "00_start_here.ipynb"


def test_the_right_formula_passes():
    assert count_formula_problem(reachable_count) is None
    assert count_formula_problem(reachable_count, max_cells=4) is None


@pytest.mark.parametrize("formula,shape", [
    (lambda rows, cols: factorial(rows * cols) // 2, "1 x 2"),          # half of all, even on one row
    (lambda rows, cols: factorial(rows * cols), "1 x 3"),               # every arrangement (2! = 2 on 1 x 2)
    (lambda rows, cols: rows * cols if min(rows, cols) == 1 else factorial(rows * cols),
     "2 x 2"),                                                          # right on one row, all boards otherwise
    (lambda rows, cols: reachable_count(rows, cols) + ((rows, cols) == (3, 3)), "3 x 3"),   # one too many on 3 x 3
    (lambda rows, cols: reachable_count(rows, cols) - ((rows, cols) == (4, 2)), "4 x 2"),   # one too few on 4 x 2
])
def test_a_wrong_formula_fails_and_says_where(formula, shape):
    problem = count_formula_problem(formula)
    assert problem is not None and problem.startswith(f"on {shape} "), problem


def test_a_formula_wrong_only_beyond_the_searched_shapes_is_not_caught_and_the_notebook_says_so():
    """The check covers 2 to 9 cells; 16!/2 for 4 x 4 is the formula's, and the notebook does not offer it as checked."""
    assert count_formula_problem(lambda rows, cols: reachable_count(rows, cols) + (rows * cols == 16)) is None
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    text = "\n".join(c.source for c in cells)
    assert "count_formula_problem(reachable_count, max_cells=9)" in text
    assert "comes from the formula" in text and "every shape of 2 to 9 cells" in text
    assert "reachable_count(4, 4) == factorial(16)" not in text


def test_refuses_shapes_it_cannot_search():
    for bad in (1, 10, True, 3.0):
        with pytest.raises(ValueError):
            count_formula_problem(reachable_count, max_cells=bad)


# --- the parity rule of cell 10: a count moves change, only ever by an even number ---------------------

def sample(rows, cols, step=73):
    import itertools
    from puzzlelib import Board
    every = itertools.permutations(range(rows * cols))
    return [Board.from_tiles(p, rows, cols) for p in itertools.islice(every, 0, None, step)]


def test_the_inversion_count_changes_but_only_by_an_even_number_on_3_x_3():
    from puzzlelib import inversions
    assert parity_kept_problem(sample(3, 3), inversions) is None
    assert parity_kept_problem(sample(2, 3, 1), inversions) is None


@pytest.mark.parametrize("rows,cols,count,says", [
    (3, 3, lambda b: b.blank[0], "an odd number"),                          # the blank's row: a vertical move, 1
    (3, 3, lambda b: b.blank_index, "an odd number"),                       # a sideways move changes it by 1
    (2, 4, "inversions", "an odd number"),                                   # even width: a vertical move, odd
    (3, 3, "inversions + row", "an odd number"),                             # the 4 x 4 rule's count, on 3 x 3
    (3, 3, lambda b: 0, "no move changes the count"),                        # a constant is kept itself
    (3, 3, lambda b: sorted(b.tiles) == list(range(9)), "no move changes the count"),
])
def test_a_count_whose_parity_a_move_can_change_or_that_never_changes_fails(rows, cols, count, says):
    from puzzlelib import inversions
    if count == "inversions":
        count = inversions
    elif count == "inversions + row":
        count = lambda b: inversions(b) + b.blank[0]       # noqa: E731
    problem = parity_kept_problem(sample(rows, cols), count)
    assert problem is not None and says in problem, problem


def test_the_notebook_runs_the_parity_check_and_says_only_the_parity_is_kept():
    text = "\n".join(c.source for c in nbformat.read(NOTEBOOK, as_version=4).cells)
    assert "parity_kept_problem(" in text and "only by even numbers" in text
    assert "a count no move changes" not in text
