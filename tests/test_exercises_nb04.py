"""Notebook 04's exercises that take a board or a count (04.1, 04.3, 04.5): every right answer passes and
nothing else, typical wrong ones fail with a fitting hint, and the answer is never printed. Since issue 46
the exercises are numbered in page order; 04.1 asks for tiles 2 and 3 both in the top row, and 04.3 for a
count, so that a board guessed at random no longer passes."""

import re
from itertools import permutations
from pathlib import Path

import nbformat
import pytest

from puzzlelib import Board, distances
from puzzlelib.course.exercises import check
from puzzlelib.course.exercises.engine import EXERCISES
from puzzlelib.core.constructive import WorkingBoard

NB04 = Path(__file__).resolve().parent.parent / "notebooks" / "04_sufficiency_and_two_components.ipynb"


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
    """The tiles along 04.3's free cells, in order: left of the middle row, the bottom row, right of the middle."""
    return [board.tiles[i] for i in (3, 6, 7, 8, 5) if board.tiles[i]]


def test_04_3_the_count_is_the_boards_where_4_comes_first_along_the_line(capsys):
    through = 0
    for p in permutations([0, 4, 6, 7, 8]):
        board = Board.from_tiles((1, 2, 3, p[0], 5, *p[1:]), 3, 3)
        gets_there = bool(WorkingBoard(board).place(4, 3, {0, 1, 2, 4}))     # breadth-first search
        assert gets_there == (line_order(board)[0] == 4)                      # on a line no tile passes another
        through += gets_there
    assert through == 30
    ok, out = run(capsys, "04.3", through)
    assert ok is True and out.startswith("correct")


@pytest.mark.parametrize("answer, fitting", [
    (90, "can't get there"),
    (120, "on a line no tile passes another"),
    (6, "the blank can stand in any of the free cells"),
    (24, "in how many cells may the blank stand"),
    (48, "can't get past the first one"),
    (31, "what shape do they form"),
])
def test_04_3_wrong_counts_get_a_fitting_hint_and_never_the_answer(capsys, answer, fitting):
    ok, out = run(capsys, "04.3", answer)
    assert ok is False and fitting in out, out
    assert "30" not in out


def test_04_3_refuses_the_boards_the_old_exercise_took(capsys):
    """The old 04.1 took any of 90 boards on which tile 4 is blocked: now the question asks for the count."""
    for board in (Board([[1, 2, 3], [0, 5, 4], [6, 7, 8]]), Board([[1, 2, 3], [6, 5, 0], [4, 7, 8]])):
        ok, out = run(capsys, "04.3", board)
        assert ok is False and "asks for a number" in out, out


def test_04_5_accepts_exactly_the_far_swaps_that_keep_the_component(capsys):
    reach = set(distances(Board.goal(2, 3)))
    accepted = 0
    for p in permutations(range(6)):
        board = Board.from_tiles(p, 2, 3)
        swapped = Board.from_tiles(tuple({0: 1, 1: 0}.get(t, t) for t in p), 2, 3)
        (r0, c0), (r1, c1) = board.blank, divmod(p.index(1), 3)
        apart = abs(r0 - r1) + abs(c0 - c1) > 1
        same = (p in reach) == (swapped.tiles in reach)
        ok, out = run(capsys, "04.5", board)
        assert ok is (apart and same), (board, out)
        if not apart:
            assert "neighbours, so the swap is a move" in out
        elif not same:
            assert "other component" in out
        accepted += ok
    assert 0 < accepted < 720
    assert_never_printed("04.5", out)
    ok, out = run(capsys, "04.5", Board.goal(3, 3))
    assert ok is False and "2 rows and 3 columns" in out


def tile_one_stays_search(board: Board) -> bool:
    """Whether 2 and 3 get home without moving tile 1: the solver's own search over both tiles and the blank."""
    try:
        WorkingBoard(board).place_two(2, 1, 3, 2, {0})
    except ValueError:
        return False
    return True


def test_04_1_accepts_exactly_the_stuck_boards_with_2_and_3_in_the_top_row(capsys):
    reach = set(distances(Board.goal(2, 3)))
    accepted, stuck_anywhere = [], 0
    for p in permutations([0, 2, 3, 4, 5]):
        board = Board.from_tiles((1, *p), 2, 3)
        ok, out = run(capsys, "04.1", board)
        if board.tiles not in reach:
            assert ok is False
            continue
        stuck = not tile_one_stays_search(board)
        stuck_anywhere += stuck
        top = {board.tiles[1], board.tiles[2]} == {2, 3}
        assert ok is (stuck and top), (board, out)
        if ok:
            accepted.append(board.tiles)
        assert_never_printed("04.1", out)
    assert stuck_anywhere == 45                    # what the old exercise took, of the 60 boards that pass
    assert sorted(accepted) == [(1, 3, 2, 0, 5, 4), (1, 3, 2, 5, 0, 4), (1, 3, 2, 5, 4, 0)]


@pytest.mark.parametrize("board, fitting", [
    (Board([[1, 0, 2], [3, 4, 5]]), "both in the top row"),          # the old solution: 3 in the dead end
    (Board([[1, 2, 4], [0, 5, 3]]), "both in the top row"),          # stuck, 3 beside the dead end
    (Board([[1, 2, 3], [4, 5, 0]]), "home already"),
    (Board([[1, 2, 3], [5, 4, 0]]), "home already"),
    (Board([[1, 3, 2], [4, 5, 0]]), "odd number of inversions"),     # the lecturers' try: right shape, fails the rule
    (Board([[1, 3, 2], [0, 4, 5]]), "odd number of inversions"),
    (Board([[1, 3, 2], [4, 0, 5]]), "odd number of inversions"),
    ([[1, 3, 2], [4, 5, 0]], "odd number of inversions"),             # its rows, as lists: read as the board
    ((1, 3, 2, 4, 5, 0), "not its tiles in one line"),
    ("1 3 2 / 4 5 .", "not as text"),
    (Board([[2, 1, 3], [4, 5, 0]]), "top-left corner"),
    (Board([[3, 1, 2], [5, 4, 0]]), "top-left corner"),
    (Board([[1, 3], [2, 4], [5, 0]]), "3 x 2, 3 rows of 2 tiles"),
    (Board.goal(3, 2), "2 rows and 3 columns"),
    (Board.goal(3, 3), "2 rows and 3 columns"),
])
def test_04_1_wrong_boards_get_a_fitting_hint(capsys, board, fitting):
    ok, out = run(capsys, "04.1", board)
    assert ok is False and fitting in out, out
    assert_never_printed("04.1", out)
    assert "[[1, 3, 2], [5, 4" not in out and "5 4" not in out and "swap" not in out    # nor how to mend it


def test_04_1_says_why_a_board_that_fails_the_rule_is_no_answer(capsys):
    """The lecturers' try, 1 3 2 / 4 5 .: the reply names the fault (an odd count fails the rule, so the board
    never reaches the goal) and what the exercise asks instead, and it is the same for every such board."""
    replies = set()
    for bottom in permutations([0, 4, 5]):
        board = Board.from_tiles((1, 3, 2, *bottom), 2, 3)
        if board.tiles in set(distances(Board.goal(2, 3))):
            continue
        ok, out = run(capsys, "04.1", board)
        assert ok is False and "fails the rule" in out and "can't reach the goal" in out, out
        replies.add(out)
    assert len(replies) == 1


def test_04_1_takes_the_board_as_its_rows(capsys):
    for answer in ([[1, 3, 2], [5, 4, 0]], ((1, 3, 2), (0, 5, 4))):
        ok, out = run(capsys, "04.1", answer)
        assert ok is True and out.startswith("correct"), out


def test_04_1_offers_a_search_that_never_moves_tile_1_and_it_agrees_with_the_solvers():
    """The notebook's tool cell, run here: its verdicts are the solver's place_two, on every board."""
    tool = next(c.source for c in nbformat.read(NB04, as_version=4).cells
                if c.cell_type == "code" and "class TileOneStays" in c.source)
    scope = {"Board": Board}
    exec(tool.rsplit("\nprint(", 1)[0], scope)
    for p in permutations([0, 2, 3, 4, 5]):
        board = Board.from_tiles((1, *p), 2, 3)
        assert scope["two_and_three_get_home"](board) == tile_one_stays_search(board), board
    assert "answer" not in tool and "[[1, 3, 2]" not in tool


@pytest.mark.parametrize("exercise_id", ["04.1", "04.3", "04.5"])
def test_hints_never_print_the_answer(capsys, exercise_id):
    from puzzlelib.course.exercises import hint
    hint(exercise_id)
    out = capsys.readouterr().out
    expected = EXERCISES[exercise_id].solution()
    assert not any(text in out for text in (shown(expected) if isinstance(expected, Board) else [str(expected)]))


def test_the_exercises_are_numbered_in_page_order():
    cells = nbformat.read(NB04, as_version=4).cells
    numbers = [int(m.group(1)) for c in cells if c.cell_type == "markdown"
               for m in re.finditer(r"(?m)^#+ Exercise (\d+) \(", c.source)]
    checks = [m.group(1) for c in cells if c.cell_type == "code" for m in [re.search(r'check\("04\.(\d+)"', c.source)] if m]
    assert numbers == list(range(1, 9)) and checks == [str(k) for k in numbers]
