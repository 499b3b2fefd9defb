"""What puzzlelib refuses, and the one check of whole-number arguments.

Every refusal in puzzlelib is a :class:`PuzzleError`, itself a ``ValueError``,
so ``except ValueError`` catches them all:

* :class:`TooLargeError`: refused up front, because the request would need
  more memory than the budget (a whole BFS of 4 x 4, a graph too big to draw).
* :class:`NodeLimitError` (a kind of TooLargeError): a search ran and stopped
  when it had expanded or stored ``max_nodes`` nodes without an answer.
  ``SearchBudgetError`` is its old name, kept as an alias; "budget" means
  bytes of memory everywhere else in puzzlelib.

Wrong types raise ``TypeError`` and wrong values ``ValueError``, each with a
message that says what is wrong. Every public argument that takes a whole
number (``max_nodes``, ``budget``, ``seed``, ``samples``, ``rows``/``cols``,
a tile, a rank, ...) is checked by :func:`whole_number`, so they all accept
the same things: any ``numbers.Integral`` (``np.int64(5)`` too), never a bool
or a float. Every flag (``check_parity``, ``progress``, ``build``, ...) is
checked by :func:`check_flag`: True or False (or a numpy bool), never
``"no"``, ``0`` or ``None``, which Python would quietly read as False.
"""

from __future__ import annotations

import numbers

__all__ = ["PuzzleError", "TooLargeError", "NodeLimitError", "SearchBudgetError", "whole_number", "check_flag",
           "number_text", "short_repr"]


class PuzzleError(ValueError):
    """The base of every refusal that puzzlelib raises on purpose."""


class TooLargeError(PuzzleError):
    """A request that would need more memory than the budget allows, refused before any work."""


class NodeLimitError(TooLargeError):
    """A search stopped because it expanded or stored more nodes than ``max_nodes`` allows."""


SearchBudgetError = NodeLimitError
"""The old name of :class:`NodeLimitError` (it counts nodes, not bytes)."""


def number_text(n, commas: bool = True) -> str:
    """A number for a message: in full when short, else its size in digits (never Python's 4,300-digit error).

    Every message of puzzlelib that shows a number which may be huge goes
    through here, so ``Board.goal(10**5000, 1)`` says what is wrong instead
    of failing to print the number.

    >>> number_text(12345), number_text(-7)
    ('12,345', '-7')
    >>> number_text(10**5000)
    'a number of about 5,001 digits'
    >>> number_text(2.5)
    '2.5'
    """
    if type(commas) is not bool:
        check_flag(commas, "commas")
    if isinstance(n, numbers.Integral) and not isinstance(n, bool):
        n = int(n)
        if abs(n) < 10**30:
            return f"{n:,}" if commas else str(n)
        digits = int(abs(n).bit_length() * 0.30103) + 1
        return f"{'minus ' if n < 0 else ''}a number of about {digits:,} digits"
    return short_repr(n)


def short_repr(value, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for a message; never raises, whatever ``value`` is.

    >>> short_repr("x" * 100, 10)
    "'xxxxxxxxx..."
    >>> short_repr(10**5000)
    'a number of about 5,001 digits'
    """
    if type(value) is int and abs(value) >= 10**30:
        return number_text(value)
    try:
        text = repr(value)
    except Exception:                    # a repr that raises (or is too big to make) still gets a name
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit] + "..."


def whole_number(value, name: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """``value`` as an int, checked: any ``numbers.Integral`` but a bool, from ``minimum`` to ``maximum``.

    A wrong type raises TypeError, a value out of range ValueError; both
    messages name the argument. ``True`` is refused although Python counts
    it as 1: a tile or a seed called ``True`` is a mistake, not a 1.

    >>> import numpy as np
    >>> whole_number(np.int64(5), "max_nodes", minimum=1)
    5
    >>> whole_number(1.5, "max_nodes")
    Traceback (most recent call last):
    ...
    TypeError: max_nodes must be an integer, got 1.5 of type float
    >>> whole_number(0, "max_nodes", minimum=1)
    Traceback (most recent call last):
    ...
    ValueError: max_nodes must be at least 1, got 0
    """
    if type(value) is int and (minimum is None or value >= minimum) and (maximum is None or value <= maximum):
        return value                  # the common case, quickly: a plain int in range (never a bool)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {short_repr(value)} of type {type(value).__name__}")
    try:
        value = int(value)            # a plain int: a subclass's lying __eq__ or __lt__ plays no part below
    except Exception as err:          # an Integral whose __int__ fails is not a whole number we can use
        raise TypeError(f"{name} must be an integer; {type(value).__name__} could not be turned into one "
                        f"({type(err).__name__})") from None
    if type(value) is not int:
        raise TypeError(f"{name} must be an integer; {type(value).__name__}.__int__ gave a {type(value).__name__}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {number_text(minimum, False)}, got {number_text(value, False)}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be at most {number_text(maximum, False)}, got {number_text(value, False)}")
    return value


def check_flag(value, name: str, *, allow_none: bool = False) -> bool | None:
    """``value`` as a bool, checked: True or False (a numpy bool too); anything else is a TypeError naming ``name``.

    Python reads any value as true or false, so ``check_parity="no"`` would quietly mean True and ``progress=0``
    False: a flag given something else is a mistake, said at once. ``allow_none`` lets None through, for a flag
    whose None means "decide for me".

    >>> check_flag(False, "check_parity"), check_flag(None, "progress", allow_none=True)
    (False, None)
    >>> check_flag("no", "check_parity")
    Traceback (most recent call last):
    ...
    TypeError: check_parity must be True or False, got 'no' of type str
    """
    if type(allow_none) is not bool:
        allow_none = check_flag(allow_none, "allow_none")
    if type(value) is bool or (value is None and allow_none):
        return value                  # the common case, quickly
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_"):
        return bool(value)
    either = "True, False or None" if allow_none else "True or False"
    raise TypeError(f"{name} must be {either}, got {short_repr(value)} of type {kind.__name__}")
