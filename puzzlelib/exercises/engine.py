"""The checking engine: the exercise records, the registry, and how a value or a function is checked.

Nothing here knows a notebook. The modules ``nb00_*`` ... ``nb08_*`` register their exercises with
:func:`_register` and :func:`_function_exercise`; the four functions of the notebook interface
(:func:`check`, :func:`hint`, :func:`reveal`, :func:`exercises`) read the registry :data:`EXERCISES`.
The sections, in order: the records, small helpers, the public interface, checking a value, the
time limit, checking a function.

>>> EXERCISES["03.1"].kind
'value'
"""

from __future__ import annotations

import copy
import decimal
import fractions
import inspect
import math
import numbers
import os
import re
import signal
import sys
import sysconfig
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..board import Board
from .sandbox import Opaque, Sandbox, StudentRaised, TimeUp, Unreadable, _describe

__all__ = ["EXERCISES", "KINDS", "LEVELS", "NO_SOLUTIONS_FILE", "SECONDS_PER_CASE", "Exercise", "Mistake",
           "check", "exercises", "hint", "reveal"]

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

    ``solution`` computes the expected value (a value exercise) or returns the
    reference implementation (a function exercise: one of
    :mod:`puzzlelib.exercises.solutions`, whose source :func:`reveal` prints).
    ``steps`` builds the hidden test steps of a function exercise, and
    ``function`` names the function the student writes. Use :func:`check`,
    :func:`hint` and :func:`reveal` rather than these fields.

    >>> ex = EXERCISES["03.1"]
    >>> ex.title, ex.level, ex.minutes, ex.kind
    ('Count the inversions, tile by tile', 'warm-up', 5, 'value')
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
    library: tuple = ()
    """puzzlelib functions that answer a function exercise ("module:name"): an answer that is one of them,
    or calls one, gets "not yet" (the exercise asks the student to write it)."""

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


@dataclass(frozen=True)
class _Step:
    """A hidden test step of a function exercise: ``run(fn)`` raises _Fail at the first problem."""

    run: Callable
    weight: float = 1.0


class _Fail(Exception):
    """A step found the student's function wrong; the message says where, never the right output."""


_TooSlow = TimeUp
"""Raised by the time limit; a BaseException, so ``except Exception`` in student code cannot swallow it."""


EXERCISES: dict[str, Exercise] = {}
"""Every exercise, by id ("03.2": notebook 03, exercise 2), in notebook order."""

_COMPUTED: dict[tuple, object] = {}
"""Expected values and mistake examples, computed when first needed."""


def _register(**fields) -> Exercise:
    ex = Exercise(**fields)
    if ex.id in EXERCISES:
        raise ValueError(f"exercise {ex.id} is registered twice")
    EXERCISES[ex.id] = ex
    return ex


def _function_exercise(*, reference: Callable, mistakes=(), **fields) -> Exercise:
    """Register a write-a-function exercise whose answer is ``reference`` (a function of solutions.py)."""
    return _register(kind="function", function=reference.__name__, solution=lambda: reference,
                     mistakes=tuple(mistakes), **fields)


# --- small helpers ------------------------------------------------------------------------------

def _type(x) -> str:
    return x.kind if type(x) is Opaque else type(x).__name__


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
    return issubclass(type(x), (bool, np.bool_))


def _is_number(x) -> bool:
    return issubclass(type(x), numbers.Real) and not _is_bool(x)


def _family(x):
    if isinstance(x, _Sealed):
        return x.family
    if _is_bool(x):
        return "bool"
    if _is_number(x):
        return "number"
    for kind in (Board, str, tuple, list, dict):
        if issubclass(type(x), kind):
            return kind.__name__
    if issubclass(type(x), (set, frozenset)):
        return "set"
    return None


class _NotPlain(Exception):
    """The answer is, or holds, a subclass of a plain type (an int whose ``==`` may lie), or is too deep or big."""


_PLAIN_SCALARS = (bool, int, float, complex, str, type(None), fractions.Fraction, decimal.Decimal)
_PLAIN_CONTAINERS = (list, tuple, set, frozenset)
_PLAIN_ITEMS = 1_000_000
_SAFE_CALLABLES = (type(len), type(_is_bool), type("".join), type([].append), type(print))
"""Functions, builtins and methods: answers the checker may name ("that is a function") without running them."""


def _plain(x, budget: list | None = None, depth: int = 0):
    """``x`` as plain Python values: exact ints, floats, strs, lists, tuples, sets, dicts, Boards.

    numpy's scalars become the Python number they hold; other objects (a function, an array) are
    returned as they are, for the usual hints. A subclass of any of these (an ``int``
    whose ``==`` always says True, a ``list`` whose ``__len__`` lies, a ``Board`` subclass) raises
    :class:`_NotPlain`, and so does an answer nested more than 50 deep or holding more than a
    million items, so that :func:`check` compares only values whose ``==`` is Python's own.

    >>> _plain([1, (2, 3.5), {4}])
    [1, (2, 3.5), {4}]
    >>> _plain(np.int64(7)), type(_plain(np.int64(7)))
    (7, <class 'int'>)
    """
    budget = [_PLAIN_ITEMS] if budget is None else budget
    budget[0] -= 1
    if budget[0] < 0 or depth > 50:
        raise _NotPlain("too big or too deeply nested")
    kind = type(x)
    if any(kind is t for t in _PLAIN_SCALARS):
        return x
    if kind is Board:                       # its tiles may be a tuple whose == lies (Board.unchecked): rebuild
        tiles = _plain(x.tiles, budget, depth + 1)
        try:
            return Board.from_tiles(tiles, x.rows, x.cols)
        except (TypeError, ValueError):
            raise _NotPlain("a Board whose tiles are not a board") from None
    if issubclass(kind, (np.bool_, np.integer, np.floating)) and kind.__module__ == "numpy":
        return x.item()                     # numpy's own scalar types only, not a subclass of them
    if any(kind is t for t in _PLAIN_CONTAINERS):
        return kind(_plain(v, budget, depth + 1) for v in x)
    if kind is dict:
        return {_plain(k, budget, depth + 1): _plain(v, budget, depth + 1) for k, v in x.items()}
    if issubclass(kind, (numbers.Number, str, bytes, dict, Board, *_PLAIN_CONTAINERS)):
        raise _NotPlain(kind.__name__)      # a subclass: its == and len may say anything
    if kind is range or kind is np.ndarray or issubclass(kind, _SAFE_CALLABLES):
        return x                            # a range, an array or a function: the usual hints say what
    return Opaque(kind.__name__, f"<a {kind.__name__}>")   # anything else is only named: its methods never run


def _not_plain_hint(answer, want) -> str:
    """What to say of an answer :func:`_plain` refused: never the expected value."""
    if want == "number" and issubclass(type(answer), numbers.Number):
        return (f"that is not a number: it is {_a(answer)}, a subclass of a number type, and its own == "
                "decides what it equals. Give a plain int or float, e.g. int(your_answer).")
    return (f"{_a(answer)} is not a plain Python value (or it holds one that is not, or it is far too big): "
            "give plain numbers, strings, tuples, lists, sets or Boards, e.g. built with int(), tuple() or list().")


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
    if key not in _COMPUTED:
        _COMPUTED[key] = ex.solution()
    return _COMPUTED[key]


def _example(ex: Exercise, i: int):
    key = ("mistake", ex.id, i)
    if key not in _COMPUTED:
        _COMPUTED[key] = ex.mistakes[i].example()
    return _COMPUTED[key]


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
    ValueError: there is no exercise 03.9; notebook 03 has 03.1, 03.2, 03.3, 03.4, 03.5, 03.6, 03.7
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
    Hint for exercise 03.1 (Count the inversions, tile by tile): read the tiles row by row and skip the
    blank; list every pair in the wrong order, then count, for each tile, the pairs it is in, as the
    larger tile or as the smaller.
    """
    ex = EXERCISES[_id(exercise_id)]
    print(f"Hint for exercise {ex.id} ({ex.title}): {ex.hint}")


def reveal(exercise_id: str):
    """Print the answer to an exercise, clearly labelled, and return it.

    For a function exercise it prints the source of the reference solution
    (the same code as the notebook's solution cell) and returns that function.
    In the student edition (a ``.no-solutions`` file beside the notebooks, or
    ``PUZZLELIB_NO_SOLUTIONS=1``) it says so and returns None.

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
    if ex.kind == "function":
        print(f"Revealing the answer to exercise {ex.id}: a reference solution ({ex.title})\n\n"
              f"{inspect.getsource(value)}")
        return value
    value = copy.deepcopy(value)               # the caller may change it; the stored answer must not change
    print(f"Revealing the answer to exercise {ex.id}: {_show(value)}")
    return value


def exercises(notebook=None) -> list[str]:
    """List the exercises (of one notebook, or of all): id, level, minutes, kind and title.

    ``notebook`` is a number (3) or a string ("03"). Returns the ids.

    >>> ids = exercises(4)
    id    level      min  kind      title
    04.1  core         8  value     A cut cell in the way
    04.2  core         8  value     A goal it can reach
    04.3  core        10  value     Lemma 5 leaves the blank alone
    04.4  core        10  value     Lemma 3 on a longer ring
    04.5  core        10  value     The blank at home: even orders only
    04.6  challenge   15  value     Lemma 2 needs two rows below
    04.7  core        10  value     Why 1 x n is different: the theorem needs two rows
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
    problem, why = _value_verdict(ex, answer)
    if problem is None:
        print(f"correct: {why}")
        return True
    print("not yet: " + problem)
    print(_more(ex))
    return False


def _value_problem(ex: Exercise, answer) -> str | None:
    """None when a value answer is right; otherwise the hint that fits it (never the expected value)."""
    return _value_verdict(ex, answer)[0]


def _value_verdict(ex: Exercise, answer) -> tuple[str | None, str]:
    """``(problem, why)``: problem is None when the answer is right; why is what to print then.

    In the student edition the expected value is not in the package: it is *sealed* (see
    :func:`_sealed`), and the right answer is what unseals the ``why``.
    """
    sealed = _sealed().get(ex.id)
    expected = _Sealed(sealed["family"]) if sealed else _expected(ex)
    try:
        answer = _plain(answer)
    except (_NotPlain, Exception):  # noqa: BLE001  (a student's object that lies, or breaks when read)
        return _not_plain_hint(answer, _family(expected)), ""
    given = answer
    if ex.normalize is not None:
        try:
            given = ex.normalize(answer)
        except Exception:  # noqa: BLE001  (a normaliser never turns a bad answer into a crash)
            given = answer
    if sealed:
        why = _unseal(ex.id, given, sealed)
        if why is not None:
            return None, why
    elif _equal(given, expected):
        return None, ex.why
    return _diagnose(ex, answer, given, expected), ""


# --- sealed answers: the student edition ----------------------------------------------------------

def _withheld_answer():
    """The solution of a value exercise in the student edition: the answer is sealed (:func:`_sealed`)."""
    raise RuntimeError("the answers are not part of the student edition: check() compares with sealed answers")


class _Sealed:
    """Stands for an expected value the package does not hold: only its family ("number", "set"...)."""

    def __init__(self, family: str):
        self.family = family


_SEALED_FILE = Path(__file__).with_name("sealed.json")
"""The student edition's sealed answers (scripts/build_student.py writes it); absent in the full collection."""

_SEALED_CACHE: list = []


def _sealed() -> dict:
    """The sealed answers by exercise id, or {} when this is not the student edition (or the file is damaged)."""
    if not _SEALED_CACHE:
        import json
        try:
            data = json.loads(_SEALED_FILE.read_text(encoding="utf-8")) if _SEALED_FILE.is_file() else {}
            ok = isinstance(data, dict) and all(isinstance(v, dict) and {"family", "check", "why"} <= set(v)
                                                for v in data.values())
        except (OSError, ValueError, RecursionError):
            ok = False
        _SEALED_CACHE.append(data if ok else {})
    return _SEALED_CACHE[0]


def _canon(x) -> str:
    """A text that two plain values share exactly when :func:`_equal` calls them equal (46, 46.0 alike)."""
    family = _family(x)
    if family == "bool":
        return f"b:{bool(x)}"
    if family == "number":
        return f"n:{int(x)}" if float(x).is_integer() else f"n:{float(x)!r}"
    if family in ("tuple", "list"):
        return f"{family}(" + ",".join(_canon(v) for v in x) + ")"
    if family == "set":
        return "set{" + ",".join(sorted(_canon(v) for v in x)) + "}"
    if family == "dict":
        return "dict{" + ",".join(sorted(f"{_canon(k)}:{_canon(v)}" for k, v in x.items())) + "}"
    if family == "Board":
        return f"Board:{x!r}"
    return f"{family}:{x!r}"


def _key(exercise_id: str, value) -> bytes:
    import hashlib
    return hashlib.sha256(f"sliding-puzzles|{exercise_id}|{_canon(value)}".encode()).digest()


def _stream(key: bytes, size: int) -> bytes:
    import hashlib
    out = b""
    counter = 0
    while len(out) < size:
        out += hashlib.sha256(key + counter.to_bytes(4, "big")).digest()
        counter += 1
    return out[:size]


def _check_of(exercise_id: str, value) -> str:
    import hashlib
    return hashlib.sha256(_key(exercise_id, value)).hexdigest()


def _seal(exercise_id: str, expected, why: str, mistakes=()) -> dict:
    """What the student edition stores for a value exercise: the family, a check, the sealed why, and
    the checks of the foreseen wrong answers (``mistakes``: their values, in the exercise's order)."""
    import base64
    key = _key(exercise_id, expected)
    data = why.encode()
    return {"family": _family(expected), "check": _check_of(exercise_id, expected),
            "why": base64.b64encode(bytes(a ^ b for a, b in zip(data, _stream(key, len(data))))).decode(),
            "mistakes": [_check_of(exercise_id, m) for m in mistakes]}


def _unseal(exercise_id: str, given, sealed: dict) -> str | None:
    """The why, when ``given`` is the sealed answer; None otherwise."""
    import base64
    import hashlib
    try:
        key = _key(exercise_id, given)
    except Exception:  # noqa: BLE001  (a value that can't be put in canonical form is not the answer)
        return None
    if hashlib.sha256(key).hexdigest() != sealed["check"]:
        return None
    data = base64.b64decode(sealed["why"])
    return bytes(a ^ b for a, b in zip(data, _stream(key, len(data)))).decode("utf-8", "replace")


def _diagnose(ex: Exercise, answer, given, expected) -> str:
    """The hint for a wrong value answer: the most specific one that fits; never the expected value."""
    want = _family(expected)
    if answer is None:
        return ("your answer is None. Did you forget to set it, or does the code that computes it "
                "return nothing?")
    if _is_bool(answer) and want == "number":
        return ("a bool (True or False) where a number is expected. Python lets a bool stand in for a "
                "number, but it is not one: write the number itself.")
    sealed = _sealed().get(ex.id, {}).get("mistakes")
    for i, m in enumerate(ex.mistakes):
        try:
            if sealed is not None:             # the student edition: the foreseen wrong answers are sealed too
                hit = i < len(sealed) and any(_check_of(ex.id, x) == sealed[i] for x in (given, answer))
            else:
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
    if callable(answer) and type(answer) is not Board:
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


# --- the time limit -----------------------------------------------------------------------------

_LIBRARY_DIRS = tuple({str(Path(p).resolve()) + os.sep for p in (
    Path(__file__).resolve().parent.parent,
    *(sysconfig.get_paths().get(name) for name in ("stdlib", "platstdlib", "purelib", "platlib")),
) if p})
"""puzzlelib's folder and the Python installation's: code from there is not the student's."""


def _alarm_works() -> bool:
    """Can SIGALRM interrupt the student's function here? On POSIX, in the main thread only."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _fork_works() -> bool:
    """Can a test step run in a forked child here? On Linux, unless ``PUZZLELIB_NO_FORK=1``.

    macOS can fork too, but a child of a process that has loaded Apple's GUI frameworks (matplotlib's
    macosx backend) may crash, so macOS, like Windows, keeps the in-process limit.
    """
    return (sys.platform.startswith("linux") and hasattr(os, "fork")
            and os.environ.get("PUZZLELIB_NO_FORK", "") in ("", "0"))


def _run_limited(seconds: float, run: Callable, fn: Callable):
    """``run(fn)``, a hidden test step on the student's function ``fn``; raise _TooSlow after ``seconds``.

    On Linux (where JupyterHub runs, and most lab machines) the student's function runs in a sandbox,
    a child process in a PID namespace of its own, killed (SIGKILL) when the time is up, while the step's
    judging stays in this process: see :func:`_run_in_child` and :mod:`puzzlelib.exercises.sandbox`.
    Nothing the student's code does, catching every exception, changing the signal handlers or the
    alarm, calling ``sys.exit`` or ``os._exit``, signalling this process, or writing to a pipe, can
    stop that limit, end the notebook's own process or forge a verdict.

    Elsewhere, two ways, both in this process:

    * SIGALRM, where it works: on Linux and macOS in the main thread, where a Jupyter kernel runs
      the student's code. The alarm interrupts a loop even inside one long C call, and it repeats
      every 0.25 s until the step ends, so a bare ``except:`` cannot swallow it for good.
    * everywhere else (Windows has no SIGALRM; Python runs signal handlers only in the main thread)
      a trace function (``sys.settrace``, in the calling thread) reads the clock on every line of
      the student's code and raises _TooSlow there once the time is up. It stops any pure-Python
      loop, which is what a student's endless loop is; a single long C call (a sleep, a huge sum)
      ends before it is stopped, and a bare ``except:`` that swallows _TooSlow keeps the loop
      going (CPython drops a trace function that raised). It follows only the lines of the
      student's code (their function's file, and any file outside puzzlelib and the Python
      installation, such as another notebook cell); every other call costs a dictionary lookup.
      The checks then take about three times as long (08.5's, the slowest: 0.3 s -> 1.0 s).

    Both are backed by a watchdog thread (:class:`_Watchdog`) that raises _TooSlow in the checking
    thread from outside, so a function that switches the alarm off or ignores SIGALRM and then loops
    is stopped too. In this process a function can still end the kernel (``os._exit``): only the
    sandbox prevents that.

    A spawned worker process cannot be used there: under spawn (Windows, and macOS by default) a
    function is pickled by its name, and the worker cannot import the notebook's names. Whatever was
    there before, a timer already running or a debugger's or coverage's trace function, is restored
    afterwards.
    """
    if _fork_works():
        return _run_in_child(seconds, run, fn)
    with _Watchdog(seconds + _WATCHDOG_GRACE):
        if _alarm_works():
            return _run_with_alarm(seconds, run, fn)
        return _run_with_trace(seconds, run, fn)


_WATCHDOG_GRACE = 0.5
"""Seconds past the time limit after which the watchdog steps in (the alarm or the trace should have)."""


class _Watchdog:
    """Without a forked child: a thread that, once ``seconds`` are up, raises _TooSlow in the checking thread
    every 0.25 s until the step ends (CPython's ``PyThreadState_SetAsyncExc``).

    It is the backstop for a student's function that switches the alarm off (``signal.setitimer(...,
    0)``), ignores SIGALRM or removes the trace function, then loops: none of that reaches a thread
    the student's code doesn't know. It can't stop one long C call (a sleep) or code that catches
    every exception in a loop; only the forked child of Linux can.
    """

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.target = threading.get_ident()
        self.stopped = threading.Event()
        self.lock = threading.Lock()
        self.done = False
        try:
            import ctypes
            self.raise_in = ctypes.pythonapi.PyThreadState_SetAsyncExc   # bound before the student's code runs
            self.ident = ctypes.c_ulong(self.target)
            self.error = ctypes.py_object(_TooSlow)
        except (ImportError, AttributeError):                          # not CPython: no backstop
            self.raise_in = None
        self.thread = threading.Thread(target=self._watch, name="puzzlelib-watchdog", daemon=True)

    def _watch(self):
        if self.stopped.wait(self.seconds):
            return
        while True:
            with self.lock:                    # after __exit__ has passed the lock, nothing more is raised
                if self.done:
                    return
                self.raise_in(self.ident, self.error)
            if self.stopped.wait(0.25):
                return

    def __enter__(self):
        if self.raise_in is not None:
            self.thread.start()
        return self

    def __exit__(self, kind, value, tb):
        late = None
        for _ in range(1000):
            try:
                self.done = True
                with self.lock:                # waits out a raise in progress; one raised before lands here
                    pass
                self.stopped.set()
                break
            except _TooSlow as err:
                late = err
        if self.raise_in is not None:
            self.thread.join()
        if late is not None and kind is None:
            raise late                         # the step ended past its time: too slow all the same
        return False


def _run_with_alarm(seconds: float, run: Callable, fn: Callable):
    state = {"active": True}

    def on_alarm(signum, frame):
        if state["active"]:
            raise _TooSlow()

    old_handler = signal.signal(signal.SIGALRM, on_alarm)
    old_delay, old_interval = signal.setitimer(signal.ITIMER_REAL, seconds, 0.25)
    began = time.monotonic()
    try:
        return run(fn)
    finally:
        state["active"] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if old_delay > 0:
            signal.setitimer(signal.ITIMER_REAL, max(old_delay - (time.monotonic() - began), 0.001), old_interval)


def _run_in_child(seconds: float, run: Callable, fn: Callable):
    """``run(fn)`` with ``fn`` in a :class:`~puzzlelib.exercises.sandbox.Sandbox`: the step's judging stays here.

    The student's function runs in a child process it can't leave (see :mod:`puzzlelib.exercises.sandbox`);
    each call's value comes back as plain data and is judged in this process, so nothing the function
    does can forge a verdict. When the step's ``seconds`` are up the child is killed and _TooSlow raised.
    """
    box = Sandbox(fn, seconds)
    try:
        return run(box)
    finally:
        box.close()


def _is_student_file(filename: str, own: str | None) -> bool:
    """Is code from ``filename`` the student's? Their function's own file, or one outside puzzlelib and Python."""
    if filename == own:
        return True
    if filename.startswith("<"):                  # "<ipython-input-3-...>", "<stdin>"; not "<frozen importlib...>"
        return not filename.startswith("<frozen")
    try:
        path = str(Path(filename).resolve())
    except (OSError, ValueError):
        return True
    return not path.startswith(_LIBRARY_DIRS)


def _run_with_trace(seconds: float, run: Callable, fn: Callable):
    deadline = time.monotonic() + seconds
    import types
    call = inspect.getattr_static(type(fn), "__call__", None)
    code = fn.__code__ if type(fn) is types.FunctionType else getattr(call, "__code__", None) \
        if type(call) is types.FunctionType else None
    own = code.co_filename if code is not None else None
    student: dict[str, bool] = {}                 # co_filename -> is it the student's code?

    def on_line(frame, event, arg):
        if event == "line" and time.monotonic() > deadline:
            raise _TooSlow()
        return on_line

    def on_call(frame, event, arg):
        filename = frame.f_code.co_filename
        mine = student.get(filename)
        if mine is None:
            mine = student[filename] = _is_student_file(filename, own)
        return on_line if mine else None

    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        return run(fn)
    finally:
        sys.settrace(previous)


# --- checking a function ------------------------------------------------------------------------

_CURRENT = [""]


def _call(fn, args: tuple, shows: str):
    """Call the student's function; an exception becomes a _Fail naming the input."""
    _CURRENT[0] = shows
    try:
        return fn(*args)
    except (_TooSlow, KeyboardInterrupt):       # the time limit, and the student pressing stop
        raise
    except StudentRaised as err:                # raised in the sandbox
        raise _Fail(f"{shows} raised {err.description}") from None
    except Unreadable as err:                   # the sandbox ended, or sent something that is not a value
        raise _Fail(f"{shows}: {err}") from None
    except BaseException as err:  # noqa: BLE001  (SystemExit, GeneratorExit...: the student's error too)
        raise _Fail(f"{shows} raised {_describe(err)}") from None


def _check_function(ex: Exercise, fn) -> bool:
    if not callable(fn) or issubclass(type(fn), type):
        shown = _short(fn, 60) if type(fn) in (int, float, str, bool, type(None), tuple, list) else "a value"
        raise TypeError(f'exercise {ex.id} asks for a function: write {ex.function}(...) and pass the function '
                        f'itself, check("{ex.id}", {ex.function}), not its result; got {shown} of type '
                        f"{type(fn).__name__}")
    for _, problem, _ in _step_results(ex, fn):
        if problem is not None:
            print(f"not yet: {problem}")
            print(_more(ex))
            return False
    print(f"correct: {ex.why}")
    return True


def _library_functions(ex: Exercise) -> list:
    import importlib
    found = []
    for spec in ex.library:
        module, _, name = spec.partition(":")
        found.append(getattr(importlib.import_module(module), name))
    return found


def _codes(code):
    yield code
    for const in code.co_consts:
        if inspect.iscode(const):
            yield from _codes(const)


def _borrowed(ex: Exercise, fn) -> str | None:
    """The name of the puzzlelib function that answers ``ex`` which ``fn`` is, wraps or calls; else None.

    It reads the student's objects without running any of their code: only functions, bound methods,
    partials and a callable object's class ``__call__`` are followed, through their C-level attributes
    and static look-ups, so a ``__getattr__`` or property that loops or exits is never called here.
    """
    import functools
    import types
    banned = _library_functions(ex)
    if not banned:
        return None
    seen, todo = set(), [fn]
    while todo and len(seen) < 10_000:               # fn, partials, bound methods, closures and defaults
        f = todo.pop()
        if id(f) in seen:
            continue
        seen.add(id(f))
        for b in banned:
            if f is b:
                return b.__name__
        kind = type(f)
        if kind is functools.partial:
            todo.append(f.func)
            continue
        if kind is types.MethodType:
            todo.append(f.__func__)
            continue
        if kind is not types.FunctionType:
            call = inspect.getattr_static(kind, "__call__", None)
            if type(call) is types.FunctionType:     # a callable object of the student's class
                todo.append(call)
            continue
        module = f.__module__
        if type(module) is str and module.startswith("puzzlelib"):
            continue                                  # only the student's own code is read, not the library's
        scope = f.__globals__
        names = {n for c in _codes(f.__code__) for n in c.co_names}
        for n in names:
            value = dict.get(scope, n)
            if value is None:
                continue
            if type(value) is types.ModuleType:       # frontier.pack(...)
                members = value.__dict__
                todo += [m for m in (dict.get(members, name) for name in names) if callable(m)]
            elif callable(value):
                todo.append(value)
        todo += [c.cell_contents for c in (f.__closure__ or ()) if _has_contents(c)]
        todo += [d for d in (f.__defaults__ or ()) if callable(d)]
    return None


def _has_contents(cell) -> bool:
    try:
        cell.cell_contents
    except ValueError:
        return False
    return callable(cell.cell_contents)


def _step_results(ex: Exercise, fn):
    """Run each hidden step of a function exercise on ``fn``: yield ``(step, None, False)`` for a pass,
    or ``(step, problem, too_slow)``: the "not yet" message (the input, what went wrong, never the
    right output), and whether the step ran out of time. A function that passes every step by handing
    the work to the puzzlelib function the exercise asks for gets one more problem, with ``step`` None."""
    steps = ex.steps()                         # hidden data is built here, before any clock starts
    failed = False
    for step in steps:
        limit = SECONDS_PER_CASE * step.weight
        _CURRENT[0] = f"{ex.function}(...)"
        too_slow = False
        try:
            _run_limited(limit, step.run, fn)
            problem = None
        except _TooSlow:
            too_slow = True
            problem = (f"{_CURRENT[0]} took longer than {limit:g} s, the time limit for this test. "
                       "Look for a loop that never ends, or work repeated inside a loop.")
        except _Fail as fail:
            problem = str(fail)
        except Exception as err:  # noqa: BLE001  (an odd answer broke the check itself: still "not yet")
            problem = f"{_CURRENT[0]}: your function's result could not be checked ({_describe(err)})"
        failed = failed or problem is not None
        yield step, problem, too_slow
    if not failed:
        borrowed = _borrowed_name(ex, fn)
        if borrowed:
            yield None, _borrowed_problem(ex, borrowed), False


def _borrowed_name(ex: Exercise, fn) -> str | None:
    try:
        return _borrowed(ex, fn)
    except Exception:  # noqa: BLE001  (an odd object: never a crash of the check)
        return None


def _borrowed_problem(ex: Exercise, name: str) -> str:
    """The "not yet" of an answer that hands the work to puzzlelib's own ``name``."""
    return f"your {ex.function} uses puzzlelib's own {name}; the exercise asks you to write those steps yourself."


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
