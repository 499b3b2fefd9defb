"""Notebook 04's counterexample exercises (04.1, 04.3, 04.6): every right board passes, typical wrong ones
fail with a fitting hint, and the answer is never printed."""

from itertools import permutations

import pytest

from puzzlelib import Board, distances
from puzzlelib.course.exercises import check
from puzzlelib.course.exercises.engine import EXERCISES
from puzzlelib.core.constructive import WorkingBoard


def run(capsys, exercise_id, answer):
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def shown(board: Board) -> list[str]:
    """Ways the expected board could leak into a printout."""
    return [repr(board), str(board), str(board.tiles)]


def assert_never_printed(exercise_id, out):
    expected = EXERCISES[exercise_id].solution()
    assert not any(text in out for text in shown(expected)), out


def line_order(board: Board) -> list[int]:
    """The tiles along 04.1's free cells, in order: left of the middle row, the bottom row, right of the middle."""
    return [board.tiles[i] for i in (3, 6, 7, 8, 5) if board.tiles[i]]


def test_04_1_accepts_exactly_the_boards_where_a_tile_blocks_4(capsys):
    accepted = 0
    for p in permutations([0, 4, 6, 7, 8]):
        board = Board.from_tiles((1, 2, 3, p[0], 5, *p[1:]), 3, 3)
        ok, out = run(capsys, "04.1", board)
        blocked = line_order(board)[0] != 4                # on a line no tile passes another
        assert ok is blocked, (board, out)
        assert ok == (not WorkingBoard(board).place(4, 3, {0, 1, 2, 4}))
        if ok:
            accepted += 1
        else:
            assert "can reach the left cell" in out
        assert_never_printed("04.1", out)
    assert accepted == 90


def test_04_1_wrong_kinds_of_board(capsys):
    ok, out = run(capsys, "04.1", Board.goal(3, 3).slide(6))       # tile 4 not blocked? it is the goal's row 2
    assert ok is False
    ok, out = run(capsys, "04.1", Board([[2, 1, 3], [6, 5, 4], [7, 8, 0]]))
    assert ok is False and "locked tiles" in out
    ok, out = run(capsys, "04.1", Board.goal(2, 3))
    assert ok is False and "3 rows and 3 columns" in out
    ok, out = run(capsys, "04.1", 3)
    assert ok is False and "Board" in out


def test_04_3_accepts_exactly_the_far_swaps_that_keep_the_component(capsys):
    reach = set(distances(Board.goal(2, 3)))
    accepted = 0
    for p in permutations(range(6)):
        board = Board.from_tiles(p, 2, 3)
        swapped = Board.from_tiles(tuple({0: 1, 1: 0}.get(t, t) for t in p), 2, 3)
        (r0, c0), (r1, c1) = board.blank, divmod(p.index(1), 3)
        apart = abs(r0 - r1) + abs(c0 - c1) > 1
        same = (p in reach) == (swapped.tiles in reach)
        ok, out = run(capsys, "04.3", board)
        assert ok is (apart and same), (board, out)
        if not apart:
            assert "neighbours, so the swap is a move" in out
        elif not same:
            assert "other component" in out
        accepted += ok
    assert 0 < accepted < 720
    assert_never_printed("04.3", out)
    ok, out = run(capsys, "04.3", Board.goal(3, 3))
    assert ok is False and "2 rows and 3 columns" in out


def test_04_6_accepts_exactly_the_boards_stuck_with_tile_1_locked(capsys):
    reach = set(distances(Board.goal(2, 3)))
    accepted = 0
    for p in permutations([0, 2, 3, 4, 5]):
        board = Board.from_tiles((1, *p), 2, 3)
        ok, out = run(capsys, "04.6", board)
        if board.tiles not in reach:
            assert ok is False and "fails the rule" in out
            continue
        try:
            WorkingBoard(board).place_two(2, 1, 3, 2, {0})
            stuck = False
        except ValueError:
            stuck = True
        assert ok is stuck, (board, out)
        if not stuck:
            assert "without moving tile 1" in out
        accepted += ok
        assert_never_printed("04.6", out)
    assert accepted == 45                             # of the 60 boards with tile 1 home that pass the rule
    ok, out = run(capsys, "04.6", Board([[2, 1, 3], [4, 5, 0]]))
    assert ok is False and "top-left corner" in out
    ok, out = run(capsys, "04.6", Board.goal(3, 2))
    assert ok is False and "2 rows and 3 columns" in out


@pytest.mark.parametrize("exercise_id", ["04.1", "04.3", "04.6"])
def test_hints_never_print_the_answer(capsys, exercise_id):
    from puzzlelib.course.exercises import hint
    hint(exercise_id)
    assert_never_printed(exercise_id, capsys.readouterr().out)
