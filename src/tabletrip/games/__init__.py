"""The built-in games, each in its own package, imported only when first used.

`tabletrip.games` is both this package and the public `tabletrip.games()`, the list of the
registered games: calling the package gives that list. So `import tabletrip.games.en_route`
and `tabletrip.games()` both work, and no module hides the function (or the function the
package) however the two are imported.
"""

from __future__ import annotations

import sys
from types import ModuleType

from tabletrip.core.game import GameInfo
from tabletrip.core.registry import games as registered_games
from tabletrip.core.registry import register_lazy

BUILTIN_GAMES: dict[str, str] = {
    "en-route": "tabletrip.games.en_route",
    "lets-go-france": "tabletrip.games.lets_go_france",
    "route-east": "tabletrip.games.route_east",
    "ticket-to-ride": "tabletrip.games.ticket_to_ride",
}


def register_builtin_games() -> None:
    """Make every built-in game known to the registry without importing it yet."""
    for game_id, module in BUILTIN_GAMES.items():
        register_lazy(game_id, module)


class _GamesPackage(ModuleType):
    """This package, callable: `tabletrip.games()` lists every registered game."""

    def __call__(self) -> list[GameInfo]:
        """Every registered game's info (id, title, player range, options), sorted by id."""
        return registered_games()


sys.modules[__name__].__class__ = _GamesPackage
