"""`tabletrip encoding GAME`: print a configuration's action space and observation vector."""

from __future__ import annotations

from typing import Annotated

import typer

from tabletrip.cli.game_catalog import _game_class
from tabletrip.cli.game_setup import _make_game, _parse_options
from tabletrip.core.encoding import (
    describe_encoding,
    describe_names,
    encoding_for,
    encoding_version,
)
from tabletrip.core.errors import OptionError


def encoding(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `tabletrip games`).")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", metavar="P", help="Number of seats.")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", metavar="KEY=VALUE", help="A game option (repeat for more)."
        ),
    ] = None,
    names: Annotated[
        bool,
        typer.Option(
            "--names", help="Name every action index and vector position (long tables) instead."
        ),
    ] = False,
) -> None:
    """Document the fixed action space and observation vector learning agents get (markdown)."""
    info = _game_class(game).info
    configured = _make_game(game, players, _parse_options(info, option or []))
    try:
        found = encoding_for(configured)
    except NotImplementedError as exc:
        raise OptionError(str(exc)) from None
    options = ", ".join(f"{k}={v}" for k, v in sorted(configured.options.items()) if v is not None)
    version = encoding_version(game)
    shown = f"{configured.players} players{', ' + options if options else ''}"
    typer.echo(f"# {info.title}: {shown} (encoding version {version})")
    typer.echo("")
    typer.echo(describe_names(found) if names else describe_encoding(found))
