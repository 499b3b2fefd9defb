"""One convention: a search's first argument is the start (or the shape); goal, seed, heuristic and limits are
keyword-only; the old positional calls work for one release with a DeprecationWarning that shows the new call;
an unreachable goal is None; the frontier and Dask searches take the same keywords with the same defaults."""

from __future__ import annotations

import inspect
import warnings

import pytest

from puzzlelib import Board, min_moves, random_solvable, scramble, shortest_path, solve_optimal, state_graph
from puzzlelib.core.bfs import bfs_path, dfs_path, keyed_bfs
from puzzlelib.core.constructive import constructive_moves, solve_constructive
from puzzlelib.core.generate import random_board
from puzzlelib.core.generic import SlidingPuzzleProblem, astar_search
from puzzlelib.core.heuristics import manhattan, misplaced
from puzzlelib.core.informed import astar, ida_star_plain
from puzzlelib.engines.dispatch import distance_counts
from puzzlelib.engines.distributed import distributed_search
from puzzlelib.engines.frontier import frontier_search
from puzzlelib.engines.ida import ida_star

GOAL = Board.goal(2, 3)
SPIRAL = Board.spiral(2, 3)
START = Board([[4, 1, 2], [5, 0, 3]])
NEAR_SPIRAL = scramble(SPIRAL, 11, seed=3)         # reaches the spiral goal

SEARCHES = [min_moves, shortest_path, bfs_path, dfs_path, keyed_bfs, constructive_moves, solve_constructive,
            astar, ida_star_plain, ida_star, solve_optimal]
KEYWORD_ONLY = {"goal", "seed", "heuristic", "max_nodes", "budget", "progress", "on_layer", "keep_layers",
                "max_depth", "check_parity"}


@pytest.mark.parametrize("function", SEARCHES + [random_board, random_solvable, scramble, state_graph, astar_search,
                                                 distance_counts, frontier_search, distributed_search],
                         ids=lambda f: f.__name__)
def test_goal_seed_heuristic_and_limits_are_keyword_only(function):
    params = inspect.signature(function).parameters.values()
    loose = [p.name for p in params if p.name in KEYWORD_ONLY and p.kind is not p.KEYWORD_ONLY]
    assert loose == [], f"{function.__name__}: {loose} can still be passed by position"


CALLS = {   # the old call, the new call
    "min_moves": (lambda: min_moves(NEAR_SPIRAL, SPIRAL), lambda: min_moves(NEAR_SPIRAL, goal=SPIRAL)),
    "shortest_path": (lambda: shortest_path(NEAR_SPIRAL, SPIRAL), lambda: shortest_path(NEAR_SPIRAL, goal=SPIRAL)),
    "solve_constructive": (lambda: solve_constructive(NEAR_SPIRAL, SPIRAL), lambda: solve_constructive(NEAR_SPIRAL, goal=SPIRAL)),
    "astar": (lambda: astar(NEAR_SPIRAL, SPIRAL, misplaced).path, lambda: astar(NEAR_SPIRAL, goal=SPIRAL, heuristic=misplaced).path),
    "ida_star": (lambda: ida_star(START, GOAL, manhattan).path, lambda: ida_star(START, goal=GOAL, heuristic=manhattan).path),
    "random_solvable": (lambda: random_solvable(3, 3, SPIRAL.__class__.spiral(3, 3), 7),
                        lambda: random_solvable(3, 3, goal=Board.spiral(3, 3), seed=7)),
    "scramble": (lambda: scramble(GOAL, 9, 4), lambda: scramble(GOAL, 9, seed=4)),
    "random_board": (lambda: random_board(2, 3, 5), lambda: random_board(2, 3, seed=5)),
    "distance_counts": (lambda: distance_counts(2, 3, SPIRAL), lambda: distance_counts(2, 3, goal=SPIRAL)),
    "astar_search": (lambda: astar_search(SlidingPuzzleProblem(START), misplaced).path,
                     lambda: astar_search(SlidingPuzzleProblem(START), heuristic=misplaced).path),
}


@pytest.mark.parametrize("name", list(CALLS))
def test_an_old_positional_call_still_answers_with_a_warning_that_shows_the_new_call(name):
    old, new = CALLS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        expected = new()                                  # the new call: no warning
    assert expected is not None
    with pytest.warns(DeprecationWarning, match=rf"{name}\(\): .* by position is deprecated.*{name}\(\.\.\., \w+=") as caught:
        got = old()
    assert got == expected
    assert caught[0].filename == __file__                 # the warning points at the caller's line


def test_too_many_positional_arguments_are_still_a_type_error():
    with pytest.raises(TypeError):
        min_moves(START, GOAL, 5)
    with pytest.raises(TypeError):
        ida_star(START, GOAL, manhattan, 10)


def test_an_unreachable_goal_is_none_everywhere():
    swapped = Board([[2, 1, 3], [4, 5, 0]])
    assert min_moves(swapped) is None and min_moves(swapped, check_parity=False) is None
    assert shortest_path(swapped) is None and bfs_path(swapped) is None and dfs_path(swapped) is None
    assert keyed_bfs(swapped).moves is None and solve_constructive(swapped) is None
    assert astar(swapped) is None and ida_star(swapped) is None and ida_star_plain(swapped) is None
    assert solve_optimal(swapped, progress=False) is None


def test_paths_are_lists_of_boards():
    for path in (shortest_path(START), bfs_path(START), solve_constructive(START), astar(START).path,
                 ida_star(START).path, ida_star_plain(START), solve_optimal(START, progress=False)):
        assert isinstance(path, list) and all(type(b) is Board for b in path) and path[0] == START


def test_the_frontier_and_dask_searches_take_the_same_keywords_with_the_same_defaults():
    cluster_only = {"client", "scheduler", "workers", "partitions"}
    frontier = {name: p.default for name, p in inspect.signature(frontier_search).parameters.items()}
    dask = {name: p.default for name, p in inspect.signature(distributed_search).parameters.items()
            if name not in cluster_only}
    assert frontier == dask


def test_on_layer_reports_each_layer_of_the_frontier_search():
    seen = []
    result = frontier_search(2, 3, on_layer=lambda depth, count, seconds: seen.append((depth, count)))
    assert seen == list(enumerate(result.counts))[1:]
    with pytest.raises(TypeError, match="on_layer"):
        frontier_search(2, 3, on_layer=5)
