"""The games list a lobby offers (GET /api/games): each game's options, the player counts each
option set allows, the options that only apply to a solo game, and the default bot.

A game says its player counts per option set (`Game.player_range(options)`), not which options
change them: each option with a finite set of values is tried value by value, the others at
their defaults, and kept when its values allow different counts (Ticket to Ride's `map`, En
Route's `mode`). An option whose explanation starts with "solo:" applies only to a game of one
player (En Route's Challenge, Let's Go!'s advanced traveler): a lobby shows it only then.
"""

from __future__ import annotations

import json
from typing import Any

from tabletrip import bots
from tabletrip.core.errors import OptionError
from tabletrip.core.game import Game, GameInfo
from tabletrip.core.options import OptionSpec, validate_options
from tabletrip.core.registry import game_class
from tabletrip.core.registry import games as game_infos

DEFAULT_BOT = "medium"  # the default opponent, as the README and the command line have it
SOLO_PREFIX = "solo:"


def value_key(value: Any) -> str:
    """An option value as a key of `player_ranges`: text as it is, others as JSON (`true`, `3`)."""
    return value if isinstance(value, str) else json.dumps(value)


def _values(spec: OptionSpec) -> tuple[Any, ...]:
    if spec.choices is not None:
        return spec.choices
    return (False, True) if spec.kind is bool else ()


def player_ranges(game_cls: type[Game]) -> dict[str, dict[str, list[int]]]:
    """For each option whose values allow different player counts (the other options at their
    defaults): each value's counts, `{"mode": {"solo": [1, 1], "team": [4, 4], ...}}`."""
    info = game_cls.info
    found: dict[str, dict[str, list[int]]] = {}
    for spec in info.options:
        ranges: dict[str, list[int]] = {}
        for value in _values(spec):
            try:
                options = validate_options(info.id, info.options, {spec.name: value})
                low, high = game_cls.player_range(options)
            except OptionError:
                continue
            ranges[value_key(value)] = [low, high]
        if len({tuple(r) for r in ranges.values()}) > 1:
            found[spec.name] = ranges
    return found


def _option(spec: OptionSpec) -> dict[str, Any]:
    return {**spec.to_json(), "solo_only": spec.help.startswith(SOLO_PREFIX)}


def game_entry(info: GameInfo) -> dict[str, Any]:
    """One game of the list: its info, options (with `solo_only`), `player_ranges`, bots."""
    return {
        **info.to_json(),
        "options": [_option(spec) for spec in info.options],
        "player_ranges": player_ranges(game_class(info.id)),
        "bots": bots.names(info.id),
        "default_bot": DEFAULT_BOT,
    }


def game_entries() -> list[dict[str, Any]]:
    """Every installed game, as `game_entry` gives it."""
    return [game_entry(info) for info in game_infos()]
