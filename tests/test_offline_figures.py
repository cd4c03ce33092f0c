"""bench/offline_figures.py's interval for a median (the sign test's order statistics,
bench/order_statistics.py: no Playwright needed)."""

from bench.order_statistics import mean_interval, median_interval, quantile_interval


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


def test_a_high_quantile_s_interval_leans_to_the_top():
    # 95th percentile of 100 values: the 90th and the 100th (tails 1.1% and 0.6%; the
    # 99th would leave 3.7% above, more than the 2.5% a side allowed).
    low, high = quantile_interval(list(range(1, 101)), 0.95)
    assert (low, high) == (90, 100)
    assert quantile_interval(list(range(1, 11)), 0.95)[1] == 10  # too few: the maximum


def test_the_mean_s_bootstrap_interval_holds_the_mean_and_repeats():
    values = [float(v) for v in range(1, 41)]
    low, high = mean_interval(values)
    assert low < 20.5 < high and high - low < 10
    assert mean_interval(values) == (low, high)
