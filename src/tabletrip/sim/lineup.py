"""Who plays in a simulation: bot specs, the lineup of one spec per seat, rotation and seeds.

A bot spec is `name` or `name:key=value,...` (`ismcts:iterations=50,rollout=random`); numbers
and `true`/`false` are read as such. Game i rotates the lineup by i: seat s plays
lineup[(s + i) % P]. Game i's seed is mix_seed("sim", seed, i), kept to 63 bits so that it fits
SQLite's signed INTEGER as it is; the bot of seat s in game i gets mix_seed("sim-bot", seed, i, s).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletrip import bots
from tabletrip.core.errors import OptionError
from tabletrip.core.rng import mix_seed

SEED_BITS = 2**63 - 1  # SQLite INTEGER is signed 64-bit: a game seed must fit as it is
DEFAULT_BOT = "easy"  # the game's heuristic: sensible play, quick enough for thousands of games


def _value(text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def parse_bot(spec: str) -> tuple[str, dict[str, Any]]:
    """`name` or `name:key=value,...` into a name and parameters; OptionError if malformed."""
    name, _, rest = spec.strip().partition(":")
    if not name:
        raise OptionError(f"bot {spec!r} has no name: write name or name:key=value,...")
    params: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, equals, text = item.partition("=")
        if not equals or not key.strip():
            raise OptionError(
                f"bot {spec!r}: parameters are key=value, like ismcts:iterations=50,seconds=0.5"
            )
        params[key.strip()] = _value(text.strip())
    return name, params


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def canonical_bot(spec: str) -> str:
    """The spec written one way: the name, then its parameters sorted by key."""
    name, params = parse_bot(spec)
    if not params:
        return name
    return name + ":" + ",".join(f"{key}={_show(params[key])}" for key in sorted(params))


def make_bot(spec: str, game: str, seed: int) -> bots.Bot:
    """The bot a spec names, for `game`, with `seed`; OptionError if the name or a value is bad."""
    name, params = parse_bot(spec)
    return bots.make(name, game=game, seed=seed, **params)


def build_lineup(game: str, players: int, specs: Sequence[str]) -> tuple[str, ...]:
    """One canonical spec per seat (the last given fills the rest), each checked by making it.

    OptionError (one line, listing the accepted bots) for an unknown bot or bad parameter.
    """
    if len(specs) > players:
        raise OptionError(
            f"--bot was given {len(specs)} times but {game} is played by {players} here: "
            "give at most one bot per seat"
        )
    chosen = [canonical_bot(spec) for spec in specs] or [DEFAULT_BOT]
    for spec in dict.fromkeys(chosen):
        make_bot(spec, game, seed=0)
    return tuple(chosen[min(seat, len(chosen) - 1)] for seat in range(players))


def seat_bots(lineup: Sequence[str], index: int) -> tuple[str, ...]:
    """The bot of each seat in game `index`: the lineup rotated by the index."""
    count = len(lineup)
    return tuple(lineup[(seat + index) % count] for seat in range(count))


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run with `seed` (63 bits: it is stored as it is)."""
    return mix_seed("sim", seed, index) & SEED_BITS


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in `seat` of game `index` of a run with `seed`."""
    return mix_seed("sim-bot", seed, index, seat)
