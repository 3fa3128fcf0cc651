"""What the seats know of where the hidden City cards are, kept as the game goes.

Most hidden cards could be anywhere out of sight, but some are known to be in one place:

- The card the active player removes was revealed, then put under the City deck (Round Order,
  Tourist Selection Phase, step 2): everyone knows it lies there, below the ones removed
  earlier, until the deck is shuffled. The bottom `state.bottom_known` cards of the deck are
  such cards, in a known order.
- A refill that reaches them deals them to a hand everyone saw draw (refills go in a known
  order, and hand sizes are public): they are known to be in that hand.
- A seat renewing its hand (Special Rules, Hand Card Renewal) knows that its cards went into
  the deck; the others know only that the cards they knew in its hand may have.

`state.whereabouts[viewer]` maps a card to a bit mask of the places `viewer` thinks it may be
in, where it cannot see it: a seat's hand (with what it placed face down), the deck, the face
down Card Sequence; a card missing may be anywhere. A draw from the unknown part of the deck
adds the drawing hand to every card that may be in the deck. `deal` uses it: determinizations
put each card where it may be. The maps are shared by clones: replaced, never changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Rng

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteState

DECK = 1 << 4  # the City deck (above its known bottom cards)
SEQUENCE = 1 << 5  # the face-down cards of the solo Card Sequence
ANYWHERE = (1 << 6) - 1  # a seat's hand is bit `seat` (seats 0-3)


def hand(seat: int) -> int:
    """The place bit of a seat's hand (and the cards it placed face down)."""
    return 1 << seat


Whereabouts = dict[int, int]  # card: the places it may be in, for one viewer


def unknown(players: int) -> list[Whereabouts]:
    """Every viewer's knowledge at setup: any card may be anywhere."""
    return [{} for _ in range(players)]


def _widen(state: EnRouteState, having: int, adding: int) -> None:
    """For every viewer, cards that may be in a place of `having` may now be in `adding`
    too (cards lying among the known bottom ones are where they are known to be)."""
    known = state.deck.cards[: state.bottom_known]
    tables = []
    for table in state.whereabouts:
        edits = [
            card
            for card, where in table.items()
            if where & having and ~where & adding and card not in known
        ]
        if edits:
            table = table.copy()
            for card in edits:
                table[card] |= adding
        tables.append(table)
    state.whereabouts = tables


def _pin(state: EnRouteState, cards: list[int], where: int, viewers: range | list[int]) -> None:
    """These viewers know that these cards are in `where`."""
    tables = state.whereabouts.copy()
    for viewer in viewers:
        table = tables[viewer].copy()
        for card in cards:
            table[card] = where
        tables[viewer] = table
    state.whereabouts = tables


def draw(state: EnRouteState, seat: int, count: int) -> list[int]:
    """Deal `count` cards from the top of the City deck to `seat`'s hand (fewer if the deck
    and the discards run out), keeping what everyone knows of them."""
    deck = state.deck
    players = range(state.game.players)
    drawn: list[int] = []
    known: list[int] = []
    blind = False
    for _ in range(count):
        if not deck.cards:
            if not deck.discards:
                break
            _pin(state, deck.discards, DECK, players)  # the seen discards, shuffled in
            deck.reshuffle_discards(state.rng)
            state.bottom_known = 0
        if len(deck.cards) <= state.bottom_known:
            state.bottom_known -= 1
            known.append(deck.cards[-1])
        else:
            blind = True
        drawn.append(deck.cards.pop())
    if known:
        _pin(state, known, hand(seat), players)
    if blind:
        _widen(state, DECK, hand(seat))
    return drawn


def removed(state: EnRouteState, card: int) -> None:
    """The active player put this revealed card under the deck: its place is known to all."""
    state.deck.put_bottom([card])
    state.bottom_known += 1
    _pin(state, [card], DECK, range(state.game.players))


def renew(state: EnRouteState, seat: int, cards: list[int]) -> list[int]:
    """Hand Card Renewal: `cards` under the deck, as many drawn from the top, the deck
    shuffled; the cards drawn. The seat knows its cards are now in the deck; the others, that
    whatever they knew in its hand may be."""
    _widen(state, hand(seat), DECK)
    below = len(cards)
    state.deck.put_bottom(cards)
    state.bottom_known += below  # for the draw only: the known cards are above these
    drawn = draw(state, seat, below)
    _pin(state, cards, DECK, [seat])
    shuffled = state.deck.cards[below : state.bottom_known]
    _pin(state, shuffled, DECK, range(state.game.players))
    state.deck.shuffle(state.rng)
    state.bottom_known = 0
    return drawn


def deal(
    state: EnRouteState,
    seat: int,
    cards: list[int],
    places: list[tuple[int, int]],
    rng: Rng,
) -> dict[int, list[int]]:
    """Share out the cards `seat` cannot see among places (place bit, number of cards), each
    card where `seat` thinks it may be; cards by place, in random order.

    The cards known to be in fewer places are placed first, by augmenting paths (a card
    placed earlier moves aside when it may go elsewhere), so a possible share is always found;
    then the others fill what is left at random.
    """
    table = state.whereabouts[seat]
    present = 0
    for place, _ in places:
        present |= place
    bound: list[int] = []
    if table:
        hidden = set(cards)
        bound = [c for c, where in table.items() if where & present != present and c in hidden]
    if not bound:  # nothing known of any card: a plain shuffle
        rng.shuffle(cards)
        held: dict[int, list[int]] = {}
        start = 0
        for place, count in places:
            held[place] = cards[start : start + count]
            start += count
        return held
    fixed = set(bound)
    free = [card for card in cards if card not in fixed]
    room = dict(places)
    held = {place: [] for place, _ in places}
    rng.shuffle(bound)
    for card in bound:
        if not _place(card, table, room, held, set(), rng):
            free.append(card)  # only a state set up by hand, against the rules, gets here
    rng.shuffle(free)
    start = 0
    for place, count in places:
        known = held[place]
        need = count - len(known)
        # The cards placed first go in at random among the others (random order, few draws).
        order = free[start : start + need]
        start += need
        for card in known:
            order.insert(rng.below(len(order) + 1), card)
        held[place] = order
    return held


def _place(
    card: int,
    table: Whereabouts,
    room: dict[int, int],
    held: dict[int, list[int]],
    tried: set[int],
    rng: Rng,
) -> bool:
    """Put `card` in one of its places, moving others aside if needed (Kuhn's algorithm)."""
    options = [place for place in held if table[card] & place and place not in tried]
    rng.shuffle(options)
    for place in options:
        tried.add(place)
        if len(held[place]) < room[place]:
            held[place].append(card)
            return True
        for other in held[place]:
            if _place(other, table, room, held, tried, rng):
                held[place].remove(other)
                held[place].append(card)
                return True
    return False
