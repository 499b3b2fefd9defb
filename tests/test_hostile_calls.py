"""Issue 27: one regression test per group of hostile calls (groups 1-6 and 11-15; 7-10 are the checker's).

Each runs the issue's own command under a time limit (SIGALRM) and, where memory is at stake, an
address-space limit (RLIMIT_AS), both from test_fuzz_inputs.py, and asserts the right answer or a
clear ValueError/TypeError.
"""

from __future__ import annotations

import json
import os
import warnings

import numpy as np
import pytest

from puzzlelib import (Board, explain, inversions, is_solvable, min_moves, random_solvable, shortest_path,
                       distances, scramble, solve_optimal, state_graph)
from puzzlelib.core.encoding import from_key, unrank_rows
from puzzlelib.core.errors import NodeLimitError, TooLargeError
from puzzlelib.core.bfs import bfs_layers
from puzzlelib.core.informed import astar, effective_branching, tree_sizes
from puzzlelib.engines.ida import ida_star
from puzzlelib.engines.pdb import PatternDatabase, load_or_build
from puzzlelib.engines.storage import DamagedFileWarning
from test_fuzz_inputs import contained  # noqa: F401  (the fixture: scratch folder, cache, RLIMIT_AS)
from timing import time_limit


def test_group1_a_large_max_nodes_keeps_the_memory_guard():
    far = random_solvable(4, 4, seed=3)
    with time_limit(10, "min_moves with max_nodes=10**15"):
        with pytest.raises(TooLargeError):               # refused up front: the memory budget still counts
            min_moves(far, max_nodes=10**15)
        with pytest.raises(TooLargeError):
            shortest_path(far, max_nodes=10**15)
        with pytest.raises(TooLargeError, match="3 x 4 state graph"):
            state_graph(3, 4, max_nodes=10**15)
        # issue 47: a max_nodes above what the budget holds asks for the whole space, refused as the default is
        for huge in (10**15, 10**18):
            with pytest.raises(TooLargeError, match="full BFS of the 4 x 4 board"):
                next(bfs_layers(far, max_nodes=huge))
        # distances() has no node limit to raise: the whole table is what it is for, refused by its size
        with pytest.raises(TypeError, match="max_nodes"):
            distances(Board.goal(3, 5), max_nodes=10**15)
        with pytest.raises(TooLargeError):
            distances(Board.goal(3, 5))
    with time_limit(60, "bfs_layers with a max_nodes the budget holds"):
        with pytest.raises(NodeLimitError):              # a lower max_nodes: stops there, never MemoryError
            for _ in bfs_layers(far, max_nodes=200_000):
                pass


def test_group2_solve_optimal_solves_a_huge_board_near_its_goal():
    with time_limit(20, "solve_optimal on 1000 x 1000"):
        assert solve_optimal(Board.goal(1000, 1000)) == [Board.goal(1000, 1000)]
        near = Board.goal(1000, 1000).slide(999_999).slide(998_999)
        path = solve_optimal(near)
    assert len(path) == 3 and path[0] == near and path[-1] == Board.goal(1000, 1000)


def test_group3_ida_star_follows_a_1499_move_solution_without_recursion():
    with time_limit(20, "ida_star on 1 x 1500"):
        result = ida_star(Board([[0] + list(range(1, 1500))]))
    assert result.moves == 1499


@pytest.mark.parametrize("value", [2**63, 2**200, 10**5000, 0.5, 7.25],
                         ids=["2**63", "2**200", "10**5000", "0.5", "7.25"])
def test_group4_ida_star_ends_whatever_number_the_heuristic_returns(value):
    with time_limit(10, f"ida_star with h = {type(value).__name__}"):
        assert ida_star(Board([[4, 1, 2], [5, 0, 3]]), heuristic=lambda b, g: value).moves == 5
        assert astar(Board([[4, 1, 2], [5, 0, 3]]), heuristic=lambda b, g: value).moves == 5


@pytest.mark.parametrize("value, kind", [("3", TypeError), (None, TypeError), ([1], TypeError),
                                         (float("nan"), ValueError), (float("inf"), ValueError), (-1, ValueError)])
def test_group4_a_heuristic_that_returns_a_non_number_is_refused(value, kind):
    with time_limit(5, "a bad heuristic"), pytest.raises(kind, match="must return a whole number"):
        ida_star(Board([[4, 1, 2], [5, 0, 3]]), heuristic=lambda b, g: value)


def test_group5_inversions_and_explain_are_n_log_n():
    with time_limit(5, "inversions on 300 x 300"):
        assert inversions(Board.goal(300, 300)) == 0
    big = Board.from_tiles(tuple(range(90_000 - 1, 0, -1)) + (0,), 300, 300)
    with time_limit(10, "inversions and explain on 300 x 300"):
        assert inversions(big) == (90_000 - 1) * (90_000 - 2) // 2
        report = explain(big)
    assert report.solvable == is_solvable(big)


@pytest.mark.parametrize("call", [lambda: Board.goal(10**5000, 1), lambda: Board.goal(1, -10**5000),
                                  lambda: Board([[0, 10**5000]]), lambda: from_key(10**5000, 2, 3),
                                  lambda: min_moves(Board.goal(2, 2), max_nodes=-10**5000),
                                  lambda: tree_sizes(3, 3, 10**5000, 3), lambda: Board.goal(3, 3).slide(10**6000),
                                  lambda: scramble(Board.goal(3, 3), 10**7000), lambda: scramble(Board.goal(3, 3), 10**5000)])
def test_group6_huge_integers_get_a_message(call):
    with pytest.raises(ValueError) as caught:
        call()
    assert "digits" in str(caught.value) and "4300" not in str(caught.value) and len(str(caught.value)) < 600


def _write_nested(path):
    path.write_text("[" * 200_000)


@pytest.mark.parametrize("damage", ["nested", "missing field", "wrong type", "fifo", "directory"])
def test_group11_damaged_pattern_database_metadata_is_rebuilt(tmp_path, monkeypatch, damage):
    monkeypatch.setenv("PUZZLELIB_CACHE", str(tmp_path / "pdb"))
    goal = Board.goal(2, 3)
    _, info = load_or_build(goal, [1, 2], progress=False)
    meta = tmp_path / "pdb" / (os.path.basename(info["file"])[:-4] + ".json")
    assert meta.exists()
    doc = json.loads(meta.read_text())
    if damage == "nested":
        _write_nested(meta)
    elif damage == "missing field":
        del doc["seconds"]
        meta.write_text(json.dumps(doc))
    elif damage == "wrong type":
        doc["max"] = "lots"
        meta.write_text(json.dumps(doc))
    elif damage == "fifo":
        meta.unlink()
        os.mkfifo(meta)
    else:
        meta.unlink()
        meta.mkdir()
    with time_limit(20, "loading a damaged cache"), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdb = PatternDatabase(goal, [[1, 2], [3, 4, 5]], progress=False)
        text = repr(pdb)
    assert any(issubclass(w.category, DamagedFileWarning) for w in caught), [str(w.message) for w in caught]
    assert not pdb.info[0]["from_cache"] and "pattern database" in text


@pytest.mark.parametrize("damage", ["nested", "fifo", "no counts"])
def test_group11_a_damaged_frontier_manifest_is_rebuilt(tmp_path, damage):
    from puzzlelib.engines.frontier import frontier_search

    folder = tmp_path / "frontier"
    first = frontier_search(2, 3, directory=folder, progress=False)
    manifest = folder / "manifest.json"
    if damage == "nested":
        _write_nested(manifest)
    elif damage == "fifo":
        manifest.unlink()
        os.mkfifo(manifest)
    else:
        doc = json.loads(manifest.read_text())
        del doc["counts"]
        manifest.write_text(json.dumps(doc))
    with time_limit(20, "resuming from a damaged manifest"), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = frontier_search(2, 3, directory=folder, progress=False)
    assert any(issubclass(w.category, DamagedFileWarning) for w in caught)
    assert again.counts == first.counts


@pytest.mark.parametrize("call, kind", [
    (lambda: tree_sizes(3, 3, 9, 6), ValueError), (lambda: tree_sizes(3, 3, -1, 6), ValueError),
    (lambda: tree_sizes(3, 3, 1.5, 6), TypeError), (lambda: tree_sizes(3, 3, 0, -1), ValueError),
    (lambda: tree_sizes(1000, 1000, 0, 5000), TooLargeError),
    (lambda: effective_branching(float("nan"), 3), ValueError),
    (lambda: effective_branching(float("inf"), 3), ValueError),
    (lambda: effective_branching(-1, 3), ValueError), (lambda: effective_branching("x", 3), TypeError),
    (lambda: effective_branching(10, 1.5), TypeError), (lambda: effective_branching(10**5000, 3), ValueError)])
def test_group12_teaching_helpers_check_their_arguments(call, kind):
    with time_limit(5, "a teaching helper"), pytest.raises(kind):
        call()


def test_group12_teaching_helpers_still_answer():
    assert tree_sizes(3, 3, 8, 6) == [1, 2, 4, 8, 16, 20, 40]
    assert abs(effective_branching(10, 10**7) - 10 / 11) < 1e-9      # 1 + b + b**2 + ... = 11: no OverflowError
    assert round(effective_branching(1000, 12), 2) == 1.65


def test_group13_one_whole_number_check_everywhere():
    assert min_moves(Board.goal(3, 3), max_nodes=np.int64(10)) == 0
    assert random_solvable(3, 3, seed=np.int64(1)) == random_solvable(3, 3, seed=1)
    for bad, kind in [(1.5, TypeError), ("x", TypeError), (True, TypeError), (-1, ValueError), (0, ValueError)]:
        for call in (lambda: solve_optimal(Board.goal(3, 3), max_nodes=bad),      # small boards and big
                     lambda: solve_optimal(Board.goal(5, 5), max_nodes=bad),
                     lambda: min_moves(Board.goal(3, 3), max_nodes=bad),
                     lambda: bfs_layers(Board.goal(2, 2), max_nodes=bad).__next__(),
                     lambda: state_graph(2, 2, max_nodes=bad),
                     lambda: astar(Board.goal(3, 3), max_nodes=bad),
                     lambda: ida_star(Board.goal(3, 3), max_nodes=bad)):
            with pytest.raises(kind):
                call()
    for bad in (1.5, "x", True):
        with pytest.raises(TypeError):
            random_solvable(3, 3, seed=bad)


@pytest.mark.parametrize("name, call", [
    ("min_moves 3 x 4", lambda: min_moves(random_solvable(3, 4, seed=1))),
    ("state_graph 3 x 3", lambda: state_graph(3, 3)),
    ("astar 4 x 4", lambda: astar(random_solvable(4, 4, seed=1))),
    ("ida_star 4 x 4", lambda: ida_star(random_solvable(4, 4, seed=1)))])
def test_group14_defaults_answer_or_refuse_within_seconds(name, call):
    with time_limit(12, name):                       # a few seconds on 2 cores; room for a slow machine
        with pytest.raises(TooLargeError, match="max_nodes"):   # the message says how to ask for more
            call()


def test_group15_messages_say_what_is_wrong():
    with pytest.raises(TooLargeError) as caught:
        state_graph(5, 5, max_nodes=10**30)
    assert "more than max_nodes" not in str(caught.value)
    with time_limit(5, "Board([range(10**12)])"), pytest.raises(ValueError, match="1,000,000 cells"):
        Board([range(10**12)])
    with pytest.raises(ValueError, match="ragged"):
        Board([[], [0]])
    with pytest.raises(TypeError):
        unrank_rows(np.array([1.5]), 3)
    from puzzlelib.draw import draw_state_graph
    from puzzlelib.engines.frontier import frontier_search
    assert draw_state_graph(state_graph(2, 2), highlight=Board.goal(2, 2)) is not None
    with pytest.raises(ValueError, match="highlight"):
        draw_state_graph(state_graph(2, 2), highlight=Board.goal(2, 3))
    with pytest.raises(ValueError, match="highlight"):
        draw_state_graph(state_graph(2, 2), highlight=24)
    with pytest.raises(TooLargeError) as caught:
        frontier_search(5, 5)
    assert "about about" not in str(caught.value)


def _huge_calls():
    from puzzlelib.draw.solvability import inversion_arcs
    from puzzlelib.draw.sufficiency import state_graph_components
    from puzzlelib.core.bfs import keyed_bfs
    from puzzlelib.core.heuristics import misplaced_tables
    from puzzlelib.core.constructive import constructive_moves, solve_constructive
    from puzzlelib.core.pdb import default_partition

    big, mid = Board.goal(1000, 1000), Board.goal(300, 300)
    return {
        "inversion_arcs 1000 x 1000": lambda: inversion_arcs(big),
        "keyed_bfs 300 x 300": lambda: keyed_bfs(mid.slide(mid.tiles[-2])),
        "misplaced_tables 1000 x 1000": lambda: misplaced_tables(big),
        "state_graph_components 1000 x 1000": lambda: state_graph_components(1000, 1000),
        "state_graph_components 10**5000 rows": lambda: state_graph_components(10**5000, 2),
        "default_partition 1000 x 1000": lambda: default_partition(big),
        "constructive_moves 300 x 300": lambda: constructive_moves(mid.slide(mid.tiles[-2])),
        "solve_constructive 1000 x 1000": lambda: solve_constructive(big),
    }


@pytest.mark.parametrize("name", list(_huge_calls()))
def test_huge_boards_found_by_the_fuzzer_are_refused_at_once_with_the_reason(name):
    with time_limit(5, name):
        with pytest.raises(ValueError, match=r"up to|at most|tables are made") as err:
            _huge_calls()[name]()
    assert len(str(err.value)) < 600


def test_is_cached_and_is_path_answer_on_huge_boards():
    from puzzlelib.engines.optimal import is_path
    from puzzlelib.engines.pdb import is_cached

    big = Board.goal(1000, 1000)
    with time_limit(5, "is_cached and is_path on 1000 x 1000"):
        assert is_cached(big) is False
        assert is_path([big], big, big) is True and is_path([big, big], big, big) is False
        assert is_path([big.slide(big.tiles[-2]), big], big.slide(big.tiles[-2]), big) is True


def test_the_long_fuzz_runs_findings_get_clear_errors():
    """benchmarks/fuzz_long.py found these; each is now a TypeError or a ValueError, at once."""
    from puzzlelib.draw.informed import pattern_partition
    from puzzlelib.core.limits import dict_bfs_bytes

    with time_limit(5, "the long fuzz run's findings"):
        with pytest.raises(TypeError):
            pattern_partition(Board([[0] + list(range(1, 300))]), [range(10**12)])   # was MemoryError
        with pytest.raises(TypeError, match="states"):
            dict_bfs_bytes([], 10**5000)                                           # was OverflowError
        with pytest.raises(ValueError, match="cells"):
            dict_bfs_bytes(5, 0)
        assert dict_bfs_bytes(181440, 9) == 181440 * (110 + 8 * 9)


def test_a_pattern_is_checked_before_the_cache_is_touched(tmp_path, monkeypatch):
    """The long fuzz run's load_or_build(1000 x 1000 goal, {1, 3}): an OSError (a file name of 6.9 million
    characters) before the pattern's size was ever checked. Now the pattern is checked first, and a goal too
    long for a file name is named by its SHA-256."""
    from puzzlelib.core.pdb import check_pattern, pattern_table

    monkeypatch.setenv("PUZZLELIB_CACHE", str(tmp_path / "pdb"))
    big = Board.goal(1000, 1000)
    with time_limit(5, "checking a pattern"):
        with pytest.raises(TooLargeError, match="search over"):
            load_or_build(big, [1, 3], progress=False)
        with pytest.raises(TypeError, match="list of tiles"):
            load_or_build(big, {1, 3}, progress=False)               # a set has no order: the table's layout
        with pytest.raises(ValueError, match="at most the 8 tiles"):
            load_or_build(Board.goal(3, 3), range(10**12), progress=False)
        with pytest.raises(TypeError, match="tile in the pattern"):
            pattern_table(Board.goal(3, 3), [1.5])                    # was read as tile 1
        assert check_pattern(Board.goal(2, 3), [np.int64(2), 1]) == (2, 1)
    long_goal = Board([list(range(1, 300)) + [0]])                   # 1 x 300: a name of over 1,000 characters
    table, info = load_or_build(long_goal, [1], progress=False)
    assert info["file"] and len(os.path.basename(info["file"])) < 120
    again, info = load_or_build(long_goal, [1], progress=False)
    assert info["from_cache"] and np.array_equal(again, table) and np.array_equal(table, pattern_table(long_goal, [1]))


def test_the_second_long_fuzz_runs_findings_get_clear_errors():
    """benchmarks/fuzz_long.py --examples 1000 found these: an OverflowError (np.int8 times a 5,000-digit
    budget), a MemoryError ([range(10**12)] made into an array), an AttributeError (goal_cells, once the
    fuzz reached the functions behind lru_cache). Each is now a TypeError or a ValueError, at once."""
    from puzzlelib.core.limits import as_array, state_limit
    from puzzlelib.engines.dispatch import uses_frontier_engine
    from puzzlelib.engines.packed import as_words
    from puzzlelib.core.guards import astar_max_nodes
    from puzzlelib.core.heuristics import goal_cells
    from puzzlelib.engines.storage import npy_bytes

    with time_limit(5, "the second long fuzz run's findings"):
        for limit in (state_limit, astar_max_nodes):
            with pytest.raises(TypeError, match="cells"):
                limit(1.5)                                               # was a float answer
            with pytest.raises(ValueError, match="cells"):
                limit(-3)                                                # was a positive answer
            assert limit(np.int8(5), 10**5000) == limit(5, 10**5000)     # was OverflowError
        with pytest.raises(ValueError, match="cells"):
            uses_frontier_engine(np.int8(5), 10**5000)                   # was OverflowError
        assert uses_frontier_engine(np.int64(3), 3) is True
        for make in (as_array, as_words, npy_bytes):
            with pytest.raises(TooLargeError, match="too big for memory"):
                make([range(10**12)])                                    # was MemoryError
        with pytest.raises(TypeError, match="goal"):
            goal_cells(10**5000)                                         # was AttributeError
        assert goal_cells(Board.goal(2, 2)) == (3, 0, 1, 2)


@pytest.mark.parametrize("name", ["rank_rows", "inversion_counts", "inversions_by_merge_sort list",
                                  "inversions_by_merge_sort range", "first_layers"])
def test_array_likes_too_big_for_memory_are_refused_not_a_memory_error(name, contained):
    from puzzlelib.draw.search import first_layers
    from puzzlelib.core.encoding import rank_rows
    from puzzlelib.core.solvability import inversions_by_merge_sort
    from puzzlelib.engines.space import inversion_counts

    call = {"rank_rows": lambda: rank_rows([range(10**12)]),
            "inversion_counts": lambda: inversion_counts([range(10**12)]),
            "inversions_by_merge_sort list": lambda: inversions_by_merge_sort([range(10**12)]),
            "inversions_by_merge_sort range": lambda: inversions_by_merge_sort(range(10**12)),
            "first_layers": lambda: first_layers(range(10**12))}[name]
    with time_limit(5, name):
        with pytest.raises(ValueError, match="too big for memory|a figure draws up to"):
            call()
