"""Notebook 05's exercises 05.1-05.4: every correct form passes, typical wrong answers get their own hint,
and no output shows the answer."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

import pytest

from puzzlelib import Board, distances, is_solvable
from puzzlelib.course.exercises import EXERCISES, check
from puzzlelib.core.heuristics import manhattan

START5 = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]]
DR = Board.goal(4, 4)


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def with_top(order):
    return [list(order) + [4]] + [row[:] for row in START5[1:]]


def shows_board(out: str, board: Board) -> bool:
    """Does the output show the board, as rows, tiles or its printed grid?"""
    return any(text in out for text in (str(board.grid), str(list(board.tiles)), str(board.tiles), str(board)))


# --- 05.1 ------------------------------------------------------------------------------------------

def test_05_1_accepts_every_order_of_1_2_3_that_reaches_downright_in_every_form(capsys):
    good = [p for p in permutations((1, 2, 3)) if is_solvable(Board(with_top(p)), DR)]
    assert len(good) == 3                                   # the three single swaps
    for p in good:
        board = Board(with_top(p))
        for form in (board, board.grid, tuple(board.tiles), list(board.tiles)):
            ok, out = run(capsys, "05.1", form)
            assert ok, (p, form, out)


@pytest.mark.parametrize("order,words", [((2, 3, 1), "3-cycle"), ((3, 1, 2), "3-cycle"), ((1, 2, 3), "start5 unchanged")])
def test_05_1_refuses_the_3_cycles_and_start5(capsys, order, words):
    ok, out = run(capsys, "05.1", with_top(order))
    assert not ok and words in out
    assert not any(shows_board(out, Board(with_top(p))) for p in permutations((1, 2, 3)))


def test_05_1_refuses_boards_that_move_other_tiles(capsys):
    ok, out = run(capsys, "05.1", DR)                        # reaches downRight, but 14 and 15 moved
    assert not ok and "keep every tile other than 1, 2 and 3" in out


# --- 05.2 ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer", [{-1, 1}, frozenset({1, -1}), [1, -1], (-1, 1), "±1", "+/- 1", "-1 or 1"])
def test_05_2_accepts_plus_or_minus_one_in_every_form(capsys, answer):
    ok, out = run(capsys, "05.2", answer)
    assert ok, out


@pytest.mark.parametrize("answer,words", [({-1, 0, 1}, "unchanged"), ({-2, 0, 2}, "counts the blank"),
                                          ({1}, "both ways"), ({-2, -1, 0, 1, 2}, "only one tile moves")])
def test_05_2_wrong_sets_get_their_hint_and_never_the_answer(capsys, answer, words):
    ok, out = run(capsys, "05.2", answer)
    assert not ok and words in out
    assert "{-1, 1}" not in out and "±1" not in out


def test_05_2_the_answer_is_what_search_finds_on_3_x_3():
    goal = Board.goal(3, 3)
    boards = [Board.from_tiles(t, 3, 3) for t in list(distances(goal))[:3000]]
    assert {manhattan(n, goal) - manhattan(b, goal) for b in boards for n in b.neighbors()} == {-1, 1}


# --- 05.3 ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer", ["never", "Never.", " no ", "impossible", False])
def test_05_3_accepts_never_in_every_form(capsys, answer):
    ok, out = run(capsys, "05.3", answer)
    assert ok, out


def test_05_3_a_board_or_yes_gets_a_hint(capsys):
    ok, out = run(capsys, "05.3", "yes")
    assert not ok and "try to build one" in out and "never" not in out
    ok, out = run(capsys, "05.3", Board([[1, 2, 3], [4, 0, 6], [7, 5, 8]]))
    assert not ok and "same parity" not in out and "parity of the blank's distance" in out
    ok, out = run(capsys, "05.3", Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]]))
    assert not ok and "cannot reach the usual goal" in out


# --- 05.4 ------------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def fitting_boards():
    goal = Board.goal(3, 3)
    return tuple(Board.from_tiles(t, 3, 3) for t, d in distances(goal).items()
                 if d >= 20 and manhattan(Board.from_tiles(t, 3, 3), goal) <= 4)


def test_05_4_accepts_every_fitting_board_in_every_form(capsys):
    boards = fitting_boards()
    assert len(boards) == 22
    for board in boards:
        for form in (board, board.grid, board.tiles):
            ok, out = run(capsys, "05.4", form)
            assert ok, (board, out)


@pytest.mark.parametrize("grid,words", [
    ([[1, 2, 3], [4, 5, 6], [7, 0, 8]], "fewer than 20 moves"),
    ([[8, 7, 6], [5, 4, 3], [2, 1, 0]], "more than 4"),
    ([[2, 1, 3], [4, 5, 6], [7, 8, 0]], "cannot reach the usual goal"),
    ([[1, 2], [3, 0]], "give a 3 x 3 board"),
])
def test_05_4_wrong_boards_get_their_hint_and_never_a_fitting_board(capsys, grid, words):
    ok, out = run(capsys, "05.4", grid)
    assert not ok and words in out
    assert not any(shows_board(out, b) for b in fitting_boards())


def test_05_levels_kept_for_the_homework():
    assert EXERCISES["05.5"].level == "challenge" and EXERCISES["05.5"].function == "make_puzzle"


# --- 05.5: the tiles' cells are tested too ------------------------------------------------------------

def test_05_5_refuses_a_generator_that_puts_tile_1_top_left(capsys):
    """Shuffle, fix the parity, then a 3-cycle brings tile 1 to cell 0: solvable, blank uniform, yet biased."""
    import random
    from collections import Counter

    from puzzlelib.course.exercises.nb05_experiments import _cycled_puzzle

    boards = [_cycled_puzzle(3, 3, random.Random(s)) for s in range(900)]
    assert all(is_solvable(b) for b in boards)
    assert sum(b.tiles[0] == 1 for b in boards) > 0.8 * len(boards)
    ok, out = run(capsys, "05.5", _cycled_puzzle)
    assert not ok and "do not land in each cell equally often" in out and "swap two tiles" in out


def uniform_puzzle(rows, cols, rng):
    """A right make_puzzle: a shuffle, fixed by swapping the first two tiles that are not the blank."""
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)
    if not is_solvable(Board.from_tiles(tiles, rows, cols)):
        i, j = [k for k, t in enumerate(tiles) if t][:2]
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return Board.from_tiles(tiles, rows, cols)


def test_05_5_passes_a_uniform_generator(capsys):
    ok, out = run(capsys, "05.5", uniform_puzzle)
    assert ok, out
