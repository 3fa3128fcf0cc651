"""Determinization for Route East: a copy where all one seat cannot see is dealt anew.

Hidden from a seat: the order of every deck (Ignition, Border, Action, ATM), the other seats'
Action cards (their count is public), the other seats' attractions still face down (a seat's
last attraction is face up, visited ones too), and the attraction cards nobody drew.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Rng

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState


def determinize(state: RouteEastState, seat: int, rng: Rng) -> RouteEastState:
    """A copy consistent with `seat`'s observation, the rest resampled with `rng`."""
    copy = state.clone()
    others = [s for s in range(copy.game.players) if s != seat]
    _deal_action_cards(copy, others, rng)
    for deck in (copy.ignition, copy.border, copy.atm):
        rng.shuffle(deck.cards)
    _deal_attractions(copy, others, rng)
    copy.rng = Rng(rng.next64())
    return copy


def _deal_action_cards(copy: RouteEastState, others: list[int], rng: Rng) -> None:
    """Others' hands and the Action deck are pooled, shuffled and dealt back, counts kept."""
    pool = copy.action.cards
    sizes = {}
    for s in others:
        hand = copy.hands[s]
        sizes[s] = sum(hand)
        for card, count in enumerate(hand):
            pool.extend([card] * count)
        copy.hands[s] = [0] * len(hand)
    rng.shuffle(pool)
    for s in others:
        hand = copy.hands[s]
        for _ in range(sizes[s]):
            hand[pool.pop()] += 1


def _deal_attractions(copy: RouteEastState, others: list[int], rng: Rng) -> None:
    """Face-down attractions of the others come from the cards nobody saw, each seat's
    attractions still in different countries."""
    board = copy.game.board
    dealt = {a for hand in copy.attractions for a in hand}
    hidden: dict[int, list[int]] = {}
    for s in others:
        unvisited = copy.unvisited(s)
        if len(unvisited) >= 2:
            hidden[s] = unvisited
    if not hidden:
        return
    pool = [a for a in range(len(board.attractions)) if a not in dealt]
    for cards in hidden.values():
        pool.extend(cards)
    rng.shuffle(pool)
    for s, cards in hidden.items():
        kept = [a for a in copy.attractions[s] if a not in cards]
        countries = {board.attractions[a].country for a in kept}
        fresh = []
        for _ in cards:
            pick = next(
                (
                    i
                    for i in range(len(pool) - 1, -1, -1)
                    if board.attractions[pool[i]].country not in countries
                ),
                len(pool) - 1,
            )
            card = pool.pop(pick)
            countries.add(board.attractions[card].country)
            fresh.append(card)
        copy.attractions[s] = kept + fresh
