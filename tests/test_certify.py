"""The distance-table check of notebook 02 fails on wrong tables, each of its three facts on its own."""

from collections import deque

import pytest

from puzzlelib import Board, distances
from puzzlelib.engines.certify import distance_table_error

GOAL = Board.goal(2, 3)


def two_source_table(goal, other):
    """BFS from two boards at once: 0 at the goal and at `other`, the issue's wrong table."""
    table = {goal.tiles: 0, other.tiles: 0}
    queue = deque([goal, other])
    while queue:
        board = queue.popleft()
        for nxt in board.neighbors():
            if nxt.tiles not in table:
                table[nxt.tiles] = table[board.tiles] + 1
                queue.append(nxt)
    return table


@pytest.mark.parametrize("goal", [Board.goal(2, 2), GOAL, Board([[0, 1, 2], [3, 4, 5]]), Board.goal(1, 4)])
def test_true_tables_pass(goal):
    assert distance_table_error(distances(goal), goal) is None


def test_a_second_zero_is_caught():
    # the far side of the puzzle: the two BFS waves meet in the middle, so many entries are wrong
    other = Board([[4, 5, 0], [1, 2, 3]])
    table, true = two_source_table(GOAL, other), distances(GOAL)
    wrong = sum(table[t] != true[t] for t in true)
    assert len(table) == 360 and wrong > 150
    assert distance_table_error(table, GOAL) == f"board {other.tiles} has 0 but is not the goal"


def test_every_single_change_is_caught():
    true = distances(GOAL)
    for tiles, d in true.items():
        for change in (-2, -1, 1, 2):
            if d + change < 0:
                continue
            table = dict(true)
            table[tiles] = d + change
            assert distance_table_error(table, GOAL) is not None, (tiles, change)


def test_a_false_local_minimum_is_caught_by_the_step_down_fact():
    true = distances(GOAL)
    far = max(true, key=true.get)                     # 21 moves away; every neighbour is 20
    assert all(true[n.tiles] == 20 for n in Board.from_tiles(far, 2, 3).neighbors())
    table = dict(true)
    table[far] = 19                                   # still 1 from each neighbour
    assert distance_table_error(table, GOAL) == f"board {far} has 19 but no neighbour has 18"


def test_a_missing_board_and_a_wrong_goal_are_caught():
    true = distances(GOAL)
    table = dict(true)
    del table[Board([[1, 2, 3], [4, 0, 5]]).tiles]
    assert "is not" in distance_table_error(table, GOAL)
    assert distance_table_error({t: d + 1 for t, d in true.items()}, GOAL) == "the goal's number is not 0"


def test_bad_arguments():
    with pytest.raises(TypeError, match="mapping"):
        distance_table_error([0], GOAL)
    with pytest.raises(TypeError, match="whole numbers"):
        distance_table_error({GOAL.tiles: 0.0}, GOAL)
