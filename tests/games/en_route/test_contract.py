"""The contract kit over random En Route games: every mode, level and player count."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract import check_playout
from tabletrip.games.en_route.actions import FinalRoute
from tabletrip.games.en_route.scoring import STEPS

CONFIGS = [
    (mode, players, level)
    for mode, counts in (("standard", (2, 3, 4)), ("advanced", (2, 3, 4)), ("team", (4,)))
    for players in counts
    for level in ("simplified", "intermediate", "full")
] + [("solo", 1, "full")]


def en_route_steps(breakdown: dict[str, Any]) -> list[int]:
    """The nine scoring steps of "End of the Game" (tie-break counts are not points)."""
    return [breakdown[step] for step in STEPS]


@pytest.mark.parametrize(("mode", "players", "level"), CONFIGS)
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32), clockwise=st.booleans())
def test_en_route_fulfils_the_contract(
    mode: str, players: int, level: str, seed: int, clockwise: bool
) -> None:
    check_playout(
        "en-route",
        players,
        {"mode": mode, "level": level, "clockwise": clockwise},
        seed,
        steps=en_route_steps,
        check_every=5,
        open_kinds=(FinalRoute,),
        winners_have_top_score=mode != "team",
        may_have_no_winner=mode == "solo",
    )


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_balance_cards_fulfil_the_contract(seed: int) -> None:
    check_playout(
        "en-route",
        3,
        {"balance": "0:route,1:coordinate,1:route"},
        seed,
        steps=en_route_steps,
        check_every=3,
        open_kinds=(FinalRoute,),
    )
