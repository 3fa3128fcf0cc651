"""What Route East hides: which moves the others see in full (`move_disclosure`), and
determinization, a copy where all one seat cannot see is dealt anew.

Hidden from a seat: the order of every deck (Ignition, Border, Action, ATM), the other seats'
Action cards (their count is public), the other seats' attractions still face down (a seat's
last attraction is face up, visited ones too), the attraction cards nobody drew, and which
card each other seat put back under the Action deck (`discard a card`).

What the seat knows stays true in every copy: its own cards put under the Action deck keep
their places; the turn's player, off a place to stay where only a Tent saves its night, holds
a Tent; an attraction another seat stood on without turning it face up is not one of its
cards; each seat's attractions lie in different countries. The copy's history is the one the
seat saw (`State.seen_history`): other seats' discards in it name no card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Action, Rng
from tabletrip.core.game import DRAWING_MOVE, OPEN_MOVE, PRIVATE_MOVE
from tabletrip.games.route_east.actions import (
    Accept,
    Camp,
    ChooseTarget,
    Cross,
    Discard,
    DrawBorder,
    DrawIgnition,
    EndTurn,
    FreightTrain,
    HellNo,
    Move,
    Play,
    RollToLeave,
    Sail,
    Stay,
    TakeAction,
)
from tabletrip.games.route_east.content import ATTRACTION
from tabletrip.games.route_east.nights import tent_needed

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState

# Moves every seat sees in full (the space, the card, the answer): open unless chance took part.
OPEN_KINDS = frozenset(
    {Accept, Camp, ChooseTarget, Cross, EndTurn, FreightTrain, HellNo, Move, Play, Stay}
)
# Draws and rolls everyone sees made (what they bring may be secret).
DRAWING_KINDS = frozenset({DrawBorder, DrawIgnition, RollToLeave, Sail, TakeAction})


def determinize(state: RouteEastState, seat: int, rng: Rng) -> RouteEastState:
    """A copy consistent with `seat`'s observation, the rest resampled with `rng`."""
    copy = state.clone()
    state._conceal_history(copy, seat)
    others = [s for s in range(copy.game.players) if s != seat]
    _deal_action_cards(copy, seat, others, rng)
    for deck in (copy.ignition, copy.border, copy.atm):
        deck.cards.sort()  # in no order the seat could read, and drawn at random (Deck.loose)
        deck.loosen()
    _deal_attractions(copy, others, rng)
    copy.rng = Rng(rng.next64())
    return copy


def _deal_action_cards(copy: RouteEastState, seat: int, others: list[int], rng: Rng) -> None:
    """Others' hands and the Action deck are pooled and dealt back at random, counts kept; the
    cards `seat` itself put under the deck stay where it put them, and the rest of the deck
    (above them) is left in no order, each card drawn at random when drawn (`Deck.loose`)."""
    action = copy.action
    deck = action.cards
    kept = {i for i, putter in enumerate(copy.under) if putter == seat}
    # Without cards of its own under the deck, the deck itself is the pool (dealt back last).
    pool = [card for i, card in enumerate(deck) if i not in kept] if kept else deck
    sizes = {}
    for s in others:
        hand = copy.hands[s]
        sizes[s] = sum(hand)
        for card, count in enumerate(hand):
            pool.extend([card] * count)
        copy.hands[s] = [0] * len(hand)
    pool.sort()
    mover = copy.seat
    if mover != seat and sizes.get(mover) and tent_needed(copy, copy.moves_left):
        # It walked where only a Tent gives a night: everyone saw that it holds one.
        tents = set(copy.game.cards_of_kind.get("tent", ()))
        places = [i for i, card in enumerate(pool) if card in tents]
        if places:
            place = places[rng.below(len(places))]
            pool[place], pool[-1] = pool[-1], pool[place]
            copy.hands[mover][pool.pop()] += 1
            sizes[mover] -= 1
    for s in others:
        hand = copy.hands[s]
        for _ in range(sizes[s]):
            hand[rng.take(pool)] += 1
    if kept:  # its own stay put; the places under the deck among them are dealt now
        bottom = len(copy.under)
        for i in range(bottom):
            if i not in kept:
                deck[i] = rng.take(pool)
        deck[bottom:] = pool
        action.loose = len(deck) - bottom
    else:
        action.loose = len(deck)


def _deal_attractions(copy: RouteEastState, others: list[int], rng: Rng) -> None:
    """Face-down attractions of the others come from the cards nobody saw: each seat's cards in
    different countries, none on a space the seat stood on without turning it face up."""
    board = copy.game.board
    hidden: dict[int, list[int]] = {}
    for s in others:
        unvisited = copy.unvisited(s)
        if len(unvisited) >= 2:
            hidden[s] = unvisited
    if not hidden:
        return
    dealt = {a for hand in copy.attractions for a in hand}
    pool = [a for a in range(len(board.attractions)) if a not in dealt]
    for cards in hidden.values():
        pool.extend(cards)
    pool.sort()  # what the deal reads is in no order yet: it is drawn at random as it reads
    country_of = copy.game.attraction_country
    seats = sorted(hidden, key=lambda s: -len(hidden[s]))  # the most cards to find first
    wants = [
        (s, len(hidden[s]), {country_of[a] for a in copy.attractions[s] if a not in hidden[s]})
        for s in seats
    ]
    chosen, order = _greedy_deal(pool, wants, copy.landed, country_of, rng)
    if chosen is None:  # the order drawn left a seat short: search (the true deal always fits)
        chosen = _search_deal(order[::-1], wants, copy.landed, country_of)
    for s in seats:
        kept = [a for a in copy.attractions[s] if a not in hidden[s]]
        copy.attractions[s] = kept + chosen[s]


Wants = list[tuple[int, int, set[int]]]  # (seat, cards to deal it, countries it already has)


def _greedy_deal(
    pool: list[int], wants: Wants, landed: list[int], country_of: tuple[int, ...], rng: Rng
) -> tuple[dict[int, list[int]] | None, list[int]]:
    """Deal as from the top of the shuffled pool, each seat taking the next card that fits, the
    pool shuffled only as far as the deal reads it (each card read is drawn at random from
    those not read yet); the cards dealt (None if a seat is left short) and the whole pool in
    the order drawn, top first (the rest shuffled then, when a seat was left short)."""
    unread = pool.copy()
    passed: list[int] = []  # read and not taken, from the top down
    order: list[int] = []  # every card read, from the top down
    chosen: dict[int, list[int]] = {}
    for s, count, taken in wants:
        countries = set(taken)
        mask = landed[s]
        picked = []
        for _ in range(count):
            card = next(
                (c for c in passed if country_of[c] not in countries and not mask >> c & 1), -1
            )
            if card >= 0:
                passed.remove(card)
            while card < 0 and unread:
                read = rng.take(unread)
                order.append(read)
                if country_of[read] not in countries and not mask >> read & 1:
                    card = read
                else:
                    passed.append(read)
            if card < 0:
                rng.shuffle(unread)
                return None, order + unread[::-1]
            countries.add(country_of[card])
            picked.append(card)
        chosen[s] = picked
    return chosen, order


def _search_deal(
    pool: list[int], wants: Wants, landed: list[int], country_of: tuple[int, ...]
) -> dict[int, list[int]]:
    """A deal of the shuffled pool that fits every seat, by search with backtracking."""
    chosen: dict[int, list[int]] = {s: [] for s, _, _ in wants}
    countries = {s: set(taken) for s, _, taken in wants}
    used = [False] * len(pool)

    def fill(k: int, start: int) -> bool:
        if k == len(wants):
            return True
        s, count, _ = wants[k]
        picked = chosen[s]
        if len(picked) == count:
            return fill(k + 1, 0)
        mask, have = landed[s], countries[s]
        for i in range(start, len(pool)):
            card = pool[i]
            if used[i] or country_of[card] in have or mask >> card & 1:
                continue
            used[i] = True
            picked.append(card)
            have.add(country_of[card])
            if fill(k, i + 1):
                return True
            have.discard(country_of[card])
            picked.pop()
            used[i] = False
        return False

    found = fill(0, 0)
    assert found, "the true deal always fits"
    return chosen


def move_disclosure(before: RouteEastState, action: Action, after: RouteEastState) -> str | None:
    """A move whose card or space everyone sees is open when it rolled, shuffled and drew
    nothing (the generator and every pile as they were) and the game goes on, and a
    drawing move when it did; draws and rolls are always drawing moves. Landing on an
    attraction while some of yours are face down is not open: it shows whether it was one
    (a drawing move when one is turned face up, else not known)."""
    kind = type(action)
    if kind is Discard:
        return _discard_disclosure(before, after)
    if kind not in OPEN_KINDS and kind not in DRAWING_KINDS:
        return None
    if _chance_between(before, after, with_action_deck=True):
        return DRAWING_MOVE
    mover = before.seat
    if (
        kind in (Move, FreightTrain)
        and before.game.board.kinds[after.pos[mover]] == ATTRACTION
        and len(before.unvisited(mover)) >= 2
    ):
        # Landing on an attraction shows whether it was one of the mover's face-down cards:
        # one turned face up stands; one that was not the mover's is left to the observers.
        return DRAWING_MOVE if after.visited[mover] != before.visited[mover] else None
    return OPEN_MOVE if kind in OPEN_KINDS and not after.is_over else None


def _discard_disclosure(before: RouteEastState, after: RouteEastState) -> str | None:
    """A discard goes under the Action deck unseen, so only the mover knows which card it
    was: private while nothing is drawn or rolled after it and the game goes on."""
    drew = _chance_between(before, after, with_action_deck=False)  # the discard grows it
    return None if drew or after.is_over else PRIVATE_MOVE


def _chance_between(before: RouteEastState, after: RouteEastState, with_action_deck: bool) -> bool:
    """Whether chance took part between `before` and `after`: the dice or a shuffle moved
    the generator, or a card was drawn (a pile changed size)."""
    piles = [
        (before.ignition, after.ignition),
        (before.border, after.border),
        (before.atm, after.atm),
    ]
    if with_action_deck:
        piles.append((before.action, after.action))
    rolled = after.rng.state != before.rng.state
    return rolled or any(len(mine.cards) != len(theirs.cards) for mine, theirs in piles)
