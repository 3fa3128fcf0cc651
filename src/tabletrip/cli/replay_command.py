"""The `replay` command: replay a record, or a game of a sim database, and verify its result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from tabletrip.cli.console import Ui
from tabletrip.cli.game_display import _describe, _move_text, _show_result, seat_names
from tabletrip.cli.game_setup import _make_game
from tabletrip.cli.turn_help import show_view
from tabletrip.core.actions import Action, JsonDict
from tabletrip.core.errors import ContentError, IllegalAction, OptionError, RecordError
from tabletrip.core.game import Game, State
from tabletrip.core.records import Record, check_content
from tabletrip.sim.store import SimStore


def _replay_action(game: Game, state: State, index: int, seat: int, data: JsonDict) -> Action:
    """Apply one recorded action with the checks of `tabletrip.replay`; RecordError if it fails."""
    try:
        if state.is_over:
            raise IllegalAction("the game is already over")
        if seat != state.current_player:
            raise IllegalAction(
                f"it is Player {state.current_player + 1}'s turn, not Player {seat + 1}'s"
            )
        action = game.action_from_json(data)
        state.apply(action)
    except IllegalAction as exc:
        raise RecordError(f"action {index} ({json.dumps(data)}) fails: {exc}") from None
    return action


def _move_line(
    state: State, seat: int, action: Action, full: bool, viewer: int | None, names: list[str]
) -> str:
    """A replayed move: in full (a finished game), or as `viewer` saw it."""
    return f"{names[seat]}: {action}" if full else _move_text(state, seat, action, viewer, names)


SQLITE_HEADER = b"SQLite format 3\x00"


def _is_sqlite(path: Path) -> bool:
    try:
        with path.open("rb") as file:
            return file.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def _sim_record(file: Path, game: int, run: int | None) -> tuple[Record, str]:
    """Game `game` of a run in a sim database, and how messages name it."""
    with SimStore.open(file) as store:
        if run is None:
            runs = store.runs()
            if len(runs) != 1:
                listed = "; ".join(info.describe() for info in runs) or "none"
                raise RecordError(
                    f"{str(file)!r} holds {len(runs)} runs: choose one with --run R ({listed})"
                )
            run = runs[0].id
        source = f"game {game} of run {run} in {str(file)!r}"
        try:
            loaded = store.record(run, game)
        except RecursionError:
            raise RecordError(f"{source} is not a tabletrip record: nested too deep") from None
        except ValueError as exc:  # the row is not JSON
            raise RecordError(f"{source} is not a tabletrip record: {exc}") from None
    return loaded, source


def _viewer(loaded: Record) -> tuple[bool, int | None]:
    """Whether the replay shows every move in full, and else whose view it shows.

    A finished game is shown in full. An unfinished one (a game that may be resumed) shows only
    what its one human seat saw (or, with none or several, what everyone saw): quitting a game
    must never reveal the bots' hidden cards.
    """
    if loaded.result is not None:
        return True, None
    humans = [seat for seat, label in enumerate(loaded.labels) if label == "human"]
    return False, humans[0] if len(humans) == 1 else None


def _replay(ui: Ui, loaded: Record, source: str, step: bool, content: Path | None) -> None:
    """Replay a record move by move, showing each move, and verify its result."""
    try:
        game = _make_game(loaded.game, loaded.players, loaded.options, content)
    except (OptionError, ContentError) as exc:
        raise RecordError(f"{source} cannot be replayed: {exc}") from None
    check_content(loaded, game, given=content is not None)
    names = seat_names([*loaded.labels, *[""] * (loaded.players - len(loaded.labels))])
    _describe(ui, game, loaded.seed, names if loaded.labels else [])
    ui.say(f"{len(loaded.actions)} moves")
    full, viewer = _viewer(loaded)
    if not full:
        whose = "everyone" if viewer is None else names[viewer]
        ui.say(f"an unfinished game: shown as {whose} saw it, nothing hidden from them")
    state = game.new_game(seed=loaded.seed)
    wait = step and ui.stdin_is_tty
    if step:
        show_view(ui, state, None if full else viewer)
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
            raise RecordError(f"{source}: {exc}") from None
        ui.say(f"#{index} {_move_line(state, seat, action, full, viewer, names)}")
        if step:
            show_view(ui, state, None if full else viewer)
    if state.is_over:
        _show_result(ui, state, loaded.labels)
    result = state.result
    if loaded.result is not None:
        if result is None or result.to_json() != loaded.result:
            raise RecordError(
                f"{source}: the replay does not reproduce the result the record gives"
            )
        ui.say(f"verified: the {len(loaded.actions)} moves reproduce the recorded result exactly")
    elif result is None:
        ui.say(
            f"verified: all {len(loaded.actions)} moves are legal; the game is unfinished "
            f"(seat {state.current_player} to move), so there is no result to compare"
        )
    else:
        ui.say(f"verified: all {len(loaded.actions)} moves are legal; the record gives no result")


def replay(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A record saved by `tabletrip play`, or a `tabletrip sim` database (with --game).",
        ),
    ],
    step: Annotated[
        bool, typer.Option("--step", help="Show the board and wait for Enter between moves.")
    ] = False,
    game: Annotated[
        int | None,
        typer.Option("--game", "-g", metavar="K", help="Game K (from 0) of a sim database."),
    ] = None,
    run: Annotated[
        int | None,
        typer.Option(metavar="R", help="The run of a sim database (needed if it holds several)."),
    ] = None,
    content: Annotated[
        Path | None,
        typer.Option(
            metavar="PATH", help="The own content the game was played with (file or directory)."
        ),
    ] = None,
) -> None:
    """Replay a game record (or a simulated game) move by move and verify its result."""
    ui = Ui()
    if game is not None:
        if file.exists() and not _is_sqlite(file):
            raise RecordError(
                f"--game is for a `tabletrip sim` database, and {str(file)!r} is not one"
            )
        loaded, source = _sim_record(file, game, run)
    elif _is_sqlite(file):
        raise RecordError(
            f"{str(file)!r} is a database: give --game K to replay its game K (from 0)"
        )
    elif run is not None:
        raise RecordError("--run goes with --game, to replay a game of a `tabletrip sim` database")
    else:
        loaded, source = Record.load(file), f"record {str(file)!r}"
    _replay(ui, loaded, source, step, content)
