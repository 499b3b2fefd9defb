"""Notebook 07's evidence check on the frontier search's memory plan fails on wrong data."""

from __future__ import annotations

from puzzlelib.course.evidence.nb07_bfs_at_scale import frontier_plan_problem
from puzzlelib.core.limits import frontier_bfs_bytes
from puzzlelib.core.reference import load_results, published_counts

BIG = load_results("bfs_scale")["boards"]


def test_the_committed_runs_fit_the_plan():
    for name in ("3x4", "2x6"):
        b = BIG[name]
        own_peak = (b["peak_mib"] - b["baseline_mib"]) * 2**20          # the notebook's: baseline subtracted
        assert frontier_plan_problem(frontier_bfs_bytes(b["rows"], b["cols"]), b["counts"], own_peak) is None


def test_a_baseline_alone_is_not_two_layers():
    """Wrong data: a process whose peak is its baseline plus 1 MiB held far less than two layers."""
    b = BIG["3x4"]
    own_peak = 2**20                                     # 1 MiB beyond the baseline
    problem = frontier_plan_problem(frontier_bfs_bytes(3, 4), b["counts"], own_peak)
    assert problem is not None and "below two neighbouring layers" in problem


def test_a_layer_wider_than_a_sixth_breaks_the_plan():
    b = BIG["3x4"]
    counts = list(b["counts"])
    counts[36] = sum(counts) // 5                       # wrong data: one layer a fifth of the boards
    problem = frontier_plan_problem(frontier_bfs_bytes(3, 4), counts, b["peak_mib"] * 2**20)
    assert problem is not None and "three layers as wide as the widest" in problem


def test_a_peak_above_the_plan_fails():
    problem = frontier_plan_problem(frontier_bfs_bytes(3, 4), BIG["3x4"]["counts"], frontier_bfs_bytes(3, 4) + 1)
    assert problem is not None and "above the estimate" in problem


def test_a_peak_below_two_layers_fails():
    problem = frontier_plan_problem(frontier_bfs_bytes(3, 4), BIG["3x4"]["counts"], 100 * 2**20)
    assert problem is not None and "below two neighbouring layers" in problem


def test_the_4_x_4_plan_would_hold_its_published_layers():
    counts = published_counts(4, 4)
    pair = max(a + b for a, b in zip(counts, counts[1:]))
    assert frontier_plan_problem(frontier_bfs_bytes(4, 4), counts, 8 * pair) is None
