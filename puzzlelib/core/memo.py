"""The one memoising wrapper: every answer the package remembers for the next call is kept by a :class:`Memo`.

A lesson function never keeps a cache of its own: the tables made once per shape (the blank's
neighbours, the goal boards, each tile's home) are :func:`memo` functions, and the engines keep their
BFS spaces and pattern databases in a :class:`Memo` too (their files on disk go through
:mod:`puzzlelib.engines.storage`). So one interface shows and clears all of it: :func:`kept` lists what
is remembered, :func:`forget` clears it.

A :class:`Memo` forgets the answer used longest ago first, when it holds more than ``items`` answers or,
with a ``weight``, more than ``total`` weight (boards, bytes); an answer heavier than ``largest`` is
handed out but not kept. What it keeps must not be changed by whoever gets it: the engines keep tuples
and read-only arrays, and hand out copies of anything else.

>>> squares = Memo("squares", items=2)
>>> squares.get(3, lambda: 3 * 3), squares.get(4, lambda: 16), squares.get(3, lambda: "not called")
(9, 16, 9)
>>> squares.get(5, lambda: 25); squares.keys()       # 4 was used longest ago: forgotten
25
[3, 5]
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from typing import Callable

__all__ = ["Memo", "memo", "kept", "forget"]

_MEMOS: list["Memo"] = []
"""Every Memo made in this process, so that :func:`kept` and :func:`forget` reach them all."""


class Memo:
    """Answers kept for the next call, by key; the one used longest ago is forgotten first.

    ``items``: the most answers kept (None: no limit by count). ``weight(value)``: an answer's size,
    with ``total`` the most weight kept in all and ``largest`` the heaviest answer kept at all.
    """

    def __init__(self, name: str, *, items: int | None = None, weight: Callable | None = None,
                 total: int | None = None, largest: int | None = None):
        self.name, self.items, self.weight = name, items, weight
        self.total, self.largest = total, largest
        self._kept: OrderedDict = OrderedDict()
        self._weights: dict = {}
        _MEMOS.append(self)

    def get(self, key, make: Callable):
        """The answer kept for ``key`` (now the newest), or ``make()``'s, kept if it fits."""
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        value = make()
        self.put(key, value)
        return value

    def put(self, key, value) -> None:
        """Keep ``value`` for ``key`` if it fits, forgetting the oldest answers to make room."""
        w = self.weight(value) if self.weight else 1
        if self.largest is not None and w > self.largest:
            return
        self.drop(key)
        while self._kept and ((self.items is not None and len(self._kept) >= self.items)
                              or (self.total is not None and sum(self._weights.values()) + w > self.total)):
            self.drop(next(iter(self._kept)))
        self._kept[key], self._weights[key] = value, w

    def peek(self, key, default=None):
        """The answer kept for ``key`` without making it the newest, or ``default``."""
        return self._kept.get(key, default)

    def drop(self, key) -> None:
        """Forget the answer for ``key``, if one is kept."""
        self._kept.pop(key, None)
        self._weights.pop(key, None)

    def keys(self) -> list:
        """The keys kept, the one used longest ago first."""
        return list(self._kept)

    def weights(self) -> list:
        """(key, weight) of each answer kept, the one used longest ago first."""
        return [(key, self._weights[key]) for key in self._kept]

    def clear(self) -> None:
        self._kept.clear()
        self._weights.clear()

    def __repr__(self) -> str:
        return f"Memo({self.name!r}: {len(self._kept)} kept)"


def memo(items: int):
    """Decorator: remember a pure function's answers by its arguments (hashable), in a :class:`Memo`.

    >>> @memo(items=8)
    ... def cube(n):
    ...     return n ** 3
    >>> cube(3), cube.memo.keys()
    (27, [(3,)])
    """
    def wrap(function):
        store = Memo(f"{function.__module__}.{function.__qualname__}", items=items)

        @functools.wraps(function)
        def remembered(*args):
            answers = store._kept
            if args in answers:                     # the common case first: a table made before
                answers.move_to_end(args)
                return answers[args]
            value = function(*args)
            store.put(args, value)
            return value

        remembered.memo = store
        return remembered
    return wrap


def kept() -> list[tuple[str, int]]:
    """(name, answers kept) of every :class:`Memo` that holds something now.

    >>> forget(); kept()
    []
    """
    return [(m.name, len(m._kept)) for m in _MEMOS if m._kept]


def forget() -> None:
    """Forget every answer every :class:`Memo` keeps (files on disk stay).

    >>> from puzzlelib.core.board import neighbor_table
    >>> _ = neighbor_table(2, 2); forget(); kept()
    []
    """
    for m in _MEMOS:
        m.clear()
