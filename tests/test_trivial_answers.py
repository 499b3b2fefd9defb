"""Issue 47, item 2: points that mean something.

A write-a-function exercise is graded by its hidden steps (:func:`puzzlelib.course.exercises.grading.grade`).
An answer that does no work at all (a constant, the identity, a function that hands back the goal board)
must score at most 10 % of the points of every function exercise, while the reference solution keeps
full marks.
"""

from __future__ import annotations

import inspect

import pytest

from puzzlelib import Board
from puzzlelib.course.exercises import EXERCISES
from puzzlelib.course.exercises.grading import POINTS, grade

FUNCTION_EXERCISES = [k for k, ex in EXERCISES.items() if ex.kind == "function"]

CONSTANTS = (0, 1, 1000, None, False, True, (), [])


def _constant(value):
    def answer(*args):
        return value
    answer.__name__ = f"constant_{value!r}"
    return answer


def _identity(*args):
    return args[0]


def _goal_of_first_board(*args):
    board = args[0]
    return Board.goal(board.rows, board.cols)


def _second_argument(*args):
    return args[1]


def _goal_of_shape(rows, cols, *rest):
    return Board.goal(rows, cols)


def _parameters(exercise_id) -> list[str]:
    return list(inspect.signature(EXERCISES[exercise_id].solution()).parameters)


def trivial_answers(exercise_id):
    """(name, function) for every trivial answer that fits the exercise's signature."""
    answers = [(f"constant {value!r}", _constant(value)) for value in CONSTANTS]
    answers.append(("identity", _identity))
    params = _parameters(exercise_id)
    if params[:2] == ["rows", "cols"]:                       # it builds a board
        answers.append(("the goal board", _goal_of_shape))
    elif params and params[0] in ("board", "start"):          # it receives boards
        answers.append(("the goal board of the first board's shape", _goal_of_first_board))
        if len(params) > 1 and params[1] == "goal":
            answers.append(("the goal argument", _second_argument))
    return answers


def test_every_function_exercise_is_covered():
    assert {"01.4", "01.5", "02.4", "03.6", "03.7", "05.5", "07.4", "08.2", "08.4", "08.6", "08.7"} <= set(FUNCTION_EXERCISES)
    for exercise_id in ("02.4", "03.7", "05.5", "08.2", "08.4", "08.6"):  # these get a goal-board answer too
        assert any("goal" in name for name, _ in trivial_answers(exercise_id)), exercise_id


@pytest.mark.parametrize("exercise_id", FUNCTION_EXERCISES)
def test_trivial_answers_score_at_most_a_tenth(exercise_id, capsys):
    points = POINTS[EXERCISES[exercise_id].level]
    scores = {}
    for name, answer in trivial_answers(exercise_id):
        scores[name] = grade(exercise_id, answer, points=points)
    capsys.readouterr()
    too_much = {name: score for name, score in scores.items() if score > 0.1 * points}
    assert not too_much, f"exercise {exercise_id} ({points} points): {too_much}"


@pytest.mark.parametrize("exercise_id", FUNCTION_EXERCISES)
def test_the_reference_solution_keeps_full_marks(exercise_id, capsys):
    points = POINTS[EXERCISES[exercise_id].level]
    assert grade(exercise_id, EXERCISES[exercise_id].solution(), points=points) == points
    assert "correct" in capsys.readouterr().out


# --- what still earns part of the points ---------------------------------------------------------------

def _manhattan(board):
    """Manhattan distance to the usual goal, written out (puzzlelib's own may not be called by an answer)."""
    total = 0
    for cell, tile in enumerate(board.tiles):
        if tile:
            home = tile - 1
            total += abs(cell // board.cols - home // board.cols) + abs(cell % board.cols - home % board.cols)
    return total


def _linear_conflict_plus_misplaced(board):
    """Overestimates (a tile next to its cell counts twice), but is 0 at the goal and never below linear conflict."""
    extra = 0
    lines = [[(t - 1) % board.cols for t in board.tiles[r * board.cols:(r + 1) * board.cols]
              if t and (t - 1) // board.cols == r] for r in range(board.rows)]
    lines += [[(t - 1) // board.cols for t in board.tiles[c::board.cols] if t and (t - 1) % board.cols == c]
              for c in range(board.cols)]
    for line in lines:                   # the tiles outside a longest run in goal order must step out
        longest = [1] * len(line)
        for i in range(len(line)):
            longest[i] += max((longest[j] for j in range(i) if line[j] < line[i]), default=0)
        extra += len(line) - max(longest, default=0)
    misplaced = sum(1 for cell, tile in enumerate(board.tiles) if tile and tile != cell + 1)
    return _manhattan(board) + 2 * extra + misplaced


def test_an_informative_heuristic_keeps_the_points_of_the_steps_it_passes(capsys):
    points = POINTS[EXERCISES["08.2"].level]
    # 0 at the goal (weight 1) and strong (weight 2) out of 7; it is neither admissible nor consistent
    assert grade("08.2", _linear_conflict_plus_misplaced, points=points) == pytest.approx(points * 3 / 7, abs=1e-3)
    out = capsys.readouterr().out
    assert "overestimates" in out


@pytest.mark.parametrize("weak", [lambda board: 0 if board == Board.goal(board.rows, board.cols) else 1, _manhattan],
                         ids=["below misplaced", "Manhattan"])
def test_a_weak_but_admissible_heuristic_earns_nothing(weak, capsys):
    assert grade("08.2", weak, points=POINTS[EXERCISES["08.2"].level]) == 0
    assert "not yet (0 of" in capsys.readouterr().out


def test_a_random_walk_keeps_the_points_of_valid_repeatable_boards(capsys):
    from puzzlelib.course.exercises.nb05_experiments import _walk_puzzle
    # a walk of 31 moves: valid and varied (weight 2), repeatable (1) and its blank's cell uniform (2) out of 9;
    # the boards and the tiles' cells are not uniform
    assert grade("05.5", _walk_puzzle, points=3) == pytest.approx(3 * 5 / 9, abs=1e-3)
    assert "far from uniform" in capsys.readouterr().out


def test_a_step_counts_only_with_the_steps_it_needs():
    from types import SimpleNamespace

    from puzzlelib.course.exercises.engine import _call, _Fail, _Step
    from puzzlelib.course.exercises.grading import _grade_function

    def anything(fn):                    # any function passes
        _call(fn, (1,), "f(1)")

    def doubles(fn):                     # only a function that does the work passes
        if _call(fn, (1,), "f(1)") != 2:
            raise _Fail("f(1) is wrong")

    ex = SimpleNamespace(id="99.1", function="f", library=(),
                         steps=lambda: [_Step(anything, 3, needs=(doubles,)), _Step(doubles, 1)])
    assert _grade_function(ex, lambda x: 2 * x, points=4)[0] == 4
    assert _grade_function(ex, lambda x: 0, points=4)[0] == 0        # passes `anything` alone: no points
    with pytest.raises(TypeError, match="needs"):
        _Step(anything, 1, needs=doubles)                             # a tuple, not one function
