"""Checks behind notebook 05's claims about made puzzles: a random arrangement is uniform, a walk is not.

Notebook 05 makes 2,000 3 x 3 puzzles each way and compares their true distances with the distances
of all 181,440 boards. "The arrangements follow the curve of all boards; the walks sit left of it"
is checked by a chi-square test of the sample against the exact distance counts, not by an assert
that holds for any walk (a walk of k moves never ends more than k moves out, whatever it does).

Each check returns ``None`` when the claim holds on its data, or a short message that says what does not.
"""

from __future__ import annotations

import math
from collections import Counter

__all__ = ["chi_square_tail", "chi_square_against_counts", "matches_counts_problem", "nearer_than_problem"]


def chi_square_tail(stat: float, df: int) -> float:
    """P(a chi-square variable with ``df`` degrees of freedom is at least ``stat``).

    The regularized upper incomplete gamma function, by its series (no scipy needed).

    >>> round(chi_square_tail(3.84, 1), 3)          # the 5% point of one degree of freedom
    0.05
    >>> chi_square_tail(0.0, 4)
    1.0
    """
    from ..errors import whole_number
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


def chi_square_against_counts(sample, counts) -> tuple[float, float]:
    """``(statistic, p)`` of a chi-square test: is ``sample`` (distances) drawn like the boards ``counts`` counts?

    ``counts[d]`` is how many boards lie at distance ``d``. Neighbouring distances are pooled until each
    group expects at least 5 of the sample, so the test's approximation holds.

    >>> stat, p = chi_square_against_counts([0, 1, 1, 2] * 50, [1, 2, 1])
    >>> round(stat, 6), round(p, 6)
    (0.0, 1.0)
    """
    n, total = len(sample), sum(counts)
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
    """None when ``sample`` sits nearer the goal than the boards ``counts`` counts: a lower mean, and a
    chi-square test that rejects the boards' own distribution.

    >>> nearer_than_problem([0, 0, 1, 1] * 50, [1, 2, 1]) is None
    True
    >>> nearer_than_problem([1, 2, 2, 2] * 50, [1, 2, 1])
    'the sample is not nearer the goal: mean 1.75, all boards 1.00'
    """
    from . import _check_numbers
    sample, counts = _check_numbers(sample, "sample", nonempty=False), _check_numbers(counts, "counts")
    if not sample:
        raise ValueError("sample must hold at least one distance")
    if isinstance(p_max, bool) or not isinstance(p_max, (int, float)) or not 0 < p_max < 1:
        raise ValueError(f"p_max must be a probability between 0 and 1, got {p_max!r}")
    mean = sum(sample) / len(sample)
    exact_mean = sum(d * c for d, c in enumerate(counts)) / sum(counts)
    if mean >= exact_mean:
        return f"the sample is not nearer the goal: mean {mean:.2f}, all boards {exact_mean:.2f}"
    stat, p = chi_square_against_counts(sample, counts)
    if p >= p_max:
        return f"the sample could be drawn like all boards: chi-square {stat:.1f}, p = {p:.2g}"
    return None
