"""Heuristics are admissible (checked against BFS on every board of small shapes) and behave as claimed."""

import random

import pytest

from puzzlelib import Board, distances
from puzzlelib.core.heuristics import (compile_heuristic, linear_conflict, manhattan_tables,
                                         misplaced, misplaced_tables, zero)
from puzzlelib.core.heuristics import manhattan
from puzzlelib.engines.pdb import PatternDatabase

GOALS = {
    (2, 3): [Board.goal(2, 3), Board.goal(2, 3, blank="first"), Board.spiral(2, 3)],
    (3, 3): [Board.goal(3, 3), Board.spiral(3, 3)],
    (2, 4): [Board.goal(2, 4), Board.goal(4, 2, blank="first")],
}


def _heuristics(goal):
    pdb = PatternDatabase(goal, cache=False, progress=False)   # default partition, built in memory
    small = PatternDatabase(goal, [[t] for t in goal.tiles if t] if goal.rows * goal.cols < 8 else
                            [[t for t in goal.tiles if 0 < t <= 3], [t for t in goal.tiles if t > 3]],
                            cache=False, progress=False)
    return {"misplaced": misplaced, "manhattan": manhattan, "linear_conflict": linear_conflict,
            "pdb": pdb, "pdb_small": small}


@pytest.mark.parametrize("goal", [g for gs in GOALS.values() for g in gs], ids=lambda g: f"{g.tiles}")
def test_every_heuristic_is_admissible_and_linear_conflict_dominates_manhattan(goal):
    rows, cols = goal.shape
    table = distances(goal)
    items = list(table.items())
    if (rows, cols) == (2, 4) or (rows, cols) == (4, 2):   # a seeded sample of 3,000 of the 20,160
        items = random.Random(4).sample(items, 3000)
    compiled = {name: compile_heuristic(h, goal).value for name, h in _heuristics(goal).items()}
    for tiles, d in items:
        values = {name: f(tiles) for name, f in compiled.items()}
        assert all(v <= d for v in values.values()), (tiles, d, values)
        assert values["manhattan"] <= values["linear_conflict"]
        assert values["misplaced"] <= values["manhattan"]
    # the fast forms agree with the plain functions on a few boards
    for tiles, _ in items[:50]:
        b = Board.from_tiles(tiles, rows, cols)
        assert compiled["manhattan"](tiles) == manhattan(b, goal)
        assert compiled["misplaced"](tiles) == misplaced(b, goal)
        assert compiled["linear_conflict"](tiles) == linear_conflict(b, goal)


def test_heuristics_are_zero_exactly_at_the_goal():
    goal = Board.spiral(3, 3)
    for tiles in list(distances(goal))[1:500]:
        b = Board.from_tiles(tiles, 3, 3)
        assert misplaced(b, goal) > 0 and manhattan(b, goal) > 0 and linear_conflict(b, goal) > 0
    assert misplaced(goal, goal) == manhattan(goal, goal) == linear_conflict(goal, goal) == 0


def test_linear_conflict_counts_tiles_that_must_leave_their_line():
    # a whole row reversed: 3 2 1 needs two of the three tiles to step out
    b = Board([[3, 2, 1], [4, 5, 6], [7, 8, 0]])
    assert linear_conflict(b) == manhattan(b) + 4
    # column conflict on a 4 x 4 board, tiles 1 and 5 swapped in column 0
    b = Board.goal(4, 4).grid
    b[0][0], b[1][0] = 5, 1
    assert linear_conflict(Board(b)) == manhattan(Board(b)) + 2


def test_tables_agree_with_the_functions_on_random_boards():
    rng = random.Random(5)
    for rows, cols in [(3, 4), (4, 4), (5, 3)]:
        goal = Board.spiral(rows, cols)
        for _ in range(50):
            tiles = list(range(rows * cols))
            rng.shuffle(tiles)
            b = Board.from_tiles(tiles, rows, cols)
            assert manhattan_tables(goal).value(b.tiles) == manhattan(b, goal)
            assert misplaced_tables(goal).value(b.tiles) == misplaced(b, goal)


def test_bad_heuristics_are_refused():
    goal = Board.goal(3, 3)
    with pytest.raises(TypeError, match="a heuristic is a function"):
        compile_heuristic(42, goal)
    with pytest.raises(TypeError, match="a heuristic is a function"):
        compile_heuristic(Board, goal)
    with pytest.raises(ValueError, match="same shape"):
        misplaced(Board.goal(2, 3), goal)
    assert compile_heuristic(None, goal).value(goal.tiles) == 0
    assert zero(Board.goal(2, 2)) == 0


def test_the_shown_linear_conflict_and_the_searches_fast_path_agree():
    """show_source(linear_conflict) shows the plain count; the searches use a cached twin: same values."""
    from puzzlelib.core.generate import random_board
    from puzzlelib.core.heuristics import _linear_conflict_function, linear_conflict
    for rows, cols in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)]:
        for goal in (Board.goal(rows, cols), Board.spiral(rows, cols), random_board(rows, cols, seed=rows * cols)):
            fast = _linear_conflict_function(goal)
            for seed in range(60):
                board = random_board(rows, cols, seed=seed)
                assert linear_conflict(board, goal) == fast(board.tiles), (board, goal)


@pytest.mark.parametrize("shape", [(3, 3), (2, 4), (4, 4), (3, 5)])
@pytest.mark.parametrize("h", [manhattan, misplaced], ids=["manhattan", "misplaced"])
def test_the_per_tile_sum_is_the_sum_of_the_groups_tables(shape, h):
    from puzzlelib.core.generate import random_solvable
    from puzzlelib.core.heuristics import compile_heuristic

    for goal in (Board.goal(*shape), Board.spiral(*shape)):
        tables = compile_heuristic(h, goal).tables
        assert tables.per_tile is not None
        for seed in range(100):
            tiles = random_solvable(*shape, seed=seed).tiles
            by_groups = sum(t[i] for t, i in zip(tables.tables, tables.indices(tiles)))
            assert tables.value(tiles) == by_groups == h(Board.from_tiles(tiles, *shape), goal)


def test_tables_with_big_groups_or_a_mirror_take_the_general_sum():
    from puzzlelib.engines.pdb import PatternDatabase

    goal = Board.goal(3, 3)
    assert PatternDatabase(goal, cache=False, progress=False).tables.per_tile is None          # groups of tiles
    assert PatternDatabase(goal, [(1,), (2,), (3,), (4,), (5,), (6,), (7,), (8,)], cache=False,
                           progress=False).tables.per_tile is None                            # one a group, mirrored


def test_the_taxicab_rule_has_one_home():
    """Rows apart plus columns apart is written once, in board.cell_distance; Manhattan distance, the
    parity rule's blank distance and "next to" all call it. The compiled engine's twin (numba cannot call
    it) is kept equal by tests/test_compiled.py; the reference solutions are a student's answers."""
    import ast
    from pathlib import Path

    import puzzlelib
    from puzzlelib.core.board import cell_distance

    twins = {"engines/compiled.py", "course/exercises/solutions.py"}
    package = Path(puzzlelib.__file__).resolve().parent
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and all(
                    isinstance(side, ast.Call) and getattr(side.func, "id", "") == "abs" for side in (node.left, node.right)):
                found.append(f"{path.relative_to(package).as_posix()}:{node.lineno}")
    own = [f for f in found if f.split(":")[0] not in twins]
    assert len(own) == 1 and own[0].startswith("core/board.py:"), f"the taxicab rule written out again: {own}"
    assert [cell_distance(a, b, 4) for a, b in [(0, 15), (5, 6), (3, 12), (7, 7)]] == [6, 1, 6, 0]
