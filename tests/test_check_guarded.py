"""check() can't be fooled, ended or hung by a student's code (on Linux, where each hidden test step
runs in a forked child that is killed when its time is up).

Each case is a student's answer that broke check() before: a number or a container whose ``==`` lies,
``sys.exit`` and ``os._exit`` inside the function, a catch-all loop, a function that switches the alarm
off, an exception whose ``__str__`` raises, a heuristic that returns 10**5000, a path whose ``len``
raises. Each must get "not yet" (never a pass, never a crash, never the expected value), within a
bounded time, and leave this process and its signal handlers as they were.
"""

from __future__ import annotations

import signal
import sys
import time

import numpy as np
import pytest

from puzzlelib import Board
from puzzlelib.course.exercises import EXERCISES, check, engine, timing
from timing import time_limit

pytestmark = pytest.mark.skipif(not timing._fork_works(), reason="the forked child is used on Linux only")

LIMIT = 0.5


@pytest.fixture(autouse=True)
def short_limit(monkeypatch):
    monkeypatch.setattr(engine, "SECONDS_PER_CASE", LIMIT)


class LyingInt(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class LyingFloat(float):
    def __eq__(self, other):
        return True

    __hash__ = float.__hash__


class LyingList(list):
    def __eq__(self, other):
        return True


class LyingTuple(tuple):
    def __eq__(self, other):
        return True

    __hash__ = tuple.__hash__


class LyingSet(frozenset):
    def __eq__(self, other):
        return True

    __hash__ = frozenset.__hash__


class LyingBoard(Board):
    __slots__ = ()

    def __eq__(self, other):
        return True

    __hash__ = Board.__hash__


def expected_type_of(exercise_id):
    return type(engine._expected(EXERCISES[exercise_id]))


LIARS = {int: LyingInt(0), float: LyingFloat(0.0), list: LyingList(), tuple: LyingTuple(),
         set: LyingSet(), frozenset: LyingSet(), Board: LyingBoard.goal(2, 2)}


@pytest.mark.parametrize("exercise_id", [k for k, ex in EXERCISES.items() if ex.kind == "value"])
def test_a_liar_of_the_expected_type_gets_not_yet(capsys, exercise_id):
    kind = expected_type_of(exercise_id)
    if kind not in LIARS:
        pytest.skip(f"{exercise_id} expects {kind.__name__}: no lying subclass of it here")
    assert check(exercise_id, LIARS[kind]) is False
    out = capsys.readouterr().out
    assert out.startswith("not yet") and "correct" not in out, out
    if kind in (int, float):
        assert "that is not a number" in out, out
    # and never the expected value
    assert repr(engine._expected(EXERCISES[exercise_id])) not in out.replace('"' + exercise_id + '"', "")


def test_a_lying_number_inside_a_container_gets_not_yet(capsys):
    assert check("03.2", [LyingInt(1)]) is False
    assert "not a plain Python value" in capsys.readouterr().out


def test_numpy_and_fraction_numbers_are_still_plain(capsys):
    assert check("00.0", np.int64(4)) is True and check("00.0", np.float32(4.0)) is True


def key_exit(tiles):
    sys.exit(0)


def key_os_exit(tiles):
    import os
    os._exit(3)


def key_catch_all(tiles):
    while True:
        try:
            time.sleep(0.01)
        except:  # noqa: E722  (the point: a bare except that swallows everything)
            pass


def key_alarm_off(tiles):
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    signal.setitimer(signal.ITIMER_REAL, 0)
    while True:
        pass


class Unprintable(Exception):
    def __str__(self):
        raise ValueError("no message")


def key_unprintable(tiles):
    raise Unprintable()


@pytest.mark.parametrize("fn, says", [
    (key_exit, "raised SystemExit"),
    (key_os_exit, "ended without a result"),
    (key_catch_all, "took longer than"),
    (key_alarm_off, "took longer than"),
    (key_unprintable, "raised Unprintable: (its message cannot be shown)"),
    (lambda tiles: (_ for _ in ()).throw(GeneratorExit()), "raised GeneratorExit"),
], ids=["sys.exit", "os._exit", "catch-all loop", "alarm switched off", "unprintable error", "GeneratorExit"])
def test_a_hostile_function_gets_not_yet_and_this_process_goes_on(capsys, fn, says):
    handler = signal.getsignal(signal.SIGALRM)
    with time_limit(30, f"check of {fn.__name__}"):
        started = time.monotonic()
        ok = check("01.4", fn)
        seconds = time.monotonic() - started
    out = capsys.readouterr().out
    assert ok is False and out.startswith("not yet") and says in out, out
    assert seconds < 10 * LIMIT, seconds
    assert signal.getsignal(signal.SIGALRM) == handler


def test_a_heuristic_returning_a_huge_number_gets_not_yet(capsys):
    assert check("08.2", lambda board: 10 ** 5000) is False
    assert capsys.readouterr().out.startswith("not yet")


class BrokenPath(list):
    def __len__(self):
        raise RuntimeError("no length")


def test_a_path_whose_len_raises_gets_not_yet(capsys):
    from puzzlelib import shortest_path
    assert check("02.4", lambda start, goal: BrokenPath(shortest_path(start, goal=goal) or [])) is False
    assert capsys.readouterr().out.startswith("not yet")


def test_a_right_answer_still_passes_in_the_child(capsys):
    def key_of(tiles):
        key = 0
        for tile in tiles:
            key = key * len(tiles) + tile
        return key
    assert check("01.4", key_of) is True
