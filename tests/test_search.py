"""BFS: LeetCode 773's examples, shortest paths, the whole space, and the memory guard."""

import pytest

from puzzlelib import (Board, TooLargeError, bfs_layers, distance_counts, distances, farthest,
                       is_solvable, min_moves, random_solvable, shortest_path)


def assert_is_walk(path):
    for a, b in zip(path, path[1:]):
        assert b in a.neighbors()


@pytest.mark.parametrize("grid,moves", [
    ([[1, 2, 3], [4, 0, 5]], 1),
    ([[1, 2, 3], [5, 4, 0]], None),
    ([[4, 1, 2], [5, 0, 3]], 5),
    ([[1, 2, 3], [4, 5, 0]], 0),
    ([[3, 2, 4], [1, 5, 0]], 14),
])
def test_leetcode_773_examples(grid, moves):
    assert min_moves(Board(grid)) == moves
    assert min_moves(Board(grid), check_parity=False) == moves
    assert min_moves(grid) == moves  # a list of rows works too


def test_path_is_a_shortest_walk():
    start = Board([[4, 1, 2], [5, 0, 3]])
    path = shortest_path(start)
    assert path[0] == start and path[-1] == Board.goal(2, 3) and len(path) == 6
    assert_is_walk(path)


def test_min_moves_agrees_with_the_distance_table():
    table = distances(Board.goal(3, 3))
    for seed in range(12):
        b = random_solvable(3, 3, seed=seed)
        assert min_moves(b) == table[b.tiles] == len(shortest_path(b)) - 1


def test_other_goals_and_line_boards():
    spiral = Board.spiral(2, 3)
    b = Board([[1, 2, 3], [5, 4, 0]])
    assert min_moves(b) is None and min_moves(b, goal=spiral) > 0
    assert min_moves(Board([[0, 1, 2, 3]])) == 3
    assert min_moves(Board([[2, 1, 0]])) is None
    assert min_moves(Board([[2, 1, 0]]), check_parity=False) is None


def test_goal_of_another_shape_is_refused():
    with pytest.raises(ValueError, match="goal is 3 x 2 but the board is 2 x 3; they must have the same shape"):
        min_moves(Board.goal(2, 3), goal=Board.goal(3, 2))
    with pytest.raises(ValueError, match="goal is 3 x 2 but the board is 2 x 3; they must have the same shape"):
        shortest_path(Board.goal(2, 3), goal=Board.goal(3, 2))


def test_bad_start_is_refused():
    with pytest.raises(ValueError, match="start: duplicate tiles"):
        min_moves([[1, 1, 2], [3, 4, 0]])


def test_whole_space_of_2x3_and_3x3():
    counts = distance_counts(2, 3)
    assert sum(counts) == 360 and len(counts) - 1 == 21
    counts = distance_counts(3, 3)
    assert sum(counts) == 181440 and len(counts) - 1 == 31
    depth, hardest = farthest(Board.goal(3, 3))
    assert depth == 31 and len(hardest) == counts[-1] == 2


def test_layers_are_disjoint_and_one_move_apart():
    layers = list(bfs_layers(Board.goal(2, 3)))
    seen = set()
    for prev, layer in zip(layers, layers[1:]):
        assert not seen & set(layer.states)
        seen |= set(prev.states)
        prev_set = set(prev.states)
        for b in layer.boards():
            assert any(n.tiles in prev_set for n in b.neighbors())
    assert layers[-1].expanded == 360 - layers[-1].size
    assert layers[-1].generated >= layers[-1].expanded


def test_bipartite_layers_only_touch_neighbouring_layers():
    depth = distances(Board.goal(2, 3))
    for tiles, d in depth.items():
        for n in Board.from_tiles(tiles, 2, 3).neighbors():
            assert abs(depth[n.tiles] - d) == 1


def test_full_bfs_too_large_is_refused_up_front():
    with pytest.raises(TooLargeError, match="4 x 4 board would store 10,461,394,944,000 states"):
        distance_counts(4, 4)
    with pytest.raises(TooLargeError, match="3 x 4"):
        next(bfs_layers(Board.goal(3, 4)))


def test_bounded_search_gives_up_with_a_reason():
    far = random_solvable(4, 4, seed=1)
    assert is_solvable(far)
    with pytest.raises(TooLargeError, match=r"at least \d+ moves from the goal \(Manhattan"):
        min_moves(far, max_nodes=1000)           # refused up front: no search starts
    near = Board([[1, 2, 7, 3], [5, 6, 11, 4], [13, 9, 8, 12], [10, 14, 15, 0]])   # 16 moves, Manhattan 10
    with pytest.raises(TooLargeError, match="stopped after storing 1,000 states"):
        min_moves(near, max_nodes=1000)          # looked close enough, but the search outgrew the cap
    assert min_moves(near) == 16
    assert min_moves(Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]])) == 1


def test_the_lecture_notes_keyed_bfs_agrees_with_min_moves_on_every_2x3_board():
    from itertools import permutations

    from puzzlelib.core.bfs import keyed_bfs

    for p in permutations(range(6)):
        b = Board.from_tiles(p, 2, 3)
        result = keyed_bfs(b)
        assert result.moves == min_moves(b)
        assert result.reached <= 360
        if result.moves is None:
            assert result.reached == 360


def test_dfs_finds_a_valid_but_longer_path():
    from puzzlelib.core.bfs import dfs_path

    for seed in range(5):
        start = random_solvable(2, 3, seed=seed)
        path = dfs_path(start)
        assert path[0] == start and path[-1] == Board.goal(2, 3)
        assert_is_walk(path)
        assert len(set(path)) == len(path)
        assert len(path) >= len(shortest_path(start))
    assert dfs_path(Board([[1, 2, 3], [5, 4, 0]])) is None
    assert len(dfs_path(Board([[1, 2, 3], [4, 0, 5]]))) - 1 > 1


def test_the_bfs_module_lists_every_breadth_first_search_of_the_package():
    """core/bfs.py's docstring names each BFS and its role; each name is real, the count in words is the
    count of searches named (min_moves and shortest_path are bfs_path's doors), and every queue-driven
    BFS loop in the core and the engines is among them."""
    import ast
    import importlib
    import re
    from pathlib import Path

    import puzzlelib.core.bfs as bfs_module

    doc = bfs_module.__doc__
    named = re.findall(r":(?:func|meth):`~?([\w.]+)`", doc)
    searches = [n for n in named if n not in ("min_moves", "shortest_path")]
    words = {"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13}
    said = words[re.search(r"The package has (\w+) breadth-first searches", doc).group(1)]
    assert said == len(searches), (said, searches)
    for name in named:
        parts = name.split(".") if "." in name else ["puzzlelib", "core", "bfs", name]
        for cut in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:cut]))
                break
            except ImportError:
                continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        assert callable(obj), name
    package = Path(bfs_module.__file__).resolve().parents[1]
    short = {n.rsplit(".", 1)[-1] for n in searches}
    for path in sorted((package / "core").glob("*.py")) + sorted((package / "engines").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and "popleft" in ast.unparse(node) and \
                    not node.name.startswith("__") and node.name not in ("pop",):
                assert node.name in short, f"{path.name}: {node.name} runs a BFS the docstring does not list"
