"""Route East: Istanbul to Shanghai via your attractions (game id `route-east`)."""

from tabletrip.core.registry import register
from tabletrip.games.route_east.rules import GAME_ID, RouteEastGame, RouteEastState

register(RouteEastGame)

__all__ = ["GAME_ID", "RouteEastGame", "RouteEastState"]
