"""`random_action` in Ticket to Ride: the claims are counted from the bit masks and only the
drawn one is built, yet every legal action stays equally likely (CONTRACT.md, "random_action")."""

from __future__ import annotations

from collections import Counter

import pytest

import tabletrip
from chi_square import chi_square, chi_square_limit
from tabletrip.core import Rng, State
from tabletrip.games.ticket_to_ride.actions import Claim
from tabletrip.games.ticket_to_ride.phases import TURN


def _state_with_many_claims(map_id: str) -> State:
    """A turn of a random game with claims in several colours, with and without Locomotives."""
    game = tabletrip.make("ticket-to-ride", players=2, map=map_id)
    for seed in range(200):
        state = game.new_game(seed)
        rng = Rng(seed)
        while not state.is_over:
            legal = state.legal_actions()
            claims = [a for a in legal if isinstance(a, Claim)]
            colours = {a.color for a in claims}
            if len(claims) >= 20 and len(colours) >= 3 and any(a.locomotives for a in claims):
                return state
            state.apply(rng.choice(legal))
    raise AssertionError("no random game reached a turn with many claims")


@pytest.mark.parametrize("map_id", ["usa", "europe-express"])
def test_every_legal_action_is_equally_likely(map_id: str) -> None:
    state = _state_with_many_claims(map_id)
    legal = state.legal_actions()
    draws = 60 * len(legal)
    rng = Rng(11)
    counts = Counter(state.random_action(rng) for _ in range(draws))
    assert set(counts) == set(legal)
    expected = dict.fromkeys(legal, draws / len(legal))
    assert chi_square(counts, expected) < chi_square_limit(len(legal) - 1)


def test_the_draw_is_the_listed_action_at_the_drawn_index() -> None:
    """The same action `rng.choice(legal_actions())` gives, for every index of the list."""
    state = _state_with_many_claims("usa")
    legal = state.legal_actions()
    others = [a for a in legal if not isinstance(a, Claim)]
    counted, all_locomotive = state._count_claims()
    assert len(others) + sum(c[3] for c in counted) + all_locomotive.bit_count() == len(legal)
    for index in range(len(legal) - len(others)):
        assert state._claim_at(index, counted, all_locomotive) is legal[len(others) + index]


def test_a_turn_with_nothing_to_do_draws_the_pass() -> None:
    """Ticket to Ride RULES_NOTES.md: with no card, ticket or claim possible, a seat passes."""
    state = tabletrip.make("ticket-to-ride", players=2, map="usa").new_game(0)
    rng = Rng(1)
    while state.phase != TURN:  # play the setup ticket choices
        state.apply(rng.choice(state.legal_actions()))
    state.deck.cards.clear()
    state.deck.discards.clear()
    state.face_up.clear()
    state.ticket_pile.clear()
    state.hands[state.seat] = [0] * len(state.hands[state.seat])
    assert [str(a) for a in state.legal_actions()] == [str(state.game.pass_turn)]
    probe, reference = Rng(5), Rng(5)
    assert state.random_action(probe) == reference.choice(state.legal_actions())
    assert probe.state == reference.state
