"""Notebook 05's evidence checks fail on wrong data and pass on right data."""

from __future__ import annotations

import random

from puzzlelib import Board, distance_counts, distances, random_solvable, scramble
from puzzlelib.course.evidence.nb05_experiments import (chi_square_against_counts, chi_square_tail,
                                                 matches_counts_problem, nearer_than_problem)

GOAL = Board.goal(3, 3)
D3 = distances(GOAL)
EXACT = distance_counts(3, 3)


def walks(k, n=2000):
    return [D3[scramble(GOAL, k, seed=s).tiles] for s in range(n)]


def arrangements(n=2000):
    return [D3[random_solvable(3, 3, seed=s).tiles] for s in range(n)]


def test_chi_square_tail_at_known_points():
    assert abs(chi_square_tail(3.841, 1) - 0.05) < 1e-3
    assert abs(chi_square_tail(18.307, 10) - 0.05) < 1e-3
    assert chi_square_tail(1e6, 10) == 0.0


def test_uniform_arrangements_match_all_boards_and_walks_do_not():
    assert matches_counts_problem(arrangements(), EXACT) is None
    for k in (10, 20, 40):
        problem = matches_counts_problem(walks(k), EXACT)
        assert problem is not None and "not distributed like all boards" in problem


def test_walks_sit_nearer_and_uniform_arrangements_do_not():
    for k in (10, 20, 40):
        assert nearer_than_problem(walks(k), EXACT) is None
    problem = nearer_than_problem(arrangements(), EXACT)
    assert problem is not None                          # wrong data: the claim "nearer" fails on uniform boards


def test_a_sample_of_far_boards_is_not_nearer():
    far = [d for d in D3.values() if d >= 25][:2000]
    assert "not nearer the goal" in nearer_than_problem(far, EXACT)


def test_a_slightly_biased_sample_is_caught():
    rng = random.Random(3)
    tiles = list(D3)
    biased = [D3[t] for t in rng.sample(tiles, 4000) if D3[t] % 2 == 0 or rng.random() < 0.7][:2000]
    assert matches_counts_problem(biased, EXACT) is not None


def test_distances_outside_the_table_fail():
    stat, p = chi_square_against_counts([0, 1, 5], [1, 2, 1])
    assert p == 0.0


def test_a_parity_restricted_uniform_sample_is_not_nearer():
    """Every walk has even length; uniform boards at even distances only must not pass as "nearer"."""
    rng = random.Random(4)
    even = [D3[t] for t in rng.sample(list(D3), 8000) if D3[t] % 2 == 0][:2000]
    assert len(even) == 2000
    problem = nearer_than_problem(even, EXACT)
    assert problem is not None and "boards at even distances" in problem
    odd = [D3[t] for t in rng.sample(list(D3), 8000) if D3[t] % 2 == 1][:2000]
    assert nearer_than_problem(odd, EXACT) is not None


def test_a_sample_that_crosses_below_is_not_nearer():
    near_and_far = [d for d in D3.values() if d <= 12][:1000] + [d for d in D3.values() if d >= 28][:1000]
    assert "not nearer the goal" in nearer_than_problem(near_and_far, EXACT)
