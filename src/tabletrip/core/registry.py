"""The game registry: `games()` lists what is installed, `make()` builds a validated game."""

from __future__ import annotations

import importlib
from typing import Any

from tabletrip.core.content_set import ContentGiven
from tabletrip.core.errors import OptionError
from tabletrip.core.game import Game, GameInfo

_games: dict[str, type[Game]] = {}
_lazy: dict[str, str] = {}


def register(game_cls: type[Game]) -> type[Game]:
    """Register a Game class under its `info.id` (usable as a class decorator)."""
    _games[game_cls.info.id] = game_cls
    _lazy.pop(game_cls.info.id, None)
    return game_cls


def register_lazy(game_id: str, module: str) -> None:
    """Register a game whose module is imported (and registers itself) on first use."""
    if game_id not in _games:
        _lazy[game_id] = module


def unregister(game_id: str) -> None:
    """Forget a game (for tests that register throwaway games)."""
    _games.pop(game_id, None)
    _lazy.pop(game_id, None)


def game_class(game_id: str) -> type[Game]:
    """The Game class for an id; OptionError listing the known ids if there is none."""
    if game_id not in _games and game_id in _lazy:
        importlib.import_module(_lazy[game_id])
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(sorted(set(_games) | set(_lazy))) or "none"
        raise OptionError(f"unknown game {game_id!r}: games are {known}") from None


def game_ids() -> list[str]:
    """Every registered game id, sorted, without importing any game."""
    return sorted(set(_games) | set(_lazy))


def games() -> list[GameInfo]:
    """Every registered game's info (id, title, player range, options), sorted by id."""
    return [game_class(game_id).info for game_id in game_ids()]


def make(
    game_id: str,
    /,
    players: int | str | None = None,
    content: ContentGiven = None,
    **options: Any,
) -> Game:
    """A configured game; OptionError naming the bad game, player count or option (the
    player count may be given as its digits, as a command line gives it).

    `content`: own content, a path to a file or directory in the format of the shipped data
    files (or a `Content`); ContentError naming the file, the entry and what is accepted.
    """
    return game_class(game_id).from_options(players, options, content)
