"""Issue 47, item 8: a million-cell board next to its goal, a million-cell board in a notebook, and flags.

(a) ``min_moves`` answered TooLargeError for the 1000 x 1000 goal and for a board one move from it (as did
``shortest_path``): the BFS's limit counted the component's (mn)!, 5.6 million digits, before searching.
(b) A 1000 x 1000 board's notebook view was 154 MB of HTML and its repr 7.9 MB: left as a cell's last line
it hung the page. (c) ``min_moves(b, check_parity="no")`` was accepted (as True) while ``solve_optimal``
refused non-bool flags: every public flag now refuses a non-bool with a TypeError that names it and what
was given (:func:`puzzlelib.core.errors.check_flag`).
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import re
import tempfile

import numpy as np
import pytest

import puzzlelib
from puzzlelib import Board, min_moves, random_solvable, scramble, shortest_path, solve_optimal
from puzzlelib.core.bfs import bfs_path
from puzzlelib.core.board import DISPLAY_MAX_CELLS
from puzzlelib.core.errors import TooLargeError
from timing import time_limit

BIG = Board.goal(1000, 1000)
NEAR = BIG.slide(BIG.tiles[-2])                  # one move from the goal: 999,999 slides back


# --- (a) ---------------------------------------------------------------------------------------------
def test_min_moves_answers_on_the_huge_goal_and_one_move_from_it():
    with time_limit(60, "min_moves on 1000 x 1000"):
        assert min_moves(BIG) == 0
        assert min_moves(NEAR) == 1
        assert shortest_path(NEAR) == [NEAR, BIG] and shortest_path(BIG) == [BIG]
        assert bfs_path(NEAR) == [NEAR, BIG]
    with pytest.raises(TooLargeError, match="every one of the boards of the 1000 x 1000 component"):
        bfs_path(NEAR, check_parity=False)          # without the parity test it may store the whole component


def test_a_huge_board_far_from_its_goal_is_still_refused_at_once():
    far = scramble(BIG, 40, seed=2)
    with time_limit(30, "min_moves on a far 1000 x 1000 board"), pytest.raises(TooLargeError, match="moves from the goal"):
        min_moves(far)


# --- (b) ---------------------------------------------------------------------------------------------
def test_a_huge_boards_repr_and_notebook_view_are_short_and_say_its_size():
    with time_limit(10, "repr of 1000 x 1000"):
        text, page = repr(BIG), BIG._repr_html_()
    assert len(text) < 300 and len(page) < 20_000, (len(text), len(page))
    assert text.startswith("<Board 1000 x 1000: [[1, 2, 3,") and text.endswith("... (1,000,000 tiles)>")
    assert "1000 x 1000 board" in page and "(1,000,000 tiles)" in page and page.count("<td") < 100
    odd = Board.goal(1, DISPLAY_MAX_CELLS + 1)   # one row: its corner is the first tiles
    assert repr(odd).startswith("<Board 1 x 401: [[1, 2,") and "(401 tiles)" in odd._repr_html_()


@pytest.mark.parametrize("shape", [(1, 1), (2, 3), (4, 4), (7, 3), (1, 400), (400, 1), (20, 20)])
def test_a_small_boards_repr_is_as_before_and_rebuilds_it(shape):
    board = random_solvable(*shape, seed=5)
    assert repr(board) == f"Board({board.grid})"
    assert eval(repr(board)) == board
    assert board._repr_html_().count("<td") == board.rows * board.cols      # every tile shown
    assert repr(Board([[1, 2, 3], [4, 0, 5]])) == "Board([[1, 2, 3], [4, 0, 5]])"


# --- (c) ---------------------------------------------------------------------------------------------
def test_min_moves_refuses_check_parity_no():
    b = Board([[4, 1, 2], [5, 0, 3]])
    with pytest.raises(TypeError, match=r"^check_parity must be True or False, got 'no' of type str$"):
        min_moves(b, check_parity="no")
    assert min_moves(b, check_parity=False) == 5 and min_moves(b, check_parity=np.bool_(True)) == 5


START = Board([[4, 1, 2], [5, 0, 3]])
GOAL = Board.goal(2, 3)


def _problem():
    from puzzlelib.core.generic import SlidingPuzzleProblem

    return SlidingPuzzleProblem(START)


def _widget(**flag):
    from puzzlelib.player.widgets import PuzzleWidget

    return PuzzleWidget(2, 3, **flag)


FLAG_CALLS = {    # (module, function): a call that passes the flags given, every other argument valid
    ("puzzlelib.core.bfs", "min_moves"): lambda **f: min_moves(START, **f),
    ("puzzlelib.core.bfs", "bfs_path"): lambda **f: bfs_path(START, **f),
    ("puzzlelib.core.errors", "check_flag"): lambda **f: puzzlelib.core.errors.check_flag(True, "x", **f),
    ("puzzlelib.core.errors", "number_text"): lambda **f: puzzlelib.core.errors.number_text(12345, **f),
    ("puzzlelib.core.generate", "scramble"): lambda **f: scramble(GOAL, 5, seed=1, **f),
    ("puzzlelib.core.generic", "breadth_first"): lambda **f: _generic("breadth_first")(_problem(), **f),
    ("puzzlelib.core.generic", "depth_first"): lambda **f: _generic("depth_first")(_problem(), **f),
    ("puzzlelib.core.generic", "uniform_cost"): lambda **f: _generic("uniform_cost")(_problem(), **f),
    ("puzzlelib.core.generic", "astar_search"): lambda **f: _generic("astar_search")(_problem(), **f),
    ("puzzlelib.core.guards", "refuse_far"): lambda **f: _guard("refuse_far")(START, GOAL, 1000, **f),
    ("puzzlelib.core.guards", "too_many_states"): lambda **f: _guard("too_many_states")(START, 1000, **f),
    ("puzzlelib.core.guards", "node_limit_error"): lambda **f: _guard("node_limit_error")(1000, "A*", **f),
    ("puzzlelib.core.pdb", "pattern_table"): lambda **f: _module("puzzlelib.core.pdb").pattern_table(GOAL, [1], **f),
    ("puzzlelib.core.reference", "save_results"):
        lambda **f: _module("puzzlelib.core.reference").save_results("x", {}, directory=tempfile.mkdtemp(), **f),
    ("puzzlelib.draw.experiments", "one_swap"): lambda **f: _module("puzzlelib.draw.experiments").one_swap(
        Board([[2, 1], [3, 0]]), 1, 2, name="start", goal=Board.goal(2, 2), goal_name="goal", **{"can_reach": False, **f}),
    ("puzzlelib.draw.search", "distance_profile"):
        lambda **f: _module("puzzlelib.draw.search").distance_profile([1, 2, 3], 2, 3, **f),
    ("puzzlelib.engines.distributed", "distributed_search"):           # refused before a cluster starts
        lambda **f: _module("puzzlelib.engines.distributed").distributed_search(1, 3, workers=1, **f),
    ("puzzlelib.engines.frontier", "frontier_search"):
        lambda **f: _module("puzzlelib.engines.frontier").frontier_search(2, 2, **f),
    ("puzzlelib.engines.optimal", "best_heuristic"): lambda **f: _module("puzzlelib.engines.optimal").best_heuristic(GOAL, **f),
    ("puzzlelib.engines.optimal", "solve_optimal"): lambda **f: solve_optimal(START, **f),
    ("puzzlelib.engines.pdb", "load_or_build"):
        lambda **f: _module("puzzlelib.engines.pdb").load_or_build(GOAL, [1], **{"cache": False, **f}),
    ("puzzlelib.engines.pdb", "PatternDatabase"): lambda **f: _module("puzzlelib.engines.pdb").PatternDatabase(
        GOAL, [[1, 2, 3], [4, 5]], **{"cache": False, "progress": False, **f}),
    ("puzzlelib.player.widgets", "PuzzleWidget"): _widget,
}


def _module(name):
    return importlib.import_module(name)


def _generic(name):
    return getattr(_module("puzzlelib.core.generic"), name)


def _guard(name):
    return getattr(_module("puzzlelib.core.guards"), name)


def public_flags() -> dict[tuple[str, str], list[str]]:
    """Every public function and class of the package (the course's exercises aside) with a parameter whose
    default is True or False, or that is annotated ``bool`` or ``bool | None``: its flags. Records
    (dataclasses) aside."""
    found = {}
    for info in pkgutil.walk_packages(puzzlelib.__path__, "puzzlelib."):
        if info.name.startswith(("puzzlelib.course", "puzzlelib._moved")):
            continue
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name, None)
            if getattr(obj, "__module__", None) != info.name or not callable(obj) or dataclasses.is_dataclass(obj):
                continue
            try:
                params = inspect.signature(obj).parameters.values()
            except (TypeError, ValueError):
                continue
            flags = [p.name for p in params if isinstance(p.default, bool) or p.annotation in ("bool", "bool | None")]
            if flags:
                found[(info.name, name)] = flags
    return found


def test_every_public_flag_has_a_call_here():
    assert set(public_flags()) == set(FLAG_CALLS), "a public function has a flag the next test does not try"


@pytest.mark.parametrize("where, flag", [(where, flag) for where, flags in sorted(public_flags().items())
                                         for flag in flags], ids=lambda v: v[1] if isinstance(v, tuple) else v)
@pytest.mark.parametrize("value", ["no", 0, 1.0, [True]], ids=["'no'", "0", "1.0", "[True]"])
def test_every_public_flag_refuses_what_is_not_a_bool(where, flag, value):
    with time_limit(30, f"{where[1]}({flag}={value!r})"), \
            pytest.raises(TypeError, match=rf"^{flag} must be True(,| or) False( or None)?, got {re.escape(repr(value))} of type"):
        FLAG_CALLS[where](**{flag: value})
