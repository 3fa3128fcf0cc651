"""En Route: First City in every level and mode (game id `en-route`)."""

from tabletrip.bots import register as register_bot
from tabletrip.bots import tune
from tabletrip.core.analysis import register_analysis
from tabletrip.core.encoding import register_encoding
from tabletrip.core.presentation import register_presentation
from tabletrip.core.registry import register
from tabletrip.games.en_route.analysis import ANALYSIS
from tabletrip.games.en_route.bots import HeuristicBot
from tabletrip.games.en_route.encoding import make_encoding
from tabletrip.games.en_route.present import EnRoutePresentation
from tabletrip.games.en_route.rules import GAME_ID, EnRouteGame, EnRouteState

register(EnRouteGame)
register_bot(HeuristicBot, game=GAME_ID)
register_analysis(GAME_ID, ANALYSIS)
register_encoding(GAME_ID, make_encoding)
register_presentation(GAME_ID, EnRoutePresentation())

# A step budget spends the playouts where they are short: 7 or 8 at the start, hundreds for
# the final route (63% of 100 games against the heuristic, against 54% with 6 playouts: README).
tune(GAME_ID, "medium", iterations=0, steps=600, min_iterations=6)

__all__ = ["GAME_ID", "EnRouteGame", "EnRouteState", "HeuristicBot"]
