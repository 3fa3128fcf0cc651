"""The replay of a finished room, step by step, for the replay viewer.

A finished game's record is public (every move, every hand), so any step may be shown as a
spectator sees it or as any seat saw it. The states of a few recently replayed rooms are kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from tabletrip.core.actions import Action, JsonDict
from tabletrip.core.game import Game, State
from tabletrip.core.presentation import decision_help
from tabletrip.server.errors import BadRequest, Conflict
from tabletrip.server.reveal import Viewer, observe
from tabletrip.server.rooms import FINISHED, Room
from tabletrip.server.views import board
from tabletrip.server.wording import document, move_words, scoring

KEPT_ROOMS = 8  # rooms whose replayed states stay in memory

_states: OrderedDict[tuple[str, int, int], list[State]] = OrderedDict()
_lock = threading.Lock()


def _replayed(room: Room) -> list[State]:
    """The state after each move of the room's game: index k is after k moves."""
    history = room.state.history
    key = (room.id, room.seed, len(history))
    with _lock:
        if key in _states:
            _states.move_to_end(key)
            return _states[key]
    state = room.game.new_game(seed=room.seed)
    states = [state.clone()]
    for _seat, action in history:
        state.apply(action)
        states.append(state.clone())
    with _lock:
        _states[key] = states
        while len(_states) > KEPT_ROOMS:
            _states.popitem(last=False)
    return states


def replay_view(room: Room, step: int, viewer: Viewer) -> JsonDict:
    """The finished room at `step` (0: before any move) as `viewer` saw it, with its board.

    Conflict if the game is not over (its moves are not public yet); BadRequest for a step
    or seat out of range.
    """
    if room.status != FINISHED:
        raise Conflict("a replay is shown when the game is over: it shows every move")
    history = room.state.history
    steps = len(history)
    if not 0 <= step <= steps:
        raise BadRequest(f"step must be from 0 to {steps}, not {step}")
    if viewer is not None and not 0 <= viewer < room.game.players:
        raise BadRequest(f"seat must be from 0 to {room.game.players - 1}, not {viewer}")
    state = _replayed(room)[step]
    game = room.game
    labels = [seat.label for seat in room.seats]
    observation = observe(state, viewer)
    return {
        "id": room.id,
        "game": room.game.id,
        "players": room.game.players,
        "labels": labels,
        "step": step,
        "steps": steps,
        "seat": viewer,
        "current_player": None if state.is_over else state.current_player,
        "move": None if step == 0 else _line(game, *history[step - 1]),
        "log": [_line(game, seat, action) for seat, action in history[:step]],
        "observation": observation,
        "document": document(game, observation),
        "help": "" if state.is_over else decision_help(state),
        "result": None if state.result is None else state.result.to_json(),
        **scoring(game, state.result, labels),
        "board": board(state, step, viewer)["svg"],
    }


def _line(game: Game, seat: int, action: Action) -> JsonDict:
    """A move of a finished game: every move is public then, in full and in words."""
    return {"seat": seat, "text": str(action), "words": move_words(game, action.public())}
