"""Let's Go! To France: the itinerary game, 1 to 4 players (game id `lets-go-france`)."""

from tabletrip.core.registry import register
from tabletrip.games.lets_go_france.rules import GAME_ID, LetsGoGame, LetsGoState

register(LetsGoGame)

__all__ = ["GAME_ID", "LetsGoGame", "LetsGoState"]
