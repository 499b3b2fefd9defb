"""The state graph: two components of equal size, networkx and the array count agree."""

from math import factorial

import networkx as nx
import numpy as np
import pytest

from puzzlelib import Board, TooLargeError, state_graph
from puzzlelib.core.graph import component_labels, count_components
from puzzlelib.draw import draw_state_graph
from puzzlelib.core.encoding import rank


def test_2x3_has_two_components_of_360():
    G = state_graph(2, 3)
    assert G.number_of_nodes() == 720
    sizes = sorted(len(c) for c in nx.connected_components(G))
    assert sizes == [360, 360]
    for component in nx.connected_components(G):
        assert len({G.nodes[v]["solvable"] for v in component}) == 1
    goal = rank(Board.goal(2, 3))
    assert G.nodes[goal]["distance"] == 0
    assert max(d["distance"] for _, d in G.nodes(data=True) if d["solvable"]) == 21
    assert all(d["distance"] is None for _, d in G.nodes(data=True) if not d["solvable"])
    assert nx.is_bipartite(G)


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 2), (1, 3), (3, 1), (1, 4), (2, 2), (2, 3), (3, 2), (2, 4)])
def test_array_count_matches_networkx(rows, cols):
    G = state_graph(rows, cols)
    labels = component_labels(rows, cols)
    assert len(labels) == factorial(rows * cols)
    assert len(np.unique(labels)) == nx.number_connected_components(G)
    for component in nx.connected_components(G):
        assert len({labels[v] for v in component}) == 1


def test_line_boards_have_many_components():
    # on 1 x n no tile passes another: one component per order of the n-1 tiles
    for n in range(2, 6):
        assert count_components(1, n) == factorial(n - 1)


def test_3x3_has_two_components():
    labels = component_labels(3, 3)
    values, sizes = np.unique(labels, return_counts=True)
    assert sizes.tolist() == [181440, 181440]


def test_too_large_graph_is_refused():
    with pytest.raises(TooLargeError, match="3 x 4 state graph has 479,001,600 nodes"):
        state_graph(3, 4)
    with pytest.raises(TooLargeError, match="component_labels\\(4, 4\\)"):
        component_labels(4, 4)


def test_drawing_has_legend_and_title():
    ax = draw_state_graph(state_graph(2, 3))
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "solvable (360 boards)" in texts and "unsolvable (360 boards)" in texts
    assert "2 components" in ax.get_title()


def test_figure_text_is_at_least_11_points():
    """Every text artist of the package's figures (titles, labels, legends, tiles) is 11 pt or more."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.text import Text

    from puzzlelib import draw_board, draw_path, shortest_path

    figures = [draw_state_graph(state_graph(2, 2)).figure, draw_state_graph(state_graph(2, 3)).figure,
               draw_state_graph(state_graph(1, 4), layout="rings").figure,
               draw_board(Board.goal(3, 3), title="goal").figure,
               draw_path(shortest_path(Board([[4, 1, 2], [5, 0, 3]])), title="a path")]
    for fig in figures:
        fig.canvas.draw()                       # tick labels get their text when drawn
        sizes = [t.get_fontsize() for t in fig.findobj(Text) if t.get_text().strip() and t.get_visible()]
        assert sizes and min(sizes) >= 11, sorted(sizes)[:5]
        plt.close(fig)
