"""The contract kit over random Route East games: 2 to 5 players, 2 to 6 attractions."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract import check_playout


def route_east_steps(breakdown: dict[str, Any]) -> list[int]:
    """The only scoring step of a race: finishing first ("Overview")."""
    return [breakdown["finished"]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_route_east_fulfils_the_contract(players: int, seed: int) -> None:
    check_playout(
        "route-east",
        players,
        {},
        seed,
        steps=route_east_steps,
        check_every=11,
        max_steps=40_000,
        may_have_no_winner=True,
    )


@pytest.mark.parametrize(("players", "attractions"), [(2, 2), (3, 6), (5, 6)])
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_more_attractions_fulfil_the_contract(players: int, attractions: int, seed: int) -> None:
    """The rulebook's "Play with More Attractions": 2 to 6 cards each."""
    check_playout(
        "route-east",
        players,
        {"attractions": attractions},
        seed,
        steps=route_east_steps,
        check_every=11,
        max_steps=40_000,
        may_have_no_winner=True,
    )
