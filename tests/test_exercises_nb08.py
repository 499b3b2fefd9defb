"""Notebook 08's exercises 08.2 and 08.3: every right answer in every form passes, typical wrong ones get a
fitting hint, and the answer is never printed."""

import random

import pytest

from puzzlelib import Board, distances
from puzzlelib.course.exercises import EXERCISES, check, hint
from puzzlelib.course.exercises.nb08_beyond_bfs import _expansions, _pdb3
from puzzlelib.core.generic import SlidingPuzzleProblem, astar_search
from puzzlelib.core.informed import astar

GOAL3 = Board.goal(3, 3)
JUMP = (Board([[1, 2, 3], [8, 5, 0], [4, 7, 6]]), Board([[1, 2, 3], [8, 5, 6], [4, 7, 0]]))
REOPEN = Board([[0, 1, 6], [2, 5, 3], [7, 8, 4]])


def run(capsys, exercise_id, answer):
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def never_shown(out, *boards):
    for b in boards:
        assert repr(b) not in out and str(b.tiles) not in out and str(b.grid) not in out


def test_levels_and_kinds_kept_for_the_homework():
    assert EXERCISES["08.2"].level == "core" and EXERCISES["08.2"].kind == "value"
    assert EXERCISES["08.3"].kind == "value"


# --- 08.2: a move on which the database without its mirror jumps -----------------------------------------

def jumping_moves():
    """Every slide between boards of the goal's component that lowers the table by more than 1."""
    h = _pdb3(False).tables.value
    d3 = distances(GOAL3)
    found = []
    for tiles in d3:
        board = Board.from_tiles(tiles, 3, 3)
        for nxt in board.neighbors():
            if h(tiles) - h(nxt.tiles) > 1:
                found.append((board, nxt))
    return found


@pytest.fixture(scope="module")
def jumps():
    return jumping_moves()


def test_every_form_of_the_example_passes(capsys):
    a, b = JUMP
    moved = a.tiles[b.blank_index]
    for answer in [(a, b), (a, moved), (a.grid, b.grid), (tuple(map(tuple, a.grid)), b), (a.grid, moved),
                   [a, b], [a, moved], [a.grid, b.grid]]:          # any pair form: a list of two as well
        ok, out = run(capsys, "08.2", answer)
        assert ok, (answer, out)


def test_other_jumping_moves_pass_too(capsys, jumps):
    assert 2 * len(jumps) == 50_428               # each move counted once, in the direction that lowers it
    rng = random.Random(8)
    for a, b in rng.sample(jumps, 25):
        ok, out = run(capsys, "08.2", (a, b))
        assert ok, (a, b, out)
        ok, out = run(capsys, "08.2", (a, a.tiles[b.blank_index]))
        assert ok, (a, b, out)
        ok, out = run(capsys, "08.2", (b, a))
        assert not ok and "The slide back lowers it" in out


def test_a_jump_on_the_other_component_passes(capsys):
    h = _pdb3(False)
    other = next(b for b in (Board.from_tiles(t, 3, 3) for t in distances(Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]])))
                 for c in b.neighbors() if abs(h(b) - h(c)) > 1)
    nxt = next(c for c in other.neighbors() if abs(h(other) - h(c)) > 1)
    if h(nxt) > h(other):
        other, nxt = nxt, other
    ok, out = run(capsys, "08.2", (other, nxt))
    assert ok, out


def test_wrong_answers_get_fitting_hints(capsys):
    a, b = JUMP
    h = _pdb3(False)
    calm = next(c for c in a.neighbors() if abs(h(a) - h(c)) == 1)
    cases = [((a, calm), "changes by 1"), ((a, a), "not one slide apart"), ((a, GOAL3), "not one slide apart"),
             ((a, 9), "not one slide apart"),
             ((Board.goal(2, 3), Board.goal(2, 3).slide(5)), "built for the 3 x 3 goal"),
             ((b, a), "raises the table"), ((b, 6), "raises the table")]
    for answer, words in cases:
        ok, out = run(capsys, "08.2", answer)
        assert not ok and words in out, (answer, out)
        never_shown(out, a, b)
    for answer in (a, {a, b}, (a, b, 6), [a, b, 6]):
        ok, out = run(capsys, "08.2", answer)
        assert not ok
        never_shown(out, b)


def test_hint_and_why_never_name_a_board(capsys):
    hint("08.2")
    out = capsys.readouterr().out
    never_shown(out, *JUMP)
    assert "Board(" not in EXERCISES["08.2"].why


# --- 08.3: a start from which A* expands a board again ---------------------------------------------------

def test_the_count_agrees_with_the_fast_astar():
    """The checker counts on the teaching A*; the notebook's astar expands the same boards, as often."""
    done = _expansions(REOPEN)
    fast = astar(REOPEN, heuristic=_pdb3(True))
    assert done == (fast.expanded, done[1]) and done[0] - done[1] == 3
    slow = astar_search(SlidingPuzzleProblem(REOPEN), heuristic=_pdb3(True))
    assert slow.path == fast.path


def reopening_starts(k):
    rng = random.Random(3)
    boards = [t for t, d in distances(GOAL3).items() if d >= 20]
    found = []
    for tiles in rng.sample(boards, 3000):
        board = Board.from_tiles(tiles, 3, 3)
        done = _expansions(board)
        if done[0] > done[1]:
            found.append((board, done[0] - done[1]))
            if len(found) == k:
                break
    return found


def test_every_form_of_a_right_answer_passes(capsys):
    for answer in [(REOPEN, 3), (REOPEN.grid, 3), (tuple(REOPEN.tiles[i:i + 3] for i in (0, 3, 6)), 3), [REOPEN, 3]]:
        ok, out = run(capsys, "08.3", answer)
        assert ok, (answer, out)
    for board, count in reopening_starts(4):
        ok, out = run(capsys, "08.3", (board, count))
        assert ok, (board, count, out)
        ok, out = run(capsys, "08.3", (board, count + 1))
        assert not ok and "count is not right" in out


def test_wrong_answers_get_fitting_hints_08_3(capsys):
    calm = Board([[1, 2, 3], [4, 5, 0], [7, 8, 6]])
    cases = [((calm, 1), "expands every board once"), ((REOPEN, 2), "count is not right"),
             ((REOPEN, 0), "count is not right"),
             ((Board([[1, 2, 3], [4, 5, 6], [8, 7, 0]]), 1), "cannot reach the goal"),
             ((Board.goal(2, 3), 1), "built for the 3 x 3 goal")]
    for answer, words in cases:
        ok, out = run(capsys, "08.3", answer)
        assert not ok and words in out, (answer, out)
        never_shown(out, REOPEN)
        assert " 3 " not in out.replace("3 x 3", "")
    for answer in [(REOPEN, True), (3, REOPEN), [REOPEN, 3, 1], REOPEN]:
        ok, out = run(capsys, "08.3", answer)
        assert not ok
    hint("08.3")
    never_shown(capsys.readouterr().out, REOPEN)
