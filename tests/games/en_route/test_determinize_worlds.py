"""Determinized En Route worlds are possible worlds: measured over random games.

CONTRACT.md (the contract: `determinize(seat)` resamples all that `seat` cannot see, consistently
with its observation) and the rulebook sections each kind of world breaks:

- Beginning Rounds (3 and 4 Players): another seat's queued drawing turn must use the Round
  cards of that seat's (resampled) choice, and with 4 players the two rounds use the 4 placed
  cards, each once.
- Setup > Players' Setup 3 (Personal Objectives): a seat saw the objective it discarded, so no
  other seat holds it.
- Round Order > 1. Tourist Selection Phase, step 2 (the removed card goes face down to the
  bottom of the City deck, seen by all when revealed): it stays at the bottom until a shuffle,
  and a refill that reaches it puts it in the hand everyone saw draw it.
- Special Rules > Hand Card Renewal: the renewing seat knows its cards went into the deck.
- End of the Game > I (objectives flipped face up): a finished game's objectives are known.

A tracker follows each random game from what is public (and each seat's own moves), and every
few moves each seat's determinization is checked against it; each kind is counted apart.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

import tabletrip
from tabletrip.core import Action, Rng
from tabletrip.core.game import Concealed
from tabletrip.games.en_route import knowledge
from tabletrip.games.en_route.actions import KeepCard, KeepObjective, PlayCard, Renew
from tabletrip.games.en_route.phases import DRAW, KEEP, OVER
from tabletrip.games.en_route.rules import EnRouteState
from tabletrip.games.en_route.views import sees_placed

CONFIGS = [
    ("standard", 2),
    ("standard", 3),
    ("standard", 4),
    ("advanced", 3),
    ("advanced", 4),
    ("team", 4),
    ("solo", 1),
]
GAMES = 10
EVERY = 2  # moves between two checks


@dataclass
class Knowledge:
    """What the seats know of hidden cards and objectives, kept from the moves as played."""

    players: int
    discarded: dict[int, int] = field(default_factory=dict)  # seat: its discarded objective
    bottom: list[int] = field(default_factory=list)  # removed cards at the deck's bottom
    in_hand: dict[int, set[int]] = field(default_factory=dict)  # seat: cards seen drawn
    in_deck: set[int] = field(default_factory=set)  # known cards shuffled into the deck
    renewed: dict[int, set[int]] = field(default_factory=dict)  # seat: its renewed cards

    def see(self, before: EnRouteState, seat: int, action: Action, after: EnRouteState) -> None:
        """Update from one move (`before` only for what the move itself shows)."""
        index = before.game.card_index
        if isinstance(action, KeepObjective):
            kept = before.game.city.objective_ids.index(action.card)
            self.discarded[seat] = next(o for o in before.objective_offers[seat] if o != kept)
        if isinstance(action, KeepCard) and before.phase == KEEP:
            kept_card = index[action.card]
            removed = [c for s, c, _ in before.placed if s != before.active and c != kept_card]
            self.bottom.insert(0, removed[0])
        if isinstance(action, PlayCard):
            for cards in self.in_hand.values():
                cards.discard(index[action.card])
        if isinstance(action, Renew):
            # Under the deck, as many drawn from the top, the deck shuffled: the known bottom
            # cards the draw did not reach are somewhere in the deck; the renewing seat's
            # known cards may have gone under; other shuffled cards may have been drawn.
            self._bottom_drawn(after)
            self.in_deck = set(self.bottom)
            self.bottom = []
            self.in_hand.pop(seat, None)
            self.renewed = {seat: {index[c] for c in action.cards}}
        elif len(after.deck.cards) < len(before.deck.cards):  # the Upkeep refill
            self._bottom_drawn(after)
            self.in_deck = set()
            self.renewed = {}
        for cards in self.in_hand.values():  # a card seen placed face up is no longer secret
            cards -= {c for _, c, up in after.placed if up}

    def _bottom_drawn(self, after: EnRouteState) -> None:
        """Known bottom cards no longer in the deck went to the hands everyone saw draw."""
        for card in [c for c in self.bottom if c not in after.deck.cards]:
            self.bottom.remove(card)
            holder = next(s for s, hand in enumerate(after.hands) if card in hand)
            self.in_hand.setdefault(holder, set()).add(card)

    def impossible(self, state: EnRouteState, seat: int, view: EnRouteState) -> Counter[str]:
        """The kinds of impossible world `view` (seat's determinization of `state`) shows."""
        found: Counter[str] = Counter()
        others = [s for s in range(self.players) if s != seat]
        mine = self.discarded.get(seat)
        if mine is not None and any(
            mine == view.objectives[s] or mine in view.objective_offers[s] for s in others
        ):
            found["own discarded objective dealt to another seat"] += 1
        if state.phase == OVER and view.objectives != state.objectives:
            found["objectives revealed at the end resampled"] += 1
        if view.deck.cards[: len(self.bottom)] != self.bottom:
            found["removed card not at the bottom of the deck"] += 1
        for holder, cards in self.in_hand.items():
            if holder == seat:
                continue
            placed = {c for s, c, _ in view.placed if s == holder}
            if not cards <= set(view.hands[holder]) | placed:
                found["removed card drawn by one seat found elsewhere"] += 1
        if not self.in_deck <= set(view.deck.cards):
            found["known card shuffled into the deck found elsewhere"] += 1
        if not self.renewed.get(seat, set()) <= set(view.deck.cards):
            found["own renewed card found out of the deck"] += 1
        found.update(_beginning_worlds(state, seat, view))
        return found


def _beginning_worlds(state: EnRouteState, seat: int, view: EnRouteState) -> Counter[str]:
    found: Counter[str] = Counter()
    if not state.is_beginning_round() or state.phase != DRAW:
        return found
    placed = sorted(c for _, c, _ in view.placed)
    for turn in view.draws:
        other, a, b = turn
        if other == seat:
            continue
        choice = view.begin_choice[other]
        pairs = [choice[:2], choice[2:]] if state.round == 2 else [choice[:2]]
        if sorted((a, b)) not in pairs:
            found["queued turn not from the seat's own Round card choice"] += 1
        if state.round == 1 and {a, b} & set(choice[2:]):  # 4 players: the next round's
            found["a card used in both beginning rounds"] += 1
    if state.game.players == 4:
        for other in range(4):
            if other != seat and sorted(view.begin_choice[other]) != placed:
                found["a card used in both beginning rounds"] += 1
    return found


def measure(mode: str, players: int) -> tuple[Counter[str], int]:
    """Impossible worlds by kind over random games of this mode, and the worlds checked."""
    game = tabletrip.make("en-route", players=players, mode=mode)
    found: Counter[str] = Counter()
    checked = 0
    for number in range(GAMES):
        state = game.new_game(seed=number)
        assert isinstance(state, EnRouteState)
        known = Knowledge(players)
        rng = Rng(100 + number)
        step = 0
        while True:
            if step % EVERY == 0 or state.is_over:
                for seat in range(players):
                    view = state.determinize(seat, Rng(step * 7 + seat))
                    assert isinstance(view, EnRouteState)
                    found += known.impossible(state, seat, view)
                    checked += 1
            if state.is_over:
                break
            seat = state.current_player
            action = rng.choice(state.legal_actions())
            before = state.clone()
            state.apply(action)
            known.see(before, seat, action, state)
            step += 1
    return found, checked


@pytest.mark.parametrize(("mode", "players"), CONFIGS)
def test_determinized_worlds_are_possible(mode: str, players: int) -> None:
    """No determinization shows a world the seat knows to be impossible (counted by kind)."""
    found, checked = measure(mode, players)
    assert checked >= 100
    assert dict(found) == {}, f"{sum(found.values())} impossible of {checked} worlds"


def _true_place(state: EnRouteState, seat: int, card: int) -> int | None:
    """Where a card really is, as a knowledge.py place bit; None where `seat` sees it."""
    if card in state.deck.cards[state.bottom_known :]:
        return knowledge.DECK
    for other, hand in enumerate(state.hands):
        down = [c for s, c, up in state.placed if s == other and not up]
        hidden_down = not sees_placed(state, seat) and card in down
        if other != seat and (card in hand or hidden_down):
            return knowledge.hand(other)
    hidden_slots = [
        c for i, c in enumerate(state.solo_slots) if c >= 0 and not state.solo_up >> i & 1
    ]
    return knowledge.SEQUENCE if card in hidden_slots else None


@pytest.mark.parametrize(("mode", "players"), CONFIGS)
def test_what_a_seat_knows_of_a_card_never_rules_out_the_truth(mode: str, players: int) -> None:
    """knowledge.py: each seat's places for a hidden card always hold the card's true place
    (so a determinization can always deal every card where the seat thinks it may be), and
    the known bottom cards are in the deck."""
    game = tabletrip.make("en-route", players=players, mode=mode)
    for number in range(3):
        state = game.new_game(seed=50 + number)
        assert isinstance(state, EnRouteState)
        rng = Rng(number)
        while not state.is_over:
            assert 0 <= state.bottom_known <= len(state.deck.cards)
            for seat in range(players):
                table = state.whereabouts[seat]
                for card in range(len(game.city.deck)):
                    place = _true_place(state, seat, card)
                    where = table.get(card, knowledge.ANYWHERE)
                    assert place is None or where & place, (seat, card, place)
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("mode", "players"), [("standard", 3), ("standard", 4), ("solo", 1)])
def test_a_determinized_history_holds_only_what_the_seat_knows(mode: str, players: int) -> None:
    """CONTRACT.md (determinize: nothing in it, its history included, holds what the seat cannot
    know): another seat's move whose notation names a hidden choice (a kept objective, a face
    down card, a secret Round card choice, a drawing turn, renewed cards) is in the copy's
    history only as the others saw it; the seat's own moves are there as played."""
    game = tabletrip.make("en-route", players=players, mode=mode)
    state = game.new_game(seed=4)
    rng = Rng(9)
    concealed = 0
    while not state.is_over:
        seat = state.current_player
        view = state.determinize(seat, Rng(len(state.history)))
        for (actor, true), (who, seen) in zip(state.history, view.history, strict=True):
            assert who == actor
            if actor == seat or state.public_move(true) == str(true):
                assert seen == true
            else:
                assert isinstance(seen, Concealed) and seen.move == true.kind
                assert str(seen) == seen.public() == state.public_move(true)
                concealed += 1
        state.apply(rng.choice(state.legal_actions()))
    assert concealed > 0 or players == 1
