"""puzzlelib.core.solvability: seed 003's swap count is cells minus cycles, and its parity is the permutation's."""

import random
from itertools import permutations

import pytest

from puzzlelib import Board
from puzzlelib.core.solvability import permutation_parity
from puzzlelib.core.generate import random_board
from puzzlelib.core.solvability import sorting_swaps


def cycles(tiles, goal_tiles):
    target = {t: i for i, t in enumerate(goal_tiles)}
    seen, count = set(), 0
    for i in range(len(tiles)):
        if i not in seen:
            count += 1
            while i not in seen:
                seen.add(i)
                i = target[tiles[i]]
    return count


def test_cells_minus_cycles_and_parity_on_every_2x3_board():
    rng = random.Random(5)
    for goal in [Board.goal(2, 3), Board.goal(2, 3, blank="first"), random_board(2, 3, seed=rng)]:
        for p in permutations(range(6)):
            b = Board.from_tiles(p, 2, 3)
            n = sorting_swaps(b, goal)
            assert n == 6 - cycles(b.tiles, goal.tiles)
            assert n % 2 == permutation_parity(b, goal)


def test_the_goal_needs_no_swaps_and_one_swap_needs_one():
    goal = Board.goal(3, 3)
    assert sorting_swaps(goal) == 0
    assert sorting_swaps(Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]])) == 1


def test_swap_counts_printed_for_five_4x4_starts():
    starts = [
        [[13, 2, 10, 3], [1, 12, 8, 4], [5, 0, 9, 6], [15, 14, 11, 7]],
        [[0, 1, 2, 3], [4, 5, 6, 8], [14, 7, 11, 10], [9, 15, 12, 13]],
        [[6, 13, 7, 10], [8, 9, 11, 0], [15, 2, 12, 5], [14, 3, 1, 4]],
        [[3, 9, 1, 15], [14, 11, 4, 6], [13, 0, 10, 12], [2, 7, 8, 5]],
        [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]],
    ]
    upper_left = Board.goal(4, 4, blank="first")
    assert [sorting_swaps(Board(s), upper_left) for s in starts] == [14, 6, 13, 13, 14]


def test_shapes_must_match():
    with pytest.raises(ValueError):
        sorting_swaps(Board.goal(2, 3), Board.goal(3, 2))
