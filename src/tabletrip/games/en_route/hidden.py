"""Determinization for En Route: deal anew all that one seat cannot see, as it may be.

Everything dealt anew is dealt where the seat thinks it may be: cards by what it knows of
them (knowledge.py: the removed cards under the deck, the cards seen drawn from there, its own
renewed cards), objectives among those it did not see (its own offer, discarded card
included; at the end every kept one is known), other seats' beginning-round choices among the
placed cards, each turn queued with its seat's choice. The history is the one the seat knows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Rng
from tabletrip.games.en_route import knowledge
from tabletrip.games.en_route.moves import reset_turn
from tabletrip.games.en_route.phases import BEGIN_CHOOSE, DRAW, FINAL, OVER
from tabletrip.games.en_route.views import sees_placed

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteState


def determinize(state: EnRouteState, seat: int, rng: Rng) -> EnRouteState:
    """Deal anew what `seat` cannot see: hands, face-down cards, deck order, objectives,
    other seats' secret Round card choices and their maps' unrevealed turns, the future."""
    copy = state.clone()
    state._conceal_history(copy, seat)
    _resample_cards(copy, seat, rng)
    _resample_objectives(copy, seat, rng)
    _replay_hidden_turns(copy, seat, rng)
    _hide_final_routes(copy, seat)
    copy.rng = Rng(rng.next64())
    return copy


def _resample_cards(state: EnRouteState, seat: int, rng: Rng) -> None:
    sees = sees_placed(state, seat)
    hidden_placed = [
        i for i, (s, _, up) in enumerate(state.placed) if not up and s != seat and not sees
    ]
    hidden_slots = [
        i for i, c in enumerate(state.solo_slots) if c >= 0 and not state.solo_up >> i & 1
    ]
    bottom = state.bottom_known  # the removed cards under the deck: every seat knows them
    deck = state.deck.cards
    cards = deck[bottom:]
    places = [(knowledge.DECK, len(cards))]
    down = [0] * len(state.hands)  # a seat's face-down card came from its hand: one place
    for i in hidden_placed:
        down[state.placed[i][0]] += 1
    for s, hand in enumerate(state.hands):
        if s != seat:
            places.append((1 << s, len(hand) + down[s]))  # knowledge.hand(s)
            cards += hand
    cards += [state.placed[i][1] for i in hidden_placed]
    if hidden_slots:
        places.append((knowledge.SEQUENCE, len(hidden_slots)))
        cards += [state.solo_slots[i] for i in hidden_slots]
    held = knowledge.deal(state, seat, cards, places, rng)
    for i in hidden_placed:
        owner, _, up = state.placed[i]
        state.placed[i] = (owner, held[1 << owner].pop(), up)
    for s in range(len(state.hands)):
        if s != seat:
            state.hands[s] = held[1 << s]
    for i in hidden_slots:
        state.solo_slots[i] = held[knowledge.SEQUENCE].pop()
    state.deck.cards = deck[:bottom] + held[knowledge.DECK] if bottom else held[knowledge.DECK]


def _resample_objectives(state: EnRouteState, seat: int, rng: Rng) -> None:
    """Objectives `seat` has not seen; at the end the kept ones are face up for all."""
    if not state.game.use_objectives:
        return
    over = state.phase == OVER
    seen = {state.objectives[seat], state.objective_discards[seat], *state.objective_offers[seat]}
    if over:
        seen.update(state.objectives)
    pool = [o for o in range(len(state.game.city.objectives)) if o not in seen]
    rng.shuffle(pool)
    for s in range(state.game.players):
        if s == seat:
            continue
        if state.objectives[s] >= 0 and not over:
            state.objectives[s] = pool.pop()
        if state.objective_discards[s] >= 0:
            state.objective_discards[s] = pool.pop()
        state.objective_offers[s] = [pool.pop() for _ in state.objective_offers[s]]


def _replay_hidden_turns(state: EnRouteState, seat: int, rng: Rng) -> None:
    """Other seats' secret Round card choices are dealt anew; their unrevealed drawing turns
    are undone and put back in the queue, each with its seat's choice: their maps show only
    what `seat` has seen. After the beginning rounds nothing uses the choices: the others'
    are left out."""
    beginning = state.is_beginning_round()
    players = state.game.players
    if not beginning:
        for s in range(players):
            if s != seat:
                state.begin_choice[s] = []
    elif state.phase in (BEGIN_CHOOSE, DRAW):
        placed = [c for _, c, _ in state.placed]
        for s in range(players):
            if s != seat and state.begin_choice[s]:
                rng.shuffle(placed)
                pair, rest = sorted(placed[:2]), sorted(placed[2:])
                state.begin_choice[s] = pair + (rest if players == 4 else [])
    if state.phase != DRAW:
        return
    current = state.draws[0][0]
    redo: list[tuple[int, ...]] = []
    for s in range(players):
        if s == seat or state.sheets[s] == state.shown[s]:
            continue
        state.sheets[s] = state.shown[s].copy()
        if beginning:
            turns = [(s, *state.begin_choice[s][:2])]
            if state.round == 2:
                turns.append((s, *state.begin_choice[s][2:]))
        else:
            turns = [t for t in state.hidden_turns if t[0] == s]
        redo += turns
    if current != seat and state.sheets[current] == state.shown[current]:
        reset_turn(state)  # another seat's unfinished hidden turn starts over
    pending = [t for t in state.draws if t[0] == seat or t[0] not in {r[0] for r in redo}]
    if beginning:  # a turn still to come uses its seat's (new) choice for this round
        now = slice(2, 4) if state.round == 2 else slice(0, 2)
        pending = [t if t[0] == seat else (t[0], *state.begin_choice[t[0]][now]) for t in pending]
    state.hidden_turns = [t for t in state.hidden_turns if t[0] == seat]
    draws = pending + redo
    # The seat to move is public: whoever it is stays first, so `seat` sees the same mover.
    first = next(i for i, t in enumerate(draws) if t[0] == current)
    state.draws = [draws[first], *draws[:first], *draws[first + 1 :]]
    state.seat = state.draws[0][0]


def _hide_final_routes(state: EnRouteState, seat: int) -> None:
    """Final routes already chosen by others are secret: they choose again, after `seat`."""
    if state.phase != FINAL:
        return
    for other, route in enumerate(state.finals):
        if other != seat and route is not None:
            state.finals[other] = None
            state.queue.append(other)
