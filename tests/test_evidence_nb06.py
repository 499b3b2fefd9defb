"""Notebook 06's evidence checks, fed right data (they pass) and wrong data (they fail, saying why)."""

from __future__ import annotations

import pytest

from puzzlelib import Board, explain
from puzzlelib.course.evidence.nb06_play import line_verdicts_problem, slides_keep_invariant
from puzzlelib.core.generate import fix_by_swap
from puzzlelib.player.session import PlaySession


def a_walk(start: Board, slides: int) -> list[Board]:
    """A walk of ``slides`` slides over distinct boards, as the notebook makes it."""
    walk = [start]
    for _ in range(slides):
        board = walk[-1]
        walk.append(next(board.slide(t) for t in board.movable_tiles() if board.slide(t) not in walk))
    return walk


def panel_invariants(walk, goal=None):
    return [PlaySession(board=b, goal=goal).panel().invariant for b in walk]


@pytest.mark.parametrize("start", [Board.goal(3, 3), Board.goal(3, 4), Board.spiral(4, 4),
                                   Board([[1, 2, 3], [4, 5, 6], [7, 0, 8]])])
def test_a_walk_of_distinct_slides_keeps_the_panel_invariant(start):
    walk = a_walk(start, 12)
    assert slides_keep_invariant(walk, panel_invariants(walk)) is None


def test_a_wrong_invariant_fails():
    walk = a_walk(Board.goal(3, 4), 12)          # width 4: inversions alone change on vertical slides
    wrong = [explain(b).inversions % 2 for b in walk]
    problem = slides_keep_invariant(walk, wrong)
    assert problem is not None and problem.startswith("the invariant changed")
    assert slides_keep_invariant(walk, panel_invariants(walk)) is None


def test_back_and_forth_too_few_repeats_and_a_swap_fail():
    goal = Board.goal(3, 3)
    one = goal.slide(goal.movable_tiles()[0])
    assert "back and forth" in slides_keep_invariant([goal, one] * 6 + [goal], [0] * 13)
    walk = a_walk(goal, 12)
    assert "only 11 slides" in slides_keep_invariant(walk[:12], [0] * 12)
    assert "visits a board twice" in slides_keep_invariant(walk + [walk[-2]], [0] * 14)
    swapped = walk[:6] + [fix_by_swap(walk[5])]
    swapped += a_walk(swapped[-1], 6)[1:]
    assert "is not a slide" in slides_keep_invariant(swapped, [0] * len(swapped))
    assert "one invariant a board" in slides_keep_invariant(walk, [0] * 12)


def test_a_walk_in_one_direction_only_fails():
    walk = [Board([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0]])]
    for tile in range(13, 0, -1):
        walk.append(walk[-1].slide(tile))
    assert "every slide is horizontal" in slides_keep_invariant(walk, [0] * len(walk))


@pytest.mark.parametrize("shape", [(1, 4), (4, 1), (1, 5), (2, 3)])
def test_the_panel_verdict_passes_against_bfs(shape):
    assert line_verdicts_problem(*shape) is None


def parity_rule(board, goal):
    r = explain(board, goal)
    return r.invariant == r.goal_invariant


@pytest.mark.parametrize("shape, wrong", [((1, 4), 8), ((4, 1), 8), ((1, 5), 55)])
def test_the_parity_rule_on_a_line_fails(shape, wrong):
    problem = line_verdicts_problem(*shape, parity_rule)
    assert problem is not None and problem.startswith(f"wrong on {wrong} of ")


def test_a_verdict_that_says_no_too_often_fails():
    problem = line_verdicts_problem(1, 4, lambda b, g: False)
    assert problem is not None and "says unreachable; BFS: yes" in problem
    assert line_verdicts_problem(2, 3, parity_rule) is None          # off a line the rule is right


# --- exercise 3's proof: walks of 40 slides that never undo one ------------------------------------

def test_the_proof_builds_a_walk_for_every_even_distance_and_each_replays():
    from puzzlelib.course.evidence.nb06_play import scramble_proof_problem, scramble_walks, walk_problem

    goal = Board.goal(3, 3)
    walks = scramble_walks(goal, 40)
    assert sorted(walks) == list(range(0, 31, 2))                 # the solution's 16 walks
    for d, walk in walks.items():
        assert walk_problem(walk, goal, 40, d) is None, d
    assert scramble_proof_problem(goal, 40) is None


def test_a_proof_that_claims_too_much_fails():
    from puzzlelib.course.evidence.nb06_play import scramble_proof_problem

    assert scramble_proof_problem(Board.goal(3, 3), 10) == "no walk built for distance 0"     # no loop of 10
    assert scramble_proof_problem(Board.goal(2, 2), 13) == "no walk built for distance 3"     # one ring


def test_a_wrong_walk_fails():
    from puzzlelib.course.evidence.nb06_play import scramble_walks, walk_problem

    goal = Board.goal(3, 3)
    walk = scramble_walks(goal, 40)[30]
    assert walk_problem(walk, goal, 40, 28) == "the walk ends 30 moves from the goal, not 28"
    assert walk_problem(walk[:-1], goal, 40, 30) == "39 slides, not 40"
    assert walk_problem(walk[1:], goal, 39, 30) == "the walk does not start at the goal"
    undo = walk[:20] + [walk[18]] + walk[19:39]
    assert walk_problem(undo, goal, 40, 30) == "slide 20 undoes slide 19"
    jump = walk[:20] + [fix_by_swap(walk[20])] + walk[21:]
    assert walk_problem(jump, goal, 40, 30) == "step 20 is not a slide"
