"""Nothing unbounded: huge requests are refused at once, searches stop at their budgets, limits are real.

* Cheap refusals: each call below must raise ValueError/TypeError (TooLargeError is a ValueError)
  in well under a second, on shapes far too big for any search.
* Memory limits: under ``ulimit -v`` (RLIMIT_AS, set in a child process) the budget shrinks to fit,
  and searches that would outgrow it raise TooLargeError, never MemoryError.
"""

from __future__ import annotations

import multiprocessing
import time

import pytest

from puzzlelib import Board, distance_counts, draw_path, min_moves, scramble, shortest_path, state_graph
from puzzlelib.core.board import neighbor_cells
from puzzlelib.core.encoding import from_key, unrank
from puzzlelib.core.generate import fix_by_swap
from puzzlelib.core.graph import component_labels, move_graph
from puzzlelib.core.errors import NodeLimitError, PuzzleError, TooLargeError
from puzzlelib.core.limits import (check_frontier_bfs, check_full_bfs,
                              frontier_bfs_bytes, memory_budget, reachable_count)
from puzzlelib.core.reference import published_counts
from puzzlelib.core.bfs import keyed_bfs
from puzzlelib.core.heuristics import manhattan, tile_distances
from timing import time_limit

KORF1 = Board([[14, 13, 15, 7], [11, 12, 9, 5], [6, 0, 2, 1], [4, 8, 10, 3]])
KORF_GOAL = Board.goal(4, 4, blank="first")


REFUSALS = {
    "distance_counts 1000 x 1000": lambda: distance_counts(1000, 1000),
    "distance_counts 10000 x 10000": lambda: distance_counts(10000, 10000),
    "distance_counts 4 x 4": lambda: distance_counts(4, 4),
    "frontier bytes 1000000 x 3": lambda: frontier_bfs_bytes(1000000, 3),
    "frontier check 300 x 300": lambda: check_frontier_bfs(300, 300),
    "full BFS 41 x 41": lambda: check_full_bfs(41, 41),
    "reachable_count 1000 x 1000": lambda: reachable_count(1000, 1000),
    "state_graph 41 x 41": lambda: state_graph(41, 41),
    "move_graph 5 x 5": lambda: move_graph(5, 5),
    "component_labels 40 x 40": lambda: component_labels(40, 40),
    "unrank 40 x 40": lambda: unrank(10**5000, 40, 40),
    "from_key 3 x 3 huge key": lambda: from_key(10**5000, 3, 3),
    "tile_distances 100 x 100": lambda: tile_distances(Board.goal(100, 100)),
    "min_moves far 4 x 4": lambda: min_moves(KORF1, goal=KORF_GOAL),
    "keyed BFS 3 x 4 unsolvable": lambda: keyed_bfs(fix_by_swap(Board.goal(3, 4))),
    "scramble 10**100 moves": lambda: scramble(Board.goal(3, 3), 10**100),
    "published 1 x 3": lambda: published_counts(1, 3),
    "fix_by_swap 1 x 2": lambda: fix_by_swap(Board([[1, 0]])),
    "neighbor_cells -1": lambda: neighbor_cells(-1, 2, 3),
    "draw_path max_frames 1": lambda: draw_path(shortest_path(Board([[4, 1, 2], [5, 0, 3]])), max_frames=1),
    "state_graph max_nodes nan": lambda: state_graph(3, 4, max_nodes=float("nan")),
    "min_moves max_nodes -1": lambda: min_moves(Board.goal(3, 3), max_nodes=-1),
    "min_moves max_nodes '5'": lambda: min_moves(Board.goal(3, 3), max_nodes="5"),
    "check_full_bfs budget nan": lambda: check_full_bfs(3, 3, budget=float("nan")),
}


@pytest.mark.parametrize("name", REFUSALS)
def test_huge_or_bad_requests_are_refused_at_once_with_a_clear_error(name):
    start = time.perf_counter()
    with time_limit(5), pytest.raises((ValueError, TypeError)) as info:
        REFUSALS[name]()
    assert time.perf_counter() - start < 1.0, f"{name}: the refusal took {time.perf_counter() - start:.2f} s"
    message = str(info.value)
    assert 20 < len(message) < 600, f"{name}: the message should say what is wrong, briefly: {message!r}"
    assert "Exceeds the limit" not in message     # never the 4300-digit int-to-str conversion error


def test_big_boards_stay_cheap_where_no_search_is_needed():
    with time_limit(10):
        assert manhattan(Board.goal(1000, 1000)) == 0             # one pass, no cells x cells table
        big = Board.goal(300, 300)
        assert manhattan(scramble(big, 2, seed=1), big) == 2


def _under_address_limit(extra_bytes: int, queue) -> None:
    """In a child process: cap the address space at what is used now plus ``extra_bytes``, then try the searches."""
    import resource

    import puzzlelib.engines.ida as informed
    from puzzlelib.core.informed import astar
    from puzzlelib.engines.ida import ida_star

    size = 0
    for line in open("/proc/self/status"):
        if line.startswith("VmSize:"):
            size = int(line.split()[1]) * 1024
    resource.setrlimit(resource.RLIMIT_AS, (size + extra_bytes, resource.RLIM_INFINITY))
    out = {"budget": memory_budget()}
    informed.LARGE_BOARD_MAX_NODES = 200_000          # the 5 x 5 default, made small so the test is quick
    five = Board([[21, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19],
                  [20, 0, 22, 23, 24]])
    cases = {
        "min_moves Korf #1": lambda: min_moves(KORF1, goal=KORF_GOAL),
        "keyed BFS 3 x 4": lambda: keyed_bfs(fix_by_swap(Board.goal(3, 4))),
        "A* Korf #1": lambda: astar(KORF1, goal=KORF_GOAL),
        "IDA* 5 x 5": lambda: ida_star(scramble(five, 400, seed=2), goal=Board.goal(5, 5, blank="first")),
    }
    for name, call in cases.items():
        t0 = time.perf_counter()
        try:
            call()
            out[name] = ("returned", time.perf_counter() - t0)
        except BaseException as err:      # report everything: the parent asserts on the kind
            out[name] = (type(err).__name__, time.perf_counter() - t0)
    queue.put(out)


def test_under_ulimit_v_searches_refuse_instead_of_running_out_of_memory():
    extra = 1536 * 2**20
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_under_address_limit, args=(extra, queue))
    child.start()
    child.join(120)
    assert not child.is_alive(), "the searches under ulimit -v did not finish within 120 s"
    out = queue.get(timeout=5)
    assert out["budget"] <= extra // 2 + 2**20, f"the budget {out['budget']:,} ignores the address-space limit"
    for name, result in out.items():
        if name == "budget":
            continue
        kind, seconds = result
        assert kind in (TooLargeError.__name__, NodeLimitError.__name__), f"{name}: {kind} after {seconds:.1f} s"
        assert seconds < 60, f"{name} took {seconds:.1f} s to refuse"


def test_every_refusal_is_a_puzzle_error_and_a_value_error():
    assert issubclass(TooLargeError, PuzzleError) and issubclass(NodeLimitError, TooLargeError)
    assert issubclass(PuzzleError, ValueError)


def test_small_boards_search_without_reading_the_memory_meters(monkeypatch):
    """A board of up to 8 cells fits any memory (limits.ALWAYS_FITS): its BFS answers without reading /proc or the
    cgroup files (which took longer than the search). A 3 x 3 search still reads them, and a small search still
    keeps max_nodes."""
    import puzzlelib.core.limits as limits
    from puzzlelib import bfs_layers
    from puzzlelib.core.limits import ALWAYS_FITS, dict_bfs_bytes
    from puzzlelib.core.bfs import dfs_path

    def meters():
        raise AssertionError("the memory meters were read")

    monkeypatch.setattr(limits, "available_memory", meters)
    board23, board24 = Board([[4, 1, 2], [5, 0, 3]]), Board([[1, 2, 3, 4], [5, 6, 0, 7]])
    assert min_moves(board23) == 5 and min_moves(Board([[1, 2, 3], [5, 4, 0]]), check_parity=False) is None
    assert len(shortest_path(board24)) - 1 == 1 and dfs_path(board23)[-1] == Board.goal(2, 3)
    assert keyed_bfs(board23).moves == 5
    assert sum(layer.size for layer in bfs_layers(Board.goal(2, 4))) == 20_160 == 8 * 7 * 6 * 5 * 4 * 3
    assert dict_bfs_bytes(reachable_count(2, 4), 8) <= ALWAYS_FITS < dict_bfs_bytes(reachable_count(3, 3), 9)
    for rows, cols in [(1, 1), (1, 2), (2, 1), (1, 8), (2, 2), (4, 2)]:   # one row or column: the blank's places
        reached = sum(layer.size for layer in bfs_layers(Board.goal(rows, cols)))
        assert reached == (rows * cols if 1 in (rows, cols) else reachable_count(rows, cols))
        far = list(bfs_layers(Board.goal(rows, cols)))[-1].states[0]
        assert min_moves(Board.from_tiles(far, rows, cols)) == len(list(bfs_layers(Board.goal(rows, cols)))) - 1
    with pytest.raises(TooLargeError, match="more than the 10 it may"):
        min_moves(Board([[3, 4, 5], [0, 1, 2]]), max_nodes=10)
    with pytest.raises(AssertionError, match="meters were read"):
        min_moves(Board([[1, 2, 3], [4, 5, 6], [7, 0, 8]]))
    with pytest.raises(AssertionError, match="meters were read"):
        list(bfs_layers(Board.goal(3, 3)))
