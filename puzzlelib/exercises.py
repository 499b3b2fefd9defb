"""Exercises that check themselves without giving the answer away.

Every exercise of the notebooks has an id ``"NN.K"``: notebook ``NN``,
exercise ``K``. The registry :data:`EXERCISES` holds, for each, a title, a
level (``"warm-up"``, ``"core"`` or ``"challenge"``), an estimated time in
minutes and a kind:

* ``"value"``: the student computes a number, a tuple, a set... The expected
  value is computed by puzzlelib when it is first needed, never written in
  the notebook.
* ``"function"``: the student writes a function (``rank_of(tiles)``,
  ``bfs_path(start, goal)``...). :func:`check` runs it on hidden cases, edge
  cases included, each under a time limit (:data:`SECONDS_PER_CASE`), and
  reports the first input it gets wrong, without the right output.

Four functions make the notebook interface:

* :func:`check` prints ``correct`` with a one-line reason, or ``not yet`` with
  a hint that fits the mistake when the mistake can be foreseen (counted the
  blank, off by one, a bool where a number belongs...). It never prints the
  expected value. It also returns True or False.
* :func:`hint` prints an exercise's general hint.
* :func:`reveal` prints, clearly labelled, the answer (or a reference
  solution) and returns it.
* :func:`exercises` lists the exercises of one notebook or of all.

>>> check("00.0", ...)
not answered yet: replace ... with your answer
False
>>> check("00.0", "4")
not yet: a string where a number is expected: write the number without quotes.
(more help: hint("00.0"); to give up: reveal("00.0"))
False
"""

from __future__ import annotations

import copy
import math
import numbers
import os
import random
import re
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .board import Board

LEVELS = ("warm-up", "core", "challenge")
"""The levels of difficulty, easiest first."""

KINDS = ("value", "function")
"""What the student hands in: a value, or a function that :func:`check` runs on hidden cases."""

SECONDS_PER_CASE = 5.0
"""Time limit for one hidden test case of a function exercise (a group of many small calls gets twice this)."""

_ID = re.compile(r"^\s*(\d{1,2})\.(\d{1,2})\s*$")

NO_SOLUTIONS_FILE = ".no-solutions"
"""A file of this name in the working folder (the student edition has one beside its notebooks),
or the environment variable ``PUZZLELIB_NO_SOLUTIONS=1``, turns :func:`reveal` off."""


def _solutions_withheld() -> bool:
    return os.environ.get("PUZZLELIB_NO_SOLUTIONS", "") not in ("", "0") or os.path.exists(NO_SOLUTIONS_FILE)


# --- the records --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Mistake:
    """A foreseeable wrong answer and the hint that fits it.

    ``example`` is a function returning one answer with this mistake (for a
    function exercise, a flawed function); it is called only when needed.
    A value answer has the mistake when it equals ``example()``, or, if
    ``matches`` is given, when ``matches(answer)`` is true. For a function
    exercise the hidden cases diagnose the mistake and print ``hint``.

    >>> m = Mistake(example=lambda: 22, hint="ranks start at 0, not 1")
    >>> m.example(), m.hint
    (22, 'ranks start at 0, not 1')
    """

    example: Callable[[], object]
    hint: str
    matches: Callable[[object], bool] | None = None

    def __post_init__(self):
        if not callable(self.example):
            raise TypeError(f"example must be a function that returns a wrong answer, got {_type(self.example)}")
        if not isinstance(self.hint, str) or not self.hint.strip():
            raise TypeError("hint must be a non-empty string")
        if self.matches is not None and not callable(self.matches):
            raise TypeError(f"matches must be a function or None, got {_type(self.matches)}")


@dataclass(frozen=True)
class Exercise:
    """One exercise: what it is called, how hard, how long, and how to check it.

    ``solution`` computes the expected value (a value exercise) or returns a
    reference implementation (a function exercise); ``source`` is that
    implementation's code, which :func:`reveal` prints. ``steps`` builds the
    hidden test steps of a function exercise. Use :func:`check`, :func:`hint`
    and :func:`reveal` rather than these fields.

    >>> ex = EXERCISES["03.1"]
    >>> ex.title, ex.level, ex.minutes, ex.kind
    ('Count the inversions', 'warm-up', 5, 'value')
    """

    id: str
    title: str
    level: str
    minutes: int
    kind: str
    solution: Callable[[], object]
    hint: str
    why: str
    mistakes: tuple = ()
    normalize: Callable[[object], object] | None = None
    steps: Callable[[], list] | None = None
    function: str = ""
    source: str = ""

    def __post_init__(self):
        if not isinstance(self.id, str) or not re.fullmatch(r"\d\d\.\d{1,2}", self.id):
            raise ValueError(f"an exercise id looks like '03.2', got {self.id!r}")
        for name in ("title", "hint", "why"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name).strip():
                raise TypeError(f"{name} must be a non-empty string")
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}, got {self.level!r}")
        if isinstance(self.minutes, bool) or not isinstance(self.minutes, int) or not 1 <= self.minutes <= 240:
            raise ValueError(f"minutes must be a whole number from 1 to 240, got {self.minutes!r}")
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {self.kind!r}")
        if not callable(self.solution):
            raise TypeError("solution must be a function")
        if not isinstance(self.mistakes, tuple) or not all(isinstance(m, Mistake) for m in self.mistakes):
            raise TypeError("mistakes must be a tuple of Mistake")
        if self.normalize is not None and not callable(self.normalize):
            raise TypeError("normalize must be a function or None")
        if self.kind == "function":
            if not callable(self.steps):
                raise TypeError("a function exercise needs steps, a function that builds its test steps")
            if not isinstance(self.function, str) or not self.function.isidentifier():
                raise TypeError("a function exercise needs the name of the function the student writes")
            if not isinstance(self.source, str) or f"def {self.function}(" not in self.source:
                raise TypeError("a function exercise needs the source of a reference implementation")


@dataclass(frozen=True)
class _Step:
    """A hidden test step of a function exercise: ``run(fn)`` raises _Fail at the first problem."""

    run: Callable
    weight: float = 1.0


class _Fail(Exception):
    """A step found the student's function wrong; the message says where, never the right output."""


class _TooSlow(BaseException):
    """Raised by the alarm; a BaseException, so ``except Exception`` in student code cannot swallow it."""


EXERCISES: dict[str, Exercise] = {}
"""Every exercise, by id ("03.2": notebook 03, exercise 2), in notebook order."""

_SOLUTIONS: dict[str, object] = {}


def _register(**fields) -> Exercise:
    ex = Exercise(**fields)
    if ex.id in EXERCISES:
        raise ValueError(f"exercise {ex.id} is registered twice")
    EXERCISES[ex.id] = ex
    return ex


# --- small helpers ------------------------------------------------------------------------------

def _type(x) -> str:
    return type(x).__name__


def _a(x) -> str:
    """'a list', 'an int': the type of ``x`` with its article."""
    name = _type(x)
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _short(x, limit: int = 100) -> str:
    try:
        text = repr(x)
    except Exception:  # noqa: BLE001  (a student's object whose repr fails)
        text = f"<a {_type(x)} that cannot be shown>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _is_bool(x) -> bool:
    return isinstance(x, (bool, np.bool_))


def _is_number(x) -> bool:
    return isinstance(x, numbers.Real) and not _is_bool(x)


def _family(x):
    if _is_bool(x):
        return "bool"
    if _is_number(x):
        return "number"
    for kind in (Board, str, tuple, list, dict):
        if isinstance(x, kind):
            return kind.__name__
    if isinstance(x, (set, frozenset)):
        return "set"
    return None


def _equal(a, b) -> bool:
    """Equal and of the same family: a bool never equals a number, a list never a tuple."""
    fa, fb = _family(a), _family(b)
    if fa is None or fa != fb:
        return False
    try:
        if fa == "number":
            return bool(a == b)
        if fa == "bool":
            return bool(a) == bool(b)
        same = a == b
        return same is True or (isinstance(same, bool) and same)
    except Exception:  # noqa: BLE001  (an answer whose == misbehaves is simply not equal)
        return False


def _id(exercise_id) -> str:
    """The canonical id ('3.2' -> '03.2'), or TypeError/ValueError naming the known ids."""
    if not isinstance(exercise_id, str):
        raise TypeError(f"an exercise id is a string like '03.2', got {_short(exercise_id, 40)} "
                        f"of type {_type(exercise_id)}")
    m = _ID.match(exercise_id)
    if not m:
        raise ValueError(f"an exercise id looks like '03.2' (notebook 03, exercise 2), got "
                         f"{_short(exercise_id, 40)}; notebooks with exercises: {', '.join(_notebooks())}")
    key = f"{int(m.group(1)):02d}.{int(m.group(2))}"
    if key not in EXERCISES:
        notebook = key[:2]
        known = [k for k in EXERCISES if k[:2] == notebook]
        if known:
            raise ValueError(f"there is no exercise {key}; notebook {notebook} has {', '.join(known)}")
        raise ValueError(f"there is no exercise {key}: notebook {notebook} has no exercises; "
                         f"notebooks with exercises: {', '.join(_notebooks())}")
    return key


def _notebooks() -> list[str]:
    return sorted({k[:2] for k in EXERCISES})


def _expected(ex: Exercise):
    key = ("solution", ex.id)
    if key not in _SOLUTIONS:
        _SOLUTIONS[key] = ex.solution()
    return _SOLUTIONS[key]


def _example(ex: Exercise, i: int):
    key = ("mistake", ex.id, i)
    if key not in _SOLUTIONS:
        _SOLUTIONS[key] = ex.mistakes[i].example()
    return _SOLUTIONS[key]


def _more(ex: Exercise) -> str:
    if _solutions_withheld():
        return f'(more help: hint("{ex.id}"))'
    return f'(more help: hint("{ex.id}"); to give up: reveal("{ex.id}"))'


# --- the public interface -----------------------------------------------------------------------

def check(exercise_id: str, answer) -> bool:
    """Check an answer to exercise ``exercise_id``; print ``correct`` or ``not yet`` with a hint.

    It never prints the expected value. For a value exercise, a mistake that
    can be foreseen gets its own hint; a bool is never accepted as a number.
    For a function exercise, pass the function itself: it runs on hidden
    cases, each under a time limit, and the first input it gets wrong is
    reported, without the right output. A function exercise given something
    that is not a function raises TypeError; an unknown id raises ValueError.
    Returns True when the answer is right.

    >>> check("00.0", 2 + 2)
    correct: 2 + 2 is 4, in any notation.
    True
    >>> check("00.0", True)
    not yet: a bool (True or False) where a number is expected. Python lets a bool stand in for a
    number, but it is not one: write the number itself.
    (more help: hint("00.0"); to give up: reveal("00.0"))
    False
    >>> check("03.9", 6)
    Traceback (most recent call last):
    ...
    ValueError: there is no exercise 03.9; notebook 03 has 03.1, 03.2, 03.3, 03.4, 03.5
    """
    ex = EXERCISES[_id(exercise_id)]
    if answer is ...:
        print("not answered yet: replace ... with your answer")
        return False
    if ex.kind == "function":
        return _check_function(ex, answer)
    return _check_value(ex, answer)


def hint(exercise_id: str) -> None:
    """Print the general hint of an exercise (it never gives the answer).

    >>> hint("03.1")
    Hint for exercise 03.1 (Count the inversions): read the tiles row by row and skip the blank;
    for each tile, count the smaller tiles that come after it, and add up.
    """
    ex = EXERCISES[_id(exercise_id)]
    print(f"Hint for exercise {ex.id} ({ex.title}): {ex.hint}")


def reveal(exercise_id: str):
    """Print the answer to an exercise, clearly labelled, and return it.

    For a function exercise it prints a reference implementation and returns
    that function. In the student edition (a ``.no-solutions`` file beside the
    notebooks, or ``PUZZLELIB_NO_SOLUTIONS=1``) it says so and returns None.

    >>> reveal("00.0")
    Revealing the answer to exercise 00.0: 4
    4
    """
    ex = EXERCISES[_id(exercise_id)]
    if _solutions_withheld():
        print(f"Exercise {ex.id} ({ex.title}): solutions are not part of this edition. "
              f'Try hint("{ex.id}"), or ask your teacher.')
        return None
    value = _expected(ex)
    if ex.kind == "value":
        value = copy.deepcopy(value)           # the caller may change it; the stored answer must not change
    if ex.kind == "function":
        print(f"Revealing the answer to exercise {ex.id}: a reference solution ({ex.title})\n\n{ex.source}")
    else:
        print(f"Revealing the answer to exercise {ex.id}: {_show(value)}")
    return value


def exercises(notebook=None) -> list[str]:
    """List the exercises (of one notebook, or of all): id, level, minutes, kind and title.

    ``notebook`` is a number (3) or a string ("03"). Returns the ids.

    >>> ids = exercises(4)
    id    level      min  kind      title
    04.1  core         5  value     Components of the 1 x 5 board
    04.2  warm-up      3  value     Which goal can it reach?
    04.3  core         5  value     The size of a component
    04.4  warm-up      5  value     The 2 x 2 lemma, step 1: the boards of the 2 x 2 puzzle
    04.5  core        10  value     The 2 x 2 lemma, step 2: turning the block
    >>> ids[0]
    '04.1'
    """
    if notebook is None:
        ids = list(EXERCISES)
    else:
        if _is_bool(notebook) or not isinstance(notebook, (int, str)):
            raise TypeError(f"notebook must be a number like 3 or a string like '03', got {_short(notebook, 40)}")
        text = str(notebook).strip()
        if not re.fullmatch(r"\d{1,2}", text):
            raise ValueError(f"notebook must be a number from 0 to 99, got {_short(notebook, 40)}")
        ids = [k for k in EXERCISES if k[:2] == f"{int(text):02d}"]
        if not ids:
            raise ValueError(f"notebook {int(text):02d} has no exercises; notebooks with exercises: "
                             f"{', '.join(_notebooks())}")
    print(f"{'id':<5} {'level':<10} {'min':>3}  {'kind':<9} title")
    for k in ids:
        ex = EXERCISES[k]
        print(f"{ex.id:<5} {ex.level:<10} {ex.minutes:>3}  {ex.kind:<9} {ex.title}")
    return ids


# --- checking a value ---------------------------------------------------------------------------

def _show(value) -> str:
    if isinstance(value, Board):
        return f"{value!r}\n{value}"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(map(repr, sorted(value))) + "}"
    return repr(value)


def _check_value(ex: Exercise, answer) -> bool:
    expected = _expected(ex)
    given = answer
    if ex.normalize is not None:
        try:
            given = ex.normalize(answer)
        except Exception:  # noqa: BLE001  (a normaliser never turns a bad answer into a crash)
            given = answer
    if _equal(given, expected):
        print(f"correct: {ex.why}")
        return True
    print("not yet: " + _diagnose(ex, answer, given, expected))
    print(_more(ex))
    return False


def _diagnose(ex: Exercise, answer, given, expected) -> str:
    """The hint for a wrong value answer: the most specific one that fits; never the expected value."""
    want = _family(expected)
    if answer is None:
        return ("your answer is None. Did you forget to set it, or does the code that computes it "
                "return nothing?")
    if _is_bool(answer) and want == "number":
        return ("a bool (True or False) where a number is expected. Python lets a bool stand in for a "
                "number, but it is not one: write the number itself.")
    for i, m in enumerate(ex.mistakes):
        try:
            hit = m.matches(answer) if m.matches is not None else (
                _equal(given, _example(ex, i)) or _equal(answer, _example(ex, i)))
        except Exception:  # noqa: BLE001
            hit = False
        if hit:
            return m.hint
    return _type_hint(answer, want) or ex.hint


def _type_hint(answer, want) -> str | None:
    """A hint when the answer is the wrong kind of thing; None when the kind is right."""
    got = _family(answer)
    if callable(answer) and not isinstance(answer, Board):
        return "that is a function, not its result: call it, with its arguments in brackets."
    if want == "number":
        if got == "str":
            return "a string where a number is expected: write the number without quotes."
        if got == "number":
            if isinstance(answer, float) and not math.isfinite(answer):
                return "that is not a finite number."
            return None
        return f"{_a(answer)} where a number is expected."
    if want == "bool":
        if got == "str":
            return "a string where a bool is expected: write it without quotes."
        if got == "number":
            return "a number where a yes-or-no answer is expected: give a bool, not a number."
        return None if got == "bool" else f"{_a(answer)} where a bool (a yes-or-no value) is expected."
    if want == "tuple":
        if got == "list":
            return "a list where a tuple is expected: use round brackets, ( ... ), or tuple(your_list)."
        if got == "Board":
            return "a Board where a tuple of tiles is expected: give board.tiles."
        if got == "str":
            return "a string where a tuple is expected: give the numbers themselves, in round brackets."
        return None if got == "tuple" else f"{_a(answer)} where a tuple is expected."
    if want == "set":
        if got in ("list", "tuple"):
            return f"a {got} where a set is expected: use curly brackets, {{ ... }}, or set(...)."
        if got == "dict":
            return "a dict where a set is expected: a set has curly brackets but no colons."
        return None if got == "set" else f"{_a(answer)} where a set is expected."
    if want == "list":
        if got in ("tuple", "set"):
            return f"a {got} where a list is expected: use square brackets, [ ... ]."
        return None if got == "list" else f"{_a(answer)} where a list is expected."
    if want == "Board":
        if got in ("tuple", "list"):
            return (f"a {got} where a Board is expected: slide tiles on the board itself "
                    "(board.slide(tile) returns the new Board).")
        return None if got == "Board" else f"{_a(answer)} where a Board is expected."
    if want == "str":
        if got != "str":
            return f"{_a(answer)} where a string is expected: put your answer in quotes."
        return None
    return None


# --- checking a function ------------------------------------------------------------------------

_CURRENT = [""]


@contextmanager
def _time_limit(seconds: float):
    """Raise _TooSlow in the block after ``seconds`` (SIGALRM; no limit off the main thread or on Windows).

    A timer already running (a test harness's, say) is restored afterwards.
    """
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    state = {"active": True}

    def on_alarm(signum, frame):
        if state["active"]:
            raise _TooSlow()

    old_handler = signal.signal(signal.SIGALRM, on_alarm)
    old_delay, old_interval = signal.setitimer(signal.ITIMER_REAL, seconds, 0.25)
    began = time.monotonic()
    try:
        yield
    finally:
        state["active"] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if old_delay > 0:
            signal.setitimer(signal.ITIMER_REAL, max(old_delay - (time.monotonic() - began), 0.001), old_interval)


def _call(fn, args: tuple, shows: str):
    """Call the student's function; an exception becomes a _Fail naming the input."""
    _CURRENT[0] = shows
    try:
        return fn(*args)
    except _TooSlow:
        raise
    except Exception as err:  # noqa: BLE001  (any error of the student's code is reported, not raised)
        text = str(err)
        text = text if len(text) <= 200 else text[:197] + "..."
        raise _Fail(f"{shows} raised {type(err).__name__}: {text}") from None


def _check_function(ex: Exercise, fn) -> bool:
    if not callable(fn) or isinstance(fn, type):
        raise TypeError(f'exercise {ex.id} asks for a function: write {ex.function}(...) and pass the function '
                        f'itself, check("{ex.id}", {ex.function}), not its result; got {_short(fn, 60)} of type '
                        f"{_type(fn)}")
    steps = ex.steps()                         # hidden data is built here, before any clock starts
    for step in steps:
        limit = SECONDS_PER_CASE * step.weight
        _CURRENT[0] = f"{ex.function}(...)"
        try:
            with _time_limit(limit):
                step.run(fn)
        except _TooSlow:
            print(f"not yet: {_CURRENT[0]} took longer than {limit:g} s, the time limit for this test. "
                  "Look for a loop that never ends, or work repeated inside a loop.")
            print(_more(ex))
            return False
        except _Fail as fail:
            print(f"not yet: {fail}")
            print(_more(ex))
            return False
    print(f"correct: {ex.why}")
    return True


def _fail(call: str, got, problem: str, tip: str | None = None):
    text = f"{call} returned {_short(got)}; {problem}"
    if tip:
        text += f"\nhint: {tip}"
    raise _Fail(text)


def _whole(call: str, got) -> int:
    if _is_bool(got) or not isinstance(got, numbers.Integral):
        _fail(call, got, "it should return a whole number (an int)",
              "a bool is not a number here" if _is_bool(got) else None)
    return int(got)


def _verdict(call: str, got) -> bool:
    if not _is_bool(got):
        _fail(call, got, f"it should return a bool (a yes-or-no value), not {_a(got)}",
              "return the comparison itself, e.g. return parity == 0")
    return bool(got)


# --- the reference solutions (printed by reveal) -------------------------------------------------

_REFERENCE = {
    "key_of": '''\
def key_of(tiles):
    """The tiles read as the digits of a base-len(tiles) number, the first tile the most significant."""
    base = len(tiles)
    key = 0
    for tile in tiles:
        key = key * base + tile
    return key
''',
    "pack_word": '''\
def pack_word(tiles):
    """A board as one 64-bit word: tile of cell i at bit 4 + 4i, the blank's cell in the top 4 bits."""
    word = tiles.index(0) << 60
    for i, tile in enumerate(tiles):
        word |= tile << (4 + 4 * i)
    return word
''',
    "rank_of": '''\
def rank_of(tiles):
    """The Lehmer rank: for each position, the smaller tiles later on, times (k - 1 - i)!."""
    from math import factorial
    k = len(tiles)
    rank = 0
    for i, t in enumerate(tiles):
        smaller_after = sum(1 for u in tiles[i + 1:] if u < t)
        rank += smaller_after * factorial(k - 1 - i)
    return rank
''',
    "bfs_path": '''\
def bfs_path(start, goal):
    """A shortest list of boards from start to goal (both included), or None if there is none."""
    from collections import deque
    parent = {start: None}              # every board seen, and the board it was reached from
    queue = deque([start])
    while queue:
        board = queue.popleft()
        if board == goal:               # walk the parent pointers back to the start
            path = []
            while board is not None:
                path.append(board)
                board = parent[board]
            return path[::-1]
        for nxt in board.neighbors():
            if nxt not in parent:
                parent[nxt] = board
                queue.append(nxt)
    return None                         # the whole component searched: the goal is not in it
''',
    "count_inversions": '''\
def count_inversions(tiles):
    """Pairs of tiles in the wrong order, reading row by row; the blank (0) is skipped."""
    seq = [t for t in tiles if t != 0]
    return sum(1 for i, a in enumerate(seq) for b in seq[i + 1:] if a > b)
''',
    "solvable": '''\
def solvable(board):
    """Can board reach the usual goal (blank last)? The width rule, for at least 2 rows and 2 columns."""
    seq = [t for t in board.tiles if t != 0]
    inversions = sum(1 for i, a in enumerate(seq) for b in seq[i + 1:] if a > b)
    if board.cols % 2 == 1:                         # odd width: a move keeps the inversion parity
        return inversions % 2 == 0
    row_from_bottom = board.rows - board.blank[0]  # even width: the blank's row counts too
    return (inversions + row_from_bottom) % 2 == 1  # the goal has 0 + 1, odd
''',
    "make_puzzle": '''\
def make_puzzle(rows, cols, rng):
    """A board drawn uniformly from all boards that can reach the usual goal."""
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)                               # every arrangement equally likely
    board = Board.from_tiles(tiles, rows, cols)
    if not is_solvable(board):                       # wrong half: swap two tiles (not the blank)
        i, j = [k for k, t in enumerate(tiles) if t != 0][:2]
        tiles[i], tiles[j] = tiles[j], tiles[i]
        board = Board.from_tiles(tiles, rows, cols)
    return board                                     # each solvable board: 2 shuffles of the same chance
''',
    "heuristic": '''\
def heuristic(board):
    """Manhattan distance to the usual goal: each tile's row and column distance to its cell, blank left out."""
    cols = board.cols
    total = 0
    for i, t in enumerate(board.tiles):
        if t != 0:
            home = t - 1                             # in the usual goal tile t sits in cell t - 1
            total += abs(i // cols - home // cols) + abs(i % cols - home % cols)
    return total
''',
    "stronger": '''\
def stronger(board):
    """Linear conflict: Manhattan, plus 2 moves for each tile that must step out of its goal line."""
    from bisect import bisect_left
    rows, cols, tiles = board.rows, board.cols, board.tiles
    total = 0
    for i, t in enumerate(tiles):
        if t != 0:
            home = t - 1
            total += abs(i // cols - home // cols) + abs(i % cols - home % cols)

    def must_leave(homes):
        # the tiles in a line minus the longest run already in goal order
        run = []
        for h in homes:
            k = bisect_left(run, h)
            run[k:k + 1] = [h]
        return len(homes) - len(run)

    for r in range(rows):
        line = tiles[r * cols:(r + 1) * cols]
        total += 2 * must_leave([(t - 1) % cols for t in line if t != 0 and (t - 1) // cols == r])
    for c in range(cols):
        line = tiles[c::cols]
        total += 2 * must_leave([(t - 1) // cols for t in line if t != 0 and (t - 1) % cols == c])
    return total
''',
}


def _reference(name: str):
    """The reference implementation ``name``, compiled from the source :func:`reveal` prints."""
    from .solvability import is_solvable

    namespace = {"Board": Board, "is_solvable": is_solvable}
    exec(compile(_REFERENCE[name], f"<reference solution {name}>", "exec"), namespace)  # noqa: S102
    return namespace[name]


def _function_exercise(*, id, title, level, minutes, function, hint, why, steps, mistakes=()):
    _register(id=id, title=title, level=level, minutes=minutes, kind="function", function=function,
              source=_REFERENCE[function], solution=lambda: _reference(function), hint=hint, why=why,
              steps=steps, mistakes=tuple(mistakes))


# --- puzzlelib computations shared by the exercises ----------------------------------------------

@lru_cache(maxsize=None)
def _d(board_grid: tuple) -> dict:
    from .search.bfs import distances

    return distances(Board([list(r) for r in board_grid]))


def _dist(goal: Board) -> dict:
    return _d(tuple(map(tuple, goal.grid)))


def _swap_values(board: Board, a: int, b: int) -> Board:
    return Board.from_tiles([b if t == a else a if t == b else t for t in board.tiles], board.rows, board.cols)


def _blank_counted_inversions(tiles) -> int:
    return sum(1 for i, a in enumerate(tiles) for b in tiles[i + 1:] if a > b)


_STARTS_05 = {
    "start1": Board([[13, 2, 10, 3], [1, 12, 8, 4], [5, 0, 9, 6], [15, 14, 11, 7]]),
    "start2": Board([[0, 1, 2, 3], [4, 5, 6, 8], [14, 7, 11, 10], [9, 15, 12, 13]]),
    "start3": Board([[6, 13, 7, 10], [8, 9, 11, 0], [15, 2, 12, 5], [14, 3, 1, 4]]),
    "start4": Board([[3, 9, 1, 15], [14, 11, 4, 6], [13, 0, 10, 12], [2, 7, 8, 5]]),
    "start5": Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]]),
}
"""The five 15-puzzle starts of notebook 05 (a German notebook's ``start1`` ... ``start5``)."""

_GOALS_05 = {
    "upperLeft": Board.goal(4, 4, blank="first"),
    "upperRight": Board([[1, 2, 3, 0], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]),
    "downLeft": Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [0, 13, 14, 15]]),
    "downRight": Board.goal(4, 4),
    "spiral": Board.spiral(4, 4),
}
"""The five goals of notebook 05, by name."""


def _goals_reached(start: Board) -> set:
    from .solvability import is_solvable

    return {name for name, g in _GOALS_05.items() if is_solvable(start, g)}


def _unrounded_b_star() -> float:
    from .search.informed import effective_branching

    return effective_branching(1000, 12)


def _two_decimals(x):
    """The answer to 08.2 on the two-decimal grid: within half a hundredth of b* counts as b* rounded."""
    if _is_number(x) and math.isfinite(x):
        exact = _unrounded_b_star()
        return round(exact, 2) if abs(x - exact) <= 0.005 else round(float(x), 2)
    return x


def _word(mapping: dict):
    def normalize(x):
        if isinstance(x, str):
            return mapping.get(x.strip().lower(), x)
        return x
    return normalize


def _frozen_to_set(x):
    return set(x) if isinstance(x, frozenset) else x


# ==================================================================================================
# Notebook 00: start here
# ==================================================================================================

_ALMOST = Board([[1, 2, 3], [4, 0, 6], [7, 5, 8]])
_SMALL = Board([[4, 1, 2], [5, 0, 3]])
_START_00 = Board([[4, 1, 0], [2, 5, 3], [7, 8, 6]])


def _min_moves(board, goal=None):
    from .search.bfs import min_moves

    return min_moves(board, goal)


_register(
    id="00.0", title="Try the checker: what is two plus two?", level="warm-up", minutes=1, kind="value",
    solution=lambda: 2 + 2,
    hint="add the two numbers; the answer is a number, not text.",
    why="2 + 2 is 4, in any notation.",
    mistakes=(Mistake(lambda: 22, "that is the two digits written side by side, as text does ('2' + '2'); "
                                   "add the numbers instead."),),
)
_register(
    id="00.1", title="Slide two tiles", level="warm-up", minutes=3, kind="value",
    solution=lambda: Board.goal(3, 3),
    hint="the blank is in the centre; which tile must move into it so that a second slide finishes "
         "the board? Give the board you end with, e.g. almost.slide(...).slide(...).",
    why="two slides bring this board to the goal; check it with draw_path(shortest_path(almost)).",
    mistakes=(
        Mistake(lambda: _ALMOST, "that is the board you started with: slide two tiles, "
                                 "almost.slide(a).slide(b)."),
        Mistake(lambda: _ALMOST.slide(5), "one slide done; one more brings it home."),
        Mistake(lambda: Board.goal(3, 3).tiles, "those are a board's tiles, a tuple: give the Board itself."),
    ),
)
_register(
    id="00.2", title="Count the moves", level="warm-up", minutes=3, kind="value",
    solution=lambda: _min_moves(_SMALL),
    hint="move the blank step by step towards the bottom-right corner, putting 1, 2 and 3 in place "
         "on the way; count the slides, not the boards.",
    why="no shorter sequence exists; draw_path(shortest_path(small)) draws these moves.",
    mistakes=(Mistake(lambda: _min_moves(_SMALL) + 1,
                      "that counts the boards along the way, the start included; moves are one fewer."),),
)
_register(
    id="00.3", title="Which tiles can move?", level="warm-up", minutes=2, kind="value",
    solution=lambda: sorted(_START_00.movable_tiles()),
    hint="a tile can slide when it shares a side with the blank (not a corner); give them as a sorted list.",
    why="exactly the tiles that share a side with the blank can slide.",
    mistakes=(
        Mistake(lambda: sorted(_START_00.movable_tiles(), reverse=True), "the right idea; now sort the list."),
        Mistake(lambda: sorted(_START_00.movable_tiles() + [0]), "the blank (0) is not a tile: leave it out."),
        Mistake(lambda: tuple(sorted(_START_00.movable_tiles())), "a tuple where a list is expected: use "
                                                                  "square brackets, [ ... ]."),
    ),
)

# ==================================================================================================
# Notebook 01: states and encoding
# ==================================================================================================

_KEY_BOARD = Board([[4, 1, 2], [5, 0, 3]])
_RANK_BOARD = Board([[3, 1], [2, 0]])


def _to_key(board):
    from .encoding import to_key

    return to_key(board)


def _rank(board):
    from .encoding import rank

    return rank(board)


def _decode_22275():
    from .encoding import from_key

    return from_key(22275, 2, 3).tiles


_register(
    id="01.1", title="A key by hand", level="warm-up", minutes=5, kind="value",
    solution=lambda: _to_key(_KEY_BOARD),
    hint="multiply each tile by its place value (the first tile by the largest, 7776) and add up.",
    why="each tile times its place value, the first tile the most significant digit.",
    mistakes=(
        Mistake(lambda: int("".join(map(str, _KEY_BOARD.tiles))),
                "that is the tiles written as a decimal number; the key is base 6: multiply each tile "
                "by its place value (7776, 1296, ...) and add up."),
        Mistake(lambda: _to_key(Board.from_tiles(_KEY_BOARD.tiles[::-1], 2, 3)),
                "you read the tiles from the wrong end: the first tile (top left) is the most significant "
                "digit, with place value 7776."),
    ),
)
_register(
    id="01.2", title="A rank by hand", level="warm-up", minutes=5, kind="value",
    solution=lambda: _rank(_RANK_BOARD),
    hint="for each position count the smaller tiles that come later; multiply the counts by 3!, 2!, 1!, "
         "0! and add up.",
    why="the later-and-smaller counts are the digits of the rank in the factorial number system.",
    mistakes=(
        Mistake(lambda: _rank(_RANK_BOARD) + 1,
                "off by one: ranks start at 0 (the sorted board (0, 1, 2, 3) has rank 0)."),
        Mistake(lambda: sum(sum(1 for u in _RANK_BOARD.tiles[i + 1:] if u < t)
                            for i, t in enumerate(_RANK_BOARD.tiles)),
                "you added the counts; multiply each by its factorial first (3!, 2!, 1!, 0!)."),
        Mistake(lambda: 23 - _rank(_RANK_BOARD),
                "count the *smaller* tiles that come later, not the larger ones."),
    ),
)
_register(
    id="01.3", title="Decode a key", level="core", minutes=5, kind="value",
    solution=_decode_22275,
    hint="divide by the place values from the largest (7776) down; each quotient is a tile, and you go on "
         "with the remainder. Give the six tiles as a tuple.",
    why="repeated division by the place values gives the base-6 digits, and each of 0..5 appears once.",
    mistakes=(
        Mistake(lambda: list(_decode_22275()),
                "a list where a tuple is expected: use round brackets, ( ... ), or tuple(your_list)."),
        Mistake(lambda: _decode_22275()[::-1],
                "those are the digits least significant first; the first tile is the most significant digit."),
        Mistake(lambda: Board.from_tiles(_decode_22275(), 2, 3),
                "a Board where a tuple of tiles is expected: give board.tiles."),
        Mistake(lambda: (_decode_22275()[:3], _decode_22275()[3:]),
                "give one flat tuple of six tiles in reading order, not a tuple of rows."),
    ),
)


def _shuffled(cases: list, seed: int, sizes) -> list:
    """``cases`` plus one seeded shuffle of ``range(k)`` for each ``k`` in ``sizes``."""
    rng = random.Random(seed)
    for k in sizes:
        t = list(range(k))
        rng.shuffle(t)
        cases.append(tuple(t))
    return cases


def _tiles_steps(function: str, cases, want, wrong: str, tips=()):
    """The one step of a write-a-function exercise that takes a tuple of tiles.

    It calls the student's ``function(tiles)`` on each case and compares the result with
    ``want(tiles)``; at the first difference it fails with ``wrong`` and the tip of the first
    ``(test(tiles, got, want), tip)`` that recognises the mistake.
    """
    def run(fn):
        for tiles in cases:
            call = f"{function}({tiles!r})"
            got = _whole(call, _call(fn, (tiles,), call))
            expected = want(tiles)
            if got != expected:
                tip = next((tip for test, tip in tips if test(tiles, got, expected)), None)
                _fail(call, got, wrong, tip)
    return [_Step(run)]


def _key_steps():
    cases = [(1, 0), (0, 1, 2, 3), (1, 2, 3, 0), (1, 2, 3, 4, 0, 5), (5, 4, 3, 2, 1, 0),
             (8, 7, 6, 5, 4, 3, 2, 1, 0), (0,), tuple(range(1, 16)) + (0,),
             (3, 11, 0, 7, 10, 2, 9, 1, 5, 8, 4, 6)]

    def key(tiles):
        return _to_key(Board.from_tiles(tiles, 1, len(tiles)))

    return _tiles_steps("key_of", cases, key, "that is not its base-len(tiles) key", tips=(
        (lambda tiles, got, want: got == key(tiles[::-1]), _KEY_REVERSED),
        (lambda tiles, got, want: len(tiles) < 10 and got == int("".join(map(str, tiles))), _KEY_BASE),
    ))


_KEY_REVERSED = "read the tiles from the first: the first tile is the most significant digit."
_KEY_BASE = "the base is the number of cells, len(tiles), not 10."

_function_exercise(
    id="01.4", title="Write key_of(tiles): the base-mn key", level="warm-up", minutes=10, function="key_of",
    hint="start with key = 0; for each tile, key = key * base + tile, where base = len(tiles).",
    why="key_of matches to_key on boards from 1 to 16 cells.",
    steps=_key_steps,
    mistakes=(
        Mistake(lambda: (lambda tiles: sum(t * len(tiles) ** i for i, t in enumerate(tiles))), _KEY_REVERSED),
        Mistake(lambda: (lambda tiles: int("".join(map(str, tiles)))), _KEY_BASE),
    ),
)


def _rank_steps():
    from math import factorial

    from .encoding import rank_tiles

    cases = _shuffled([(0, 1, 2), (1, 0, 2), (2, 1, 0), (1, 2, 3, 0), (1, 2, 3, 4, 5, 0), (0,), (1, 0),
                       tuple(range(8, -1, -1)), tuple(range(1, 16)) + (0,)], 14, (5, 9, 12))

    def counts(tiles):
        return [sum(1 for u in tiles[i + 1:] if u < t) for i, t in enumerate(tiles)]

    return _tiles_steps("rank_of", cases, rank_tiles, "that is not its Lehmer rank", tips=(
        (lambda tiles, got, want: got == want + 1, _RANK_FROM_ONE),
        (lambda tiles, got, want: got == sum(counts(tiles)), _RANK_NO_FACTORIALS),
        (lambda tiles, got, want: got == factorial(len(tiles)) - 1 - want, _RANK_LARGER),
        (lambda tiles, got, want: got == sum(c * factorial(len(tiles) - i) for i, c in enumerate(counts(tiles))),
         _RANK_WRONG_FACTORIAL),
    ))


def _pack_steps():
    from .search.frontier import pack

    cases = _shuffled([(1, 0), (1, 2, 3, 0), (0, 1, 2, 3), (1, 2, 3, 4, 5, 0), (1, 2, 3, 4, 0, 5),
                       (8, 7, 6, 5, 4, 3, 2, 1, 0)], 7, (9, 12, 14))
    return _tiles_steps("pack_word", cases, pack, "that is not its packed word", tips=(
        (lambda tiles, got, want: got == want & ~(15 << 60), _PACK_NO_BLANK),
        (lambda tiles, got, want: got == sum(t << (4 * i) for i, t in enumerate(tiles)) | (tiles.index(0) << 60),
         _PACK_NO_MOVE_BITS),
    ))


_PACK_NO_BLANK = "the blank's cell goes in the top 4 bits (bits 60 to 63): add tiles.index(0) << 60."
_PACK_NO_MOVE_BITS = "the low 4 bits are kept for the used-move bits: cell i's tile starts at bit 4 + 4 * i."


_function_exercise(
    id="07.4", title="Write pack_word(tiles): a board as one 64-bit word", level="core", minutes=15,
    function="pack_word",
    hint="start with the blank's cell shifted to bit 60; then for each cell i OR in its tile shifted to bit "
         "4 + 4 * i. The low 4 bits stay 0: they are the used-move bits.",
    why="pack_word gives exactly the engine's word on boards of 2 to 14 cells.",
    steps=_pack_steps,
    mistakes=(
        Mistake(lambda: (lambda tiles: sum(t << (4 + 4 * i) for i, t in enumerate(tiles))), _PACK_NO_BLANK),
        Mistake(lambda: (lambda tiles: sum(t << (4 * i) for i, t in enumerate(tiles)) | (tiles.index(0) << 60)),
                _PACK_NO_MOVE_BITS),
    ),
)


_RANK_FROM_ONE = "off by one: the tiles in sorted order have the smallest rank of all; where do ranks start?"
_RANK_NO_FACTORIALS = "multiply each count by its factorial, (k - 1 - i)! for position i, before adding."
_RANK_LARGER = "count the smaller tiles that come later, not the larger ones."
_RANK_WRONG_FACTORIAL = "position i's count is multiplied by (k - 1 - i)!, the number of orders of the tiles after it."


def _bad_rank(weight):
    def rank_of(tiles):
        from math import factorial
        k = len(tiles)
        return sum(sum(1 for u in tiles[i + 1:] if u < t) * weight(factorial, k, i) for i, t in enumerate(tiles))
    return rank_of


_function_exercise(
    id="01.5", title="Write rank_of(tiles): the Lehmer rank", level="core", minutes=15, function="rank_of",
    hint="for position i, count the smaller tiles after it and multiply by (k - 1 - i)!, where k = len(tiles).",
    why="rank_of matches rank on permutations of 1 to 16 values, in lexicographic order from 0.",
    steps=_rank_steps,
    mistakes=(
        Mistake(lambda: (lambda tiles: _reference("rank_of")(tiles) + 1), _RANK_FROM_ONE),
        Mistake(lambda: _bad_rank(lambda f, k, i: 1), _RANK_NO_FACTORIALS),
        Mistake(lambda: _bad_rank(lambda f, k, i: f(k - i)), _RANK_WRONG_FACTORIAL),
    ),
)

# ==================================================================================================
# Notebook 02: breadth-first search
# ==================================================================================================

_BOARD_02 = Board([[2, 0, 3], [1, 4, 5]])


def _counts(rows, cols):
    from .search.bfs import distance_counts

    return distance_counts(rows, cols)


def _edges_2x3() -> int:
    return sum(len(Board.from_tiles(t, 2, 3).neighbors()) for t in _dist(Board.goal(2, 3))) // 2


_register(
    id="02.1", title="Predict the fewest moves", level="warm-up", minutes=5, kind="value",
    solution=lambda: _min_moves(_BOARD_02),
    hint="move the blank so that 1 and 2 go home first; the answer has the parity of the blank's taxicab "
         "distance to its goal cell.",
    why="a short sequence exists, and the checkerboard argument rules out anything shorter.",
    mistakes=(
        Mistake(lambda: _min_moves(_BOARD_02) + 1,
                "that counts the boards on the path, the start included; count the moves."),
        Mistake(lambda: 2, "that is only the blank's distance to its goal cell: a lower bound, not the answer."),
    ),
)
_register(
    id="02.2", title="Count a layer", level="core", minutes=10, kind="value",
    solution=lambda: _counts(2, 4)[3],
    hint="start from the goal, list the boards one move away, then two, then three, throwing away any "
         "board already listed; count only the last list.",
    why="the boards exactly three moves from the goal: each board of layer two has its own new neighbours.",
    mistakes=(
        Mistake(lambda: sum(_counts(2, 4)[:4]),
                "that counts every board within three moves, the goal included; count only those exactly "
                "three moves away."),
        Mistake(lambda: sum(_counts(2, 4)[1:4]),
                "that counts every board one, two or three moves away; count only those exactly three away."),
        Mistake(lambda: _counts(2, 4)[2], "off by one layer: that is the layer two moves from the goal."),
        Mistake(lambda: _counts(2, 4)[4], "off by one layer: that is the layer four moves from the goal."),
    ),
)
_register(
    id="02.3", title="Count the doors", level="core", minutes=10, kind="value",
    solution=_edges_2x3,
    hint="add up the number of neighbours of every board of the goal's half (group the boards by the "
         "blank's cell), then think about how often each edge was counted.",
    why="every board's neighbours added up count each edge from both of its ends.",
    mistakes=(
        Mistake(lambda: 2 * _edges_2x3(), "that counts each edge twice, once from each end."),
        Mistake(lambda: len(_dist(Board.goal(2, 3))), "that is the number of boards, not of edges."),
        Mistake(lambda: 4 * _edges_2x3(), "that counts both halves of the graph, and each edge from both ends."),
    ),
)


def _path_cases():
    goal23, goal33 = Board.goal(2, 3), Board.goal(3, 3)
    far33 = next(Board.from_tiles(t, 3, 3) for t, d in _dist(goal33).items() if d == 14)
    spiral = Board.spiral(3, 3)
    far_spiral = next(Board.from_tiles(t, 3, 3) for t, d in _dist(spiral).items() if d == 12)
    return [
        (Board([[1, 2, 3], [4, 0, 5]]), goal23),                       # one move
        (Board([[4, 1, 2], [5, 0, 3]]), goal23),                       # five moves
        (goal23, goal23),                                              # start == goal
        (Board([[1, 2, 3], [5, 4, 0]]), goal23),                       # unreachable
        (Board([[0, 1, 2, 3]]), Board.goal(1, 4)),                     # 1 x 4
        (Board([[2, 1, 0]]), Board.goal(1, 3)),                        # 1 x 3, unreachable
        (Board([[0], [1], [2]]), Board([[1], [2], [0]])),              # 3 x 1
        (Board([[4, 1, 2], [5, 0, 3]]), Board.goal(2, 3, blank="first")),  # another goal
        (far_spiral, spiral),                                          # the spiral goal
        (far33, goal33),                                               # 3 x 3, fourteen moves
    ]


def _as_tiles(item, rows, cols):
    if isinstance(item, Board):
        return item.tiles if item.shape == (rows, cols) else None
    if isinstance(item, (tuple, list)) and len(item) == rows * cols and all(
            isinstance(t, numbers.Integral) and not _is_bool(t) for t in item):
        return tuple(int(t) for t in item)
    return None


def _path_steps():
    from .solvability import is_solvable

    cases = _path_cases()

    def run(fn):
        for start, goal in cases:
            call = f"bfs_path({start!r}, {goal!r})"
            got = _call(fn, (start, goal), call)
            reachable = is_solvable(start, goal)
            if got is None:
                if reachable:
                    _fail(call, got, "but this goal can be reached from this start.",
                          _PATH_EMPTY if start == goal else _PATH_NONE)
                continue
            if not isinstance(got, (list, tuple)):
                _fail(call, got, "it should return a list of boards (or of tile tuples), or None.")
            if len(got) == 0:
                _fail(call, got, "an empty list is not a path: a path holds at least the start board.",
                      _PATH_EMPTY if start == goal else _PATH_NO_PATH)
            tiles = [_as_tiles(item, start.rows, start.cols) for item in got]
            for i, t in enumerate(tiles):
                if t is None:
                    _fail(call, got, f"item {i} of your path, {_short(got[i], 60)}, is not a "
                          f"{start.rows} x {start.cols} board or tuple of tiles.")
            if tiles[0] != start.tiles:
                _fail(call, got, "the path should begin with the start board.", _PATH_ENDS)
            for i, (a, b) in enumerate(zip(tiles, tiles[1:])):
                if b not in {n.tiles for n in Board.from_tiles(a, start.rows, start.cols).neighbors()}:
                    _fail(call, got, f"steps {i} and {i + 1} of your path are not one slide apart.", _PATH_JUMP)
            if tiles[-1] != goal.tiles:
                _fail(call, got, "the path should end with the goal board.", _PATH_ENDS)
            if len(tiles) - 1 != _min_moves(start, goal):
                raise _Fail(f"{call} returned a path of {len(tiles) - 1} moves; that is a path, but not one "
                            f"with the fewest moves.\nhint: {_PATH_LONG}")
    return [_Step(run, weight=2)]


_PATH_NONE = "return None only after the whole queue is empty: every board the start can reach was seen."
_PATH_EMPTY = "when the start is the goal, the path is just [start], zero moves."
_PATH_NO_PATH = "when there is no path, return what the exercise asks for (None), not a list."
_PATH_ENDS = "rebuild the path from the goal back to the start through the parent pointers, then reverse it."
_PATH_JUMP = "each board's parent is the board it was found from; store it when the board is first seen."
_PATH_LONG = ("mark a board as seen when it enters the queue and never overwrite its parent, and take boards "
             "from the front of the queue (popleft), not the back.")


def _dfs_like(start, goal):
    """A flawed bfs_path for the tests of the checker: takes boards from the back of the queue (DFS)."""
    parent, stack = {start: None}, [start]
    while stack:
        board = stack.pop()
        if board == goal:
            path = []
            while board is not None:
                path.append(board)
                board = parent[board]
            return path[::-1]
        for nxt in board.neighbors():
            if nxt not in parent:
                parent[nxt] = board
                stack.append(nxt)
    return None


def _shallow_bfs(start, goal):
    """A flawed bfs_path for the tests of the checker: gives up after ten moves."""
    parent, layer = {start: None}, [start]
    for _ in range(11):
        if goal in parent:
            path, board = [], goal
            while board is not None:
                path.append(board)
                board = parent[board]
            return path[::-1]
        nxt = []
        for board in layer:
            for n in board.neighbors():
                if n not in parent:
                    parent[n] = board
                    nxt.append(n)
        layer = nxt
    return None


_function_exercise(
    id="02.4", title="Write bfs_path(start, goal): BFS with parent pointers", level="core", minutes=25,
    function="bfs_path",
    hint="keep a queue of boards and a dict parent[board] = the board it was found from; when the goal "
         "comes out of the queue, follow the parents back to the start and reverse. start and goal are "
         "Boards; board.neighbors() lists the boards one slide away.",
    why="bfs_path returns a shortest path on every hidden case: start == goal, goals that cannot be "
        "reached, 1 x n and n x 1 boards, the blank-first and spiral goals, and a 3 x 3 board.",
    steps=_path_steps,
    mistakes=(
        Mistake(lambda: _dfs_like, _PATH_LONG),
        Mistake(lambda: (lambda start, goal: None if start == goal else _reference("bfs_path")(start, goal)),
                _PATH_EMPTY),
        Mistake(lambda: _shallow_bfs, _PATH_NONE),
    ),
)

# ==================================================================================================
# Notebook 03: solvability
# ==================================================================================================

_EX1_03 = Board([[4, 1, 3], [0, 2, 6], [7, 5, 8]])
_EX2_03 = Board([[3, 1, 2, 4], [5, 6, 7, 8], [9, 10, 0, 11], [13, 14, 15, 12]])
_SHAPES_03 = [(3, 2), (2, 4), (5, 4), (4, 4), (3, 6)]
"""The shapes offered in exercise 03.3."""


def _inversions(board):
    from .solvability import inversions

    return inversions(board)


def _is_solvable(board, goal=None):
    from .solvability import is_solvable

    return is_solvable(board, goal)


def _safe_shapes() -> set:
    """Shapes on which the 1-based row count from the top gives the verdict of the count from the bottom."""
    from .solvability import blank_row_from_bottom

    def with_blank_in_row(rows, cols, r):
        return Board.from_tiles(tuple(range(1, r * cols + 1)) + (0,) + tuple(range(r * cols + 1, rows * cols)),
                                rows, cols)
    return {(rows, cols) for rows, cols in _SHAPES_03
            if all((r + 1) % 2 == blank_row_from_bottom(with_blank_in_row(rows, cols, r)) % 2
                   for r in range(rows))}


_register(
    id="03.1", title="Count the inversions", level="warm-up", minutes=5, kind="value",
    solution=lambda: _inversions(_EX1_03),
    hint="read the tiles row by row and skip the blank; for each tile, count the smaller tiles that come "
         "after it, and add up.",
    why="the pairs out of order, read row by row with the blank skipped.",
    mistakes=(
        Mistake(lambda: _blank_counted_inversions(_EX1_03.tiles),
                "that counts the blank (0) as a tile: skip it, it is in no inversion."),
        Mistake(lambda: math.comb(8, 2) - _inversions(_EX1_03),
                "that counts the pairs in the right order; count the pairs in the wrong order."),
    ),
)
_register(
    id="03.2", title="The even-width rule on a 15-puzzle board", level="core", minutes=5, kind="value",
    solution=lambda: _is_solvable(_EX2_03),
    hint="count the inversions; find the blank's row counted from the bottom (the last row is 1); on an "
         "even width the board can reach the usual goal when their sum is odd.",
    why="inversions plus the blank's row from the bottom has the goal's parity.",
    mistakes=(
        Mistake(lambda: not _is_solvable(_EX2_03),
                "check the blank's row: count it from the bottom, the last row being 1, and recount the "
                "inversions (skip the blank)."),
    ),
)
_register(
    id="03.3", title="Where the 1-based row count from the top still works", level="challenge", minutes=10,
    kind="value", solution=_safe_shapes, normalize=_frozen_to_set,
    hint="the row counted 1-based from the top and the row counted from the bottom differ by "
         "rows - 1 - 2 r; when is that always even? Answer with a set of (rows, cols) pairs.",
    why="the two counts differ by rows - 1 - 2 r, always even exactly when the height is odd.",
    mistakes=(
        Mistake(lambda: set(_SHAPES_03) - _safe_shapes(),
                "those are the shapes where the shortcut goes wrong; the question asks where it stays right."),
        Mistake(lambda: set(_SHAPES_03), "not on every shape: try a board of even height with the blank in "
                                        "the top row."),
        Mistake(lambda: {(c, r) for r, c in _safe_shapes()},
                "give each shape as (rows, cols), the number of rows first."),
    ),
)


def _inv_cases():
    return _shuffled([(1, 2, 3, 4, 5, 0), (2, 1, 3, 4, 5, 0), (0, 1, 2, 3, 4, 5), _EX1_03.tiles, (3, 2, 1, 0),
                      (0,), (1, 0), (0, 1), tuple(_STARTS_05["start1"].tiles)], 34, (9, 12, 16))


_INV_BLANK = "the blank is not a tile: skip it when you count."
_INV_RIGHT_ORDER = "count the pairs in the wrong order (a bigger tile before a smaller one)."
_INV_ADJACENT = "compare every pair of tiles, not only tiles next to each other."


def _inv_steps():
    def seq(tiles):
        return [t for t in tiles if t != 0]

    def want(tiles):
        return _blank_counted_inversions(seq(tiles))

    return _tiles_steps("count_inversions", _inv_cases(), want, "that is not its number of inversions", tips=(
        (lambda tiles, got, want: got == _blank_counted_inversions(tiles), _INV_BLANK),
        (lambda tiles, got, want: got == math.comb(len(seq(tiles)), 2) - want, _INV_RIGHT_ORDER),
        (lambda tiles, got, want: got == _adjacent_inversions(tiles), _INV_ADJACENT),
    ))


def _adjacent_inversions(tiles):
    """A flawed count_inversions for the tests of the checker: compares only neighbours."""
    seq = [t for t in tiles if t != 0]
    return sum(1 for a, b in zip(seq, seq[1:]) if a > b)


_function_exercise(
    id="03.4", title="Write count_inversions(tiles)", level="warm-up", minutes=10, function="count_inversions",
    hint="drop the blank (0) first; then count the pairs i < j with seq[i] > seq[j].",
    why="count_inversions matches inversions on boards from 1 to 16 cells, blank anywhere.",
    steps=_inv_steps,
    mistakes=(
        Mistake(lambda: _blank_counted_inversions, _INV_BLANK),
        Mistake(lambda: _adjacent_inversions, _INV_ADJACENT),
    ),
)

_SOLVABLE_ROW_MATTERS = "on an even width the inversions alone do not decide: the blank's row counts too."
_SOLVABLE_FROM_BOTTOM = "count the blank's row from the bottom, the last row being 1."
_SOLVABLE_ODD_WIDTH = "on an odd width the blank's row does not matter: the inversion parity alone decides."
_SOLVABLE_BLANK = "skip the blank when you count inversions."


def _solvable_cases():
    from .generate import fix_by_swap, random_board

    g24 = Board.goal(2, 4)
    cases = [Board.goal(2, 3), fix_by_swap(Board.goal(2, 3)), Board([[1, 2, 3], [4, 0, 5]]), _EX1_03,
             Board([[2, 1], [3, 0]]), Board.goal(2, 2), g24.slide(4), g24.slide(4).slide(3), _EX2_03,
             _STARTS_05["start5"], _STARTS_05["start1"], Board.goal(4, 4, blank="first")]
    rng = random.Random(35)
    for rows, cols in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 3), (4, 4), (5, 4), (2, 5)]:
        cases += [random_board(rows, cols, seed=rng) for _ in range(30)]
    return cases


def _solvable_steps():
    cases = _solvable_cases()

    def run(fn):
        for board in cases:
            call = f"solvable({board!r})"
            got = _verdict(call, _call(fn, (board,), call))
            want = _is_solvable(board)
            if got != want:
                seq = [t for t in board.tiles if t != 0]
                inv = _blank_counted_inversions(seq)
                top0 = board.blank[0]
                tip = None
                if board.cols % 2 == 0 and got == (inv % 2 == 0):
                    tip = _SOLVABLE_ROW_MATTERS
                elif board.cols % 2 == 0 and got in ((inv + top0 + 1) % 2 == 1, (inv + top0) % 2 == 1):
                    tip = _SOLVABLE_FROM_BOTTOM
                elif board.cols % 2 == 1 and got == ((inv + board.rows - top0) % 2 == 1):
                    tip = _SOLVABLE_ODD_WIDTH
                elif got == _bad_solvable_blank(board):
                    tip = _SOLVABLE_BLANK
                _fail(call, got, "that verdict is wrong", tip)
    return [_Step(run, weight=2)]


def _bad_solvable_blank(board):
    inv = _blank_counted_inversions(board.tiles)
    if board.cols % 2:
        return inv % 2 == 0
    return (inv + board.rows - board.blank[0]) % 2 == 1


def _bad_solvable_top(board):
    inv = _inversions(board)
    return inv % 2 == 0 if board.cols % 2 else (inv + board.blank[0] + 1) % 2 == 1


_function_exercise(
    id="03.5", title="Write solvable(board): the even-width rule", level="core", minutes=20, function="solvable",
    hint="count the inversions (blank skipped). Odd width: solvable when the count is even. Even width: add "
         "the blank's row counted from the bottom (last row = 1); solvable when the sum is odd. Return a bool.",
    why="solvable agrees with is_solvable on the usual goal for every hidden board, odd and even widths, "
        "heights 2 to 5.",
    steps=_solvable_steps,
    mistakes=(
        Mistake(lambda: (lambda board: _inversions(board) % 2 == 0), _SOLVABLE_ROW_MATTERS),
        Mistake(lambda: _bad_solvable_top, _SOLVABLE_FROM_BOTTOM),
        Mistake(lambda: _bad_solvable_blank, _SOLVABLE_BLANK),
        Mistake(lambda: (lambda board: int(_is_solvable(board))), "it should return a bool"),
    ),
)

# ==================================================================================================
# Notebook 04: sufficiency and the two components
# ==================================================================================================

_EX2_04 = Board([[2, 1, 3], [4, 0, 5]])
_EX3_04 = Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]])


def _components(rows, cols):
    from .graph import count_components

    return count_components(rows, cols)


def _reachable_letter() -> str:
    from .generate import fix_by_swap

    options = {"A": Board.goal(2, 3), "B": fix_by_swap(Board.goal(2, 3))}
    return next((k for k, g in options.items() if _min_moves(_EX2_04, g) >= 0), "C")


def _turns_2x2() -> int:
    """Arrangements of the 2 x 2 puzzle, reachable from its goal, with the blank back in its corner."""
    return sum(1 for t in _dist(Board.goal(2, 2)) if t[3] == 0)


_register(
    id="04.1", title="Components of the 1 x 5 board", level="core", minutes=5, kind="value",
    solution=lambda: _components(1, 5),
    hint="on one line can a tile ever pass another? Then what stays the same along every path, and how "
         "many different values can it take?",
    why="no tile can pass another on a line, so each order of the tiles is a component of its own.",
    mistakes=(
        Mistake(lambda: 2, "two components is the rule for boards with at least 2 rows and 2 columns; on a "
                           "single line tiles cannot pass each other."),
        Mistake(lambda: math.factorial(5), "that is every order of the five cells, blank included; the blank "
                                           "can reach every cell of its line, so only the tiles' order counts."),
        Mistake(lambda: 1, "on a line the tiles cannot change order, so not every board reaches every other."),
    ),
)
_register(
    id="04.2", title="Which goal can it reach?", level="warm-up", minutes=3, kind="value",
    solution=_reachable_letter, normalize=lambda x: x.strip().upper() if isinstance(x, str) else x,
    hint="the board fails the parity rule for the usual goal. Swapping two tiles flips the parity: which "
         "option passes the rule? Answer with the letter.",
    why="swapping two tiles moves a board to the other component, so it passes that goal's parity rule.",
    mistakes=(
        Mistake(lambda: "A", "the board fails the parity rule for the usual goal, so it cannot reach it."),
        Mistake(lambda: "C", "every board of at least 2 rows and 2 columns passes one of the two rules, and "
                             "reaches every goal whose rule it passes."),
    ),
)
_register(
    id="04.3", title="The size of a component", level="core", minutes=5, kind="value",
    solution=lambda: len(_dist(_EX3_04)),
    hint="the board lies in one of the two components of the 3 x 3 puzzle, and the two are the same size.",
    why="both components hold half of the 9! boards.",
    mistakes=(
        Mistake(lambda: math.factorial(9), "that is every arrangement of the 3 x 3 board, both components."),
        Mistake(lambda: len(_dist(_EX3_04)) - 1, "the board can reach itself (zero moves): count it too."),
    ),
)
_register(
    id="04.4", title="The 2 x 2 lemma, step 1: the boards of the 2 x 2 puzzle", level="warm-up", minutes=5,
    kind="value", solution=lambda: len(_dist(Board.goal(2, 2))),
    hint="on a 2 x 2 board the blank can only go round in a circle; how many boards does the goal reach? "
         "Count them with distances(Board.goal(2, 2)), or by hand.",
    why="the blank goes round a cycle of boards, half of the 4! arrangements.",
    mistakes=(
        Mistake(lambda: math.factorial(4), "that is every arrangement of the four cells: only half of them "
                                           "are reachable."),
        Mistake(lambda: 4, "that counts the cells the blank can be in; the three tiles move too, so count "
                           "the boards."),
    ),
)
_register(
    id="04.5", title="The 2 x 2 lemma, step 2: turning the block", level="core", minutes=10, kind="value",
    solution=_turns_2x2,
    hint="of the boards reachable from the 2 x 2 goal, how many have the blank back in the bottom-right "
         "corner? Each full turn of the blank rotates the three tiles by one place.",
    why="turning the blank once round the block rotates the three tiles, so the tiles' cyclic order never "
        "changes: this is why the last 2 x 2 of the solver works when the parity is right.",
    mistakes=(
        Mistake(lambda: math.factorial(3), "that is every order of the three tiles; a turn only rotates "
                                           "them, so their cyclic order never changes."),
        Mistake(lambda: len(_dist(Board.goal(2, 2))), "that counts every reachable board; count only those "
                                                      "with the blank back in its corner."),
        Mistake(lambda: 1, "turning the blank round the block does change the arrangement: try four moves."),
    ),
)

# ==================================================================================================
# Notebook 05: experiments
# ==================================================================================================


def _walk_parity():
    from .generate import scramble

    goal3 = Board.goal(3, 3)
    d3 = _dist(goal3)
    parities = {d3[scramble(goal3, 25, seed=s).tiles] % 2 for s in range(300)}
    return parities.pop() if len(parities) == 1 else "it varies"


def _manhattan(board, goal=None):
    from .search.heuristics import manhattan

    return manhattan(board, goal)


_register(
    id="05.1", title="Which goals can start5 reach?", level="core", minutes=5, kind="value",
    solution=lambda: _goals_reached(_STARTS_05["start5"]), normalize=_frozen_to_set,
    hint="start5 is one swap away from the usual goal, so it is in the other group; which goals are in "
         "that group? Answer with a set of goal names.",
    why="one swap puts start5 in the other component from the usual goal and its group.",
    mistakes=(
        Mistake(lambda: set(_GOALS_05) - _goals_reached(_STARTS_05["start5"]),
                "those are the goals of the other group: start5 is one swap away from the usual goal."),
        Mistake(lambda: set(_GOALS_05), "no board reaches both classes of goals."),
        Mistake(lambda: {_GOALS_05[name] for name in _goals_reached(_STARTS_05["start5"])},
                "give the goals' names (the keys of goals), not the boards."),
    ),
)
_register(
    id="05.2", title="The parity of a random walk", level="core", minutes=10, kind="value",
    solution=_walk_parity, normalize=_word({"odd": 1, "even": 0}),
    hint="compute the set {D3[scramble(goal3, 25, seed=s).tiles] % 2 for s in range(300)}; how many "
         "elements does it have? Then think about the blank's chessboard colour after each move.",
    why="each move takes the blank to a cell of the other colour, and the distance to the goal has the "
        "parity of the blank's taxicab distance.",
    mistakes=(
        Mistake(lambda: 1 - _walk_parity(),
                "compute the distance's parity for a few seeds: D3[scramble(goal3, 25, seed=s).tiles] % 2."),
        Mistake(lambda: "it varies", "try more seeds: the set of parities has a single element."),
    ),
)
_register(
    id="05.3", title="Swapping with the blank", level="core", minutes=5, kind="value",
    solution=lambda: _is_solvable(_swap_values(Board.goal(3, 3), 0, 1)),
    hint="a swap of two tiles flips solvability, but a swap with the blank also moves the blank; how far "
         "apart are the two cells, and what does that distance do to the parity?",
    why="the swap flips the permutation parity and moves the blank an even distance, so the invariant flips.",
    mistakes=(
        Mistake(lambda: not _is_solvable(_swap_values(Board.goal(3, 3), 0, 1)),
                "the blank's move counts too: the cells are 2 rows and 2 columns apart, and each step of the "
                "blank is one swap."),
    ),
)
_register(
    id="05.4", title="A lower bound for start3", level="core", minutes=10, kind="value",
    solution=lambda: _manhattan(_STARTS_05["start3"], _GOALS_05["downRight"]),
    hint="for each tile (not the blank), add the rows and columns between its cell and its cell in DR, "
         "the blank-down-right goal; or use manhattan(board, goal).",
    why="each move shifts one tile by one cell, so the sum of the tiles' distances is a lower bound.",
    mistakes=(
        Mistake(lambda: _manhattan(_STARTS_05["start3"], _GOALS_05["upperLeft"]),
                "that is the bound for the blank-first goal (upperLeft); use DR, the blank-down-right goal."),
        Mistake(lambda: _manhattan(_STARTS_05["start3"], _GOALS_05["downRight"])
                + _blank_distance(_STARTS_05["start3"], _GOALS_05["downRight"]),
                "leave the blank out: it is not a tile, and counting it overestimates."),
        Mistake(lambda: _inversions(_STARTS_05["start3"]), "that is start3's inversion count; the bound adds "
                                                          "up how far each tile is from its goal cell."),
        Mistake(lambda: _misplaced(_STARTS_05["start3"]), "that counts the misplaced tiles; add up how far each "
                                                         "tile is from home instead."),
    ),
)


def _blank_distance(board, goal=None):
    from .solvability import blank_distance

    return blank_distance(board, goal)


def _misplaced(board, goal=None):
    from .search.heuristics import misplaced

    return misplaced(board, goal)


def _chi2_p(stat: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom >= stat): the regularized upper incomplete gamma."""
    a, x = df / 2, stat / 2
    if x <= 0:
        return 1.0
    if x > a + 40 * math.sqrt(a) + 100:
        return 0.0
    term = total = 1 / a                                # the series for the lower function
    n = 0
    while term > total * 1e-15:
        n += 1
        term *= x / (a + n)
        total += term
    lower = math.exp(-x + a * math.log(x) - math.lgamma(a)) * total
    return max(0.0, 1.0 - lower)


_PUZZLE_SOLVABLE = ("a shuffle lands in the wrong half half of the time: then swap two tiles (not the blank), "
                   "or shuffle again.")
_PUZZLE_RNG = "draw all randomness from rng (rng.shuffle, rng.randrange...), not from the random module."
_PUZZLE_UNIFORM = ("a random walk, or a blank that never moves, does not give every board the same chance: "
                  "shuffle all the tiles, blank included.")


def _as_board(got, rows, cols):
    if isinstance(got, Board):
        return got
    if isinstance(got, (tuple, list)):
        try:
            if all(isinstance(r, (tuple, list)) for r in got):
                return Board(got)
            return Board.from_tiles(got, rows, cols)
        except (TypeError, ValueError):
            return None
    return None


def _puzzle_steps():
    shapes = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4), (3, 5)]

    def draw(fn, rows, cols, seed):
        call = f"make_puzzle({rows}, {cols}, random.Random({seed}))"
        got = _call(fn, (rows, cols, random.Random(seed)), call)
        board = _as_board(got, rows, cols)
        if board is None:
            _fail(call, got, f"it should return a {rows} x {cols} Board (or its tiles), each of "
                  f"0..{rows * cols - 1} once.")
        if board.shape != (rows, cols):
            _fail(call, got, f"that is a {board.rows} x {board.cols} board, not {rows} x {cols}.")
        return call, got, board

    def valid(fn):
        for rows, cols in shapes:
            for seed in range(30):
                call, got, board = draw(fn, rows, cols, seed)
                if not _is_solvable(board):
                    _fail(call, got, "that board cannot reach the usual goal.", _PUZZLE_SOLVABLE)

    def repeatable(fn):
        for seed in range(10):
            call, _, first = draw(fn, 3, 3, seed)
            second = draw(fn, 3, 3, seed)[2]
            if first != second:
                raise _Fail(f"{call} gave two different boards for two generators with the same seed.\n"
                            f"hint: {_PUZZLE_RNG}")
        boards = {draw(fn, 3, 3, seed)[2] for seed in range(40)}
        if len(boards) < 30:
            raise _Fail(f"make_puzzle(3, 3, rng) gave only {len(boards)} different boards for 40 different "
                        "seeds: it is not random enough.")

    def blank_uniform(fn):
        n = 1800
        cells = Counter(draw(fn, 3, 3, 1000 + s)[2].blank for s in range(n))
        counts = [cells.get((r, c), 0) for r in range(3) for c in range(3)]
        stat = sum((k - n / 9) ** 2 / (n / 9) for k in counts)
        if _chi2_p(stat, 8) < 1e-6:
            raise _Fail(f"over {n} boards from make_puzzle(3, 3, rng) the blank's cell is far from uniform: "
                        f"it was in the nine cells (row by row) {counts} times; a uniformly random board has "
                        f"its blank in each cell equally often.\nhint: {_PUZZLE_UNIFORM}")

    def board_uniform(fn):
        n = 1200
        seen = Counter(draw(fn, 2, 2, 5000 + s)[2].tiles for s in range(n))
        counts = [seen.get(t, 0) for t in sorted(_dist(Board.goal(2, 2)))]
        stat = sum((k - n / 12) ** 2 / (n / 12) for k in counts)
        if _chi2_p(stat, 11) < 1e-6:
            raise _Fail(f"over {n} boards from make_puzzle(2, 2, rng) the twelve solvable 2 x 2 boards came "
                        f"{sorted(counts, reverse=True)} times (most frequent first): far from equally "
                        f"often.\nhint: {_PUZZLE_UNIFORM}")

    return [_Step(valid, 2), _Step(repeatable), _Step(blank_uniform, 2), _Step(board_uniform, 2)]


def _walk_puzzle(rows, cols, rng):
    """A flawed make_puzzle for the tests of the checker: a random walk of 30 moves from the goal."""
    from .generate import scramble

    return scramble(Board.goal(rows, cols), 30, seed=rng)


def _unfixed_puzzle(rows, cols, rng):
    """A flawed make_puzzle: a shuffle, never fixed."""
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)
    return Board.from_tiles(tiles, rows, cols)


def _global_random_puzzle(rows, cols, rng):
    """A flawed make_puzzle: ignores rng."""
    from .generate import random_solvable

    return random_solvable(rows, cols, seed=random.randrange(10**9))


_function_exercise(
    id="05.5", title="Write make_puzzle(rows, cols, rng): a uniform random solvable board", level="challenge",
    minutes=25, function="make_puzzle",
    hint="shuffle all the tiles with rng.shuffle; if the board cannot reach the usual goal, swap two tiles "
         "(not the blank). Every solvable board then comes from exactly two shuffles. Boards have at least "
         "2 rows and 2 columns.",
    why="make_puzzle returns solvable boards of the right shape on 210 seeds, repeats itself for the same "
        "seed, and its boards and blank cells pass a test of uniformity.",
    steps=_puzzle_steps,
    mistakes=(
        Mistake(lambda: _unfixed_puzzle, _PUZZLE_SOLVABLE),
        Mistake(lambda: _walk_puzzle, _PUZZLE_UNIFORM),
        Mistake(lambda: _global_random_puzzle, _PUZZLE_RNG),
    ),
)

# ==================================================================================================
# Notebook 06: play
# ==================================================================================================


def _after_06() -> Board:
    from .player.session import PlaySession

    start = PlaySession(rows=2, cols=3, seed=2026).start
    return start.slide(start.movable_tiles()[-1]) if start.movable_tiles() else start


def _swap_distance_06():
    from .generate import fix_by_swap

    moves = _min_moves(fix_by_swap(Board.goal(3, 3)))
    return "unreachable" if moves == -1 else moves


def _panel_word(x):
    if isinstance(x, str) and x.strip().lower().startswith("unreachable"):
        return "unreachable"
    return x


_register(
    id="06.1", title="Inversions after one slide", level="warm-up", minutes=3, kind="value",
    solution=lambda: _inversions(_after_06()),
    hint="write the tiles in reading order after the slide, skip the blank, and count the pairs out of "
         "order; does a sideways slide change the reading order of the tiles?",
    why="a sideways slide never changes the reading order of the tiles, so the count stays the same.",
    mistakes=(
        Mistake(lambda: _blank_counted_inversions(_after_06().tiles),
                "that counts the blank as a tile: skip it."),
    ),
)
_register(
    id="06.2", title="The distance after a swap", level="warm-up", minutes=3, kind="value",
    solution=_swap_distance_06, normalize=_panel_word,
    hint="after the swap, which component is the board in? Give what the panel shows.",
    why="a swap of two tiles moves the board into the other component, so no number of moves reaches the goal.",
    mistakes=(
        Mistake(lambda: -1, "-1 is how min_moves codes this case in Python; give the word the panel shows."),
    ),
)

# ==================================================================================================
# Notebook 07: BFS at scale
# ==================================================================================================


def _counts34() -> list:
    from .reference import load_results

    return load_results("bfs_scale")["boards"]["3x4"]["counts"]


def _widest_34() -> int:
    counts = _counts34()
    return counts.index(max(counts))


def _layers_centre() -> list:
    from .search.bfs import bfs_layers

    return [layer.size for layer in bfs_layers(Board([[1, 2, 3], [4, 0, 5], [6, 7, 8]]))]


def _dict_bytes(states) -> int:
    from .limits import dict_bfs_bytes

    return dict_bfs_bytes(states, 12)


def _dict_gib(states) -> int:
    return round(_dict_bytes(states) / 2**30)


def _reachable(rows, cols) -> int:
    from .limits import reachable_count

    return reachable_count(rows, cols)


_register(
    id="07.1", title="The widest layer", level="warm-up", minutes=5, kind="value",
    solution=_widest_34,
    hint="find the largest entry of counts34 and give its index: the index is the distance.",
    why="the index of the largest count is the distance of the widest layer.",
    mistakes=(
        Mistake(lambda: max(_counts34()), "that is how many boards the widest layer holds; give its distance "
                                          "(the index)."),
        Mistake(lambda: len(_counts34()) - 1, "that is the largest distance, not the widest layer."),
        Mistake(lambda: _widest_34() + 1, "off by one: distances start at 0, the goal itself."),
    ),
)
_register(
    id="07.2", title="Another goal: the centre blank", level="core", minutes=10, kind="value",
    solution=lambda: _layers_centre()[30],
    hint="run frontier_search(3, 3, goal) with the centre-blank goal and look at the last entry of counts.",
    why="the last layer of the search from the centre-blank goal; the plain BFS agrees.",
    mistakes=(
        Mistake(lambda: 30, "30 is the distance; the question asks how many boards lie at that distance."),
        Mistake(lambda: _counts(3, 3)[30], "that is layer 30 of the usual goal; use the centre-blank goal."),
        Mistake(lambda: _counts(3, 3)[31], "that is the last layer of the usual goal; use the centre-blank goal."),
    ),
)
_register(
    id="07.3", title="Memory of a dict BFS for 2 x 6", level="core", minutes=5, kind="value",
    solution=lambda: _dict_gib(_reachable(2, 6)),
    hint="dict_bfs_bytes(states, cells) with the reachable boards of 2 x 6 (half of 12!) and 12 cells, "
         "divided by 2**30, rounded.",
    why="the reachable half of the 12! boards at the measured bytes per board of a dict BFS.",
    mistakes=(
        Mistake(lambda: round(_dict_bytes(_reachable(2, 6)) / 10**9),
                "that is in GB (10**9 bytes); the question asks for GiB, 2**30 bytes."),
        Mistake(lambda: _dict_gib(math.factorial(12)),
                "that stores all 12! boards; a BFS from the goal reaches only half of them."),
        Mistake(lambda: _dict_bytes(_reachable(2, 6)), "that is in bytes; divide by 2**30 for GiB."),
    ),
)

# ==================================================================================================
# Notebook 08: beyond BFS
# ==================================================================================================


def _sum_admissible() -> bool:
    d3 = _dist(Board.goal(3, 3))
    return all(_misplaced(b) + _manhattan(b) <= d3[b.tiles]
               for b in (Board.from_tiles(t, 3, 3) for t in list(d3)[:50]))


def _korf79():
    from .reference import korf100

    return korf100()[78]


_register(
    id="08.1", title="Two heuristics added", level="core", minutes=5, kind="value",
    solution=_sum_admissible,
    hint="try a board one move from the goal: how many tiles are misplaced, how far is the tile from home, "
         "and how many moves does it need?",
    why="adding two heuristics that count the same move can count it twice.",
    mistakes=(
        Mistake(lambda: not _sum_admissible(),
                "try a board one move from the goal, e.g. Board([[1, 2, 3], [4, 5, 6], [7, 0, 8]]): compare "
                "misplaced(b) + manhattan(b) with the moves it needs."),
    ),
)
_register(
    id="08.2", title="Effective branching factor", level="core", minutes=10, kind="value",
    solution=lambda: round(_unrounded_b_star(), 2), normalize=_two_decimals,
    hint="solve 1 + b + b**2 + ... + b**12 = 1000 + 1 for b, with effective_branching(1000, 12) or by "
         "bisection, and round to two decimals.",
    why="a uniform tree with this branching factor and 12 levels below the root has 1,001 nodes.",
    mistakes=(
        Mistake(lambda: round(1000 ** (1 / 12), 2),
                "that solves b**12 = 1000, counting only the last level; the tree holds every level, "
                "1 + b + ... + b**12 nodes."),
        Mistake(lambda: math.floor(_unrounded_b_star() * 100) / 100,
                "round to two decimals; don't cut the digits off."),
    ),
)
_register(
    id="08.3", title="One of Korf's boards", level="core", minutes=5, kind="value",
    solution=lambda: _korf79().length,
    hint="ida_star(korf100()[78].board, KORF_GOAL, manhattan) solves it; the answer is its number of moves.",
    why="IDA* with Manhattan finds a shortest solution, and it has the length Korf published.",
    mistakes=(
        Mistake(lambda: _manhattan(_korf79().board, Board.goal(4, 4, blank="first")),
                "that is the Manhattan lower bound; solve the board to get the fewest moves."),
        Mistake(lambda: _korf79().length + 1, "that counts the boards of the path, the start included; count "
                                              "the moves."),
        Mistake(lambda: -1, "-1 means the goal cannot be reached: you used the blank-last goal; Korf's goal, "
                            "KORF_GOAL, has the blank first."),
    ),
)


def _heuristic_data():
    goal23, goal33 = Board.goal(2, 3), Board.goal(3, 3)
    d23, d33 = _dist(goal23), _dist(goal33)
    order33 = list(d33)
    sample33 = order33[:100] + order33[100::40]
    boards = [(Board.from_tiles(t, 2, 3), d23[t]) for t in d23]
    boards += [(Board.from_tiles(t, 3, 3), d33[t]) for t in sample33]
    return goal23, goal33, boards


_HEUR_GOAL = "a heuristic estimates the moves still needed: at the goal that is none."
_HEUR_OVER = "a heuristic must never say more than the moves the board really needs (it must be admissible)."
_HEUR_BLANK = "leave the blank out: it is not a tile, and counting it overestimates."
_HEUR_JUMP = ("one move changes the true distance by exactly 1, so a consistent heuristic may drop by at most 1 "
             "per move.")
_HEUR_SUM = ("misplaced tiles and Manhattan both count the move of a tile next to its cell: added, they count "
             "it twice. The larger of two admissible heuristics is admissible; their sum need not be.")
_HEUR_WEAK = "on average it should at least match the number of misplaced tiles."
_HEUR_NOT_STRONGER = ("never above Manhattan, so no stronger: add something Manhattan misses, such as tiles in "
                     "their goal row in the wrong order (linear conflict).")


def _heuristic_steps(stronger: bool):
    name = "stronger" if stronger else "heuristic"

    def steps():
        goal23, goal33, boards = _heuristic_data()
        values: dict = {}

        def h(fn, board):
            key = (board.shape, board.tiles)
            if key not in values:
                call = f"{name}({board!r})"
                got = _call(fn, (board,), call)
                if not _is_number(got) or not math.isfinite(got) or got < 0:
                    _fail(call, got, "a heuristic returns a number of moves: a whole number, never negative.")
                values[key] = got
            return values[key]

        def at_goal(fn):
            for goal in (goal23, goal33):
                if h(fn, goal) != 0:
                    _fail(f"{name}({goal!r})", h(fn, goal), "that is the goal itself.", _HEUR_GOAL)

        def like(fn, formula) -> bool:
            """Does the student's heuristic agree with ``formula`` on the first boards tested?"""
            return all(h(fn, b) == formula(b) for b, _ in boards[:40])

        def admissible(fn):
            for board, true in boards:
                got = h(fn, board)
                if got > true:
                    tip = _HEUR_OVER
                    if like(fn, lambda b: _manhattan(b) + _blank_distance(b)):
                        tip = _HEUR_BLANK
                    elif like(fn, lambda b: _manhattan(b) + _misplaced(b)):
                        tip = _HEUR_SUM
                    _fail(f"{name}({board!r})", got, "but that board can be solved in fewer moves: your "
                          "heuristic overestimates.", tip)

        def consistent(fn):
            for board, _ in boards:
                for nxt in board.neighbors():
                    a, b = h(fn, board), h(fn, nxt)
                    if a - b > 1:
                        raise _Fail(f"your heuristic drops by {_short(a - b)} in one move: {name}({board!r}) = "
                                    f"{_short(a)} but {name}({nxt!r}) = {_short(b)}, and the two boards are "
                                    f"one slide apart.\nhint: {_HEUR_JUMP}")

        def strong(fn):
            if stronger:
                above = 0
                for board, _ in boards:
                    got, m = h(fn, board), _manhattan(board)
                    if got < m:
                        _fail(f"{name}({board!r})", got, "that is below the Manhattan distance of the board.",
                              "start from the Manhattan distance and add to it.")
                    above += got > m
                if above == 0:
                    raise _Fail(f"your heuristic is admissible and consistent, and it equals the Manhattan "
                                f"distance on every board tested.\nhint: {_HEUR_NOT_STRONGER}")
            else:
                total = sum(h(fn, b) for b, _ in boards)
                if total < sum(_misplaced(b) for b, _ in boards):
                    raise _Fail(f"your heuristic is admissible and consistent but weak: over the {len(boards)} "
                                f"boards tested it says less, on average, than the number of misplaced tiles."
                                f"\nhint: {_HEUR_WEAK}")

        return [_Step(at_goal), _Step(admissible, 2), _Step(consistent, 2), _Step(strong, 2)]
    return steps


def _corner_only(board):
    """A flawed heuristic: Manhattan when the blank is in a corner, else 0 (admissible, not consistent)."""
    r, c = board.blank
    return _manhattan(board) if r in (0, board.rows - 1) and c in (0, board.cols - 1) else 0


_function_exercise(
    id="08.4", title="Write heuristic(board): admissible and consistent", level="core", minutes=20,
    function="heuristic",
    hint="for the usual goal (blank last) tile t belongs in cell t - 1; add up each tile's row and column "
         "distance to that cell, leaving the blank out. It must be 0 at the goal, never above the true "
         "distance, and drop by at most 1 per move.",
    why="your heuristic is 0 at the goal, never above the true distance on every 2 x 3 board and on a "
        "sample of 4,600 3 x 3 boards, drops by at most 1 per move there, and is at least as informed as "
        "counting misplaced tiles.",
    steps=_heuristic_steps(stronger=False),
    mistakes=(
        Mistake(lambda: (lambda board: _misplaced(board) + _manhattan(board)), _HEUR_SUM),
        Mistake(lambda: (lambda board: _manhattan(board) + _blank_distance(board)), _HEUR_BLANK),
        Mistake(lambda: _corner_only, _HEUR_JUMP),
        Mistake(lambda: (lambda board: 0), _HEUR_WEAK),
    ),
)
_function_exercise(
    id="08.5", title="Write stronger(board): better than Manhattan, still admissible", level="challenge",
    minutes=40, function="stronger",
    hint="start from Manhattan. Two tiles in their goal row but in the wrong order there: one must step out "
         "of the row and back, two more moves (linear conflict); the same for columns. Count, per line, the "
         "tiles outside the longest run already in goal order.",
    why="stronger is admissible and consistent on every 2 x 3 board and a sample of 3 x 3 boards, never "
        "below Manhattan and above it on some boards.",
    steps=_heuristic_steps(stronger=True),
    mistakes=(
        Mistake(lambda: _manhattan, _HEUR_NOT_STRONGER),
        Mistake(lambda: (lambda board: 2 * _manhattan(board)), _HEUR_OVER),
    ),
)
