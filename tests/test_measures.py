"""Manhattan lower bound and blank walk, checked against BFS and legal moves."""

import random

import pytest

from puzzlelib import Board, distances, is_solvable
from puzzlelib.core.generate import walk_blank
from puzzlelib.core.heuristics import manhattan


def test_manhattan_is_a_lower_bound_on_every_2x3_board():
    for goal in [Board.goal(2, 3), Board.spiral(2, 3), Board.goal(3, 2, blank="first")]:
        rows, cols = goal.shape
        d = distances(goal)
        assert len(d) == 360
        for tiles, moves in d.items():
            assert manhattan(Board.from_tiles(tiles, rows, cols), goal) <= moves
        assert manhattan(goal, goal) == 0
    assert manhattan(Board([[2, 1], [3, 0]])) == 2


def test_manhattan_one_move_changes_it_by_one():
    rng = random.Random(2)
    for _ in range(100):
        tiles = list(range(16))
        rng.shuffle(tiles)
        b = Board.from_tiles(tiles, 4, 4)
        for n in b.neighbors():
            assert abs(manhattan(n) - manhattan(b)) == 1


def test_walk_blank_makes_legal_moves_to_the_target():
    rng = random.Random(8)
    for rows, cols in [(2, 2), (3, 3), (2, 5), (4, 3), (1, 4)]:
        for _ in range(30):
            tiles = list(range(rows * cols))
            rng.shuffle(tiles)
            b = Board.from_tiles(tiles, rows, cols)
            for row, col in [(None, None), (0, 0), (rows - 1, 0), (0, cols - 1)]:
                w = walk_blank(b, row, col)
                want = (rows - 1 if row is None else row, cols - 1 if col is None else col)
                assert w.blank == want
                assert is_solvable(w, b) and is_solvable(b, w)
    assert walk_blank(Board([[1, 0], [2, 3]]), 0, 1) == Board([[1, 0], [2, 3]])


def test_walk_blank_rejects_cells_off_the_board():
    with pytest.raises(ValueError, match="not on a 2 x 3 board"):
        walk_blank(Board.goal(2, 3), 2, 0)
    with pytest.raises(TypeError):
        walk_blank(Board.goal(2, 3), 1.5, 0)
