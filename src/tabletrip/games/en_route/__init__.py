"""En Route: First City in every level and mode (game id `en-route`)."""

from tabletrip.bots import register as register_bot
from tabletrip.core.registry import register
from tabletrip.games.en_route.bots import HeuristicBot
from tabletrip.games.en_route.rules import GAME_ID, EnRouteGame, EnRouteState

register(EnRouteGame)
register_bot(HeuristicBot, game=GAME_ID)

__all__ = ["GAME_ID", "EnRouteGame", "EnRouteState", "HeuristicBot"]
