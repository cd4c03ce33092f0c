"""bench/offline_figures.py's interval for a median (the sign test's order statistics,
bench/order_statistics.py: no Playwright needed)."""

from bench.order_statistics import median_interval


def test_interval_uses_the_textbook_order_statistics():
    # 95% distribution-free intervals for the median: n=9 -> 2nd and 8th values,
    # n=15 -> 4th and 12th, n=20 -> 6th and 15th (coverage 96.1%, 96.5%, 95.9%).
    assert median_interval(list(range(1, 10))) == (2, 8)
    assert median_interval(list(range(1, 16))) == (4, 12)
    assert median_interval(list(range(1, 21))) == (6, 15)


def test_too_few_values_give_the_whole_range():
    assert median_interval([3.0, 1.0, 2.0, 5.0, 4.0]) == (1.0, 5.0)


def test_interval_does_not_depend_on_input_order():
    values = [0.04, -0.02, 0.01, -0.05, 0.00, 0.03, -0.01, 0.02, -0.03]
    assert median_interval(values) == median_interval(sorted(values)) == (-0.03, 0.03)
