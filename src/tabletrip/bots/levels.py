"""Bot levels for people: `easy`, `medium` and `hard`, the same three names in every game.

`easy` is the game's heuristic bot (random for a game without one); `medium` is ISMCTS with a
small budget; `hard` is ISMCTS with about one second a move on a 2-core machine, and never
fewer than twice medium's playouts or steps (where playouts are slow, that takes longer than a
second).
A game may tune a level's search for its own shape with `tune(game, level, **params)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletrip.bots.base import Bot, RandomBot
from tabletrip.bots.ismcts import IsmctsBot


@dataclass(frozen=True, slots=True)
class Level:
    """A named level: how strong it ranks and the ISMCTS settings it plays with (None: easy)."""

    name: str
    strength: int
    summary: str
    search: dict[str, Any] | None = field(default=None)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 10, "the game's heuristic bot: quick and sensible"),
    "medium": Level(
        "medium", 20, "a short search (ISMCTS) each move: stronger, still quick", {"iterations": 24}
    ),
    "hard": Level(
        "hard",
        30,
        "about a second of search (ISMCTS) each move: the strongest",
        {"seconds": 1.0, "iterations": 0},
    ),
}

_tuned: dict[tuple[str, str], dict[str, Any]] = {}


def tune(game: str, level: str, **params: Any) -> None:
    """Set search parameters of `level` for one game (its rollout policy, budget, ...)."""
    if level not in LEVELS or LEVELS[level].search is None:
        raise ValueError(f"only search levels can be tuned, not {level!r}")
    _tuned[(game, level)] = params


def search_settings(game: str, level: str) -> dict[str, Any]:
    """The ISMCTS parameters `level` plays `game` with."""
    base = LEVELS[level].search
    assert base is not None
    settings = {**base, **_tuned.get((game, level), {})}
    if level == "hard":
        medium = search_settings(game, "medium")
        settings.setdefault("min_iterations", 2 * medium.get("iterations", 0))
        settings.setdefault("min_steps", 2 * medium.get("steps", 0))
    return settings


def make_level(
    level: str, game: str | None, seed: int, heuristic: type[Bot] | None, **params: Any
) -> Bot:
    """The bot for a level (`heuristic`: the game's heuristic bot class, if any).

    `params` override the level's search settings (`seconds=2.0`).
    """
    search = LEVELS[level].search
    if search is None:
        easy = heuristic if heuristic is not None else RandomBot
        return easy(seed=seed, **params)
    settings = search_settings(game, level) if game is not None else dict(search)
    return IsmctsBot(seed=seed, **{**settings, **params})
