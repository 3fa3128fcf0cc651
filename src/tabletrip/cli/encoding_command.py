"""`tabletrip encoding GAME`: print a configuration's action space and observation vector."""

from __future__ import annotations

from typing import Annotated

import typer

from tabletrip.cli.game_catalog import _game_class
from tabletrip.cli.game_setup import (
    GameArgument,
    GameOptions,
    PlayersOption,
    _make_game,
    _parse_options,
)
from tabletrip.core.encoding import (
    describe_encoding,
    describe_names,
    encoding_for,
    encoding_version,
)
from tabletrip.core.errors import OptionError


def encoding(
    game: GameArgument,
    players: PlayersOption = None,
    option: GameOptions = None,
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
