"""Notebook 02's exercises: every right answer in every form passes, typical wrong ones get their own hint,
and no message prints the answer."""

import pytest

from puzzlelib import Board, distances
from puzzlelib.course.exercises import EXERCISES, check
from puzzlelib.course.exercises import engine

GOAL = Board.goal(2, 3)
FOUR_HOME = sorted(t for t, d in distances(GOAL).items() if d == 4 and t[-1] == 0)
FOUR_AWAY = min(t for t, d in distances(GOAL).items() if d == 4 and t[-1] != 0)


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def never_tells(out, *answers):
    for a in answers:
        assert str(a) not in out and repr(a) not in out, out


# --- 02.1: a board four moves from the goal with the blank home -----------------------------------------

def test_both_boards_four_moves_away_with_the_blank_home_are_accepted_in_every_form(capsys):
    assert len(FOUR_HOME) == 2                         # once round the 2 x 2 block, either way
    for tiles in FOUR_HOME:
        board = Board.from_tiles(tiles, 2, 3)
        rows = [list(tiles[:3]), list(tiles[3:])]
        for form in (board, tiles, list(tiles), rows, tuple(map(tuple, rows))):
            ok, out = run(capsys, "02.1", form)
            assert ok is True and out.startswith("correct"), (form, out)


@pytest.mark.parametrize("answer, words", [
    (Board.goal(2, 3), "the goal itself"),
    ((4, 1, 2, 5, 3, 0), "not four moves away"),                     # blank home, six moves
    ((1, 2, 3, 4, 0, 5), "must end in its goal cell"),                # one move, blank away
    ((1, 0, 3, 4, 2, 5), "must end in its goal cell"),                # two moves
    (FOUR_AWAY, "its blank is not in its goal cell"),                # four moves, blank away
    ((1, 2, 3, 5, 4, 0), "no sequence of moves"),                     # the other half
    ((1, 2, 3), "give a 2 x 3 board"),
    ((1, 2, 3, 4, 5, 5), "give a 2 x 3 board"),
    (Board.goal(3, 2), "give a 2 x 3 board"),
    (4, "where a Board is expected"),
])
def test_wrong_boards_get_the_hint_that_fits_and_never_the_answer(capsys, answer, words):
    ok, out = run(capsys, "02.1", answer)
    assert ok is False and words in out, out
    never_tells(out, *FOUR_HOME)


# --- 02.2: the 4 x 4 layer four moves from the goal -------------------------------------------------------

def test_the_layer_is_counted_and_agrees_with_a_bfs_stopped_early(capsys):
    from puzzlelib import bfs_layers
    sizes = []
    for layer in bfs_layers(Board.goal(4, 4), max_nodes=1000):
        sizes.append(layer.size)
        if len(sizes) == 5:
            break
    assert sizes == [1, 2, 4, 10, 24]
    for form in (24, 24.0):
        assert run(capsys, "02.2", form)[0] is True


@pytest.mark.parametrize("answer, words", [
    (41, "within four moves"), (40, "one to four moves"), (10, "off by one layer"),
    (54, "three new moves"), (58, "moves straight back"), (6, "follow the blank"), ("24", "without quotes"),
])
def test_wrong_counts_get_the_hint_that_fits_and_never_the_answer(capsys, answer, words):
    ok, out = run(capsys, "02.2", answer)
    assert ok is False and words in out, out
    assert "24" not in out


def test_a_full_4x4_bfs_is_refused_so_the_count_needs_thought():
    from puzzlelib import TooLargeError, distance_counts
    with pytest.raises(TooLargeError):
        distance_counts(4, 4)
    assert EXERCISES["02.2"].level == "core" and EXERCISES["02.1"].level == "warm-up"


# --- 02.3: successors a BFS to the end on 2 x 4 makes that were stored already ----------------------------

def test_02_3_agrees_with_a_watched_bfs_on_the_other_half_of_2x4(capsys):
    from puzzlelib.core.bfs import keyed_bfs
    made = []
    result = keyed_bfs(Board([[1, 2, 3, 4], [5, 7, 6, 0]]), watch=lambda m, waiting: made.append(m))
    assert result.moves is None and result.reached == 20160
    answer = sum(made) - (result.reached - 1)
    assert answer == 30241
    for form in (answer, float(answer)):
        assert run(capsys, "02.3", form)[0] is True


@pytest.mark.parametrize("answer, words", [
    (50400, "every successor made"), (25200, "the number of edges"), (5041, "counts each edge once"),
    (30240, "off by one"), (20160, "boards stored"), (481, "2 x 3 puzzle"), ("30241", "without quotes"),
])
def test_02_3_wrong_counts_get_the_hint_that_fits_and_never_the_answer(capsys, answer, words):
    ok, out = run(capsys, "02.3", answer)
    assert ok is False and words in out, out
    assert "30241" not in out and "30,241" not in out


def test_02_2_hint_and_solution_count_two_moves_from_the_starting_corner(capsys):
    import nbformat
    from pathlib import Path
    assert "two at the start" in EXERCISES["02.2"].hint
    nb = nbformat.read(Path(__file__).resolve().parent.parent / "notebooks" / "02_breadth_first_search.ipynb", 4)
    solution = next(c.source for c in nb.cells if c.source.startswith("**Solution to exercise 2."))
    assert "2 at the start" in solution


# --- 02.4: writing bfs_path, not borrowing a search that returns a path ---------------------------------

def test_bfs_path_that_borrows_a_library_search_is_not_accepted(capsys):
    from puzzlelib.core.generic import SlidingPuzzleProblem, breadth_first, uniform_cost
    from puzzlelib.core.informed import astar

    def via_breadth_first(start, goal):
        r = breadth_first(SlidingPuzzleProblem(start, goal))
        return None if r is None else r.path

    def via_uniform_cost(start, goal):
        r = uniform_cost(SlidingPuzzleProblem(start, goal))
        return None if r is None else r.path

    def via_astar(start, goal):
        r = astar(start, goal=goal)
        return None if r is None else r.path

    for borrowed in (via_breadth_first, via_uniform_cost, via_astar):
        ok, out = run(capsys, "02.4", borrowed)
        # refused by what it does (the sandbox replaces the library's searches) or, where there is no
        # sandbox, by the names it calls
        assert ok is False and ("asks you to write it" in out or "write those steps yourself" in out), out
    assert engine.EXERCISES["02.4"].function == "bfs_path"
