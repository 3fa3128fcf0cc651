"""Sets as bit masks: bit i of an int stands for item i (a route, a section, a crossroads).

Masks keep the hot paths of the engines and bots in plain ints: a union is `|`, a test is
`mask >> i & 1`, a count is `bit_count()`. `bit_indices` walks the items of a set.
"""

from __future__ import annotations

from collections.abc import Iterator


def bit_indices(mask: int) -> Iterator[int]:
    """The indices of the set bits of `mask` (a non-negative int), lowest first."""
    while mask:
        low = mask & -mask  # the lowest set bit alone (two's complement)
        yield low.bit_length() - 1
        mask ^= low
