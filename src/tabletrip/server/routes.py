"""The REST API under /api: games, rooms, seats, views, moves, undo and records."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from tabletrip.bots.levels import LEVELS
from tabletrip.core.errors import OptionError
from tabletrip.core.options import validate_options
from tabletrip.core.registry import game_class
from tabletrip.server.catalogue import game_entries
from tabletrip.server.errors import BadRequest, Conflict
from tabletrip.server.manager import RoomManager
from tabletrip.server.models import (
    Board,
    CreateRoom,
    ErrorBody,
    Games,
    Hint,
    Joined,
    JoinRoom,
    PlayAction,
    Replay,
    RoomPage,
    RoomSummary,
    Undo,
    View,
)
from tabletrip.server.rate_limits import RATE_LIMITED, RateLimits, client_of, rate_limits_of
from tabletrip.server.replays import replay_view
from tabletrip.server.rooms import FINISHED
from tabletrip.server.views import board, etag_matches, room_page, summary, view

router = APIRouter(prefix="/api")
bearer = HTTPBearer(auto_error=False, description="The seat token given when the seat was joined.")


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """Documented refusals: these, and for any request a body that is not JSON (400), too
    big (413) or of the wrong shape (422)."""
    return {status: {"model": ErrorBody} for status in sorted({*statuses, 400, 413, 422})}


def manager_of(request: Request) -> RoomManager:
    """The app's room manager."""
    return request.app.state.manager


Manager = Annotated[RoomManager, Depends(manager_of)]
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
RateLimited = Annotated[RateLimits, Depends(rate_limits_of)]
MAX_PAGE = 200  # rooms a page of the room list holds at most
ETAG = {
    "ETag": {
        "description": "The page's entity tag: send it as If-None-Match next time.",
        "schema": {"type": "string"},
    }
}
# A seat's token is optional here: without one the answer is the spectator's.
OPTIONAL_TOKEN: dict[str, Any] = {"security": [{}]}


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return None if credentials is None else credentials.credentials


@router.get("/games", response_model=Games, responses=_errors())
def list_games() -> dict[str, Any]:
    """The games this server plays, their options, the player counts each option set allows,
    and the bots each offers."""
    return {"games": game_entries(), "levels": list(LEVELS)}


@router.post(
    "/rooms",
    status_code=201,
    response_model=RoomSummary,
    responses={**_errors(400, 503), **RATE_LIMITED},
)
async def create_room(
    body: CreateRoom, manager: Manager, request: Request, rate_limits: RateLimited
) -> JSONResponse:
    """Create a room: the game, options and seats (human, or a bot level). A client address
    may create only so many rooms a minute (429 with Retry-After beyond). Options are JSON
    values of their kind: a yes/no option is true or false, not the text "yes"."""
    try:
        validate_options(body.game, game_class(body.game).info.options, body.options, text=False)
    except OptionError as exc:
        raise BadRequest(str(exc)) from None
    rate_limits.create_room(client_of(request))
    room = await manager.create(
        body.game,
        body.players,
        body.options,
        [(seat.kind, seat.bot) for seat in body.seats],
        body.seed,
        body.content,
    )
    return JSONResponse(summary(room), status_code=201)


@router.get(
    "/rooms",
    response_model=RoomPage,
    responses={
        **_errors(),
        200: {"headers": ETAG},
        304: {"description": "Not modified: the page is the one `If-None-Match` names."},
    },
)
async def list_rooms(
    manager: Manager,
    status: Literal["open", "playing", "finished"] | None = None,
    game: Annotated[str | None, Query(max_length=100, description="Only this game.")] = None,
    limit: Annotated[
        int, Query(ge=1, le=MAX_PAGE, description=f"Rooms a page holds, at most {MAX_PAGE}.")
    ] = 50,
    cursor: Annotated[
        str | None, Query(max_length=500, description="The `next` of the previous page.")
    ] = None,
    if_none_match: Annotated[str | None, Header(max_length=1000)] = None,
) -> Response:
    """The rooms, newest first, a page at a time (`next` is the cursor of the following
    page); `status=open` lists those waiting for players, `game` those of one game. Each page
    has an `ETag`: sent back as `If-None-Match`, an unchanged page is answered 304, empty."""
    text, etag = room_page(await manager.summaries(limit, status, game, cursor), limit)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if etag_matches(if_none_match, etag):
        return Response(status_code=304, headers=headers)
    return Response(text, media_type="application/json", headers=headers)


@router.get("/rooms/{room_id}", response_model=View, responses=_errors(404, 503))
async def spectate(room_id: str, manager: Manager) -> JSONResponse:
    """What a spectator sees: the public observation and the public log."""
    room = await manager.room(room_id)
    return JSONResponse(await run_in_threadpool(view, room, None))


@router.get("/rooms/{room_id}/static", response_model=dict[str, Any], responses=_errors(404, 503))
async def static_info(room_id: str, manager: Manager) -> JSONResponse:
    """The game's public content a client needs to draw it (board, card catalogue)."""
    room = await manager.room(room_id)
    return JSONResponse(await run_in_threadpool(room.game.static_info))


@router.get("/rooms/{room_id}/content", response_model=dict[str, Any], responses=_errors(404, 503))
async def room_content(room_id: str, manager: Manager) -> JSONResponse:
    """The room's content files by shipped name (its own and the shipped ones), with its
    hash: what `tabletrip replay --content DIR` needs to replay the room's record (write each
    file into DIR under its name). Public, like the board: nothing in it is hidden."""
    room = await manager.room(room_id)
    content = room.game.content
    return JSONResponse(
        {
            "hash": content.hash,
            "builtin": content.builtin,
            "files": {f.name: f.data for f in content.files},
        }
    )


@router.post(
    "/rooms/{room_id}/seats/{seat}/join",
    response_model=Joined,
    responses={**_errors(404, 409, 503), **RATE_LIMITED},
)
async def join(
    room_id: str,
    seat: int,
    manager: Manager,
    request: Request,
    rate_limits: RateLimited,
    body: JoinRoom | None = None,
) -> dict[str, Any]:
    """Take a free human seat; the token in the answer is shown only this once. A client
    address may join only so many seats a minute (429 with Retry-After beyond)."""
    rate_limits.join(client_of(request))
    token = await manager.join(room_id, seat, None if body is None else body.name)
    return {"seat": seat, "token": token}


@router.get("/rooms/{room_id}/view", response_model=View, responses=_errors(401, 403, 404, 503))
async def seat_view(room_id: str, manager: Manager, credentials: Token) -> JSONResponse:
    """What the seat of this token sees (Authorization: Bearer <token>; none: 401, a wrong
    one: 403)."""
    room, seat = await manager.authenticate(room_id, _token(credentials))
    return JSONResponse(await run_in_threadpool(view, room, seat))


@router.post(
    "/rooms/{room_id}/actions",
    response_model=View,
    responses=_errors(400, 401, 403, 404, 409, 503),
)
async def play(
    room_id: str, body: PlayAction, manager: Manager, credentials: Token
) -> JSONResponse:
    """Play a move for the token's seat at `version`; answers the seat's new view."""
    room, seat = await manager.authenticate(room_id, _token(credentials))
    await manager.act(room, seat, body.action, body.version)
    return JSONResponse(view(room, seat))


@router.post(
    "/rooms/{room_id}/undo", response_model=View, responses=_errors(401, 403, 404, 409, 503)
)
async def undo(room_id: str, body: Undo, manager: Manager, credentials: Token) -> JSONResponse:
    """Take back the token's seat's last move, if nothing was revealed and nobody moved since."""
    room, seat = await manager.authenticate(room_id, _token(credentials))
    await manager.undo(room, seat, body.version)
    return JSONResponse(view(room, seat))


@router.get(
    "/rooms/{room_id}/record", response_model=dict[str, Any], responses=_errors(404, 409, 503)
)
async def record(room_id: str, manager: Manager) -> JSONResponse:
    """The finished game's record (tabletrip-record/1), replayable with `tabletrip replay`."""
    room = await manager.room(room_id)
    if room.status != FINISHED:
        raise Conflict("the record is published when the game is over: it shows every move")
    labels = tuple(seat.label for seat in room.seats)
    record = room.state.record.with_labels(labels)
    return JSONResponse(await run_in_threadpool(record.to_json))


@router.get(
    "/rooms/{room_id}/board",
    response_model=Board,
    responses=_errors(403, 404, 503),
    openapi_extra=OPTIONAL_TOKEN,
)
async def room_board(room_id: str, manager: Manager, credentials: Token) -> JSONResponse:
    """The board as SVG, as the token's seat sees it (no token: as a spectator). Its elements
    with `data-target` are those the legal actions' `targets` name. A wrong token is 403."""
    token = _token(credentials)
    if token is None:
        room, seat = await manager.room(room_id), None
    else:
        room, seat = await manager.authenticate(room_id, token)
    state, version = room.state, room.version  # a state is never changed once replaced
    key = ("board", seat, version)
    drawn = room.recall(key)
    if drawn is None:
        drawn = await run_in_threadpool(board, state, version, seat)
        room.remember(key, version, drawn)
    return JSONResponse(drawn)


@router.post(
    "/rooms/{room_id}/hint",
    response_model=Hint,
    responses=_errors(401, 403, 404, 409, 429, 503),
)
async def hint(room_id: str, manager: Manager, credentials: Token) -> JSONResponse:
    """The hard bot's three best moves for the token's seat, which must be to move (about a
    second of search, once per version)."""
    room, seat = await manager.authenticate(room_id, _token(credentials))
    return JSONResponse(await manager.hint(room, seat))


@router.get("/rooms/{room_id}/replay", response_model=Replay, responses=_errors(404, 409, 503))
async def replay(
    room_id: str,
    manager: Manager,
    step: Annotated[int, Query(ge=0, le=1_000_000, description="Moves played (0: the start).")] = 0,
    seat: Annotated[
        int | None, Query(ge=0, le=16, description="See it as this seat (none: a spectator).")
    ] = None,
) -> JSONResponse:
    """A finished game at `step`, with the board: every move is public once it is over."""
    room = await manager.room(room_id)
    return JSONResponse(await run_in_threadpool(replay_view, room, step, seat))
