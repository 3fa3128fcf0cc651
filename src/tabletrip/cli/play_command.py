"""The `play` command: set a game up, play it to the end, show the result, save the record."""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.rule import Rule

from tabletrip import bots
from tabletrip.cli.console import Ui
from tabletrip.cli.game_display import _describe, _move_text, _show_result, seat_names
from tabletrip.cli.game_setup import GameOptions, Setup, _menu, _setup_from_args
from tabletrip.cli.human_turn import _human_move, _Quit
from tabletrip.cli.resume import bot_seed, resume_setup
from tabletrip.cli.turn_help import show_view
from tabletrip.core.actions import Action
from tabletrip.core.errors import OptionError, RecordError
from tabletrip.core.game import State
from tabletrip.paths import records_dir

INTERRUPTED_EXIT = 130


def _default_record_path(game_id: str, seed: int) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = records_dir() / f"{game_id}-{stamp}-seed{seed}.json"
    copy = 2
    while path.exists():
        path = records_dir() / f"{game_id}-{stamp}-seed{seed}-{copy}.json"
        copy += 1
    return path


def _save_record(ui: Ui, setup: Setup, state: State) -> Path:
    """Save the record (finished or not) where asked, falling back to the data dir."""
    record = state.record.with_labels(setup.labels())
    path = setup.record_path or _default_record_path(setup.game.id, setup.seed)
    try:
        return record.save(path)
    except OSError as exc:
        if setup.record_path is None:
            raise RecordError(f"cannot save the record to {str(path)!r}: {exc.strerror}") from None
        fallback = _default_record_path(setup.game.id, setup.seed)
        ui.problem(f"cannot write {str(path)!r} ({exc.strerror}): saving to {fallback} instead")
        try:
            return record.save(fallback)
        except OSError as again:
            raise RecordError(
                f"cannot save the record to {str(fallback)!r} either: {again.strerror}"
            ) from None


def _play(ui: Ui, setup: Setup, resumed: State | None = None) -> None:
    """Play the game to its end (or to `quit`), then show the result and save the record.
    `resumed`: the state of an unfinished game to go on from (`--resume`)."""
    game = setup.game
    labels = setup.labels()
    names = seat_names(labels)
    _describe(ui, game, setup.seed, names)
    if resumed is None:
        ui.say(f"(the same --seed {setup.seed} deals the same game again)", style="dim")
        state = game.new_game(seed=setup.seed)
    else:
        state = resumed
        ui.say(f"resumed after move {len(state.history)}; {names[state.current_player]} to play")
    hot_seat = len(setup.humans) > 1
    last_human: int | None = None
    try:
        while not state.is_over:
            seat = state.current_player
            if seat in setup.humans:
                if hot_seat and seat != last_human:
                    ui.ask(f"{names[seat]}, your turn: press Enter when only you look ")
                action = _human_move(ui, setup, state, seat, names)
                last_human = seat
                if hot_seat and ui.console.is_terminal:
                    ui.console.clear()  # the next player may already be looking
            else:
                action = _bot_move(ui, setup, state, seat, names[seat])
            # In hot seat the next player may already be looking: a move shows in public form.
            ui.say(_move_text(state, seat, action, setup.viewer, names))
    except (_Quit, EOFError, KeyboardInterrupt) as stop:
        path = _save_record(ui, setup, state)
        ui.say()
        ui.say(f"unfinished game saved: {path}")
        ui.say(f"go on with it: tabletrip play --resume {path}")
        ui.say(f"replay it with: tabletrip replay {path}")
        if isinstance(stop, KeyboardInterrupt):
            raise typer.Exit(INTERRUPTED_EXIT) from None
        return
    except Exception:
        # Keep the game played so far, then let the error be reported.
        path = _save_record(ui, setup, state)
        ui.problem(f"the game stopped on an error; the moves so far are saved in {path}")
        raise
    ui.say()
    if setup.humans:
        _show_final_position(ui, state)
    _show_result(ui, state, labels)
    ui.say(f"record saved: {_save_record(ui, setup, state)}")


def _bot_move(ui: Ui, setup: Setup, state: State, seat: int, name: str) -> Action:
    """The bot of `seat` decides and plays, a "thinking" status on the terminal meanwhile.

    A bot of its own for each decision, seeded by the move: a resumed game goes on as it
    would have without the stop."""
    seed = bot_seed(setup.seed, seat, len(state.history))
    bot = bots.make(setup.bot_names[seat], game=setup.game.id, seed=seed)
    thinking = (
        ui.console.status(f"{name} is thinking…")
        if ui.console.is_terminal and setup.humans
        else contextlib.nullcontext()
    )
    with thinking:
        action = bot.act(state)
    state.apply(action)
    return action


def _show_final_position(ui: Ui, state: State) -> None:
    """The table as everyone sees it at the end, in the game's words."""
    ui.show(Rule("final position"))
    show_view(ui, state, None)
    ui.say()


def _stop_menu(stop: BaseException) -> NoReturn:
    typer.echo("\nstopped: no game was started")
    raise typer.Exit(INTERRUPTED_EXIT if isinstance(stop, KeyboardInterrupt) else 0)


def play(
    game: Annotated[
        str | None,
        typer.Argument(metavar="GAME", help="Game id (see `tabletrip games`); none: a menu asks."),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", metavar="N", help="Number of seats.")
    ] = None,
    seat: Annotated[
        list[int] | None,
        typer.Option(
            "--seat",
            "-s",
            metavar="K",
            help="A seat you play, from 0 (repeat: hot seat); default 0.",
        ),
    ] = None,
    watch: Annotated[bool, typer.Option("--watch", help="Bots play every seat.")] = False,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            "-b",
            metavar="NAME",
            help=(
                "Bot for the bot seats, in order (the last repeats): easy, medium (the default), "
                "hard, or any bot name."
            ),
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(metavar="S", help="Seed of the game; default: random (printed).")
    ] = None,
    option: GameOptions = None,
    record: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Where to save the record; default: the data dir."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Go on with the unfinished game saved in FILE (same seats, bots and seeds).",
        ),
    ] = None,
    content: Annotated[
        Path | None,
        typer.Option(
            metavar="PATH", help="Own content: a data file or a directory of them (same format)."
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against bots or friends, or --watch the bots play."""
    ui = Ui()
    if resume is not None:
        others = {
            "GAME": game,
            "--players": players,
            "--seat": seat,
            "--watch": watch or None,
            "--bot": bot,
            "--seed": seed,
            "--option": option,
            "--record": record,
        }
        given = [name for name, value in others.items() if value not in (None, [])]
        if given:
            raise OptionError(
                f"--resume takes no {', '.join(given)}: the record says the game, its options, "
                "the seats, the bots and the seed (and the game is saved back to it)"
            )
        setup, state = resume_setup(resume, content)
        _play(ui, setup, state)
        return
    if game is None:
        if content is not None:
            raise OptionError("--content goes with a GAME: tabletrip play GAME --content PATH")
        try:
            setup = _menu(ui, players, seat or [], watch, bot or [], seed, option or [], record)
        except (EOFError, KeyboardInterrupt) as stop:
            _stop_menu(stop)
    else:
        setup = _setup_from_args(
            game, players, seat or [], watch, bot or [], seed, option or [], record, content
        )
    _play(ui, setup)
