"""Values derived from objects that never change (a game's board, a game), kept per object.

Boards and games are frozen but large: hashing one field by field on every call would cost more
than the value saved, so they are told apart by identity. Each memo holds the objects it keys
on (an identity is then never reused for another object while it is kept) and forgets the
oldest beyond a bound, so that games of own content come and go without piling up.

    distances = PerObject(build_distance_table)        # one value per board
    words = Memo(describe, per_object=4096)           # one value per (board, key)
    words(board, "seat 0 drew Ignition card 7")
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Owner = TypeVar("Owner")
Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")

OBJECTS_KEPT = 32  # distinct objects a memo remembers (the shipped games and some own content)


class PerObject(Generic[Owner, Value]):
    """`build(owner)`, built once per object."""

    __slots__ = ("_build", "_kept", "_objects")

    def __init__(self, build: Callable[[Owner], Value], objects: int = OBJECTS_KEPT) -> None:
        self._build = build
        self._objects = objects
        self._kept: dict[int, tuple[Owner, Value]] = {}

    def __call__(self, owner: Owner) -> Value:
        """The value for this object (built now if it is new)."""
        kept = self._kept.get(id(owner))
        if kept is not None and kept[0] is owner:
            return kept[1]
        value = self._build(owner)
        while len(self._kept) >= self._objects:
            del self._kept[next(iter(self._kept))]  # the oldest object
        self._kept[id(owner)] = (owner, value)
        return value


class Memo(Generic[Owner, Key, Value]):
    """`compute(owner, key)`, computed once per object and key; at most `per_object` values
    per object (then that object's are forgotten at once, the cheapest bound to keep)."""

    __slots__ = ("_compute", "_per_object", "_tables")

    def __init__(
        self,
        compute: Callable[[Owner, Key], Value],
        per_object: int = 4096,
        objects: int = OBJECTS_KEPT,
    ) -> None:
        self._compute = compute
        self._per_object = per_object
        self._tables: PerObject[Owner, dict[Key, Value]] = PerObject(lambda _: {}, objects)

    def __call__(self, owner: Owner, key: Key) -> Value:
        """The value for this object and key."""
        table = self._tables(owner)
        try:
            return table[key]
        except KeyError:
            pass
        if len(table) >= self._per_object:
            table.clear()
        value = table[key] = self._compute(owner, key)
        return value
