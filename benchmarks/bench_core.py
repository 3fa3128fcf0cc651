"""Core hot pieces: the seeded generator and deck shuffles."""

from __future__ import annotations

from run import Measure, per_second
from tabletrip.core import Deck, Rng

BATCH = 10_000


def _rng_below() -> Measure:
    rng = Rng(7)

    def work() -> int:
        below = rng.below
        for _ in range(BATCH):
            below(110)
        return BATCH

    return per_second(work, "calls/s")


def _deck_shuffle() -> Measure:
    rng = Rng(7)
    deck: Deck[int] = Deck(range(110))

    def work() -> int:
        for _ in range(100):
            deck.shuffle(rng)
        return 100

    return per_second(work, "shuffles/s")


def benchmarks() -> list[tuple[str, Measure]]:
    """Rng.below and a 110-card Deck shuffle (the size of the Ticket to Ride train deck)."""
    return [
        ("core: Rng.below(110)", _rng_below()),
        ("core: Deck.shuffle, 110 cards", _deck_shuffle()),
    ]
