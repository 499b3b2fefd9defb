"""Issue 35, group 9: ``PlaySession.solution()`` refuses at once what no solver here can finish.

Before: on a shuffled 100 x 100 board ``solution()`` ran IDA* for 1.5 million nodes (about 95 minutes at
10,000 cells a node) before it could refuse. Now a board over the constructive solver's 300 cells gets
IDA* only within about a second's work (:func:`solve_budget`), and one whose Manhattan distance (a
lower bound on its moves, so on IDA*'s nodes) exceeds that budget is refused before any search, with a
TooLargeError that says why and what works instead. Small boards still solve.
"""

from __future__ import annotations

import pytest

from puzzlelib import Board
from puzzlelib.core.errors import TooLargeError
from puzzlelib.player.session import PlaySession, solve_budget
from puzzlelib.core.constructive import CONSTRUCTIVE_MAX_CELLS
from puzzlelib.engines.optimal import is_path
from puzzlelib.core.solvability import is_solvable
from timing import time_limit


@pytest.mark.parametrize("size", [100, 33])
def test_a_shuffled_big_board_is_refused_within_two_seconds_with_the_reason(size):
    s = PlaySession(size, size)
    s.shuffle()
    with time_limit(2, f"solution() on a shuffled {size} x {size} board"), pytest.raises(TooLargeError) as caught:
        s.solution()
    message = str(caught.value)
    assert len(message) < 600, message
    assert f"{size} x {size} board" in message and "Manhattan distance" in message, message
    assert f"may expand only {solve_budget(size * size):,} nodes" in message, message
    assert f"up to {CONSTRUCTIVE_MAX_CELLS} cells" in message and "scramble" in message, message   # what works
    assert s.board == s.start and s.moves == 0           # the refusal changed nothing


def test_a_big_board_near_its_goal_is_still_solved_exactly():
    s = PlaySession(100, 100, seed=4)
    s.scramble(8)
    with time_limit(10, "solution() on a 100 x 100 board 8 moves out"):
        path, how = s.solution()
    assert is_path(path, s.board, s.goal) and len(path) - 1 <= 8 and "shortest" in how


def test_a_shuffled_board_between_300_and_1024_cells_is_refused_after_at_most_the_budget():
    s = PlaySession(20, 20)
    s.shuffle()
    with time_limit(30, "solution() on a shuffled 20 x 20 board"), pytest.raises(TooLargeError) as caught:
        s.solution()
    assert "20 x 20 board" in str(caught.value) and f"gave up after {solve_budget(400):,} nodes" in str(caught.value)
    assert len(str(caught.value)) < 600


def test_an_unsolvable_big_board_is_still_answered_as_unsolvable():
    s = PlaySession(100, 100)
    s.shuffle()
    s.swap()
    assert not is_solvable(s.board, s.goal)
    with time_limit(2, "solution() on an unsolvable 100 x 100 board"):
        assert s.solution() == (None, "no solution: the board is in the other component")


@pytest.mark.parametrize("shape, exact", [((3, 3), True), ((4, 4), False), ((5, 5), False)])
def test_small_boards_still_solve(shape, exact):
    s = PlaySession(*shape, seed=5)
    s.shuffle()
    with time_limit(60, f"solution() on a shuffled {shape}"):
        path, how = s.solution()
    assert is_path(path, s.board, s.goal), how
    assert ("(BFS)" in how) == exact, how
    assert how.startswith(("shortest solution", "constructive solution")), how


def test_a_long_line_has_no_size_limit_for_the_constructive_fallback():
    s = PlaySession(board=Board([[0] + list(range(1, 400))]))    # 1 x 400: one order, one answer
    with time_limit(10, "solution() on a 1 x 400 line"):
        path, how = s.solution()
    assert is_path(path, s.board, s.goal) and len(path) - 1 == 399, how


def test_solve_budget_is_about_half_a_second_of_work():
    from puzzlelib.engines.compiled import engine_available

    assert solve_budget(16) == solve_budget(1024) == (10_000_000 if engine_available() else 1_500_000)
    assert solve_budget(1089) == 5_000_000 // 1089 and solve_budget(10**6) == 10
    with pytest.raises(ValueError):
        solve_budget(0)
