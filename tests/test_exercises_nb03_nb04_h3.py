"""Issues 34 and 46, readings of 03 and 04 (ids in page order since issue 46): 03.3 asks about a board shown
only as text, for something no named function prints (which tile is in the most inversions), with more
inversions than inversion_arcs draws; 03.4 where the blank may stand in Loyd's board, nearest the corner;
04.4 for every goal the board can reach, as a set; 03.6 and 03.7 refuse every library function imported in
notebook 03 that answers them."""

from __future__ import annotations

import importlib
from itertools import combinations, permutations

import nbformat
import numpy as np
import pytest

from puzzlelib import Board, inversions, min_moves
from puzzlelib.course.exercises import EXERCISES, check
from puzzlelib.course.exercises.engine import _expected
from puzzlelib.course.exercises.solutions import SOLUTIONS
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


# --- 03.3: which tile is in the most inversions -------------------------------------------------------

PICTURE3 = (6, 3, 7, 1, 4, 5, 8, 2)          # 03.3's board in reading order, blank skipped


def shares(seq):
    """Inversions each tile is in, counted here pair by pair."""
    count = {t: 0 for t in seq}
    for i, j in combinations(range(len(seq)), 2):
        if seq[i] > seq[j]:
            count[seq[i]] += 1
            count[seq[j]] += 1
    return count


def test_03_3_the_answer_is_the_one_tile_in_the_most_inversions(capsys):
    count = shares(PICTURE3)
    best = max(count.values())
    winners = [t for t, c in count.items() if c == best]
    assert len(winners) == 1 and _expected(EXERCISES["03.3"]) == winners[0]
    ok, out = run(capsys, "03.3", winners[0])
    assert ok is True and out.startswith("correct")
    ok, _ = run(capsys, "03.3", np.int64(winners[0]))
    assert ok is True


def test_03_3_cannot_be_read_off_the_picture_section_2_draws():
    """The lecturers' read: inversion_arcs, shown before the exercise, drew the answer. This board has more
    inversions than it draws, so the answer is reasoned out tile by tile."""
    from puzzlelib.draw.solvability import MAX_ARCS, inversion_arcs
    from puzzlelib.course.exercises.nb03_solvability import _PICTURE3_03
    assert tuple(t for t in _PICTURE3_03.tiles if t) == PICTURE3
    assert sum(shares(PICTURE3).values()) // 2 == 14 > MAX_ARCS
    with pytest.raises(ValueError, match="14 inversions"):
        inversion_arcs(_PICTURE3_03)


def test_03_3_the_solution_gives_each_tile_its_count():
    """The solution's counts are the pair-by-pair ones: 2 in six, 6 in five, 7 in four, 1, 3, 4, 5 in three, 8 in one."""
    nb = nbformat.read(ROOT / "notebooks" / "03_solvability.ipynb", as_version=4)
    solution = next(c.source for c in nb.cells if "**Solution to exercise 3.**" in c.source)
    count = shares(PICTURE3)
    assert (count[2], count[6], count[7], count[8]) == (6, 5, 4, 1) and {count[t] for t in (1, 3, 4, 5)} == {3}
    assert all(t > 2 for t in PICTURE3[:PICTURE3.index(2)] if t != 1) and PICTURE3[-1] == 2
    for said in ("6 3 7 1 4 5 8 2", "in six", "in five", "7 in four", "1, 3, 4 and 5 in three", "8 in one",
                 "14 inversions"):
        assert said in solution, said


@pytest.mark.parametrize("answer, fitting", [
    (6, "larger tile before it"),              # only the smaller tiles after it
    (8, "largest tile"),
    (1, "smallest tile"),
    (0, "the blank is in no inversion"),
    (14, "number of all the inversions"),      # the total count
    (5, "for each tile, the pairs it is in"),
    ("2", "a string where a number is expected"),
])
def test_03_3_wrong_answers_get_a_fitting_hint_and_never_the_answer(capsys, answer, fitting):
    ok, out = run(capsys, "03.3", answer)
    assert ok is False and fitting in out, out
    assert "tile 2" not in out and " 2 " not in out.split("(more help")[0]


def test_03_3_and_03_4_boards_are_not_in_the_notebook_namespace():
    nb = nbformat.read(ROOT / "notebooks" / "03_solvability.ipynb", as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "[6, 3, 7], [1, 0, 4]" not in code and "13, 15, 14" not in code and "15, 14]" not in code


# --- 03.4: Loyd's board, the blank moved -------------------------------------------------------------

LOYD = tuple(range(1, 14)) + (15, 14)


def with_blank_at(r, c):
    tiles = list(LOYD)
    tiles.insert(4 * r + c, 0)
    return Board.from_tiles(tuple(tiles), 4, 4)


def reaches_goal(board):
    """By notebook 04's constructive solver, replayed: a certificate of reaching, found without the rule."""
    from puzzlelib.core.constructive import constructive_moves
    moves = constructive_moves(board)
    if moves is None:
        return False
    for t in moves:
        board = board.slide(t)
    return board == Board.goal(4, 4)


def test_03_4_the_answer_is_the_one_nearest_cell_that_works(capsys):
    works = {(r, c) for r in range(4) for c in range(4) if reaches_goal(with_blank_at(r, c))}
    assert works == {(r, c) for r in (0, 2) for c in range(4)}          # rows 4 and 2 from the bottom
    nearest = min((6 - r - c, (r, c)) for r, c in works)[1]
    assert nearest == (2, 3) and _expected(EXERCISES["03.4"]) == with_blank_at(2, 3)
    assert sum(1 for r, c in works if 6 - r - c == 1) == 1              # one cell at distance 1: unique
    for answer in (with_blank_at(2, 3), (2, 3), [2, 3], (np.int64(2), 3)):
        ok, out = run(capsys, "03.4", answer)
        assert ok is True, (answer, out)


@pytest.mark.parametrize("answer, fitting", [
    (with_blank_at(3, 3), "Loyd's board itself"),
    (with_blank_at(3, 2), "anywhere in the bottom row"),                 # counted from the top, this one "works"
    ((3, 0), "anywhere in the bottom row"),
    (with_blank_at(1, 3), "the sum must be odd"),
    (with_blank_at(0, 3), "nearer the bottom-right corner"),
    ((2, 2), "nearer the bottom-right corner"),
    (Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 0], [13, 15, 14, 12]]), "Loyd's reading order"),
    (Board.goal(4, 4), "Loyd's reading order"),
    ((4, 3), "give a 4 x 4 board"),
    (Board.goal(3, 3), "give a 4 x 4 board"),
    (14, "where a Board is expected"),
])
def test_03_4_wrong_answers_get_a_fitting_hint_and_never_the_answer(capsys, answer, fitting):
    ok, out = run(capsys, "03.4", answer)
    assert ok is False and fitting in out, out
    right = with_blank_at(2, 3)
    assert repr(right) not in out and str(right) not in out and "(2, 3)" not in out


def test_03_4_the_old_missing_tile_answers_are_not_accepted(capsys):
    """The old 03.4 (then 03.2) took 15, one call to is_solvable away: the question is a board now."""
    for answer in (15, 14, np.int64(15)):
        ok, out = run(capsys, "03.4", answer)
        assert ok is False, (answer, out)


# --- 04.4: every goal the board can reach ---------------------------------------------------------------

START = Board([[2, 1, 3], [4, 0, 5]])


def candidate_goals():
    return [Board.from_tiles((1, 2, *p, 0), 2, 3) for p in permutations([3, 4, 5])]


def reached_goals():
    return {g for g in candidate_goals() if min_moves(START, goal=g, check_parity=False) is not None}


def test_04_4_accepts_exactly_the_set_of_goals_search_reaches(capsys):
    right = reached_goals()
    assert len(right) == 3 and _expected(EXERCISES["04.4"]) == right
    for answer in (right, frozenset(right)):
        ok, out = run(capsys, "04.4", answer)
        assert ok is True, out
    for k in range(0, 7):                                   # every other set of candidate goals is refused
        for chosen in combinations(candidate_goals(), k):
            if set(chosen) != right:
                ok, out = run(capsys, "04.4", set(chosen))
                assert ok is False, chosen


@pytest.mark.parametrize("make, fitting", [
    (lambda right: sorted(right, key=lambda g: g.tiles)[0], "asks for every such goal"),   # the old answer: one goal
    (lambda right: Board.goal(2, 3), "can't reach that goal"),
    (lambda right: set(sorted(right, key=lambda g: g.tiles)[:2]), "but there are more"),
    (lambda right: right | {Board.goal(2, 3)}, "can't reach one of your goals"),
    (lambda right: {Board([[2, 1, 3], [4, 5, 0]])}, "top row must start 1 2"),
    (lambda right: {Board([[1, 2, 3], [0, 5, 4]])}, "blank must be in the bottom-right corner"),
    (lambda right: {Board.goal(3, 3)}, "2 rows and 3 columns"),
    (lambda right: sorted(right, key=lambda g: g.tiles), "where a set is expected"),
    (lambda right: "CE", "where a set is expected"),
])
def test_04_4_wrong_answers_get_a_fitting_hint(capsys, make, fitting):
    right = reached_goals()
    ok, out = run(capsys, "04.4", make(right))
    assert ok is False and fitting in out, out
    assert not any(repr(g) in out or str(g) in out for g in right)


# --- 03.6 and 03.7: the library functions imported in 03 that answer them are refused ------------------

def _lib(spec):
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def test_03_6_refuses_inversion_counts_explain_and_flipped_pairs(capsys):
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
        ok, out = run(capsys, "03.6", answer)
        assert ok is False and f"puzzlelib's own {name}" in out, (name, out)
    ok, out = run(capsys, "03.6", SOLUTIONS["count_inversions"])
    assert ok is True, out


def test_03_7_refuses_every_function_of_03_that_answers_it(capsys):
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
        ok, out = run(capsys, "03.7", answer)
        assert ok is False and f"puzzlelib's own {name}" in out, (name, out)
    ok, out = run(capsys, "03.7", SOLUTIONS["solvable"])
    assert ok is True, out


def test_03_7_refuses_the_rule_written_with_relative_inversions_and_blank_row_from_bottom(capsys):
    """Formerly accepted: the width rule assembled from the library's two parts of it."""
    from puzzlelib.core.solvability import blank_row_from_bottom, relative_inversions

    def by_parts(board):
        if board.cols % 2:
            return relative_inversions(board) % 2 == 0
        return (relative_inversions(board) + blank_row_from_bottom(board)) % 2 == 1

    def by_row_only(board):                      # its own inversions, the library's row
        seq = [t for t in board.tiles if t]
        inv = sum(a > b for i, a in enumerate(seq) for b in seq[i + 1:])
        return inv % 2 == 0 if board.cols % 2 else (inv + blank_row_from_bottom(board)) % 2 == 1

    for answer, name in ((by_parts, "relative_inversions"), (by_row_only, "blank_row_from_bottom")):
        ok, out = run(capsys, "03.7", answer)
        assert ok is False and "puzzlelib's own" in out and name in out, (name, out)

    def with_inversions(board):                  # the library's count is allowed: exercise 6 wrote it
        inv = inversions(board)
        return inv % 2 == 0 if board.cols % 2 else (inv + board.rows - board.blank[0]) % 2 == 1

    ok, out = run(capsys, "03.7", with_inversions)
    assert ok is True, out
