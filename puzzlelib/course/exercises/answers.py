"""Reading a student's answer: plain data only, compared by value, and the hints for a wrong type or shape.

:func:`_plain` copies an answer into plain Python values (or refuses it) without running any of the
student's code; :func:`_equal` compares two plain values; :func:`_type_hint` says what was expected
when the type or shape is wrong, never the value.
"""

from __future__ import annotations

__all__: list[str] = []     # the exercise engine's own helpers: nothing here is for the student

import decimal
import fractions
import math
import numbers
import numpy as np
from puzzlelib.core.board import Board
from puzzlelib.course.exercises.sandbox import Opaque


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
            return ("a Board where a tuple is expected: read again what the exercise asks for (a pair such as "
                    "(board, tile) is a tuple; a board's own tiles are board.tiles).")
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
            return (f"a {got} where a Board is expected: make one from the tiles with "
                    "Board.from_tiles(tiles, rows, cols), or row by row with Board([[...], [...]]).")
        return None if got == "Board" else f"{_a(answer)} where a Board is expected."
    if want == "str":
        if got != "str":
            return f"{_a(answer)} where a string is expected: put your answer in quotes."
        return None
    return None


class _Sealed:
    """Stands for an expected value the package does not hold: only its family ("number", "set"...)."""

    def __init__(self, family: str):
        self.family = family
