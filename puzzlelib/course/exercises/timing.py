"""The time limit of a hidden test step: the student's function stops after its seconds, whatever it does.

:func:`_run_limited` runs one step in a forked child where it can (a hung or hostile function is killed
with its process group), else under SIGALRM or a tracing watchdog in this process.
"""

from __future__ import annotations

__all__: list[str] = []     # the exercise engine's own helpers: nothing here is for the student

import inspect
import os
import signal
import sys
import sysconfig
import threading
import time
from collections.abc import Callable
from pathlib import Path
from puzzlelib.course.exercises.sandbox import Sandbox
from puzzlelib.course.exercises.sandbox import TimeUp as _TooSlow


_LIBRARY_DIRS = tuple({str(Path(p).resolve()) + os.sep for p in (
    Path(__file__).resolve().parents[2],                      # the puzzlelib folder
    *(sysconfig.get_paths().get(name) for name in ("stdlib", "platstdlib", "purelib", "platlib")),
) if p})
"""puzzlelib's folder and the Python installation's: code from there is not the student's."""


def _alarm_works() -> bool:
    """Can SIGALRM interrupt the student's function here? On POSIX, in the main thread only."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _fork_works() -> bool:
    """Can a test step run in a forked child here? On Linux, unless ``PUZZLELIB_NO_FORK=1``.

    macOS can fork too, but a child of a process that has loaded Apple's GUI frameworks (matplotlib's
    macosx backend) may crash, so macOS, like Windows, keeps the in-process limit.
    """
    return (sys.platform.startswith("linux") and hasattr(os, "fork")
            and os.environ.get("PUZZLELIB_NO_FORK", "") in ("", "0"))


def _run_limited(seconds: float, run: Callable, fn: Callable, forbid=()):
    """``run(fn)``, a hidden test step on the student's function ``fn``; raise _TooSlow after ``seconds``.

    On Linux (where JupyterHub runs, and most lab machines) the student's function runs in a sandbox,
    a child process in a PID namespace of its own, killed (SIGKILL) when the time is up, while the step's
    judging stays in this process: see :func:`_run_in_child` and :mod:`puzzlelib.course.exercises.sandbox`.
    There the library functions in ``forbid`` (the ones the exercise asks the student to write) are
    replaced before the step runs, so calling one, under any name, raises "this exercise asks you to
    write it". (Elsewhere only the engine's reading of the function's names catches them.)
    Nothing the student's code does, catching every exception, changing the signal handlers or the
    alarm, calling ``sys.exit`` or ``os._exit``, signalling this process, or writing to a pipe, can
    stop that limit, end the notebook's own process or forge a verdict.

    Elsewhere, two ways, both in this process:

    * SIGALRM, where it works: on Linux and macOS in the main thread, where a Jupyter kernel runs
      the student's code. The alarm interrupts a loop even inside one long C call, and it repeats
      every 0.25 s until the step ends, so a bare ``except:`` cannot swallow it for good.
    * everywhere else (Windows has no SIGALRM; Python runs signal handlers only in the main thread)
      a trace function (``sys.settrace``, in the calling thread) reads the clock on every line of
      the student's code and raises _TooSlow there once the time is up. It stops any pure-Python
      loop, which is what a student's endless loop is; a single long C call (a sleep, a huge sum)
      ends before it is stopped, and a bare ``except:`` that swallows _TooSlow keeps the loop
      going (CPython drops a trace function that raised). It follows only the lines of the
      student's code (their function's file, and any file outside puzzlelib and the Python
      installation, such as another notebook cell); every other call costs a dictionary lookup.
      The checks then take about three times as long (08.5's, the slowest: 0.3 s -> 1.0 s).

    Both are backed by a watchdog thread (:class:`_Watchdog`) that raises _TooSlow in the checking
    thread from outside, so a function that switches the alarm off or ignores SIGALRM and then loops
    is stopped too. In this process a function can still end the kernel (``os._exit``): only the
    sandbox prevents that.

    A spawned worker process cannot be used there: under spawn (Windows, and macOS by default) a
    function is pickled by its name, and the worker cannot import the notebook's names. Whatever was
    there before, a timer already running or a debugger's or coverage's trace function, is restored
    afterwards.
    """
    if _fork_works():
        return _run_in_child(seconds, run, fn, forbid)
    with _Watchdog(seconds + _WATCHDOG_GRACE):
        if _alarm_works():
            return _run_with_alarm(seconds, run, fn)
        return _run_with_trace(seconds, run, fn)


_WATCHDOG_GRACE = 0.5
"""Seconds past the time limit after which the watchdog steps in (the alarm or the trace should have)."""


class _Watchdog:
    """Without a forked child: a thread that, once ``seconds`` are up, raises _TooSlow in the checking thread
    every 0.25 s until the step ends (CPython's ``PyThreadState_SetAsyncExc``).

    It is the backstop for a student's function that switches the alarm off (``signal.setitimer(...,
    0)``), ignores SIGALRM or removes the trace function, then loops: none of that reaches a thread
    the student's code doesn't know. It can't stop one long C call (a sleep) or code that catches
    every exception in a loop; only the forked child of Linux can.
    """

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.target = threading.get_ident()
        self.stopped = threading.Event()
        self.lock = threading.Lock()
        self.done = False
        try:
            import ctypes
            self.raise_in = ctypes.pythonapi.PyThreadState_SetAsyncExc   # bound before the student's code runs
            self.ident = ctypes.c_ulong(self.target)
            self.error = ctypes.py_object(_TooSlow)
        except (ImportError, AttributeError):                          # not CPython: no backstop
            self.raise_in = None
        self.thread = threading.Thread(target=self._watch, name="puzzlelib-watchdog", daemon=True)

    def _watch(self):
        if self.stopped.wait(self.seconds):
            return
        while True:
            with self.lock:                    # after __exit__ has passed the lock, nothing more is raised
                if self.done:
                    return
                self.raise_in(self.ident, self.error)
            if self.stopped.wait(0.25):
                return

    def __enter__(self):
        if self.raise_in is not None:
            self.thread.start()
        return self

    def __exit__(self, kind, value, tb):
        late = None
        for _ in range(1000):
            try:
                self.done = True
                with self.lock:                # waits out a raise in progress; one raised before lands here
                    pass
                self.stopped.set()
                break
            except _TooSlow as err:
                late = err
        if self.raise_in is not None:
            self.thread.join()
        if late is not None and kind is None:
            raise late                         # the step ended past its time: too slow all the same
        return False


def _run_with_alarm(seconds: float, run: Callable, fn: Callable):
    state = {"active": True}

    def on_alarm(signum, frame):
        if state["active"]:
            raise _TooSlow()

    old_handler = signal.signal(signal.SIGALRM, on_alarm)
    old_delay, old_interval = signal.setitimer(signal.ITIMER_REAL, seconds, 0.25)
    began = time.monotonic()
    try:
        return run(fn)
    finally:
        state["active"] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if old_delay > 0:
            signal.setitimer(signal.ITIMER_REAL, max(old_delay - (time.monotonic() - began), 0.001), old_interval)


def _run_in_child(seconds: float, run: Callable, fn: Callable, forbid=()):
    """``run(fn)`` with ``fn`` in a :class:`~puzzlelib.course.exercises.sandbox.Sandbox`: the step's judging stays here.

    The student's function runs in a child process it can't leave (see :mod:`puzzlelib.course.exercises.sandbox`);
    each call's value comes back as plain data and is judged in this process, so nothing the function
    does can forge a verdict. When the step's ``seconds`` are up the child is killed and _TooSlow raised.
    """
    box = Sandbox(fn, seconds, forbid=forbid)
    try:
        return run(box)
    finally:
        box.close()


def _is_student_file(filename: str, own: str | None) -> bool:
    """Is code from ``filename`` the student's? Their function's own file, or one outside puzzlelib and Python."""
    if filename == own:
        return True
    if filename.startswith("<"):                  # "<ipython-input-3-...>", "<stdin>"; not "<frozen importlib...>"
        return not filename.startswith("<frozen")
    try:
        path = str(Path(filename).resolve())
    except (OSError, ValueError):
        return True
    return not path.startswith(_LIBRARY_DIRS)


def _run_with_trace(seconds: float, run: Callable, fn: Callable):
    deadline = time.monotonic() + seconds
    import types
    call = inspect.getattr_static(type(fn), "__call__", None)
    code = fn.__code__ if type(fn) is types.FunctionType else getattr(call, "__code__", None) \
        if type(call) is types.FunctionType else None
    own = code.co_filename if code is not None else None
    student: dict[str, bool] = {}                 # co_filename -> is it the student's code?

    def on_line(frame, event, arg):
        if event == "line" and time.monotonic() > deadline:
            raise _TooSlow()
        return on_line

    def on_call(frame, event, arg):
        filename = frame.f_code.co_filename
        mine = student.get(filename)
        if mine is None:
            mine = student[filename] = _is_student_file(filename, own)
        return on_line if mine else None

    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        return run(fn)
    finally:
        sys.settrace(previous)
