"""Grading homework with nbgrader: the score of one answer, for an autograded test cell.

``make homework`` builds an nbgrader course (``build/homework/``) whose hidden test cells end with
``grade("01.4", key_of, points=1)``. nbgrader reads a number left as a test cell's result as partial
credit, so :func:`grade` returns the score, from 0 to ``points``:

* a value exercise: all the points when the answer is right, compared as a plain value (an ``int``
  subclass that claims to equal everything gets 0), else 0;
* a function exercise: its hidden test steps, each under its time limit, with the student's function
  in a sandbox on Linux (see :mod:`puzzlelib.course.exercises.sandbox`: only its returned values come back,
  and they are judged here, so it can't forge a pass or reach the grading kernel); the points are shared among the steps by their weight, so
  a function right on some kinds of input gets part of them. A step that a trivial answer passes (a
  heuristic that is always 0 is admissible) names the steps it ``needs``, and earns its weight only when
  those pass too. After a step that runs out of time the rest are not run (an endless loop would only
  lose more time): they score 0.

It prints one line per exercise that says what was found, never the expected value, and it prints
nothing to stderr (nbgrader gives 0 to a test cell that writes there), so warnings are silenced.

>>> grade("00.0", 4, points=1)
exercise 00.0: correct, 1 of 1 point
1.0
>>> grade("00.0", 2, points=2)
exercise 00.0: not yet (0 of 2 points): a move carries the blank one cell up, down, left or right, never
diagonally.
0.0
"""

from __future__ import annotations

import numbers
import warnings

from puzzlelib.course.exercises.engine import EXERCISES, Exercise, _borrowed_name, _id, _step_results, _value_problem, _borrowed_problem

__all__ = ["grade", "score_answer", "verdict_line", "POINTS"]

POINTS = {"warm-up": 1, "core": 2, "challenge": 3}
"""Points of a homework exercise by its level: warm-up 1, core 2, challenge 3."""


def _points_text(score: float, points: float) -> str:
    def show(x):
        return f"{x:g}"
    return f"{show(score)} of {show(points)} point{'' if points == 1 else 's'}"


def grade(exercise_id: str, answer, points: float) -> float:
    """Score ``answer`` to exercise ``exercise_id`` out of ``points``; print what was found.

    ``answer`` is the value or the function the student wrote. Returns a float from 0 to
    ``points``. An unknown id raises ValueError; ``points`` must be a positive number.

    >>> grade("03.6", lambda tiles: 0, points=1)
    exercise 03.6: not yet (0 of 1 point): count_inversions((2, 1, 3, 4, 5, 0)) returned 0; that is not its number of inversions
    0.0
    """
    ex = EXERCISES[_id(exercise_id)]
    _check_exercise_and_points(ex, points)
    points = float(points)
    score, problems = score_answer(ex, answer, points)
    print(verdict_line(ex, score, points, problems))
    return round(score, 3)


def score_answer(ex, answer, points: float) -> tuple[float, list[str]]:
    """``(score, problems)`` of ``answer`` to the exercise ``ex``: the score from 0 to ``points``, and
    the "not yet" messages (none when it is right). ``answer`` may be a
    :class:`~puzzlelib.course.exercises.sandbox.Program` (the judge's: cells that define it).

    >>> score_answer(EXERCISES["00.0"], 4, 2.0)
    (2.0, [])
    """
    from puzzlelib.course.exercises.sandbox import Program
    _check_exercise_and_points(ex, points)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # anything on stderr costs the whole cell in nbgrader
        if answer is ...:
            return 0.0, ["not answered (the answer is still ...)"]
        if ex.kind == "value":
            problem = _value_problem(ex, answer)
            return (points, []) if problem is None else (0.0, [problem])
        if isinstance(answer, Program) or (callable(answer) and not isinstance(answer, type)):
            return _grade_function(ex, answer, points)
        return 0.0, [f"this exercise asks for the function {ex.function}, got {type(answer).__name__}"]


def verdict_line(ex, score: float, points: float, problems: list[str]) -> str:
    """The one line a graded exercise prints: "correct, ..." or "not yet (...): the first problem".

    >>> verdict_line(EXERCISES["00.0"], 0.0, 1.0, ["a string where a number is expected"])
    'exercise 00.0: not yet (0 of 1 point): a string where a number is expected'
    """
    _check_exercise_and_points(ex, points)
    if not isinstance(score, numbers.Real) or not isinstance(problems, list):
        raise TypeError(f"score is a number and problems a list of strings, got {type(score).__name__} and "
                        f"{type(problems).__name__}")
    if not problems:
        return f"exercise {ex.id}: correct, {_points_text(score, points)}"
    first = problems[0] if len(problems) == 1 else f"{problems[0]} (and {len(problems) - 1} more)"
    return f"exercise {ex.id}: not yet ({_points_text(score, points)}): {first}"


def _check_exercise_and_points(ex, points) -> None:
    """The one check of ``ex`` and ``points`` that grade, score_answer and verdict_line share."""
    if not isinstance(ex, Exercise):
        raise TypeError(f"ex is an Exercise (EXERCISES['03.6'], say), got {type(ex).__name__}")
    if isinstance(points, bool) or not isinstance(points, numbers.Real) or not 0 < points <= 1000:
        raise ValueError(f"points must be a number from 0 (excluded) to 1000, got a {type(points).__name__}")


def _grade_function(ex, fn, points: float) -> tuple[float, list[str]]:
    borrowed = _borrowed_name(ex, fn)
    if borrowed:                                 # it hands the work to puzzlelib: no credit for the steps
        return 0.0, [_borrowed_problem(ex, borrowed)]
    steps = ex.steps()
    total = sum(step.weight for step in steps)
    passed: list = []
    problems: list[str] = []
    results = _step_results(ex, fn)
    for step, problem, too_slow in results:
        if problem is None:
            passed.append(step)
            continue
        problems.append(problem)
        if too_slow:                             # an endless loop: don't spend the other steps' time on it
            results.close()
            break
    runs = {step.run for step in passed}
    earned = sum(step.weight for step in passed if runs.issuperset(step.needs))   # a step counts with its needs
    return points * earned / total, problems
