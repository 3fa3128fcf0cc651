"""Determinization for Ticket to Ride: a copy where all one seat cannot see is dealt anew.

Hidden from a seat: the order of the train deck, the cards of each other hand that nobody saw
it take (cards taken face up stay known), the other seats' tickets and offers, the ticket pile
but for the tickets the seat itself put under it (it knows where they lie), and during the
setup choice how many tickets each other seat that has chosen kept.

Every pool is sorted before it is dealt from, so the copy depends only on what the seat sees
and on the generator: twin worlds that differ only in what the seat cannot see give the same
copies. What no one holds yet (the train deck, the top of the ticket pile) is left in no order
(`Deck.loose`, `tickets_loose`): each card is drawn at random when it is drawn, which deals as
a shuffle would, but costs nothing for the many cards a search never draws.
The copy's history is the one the seat knows (`State.seen_history`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Rng
from tabletrip.games.ticket_to_ride.phases import KEEP_AT_SETUP, SETUP, TICKETS_OFFERED

if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideState


def determinize(state: TicketToRideState, seat: int, rng: Rng) -> TicketToRideState:
    """A copy consistent with `seat`'s observation, the rest resampled with `rng`.

    During the setup choice, each other seat that has already chosen keeps any count the rules
    allow (2 or 3), drawn at random: how many it kept is still hidden. The tickets `seat` put
    under the pile keep their places in it (`returned_by`).
    """
    copy = state.clone()
    others = [s for s in range(state.game.players) if s != seat]
    _deal_train_cards(copy, others, rng)
    # Tickets: every other seat's kept and offered tickets, and the pile but for the
    # tickets `seat` put under it: it knows where they lie, so they keep their places.
    pile = copy.ticket_pile
    marks = state.returned_by  # who put each of the pile's bottom tickets there
    bottom = len(marks)
    mine = seat in marks
    if mine:  # only the pile's other places are dealt anew
        free = [i for i, m in enumerate(marks) if m != seat]
        tickets = [pile[i] for i in free]
        tickets += pile[bottom:]
    else:
        tickets = pile
    setup = copy.phase == SETUP
    kept_counts = {}
    for s in others:
        tickets.extend(copy.tickets[s])
        tickets.extend(copy.offers[s])
        kept = len(copy.tickets[s])
        if setup and not copy.offers[s]:
            # It has chosen, but how many it kept stays hidden until every seat has.
            kept = KEEP_AT_SETUP + rng.below(TICKETS_OFFERED - KEEP_AT_SETUP + 1)
        kept_counts[s] = kept
    if setup:  # the others' returns are as many as the counts dealt them leave
        own = [t for t, m in zip(pile, marks, strict=False) if m == seat] if mine else []
        marks = copy.returned_by = _setup_pile_marks(state, seat, len(own), kept_counts)
    tickets.sort()
    for s in others:
        copy.tickets[s] = _take(rng, tickets, kept_counts[s])
        offer = copy.offers[s]
        if offer:
            copy.offers[s] = _take(rng, tickets, len(offer))
    # What is left fills the pile's places dealt anew: those among the seat's own returns
    # now, the top of the pile in no order yet (drawn at random when drawn: tickets_loose).
    if setup and mine:
        placed = iter(own)
        low = [next(placed) if m == seat else rng.take(tickets) for m in marks]
        copy.tickets_loose = len(tickets)
        tickets[0:0] = low
    elif mine:
        for i in free:
            pile[i] = rng.take(tickets)
        pile[bottom:] = tickets
        copy.tickets_loose = len(tickets)
        tickets = pile
    else:
        copy.tickets_loose = len(tickets)
    copy.ticket_pile = tickets
    copy.rng = Rng(rng.next64())
    state._conceal_history(copy, seat)
    return copy


def _deal_train_cards(copy: TicketToRideState, others: list[int], rng: Rng) -> None:
    """The deck and the part of each other hand nobody saw being taken, pooled and dealt back
    at random, every hand keeping its size; what is left is the deck, in no order yet (each
    card is drawn at random when drawn: `Deck.loose`), so only the cards dealt cost a draw."""
    deck = copy.deck
    pool = deck.cards
    unknown_counts = []
    for s in others:
        hand, known = copy.hands[s], copy.known[s]
        unknown = 0
        for card, (h, k) in enumerate(zip(hand, known, strict=True)):
            if h > k:
                pool += [card] * (h - k)
                unknown += h - k
        unknown_counts.append(unknown)
        copy.hands[s] = known.copy()
    pool.sort()
    for s, unknown in zip(others, unknown_counts, strict=True):
        if unknown:
            hand = copy.hands[s]
            for card in _take(rng, pool, unknown):
                hand[card] += 1
    deck.loosen()


def _take(rng: Rng, pool: list[int], count: int) -> list[int]:
    """`[rng.take(pool) for _ in range(count)]`, with `Rng.take` written out (the same
    draws): most of a determinization's time is spent dealing."""
    below = rng.below
    taken = []
    for _ in range(count):
        place = below(len(pool))
        pool[place], pool[-1] = pool[-1], pool[place]
        taken.append(pool.pop())
    return taken


def _setup_pile_marks(
    state: TicketToRideState, seat: int, own: int, kept_counts: dict[int, int]
) -> list[int]:
    """During the setup choice, who put each of a determinized pile's bottom tickets
    there (`returned_by`): the seats that have chosen, each returning its tickets under
    those of the seats before it (`seat` its `own`, the others what `kept_counts` leaves
    of 3)."""
    players = state.game.players
    marks: list[int] = []
    for i in reversed(range((state.seat - state.first_player) % players)):
        s = (state.first_player + i) % players
        marks.extend([s] * (own if s == seat else TICKETS_OFFERED - kept_counts[s]))
    return marks
