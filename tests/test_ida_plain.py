"""The plain recursive IDA* that notebook 08 shows agrees with the engine, ida_star, and refuses clearly."""

import pytest

from puzzlelib import Board
from puzzlelib.core.generate import random_solvable
from puzzlelib.core.heuristics import linear_conflict, manhattan, misplaced
from puzzlelib.core.informed import PLAIN_MAX_DEPTH, ida_star_plain
from puzzlelib.engines.ida import ida_star
from puzzlelib.engines.optimal import is_path as is_walk


@pytest.mark.parametrize("heuristic", [manhattan, misplaced, linear_conflict, None])
def test_same_length_as_the_engine(heuristic):
    # misplaced tiles and no heuristic are weak: the 2 x 3 board keeps them quick
    shape = (3, 3) if heuristic in (manhattan, linear_conflict) else (2, 3)
    goal_ = Board.goal(*shape)
    for seed in range(10):
        start = random_solvable(*shape, seed=seed)
        path = ida_star_plain(start, goal=goal_, heuristic=heuristic)
        assert is_walk(path, start, goal_)
        assert len(path) - 1 == ida_star(start, goal=goal_, heuristic=heuristic).moves, seed


def test_other_goals_and_shapes():
    for rows, cols in [(2, 4), (4, 2), (2, 2)]:
        for seed in range(10):
            goal = random_solvable(rows, cols, seed=100 + seed)       # any board is a goal
            start = random_solvable(rows, cols, goal=goal, seed=seed)
            path = ida_star_plain(start, goal=goal)
            assert is_walk(path, start, goal) and len(path) - 1 == ida_star(start, goal=goal).moves


def test_unsolvable_gives_none():
    assert ida_star_plain(Board([[1, 2, 3], [5, 4, 0]])) is None


def test_refusals_are_value_errors():
    with pytest.raises(ValueError, match="stops 400 moves deep"):
        ida_star_plain(Board([[0] + list(range(1, PLAIN_MAX_DEPTH + 20))]))
    with pytest.raises(ValueError, match="max_nodes"):
        ida_star_plain(random_solvable(3, 3, seed=1), max_nodes=3)
    with pytest.raises(TypeError):
        ida_star_plain(Board.goal(2, 2), max_nodes=1.5)
