"""RoomManager: the rooms in memory, kept in step with the store, and the bots that play them.

All room changes happen on the event loop, one room at a time (a lock per room): check and
compute (Room.prepare_*), write the row in the database thread (rows of several rooms that
wait together share a transaction), commit in memory, then tell the room's subscribers and let
a bot move if one is to. A failed write changes nothing.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError

from tabletrip.core.actions import JsonDict
from tabletrip.core.errors import OptionError, TabletripError
from tabletrip.server.bot_specs import network_bot
from tabletrip.server.errors import (
    BadRequest,
    Conflict,
    NotFound,
    Unavailable,
    Unprocessable,
)
from tabletrip.server.group_commit import GroupCommit
from tabletrip.server.room_bots import RoomBots
from tabletrip.server.rooms import BOT, HUMAN, Change, Room, Seat, configured_game
from tabletrip.server.settings import Settings
from tabletrip.server.store import LogEntry, RoomRow, Store, now
from tabletrip.server.tokens import hash_token, new_token
from tabletrip.sim.lineup import SEED_BITS

log = logging.getLogger("tabletrip.server")


@functools.cache
def _settle_startup_objects() -> None:
    """Once per process: keep what startup made (modules, game tables, the rooms loaded) out
    of the garbage collector's full collections. They live as long as the process, and going
    over them again and again stalled every room for up to 150 ms each time."""
    gc.collect()
    gc.freeze()


def _unavailable(exc: SQLAlchemyError) -> Unavailable:
    """The answer to a failed database write (logged: the operator must see why)."""
    log.error("database write failed: %s", exc)
    return Unavailable("the database cannot be written now: nothing was changed")


class Subscriber(Protocol):
    """A connection that wants to know when a room changes."""

    def poke(self) -> None:
        """The room changed: send the new view when you can."""


class RoomManager:
    """Creates, lists and changes rooms; stores every change before telling anyone."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.broken: dict[str, str] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._subscribers: dict[str, set[Subscriber]] = {}
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletrip-db")
        self._log = GroupCommit(store.append, self._db)
        self.bots = RoomBots(self)

    # --- life ----------------------------------------------------------------------------------

    def load(self) -> None:
        """Rebuild every stored room by replay; a room that does not replay is reported."""
        for row in self.store.rooms():
            try:
                self.rooms[row.id] = Room.rebuild(row)
            except TabletripError as exc:
                self.broken[row.id] = str(exc)
                log.error("room %s is not served: %s", row.id, exc)

    async def start(self) -> None:
        """Load the rooms and let their bots play."""
        self.bots.start()
        self.load()
        _settle_startup_objects()
        for room in self.rooms.values():
            self.bots.schedule(room)

    async def close(self) -> None:
        """Stop the bots and release the database."""
        await self.bots.close()
        self._db.shutdown(wait=True)
        self.store.close()

    async def _write(self, call: Callable[..., Any], *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._db, functools.partial(call, *args))
        except SQLAlchemyError as exc:
            raise _unavailable(exc) from None

    # --- reading -------------------------------------------------------------------------------

    def get(self, room_id: str) -> Room:
        """The room; NotFound (or Unavailable for a room that does not replay)."""
        room = self.rooms.get(room_id)
        if room is None:
            if room_id in self.broken:
                raise Unavailable(f"room {room_id} cannot be served: {self.broken[room_id]}")
            raise NotFound(f"no room {room_id!r}")
        return room

    def list_rooms(self, status: str | None = None) -> list[Room]:
        """The rooms (with `status` only, if given), newest first."""
        rooms = [r for r in self.rooms.values() if status is None or r.status == status]
        return sorted(rooms, key=lambda r: (r.created, r.id), reverse=True)

    def authenticate(self, room_id: str, token: str | None) -> tuple[Room, int]:
        """The room and the seat this token plays; Forbidden if it plays none."""
        room = self.get(room_id)
        return room, room.seat_for_token(token)

    def lock(self, room_id: str) -> asyncio.Lock:
        """The lock that serializes the changes of one room."""
        return self._locks.setdefault(room_id, asyncio.Lock())

    # --- changes -------------------------------------------------------------------------------

    async def create(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        seats: list[tuple[str, str | None]],
        seed: int | None = None,
    ) -> Room:
        """A new room: seats are (kind, bot spec) pairs; BadRequest naming what is wrong."""
        try:
            configured = configured_game(game, players, options)
            if len(seats) != configured.players:
                raise BadRequest(
                    f"{game} is played by {configured.players} here, so give "
                    f"{configured.players} seats, not {len(seats)}"
                )
            made: list[Seat] = []
            for index, (kind, spec) in enumerate(seats):
                if kind == HUMAN:
                    made.append(Seat(index, HUMAN))
                    continue
                made.append(Seat(index, BOT, bot=network_bot(spec or "", game, self.settings)))
        except OptionError as exc:
            raise BadRequest(str(exc)) from None
        if seed is None:
            seed = secrets.randbits(63)
        elif not 0 <= seed <= SEED_BITS:
            raise BadRequest(f"seed must be a whole number from 0 to {SEED_BITS}, not {seed}")
        elif not self.settings.chosen_seeds and any(s.kind == HUMAN for s in made):
            raise Unprocessable(
                "a room with people seated cannot be given a seed: its creator could compute "
                "every deal; leave seed out (the server draws it) or make every seat a bot"
            )
        room = Room(secrets.token_hex(6), configured, seed, now(), made)
        row = RoomRow(
            room.id,
            game,
            configured.players,
            dict(configured.options),
            seed,
            room.created,
            room.status,
            None,
            None,
            room.seat_rows(),
            (),
        )
        await self._write(self.store.create_room, row)
        self.rooms[room.id] = room
        self.bots.schedule(room)
        return room

    async def join(self, room_id: str, seat: int, name: str | None) -> str:
        """Take a free human seat; returns its token (shown this once)."""
        room = self.get(room_id)
        async with self.lock(room_id):
            room.joinable(seat)
            token = new_token()
            digest = hash_token(token)
            status = room.status_after_join(seat)
            taken = await self._write(self.store.take_seat, room_id, seat, name, digest, status)
            if not taken:
                raise Conflict(f"seat {seat} is taken")
            room.take(seat, name, digest)
        self._changed(room)
        return token

    async def act(self, room: Room, seat: int, action: Any, version: int) -> None:
        """Play `action` for `seat` at `version` (see Room.prepare_play for the refusals)."""
        async with self.lock(room.id):
            change = room.prepare_play(seat, action, version)
            await self._store(room, change)
        self._changed(room)

    async def undo(self, room: Room, seat: int, version: int) -> None:
        """Take back `seat`'s last move (see Room.undo_refusal for when it is refused)."""
        async with self.lock(room.id):
            change = room.prepare_undo(seat, version)
            await self._store(room, change)
        self._changed(room)

    async def _store(self, room: Room, change: Change) -> None:
        entry = LogEntry(
            room.id, room.version, change.seat, change.kind, change.action_json, change.result
        )
        try:
            await self._log.append(entry)
        except SQLAlchemyError as exc:
            raise _unavailable(exc) from None
        room.commit(change)

    async def hint(self, room: Room, seat: int) -> JsonDict:
        """The hard bot's advice for `seat`, which must be to move (see RoomBots.hint)."""
        return await self.bots.hint(room, seat)

    # --- telling -------------------------------------------------------------------------------

    def subscribe(self, room_id: str, subscriber: Subscriber) -> None:
        """Poke `subscriber` after every change of the room."""
        self._subscribers.setdefault(room_id, set()).add(subscriber)

    def unsubscribe(self, room_id: str, subscriber: Subscriber) -> None:
        """Stop poking `subscriber`."""
        subscribers = self._subscribers.get(room_id)
        if subscribers is not None:
            subscribers.discard(subscriber)
            if not subscribers:
                del self._subscribers[room_id]

    def _changed(self, room: Room) -> None:
        for subscriber in list(self._subscribers.get(room.id, ())):
            subscriber.poke()
        self.bots.schedule(room)
