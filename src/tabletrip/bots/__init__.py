"""Bots by name: `make(name, game=..., seed=...)`, `names(game)`; game packages add their own."""

from __future__ import annotations

from typing import Any

from tabletrip.bots.base import Bot, CheckedBot, RandomBot
from tabletrip.bots.ismcts import IsmctsBot
from tabletrip.bots.levels import LEVELS, make_level, tune
from tabletrip.core.errors import OptionError
from tabletrip.core.lazy import imported
from tabletrip.core.registry import game_class

_generic: dict[str, type[Bot]] = {}
_per_game: dict[tuple[str, str], type[Bot]] = {}
_unimported: dict[str, list[str]] = {}  # per game id, the bot classes named, not yet imported


def register(bot_cls: type[Bot], game: str | None = None) -> type[Bot]:
    """Register a bot class, for every game or (with `game`) for one game id."""
    if game is None:
        _generic[bot_cls.name] = bot_cls
    else:
        _per_game[(game, bot_cls.name)] = bot_cls
    return bot_cls


def register_by_name(reference: str, game: str) -> None:
    """Register a game's bot class by its "package.module:Class", imported when the game's
    bots are first listed or made (`core.lazy`): a game package's way to name its bots."""
    _unimported.setdefault(game, []).append(reference)


def _bots_for(game: str | None) -> dict[str, type[Bot]]:
    found = dict(_generic)
    if game is not None:
        game_class(game)  # importing the game registers its bots
        for reference in _unimported.pop(game, []):
            register(imported(reference), game=game)
        found.update({name: cls for (g, name), cls in _per_game.items() if g == game})
    return found


def _strengths(game: str | None) -> dict[str, int]:
    strengths = {name: cls.strength for name, cls in _bots_for(game).items()}
    strengths.update({name: level.strength for name, level in LEVELS.items()})
    return strengths


def names(game: str | None = None) -> list[str]:
    """The bot names usable for `game` (every game's generic bots when None), weakest first.

    The levels `easy`, `medium` and `hard` are among them for every game.
    """
    strengths = _strengths(game)
    return sorted(strengths, key=lambda name: (strengths[name], name))


def strongest(game: str) -> str:
    """The name of the strongest bot registered for a game."""
    return names(game)[-1]


def make(name: str, game: str | None = None, seed: int = 0, **params: Any) -> Bot:
    """A bot by name; OptionError listing the accepted names if there is no such bot."""
    bots = _bots_for(game)
    if name not in bots and name not in LEVELS:
        where = f" for {game}" if game else ""
        raise OptionError(f"unknown bot {name!r}{where}: bots are {', '.join(names(game))}")
    try:
        if name in LEVELS:
            return make_level(name, game, seed, bots.get("heuristic"), **params)
        return bots[name](seed=seed, **params)
    except TypeError as exc:
        raise OptionError(f"bad parameters for bot {name!r}: {exc}") from None


register(RandomBot)
register(IsmctsBot)

__all__ = [
    "LEVELS",
    "Bot",
    "CheckedBot",
    "IsmctsBot",
    "RandomBot",
    "make",
    "names",
    "register",
    "register_by_name",
    "strongest",
    "tune",
]
