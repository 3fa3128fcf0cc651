"""En Route: First City in every level and mode (game id `en-route`)."""

from tabletrip.core.registry import register
from tabletrip.games.en_route.rules import GAME_ID, EnRouteGame, EnRouteState

register(EnRouteGame)

__all__ = ["GAME_ID", "EnRouteGame", "EnRouteState"]
