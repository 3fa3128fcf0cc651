"""The `tabletrip` command: list the games, play one in the terminal, replay a record.

    tabletrip games
    tabletrip play [GAME] [--players N] [--seat K ... | --watch] [--bot NAME ...] [--seed S]
                   [--option key=value ...] [--record FILE]
    tabletrip replay FILE [--step]

The CLI uses only the public game contract, so every registered game plugs in. Every
TabletripError a command raises is printed in one place (`_Group.invoke`) as one line,
`error: <message>`, on stderr with exit code 2.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

import tabletrip
from tabletrip import bots
from tabletrip.core import registry
from tabletrip.core.actions import Action, JsonDict
from tabletrip.core.errors import IllegalAction, OptionError, RecordError, TabletripError
from tabletrip.core.game import Game, GameInfo, State
from tabletrip.core.options import validate_options
from tabletrip.core.records import Record
from tabletrip.core.rng import mix_seed
from tabletrip.paths import records_dir

ERROR_EXIT = 2
INTERRUPTED_EXIT = 130
MAX_LISTED_ONE_PER_LINE = 12
SEAT_AND_WATCH = "--seat and --watch do not go together: --watch lets bots play every seat"

T = TypeVar("T")


class GameUnavailable(TabletripError):
    """A registered game whose package fails to import (the other games still work)."""


class _Quit(Exception):
    """The person typed `quit`."""


class _Group(TyperGroup):
    """The command group: the one place where a TabletripError becomes `error: <message>`."""

    def invoke(self, ctx: Any) -> Any:
        """Run the command; a TabletripError is one line on stderr and exit code 2."""
        try:
            return super().invoke(ctx)
        except TabletripError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(ERROR_EXIT) from None


app = typer.Typer(
    cls=_Group,
    name="tabletrip",
    help="Play, watch and replay travel board games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


# --- terminal input and output ------------------------------------------------------------


class Ui:
    """The terminal for one command: rich output, one-line prompts, one-line problems."""

    def __init__(self) -> None:
        self.console = Console(highlight=False)
        self.stdin_is_tty = sys.stdin.isatty()
        self.line_editing = False
        if self.stdin_is_tty:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (line editing and history for the prompts)

                self.line_editing = True

    def say(self, text: str | Text = "", style: str | None = None) -> None:
        """Print text as it is (no markup), never hard-wrapped."""
        self.console.print(text, style=style, markup=False, soft_wrap=True)

    def show(self, renderable: RenderableType) -> None:
        """Print a rich renderable (table, rule, columns)."""
        self.console.print(renderable)

    def problem(self, message: str) -> None:
        """One line saying why the input was not accepted."""
        self.say(message, style="red")

    def ask(self, prompt: str) -> str:
        """One line typed by the person, stripped; EOFError at the end of input."""
        if self.line_editing and self.console.is_terminal and self.console.color_system:
            # readline must be given the prompt (to redraw it), with escapes marked \001..\002
            prompt = f"\001\033[1;36m\002{prompt}\001\033[0m\002"
        line = input(prompt)
        if not self.stdin_is_tty:
            self.say(line)  # piped input is not echoed by a terminal: keep the transcript whole
        return line.strip()

    def ask_until(self, prompt: str, read: Callable[[str], T]) -> T:
        """Ask until `read` accepts the answer; each refusal is one line (its error message)."""
        while True:
            text = self.ask(prompt)
            try:
                return read(text)
            except TabletripError as exc:
                self.problem(str(exc))


def _number(value: int | float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _summary(value: Any) -> str:
    """A breakdown value in a table cell: lists and dicts shortened to a count if long."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return _number(value)
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        if all(isinstance(v, dict) for v in value):
            # One line per entry (a ticket: "Denver El Paso 4 ✓"), the way a person reads it.
            lines = [" ".join(_mark(v) for v in entry.values()) for entry in value[:12]]
            more = [f"and {len(value) - 12} more"] if len(value) > 12 else []
            return "\n".join(lines + more)
        text = ", ".join(_summary(v) for v in value)
        return text if len(text) <= 24 else f"{len(value)} items"
    if isinstance(value, dict):
        text = ", ".join(f"{k}: {_summary(v)}" for k, v in value.items())
        return text if len(text) <= 24 else f"{len(value)} entries"
    return str(value)


def _mark(value: Any) -> str:
    """A value inside a breakdown entry: yes/no as a check mark or a cross."""
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return _number(value) if isinstance(value, int | float) else str(value)


def _show_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- games ---------------------------------------------------------------------------------


def _game_ids() -> list[str]:
    # `registry.games()` imports every game at once and fails as a whole if one game does
    # not import; listing the ids lets each game fail alone.
    return registry.game_ids()


def _game_class(game_id: str) -> type[Game]:
    """The Game class for an id; GameUnavailable (one line) if its package does not import."""
    try:
        return registry.game_class(game_id)
    except TabletripError:
        raise
    except Exception as exc:
        raise GameUnavailable(
            f"game {game_id!r} cannot be loaded ({type(exc).__name__}: {exc})"
        ) from None


def _game_entries() -> list[tuple[str, GameInfo | TabletripError]]:
    """Every registered game id with its info, or the error that keeps it from loading."""
    entries: list[tuple[str, GameInfo | TabletripError]] = []
    for game_id in _game_ids():
        try:
            entries.append((game_id, _game_class(game_id).info))
        except TabletripError as exc:
            entries.append((game_id, exc))
    return entries


def _players_text(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return str(info.min_players)
    return f"{info.min_players}-{info.max_players}"


def _options_text(info: GameInfo) -> str:
    return "\n".join(
        f"{spec.name}={_show_value(spec.default)}  ({spec.accepted()})" for spec in info.options
    )


@app.command()
def games() -> None:
    """List the games you can play, with their player counts and options."""
    ui = Ui()
    table = Table(title="tabletrip games", title_justify="left")
    table.add_column("id", style="bold", no_wrap=True)
    table.add_column("title")
    table.add_column("players", justify="center")
    table.add_column("options (default and accepted values)")
    for game_id, entry in _game_entries():
        if isinstance(entry, GameInfo):
            table.add_row(game_id, entry.title, _players_text(entry), _options_text(entry) or "-")
        else:
            table.add_row(game_id, Text(f"unavailable: {entry}", style="red"), "", "")
    ui.show(table)


# --- play: setting up ------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """One game to play: the configured game, its seed, who plays each seat, where to save."""

    game: Game
    seed: int
    humans: frozenset[int]
    bot_names: dict[int, str]
    record_path: Path | None

    @property
    def viewer(self) -> int | None:
        """The seat whose view the screen shows: the one human, or None (watching, hot seat)."""
        return next(iter(self.humans)) if len(self.humans) == 1 else None

    def labels(self) -> tuple[str, ...]:
        """Who plays each seat, as written in the record: `human` or `bot:<name>`."""
        return tuple(
            "human" if seat in self.humans else f"bot:{self.bot_names[seat]}"
            for seat in range(self.game.players)
        )


def _options_help(info: GameInfo) -> str:
    if not info.options:
        return f"{info.id} takes no options"
    listed = ", ".join(f"{spec.name} ({spec.accepted()})" for spec in info.options)
    return f"options of {info.id} are {listed}"


def _parse_options(info: GameInfo, texts: Sequence[str]) -> dict[str, str]:
    """`key=value` texts as a dict of strings (the game coerces and validates them)."""
    options: dict[str, str] = {}
    for text in texts:
        key, equals, value = text.partition("=")
        if not equals or not key.strip():
            raise OptionError(f"--option {text!r} must be key=value: {_options_help(info)}")
        options[key.strip()] = value.strip()
    return options


def _make_game(game_id: str, players: int | str | None, options: dict[str, Any]) -> Game:
    info = _game_class(game_id).info  # a game that does not import is one line, not a traceback
    if "players" in options:
        raise OptionError(f"'players' is not an option of {game_id}: the player count is --players")
    # Checked before `make` so that an option named like one of its arguments is an OptionError.
    validate_options(info.id, info.options, options)
    return tabletrip.make(game_id, players=players, **options)


def _check_seats(seats: Sequence[int], players: int) -> frozenset[int]:
    for seat in seats:
        if not 0 <= seat < players:
            raise OptionError(
                f"seat {seat} is not a seat of this game: seats are 0 to {players - 1}"
            )
    return frozenset(seats)


def _assign_bots(
    game_id: str, requested: Sequence[str], bot_seats: Sequence[int]
) -> dict[int, str]:
    """Bot names for the bot seats: `requested` in order, the last repeating; else the strongest."""
    for name in requested:
        bots.make(name, game=game_id)  # OptionError listing the bots if the name is unknown
    if not requested:
        strongest = bots.strongest(game_id)
        return dict.fromkeys(bot_seats, strongest)
    return {seat: requested[min(i, len(requested) - 1)] for i, seat in enumerate(bot_seats)}


def _new_seed() -> int:
    return secrets.randbelow(1_000_000)


def _setup_from_args(
    game_id: str,
    players: int | None,
    seats: Sequence[int],
    watch: bool,
    bot_names: Sequence[str],
    seed: int | None,
    options: Sequence[str],
    record: Path | None,
) -> Setup:
    if watch and seats:
        raise OptionError(SEAT_AND_WATCH)
    info = _game_class(game_id).info
    game = _make_game(game_id, players, _parse_options(info, options))
    humans = frozenset() if watch else _check_seats(seats or [0], game.players)
    bot_seats = [seat for seat in range(game.players) if seat not in humans]
    return Setup(
        game,
        _new_seed() if seed is None else seed,
        humans,
        _assign_bots(game.id, bot_names, bot_seats),
        record,
    )


def _menu(
    ui: Ui,
    players: int | None,
    seats: Sequence[int],
    watch: bool,
    bot_names: Sequence[str],
    seed: int | None,
    options: Sequence[str],
    record: Path | None,
) -> Setup:
    """Ask, one question at a time, whatever the command line did not say."""
    if watch and seats:
        raise OptionError(SEAT_AND_WATCH)
    ui.show(Rule("tabletrip"))
    entries = _game_entries()
    ids = [game_id for game_id, _ in entries]
    table = Table(title_justify="left", box=None, padding=(0, 2))
    for column in ("#", "game", "title", "players"):
        table.add_column(column, style="bold" if column == "game" else None)
    for number, (game_id, entry) in enumerate(entries, 1):
        if isinstance(entry, GameInfo):
            table.add_row(str(number), game_id, entry.title, _players_text(entry))
        else:
            table.add_row(str(number), game_id, Text("unavailable", style="red"), "")
    ui.show(table)

    playable = [n for n, (_, entry) in enumerate(entries, 1) if isinstance(entry, GameInfo)]
    default_game = str(playable[0]) if playable else ""
    numbers = "1" if len(ids) == 1 else f"a number from 1 to {len(ids)}"

    def read_game(text: str) -> type[Game]:
        text = text or default_game
        if text.isdigit() and 1 <= int(text) <= len(ids):
            return _game_class(ids[int(text) - 1])
        if text in ids:
            return _game_class(text)
        raise OptionError(
            f"{text!r} is not a game here: type {numbers} or an id ({', '.join(ids)})"
        )

    if not ids:
        raise OptionError("no games are installed")
    suggested = f" [{default_game}]" if default_game else ""
    game_cls = ui.ask_until(f"game (number or id){suggested}: ", read_game)
    info = game_cls.info
    chosen: dict[str, Any] = dict(_parse_options(info, options))
    for spec in info.options:
        if spec.name in chosen:
            continue
        default = _show_value(spec.default)
        chosen[spec.name] = ui.ask_until(
            f"{spec.name}: {spec.help} ({spec.accepted()}) [{default}]: ",
            lambda text, spec=spec, default=default: spec.parse(info.id, text or default),
        )
    low, high = game_cls.player_range(validate_options(info.id, info.options, chosen))
    if players is not None or low == high:
        game = _make_game(info.id, players if players is not None else low, chosen)
    else:
        default_players = str(max(low, min(2, high)))
        game = ui.ask_until(
            f"players ({low}-{high}) [{default_players}]: ",
            lambda text: _make_game(info.id, text or default_players, chosen),
        )

    if watch:
        humans: frozenset[int] = frozenset()
    elif seats:
        humans = _check_seats(seats, game.players)
    else:
        last = game.players - 1

        def read_seats(text: str) -> frozenset[int]:
            if text.lower() in ("none", "watch"):
                return frozenset()
            try:
                wanted = [int(part) for part in text.replace(",", " ").split()] or [0]
            except ValueError:
                raise OptionError(
                    f"{text!r} is not a list of seats: type seat numbers from 0 to {last} "
                    "(like 0 or 0 2), or none to watch"
                ) from None
            return _check_seats(wanted, game.players)

        humans = ui.ask_until(
            f"your seat(s) (0 to {last}, like 0 or 0 2; none to watch the bots) [0]: ", read_seats
        )

    bot_seats = [seat for seat in range(game.players) if seat not in humans]
    available = bots.names(game.id)
    if bot_names or len(available) == 1 or not bot_seats:
        assigned = _assign_bots(game.id, bot_names, bot_seats)
    else:
        strongest = available[-1]

        def read_bot(text: str) -> str:
            name = text or strongest
            bots.make(name, game=game.id)  # OptionError listing the bots if unknown
            return name

        assigned = {
            seat: ui.ask_until(
                f"bot for seat {seat} ({', '.join(available)}) [{strongest}]: ", read_bot
            )
            for seat in bot_seats
        }
    ui.say()
    return Setup(game, _new_seed() if seed is None else seed, humans, assigned, record)


# --- play: the game --------------------------------------------------------------------------


HELP_LINES = (
    "type the number of an action, or the action itself (like the list shows), then Enter",
    "help   this list",
    "hint   ask the strongest bot what it would play",
    "log    the moves so far",
    "quit   stop now; the unfinished game is saved",
)


def _show_actions(ui: Ui, legal: Sequence[Action]) -> None:
    items = [f"{number:>3}  {action}" for number, action in enumerate(legal, 1)]
    if len(items) <= MAX_LISTED_ONE_PER_LINE:
        for item in items:
            ui.say(item)
    else:
        ui.show(Columns([Text(item) for item in items], column_first=True, padding=(0, 3)))


def _read_action(text: str, legal: Sequence[Action], state: State) -> Action:
    """A number from the list, or a notation parsed by the game; IllegalAction if neither."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise IllegalAction(
            f"there is no action {number}: type a number from 1 to {len(legal)}, an action, or help"
        )
    return state.game.parse_action(text, state)


def _move_text(seat: int, action: Action, viewer: int | None) -> str:
    """How the move of `seat` is shown to `viewer` (None: everyone who can see the screen).

    Only the seat itself sees its full move; everyone else sees `action.public()`, where a
    game hides a move's secret part (such as which tickets were kept).
    """
    return f"seat {seat}: {action if viewer == seat else action.public()}"


def _show_log(ui: Ui, state: State, viewer: int | None) -> None:
    history = state.history
    if not history:
        ui.say("no moves yet")
    for index, (seat, action) in enumerate(history):
        ui.say(f"#{index} {_move_text(seat, action, viewer)}")


def _show_hint(ui: Ui, setup: Setup, state: State, legal: Sequence[Action]) -> None:
    name = bots.strongest(setup.game.id)
    adviser = bots.make(
        name, game=setup.game.id, seed=mix_seed("hint", setup.seed, len(state.history))
    )
    with ui.console.status(f"asking bot {name}..."):
        action = adviser.act(state)
    number = f" (number {legal.index(action) + 1})" if action in legal else ""
    ui.say(f"hint from bot {name}: {action}{number}")


def _human_move(ui: Ui, setup: Setup, state: State, seat: int, first: bool) -> Action:
    """Show `seat` its view and the legal actions; read until a move is accepted, and play it."""
    legal = state.legal_actions()
    ui.show(Rule(f"seat {seat} to play (you), move {len(state.history) + 1}"))
    ui.say(state.render_text(seat))
    ui.say()
    _show_actions(ui, legal)
    if first:
        ui.say("type a number or an action; help lists the commands", style="dim")
    while True:
        text = ui.ask(f"seat {seat}> ")
        command = text.lower()
        if not text:
            continue
        if command in ("help", "?"):
            for line in HELP_LINES:
                ui.say(line)
        elif command == "hint":
            _show_hint(ui, setup, state, legal)
        elif command == "log":
            _show_log(ui, state, setup.viewer)
        elif command == "quit":
            raise _Quit
        else:
            try:
                action = _read_action(text, legal, state)
                state.apply(action)
            except IllegalAction as exc:
                ui.problem(str(exc))
            else:
                return action


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


def _show_result(ui: Ui, state: State, labels: Sequence[str]) -> None:
    """The scores and each seat's breakdown as a table, then who won."""
    result = state.result
    if result is None:
        return
    table = Table(title="result", title_justify="left")
    table.add_column("")
    for seat in range(len(result.scores)):
        label = labels[seat] if seat < len(labels) else ""
        star = " *" if seat in result.winners else ""
        table.add_column(f"seat {seat}{star}\n{label}".rstrip(), justify="right")
    keys: list[str] = []
    for breakdown in result.breakdown:
        keys += [key for key in breakdown if key not in keys and key != "total"]
    for key in keys:
        table.add_row(key, *(_summary(b.get(key)) for b in result.breakdown))
    table.add_row("total", *(_number(s) for s in result.scores), style="bold")
    ui.show(table)
    who = [f"seat {w}" + (f" ({labels[w]})" if w < len(labels) else "") for w in result.winners]
    top = _number(result.scores[result.winners[0]]) if result.winners else "-"
    if len(who) == 1:
        ui.say(f"winner: {who[0]} with {top}", style="bold")
    else:
        ui.say(f"tie: {', '.join(who)} with {top}", style="bold")


def _describe(ui: Ui, game: Game, seed: int, labels: Sequence[str]) -> None:
    ui.say(f"{game.info.title}: {game.players} players, seed {seed}", style="bold")
    if game.options:
        ui.say("options: " + ", ".join(f"{k}={_show_value(v)}" for k, v in game.options.items()))
    if labels:
        ui.say("seats: " + ", ".join(f"{seat} {label}" for seat, label in enumerate(labels)))


def _play(ui: Ui, setup: Setup) -> None:
    """Play the game to its end (or to `quit`), then show the result and save the record."""
    game = setup.game
    labels = setup.labels()
    _describe(ui, game, setup.seed, ["you" if label == "human" else label for label in labels])
    ui.say(f"(the same --seed {setup.seed} deals the same game again)", style="dim")
    players = {
        seat: bots.make(name, game=game.id, seed=mix_seed("seat", setup.seed, seat))
        for seat, name in setup.bot_names.items()
    }
    state = game.new_game(seed=setup.seed)
    first_human_turn = True
    last_human: int | None = None
    try:
        while not state.is_over:
            seat = state.current_player
            if seat in setup.humans:
                if len(setup.humans) > 1 and seat != last_human:
                    ui.ask(f"seat {seat}, your turn: press Enter when the others look away ")
                    if ui.console.is_terminal:
                        ui.console.clear()
                action = _human_move(ui, setup, state, seat, first_human_turn)
                first_human_turn, last_human = False, seat
            else:
                action = players[seat].act(state)
                state.apply(action)
            ui.say(_move_text(seat, action, seat if seat in setup.humans else setup.viewer))
    except (_Quit, EOFError, KeyboardInterrupt) as stop:
        path = _save_record(ui, setup, state)
        ui.say()
        ui.say(f"unfinished game saved: {path}")
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
        ui.show(Rule("final position"))
        ui.say(state.render_text(None))
        ui.say()
    _show_result(ui, state, labels)
    ui.say(f"record saved: {_save_record(ui, setup, state)}")


def _stop_menu(stop: BaseException) -> NoReturn:
    typer.echo("\nstopped: no game was started")
    raise typer.Exit(INTERRUPTED_EXIT if isinstance(stop, KeyboardInterrupt) else 0)


@app.command()
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
            help="Bot for the bot seats, in order (the last repeats); default: the strongest.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(metavar="S", help="Seed of the game; default: random (printed).")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", metavar="KEY=VALUE", help="A game option (repeat for more)."
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Where to save the record; default: the data dir."),
    ] = None,
) -> None:
    """Play a game in the terminal against bots or friends, or --watch the bots play."""
    ui = Ui()
    if game is None:
        try:
            setup = _menu(ui, players, seat or [], watch, bot or [], seed, option or [], record)
        except (EOFError, KeyboardInterrupt) as stop:
            _stop_menu(stop)
    else:
        setup = _setup_from_args(
            game, players, seat or [], watch, bot or [], seed, option or [], record
        )
    _play(ui, setup)


# --- replay ------------------------------------------------------------------------------------


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


@app.command()
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


def main() -> None:
    """Entry point of the `tabletrip` console script."""
    app(prog_name="tabletrip")
