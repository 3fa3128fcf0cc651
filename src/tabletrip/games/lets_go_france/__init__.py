"""Let's Go! To France: the itinerary game, 1 to 4 players (game id `lets-go-france`)."""

from tabletrip.bots import register_by_name as register_bot_by_name
from tabletrip.bots import tune
from tabletrip.core.analysis import register_analysis
from tabletrip.core.encoding import register_encoding
from tabletrip.core.presentation import register_presentation
from tabletrip.core.registry import register
from tabletrip.games.lets_go_france.rules import GAME_ID, LetsGoGame, LetsGoState

register(LetsGoGame)
# The other parts are imported when first used (tabletrip.core.lazy).
register_bot_by_name("tabletrip.games.lets_go_france.bots:HeuristicBot", game=GAME_ID)
register_analysis(GAME_ID, "tabletrip.games.lets_go_france.analysis:ANALYSIS")
register_encoding(GAME_ID, "tabletrip.games.lets_go_france.encoding:make_encoding")
register_presentation(GAME_ID, "tabletrip.games.lets_go_france.present:LetsGoPresentation")

# A search with the heuristic's playouts rarely finds a better move than the heuristic's own
# (README, strength ladder), and on a few playouts it chose worse ones on noise: the heuristic's
# move stands unless another wins clearly more playouts (medium) or a paired duel (hard).
tune(GAME_ID, "medium", iterations=12, anchor_margin=0.3)
tune(GAME_ID, "hard", verify=8)

__all__ = ["GAME_ID", "LetsGoGame", "LetsGoState"]
