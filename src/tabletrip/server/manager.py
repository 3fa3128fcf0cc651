"""RoomManager: the rooms, kept in the store and in memory while in use, and their bots.

All room changes happen on the event loop, one room at a time (a lock per room): check and
compute (Room.prepare_*), write the row in the database thread (rows of several rooms that
wait together share a transaction), commit in memory, then tell the room's subscribers and let
a bot move if one is to. A failed write changes nothing.

Memory holds only the rooms in use (room_cache.py): a room is loaded when first asked for
(`await manager.room(id)`: read and replayed in the loader thread, once however many ask at
the same time) and leaves once idle. At startup only the rooms whose bot is to move are
loaded, so that they play on. The room list is read from the store, never from memory.

On a database other servers share (PostgreSQL), the store refuses a row written at a version
that moved on (`StaleVersion`: the caller gets 409 and the room catches up), every answer first
checks the room against the stored version (`refresh`), announcements from the other servers
bring the rooms held here up to date (`announced`), and a bot move is computed by the one
server holding its claim (`claim_bot_turn`); rooms whose server died are adopted.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import secrets
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError

from tabletrip.core.actions import JsonDict
from tabletrip.core.errors import ContentError, OptionError, TabletripError
from tabletrip.core.game import Game
from tabletrip.core.options import validate_options
from tabletrip.core.registry import game_class, game_ids
from tabletrip.server import room_changes
from tabletrip.server.announcements import Announcements
from tabletrip.server.bot_specs import network_bot
from tabletrip.server.errors import (
    BadRequest,
    Conflict,
    NotFound,
    ServerError,
    Unavailable,
    Unprocessable,
)
from tabletrip.server.group_commit import GroupCommit, StaleVersion
from tabletrip.server.names import name_refusal
from tabletrip.server.rate_limits import RateLimits
from tabletrip.server.room_bots import RoomBots
from tabletrip.server.room_cache import RoomCache
from tabletrip.server.room_changes import ActionRow
from tabletrip.server.rooms import BOT, HUMAN, Change, Room, Seat, configured_game
from tabletrip.server.settings import Settings
from tabletrip.server.store import Store
from tabletrip.server.store_rows import LogEntry, RoomRow, SummaryPage, now
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


def _unreadable(exc: SQLAlchemyError) -> Unavailable:
    """The answer to a failed database read (logged)."""
    log.error("database read failed: %s", exc)
    return Unavailable("the database cannot be read now: try again")


def _rebuilt(store: Store, room_id: str) -> Room | None:
    """The stored room, replayed (None if there is none); in the loader thread."""
    row = store.room(room_id)
    return None if row is None else Room.rebuild(row)


class Subscriber(Protocol):
    """A connection that wants to know when a room changes."""

    def poke(self) -> None:
        """The room changed: send the new view when you can."""


class RoomManager:
    """Creates, lists and changes rooms; stores every change before telling anyone."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self._cache = RoomCache(settings.max_rooms_in_memory, settings.idle_room_seconds)
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self.broken: dict[str, str] = {}
        # A lock lives as long as someone holds or waits for it: never two for one room.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._subscribers: dict[str, set[Subscriber]] = {}
        self._refreshing: dict[str, asyncio.Task[None]] = {}  # catch-ups an announcement started
        # Announcements heard while that room's catch-up ran (it looks again once done): room
        # -> whether one of them was about seats.
        self._heard_again: dict[str, bool] = {}
        self._announcements: Announcements | None = None  # on a shared (PostgreSQL) database
        # This server among those sharing the database (its claims and announcements carry it).
        self.server_id = store.server_id
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletrip-db")
        # Reads and replays, apart from the writes so that neither waits for the other.
        self._loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletrip-load")
        self._log = GroupCommit(store.append, self._db)
        self._background: list[asyncio.Task[None]] = []
        self.bots = RoomBots(self)
        self.rate_limits = RateLimits(settings)

    @property
    def rooms(self) -> Mapping[str, Room]:
        """The rooms in memory now (read-only; `await room(id)` loads one)."""
        return self._cache

    # --- life ----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Fill the list columns of rooms stored by an older version, then load the rooms
        whose bot is to move (in the background: they play as soon as each is loaded)."""
        self.bots.start()
        if self.store.shared:
            loop = asyncio.get_running_loop()
            self._announcements = Announcements(
                self.settings.db_url, loop, self.announced, self._resync
            )
            await asyncio.to_thread(self._announcements.start)
        _settle_startup_objects()
        for room_id in await self._read(self.store.unsummarised):
            await self._summarise(room_id)
        loop = asyncio.get_running_loop()
        self._background = [
            loop.create_task(self._resume_bots()),
            loop.create_task(self._sweep_now_and_then()),
        ]
        if self.store.shared:
            self._background.append(loop.create_task(self._adopt_bot_rooms()))

    async def close(self) -> None:
        """Stop the bots and release the database."""
        if self._announcements is not None:
            await asyncio.to_thread(self._announcements.stop)
        for task in self._background:
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)
        await self.bots.close()
        self._loader.shutdown(wait=True)
        self._db.shutdown(wait=True)
        self.store.close()

    async def _summarise(self, room_id: str) -> None:
        """Replay a room stored by an older version and store what the list shows of it."""
        try:
            room = await self.room(room_id)
        except ServerError:
            return  # not served (reported): it stays out of the list
        await self._write(self.store.set_summary, room.id, room.version, room.current_player)

    async def _resume_bots(self) -> None:
        """Load the rooms whose bot is to move: loading one schedules its bot."""
        for room_id in await self._read(self.store.bot_rooms):
            try:
                await self.room(room_id)
            except ServerError as exc:
                log.error("room %s cannot play on: %s", room_id, exc)

    async def _sweep_now_and_then(self) -> None:
        """Let idle rooms go, a few times per idle period."""
        pause = min(max(self.settings.idle_room_seconds / 4, 0.05), 30.0)
        while True:
            await asyncio.sleep(pause)
            self._sweep()

    def _sweep(self) -> None:
        self._cache.sweep(self._busy)

    def _keep(self, room: Room) -> None:
        """Hold a room just made or loaded, letting others go if that puts memory over the cap
        (never this one: it is being asked for)."""
        self._cache.add(room)
        self._cache.sweep(lambda room_id: room_id == room.id or self._busy(room_id))

    def _busy(self, room_id: str) -> bool:
        """Whether a room must stay in memory: someone watches it, a bot or a hint is
        computing for it, or a change of it is under way."""
        lock = self._locks.get(room_id)
        return (
            room_id in self._subscribers
            or self.bots.busy(room_id)
            or (lock is not None and lock.locked())
        )

    async def _write(self, call: Callable[..., Any], *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._db, functools.partial(call, *args))
        except SQLAlchemyError as exc:
            raise _unavailable(exc) from None

    async def _read(self, call: Callable[..., Any], *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._loader, functools.partial(call, *args))
        except SQLAlchemyError as exc:
            raise _unreadable(exc) from None

    # --- reading -------------------------------------------------------------------------------

    async def room(self, room_id: str) -> Room:
        """The room, loaded if it is not in memory; NotFound, or Unavailable for a room that
        does not replay (or a database that cannot be read now). On a database other servers
        share, a room in memory is first brought up to the stored version, so no answer is
        ever staler than the database."""
        room = self._cache.use(room_id)
        if room is not None:
            if self.store.shared:
                await self.refresh(room)
            return room
        if room_id in self.broken:
            raise Unavailable(f"room {room_id} cannot be served: {self.broken[room_id]}")
        loading = self._loading.get(room_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(room_id))
            self._loading[room_id] = loading
            loading.add_done_callback(lambda _done: self._loading.pop(room_id, None))
        # Shielded: a request that gives up does not stop the load others wait for.
        return await asyncio.shield(loading)

    async def _load(self, room_id: str) -> Room:
        try:
            room = await self._read(_rebuilt, self.store, room_id)
        except TabletripError as exc:
            if isinstance(exc, ServerError):
                raise
            self.broken[room_id] = str(exc)
            log.error("room %s is not served: %s", room_id, exc)
            raise Unavailable(f"room {room_id} cannot be served: {exc}") from None
        if room is None:
            raise NotFound(f"no room {room_id!r}")
        self._keep(room)
        self.bots.schedule(room)
        return room

    async def summaries(
        self, limit: int, status: str | None, game: str | None, cursor: str | None
    ) -> SummaryPage:
        """A page of the room list from the store (see Store.summaries), without the rooms
        known not to replay; a room whose row does not read is reported from now on.
        Unprocessable if the game or the cursor is not one this server knows."""
        if game is not None and game not in game_ids():
            raise Unprocessable(f"game: no game {game!r}; the games: {', '.join(game_ids())}")
        try:
            page: SummaryPage = await self._read(self.store.summaries, limit, status, game, cursor)
        except ValueError:
            raise Unprocessable(
                "cursor: not a cursor this server gave: pass the `next` of the previous page"
            ) from None
        for room_id, reason in page.unreadable.items():
            if room_id not in self.broken:
                self.broken[room_id] = reason
                log.error("room %s is not served: %s", room_id, reason)
        served = tuple(row for row in page.rooms if row.id not in self.broken)
        return SummaryPage(served, {}, page.next)

    async def authenticate(self, room_id: str, token: str | None) -> tuple[Room, int]:
        """The room and the seat this token plays; Unauthorized without a token, Forbidden
        if it plays none."""
        room = await self.room(room_id)
        return room, room.seat_for_token(token)

    def lock(self, room_id: str) -> asyncio.Lock:
        """The lock that serializes the changes of one room."""
        lock = self._locks.get(room_id)
        if lock is None:
            lock = self._locks[room_id] = asyncio.Lock()
        return lock

    # --- changes -------------------------------------------------------------------------------

    async def create(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        seats: list[tuple[str, str | None]],
        seed: int | None = None,
        content: dict[str, Any] | None = None,
    ) -> Room:
        """A new room: seats are (kind, bot spec) pairs, `content` own content files by
        shipped name (validated as the game loads them); BadRequest naming what is wrong."""
        try:
            configured = await self._configure(game, players, options, content)
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
        except (OptionError, ContentError) as exc:
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
            room.version,
            room.current_player,
            None if content is None else configured.content.to_json(),
        )
        await self._write(self.store.create_room, row)
        self._keep(room)
        self.bots.schedule(room)
        return room

    async def _configure(
        self, game: str, players: int, options: dict[str, Any], content: dict[str, Any] | None
    ) -> Game:
        """The room's game; own content is validated in a thread (a big file takes a while)."""
        if content is None:
            return configured_game(game, players, options)
        cls = game_class(game)
        checked = validate_options(game, cls.info.options, options)
        own = await asyncio.to_thread(cls.content_for, checked, content)
        return await asyncio.to_thread(configured_game, game, players, options, own)

    async def join(self, room_id: str, seat: int, name: str | None) -> str:
        """Take a free human seat; returns its token (shown this once)."""
        room = await self.room(room_id)
        async with self.lock(room_id):
            room.joinable(seat)
            refusal = name_refusal(name, [s.label for s in room.seats if s.seat != seat])
            if refusal is not None:
                raise Conflict(refusal)
            token = new_token()
            digest = hash_token(token)
            status = room.status_after_join(seat)
            taken = await self._write(self.store.take_seat, room_id, seat, name, digest, status)
            if not taken:
                await self._catch_up(room)  # taken through another server: learn by whom
                self._changed(room)
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
            self.rate_limits.undo(room.id, seat)
            await self._store(room, change)
        self._changed(room)

    async def refresh(self, room: Room, seats: bool = True) -> None:
        """Bring a room in memory up to the stored one (the moves and, unless `seats` is
        False, the seats another server wrote), then tell its subscribers and let its bot move
        if anything changed."""
        async with self.lock(room.id):
            changed = await self._catch_up(room, seats)
        if changed:
            self._changed(room)

    async def _catch_up(self, room: Room, seats: bool = True) -> bool:
        """Under the room's lock: play the stored rows past the room's version and take the
        stored seats (only the rows if `seats` is False: an announced move changes no seat);
        whether anything changed. Unavailable (and the room is not served again) if the stored
        rows do not replay."""
        changed = False
        version = None
        if seats:
            stored = await self._read(self.store.version, room.id)
            if stored is None:
                return False
            version, seat_rows = stored
            changed = room.sync_seats(seat_rows)
        if not seats or (version is not None and version > room.version):
            rows = await self._read(self.store.actions_from, room.id, room.version)
            self._apply_rows(room, rows)
            changed = changed or bool(rows)
        return changed

    def _apply_rows(self, room: Room, rows: Sequence[ActionRow]) -> None:
        """Play rows another server stored; Unavailable (and the room is not served again)
        if they do not replay."""
        try:
            room.apply_rows(rows)
        except TabletripError as exc:
            self.broken[room.id] = str(exc)
            self._cache.drop(room.id)
            log.error("room %s is not served: %s", room.id, exc)
            raise Unavailable(f"room {room.id} cannot be served: {exc}") from None

    def announced(self, payload: str) -> None:
        """A PostgreSQL notification (see `room_changes`): if another server changed a room
        held here, catch up, so that its subscribers here hear of it. A move that comes with
        its row, at the version held here, is played from it; otherwise the rows are read."""
        heard = room_changes.read(payload)
        if heard is None or heard.server == self.server_id:
            return
        room = self._cache.get(heard.room_id)
        if room is None or (heard.version is not None and heard.version <= room.version):
            return
        seats = heard.version is None
        if heard.room_id in self._refreshing:  # it may have read already: look again once done
            self._heard_again[room.id] = self._heard_again.get(room.id, False) or seats
            return
        refresh = self._announced_refresh(room, seats, heard.row)
        self._refreshing[room.id] = asyncio.get_running_loop().create_task(refresh)

    async def claim_bot_turn(self, room: Room, version: int) -> bool:
        """Whether this server is to compute the bot move of `room` at `version`: always on a
        database of its own; on a shared one, if it holds the claim (`Store.claim_bot_turn`),
        so that a bot move is computed once whichever servers hold the room."""
        if not self.store.shared:
            return True
        until = time.time() + self.settings.bot_lease_seconds
        return bool(
            await self._write(self.store.claim_bot_turn, room.id, version, self.server_id, until)
        )

    async def _adopt_bot_rooms(self) -> None:
        """Shared database: now and then, load the bot rooms no server is playing (their
        server died, or stopped): loading one lets its bot move here."""
        pause = max(self.settings.bot_lease_seconds / 2, 0.05)
        while True:
            await asyncio.sleep(pause)
            try:
                room_ids = await self._read(self.store.unplayed_bot_rooms)
            except ServerError as exc:
                log.warning("cannot look for bot rooms to play: %s", exc)
                continue
            for room_id in room_ids:
                try:
                    room = await self.room(room_id)
                except ServerError as exc:
                    log.error("room %s cannot play on: %s", room_id, exc)
                    continue
                self.bots.schedule(room)

    def _resync(self) -> None:
        """Announcements may have been missed (the listener reconnected): check every room
        in memory against the database."""
        for room_id in list(self._cache):
            self.announced(f"{room_id} seats -")

    async def _announced_refresh(self, room: Room, seats: bool, row: ActionRow | None) -> None:
        try:
            if row is not None:
                await self._play_heard(room, row)
            else:
                await self.refresh(room, seats)
            while room.id in self._heard_again:
                await self.refresh(room, self._heard_again.pop(room.id))
        except ServerError as exc:
            log.warning("room %s could not catch up: %s", room.id, exc)
        finally:
            self._refreshing.pop(room.id, None)
            self._heard_again.pop(room.id, None)

    async def _play_heard(self, room: Room, row: ActionRow) -> None:
        """Play an announced row if it is the next of the room here (else read what is
        missing), then tell the subscribers."""
        async with self.lock(room.id):
            if row.n != room.version:
                changed = await self._catch_up(room, seats=False)
            else:
                self._apply_rows(room, [row])
                changed = True
        if changed:
            self._changed(room)

    async def _store(self, room: Room, change: Change) -> None:
        state = change.state
        entry = LogEntry(
            room.id,
            room.version,
            change.seat,
            change.kind,
            change.action_json,
            change.result,
            None if state.is_over else state.current_player,
        )
        try:
            await self._log.append(entry)
        except SQLAlchemyError as exc:
            raise _unavailable(exc) from None
        except StaleVersion:
            # Another server wrote this version first: this copy catches up, and the caller
            # hears of the move that won (409, then the current view).
            await self._catch_up(room)
            self._changed(room)
            raise Conflict(
                f"the game moved on (another move was played first): version {room.version} "
                "now; ask for the current view"
            ) from None
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
        self._cache.use(room.id)
        for subscriber in list(self._subscribers.get(room.id, ())):
            subscriber.poke()
        self.bots.schedule(room)
