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

from tabletrip.core import Action, Deck, Rng
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


Wants = list[tuple[int, int, set[int]]]  # (seat, cards to deal it, countries it already has)


class Deal:
    """What determinizing a position for one seat deals from, before any draw: worked out
    once per position and seat (a search determinizes its root again and again), the dealing
    itself done anew each time. Every list here is read, never changed: copies take copies."""

    __slots__ = (
        "action_pool",
        "atm",
        "attraction_pool",
        "border",
        "history",
        "ignition",
        "kept",
        "kept_attractions",
        "seat",
        "sizes",
        "tent_places",
        "wants",
    )

    def __init__(self, state: RouteEastState, seat: int) -> None:
        self.history = state._history
        self.seat = seat
        # Every deck in no order the seat could read (drawn at random: Deck.loose).
        self.ignition = sorted(state.ignition.cards)
        self.border = sorted(state.border.cards)
        self.atm = sorted(state.atm.cards)
        self._action_cards(state, seat)
        self._attractions(state, [s for s in range(state.game.players) if s != seat])

    def fits(self, state: RouteEastState, seat: int) -> bool:
        """Whether this is the deal of `state` for `seat` (no move was played since)."""
        return self.history is state._history and self.seat == seat

    def _action_cards(self, state: RouteEastState, seat: int) -> None:
        """The pool of others' hands and the Action deck (less the cards `seat` put under it,
        which stay where it put them), sorted; each other hand's size; where the Tent cards
        lie in the pool when the turn's player is seen to hold one."""
        deck = state.action.cards
        self.kept = {i for i, putter in enumerate(state.under) if putter == seat}
        kept = self.kept
        pool = [card for i, card in enumerate(deck) if i not in kept] if kept else deck.copy()
        self.sizes: dict[int, int] = {}
        for s in range(state.game.players):
            if s != seat:
                hand = state.hands[s]
                self.sizes[s] = sum(hand)
                for card, count in enumerate(hand):
                    if count:
                        pool.extend([card] * count)
        pool.sort()
        self.action_pool = pool
        self.tent_places: list[int] = []
        mover = state.seat
        if mover != seat and self.sizes.get(mover) and tent_needed(state, state.moves_left):
            # It walked where only a Tent gives a night: everyone saw that it holds one.
            tents = set(state.game.cards_of_kind.get("tent", ()))
            self.tent_places = [i for i, card in enumerate(pool) if card in tents]

    def _attractions(self, state: RouteEastState, others: list[int]) -> None:
        """The attraction cards nobody saw (sorted) and what each other seat is to be dealt:
        its face-down count, the countries of the cards it keeps, most cards first."""
        self.attraction_pool: list[int] = []
        self.wants: Wants = []
        self.kept_attractions: dict[int, list[int]] = {}
        hidden: dict[int, list[int]] = {}
        for s in others:
            unvisited = state.unvisited(s)
            if len(unvisited) >= 2:
                hidden[s] = unvisited
        if not hidden:
            return
        board = state.game.board
        dealt = {a for hand in state.attractions for a in hand}
        pool = [a for a in range(len(board.attractions)) if a not in dealt]
        for cards in hidden.values():
            pool.extend(cards)
        pool.sort()  # what the deal reads is in no order yet: it is drawn at random as it reads
        self.attraction_pool = pool
        country_of = state.game.attraction_country
        seats = sorted(hidden, key=lambda s: -len(hidden[s]))  # the most cards to find first
        for s in seats:
            kept = [a for a in state.attractions[s] if a not in hidden[s]]
            self.kept_attractions[s] = kept
            self.wants.append((s, len(hidden[s]), {country_of[a] for a in kept}))


def deal_of(state: RouteEastState, seat: int) -> Deal:
    """The deal of `state` for `seat`, remembered on the state until a move is played
    (moves change `_history`; copies start without one)."""
    deal: Deal | None = state.deal_memo
    if deal is None or not deal.fits(state, seat):
        deal = state.deal_memo = Deal(state, seat)
    return deal


def determinize(state: RouteEastState, seat: int, rng: Rng) -> RouteEastState:
    """A copy consistent with `seat`'s observation, the rest resampled with `rng`."""
    deal = deal_of(state, seat)
    copy = state.copy_but_piles()
    copy.action = state.action.clone()
    copy.ignition = _loose_copy(state.ignition, deal.ignition)
    copy.border = _loose_copy(state.border, deal.border)
    copy.atm = _loose_copy(state.atm, deal.atm)
    state._conceal_history(copy, seat)
    _deal_action_cards(copy, deal, rng)
    _deal_attractions(copy, deal, rng)
    copy.rng = Rng(rng.next64())
    return copy


def _loose_copy(deck: Deck[int], cards: list[int]) -> Deck[int]:
    """A copy of `deck` whose draw pile is `cards` (copied), all of it in no order."""
    copy: Deck[int] = Deck.__new__(Deck)
    copy.cards = cards.copy()
    copy.discards = deck.discards.copy()
    copy.loose = len(cards)
    return copy


def _deal_action_cards(copy: RouteEastState, deal: Deal, rng: Rng) -> None:
    """Others' hands and the Action deck are pooled and dealt back at random, counts kept; the
    cards `seat` itself put under the deck stay where it put them, and the rest of the deck
    (above them) is left in no order, each card drawn at random when drawn (`Deck.loose`)."""
    action = copy.action
    pool = deal.action_pool.copy()
    sizes = deal.sizes.copy()
    hands = copy.hands
    for s in sizes:
        hands[s] = [0] * len(hands[s])
    places = deal.tent_places
    if places:
        mover = copy.seat
        place = places[rng.below(len(places))]
        pool[place], pool[-1] = pool[-1], pool[place]
        hands[mover][pool.pop()] += 1
        sizes[mover] -= 1
    below = rng.below
    for s in sizes:
        hand = hands[s]
        for _ in range(sizes[s]):
            # rng.take(pool), inlined (a dozen cards a determinization): the same draw
            place = below(len(pool))
            pool[place], pool[-1] = pool[-1], pool[place]
            hand[pool.pop()] += 1
    kept = deal.kept
    if kept:  # its own stay put; the places under the deck among them are dealt now
        deck = action.cards
        bottom = len(copy.under)
        for i in range(bottom):
            if i not in kept:  # rng.take(pool), inlined as above
                place = below(len(pool))
                pool[place], pool[-1] = pool[-1], pool[place]
                deck[i] = pool.pop()
        deck[bottom:] = pool
        action.loose = len(deck) - bottom
    else:  # without cards of its own under the deck, the deck is what the pool kept
        action.cards = pool
        action.loose = len(pool)


def _deal_attractions(copy: RouteEastState, deal: Deal, rng: Rng) -> None:
    """Face-down attractions of the others come from the cards nobody saw: each seat's cards in
    different countries, none on a space the seat stood on without turning it face up."""
    wants = deal.wants
    if not wants:
        return
    country_of = copy.game.attraction_country
    chosen, order = _greedy_deal(deal.attraction_pool, wants, copy.landed, country_of, rng)
    if chosen is None:  # the order drawn left a seat short: search (the true deal always fits)
        chosen = _search_deal(order[::-1], wants, copy.landed, country_of)
    for s, kept in deal.kept_attractions.items():
        copy.attractions[s] = kept + chosen[s]


def _greedy_deal(
    pool: list[int], wants: Wants, landed: list[int], country_of: tuple[int, ...], rng: Rng
) -> tuple[dict[int, list[int]] | None, list[int]]:
    """Deal as from the top of the shuffled pool, each seat taking the next card that fits, the
    pool shuffled only as far as the deal reads it (each card read is drawn at random from
    those not read yet); the cards dealt (None if a seat is left short) and the whole pool in
    the order drawn, top first (the rest shuffled then, when a seat was left short)."""
    unread = pool.copy()
    below = rng.below
    passed: list[int] = []  # read and not taken, from the top down
    order: list[int] = []  # every card read, from the top down
    chosen: dict[int, list[int]] = {}
    for s, count, taken in wants:
        countries = set(taken)
        mask = landed[s]
        picked = []
        for _ in range(count):
            card = -1
            if passed:  # the first card passed over that fits now
                card = next(
                    (c for c in passed if country_of[c] not in countries and not mask >> c & 1),
                    -1,
                )
                if card >= 0:
                    passed.remove(card)
            while card < 0 and unread:
                # rng.take(unread), inlined (the deal reads several cards): the same draw
                place = below(len(unread))
                unread[place], unread[-1] = unread[-1], unread[place]
                read = unread.pop()
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
