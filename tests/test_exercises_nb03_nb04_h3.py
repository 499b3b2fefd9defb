"""Issue 34, second reading of 03 and 04: 03.1 and 03.2 ask about boards shown only as pictures, for
something no named function prints (which tile is in the most inversions; which missing tile goes where);
04.2 asks for a goal the board can reach, any valid one; 03.4 and 03.5 refuse every library function
imported in notebook 03 that answers them."""

from __future__ import annotations

import importlib
from itertools import combinations, permutations

import nbformat
import numpy as np
import pytest

from puzzlelib import Board, min_moves
from puzzlelib.course.exercises import EXERCISES, check
from puzzlelib.course.exercises.engine import _expected
from puzzlelib.course.exercises.solutions import SOLUTIONS
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


# --- 03.1: which tile is in the most inversions -------------------------------------------------------

PICTURE1 = (4, 1, 3, 5, 7, 6, 2, 8)          # 03.1's board in reading order, blank skipped


def shares(seq):
    """Inversions each tile is in, counted here pair by pair."""
    count = {t: 0 for t in seq}
    for i, j in combinations(range(len(seq)), 2):
        if seq[i] > seq[j]:
            count[seq[i]] += 1
            count[seq[j]] += 1
    return count


def test_03_1_the_answer_is_the_one_tile_in_the_most_inversions(capsys):
    count = shares(PICTURE1)
    best = max(count.values())
    winners = [t for t, c in count.items() if c == best]
    assert len(winners) == 1 and _expected(EXERCISES["03.1"]) == winners[0]
    ok, out = run(capsys, "03.1", winners[0])
    assert ok is True and out.startswith("correct")
    ok, _ = run(capsys, "03.1", np.int64(winners[0]))
    assert ok is True


@pytest.mark.parametrize("answer, fitting", [
    (4, "larger tile before it"),              # only the smaller tiles after it
    (0, "the blank is in no inversion"),
    (8, "tile 8 is in no inversion"),          # the total count
    (5, "for each tile, the pairs it is in"),
    ("2", "a string where a number is expected"),
])
def test_03_1_wrong_answers_get_a_fitting_hint_and_never_the_answer(capsys, answer, fitting):
    ok, out = run(capsys, "03.1", answer)
    assert ok is False and fitting in out, out
    assert "tile 2" not in out and " 2 " not in out.split("(more help")[0]


def test_03_1_and_03_2_boards_are_not_in_the_notebook_namespace():
    nb = nbformat.read(ROOT / "notebooks" / "03_solvability.ipynb", as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "[4, 1, 3], [5, 0, 7]" not in code and "[13, 15, 14, 12]" not in code and "[13, 14, 15, 12]" not in code


# --- 03.2: which missing tile goes in cell a ---------------------------------------------------------

def filled(a, b):
    return Board([[2, 1, 3, 4], [5, 6, 7, 8], [9, 10, 0, 11], [13, a, b, 12]])


def reaches_goal(board):
    """By notebook 04's constructive solver, replayed: a certificate that doesn't use the parity rule."""
    from puzzlelib.core.constructive import constructive_moves
    moves = constructive_moves(board)
    if moves is None:
        return False
    for t in moves:
        board = board.slide(t)
    return board == Board.goal(4, 4)


def test_03_2_exactly_one_filling_reaches_the_goal_and_it_is_the_answer(capsys):
    assert reaches_goal(filled(15, 14)) and not reaches_goal(filled(14, 15))
    assert _expected(EXERCISES["03.2"]) == 15
    for answer in (15, np.int64(15), filled(15, 14)):
        ok, out = run(capsys, "03.2", answer)
        assert ok is True, (answer, out)


@pytest.mark.parametrize("answer, fitting", [
    (14, "count the blank's row from the bottom"),
    (filled(14, 15), "count the blank's row from the bottom"),
    (12, "which of them goes in a"),
    (True, "a bool (True or False) where a number is expected"),
    (Board.goal(4, 4), "where a number is expected"),
])
def test_03_2_wrong_answers_get_a_fitting_hint(capsys, answer, fitting):
    ok, out = run(capsys, "03.2", answer)
    assert ok is False and fitting in out, out
    assert "15 in a" not in out and "a = 15" not in out and "answer = 15" not in out


# --- 04.2: a goal the board can reach ----------------------------------------------------------------

START = Board([[2, 1, 3], [4, 0, 5]])


def candidate_goals():
    return [Board.from_tiles((1, 2, *p, 0), 2, 3) for p in permutations([3, 4, 5])]


def test_04_2_accepts_exactly_the_goals_search_reaches(capsys):
    accepted = []
    for goal in candidate_goals():
        ok, out = run(capsys, "04.2", goal)
        assert ok is (min_moves(START, goal=goal, check_parity=False) is not None), (goal, out)
        if ok:
            accepted.append(goal)
        else:
            assert "can't reach that goal" in out
            assert repr(_expected(EXERCISES["04.2"])) not in out and str(_expected(EXERCISES["04.2"])) not in out
    assert len(accepted) == 3


@pytest.mark.parametrize("answer, fitting", [
    (Board.goal(2, 3), "can't reach that goal"),
    (Board([[2, 1, 3], [4, 5, 0]]), "top row must start 1 2"),
    (Board([[1, 2, 3], [0, 5, 4]]), "blank must be in the bottom-right corner"),
    (Board.goal(3, 3), "2 rows and 3 columns"),
    ("CE", "where a Board is expected"),
    ("B", "where a Board is expected"),
    ({"C", "E"}, "where a Board is expected"),
])
def test_04_2_wrong_answers_get_a_fitting_hint(capsys, answer, fitting):
    ok, out = run(capsys, "04.2", answer)
    assert ok is False and fitting in out, out
    assert "where a set is expected" not in out


# --- 03.4 and 03.5: the library functions imported in 03 that answer them are refused ------------------

def _lib(spec):
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def test_03_4_refuses_inversion_counts_explain_and_flipped_pairs(capsys):
    from puzzlelib.course.evidence.nb03_solvability import flipped_pairs
    from puzzlelib.core.solvability import explain
    from puzzlelib.engines.space import inversion_counts

    def by_counts(tiles):
        return int(inversion_counts(np.array([tiles]))[0])

    def by_explain(tiles):
        return explain(Board.from_tiles(tuple(tiles), 1, len(tiles))).inversions

    def by_flips(tiles):
        n = len(tiles)
        return len(flipped_pairs(Board.goal(1, n), Board.from_tiles(tuple(tiles), 1, n)))

    for answer, name in ((by_counts, "inversion_counts"), (by_explain, "explain"), (by_flips, "flipped_pairs")):
        ok, out = run(capsys, "03.4", answer)
        assert ok is False and f"puzzlelib's own {name}" in out, (name, out)
    ok, out = run(capsys, "03.4", SOLUTIONS["count_inversions"])
    assert ok is True, out


def test_03_5_refuses_every_function_of_03_that_answers_it(capsys):
    from puzzlelib.course.evidence.nb03_solvability import width_invariant
    from puzzlelib.core.constructive import constructive_moves
    from puzzlelib.core.solvability import blank_distance, explain, permutation_parity, sorting_swaps

    def by_explain(board):
        return explain(board).solvable

    def by_width(board):
        goal = Board.goal(board.rows, board.cols)
        return bool(width_invariant([board.tiles], board.rows, board.cols)[0]
                    == width_invariant([goal.tiles], goal.rows, goal.cols)[0])

    def by_parity(board):
        return (permutation_parity(board) + blank_distance(board)) % 2 == 0

    def by_swaps(board):
        return (sorting_swaps(board) + blank_distance(board)) % 2 == 0

    def by_solver(board):
        return constructive_moves(board) is not None

    for answer, name in ((by_explain, "explain"), (by_width, "width_invariant"), (by_parity, "permutation_parity"),
                         (by_swaps, "sorting_swaps"), (by_solver, "constructive_moves")):
        ok, out = run(capsys, "03.5", answer)
        assert ok is False and f"puzzlelib's own {name}" in out, (name, out)
    ok, out = run(capsys, "03.5", SOLUTIONS["solvable"])
    assert ok is True, out
