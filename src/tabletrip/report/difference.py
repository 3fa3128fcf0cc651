"""The difference of a metric between two runs, with a 95% interval and a test.

- Rates: the difference of two proportions with Newcombe's hybrid score interval (built from
  the two Wilson intervals, good at small counts and near 0% or 100%), and the pooled
  two-proportion z-test.
- Means: Welch's t interval and test (unequal variances), with the Student t distribution
  computed here from the regularized incomplete beta function.
- Many metrics at once: the Benjamini-Hochberg adjustment, so "differs" means differs at a
  5% false discovery rate over every metric of the comparison, not at 5% each (with 300
  routes, about 15 would "differ" by chance alone otherwise).

Differences are B minus A: the change from the first run named to the second.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from tabletrip.core.analysis_tools import Z95, wilson

ALPHA = 0.05  # the false discovery rate at which a difference is called one


@dataclass(frozen=True, slots=True)
class Difference:
    """B minus A of one metric: its value, 95% interval and two-sided p-value (None: no test,
    a side has too little data)."""

    change: float
    low: float
    high: float
    p: float | None


def rate_difference(hits_a: float, n_a: int, hits_b: float, n_b: int) -> Difference | None:
    """The difference of two rates (Newcombe interval, z-test); None if a side has no trials."""
    if not n_a or not n_b:
        return None
    p_a, low_a, high_a = wilson(hits_a, n_a)
    p_b, low_b, high_b = wilson(hits_b, n_b)
    change = p_b - p_a
    low = change - math.sqrt((p_b - low_b) ** 2 + (high_a - p_a) ** 2)
    high = change + math.sqrt((high_b - p_b) ** 2 + (p_a - low_a) ** 2)
    pooled = (hits_a + hits_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    p = 1.0 if se == 0 else math.erfc(abs(change) / se / math.sqrt(2))
    return Difference(change, low, high, p)


def mean_difference(a: Sequence[float], b: Sequence[float]) -> Difference | None:
    """The difference of two means (Welch); None if a side has fewer than two values."""
    if len(a) < 2 or len(b) < 2:
        return None
    change = statistics.fmean(b) - statistics.fmean(a)
    var_a = statistics.variance(a) / len(a)
    var_b = statistics.variance(b) / len(b)
    se = math.sqrt(var_a + var_b)
    if se == 0:  # both sides constant: a certain difference, or none
        return Difference(change, change, change, 1.0 if change == 0 else 0.0)
    df = (var_a + var_b) ** 2 / (var_a**2 / (len(a) - 1) + var_b**2 / (len(b) - 1))
    half = t_quantile(1 - ALPHA / 2, df) * se
    return Difference(change, change - half, change + half, t_two_sided_p(change / se, df))


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom."""
    x = df / (df + t * t)
    return min(1.0, regularized_beta(x, df / 2, 0.5))


def t_quantile(probability: float, df: float) -> float:
    """The t with P(T <= t) = `probability` (0.5 < probability < 1), by bisection."""
    target = 2 * (1 - probability)  # the two-sided p of the quantile
    low, high = 0.0, 1.0
    while t_two_sided_p(high, df) > target:
        high *= 2
    for _ in range(100):
        middle = (low + high) / 2
        if t_two_sided_p(middle, df) > target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def regularized_beta(x: float, a: float, b: float) -> float:
    """I_x(a, b), the regularized incomplete beta function (continued fraction, Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_fraction(x, a, b) / a
    return 1 - math.exp(log_front) * _beta_fraction(1 - x, b, a) / b


def _beta_fraction(x: float, a: float, b: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return result


def benjamini_hochberg(p_values: Sequence[float | None]) -> list[float | None]:
    """The Benjamini-Hochberg adjusted p-values (q-values), None where there is no test."""
    tested = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    adjusted: list[float | None] = [None] * len(p_values)
    smallest = 1.0
    for rank in range(len(tested), 0, -1):
        p, index = tested[rank - 1]
        smallest = min(smallest, p * len(tested) / rank)
        adjusted[index] = smallest
    return adjusted


__all__ = [
    "ALPHA",
    "Z95",
    "Difference",
    "benjamini_hochberg",
    "mean_difference",
    "rate_difference",
    "regularized_beta",
    "t_quantile",
    "t_two_sided_p",
]
