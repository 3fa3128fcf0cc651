"""Ticket to Ride's part of a balance report: tickets, route claims, bonuses, score components.

`facts` replays a finished game from its seed and action history to learn what the result
alone does not say: every destination ticket offered (also those returned under the pile),
the turn each route was claimed on and the turn each Europe Express bonus card was taken.
`sections` turns many games into tables and charts (`analysis_sections`), one set per map
and player count; `metrics` names what a comparison of two runs sets side by side.

Facts (turns count from 0 over the whole table; the setup ticket choices are not turns):

- `map`: the map id; `turns`: the number of turns played.
- `claims`: `[route id, seat, turn]` for every claim, in play order.
- `tickets`: `[ticket id, points, seat, kept, completed, at setup]` for every ticket offered
  (`completed` is false for a ticket not kept).
- `express`: `[seat, bonus points, turn]` for every Europe Express bonus card taken.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from tabletrip.core.actions import JsonDict
from tabletrip.core.analysis import PlayedGame, Section
from tabletrip.core.analysis_metrics import Metric
from tabletrip.core.game import Game, State
from tabletrip.games.ticket_to_ride import analysis_metrics
from tabletrip.games.ticket_to_ride.actions import Claim, KeepTickets
from tabletrip.games.ticket_to_ride.analysis_sections import (
    MAP_TITLES,
    express_section,
    longest_path_section,
    route_section,
    score_section,
    ticket_section,
)
from tabletrip.games.ticket_to_ride.content import Board, load_board
from tabletrip.games.ticket_to_ride.phases import SETUP, TURN
from tabletrip.games.ticket_to_ride.rules import TicketToRideGame, TicketToRideState


class TicketToRideAnalysis:
    """Ticket to Ride's `GameAnalysis`: facts per finished game, report sections per map."""

    def facts(self, state: State) -> JsonDict:
        """Claims, tickets offered and Europe Express bonuses of a finished game, with turns."""
        if not isinstance(state, TicketToRideState) or not state.is_over:
            raise ValueError("Ticket to Ride facts need a finished Ticket to Ride game")
        game = state.game
        board = game.board
        completed = {
            ticket: done
            for seat in range(game.players)
            for ticket, done in state.ticket_status(seat)
        }
        replay = game.new_game(state.seed)
        claims: list[list[int]] = []
        tickets: list[list[Any]] = []
        express: list[list[int]] = []
        turn = -1
        for seat, action in state.history:
            phase = replay.phase
            if phase == TURN:
                turn += 1
            if isinstance(action, KeepTickets):
                for ticket in replay.offers[seat]:
                    kept = ticket in action.tickets
                    points = board.tickets[ticket].points
                    done = kept and completed[ticket]
                    tickets.append([ticket, points, seat, kept, done, phase == SETUP])
            bonus = replay.express[seat]
            replay.apply(action)
            if isinstance(action, Claim):
                claims.append([action.route, seat, turn])
                if replay.express[seat] != bonus:
                    express.append([seat, replay.express[seat], turn])
        if replay.owner != state.owner or replay.tickets != state.tickets:
            raise ValueError("the action history does not reproduce this game")
        return {
            "map": board.map,
            "turns": turn + 1,
            "claims": claims,
            "tickets": tickets,
            "express": express,
        }

    def sections(self, games: Sequence[PlayedGame], game: Game | None = None) -> list[Section]:
        """Tickets, routes, the map's bonus and score components, per map and player count.

        Games of different maps or player counts are never pooled: win rates and claim rates
        are only comparable within one of each.
        """
        groups: dict[tuple[str, int], list[PlayedGame]] = defaultdict(list)
        for played in games:
            groups[(str(played.options.get("map", "usa")), len(played.bots))].append(played)
        sections: list[Section] = []
        for (map_id, players), group in groups.items():
            board = _board(game, map_id)
            name = f"{MAP_TITLES.get(map_id, map_id)}, {players} players"
            with_facts = [g for g in group if "claims" in g.facts]
            if with_facts:
                sections.append(ticket_section(with_facts, board, name))
                sections.append(route_section(with_facts, board, name))
            if board.longest_path_bonus:
                sections.append(longest_path_section(group, board, name))
            if board.express_bonus:
                sections.append(express_section(group, board, name))
            sections.append(score_section(group, board, name))
        return sections

    def metrics(self, games: Sequence[PlayedGame], game: Game) -> list[Metric]:
        """Route claims, tickets and bonus cards for a comparison of runs (`analysis_metrics`)."""
        return analysis_metrics.metrics(games, game)


ANALYSIS = TicketToRideAnalysis()


def _board(game: Game | None, map_id: str) -> Board:
    """The board of the run's game (its own map file, if any), or the shipped map."""
    if isinstance(game, TicketToRideGame) and game.board.map == map_id:
        return game.board
    return load_board(map_id)
