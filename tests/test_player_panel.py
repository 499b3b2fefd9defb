"""The player's panel on single lines, the goal's blank row, the goal itself, and what undo and reset agree on.

On a single row or column no tile passes another: a board reaches the goal exactly when its tiles stand in
the goal's order, and the parity rule is wrong on a third of the boards or more. Every board of 1 x 4,
4 x 1 and 1 x 5 is compared here with breadth-first search.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from puzzlelib import Board, distances, explain
from puzzlelib.core.limits import solved_by_table
from puzzlelib.player.session import PlaySession
from puzzlelib.player.widgets import PuzzleWidget


def every_board(rows, cols):
    return [Board.from_tiles(p, rows, cols) for p in permutations(range(rows * cols))]


@pytest.mark.parametrize("shape", [(1, 4), (4, 1), (1, 5)])
def test_on_a_line_the_panel_agrees_with_bfs_on_every_board(shape):
    goal = Board.goal(*shape)
    reached = distances(goal)                        # BFS over the slides, no parity rule
    parity_wrong = 0
    for board in every_board(*shape):
        panel = PlaySession(board=board, goal=goal).panel()
        assert panel.solvable == (board.tiles in reached), board
        assert panel.distance == reached.get(board.tiles), board
        order = " ".join(str(t) for t in board.tiles if t)
        assert panel.invariant_text == f"tile order {order} (goal: {' '.join(str(t) for t in goal.tiles if t)})"
        assert "component" not in panel.distance_text and "parity" not in panel.invariant_text
        r = explain(board, goal)
        parity_wrong += (r.invariant == r.goal_invariant) != (board.tiles in reached)
    # the counts the issue gave: the parity rule would have been wrong this often
    assert parity_wrong == {(1, 4): 8, (4, 1): 8, (1, 5): 55}[shape]


def test_the_example_of_the_issue_and_a_swap_on_a_line():
    s = PlaySession(board=Board([[2, 3, 1, 0]]))
    panel = s.panel()
    assert (panel.invariant, panel.goal_invariant, panel.solvable) == (1, 1, False)   # parity agrees, yet no
    assert panel.invariant_text == "tile order 2 3 1 (goal: 1 2 3)"
    assert panel.distance_text == "unreachable (the tiles are not in the goal's order)"
    s = PlaySession(1, 4)
    assert s.swap() and "sliding cannot undo this" in s.message
    assert "other component" not in s.panel().distance_text and not s.panel().solvable
    p = PuzzleWidget(board=Board([[2, 3, 1, 0]]))
    assert p.value_widgets["invariant"].value == "tile order 2 3 1 (goal: 1 2 3)"
    assert "unsolvable" in p.value_widgets["component"].value


def test_the_goal_blank_row_is_shown_and_makes_the_goal_invariant():
    goal = Board.goal(4, 4, blank="first")                     # blank in row 4 from the bottom
    p = PuzzleWidget(goal=goal)
    assert p.value_widgets["blank row"].value == "4 (from the bottom; the goal's: 4)"
    assert p.value_widgets["invariant"].value == "(inversions + blank row) mod 2 = 0 (goal: (0 + 4) mod 2 = 0)"
    p.click_tile(p.session.board.movable_tiles()[0])
    assert p.value_widgets["blank row"].value.endswith("(from the bottom; the goal's: 4)")
    odd = PuzzleWidget(goal=Board.spiral(3, 3))
    assert odd.value_widgets["invariant"].value == "inversions mod 2 = 0 (goal: 0)"


@pytest.mark.parametrize("shape", [(2, 3), (3, 3), (3, 4), (4, 4)])
def test_at_the_goal_the_panel_says_so(shape):
    assert PlaySession(*shape).panel().distance_text == "0 moves: this is the goal"


def test_exact_distances_where_a_bfs_table_solves_the_board():
    for shape, exact in [((2, 4), True), ((4, 2), True), ((1, 9), True), ((3, 3), True), ((3, 4), False),
                         ((2, 5), False), ((1, 12), True), ((12, 1), True)]:
        assert solved_by_table(*shape) == exact
        s = PlaySession(*shape)
        s.scramble(7)
        assert s.panel().distance_is_exact == exact, shape
        path, how = s.solution()
        assert ("(BFS)" in how) == exact and path[-1] == s.goal, (shape, how)


def test_undo_across_a_shuffle_and_reset_agree_on_the_current_puzzle():
    s = PlaySession(3, 3, seed=3)
    s.shuffle()
    first = s.start
    s.click(s.board.movable_tiles()[0])
    s.shuffle()
    second = s.start
    assert second != first
    s.click(s.board.movable_tiles()[0])
    s.undo()
    s.undo()                                # back across the second shuffle, into the first puzzle
    assert s.start == first and s.moves == 1 and s.board == first.slide(first.movable_tiles()[0])
    s.reset()                               # the start of the puzzle the board is in, not the second shuffle
    assert s.board == first and s.moves == 0 and not s.history
    assert s.undo() is False                # reset clears the history


def test_undo_across_a_scramble_in_the_widget_then_reset():
    p = PuzzleWidget(2, 3, seed=2)
    p.buttons["shuffle"].click()
    first = p.session.board
    p.scramble_moves.value = 5
    p.buttons["scramble"].click()
    assert p.session.start != first
    p.buttons["undo"].click()
    assert p.session.board == first == p.session.start
    p.click_tile(p.session.board.movable_tiles()[0])
    p.buttons["reset"].click()
    assert p.session.board == first and p.value_widgets["moves"].value == "0"
