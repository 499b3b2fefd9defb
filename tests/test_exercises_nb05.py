"""Notebook 05's exercises 05.1-05.4: every correct form passes, typical wrong answers get their own hint,
and no output shows the answer."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import pytest

from puzzlelib import Board, distances, is_solvable
from puzzlelib.course.exercises import EXERCISES, check, hint
from puzzlelib.core.heuristics import manhattan

START5 = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]]
DR = Board.goal(4, 4)


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def shows_board(out: str, board: Board) -> bool:
    """Does the output show the board, as rows, tiles or its printed grid?"""
    return any(text in out for text in (str(board.grid), str(list(board.tiles)), str(board.tiles), str(board)))


# --- 05.1 ------------------------------------------------------------------------------------------

def three_cycles(goal: Board):
    """Every board that differs from ``goal`` in exactly three cells: their contents go round, either way."""
    for a, b, c in combinations(range(len(goal.tiles)), 3):
        for x, y, z in ((a, b, c), (a, c, b)):
            tiles = list(goal.tiles)
            tiles[x], tiles[y], tiles[z] = goal.tiles[y], goal.tiles[z], goal.tiles[x]
            yield Board.from_tiles(tiles, goal.rows, goal.cols)


def odd_from_corner(board: Board) -> bool:
    r, c = board.blank
    return (board.rows - 1 - r + board.cols - 1 - c) % 2 == 1


@pytest.mark.parametrize("shape", [(2, 3), (2, 4), (3, 2)])
def test_05_1_the_rule_of_the_solution_holds_by_bfs_on_smaller_boards(shape):
    """The solution's argument, checked by BFS where nothing uses the parity rule: from the goal with two tiles
    swapped (start5's kind of board), a goal three cells away is reachable exactly when the blank moved to a
    cell an odd distance from its corner."""
    goal = Board.goal(*shape)
    tiles = list(goal.tiles)
    tiles[0], tiles[1] = tiles[1], tiles[0]
    reached = distances(Board.from_tiles(tiles, *shape))          # every board the swapped goal reaches
    seen = set()
    for g in three_cycles(goal):
        assert (g.tiles in reached) == (g.blank != goal.blank and odd_from_corner(g)), g
        seen.add(g.tiles in reached)
    assert seen == {True, False}


def test_05_1_accepts_every_fitting_goal_in_every_form(capsys):
    fitting = [g for g in three_cycles(DR) if is_solvable(Board(START5), g)]
    assert len(fitting) == 112 and all(g.blank != DR.blank and odd_from_corner(g) for g in fitting)
    for g in fitting[::7] + [Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [15, 14, 0, 13]])]:
        for form in (g, g.grid, tuple(g.tiles), list(g.tiles)):
            ok, out = run(capsys, "05.1", form)
            assert ok, (g, form, out)


def test_05_1_refuses_every_other_goal_three_cells_away(capsys):
    for g in three_cycles(DR):
        if not is_solvable(Board(START5), g):
            assert check("05.1", g) is False, g
    capsys.readouterr()


FITTING = [g for g in three_cycles(DR) if is_solvable(Board(START5), g)]


@pytest.mark.parametrize("grid,words", [
    ([[2, 3, 1, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]], "two swaps of tiles"),       # three tiles round
    ([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 0, 12], [11, 14, 15, 13]], "Which cells may the blank end on"),
    ([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]], "fewer than three cells"),   # start5 itself
    ([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]], "fewer than three cells"),   # downRight itself
    ([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 0], [13, 14, 15, 12]], "fewer than three cells"),   # one slide
    ([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [14, 13, 0, 15]], "more than three cells"),
    ([[1, 2, 3], [4, 5, 6], [7, 0, 8]], "give a 4 x 4 board"),
])
def test_05_1_wrong_goals_get_their_hint_and_never_a_fitting_goal(capsys, grid, words):
    ok, out = run(capsys, "05.1", grid)
    assert not ok and words in out, out
    assert not any(shows_board(out, g) for g in FITTING)
    capsys.readouterr()
    hint("05.1")
    assert not any(shows_board(capsys.readouterr().out, g) for g in FITTING)


# --- 05.2 ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer", [{-1, 1}, frozenset({1, -1}), [1, -1], (-1, 1)])
def test_05_2_accepts_plus_or_minus_one_in_every_form(capsys, answer):
    ok, out = run(capsys, "05.2", answer)
    assert ok, out


@pytest.mark.parametrize("answer", ["±1", "+/- 1", "-1 or 1", "{-1, 1}"])
def test_05_2_refuses_strings_as_the_other_exercises_do(capsys, answer):
    ok, out = run(capsys, "05.2", answer)
    assert not ok and "text, in quotes" in out


@pytest.mark.parametrize("answer,words", [({-1, 0, 1}, "not every value"), ({-2, 0, 2}, "counts the blank"),
                                          ({1}, "both ways"), ({-2, -1, 0, 1, 2}, "only one tile moves")])
def test_05_2_wrong_sets_get_their_hint_and_never_the_answer(capsys, answer, words):
    ok, out = run(capsys, "05.2", answer)
    assert not ok and words in out
    assert "{-1, 1}" not in out and "±1" not in out


def test_05_2_the_answer_is_what_search_finds_on_3_x_3():
    goal = Board.goal(3, 3)
    boards = [Board.from_tiles(t, 3, 3) for t in list(distances(goal))[:3000]]
    assert {manhattan(n, goal) - manhattan(b, goal) for b in boards for n in b.neighbors()} == {-1, 1}


# --- 05.3: a written proof -------------------------------------------------------------------------

def test_05_3_is_a_written_proof_whose_claim_holds_on_every_small_board(capsys):
    """The proof's claim, checked by BFS: on every board that reaches the 2 x 3, 3 x 2, 2 x 4 or 3 x 3 goal,
    the Manhattan bound has the parity of the fewest moves, so the parity fact never adds one to it."""
    assert EXERCISES["05.3"].kind == "proof" and EXERCISES["05.3"].level == "core"
    for shape in [(2, 3), (3, 2), (2, 4), (3, 3)]:
        goal = Board.goal(*shape)
        assert all((d - manhattan(Board.from_tiles(t, *shape), goal)) % 2 == 0 for t, d in distances(goal).items())
    assert check("05.3") is None
    out = capsys.readouterr().out
    assert "0, the goal's bound" not in out and "parity of d" not in out    # the questions give nothing away


def test_05_2_a_set_with_0_and_2_gets_its_own_hint(capsys):
    ok, out = run(capsys, "05.2", {-1, 0, 1, 2})
    assert not ok and "stay the same, or change by two" in out and "{-1, 1}" not in out


# --- 05.4: a counterexample on 4 x 4 ---------------------------------------------------------------

FAR = [Board([[2, 1, 4, 3], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]),
       Board([[2, 1, 3, 4], [6, 5, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]),
       Board([[1, 2, 3, 4], [5, 6, 7, 8], [10, 9, 12, 11], [13, 14, 15, 0]])]


def fewest(board):
    from puzzlelib import solve_optimal
    return len(solve_optimal(board, progress=False)) - 1


def test_05_4_accepts_fitting_boards_in_every_form(capsys):
    assert manhattan(Board([[5, 1, 2, 3], [9, 6, 7, 4], [13, 10, 11, 8], [0, 14, 15, 12]])) > 4
    for board in FAR + [Board([[2, 1, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]])]:
        assert manhattan(board) <= 4 and fewest(board) >= 20 and is_solvable(board)
        for form in (board, board.grid, board.tiles):
            ok, out = run(capsys, "05.4", form)
            assert ok, (board, out)


@pytest.mark.parametrize("grid,words", [
    ([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]], "fewer than 20 moves"),
    ([[5, 1, 2, 3], [9, 6, 7, 4], [13, 10, 11, 8], [0, 14, 15, 12]], "more than 4"),     # the border turned
    ([[2, 1, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]], "What does a second swap do"),
    ([[0, 2, 1], [4, 5, 6], [7, 8, 3]], "give a 4 x 4 board"),
])
def test_05_4_wrong_boards_get_their_hint_and_never_a_fitting_board(capsys, grid, words):
    ok, out = run(capsys, "05.4", grid)
    assert not ok and words in out
    assert not any(shows_board(out, b) for b in FAR)


def test_05_levels_kept_for_the_homework():
    assert EXERCISES["05.5"].level == "challenge" and EXERCISES["05.5"].function == "make_puzzle"


# --- 05.5: a uniform puzzle at an odd distance ------------------------------------------------------

def test_05_5_refuses_a_generator_that_puts_tile_1_top_left(capsys):
    """An odd board, then a 3-cycle brings tile 1 to cell 0: odd, solvable, blank uniform, yet biased."""
    import random

    from puzzlelib.course.exercises.nb05_experiments import _cycled_puzzle

    boards = [_cycled_puzzle(3, 3, random.Random(s)) for s in range(900)]
    assert all(is_solvable(b) and distances(Board.goal(3, 3))[b.tiles] % 2 for b in boards)
    assert sum(b.tiles[0] == 1 for b in boards) > 0.8 * len(boards)
    ok, out = run(capsys, "05.5", _cycled_puzzle)
    assert not ok and "do not land in each cell equally often" in out and "which step of yours" in out


def odd_puzzle(rows, cols, rng):
    """A right make_puzzle another way: the blank's cell drawn among the odd cells, then the tiles shuffled."""
    cells = [i for i in range(rows * cols) if (rows - 1 - i // cols + cols - 1 - i % cols) % 2]
    tiles = list(range(1, rows * cols))
    rng.shuffle(tiles)
    tiles.insert(rng.choice(cells), 0)
    if not is_solvable(Board.from_tiles(tiles, rows, cols)):
        i, j = [k for k, t in enumerate(tiles) if t][:2]
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return Board.from_tiles(tiles, rows, cols)


def test_05_5_passes_an_odd_generator_written_another_way(capsys):
    ok, out = run(capsys, "05.5", odd_puzzle)
    assert ok, out


def test_05_5_the_old_answer_any_distance_gets_the_parity_hint(capsys):
    import random

    def any_distance(rows, cols, rng):            # section 4's method alone: uniform, but at any distance
        tiles = list(range(rows * cols))
        rng.shuffle(tiles)
        if not is_solvable(Board.from_tiles(tiles, rows, cols)):
            i, j = [k for k, t in enumerate(tiles) if t][:2]
            tiles[i], tiles[j] = tiles[j], tiles[i]
        return Board.from_tiles(tiles, rows, cols)

    ok, out = run(capsys, "05.5", any_distance)
    assert not ok and "an even number of moves from the goal" in out and "which step" in out
    ends = {distances(Board.goal(3, 3))[any_distance(3, 3, random.Random(s)).tiles] % 2 for s in range(40)}
    assert ends == {0, 1}                          # it makes boards of both parities


def test_05_5_the_odd_boards_are_those_with_the_blank_on_an_odd_cell():
    """The exercise's premise, by BFS: a board's distance is odd exactly when its blank is an odd number of steps
    from the goal's blank cell, on every solvable board of 2 x 3, 3 x 3 and 2 x 4."""
    for shape in [(2, 3), (3, 3), (2, 4)]:
        goal = Board.goal(*shape)
        for t, d in distances(goal).items():
            r, c = divmod(t.index(0), shape[1])
            assert d % 2 == (shape[0] - 1 - r + shape[1] - 1 - c) % 2
