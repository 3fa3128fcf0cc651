"""En Route: First City in every level and mode (game id `en-route`)."""

from tabletrip.bots import register_by_name as register_bot_by_name
from tabletrip.bots import tune
from tabletrip.core.analysis import register_analysis
from tabletrip.core.encoding import register_encoding
from tabletrip.core.presentation import register_presentation
from tabletrip.core.registry import register
from tabletrip.games.en_route.rules import GAME_ID, EnRouteGame, EnRouteState

register(EnRouteGame)
# The other parts are imported when first used (tabletrip.core.lazy).
register_bot_by_name("tabletrip.games.en_route.bots:HeuristicBot", game=GAME_ID)
register_analysis(GAME_ID, "tabletrip.games.en_route.analysis:ANALYSIS")
register_encoding(GAME_ID, "tabletrip.games.en_route.encoding:make_encoding")
register_presentation(GAME_ID, "tabletrip.games.en_route.present:EnRoutePresentation")

# A step budget spends the playouts where they are short: 7 or 8 at the start, hundreds for
# the final route (63% of 100 games against the heuristic, against 54% with 6 playouts: README).
tune(GAME_ID, "medium", iterations=0, steps=600, min_iterations=6)

__all__ = ["GAME_ID", "EnRouteGame", "EnRouteState"]
