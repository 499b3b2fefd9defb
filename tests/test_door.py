"""puzzlelib.core.door: a door binds a call as Python would, checks it once, and hands the body trusted values."""

from __future__ import annotations

import inspect

import pytest

from puzzlelib.core.door import Answer, door


def _record(calls):
    def prepare(args):
        calls.append(dict(args))
        if args["x"] == "answer":
            return Answer("answered at the door")
        if not isinstance(args["x"], int):
            raise TypeError(f"x must be a whole number, got {args['x']!r}")
        args["x"] *= 10                                   # the body sees the converted value
        return None
    return prepare


def make():
    calls = []

    @door(_record(calls))
    def body(x, y=2, *, z=3):
        """The body."""
        return (x, y, z)
    return body, calls


@pytest.mark.parametrize("args,kwargs,bound", [
    ((1,), {}, {"x": 1, "y": 2, "z": 3}),
    ((1, 5), {}, {"x": 1, "y": 5, "z": 3}),
    ((), {"x": 1, "z": 0}, {"x": 1, "y": 2, "z": 0}),
    ((1,), {"y": 7, "z": 8}, {"x": 1, "y": 7, "z": 8}),
])
def test_the_door_sees_the_arguments_by_name_as_signature_bind_gives_them(args, kwargs, bound):
    body, calls = make()
    assert body(*args, **kwargs) == (bound["x"] * 10, bound["y"], bound["z"])
    expected = inspect.signature(body.__wrapped__).bind(*args, **kwargs)
    expected.apply_defaults()
    assert calls == [dict(expected.arguments)] == [bound]


@pytest.mark.parametrize("args,kwargs,words", [
    ((), {}, "missing a required argument: 'x'"),
    ((1, 2, 3), {}, "too many positional arguments"),
    ((1,), {"x": 2}, "multiple values for argument 'x'"),
    ((1,), {"w": 2}, "got an unexpected keyword argument 'w'"),
])
def test_a_call_python_would_refuse_is_a_type_error_naming_the_function(args, kwargs, words):
    body, calls = make()
    with pytest.raises(TypeError, match=rf"^body\(\): {words}"):
        body(*args, **kwargs)
    assert calls == []                                    # the door's checks never saw it


def test_the_door_refuses_answers_and_keeps_the_bodys_face():
    body, calls = make()
    with pytest.raises(TypeError, match="x must be a whole number"):
        body("seven")
    assert body("answer") == "answered at the door"
    assert body.__name__ == "body" and body.__doc__ == "The body." and body.__wrapped__(4) == (4, 2, 3)
    assert inspect.signature(body) == inspect.signature(body.__wrapped__)
    assert body.__globals__ is body.__wrapped__.__globals__      # doctest takes it as this module's


def test_translate_turns_an_error_of_the_body_into_the_doors_and_only_that_one():
    @door(lambda args: None, translate={RecursionError: lambda err: ValueError("too deep: use the engine")})
    def deep(n):
        if n == "other":
            raise KeyError("not translated")
        return deep.__wrapped__(n + 1)                   # recurses until Python stops it

    with pytest.raises(ValueError, match="too deep"):
        deep(0)
    with pytest.raises(KeyError):
        deep("other")


def test_a_body_with_star_args_is_refused_at_decoration():
    with pytest.raises(TypeError, match="only have named parameters"):
        @door(lambda args: None)
        def loose(*values):
            return values
