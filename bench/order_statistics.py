"""Distribution-free confidence intervals from order statistics: for a median (the sign
test: bench/offline_figures.py's interval for the median of paired differences) or any
quantile (a 95th percentile of times per decision), and a bootstrap one for a mean.

Standard library only, so tests/ can check it without a browser or Playwright.
"""

from __future__ import annotations

import math
import random


def median_interval(values: list[float]) -> tuple[float, float]:
    """A distribution-free interval holding the median with at least 95% confidence
    (order statistics of the sign test); the whole range when there are too few values."""
    return quantile_interval(values, 0.5)


def quantile_interval(values: list[float], q: float) -> tuple[float, float]:
    """A distribution-free interval holding the ``q``-quantile with at least 95%
    confidence; an end stays at the extreme value when there are too few values."""
    ordered, n = sorted(values), len(values)
    # The quantile lies below the (c+1)-th smallest value when at most c values fall
    # below it: probability P(X <= c), X ~ Binomial(n, q); above the (c+1)-th largest
    # when at most c fall above it, X ~ Binomial(n, 1 - q). Cut the most values from
    # each end that keeps each tail at or under 2.5%.
    def pmf(k: int, p: float) -> float:  # in logarithms: thousands of values overflow
        return math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                        + k * math.log(p) + (n - k) * math.log(1 - p))

    def cut(p: float) -> int:
        c, tail = 0, pmf(0, p)
        while c + 1 < n:
            tail += pmf(c + 1, p)
            if tail > 0.025:
                break
            c += 1
        return c

    return ordered[cut(q)], ordered[n - 1 - cut(1 - q)]


def mean_interval(values: list[float], resamples: int = 2000, seed: int = 1
                  ) -> tuple[float, float]:
    """A 95% bootstrap (percentile) interval for the mean; the same for the same values."""
    rng, n = random.Random(seed), len(values)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(resamples))
    return means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]
