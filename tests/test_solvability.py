"""Solvability: the parity rules agree with BFS reachability on every state, for many goals."""

import random
from itertools import permutations

import pytest

from puzzlelib import Board, bfs_layers, explain, inversions, is_solvable
from puzzlelib.core.solvability import blank_row_from_bottom, permutation_parity, relative_inversions
from puzzlelib.core.generate import fix_by_swap, random_board

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (1, 4), (4, 1), (1, 1), (1, 2)]


def goals_for(rows, cols):
    goals = [Board.goal(rows, cols), Board.goal(rows, cols, blank="first"), Board.spiral(rows, cols)]
    rng = random.Random(rows * 10 + cols)
    goals += [random_board(rows, cols, seed=rng) for _ in range(2)]
    return goals


@pytest.mark.parametrize("rows,cols", SHAPES)
def test_is_solvable_equals_bfs_reachability(rows, cols):
    all_boards = [Board.from_tiles(p, rows, cols) for p in permutations(range(rows * cols))]
    for goal in goals_for(rows, cols):
        reachable = {s for layer in bfs_layers(goal) for s in layer.states}
        verdicts = [is_solvable(b, goal) for b in all_boards]
        assert [b.tiles in reachable for b in all_boards] == verdicts
        if min(rows, cols) >= 2:
            assert sum(verdicts) == len(all_boards) // 2


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (4, 4), (3, 4)])
def test_width_rule_equals_permutation_rule(rows, cols):
    rng = random.Random(0)
    for goal in goals_for(rows, cols):
        for _ in range(300):
            r = explain(random_board(rows, cols, seed=rng), goal)
            by_width = r.invariant == r.goal_invariant
            by_permutation = (r.permutation_parity + r.blank_distance) % 2 == 0
            assert by_width == by_permutation == r.solvable


def test_inversion_counts_of_3x3_examples_and_how_moves_change_them():
    assert inversions(Board([[1, 2, 3], [4, 0, 5], [8, 6, 7]])) == 2
    assert inversions(Board([[1, 2, 3], [0, 4, 5], [8, 6, 7]])) == 2   # horizontal move: same
    assert inversions(Board([[1, 0, 3], [4, 2, 5], [8, 6, 7]])) == 4   # +2
    assert inversions(Board([[1, 3, 4], [5, 0, 6], [7, 2, 8]])) == 5
    assert inversions(Board([[1, 3, 4], [5, 2, 6], [7, 0, 8]])) == 3   # -2
    assert inversions(Board([[1, 2, 3], [4, 0, 5], [7, 6, 8]])) == 1
    assert inversions(Board([[1, 2, 3], [4, 6, 5], [7, 0, 8]])) == 1   # 0


def test_moves_change_inversions_as_the_proof_says():
    for rows, cols in [(3, 3), (2, 4), (3, 4), (4, 4), (3, 5)]:
        rng = random.Random(rows * cols)
        for _ in range(200):
            b = random_board(rows, cols, seed=rng)
            for n in b.neighbors():
                change = inversions(n) - inversions(b)
                if n.blank[0] == b.blank[0]:
                    assert change == 0
                else:  # the tile passes cols - 1 others, each pair flips
                    assert abs(change) <= cols - 1 and (change - (cols - 1)) % 2 == 0


def test_rule_details():
    b = Board([[1, 2, 3], [5, 4, 0]])
    assert not is_solvable(b) and permutation_parity(b) == 1
    assert is_solvable(fix_by_swap(b))
    assert blank_row_from_bottom(Board.goal(4, 4, blank="first")) == 4
    assert relative_inversions(Board.spiral(3, 3), Board.spiral(3, 3)) == 0
    r = explain(b)
    assert "verdict: unsolvable" in str(r) and not r.line
    assert explain(Board([[2, 0, 1]])).line and "single line" in str(explain(Board([[2, 0, 1]])))


def test_swapping_two_tiles_flips_solvability():
    rng = random.Random(5)
    for rows, cols in [(2, 2), (3, 3), (2, 5), (4, 4), (5, 3)]:
        for _ in range(50):
            b = random_board(rows, cols, seed=rng)
            t = list(b.tiles)
            i, j = rng.sample([k for k in range(len(t)) if t[k] != 0], 2)
            t[i], t[j] = t[j], t[i]
            assert is_solvable(Board.from_tiles(t, rows, cols)) != is_solvable(b)


def test_goal_shape_and_bad_input():
    with pytest.raises(ValueError, match="goal is 3 x 2 but the board is 2 x 3; they must have the same shape"):
        is_solvable(Board.goal(2, 3), Board.goal(3, 2))
    with pytest.raises(ValueError, match="goal: duplicate tiles"):
        is_solvable(Board.goal(2, 2), [[1, 1], [2, 0]])
    with pytest.raises(TypeError, match="board: .*must be an integer"):
        inversions([[1, 2], [3, None]])


def test_inversions_by_pairs_and_by_merge_sort_agree():
    """inversions shows the pairs; beyond PAIRS_MAX_TILES it counts by merge sort: the two agree."""
    import random

    from puzzlelib.core.solvability import PAIRS_MAX_TILES, inversions_by_merge_sort
    rng = random.Random(5)
    for n in [0, 1, 2, 3, 7, 16, 100, PAIRS_MAX_TILES + 1]:
        for _ in range(5):
            seq = rng.sample(range(n), n)
            pairs = sum(1 for i, a in enumerate(seq) for b in seq[i + 1:] if a > b)
            assert inversions_by_merge_sort(seq) == pairs
    big = Board.from_tiles(tuple(range(PAIRS_MAX_TILES + 2, 0, -1)) + (0,), 1, PAIRS_MAX_TILES + 3)
    assert inversions(big) == (PAIRS_MAX_TILES + 2) * (PAIRS_MAX_TILES + 1) // 2
