"""Determinization for En Route: deal anew all that one seat cannot see."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Rng
from tabletrip.games.en_route.phases import BEGIN_CHOOSE, DRAW, FINAL
from tabletrip.games.en_route.views import sees_placed

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteState


def determinize(state: EnRouteState, seat: int, rng: Rng) -> EnRouteState:
    """Deal anew what `seat` cannot see: hands, face-down cards, deck order, objectives,
    other seats' secret Round card choices and their maps' unrevealed turns, the future."""
    copy = state.clone()
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
    pool = list(state.deck.cards)
    pool += [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    pool += [state.placed[i][1] for i in hidden_placed]
    pool += [state.solo_slots[i] for i in hidden_slots]
    rng.shuffle(pool)
    for s, hand in enumerate(state.hands):
        if s != seat:
            state.hands[s] = [pool.pop() for _ in hand]
    for i in hidden_placed:
        owner, _, up = state.placed[i]
        state.placed[i] = (owner, pool.pop(), up)
    for i in hidden_slots:
        state.solo_slots[i] = pool.pop()
    state.deck.cards = pool


def _resample_objectives(state: EnRouteState, seat: int, rng: Rng) -> None:
    if not state.game.use_objectives:
        return
    mine = {state.objectives[seat], *state.objective_offers[seat]}
    pool = [o for o in range(len(state.game.city.objectives)) if o not in mine]
    rng.shuffle(pool)
    for s in range(state.game.players):
        if s == seat:
            continue
        if state.objectives[s] >= 0:
            state.objectives[s] = pool.pop()
        state.objective_offers[s] = [pool.pop() for _ in state.objective_offers[s]]


def _replay_hidden_turns(state: EnRouteState, seat: int, rng: Rng) -> None:
    """Other seats' unrevealed drawing turns (and secret card choices) are undone and put
    back in the queue: their maps show only what `seat` has seen."""
    beginning = state.is_beginning_round()
    placed = [c for _, c, _ in state.placed]
    if state.phase == BEGIN_CHOOSE or (state.phase == DRAW and beginning):
        for s in range(state.game.players):
            if s != seat and state.begin_choice[s]:
                cards = placed.copy()
                rng.shuffle(cards)
                pair, rest = sorted(cards[:2]), sorted(cards[2:])
                state.begin_choice[s] = pair + (rest if state.game.players == 4 else [])
    if state.phase != DRAW:
        return
    current = state.draws[0][0]
    redo: list[tuple[int, int, int]] = []
    for s in range(state.game.players):
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
        state.reset_turn()  # another seat's unfinished hidden turn starts over
    pending = [t for t in state.draws if t[0] == seat or t[0] not in {r[0] for r in redo}]
    if beginning and state.round == 2:
        pending = [t if t[0] == seat else (t[0], *state.begin_choice[t[0]][2:]) for t in pending]
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
