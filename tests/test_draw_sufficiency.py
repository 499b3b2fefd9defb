"""puzzlelib.draw.sufficiency draws what it says: notebook 04's lemma steps, solver lengths and two components."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import LineCollection, PathCollection  # noqa: E402
from matplotlib.patches import FancyBboxPatch  # noqa: E402
from matplotlib.text import Annotation  # noqa: E402

from puzzlelib import Board  # noqa: E402
from puzzlelib.draw import alt_text  # noqa: E402
from puzzlelib.draw.sufficiency import (constructive_vs_shortest, locked_cells, milestones,  # noqa: E402
                                        state_graph_components, tile_route, top_row_steps)
from puzzlelib.core.constructive import (WorkingBoard, constructive_milestones,  # noqa: E402
                                           solve_constructive)
from figure_checks import texts_at_least_11pt  # noqa: E402


def locked_in(ax):
    """The number of tiles drawn locked (hatched) on a board's axes."""
    return sum(isinstance(p, FancyBboxPatch) and p.get_hatch() == "///" for p in ax.patches)


def dark_in(ax):
    """The number of tiles drawn highlighted (dark) on a board's axes."""
    return sum(isinstance(p, FancyBboxPatch) and p.get_linewidth() == 2.5 for p in ax.patches)


def route_of_6():
    """Notebook 04's Lemma 1 demo: tile 6 routed home past tiles 1-5, locked."""
    free_tiles = [12, 9, 0, 14, 7, 11, 13, 10, 8, 15]
    demo = Board.from_tiles((1, 2, 3, 4, 5, *free_tiles[:3], *free_tiles[3:], 6), 4, 4)
    locked = {0, 1, 2, 3, 4}
    work = WorkingBoard(demo)
    route, so_far, cell = [demo], [0], demo.tiles.index(6)
    for step in work.free_route(cell, 5, locked):
        work.walk_blank(work.blank_route(step, locked | {cell}))
        work.move_blank_to(cell)
        cell = step
        route.append(Board.from_tiles(work.tiles, 4, 4))
        so_far.append(len(work.slid))
    return route, so_far, locked


def test_locked_cells_follows_the_solver_s_plan():
    assert locked_cells("start", 4, 4) == set() == locked_cells("goal reached", 4, 4)
    assert locked_cells("row 2", 4, 4) == set(range(8))
    assert locked_cells("column 1", 4, 4) == set(range(8)) | {8, 12}
    assert locked_cells("last 2 x 2", 3, 5) == set(range(14))
    with pytest.raises(ValueError, match="no milestone"):
        locked_cells("row 3", 4, 4)                  # the last two rows are solved column by column
    with pytest.raises(TypeError):
        locked_cells(1, 4, 4)


def test_tile_route_draws_one_board_per_step_with_the_tile_dark_and_the_locked_cells_hatched():
    route, so_far, locked = route_of_6()
    fig = tile_route(route, so_far, tile=6, locked=locked)
    try:
        assert len(fig.axes) == len(route) == 5
        assert [ax.get_title() for ax in fig.axes] == ["start"] + [f"tile 6 one step on\n({m} moves so far)"
                                                                   for m in so_far[1:]]
        assert [locked_in(ax) for ax in fig.axes] == [5] * 5 and [dark_in(ax) for ax in fig.axes] == [1] * 5
        assert fig.texts[0].get_text() == "Lemma 1: the blank walks round tile 6, then tile 6 slides one cell"
        assert [t.get_text() for t in fig.legends[0].get_texts()] == ["hatched, black frame: locked cell",
                                                                      "dark: the tile being routed"]
        assert alt_text(fig) == ("5 boards of 4 x 4 in a row, tiles 1 to 5 locked at home (hatched, black frame). "
                                 "Tile 6 (dark) moves one cell per board, from the bottom-right corner up two and "
                                 "left two to its home in row 2, column 2, the blank walking round it each time: "
                                 "2, 7, 10, 15 moves so far.")
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)


def test_tile_route_refuses_junk():
    route, so_far, locked = route_of_6()
    with pytest.raises(ValueError, match="one per board"):
        tile_route(route, so_far[:-1], 6, locked)
    with pytest.raises(ValueError, match="one cell"):
        tile_route([route[0], route[2]], [0, 7], 6, locked)
    with pytest.raises(ValueError, match="tile"):
        tile_route(route, so_far, 99, locked)
    with pytest.raises(TypeError):
        tile_route(route, so_far, 6, "0 1 2")


def test_top_row_steps_draws_each_step_with_its_locks():
    start = Board([[3, 0, 1], [2, 4, 5], [6, 7, 8]])
    frames = [("start", start, set()), ("tile 1 by Lemma 1", start, {0}), ("a left, b up:\nrow done",
                                                                          Board.goal(3, 3), {0, 1, 2})]
    fig = top_row_steps(frames, 26)
    try:
        assert [ax.get_title() for ax in fig.axes] == ["start", "tile 1 by Lemma 1", "a left, b up:\nrow done"]
        assert [locked_in(ax) for ax in fig.axes] == [0, 1, 3]
        assert fig.texts[0].get_text() == "Lemma 2 on a 3 x 3 top row: P is the middle cell, Q the right one"
        assert alt_text(fig).startswith("Three 3 x 3 boards in a row: Lemma 2 fills the top row in 26 moves.")
        assert "the row reads 1 2 3" in alt_text(fig)
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)
    with pytest.raises(ValueError, match="3 wide"):
        top_row_steps([("start", Board.goal(4, 4), set())], 0)
    with pytest.raises(TypeError):
        top_row_steps([("start", start)], 0)


def test_milestones_draws_every_milestone_with_the_cells_it_locks():
    start = Board([[4, 1, 2], [5, 0, 3], [7, 8, 6]])
    path, stones = solve_constructive(start), constructive_milestones(start)
    fig = milestones(path, stones, "The solver on a 3 x 3 board")
    try:
        shown = [ax for ax in fig.axes if ax.get_visible()]
        assert len(shown) == len(stones)
        assert [ax.get_title() for ax in shown] == [f"{label}\n({moves} moves)" for label, moves in stones]
        assert [locked_in(ax) for ax in shown] == [len(locked_cells(label, 3, 3)) for label, _ in stones]
        assert fig.texts[0].get_text() == "The solver on a 3 x 3 board"
        alt = alt_text(fig)
        assert f"{len(stones)} boards in two rows" in alt and "to the goal 1 2 3 / 4 5 6 / 7 8 blank" in alt
        assert alt.endswith(f"goal reached at move {stones[-1][1]}.")
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)
    with pytest.raises(ValueError):
        milestones(path, [("start", len(path) + 5)], "too far")
    with pytest.raises(TypeError):
        milestones(path, stones, None)


def test_constructive_vs_shortest_draws_one_circle_per_board_and_the_line_of_equality():
    optimal, ours = np.array([8, 12, 20, 30]), np.array([10, 12, 40, 67])
    fig = constructive_vs_shortest(optimal, ours)
    try:
        ax = fig.axes[0]
        assert len(ax.collections[0].get_offsets()) == 4
        assert list(ax.lines[0].get_xdata()) == [0, 31]
        assert [t.get_text() for t in ax.get_legend().get_texts()] == ["one 3 x 3 board (4 in all)",
                                                                       "constructive = shortest"]
        assert ax.get_xlabel() == "shortest solution (BFS), moves"
        alt = alt_text(fig)
        assert "Circles for 4 random 3 x 3 boards" in alt and "8 to 30 moves" in alt and "10 to 67 moves" in alt
        assert "1 of them on it; the means are 17.5 and 32.2 moves." in alt
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)
    with pytest.raises(ValueError, match="same number"):
        constructive_vs_shortest([1, 2], [3])
    with pytest.raises(ValueError, match="move counts"):
        constructive_vs_shortest(["a"], [3])
    with pytest.raises(TypeError):
        constructive_vs_shortest(5, [3])


def test_state_graph_components_draws_720_boards_840_edges_in_two_components_none_crossing():
    fig = state_graph_components(2, 3)
    try:
        ax = fig.axes[0]
        nodes = {c.get_label(): len(c.get_offsets()) for c in ax.collections
                 if isinstance(c, PathCollection) and c.get_label().endswith(" nodes")}
        assert nodes == {"solvable nodes": 360, "unsolvable nodes": 360}           # 720 nodes, 2 components
        edges = [c for c in ax.collections if isinstance(c, LineCollection)]
        assert len(edges) == 1 and len(edges[0].get_segments()) == 840
        gap = ax.lines[[line.get_label() for line in ax.lines].index("no edge crosses this line")].get_xdata()[0]
        sides = {(a[0] < gap, b[0] < gap) for a, b in edges[0].get_segments()}
        assert sides == {(True, True), (False, False)}                             # no edge crosses the line
        labels = [t.get_text() for t in ax.texts if not isinstance(t, Annotation)]
        assert "solvable component" in labels and "unsolvable component" in labels
        assert "no edge crosses:\n0 edges between\nthe components" in labels
        roots = [t.get_text() for t in ax.texts if isinstance(t, Annotation)]
        assert roots == ["root: the goal\n1 2 3 / 4 5 .", "root: the goal with 1 and 2 swapped\n2 1 3 / 4 5 ."]
        assert ax.get_title() == "The 2 x 3 state graph: 720 boards, two components of 360, 0 edges between them"
        assert [t.get_text() for t in ax.get_legend().get_texts()] == [
            "solvable component: 360 boards", "unsolvable component: 360 boards", "root (layer 0)",
            "no edge crosses this line"]
        alt = alt_text(fig)
        assert "720 boards in two components of 360" in alt and "BFS layer (0 to 21)" in alt
        assert alt.endswith("crossed by 0 of the 840 edges.")
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)


def test_state_graph_components_refuses_graphs_too_big_or_not_two_components():
    with pytest.raises(ValueError, match="720"):
        state_graph_components(3, 3)
    with pytest.raises(ValueError):
        state_graph_components(1, 4)                 # 6 components, not two
    with pytest.raises(TypeError):
        state_graph_components(2.0, 3)
