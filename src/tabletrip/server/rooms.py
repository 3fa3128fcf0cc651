"""A room: one game, its seats and its log, with the engine-level rules of the server.

Pure logic, no I/O: a change is first *prepared* (checked and computed on a copy of the
state), then stored by the caller, then *committed* here, so that nothing changes in memory
unless it was written, and nobody is told before.
"""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletrip.core.actions import Action, JsonDict
from tabletrip.core.content_set import Content
from tabletrip.core.errors import IllegalAction, RecordError
from tabletrip.core.game import DRAWING_MOVE, OPEN_MOVE, PRIVATE_MOVE, Game, State
from tabletrip.core.registry import game_class
from tabletrip.server.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized
from tabletrip.server.logs import LogEntry, RoomLog
from tabletrip.server.reveal import Observed, Viewer, hidden_from, reveals_nothing
from tabletrip.server.room_changes import ActionRow
from tabletrip.server.store import result_hash
from tabletrip.server.store_rows import RoomRow, SeatRow
from tabletrip.server.tokens import token_matches
from tabletrip.server.wording import move_words

HUMAN, BOT = "human", "bot"
OPEN, PLAYING, FINISHED = "open", "playing", "finished"
PLAY, UNDO = "play", "undo"


def configured_game(
    game_id: str, players: int, options: Mapping[str, Any], content: Content | None = None
) -> Game:
    """The game with these options and content (OptionError or ContentError if bad): one
    object for all the rooms that play it, as a game never changes once made (its tables are
    many objects to keep). Rooms of own content share it by the content's hash."""
    try:
        key = json.dumps(options, sort_keys=True)
    except (TypeError, ValueError):
        return game_class(game_id).from_options(players, options, content)
    if content is None:
        return _shared_game(game_id, players, key)
    cache_key = (game_id, players, key, content.hash)
    with _own_content_lock:
        game = _own_content_games.get(cache_key)
    if game is None:  # validated outside the lock: two rooms may make it at once, both right
        game = game_class(game_id).from_options(players, json.loads(key), content)
        with _own_content_lock:
            _own_content_games[cache_key] = game
            while len(_own_content_games) > OWN_CONTENT_GAMES:
                del _own_content_games[next(iter(_own_content_games))]  # the oldest made
    return game


@functools.lru_cache(maxsize=64)
def _shared_game(game_id: str, players: int, options_json: str) -> Game:
    return game_class(game_id).from_options(players, json.loads(options_json))


# Games of own content kept for rooms to share, oldest dropped first: a room's creator may
# upload any content, so unlike the shipped games these are few and bounded.
OWN_CONTENT_GAMES = 16
_own_content_games: dict[tuple[str, int, str, str], Game] = {}
_own_content_lock = threading.Lock()


@dataclass
class Seat:
    """One seat: a human (taken once joined) or a bot (named by its spec)."""

    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None

    @property
    def taken(self) -> bool:
        """Whether someone plays this seat: a bot, or a human who joined."""
        return self.kind == BOT or self.token_hash is not None

    @property
    def label(self) -> str:
        """How the seat is named to people: its player's name, `seat k`, or `bot <level>`."""
        if self.kind == BOT:
            return f"bot {self.bot}"
        return self.name or f"seat {self.seat}"

    def to_json(self) -> JsonDict:
        """What anyone may know of the seat (never its token)."""
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "taken": self.taken,
        }


@dataclass
class Step:
    """A move that may still be taken back: the state before it is kept to restore."""

    pre: Observed
    entry: LogEntry
    post: Observed
    safe: bool | None = None  # whether it revealed nothing, computed when first asked

    def revealed_nothing(self) -> bool:
        """Whether taking this move back hides nothing anyone has seen (cached)."""
        if self.safe is None:
            self.safe = reveals_nothing(self.pre, self.entry.action, self.post)
            self.pre.forget()  # the state before is only kept to be restored now
        return self.safe


@dataclass
class Change:
    """A checked change, to be stored and then committed: a play or an undo."""

    kind: str
    seat: int
    observed: Observed
    action_json: JsonDict | None = None
    step: Step | None = None

    @property
    def state(self) -> State:
        """The room's state once the change is made."""
        return self.observed.state

    @property
    def result(self) -> JsonDict | None:
        """The result when this change ends the game."""
        result = self.state.result
        return None if result is None else result.to_json()


@dataclass
class Room:
    """One game being played (or waiting for players, or finished) and its seats."""

    id: str
    game: Game
    seed: int
    created: str
    seats: list[Seat]
    state: State = field(init=False)
    observed: Observed = field(init=False)
    version: int = 0
    log: RoomLog = field(default_factory=RoomLog)
    _steps: list[Step] = field(default_factory=list)
    _views: dict[Any, Any] = field(default_factory=dict)
    _track_hidden: bool = True

    def __post_init__(self) -> None:
        self.state = self.game.new_game(seed=self.seed)
        self.observed = Observed(self.state)

    # --- what anyone may read ------------------------------------------------------------------

    @property
    def status(self) -> str:
        """'open' until every human seat is taken, then 'playing', 'finished' once over."""
        if self.state.is_over:
            return FINISHED
        return PLAYING if all(seat.taken for seat in self.seats) else OPEN

    @property
    def current_player(self) -> int | None:
        """The seat to move (None once the game is over)."""
        return None if self.state.is_over else self.state.current_player

    def bot_to_move(self) -> int | None:
        """The seat to move if the room is playing and that seat is a bot's."""
        seat = self.current_player
        if self.status != PLAYING or seat is None or self.seats[seat].kind != BOT:
            return None
        return seat

    def cached(self, key: Any, build: Any) -> Any:
        """A value derived from the current version, built once (views, their JSON text)."""
        if key not in self._views:
            self._views[key] = build()
        return self._views[key]

    def recall(self, key: Any) -> Any:
        """A value kept with `remember` for the current version (None if there is none)."""
        return self._views.get(key)

    def remember(self, key: Any, version: int, value: Any) -> None:
        """Keep a value computed off the event loop, if the room is still at `version`."""
        if version == self.version:
            self._views[key] = value

    def visible_log(self, viewer: Viewer) -> list[JsonDict]:
        """The moves `viewer` may read: its own in full, the others' public notation, leaving
        out any it could not tell apart from another (until the game is over)."""
        return list(self.log.lines(viewer).lines)

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` cannot take back its last move now; None if it can."""
        if self.status != PLAYING:
            return "only a game in play allows taking a move back"
        if not self._steps or self._steps[-1].entry.seat != seat:
            return "nothing to take back: only your own last move, before anyone else moves"
        if not self._steps[-1].revealed_nothing():
            return "that move drew, rolled or showed something hidden: it stands"
        return None

    # --- seats ---------------------------------------------------------------------------------

    def seat_for_token(self, token: str | None) -> int:
        """The seat this token was given for (every seat is compared); Unauthorized without a
        token, Forbidden if it is not one of this room's."""
        if not token:
            raise Unauthorized(
                "a seat token is required: send the token given when the seat was joined "
                "(Authorization: Bearer <token>)"
            )
        found = None
        for seat in self.seats:
            if token_matches(token, seat.token_hash):
                found = seat.seat
        if found is None:
            raise Forbidden("this token is not a seat token of this room")
        return found

    def joinable(self, seat: int) -> Seat:
        """The seat if a person may join it; NotFound or Conflict saying why not."""
        if not 0 <= seat < len(self.seats):
            raise NotFound(f"room {self.id} has seats 0 to {len(self.seats) - 1}, not {seat}")
        chosen = self.seats[seat]
        if chosen.kind == BOT:
            raise Conflict(f"seat {seat} is played by the bot {chosen.bot!r}")
        if chosen.taken:
            raise Conflict(f"seat {seat} is taken")
        return chosen

    def status_after_join(self, seat: int) -> str:
        """The room's status once `seat` is taken."""
        free = [s for s in self.seats if not s.taken and s.seat != seat]
        return OPEN if free else PLAYING

    def take(self, seat: int, name: str | None, token_hash: str) -> None:
        """Give a seat to the person who joined it (after it was stored)."""
        self.seats[seat].name = name
        self.seats[seat].token_hash = token_hash
        self._views.clear()

    # --- moves ---------------------------------------------------------------------------------

    def _check_turn(self, seat: int, version: int) -> None:
        status = self.status
        if status == OPEN:
            free = ", ".join(str(s.seat) for s in self.seats if not s.taken)
            raise Conflict(f"the game has not started: waiting for seats {free} to be joined")
        if status == FINISHED:
            raise Conflict("the game is over")
        current = self.state.current_player
        if seat != current:
            raise Forbidden(f"it is seat {current}'s turn, not seat {seat}'s")
        self._check_version(version)

    def _check_version(self, version: int) -> None:
        if version != self.version:
            raise Conflict(
                f"stale version {version}: the room is at version {self.version}; "
                "fetch the view and decide again"
            )

    def _parse(self, action: Any) -> Action:
        try:
            if isinstance(action, str):
                return self.game.parse_action(action, self.state)
            if isinstance(action, dict):
                return self.game.action_from_json(action)
        except IllegalAction as exc:
            raise BadRequest(str(exc)) from None
        raise BadRequest("an action is its notation (a string) or its JSON form (an object)")

    def prepare_play(self, seat: int, action: Any, version: int) -> Change:
        """Check and compute a move of `seat` (notation or JSON) at `version`; nothing changes.

        Forbidden if it is not the seat's turn, Conflict if the room is not playing or the
        version is stale, BadRequest if the action is malformed or illegal (with the reason).
        """
        self._check_turn(seat, version)
        parsed = self._parse(action)
        state = self.state.clone()
        try:
            state.apply(parsed)
        except IllegalAction as exc:
            raise BadRequest(str(exc)) from None
        pre, post = self.observed, Observed(state)
        disclosure = self.state.move_disclosure(parsed, state)
        if disclosure in (OPEN_MOVE, DRAWING_MOVE):  # the game vouches: no check needed
            entry = LogEntry(seat, parsed, frozenset(), move_words(self.game, parsed.public()))
            step = Step(pre, entry, post, disclosure == OPEN_MOVE)
            return Change(PLAY, seat, post, parsed.to_json(), step)
        hidden = hidden_from(pre, parsed, post) if self._track_hidden else frozenset()
        entry = LogEntry(seat, parsed, hidden, move_words(self.game, parsed.public()))
        # A private move revealed nothing, the game vouches; otherwise checked when asked.
        safe = True if disclosure == PRIVATE_MOVE else None
        return Change(PLAY, seat, post, parsed.to_json(), Step(pre, entry, post, safe))

    def prepare_undo(self, seat: int, version: int, check: bool = True) -> Change:
        """Check that `seat` may take back its last move; Conflict saying why not."""
        self._check_version(version)
        if check:
            reason = self.undo_refusal(seat)
            if reason is not None:
                raise Conflict(reason)
        elif not self._steps or self._steps[-1].entry.seat != seat:
            raise Conflict(f"seat {seat} has no move to take back")
        return Change(UNDO, seat, self._steps[-1].pre)

    def commit(self, change: Change) -> None:
        """Make a stored change the room's new version."""
        if change.kind == PLAY:
            assert change.step is not None
            if self._steps and self._steps[-1].entry.seat != change.seat:
                self._steps.clear()
            self._steps.append(change.step)
            self.log.play(change.step.entry, change.state.is_over)
            if change.state.is_over:  # a finished game takes nothing back: let its states go
                self._steps.clear()
        else:
            self._steps.pop()
            self.log.undo()
        self.observed = change.observed
        self.state = change.state
        self.version += 1
        self._views.clear()
        self._forget_observations()

    def _forget_observations(self) -> None:
        """Let go of the observations of the states kept for undo that no check needs any
        more (they are many objects for the garbage collector to go over; rebuilt if asked)."""
        for step in self._steps[:-1]:
            step.pre.forget()

    # --- the stored form -----------------------------------------------------------------------

    def seat_rows(self) -> tuple[SeatRow, ...]:
        """The seats as stored."""
        return tuple(SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in self.seats)

    @classmethod
    def rebuild(cls, row: RoomRow) -> Room:
        """The room a stored row describes, by replaying its log from the seed.

        RecordError if a row does not replay or a finished room's result does not hash to the
        stored one: such a room is reported, never served wrong.
        """
        try:
            content = None if row.content is None else Content.from_json(row.content)
            game = configured_game(row.game, row.players, row.options, content)
        except Exception as exc:
            raise RecordError(f"room {row.id}: cannot make its game: {exc}") from None
        seats = [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in row.seats]
        if [s.seat for s in seats] != list(range(game.players)):
            raise RecordError(f"room {row.id}: its seats do not match its {game.players} players")
        room = cls(row.id, game, row.seed, row.created, seats)
        # A finished game's log is public: no need to work out what each move hid.
        room._track_hidden = row.status != FINISHED
        room.apply_rows(row.actions)
        room._track_hidden = True
        room._check_stored_result(row)
        return room

    def apply_rows(self, rows: Sequence[ActionRow]) -> None:
        """Play stored log rows, the first at the room's version (the rows another server
        wrote since this copy was made); RecordError naming the row that does not replay."""
        for action in rows:
            try:
                if action.n != self.version:
                    raise RecordError(f"row {action.n} is out of order")
                if action.kind == PLAY:
                    change = self.prepare_play(action.seat, action.action, self.version)
                elif action.kind == UNDO:
                    change = self.prepare_undo(action.seat, self.version, check=False)
                else:
                    raise RecordError(f"unknown row kind {action.kind!r}")
            except Exception as exc:
                raise RecordError(
                    f"room {self.id}: log row {action.n} does not replay: {exc}"
                ) from None
            self.commit(change)

    def sync_seats(self, rows: Sequence[SeatRow]) -> bool:
        """Take the stored seats' names and token hashes (a seat joined through another
        server); whether any changed."""
        changed = False
        for row in rows:
            seat = self.seats[row.seat]
            if (seat.name, seat.token_hash) != (row.name, row.token_hash):
                seat.name, seat.token_hash = row.name, row.token_hash
                changed = True
        if changed:
            self._views.clear()
        return changed

    def _check_stored_result(self, row: RoomRow) -> None:
        result = self.state.result
        if result is None:
            if row.status == FINISHED:
                raise RecordError(f"room {row.id} is stored as finished but its replay is not")
            return
        if row.status != FINISHED or row.result_hash is None:
            raise RecordError(f"room {row.id}: the replay is over but the room is not finished")
        if result_hash(result.to_json()) != row.result_hash:
            raise RecordError(f"room {row.id}: the replay does not reproduce the stored result")
