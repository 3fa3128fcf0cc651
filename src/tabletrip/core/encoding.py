"""Fixed numeric encodings of a game's actions and observations, for learning agents.

A learning agent needs a fixed action space (integer index <-> action, with a mask of the legal
ones) and a fixed-length float vector per seat. Each game provides both for every
configuration (player count and options) with `register_encoding` in its package
`__init__`; the adapters in `tabletrip.rl` (PettingZoo, Gymnasium, OpenSpiel) only translate.

The observation vector is built from `State.observation(seat)` alone, so it can never carry
what that seat may not know. Both encodings document themselves: `ActionBlock` and `Field`
rows, printed by `describe_encoding`. Pure stdlib: the adapters turn lists into arrays.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from tabletrip.core.actions import Action, JsonDict
from tabletrip.core.errors import IllegalAction
from tabletrip.core.game import Game, State
from tabletrip.core.lazy import imported


class VectorOut(Protocol):
    """Where `encode_state_into` writes a vector: a list, or an adapter's numpy array."""

    def __setitem__(self, index: Any, value: Any, /) -> None:
        """Set one position (or, given a slice, a run of them)."""


@dataclass(frozen=True, slots=True)
class ActionBlock:
    """A run of consecutive action indices that share one meaning (documentation)."""

    name: str
    start: int
    size: int
    description: str


@dataclass(frozen=True, slots=True)
class Field:
    """One named slice of an observation vector: its length, value bounds and meaning."""

    name: str
    size: int
    low: float
    high: float
    description: str


class ActionEncoding(ABC):
    """A fixed integer action space for one configured game.

    Indices run from 0 to `size - 1` in the documented `blocks`. An index may mean a thing
    relative to the state (the k-th offered ticket, a card's place in the hand): that is why
    `encode` and `decode` take the state. For every state and every legal action `a`,
    `decode(encode(a, state), state) == a`, and distinct legal actions get distinct indices.
    """

    blocks: tuple[ActionBlock, ...]

    @property
    def size(self) -> int:
        """The number of indices."""
        last = self.blocks[-1]
        return last.start + last.size

    @abstractmethod
    def encode(self, action: Action, state: State) -> int:
        """The index of `action`, one of the legal actions of the player to move in `state`."""

    @abstractmethod
    def decode(self, index: int, state: State) -> Action:
        """The action `index` stands for in `state`; IllegalAction if it stands for none."""

    def legal_indices(self, state: State) -> list[int]:
        """The indices of the legal actions of the player to move, ascending."""
        encode = self.encode
        return sorted({encode(action, state) for action in state.legal_actions()})

    def block_of(self, index: int) -> ActionBlock:
        """The documented block an index falls in; IllegalAction outside the space (a decoder
        reads the index within its block)."""
        for block in self.blocks:
            if block.start <= index < block.start + block.size:
                return block
        raise IllegalAction(f"action index {index} is outside 0..{self.size - 1}")

    def index_names(self) -> list[str]:
        """A name for every index, in order and all distinct: in the game's words where an
        index always means one thing (`claim Atlanta-Raleigh red, 1 Locomotive`), else its
        block and place in it (`keep[3]`, the block's description says what that is). The
        default names them all by block and place; a game names its own."""
        return block_place_names(self.blocks)


class ObservationEncoding(ABC):
    """A fixed-length float vector of one seat's observation, documented field by field."""

    fields: tuple[Field, ...]

    @property
    def size(self) -> int:
        """The vector length: the sum of the field sizes."""
        return sum(field.size for field in self.fields)

    @abstractmethod
    def encode(self, observation: JsonDict) -> list[float]:
        """The vector of `State.observation(seat)`: the fields in order, each within bounds."""

    def encode_state(self, state: State, seat: int) -> list[float]:
        """`encode(state.observation(seat))`, which a game may build straight from the state,
        skipping the JSON (the adapters' hot path; a test checks the two agree on random
        playouts). It may read only what the observation holds."""
        return self.encode(state.observation(seat))

    def encode_state_into(self, state: State, seat: int, out: VectorOut) -> None:
        """Write `encode_state(state, seat)` into `out`, `size` zeros on entry: an adapter's
        array (numpy's), so no list is built and converted. A game whose vector is mostly
        zeros writes only the other positions; by default the whole list is copied in."""
        out[:] = self.encode_state(state, seat)

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and highest value of each vector position."""
        low: list[float] = []
        high: list[float] = []
        for field in self.fields:
            low += [field.low] * field.size
            high += [field.high] * field.size
        return low, high

    def position_names(self) -> list[str]:
        """A name for every vector position, in order and all distinct: the field and, for a
        field of several positions, what each one is in the game's words (`route_owner
        Atlanta-Raleigh, seat +1`) or its place (`offer[4]`). The default names them by field
        and place; a game names its own."""
        return field_place_names(self.fields)

    def field_slices(self) -> dict[str, slice]:
        """Where each field lies in the vector, by name."""
        slices: dict[str, slice] = {}
        start = 0
        for field in self.fields:
            slices[field.name] = slice(start, start + field.size)
            start += field.size
        return slices


@dataclass(frozen=True, slots=True)
class Encoding:
    """A configured game's action and observation encodings and the bounds adapters need.

    `max_length` bounds the number of decisions in one game (OpenSpiel's max game length);
    `score_range` bounds a seat's final score (for a margin reward's range).
    """

    actions: ActionEncoding
    observations: ObservationEncoding
    max_length: int
    score_range: tuple[float, float]


GameOfIt = TypeVar("GameOfIt", bound=Game)
# A game's factory is only ever given a game of its own id, hence the `Any` it is kept as.
_factories: dict[str, Callable[[Any], Encoding] | str] = {}
_versions: dict[str, int] = {}
_cache: dict[tuple[str, int, str, str], Encoding] = {}


def register_encoding(
    game_id: str, factory: Callable[[GameOfIt], Encoding] | str, version: int = 0
) -> None:
    """Register how a game builds its encodings for a configuration (in its `__init__`): the
    factory, or its "package.module:name", imported on first use (`core.lazy`).

    `version` counts the changes of meaning of any index or position: raise it whenever one
    changes, so that the environment ids that carry it (`tabletrip/<game>-v<version>`) keep
    an agent trained on the old encoding from silently reading the new one."""
    _factories[game_id] = factory
    _versions[game_id] = version


def encoding_version(game_id: str) -> int:
    """The version of a game's encodings (importing the game registers it); NotImplementedError
    if the game provides none."""
    if not has_encoding(game_id):
        raise NotImplementedError(f"{game_id} provides no action and observation encoding")
    return _versions[game_id]


def has_encoding(game_id: str) -> bool:
    """Whether a game provides encodings (importing the game registers them)."""
    from tabletrip.core.registry import game_class

    game_class(game_id)
    return game_id in _factories


def encoding_for(game: Game) -> Encoding:
    """The encodings of a configured game, built once per configuration and content.

    NotImplementedError if the game provides none.
    """
    key = (game.id, game.players, json.dumps(game.options, sort_keys=True), game.content.hash)
    found = _cache.get(key)
    if found is None:
        if not has_encoding(game.id):
            raise NotImplementedError(f"{game.id} provides no action and observation encoding")
        factory = _factories[game.id]
        if isinstance(factory, str):
            factory = _factories[game.id] = imported(factory)
        found = _cache[key] = factory(game)
    return found


def describe_encoding(encoding: Encoding) -> str:
    """Markdown tables of the action space and the observation vector."""
    lines = [
        f"Action space: {encoding.actions.size} indices.",
        "",
        "| indices | name | meaning |",
        "|---|---|---|",
    ]
    for block in encoding.actions.blocks:
        last = block.start + block.size - 1
        span = str(block.start) if block.size == 1 else f"{block.start}-{last}"
        lines.append(f"| {span} | {block.name} | {block.description} |")
    lines += [
        "",
        f"Observation vector: {encoding.observations.size} float32 values.",
        "",
        "| positions | field | range | meaning |",
        "|---|---|---|---|",
    ]
    start = 0
    for field in encoding.observations.fields:
        last = start + field.size - 1
        span = str(start) if field.size == 1 else f"{start}-{last}"
        lines.append(
            f"| {span} | {field.name} | {_number(field.low)} to {_number(field.high)} "
            f"| {field.description} |"
        )
        start += field.size
    lines += [
        "",
        f"At most {encoding.max_length} decisions a game; a final score lies in "
        f"{_number(encoding.score_range[0])} to {_number(encoding.score_range[1])}.",
    ]
    return "\n".join(lines)


def block_place_names(blocks: Sequence[ActionBlock]) -> list[str]:
    """Every index named by its block, and its place in a block of several (`take[3]`)."""
    return [
        block.name if block.size == 1 else f"{block.name}[{place}]"
        for block in blocks
        for place in range(block.size)
    ]


def field_place_names(fields: Sequence[Field]) -> list[str]:
    """Every position named by its field, and its place in a field of several (`hand[2]`)."""
    return [
        field.name if field.size == 1 else f"{field.name}[{place}]"
        for field in fields
        for place in range(field.size)
    ]


def named_block(block: ActionBlock, names: Sequence[str]) -> list[str]:
    """The names of a block's indices, `block.name` then each of `names` (one per index)."""
    if len(names) != block.size:
        raise ValueError(f"block {block.name} has {block.size} indices; names given: {len(names)}")
    return [f"{block.name} {name}" for name in names]


def named_field(field: Field, names: Sequence[str]) -> list[str]:
    """The names of a field's positions, `field.name` then each of `names` (one per position)."""
    if len(names) != field.size:
        raise ValueError(
            f"field {field.name} has {field.size} positions; names given: {len(names)}"
        )
    return [f"{field.name} {name}" for name in names]


def relative_seat(places: int) -> str:
    """A seat in a seat-relative field, by how many places it sits after the observer (or the
    player to move): `you`, `seat +1`, `seat +2`, ..."""
    return "you" if places == 0 else f"seat +{places}"


def block_names(blocks: Sequence[ActionBlock], words: Mapping[str, Sequence[str]]) -> list[str]:
    """Every index of `blocks` named: a block in `words` by `named_block`, a block of one
    index by its name; ValueError for a block of several that `words` leaves unnamed."""
    return _named(blocks, words, named_block, "action block")


def field_names(fields: Sequence[Field], words: Mapping[str, Sequence[str]]) -> list[str]:
    """Every position of `fields` named: a field in `words` by `named_field`, a field of one
    position by its name; ValueError for a field of several that `words` leaves unnamed."""
    return _named(fields, words, named_field, "observation field")


Part = TypeVar("Part", ActionBlock, Field)


def _named(
    parts: Sequence[Part],
    words: Mapping[str, Sequence[str]],
    name_each: Callable[[Part, Sequence[str]], list[str]],
    what: str,
) -> list[str]:
    names: list[str] = []
    for part in parts:
        if part.name in words:
            names += name_each(part, words[part.name])
        elif part.size == 1:
            names.append(part.name)
        else:
            raise ValueError(f"no names for the {what} {part.name}")
    return names


def describe_names(encoding: Encoding) -> str:
    """Markdown tables naming every action index and every vector position."""
    lines = ["| index | action |", "|---|---|"]
    lines += [f"| {i} | {name} |" for i, name in enumerate(encoding.actions.index_names())]
    lines += ["", "| position | value |", "|---|---|"]
    lines += [f"| {i} | {name} |" for i, name in enumerate(encoding.observations.position_names())]
    return "\n".join(lines)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def one_hot(index: int | None, size: int) -> list[float]:
    """A list of `size` zeros with a 1 at `index` (all zeros when `index` is None)."""
    vector = [0.0] * size
    if index is not None:
        vector[index] = 1.0
    return vector


def scaled(value: float, top: float) -> float:
    """`value / top` clipped to [0, 1]: a count or amount on a documented scale."""
    if value <= 0:
        return 0.0
    return 1.0 if value >= top else value / top


def indicator(members: Sequence[int], size: int) -> list[float]:
    """A list of `size` zeros with a 1 at each index in `members` (a set as a vector)."""
    vector = [0.0] * size
    for index in members:
        vector[index] = 1.0
    return vector


class VectorWriter:
    """Writes a vector field after field into `out` (zeros on entry), setting only what is not
    zero: the values `one_hot`, `indicator` and concatenated lists would give, without a list
    to build or to convert into an adapter's array."""

    __slots__ = ("at", "out")

    def __init__(self, out: VectorOut) -> None:
        self.out = out
        self.at = 0  # the next position to write

    def value(self, value: float) -> None:
        """One position."""
        if value:
            self.out[self.at] = value
        self.at += 1

    def values(self, values: Iterable[float]) -> None:
        """Consecutive positions."""
        out, at = self.out, self.at
        for value in values:
            if value:
                out[at] = value
            at += 1
        self.at = at

    def one_hot(self, index: int | None, size: int) -> None:
        """`one_hot(index, size)`."""
        if index is not None:
            self.out[self.at + index] = 1.0
        self.at += size

    def indicator(self, members: Iterable[int], size: int) -> None:
        """`indicator(members, size)`."""
        out, at = self.out, self.at
        for index in members:
            out[at + index] = 1.0
        self.at += size

    def skip(self, size: int) -> None:
        """`size` zeros."""
        self.at += size


class WrittenObservations(ObservationEncoding):
    """An observation encoding that writes its fields in order with a `VectorWriter`: the same
    `write` fills a list (`encode`) or an adapter's array (`encode_state_into`)."""

    @abstractmethod
    def write(self, observation: JsonDict, w: VectorWriter) -> None:
        """Write the vector of `observation` (fields in order) through `w`."""

    def encode(self, observation: JsonDict) -> list[float]:
        """The vector of `observation(seat)`, fields in order."""
        vector = [0.0] * self.size
        self.write(observation, VectorWriter(vector))
        return vector

    def encode_state_into(self, state: State, seat: int, out: VectorOut) -> None:
        """The vector of `observation(seat)` written into `out` (zeros on entry): only the
        positions not zero, with no list to convert."""
        self.write(state.observation(seat), VectorWriter(out))
