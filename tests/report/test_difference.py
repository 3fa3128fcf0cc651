"""The statistics of a comparison of runs: Student t, Newcombe and Welch intervals, and the
Benjamini-Hochberg adjustment, against published values and direct computation."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from tabletrip.report.difference import (
    benjamini_hochberg,
    mean_difference,
    rate_difference,
    regularized_beta,
    t_quantile,
    t_two_sided_p,
)


@pytest.mark.parametrize(
    ("df", "quantile"),
    [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042), (120, 1.980)],
)
def test_t_quantiles_match_the_printed_table(df: int, quantile: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(quantile, abs=5e-4)
    assert t_two_sided_p(quantile, df) == pytest.approx(0.05, abs=2e-4)


def test_t_tends_to_the_normal_and_is_symmetric() -> None:
    assert t_quantile(0.975, 1e7) == pytest.approx(1.959964, abs=1e-5)
    assert t_two_sided_p(-2.0, 7) == t_two_sided_p(2.0, 7)
    assert t_two_sided_p(0.0, 7) == 1.0


def test_the_regularized_beta_has_its_closed_forms() -> None:
    # I_x(a, 1) = x^a and I_x(1, b) = 1 - (1 - x)^b
    for x in (0.05, 0.3, 0.5, 0.9):
        assert regularized_beta(x, 3.5, 1) == pytest.approx(x**3.5, rel=1e-10)
        assert regularized_beta(x, 1, 2.5) == pytest.approx(1 - (1 - x) ** 2.5, rel=1e-10)
    assert regularized_beta(0.0, 2, 2) == 0.0 and regularized_beta(1.0, 2, 2) == 1.0


def test_newcombe_interval_matches_his_worked_example() -> None:
    # Newcombe (1998), "Interval estimation for the difference between independent
    # proportions", method 10 on 56/70 against 48/80: 0.0524 to 0.3339.
    d = rate_difference(48, 80, 56, 70)
    assert d is not None
    assert d.change == pytest.approx(0.2)
    assert (d.low, d.high) == (pytest.approx(0.0524, abs=1e-4), pytest.approx(0.3339, abs=1e-4))


def test_two_proportion_test_is_the_pooled_z_test() -> None:
    d = rate_difference(30, 100, 45, 100)
    assert d is not None
    pooled = 75 / 200
    z = 0.15 / math.sqrt(pooled * (1 - pooled) * (2 / 100))
    assert d.p == pytest.approx(2 * (1 - statistics.NormalDist().cdf(z)))


def test_rates_without_trials_or_variation_have_no_false_certainty() -> None:
    assert rate_difference(0, 0, 3, 10) is None
    same = rate_difference(0, 50, 0, 50)
    assert same is not None and same.p == 1.0 and same.low < 0 < same.high


def test_welch_interval_and_test_by_hand() -> None:
    a, b = [1.0, 2, 3, 4, 5], [2.0, 3, 4, 5, 9]
    d = mean_difference(a, b)
    assert d is not None
    se2 = statistics.variance(a) / 5 + statistics.variance(b) / 5
    df = se2**2 / ((statistics.variance(a) / 5) ** 2 / 4 + (statistics.variance(b) / 5) ** 2 / 4)
    assert df == pytest.approx(6.452, abs=1e-3)
    half = t_quantile(0.975, df) * math.sqrt(se2)
    assert (d.change, d.low, d.high) == pytest.approx((1.6, 1.6 - half, 1.6 + half))
    assert d.p == pytest.approx(t_two_sided_p(1.6 / math.sqrt(se2), df))


def test_welch_covers_the_true_difference_about_95_percent_of_the_time() -> None:
    rng = random.Random(7)
    covered = 0
    for _ in range(2000):
        a = [rng.gauss(10, 2) for _ in range(8)]
        b = [rng.gauss(11, 5) for _ in range(12)]
        d = mean_difference(a, b)
        assert d is not None
        covered += d.low <= 1 <= d.high
    assert 0.93 <= covered / 2000 <= 0.97


def test_constant_samples_and_tiny_samples() -> None:
    assert mean_difference([1.0], [2.0, 3.0]) is None
    same = mean_difference([100.0] * 5, [100.0] * 7)
    assert same is not None and same.p == 1.0 and same.change == 0
    moved = mean_difference([100.0] * 5, [101.0] * 7)
    assert moved is not None and moved.p == 0.0 and moved.low == moved.high == 1.0


def test_benjamini_hochberg_by_hand() -> None:
    # sorted p 0.01, 0.03, 0.04, 0.5 (m = 4): 0.04, 0.06, 0.0533, 0.5, then monotone from the top
    q = benjamini_hochberg([0.01, 0.04, 0.03, None, 0.5])
    assert q[3] is None
    assert q[0] == pytest.approx(0.04)
    assert q[1] == pytest.approx(0.04 * 4 / 3) and q[2] == pytest.approx(0.04 * 4 / 3)
    assert q[4] == pytest.approx(0.5)
    assert benjamini_hochberg([]) == []
