"""Checks behind notebook 01's claims (states and encoding), written so that they can fail.

* :func:`distinct_in_base` and :func:`base_problem`: reading a board's tiles as digits gives every
  board its own number in a base of at least mn, and not in a smaller one;
* :func:`factorial_base_problem`: the digit strings of the factorial number system, with the place
  values (k - 1 - i)!, give each number from 0 to k! - 1 exactly once.

They live here, not in the notebook, so that no cell above exercises 01.4 and 01.5 holds the code
those exercises ask the student to write.
"""

from __future__ import annotations

import itertools
from math import factorial

from puzzlelib.core.errors import whole_number

__all__ = ["distinct_in_base", "base_problem", "factorial_base_problem"]


def _value(digits, base: int) -> int:
    value = 0
    for d in digits:
        value = value * base + d
    return value


def distinct_in_base(tile_tuples, base: int) -> int:
    """How many different numbers the tuples give when each is read as the digits of a base-``base`` number.

    >>> import itertools
    >>> distinct_in_base(itertools.permutations(range(6)), 5)     # 720 boards of 2 x 3, 684 numbers
    684
    """
    return len({_value(t, base) for t in tile_tuples})


MAX_TUPLES = 10**6
"""The most tuples :func:`base_problem` reads (every 2 x 4 board is 40,320)."""


def _checked_tuples(tile_tuples) -> list[tuple[int, ...]]:
    """``tile_tuples`` as a list of tuples of whole numbers (at most MAX_TUPLES of at most 1,024 each)."""
    if not isinstance(tile_tuples, (list, tuple)) and not hasattr(tile_tuples, "__next__"):
        raise TypeError(f"tile_tuples must be a list or an iterator of tuples, got {type(tile_tuples).__name__}")
    tuples = list(itertools.islice(tile_tuples, MAX_TUPLES + 1))
    if len(tuples) > MAX_TUPLES:
        raise ValueError(f"base_problem reads at most {MAX_TUPLES:,} tuples")
    for t in tuples:
        if not isinstance(t, (tuple, list)) or len(t) > 1024 or \
                not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**16 for x in t):
            raise TypeError("each entry of tile_tuples must be a tuple of at most 1,024 tiles, whole numbers "
                            f"0..65535; got {type(t).__name__} {str(t)[:60]}")
    return [tuple(t) for t in tuples]


def _checked_bases(bases) -> list[int]:
    """``bases`` as a list of at most 100 whole numbers from 2 to 1,000,000."""
    if not isinstance(bases, (list, tuple, range)) or len(bases) > 100:
        raise TypeError("bases must be a list, tuple or range of at most 100 whole numbers, got "
                        f"{type(bases).__name__}")
    return [whole_number(b, "base", minimum=2, maximum=10**6) for b in bases]


def base_problem(tile_tuples, smallest: int, bases) -> str | None:
    """None when, for each base in ``bases``, the tuples read in that base get different numbers exactly
    when the base is at least ``smallest``; otherwise a message naming the first base where that fails.

    >>> import itertools
    >>> boards = list(itertools.permutations(range(6)))
    >>> base_problem(boards, 6, range(2, 9)) is None
    True
    >>> base_problem(boards, 5, range(2, 9))
    'in base 5 the 720 tuples get only 684 different numbers'
    """
    tuples, smallest, bases = _checked_tuples(tile_tuples), whole_number(smallest, "smallest"), _checked_bases(bases)
    wanted = len(set(tuples))
    for base in bases:
        got = distinct_in_base(tuples, base)
        if base >= smallest and got != wanted:
            return f"in base {base} the {wanted} tuples get only {got} different numbers"
        if base < smallest and got == wanted:
            return f"in base {base} the {wanted} tuples get {wanted} different numbers, none shared"
    return None


def factorial_base_problem(k: int, place_value) -> str | None:
    """None when the digit strings c_0 ... c_(k-1), with 0 <= c_i <= k - 1 - i, weighted by
    ``place_value(i)``, give each number from 0 to k! - 1 exactly once; otherwise what goes wrong.

    >>> factorial_base_problem(5, lambda i: factorial(5 - 1 - i)) is None
    True
    >>> factorial_base_problem(5, lambda i: factorial(5 - i))
    'the 120 digit strings give numbers from 0 to 566, not each of 0 to 119 once'
    """
    from puzzlelib.core.errors import whole_number
    from puzzlelib.course.evidence import _check_callable
    k = whole_number(k, "k", minimum=1, maximum=9)          # 9! strings at most: about a second
    _check_callable(place_value, "place_value")
    strings = itertools.product(*(range(k - i) for i in range(k)))
    values = sorted(sum(c * place_value(i) for i, c in enumerate(cs)) for cs in strings)
    if values != list(range(factorial(k))):
        return (f"the {len(values)} digit strings give numbers from {values[0]} to {values[-1]}, "
                f"not each of 0 to {factorial(k) - 1} once")
    return None
