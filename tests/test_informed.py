"""A*, IDA*, pattern databases and solve_optimal: shortest paths, checked against BFS and Korf's lengths."""

import json
import random

import numpy as np
import pytest

from puzzlelib import Board, TooLargeError, distances, random_solvable
from puzzlelib.core.generate import fix_by_swap
from puzzlelib.core.heuristics import linear_conflict, misplaced
from puzzlelib.core.board import neighbor_cells
from puzzlelib.core.errors import NodeLimitError
from puzzlelib.core.informed import astar, effective_branching, tree_sizes
from puzzlelib.engines.ida import ida_star
from puzzlelib.core.reference import KORF_GOAL, korf100
from puzzlelib.core.heuristics import manhattan
from puzzlelib.engines.optimal import solve_optimal
from puzzlelib.engines.storage import DamagedFileWarning
from puzzlelib.engines.pdb import PatternDatabase, cache_dir, is_cached, load_or_build
from puzzlelib.core.pdb import default_partition, pattern_table

D3 = distances(Board.goal(3, 3))


def _is_legal_path(path, start, goal):
    return (path[0] == start and path[-1] == goal and
            all(b in a.neighbors() for a, b in zip(path, path[1:])))


def test_eight_puzzles_are_solved_optimally_by_every_search():
    rng = random.Random(2024)
    boards = [random_solvable(3, 3, seed=rng) for _ in range(300)]
    goal = Board.goal(3, 3)
    pdb = PatternDatabase(goal, cache=False, progress=False)
    for i, b in enumerate(boards):
        want = D3[b.tiles]
        path = solve_optimal(b)
        assert len(path) - 1 == want and _is_legal_path(path, b, goal)
        r = ida_star(b, goal=goal, heuristic=pdb)
        assert r.moves == want and _is_legal_path(r.path, b, goal)
        if i % 3 == 0:
            r = ida_star(b, goal=goal, heuristic=linear_conflict)
            assert r.moves == want and _is_legal_path(r.path, b, goal)
        if i % 3 == 1:
            r = astar(b, goal=goal, heuristic=manhattan)
            assert r.moves == want and _is_legal_path(r.path, b, goal)
        if i % 10 == 2:
            assert astar(b, goal=goal, heuristic=misplaced).moves == want


def test_other_goals_and_shapes_against_bfs():
    rng = random.Random(7)
    for goal in [Board.spiral(3, 3), Board.goal(3, 3, blank="first"), Board.goal(2, 4), Board.spiral(4, 2)]:
        table = distances(goal)
        for _ in range(25):
            b = random_solvable(goal.rows, goal.cols, goal=goal, seed=rng)
            want = table[b.tiles]
            assert ida_star(b, goal=goal, heuristic=linear_conflict).moves == want
            assert astar(b, goal=goal, heuristic=linear_conflict).moves == want
            assert ida_star(b, goal=goal, heuristic=None).moves == want if want <= 14 else True


def test_fewer_nodes_with_better_heuristics():
    b = Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]])   # one of the two boards 31 moves from the goal
    assert D3[b.tiles] == 31
    nodes = [astar(b, heuristic=h).expanded for h in (misplaced, manhattan, linear_conflict)]
    assert nodes[0] > nodes[1] > nodes[2]
    assert ida_star(b, heuristic=linear_conflict).expanded < ida_star(b, heuristic=manhattan).expanded


def test_ida_star_counts_nothing_at_the_goal_and_astar_agrees():
    g = Board.goal(3, 3)
    for search in (astar, ida_star):
        r = search(g)
        assert r.path == [g] and r.moves == 0 and r.expanded == 0 and r.seconds >= 0


# The five Korf instances with the fewest nodes in his table: IDA* with Manhattan alone solves
# each in well under a second, so this runs in CI without any pattern database.
EASY = sorted(korf100(), key=lambda k: k.korf_nodes)[:5]


@pytest.mark.parametrize("k", EASY, ids=lambda k: f"korf{k.number}")
def test_quick_korf_instances_match_the_published_lengths(k):
    r = ida_star(k.board, goal=KORF_GOAL, heuristic=manhattan)
    assert r.moves == k.length and _is_legal_path(r.path, k.board, KORF_GOAL)


def test_korf_instances_are_valid_and_use_the_blank_first_goal():
    from puzzlelib import is_solvable

    ks = korf100()
    assert [k.number for k in ks] == list(range(1, 101))
    assert len({k.board for k in ks}) == 100
    for k in ks:
        assert sorted(k.board.tiles) == list(range(16))
        assert is_solvable(k.board, KORF_GOAL)
        assert manhattan(k.board, KORF_GOAL) <= k.length
        assert k.length % 2 == sum(k.board.blank) % 2   # parity of the blank's distance to cell 0
    assert sum(k.length for k in ks) == 5305


def test_a_small_4x4_pattern_database_solves_a_korf_instance(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLELIB_CACHE", str(tmp_path))
    partition = [[1, 2, 3, 7], [4, 5, 8, 12], [6, 10, 11], [9, 13, 14, 15]]   # none of them shipped
    pdb = PatternDatabase(KORF_GOAL, partition, progress=False)
    assert is_cached(KORF_GOAL, partition) and not is_cached(KORF_GOAL)
    k = EASY[0]
    r = ida_star(k.board, goal=KORF_GOAL, heuristic=pdb)
    assert r.moves == k.length
    assert r.expanded < ida_star(k.board, goal=KORF_GOAL, heuristic=manhattan).expanded
    again = PatternDatabase(KORF_GOAL, partition, progress=False)   # loaded, not rebuilt
    assert all(info["from_cache"] for info in again.info)
    assert [np.array_equal(a, b) for a, b in zip(pdb.arrays, again.arrays)] == [True] * 4
    meta = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert meta["seconds"] >= 0 and meta["bytes"] > 0


def test_pattern_database_with_every_tile_is_exact_and_one_tile_patterns_are_manhattan():
    goal = Board.spiral(2, 3)
    table = distances(goal)
    exact = PatternDatabase(goal, [[1, 2, 3, 4, 5]], cache=False, progress=False)
    singles = PatternDatabase(goal, [[t] for t in range(1, 6)], cache=False, progress=False)
    for tiles, d in table.items():
        b = Board.from_tiles(tiles, 2, 3)
        assert exact(b) == d
        assert singles(b) == manhattan(b, goal)


def test_pattern_table_marks_impossible_placements():
    t = pattern_table(Board.goal(2, 2), [1, 2, 3])
    assert t.shape == (4 ** 3,) and t.dtype == np.uint8
    # two tiles on one cell never happen
    assert t[0] == 255 and t[1 + 1 * 4 + 2 * 16] == 255
    assert set(np.unique(t)) >= {0, 255}


def test_default_partitions():
    assert [len(g) for g in default_partition(KORF_GOAL)] == [3, 6, 6]
    assert sorted(len(g) for g in default_partition(Board.goal(4, 4))) == [3, 6, 6]
    assert sorted(len(g) for g in default_partition(Board.spiral(4, 4))) == [4, 5, 6]
    for goal in [Board.goal(3, 4), Board.spiral(5, 5), Board.goal(2, 7)]:
        groups = default_partition(goal)
        assert sorted(t for g in groups for t in g) == list(range(1, goal.rows * goal.cols))


def test_bad_input_gets_a_clear_error_not_a_search():
    start = fix_by_swap(Board.goal(4, 4))
    for search in (astar, ida_star):
        assert search(start) is None             # unreachable: None, as everywhere but min_moves
    assert solve_optimal(start) is None          # the parity rule, no search
    with pytest.raises(ValueError, match="same shape"):
        ida_star(Board.goal(3, 3), goal=Board.goal(2, 3))
    with pytest.raises(ValueError, match="same shape"):
        solve_optimal(Board.goal(3, 3), goal=Board.goal(3, 2))
    pdb3 = PatternDatabase(Board.goal(3, 3), cache=False, progress=False)
    with pytest.raises(ValueError, match="built for the 3 x 3 goal"):
        ida_star(Board.goal(4, 4), heuristic=pdb3)
    with pytest.raises(ValueError, match="built for the 3 x 3 goal"):
        ida_star(Board.spiral(3, 3).neighbors()[0], goal=Board.spiral(3, 3), heuristic=pdb3)
    with pytest.raises(ValueError, match="must return a whole number"):
        ida_star(Board([[1, 2, 3], [4, 0, 5], [7, 8, 6]]), heuristic=lambda b, g: -1)
    with pytest.raises(ValueError, match="built for the 3 x 3 goal"):
        pdb3(Board.goal(2, 2))
    with pytest.raises(TypeError):
        ida_star("not a board")


def test_budgets_stop_long_searches():
    hard = Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]])
    with pytest.raises(NodeLimitError, match="max_nodes"):
        ida_star(hard, heuristic=misplaced, max_nodes=1000)
    with pytest.raises(NodeLimitError):
        astar(hard, heuristic=misplaced, max_nodes=1000)
    assert issubclass(NodeLimitError, TooLargeError)
    with pytest.raises(ValueError, match="max_nodes"):
        ida_star(hard, max_nodes=0)
    k = max(korf100(), key=lambda k: k.korf_nodes)
    with pytest.raises(NodeLimitError):
        solve_optimal(k.board, goal=KORF_GOAL, max_nodes=2000, build=False)


def test_pattern_databases_refuse_patterns_too_big_to_search():
    with pytest.raises(TooLargeError, match="smaller patterns"):
        pattern_table(Board.goal(5, 5), range(1, 8))
    with pytest.raises(ValueError, match="overlap"):
        PatternDatabase(Board.goal(2, 3), [[1, 2], [2, 3, 4, 5]], cache=False)
    with pytest.raises(ValueError, match="missing"):
        PatternDatabase(Board.goal(2, 3), [[1, 2], [3, 4]], cache=False)


def test_solve_optimal_on_larger_boards_and_other_goals(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLELIB_CACHE", str(tmp_path))
    rng = random.Random(11)
    goal = Board.spiral(3, 4)
    b = goal
    for _ in range(30):
        b = rng.choice(b.neighbors())
    path = solve_optimal(b, goal=goal, progress=False)
    assert _is_legal_path(path, b, goal) and len(path) - 1 <= 30
    assert len(path) - 1 == ida_star(b, goal=goal, heuristic=linear_conflict).moves
    big = Board.goal(5, 5)
    near = big.neighbors()[0].neighbors()[0]
    assert len(solve_optimal(near)) - 1 in (0, 2)
    assert cache_dir().name


def test_tree_sizes_count_the_move_sequences_that_never_undo_a_move():
    def brute(rows, cols, blank, depth):
        table = [neighbor_cells(i, rows, cols) for i in range(rows * cols)]
        def walks(i, prev, d):
            return 1 if d == 0 else sum(walks(j, i, d - 1) for j in table[i] if j != prev)
        return [walks(blank, -1, d) for d in range(depth + 1)]
    for rows, cols, blank in [(3, 3, 4), (3, 3, 0), (2, 4, 5), (4, 4, 5)]:
        assert tree_sizes(rows, cols, blank, 9) == brute(rows, cols, blank, 9)
    # iterative deepening with bound k < d expands the whole tree down to depth k; the last
    # iteration (bound d) stops part way, at the goal
    b = Board([[4, 1, 3], [7, 2, 6], [0, 5, 8]])
    r = ida_star(b, heuristic=None)
    d = r.moves
    tree = tree_sizes(3, 3, b.blank_index, d)
    full = sum(sum(tree[:k + 1]) for k in range(d))
    assert d == 6 and full < r.expanded <= full + sum(tree)


def test_effective_branching_inverts_the_tree_size():
    for b, d in [(1.5, 10), (2.0, 5), (1.1, 20), (3.0, 3)]:
        nodes = sum(b ** i for i in range(d + 1)) - 1
        assert abs(effective_branching(nodes, d) - b) < 1e-6
    assert abs(effective_branching(5, 5) - 1.0) < 1e-6
    with pytest.raises(ValueError):
        effective_branching(10, 0)


def test_corrupt_cache_files_are_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLELIB_CACHE", str(tmp_path))
    goal = Board.goal(2, 3)
    table, info = load_or_build(goal, [1, 2], progress=False)
    assert not info["from_cache"] and info["file"]
    np.save(info["file"], np.zeros(3, dtype=np.uint8))          # wrong shape
    with pytest.warns(DamagedFileWarning, match="it will not be used and is being rebuilt"):
        again, info2 = load_or_build(goal, [1, 2], progress=False)
    assert not info2["from_cache"] and np.array_equal(again, table)
    _, info3 = load_or_build(goal, [1, 2], progress=False)
    assert info3["from_cache"]
    with pytest.raises(ValueError, match="different tiles"):
        pattern_table(goal, [1, 1])
    with pytest.raises(ValueError, match="different tiles"):
        pattern_table(goal, [0, 1])


def test_ida_star_on_boards_with_no_tile_to_move():
    """A 1 x 1 board has no tiles, so Manhattan distance has no tables: IDA* still answers 0 moves (the
    compiled engine once failed on its empty tables); so does the plain IDA*."""
    from puzzlelib.core.informed import ida_star_plain

    one = Board([[0]])
    assert ida_star(one).moves == 0 and ida_star(one).path == [one]
    assert ida_star_plain(one) == [one]
    assert ida_star(Board([[0, 1]])).moves == 1 and ida_star(Board([[1, 0]])).moves == 0
