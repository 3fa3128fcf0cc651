"""Exact Route East situations for the rule tests.

A situation is a new game whose plain state fields (position, money, fuel, hand, phase, deck
tops, dice) are then set by the builders below. Places are found on the real board by what
they are (`space_of_kind`, `road_of_kind`), so the tests say which rule they check, not which
space of today's board happens to have it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest

import tabletrip
from tabletrip.core import Action, IllegalAction, Rng
from tabletrip.games.route_east.actions import DrawIgnition, EndTurn
from tabletrip.games.route_east.content import (
    ATTRACTION,
    BORDER,
    ROAD_KINDS,
    SPACE_KINDS,
    Board,
)
from tabletrip.games.route_east.phases import FREE, MOVES, START
from tabletrip.games.route_east.rules import RouteEastState


def new_state(players: int = 2, seed: int = 0, **options: object) -> RouteEastState:
    """A fresh game, the first player to start its first turn."""
    state = tabletrip.make("route-east", players=players, **options).new_game(seed)
    assert isinstance(state, RouteEastState)
    return state


def sid(state: RouteEastState, space: int) -> str:
    """The board id of a space index."""
    return state.game.board.space_ids[space]


def index(state: RouteEastState, space_id: str) -> int:
    """The index of a space id."""
    return state.game.board.index[space_id]


def card_id(state: RouteEastState, kind: str) -> str:
    """The id of the first Action card kind with this effect kind (e.g. `tent`)."""
    decks = state.game.decks
    return decks.action[decks.action_of_kind[kind]].id


# --- finding places by what they are ----------------------------------------------------------


def spaces_of_kind(board: Board, kind: str) -> list[int]:
    """Every space of a kind (`hostel`, `border`, `atm`, ...)."""
    code = SPACE_KINDS.index(kind)
    return [s for s, k in enumerate(board.kinds) if k == code]


def space_of_kind(board: Board, kind: str) -> int:
    """The first space of a kind."""
    return spaces_of_kind(board, kind)[0]


def neighbours(board: Board, space: int, country: int) -> list[tuple[int, int, bool]]:
    """(next space, road kind, no_trains) a piece in `country` may take from `space`."""
    return list(board.steps.get((space, country), ()))


def road_from_rest(board: Board, road_kind: int) -> tuple[int, int]:
    """(a, b): a road of this kind that starts on a Hostel or Hotel (not a Border)."""
    for a, b, kind, _ in board.roads:
        for here, there in ((a, b), (b, a)):
            ok_ends = board.kinds[here] != BORDER and board.kinds[there] != BORDER
            if kind == road_kind and board.rest[here] and ok_ends:
                return here, there
    raise LookupError("no such road")


def land_border(board: Board) -> int:
    """A Border that is not a Caspian port."""
    return next(s for s in spaces_of_kind(board, "border") if s not in board.ports)


# --- setting up a turn ------------------------------------------------------------------------


def at(
    state: RouteEastState,
    seat: int,
    space: int,
    country: int | None = None,
) -> None:
    """Put `seat` on `space`, in `country` (default: the space's own, a Border's first)."""
    board = state.game.board
    state.pos[seat] = space
    state.country[seat] = board.country[space] if country is None else country
    state.status[seat] = FREE
    state.status_turns[seat] = 0


def give(state: RouteEastState, seat: int, kind: str, count: int = 1) -> None:
    """Put `count` Action cards of this effect kind in `seat`'s hand (taken from the deck)."""
    card = state.game.decks.action_of_kind[kind]
    state.hands[seat][card] += count
    for _ in range(count):
        if card in state.action.cards:
            state.action.cards.remove(card)


def empty_hands(state: RouteEastState) -> None:
    """Every Action card back in the deck."""
    for hand in state.hands:
        for card, count in enumerate(hand):
            state.action.cards.extend([card] * count)
            hand[card] = 0


def moves_phase(
    state: RouteEastState,
    seat: int,
    space: int,
    moves: int = 3,
    country: int | None = None,
) -> RouteEastState:
    """`seat` is in the middle of its turn on `space` with `moves` moves to spend."""
    at(state, seat, space, country)
    state.seat = seat
    state.phase = MOVES
    state.after = MOVES
    state.moves_left = moves
    state.moves_used = 0
    state.plays = 0
    state.stayed = False
    state.may_go_back = False
    state.path = [space]
    state.card = -1
    return state


def start_phase(state: RouteEastState, seat: int, space: int, night_cost: int = 0) -> None:
    """`seat` begins a turn on `space`, owing `night_cost` for the night."""
    at(state, seat, space)
    state.seat = seat
    state.phase = START
    state.night_cost[seat] = night_cost
    state.moves_left = 0
    state.moves_used = 0
    state.plays = 0
    state.stayed = False
    state.may_go_back = not state.game.board.rest[space]
    state.path = [space]
    state.card = -1


def ignition_on_top(state: RouteEastState, name: str) -> int:
    """Put the Ignition card kind called `name` on top of its deck; its kind index."""
    cards = state.game.decks.ignition
    kind = next(i for i, c in enumerate(cards) if c.name == name)
    state.ignition.cards.append(kind)
    return kind


def ignition_with(state: RouteEastState, *kinds: str) -> int:
    """Put an Ignition card whose effects are exactly these kinds on top; its index."""
    cards = state.game.decks.ignition
    kind = next(i for i, c in enumerate(cards) if tuple(e.kind for e in c.effects) == kinds)
    state.ignition.cards.append(kind)
    return kind


def border_with(state: RouteEastState, *kinds: str) -> int:
    """Put a Border card whose effects are exactly these kinds on top; its index."""
    cards = state.game.decks.border
    kind = next(i for i, c in enumerate(cards) if tuple(e.kind for e in c.effects) == kinds)
    state.border.cards.append(kind)
    return kind


def rig_dice(state: RouteEastState, rolls: Iterable[int]) -> None:
    """Make the state's next die rolls exactly `rolls` (by choosing its generator's seed)."""
    wanted = list(rolls)
    for seed in range(1, 10_000_000):
        rng = Rng(seed)
        if all(rng.roll() == value for value in wanted):
            state.rng = Rng(seed)
            return
    raise AssertionError(f"no seed gives the rolls {wanted}")  # pragma: no cover


def attractions(state: RouteEastState, seat: int, ids: list[int], visited: int = 0) -> None:
    """Give `seat` exactly these attraction ids, the first `visited` of them visited."""
    state.attractions[seat] = list(ids)
    state.visited[seat] = sum(1 << a for a in ids[:visited])


def attraction_space(state: RouteEastState, attraction: int) -> int:
    """The space of an attraction id."""
    return state.game.board.attractions[attraction].space


def unowned_attraction(state: RouteEastState) -> int:
    """An attraction id no seat holds."""
    held = {a for hand in state.attractions for a in hand}
    return next(a for a in range(len(state.game.board.attractions)) if a not in held)


def attraction_spaces(board: Board) -> list[int]:
    """Every attraction space."""
    return [s for s, k in enumerate(board.kinds) if k == ATTRACTION]


# --- checks ---------------------------------------------------------------------------------


def legal_strings(state: RouteEastState) -> list[str]:
    """The legal actions in notation."""
    return [str(a) for a in state.legal_actions()]


def refused(state: RouteEastState, action: Action, *words: str) -> str:
    """Apply `action`, expect IllegalAction with these words, the state unchanged; the reason."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), message
    return message


# --- more places and turns (added for the card and place rule tests) ---------------------------


def between(board: Board, kind: str, bonus: str | None = None) -> tuple[int, int, int]:
    """(a, middle, b): a space of `kind` joined by normal roads to two Hostels or Hotels of its
    country, a and b (an attraction: one whose bonus is of kind `bonus`, if given)."""
    code = SPACE_KINDS.index(kind)
    lodgings = (SPACE_KINDS.index("hostel"), SPACE_KINDS.index("hotel"))
    for middle, k in enumerate(board.kinds):
        if k != code:
            continue
        if bonus is not None and board.attractions[board.attraction_at[middle]].bonus.kind != bonus:
            continue
        rests = [
            there
            for there, road, _ in neighbours(board, middle, board.country[middle])
            if road == ROAD_KINDS.index("normal") and board.kinds[there] in lodgings
        ]
        if len(rests) >= 2:
            return rests[0], middle, rests[1]
    raise LookupError(f"no {kind} between two Hostels or Hotels")


def walk_to_border(board: Board) -> tuple[int, int, int, int]:
    """(near, border, far_country, far): a land Border with a Hostel or Hotel one normal road
    away on each side; `near` is in the Border's first country, `far` in `far_country`."""
    lodgings = (SPACE_KINDS.index("hostel"), SPACE_KINDS.index("hotel"))
    normal = ROAD_KINDS.index("normal")
    for border in spaces_of_kind(board, "border"):
        pair = board.border_countries[border]
        if border in board.ports or pair is None:
            continue
        sides = [
            [
                t
                for t, road, _ in neighbours(board, border, c)
                if road == normal and board.kinds[t] in lodgings
            ]
            for c in pair
        ]
        if sides[0] and sides[1]:
            return sides[0][0], border, pair[1], sides[1][0]
    raise LookupError("no land Border with a bed one road away on both sides")


def quiet_turn(state: RouteEastState) -> None:
    """The turn's player (on a place to stay) draws a plain Ignition card and ends the turn."""
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    state.apply(EndTurn())


# --- exact cards and roads (added for the Turns and Navigating the Map rule tests) ------------


def ignition_effects(state: RouteEastState, *effects: tuple[str, int]) -> int:
    """Put an Ignition card whose effects are exactly these (kind, amount) pairs on top."""
    cards = state.game.decks.ignition
    kind = next(
        i
        for i, c in enumerate(cards)
        if tuple((e.kind, e.amount) for e in c.effects) == tuple(effects)
    )
    state.ignition.cards.append(kind)
    return kind


def border_effects(state: RouteEastState, *effects: tuple[str, int]) -> int:
    """Put a Border card whose effects are exactly these (kind, amount) pairs on top."""
    cards = state.game.decks.border
    kind = next(
        i
        for i, c in enumerate(cards)
        if tuple((e.kind, e.amount) for e in c.effects) == tuple(effects)
    )
    state.border.cards.append(kind)
    return kind


def action_on_top(state: RouteEastState, kind: str) -> int:
    """Move an Action card of this effect kind to the top of the Action deck; its index."""
    card = state.game.decks.action_of_kind[kind]
    if card in state.action.cards:
        state.action.cards.remove(card)
    state.action.cards.append(card)
    return card


def road_between(
    board: Board, road_kind: str, here: tuple[str, ...], there: tuple[str, ...]
) -> tuple[int, int]:
    """(a, b): a `road_kind` road ("normal", "dirt", "toll") from a space whose kind is one of
    `here` to one whose kind is one of `there` (kind names like "hostel")."""
    want = ROAD_KINDS.index(road_kind)
    from_kinds = {SPACE_KINDS.index(k) for k in here}
    to_kinds = {SPACE_KINDS.index(k) for k in there}
    for a, b, kind, _ in board.roads:
        for x, y in ((a, b), (b, a)):
            if kind == want and board.kinds[x] in from_kinds and board.kinds[y] in to_kinds:
                return x, y
    raise LookupError(f"no {road_kind} road from {here} to {there}")


def spare_attraction(state: RouteEastState, *besides: int) -> int:
    """An attraction id no seat holds, none of `besides`, in a country none of them is in."""
    cards = state.game.board.attractions
    held = {a for hand in state.attractions for a in hand} | set(besides)
    countries = {cards[a].country for a in besides}
    return next(a for a in range(len(cards)) if a not in held and cards[a].country not in countries)


# --- places for the bot tests -------------------------------------------------------------------


def next_to_finish(board: Board) -> int:
    """A space one road from Shanghai (in China)."""
    return board.steps[(board.finish, board.country[board.finish])][0][0]


def attraction_by_road(board: Board, road_kind: int) -> tuple[int, int]:
    """(attraction id, Hostel or Hotel): the attraction is one road of this kind from it."""
    for attraction in board.attractions:
        for there, kind, _ in board.steps[(attraction.space, attraction.country)]:
            if kind == road_kind and board.rest[there] and board.kinds[there] != BORDER:
                return attraction.id, there
    raise LookupError("no such attraction")


def border_before_attraction(board: Board) -> tuple[int, int, int]:
    """(Border, attraction id, country): a land Border with an attraction one road beyond it;
    a piece on the Border in `country` must cross it to reach the attraction."""
    for border in spaces_of_kind(board, "border"):
        pair = board.border_countries[border]
        if border in board.ports or pair is None:
            continue
        for side, other in (pair, pair[::-1]):
            for there, _, _ in board.steps.get((border, other), ()):
                if there in board.attraction_at:
                    return border, board.attraction_at[there], side
    raise LookupError("no such Border")
