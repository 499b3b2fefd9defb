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
or a float.
"""

from __future__ import annotations

import numbers

__all__ = ["PuzzleError", "TooLargeError", "NodeLimitError", "SearchBudgetError", "whole_number"]


class PuzzleError(ValueError):
    """The base of every refusal that puzzlelib raises on purpose."""


class TooLargeError(PuzzleError):
    """A request that would need more memory than the budget allows, refused before any work."""


class NodeLimitError(TooLargeError):
    """A search stopped because it expanded or stored more nodes than ``max_nodes`` allows."""


SearchBudgetError = NodeLimitError
"""The old name of :class:`NodeLimitError` (it counts nodes, not bytes)."""


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
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {value!r} of type {type(value).__name__}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be at most {maximum}, got {value}")
    return value
