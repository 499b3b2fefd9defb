"""Checks behind notebook 05's claims about made puzzles: a random arrangement is uniform, a walk is not.

Notebook 05 makes 2,000 3 x 3 puzzles each way and compares their true distances with the distances
of all 181,440 boards. "The arrangements follow the curve of all boards" is checked by a chi-square
test of the sample against the exact distance counts; "the walks sit left of it" by comparing
cumulative shares, against the boards of the walks' own parity (an even walk ends at an even
distance, and that alone would fail a chi-square test). Neither holds for any walk whatever it does.

Each check returns ``None`` when the claim holds on its data, or a short message that says what does not.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

__all__ = ["chi_square_tail", "chi_square_against_counts", "matches_counts_problem", "nearer_than_problem"]


def chi_square_tail(stat: float, df: int) -> float:
    """P(a chi-square variable with ``df`` degrees of freedom is at least ``stat``).

    The regularized upper incomplete gamma function, by its series (no scipy needed).

    >>> round(chi_square_tail(3.84, 1), 3)          # the 5% point of one degree of freedom
    0.05
    >>> chi_square_tail(0.0, 4)
    1.0
    """
    from puzzlelib.core.errors import whole_number
    if isinstance(stat, bool) or not isinstance(stat, (int, float)):
        raise TypeError(f"stat must be a number, got {type(stat).__name__}")
    stat = float(min(stat, 10**12))
    if math.isnan(stat):
        raise ValueError("stat must be a number, got nan")
    df = whole_number(df, "df", minimum=1, maximum=10**6)
    a, x = df / 2, stat / 2
    if x <= 0:
        return 1.0
    if x > a + 40 * math.sqrt(a) + 100:
        return 0.0
    term = total = 1 / a                                # the series for the lower function
    n = 0
    while term > total * 1e-15:
        n += 1
        term *= x / (a + n)
        total += term
    lower = math.exp(-x + a * math.log(x) - math.lgamma(a)) * total
    return max(0.0, 1.0 - lower)


def _whole_numbers(values, name: str) -> list[int]:
    """``values`` as a list of whole numbers (a list, tuple or numpy array of at most 10**7)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or len(values) > 10**7:
        raise TypeError(f"{name} must be a list of whole numbers, got {type(values).__name__}")
    out = list(values)
    if not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in out):
        raise TypeError(f"{name} must hold whole numbers only")
    return [int(v) for v in out]


def chi_square_against_counts(sample, counts) -> tuple[float, float]:
    """``(statistic, p)`` of a chi-square test: is ``sample`` (distances) drawn like the boards ``counts`` counts?

    ``counts[d]`` is how many boards lie at distance ``d``. Neighbouring distances are pooled until each
    group expects at least 5 of the sample, so the test's approximation holds.

    >>> stat, p = chi_square_against_counts([0, 1, 1, 2] * 50, [1, 2, 1])
    >>> round(stat, 6), round(p, 6)
    (0.0, 1.0)
    """
    sample, counts = _whole_numbers(sample, "sample"), _whole_numbers(counts, "counts")
    n, total = len(sample), sum(counts)
    if not n or not total or min(counts) < 0:
        raise ValueError(f"need a sample of at least one distance and counts >= 0 with a positive sum, got "
                         f"{n} distances and counts summing to {total}")
    seen = Counter(sample)
    groups, expect, got = [], 0.0, 0
    for d, c in enumerate(counts):
        expect += n * c / total
        got += seen.get(d, 0)
        if expect >= 5:
            groups.append((expect, got))
            expect, got = 0.0, 0
    if groups and expect:
        last_e, last_g = groups.pop()
        groups.append((last_e + expect, last_g + got))
    outside = sum(k for d, k in seen.items() if not 0 <= d < len(counts))
    if outside:
        return math.inf, 0.0
    stat = sum((g - e) ** 2 / e for e, g in groups)
    return stat, chi_square_tail(stat, max(1, len(groups) - 1))


def matches_counts_problem(sample, counts, p_min: float = 1e-3):
    """None when the distances in ``sample`` could come from boards drawn uniformly (``counts`` per distance).

    >>> matches_counts_problem([0, 1, 1, 2] * 50, [1, 2, 1]) is None
    True
    >>> matches_counts_problem([0, 0, 0, 2] * 50, [1, 2, 1])
    'the sample is not distributed like all boards: chi-square 300.0, p = 0'
    """
    stat, p = chi_square_against_counts(sample, counts)
    if p < p_min:
        return f"the sample is not distributed like all boards: chi-square {stat:.1f}, p = {p:.2g}"
    return None


def nearer_than_problem(sample, counts, p_max: float = 1e-6):
    """None when ``sample`` (distances) sits nearer the goal than the boards ``counts`` counts.

    "Nearer" is tested directly, on cumulative shares: for every distance d, the share of the sample at
    d or less is at least the boards' share (up to sampling noise), and at some d clearly more. A
    sample whose distances are all even (every walk of even length) is compared with the boards at
    even distances only, so that parity alone cannot make it look nearer. The noise allowed is the
    one-sided Kolmogorov-Smirnov bound: a gap of t has chance at most exp(-2 n t**2) by luck.

    >>> nearer_than_problem([0, 0, 1, 1] * 50, [1, 2, 1]) is None
    True
    >>> nearer_than_problem([1, 2, 2, 2] * 50, [1, 2, 1])
    'the sample is not nearer the goal: at distance 1 or less its share is 0.25, all boards 0.75'
    >>> nearer_than_problem([0, 2] * 100, [1, 2, 1])      # even only: judged against the even boards
    'the sample could be drawn like boards at even distances: its cumulative shares exceed theirs by at most 0.000, within the noise 0.186'
    """
    from puzzlelib.course.evidence import _check_numbers
    sample, counts = _check_numbers(sample, "sample", nonempty=False), _check_numbers(counts, "counts")
    if isinstance(p_max, bool) or not isinstance(p_max, (int, float)) or not 0 < p_max < 1:
        raise ValueError(f"p_max must be a probability between 0 and 1, got {p_max!r}")
    n = len(sample)
    if not n:
        return "the sample is empty"
    parities = {d % 2 for d in sample}
    ref = [c if d % 2 in parities else 0 for d, c in enumerate(counts)]
    total = sum(ref)
    if any(not 0 <= d < len(counts) or not ref[d] for d in sample):
        return "the sample holds distances that no board has"
    noise = math.sqrt(math.log(1 / p_max) / (2 * n))
    seen = Counter(sample)
    mine = theirs = 0.0
    lowest, highest = (0.0, None), (0.0, None)
    for d, c in enumerate(ref):
        mine += seen.get(d, 0) / n
        theirs += c / total
        gap = mine - theirs
        if gap < lowest[0]:
            lowest = (gap, d, mine, theirs)
        if gap > highest[0]:
            highest = (gap, d)
    which = "all boards" if len(parities) == 2 else f"boards at {'even' if 0 in parities else 'odd'} distances"
    if lowest[0] < -noise:
        _, d, a, b = lowest
        return f"the sample is not nearer the goal: at distance {d} or less its share is {a:.2f}, {which} {b:.2f}"
    if highest[0] <= noise:
        return (f"the sample could be drawn like {which}: its cumulative shares exceed theirs by at most "
                f"{highest[0]:.3f}, within the noise {noise:.3f}")
    return None
