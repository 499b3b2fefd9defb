"""One time limit for the tests: a body that runs too long fails its test instead of hanging the run."""

from __future__ import annotations

import signal
from contextlib import contextmanager


class TookTooLong(Exception):
    """Raised in the main thread when a time limit runs out."""


@contextmanager
def time_limit(seconds: float, what: str = "the test"):
    """Raise :class:`TookTooLong` when the body runs longer than ``seconds`` (SIGALRM, main thread).

    The body may give itself longer with ``signal.setitimer(signal.ITIMER_REAL, more)``; the
    alarm and the previous handler are restored on the way out.
    """
    def expire(*_):
        raise TookTooLong(f"{what} took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
