"""Notebook 01's evidence checks fail on wrong data (issue 34)."""

from __future__ import annotations

import itertools
from math import factorial

import pytest

from puzzlelib.course.evidence.nb01_states_and_encoding import base_problem, distinct_in_base, factorial_base_problem

BOARDS_2X3 = list(itertools.permutations(range(6)))


def test_reading_boards_in_a_base_right_data_passes():
    assert base_problem(BOARDS_2X3, 6, range(2, 9)) is None
    assert distinct_in_base(BOARDS_2X3, 5) == 684 and distinct_in_base(BOARDS_2X3, 6) == 720
    assert base_problem(list(itertools.permutations(range(4))), 4, range(2, 7)) is None


@pytest.mark.parametrize("tuples,smallest,says", [
    (BOARDS_2X3, 5, "in base 5 the 720 tuples get only 684 different numbers"),   # claim: base 5 is enough
    (BOARDS_2X3, 7, "in base 6 the 720 tuples get 720 different numbers"),        # claim: base 6 is not
    (BOARDS_2X3 + [(0, 0, 0, 0, 0, 1865)], 6, "in base 6 the 721 tuples get only 720"),  # no board, but (0, 1, 2, 3, 4, 5)'s number
])
def test_reading_boards_in_a_base_wrong_data_fails(tuples, smallest, says):
    problem = base_problem(tuples, smallest, range(2, 9))
    assert problem is not None and problem.startswith(says), problem


def test_the_factorial_number_system_right_place_values_pass():
    for k in range(1, 8):
        assert factorial_base_problem(k, lambda i, k=k: factorial(k - 1 - i)) is None


@pytest.mark.parametrize("place_value", [
    lambda i: factorial(6 - i),          # one factorial too big
    lambda i: 1,                         # the digits added, no place values
    lambda i: 6 ** (5 - i),              # base-6 place values: gaps
    lambda i: factorial(5 - i) + (i == 4),   # right but for one place
])
def test_the_factorial_number_system_wrong_place_values_fail(place_value):
    problem = factorial_base_problem(6, place_value)
    assert problem is not None and "not each of 0 to 719 once" in problem, problem
