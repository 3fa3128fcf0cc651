"""The `replay` command: replay a record move by move and verify it reproduces its result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from tabletrip.cli.console import Ui
from tabletrip.cli.game_display import _describe, _show_result
from tabletrip.cli.game_setup import _make_game
from tabletrip.core.actions import Action, JsonDict
from tabletrip.core.errors import IllegalAction, OptionError, RecordError
from tabletrip.core.game import Game, State
from tabletrip.core.records import Record


def _replay_action(game: Game, state: State, index: int, seat: int, data: JsonDict) -> Action:
    """Apply one recorded action with the checks of `tabletrip.replay`; RecordError if it fails."""
    try:
        if state.is_over:
            raise IllegalAction("the game is already over")
        if seat != state.current_player:
            raise IllegalAction(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
        action = game.action_from_json(data)
        state.apply(action)
    except IllegalAction as exc:
        raise RecordError(f"action {index} ({json.dumps(data)}) fails: {exc}") from None
    return action


def replay(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A record saved by `tabletrip play`.")
    ],
    step: Annotated[
        bool, typer.Option("--step", help="Show the board and wait for Enter between moves.")
    ] = False,
) -> None:
    """Replay a game record move by move and verify that it reproduces its result."""
    ui = Ui()
    loaded = Record.load(file)
    try:
        game = _make_game(loaded.game, loaded.players, loaded.options)
    except OptionError as exc:
        raise RecordError(f"record {str(file)!r} cannot be replayed: {exc}") from None
    _describe(ui, game, loaded.seed, loaded.labels)
    ui.say(f"{len(loaded.actions)} moves")
    state = game.new_game(seed=loaded.seed)
    wait = step and ui.stdin_is_tty
    if step:
        ui.say(state.render_text(None))
    for index, (seat, data) in enumerate(loaded.actions):
        if wait:
            try:
                if ui.ask("Enter: next move, q: stop ").lower() == "q":
                    ui.say(f"stopped before move #{index}: the rest is not verified")
                    return
            except (EOFError, KeyboardInterrupt):
                ui.say()
                return
        try:
            action = _replay_action(game, state, index, seat, data)
        except RecordError as exc:
            raise RecordError(f"record {str(file)!r}: {exc}") from None
        ui.say(f"#{index} seat {seat}: {action}")
        if step:
            ui.say(state.render_text(None))
    if state.is_over:
        _show_result(ui, state, loaded.labels)
    result = state.result
    if loaded.result is not None:
        if result is None or result.to_json() != loaded.result:
            raise RecordError(
                f"record {str(file)!r}: the replay does not reproduce the result the record gives"
            )
        ui.say(f"verified: the {len(loaded.actions)} moves reproduce the recorded result exactly")
    elif result is None:
        ui.say(
            f"verified: all {len(loaded.actions)} moves are legal; the game is unfinished "
            f"(seat {state.current_player} to move), so there is no result to compare"
        )
    else:
        ui.say(f"verified: all {len(loaded.actions)} moves are legal; the record gives no result")
