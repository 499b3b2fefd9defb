"""puzzlelib.engines.space: the array versions agree with the one-board functions on every board."""

import random
from itertools import permutations
from math import factorial

import numpy as np
import pytest

from puzzlelib import Board, TooLargeError, bfs_layers, inversions, rank
from puzzlelib.core.solvability import permutation_parity, relative_inversions
from puzzlelib.core.generate import random_board
from puzzlelib.engines.space import (all_moves, blank_cells, inversion_counts, permutation_parities,
                             reachable_mask)
from puzzlelib.core.encoding import all_permutations


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2), (1, 4)])
def test_inversions_and_parities_match_the_board_functions(rows, cols):
    perms = all_permutations(rows * cols)
    boards = [Board.from_tiles(p, rows, cols) for p in perms.tolist()]
    assert inversion_counts(perms).tolist() == [inversions(b) for b in boards]
    rng = random.Random(rows * cols)
    for goal in [Board.goal(rows, cols), Board.spiral(rows, cols), random_board(rows, cols, seed=rng)]:
        assert inversion_counts(perms, goal).tolist() == [relative_inversions(b, goal) for b in boards]
        assert permutation_parities(perms, goal).tolist() == [permutation_parity(b, goal) for b in boards]
    r, c = blank_cells(perms, cols)
    assert list(zip(r.tolist(), c.tolist())) == [b.blank for b in boards]


def test_inversion_counts_on_random_3x3_boards():
    rng = random.Random(3)
    boards = [random_board(3, 3, seed=rng) for _ in range(300)]
    perms = np.array([b.tiles for b in boards])
    assert inversion_counts(perms).tolist() == [inversions(b) for b in boards]


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2), (1, 3), (3, 1)])
def test_all_moves_lists_every_move_once_with_what_it_passes(rows, cols):
    moves = all_moves(rows, cols)
    expected = {}
    for p in permutations(range(rows * cols)):
        board = Board.from_tiles(p, rows, cols)
        for nxt in board.neighbors():
            i, j = board.blank_index, nxt.blank_index
            tile = board.tiles[j]
            between = board.tiles[min(i, j) + 1:max(i, j)]
            expected[(rank(board), rank(nxt))] = (
                board.blank[0] != nxt.blank[0], tile, len(between),
                sum(t < tile for t in between), i < j)
    got = {(s, d): (v, t, p, ps, e) for s, d, v, t, p, ps, e in zip(
        moves.src.tolist(), moves.dst.tolist(), moves.vertical.tolist(), moves.tile.tolist(),
        moves.passed.tolist(), moves.passed_smaller.tolist(), moves.earlier.tolist())}
    assert len(moves) == len(expected)
    assert got == expected


@pytest.mark.parametrize("goal", [Board.spiral(2, 3), Board.goal(3, 3), Board.goal(3, 3, blank="first"),
                                  Board.from_tiles((2, 1) + Board.goal(2, 4).tiles[2:], 2, 4), Board.goal(4, 2),
                                  Board.goal(1, 1), Board.goal(1, 4), Board([[0], [2], [1]]), Board.goal(2, 2)],
                         ids=lambda b: f"{b.rows}x{b.cols}:{''.join(map(str, b.tiles))}")
def test_reachable_mask_is_the_bfs_set(goal):
    """reachable_mask's search over ranks marks exactly the boards bfs_layers reaches."""
    reached = {rank(b) for layer in bfs_layers(goal) for b in layer.boards()}
    mask = reachable_mask(goal)
    assert mask.dtype == bool and len(mask) == factorial(goal.rows * goal.cols)
    assert set(np.flatnonzero(mask).tolist()) == reached


def test_too_large_boards_are_refused():
    with pytest.raises(TooLargeError):
        all_moves(2, 5)
    with pytest.raises(TooLargeError):
        reachable_mask(Board.goal(2, 5))


def test_goal_of_the_wrong_size_is_refused():
    with pytest.raises(ValueError):
        inversion_counts(all_permutations(4), goal=Board.goal(2, 3))
