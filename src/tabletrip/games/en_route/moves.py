"""En Route's moves: what each action does to the state, one small function each, and the
steps they share (asking the neighbours, rating, the drawing turn's marks and sections, the end
of a turn and of a round, refilling the hands).

`MOVE_FUNCTIONS` maps each action type to its function; `EnRouteState._apply` plays through it
after the rules accepted the action, so no function here checks legality again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletrip.core import (
    Action,
)
from tabletrip.games.en_route import knowledge
from tabletrip.games.en_route.actions import (
    CafeTourists,
    ChangeCoordinate,
    Chart,
    ChooseRoundCards,
    Done,
    ExtraSection,
    FinalRoute,
    KeepCard,
    KeepObjective,
    Mark,
    PlayCard,
    PlayHidden,
    Rate,
    Renew,
)
from tabletrip.games.en_route.content import TOURIST_TYPES
from tabletrip.games.en_route.geometry import (
    SECTION_ENDS,
)
from tabletrip.games.en_route.legal import route_bonuses
from tabletrip.games.en_route.phases import (
    BEGIN_CHOOSE,
    BEGIN_PLACE,
    CHART,
    DRAW,
    EXTRAS,
    FINAL,
    FIRST,
    KEEP,
    MAX_UPGRADES,
    OVER,
    PLACE,
    RATE,
    SECOND,
    SOLO_PLAY,
    SOLO_TAKE,
)

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteState


# --- moves -------------------------------------------------------------------------------


def _keep_objective(state: EnRouteState, action: KeepObjective) -> None:
    """Setup: keep one Personal Objective, discard the other."""
    kept = state.game.city.objective_ids.index(action.card)
    state.objectives[state.seat] = kept
    state.objective_discards[state.seat] = next(
        (o for o in state.objective_offers[state.seat] if o != kept), -1
    )
    state.objective_offers[state.seat] = []
    _next_in_queue(state, start_round)


def _renew(state: EnRouteState, action: Renew) -> None:
    """Once a game: cards under the deck, as many drawn, the deck shuffled."""
    index = state.game.card_index
    hand = state.hands[state.seat]
    cards = [index[c] for c in action.cards]
    for card in cards:
        hand.remove(card)
    hand.extend(knowledge.renew(state, state.seat, cards))
    state.sheets[state.seat].renewed = True
    shown = state.shown[state.seat].copy()  # shown maps are shared by clones: replaced
    shown.renewed = True
    state.shown[state.seat] = shown


def _play(state: EnRouteState, action: PlayCard | PlayHidden) -> None:
    """Place a card from the hand, as the phase says."""
    card = state.game.card_index[action.card]
    state.hands[state.seat].remove(card)
    phase = state.phase
    state.placed.append((state.seat, card, isinstance(action, PlayCard)))
    if phase == FIRST:
        _ask_neighbours(state)
    elif phase == SOLO_PLAY:
        state.round_cards = [card]
        state.phase = SOLO_TAKE
    elif phase == BEGIN_PLACE:
        _next_in_queue(state, _reveal_beginning)
    else:
        _next_in_queue(state, _to_keep)


def _ask_neighbours(state: EnRouteState) -> None:
    """Second card: the neighbours (2 players: the opponent twice; team: the teammate)."""
    players = state.game.players
    active = state.active
    if state.game.team:
        state.queue = [(active + 2) % 4] * 2
    elif players == 2:
        state.queue = [(active + 1) % 2] * 2
    else:
        state.queue = [(active + 1) % players, (active - 1) % players]
    state.phase = SECOND
    state.seat = state.queue[0]


def _to_keep(state: EnRouteState) -> None:
    state.phase = KEEP
    state.seat = state.active


def _keep_card(state: EnRouteState, action: KeepCard) -> None:
    """Keep one placed card (or solo: a face-up Card Sequence card) as a Round card."""
    card = state.game.card_index[action.card]
    if state.phase == SOLO_TAKE:
        slot = state.solo_slots.index(card)
        state.solo_slots[slot] = -1
        state.round_cards.append(card)
    else:
        first = next(c for s, c, _ in state.placed if s == state.active)
        removed = [c for s, c, _ in state.placed if s != state.active and c != card]
        knowledge.removed(state, removed[0])  # the other neighbour card, face down
        # The kept card is now a Round card, face up for all; the other leaves the table.
        state.placed = [(s, c, True) for s, c, _ in state.placed if c != removed[0]]
        state.round_cards = [first, card]
    _rate_round_cards(state)


def _rate_round_cards(state: EnRouteState) -> None:
    """Iconic symbols on the Round cards: upgrade (Standard) or the active player rates."""
    city = state.game.city
    symbols = [i for card in state.round_cards for i in city.deck[card].iconic]
    if state.game.advanced:
        state.rate_queue = symbols
        if symbols:
            state.phase = RATE
            state.seat = state.active
            return
    else:
        _upgrade(state, symbols)
    _start_drawing(state, [(s, *state.round_cards) for s in _drawing_order(state)])


def _upgrade(state: EnRouteState, symbols: list[int]) -> None:
    for iconic in symbols:
        state.marks[iconic] = min(MAX_UPGRADES, state.marks[iconic] + 1)


def _rate(state: EnRouteState, action: Rate) -> None:
    """Advanced: one Iconic symbol's rating goes up, down (or stays at an end)."""
    iconic = state.rate_queue.pop(0)
    state.marks[iconic] += action.change
    if not state.rate_queue:
        _start_drawing(state, [(s, *state.round_cards) for s in _drawing_order(state)])


def _drawing_order(state: EnRouteState) -> list[int]:
    players = state.game.players
    return [(state.active + i) % players for i in range(players)]


def _reveal_beginning(state: EnRouteState) -> None:
    """Beginning round: the placed cards are revealed; their symbols upgrade ratings."""
    city = state.game.city
    _upgrade(state, [i for _, card, _ in state.placed for i in city.deck[card].iconic])
    state.placed = [(s, c, True) for s, c, _ in state.placed]
    state.phase = BEGIN_CHOOSE
    state.queue = list(range(state.game.players))
    state.seat = 0


def _choose(state: EnRouteState, action: ChooseRoundCards) -> None:
    """Beginning round: this seat's two Round cards (4 players: the other two next round)."""
    index = state.game.card_index
    pair = sorted(index[c] for c in action.cards)
    rest = sorted(c for _, c, _ in state.placed if c not in pair)
    state.begin_choice[state.seat] = pair + (rest if state.game.players == 4 else [])
    _next_in_queue(state, _draw_beginning)


def _draw_beginning(state: EnRouteState) -> None:
    """Every seat has chosen: each draws with the first two cards it chose."""
    _start_drawing(state, [(s, *state.begin_choice[s][:2]) for s in range(state.game.players)])


def _next_in_queue(state: EnRouteState, then: Callable[[EnRouteState], None]) -> None:
    """The next seat of the queue decides; once every seat has, `then` moves the game on."""
    state.queue.pop(0)
    if state.queue:
        state.seat = state.queue[0]
    else:
        then(state)


def _start_drawing(state: EnRouteState, turns: list[tuple[int, ...]]) -> None:
    state.phase = DRAW
    state.draws = turns
    reset_turn(state)
    state.seat = turns[0][0]


def reset_turn(state: EnRouteState) -> None:
    """A drawing turn starts: select a location first."""
    state.stage = PLACE
    state.location = -1
    state.changes = [0, 0]
    state.fallback = False
    state.pending_cafes = []


def _change_coordinate(state: EnRouteState, action: ChangeCoordinate) -> None:
    """Use a Coordinate change bonus (a Balance card first: an unused Café scores 2 PP)."""
    _spend(state, "coordinate_change")
    state.changes[action.which] += action.delta


def _spend(state: EnRouteState, bonus: str) -> None:
    sheet = state.sheets[state.seat]
    if bonus in sheet.balance:
        sheet.balance.remove(bonus)
    else:
        sheet.cafes_used |= 1 << state.cafe_bonuses(bonus)[0]


def _mark(state: EnRouteState, action: Mark) -> None:
    """Mark the round's tourists (or 1 of a chosen type) in the selected location."""
    sheet = state.sheets[state.seat]
    state.fallback = not state.matching_locations()
    counts, choices = state.round_tourists()
    if state.fallback:
        counts = _single(action.tourist, 1)
    elif choices:
        repeated = _single(action.tourist or choices[0], 2)
        counts = (
            counts[0] + repeated[0],
            counts[1] + repeated[1],
            counts[2] + repeated[2],
        )
    sheet.add_tourists(action.location, counts)
    sheet.occupied |= 1 << action.location
    state.location = action.location
    state.stage = CHART


def _chart(state: EnRouteState, action: Chart) -> None:
    """Chart the round's route segment."""
    for section in action.sections:
        _draw_section(state, section)
    state.stage = EXTRAS
    _maybe_end_turn(state)


def _extra(state: EnRouteState, action: ExtraSection) -> None:
    """A Route section bonus: 1 section anywhere (Balance card first)."""
    _spend(state, "route_section")
    _draw_section(state, action.section)
    _maybe_end_turn(state)


def _draw_section(state: EnRouteState, section: int) -> None:
    sheet = state.sheets[state.seat]
    sheet.sections |= 1 << section
    if not state.game.use_cafes:
        return
    city = state.game.city
    for crossroads in SECTION_ENDS[section]:
        cafe = city.cafe_at[crossroads]
        if cafe >= 0 and not sheet.cafes_gained >> cafe & 1:
            sheet.cafes_gained |= 1 << cafe
            if city.cafes[cafe].bonus == "new_tourists":
                state.pending_cafes.append(cafe)


def _cafe(state: EnRouteState, action: CafeTourists) -> None:
    """A New tourists Café: its tourists join this turn's location now, or it stays unused."""
    cafe = state.pending_cafes.pop(0)
    if action.use:
        sheet = state.sheets[state.seat]
        sheet.add_tourists(state.location, state.game.city.cafes[cafe].tourists)
        sheet.cafes_used |= 1 << cafe
    _maybe_end_turn(state)


def _done(state: EnRouteState, action: Done) -> None:
    """End the drawing turn, keeping the bonuses."""
    _end_turn(state)


def _maybe_end_turn(state: EnRouteState) -> None:
    if state.stage == EXTRAS and not state.pending_cafes and not route_bonuses(state):
        _end_turn(state)


def _end_turn(state: EnRouteState) -> None:
    turn = state.draws.pop(0)
    seat = turn[0]
    if state.drawing_hidden():
        state.hidden_turns.append(turn)
    else:
        state.shown[seat] = state.sheets[seat].copy()
    reset_turn(state)
    if state.draws:
        state.seat = state.draws[0][0]
    else:
        _end_round(state)


def _end_round(state: EnRouteState) -> None:
    """Upkeep: reveal the maps, discard, refill hands, next active player, next round."""
    game = state.game
    last_beginning = state.is_beginning_round() and not (game.players == 4 and state.round == 1)
    if not state.is_beginning_round() or last_beginning:
        state.shown = [sheet.copy() for sheet in state.sheets]
        state.hidden_turns = []
    if not (state.is_beginning_round() and not last_beginning):
        state.deck.discard(card for _, card, _ in state.placed)
        if game.solo:
            state.deck.discard(state.round_cards[1:])
        state.placed = []
        for seat in _refill_order(state):
            hand = state.hands[seat]
            hand.extend(knowledge.draw(state, seat, game.hand_size - len(hand)))
        if game.solo:
            _flip_sequence(state)
    if not state.is_beginning_round():
        state.active = (state.active + 1) % game.players
    state.round += 1
    state.round_cards = []
    if state.round > game.city.rounds:
        state.phase = FINAL
        state.queue = list(range(game.players))
        state.seat = 0
    else:
        start_round(state)


def _refill_order(state: EnRouteState) -> list[int]:
    players = state.game.players
    return [(state.active + i) % players for i in range(players)]


def _flip_sequence(state: EnRouteState) -> None:
    covered = state.game.city.solo_covered_by
    for i, over in enumerate(covered):
        if state.solo_slots[i] >= 0 and all(state.solo_slots[j] < 0 for j in over):
            state.solo_up |= 1 << i


def start_round(state: EnRouteState) -> None:
    """The Tourist selection phase of the round about to be played."""
    game = state.game
    if game.solo:
        state.phase = SOLO_PLAY
        state.seat = 0
    elif state.is_beginning_round() and state.round == 2:
        _start_drawing(state, [(s, *state.begin_choice[s][2:]) for s in range(game.players)])
    elif state.is_beginning_round():
        state.phase = BEGIN_PLACE
        state.queue = list(range(game.players))
        state.seat = 0
    else:
        state.phase = FIRST
        state.seat = state.active


def _final(state: EnRouteState, action: FinalRoute) -> None:
    """Choose the final route; when every seat has, the game is scored."""
    state.finals[state.seat] = tuple(action.crossroads)

    _next_in_queue(state, _game_over)


def _game_over(state: EnRouteState) -> None:
    state.phase = OVER


MOVE_FUNCTIONS: dict[type[Action], Callable[[EnRouteState, Any], None]] = {
    KeepObjective: _keep_objective,
    PlayCard: _play,
    PlayHidden: _play,
    Renew: _renew,
    KeepCard: _keep_card,
    ChooseRoundCards: _choose,
    Rate: _rate,
    ChangeCoordinate: _change_coordinate,
    Mark: _mark,
    Chart: _chart,
    ExtraSection: _extra,
    CafeTourists: _cafe,
    Done: _done,
    FinalRoute: _final,
}


def _single(tourist: str, count: int) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    counts[TOURIST_TYPES.index(tourist)] = count
    return counts[0], counts[1], counts[2]
