"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel adapters for every game.

Install with `pip install 'tabletrip[rl]'`. Each adapter only translates: the action space and
observation vector are each game's documented encodings (`tabletrip encoding GAME`, or
`tabletrip.core.encoding.describe_encoding`).

    from tabletrip import rl
    env = rl.pettingzoo_env("ticket-to-ride", players=3)        # PettingZoo AEC
    env = rl.gymnasium_env("en-route", opponents="heuristic")   # Gymnasium, bots as opponents
    game = rl.openspiel_game("route-east", players=2)           # OpenSpiel (pyspiel.Game)
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from tabletrip.core import TabletripError

INSTALL_HINT = "pip install 'tabletrip[rl]'"


def _adapter(module: str, needs: str) -> Any:
    try:
        return import_module(f"tabletrip.rl.{module}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in ("pettingzoo", "gymnasium", "pyspiel", "numpy"):
            raise TabletripError(f"the {needs} adapter needs {exc.name}: {INSTALL_HINT}") from None
        raise


def pettingzoo_env(game_id: str, players: int | None = None, **params: Any) -> Any:
    """A PettingZoo AEC environment of a game (see `tabletrip.rl.pettingzoo_adapter`)."""
    return _adapter("pettingzoo_adapter", "PettingZoo").pettingzoo_env(game_id, players, **params)


def gymnasium_env(game_id: str, players: int | None = None, **params: Any) -> Any:
    """A single-agent Gymnasium environment against bots (see `tabletrip.rl.gymnasium_adapter`)."""
    return _adapter("gymnasium_adapter", "Gymnasium").gymnasium_env(game_id, players, **params)


def openspiel_game(game_id: str, players: int | None = None, **params: Any) -> Any:
    """The game through OpenSpiel, registered first (see `tabletrip.rl.openspiel_adapter`)."""
    module = _adapter("openspiel_adapter", "OpenSpiel")
    import pyspiel

    name = module.register(game_id)
    parameters = dict(params)
    if players is not None:
        parameters["players"] = players
    return pyspiel.load_game(name, parameters)


__all__ = ["gymnasium_env", "openspiel_game", "pettingzoo_env"]
