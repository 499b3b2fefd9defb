"""Issue 35, group 8: a board made with ``Board.unchecked`` is checked when it reaches a public function.

``Board.unchecked`` builds a board with no checks, for the engines' inner loops. Before this test a
wrong one gave wrong answers (``is_solvable`` True, ``min_moves`` -1, ``to_key`` 756 for a board with
tile 1 twice) or crashed with a bare KeyError or IndexError. Every public function that takes a board
(or a goal, a path, a problem's start) is fed the issue's bad boards, and a few more kinds, in each
place a board goes; it must refuse with a ValueError or TypeError whose message says what is wrong
(under 600 characters). The same calls with right boards still answer. A Board from the checked
constructors is not checked again (a flag), and one from ``unchecked`` only once.
"""

from __future__ import annotations

import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import puzzlelib  # noqa: E402
from puzzlelib import Board  # noqa: E402
from puzzlelib.core import board as board_module  # noqa: E402
from puzzlelib import draw  # noqa: E402
from puzzlelib.core import encoding, generate, graph, solvability  # noqa: E402
from puzzlelib.engines import space  # noqa: E402
from puzzlelib.draw import search as draw_search  # noqa: E402
from puzzlelib.draw import solvability as draw_solvability  # noqa: E402
from puzzlelib.course.evidence import nb09_claims_checked as nb09  # noqa: E402
from puzzlelib.player import session, widgets  # noqa: E402
from puzzlelib.core import bfs, constructive, generic, guards, heuristics, informed  # noqa: E402
from puzzlelib.core import pdb as core_pdb  # noqa: E402
from puzzlelib.engines import bitarray, certify, dispatch, frontier, ida, optimal, pdb  # noqa: E402
from test_fuzz_inputs import contained  # noqa: E402,F401  (scratch folder and cache, RLIMIT_AS)
from timing import time_limit  # noqa: E402


class LyingTuple(tuple):
    """A tuple that says it equals everything (issue 35, group 4)."""

    def __eq__(self, other):
        return True

    __hash__ = tuple.__hash__


BAD = {  # kind: (how it is made, what the message must say)
    "repeated tile": (lambda: Board.unchecked(2, 2, (1, 1, 0, 2)), "duplicate tiles [1]; missing [3]"),
    "tile out of range": (lambda: Board.unchecked(2, 2, (1, 2, 3, 7)), "out of range: [7]"),
    "wrong length": (lambda: Board.unchecked(3, 3, (1, 2, 3, 0)), "a 3 x 3 board needs 9 tiles, got 4"),
    "negative tile": (lambda: Board.unchecked(2, 2, (1, 2, 3, -1)), "out of range: [-1]"),
    "no blank": (lambda: Board.unchecked(2, 2, (1, 2, 3, 4)), "out of range: [4]"),
    "float tile": (lambda: Board.unchecked(2, 2, (1, 2, 3, 0.5)), "tile 0.5 must be an integer"),
    "string tile": (lambda: Board.unchecked(2, 2, (1, 2, 3, "0")), "tile '0' must be an integer"),
    "lying tuple": (lambda: Board.unchecked(2, 2, LyingTuple(())), "a 2 x 2 board needs 4 tiles, got 0"),
    "zero rows": (lambda: Board.unchecked(0, 4, (1, 2, 3, 0)), "at least 1 row and 1 column"),
    "shape of floats": (lambda: Board.unchecked(2.0, 2, (1, 2, 3, 0)), "rows must be an integer"),
    "no tiles at all": (lambda: Board.__new__(Board), "a Board without its tiles"),
}
"""Boards no checked constructor would make: the issue's three, and more of the same kind."""


def shape(bad):
    """The shape the bad board claims, or 2 x 2 where it claims none that a good board can have."""
    try:
        rows, cols = Board._rows.__get__(bad), Board._cols.__get__(bad)
    except AttributeError:
        return 2, 2
    if type(rows) is not int or type(cols) is not int or rows < 1 or cols < 1:
        return 2, 2
    return rows, cols


def good(bad):
    """A right board of the bad board's shape, one move from its goal."""
    rows, cols = shape(bad)
    return Board.goal(rows, cols).slide(Board.goal(rows, cols).movable_tiles()[0])


def goal(bad):
    return Board.goal(*shape(bad))


def run(fn):
    """Call ``fn`` and exhaust a generator it returns (bfs_layers searches lazily)."""
    out = fn()
    if hasattr(out, "__next__"):
        out = list(out)
    return out


_P = Board([[1, 2], [3, 0]])
PERMS = np.array([[1, 2, 3, 0], [0, 1, 2, 3]], dtype=np.int8)

# name -> call(board, other): ``board`` is where the bad board goes, ``other`` a right board of its shape
CALLS = {
    "as_board": lambda b, o: board_module.as_board(b),
    "Board(board)": lambda b, o: Board(b),
    "same_shape start": lambda b, o: board_module.same_shape(b, o),
    "same_shape goal": lambda b, o: board_module.same_shape(o, b),
    "resolve_goal": lambda b, o: board_module.resolve_goal(b, o.shape),
    "board_and_goal board": lambda b, o: board_module.board_and_goal(b, None),
    "board_and_goal goal": lambda b, o: board_module.board_and_goal(o, b),
    "to_key": lambda b, o: puzzlelib.to_key(b),
    "rank": lambda b, o: puzzlelib.rank(b),
    "inversions": lambda b, o: puzzlelib.inversions(b),
    "is_solvable": lambda b, o: puzzlelib.is_solvable(b),
    "is_solvable goal": lambda b, o: puzzlelib.is_solvable(o, b),
    "explain": lambda b, o: puzzlelib.explain(b),
    "explain goal": lambda b, o: puzzlelib.explain(o, b),
    "blank_distance": lambda b, o: solvability.blank_distance(b),
    "blank_row_from_bottom": lambda b, o: solvability.blank_row_from_bottom(b),
    "permutation_parity": lambda b, o: solvability.permutation_parity(b),
    "relative_inversions goal": lambda b, o: solvability.relative_inversions(o, b),
    "sorting_swaps": lambda b, o: solvability.sorting_swaps(b),
    "random_solvable goal": lambda b, o: puzzlelib.random_solvable(*o.shape, goal=b, seed=1),
    "scramble": lambda b, o: puzzlelib.scramble(b, 3, seed=1),
    "fix_by_swap": lambda b, o: generate.fix_by_swap(b),
    "walk_blank": lambda b, o: generate.walk_blank(b, 0, 0),
    "min_moves": lambda b, o: puzzlelib.min_moves(b),
    "min_moves goal": lambda b, o: puzzlelib.min_moves(o, goal=b),
    "shortest_path": lambda b, o: puzzlelib.shortest_path(b),
    "shortest_path goal": lambda b, o: puzzlelib.shortest_path(o, goal=b),
    "bfs_layers": lambda b, o: puzzlelib.bfs_layers(b),
    "distances": lambda b, o: puzzlelib.distances(b),
    "bfs_path": lambda b, o: bfs.bfs_path(b),
    "dfs_path": lambda b, o: bfs.dfs_path(b, goal=o),
    "keyed_bfs": lambda b, o: bfs.keyed_bfs(b),
    "keyed_bfs goal": lambda b, o: bfs.keyed_bfs(o, goal=b),
    "distance_counts goal": lambda b, o: puzzlelib.distance_counts(*o.shape, goal=b),
    "farthest": lambda b, o: puzzlelib.farthest(b),
    "rank_bfs_counts goal": lambda b, o: bitarray.rank_bfs_counts(*o.shape, goal=b),
    "frontier_search goal": lambda b, o: frontier.frontier_search(*o.shape, goal=b, progress=False),
    "state_graph goal": lambda b, o: puzzlelib.state_graph(*o.shape, goal=b),
    "solve_optimal": lambda b, o: puzzlelib.solve_optimal(b, progress=False),
    "solve_optimal goal": lambda b, o: puzzlelib.solve_optimal(o, goal=b, progress=False),
    "is_path start": lambda b, o: optimal.is_path([o], b, o),
    "is_path in the path": lambda b, o: optimal.is_path([o, b], o, b),
    "is_path inside the path": lambda b, o: optimal.is_path([o, b, o], o, o),
    "distance_table": lambda b, o: optimal.distance_table(b),
    "best_heuristic": lambda b, o: optimal.best_heuristic(b, build=False, progress=False),
    "astar": lambda b, o: informed.astar(b),
    "astar goal": lambda b, o: informed.astar(o, goal=b),
    "ida_star": lambda b, o: ida.ida_star(b),
    "ida_star goal": lambda b, o: ida.ida_star(o, goal=b),
    "ida_star_plain": lambda b, o: informed.ida_star_plain(b),
    "manhattan": lambda b, o: heuristics.manhattan(b),
    "manhattan goal": lambda b, o: heuristics.manhattan(o, b),
    "misplaced": lambda b, o: heuristics.misplaced(b),
    "linear_conflict": lambda b, o: heuristics.linear_conflict(b),
    "zero": lambda b, o: heuristics.zero(b),
    "compile_heuristic goal": lambda b, o: heuristics.compile_heuristic(heuristics.manhattan, b),
    "goal_cells": lambda b, o: heuristics.goal_cells(b),
    "goal_mirror": lambda b, o: heuristics.goal_mirror(b),
    "manhattan_tables": lambda b, o: heuristics.manhattan_tables(b),
    "misplaced_tables": lambda b, o: heuristics.misplaced_tables(b),
    "tile_distances": lambda b, o: heuristics.tile_distances(b),
    "solve_constructive": lambda b, o: constructive.solve_constructive(b),
    "solve_constructive goal": lambda b, o: constructive.solve_constructive(o, goal=b),
    "constructive_moves": lambda b, o: constructive.constructive_moves(b),
    "constructive_milestones": lambda b, o: constructive.constructive_milestones(b),
    "constructive_stages": lambda b, o: constructive.constructive_stages(b),
    "solve_by_rows": lambda b, o: constructive.solve_by_rows(b),
    "WorkingBoard": lambda b, o: constructive.WorkingBoard(b),
    "SlidingPuzzleProblem": lambda b, o: generic.SlidingPuzzleProblem(b),
    "SlidingPuzzleProblem goal": lambda b, o: generic.SlidingPuzzleProblem(o, b),
    "refuse_component": lambda b, o: guards.refuse_component(b, 10**6),
    "refuse_far": lambda b, o: guards.refuse_far(b, o, 10),
    "refuse_far goal": lambda b, o: guards.refuse_far(o, b, 10),
    "too_many_states": lambda b, o: guards.too_many_states(b, 10),
    "PatternDatabase": lambda b, o: pdb.PatternDatabase(b, cache=False, progress=False),
    "default_partition": lambda b, o: core_pdb.default_partition(b),
    "check_pattern": lambda b, o: core_pdb.check_pattern(b, (1,)),
    "check_partition": lambda b, o: core_pdb.check_partition(b, ((1,), (2, 3))),
    "describe": lambda b, o: pdb.describe(b, (1,)),
    "is_cached": lambda b, o: pdb.is_cached(b),
    "load_or_build": lambda b, o: pdb.load_or_build(b, (1,), cache=False, progress=False),
    "pattern_table": lambda b, o: core_pdb.pattern_table(b, (1,)),
    "distance_table_error goal": lambda b, o: certify.distance_table_error({}, b),
    "reachable_mask": lambda b, o: space.reachable_mask(b, PERMS),
    "inversion_counts goal": lambda b, o: space.inversion_counts(PERMS, b),
    "permutation_parities goal": lambda b, o: space.permutation_parities(PERMS, b),
    "layer_problem goal": lambda b, o: frontier.layer_problem(np.zeros(1, dtype=np.uint64), 0, 1, *o.shape, b),
    "draw_board": lambda b, o: puzzlelib.draw_board(b),
    "draw_state_graph highlight": lambda b, o: puzzlelib.draw_state_graph(puzzlelib.state_graph(2, 2), highlight=b),
    "draw_path": lambda b, o: puzzlelib.draw_path([o, b]),
    "board_words": lambda b, o: draw.board_words(b),
    "inversion_arcs": lambda b, o: draw_solvability.inversion_arcs(b),
    "puzzle_and_goal": lambda b, o: draw_search.puzzle_and_goal(b, o),
    "one_move_away": lambda b, o: draw_search.one_move_away(o, [b]),
    "shortest_solution": lambda b, o: draw_search.shortest_solution([o, b]),
    "vertical_jump": lambda b, o: draw_solvability.vertical_jump(b, 1),
    "PlaySession board": lambda b, o: session.PlaySession(board=b),
    "PlaySession goal": lambda b, o: session.PlaySession(board=o, goal=b),
    "PlaySession.step_to": lambda b, o: session.PlaySession(board=o).step_to(b),
    "start_and_goal": lambda b, o: session.start_and_goal(board=b),
    "PuzzleWidget board": lambda b, o: widgets.PuzzleWidget(board=b),
    "BFSExplorer goal": lambda b, o: widgets.BFSExplorer(goal=b),
    "slide_direction": lambda b, o: widgets.slide_direction(b, 1),
    "tile_name": lambda b, o: widgets.tile_name(b, 0),
    "inversions_with": lambda b, o: nb09.inversions_with(b, 1),
    "reaches_by_construction": lambda b, o: nb09.reaches_by_construction(b),
    "swapped_goal": lambda b, o: nb09.swapped_goal(b),
    "tile_inversions_problem": lambda b, o: nb09.tile_inversions_problem(b, 1, 0),
    "rule_problem": lambda b, o: nb09.rule_problem(lambda board: True, [b], o),
}
"""Each public function that takes a board, once for each place a board goes."""


@pytest.mark.parametrize("kind", sorted(BAD))
@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_bad_board_is_refused_with_the_reason(name, kind, contained):
    make, says = BAD[kind]
    bad = make()
    with time_limit(10, f"{name} on a board with a {kind}"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with pytest.raises((ValueError, TypeError)) as caught:
                run(lambda: CALLS[name](bad, good(bad)))
        finally:
            plt.close("all")
    message = str(caught.value)
    assert len(message) < 600 and says in message, message


@pytest.mark.parametrize("name", sorted(CALLS))
def test_the_same_calls_answer_for_right_boards(name, contained):
    """Right boards, also right ones made by Board.unchecked, still work in every place."""
    for right in (Board([[1, 2], [0, 3]]), Board.unchecked(2, 2, (1, 2, 0, 3))):
        with time_limit(20, name), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                run(lambda: CALLS[name](right, Board.goal(2, 2)))
            except (ValueError, TypeError) as err:
                pytest.fail(f"{name} refused a right board: {err}")
            finally:
                plt.close("all")


def test_the_issues_boards_give_the_issues_messages():
    with pytest.raises(ValueError, match=r"duplicate tiles \[1\]; missing \[3\]"):
        puzzlelib.is_solvable(Board.unchecked(2, 2, (1, 1, 0, 2)))
    with pytest.raises(ValueError, match=r"duplicate tiles \[1\]"):
        puzzlelib.min_moves(Board.unchecked(2, 2, (1, 1, 0, 2)))
    with pytest.raises(ValueError, match=r"duplicate tiles \[1\]"):
        puzzlelib.to_key(Board.unchecked(2, 2, (1, 1, 0, 2)))
    with pytest.raises(ValueError, match=r"out of range: \[7\]"):
        puzzlelib.is_solvable(Board.unchecked(2, 2, (1, 2, 3, 7)))
    with pytest.raises(ValueError, match="a 3 x 3 board needs 9 tiles, got 4"):
        puzzlelib.is_solvable(Board.unchecked(3, 3, (1, 2, 3, 0)))


def test_a_big_bad_board_gets_a_short_message():
    tiles = tuple(range(1, 250_000)) + (1,)          # 500 x 500 with tile 1 twice and no blank
    with time_limit(10, "a 500 x 500 bad board"), pytest.raises(ValueError) as caught:
        puzzlelib.is_solvable(Board.unchecked(500, 500, tiles))
    assert len(str(caught.value)) < 600 and "duplicate tiles [1]" in str(caught.value)


def test_a_right_unchecked_board_is_checked_once_and_kept():
    board = Board.unchecked(2, 3, (1, 2, 3, 4, 0, 5))
    assert board_module.as_board(board) is board     # the same object, now marked as checked
    assert board._checked is True
    assert puzzlelib.min_moves(board) == 1


def test_checked_constructors_and_the_librarys_answers_are_not_checked_again():
    made = [Board([[1, 0]]), Board.from_tiles((1, 0), 1, 2), Board.goal(3, 3), Board.spiral(3, 3),
            puzzlelib.random_solvable(3, 3, seed=1), puzzlelib.scramble(Board.goal(3, 3), 5, seed=1),
            puzzlelib.unrank(5, 2, 2), puzzlelib.from_key(puzzlelib.to_key(Board.goal(2, 2)), 2, 2),
            *puzzlelib.shortest_path(Board([[4, 1, 2], [5, 0, 3]])),
            *puzzlelib.solve_optimal(Board([[4, 1, 2], [5, 0, 3]]))]
    for board in made:
        assert board._checked is True, board


def test_a_board_subclass_comes_back_as_a_plain_checked_board():
    class Mine(Board):
        __slots__ = ()

        def __eq__(self, other):
            return True

        __hash__ = Board.__hash__

    mine = Mine([[1, 2], [3, 0]])
    plain = board_module.as_board(mine)
    assert type(plain) is Board and plain.tiles == (1, 2, 3, 0)
    with pytest.raises(ValueError, match="duplicate"):
        board_module.as_board(Mine.unchecked(2, 2, (1, 1, 0, 2)))


def test_numpy_tiles_in_an_unchecked_board_are_rebuilt_as_ints():
    board = Board.unchecked(2, 2, tuple(np.array([1, 2, 3, 0], dtype=np.int64)))
    plain = board_module.as_board(board)
    assert plain == Board.goal(2, 2) and all(type(t) is int for t in plain.tiles)
    assert puzzlelib.min_moves(board) == 0
