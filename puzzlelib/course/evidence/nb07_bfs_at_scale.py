"""Checks behind notebook 07's claims about the memory of the frontier search.

The memory guard plans for 4 bytes a reachable board (``puzzlelib.core.limits.frontier_bfs_bytes``). That
number is a formula, so an assert that it equals ``4 * n`` checks nothing. What can be checked is the
plan against what the search really met: the layer sizes it produced (themselves checked against the
published tables) and the peak memory measured while it ran.

Each check returns ``None`` when the claim holds on its data, or a short message that says what does not.
"""

from __future__ import annotations

__all__ = ["frontier_plan_problem"]


def frontier_plan_problem(estimate: int, counts, peak_bytes: float, word_bytes: int = 8):
    """None when the guard's ``estimate`` fits what a whole frontier search met and measured.

    ``counts`` are the sizes of the search's layers, ``peak_bytes`` its measured peak memory with the
    process's baseline (Python and numpy before the search) subtracted, so that the baseline cannot
    make up for layers that were never held. The claims:
    the peak holds at least two neighbouring layers of ``word_bytes``-byte words (the search keeps two);
    the estimate has room for three layers as wide as the widest one; and the estimate is not below
    the measured peak.

    >>> frontier_plan_problem(4 * 12, [1, 2, 2, 2, 2, 2, 1], peak_bytes=8 * 4 + 8) is None
    True
    >>> frontier_plan_problem(4 * 12, [1, 2, 5, 4], peak_bytes=8 * 9)
    'three layers as wide as the widest (5 boards) need 120 bytes, more than the estimate, 48'
    """
    pair = max((a + b for a, b in zip(counts, counts[1:])), default=counts[0] if counts else 0)
    if peak_bytes < word_bytes * pair:
        return (f"the measured peak, {peak_bytes:,.0f} bytes, is below two neighbouring layers "
                f"({pair:,} boards) at {word_bytes} bytes a board: the measurement or the layers are wrong")
    widest = max(counts)
    if 3 * word_bytes * widest > estimate:
        return (f"three layers as wide as the widest ({widest:,} boards) need {3 * word_bytes * widest:,} bytes, "
                f"more than the estimate, {estimate:,}")
    if peak_bytes > estimate:
        return f"the measured peak, {peak_bytes:,.0f} bytes, is above the estimate, {estimate:,}"
    return None
