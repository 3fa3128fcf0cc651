"""core.bits: walking the items of a set kept as a bit mask."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletrip.core.bits import bit_indices


def test_the_indices_of_a_mask_lowest_first() -> None:
    assert list(bit_indices(0)) == []
    assert list(bit_indices(1)) == [0]
    assert list(bit_indices(0b101100)) == [2, 3, 5]
    assert list(bit_indices(1 << 97 | 1 << 49)) == [49, 97]


@given(st.sets(st.integers(min_value=0, max_value=120)))
def test_bit_indices_gives_back_the_set_a_mask_was_made_of(items: set[int]) -> None:
    assert list(bit_indices(sum(1 << i for i in items))) == sorted(items)
