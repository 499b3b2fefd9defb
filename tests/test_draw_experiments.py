"""puzzlelib.draw.experiments draws what it says: notebook 05's figures of goals, swaps and made puzzles."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from puzzlelib import Board, is_solvable  # noqa: E402
from puzzlelib.draw import alt_text  # noqa: E402
from puzzlelib.draw.experiments import (made_puzzle_distances, one_swap, reachability_grid,  # noqa: E402
                                        starts_and_goals, walk_bounds)
from figure_checks import close, texts_at_least_11pt  # noqa: F401  (close is a fixture)

START5 = Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]])
STARTS = {"start1": Board([[13, 2, 10, 3], [1, 12, 8, 4], [5, 0, 9, 6], [15, 14, 11, 7]]), "start5": START5}
GOALS = {
    "upperLeft": Board.goal(4, 4, blank="first"),
    "upperRight": Board([[1, 2, 3, 0], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]),
    "downRight": Board.goal(4, 4),
    "spiral": Board.spiral(4, 4),
}


def test_starts_and_goals_draws_each_board_with_its_name(close):
    fig = starts_and_goals(STARTS, GOALS)
    close(fig)
    shown = [ax for ax in fig.axes if ax.get_visible()]
    assert [ax.get_title() for ax in shown] == ["start1", "start5"] + [f"goal: {g}" for g in GOALS]
    assert fig.texts[0].get_text() == "Two 15-puzzle starts (top) and four goals (bottom)"
    alt = alt_text(fig)
    assert "start5 is downRight with tiles 14 and 15 swapped" in alt
    assert "the first three named by the corner that holds the blank" in alt
    assert "the spiral with tiles 1 to 15 winding clockwise inward from the top left and the blank in the third " \
           "row, second column" in alt
    texts_at_least_11pt(fig)


def test_starts_and_goals_refuses_junk():
    with pytest.raises(TypeError):
        starts_and_goals([START5], GOALS)
    with pytest.raises(ValueError, match="empty"):
        starts_and_goals({}, GOALS)
    with pytest.raises(ValueError, match="same shape"):
        starts_and_goals({"s": Board.goal(3, 3)}, GOALS)


def test_reachability_grid_says_yes_or_no_for_every_pair(close):
    table = {(s, g): is_solvable(STARTS[s], GOALS[g]) for s in STARTS for g in GOALS}
    fig = reachability_grid(table)
    close(fig)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.texts] == ["no", "no", "yes", "yes", "yes", "yes", "no", "no"]
    assert [t.get_text() for t in ax.get_xticklabels()] == list(GOALS)
    assert [t.get_text() for t in ax.get_yticklabels()] == list(STARTS)
    assert ax.get_title() == "Can the start reach the goal?"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["yes", "no"]
    assert alt_text(fig) == ("A 2 x 4 grid of yes and no: can each start (rows) reach each goal (columns)? start1 "
                             "reach downRight and spiral but not upperLeft or upperRight; start5 reach exactly "
                             "upperLeft and upperRight.")
    texts_at_least_11pt(fig)


def test_reachability_grid_refuses_junk():
    with pytest.raises(TypeError):
        reachability_grid([True, False])
    with pytest.raises(TypeError):
        reachability_grid({("s", "g"): "yes"})
    with pytest.raises(ValueError, match="every start with every goal"):
        reachability_grid({("s1", "g1"): True, ("s2", "g2"): False})


def test_one_swap_draws_the_board_and_the_swapped_board(close):
    fig = one_swap(START5, 14, 15, name="start5", goal=Board.goal(4, 4), goal_name="downRight", can_reach=False)
    close(fig)
    assert [ax.get_title() for ax in fig.axes] == ["start5: cannot reach downRight", "14 and 15 swapped: downRight"]
    assert alt_text(fig) == ("Two 4 x 4 boards with tiles 14 and 15 highlighted. Left: start5, which cannot reach "
                             "downRight; its bottom row reads 13, 15, 14, blank. Right: the same board with 14 and 15 "
                             "swapped, which is downRight itself, tiles 1 to 15 in order.")
    texts_at_least_11pt(fig)


def test_one_swap_refuses_junk():
    with pytest.raises(TypeError):
        one_swap(START5, "14", 15, name="s", goal=START5, goal_name="g", can_reach=False)
    with pytest.raises(ValueError, match="blank"):
        one_swap(START5, 0, 15, name="s", goal=START5, goal_name="g", can_reach=False)
    with pytest.raises(ValueError, match="different"):
        one_swap(START5, 15, 15, name="s", goal=START5, goal_name="g", can_reach=False)


EXACT = [1, 2, 4, 8, 10, 8, 4, 2, 1]


def test_made_puzzle_distances_draws_one_panel_per_method(close):
    walks = {20: [0, 2, 2, 4, 4, 2], 40: [2, 4, 4, 4, 6, 2]}
    uniform = [3, 4, 5, 4, 3, 4]
    fig = made_puzzle_distances(walks, uniform, EXACT)
    close(fig)
    assert [ax.get_title() for ax in fig.axes] == ["random walk,\n20 moves", "random walk,\n40 moves",
                                                   "random arrangement\n+ one swap"]
    for ax in fig.axes:
        assert len([p for p in ax.patches if isinstance(p, Rectangle)]) == len(EXACT)    # a bar per distance
        assert len(ax.lines) == 1                                                         # all boards' line
    assert [t.get_text() for t in fig.axes[2].get_legend().get_texts()] == ["all 40 boards",
                                                                           "6 puzzles\nmade this way"]
    alt = alt_text(fig)
    assert alt.startswith("Three bar charts") and "6 puzzles per method" in alt and "all 40 boards" in alt
    assert "Random walks of 20 and 40 moves give only even distances and sit left of the line (means 2.3 and 3.7)" in alt
    assert "(mean 3.83, all boards 4.00)" in alt
    texts_at_least_11pt(fig)


def test_made_puzzle_distances_refuses_junk():
    with pytest.raises(TypeError):
        made_puzzle_distances([1, 2], [1], EXACT)
    with pytest.raises(ValueError, match="same number"):
        made_puzzle_distances({20: [1, 2]}, [1], EXACT)
    with pytest.raises(ValueError, match="farther"):
        made_puzzle_distances({20: [1]}, [30], EXACT)


def test_walk_bounds_draws_means_and_two_histograms(close):
    fig = walk_bounds([5, 10, 100, 400], [4.0, 8.0, 20.0, 37.5], [2, 4, 6, 20], [30, 40, 44, 52])
    close(fig)
    left, right = fig.axes
    assert left.get_title() == "Mean bound after a random walk" and left.get_xscale() == "log"
    assert right.get_title() == "20-move walks vs random arrangements"
    assert [t.get_text() for t in right.get_legend().get_texts()] == [
        "random walk, 20 moves", "random arrangement", "21: more than any 20-move walk"]
    assert right.get_ylabel() == "puzzles (of 4 each)"
    alt = alt_text(fig)
    assert "rises from 4.0 after 5 moves to 37.5 after 400" in alt and "only after hundreds of moves" in alt
    assert "20-move walks range from 2 to 20, random arrangements from 30 to 52, so a dotted line at 21 separates " \
           "them completely." in alt
    texts_at_least_11pt(fig)


def test_walk_bounds_refuses_junk():
    with pytest.raises(TypeError):
        walk_bounds(5, [4.0], [2], [30])
    with pytest.raises(ValueError, match="one value per walk length"):
        walk_bounds([5, 10], [4.0], [2], [30])
    with pytest.raises(ValueError, match="as many"):
        walk_bounds([5], [4.0], [2, 4], [30])
