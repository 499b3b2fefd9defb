"""The compiled engine gives the plain versions' answers: same path, same nodes, on random boards and goals.

puzzlelib.engines.compiled runs the loop of ida_search_tables in numba. Here each search runs three ways on
seeded random boards, several goals and every heuristic it compiles (misplaced tiles, Manhattan, pattern
databases with and without the mirror, linear conflict): the compiled loop, the Python loop, and the
lesson's recursive ida_star_plain. The first two must agree exactly (path and node counts), and all three on the length.
Without numba (hidden in a child process) or with PUZZLELIB_PLAIN=1 the package imports and solves.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from puzzlelib.core.board import Board, neighbor_table
from puzzlelib.core.generate import random_solvable
from puzzlelib.engines.compiled import engine_available, engine_status, ida_tables_compiled
from puzzlelib.core.heuristics import compile_heuristic, linear_conflict, manhattan, misplaced
from puzzlelib.engines.compiled import _run_conflict as run_conflict
from puzzlelib.core.informed import ida_star_plain
from puzzlelib.engines.ida import ida_search, ida_search_tables, ida_star
from puzzlelib.engines.pdb import PatternDatabase

needs_engine = pytest.mark.skipif(not engine_available(), reason="numba is not installed here")

GOALS = {
    (3, 3): [Board.goal(3, 3), Board.goal(3, 3, blank="first"), Board.spiral(3, 3),
             Board([[8, 1, 3], [4, 0, 2], [7, 6, 5]])],
    (2, 4): [Board.goal(2, 4), Board.goal(2, 4, blank="first"), Board.spiral(2, 4)],
    (3, 4): [Board.goal(3, 4), Board.spiral(3, 4)],
}


_PDBS: dict = {}


def heuristics(goal: Board):
    """(heuristic, how far its boards are): misplaced tiles on short scrambles, the rest on random boards."""
    yield misplaced, 14
    yield manhattan, None if goal.shape != (3, 4) else 24
    parts = {(3, 3): [[1, 2, 3, 4], [5, 6, 7, 8]], (3, 4): [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]}.get(goal.shape)
    if parts is not None:
        for mirror in (True, False):
            key = (goal, mirror)
            if key not in _PDBS:
                _PDBS[key] = PatternDatabase(goal, parts, cache=False, progress=False, mirror=mirror)
            yield _PDBS[key], None if goal.shape != (3, 4) else 30


CASES = [(shape, g, seed) for shape, goals in GOALS.items() for g in range(len(goals)) for seed in range(2)]


@needs_engine
@pytest.mark.parametrize("shape, g, seed", CASES)
def test_the_compiled_loop_is_the_python_loop(shape, g, seed):
    goal = GOALS[shape][g]
    rng = random.Random(seed * 31 + g)
    table = neighbor_table(*shape)
    for h, far in heuristics(goal):
        tables = compile_heuristic(h, goal).tables
        for _ in range(2):
            board = random_solvable(*shape, goal=goal, seed=rng) if far is None else _scrambled(goal, rng, far)
            counts = {}
            py_path, py_nodes = ida_search_tables(list(board.tiles), tables, table, 10**8, counts=counts)
            status, c_path, c_nodes, c_generated = ida_tables_compiled(board.tiles, tables, table, 10**8)
            assert status == "found"
            assert (c_path, c_nodes, c_generated) == (py_path, py_nodes, counts["generated"]), (board, h)
            plain = ida_star_plain(board, goal=goal, heuristic=h, max_nodes=10**8)
            assert len(plain) == len(c_path), (board, getattr(h, "name", h))


@needs_engine
@pytest.mark.parametrize("shape, g, seed", CASES)
def test_the_compiled_linear_conflict_is_the_python_loop(shape, g, seed):
    goal = GOALS[shape][g]
    rng = random.Random(seed * 17 + g)
    table = neighbor_table(*shape)
    value = compile_heuristic(linear_conflict, goal).value
    for _ in range(3):
        board = random_solvable(*shape, goal=goal, seed=rng) if shape != (3, 4) else _scrambled(goal, rng, 30)
        generated = [0]

        def counted(tiles, start=board.tiles):
            generated[0] += tiles is not start
            return value(tiles)
        py_path, py_nodes = ida_search(board.tiles, goal.tiles, counted, table, 10**8)
        status, c_path, c_nodes, c_generated = run_conflict(board.tiles, goal, table, 10**8)
        assert status == "found"
        assert (c_path, c_nodes, c_generated) == (py_path, py_nodes, generated[0]), board
        assert len(ida_star_plain(board, goal=goal, heuristic=linear_conflict, max_nodes=10**8)) == len(c_path), board


def _scrambled(goal: Board, rng: random.Random, n: int) -> Board:
    from puzzlelib.core.generate import scramble

    return scramble(goal, n, seed=rng)


@needs_engine
def test_ida_star_uses_the_engine_and_counts_as_the_python_loop():
    goal = Board.goal(3, 3)
    board = Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]])      # 31 moves, the 8-puzzle's farthest
    result = ida_star(board, goal=goal, heuristic=manhattan)
    tables = compile_heuristic(manhattan, goal).tables
    counts = {}
    blanks, nodes = ida_search_tables(list(board.tiles), tables, neighbor_table(3, 3), 10**8, counts=counts)
    assert result.moves == 31 and result.expanded == nodes and result.generated == counts["generated"]
    assert [b.blank_index for b in result.path] == blanks


@needs_engine
def test_the_node_limit_stops_the_compiled_loop_as_it_stops_the_python_one():
    goal = Board.goal(3, 3)
    board = Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]])
    tables = compile_heuristic(manhattan, goal).tables
    assert ida_tables_compiled(board.tiles, tables, neighbor_table(3, 3), 1000)[0] == "limit"
    with pytest.raises(Exception, match="stopped after expanding 1,000 nodes"):
        ida_star(board, goal=goal, heuristic=manhattan, max_nodes=1000)


def test_other_heuristics_take_the_python_loop_with_the_same_answer():
    goal = Board.goal(3, 3)
    board = Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]])
    assert ida_star(board, goal=goal, heuristic=linear_conflict).moves == 31
    assert ida_star(board, goal=goal, heuristic=lambda b, g: manhattan(b, g)).moves == 31


CHILD = """
import sys, time
{hide}
from puzzlelib.engines.compiled import engine_available, engine_status
from puzzlelib.engines.ida import ida_star
from puzzlelib.core.board import Board
r = ida_star(Board([[4, 1, 2], [5, 0, 3]]))
print(engine_available(), r.moves, r.expanded)
print(engine_status())
"""


@pytest.mark.parametrize("how", ["numba missing", "PUZZLELIB_PLAIN=1"])
def test_without_the_engine_the_plain_loop_gives_the_same_answer(how):
    hide = "sys.modules['numba'] = None" if how == "numba missing" else ""
    env = {**os.environ, "PUZZLELIB_PLAIN": "1" if how != "numba missing" else ""}
    out = subprocess.run([sys.executable, "-c", CHILD.format(hide=hide)], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    first, status = out.stdout.splitlines()
    assert first == "False 5 5"
    assert ("numba is not installed" in status) if how == "numba missing" else ("PUZZLELIB_PLAIN" in status)
    assert "same answers" in status


def test_the_status_names_the_engine():
    assert engine_status().startswith("compiled with numba") == engine_available()


INTERRUPTED = """
import signal, time
signal.signal(signal.SIGINT, signal.default_int_handler)   # as a kernel does, whatever the test run inherited
from puzzlelib.core.board import Board
from puzzlelib.core.generate import random_solvable
from puzzlelib.engines.ida import ida_star
board = random_solvable(5, 5, seed=1)
print("searching", flush=True)
t0 = time.perf_counter()
try:
    ida_star(board, Board.goal(5, 5), max_nodes=10**12)      # hours of work with Manhattan distance
except KeyboardInterrupt:
    print(f"interrupted after {time.perf_counter() - t0:.2f} s", flush=True)
print("still alive", flush=True)
"""


@needs_engine
def test_an_interrupt_stops_the_compiled_search_and_the_kernel_lives_on():
    import signal
    import time

    child = subprocess.Popen([sys.executable, "-c", INTERRUPTED], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "searching"
        time.sleep(1.5)
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=20)
    finally:
        child.kill()
    lines = out.splitlines()
    assert lines[0].startswith("interrupted after") and lines[1] == "still alive", out
