"""Let's Go! To France: the itinerary game, 1 to 4 players (game id `lets-go-france`)."""

from tabletrip.bots import register as register_bot
from tabletrip.bots import tune
from tabletrip.core.analysis import register_analysis
from tabletrip.core.encoding import register_encoding
from tabletrip.core.registry import register
from tabletrip.games.lets_go_france.analysis import ANALYSIS
from tabletrip.games.lets_go_france.bots import HeuristicBot
from tabletrip.games.lets_go_france.encoding import make_encoding
from tabletrip.games.lets_go_france.rules import GAME_ID, LetsGoGame, LetsGoState

register(LetsGoGame)
register_bot(HeuristicBot, game=GAME_ID)
register_analysis(GAME_ID, ANALYSIS)
register_encoding(GAME_ID, make_encoding)

tune(GAME_ID, "medium", iterations=6)  # about 0.2-0.4 s a move (README, strength ladder)

__all__ = ["GAME_ID", "HeuristicBot", "LetsGoGame", "LetsGoState"]
