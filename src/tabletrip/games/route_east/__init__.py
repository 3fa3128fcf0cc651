"""Route East: Istanbul to Shanghai via your attractions (game id `route-east`)."""

from tabletrip.bots import register_by_name as register_bot_by_name
from tabletrip.bots import tune
from tabletrip.core.analysis import register_analysis
from tabletrip.core.encoding import register_encoding
from tabletrip.core.presentation import register_presentation
from tabletrip.core.registry import register
from tabletrip.games.route_east.rules import GAME_ID, RouteEastGame, RouteEastState

register(RouteEastGame)
# The other parts are imported when first used (tabletrip.core.lazy).
register_bot_by_name("tabletrip.games.route_east.bots:HeuristicBot", game=GAME_ID)
register_analysis(GAME_ID, "tabletrip.games.route_east.analysis:ANALYSIS")
register_encoding(GAME_ID, "tabletrip.games.route_east.encoding:make_encoding")
register_presentation(GAME_ID, "tabletrip.games.route_east.present:RouteEastPresentation")

# A race is won or lost (scores 1/0), so a search's values are noisy: the heuristic's move
# stands unless another wins clearly more playouts (medium) or wins a paired duel on shared
# samples (hard: without it hard lost to the heuristic; README, strength ladder).
tune(GAME_ID, "medium", iterations=12, anchor_margin=0.3)
tune(GAME_ID, "hard", verify=8)

__all__ = ["GAME_ID", "RouteEastGame", "RouteEastState"]
