"""puzzlelib.draw.scale draws what it says: notebook 07's figures of BFS at scale."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import PathCollection  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from puzzlelib import Board, bfs_layers  # noqa: E402
from puzzlelib.draw import alt_text  # noqa: E402
from puzzlelib.draw.scale import (boards_and_seconds, bytes_per_board, distance_shares,  # noqa: E402
                                  farthest_boards, goal_and_antipodes, moves_between_layers)
from figure_checks import close, texts_at_least_11pt  # noqa: F401  (close is a fixture)

SMALL = {"dict of tuples": 232.9, "packed array": 2.4, "bit array": 12.6}    # bytes per board, as measured on 2 x 4
LARGE = {"dict of tuples": 205.9, "packed array": 2.2, "bit array": 1.04}
LAYERS23 = {layer.depth: layer.states for layer in bfs_layers(Board.goal(2, 3))}
NAMES = ["2x2", "2x3", "3x3", "3x4", "2x6"]
STATES = {"2x2": 12, "2x3": 360, "3x3": 181_440, "3x4": 239_500_800, "2x6": 239_500_800}
SECONDS = {"dict": {"2x2": 0.0005, "2x3": 0.0008, "3x3": 0.2},
           "rank-bits": {"2x2": 0.002, "2x3": 0.0045, "3x3": 0.11, "3x4": 181.1},
           "frontier": {"2x2": 0.001, "2x3": 0.002, "3x3": 0.008, "3x4": 8.18, "2x6": 6.9}}


def test_bytes_per_board_draws_paired_bars_and_marks_the_estimate(close):
    fig = bytes_per_board(SMALL, LARGE)
    close(fig)
    ax = fig.axes[0]
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert len(bars) == 6
    assert [t.get_text() for t in ax.get_xticklabels()] == ["dict of tuples", "packed array", "bit array"]
    assert ax.get_title() == "What one board costs a whole-space BFS" and ax.get_yscale() == "log"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "2 x 4: heap peak, by tracemalloc (measured here)", "3 x 4: process peak (RSS) minus baseline (results file)"]
    assert bars[3].get_hatch() == "//" and bars[4].get_hatch() == ".."          # the estimate differs
    labels = [t.get_text() for t in ax.texts]                                  # one method label a bar
    assert labels.count("heap") == 3 and labels.count("RSS") == 2
    assert labels.count("formula") == 1
    alt = alt_text(fig)
    assert "Dict of tuples: 233 and 206 bytes" in alt and "labelled with its method" in alt and "bit array: 13 and 1.0, the cheapest on 3 x 4." in alt
    texts_at_least_11pt(fig)


def test_bytes_per_board_refuses_junk():
    with pytest.raises(TypeError):
        bytes_per_board([1, 2, 3], LARGE)
    with pytest.raises(ValueError, match="keys"):
        bytes_per_board({"dict of tuples": 1}, LARGE)
    with pytest.raises(ValueError, match="positive"):
        bytes_per_board({**SMALL, "bit array": 0}, LARGE)


def test_moves_between_layers_draws_three_columns_and_every_move(close):
    fig = moves_between_layers({k: LAYERS23[k] for k in (5, 6, 7)}, 2, 3)
    close(fig)
    ax = fig.axes[0]
    dots = [c for c in ax.collections if isinstance(c, PathCollection)]
    assert [len(c.get_offsets()) for c in dots] == [7, 10, 12]
    moves = [line for line in ax.lines if len(line.get_xdata())]
    assert len(moves) == 24
    assert sum(line.get_linestyle() == ":" for line in moves) == 11          # back to layer 5
    assert [t.get_text() for t in ax.get_xticklabels()] == ["layer 5\n(parents)", "layer 6\n(being expanded)",
                                                            "layer 7\n(being built)"]
    assert ax.get_title() == "Three layers of the 2 x 3 puzzle and every move from layer 6"
    alt = alt_text(fig)
    assert "the 7 boards of layer 5" in alt and "11 dotted moves back" in alt and "13 solid moves on" in alt
    texts_at_least_11pt(fig)


def test_moves_between_layers_refuses_junk():
    with pytest.raises(TypeError):
        moves_between_layers([1, 2, 3], 2, 3)
    with pytest.raises(ValueError, match="consecutive"):
        moves_between_layers({1: LAYERS23[1], 3: LAYERS23[3], 4: LAYERS23[4]}, 2, 3)
    with pytest.raises(ValueError, match="outside"):       # layer 6's neighbours are in layers 5 and 7, not 8
        moves_between_layers({5: LAYERS23[5], 6: LAYERS23[6], 7: LAYERS23[8]}, 2, 3)


def test_goal_and_antipodes_draws_the_goal_and_each_antipode(close):
    antipodes = [Board([[0, 7, 3, 4, 1], [5, 9, 8, 2, 6]]), Board([[0, 2, 3, 4, 1], [8, 9, 5, 7, 6]])]
    fig = goal_and_antipodes(Board.goal(2, 5), antipodes, 55)
    close(fig)
    assert [ax.get_title() for ax in fig.axes] == ["the goal", "55 moves away", "55 moves away"]
    assert fig.texts[0].get_text() == "The 2 x 5 goal and its two antipodes (the boards farthest from it)"
    alt = alt_text(fig)
    assert alt.startswith("Three 2 x 5 boards: the goal (tiles 1 to 5 over 6 to 9, blank bottom right)")
    assert "Both antipodes have the blank top left, tile 1 top right and tile 6 bottom right." in alt
    texts_at_least_11pt(fig)


def test_goal_and_antipodes_refuses_junk():
    with pytest.raises(TypeError):
        goal_and_antipodes(Board.goal(2, 3), "boards", 21)
    with pytest.raises(ValueError, match="empty"):
        goal_and_antipodes(Board.goal(2, 3), [], 21)
    with pytest.raises(ValueError, match="shape"):
        goal_and_antipodes(Board.goal(2, 3), [Board.goal(3, 3)], 21)


def test_distance_shares_draws_one_curve_per_board(close):
    curves = {"2 x 5 (live)": [1, 3, 6, 3, 1], "3 x 4": [1, 8, 2, 1], "2 x 6": [1, 2, 3, 4, 5, 3, 1]}
    fig = distance_shares(curves)
    close(fig)
    ax = fig.axes[0]
    assert len(ax.lines) == 3 and [line.get_linestyle() for line in ax.lines] == [":", "-", "--"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == list(curves)
    assert ax.get_xlabel() == "distance from the goal (moves)" and ax.get_ylabel() == "share of all boards (%)"
    alt = alt_text(fig)
    assert alt.startswith("Three bell-shaped curves")
    assert "2 x 5 peaks at distance 2 with 42.9% and ends at 4" in alt
    assert "3 x 4 is the tallest and narrowest, peaking at 1 with 66.7%" in alt
    assert "2 x 6 is wider and further right, peaking at 4" in alt
    texts_at_least_11pt(fig)


def test_distance_shares_refuses_junk():
    with pytest.raises(TypeError):
        distance_shares([1, 2, 3])
    with pytest.raises(ValueError):
        distance_shares({})
    with pytest.raises(ValueError, match="counts"):
        distance_shares({"a": [1, -2]})


def test_farthest_boards_draws_four_above_two(close):
    top = [Board.from_tiles(t, 3, 4) for t in [(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)] * 4]
    bottom = [Board([[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]])] * 2
    fig = farthest_boards(top, bottom, 53, 80, top_total=18)
    close(fig)
    shown = [ax for ax in fig.axes if ax.get_visible()]
    assert len(shown) == 6
    assert [ax.get_title() for ax in shown] == ["3 x 4: 53 moves"] * 4 + ["2 x 6: 80 moves"] * 2
    assert fig.texts[0].get_text() == "Four of the eighteen 3 x 4 antipodes, and both 2 x 6 antipodes"
    assert alt_text(fig) == ("Six boards at the largest distance from their goal, each with the blank in the top-left "
                             "corner. Top row: four of the 18 antipodes of 3 x 4, 53 moves from the goal; bottom row: "
                             "both 2 x 6 antipodes, 80 moves from the goal.")
    texts_at_least_11pt(fig)


def test_farthest_boards_refuses_junk():
    with pytest.raises(TypeError):
        farthest_boards("boards", [Board.goal(2, 6)], 53, 80)
    with pytest.raises(ValueError, match="1 to 4"):
        farthest_boards([Board.goal(3, 4)] * 5, [Board.goal(2, 6)], 53, 80)
    with pytest.raises(ValueError, match="top_total"):
        farthest_boards([Board.goal(3, 4)] * 2, [Board.goal(2, 6)], 53, 80, top_total=1)


def test_boards_and_seconds_draws_boards_and_each_engines_time(close):
    fig = boards_and_seconds(STATES, SECONDS, 10_461_394_944_000)
    close(fig)
    left, right = fig.axes
    assert [t.get_text() for t in left.get_xticklabels()] == ["2 x 2", "2 x 3", "3 x 3", "3 x 4", "2 x 6", "4 x 4"]
    assert sum(len(line.get_xdata()) for line in left.lines) == 6                # one marker per board
    assert [len(line.get_xdata()) for line in right.lines] == [3, 4, 5]          # the boards each engine ran
    assert [t.get_text() for t in right.get_legend().get_texts()] == ["dict", "rank-bits", "frontier"]
    assert sorted(t.get_text() for t in right.texts) == ["3 x 3", "3 x 4"]
    assert fig.texts[0].get_text() == "How far BFS goes: boards and time from 2 x 2 to 3 x 4 and 2 x 6"
    alt = alt_text(fig)
    assert "rising from 12 on 2 x 2 to 239,500,800 on both 3 x 4 and 2 x 6" in alt
    assert "dict (run up to 3 x 3), rank-bits (up to 3 x 4, 181 s) and frontier (up to 2 x 6, 8.2 s on 3 x 4)" in alt
    assert "frontier is the fastest, 22 times faster than rank-bits on 3 x 4." in alt
    texts_at_least_11pt(fig)


def test_boards_and_seconds_refuses_junk():
    with pytest.raises(TypeError):
        boards_and_seconds([12, 360], SECONDS, 10)
    with pytest.raises(ValueError, match="unknown engine"):
        boards_and_seconds(STATES, {"bogo": {"2x2": 1.0}}, 10)
    with pytest.raises(ValueError, match="not in states"):
        boards_and_seconds(STATES, {"frontier": {"5x5": 1.0}}, 10)
    with pytest.raises(ValueError, match="positive"):
        boards_and_seconds({"2x2": 0}, {"frontier": {}}, 10)
