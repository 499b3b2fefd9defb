"""Board: construction, goals, moves, display, and clear errors for bad input."""

import pickle

import pytest

from puzzlelib import Board
from puzzlelib.core.board import moves_table


def test_build_and_properties():
    b = Board([[1, 2, 3], [4, 0, 5]])
    assert (b.rows, b.cols, b.shape) == (2, 3, (2, 3))
    assert b.tiles == (1, 2, 3, 4, 0, 5)
    assert b.blank == (1, 1)
    assert b.grid == [[1, 2, 3], [4, 0, 5]]
    assert Board(b.grid) == b and Board(b) == b


def test_goals():
    assert Board.goal(2, 3).tiles == (1, 2, 3, 4, 5, 0)
    assert Board.goal(2, 3, blank="first").tiles == (0, 1, 2, 3, 4, 5)
    assert Board.goal(1, 1).tiles == (0,)
    with pytest.raises(ValueError, match='"last" or "first"'):
        Board.goal(2, 2, blank="middle")


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 5), (5, 1), (2, 2), (3, 3), (4, 4), (3, 5), (6, 2)])
def test_spiral_walks_clockwise(rows, cols):
    s = Board.spiral(rows, cols)
    # consecutive numbers 1, 2, ..., mn-1 and then the blank sit in adjacent cells
    order = list(range(1, rows * cols)) + [0]
    cells = [s.position(t) for t in order]
    assert cells[0] == (0, 0)
    for (r1, c1), (r2, c2) in zip(cells, cells[1:]):
        assert abs(r1 - r2) + abs(c1 - c2) == 1
    assert sorted(s.tiles) == list(range(rows * cols))


def test_the_4x4_spiral_goal_winds_clockwise_to_the_blank():
    assert Board.spiral(4, 4).grid == [[1, 2, 3, 4], [12, 13, 14, 5], [11, 0, 15, 6], [10, 9, 8, 7]]


def test_neighbors_and_slide():
    b = Board([[1, 2, 3], [4, 0, 5]])
    ns = b.neighbors()
    assert len(ns) == 3 and all(n != b for n in ns)
    assert {n.blank for n in ns} == {(0, 1), (1, 0), (1, 2)}
    assert b.slide(5) == Board.goal(2, 3)
    assert sorted(b.movable_tiles()) == [2, 4, 5]
    for tile in b.movable_tiles():
        assert b.slide(tile).slide(tile) == b
    with pytest.raises(ValueError, match="tile 1 at \\(0, 0\\) is not next to the blank"):
        b.slide(1)
    with pytest.raises(ValueError, match="blank cannot slide"):
        b.slide(0)
    with pytest.raises(ValueError, match="a tile of a 2 x 3 board is 0 to 5, got 9"):
        b.slide(9)


def test_corner_and_line_boards_have_the_right_number_of_moves():
    assert len(Board.goal(3, 3).neighbors()) == 2
    assert len(Board([[1, 2, 3], [4, 0, 5], [6, 7, 8]]).neighbors()) == 4
    assert len(Board([[1, 0, 2]]).neighbors()) == 2
    assert Board([[0]]).neighbors() == []


def test_moves_table_lists_each_cells_neighbours_on_2x3():
    assert moves_table(2, 3) == [[1, 3], [0, 2, 4], [1, 5], [0, 4], [1, 3, 5], [2, 4]]


def test_immutable_hashable_and_picklable():
    b = Board.goal(3, 3)
    with pytest.raises(AttributeError):
        b._tiles = (0,) * 9
    assert len({b, Board.goal(3, 3), Board.goal(3, 3, blank="first")}) == 2
    assert pickle.loads(pickle.dumps(b)) == b
    assert Board.goal(2, 3) != Board.goal(3, 2)
    assert sorted([Board.goal(2, 2), Board.goal(2, 2, "first")])[0] == Board.goal(2, 2, "first")


def test_display():
    b = Board([[1, 2, 3], [4, 0, 5]])
    assert str(b) == "1 2 3\n4 . 5"
    assert repr(b) == "Board([[1, 2, 3], [4, 0, 5]])"
    html = b._repr_html_()
    assert html.count("<td") == 6 and ">5<" in html and "<table" in html
    assert str(Board.goal(4, 4)).splitlines()[-1] == "13 14 15  ."


@pytest.mark.parametrize("grid,error,message", [
    ([[1, 2, 3], [4, 0]], ValueError, "ragged rows.*lengths \\[3, 2\\]"),
    ([], ValueError, "empty board"),
    ([[]], ValueError, "empty board"),
    ([[1, 1, 2], [3, 4, 0]], ValueError, "duplicate tiles \\[1\\]; missing \\[5\\]"),
    ([[1, 2, 3], [4, 5, 6]], ValueError, "out of range: \\[6\\]"),
    ([[1, 2, 3], [4, 5, -1]], ValueError, "out of range: \\[-1\\]"),
    ([[1, 2, 3], [4, 5, 7]], ValueError, "out of range: \\[7\\]"),
    ([[1, 2, 3], [4, 5, 5.0]], TypeError, "must be an integer.*5.0.*float"),
    ([[1, 2, 3], [4, 5, "0"]], TypeError, "must be an integer.*'0'.*str"),
    ([[1, 2, 3], [4, 5, True]], TypeError, "must be an integer.*True.*bool"),
    ([[False, 1], [2, 3]], TypeError, "must be an integer.*False.*bool"),
    ([[1, 2], 3], TypeError, "row 1 must be a list"),
    ("1230", TypeError, "list of rows"),
    (42, TypeError, "list of rows"),
])
def test_bad_boards_get_clear_errors(grid, error, message):
    with pytest.raises(error, match=message):
        Board(grid)


def test_missing_blank_is_named():
    # tiles 1..6 on a 2 x 3 board: no blank, and 6 is out of range
    with pytest.raises(ValueError, match="0 is the blank.*out of range: \\[6\\]"):
        Board([[1, 2, 3], [4, 5, 6]])


def test_bad_shapes_and_from_tiles():
    with pytest.raises(ValueError, match="at least 1 row"):
        Board.goal(0, 3)
    with pytest.raises(TypeError, match="rows must be an integer"):
        Board.goal(2.0, 3)
    with pytest.raises(TypeError, match="cols must be an integer"):
        Board.goal(2, True)
    with pytest.raises(ValueError, match="needs 6 tiles, got 5"):
        Board.from_tiles((1, 2, 3, 4, 0), 2, 3)


def test_numpy_integers_are_accepted():
    np = pytest.importorskip("numpy")
    b = Board(np.array([[1, 2], [3, 0]]))
    assert b == Board.goal(2, 2) and all(type(t) is int for t in b.tiles)
