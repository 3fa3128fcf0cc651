"""Route East: Istanbul to Shanghai via your attractions (game id `route-east`)."""

from tabletrip.bots import register as register_bot
from tabletrip.bots import tune
from tabletrip.core.registry import register
from tabletrip.games.route_east.bots import HeuristicBot
from tabletrip.games.route_east.rules import GAME_ID, RouteEastGame, RouteEastState

register(RouteEastGame)
register_bot(HeuristicBot, game=GAME_ID)

tune(GAME_ID, "medium", iterations=12)  # about 0.2-0.4 s a move (README, strength ladder)

__all__ = ["GAME_ID", "HeuristicBot", "RouteEastGame", "RouteEastState"]
