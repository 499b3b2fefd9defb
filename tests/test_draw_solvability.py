"""puzzlelib.draw.solvability draws what it says: notebook 03's inversion figures."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import FancyBboxPatch, Rectangle  # noqa: E402
from matplotlib.text import Annotation  # noqa: E402

from puzzlelib import Board  # noqa: E402
from puzzlelib.draw import alt_text  # noqa: E402
from puzzlelib.draw.solvability import (inversion_arcs, inversion_change_shares, inversion_changes,  # noqa: E402
                                        vertical_jump)
from figure_checks import texts_at_least_11pt  # noqa: E402

BOARD = Board([[1, 2, 3], [4, 0, 5], [8, 6, 7]])
EXAMPLES = [
    ([[1, 2, 3], [4, 0, 5], [8, 6, 7]], 4, [[1, 2, 3], [0, 4, 5], [8, 6, 7]]),
    ([[1, 2, 3], [4, 0, 5], [8, 6, 7]], 2, [[1, 0, 3], [4, 2, 5], [8, 6, 7]]),
    ([[1, 3, 4], [5, 0, 6], [7, 2, 8]], 2, [[1, 3, 4], [5, 2, 6], [7, 0, 8]]),
    ([[1, 2, 3], [4, 0, 5], [7, 6, 8]], 6, [[1, 2, 3], [4, 6, 5], [7, 0, 8]]),
]
B15 = Board([[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]])
VALUES = np.arange(-3, 4)
SHARE = {2: {(3, 2): np.array([0, 0, .5, 0, .5, 0, 0]), (4, 2): np.array([0, 0, .5, 0, .5, 0, 0])},
         3: {(2, 3): np.array([0, 1, 0, 1, 0, 1, 0]) / 3, (3, 3): np.array([0, 1, 0, 1, 0, 1, 0]) / 3},
         4: {(2, 4): np.array([1, 0, 1, 0, 1, 0, 1]) / 4}}


def tile_labels(ax):
    return [t.get_text() for t in ax.texts if not isinstance(t, Annotation)]


def arrows(ax):
    return [c for c in ax.get_children() if isinstance(c, Annotation) and c.arrow_patch is not None]


def test_inversion_arcs_draws_the_board_its_reading_order_and_one_arc_per_inversion():
    fig = inversion_arcs(BOARD)
    try:
        left, right = fig.axes
        assert fig.texts[0].get_text() == "2 inversions: (8, 6) and (8, 7)"
        assert left.get_title() == "the board"
        assert tile_labels(right) == ["1", "2", "3", "4", "5", "8", "6", "7"]     # reading order, blank skipped
        assert len(arrows(right)) == 2
        assert right.get_xlabel() == "read row by row, skip the blank: each arc is an inversion"
        alt = alt_text(fig)
        assert "1 2 3 / 4 blank 5 / 8 6 7" in alt and "1, 2, 3, 4, 5, 8, 6, 7" in alt
        assert "Arcs from the 8 to the 6 and to the 7 mark its 2 inversions, (8, 6) and (8, 7)." in alt
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)


def test_inversion_arcs_of_a_sorted_board_draws_no_arc():
    fig = inversion_arcs(Board.goal(2, 3))
    try:
        assert fig.texts[0].get_text() == "0 inversions"
        assert arrows(fig.axes[1]) == [] and "no inversion" in alt_text(fig)
    finally:
        plt.close(fig)


def test_inversion_arcs_refuses_junk_and_tangles():
    with pytest.raises(TypeError):
        inversion_arcs("1 2 3")
    with pytest.raises(ValueError, match="inversions"):
        inversion_arcs(B15)          # 49 arcs would be a tangle


def test_inversion_changes_draws_each_move_before_and_after_with_its_change():
    fig = inversion_changes(EXAMPLES)
    try:
        assert len(fig.axes) == 8
        top = [ax.get_title() for ax in fig.axes[:4]]
        bottom = [ax.get_title() for ax in fig.axes[4:]]
        assert top == ["row move\n2 inversions", "column move\n2 inversions", "column move\n5 inversions",
                       "column move\n1 inversion"]
        assert bottom == ["slide 4: 2 (+0)", "slide 2: 4 (+2)", "slide 2: 3 (-2)", "slide 6: 1 (+0)"]
        assert fig.texts[0].get_text() == ("Inversions before (top) and after (bottom) one move: "
                                           "changes of 0, +2, -2 and 0")
        alt = alt_text(fig)
        assert alt.startswith("Two rows of four 3 x 3 boards")
        assert "a row move and then three column moves" in alt
        assert "from 2 to 2, 2 to 4, 5 to 3, 1 to 1: by +0, +2, -2, +0." in alt
        for ax in fig.axes:              # the sliding tile is the one highlighted
            assert sum(isinstance(p, FancyBboxPatch) and p.get_linewidth() == 2.5 for p in ax.patches) == 1
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)


def test_inversion_changes_refuses_a_move_that_is_not_one():
    with pytest.raises(TypeError):
        inversion_changes(42)
    with pytest.raises(TypeError):
        inversion_changes([(BOARD, 4)])
    with pytest.raises(ValueError, match="does not turn"):
        inversion_changes([(BOARD, 1, BOARD)])
    with pytest.raises(ValueError, match="empty"):
        inversion_changes([])


def test_vertical_jump_draws_the_tile_jumping_over_width_minus_one_tiles():
    fig = vertical_jump(B15, 13)
    try:
        assert len(fig.axes) == 4
        assert fig.texts[0].get_text() == "Width 4: the 13 jumps over width - 1 = 3 tiles (blue)"
        assert [fig.axes[0].get_title(), fig.axes[2].get_title()] == ["before", "after the 13 slides up"]
        assert [fig.axes[1].get_xlabel(), fig.axes[3].get_xlabel()] == ["reading order before: 49 inversions",
                                                                        "reading order after: 50 inversions"]
        jump = arrows(fig.axes[1])
        assert len(jump) == 1 and jump[0].get_text() == "the 13 jumps"
        for ax in fig.axes[1::2]:        # 16 cells in one line, the 3 tiles jumped over highlighted
            assert sum(isinstance(p, Rectangle) and not isinstance(p, FancyBboxPatch) for p in ax.patches) >= 1
            assert len(tile_labels(ax)) == 15
            assert sum(isinstance(p, FancyBboxPatch) and p.get_linewidth() == 2.5 for p in ax.patches) == 3
        alt = alt_text(fig)
        assert "the 3 tiles between, 9, 15, 8 (width - 1 = 3" in alt
        assert "from 49 to 50, an odd change of +1" in alt
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)


def test_vertical_jump_works_downwards_and_on_odd_widths():
    fig = vertical_jump(Board([[1, 2, 3], [4, 0, 5], [7, 8, 6]]), 2)
    try:
        assert fig.texts[0].get_text() == "Width 3: the 2 jumps over width - 1 = 2 tiles (blue)"
        assert fig.axes[2].get_title() == "after the 2 slides down"
        assert "the 2 tiles between, 3, 4" in alt_text(fig) and "an even change of +2" in alt_text(fig)
    finally:
        plt.close(fig)


def test_vertical_jump_refuses_a_tile_that_cannot_jump():
    with pytest.raises(ValueError, match="not next to the blank"):
        vertical_jump(B15, 1)
    with pytest.raises(ValueError, match="left or right"):
        vertical_jump(B15, 9)
    with pytest.raises(TypeError):
        vertical_jump(B15, "13")


def test_inversion_change_shares_draws_one_panel_per_width_and_only_the_changes_that_happen():
    fig = inversion_change_shares(SHARE, VALUES)
    try:
        assert len(fig.axes) == 3
        assert [len(ax.patches) for ax in fig.axes] == [2, 3, 4]
        assert [tile_labels(ax) for ax in fig.axes] == [["1/2"] * 2, ["1/3"] * 3, ["1/4"] * 4]
        assert [ax.get_title() for ax in fig.axes] == ["width 2: passes 1 tile\n(3 x 2, 4 x 2)",
                                                       "width 3: passes 2 tiles\n(2 x 3, 3 x 3)",
                                                       "width 4: passes 3 tiles\n(2 x 4)"]
        hatched = [[bool(p.get_hatch()) for p in ax.patches] for ax in fig.axes]
        assert hatched == [[True, True], [False, False, False], [True] * 4]          # odd changes hatched
        assert [t.get_text() for t in fig.axes[1].get_legend().get_texts()] == ["even change", "odd change"]
        assert fig.axes[0].get_ylabel() == "share of vertical moves"
        alt = alt_text(fig)
        assert alt.startswith("Three panels of bars")
        assert "width 2 (3 x 2 and 4 x 2): by -1, +1, each in 1/2 of them" in alt
        assert "width 4 (2 x 4): by -3, -1, +1, +3, each in 1/4 of them" in alt
        assert alt.endswith("The change is always odd (hatched bars) on widths 2 and 4, always even on width 3.")
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)


def test_inversion_change_shares_refuses_junk():
    with pytest.raises(TypeError):
        inversion_change_shares([], VALUES)
    with pytest.raises(ValueError, match="one per value"):
        inversion_change_shares({2: {(3, 2): [0.5, 0.5]}}, VALUES)
    with pytest.raises(ValueError, match="width 2"):
        inversion_change_shares({2: {(2, 3): [0.5] * 7}}, VALUES)
