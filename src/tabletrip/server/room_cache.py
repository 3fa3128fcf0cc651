"""RoomCache: the rooms kept in memory, least recently used first out.

The database holds every room; memory holds those in use. A room leaves once nothing has used
it for `idle_seconds`, or when more than `max_rooms` are kept (the least recently used first),
but never while it is busy (the manager says which are: a subscriber, a bot task or a pending
hint, a change under way). A room that left but is still referenced somewhere (a request that
fetched it just before) comes back as the same object: a room is never in memory twice.
"""

from __future__ import annotations

import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping

from tabletrip.server.rooms import Room

Clock = Callable[[], float]


class RoomCache(Mapping[str, Room]):
    """The rooms in memory by id, in the order they were last used (a read-only mapping)."""

    def __init__(self, max_rooms: int, idle_seconds: float, clock: Clock = time.monotonic) -> None:
        self.max_rooms = max_rooms
        self.idle_seconds = idle_seconds
        self._clock = clock
        self._rooms: OrderedDict[str, Room] = OrderedDict()
        self._used: dict[str, float] = {}
        # Rooms that left but that someone still holds: found again rather than rebuilt.
        self._left: weakref.WeakValueDictionary[str, Room] = weakref.WeakValueDictionary()

    def __getitem__(self, room_id: str) -> Room:
        return self._rooms[room_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rooms)

    def __len__(self) -> int:
        return len(self._rooms)

    def use(self, room_id: str) -> Room | None:
        """The room if it is in memory (or left but still held: it is kept again), marked as
        used now; None if it must be loaded."""
        room = self._rooms.get(room_id)
        if room is None:
            room = self._left.pop(room_id, None)
            if room is None:
                return None
            self._rooms[room_id] = room
        self._rooms.move_to_end(room_id)
        self._used[room_id] = self._clock()
        return room

    def add(self, room: Room) -> None:
        """Keep a room just made or loaded (used now)."""
        assert room.id not in self._rooms, f"room {room.id} is in memory already"
        self._rooms[room.id] = room
        self._used[room.id] = self._clock()

    def drop(self, room_id: str) -> None:
        """Forget a room at once (it is found not to replay: it must not be served)."""
        self._rooms.pop(room_id, None)
        self._used.pop(room_id, None)
        self._left.pop(room_id, None)

    def sweep(self, busy: Callable[[str], bool]) -> list[str]:
        """Let go of the idle rooms and of the least recently used over the cap, but for the
        busy ones; returns the ids of those that left."""
        now = self._clock()
        left: list[str] = []
        for room_id in list(self._rooms):
            over = len(self._rooms) > self.max_rooms
            idle = now - self._used[room_id] >= self.idle_seconds
            if not over and not idle:
                break  # the rest were used later still
            if busy(room_id):
                continue
            room = self._rooms.pop(room_id)
            del self._used[room_id]
            self._left[room_id] = room
            left.append(room_id)
        return left
