"""Notebook 07's evidence checks on the memory of its searches fail on wrong data."""

from __future__ import annotations

import pytest

from puzzlelib.course.evidence.nb07_bfs_at_scale import (bit_arrays_held, bit_arrays_problem, cluster_refusal,
                                                   frontier_plan_problem, routed_children)
from puzzlelib.core.limits import frontier_bfs_bytes, reachable_count
from puzzlelib.engines.packed import blank_moves
from puzzlelib.core.reference import load_results, published_counts
from puzzlelib.engines.bitarray import rank_bfs_bytes

BIG = load_results("bfs_scale")["boards"]


def own_peak(name):
    b = BIG[name]
    return (b["peak_mib"] - b["baseline_mib"]) * 2**20          # the notebook's: baseline subtracted


def test_the_committed_runs_fit_the_plan():
    for name in ("3x4", "2x6"):
        b = BIG[name]
        assert frontier_plan_problem(b["rows"], b["cols"], b["counts"], own_peak(name)) is None


def test_another_boards_layers_fail_though_they_add_up_to_the_same():
    """3 x 4 and 2 x 6 both have 239,500,800 boards: the sum alone cannot tell their layers apart."""
    assert sum(BIG["3x4"]["counts"]) == sum(BIG["2x6"]["counts"])
    problem = frontier_plan_problem(3, 4, BIG["2x6"]["counts"], own_peak("3x4"))
    assert problem is not None and "another board's layers" in problem and "3 x 4 goal" in problem
    problem = frontier_plan_problem(2, 6, BIG["3x4"]["counts"], own_peak("2x6"))
    assert problem is not None and "another board's layers" in problem


def test_an_incomplete_search_fails():
    counts = BIG["3x4"]["counts"][:-1]                # the 18 antipodes missing
    problem = frontier_plan_problem(3, 4, counts, own_peak("3x4"))
    assert problem is not None and "incomplete" in problem


def test_a_baseline_alone_is_not_two_layers():
    """Wrong data: a process whose peak is its baseline plus 1 MiB held far less than two layers."""
    problem = frontier_plan_problem(3, 4, BIG["3x4"]["counts"], 2**20)
    assert problem is not None and "below two neighbouring layers" in problem


def test_a_layer_wider_than_a_sixth_breaks_the_plan():
    counts = list(BIG["3x4"]["counts"])
    want = sum(counts) // 5 - counts[36]              # wrong data: one layer a fifth of the boards, the total
    for d in (30, 32, 34, 38, 40, 42):                # kept (taken from layers of its parity), the first untouched
        take = min(want, counts[d] // 2)
        counts[d] -= take
        counts[36] += take
        want -= take
    assert want == 0 and counts[36] >= sum(counts) // 5
    problem = frontier_plan_problem(3, 4, counts, BIG["3x4"]["peak_mib"] * 2**20)
    assert problem is not None and "three layers as wide as the widest" in problem


def test_a_peak_above_the_plan_fails():
    problem = frontier_plan_problem(3, 4, BIG["3x4"]["counts"], frontier_bfs_bytes(3, 4) + 1)
    assert problem is not None and "above the estimate" in problem


def test_a_peak_below_two_layers_fails():
    problem = frontier_plan_problem(3, 4, BIG["3x4"]["counts"], 100 * 2**20)
    assert problem is not None and "below two neighbouring layers" in problem


def test_the_4_x_4_plan_would_hold_its_published_layers():
    counts = published_counts(4, 4)
    pair = max(a + b for a, b in zip(counts, counts[1:]))
    assert frontier_plan_problem(4, 4, counts, 8 * pair) is None


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)])
def test_the_bit_array_formula_is_what_the_search_holds(shape):
    assert bit_arrays_held(*shape) == rank_bfs_bytes(*shape)
    assert bit_arrays_problem(*shape, rank_bfs_bytes(*shape)) is None


@pytest.mark.parametrize("wrong", [lambda r, c: 8 * rank_bfs_bytes(r, c),          # a byte a rank, not a bit
                                   lambda r, c: 2 * rank_bfs_bytes(r, c) // 3,     # two arrays, not three
                                   lambda r, c: rank_bfs_bytes(r, c) // 2])        # the reachable half only
def test_a_wrong_bit_array_formula_fails(wrong):
    problem = bit_arrays_problem(2, 4, wrong(2, 4))
    assert problem is not None and "the formula is wrong" in problem


# ---- the cluster notes: the shuffle's model and the check before any work ----

def moves_one_way(rows, cols):
    """The model: each move between two layers made once, so the boards times half the blank's mean moves."""
    return reachable_count(rows, cols) * sum(len(s) for s in blank_moves(rows, cols)) // (2 * rows * cols)


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)])
def test_the_engine_makes_each_move_once(shape):
    made, routed, between = routed_children(*shape, 8)
    assert made == moves_one_way(*shape) and between <= routed <= made
    assert made != 2 * moves_one_way(*shape)           # the moves back are skipped: not every move of every board


def test_one_part_routes_each_board_once_and_nothing_between():
    """With one part, the part's own merge drops every duplicate: each board but the goal is routed once."""
    made, routed, between = routed_children(2, 4, 1)
    assert (routed, between) == (reachable_count(2, 4) - 1, 0) and made == moves_one_way(2, 4)


def test_more_parts_route_more_of_the_moves_and_more_between():
    few, many = routed_children(3, 3, 2), routed_children(3, 3, 64)
    assert few[0] == many[0] and few[1] < many[1] <= many[0] and few[2] / few[1] < 0.6 < 0.9 < many[2] / many[1]


def test_routed_children_refuses_a_big_board_and_bad_parts():
    with pytest.raises(ValueError):
        routed_children(3, 4, 4)
    with pytest.raises((ValueError, TypeError)):
        routed_children(2, 3, 0)


def test_the_check_before_any_work_wants_twice_the_plan():
    plan = frontier_bfs_bytes(2, 7)
    assert cluster_refusal(2, 7, 16, 24 * 10**9) is None
    assert cluster_refusal(2, 7, 16, 2 * plan // 16) is None
    problem = cluster_refusal(2, 7, 16, 2 * plan // 16 - 10**6)
    assert problem is not None and "add workers or memory" in problem and "16 workers" in problem
    assert cluster_refusal(2, 7, 8, 24 * 10**9) is not None          # half the workers: refused
