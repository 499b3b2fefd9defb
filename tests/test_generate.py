"""Generating puzzles: uniform over the goal's component, seeded, and random walks."""

from collections import Counter

import pytest

from puzzlelib import Board, bfs_layers, is_solvable, random_solvable, scramble


@pytest.mark.parametrize("goal", [Board.goal(2, 2), Board.spiral(2, 2), Board.goal(2, 2, blank="first")])
def test_random_solvable_is_uniform_on_2x2(goal):
    component = {s for layer in bfs_layers(goal) for s in layer.states}
    counts = Counter(random_solvable(2, 2, goal=goal, seed=i).tiles for i in range(6000))
    assert set(counts) == component
    # 12 cells, 6000 draws: expect 500 each; a chi-square over 50 would be a 1-in-10^6 event
    chi2 = sum((c - 500) ** 2 / 500 for c in counts.values())
    assert chi2 < 50


def test_random_solvable_deterministic_and_solvable():
    for rows, cols in [(3, 3), (4, 4), (2, 5), (5, 5), (1, 5)]:
        for seed in range(20):
            b = random_solvable(rows, cols, seed=seed)
            assert b == random_solvable(rows, cols, seed=seed)
            assert is_solvable(b)
            assert is_solvable(random_solvable(rows, cols, goal=Board.spiral(rows, cols), seed=seed),
                               Board.spiral(rows, cols))
    assert len({random_solvable(4, 4, seed=s) for s in range(50)}) == 50


def test_scramble_is_a_seeded_walk():
    start = Board.goal(4, 4)
    assert scramble(start, 0, seed=1) == start
    a = scramble(start, 50, seed=9)
    assert a == scramble(start, 50, seed=9) and is_solvable(a)
    one = scramble(start, 1, seed=3)
    assert one in start.neighbors()
    line = scramble(Board([[1, 2, 0]]), 7, seed=2)
    assert [t for t in line.tiles if t] == [1, 2]


def test_bad_arguments():
    with pytest.raises(ValueError, match="moves must be 0 to 10,000,000, got -1"):
        scramble(Board.goal(2, 2), -1)
    with pytest.raises(TypeError, match="seed must be an int"):
        random_solvable(3, 3, seed="x")
    with pytest.raises(ValueError, match="goal is 2 x 3 but the board is 3 x 3"):
        random_solvable(3, 3, goal=Board.goal(2, 3))
