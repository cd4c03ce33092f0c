"""A distribution-free confidence interval for a median, from order statistics (the sign
test): bench/offline_figures.py's interval for the median of paired differences.

Standard library only, so tests/ can check it without a browser or Playwright.
"""

from __future__ import annotations

import math


def median_interval(values: list[float]) -> tuple[float, float]:
    """A distribution-free interval holding the median with at least 95% confidence
    (order statistics of the sign test); the whole range when there are too few values."""
    ordered, n = sorted(values), len(values)
    # The median lies below the (c+1)-th smallest value when at most c values fall below
    # it: probability P(X <= c), X ~ Binomial(n, 1/2). Cut the most values from each end
    # that keeps this at or under 2.5% a side.
    def tail(c: int) -> float:
        return sum(math.comb(n, i) for i in range(c + 1)) / 2**n

    cut = 0
    while tail(cut + 1) <= 0.025:
        cut += 1
    return ordered[cut], ordered[n - 1 - cut]
