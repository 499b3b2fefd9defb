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
import inspect
import numbers
import os
import re
from collections.abc import Callable
from dataclasses import dataclass


from puzzlelib.core.board import Board
from puzzlelib.course.exercises.sandbox import FORBIDDEN, StudentRaised, TimeUp, Unreadable, _describe
from puzzlelib.course.exercises.answers import (_NotPlain, _Sealed, _a, _equal, _family, _is_bool, _not_plain_hint,
                                              _plain, _short, _type, _type_hint)
from puzzlelib.course.exercises.sealing import _check_of, _sealed, _unseal
from puzzlelib.course.exercises.timing import _run_limited

__all__ = ["EXERCISES", "KINDS", "LEVELS", "NO_SOLUTIONS_FILE", "SECONDS_PER_CASE", "Exercise", "Mistake",
           "check", "exercises", "hint", "reveal"]

LEVELS = ("warm-up", "core", "challenge")
"""The levels of difficulty, easiest first."""

KINDS = ("value", "function", "proof")
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
    :mod:`puzzlelib.course.exercises.solutions`, whose source :func:`reveal` prints).
    ``steps`` builds the hidden test steps of a function exercise, and
    ``function`` names the function the student writes. Use :func:`check`,
    :func:`hint` and :func:`reveal` rather than these fields.

    >>> ex = EXERCISES["03.3"]
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
    questions: tuple = ()
    """A proof exercise's self-check: questions a complete proof answers yes to (never the proof itself)."""
    rubric: tuple = ()
    """A proof exercise's marking scheme: ``(points, criterion)`` pairs, for the teacher's version only."""

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
        if self.kind == "proof":
            if not self.questions or not all(isinstance(q, str) and q.strip() for q in self.questions):
                raise TypeError("a proof exercise needs questions, a tuple of non-empty strings")
            if not self.rubric or not all(isinstance(r, tuple) and len(r) == 2 and type(r[0]) is int and r[0] > 0
                                          and isinstance(r[1], str) and r[1].strip() for r in self.rubric):
                raise TypeError("a proof exercise needs a rubric, a tuple of (points, criterion) pairs")


@dataclass(frozen=True)
class _Step:
    """A hidden test step of a function exercise: ``run(fn)`` raises _Fail at the first problem.

    ``weight`` is its share of the points (and, times SECONDS_PER_CASE, its time limit). ``needs`` lists
    the ``run`` of other steps that must pass too for this one to earn its points: a property that any
    trivial function has (0 at the goal is true of ``return 0``) counts only beside one that takes work.
    """

    run: Callable
    weight: float = 1.0
    needs: tuple = ()

    def __post_init__(self):
        if not isinstance(self.needs, tuple) or not all(callable(run) for run in self.needs):
            raise TypeError("needs must be a tuple of the run functions of other steps")


class _Fail(Exception):
    """A step found the student's function wrong; the message says where, never the right output."""


_TooSlow = TimeUp
"""Raised by the time limit; a BaseException, so ``except Exception`` in student code cannot swallow it."""


EXERCISES: dict[str, Exercise] = {}
"""Every exercise, by id ("03.2": notebook 03, exercise 2), in notebook order."""

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + os.sep
"""The puzzlelib folder: a function whose code is in it is the library's own, not a student's."""

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


def _proof_exercise(*, model: str, questions, rubric, **fields) -> Exercise:
    """Register a written proof: ``model`` is the model proof (markdown), graded by hand with ``rubric``."""
    return _register(kind="proof", solution=lambda: model, questions=tuple(questions), rubric=tuple(rubric),
                     **fields)


def _proof_questions(ex: Exercise) -> None:
    print(f"Exercise {ex.id} asks for a proof, which no code can judge. Read yours against these questions; "
          "a complete proof answers yes to each:")
    for i, question in enumerate(ex.questions, 1):
        print(f"  {i}. {question}")
    print(f'(more help: hint("{ex.id}"))')


# --- small helpers ------------------------------------------------------------------------------


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

def check(exercise_id: str, answer=...) -> bool | None:
    """Check an answer to exercise ``exercise_id``; print ``correct`` or ``not yet`` with a hint.

    It never prints the expected value. For a value exercise, a mistake that
    can be foreseen gets its own hint; a bool is never accepted as a number.
    For a function exercise, pass the function itself: it runs on hidden
    cases, each under a time limit, and the first input it gets wrong is
    reported, without the right output. A function exercise given something
    that is not a function raises TypeError; an unknown id raises ValueError.
    Returns True when the answer is right. A proof exercise (``check("04.8")``, no answer) prints the
    questions a complete proof answers yes to, and returns None.

    >>> check("00.0", 4)
    correct: a move carries the blank one cell along a row or a column, and it must cross two rows ...
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
    if ex.kind == "proof":
        return _proof_questions(ex)
    if answer is ...:
        print("not answered yet: replace ... with your answer")
        return False
    if ex.kind == "function":
        return _check_function(ex, answer)
    return _check_value(ex, answer)


def hint(exercise_id: str) -> None:
    """Print the general hint of an exercise (it never gives the answer).

    >>> hint("03.3")
    Hint for exercise 03.3 (Count the inversions, tile by tile): read the tiles row by row and skip the
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
    if ex.kind == "proof":
        print(f"Revealing a model proof for exercise {ex.id} ({ex.title}):\n\n{value}")
        return value
    value = copy.deepcopy(value)               # the caller may change it; the stored answer must not change
    print(f"Revealing the answer to exercise {ex.id}: {_show(value)}")
    return value


def exercises(notebook=None) -> list[str]:
    """List the exercises (of one notebook, or of all): id, level, minutes, kind and title.

    ``notebook`` is a number (3) or a string ("03"). Returns the ids.

    >>> ids = exercises(4)
    id    level      min  kind      title
    04.1  challenge   15  value     Lemma 2 needs two rows below
    04.2  core        10  value     Why 1 x n is different: the theorem needs two rows
    04.3  core        10  value     A cut cell in the way: count the boards
    04.4  core        10  value     Every goal it can reach
    04.5  core        10  value     Lemma 5 leaves the blank alone
    04.6  core        10  value     Two turns that share a cell
    04.7  core        10  value     The blank at home: even orders only
    04.8  core        20  proof     Prove that a dead end traps its tile
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


# --- the time limit -----------------------------------------------------------------------------


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
        if FORBIDDEN in err.description:         # it called a library function the exercise forbids
            name = re.search(r"puzzlelib\.([\w.<>]+) in the sandbox", err.description)
            raise _Fail(f"{shows} called puzzlelib's own {name.group(1) if name else 'answer'}: {FORBIDDEN}") from None
        raise _Fail(f"{shows} raised {err.description}") from None
    except Unreadable as err:                   # the sandbox ended, or sent something that is not a value
        raise _Fail(f"{shows}: {err}") from None
    except BaseException as err:  # noqa: BLE001  (SystemExit, GeneratorExit...: the student's error too)
        raise _Fail(f"{shows} raised {_describe(err)}") from None


def _placeholder():
    ...


def _steps(code) -> list:
    import dis
    return [(i.opname, i.argval) for i in dis.get_instructions(code) if i.opname not in ("RESUME", "NOP")]


def _unwritten(fn) -> bool:
    """True for a function whose body is still the placeholder ``...`` (or ``pass``, after a docstring or
    not): it does nothing but return None."""
    if type(fn) is not type(_placeholder):     # only a plain function is looked into: an object's own
        return False                           # __getattr__ must never run here (see tests/test_sandbox.py)
    return _steps(fn.__code__) == _steps(_placeholder.__code__)


def _check_function(ex: Exercise, fn) -> bool:
    if not callable(fn) or issubclass(type(fn), type):
        shown = _short(fn, 60) if type(fn) in (int, float, str, bool, type(None), tuple, list) else "a value"
        raise TypeError(f'exercise {ex.id} asks for a function: write {ex.function}(...) and pass the function '
                        f'itself, check("{ex.id}", {ex.function}), not its result; got {shown} of type '
                        f"{type(fn).__name__}")
    if _unwritten(fn):
        print(f"not answered yet: write the body of {ex.function} in place of its ...")
        return False
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
        function = getattr(importlib.import_module(module), name)
        found.append(function)
        body = getattr(function, "__wrapped__", None)      # a function behind a door: its body is the same answer
        if body is not None:
            found.append(body)
    return found


def _answer_keys() -> list:
    """What no answer may call in the sandbox: the reference solutions and expected values of every
    exercise, ``reveal``, and the ways back to a replaced function (``importlib.reload``, ``inspect.getsource``)."""
    import importlib
    from puzzlelib.course.exercises.solutions import SOLUTIONS
    return [*SOLUTIONS.values(), *(ex.solution for ex in EXERCISES.values()), reveal, _expected,
            importlib.reload, inspect.getsource, inspect.getsourcelines, inspect.findsource]


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
    # the library's answer is refused in the sandbox, except for puzzlelib's own functions (the engine's
    # flawed examples are written with it; the library function itself is caught by _borrowed below);
    # the judge's Program, which is not callable, always meets the refusal
    ours = inspect.isfunction(fn) and fn.__code__.co_filename.startswith(_PACKAGE_DIR)
    forbidden = () if ours else _library_functions(ex) + _answer_keys()
    failed = False
    for step in steps:
        limit = SECONDS_PER_CASE * step.weight
        _CURRENT[0] = f"{ex.function}(...)"
        too_slow = False
        try:
            _run_limited(limit, step.run, fn, forbidden)
            problem = None
        except _TooSlow as err:
            too_slow = True
            problem = str(err) or (f"{_CURRENT[0]} took longer than {limit:g} s, the time limit for this test. "
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
