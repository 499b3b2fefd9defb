"""puzzlelib.draw.search draws what it says: the BFS figures of notebooks 00 and 02."""

import matplotlib

matplotlib.use("Agg")

from itertools import permutations  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402
from matplotlib.text import Annotation  # noqa: E402

from puzzlelib import Board, bfs_layers, distance_counts, distances, farthest, shortest_path  # noqa: E402
from puzzlelib.core.board import moves_table  # noqa: E402
from puzzlelib.draw import alt_text  # noqa: E402
from puzzlelib.draw.search import (blank_moves, distance_along_paths, distance_profile, first_layers,  # noqa: E402
                                   hardest_boards, keys_stored, one_move_away, puzzle_and_goal, shortest_solution)
from puzzlelib.core.bfs import KeyedResult, dfs_path, keyed_bfs  # noqa: E402
from figure_checks import close, texts_at_least_11pt  # noqa: F401  (close is a fixture)

GOAL = Board.goal(2, 3)
START = Board([[1, 2, 3], [4, 0, 5]])
PUZZLE = Board([[4, 1, 0], [2, 5, 3], [7, 8, 6]])


def visible_axes(fig):
    return [ax for ax in fig.axes if ax.get_visible()]


def tiles_drawn(ax):
    return [t.get_text() for t in ax.texts]


def test_puzzle_and_goal_draws_the_two_boards_titled(close):
    fig = puzzle_and_goal(PUZZLE, Board.goal(3, 3))
    close(fig)
    assert [ax.get_title() for ax in fig.axes] == ["a puzzle", "the goal"]
    assert tiles_drawn(fig.axes[0]) == ["4", "1", "2", "5", "3", "7", "8", "6"]
    assert alt_text(fig) == ("Two 3 x 3 boards side by side. Left, a puzzle, row by row: 4 1 blank; 2 5 3; 7 8 6. "
                             "Right, the goal: 1 2 3; 4 5 6; 7 8 blank.")
    texts_at_least_11pt(fig)


def test_puzzle_and_goal_refuses_junk():
    with pytest.raises(TypeError):
        puzzle_and_goal("4 1 0", Board.goal(3, 3))
    with pytest.raises(ValueError, match="3 x 3 but the goal 2 x 3"):
        puzzle_and_goal(PUZZLE, GOAL)


def test_shortest_solution_draws_every_board_and_lists_the_tiles_slid(close):
    path = shortest_path(PUZZLE)
    fig = shortest_solution(path, per_row=5)
    close(fig)
    assert len(path) == 9 and len(visible_axes(fig)) == 9
    assert fig.texts[0].get_text() == "A shortest solution: 8 moves (the moved tile is dark blue)"
    assert [ax.get_title() for ax in visible_axes(fig)][::8] == ["start", "goal"]
    slid = [a.tiles[b.blank_index] for a, b in zip(path, path[1:])]
    alt = alt_text(fig)
    assert alt.startswith("A shortest solution as 9 boards in two rows, from the puzzle to the goal in 8 moves")
    assert alt.endswith("The tiles slid, in order: " + ", ".join(map(str, slid)) + ".")
    texts_at_least_11pt(fig)


def test_shortest_solution_refuses_junk():
    with pytest.raises(TypeError):
        shortest_solution(PUZZLE)                           # a board, not a path
    with pytest.raises(ValueError, match="at least two boards"):
        shortest_solution([GOAL])
    with pytest.raises(ValueError, match="not one move apart"):
        shortest_solution([PUZZLE, Board.goal(3, 3)])
    with pytest.raises(ValueError):
        shortest_solution(shortest_path(START), per_row=0)


def test_distance_profile_draws_one_bar_per_distance_and_marks_the_farthest(close):
    counts = distance_counts(2, 3)
    fig = distance_profile(counts, 2, 3)
    close(fig)
    ax = fig.axes[0]
    assert ax.get_title() == "2 x 3: 360 boards by distance from the goal"
    assert [p.get_height() for p in ax.patches] == counts and len(ax.patches) == 22
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("fewest moves to the goal", "number of boards")
    arrows = [t for t in ax.texts if isinstance(t, Annotation)]
    assert [a.get_text() for a in arrows] == ["1 board,\n21 moves"] and arrows[0].xy == (21, 1)
    assert ax.get_yscale() == "linear"
    assert alt_text(fig) == ("Bars count the 360 solvable 2 x 3 boards by their fewest moves to the goal, 0 to 21. "
                             "The counts rise from 1 to a peak of 44 boards at 14 moves, then fall; an arrow marks "
                             "the 1 board 21 moves away.")
    texts_at_least_11pt(fig)


def test_distance_profile_on_a_log_axis_labels_the_goal_the_peak_and_the_farthest(close):
    counts = distance_counts(3, 3)
    fig = distance_profile(counts, 3, 3, log=True)
    close(fig)
    ax = fig.axes[0]
    assert ax.get_title() == "All 181,440 solvable 3 x 3 boards, by distance from the goal"
    assert ax.get_yscale() == "log" and ax.get_ylim() == (0.5, 200_000)
    assert len(ax.patches) == 32
    labels = [t.get_text() for t in ax.texts if t.get_text()]
    assert labels == ["1", "24,047", "2"]
    alt = alt_text(fig)
    assert "the 181,440 solvable 3 x 3 boards" in alt and "1, 2, 4, 8, 16 at distances 0 to 4" in alt
    assert "a peak of 24,047 boards at 24 moves" in alt and "2 boards at 31" in alt
    assert alt.endswith("About 73% of the boards are 20 to 26 moves away.")
    texts_at_least_11pt(fig)


def test_distance_profile_refuses_junk():
    with pytest.raises(TypeError):
        distance_profile("1 2 3", 2, 3)
    with pytest.raises(TypeError):
        distance_profile([1, 2.5], 2, 3)
    with pytest.raises(ValueError, match="counts\\[0\\]"):
        distance_profile([2, 3], 2, 3)
    with pytest.raises(ValueError):
        distance_profile([], 2, 3)
    with pytest.raises(TypeError):
        distance_profile([1, 2], 2, 3, log="yes")


def test_blank_moves_draws_each_cell_and_one_arrow_per_pair(close):
    fig = blank_moves(moves_table(2, 3), 3)
    close(fig)
    ax = fig.axes[0]
    cells = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert len(cells) == 6 and [p.get_hatch() for p in cells] == [None, "//", None, None, "//", None]
    arrows = [t for t in ax.texts if isinstance(t, Annotation)]
    assert len(arrows) == 7                                 # 14 table entries, two per pair
    words = [t.get_text() for t in ax.texts if not isinstance(t, Annotation)]
    assert words[:4] == ["0", "to 1, 3", "1", "to 0, 2, 4"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["corner: 2 neighbours", "middle: 3 neighbours"]
    assert ax.get_title().startswith("The 2 x 3 cells, numbered row by row;")
    assert alt_text(fig) == (
        "The six cells of a 2 x 3 board, numbered 0 to 5 row by row, a double arrow joining each two cells the blank "
        "can swap between, 7 arrows in all: 0 to 1, 3; 1 to 0, 2, 4; 2 to 1, 5; 3 to 0, 4; 4 to 1, 3, 5; 5 to 2, 4. "
        "The corner cells have 2 neighbours; the middle cells, 1 and 4, hatched, have 3.")
    texts_at_least_11pt(fig)


def test_blank_moves_on_3_x_3_has_edge_and_inside_cells(close):
    fig = blank_moves(moves_table(3, 3), 3)
    close(fig)
    assert len([t for t in fig.axes[0].texts if isinstance(t, Annotation)]) == 12
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == [
        "corner: 2 neighbours", "edge: 3 neighbours", "inside: 4 neighbours"]
    assert "the inside cells, 4, hatched, have 4" in alt_text(fig)


def test_blank_moves_refuses_junk():
    with pytest.raises(TypeError):
        blank_moves("MOVES", 3)
    with pytest.raises(ValueError, match="not the moves table"):
        blank_moves([[1], [0, 2, 4], [1, 5], [0, 4], [1, 3, 5], [2, 4]], 3)
    with pytest.raises(ValueError, match="rows of 4"):
        blank_moves(moves_table(2, 3), 4)


def test_one_move_away_draws_the_start_and_its_neighbours(close):
    first = list(bfs_layers(START))[1]
    fig = one_move_away(START, first.boards())
    close(fig)
    assert [ax.get_title() for ax in fig.axes] == ["start: blank in cell 4", "swap with cell 1", "swap with cell 3",
                                                   "swap with cell 5"]
    assert fig.texts[0].get_text() == "Layer 1 of the search: every board one move from the start (moved tile dark)"
    assert alt_text(fig) == (
        "Four 2 x 3 boards in a row. First the start, 1 2 3 over 4 blank 5, the blank in cell 4; then the 3 boards one "
        "move away, the blank swapped with cell 1 (tile 2 moved); cell 3 (tile 4 moved); cell 5 (tile 5 moved). "
        "The last of them is the goal, 1 2 3 over 4 5 blank.")
    texts_at_least_11pt(fig)


def test_one_move_away_refuses_junk():
    with pytest.raises(TypeError):
        one_move_away(START, 3)
    with pytest.raises(ValueError, match="not one move from the start"):
        one_move_away(START, [Board([[4, 5, 0], [1, 2, 3]])])
    with pytest.raises(ValueError, match="empty"):
        one_move_away(START, [])


def test_first_layers_draws_one_row_per_layer(close):
    shown = list(bfs_layers(GOAL))[:4]
    fig = first_layers(shown)
    close(fig)
    assert len(visible_axes(fig)) == 1 + 2 + 3 + 5
    assert [ax.get_ylabel() for ax in fig.axes[::5]] == [f"distance {d}" for d in range(4)]
    assert fig.texts[0].get_text() == "The first four BFS layers around the 2 x 3 goal, one row per layer"
    assert alt_text(fig) == ("4 rows of small 2 x 3 boards, one row per BFS layer around the goal 1 2 3 over 4 5 "
                             "blank: 1 at distance 0, 2 at distance 1, 3 at distance 2, 5 at distance 3. Each board "
                             "is one move from a board in the row above.")
    texts_at_least_11pt(fig)


def test_first_layers_takes_lists_of_boards_too(close):
    fig = first_layers([[GOAL], GOAL.neighbors()])
    close(fig)
    assert len(visible_axes(fig)) == 3 and "2 at distance 1" in alt_text(fig)


def test_first_layers_refuses_junk():
    with pytest.raises(TypeError):
        first_layers(GOAL)
    with pytest.raises(ValueError, match="root alone"):
        first_layers([GOAL.neighbors()])
    with pytest.raises(ValueError, match="depths"):
        first_layers(list(bfs_layers(GOAL))[1:3])


def test_distance_along_paths_draws_the_two_paths(close):
    d23 = distances(GOAL)
    dfs = [d23[b.tiles] for b in dfs_path(START)]
    bfs = [d23[b.tiles] for b in shortest_path(START)]
    fig = distance_along_paths(dfs, bfs)
    close(fig)
    ax = fig.axes[0]
    assert [list(line.get_ydata()) for line in ax.lines] == [dfs, bfs] and len(dfs) == 60
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["DFS path (59 moves)", "BFS path (1 move)"]
    assert ax.get_title() == "Start one move from the goal: distance to the goal along each path"
    alt = alt_text(fig)
    assert "The BFS path takes 1 move, from 1 to 0. The DFS path takes 59 moves" in alt
    assert f"as far as {max(dfs)} moves from the goal" in alt
    texts_at_least_11pt(fig)


def test_distance_along_paths_refuses_junk():
    with pytest.raises(TypeError):
        distance_along_paths("1 0", [1, 0])
    with pytest.raises(ValueError, match="exactly 1"):
        distance_along_paths([1, 3, 0], [1, 0])
    with pytest.raises(ValueError, match="same board"):
        distance_along_paths([3, 2, 1, 0], [1, 0])
    with pytest.raises(ValueError, match="ends at the goal"):
        distance_along_paths([1, 2], [1, 0])


def test_keys_stored_draws_a_dot_per_solved_board_and_two_lines(close):
    runs = [keyed_bfs(Board.from_tiles(t, 2, 3)) for t in permutations(range(6))]
    solved = [r for r in runs if r.moves is not None]
    failed = [r for r in runs if r.moves is None]
    fig = keys_stored(solved, failed)
    close(fig)
    ax = fig.axes[0]
    assert len(ax.collections[0].get_offsets()) == 360
    assert [line.get_ydata()[0] for line in ax.lines] == [360, 720]
    assert ax.get_title() == "BFS never stores more than 360 of the 720 boards"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "a board that reaches the goal", "every other board: 360 keys, then -1", "all 720 arrangements"]
    assert alt_text(fig) == (
        "Dots: for each of the 360 boards that reach the goal, the keys BFS stored, against its fewest moves, 0 to 21. "
        "The dots rise slowly, then steeply from about 10 moves, levelling off at 359 keys at most. A dashed line at "
        "360 keys marks the other 360 boards, which answer -1; a dotted line at 720 marks all arrangements, far above "
        "every dot.")
    texts_at_least_11pt(fig)


def test_keys_stored_refuses_junk():
    with pytest.raises(TypeError):
        keys_stored([1, 2], [(None, 3)])
    with pytest.raises(ValueError, match="None"):
        keys_stored([KeyedResult(1, 3)], [KeyedResult(2, 3)])
    with pytest.raises(ValueError, match="whole component"):
        keys_stored([KeyedResult(1, 3)], [KeyedResult(None, 3), KeyedResult(None, 4)])
    with pytest.raises(ValueError, match="at least one"):
        keys_stored([], [KeyedResult(None, 3)])


def test_hardest_boards_draws_each_farthest_board_titled(close):
    hardest = {shape: farthest(Board.goal(*shape)) for shape in [(2, 3), (2, 4), (3, 3)]}
    fig = hardest_boards(hardest)
    close(fig)
    assert [ax.get_title() for ax in fig.axes] == ["2 x 3: 21 moves", "2 x 4: 36 moves", "3 x 3: 31 moves",
                                                   "3 x 3: 31 moves"]
    assert fig.texts[0].get_text() == "The boards farthest from the usual goal"
    alt = alt_text(fig)
    assert alt.startswith("The 4 boards farthest from the usual goal, side by side, each read row by row: "
                          "2 x 3: 21 moves, 4 5 blank / 1 2 3; 2 x 4: 36 moves, ")
    texts_at_least_11pt(fig)


def test_hardest_boards_refuses_junk():
    with pytest.raises(TypeError):
        hardest_boards([(21, [GOAL])])
    with pytest.raises(ValueError, match="2 x 3"):
        hardest_boards({(3, 3): (21, [GOAL])})
    with pytest.raises(ValueError, match="empty"):
        hardest_boards({})
