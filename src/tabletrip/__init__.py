"""tabletrip: rules engines, bots and tools for travel board games.

import tabletrip
game = tabletrip.make("ticket-to-ride", map="usa", players=3)
state = game.new_game(seed=7)
"""

# The subpackage `tabletrip.games` is imported first so that the name `games` below ends up
# bound to the function (DESIGN.md's `tabletrip.games()`), not to the subpackage.
from tabletrip.games import register_builtin_games  # isort: skip
from tabletrip.core import (  # isort: skip
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
    games,
    make,
    replay,
)

register_builtin_games()

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
