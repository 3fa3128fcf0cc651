"""The contract kit over random Let's Go! To France games: 1 to 4 players, every region."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract import check_playout
from tabletrip.games.lets_go_france.content import REGIONS

STEPS = (
    "days",
    "energy",
    "experience",
    "favourable_conditions",
    "tokens_and_goals",
    "research_tokens",
)


def lets_go_steps(breakdown: dict[str, Any]) -> list[int]:
    """The scoring steps of "Final Score"."""
    return [breakdown[step] for step in STEPS]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("region", REGIONS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_lets_go_fulfils_the_contract(players: int, region: str, seed: int) -> None:
    check_playout(
        "lets-go-france",
        players,
        {"region": region},
        seed,
        steps=lets_go_steps,
        check_every=5,
        may_have_no_winner=players == 1,
    )


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_advanced_traveler_solo_fulfils_the_contract(seed: int) -> None:
    """Solo Rules, Advanced Traveler Mode."""
    check_playout(
        "lets-go-france",
        1,
        {"advanced_traveler": True},
        seed,
        steps=lets_go_steps,
        check_every=5,
        may_have_no_winner=True,
    )
