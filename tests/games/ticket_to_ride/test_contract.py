"""The contract kit over random Ticket to Ride games: both maps, every player count."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract import check_playout

CONFIGS = [("usa", p) for p in range(2, 6)] + [("europe-express", p) for p in range(2, 5)]


def ttr_steps(breakdown: dict[str, Any]) -> list[int]:
    """Ticket to Ride's scoring steps (the Longest Path length itself is not points)."""
    return [
        breakdown["start"],
        breakdown["routes"],
        breakdown["tickets_points"],
        breakdown["longest_path_bonus"],
        breakdown["europe_express_bonus"],
    ]


@pytest.mark.parametrize(("map_id", "players"), CONFIGS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_ticket_to_ride_fulfils_the_contract(map_id: str, players: int, seed: int) -> None:
    state = check_playout(
        "ticket-to-ride", players, {"map": map_id}, seed, steps=ttr_steps, check_every=5
    )
    breakdown = state.result.breakdown
    for seat in range(players):
        tickets = breakdown[seat]["tickets"]
        assert breakdown[seat]["tickets_points"] == sum(
            t["points"] if t["completed"] else -t["points"] for t in tickets
        )
