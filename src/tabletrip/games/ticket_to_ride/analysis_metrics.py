"""Ticket to Ride's metrics for a comparison of two runs (`tabletrip report --compare A B`).

Read from the stored facts (see `analysis`) on the board the run played, so a lengthened
route or a re-valued ticket is named as the run's own map names it. Routes and tickets are
labelled by their cities, which an edit of lengths or points leaves alone:

- route claims: the share of games in which each connection was claimed, a double route's
  tracks counted together (at 2-3 players only one of them may be claimed, rule "Double
  Routes"), and the mean turn of its first claim;
- destination tickets: kept of offered, completed of kept, and the net points of a kept
  ticket (its value if completed, minus it if not), overall and per ticket;
- the Europe Express bonus cards: the share of games each was taken, the turn it was taken
  on, and the win rate of the seats that took it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from tabletrip.core.analysis import PlayedGame
from tabletrip.core.analysis_metrics import Metric, SampleMetric, rate_of
from tabletrip.core.analysis_tools import win_share
from tabletrip.core.game import Game
from tabletrip.games.ticket_to_ride.content import Board
from tabletrip.games.ticket_to_ride.rules import TicketToRideGame

TURNS = "Game length"  # the generic group of the same name has the moves
CLAIMS = "Route claims (share of games)"
FIRST_CLAIM = "Route first claimed (turn)"
TICKETS = "Destination tickets"
KEPT = "Ticket kept (share of offers)"
COMPLETED = "Ticket completed (share of kept)"
NET = "Ticket net points when kept"
EXPRESS = "Europe Express bonus cards"


def metrics(games: Sequence[PlayedGame], game: Game) -> list[Metric]:
    """The metrics of one run's games (those with stored facts) on the run's board."""
    if not isinstance(game, TicketToRideGame):
        raise ValueError("Ticket to Ride metrics need a Ticket to Ride game")
    board = game.board
    played = [g for g in games if "claims" in g.facts]
    if not played:
        return []
    turns = tuple(float(g.facts["turns"]) for g in played)
    return [
        SampleMetric(TURNS, "turns", turns),
        *route_metrics(played, board),
        *ticket_metrics(played, board),
        *express_metrics(played, board),
    ]


def connection_of(board: Board, route_id: int) -> int:
    """The id standing for a route's connection: the lower id of a double route's tracks."""
    twin = board.twin[route_id]
    return route_id if twin < 0 else min(route_id, twin)


def route_metrics(games: Sequence[PlayedGame], board: Board) -> list[Metric]:
    """Per connection: the share of games it was claimed in, and the turn of its first claim."""
    claimed: dict[int, int] = defaultdict(int)
    first_turns: dict[int, list[float]] = defaultdict(list)
    for played in games:
        first: dict[int, int] = {}
        for route, _seat, turn in played.facts["claims"]:
            first.setdefault(connection_of(board, route), turn)
        for connection, turn in first.items():
            claimed[connection] += 1
            first_turns[connection].append(float(turn))
    connections = sorted({connection_of(board, r) for r in range(len(board.routes))})
    metrics: list[Metric] = []
    for connection in connections:
        label = _connection_label(board, connection)
        metrics.append(rate_of(CLAIMS, label, claimed[connection], len(games)))
        metrics.append(SampleMetric(FIRST_CLAIM, label, tuple(first_turns[connection])))
    return metrics


def _connection_label(board: Board, route_id: int) -> str:
    name = board.route_name(board.routes[route_id])
    return name if board.twin[route_id] < 0 else f"{name} (double)"


def ticket_metrics(games: Sequence[PlayedGame], board: Board) -> list[Metric]:
    """Kept, completed and net points: overall, then per ticket (by its cities)."""
    offered: dict[str, int] = defaultdict(int)
    kept: dict[str, int] = defaultdict(int)
    done: dict[str, int] = defaultdict(int)
    net: dict[str, list[float]] = defaultdict(list)
    every_net: list[float] = []
    for played in games:
        for ticket, points, _seat, was_kept, completed, _setup in played.facts["tickets"]:
            name = board.ticket_name(board.tickets[ticket])
            offered[name] += 1
            if was_kept:
                kept[name] += 1
                done[name] += completed
                value = float(points if completed else -points)
                net[name].append(value)
                every_net.append(value)
    total_offered, total_kept = sum(offered.values()), sum(kept.values())
    metrics: list[Metric] = [
        rate_of(TICKETS, "kept of offered", total_kept, total_offered),
        rate_of(TICKETS, "completed of kept", sum(done.values()), total_kept),
        SampleMetric(TICKETS, "net points of a kept ticket", tuple(every_net)),
    ]
    for name in dict.fromkeys(board.ticket_name(t) for t in board.tickets):
        metrics.append(rate_of(KEPT, name, kept[name], offered[name]))
        metrics.append(rate_of(COMPLETED, name, done[name], kept[name]))
        metrics.append(SampleMetric(NET, name, tuple(net[name])))
    return metrics


def express_metrics(games: Sequence[PlayedGame], board: Board) -> list[Metric]:
    """Per Europe Express bonus card: taken in what share of games, on which turn, and the
    win rate of the seats that took it (none on a map without the cards)."""
    if not board.express_bonus:
        return []
    turns: dict[int, list[float]] = defaultdict(list)
    holders: dict[int, list[float]] = defaultdict(list)  # win shares of the takers
    for played in games:
        card_of = [steps["europe_express_bonus"] for steps in played.breakdown]
        for seat, points in enumerate(card_of):
            if points:
                holders[points].append(win_share(played, seat))
        for seat, _points, turn in played.facts["express"]:
            if card_of[seat]:
                turns[card_of[seat]].append(float(turn))
    metrics: list[Metric] = []
    for points in board.express_bonus:
        card = f"{points}-point card"
        won = holders[points]
        metrics += [
            rate_of(EXPRESS, f"{card} taken (share of games)", len(won), len(games)),
            SampleMetric(EXPRESS, f"{card}: turn taken", tuple(turns[points])),
            rate_of(EXPRESS, f"{card}: taker's win rate", sum(won), len(won)),
        ]
    return metrics
