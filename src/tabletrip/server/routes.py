"""The REST API under /api: games, rooms, seats, views, moves, undo and records."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from tabletrip.bots.levels import LEVELS
from tabletrip.server.catalogue import game_entries
from tabletrip.server.errors import Conflict
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
    RoomSummary,
    Undo,
    View,
)
from tabletrip.server.replays import replay_view
from tabletrip.server.rooms import FINISHED
from tabletrip.server.views import board, summary, view

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


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return None if credentials is None else credentials.credentials


@router.get("/games", response_model=Games, responses=_errors())
def list_games() -> dict[str, Any]:
    """The games this server plays, their options, the player counts each option set allows,
    and the bots each offers."""
    return {"games": game_entries(), "levels": list(LEVELS)}


@router.post("/rooms", status_code=201, response_model=RoomSummary, responses=_errors(400, 503))
async def create_room(body: CreateRoom, manager: Manager) -> JSONResponse:
    """Create a room: the game, options and seats (human, or a bot level)."""
    room = await manager.create(
        body.game,
        body.players,
        body.options,
        [(seat.kind, seat.bot) for seat in body.seats],
        body.seed,
    )
    return JSONResponse(summary(room), status_code=201)


@router.get("/rooms", response_model=list[RoomSummary], responses=_errors())
def list_rooms(
    manager: Manager, status: Literal["open", "playing", "finished"] | None = None
) -> JSONResponse:
    """The rooms, newest first; `status=open` lists those waiting for players."""
    return JSONResponse([summary(room) for room in manager.list_rooms(status)])


@router.get("/rooms/{room_id}", response_model=View, responses=_errors(404, 503))
def spectate(room_id: str, manager: Manager) -> JSONResponse:
    """What a spectator sees: the public observation and the public log."""
    return JSONResponse(view(manager.get(room_id), None))


@router.get("/rooms/{room_id}/static", response_model=dict[str, Any], responses=_errors(404, 503))
def static_info(room_id: str, manager: Manager) -> JSONResponse:
    """The game's public content a client needs to draw it (board, card catalogue)."""
    return JSONResponse(manager.get(room_id).game.static_info())


@router.post(
    "/rooms/{room_id}/seats/{seat}/join",
    response_model=Joined,
    responses=_errors(404, 409, 503),
)
async def join(
    room_id: str, seat: int, manager: Manager, body: JoinRoom | None = None
) -> dict[str, Any]:
    """Take a free human seat; the token in the answer is shown only this once."""
    token = await manager.join(room_id, seat, None if body is None else body.name)
    return {"seat": seat, "token": token}


@router.get("/rooms/{room_id}/view", response_model=View, responses=_errors(403, 404, 503))
def seat_view(room_id: str, manager: Manager, credentials: Token) -> JSONResponse:
    """What the seat of this token sees (Authorization: Bearer <token>)."""
    room, seat = manager.authenticate(room_id, _token(credentials))
    return JSONResponse(view(room, seat))


@router.post(
    "/rooms/{room_id}/actions", response_model=View, responses=_errors(400, 403, 404, 409, 503)
)
async def play(
    room_id: str, body: PlayAction, manager: Manager, credentials: Token
) -> JSONResponse:
    """Play a move for the token's seat at `version`; answers the seat's new view."""
    room, seat = manager.authenticate(room_id, _token(credentials))
    await manager.act(room, seat, body.action, body.version)
    return JSONResponse(view(room, seat))


@router.post("/rooms/{room_id}/undo", response_model=View, responses=_errors(403, 404, 409, 503))
async def undo(room_id: str, body: Undo, manager: Manager, credentials: Token) -> JSONResponse:
    """Take back the token's seat's last move, if nothing was revealed and nobody moved since."""
    room, seat = manager.authenticate(room_id, _token(credentials))
    await manager.undo(room, seat, body.version)
    return JSONResponse(view(room, seat))


@router.get(
    "/rooms/{room_id}/record", response_model=dict[str, Any], responses=_errors(404, 409, 503)
)
def record(room_id: str, manager: Manager) -> JSONResponse:
    """The finished game's record (tabletrip-record/1), replayable with `tabletrip replay`."""
    room = manager.get(room_id)
    if room.status != FINISHED:
        raise Conflict("the record is published when the game is over: it shows every move")
    labels = tuple(seat.label for seat in room.seats)
    return JSONResponse(room.state.record.with_labels(labels).to_json())


@router.get("/rooms/{room_id}/board", response_model=Board, responses=_errors(403, 404, 503))
async def room_board(room_id: str, manager: Manager, credentials: Token) -> JSONResponse:
    """The board as SVG, as the token's seat sees it (no token: as a spectator). Its elements
    with `data-target` are those the legal actions' `targets` name."""
    token = _token(credentials)
    if token is None:
        room, seat = manager.get(room_id), None
    else:
        room, seat = manager.authenticate(room_id, token)
    state, version = room.state, room.version  # a state is never changed once replaced
    key = ("board", seat, version)
    drawn = room.recall(key)
    if drawn is None:
        drawn = await run_in_threadpool(board, state, version, seat)
        room.remember(key, version, drawn)
    return JSONResponse(drawn)


@router.post("/rooms/{room_id}/hint", response_model=Hint, responses=_errors(403, 404, 409, 503))
async def hint(room_id: str, manager: Manager, credentials: Token) -> JSONResponse:
    """The hard bot's three best moves for the token's seat, which must be to move (about a
    second of search, once per version)."""
    room, seat = manager.authenticate(room_id, _token(credentials))
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
    room = manager.get(room_id)
    return JSONResponse(await run_in_threadpool(replay_view, room, step, seat))
