"""Seeded, reproducible chance: a tiny splitmix64 generator, dice and decks.

The generator state is one 64-bit int, so copying a state or writing it to JSON is free.
Every shuffle and roll in a game goes through the state's own `Rng`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix_seed(*parts: int | str) -> int:
    """Combine ints and strings into one 64-bit seed (stable across runs and machines)."""
    h = 0x243F6A8885A308D3
    for part in parts:
        data = part.encode() if isinstance(part, str) else str(part).encode()
        for byte in data:
            h = ((h ^ byte) * 0x100000001B3) & _MASK
        h = _splitmix(h)[1]
    return h


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """A seeded pseudo-random generator (splitmix64) whose whole state is one int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        state = (self.state + _GOLDEN) & _MASK
        self.state = state
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) for n > 0 (bias below 2**-50 at game sizes)."""
        state = (self.state + _GOLDEN) & _MASK  # next64, inlined: this is the hot call
        self.state = state
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll(self, sides: int = 6) -> int:
        """Roll one die: an integer from 1 to `sides`."""
        return self.below(sides) + 1

    def fork(self, *salt: int | str) -> Rng:
        """An independent generator derived from this state and a salt (this one is unchanged)."""
        return Rng(mix_seed(self.state, *salt))

    def clone(self) -> Rng:
        """An identical, independent copy."""
        return Rng(self.state)


class Deck(Generic[T]):
    """A draw pile (top = end of the list) and a discard pile reshuffled into it when empty."""

    __slots__ = ("cards", "discards")

    def __init__(self, cards: Iterable[T] = (), discards: Iterable[T] = ()) -> None:
        self.cards: list[T] = list(cards)
        self.discards: list[T] = list(discards)

    def __len__(self) -> int:
        return len(self.cards)

    def shuffle(self, rng: Rng) -> None:
        """Shuffle the draw pile."""
        rng.shuffle(self.cards)

    def can_draw(self) -> bool:
        """Whether a card can be drawn (from the pile, or from reshuffled discards)."""
        return bool(self.cards) or bool(self.discards)

    def draw(self, rng: Rng) -> T | None:
        """The top card (discards reshuffled first if the pile is empty); None if both are empty."""
        if not self.cards:
            if not self.discards:
                return None
            self.reshuffle_discards(rng)
        return self.cards.pop()

    def draw_many(self, n: int, rng: Rng) -> list[T]:
        """Take up to n cards from the top (fewer when pile and discards run out)."""
        drawn: list[T] = []
        for _ in range(n):
            card = self.draw(rng)
            if card is None:
                break
            drawn.append(card)
        return drawn

    def put_bottom(self, cards: Iterable[T]) -> None:
        """Place cards under the pile, the first given ending lowest."""
        self.cards[0:0] = list(cards)

    def discard(self, cards: Iterable[T]) -> None:
        """Put cards on the discard pile."""
        self.discards.extend(cards)

    def reshuffle_discards(self, rng: Rng) -> None:
        """Shuffle the discard pile and put it under the draw pile."""
        pile = self.discards
        self.discards = []
        rng.shuffle(pile)
        self.cards[0:0] = pile

    def clone(self) -> Deck[T]:
        """An independent copy (cards themselves are immutable values)."""
        copy: Deck[T] = Deck.__new__(Deck)
        copy.cards = self.cards.copy()
        copy.discards = self.discards.copy()
        return copy

    def to_json(self) -> dict[str, list[T]]:
        """JSON-safe form (cards must be JSON values)."""
        return {"cards": list(self.cards), "discards": list(self.discards)}

    @classmethod
    def from_json(cls, data: dict[str, list[T]]) -> Deck[T]:
        """Rebuild from `to_json` output."""
        return cls(data["cards"], data["discards"])
