"""puzzlelib.draw.informed draws what it says: notebook 08's figures of blind and informed search."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from puzzlelib import Board  # noqa: E402
from puzzlelib.draw import alt_text  # noqa: E402
from puzzlelib.draw.informed import (SEARCHES, nodes_and_branching, nodes_by_heuristic,  # noqa: E402
                                     nodes_by_length, pattern_partition, tree_and_boards)
from figure_checks import close, texts_at_least_11pt  # noqa: F401  (close is a fixture)

KORF_GOAL = Board.goal(4, 4, blank="first")
PARTITION = [(1, 2, 3), (4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15)]
HEURISTICS = [("manhattan", "Manhattan"), ("linear_conflict", "linear conflict"), ("pdb", "6-6-3 PDB"),
              ("pdb_mirror", "6-6-3 PDB + mirror")]
REF = [{"number": 9, "manhattan_nodes": 801880, "linear_conflict_nodes": 44219, "pdb_nodes": 9881,
        "pdb_mirror_nodes": 5254},
       {"number": 12, "manhattan_nodes": 5000, "linear_conflict_nodes": 4000, "pdb_nodes": 300,
        "pdb_mirror_nodes": 200}]


def test_tree_and_boards_draws_two_lines_on_a_log_scale(close):
    tree, layers = [1, 2, 4, 8, 16, 32], [1, 2, 4, 5, 3, 1]
    fig = tree_and_boards(tree, layers, 2.0, name="2 x 3")
    close(fig)
    ax = fig.axes[0]
    assert [list(line.get_ydata()) for line in ax.lines] == [tree, layers]
    assert ax.get_yscale() == "log"
    assert ax.get_title() == "2 x 3: the search tree grows exponentially,\nthe set of boards does not"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["IDS search tree, nodes at depth d",
                                                                  "different boards at distance d (BFS)"]
    assert alt_text(fig) == ("Two lines against depth 0 to 5 on a log scale, for the 2 x 3 puzzle. The IDS search "
                             "tree's nodes rise in a straight line to 32 at depth 5, about 2.00 times more per move; "
                             "the different boards at each distance match it for the first few moves, peak at 5 at "
                             "depth 3 and fall to 1 at depth 5.")
    texts_at_least_11pt(fig)


def test_tree_and_boards_refuses_junk():
    with pytest.raises(TypeError):
        tree_and_boards(5, [1], 2.0)
    with pytest.raises(ValueError, match="positive"):
        tree_and_boards([1, 0], [1], 2.0)
    with pytest.raises(ValueError, match="growth"):
        tree_and_boards([1, 2], [1, 2], -1)


ALGOS = {"IDS": {"nodes": [11.2, 45.2, None], "bstar": [2.887, 2.263, None]},
         "A* misplaced": {"nodes": [3.0, 9.0, 30.0], "bstar": [1.3, 1.4, 1.41]},
         "A* Manhattan": {"nodes": [2.0, 6.0, 20.0], "bstar": [1.0, 1.2, 1.3]},
         "IDA* linear conflict": {"nodes": [2.0, 7.0, 25.0], "bstar": [1.0, 1.25, 1.35]}}


def test_nodes_and_branching_draws_a_line_per_search_in_each_panel(close):
    fig = nodes_and_branching(ALGOS, [2, 4, 6])
    close(fig)
    left, right = fig.axes
    assert len(left.lines) == 4 and len(right.lines) == 5          # and the dotted line at 1.732
    assert left.get_yscale() == "log"
    assert left.get_title() == "8-puzzle: mean nodes expanded\n(100 boards per depth)"
    assert right.get_title() == "Effective branching factor b*"
    assert [t.get_text() for t in right.get_legend().get_texts()] == SEARCHES + ["growth of the IDS tree, 1.732"]
    alt = alt_text(fig)
    assert "IDS climbs to 45 at depth 4 (no value at 6), A* with misplaced tiles to 30" in alt
    assert "to 20 and 25 at depth 6" in alt
    assert "IDS falls from 2.89 to 2.26" in alt and "stay between 1.0 and 1.41." in alt
    texts_at_least_11pt(fig)


def test_nodes_and_branching_refuses_junk():
    with pytest.raises(TypeError):
        nodes_and_branching([1, 2], [2, 4, 6])
    with pytest.raises(ValueError, match="searches"):
        nodes_and_branching({"IDS": ALGOS["IDS"]}, [2, 4, 6])
    with pytest.raises(ValueError, match="3 depths"):
        nodes_and_branching({**ALGOS, "IDS": {"nodes": [1.0], "bstar": [1.0]}}, [2, 4, 6])


def test_pattern_partition_colours_each_tile_by_its_pattern(close):
    fig = pattern_partition(KORF_GOAL, PARTITION)
    close(fig)
    ax = fig.axes[0]
    cells = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert len(cells) == 16
    assert sorted(t.get_text() for t in ax.texts if t.get_text()) == sorted(str(t) for t in range(1, 16))
    assert ax.get_title() == "The 6-6-3 partition for Korf's goal"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["pattern 1: 3 tiles", "pattern 2: 6 tiles",
                                                                  "pattern 3: 6 tiles"]
    assert len({p.get_hatch() for p in cells[1:]}) == 3                # hatches, besides colours
    assert alt_text(fig) == ("Korf's 15-puzzle goal, blank in the top-left corner and tiles 1 to 15 in reading order, "
                             "coloured and hatched by pattern: pattern 1 is tiles 1, 2, 3 (the rest of the top row), "
                             "pattern 2 tiles 4, 5, 8, 9, 12, 13 (the left two columns below it), pattern 3 tiles 6, 7, "
                             "10, 11, 14, 15 (the right two columns below it).")
    texts_at_least_11pt(fig)


def test_pattern_partition_refuses_junk():
    with pytest.raises(TypeError):
        pattern_partition(KORF_GOAL, 5)
    with pytest.raises(ValueError, match="cover the tiles 1..15 of the 4 x 4 goal exactly"):
        pattern_partition(KORF_GOAL, [(1, 2, 3), (4, 5)])
    with pytest.raises(ValueError, match="the patterns hold 45 tiles"):
        pattern_partition(KORF_GOAL, [tuple(range(1, 16)) * 3])
    with pytest.raises(TypeError):
        pattern_partition(KORF_GOAL, [range(10**12)])      # the fuzzer's: refused before the range is read
    with pytest.raises(ValueError, match="one to three"):
        pattern_partition(KORF_GOAL, [(t,) for t in range(1, 16)])


def test_nodes_by_heuristic_draws_a_bar_per_instance_and_heuristic(close):
    fig = nodes_by_heuristic(REF, HEURISTICS)
    close(fig)
    ax = fig.axes[0]
    assert len([p for p in ax.patches if isinstance(p, Rectangle)]) == 8
    assert [t.get_text() for t in ax.get_xticklabels()] == ["9", "12"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [label for _, label in HEURISTICS]
    assert ax.get_xlabel() == "Korf's instance number (the 2 his run found easiest)"
    alt = alt_text(fig)
    assert "the nodes IDA* expands with Manhattan, linear conflict, the 6-6-3 pattern database and that database " \
           "with its mirror. The bars fall from one heuristic to the next on every instance" in alt
    assert "in total Manhattan 806,880, linear conflict 48,219, 6-6-3 PDB 10,181, 6-6-3 PDB + mirror 5,454 nodes." in alt
    texts_at_least_11pt(fig)


def test_nodes_by_heuristic_refuses_junk():
    with pytest.raises(TypeError):
        nodes_by_heuristic({"number": 9}, HEURISTICS)
    with pytest.raises(ValueError, match="empty"):
        nodes_by_heuristic([], HEURISTICS)
    with pytest.raises(ValueError, match="positive"):
        nodes_by_heuristic([{"number": 9, "manhattan_nodes": None}], HEURISTICS[:1])


def test_nodes_by_length_draws_a_point_per_instance(close):
    rows = [{"moves": 41, "nodes": 2512}, {"moves": 41, "nodes": 251200}, {"moves": 50, "nodes": 300000},
            {"moves": 66, "nodes": 9909420}]
    fig = nodes_by_length(rows)
    close(fig)
    ax = fig.axes[0]
    assert len(ax.collections[0].get_offsets()) == 4 and ax.get_yscale() == "log"
    assert ax.get_title() == "Korf's 4 instances: IDA* with the 6-6-3\npattern database + mirror"
    alt = alt_text(fig)
    assert "optimal solution length (41 to 66 moves)" in alt and "from 2,512 to 9,909,420" in alt
    assert "The points rise with the length, but instances of the same length differ by up to about a hundredfold." in alt
    texts_at_least_11pt(fig)


def test_nodes_by_length_refuses_junk():
    with pytest.raises(TypeError):
        nodes_by_length("rows")
    with pytest.raises(TypeError):
        nodes_by_length([{"moves": 41}])
    with pytest.raises(ValueError, match="empty"):
        nodes_by_length([])
