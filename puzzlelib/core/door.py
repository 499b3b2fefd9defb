"""Arguments are checked once, at the public door; the function's body is the algorithm.

A lesson function is written as the algorithm and nothing else: a student who reads ``misplaced`` (or
``show_source(misplaced)``) sees the count of misplaced tiles, not the checks of a board and a goal.
The checks live in a *door* put in front of the body with :func:`door`, as networkx's ``argmap`` does:

    @door(board_and_goal_args)
    def misplaced(board, goal=None):
        return sum(1 for t, g in zip(board.tiles, goal.tiles) if t != BLANK and t != g)

The door is a function ``prepare(args)`` that gets the call's arguments by name (defaults filled in, a
plain dict it may change), raises ``TypeError`` or ``ValueError`` on bad input, refuses a request too big
to finish (``TooLargeError``), and replaces each argument by its checked form (a nested list by a
:class:`~puzzlelib.core.board.Board`, ``goal=None`` by the standard goal, ``max_nodes=None`` by its default).
It may return :class:`Answer` to give the result without running the body (an unsolvable start: ``None``).

The decorated function keeps the body's name, signature, docstring and module (doctests and the API
reference find it as usual); ``f.__wrapped__`` is the body itself, which :func:`~puzzlelib.course.notebook.source`
shows without the decorator line.

>>> def positive(args):
...     if args["n"] < 1:
...         raise ValueError(f"n must be at least 1, got {args['n']}")
>>> @door(positive)
... def triangle(n):
...     return n * (n + 1) // 2
>>> triangle(4), triangle.__wrapped__(0)
(10, 0)
>>> triangle(0)
Traceback (most recent call last):
...
ValueError: n must be at least 1, got 0
"""

from __future__ import annotations

import functools
import inspect
import types
from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["door", "Answer", "keyword_only"]


@dataclass(frozen=True)
class Answer:
    """What a door returns to answer a call without running the body (``Answer(None)``: no path).

    >>> @door(lambda args: Answer(0) if args["n"] == 0 else None)
    ... def reciprocal(n):
    ...     return 1 / n
    >>> reciprocal(0), reciprocal(4)
    (0, 0.25)
    """

    value: Any


def _moved(function_name: str, legacy: tuple, positional: int, args: tuple, kwargs: dict):
    """(args, kwargs) with the arguments an old call passed by position after ``positional`` moved to their
    keyword-only names in ``legacy``, and a DeprecationWarning that shows the new call; else unchanged."""
    extra = args[positional:]
    if not extra or len(extra) > len(legacy):
        return args, kwargs                       # nothing old here, or too many: Python's own TypeError follows
    names = legacy[:len(extra)]
    if any(name in kwargs for name in names):
        return args, kwargs
    import warnings

    warnings.warn(f"{function_name}(): {', '.join(names)} by position is deprecated and stops working in the "
                  f"next release; pass {'them' if len(names) > 1 else 'it'} by keyword: "
                  f"{function_name}(..., {', '.join(f'{n}=...' for n in names)})", DeprecationWarning, stacklevel=3)
    return args[:positional], {**kwargs, **dict(zip(names, extra))}


def keyword_only(*legacy: str):
    """Decorator for a function whose ``legacy`` parameters became keyword-only: old calls that pass them by
    position still work for one release, with a DeprecationWarning that shows the new call.

    >>> import warnings
    >>> @keyword_only("seed")
    ... def roll(sides, *, seed=None):
    ...     return (sides, seed)
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     roll(6, 42)
    (6, 42)
    >>> str(caught[0].message)
    'roll(): seed by position is deprecated and stops working in the next release; pass it by keyword: roll(..., seed=...)'
    """
    def decorate(function):
        positional = sum(1 for p in inspect.signature(function).parameters.values()
                         if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD)

        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            if len(args) > positional:
                args, kwargs = _moved(function.__name__, legacy, positional, args, kwargs)
            return function(*args, **kwargs)
        return wrapper
    return decorate


def door(prepare: Callable[[dict], Answer | None], *, translate: dict | None = None, legacy: tuple = ()):
    """Put ``prepare`` in front of a function: it checks and converts the arguments; the body runs on the result.

    ``translate`` maps an exception type the body may raise to a function of that exception returning the
    error to raise instead (an IDA* that recursed too deep: ``{RecursionError: ...}``). ``legacy`` names the
    keyword-only parameters old calls passed by position, in their old order (as :func:`keyword_only`).

    >>> def sorted_pair(args):                        # the door: checks, then converts
    ...     if not isinstance(args["pair"], (list, tuple)) or len(args["pair"]) != 2:
    ...         raise TypeError(f"pair must be a list or tuple of two, got {args['pair']!r}")
    ...     args["pair"] = sorted(args["pair"])
    >>> @door(sorted_pair)
    ... def gap(pair):                                 # the body: the idea alone
    ...     return pair[1] - pair[0]
    >>> gap((7, 3)), gap.__name__, gap.__wrapped__([3, 7])
    (4, 'gap', 4)
    >>> gap(5)
    Traceback (most recent call last):
    ...
    TypeError: pair must be a list or tuple of two, got 5
    """
    def decorate(body):
        signature = inspect.signature(body)
        kinds = {p.kind for p in signature.parameters.values()}
        if not kinds <= {inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY}:
            raise TypeError(f"door: {body.__name__} may only have named parameters (no *args, **kwargs, or /)")
        names = frozenset(signature.parameters)
        positional = tuple(name for name, p in signature.parameters.items()
                           if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD)
        defaults = tuple((name, p.default) for name, p in signature.parameters.items() if p.default is not p.empty)
        translations = tuple((translate or {}).items())
        old = tuple(legacy)
        if not set(old) <= {name for name, p in signature.parameters.items() if p.kind is inspect.Parameter.KEYWORD_ONLY}:
            raise TypeError(f"door: {body.__name__}'s legacy names must be keyword-only parameters")

        def refuse_call(args, kwargs):
            try:
                signature.bind(*args, **kwargs)
            except TypeError as err:
                raise TypeError(f"{body.__name__}(): {err}") from None

        def make():
            done, moved = Answer, _moved      # closure cells: the wrapper runs with the body's globals

            def checked(*args, **kwargs):
                # The call's arguments by name, defaults filled in (what signature.bind gives, quicker);
                # anything unusual goes through signature.bind for Python's own TypeError.
                if old and len(args) > len(positional):
                    args, kwargs = moved(body.__name__, old, len(positional), args, kwargs)
                if len(args) > len(positional) or not names.issuperset(kwargs) or \
                        any(name in kwargs for name in positional[:len(args)]):
                    refuse_call(args, kwargs)
                arguments = dict(zip(positional, args))
                arguments.update(kwargs)
                for name, default in defaults:
                    arguments.setdefault(name, default)
                if len(arguments) < len(names):
                    refuse_call(args, kwargs)                   # raises: a required argument is missing
                answer = prepare(arguments)
                if isinstance(answer, done):
                    return answer.value
                if not translations:
                    return body(**arguments)
                try:
                    return body(**arguments)
                except tuple(kind for kind, _ in translations) as err:
                    for kind, make_error in translations:
                        if isinstance(err, kind):
                            raise make_error(err) from None
                    raise                                                   # pragma: no cover
            return checked

        template = make()
        # The wrapper runs with the body's module globals, so that doctest (which takes a function as its
        # module's when ``__globals__`` is that module's namespace) finds the examples in its docstring.
        wrapper = types.FunctionType(template.__code__, body.__globals__, body.__name__,
                                     template.__defaults__, template.__closure__)
        functools.update_wrapper(wrapper, body)
        wrapper.__signature__ = signature
        wrapper.door = prepare
        return wrapper
    return decorate
