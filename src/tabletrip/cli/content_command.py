"""The `content` commands: export a game's shipped content files as a starting point for one's
own, and check own files (the same validation a game applies when it loads them)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer

from tabletrip.cli.console import Ui
from tabletrip.cli.game_catalog import _game_class
from tabletrip.cli.game_setup import GameOptions, _make_game, _parse_options
from tabletrip.core.content_set import MANIFEST, MANIFEST_FORMAT, read_json
from tabletrip.core.errors import ContentError, OptionError

content_app = typer.Typer(
    name="content",
    help="Own content: export the shipped files to edit them, check edited files.",
    no_args_is_help=True,
)


def _write(path: Path, text: str) -> None:
    """Write a file whole or not at all (a temporary file renamed over it)."""
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


@content_app.command("export")
def export(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `tabletrip games`).")],
    folder: Annotated[
        Path, typer.Argument(metavar="DIR", help="Directory to write the files into.")
    ],
    force: Annotated[bool, typer.Option("--force", help="Overwrite files already there.")] = False,
) -> None:
    """Write every shipped content file of GAME, and a manifest naming the game, into DIR."""
    game_class = _game_class(game)
    shipped = game_class.every_content_file()
    if not shipped:
        raise OptionError(f"{game} has no content files to export")
    if folder.exists() and not folder.is_dir():
        raise OptionError(f"{str(folder)!r} is a file, not a directory")
    names = (*shipped, MANIFEST)
    taken = [name for name in names if (folder / name).exists()]
    if taken and not force:
        raise OptionError(
            f"{str(folder)!r} already holds {', '.join(taken)}: choose another directory, "
            "or --force to overwrite"
        )
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in shipped.items():
        _write(folder / name, source.read_text(encoding="utf-8"))
    manifest = {"format": MANIFEST_FORMAT, "game": game_class.info.id}
    _write(folder / MANIFEST, json.dumps(manifest, indent=2) + "\n")
    Ui().say(
        f"wrote {', '.join(shipped)} and {MANIFEST} to {folder}: edit them, then "
        f"`tabletrip content check {folder}`"
    )


def _manifest_game(path: Path) -> str:
    folder = path if path.is_dir() else path.parent
    manifest = folder / MANIFEST
    if not manifest.exists():
        raise OptionError(
            f"{str(path)!r} does not say which game it is for (no {MANIFEST}): add --game GAME"
        )
    data = read_json(manifest)
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise ContentError(f"{str(manifest)!r} is not a {MANIFEST_FORMAT!r} manifest")
    return data["game"]


@content_app.command("check")
def check(
    path: Annotated[Path, typer.Argument(metavar="PATH", help="A content file or directory.")],
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", metavar="GAME", help="Game id (default: the manifest's)."),
    ] = None,
    option: GameOptions = None,
) -> None:
    """Validate own content as GAME loads it with these options (e.g. -o map=europe-express
    checks the Europe Express map file); one line saying what is wrong, or what it holds."""
    if not path.exists():
        raise ContentError(f"content path {str(path)!r} does not exist")
    game_id = game if game is not None else _manifest_game(path)
    info = _game_class(game_id).info
    configured = _make_game(game_id, None, _parse_options(info, option or []), path)
    own = [f.name for f in configured.content.files if not f.builtin]
    low, high = type(configured).player_range(configured.options, configured.content)
    Ui().say(
        f"ok: {info.id} content {configured.content.short} "
        f"({', '.join(own) or 'the same as the built-in files'}) checked, "
        f"for {low}-{high} players"
    )
