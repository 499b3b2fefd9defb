"""Notebook 04's evidence checks pass on the right data and fail on wrong data."""

import random

import networkx as nx
import pytest

from puzzlelib import Board, is_solvable, random_solvable, state_graph
from puzzlelib.course.evidence.nb04_sufficiency_and_two_components import (cycles_problem, last_block_problem,
                                                                     lemma_stages_problem,
                                                                     parity_classes_problem, paths_problem)
from puzzlelib.core.constructive import constructive_stages

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (4, 4), (2, 5), (5, 2)]


@pytest.mark.parametrize("rows,cols", SHAPES)
def test_the_solvers_stages_meet_the_hypotheses(rows, cols):
    rng = random.Random(rows * 10 + cols)
    for goal in (Board.goal(rows, cols), Board.spiral(rows, cols), Board.goal(rows, cols, blank="first")):
        for _ in range(4):
            stages = constructive_stages(random_solvable(rows, cols, goal=goal, seed=rng), goal=goal)
            assert lemma_stages_problem(rows, cols, stages) is None


def test_a_solver_that_fills_one_row_too_many_is_caught():
    # filling rows while more than ONE is left: on 3 x 3 the second row has one full row under it
    assert "1 full rows" in lemma_stages_problem(3, 3, [("one tile", (3,), frozenset({0, 1, 2}))])
    assert "R has 1 row" in lemma_stages_problem(3, 3, [("two cells", (4, 5), frozenset({0, 1, 2, 3}))])


def test_a_column_phase_that_runs_to_the_last_column_is_caught():
    # on 3 x 4 the column phase must stop with a 2 x 2 block left: a 2 x 2 block has no 2 x 2 R
    locked = frozenset(range(4)) | {4, 8, 5, 9}
    assert "1 column" in lemma_stages_problem(3, 4, [("two cells", (6, 10), locked)])


def test_wrong_free_cells_are_caught():
    # a hole in the locked rows, a run of one cell, Q left free, and R one row high
    assert "not a run" in lemma_stages_problem(4, 4, [("one tile", (6,), frozenset({0, 1, 2, 4, 5}))])
    assert "a run of 1" in lemma_stages_problem(4, 4, [("one tile", (3,), frozenset({0, 1, 2}))])
    assert "Q should be locked" in lemma_stages_problem(4, 4, [("Q locked", (2, 3, 7), frozenset({0, 1}))])
    assert "not a rectangle" in lemma_stages_problem(3, 3, [("Q locked", (4, 5, 8), frozenset({0, 1, 2, 3, 5}))])
    assert "neither" in lemma_stages_problem(4, 4, [("two cells", (0, 5), frozenset())])
    # the trap's free cells (P a dead end): the rest is not a rectangle once the cell below P is taken
    assert lemma_stages_problem(3, 2, [("Q locked", (0, 1, 3), frozenset({1, 2}))]) is not None


def test_cycles():
    assert cycles_problem(state_graph(2, 2), 12) is None
    two_sizes = nx.disjoint_union(nx.cycle_graph(6), nx.cycle_graph(18))
    assert "6 nodes" in cycles_problem(two_sizes, 12)
    chord = nx.disjoint_union(nx.cycle_graph(12), nx.cycle_graph(12))
    chord.add_edge(0, 6)
    assert "3 neighbours" in cycles_problem(chord, 12)
    joined = nx.disjoint_union(nx.path_graph(12), nx.path_graph(12))
    joined.add_edges_from([(11, 12), (23, 0)])          # one cycle of 24: every degree 2, wrong length
    assert "24 nodes" in cycles_problem(joined, 12)


def test_paths():
    assert paths_problem(state_graph(1, 4), 4) is None
    assert "3 neighbours" in paths_problem(nx.star_graph(3), 4)            # 4 nodes and 3 edges, not a path
    assert "0 nodes with one neighbour" in paths_problem(nx.cycle_graph(4), 4)
    assert "5 nodes" in paths_problem(nx.path_graph(5), 4)
    broken = nx.disjoint_union(nx.path_graph(4), nx.path_graph(4))
    broken.remove_edge(1, 2)
    assert paths_problem(broken, 4) is not None


def test_parity_classes():
    G = state_graph(2, 3)

    def invariant(v):
        return is_solvable(G.nodes[v]["board"])

    assert parity_classes_problem(G, invariant) is None
    # an extra edge joining the classes
    extra = G.copy()
    u = next(v for v in G if invariant(v))
    w = next(v for v in G if not invariant(v))
    extra.add_edge(u, w)
    assert "joins two classes" in parity_classes_problem(extra, invariant)
    # a mislabelled board
    flipped = next(iter(G))
    assert "joins two classes" in parity_classes_problem(G, lambda v: invariant(v) != (v == flipped))
    # a class split in two: the right labels, but a graph that lost the edges out of one board
    cut = G.copy()
    cut.remove_edges_from(list(cut.edges(flipped)))
    assert "falls apart" in parity_classes_problem(cut, invariant)
    # the BFS label of the graph itself is no evidence: it is right on any graph; the invariant is not
    joined = G.copy()
    joined.add_edge(u, w)
    assert parity_classes_problem(joined, invariant) is not None


def swapped(board, i, j):
    tiles = list(board.tiles)
    tiles[i], tiles[j] = tiles[j], tiles[i]
    return Board.from_tiles(tuple(tiles), board.rows, board.cols)


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)])
def test_the_last_block_one_swap_off_passes_and_wrong_boards_fail(rows, cols):
    goal = Board.goal(rows, cols)
    p, q, r = (rows - 2) * cols + cols - 2, (rows - 2) * cols + cols - 1, (rows - 1) * cols + cols - 2
    for i, j in ((p, q), (p, r), (q, r)):                         # each of the block's three swaps
        assert last_block_problem(swapped(goal, i, j), goal) is None
    assert "gives the goal" in last_block_problem(goal, goal)                   # no swap at all
    turned = goal
    for tile in (goal.tiles[r], goal.tiles[p], goal.tiles[q], goal.tiles[r]):   # one turn: a 3-cycle, mended
        turned = turned.slide(tile)
    assert "gives the goal" in last_block_problem(turned, goal)
    if rows * cols > 4:                                           # a swap outside the block: not where it must fail
        assert "outside the last block" in last_block_problem(swapped(goal, 0, 1), goal)
    assert "board's blank" in last_block_problem(goal.slide(goal.tiles[r]), goal)
    assert "goal's blank" in last_block_problem(goal, Board.goal(rows, cols, blank="first"))


def test_the_last_block_check_refuses_lines_and_other_shapes():
    with pytest.raises(ValueError):
        last_block_problem(Board.goal(1, 4), Board.goal(1, 4))
    with pytest.raises(ValueError):
        last_block_problem(Board.goal(2, 3), Board.goal(3, 2))
