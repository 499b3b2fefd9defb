"""Every public function, fed arbitrary objects, returns or raises ValueError/TypeError: never another
exception, never a hang, never a blow-up.

Hypothesis draws up to three positional arguments for each public function and class of every
puzzlelib module from a pool of awkward objects: huge and negative ints, NaN and infinities, strings,
bytes, None, sets, nested lists, numpy arrays of several dtypes, Boards of other shapes, graphs and
matplotlib Axes. Each call runs under a time limit enforced here (SIGALRM) and an address-space
limit (RLIMIT_AS, a few GiB above what the process uses), so a hang or a memory blow-up fails the
test instead of stopping the machine.

Issue 27 added the values a careful student, a curious experimenter and a fuzzer try: integers of
thousands of digits (positive and negative), numpy integers of several widths (one past int64), an
``int`` subclass whose ``==`` always says True, a ``Board`` subclass, ``range(10**12)`` as a row,
ragged rows, and boards of up to a million cells. ``HOSTILE_KINDS`` counts the kinds of value drawn;
the test prints the number of calls it made (``-s`` shows it).

Left out, because they write or read the file they are told to: ``reference.save_results`` and the
writers and the reader of ``puzzlelib.engines.storage`` (their damage and permission handling has its own
tests; a missing file is Python's own FileNotFoundError). ``benchmarks/fuzz_long.py`` runs the same
strategies with many more examples and the million-cell boards.
"""

from __future__ import annotations

import importlib
import inspect
import math
import pkgutil
import resource
import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import puzzlelib  # noqa: E402
from puzzlelib import Board  # noqa: E402
from timing import TookTooLong, time_limit  # noqa: E402

SECONDS_PER_CALL = 10
SKIP = {"puzzlelib.core.reference.save_results", "puzzlelib.engines.storage.write_atomic", "puzzlelib.engines.storage.try_write",
        # reads the file it is told to: a missing one is Python's FileNotFoundError, as open() gives
        "puzzlelib.engines.storage.read_regular",
        # start a cluster of worker processes for every valid board (seconds each), and the command's bad
        # arguments are argparse's SystemExit(2): tests/test_distributed.py gives both their hostile input
        "puzzlelib.engines.distributed.distributed_search", "puzzlelib.engines.distributed.main"}


def public_callables():
    for info in pkgutil.walk_packages(puzzlelib.__path__, "puzzlelib."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
                continue
            # a function behind functools.lru_cache (neighbor_table, goal_cells) is public too
            if not (inspect.isfunction(inspect.unwrap(obj)) or inspect.isclass(obj)):
                continue
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                continue
            qualified = f"{module.__name__}.{name}"
            if qualified not in SKIP:
                yield qualified, obj


CALLABLES = dict(public_callables())

_fig, _ax = plt.subplots()
GRAPH = nx.path_graph(3)
BOARDS = [Board.goal(1, 1), Board([[1, 0]]), Board.goal(2, 2), Board([[2, 1], [3, 0]]), Board.goal(2, 3),
          Board([[1, 2, 3], [5, 4, 0]]), Board.goal(3, 2), Board([[8, 7, 6], [5, 4, 3], [2, 1, 0]]),
          Board.goal(1, 5), Board.spiral(3, 3)]
SPECIAL = [None, True, False, 0, 1, 2, 3, -1, -5, 10**6, 10**100, -(10**30), 2**63, math.nan, math.inf, -math.inf,
           1.5, "", "x", "12345", "manhattan", b"\x00", (), [], {}, set(), frozenset({1}), object(), GRAPH, _ax,
           [[1, 2], [3, 0]], [[1.5, 2, 3], [4, 5]], [[{1, 2}, {3, 0}]], [[True, False]], [[0]], [[[]]],
           np.int64(3), np.float32(2.0), np.array([]), np.array([[1, 2], [3, 0]], dtype=np.uint8),
           np.array([[1, 2], [3, 0]], dtype=object), np.array([1.0, np.nan]), np.zeros((2, 2, 2))]

class LyingInt(int):
    """An int that says it equals everything."""

    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class MyBoard(Board):
    """A Board subclass, as a student might write one."""

    __slots__ = ()


HUGE = [10**5000, -(10**5000), 2**64, -(2**63) - 1, np.int64(-1), np.int8(5), np.uint64(2**64 - 1), np.int32(7),
        LyingInt(3), LyingInt(-1), LyingInt(10**6)]
class Huge(Board):
    """A big Board whose repr names how it was made, so a failing example prints in one line."""

    __slots__ = ()

    def __repr__(self):
        return f"<{self.rows} x {self.cols} board>"


def _huge(board):
    return Huge.unchecked(board.rows, board.cols, board.tiles)


# The million-cell boards (_huge(Board.goal(1000, 1000)), _huge(Board.goal(300, 300))) make the run take ten
# minutes; they belong in a longer run. Here: a subclass and two long one-row boards.
HOSTILE_BOARDS = [MyBoard([[1, 2], [3, 0]]), _huge(Board.goal(1, 300)), _huge(Board([[0] + list(range(1, 300))]))]
HOSTILE_GRIDS = [[[1, 2, 3], [4, 0]], [[], [0]], [range(10**12)], [[0, 10**5000]], [[LyingInt(1), 0]],
                 [[np.int64(1), np.int64(0)]], [[1, 2], [3, "0"]]]

class _Pool(tuple):
    """A list of hostile values that prints as its size: older hypothesis (6.80) formats the list it
    samples from, and Python refuses to format an int of more than 4,300 digits."""

    def __repr__(self):
        return f"<{len(self)} hostile values>"


def _one_of(values):
    return st.sampled_from(_Pool(values))


awkward = st.one_of(
    _one_of(HUGE),
    _one_of(HOSTILE_BOARDS),
    _one_of(HOSTILE_GRIDS),
    st.integers(min_value=-(10**40), max_value=10**40),
    _one_of(SPECIAL),
    _one_of(BOARDS),
    st.integers(min_value=-3, max_value=3),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
    st.lists(st.integers(min_value=-2, max_value=6), max_size=6),
    st.lists(st.lists(st.integers(min_value=0, max_value=5), max_size=3), max_size=3),
    st.sets(st.integers(min_value=0, max_value=4), max_size=3),
)
HOSTILE_KINDS = {
    "huge and negative ints": HUGE[:4], "numpy ints": HUGE[4:8], "lying int subclass": HUGE[8:],
    "Board subclass": HOSTILE_BOARDS[:1], "long boards": HOSTILE_BOARDS[1:], "ragged and odd grids": HOSTILE_GRIDS,
    "floats, NaN, inf": [math.nan], "strings and bytes": [""], "containers": [()], "None and bools": [None],
    "numpy arrays": [np.array([])], "objects, graphs, Axes": [object()], "small ints": [0], "valid boards": BOARDS,
}
"""The kinds of hostile value the fuzz test draws (14), each with examples."""
CALLS = {"made": 0}


@pytest.fixture(autouse=True)
def contained(tmp_path, monkeypatch):
    """Run in a scratch folder with a scratch cache, under a time limit and an address-space limit."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PUZZLELIB_CACHE", str(tmp_path / "cache"))
    soft, hard = cap_address_space()
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def cap_address_space(gib: int = 4) -> tuple[int, int]:
    """Limit the address space to ``gib`` GiB above what the process uses now; return the limits before."""
    size = 0
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                size = int(line.split()[1]) * 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = size + gib * 2**30
    if soft == resource.RLIM_INFINITY or soft > cap:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    return soft, hard


def call_within_limits(qualified, fn, args):
    CALLS["made"] += 1
    try:
        # a warning is an answer too (report_damage's whole job); only exceptions are judged here
        with time_limit(SECONDS_PER_CALL, qualified), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn(*args)
    except (ValueError, TypeError):
        pass                                    # a clear refusal: what we want for bad input
    except TookTooLong:
        pytest.fail(f"{qualified}{tuple(map(_short, args))} ran longer than {SECONDS_PER_CALL} s")
    except BaseException as err:                # any other kind is a bug, MemoryError included
        pytest.fail(f"{qualified}{tuple(map(_short, args))} raised {type(err).__name__}: {err}")
    finally:
        plt.close("all")


def _short(x):
    from puzzlelib.core.errors import short_repr     # never fails, whatever x is (an int of 5,000 digits too)

    return short_repr(x, 57)


@pytest.mark.parametrize("qualified", sorted(CALLABLES))
@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(args=st.lists(awkward, max_size=3))
def test_public_callables_refuse_bad_input_with_value_or_type_errors(qualified, args):
    call_within_limits(qualified, CALLABLES[qualified], args)


def test_zz_report_how_many_calls_the_fuzz_made():
    """Runs last in this file: says how many calls the fuzz made (pytest -s shows it)."""
    print(f"\nfuzz: {CALLS['made']:,} calls over {len(CALLABLES)} public callables, "
          f"{len(HOSTILE_KINDS)} kinds of hostile value")
    assert CALLS["made"] == 0 or CALLS["made"] >= len(CALLABLES)
