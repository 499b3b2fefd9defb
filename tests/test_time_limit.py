"""The time limit on a student's function works without a forked child (macOS, Windows) and without
SIGALRM: off the main thread, and on Windows.

On this machine the main thread has SIGALRM, so each test forces the other path: it runs the check
in a thread (Python runs signal handlers only in the main thread), or it tells the engine that the
alarm does not work (as on Windows). A student's endless loop must then be stopped by the trace
function and reported as too slow, and whatever trace function was there before (a debugger's,
coverage's) must be back afterwards. Timings are only bounded generously, never measured.
"""

from __future__ import annotations

import contextlib
import functools
import signal
import sys
import threading
import time

import pytest

from puzzlelib.course.exercises import check, engine, timing
from timing import time_limit

LIMIT = 0.3                      # seconds per step, set below
GENEROUS = 30                    # the whole check must return well within this


@pytest.fixture(autouse=True)
def short_limit(monkeypatch):
    monkeypatch.setattr(engine, "SECONDS_PER_CASE", LIMIT)
    # These are the fallbacks of macOS and Windows: no forked child (tests/test_check_guarded.py has it).
    monkeypatch.setattr(timing, "_fork_works", lambda: False)


def endless(tiles):
    while True:
        pass


def stubborn(tiles):
    while True:
        with contextlib.suppress(Exception):   # swallows Exception: the time limit still gets through
            time.sleep(0.01)


def in_a_thread(exercise_id, fn):
    """check(exercise_id, fn) in another thread: (its result, the trace function there afterwards)."""
    box = {}

    def target():
        previous = lambda frame, event, arg: None  # noqa: E731  (a stand-in for a debugger's trace function)
        sys.settrace(previous)
        try:
            box["ok"] = check(exercise_id, fn)
            box["restored"] = sys.gettrace() is previous
        finally:
            sys.settrace(None)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(GENEROUS)
    assert not thread.is_alive(), "the check did not stop the student's endless loop"
    return box["ok"], box["restored"]


@pytest.mark.parametrize("fn", [endless, stubborn])
def test_an_endless_loop_is_stopped_off_the_main_thread(capsys, fn):
    ok, restored = in_a_thread("03.6", fn)
    out = capsys.readouterr().out
    assert ok is False and "count_inversions((1, 2, 3, 4, 5, 0)) took longer than 0.3 s" in out, out
    assert restored


def key_of(tiles):
    return functools.reduce(lambda key, tile: key * len(tiles) + tile, tiles, 0)


def test_a_right_answer_still_passes_off_the_main_thread(capsys):
    ok, restored = in_a_thread("01.4", key_of)
    out = capsys.readouterr().out
    assert ok is True and out.startswith("correct: "), out
    assert restored


def test_without_sigalrm_the_trace_function_stops_it_in_the_main_thread(capsys, monkeypatch):
    monkeypatch.setattr(timing, "_alarm_works", lambda: False)           # as on Windows
    previous = sys.gettrace()                                           # coverage's, when it runs
    handler = signal.getsignal(signal.SIGALRM)

    def stand_in(frame, event, arg):
        return None

    sys.settrace(stand_in)
    try:
        with time_limit(GENEROUS, "the check of an endless loop"):      # a safety net, not the thing tested
            ok = check("02.4", lambda start, goal: endless(start))
        assert sys.gettrace() is stand_in
    finally:
        sys.settrace(previous)
    out = capsys.readouterr().out
    assert ok is False and "took longer than 0.6 s" in out and "layers_to(Board([[1, 2, 3], [4, 0, 5]])" in out, out
    assert signal.getsignal(signal.SIGALRM) == handler


def test_a_loop_in_a_helper_from_another_cell_is_stopped_too(capsys, monkeypatch):
    """A notebook's cells are files of their own: the helper's loop is not in the function's file."""
    monkeypatch.setattr(timing, "_alarm_works", lambda: False)
    cell = {}
    exec(compile("def helper(tiles):\n    while True:\n        pass\n", "/tmp/ipykernel_1234/5678.py", "exec"),
         cell)                                                          # what Jupyter does with a cell
    with time_limit(GENEROUS, "the check of a helper's endless loop"):
        ok = check("03.6", lambda tiles: cell["helper"](tiles))
    assert ok is False and "took longer than" in capsys.readouterr().out


def test_student_code_is_told_from_library_code():
    own = __file__
    assert timing._is_student_file(own, own)
    assert timing._is_student_file("/tmp/ipykernel_1234/5678.py", own)
    assert timing._is_student_file("<ipython-input-3-0123456789ab>", own)
    assert not timing._is_student_file(engine.__file__, own)
    assert not timing._is_student_file(threading.__file__, own)
    assert not timing._is_student_file(pytest.__file__, own)
    assert not timing._is_student_file("<frozen importlib._bootstrap>", own)
