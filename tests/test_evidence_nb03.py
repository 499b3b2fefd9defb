"""Notebook 03's evidence checks fail on wrong data and pass on right data (puzzlelib/course/evidence/nb03_solvability.py)."""

from __future__ import annotations

import numpy as np
import pytest

from puzzlelib import Board
from puzzlelib.core.encoding import all_permutations
from puzzlelib.course.evidence.nb03_solvability import (all_or_nothing_problem, flipped_pairs, move_problem, moves_problem,
                                                 quoted_rule, quoted_rule_verdicts, replay_problem, width_invariant)
from puzzlelib.core.constructive import constructive_moves
from puzzlelib.engines.space import all_moves, inversion_counts, reachable_mask

B15 = Board([[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]])


@pytest.fixture(scope="module")
def small():
    """Every board and every move of 2 x 3 (odd width), 2 x 4 and 3 x 2 (even widths)."""
    out = {}
    for s in [(2, 3), (2, 4), (3, 2)]:
        perms = all_permutations(s[0] * s[1])
        out[s] = (perms, all_moves(*s, perms), inversion_counts(perms))
    return out


# --- one move ---------------------------------------------------------------------------------------

def test_flipped_pairs_reads_the_two_boards():
    up = B15.slide(13)
    assert flipped_pairs(B15, up) == {(9, 13): 1, (13, 15): -1, (8, 13): 1}
    assert flipped_pairs(B15, B15.slide(5)) == {}                       # sideways
    assert flipped_pairs(Board([[2, 1], [3, 0]]), Board.goal(2, 2)) == {(1, 2): -1}   # a swap, not a move


@pytest.mark.parametrize("board", [B15, Board.goal(3, 3), Board([[4, 1, 2], [5, 0, 3]]), Board.goal(4, 2)])
def test_every_real_slide_passes(board):
    for tile in board.movable_tiles():
        assert move_problem(board, board.slide(tile)) is None


def test_a_jump_over_two_rows_breaks_the_width_minus_one_claim():
    before = Board([[1, 2, 3], [4, 5, 6], [7, 8, 0]])
    jump = Board([[1, 2, 0], [4, 5, 6], [7, 8, 3]])                      # the 3 drops two rows: not a move
    assert move_problem(before, jump) == "move 0: sliding 3 up or down changes the order of 5 pairs, not width - 1 = 2"


def test_a_wrap_around_slide_breaks_the_claims():
    before = Board([[1, 2, 0], [3, 4, 5]])
    after = Board([[1, 2, 3], [0, 4, 5]])                                 # reading-order neighbours, not cells
    assert move_problem(before, after) == "move 0: sliding 3 up or down changes the order of 0 pairs, not width - 1 = 2"


def test_a_sideways_jump_and_a_non_slide_are_caught():
    before = Board([[0, 1, 2], [3, 4, 5]])
    assert move_problem(before, Board([[2, 1, 0], [3, 4, 5]])) == \
        "move 0: sliding 2 sideways changes the order of 1 pairs, not 0"
    problem = move_problem(before, Board([[1, 0, 2], [4, 3, 5]]))            # two things moved
    assert problem.startswith("move 0: (1, 0, 2, 4, 3, 5) is not (0, 1, 2, 3, 4, 5) with one tile slid")
    assert move_problem(before, Board.goal(3, 2)).startswith("a 2 x 3 board cannot become")


def test_a_move_that_is_not_a_neighbour_but_passes_the_count_is_caught():
    # on a 1-row board any two cells are in one row; a jump of 2 passes 1 tile: caught as sideways
    before = Board([[1, 0, 2, 3]])
    assert "sideways" in move_problem(before, Board([[1, 3, 2, 0]]))


# --- every move ------------------------------------------------------------------------------------

@pytest.mark.parametrize("shape", [(2, 3), (2, 4), (3, 2)])
def test_every_move_of_a_small_board_passes(small, shape):
    perms, m, inv = small[shape]
    assert moves_problem(perms, m.src, m.dst, *shape, changes=inv[m.dst] - inv[m.src]) is None


def test_wrong_changes_are_caught(small):
    perms, m, inv = small[(2, 4)]
    changes = inv[m.dst] - inv[m.src]
    wrong = changes.copy()
    wrong[m.vertical] = 1                                    # "a vertical move always adds one"
    assert "the change is given as 1, but recounting gives" in moves_problem(perms, m.src, m.dst, 2, 4, changes=wrong)
    assert "changes given for" in moves_problem(perms, m.src, m.dst, 2, 4, changes=changes[1:])


def test_a_move_list_with_a_fake_move_is_caught(small):
    perms, m, _ = small[(2, 3)]
    dst = m.dst.copy()
    dst[5] = (dst[5] + 1) % len(perms)                       # another board: not one slide away
    assert "is not" in moves_problem(perms, m.src, dst, 2, 3)


def test_a_missing_or_doubled_move_is_caught(small):
    perms, m, _ = small[(2, 3)]
    assert "moves listed, but its blank has" in moves_problem(perms, m.src[:-1], m.dst[:-1], 2, 3)
    src, dst = m.src.copy(), m.dst.copy()
    i = int(np.flatnonzero(src == src[0])[1])                 # board src[0]'s second move becomes its first
    dst[i] = dst[0]
    assert moves_problem(perms, src, dst, 2, 3) == "a move is listed twice"


def test_moves_of_the_wrong_width_are_caught(small):
    perms, m, _ = small[(2, 3)]
    assert moves_problem(perms, m.src, m.dst, 3, 2) is not None          # the same cells read as 3 x 2
    assert moves_problem(perms, m.src, m.dst, 2, 4) == "the boards, the shape and the moves do not fit together"


# --- the rules ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)])
def test_the_width_invariant_picks_what_search_reaches(shape):
    perms = all_permutations(shape[0] * shape[1])
    for goal in (Board.goal(*shape), Board.goal(*shape, blank="first"), Board.spiral(*shape)):
        passes = width_invariant(perms, *shape, goal) == width_invariant([goal.tiles], *shape, goal)[0]
        assert all_or_nothing_problem(passes, reachable_mask(goal, perms), right=True) is None


def test_the_width_invariant_without_the_row_is_wrong_on_even_widths():
    perms = all_permutations(8)
    odd_rule = inversion_counts(perms) % 2 == 0                # the odd-width rule, on 2 x 4
    problem = all_or_nothing_problem(odd_rule, reachable_mask(Board.goal(2, 4), perms), right=True)
    assert problem == "the rule is wrong on 20160 of 40320 boards, where it should be right on all"


@pytest.mark.parametrize("shape", [(2, 2), (2, 4), (4, 2)])
def test_the_quoted_rule_is_the_usual_goals_rule(shape):
    perms = all_permutations(shape[0] * shape[1])
    said = quoted_rule_verdicts(perms, *shape)
    assert said.tolist() == [quoted_rule(Board.from_tiles(p, *shape)) for p in perms.tolist()]
    assert all_or_nothing_problem(said, reachable_mask(Board.goal(*shape), perms), right=True) is None
    first = reachable_mask(Board.goal(*shape, blank="first"), perms)
    assert all_or_nothing_problem(said, first, right=False) is None
    # the wrong claims about it fail
    assert all_or_nothing_problem(said, first, right=True).startswith("the rule is wrong on")
    assert all_or_nothing_problem(said, ~first, right=False).startswith("the rule is right on")


def test_all_or_nothing_catches_a_rule_that_is_right_on_part():
    perms = all_permutations(8)
    truth = reachable_mask(Board.goal(2, 4), perms)
    half = truth.copy()
    half[:100] = ~half[:100]
    assert all_or_nothing_problem(half, truth, right=True) == \
        "the rule is wrong on 100 of 40320 boards, where it should be right on all"
    assert all_or_nothing_problem(half, truth, right=False) == \
        "the rule is right on 40220 of 40320 boards, where it should be wrong on all"
    assert all_or_nothing_problem(half[:5], truth, right=True) == "5 verdicts for 40320 boards"


# --- replays -----------------------------------------------------------------------------------------

def test_replay_of_the_solvers_moves_reaches_the_goal_and_wrong_lists_fail():
    moves = constructive_moves(B15)
    assert replay_problem(B15, moves) is None
    assert replay_problem(B15, moves[:-1]).startswith(f"after {len(moves) - 1} slides the board is")
    assert replay_problem(B15, moves, Board.goal(4, 4, blank="first")) is not None
    assert replay_problem(B15, [1]) == "slide 1: tile 1 is not next to the blank"
