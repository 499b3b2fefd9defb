"""A student's function fights back: the checker and the grader still judge it, and the notebook lives on.

Each test is one attack of the red team's (issue 35) on ``check`` and ``grade``: forging a pass through
the pipe the result comes back on, signalling or freezing the notebook's process, a callable whose
``__getattr__`` loops or exits, a Board whose tiles lie, switching the time limit off where there is no
forked child, and a grandchild process that outlives the check.
"""

from __future__ import annotations

import ctypes
import json
import os
import select
import signal
import sys
import time

import pytest

from puzzlelib import Board
from puzzlelib.course.exercises import EXERCISES, check, engine, sandbox, timing
from puzzlelib.course.exercises.grading import grade
from timing import time_limit

LINUX = sys.platform.startswith("linux")
FUNCTIONS = [i for i, ex in EXERCISES.items() if ex.kind == "function"]
pytestmark = pytest.mark.skipif(not LINUX, reason="the sandbox is Linux's (elsewhere the time limit is in-process)")


def namespaces_allowed() -> bool:
    """Does this kernel let a process unshare into new user and PID namespaces (or, as root, a PID one)?"""
    pid = os.fork()
    if pid == 0:
        libc = ctypes.CDLL(None, use_errno=True)
        ok = libc.unshare(0x10000000 | 0x20000000) == 0 or (os.geteuid() == 0 and libc.unshare(0x20000000) == 0)
        os._exit(0 if ok else 1)
    return os.waitpid(pid, 0)[1] == 0


@pytest.fixture(autouse=True)
def short_limit(monkeypatch):
    monkeypatch.setattr(engine, "SECONDS_PER_CASE", 1.0)


def run_check(exercise_id, fn, seconds=60):
    with time_limit(seconds, f"check of {exercise_id}"):
        return check(exercise_id, fn)


# --- 1. a forged pass ------------------------------------------------------------------------------

def forger(*args):
    """Write a pass, in the old form and the new, to every open descriptor, then end the process."""
    for message in (b'["ok", ""]', b'["value", {"x": 1, "y": 2}]', b'{"x": 1, "y": 2}'):
        for fd in range(3, 1024):
            try:
                os.write(fd, len(message).to_bytes(4, "big") + message)
                os.write(fd, message)
            except OSError:
                pass
    os._exit(0)


@pytest.mark.parametrize("exercise_id", FUNCTIONS)
def test_writing_a_pass_to_every_descriptor_is_not_a_pass(capsys, exercise_id):
    assert run_check(exercise_id, forger) is False
    out = capsys.readouterr().out
    assert out.startswith("not yet"), out
    assert grade(exercise_id, forger, points=2) == 0
    assert "0 of 2 points" in capsys.readouterr().out


def test_a_huge_result_is_not_yet_and_not_printed_whole(capsys):
    assert run_check("01.4", lambda tiles: "x" * 3_000_000) is False
    out = capsys.readouterr().out
    assert out.startswith("not yet") and len(out) < 2000, out[:300]


def test_only_a_value_or_an_error_is_a_reply():
    assert sandbox.decode_reply(json.dumps(["value", {"l": [1, {"t": [2]}]}]).encode()) == [1, (2,)]
    for forged in (b'["ok", ""]', b'{"x": 1, "y": 2}', b'["value", {"x": 1, "y": 2}]', b"\xff",
                   b'["value", {"b": [2, 2, [1, 1, 0, 2]]}]', b"[" * 100_000, b'["raised", 7]'):
        try:
            value = sandbox.decode_reply(forged)
        except (sandbox.Unreadable, sandbox.StudentRaised):
            continue
        assert isinstance(value, sandbox.Opaque), (forged[:40], value)    # a board that is no board


# --- 2 and 6: the notebook's process can't be reached, and nothing outlives the check ---------------

KERNEL = os.getpid()


def make_attack(action):
    def attack(*args):
        action()
        return 0
    attack.__name__ = action.__name__
    return attack


def kill_parent_term():
    os.kill(os.getppid(), signal.SIGTERM)


def kill_kernel_by_pid():
    os.kill(KERNEL, signal.SIGKILL)


def stop_kernel():
    os.kill(KERNEL, signal.SIGSTOP)


def interrupt_kernel():
    os.kill(KERNEL, signal.SIGINT)


def alarm_kernel():
    os.kill(KERNEL, signal.SIGALRM)


def usr1_kernel():
    os.kill(KERNEL, signal.SIGUSR1)


def kill_the_group():
    os.kill(0, signal.SIGTERM)


def kill_everything():
    os.kill(-1, signal.SIGKILL)


@pytest.mark.skipif(not LINUX or not namespaces_allowed(), reason="this kernel allows no PID namespace")
@pytest.mark.parametrize("action", [kill_parent_term, kill_kernel_by_pid, stop_kernel, interrupt_kernel,
                                    alarm_kernel, usr1_kernel, kill_the_group, kill_everything])
def test_the_students_code_cannot_signal_the_notebook(capsys, action):
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGUSR1)}
    signal.signal(signal.SIGUSR1, signal.SIG_DFL)           # an unhandled SIGUSR1 would end this process
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        assert run_check("01.4", make_attack(action)) is False   # returns 0: wrong, judged, and we are alive
    finally:
        for s, h in handlers.items():
            signal.signal(s, h)
    assert capsys.readouterr().out.startswith("not yet")


def test_the_sandbox_is_a_namespace_of_its_own_where_allowed():
    with sandbox.Sandbox(lambda: (os.getpid(), os.getppid()), seconds=20) as box:
        pid, ppid = box()
        isolation = box.isolation
    if namespaces_allowed():
        assert isolation == "namespace" and pid == 1 and ppid == 0
    else:
        assert isolation in ("nobody", "nproc")


@pytest.mark.skipif(not LINUX or os.geteuid() != 0, reason="the fallback to nobody is for root")
def test_without_a_namespace_root_sandbox_runs_as_nobody_and_cannot_signal(monkeypatch):
    monkeypatch.setenv("PUZZLELIB_NO_NAMESPACE", "1")
    with sandbox.Sandbox(lambda pid: (os.getuid(), _try_kill(pid), _try_fork()), seconds=20) as box:
        uid, killed, forked = box(KERNEL)
        assert box.isolation == "nobody"
    assert uid == 65534 and killed == "PermissionError" and forked == "BlockingIOError"


def _try_kill(pid):
    try:
        os.kill(pid, 0)
        return "sent"
    except OSError as err:
        return type(err).__name__


def _try_fork():
    try:
        pid = os.fork()
    except OSError as err:
        return type(err).__name__
    if pid == 0:
        os._exit(0)
    return "forked"


def test_a_grandchild_does_not_outlive_the_check(capsys):
    read_end, write_end = os.pipe()

    def escape(tiles):
        if os.fork() == 0:                 # a grandchild in a session of its own, holding write_end open
            os.setsid()
            while True:
                time.sleep(0.05)
        return 0

    try:
        assert run_check("01.4", escape) is False
    finally:
        os.close(write_end)
    ready, _, _ = select.select([read_end], [], [], 10)
    try:
        assert ready and os.read(read_end, 1) == b"", "a process the student's code started is still running"
    finally:
        os.close(read_end)


# --- 3. a hostile callable -------------------------------------------------------------------------

class Looping:
    def __call__(self, tiles):
        return 0

    def __getattr__(self, name):
        while True:
            pass


class Exiting:
    def __call__(self, tiles):
        return 0

    def __getattr__(self, name):
        raise SystemExit(3)


class Interrupting:
    def __call__(self, tiles):
        return 0

    def __getattr__(self, name):
        raise KeyboardInterrupt


@pytest.mark.parametrize("kind", [Looping, Exiting, Interrupting])
def test_a_hostile_getattr_never_runs_in_the_judge(capsys, kind):
    assert run_check("01.4", kind()) is False
    assert capsys.readouterr().out.startswith("not yet")
    with time_limit(60, "grade"):
        assert grade("03.6", kind(), points=2) == 0


class LyingClass:
    """A value answer whose class lies about everything it can."""

    def __eq__(self, other):
        return True

    def __getattribute__(self, name):
        while True:
            pass


def test_a_hostile_value_answer_never_runs_in_the_judge(capsys):
    with time_limit(30, "check of a hostile value"):
        assert check("00.0", LyingClass()) is False
    assert capsys.readouterr().out.startswith("not yet")


# --- 4. a board with lying tiles -------------------------------------------------------------------

class AlwaysEqual(tuple):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


@pytest.mark.parametrize("exercise_id", ["03.2", "04.2"])
def test_a_board_whose_tiles_lie_is_not_yet(capsys, exercise_id):
    liar = Board.unchecked(4, 2, AlwaysEqual(()))
    assert check(exercise_id, liar) is False
    assert capsys.readouterr().out.startswith("not yet")
    assert grade(exercise_id, liar, points=2) == 0


def test_a_board_that_is_no_board_is_not_yet(capsys):
    assert check("03.2", Board.unchecked(2, 2, (1, 1, 0, 2))) is False
    assert capsys.readouterr().out.startswith("not yet")


def test_a_returned_board_is_rebuilt_and_checked():
    with sandbox.Sandbox(lambda: Board.unchecked(2, 2, AlwaysEqual((1, 1, 0, 2))), seconds=20) as box:
        value = box()
    assert isinstance(value, sandbox.Opaque) and "not a 2 x 2 board" in repr(value)


# --- 5. without fork: the time limit can't be switched off -------------------------------------------

def alarm_off_then_loop(tiles):
    signal.setitimer(signal.ITIMER_REAL, 0)
    while True:
        pass


def alarm_ignored_then_loop(tiles):
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    while True:
        pass


@pytest.mark.parametrize("fn", [alarm_off_then_loop, alarm_ignored_then_loop])
def test_without_fork_switching_the_alarm_off_does_not_hang(capsys, monkeypatch, fn):
    monkeypatch.setattr(timing, "_fork_works", lambda: False)
    handler = signal.getsignal(signal.SIGALRM)
    try:
        assert run_check("01.4", fn, seconds=30) is False
    finally:
        signal.signal(signal.SIGALRM, handler)
    assert "took longer than" in capsys.readouterr().out


def test_the_watchdog_leaves_nothing_behind(capsys, monkeypatch):
    """After a step stopped by the watchdog, the next code runs without a stray _TooSlow."""
    monkeypatch.setattr(timing, "_fork_works", lambda: False)
    handler = signal.getsignal(signal.SIGALRM)
    try:
        run_check("01.4", alarm_off_then_loop, seconds=30)
    finally:
        signal.signal(signal.SIGALRM, handler)
    total = 0
    for i in range(2_000_000):           # about a second of bytecode: a late exception would land here
        total += i
    assert total == 1_999_999_000_000
