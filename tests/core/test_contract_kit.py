"""The contract kit on the test-only High Card game, and proof that it catches broken games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract import check_playout
from tabletrip.core import registry
from tinygame import GAME_ID, lazy_variant, leaky_variant


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 3),
    rounds=st.integers(1, 8),
    variant=st.sampled_from(["plain", "bonus"]),
)
def test_high_card_fulfils_the_contract(seed: int, players: int, rounds: int, variant: str) -> None:
    check_playout(GAME_ID, players, {"rounds": rounds, "variant": variant}, seed, check_every=1)


@pytest.mark.parametrize("make_broken", [leaky_variant, lazy_variant])
def test_kit_catches_leaks_and_lazy_determinize(make_broken) -> None:
    broken = make_broken()
    registry.register(broken)
    try:
        with pytest.raises(AssertionError, match="determinize"):
            for seed in range(5):
                check_playout(broken.info.id, 2, {}, seed, check_every=1)
    finally:
        registry.unregister(broken.info.id)
