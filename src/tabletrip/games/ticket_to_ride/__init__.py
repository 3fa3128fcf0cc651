"""Ticket to Ride: the USA map and the Europe Express edition (game id `ticket-to-ride`)."""

from tabletrip.bots import register_by_name as register_bot_by_name
from tabletrip.bots import tune
from tabletrip.core.analysis import register_analysis
from tabletrip.core.encoding import register_encoding
from tabletrip.core.presentation import register_presentation
from tabletrip.core.registry import register
from tabletrip.games.ticket_to_ride.rules import GAME_ID, TicketToRideGame, TicketToRideState

register(TicketToRideGame)
# The other parts are imported when first used (tabletrip.core.lazy).
register_bot_by_name("tabletrip.games.ticket_to_ride.bots:HeuristicBot", game=GAME_ID)
register_analysis(GAME_ID, "tabletrip.games.ticket_to_ride.analysis:ANALYSIS")
register_encoding(GAME_ID, "tabletrip.games.ticket_to_ride.encoding:make_encoding")
register_presentation(GAME_ID, "tabletrip.games.ticket_to_ride.present:TicketToRidePresentation")

# 100 playouts: about 0.36 s a move, 60% of 100 games against the heuristic (40 won 52%).
tune(GAME_ID, "medium", iterations=100)

__all__ = ["GAME_ID", "TicketToRideGame", "TicketToRideState"]
