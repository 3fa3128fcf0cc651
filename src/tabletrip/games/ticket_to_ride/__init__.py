"""Ticket to Ride: the USA map and the Europe Express edition (game id `ticket-to-ride`)."""

from tabletrip.core.registry import register
from tabletrip.games.ticket_to_ride.rules import GAME_ID, TicketToRideGame, TicketToRideState

register(TicketToRideGame)

__all__ = ["GAME_ID", "TicketToRideGame", "TicketToRideState"]
