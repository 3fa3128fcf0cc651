"""Chi-square goodness of fit for the tests that check a draw is as likely as it should be."""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping


def chi_square(counts: Mapping[Hashable, int], expected: Mapping[Hashable, float]) -> float:
    """The statistic of observed `counts` against `expected` ones (keys of `expected`)."""
    return sum((counts.get(key, 0) - e) ** 2 / e for key, e in expected.items())


def chi_square_limit(freedom: int, z: float = 3.09) -> float:
    """The value exceeded with probability about 0.001 at `freedom` degrees of freedom
    (Wilson-Hilferty's approximation; `z` the normal quantile)."""
    k = freedom
    return k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3
