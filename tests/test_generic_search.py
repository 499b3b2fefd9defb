"""The AIMA core of puzzlelib.core.generic: one graph search, four searches by the choice of frontier.

Checked against the package's own BFS (``min_moves``) on seeded boards; the counts are checked against an
instrumented problem that counts its own calls, so they mean what the docs say.
"""

from __future__ import annotations

import inspect
import itertools
import time
from fractions import Fraction

import pytest

from puzzlelib import Board, TooLargeError, bfs_layers, distances, min_moves, random_solvable
from puzzlelib.core.errors import NodeLimitError, PuzzleError
from puzzlelib.core.graph import Branching, branching_factor
from puzzlelib.core.generic import (Frontier, Node, SlidingPuzzleProblem, astar_search, breadth_first, depth_first,
                                      graph_search, uniform_cost)
from puzzlelib.core.guards import refuse_component, search_limit
from puzzlelib.core.results import SearchResult
from puzzlelib.core.heuristics import manhattan, misplaced

SEEDS_2x3 = range(60)
SEEDS_2x4 = range(12)
# The 3 x 3 boards random_solvable(3, 3, seed=s), s < 30, with at most 18 moves, so that the plain BFS
# (seconds for a 25-move board) keeps the test quick; A* is checked on 60 more 3 x 3 boards of any depth.
SEEDS_3x3 = [12, 13, 17, 20, 21, 26]
UNSOLVABLE_2x3 = Board([[1, 2, 3], [5, 4, 0]])


def boards(rows, cols, seeds):
    return [random_solvable(rows, cols, seed=s) for s in seeds]


ALL_BOARDS = [*boards(2, 3, SEEDS_2x3), *boards(2, 4, SEEDS_2x4), *boards(3, 3, SEEDS_3x3)]
IDS = [f"{b.rows}x{b.cols}-{i}" for i, b in enumerate(ALL_BOARDS)]


def is_legal_path(result, start, goal):
    """Every step slides the tile named by its action, and the path runs from start to goal."""
    path, actions = result.path, result.actions
    return (path[0] == start and path[-1] == goal and len(actions) == len(path) - 1
            and all(b == a.slide(t) for a, b, t in zip(path, path[1:], actions)))   # slide() refuses illegal moves


class CountingProblem(SlidingPuzzleProblem):
    """A problem that counts the calls a search makes, to check the counts the search reports."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.calls = {"actions": 0, "result": 0, "is_goal": 0}

    def actions(self, state):
        self.calls["actions"] += 1
        return super().actions(state)

    def result(self, state, action):
        self.calls["result"] += 1
        return super().result(state, action)

    def is_goal(self, state):
        self.calls["is_goal"] += 1
        return super().is_goal(state)


# --- the four searches agree with min_moves ---------------------------------------------------------------
def test_the_seeded_3x3_boards_are_the_ones_the_comment_names():
    d = distances(Board.goal(3, 3))
    assert SEEDS_3x3 == [s for s in range(30) if d[random_solvable(3, 3, seed=s).tiles] <= 18]


@pytest.mark.parametrize("board", ALL_BOARDS, ids=IDS)
def test_bfs_ucs_and_astar_find_shortest_paths_and_astar_expands_no_more_than_bfs(board):
    want = min_moves(board)
    goal = Board.goal(board.rows, board.cols)
    problem = SlidingPuzzleProblem(board)
    bfs, ucs, astar = breadth_first(problem), uniform_cost(problem), astar_search(problem, heuristic=manhattan)
    for r in (bfs, ucs, astar):
        assert isinstance(r, SearchResult)
        assert r.moves == want == r.cost and is_legal_path(r, board, goal)
    assert ucs == bfs          # unit costs, ties first in first out: the same nodes in the same order
    assert astar.expanded <= bfs.expanded and astar.generated <= bfs.generated
    assert astar.reached <= bfs.reached


def test_astar_with_manhattan_is_optimal_on_more_3x3_boards():
    d = distances(Board.goal(3, 3))            # min_moves of every 3 x 3 board at once
    for s in range(30, 90):
        board = random_solvable(3, 3, seed=s)
        r = astar_search(SlidingPuzzleProblem(board))
        assert r.moves == d[board.tiles] and is_legal_path(r, board, Board.goal(3, 3))


def test_astar_takes_any_heuristic_and_misplaced_tiles_expand_more_than_manhattan():
    problem = SlidingPuzzleProblem(random_solvable(3, 3, seed=17))
    by_manhattan, by_misplaced = astar_search(problem, heuristic=manhattan), astar_search(problem, heuristic=misplaced)
    assert by_manhattan.moves == by_misplaced.moves == 18
    assert by_manhattan.expanded < by_misplaced.expanded < breadth_first(problem).expanded
    zero = astar_search(problem, heuristic=lambda board, goal: 0)   # h = 0: uniform-cost search, ties to the newest
    assert zero.moves == 18


def test_other_goals_are_searched_too():
    for s in range(20):
        goal = Board.goal(2, 3, blank="first") if s % 2 else Board.spiral(2, 3)
        board = random_solvable(2, 3, goal=goal, seed=s)
        problem = SlidingPuzzleProblem(board, goal)
        for search in (breadth_first, uniform_cost, astar_search):
            r = search(problem)
            assert r.moves == min_moves(board, goal=goal) and is_legal_path(r, board, goal)
        assert is_legal_path(depth_first(problem), board, goal)


def test_depth_first_finds_a_legal_path_that_is_usually_longer():
    longer = 0
    cases = boards(2, 3, SEEDS_2x3) + boards(2, 4, SEEDS_2x4) + boards(3, 3, SEEDS_3x3[:1])
    for board in cases:
        r = depth_first(SlidingPuzzleProblem(board))
        assert is_legal_path(r, board, Board.goal(board.rows, board.cols))
        assert len(set(r.path)) == len(r.path)            # graph search: no board twice on a path
        shortest = min_moves(board)
        assert r.moves >= shortest and (r.moves - shortest) % 2 == 0    # parity: both reach the same goal
        longer += r.moves > shortest
    assert longer >= 0.8 * len(cases), f"DFS was longer on only {longer} of {len(cases)} boards"


def test_the_start_as_goal_and_tiny_boards():
    for board in (Board.goal(2, 3), Board.goal(1, 1), Board([[1, 2, 0]])):
        for search in (breadth_first, depth_first, uniform_cost, astar_search):
            r = search(SlidingPuzzleProblem(board))
            assert (r.path, r.actions, r.cost, r.expanded, r.generated, r.reached) == ([board], [], 0, 0, 0, 1)
    r = breadth_first(SlidingPuzzleProblem(Board([[0, 1, 2]])))
    assert r.actions == [1, 2] and r.moves == 2


# --- unreachable goals --------------------------------------------------------------------------------
def test_unreachable_goals_give_none_at_once_with_the_parity_check():
    problem = CountingProblem(UNSOLVABLE_2x3)
    for search in (breadth_first, depth_first, uniform_cost, astar_search):
        assert search(problem) is None
    assert problem.calls == {"actions": 0, "result": 0, "is_goal": 0}      # no search at all
    line = SlidingPuzzleProblem(Board([[2, 1, 0]]))
    assert breadth_first(line) is None and breadth_first(line, check_parity=False) is None


def test_without_the_parity_check_bfs_exhausts_exactly_half_of_the_2x3_boards():
    problem = CountingProblem(UNSOLVABLE_2x3)
    assert breadth_first(problem, check_parity=False) is None
    assert problem.calls["actions"] == 360                 # every board of the start's half expanded once
    assert problem.calls["is_goal"] == 360
    component = [Board.from_tiles(t, 2, 3) for t in distances(UNSOLVABLE_2x3)]
    assert len(component) == 360 == 720 // 2
    assert problem.calls["result"] == sum(len(b.movable_tiles()) for b in component) == 840
    # exactly 360 states stored: 360 fit, 359 do not
    assert graph_search(SlidingPuzzleProblem(UNSOLVABLE_2x3), "fifo", max_nodes=360) is None
    with pytest.raises(NodeLimitError, match="stored 360 states, more than max_nodes = 359"):
        graph_search(SlidingPuzzleProblem(UNSOLVABLE_2x3), "fifo", max_nodes=359)
    for search in (depth_first, uniform_cost, astar_search):
        assert search(SlidingPuzzleProblem(UNSOLVABLE_2x3), check_parity=False) is None


# --- the counts ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("search", [breadth_first, depth_first, uniform_cost, astar_search])
def test_the_counts_are_the_calls_the_search_made(search):
    for board in boards(2, 3, range(10)) + boards(2, 4, [0]):
        problem = CountingProblem(board)
        r = search(problem)
        assert r.expanded == problem.calls["actions"]      # a node is expanded when its actions are listed
        assert r.generated == problem.calls["result"]      # ... and generated when result() makes it
        assert problem.calls["is_goal"] == r.expanded + 1  # every popped node is tested, the goal last
        assert r.reached <= r.generated + 1 and r.max_frontier <= r.generated + 1
        assert r.seconds >= 0


def test_bfs_tests_for_the_goal_when_popping_so_it_expands_every_board_closer_than_the_goal():
    for board in boards(2, 3, range(10)) + boards(3, 3, [12, 21]):
        r = breadth_first(SlidingPuzzleProblem(board))
        sizes = [layer.size for layer in itertools.islice(bfs_layers(board), r.moves + 1)]
        closer = sum(sizes[:-1])
        assert closer <= r.expanded < closer + sizes[-1]       # all of layers 0..d-1, part of layer d
        assert r.reached >= sum(sizes)                          # all of layer d generated before the goal pops


def test_graph_search_is_short_enough_to_show_whole():
    lines = inspect.getsource(graph_search).splitlines()
    assert len(lines) <= 40, f"graph_search is {len(lines)} lines; the notebook shows it whole"


def test_graph_search_works_on_any_problem_with_the_five_parts():
    class Line:
        """States 0..9, moving +1 or +2 at cost 1 or 3; the goal is 9."""
        initial = 0

        def actions(self, s):
            return [a for a in (1, 2) if s + a <= 9]

        def result(self, s, a):
            return s + a

        def is_goal(self, s):
            return s == 9

        def action_cost(self, s, a, s2):
            return 1 if a == 1 else 3

    cheapest = graph_search(Line(), "priority", lambda node: node.path_cost)
    fewest = graph_search(Line(), "fifo")
    assert cheapest.cost == 9 and cheapest.actions == [1] * 9
    assert fewest.moves == 5 and fewest.cost > cheapest.cost


def test_node_and_frontier():
    root = Node(Board([[1, 2, 3], [0, 4, 5]]))
    child = Node(root.state.slide(4), root, 4, 1)
    assert root.path() == [root.state] and root.solution() == []
    assert child.path() == [root.state, child.state] and child.solution() == [4]
    assert "parent" not in repr(child)                     # no whole chain in a repr
    f = Frontier("fifo")
    for x in range(3):
        f.push(x)
    assert [f.pop() for _ in range(3)] == [0, 1, 2] and f.max_size == 3 and len(f) == 0
    assert Frontier("priority", priority=lambda n: n.path_cost).keeps_best
    assert not Frontier("lifo").keeps_best


# --- bad input and budgets ----------------------------------------------------------------------------
def test_bad_input_gives_clear_errors():
    with pytest.raises(ValueError, match="the goal is 3 x 2 but the board is 2 x 3"):
        SlidingPuzzleProblem(Board.goal(2, 3), Board.goal(3, 2))
    with pytest.raises(ValueError, match="duplicate tiles"):
        SlidingPuzzleProblem([[1, 2], [2, 0]])
    with pytest.raises(TypeError, match="initial"):
        SlidingPuzzleProblem("1230")
    with pytest.raises(TypeError, match="goal"):
        SlidingPuzzleProblem(Board.goal(2, 2), goal=5)
    with pytest.raises(TypeError, match=r"wrap it: SlidingPuzzleProblem\(board\)"):
        breadth_first(Board.goal(2, 3))
    with pytest.raises(TypeError, match="needs a problem"):
        graph_search(None)
    problem = SlidingPuzzleProblem(Board([[1, 2, 3], [4, 0, 5]]))
    with pytest.raises(ValueError, match="not next to the blank"):
        problem.result(problem.initial, 1)
    with pytest.raises(ValueError, match='frontier must be "fifo", "lifo" or "priority"'):
        graph_search(problem, "stack")
    with pytest.raises(TypeError, match="needs a function priority"):
        graph_search(problem, "priority")
    with pytest.raises(ValueError, match="only by the \"priority\" frontier"):
        graph_search(problem, "fifo", priority=len)
    for bad in (0, -1):
        with pytest.raises(ValueError, match="max_nodes must be at least 1"):
            breadth_first(problem, max_nodes=bad)
    for bad in (1.5, True, "10"):
        with pytest.raises(TypeError, match="max_nodes must be an integer"):
            breadth_first(problem, max_nodes=bad)
    with pytest.raises(TypeError, match="heuristic must be a function"):
        astar_search(problem, heuristic="manhattan")
    with pytest.raises(ValueError, match="at least 1 row"):
        branching_factor(0, 3)
    with pytest.raises(TypeError, match="rows must be an integer"):
        branching_factor(2.5, 3)


def test_budgets_raise_search_budget_error_or_refuse_up_front():
    hard = SlidingPuzzleProblem(Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]]))     # 31 moves, the farthest
    with pytest.raises(NodeLimitError, match="more than max_nodes = 50"):
        astar_search(hard, max_nodes=50)
    with pytest.raises(NodeLimitError):
        graph_search(hard, "lifo", max_nodes=1000)
    assert issubclass(NodeLimitError, TooLargeError) and issubclass(TooLargeError, PuzzleError)
    t0 = time.perf_counter()
    with pytest.raises(TooLargeError, match="at least 21 moves from the goal"):       # refuse_far, no search
        breadth_first(hard, max_nodes=1000)
    with pytest.raises(TooLargeError, match="at least 21 moves"):
        uniform_cost(hard, max_nodes=1000)
    with pytest.raises(TooLargeError, match="depth-first search may store every one of the 181,440 boards"):
        depth_first(hard, max_nodes=1000)
    with pytest.raises(TooLargeError, match="use check_parity=True"):
        breadth_first(SlidingPuzzleProblem(UNSOLVABLE_2x3), check_parity=False, max_nodes=100)
    korf1 = Board([[14, 13, 15, 7], [11, 12, 9, 5], [6, 0, 2, 1], [4, 8, 10, 3]])
    far = SlidingPuzzleProblem(korf1, Board.goal(4, 4, blank="first"))
    for search in (breadth_first, uniform_cost, depth_first):
        with pytest.raises(TooLargeError):
            search(far)                                   # default budget: refused before any work
    assert time.perf_counter() - t0 < 2
    assert breadth_first(SlidingPuzzleProblem(Board.goal(4, 4).slide(15).slide(11))).moves == 2


def test_the_default_budget_fits_memory():
    p9, p16 = SlidingPuzzleProblem(Board.goal(3, 3)), SlidingPuzzleProblem(Board.goal(4, 4))
    assert search_limit(p9, 7) == 7
    assert search_limit(p9) > search_limit(p16) >= 1
    refuse_component(Board.goal(3, 3), 181440)
    with pytest.raises(TooLargeError):
        refuse_component(Board.goal(3, 3), 181439)


# --- branching factor ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rows, cols, average, forward", [
    (2, 2, Fraction(8, 4), Fraction(4, 4)),
    (2, 3, Fraction(14, 6), Fraction(8, 6)),
    (3, 3, Fraction(24, 9), Fraction(15, 9)),
    (4, 4, Fraction(48, 16), Fraction(32, 16)),
    (1, 1, Fraction(0), Fraction(0)),
    (1, 4, Fraction(6, 4), Fraction(2, 4)),
])
def test_branching_factor(rows, cols, average, forward):
    b = branching_factor(rows, cols)
    assert isinstance(b, Branching)
    assert b.average == pytest.approx(float(average)) and b.forward == pytest.approx(float(forward))
    if min(rows, cols) > 1:
        m, n = rows, cols
        assert b.average == pytest.approx((4 * m * n - 2 * m - 2 * n) / (m * n))


def test_branching_factor_is_the_average_over_all_boards():
    for rows, cols in [(2, 2), (2, 3), (3, 2)]:
        every = [Board.from_tiles(p, rows, cols) for p in itertools.permutations(range(rows * cols))]
        mean = Fraction(sum(len(b.movable_tiles()) for b in every), len(every))
        assert branching_factor(rows, cols).average == pytest.approx(float(mean))
    # a search that expands a whole component meets exactly that many moves a board
    problem = CountingProblem(UNSOLVABLE_2x3)
    assert breadth_first(problem, check_parity=False) is None
    assert problem.calls["result"] / problem.calls["actions"] == pytest.approx(branching_factor(2, 3).average)
    assert branching_factor(3, 3).average == pytest.approx(2.667, abs=1e-3)
    assert branching_factor(1000, 1000).average == pytest.approx(4 - 4 / 1000)
