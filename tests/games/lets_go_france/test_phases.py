"""phases.py: the decisions a seat can owe, as saved states and observations name them."""

from __future__ import annotations

import pytest

from tabletrip.games.lets_go_france.legal import PENDING_WORDS
from tabletrip.games.lets_go_france.phases import Owed, Pending


def test_every_decision_a_seat_can_owe_has_its_words() -> None:
    decisions = set(Owed) - {Owed.SCORE_HIGHLIGHT}  # counted by the trip, never asked
    assert set(PENDING_WORDS) == decisions


@pytest.mark.parametrize(
    ("entry", "saved"),
    [
        (Pending(Owed.TRAVEL), ["travel"]),
        (Pending(Owed.FAVOUR, 4), ["favour", 4]),
        (Pending(Owed.STEP_BACK, 17), ["step_back", 17]),
        (Pending(Owed.SCORE_HIGHLIGHT, 0), ["score_highlight", 0]),
    ],
)
def test_an_entry_saves_as_the_plain_list_states_always_held(
    entry: Pending, saved: list[str | int]
) -> None:
    assert entry.to_json() == saved
    assert all(type(part) in (str, int) for part in entry.to_json())  # no enum in a saved state
    assert Pending.from_json(saved) == entry


def test_an_unknown_decision_in_a_saved_state_is_refused() -> None:
    with pytest.raises(ValueError, match="'dance'"):
        Pending.from_json(["dance"])
