"""En Route: First City in every level and mode (game id `en-route`)."""

from tabletrip.bots import register as register_bot
from tabletrip.bots import tune
from tabletrip.core.analysis import register_analysis
from tabletrip.core.encoding import register_encoding
from tabletrip.core.registry import register
from tabletrip.games.en_route.analysis import ANALYSIS
from tabletrip.games.en_route.bots import HeuristicBot
from tabletrip.games.en_route.encoding import make_encoding
from tabletrip.games.en_route.rules import GAME_ID, EnRouteGame, EnRouteState

register(EnRouteGame)
register_bot(HeuristicBot, game=GAME_ID)
register_analysis(GAME_ID, ANALYSIS)
register_encoding(GAME_ID, make_encoding)

tune(GAME_ID, "medium", iterations=6)  # about 0.2-0.4 s a move (README, strength ladder)

__all__ = ["GAME_ID", "EnRouteGame", "EnRouteState", "HeuristicBot"]
