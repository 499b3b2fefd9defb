"""One vocabulary: one result type for path searches, one home for errors and limits, one whole-number check,
heuristics chosen by what they carry, and module surfaces that list only what is meant to be public."""

from __future__ import annotations

import functools
import importlib
import pkgutil

import numpy as np
import pytest

import puzzlelib
from puzzlelib import Board, random_solvable, scramble
from puzzlelib.core.errors import NodeLimitError, PuzzleError, SearchBudgetError, TooLargeError, whole_number
from puzzlelib.core.generic import SlidingPuzzleProblem, astar_search, breadth_first, graph_search
from puzzlelib.core.heuristics import compile_heuristic, manhattan, misplaced
from puzzlelib.core.informed import astar
from puzzlelib.engines.ida import ida_star
from puzzlelib.core.results import SearchResult

MODULES = sorted(m.name for m in pkgutil.walk_packages(puzzlelib.__path__, "puzzlelib."))


def test_every_path_search_returns_one_result_type_with_the_same_columns():
    problem = SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]]))
    results = [graph_search(problem, "fifo"), breadth_first(problem), astar_search(problem, heuristic=manhattan),
               astar(problem.initial), ida_star(problem.initial)]
    for r in results:
        assert type(r) is SearchResult
        assert r.moves == 5 and r.expanded > 0 and r.generated >= r.expanded and r.max_frontier >= 1


def test_the_two_astars_agree_on_every_column():
    for seed in range(4):
        board = random_solvable(3, 3, seed=seed)
        fast, generic = astar(board), astar_search(SlidingPuzzleProblem(board))
        assert fast.path == generic.path
        assert (fast.expanded, fast.generated, fast.max_frontier, fast.reached) == (
            generic.expanded, generic.generated, generic.max_frontier, generic.reached)


def test_ida_star_counts_the_same_children_on_both_of_its_paths():
    board = random_solvable(3, 3, seed=5)
    tables = ida_star(board, heuristic=manhattan)                                   # the incremental loop
    general = ida_star(board, heuristic=lambda b, g: manhattan(b, g))               # the plain loop
    assert tables.path == general.path
    assert (tables.expanded, tables.generated, tables.max_frontier) == (
        general.expanded, general.generated, general.max_frontier)
    assert tables.max_frontier == tables.moves + 1


def test_errors_live_in_one_module_and_the_old_name_is_an_alias():
    assert SearchBudgetError is NodeLimitError
    assert issubclass(NodeLimitError, TooLargeError) and issubclass(TooLargeError, PuzzleError)
    assert issubclass(PuzzleError, ValueError)
    import puzzlelib.core.limits as limits
    assert limits.TooLargeError is TooLargeError and limits.SearchBudgetError is NodeLimitError
    assert puzzlelib.PuzzleError is PuzzleError and puzzlelib.TooLargeError is TooLargeError
    for cls in (PuzzleError, TooLargeError, NodeLimitError):
        assert cls.__module__ == "puzzlelib.core.errors"


@pytest.mark.parametrize("call, good", [
    (lambda n: breadth_first(SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]])), max_nodes=n), 100),
    (lambda n: astar(Board([[4, 1, 2], [5, 0, 3]]), max_nodes=n), 100),
    (lambda n: puzzlelib.min_moves(Board([[4, 1, 2], [5, 0, 3]]), max_nodes=n), 100),
    (lambda n: scramble(Board.goal(2, 3), 5, seed=n), 3),
    (lambda n: random_solvable(2, 3, seed=n), 3),
    (lambda n: puzzlelib.engines.frontier.frontier_search(2, 3, budget=n).counts, 10**6),
    (lambda n: Board.goal(n, 3), 3),
], ids=["max_nodes (generic)", "max_nodes (astar)", "max_nodes (bfs)", "seed (scramble)", "seed (random_solvable)",
        "budget", "rows"])
def test_every_whole_number_argument_takes_numpy_integers_and_refuses_floats_and_bools(call, good):
    assert call(np.int64(good)) == call(good)          # accepted, and the same as a Python int
    for bad in (float(good), True):
        with pytest.raises(TypeError, match="must be an integer"):
            call(bad)


def test_whole_number_says_what_is_wrong():
    assert whole_number(np.uint8(3), "k", minimum=0, maximum=3) == 3
    with pytest.raises(TypeError, match="k must be an integer, got '3' of type str"):
        whole_number("3", "k")
    with pytest.raises(ValueError, match="k must be at most 3, got 4"):
        whole_number(4, "k", maximum=3)


def test_a_wrapped_manhattan_carries_its_tables_and_takes_the_fast_path():
    goal = Board.goal(3, 3)

    @functools.wraps(manhattan)
    def my_manhattan(board, goal=None):
        return manhattan(board, goal)

    fast = compile_heuristic(my_manhattan, goal)
    assert fast.tables is not None and fast.name == "manhattan"
    plain = compile_heuristic(lambda b, g: manhattan(b, g), goal)
    assert plain.tables is None
    board = random_solvable(3, 3, seed=2)
    assert fast.value(board.tiles) == plain.value(board.tiles) == manhattan(board, goal)
    assert compile_heuristic(misplaced, goal).tables is not None


def test_a_function_without_tables_takes_the_general_path_with_the_same_answer():
    board = random_solvable(3, 3, seed=3)
    by_tables = ida_star(board, heuristic=manhattan)
    by_function = ida_star(board, heuristic=lambda b, g: manhattan(b, g))
    assert by_tables.path == by_function.path and by_tables.expanded == by_function.expanded


@pytest.mark.parametrize("name", MODULES)
def test_every_module_lists_its_public_names_and_not_its_helpers(name):
    module = importlib.import_module(name)
    assert hasattr(module, "__all__"), f"{name} has no __all__"
    for attr in module.__all__:
        assert hasattr(module, attr), f"{name}.__all__ names {attr}, which does not exist"
    assert not {"check_shape", "same_shape", "format_bytes", "as_board", "board_and_goal"} & set(module.__all__)
