"""The registered games, each loaded on its own, and the `games` command that lists them.

A game whose package does not import is one line (`GameUnavailable`), not a traceback, and the
other games still work.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from tabletrip.cli.console import Ui, _show_value
from tabletrip.core import registry
from tabletrip.core.errors import TabletripError
from tabletrip.core.game import Game, GameInfo


class GameUnavailable(TabletripError):
    """A registered game whose package fails to import (the other games still work)."""


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


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _players_text(info: GameInfo) -> str:
    """The player counts, and those of each choice of an option that changes them
    ("2-5", then "map=usa: 2-5", "map=europe-express: 2-4")."""
    lines = [_span(info.min_players, info.max_players)]
    for name, by_choice in _game_class(info.id).player_ranges().items():
        lines += [f"{name}={_show_value(c)}: {_span(*span)}" for c, span in by_choice.items()]
    return "\n".join(lines)


def _options_text(info: GameInfo) -> str:
    return "\n".join(
        f"{spec.name}={_show_value(spec.default)}  ({spec.accepted()})" for spec in info.options
    )


def games() -> None:
    """List the games you can play, with their player counts and options."""
    ui = Ui()
    table = Table(title="tabletrip games", title_justify="left")
    table.add_column("id", style="bold", no_wrap=True)
    table.add_column("title")
    table.add_column("players")
    table.add_column("options (default and accepted values)")
    for game_id, entry in _game_entries():
        if isinstance(entry, GameInfo):
            title = Text(entry.title)
            if entry.content:
                title.append(f"\n{entry.content}", style="dim")
            table.add_row(game_id, title, _players_text(entry), _options_text(entry) or "-")
        else:
            table.add_row(game_id, Text(f"unavailable: {entry}", style="red"), "", "")
    ui.show(table)
