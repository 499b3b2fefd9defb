"""Notebook 00's evidence check fails on wrong data (issue 34): the count formula is checked against a search."""

from __future__ import annotations

from math import factorial
from pathlib import Path

import nbformat
import pytest

from puzzlelib.course.evidence.nb00_start_here import count_formula_problem
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
