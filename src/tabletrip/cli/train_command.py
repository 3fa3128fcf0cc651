"""`tabletrip train GAME`: fit a value network to self-play games (numpy, on the CPU)."""

from __future__ import annotations

import shlex
from pathlib import Path
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
from tabletrip.core.encoding import encoding_for
from tabletrip.core.errors import OptionError


def _check_at_least(name: str, value: float, least: float) -> None:
    if value < least:
        raise OptionError(f"{name} must be at least {least:g}, not {value:g}")


def train(
    game: GameArgument,
    players: PlayersOption = None,
    option: GameOptions = None,
    games: Annotated[
        int, typer.Option("--games", "-n", metavar="N", help="Self-play games to learn from.")
    ] = 10_000,
    seed: Annotated[int, typer.Option(metavar="S", help="Seed of the games and the fit.")] = 0,
    hidden: Annotated[
        list[int] | None,
        typer.Option(metavar="WIDTH", help="Width of a hidden layer (repeat for more; 64)."),
    ] = None,
    epochs: Annotated[int, typer.Option(metavar="E", help="Most passes over the data.")] = 30,
    stride: Annotated[
        int, typer.Option(metavar="K", help="Keep every K-th decision of a game.")
    ] = 4,
    bot: Annotated[str, typer.Option(metavar="NAME", help="The bot of every seat.")] = "easy",
    out: Annotated[
        Path | None,
        typer.Option(metavar="FILE.npz", help="Where to write; default value-GAME-Pp.npz."),
    ] = None,
) -> None:
    """Learn a seat's chance to win from self-play games: a small network for the bots."""
    from tabletrip import bots
    from tabletrip.learn.run import train as run_training
    from tabletrip.learn.training import Settings

    info = _game_class(game).info
    configured = _make_game(game, players, _parse_options(info, option or []))
    try:
        encoding_for(configured)
    except NotImplementedError as exc:
        raise OptionError(str(exc)) from None
    _check_at_least("--games", games, 2)
    _check_at_least("--epochs", epochs, 1)
    _check_at_least("--stride", stride, 1)
    widths = tuple(hidden or [64])
    for width in widths:
        _check_at_least("--hidden", width, 1)
    bots.make(bot, game=game)  # an unknown bot: one line listing the bots
    path = out if out is not None else Path(f"value-{game}-{configured.players}p.npz")
    words = ["tabletrip", "train", game, "--players", str(configured.players)]
    for text in option or []:
        words += ["--option", text]
    words += ["--games", str(games), "--seed", str(seed), "--epochs", str(epochs)]
    for width in widths:
        words += ["--hidden", str(width)]
    words += ["--stride", str(stride), "--bot", bot, "--out", str(path)]
    command = " ".join(shlex.quote(word) for word in words)  # every setting, to run it again
    typer.echo(f"{info.title}: {games} games of {bot} at {configured.players} players, seed {seed}")
    settings = Settings(hidden=widths, epochs=epochs, seed=seed)
    network, fitted = run_training(configured, games, settings, path, command, stride, bot)
    trained = network.header["trained"]
    typer.echo(
        f"{fitted.train_positions:,} positions to learn from, {fitted.validation_positions:,} "
        f"held out; played in {trained['play_seconds']} s, fitted in {trained['fit_seconds']} s"
    )
    typer.echo(
        f"validation loss {fitted.validation_loss:.4f} (always the mean win share: "
        f"{fitted.baseline_loss:.4f}), epoch {fitted.best_epoch + 1} of "
        f"{len(fitted.validation_losses)}"
    )
    typer.echo(f"wrote {path}")
