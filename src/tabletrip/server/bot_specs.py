"""The bots a room's creator may ask for over the network, within the server's caps.

Anyone who can reach the server can create a room, so a seat's bot is a level (`easy`,
`medium`, `hard`: what the web offers), a plain bot (`random`, `heuristic`), or an ISMCTS
search whose every parameter is within a documented cap: a search is always bounded by
time, at most `Settings.bot_seconds_cap` a move, and by `Settings.bot_iterations_cap`
playouts. A level takes no parameters here (`easy:seed=1` would choose the bot's dice).
Anything else is refused with one line (422) saying what is accepted. The command line
(`tabletrip play`, `sim`) is not the network: it keeps every bot spec.
"""

from __future__ import annotations

import math
from typing import Any

from tabletrip import bots
from tabletrip.core.errors import OptionError
from tabletrip.server.errors import Unprocessable
from tabletrip.server.settings import Settings
from tabletrip.sim.lineup import canonical_bot, make_bot, parse_bot

SEARCH = "ismcts"
PLAIN = ("random", "heuristic")
ROLLOUTS = ("heuristic", "random")
# The search's tuning knobs, each a number in a range (the defaults sit inside it).
_KNOBS = {
    "exploration": (0.0, 10.0),
    "widening": (0.0, 10.0),
    "bias": (0.0, 100.0),
    "margin_weight": (0.0, 1.0),
}


def accepted(settings: Settings) -> str:
    """What a bot seat may be, as the refusals say it."""
    return (
        f"a level ({', '.join(bots.LEVELS)}), {' or '.join(PLAIN)}, or "
        f"{SEARCH}:seconds=S with 0 < S <= {settings.bot_seconds_cap:g} and optionally "
        f"iterations=N (1 to {settings.bot_iterations_cap}), rollout=heuristic|random, "
        + ", ".join(f"{knob} ({low:g} to {high:g})" for knob, (low, high) in _KNOBS.items())
    )


def network_bot(spec: str, game: str, settings: Settings) -> str:
    """The canonical spec of a bot asked for over the network; Unprocessable if it is not
    one the server plays."""
    try:
        name, params = parse_bot(spec)
    except OptionError as exc:
        raise Unprocessable(f"{exc}; a bot seat is {accepted(settings)}") from None
    if name in bots.LEVELS or name in PLAIN:
        if params:
            raise Unprocessable(
                f"bot {spec!r}: {name} takes no parameters here; a bot seat is {accepted(settings)}"
            )
    elif name == SEARCH:
        _check_search(spec, params, settings)
    else:
        raise Unprocessable(f"unknown bot {spec!r}: a bot seat is {accepted(settings)}")
    canonical = canonical_bot(spec)
    try:
        make_bot(canonical, game, seed=0)
    except OptionError as exc:
        raise Unprocessable(str(exc)) from None
    return canonical


def _check_search(spec: str, params: dict[str, Any], settings: Settings) -> None:
    """Every parameter known, of its type and within its cap; the search bounded by time."""
    for key, value in params.items():
        problem = _problem(key, value, settings)
        if problem:
            raise Unprocessable(f"bot {spec!r}: {problem}; a bot seat is {accepted(settings)}")
    if "seconds" not in params:
        raise Unprocessable(
            f"bot {spec!r}: a search here is bounded by time: give seconds=S with 0 < S <= "
            f"{settings.bot_seconds_cap:g}"
        )


def _problem(key: str, value: Any, settings: Settings) -> str:
    """Why one search parameter is refused ("" if it is fine)."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if key == "seconds":
        cap = settings.bot_seconds_cap
        if not number or not math.isfinite(value) or not 0 < value <= cap:
            return f"seconds is a number of seconds above 0 and at most {cap:g}, not {value!r}"
    elif key == "iterations":
        cap = settings.bot_iterations_cap
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= cap:
            return f"iterations is a whole number from 1 to {cap}, not {value!r}"
    elif key == "rollout":
        if value not in ROLLOUTS:
            return f"rollout is {' or '.join(ROLLOUTS)}, not {value!r}"
    elif key in _KNOBS:
        low, high = _KNOBS[key]
        if not number or not math.isfinite(value) or not low <= value <= high:
            return f"{key} is a number from {low:g} to {high:g}, not {value!r}"
    else:
        return f"{key} cannot be set here"
    return ""
