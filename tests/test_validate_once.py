"""Validate once, at the door: a public function checks its arguments, its private core does the work.

A 4 x 4 Solve used to decide solvability three times (the session, solve_optimal, IDA*'s preparation),
call whole_number 164 times and check each pattern's size three times. Here the calls are counted with a
profiler hook (so a check imported under another name is counted too) on the player's solve, on
solve_optimal and on loading a pattern database; and the public doors still refuse bad input.
"""

from __future__ import annotations

import sys
from collections import Counter
from contextlib import contextmanager

import pytest

from puzzlelib.core import errors, solvability
from puzzlelib.core import pdb as core_pdb
from puzzlelib.core.board import Board
from puzzlelib.player.session import PlaySession, make_goal
from puzzlelib.engines import optimal
from puzzlelib.engines import pdb
from puzzlelib.engines.ida import ida_star
from puzzlelib.engines.optimal import solve_optimal


@contextmanager
def counting(*functions):
    """Count calls of ``functions`` (by their code objects) while the block runs, in this thread."""
    codes = {f.__code__: f.__qualname__ for f in functions}
    counts: Counter = Counter()

    def hook(frame, event, arg):
        if event == "call" and frame.f_code in codes:
            counts[codes[frame.f_code]] += 1

    old = sys.getprofile()
    sys.setprofile(hook)
    try:
        yield counts
    finally:
        sys.setprofile(old)


WATCHED = (solvability._permutation_parity, errors.whole_number, core_pdb.check_pattern, core_pdb.check_partition,
           core_pdb._default_partition.__wrapped__)


@pytest.mark.parametrize("kind", ["blank last", "spiral"])
def test_a_4x4_solve_decides_solvability_once_and_checks_little(kind):
    s = PlaySession(4, 4, goal=make_goal(4, 4, kind), seed=11)
    s.shuffle()
    s.solution()                                # first solve: tables loaded
    s.shuffle()
    with counting(*WATCHED) as calls:
        path, how = s.solution()
    assert "shortest" in how and path[-1] == s.goal
    assert calls["_permutation_parity"] == 1, calls
    assert calls["whole_number"] <= 20, calls
    assert calls["check_pattern"] == calls["check_partition"] == calls["_default_partition"] == 0, calls


def test_solve_optimal_and_ida_star_check_their_arguments_once():
    board = Board([[5, 1, 2, 4], [9, 6, 3, 8], [13, 10, 7, 11], [14, 15, 12, 0]])
    solve_optimal(board)
    with counting(*WATCHED) as calls:
        path = solve_optimal(board)
    assert len(path) > 1 and calls["_permutation_parity"] == 1 and calls["whole_number"] <= 20, calls
    with counting(*WATCHED) as calls:
        ida_star(board, goal=Board.goal(4, 4), heuristic=optimal.best_heuristic(Board.goal(4, 4), build=False))
    assert calls["_permutation_parity"] == 1 and calls["whole_number"] <= 20, calls


def test_loading_a_pattern_database_checks_each_pattern_once(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLELIB_CACHE", str(tmp_path))
    goal = Board.goal(3, 3)
    with counting(*WATCHED) as calls:
        pdb.PatternDatabase(goal, [[1, 2, 3, 4], [5, 6, 7, 8]], progress=False)
    assert calls["check_partition"] == 1 and calls["check_pattern"] == 0, calls
    with counting(*WATCHED) as calls:
        pdb.load_or_build(goal, [1, 2, 3, 4], progress=False)
    assert calls["check_pattern"] == 1, calls


@pytest.mark.parametrize("call, error", [
    (lambda: solve_optimal([[1, 2], [3, 3]]), ValueError),
    (lambda: solve_optimal(Board.goal(2, 2), max_nodes=1.5), TypeError),
    (lambda: solve_optimal(Board.goal(2, 2), build="yes"), TypeError),
    (lambda: ida_star(Board.goal(2, 2), goal=Board.goal(2, 3)), ValueError),
    (lambda: optimal.best_heuristic(Board.goal(4, 4), build=1), TypeError),
    (lambda: pdb.load_or_build(Board.goal(2, 3), [1, 2], cache="no"), TypeError),
    (lambda: core_pdb.pattern_table(Board.goal(2, 3), [1, 2], progress=None), TypeError),
    (lambda: core_pdb.default_partition(Board.goal(3, 3), max_size=2.5), TypeError),
])
def test_the_doors_still_refuse_bad_input(call, error):
    with pytest.raises(error):
        call()
