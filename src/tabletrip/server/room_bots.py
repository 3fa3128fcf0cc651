"""RoomBots: the bot moves and the hints of every room, computed in the bot pool.

A room whose seat to move is a bot's gets one task that asks the pool for the move and plays
it through the manager like any player's move; a hint is the hard bot's search for a seat that
asks, computed once per version.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from tabletrip.core.actions import JsonDict
from tabletrip.server.botpool import BotPool, bot_seed
from tabletrip.server.errors import BadRequest, Conflict, Forbidden, ServerError, Unavailable
from tabletrip.server.hints import hint_seed
from tabletrip.server.rooms import PLAYING, Room

if TYPE_CHECKING:
    from tabletrip.server.manager import RoomManager

log = logging.getLogger("tabletrip.server")

BOT_RETRY_SECONDS = 2.0  # after a bot failed to move (a worker died), wait before trying again


class RoomBots:
    """The bot pool, one bot task per room whose bot is to move, and the hints asked for."""

    def __init__(self, manager: RoomManager) -> None:
        self.manager = manager
        self._pool: BotPool | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._hints: dict[tuple[str, int, int], asyncio.Future[JsonDict]] = {}

    def start(self) -> None:
        """Start the pool (bots are scheduled from now on)."""
        self._pool = BotPool(self.manager.settings.bot_workers)

    async def close(self) -> None:
        """Cancel the bot tasks and stop the pool."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._pool is not None:
            self._pool.close()

    # --- bot moves -----------------------------------------------------------------------------

    def schedule(self, room: Room) -> None:
        """Let the room's bot move, if a bot is to move and no task already does."""
        if room.id in self._tasks or room.bot_to_move() is None or self._pool is None:
            return
        self._tasks[room.id] = asyncio.get_running_loop().create_task(self._turn(room))

    async def _turn(self, room: Room) -> None:
        try:
            moved = await self._move(room)
        finally:
            del self._tasks[room.id]
        if moved is not None:
            self.schedule(room)

    async def _move(self, room: Room) -> bool | None:
        """Compute and play one bot move; None if the bot failed (it is tried again later)."""
        seat = room.bot_to_move()
        assert seat is not None and self._pool is not None
        version = room.version
        spec = room.seats[seat].bot or "random"
        try:
            action = await self._pool.choose(room.state, spec, bot_seed(room.seed, seat, version))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot %s of room %s seat %s failed", spec, room.id, seat)
            await asyncio.sleep(BOT_RETRY_SECONDS)
            self._pool.close()
            self._pool = BotPool(self.manager.settings.bot_workers)
            return True
        if room.version != version:
            return False  # the room moved on (an undo): decide again
        try:
            await self.manager.act(room, seat, action, version)
        except BadRequest as exc:
            log.error("the bot %s of room %s chose an illegal move (%s)", spec, room.id, exc)
            fallback = room.state.legal_actions()[0].to_json()
            await self.manager.act(room, seat, fallback, version)
        except Unavailable:
            await asyncio.sleep(BOT_RETRY_SECONDS)
        except ServerError as exc:
            log.error("the bot %s of room %s cannot move: %s", spec, room.id, exc)
            return None
        return True

    # --- hints ---------------------------------------------------------------------------------

    async def hint(self, room: Room, seat: int) -> JsonDict:
        """The hard bot's advice for `seat`, which must be to move; computed once per version
        (asking again, or twice at once, waits for the same search)."""
        if room.status != PLAYING:
            raise Conflict("hints are for a game in play")
        if room.current_player != seat:
            raise Forbidden(
                f"it is seat {room.current_player}'s turn: hints are for the seat to move"
            )
        version = room.version
        key = (room.id, version, seat)
        future = self._hints.get(key)
        if future is None:
            assert self._pool is not None
            future = asyncio.ensure_future(
                self._pool.hint(room.state, hint_seed(room.seed, seat, version))
            )
            for old in [k for k in self._hints if k[0] == room.id and k[1] != version]:
                del self._hints[old]
            self._hints[key] = future
        try:
            answer = await asyncio.shield(future)
        except asyncio.CancelledError:
            raise
        except Exception:
            self._hints.pop(key, None)
            log.exception("the hint search of room %s seat %s failed", room.id, seat)
            raise Unavailable("the hint could not be computed now: try again") from None
        return {"version": version, "seat": seat, **answer}
