"""tabletrip: rules engines, bots and tools for travel board games.

import tabletrip
game = tabletrip.make("ticket-to-ride", map="usa", players=3)
state = game.new_game(seed=7)
"""

from tabletrip import games  # the package, callable: `tabletrip.games()` lists the games
from tabletrip.core import (
    Action,
    ContentError,
    Game,
    IllegalAction,
    OptionError,
    Record,
    RecordError,
    Result,
    State,
    TabletripError,
    make,
    replay,
)
from tabletrip.rl.registration import register_with_gymnasium

games.register_builtin_games()
# `gymnasium.make("tabletrip/<game>-v0")` works once Gymnasium is imported (it is not imported
# here: tabletrip.rl.registration).
register_with_gymnasium()

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ContentError",
    "Game",
    "IllegalAction",
    "OptionError",
    "Record",
    "RecordError",
    "Result",
    "State",
    "TabletripError",
    "__version__",
    "games",
    "make",
    "replay",
]
