"""The constructive solver: every solvable board of every shape up to 6 x 6 reaches its goal."""

import random

import pytest

from puzzlelib import Board, is_solvable, random_solvable
from puzzlelib.core.generate import random_board
from puzzlelib.core.constructive import WorkingBoard, constructive_moves, solve_constructive

SHAPES = [(r, c) for r in range(2, 7) for c in range(2, 7)]


def goals(rows, cols, rng):
    return [Board.goal(rows, cols), Board.goal(rows, cols, blank="first"), Board.spiral(rows, cols),
            random_board(rows, cols, seed=rng)]


def replay(board, moves):
    for tile in moves:
        board = board.slide(tile)  # raises if a move is illegal
    return board


@pytest.mark.parametrize("rows,cols", SHAPES)
def test_solves_random_boards_for_many_goals(rows, cols):
    rng = random.Random(rows * 100 + cols)
    for goal in goals(rows, cols, rng):
        for _ in range(25):  # 25 shapes x 4 goals x 25 boards = 2,500 boards
            start = random_solvable(rows, cols, goal=goal, seed=rng)
            moves = constructive_moves(start, goal=goal)
            assert replay(start, moves) == goal


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2)])
def test_every_solvable_board_of_small_shapes(rows, cols):
    from itertools import permutations

    for goal in (Board.goal(rows, cols), Board.spiral(rows, cols)):
        for p in permutations(range(rows * cols)):
            start = Board.from_tiles(p, rows, cols)
            moves = constructive_moves(start, goal=goal)
            if is_solvable(start, goal):
                assert replay(start, moves) == goal
            else:
                assert moves is None


def test_the_corner_trap_fallback_is_exercised(monkeypatch):
    calls = []
    original = WorkingBoard.place_two

    def spy(self, *args):
        calls.append(args)
        return original(self, *args)

    monkeypatch.setattr(WorkingBoard, "place_two", spy)
    rng = random.Random(1)
    for _ in range(200):
        start = random_solvable(3, 4, seed=rng)
        assert replay(start, constructive_moves(start)) == Board.goal(3, 4)
    assert calls, "no board needed the two-tile fallback; the test no longer covers it"


def test_unsolvable_line_and_trivial_cases():
    assert constructive_moves(Board([[1, 2, 3], [5, 4, 0]])) is None
    assert solve_constructive(Board.goal(4, 4)) == [Board.goal(4, 4)]
    assert replay(Board([[0, 1, 2, 3]]), constructive_moves(Board([[0, 1, 2, 3]]))) == Board.goal(1, 4)
    assert constructive_moves(Board([[2, 1, 0]])) is None
    assert constructive_moves(Board([[0], [1], [2]])) == [1, 2]
    path = solve_constructive(random_solvable(4, 4, seed=3))
    assert path[-1] == Board.goal(4, 4)
    assert all(b in a.neighbors() for a, b in zip(path, path[1:]))


def test_bad_input():
    with pytest.raises(ValueError, match="goal is 3 x 2 but the board is 2 x 3; they must have the same shape"):
        constructive_moves(Board.goal(2, 3), goal=Board.goal(3, 2))
    with pytest.raises(ValueError, match="start: ragged rows"):
        constructive_moves([[1, 2], [0]])


def test_route_tile_is_lemma_1_on_every_stage_of_the_solver():
    rng = random.Random(5)
    for rows, cols in [(3, 3), (3, 4), (4, 4), (5, 3)]:
        for _ in range(30):
            r, c = rng.randrange(rows - 2), rng.randrange(cols - 1)
            locked = set(range(r * cols + c))
            tiles = list(random_board(rows, cols, seed=rng).tiles)
            hole, spot = tiles.index(0), rng.randrange(r * cols + c, rows * cols)
            tiles[hole], tiles[spot] = tiles[spot], tiles[hole]
            board = Board.from_tiles(tiles, rows, cols)
            tile = rng.choice([t for i, t in enumerate(tiles) if i not in locked and t != 0])
            target = rng.choice([i for i in range(rows * cols) if i not in locked])
            work = WorkingBoard(board)
            work.route_tile(tile, target, locked)
            assert work.tiles[target] == tile and all(work.tiles[i] == tiles[i] for i in locked)
            assert replay(board, work.slid).tiles == tuple(work.tiles)


def test_the_trap_of_lemma_2_and_its_12_move_way_out():
    trap = Board([[2, 1], [0, 3], [4, 5]])
    assert not WorkingBoard(trap).place(2, 3, {1})
    work = WorkingBoard(trap)
    work.place_two(1, 1, 2, 3, set())
    assert len(work.slid) == 12 and work.tiles[1] == 1 and work.tiles[3] == 2
    with pytest.raises(ValueError, match="cannot be reached"):
        WorkingBoard(Board([[1, 2, 0]])).blank_route(0, {1})
