"""What a client is sent: a seat's view, a spectator's view, a room's summary, a board.

A view is built only from `state.observation(seat)` (or `public_observation()`), the seat's
own legal actions when it is to move (with the board targets each is about) and then the help
text of its decision (to it only: which decision a seat faces can depend on its hidden plays),
and the log as that seat may read it (Room.visible_log). The board, as that viewer sees it
(the presentation's `render_svg`), is sent apart (`board`): it is large and slow to draw, so only
clients that show it ask for it.

Everything is built once per viewer and version and shared by that viewer's sockets: the
observations (Room.observed), the view without its log and its JSON text; the log's lines are
built and encoded once per game (RoomLog), and a socket may be sent only the lines it lacks."""

from __future__ import annotations

import hashlib
import json
import logging

import orjson

from tabletrip.core.actions import Action, JsonDict
from tabletrip.core.game import State
from tabletrip.core.presentation import action_targets, decision_help, render_svg
from tabletrip.server.reveal import Observed, Viewer
from tabletrip.server.rooms import PLAYING, Room, Seat
from tabletrip.server.store_rows import SummaryPage, SummaryRow
from tabletrip.server.wording import action_words, document, scoring

log = logging.getLogger("tabletrip.server")


def json_text(value: JsonDict) -> str:
    """A view as JSON text, as `json.dumps` writes it but for the spaces (keys that are not
    strings become strings, as there): orjson, as a view is encoded for every move and viewer,
    and the standard library's encoder was a fifth of a loaded server's time."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def summary(room: Room) -> JsonDict:
    """The room as a list shows it: game, options, status, version and seats."""
    return {
        "id": room.id,
        "game": room.game.id,
        "players": room.game.players,
        "options": dict(room.game.options),
        "status": room.status,
        "created": room.created,
        "version": room.version,
        "current_player": room.current_player,
        "seats": [seat.to_json() for seat in room.seats],
        "labels": [seat.label for seat in room.seats],
        "content": None if room.game.content.builtin else room.game.content.hash,
    }


def stored_summary(row: SummaryRow) -> JsonDict:
    """The same summary, from the room's stored row (the room list: rooms need not be in
    memory to be listed)."""
    seats = [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in row.seats]
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "created": row.created,
        "version": row.version,
        "current_player": row.current_player,
        "seats": [seat.to_json() for seat in seats],
        "labels": [seat.label for seat in seats],
        "content": row.content,
    }


def room_page(page: SummaryPage, limit: int) -> tuple[str, str]:
    """A page of the room list as JSON text, and its entity tag (a client that holds that
    text already is told so rather than sent it again)."""
    text = json.dumps(
        {"rooms": [stored_summary(row) for row in page.rooms], "next": page.next, "limit": limit}
    )
    return text, f'W/"{hashlib.sha256(text.encode()).hexdigest()[:32]}"'


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    """Whether an If-None-Match header names this entity tag (weakly compared, or `*`)."""
    if not if_none_match:
        return False
    bare = etag.removeprefix("W/")
    tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
    return "*" in tags or bare in tags


def _targets(state: State, action: Action) -> list[str]:
    """The board keys of a legal action; none if the game fails to say (logged: a game bug
    must not keep a player from the list of moves)."""
    try:
        return list(action_targets(state, action))
    except Exception:
        log.exception("%s: action_targets(%s) failed", state.game.id, action)
        return []


def _help(state: State) -> str:
    try:
        return decision_help(state)
    except Exception:
        log.exception("%s: decision_help() failed", state.game.id)
        return ""


def private_keys(observed: Observed, viewer: Viewer) -> list[str]:
    """The observation keys only this seat sees (its hand, tickets...): none for a spectator."""
    if viewer is None:
        return []
    return sorted(set(observed(viewer)) - set(observed(None)))


def _head(room: Room, viewer: Viewer) -> JsonDict:
    """The view but its log."""
    state, observed = room.state, room.observed
    legal: list[JsonDict] = []
    observation = observed(viewer)
    if viewer is not None and room.status == PLAYING and state.current_player == viewer:
        legal = [
            {
                "text": str(a),
                "json": a.to_json(),
                "targets": _targets(state, a),
                "words": action_words(room.game, observation, a),
            }
            for a in state.legal_actions()
        ]
    return {
        **summary(room),
        "seat": viewer,
        "observation": observation,
        "document": document(room.game, observation),
        "legal_actions": legal,
        "result": None if state.result is None else state.result.to_json(),
        **scoring(room.game, state.result, [seat.label for seat in room.seats]),
        "can_undo": viewer is not None and room.undo_refusal(viewer) is None,
        # Only for the seat to move: which decision another seat faces can follow from
        # what this viewer may not see (a hidden simultaneous play).
        "help": _help(state) if legal else "",
        "private_keys": private_keys(observed, viewer),
    }


def _cached_head(room: Room, viewer: Viewer) -> JsonDict:
    return room.cached(("head", viewer), lambda: _head(room, viewer))


def view(room: Room, viewer: Viewer) -> JsonDict:
    """The view of a seat (an int) or of a spectator (None) at the room's current version."""
    return room.cached(
        ("view", viewer), lambda: {**_cached_head(room, viewer), "log": room.visible_log(viewer)}
    )


def view_message(room: Room, viewer: Viewer, since: int | None = None) -> str:
    """The WebSocket message carrying that view, as JSON text (built once per version).

    With `since`, the version of the last view this socket was sent, the log holds only the
    lines from `log_start` on: the socket holds the others already (see RoomLog.start).
    """
    start = None if since is None else room.log.start(viewer, since)
    return room.cached(("message", viewer, start), lambda: _message(room, viewer, start))


def _message(room: Room, viewer: Viewer, start: int | None) -> str:
    # The head is encoded once per version; each line of the log once per game.
    head = room.cached(
        ("head text", viewer),
        lambda: json_text({"type": "view", **_cached_head(room, viewer)})[:-1],
    )
    texts = room.log.lines(viewer).texts
    lines = "[" + ", ".join(texts[start:] if start else texts) + "]"
    if start is None:
        return f'{head}, "log": {lines}}}'
    return f'{head}, "log_start": {start}, "log": {lines}}}'


def board(state: State, version: int, viewer: Viewer) -> JsonDict:
    """The board as `viewer` sees it at `version` (svg None: the game draws no board)."""
    try:
        svg = render_svg(state, viewer)
    except Exception:
        log.exception("%s: render_svg(%s) failed", state.game.id, viewer)
        svg = None
    return {"version": version, "seat": viewer, "svg": svg}
