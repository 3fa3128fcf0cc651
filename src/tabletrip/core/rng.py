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

    def take(self, items: list[T]) -> T:
        """One item of a non-empty list, uniformly, taken out of it (the last item takes its
        place): one step of a shuffle, for dealing a few cards from a pool left in no order."""
        place = self.below(len(items))
        items[place], items[-1] = items[-1], items[place]
        return items.pop()

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


def pop_top(cards: list[T], loose: int, rng: Rng) -> T:
    """Take the top card (the end) of a non-empty pile whose top `loose` cards are in no order
    yet: with `loose` above 0, one of those at random (the caller counts one fewer loose)."""
    if loose:
        place = len(cards) - loose + rng.below(loose)
        cards[place], cards[-1] = cards[-1], cards[place]
    return cards.pop()


def loose_count(data: dict[str, Any], key: str, pile: str) -> int:
    """`data[key]`, how many top cards of the list `data[pile]` are loose (0 if absent);
    ValueError unless it is a whole number from 0 to the pile's size."""
    loose = data.get(key, 0)
    if type(loose) is not int or not 0 <= loose <= len(data[pile]):
        raise ValueError(f"{key} must be a whole number from 0 to the {len(data[pile])} of {pile}")
    return loose


class Deck(Generic[T]):
    """A draw pile (top = end of the list) and a discard pile reshuffled into it when empty.

    `loose` counts the cards at the top of the pile whose order is not dealt yet: each draw
    takes one of them at random, which deals exactly as shuffling them first would, but pays
    only for the cards drawn (a determinized copy's deck, most of which no one ever draws).
    Read the order of `cards` only where `loose` is 0."""

    __slots__ = ("cards", "discards", "loose")

    def __init__(self, cards: Iterable[T] = (), discards: Iterable[T] = (), loose: int = 0) -> None:
        self.cards: list[T] = list(cards)
        self.discards: list[T] = list(discards)
        self.loose = loose

    def __len__(self) -> int:
        return len(self.cards)

    def shuffle(self, rng: Rng) -> None:
        """Shuffle the draw pile."""
        rng.shuffle(self.cards)
        self.loose = 0

    def loosen(self) -> None:
        """Leave the whole draw pile in no order: each card is drawn at random from it."""
        self.loose = len(self.cards)

    def can_draw(self) -> bool:
        """Whether a card can be drawn (from the pile, or from reshuffled discards)."""
        return bool(self.cards) or bool(self.discards)

    def draw(self, rng: Rng) -> T | None:
        """The top card (discards reshuffled first if the pile is empty); None if both are empty."""
        if not self.cards:
            if not self.discards:
                return None
            self.reshuffle_discards(rng)
        loose = self.loose
        if not loose:  # a dealt pile: the top card
            return self.cards.pop()
        self.loose = loose - 1
        return pop_top(self.cards, loose, rng)

    def peek(self, n: int, rng: Rng) -> list[T]:
        """The next `n` cards of the draw pile (fewer if it holds fewer; the discards are not
        reshuffled), top first, as `draw` would deal them with `rng`: neither the deck nor `rng`
        changes (a loose top is dealt on copies)."""
        count = min(n, len(self.cards))
        if not self.loose:
            return self.cards[len(self.cards) - count :][::-1]
        copy: Deck[T] = Deck(self.cards, (), self.loose)
        probe = Rng(rng.state)
        return [pop_top(copy.cards, max(copy.loose - i, 0), probe) for i in range(count)]

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
        copy.loose = self.loose
        return copy

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form (cards must be JSON values); `loose` only where some are."""
        data: dict[str, Any] = {"cards": list(self.cards), "discards": list(self.discards)}
        if self.loose:
            data["loose"] = self.loose
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deck[T]:
        """Rebuild from `to_json` output."""
        return cls(data["cards"], data["discards"], loose_count(data, "loose", "cards"))
