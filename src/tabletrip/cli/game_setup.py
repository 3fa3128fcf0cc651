"""Who plays what: a `Setup` from the `play` arguments, or from a menu asking what they omit."""

from __future__ import annotations

import functools
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import tabletrip
from tabletrip import bots
from tabletrip.cli.console import Ui, _show_value
from tabletrip.cli.game_catalog import _game_class, _game_entries, _players_text
from tabletrip.core.errors import OptionError
from tabletrip.core.game import Game, GameInfo
from tabletrip.core.options import OptionSpec, validate_options

# The command-line parameters every game command takes, declared once.
GameArgument = Annotated[
    str, typer.Argument(metavar="GAME", help="Game id (see `tabletrip games`).")
]
PlayersOption = Annotated[
    int | None, typer.Option("--players", "-p", metavar="P", help="Number of seats.")
]
GameOptions = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option (repeat for more)."),
]

SEAT_AND_WATCH = "--seat and --watch do not go together: --watch lets bots play every seat"
DEFAULT_BOT = "medium"  # the opponent when none is asked for: every game has it, quick


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


def _parsed_or_default(game_id: str, spec: OptionSpec, text: str) -> Any:
    """An option typed at the prompt (Enter: its default)."""
    return spec.parse(game_id, text) if text else spec.default


def _make_game(
    game_id: str,
    players: int | str | None,
    options: dict[str, Any],
    content: Path | None = None,
) -> Game:
    info = _game_class(game_id).info  # a game that does not import is one line, not a traceback
    if "players" in options:
        raise OptionError(f"'players' is not an option of {game_id}: the player count is --players")
    # Checked before `make` so that an option named like one of its arguments is an OptionError.
    validate_options(info.id, info.options, options)
    return tabletrip.make(game_id, players=players, content=content, **options)


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
    """Bot names for the bot seats: `requested` in order, the last repeating; else `medium`."""
    for name in requested:
        bots.make(name, game=game_id)  # OptionError listing the bots if the name is unknown
    if not requested:
        return dict.fromkeys(bot_seats, DEFAULT_BOT)
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
    content: Path | None = None,
) -> Setup:
    if watch and seats:
        raise OptionError(SEAT_AND_WATCH)
    info = _game_class(game_id).info
    game = _make_game(game_id, players, _parse_options(info, options), content)
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
            functools.partial(_parsed_or_default, info.id, spec),
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
        default = DEFAULT_BOT
        for level in bots.LEVELS.values():
            ui.say(f"  {level.name}: {level.summary}", style="dim")

        def read_bot(text: str) -> str:
            name = text or default
            bots.make(name, game=game.id)  # OptionError listing the bots if unknown
            return name

        assigned = {
            seat: ui.ask_until(
                f"bot for seat {seat} ({', '.join(available)}) [{default}]: ", read_bot
            )
            for seat in bot_seats
        }
    ui.say()
    return Setup(game, _new_seed() if seed is None else seed, humans, assigned, record)
