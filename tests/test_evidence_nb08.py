"""Notebook 08's evidence checks (puzzlelib.course.evidence.nb08_beyond_bfs) pass on right data and fail on wrong data."""

import inspect

import numpy as np
import pytest

import puzzlelib.engines.ida as ida_engine
from puzzlelib import Board, distances
from puzzlelib.course.evidence.nb08_beyond_bfs import (incremental_problem, jump_counts, jumps_problem, moves_problem,
                                                path_problem, table_values, conflict_values)
from puzzlelib.core.heuristics import compile_heuristic, linear_conflict, manhattan, manhattan_tables, misplaced
from puzzlelib.engines.ida import ida_star
from puzzlelib.engines.pdb import PatternDatabase

GOAL3 = Board.goal(3, 3)
HARD = Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]])


@pytest.fixture(scope="module")
def pdb3():
    return PatternDatabase(GOAL3, cache=False, progress=False)


@pytest.fixture(scope="module")
def d3():
    return distances(GOAL3)


# --- replaying a solution to the goal ---------------------------------------------------------------

def test_a_shortest_path_passes_and_one_that_stops_short_fails():
    path = ida_star(HARD, heuristic=linear_conflict).path
    assert path_problem(path, HARD, GOAL3, 31) is None
    assert "not at the goal" in path_problem(path[:-1], HARD, GOAL3)
    assert "not at the goal" in path_problem(path[:-3], HARD, GOAL3, 28)
    assert "does not start" in path_problem(path[1:], HARD, GOAL3)
    assert path_problem(path, HARD, GOAL3, 30) == "the path has 31 moves, not 30"


def test_a_path_with_a_jump_fails():
    path = ida_star(HARD, heuristic=linear_conflict).path
    jumped = path[:10] + path[12:]                # two moves left out: still from the start to the goal
    assert path_problem(jumped, HARD, GOAL3) == "step 10 of the path is not one slide"
    stuck = path[:5] + [path[4]] + path[5:]       # a board repeated: no slide
    assert path_problem(stuck, HARD, GOAL3) == "step 5 of the path is not one slide"


def test_moves_replayed_from_the_start():
    path = ida_star(HARD, heuristic=linear_conflict).path
    tiles = [a.tiles[b.blank_index] for a, b in zip(path, path[1:])]
    assert moves_problem(HARD, GOAL3, tiles, 31) is None
    assert "not at the goal" in moves_problem(HARD, GOAL3, tiles[:-2], 29)
    assert moves_problem(HARD, GOAL3, tiles, 32) == "the path has 31 moves, not 32"
    assert moves_problem(HARD, GOAL3, [tiles[1]] + tiles, 32) == f"move 1: tile {tiles[1]} is not next to the blank"
    other = Board.goal(3, 3, blank="first")
    assert "not at the goal" in moves_problem(HARD, other, tiles)


# --- the incremental update against fresh look-ups ------------------------------------------------------

SOURCE = inspect.getsource(ida_engine.ida_search_tables)
BROKEN = {        # a bug in the index update, or in the mirror's update, each as one changed line
    "index moves the wrong way": ("new = old + (i - j) * weight[tile]", "new = old + (j - i) * weight[tile]"),
    "index not restored": ("            idx[k] = old\n", "            pass\n"),
    "mirror index not updated": ("                idx2[k2] = new2\n            t = search",
                                 "                pass\n            t = search"),
    "mirror cells not mapped": ("(cell_map[i] - cell_map[j])", "(i - j)"),
    "mirror tile not renamed": ("tile2 = tile_map[tile]", "tile2 = tile"),
    "mirror value not updated": ("hc2 = h2 - tab2[old2] + tab2[new2]", "hc2 = h2"),
    "mirror ignored": ("f = g + (hc if hc > hc2 else hc2)", "f = g + hc"),
}


def broken(name):
    old, new = BROKEN[name]
    assert SOURCE.count(old) == 1, name
    namespace = dict(vars(ida_engine))
    exec(SOURCE.replace(old, new), namespace)
    return namespace["ida_search_tables"]


def test_the_library_update_agrees_with_fresh_look_ups(pdb3):
    assert pdb3.tables.mirror is not None
    assert incremental_problem(HARD, GOAL3, pdb3.tables) is None
    assert incremental_problem(HARD, GOAL3, manhattan_tables(GOAL3)) is None
    plain = PatternDatabase(GOAL3, cache=False, progress=False, mirror=False)
    assert incremental_problem(HARD, GOAL3, plain.tables) is None


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_update_is_caught(pdb3, name):
    problem = incremental_problem(HARD, GOAL3, pdb3.tables, search=broken(name))
    assert problem is not None and problem.startswith("the incremental search"), (name, problem)


# --- jumps: the moves on which a heuristic changes by more than 1 ---------------------------------------

def test_consistent_heuristics_have_no_jumps(d3):
    boards = list(d3)
    for h in (manhattan, linear_conflict):
        value = compile_heuristic(h, GOAL3).value
        values = [value(t) for t in boards]
        assert jumps_problem(boards, values, 3, 3, 0) is None
        assert jumps_problem(boards, values, 3, 3, 1) == "h changes by more than 1 on 0 moves, not 1"


def test_the_pattern_database_jumps_without_and_with_the_mirror(d3, pdb3):
    boards = np.array(list(d3), dtype=np.int8)
    plain = PatternDatabase(GOAL3, cache=False, progress=False, mirror=False)
    without = [plain.tables.value(t) for t in d3]
    with_mirror = [pdb3.tables.value(t) for t in d3]
    assert jumps_problem(boards, without, 3, 3, 50_428, {3, 5, 7, 9}) is None
    assert jumps_problem(boards, with_mirror, 3, 3, 33_988, {3, 5, 7}) is None
    assert jump_counts(boards, with_mirror, 3, 3) == {3: 32_140, 5: 1_832, 7: 16}
    assert jumps_problem(boards, without, 3, 3, 0).startswith("h changes by more than 1 on 50,428 moves, not 0")
    assert jumps_problem(boards, with_mirror, 3, 3, 33_988, {3, 5, 7, 9}) == \
        "h changes by [3, 5, 7] where it changes by more than 1, not by [3, 5, 7, 9]"


def test_a_single_wrong_value_makes_jumps(d3):
    boards = list(d3)
    value = compile_heuristic(manhattan, GOAL3).value
    values = [value(t) for t in boards]
    some = next(i for i, v in enumerate(values) if v > 10)
    values[some] += 2
    problem = jumps_problem(boards, values, 3, 3, 0)
    assert problem is not None and "not 0" in problem


def test_a_list_with_a_board_missing_is_refused(d3):
    boards = list(d3)[1:]
    with pytest.raises(ValueError, match="has no value"):
        jump_counts(boards, [0] * len(boards), 3, 3)


# --- the fast A* and notebook 02's skeleton expand the same boards in the same order ------------------

def test_astar_and_the_skeleton_expand_the_same_sequence():
    from puzzlelib.course.evidence.nb08_beyond_bfs import same_order_problem
    from puzzlelib.core.generic import SlidingPuzzleProblem, astar_search
    from puzzlelib.core.informed import astar

    fast, slow = [], []
    r = astar(HARD, heuristic=manhattan, on_expand=fast.append)
    astar_search(SlidingPuzzleProblem(HARD), heuristic=manhattan, on_expand=slow.append)
    assert len(fast) == r.expanded and same_order_problem(fast, slow) is None


def test_same_counts_in_another_order_fail():
    """Wrong data: the same boards, as many, but two swapped (equal counts and path would not see it)."""
    from puzzlelib.course.evidence.nb08_beyond_bfs import same_order_problem
    from puzzlelib.core.informed import astar

    fast = []
    astar(HARD, heuristic=manhattan, on_expand=fast.append)
    swapped = fast[:]
    swapped[5], swapped[6] = swapped[6], swapped[5]
    problem = same_order_problem(fast, swapped)
    assert problem is not None and "expansion 6 differs" in problem
    other = []                                                  # another heuristic: another order
    astar(HARD, heuristic=linear_conflict, on_expand=other.append)
    assert same_order_problem(fast, other) is not None


# --- the sums of tables on many boards at once ---------------------------------------------------------

@pytest.mark.parametrize("goal", [GOAL3, Board.spiral(3, 3), Board.goal(3, 3, blank="first"), Board.goal(2, 4)],
                         ids=["3x3", "3x3 spiral", "3x3 blank first", "2x4"])
def test_table_values_equal_the_tables_value_on_every_board(goal):
    boards = list(distances(goal))
    rows = np.array(boards, dtype=np.int8)
    for h in (misplaced, manhattan, PatternDatabase(goal, cache=False, progress=False),
              PatternDatabase(goal, mirror=False, cache=False, progress=False)):
        tables = compile_heuristic(h, goal).tables
        assert table_values(tables, rows).tolist() == [tables.value(t) for t in boards], getattr(h, "name", h)


def test_table_values_see_a_wrong_mirror_and_refuse_a_wrong_shape(pdb3):
    tables = pdb3.tables
    boards = list(distances(GOAL3))[:2000]
    right = table_values(tables, boards)
    assert tables.mirror is not None and right.tolist() == [tables.value(t) for t in boards]
    plain = type(tables)(tables.tables, tables.group, tables.weight, None)
    assert (table_values(plain, boards) <= right).all() and (table_values(plain, boards) < right).any()
    with pytest.raises(ValueError, match="9 tiles each"):
        table_values(tables, [(1, 2, 3, 4, 0, 5)])


@pytest.mark.parametrize("goal", [GOAL3, Board.spiral(3, 3), Board.goal(2, 4), Board([[0, 1, 2, 3], [4, 5, 6, 7]])],
                         ids=["3x3", "3x3 spiral", "2x4", "2x4 blank first"])
def test_conflict_values_equal_linear_conflict_on_every_board(goal):
    boards = list(distances(goal))
    value = compile_heuristic(linear_conflict, goal).value
    assert conflict_values(goal, np.array(boards, dtype=np.int8)).tolist() == [value(t) for t in boards]


def test_conflict_values_count_every_line_and_refuse_a_wrong_shape():
    swapped = Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]])          # one conflict in a row
    stacked = Board([[4, 2, 3], [1, 5, 6], [7, 8, 0]])          # one in a column
    assert conflict_values(GOAL3, [swapped.tiles, stacked.tiles]).tolist() == [4, 4]
    assert [linear_conflict(swapped), linear_conflict(stacked)] == [4, 4]
    with pytest.raises(ValueError, match="9 tiles each"):
        conflict_values(GOAL3, [(1, 2, 3, 4, 0, 5)])


# --- relaxed puzzles: misplaced tiles and Manhattan are their exact costs ----------------------------------

def test_the_two_relaxed_puzzles_give_misplaced_and_manhattan():
    from puzzlelib.course.evidence.nb08_beyond_bfs import relaxed_distances, relaxed_problem
    for goal in (Board.goal(2, 3), Board.goal(2, 3, blank="first"), Board.goal(2, 2)):
        assert relaxed_problem(goal, True, misplaced) is None
        assert relaxed_problem(goal, False, manhattan) is None
    d = relaxed_distances(Board.goal(2, 3), jump=False)
    assert len(d) == 6 ** 5 and max(d.values()) == 3 + 2 + 3 + 3 + 2   # tiles may share cells; each at its farthest


def test_a_relaxed_check_fails_on_the_other_relaxation_and_on_one_wrong_value():
    from puzzlelib.course.evidence.nb08_beyond_bfs import relaxed_problem
    goal = Board.goal(2, 3)
    assert relaxed_problem(goal, False, misplaced).startswith("on (0, 1, 2, 3, 4, 5) the heuristic says 5")
    assert relaxed_problem(goal, True, manhattan) is not None
    odd = Board([[2, 1, 3], [4, 5, 0]])

    def off_by_one(board, goal):
        return manhattan(board, goal) + (board == odd)
    assert relaxed_problem(goal, False, off_by_one) == "on (2, 1, 3, 4, 5, 0) the heuristic says 3, the relaxed puzzle needs 2"


# --- the dominance theorem, from the boards' own f values ----------------------------------------------

def test_dominance_holds_for_the_consistent_pairs():
    from puzzlelib.course.evidence.nb08_beyond_bfs import dominance_problem
    goal = Board.goal(2, 3)
    for tiles in list(distances(goal))[::7]:
        start = Board.from_tiles(tiles, 2, 3)
        assert dominance_problem(start, goal, manhattan, misplaced) is None
        assert dominance_problem(start, goal, linear_conflict, manhattan) is None
    assert dominance_problem(Board([[1, 2, 3], [7, 6, 4], [8, 0, 5]]), GOAL3, manhattan, misplaced) is None


def test_dominance_fails_the_wrong_way_round_and_for_a_search_that_skips_boards(monkeypatch):
    import puzzlelib.core.informed as informed
    from puzzlelib.course.evidence.nb08_beyond_bfs import dominance_problem
    start = Board([[1, 2, 3], [7, 6, 4], [8, 0, 5]])
    assert dominance_problem(start, GOAL3, misplaced, manhattan) == "misplaced is below manhattan on a board with f < C* = 9"
    real = informed.astar

    def forgetful(*args, on_expand=None, **kwargs):      # reports every other expansion only
        seen = []
        result = real(*args, on_expand=seen.append, **kwargs)
        for board in seen[::2]:
            on_expand(board)
        return result
    monkeypatch.setattr(informed, "astar", forgetful)
    assert "skips" in dominance_problem(start, GOAL3, manhattan, misplaced)


# --- the plain pattern table and the numpy one ------------------------------------------------------------

@pytest.mark.parametrize("goal,pattern", [(Board.goal(2, 3), [4, 5]), (Board.goal(2, 3), [1, 2, 3, 4, 5]),
                                          (Board.goal(2, 3, blank="first"), [3, 1]), (GOAL3, [7, 8]),
                                          (Board.spiral(3, 3), [1, 2, 3, 4]), (Board.goal(2, 4), [1, 5, 6])])
def test_the_plain_builder_and_the_numpy_one_agree(goal, pattern):
    from puzzlelib.core.pdb import pattern_table, pattern_table_plain
    from puzzlelib.course.evidence.nb08_beyond_bfs import plain_table_problem
    assert plain_table_problem(pattern_table_plain(goal, pattern), pattern_table(goal, pattern), goal, pattern) is None


def test_plain_table_problem_sees_one_wrong_or_missing_entry():
    from puzzlelib.core.pdb import pattern_table, pattern_table_plain
    from puzzlelib.course.evidence.nb08_beyond_bfs import plain_table_problem
    goal = Board.goal(2, 3)
    plain, table = pattern_table_plain(goal, [1, 2, 3]), pattern_table(goal, [1, 2, 3])
    wrong = dict(plain)
    key = next(k for k, v in plain.items() if v > 0)
    wrong[key] -= 2
    assert plain_table_problem(wrong, table, goal, [1, 2, 3]).startswith(f"the placement {key}")
    fewer = dict(plain)
    del fewer[key]
    assert plain_table_problem(fewer, table, goal, [1, 2, 3]) == "the array has 120 placements, the plain table 119"
    assert plain_table_problem(plain, pattern_table(goal, [3, 2, 1]), goal, [1, 2, 3]) is not None


def test_the_plain_builder_refuses_a_search_too_big_for_plain_python():
    from puzzlelib.core.errors import TooLargeError
    from puzzlelib.core.pdb import pattern_table_plain
    with pytest.raises(TooLargeError, match="use pattern_table"):
        pattern_table_plain(Board.goal(4, 4), [1, 2, 3, 4, 5])
    with pytest.raises(ValueError):
        pattern_table_plain(Board.goal(2, 3), [1, 1])


# --- plain IDA*'s passes ----------------------------------------------------------------------------------

def test_plain_ida_reports_the_bound_of_every_pass():
    from puzzlelib.core.informed import ida_star_plain
    small = Board([[1, 2, 5], [0, 3, 4]])
    bounds = []
    assert len(ida_star_plain(small, on_bound=bounds.append)) - 1 == 10 and bounds == [6, 8, 10]
    bounds = []
    ida_star_plain(small, heuristic=None, on_bound=bounds.append)
    assert bounds == list(range(11))                                   # iterative deepening: every depth
    with pytest.raises(TypeError, match="on_bound"):
        ida_star_plain(small, on_bound=3)
