"""The `heuristic` Ticket to Ride bot: plan the shortest connections, collect, claim.

It keeps the tickets whose shortest connections are cheapest and overlap, plans the routes
joining them (Dijkstra over the routes still open to it, its own routes free: bot_paths.py),
collects the colours those routes need, claims them as soon as it can (long and endangered
ones first), and spends Locomotives sparingly. With nothing left to connect it draws new
tickets while there is time, else claims the longest routes it can for points. In Europe Express the
London-Istanbul bonus is planned like a ticket when the trains allow it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from tabletrip.bots.base import CheckedBot
from tabletrip.core import Action, State
from tabletrip.games.ticket_to_ride.actions import Claim, DrawBlind, KeepTickets, Pass
from tabletrip.games.ticket_to_ride.bot_paths import (
    INF,
    Graph,
    at_risk,
    board_graph,
    connect_costs,
    path_tree,
    seat_costs,
)
from tabletrip.games.ticket_to_ride.phases import KEEP, SECOND_DRAW, SETUP
from tabletrip.games.ticket_to_ride.rules import TicketToRideState

MAX_PLAN_CACHE = 512


@dataclass(frozen=True, slots=True)
class Plan:
    """The routes this seat means to claim and the trains they take."""

    routes: tuple[int, ...]  # the tickets' routes first, then the Express bonus's
    ticket_routes: int  # how many of `routes` the tickets need
    trains: int


class HeuristicBot(CheckedBot):
    """Plans shortest connections for its tickets, collects their colours and claims them."""

    name = "heuristic"
    strength = 10
    setup_budget: float = 0.65  # at setup, plan at most this share of the trains for tickets
    train_cost: float = 0.6  # points a planned train is worth giving up, weighing tickets
    tickets_while: float = 0.4  # draw tickets only while every seat has this share of trains
    endgame: float = 0.14  # with any seat below this share of trains, score what it can now
    time_share: float = 0.5  # trains it can place per train the others have left
    prospects: float = 0.5  # draw tickets only if this share of them could still be connected
    turn_cost: int = 2  # trains a turn spent claiming is worth, choosing between paths
    points_shortest: int = 3  # with nothing to connect, the shortest route worth claiming
    plan_express: bool = True  # Europe Express: plan London-Istanbul when the trains allow

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self._plans: dict[tuple[Any, ...], Plan] = {}
        self._prospects: dict[tuple[Any, ...], float] = {}

    def decide(self, view: State, seat: int) -> Action | None:
        """A sensible action for `seat` in the determinized `view`."""
        assert isinstance(view, TicketToRideState)
        return self._decide(view, seat)

    def fallback(self, view: State) -> Action:
        """The longest claim, a card, else anything."""
        assert isinstance(view, TicketToRideState)
        return fallback(view)

    # --- the decision ----------------------------------------------------------------------

    def _decide(self, view: TicketToRideState, seat: int) -> Action | None:
        if view.phase in (SETUP, KEEP):
            return self._keep(view, seat)
        plan = self._plan(view, seat)
        if view.phase == SECOND_DRAW:
            return self._draw(view, seat, plan, first=False)
        board = view.game.board
        lowest = min(view.trains)
        endgame = view.final_turns >= 0 or lowest <= board.trains * self.endgame
        claim = self._claim_planned(view, seat, plan, endgame)
        if claim is not None:
            return claim
        if not plan.routes:
            if (
                view.ticket_pile
                and view.final_turns < 0
                and lowest >= board.trains * self.tickets_while
                and self._ticket_prospects(view, seat) >= self.prospects
            ):
                return view.game.draw_tickets
            shortest = 1 if endgame else self.points_shortest
            claim = self._claim_for_points(view, seat, plan, shortest, spare=endgame)
            if claim is not None:
                return claim
        elif view.final_turns >= 0:
            # This is its last turn: any points now beat a plan it cannot finish.
            claim = self._claim_for_points(view, seat, plan, 1, spare=True, last=True)
            if claim is not None:
                return claim
        return self._draw(view, seat, plan, first=True)

    # --- tickets ---------------------------------------------------------------------------

    def _keep(self, view: TicketToRideState, seat: int) -> KeepTickets:
        """The subset of the offer whose connections (with the tickets kept) score best."""
        game = view.game
        board = game.board
        graph = board_graph(board)
        cid, costs = seat_costs(view, seat)
        kept = [board.tickets[t] for t in view.tickets[seat]]
        kept_pairs = [(t.a, t.b, t.points) for t in kept]
        offer = sorted(view.offers[seat])
        least = min(2 if view.phase == SETUP else 1, len(offer))
        trains = view.trains[seat]
        budget = (
            int(trains * self.setup_budget) if view.phase == SETUP else self._budget(view, seat)
        )
        best: tuple[float, tuple[int, ...]] | None = None
        for size in range(len(offer), least - 1, -1):
            for subset in combinations(offer, size):
                pairs = kept_pairs + [
                    (board.tickets[t].a, board.tickets[t].b, board.tickets[t].points)
                    for t in subset
                ]
                result = connect_costs(graph, cid, costs, pairs, budget, 0, self.turn_cost, None)
                lost = sum(p for _, _, p in result.dropped)
                value = sum(p for _, _, p in pairs) - 2 * lost - self.train_cost * result.trains
                if best is None or value > best[0]:
                    best = (value, subset)
        assert best is not None
        return game.keep(best[1])

    def _budget(self, view: TicketToRideState, seat: int) -> int:
        """The trains it can still expect to place: the others' trains bound the turns left."""
        others = min(t for s, t in enumerate(view.trains) if s != seat)
        return min(view.trains[seat], int(others * self.time_share))

    def _ticket_prospects(self, view: TicketToRideState, seat: int) -> float:
        """The share of the tickets it does not hold that it could still connect in time."""
        game = view.game
        board = game.board
        budget = self._budget(view, seat)
        key = ("prospects", seat, tuple(view.claimed), tuple(view.tickets[seat]), budget)
        cached = self._prospects.get(key)
        if cached is not None:
            return cached
        graph = board_graph(board)
        cid, costs = seat_costs(view, seat)
        held = set(view.tickets[seat])
        reachable = total = 0
        for ticket in board.tickets:
            if ticket.id in held:
                continue
            total += 1
            tree = path_tree(graph, cid, costs, 0, 0, ticket.a)
            reachable += tree.distance(ticket.b, budget + 1) < INF
        share = reachable / total if total else 0.0
        if len(self._prospects) >= MAX_PLAN_CACHE:
            self._prospects.clear()
        self._prospects[key] = share
        return share

    # --- the plan --------------------------------------------------------------------------

    def _plan(self, view: TicketToRideState, seat: int) -> Plan:
        """The routes to claim for the tickets kept (cached while the board is unchanged)."""
        game = view.game
        board = game.board
        express_open = (
            self.plan_express
            and board.express_cities is not None
            and not view.express[seat]
            and view.express_next < len(board.express_bonus)
        )
        budget = self._budget(view, seat)
        key = (
            id(board),
            game.players,
            seat,
            tuple(view.claimed),
            tuple(view.tickets[seat]),
            view.trains[seat],
            budget,
            express_open,
        )
        plan = self._plans.get(key)
        if plan is not None:
            return plan
        graph = board_graph(board)
        cid, costs = seat_costs(view, seat)
        pairs = [
            (board.tickets[t].a, board.tickets[t].b, board.tickets[t].points)
            for t, done in view.ticket_status(seat)
            if not done
        ]
        optional = 0
        if express_open and board.express_cities is not None:
            a, b = board.express_cities
            pairs.append((a, b, board.express_bonus[view.express_next]))
            optional = 1
        result = connect_costs(
            graph,
            cid,
            costs,
            pairs,
            view.trains[seat],
            optional,
            self.turn_cost,
            optional_budget=budget,
        )
        plan = Plan(result.routes, result.required_routes, result.trains)
        if len(self._plans) >= MAX_PLAN_CACHE:
            self._plans.clear()
        self._plans[key] = plan
        return plan

    # --- claiming --------------------------------------------------------------------------

    def _claim_planned(
        self, view: TicketToRideState, seat: int, plan: Plan, endgame: bool
    ) -> Claim | None:
        """Claim the best planned route the hand pays for (long and endangered first)."""
        board = view.game.board
        trains = view.trains[seat]
        open_routes = view.open_routes[seat]  # the routes `claimable` for the seat
        graph = board_graph(board)
        lengths = graph.lengths
        demand: list[int] | None = None
        tickets_first = plan.routes[: plan.ticket_routes]
        payable: list[tuple[float, int, Claim]] = []  # (score but the risk, route, claim)
        for route in plan.routes:
            for option in (route, board.twin[route]):
                if option < 0 or not open_routes >> option & 1 or lengths[option] > trains:
                    continue
                if demand is None:
                    demand = colour_demand(view, seat, plan.routes)
                claim = payment(view, seat, option, demand, spare=endgame, graph=graph)
                if claim is None:
                    continue
                score = lengths[option] - 0.5 * claim.locomotives
                if route in tickets_first:
                    score += 10
                payable.append((score, option, claim))
        if len(payable) == 1:  # alone: how endangered it is changes nothing
            return payable[0][2]
        best: tuple[float, Claim] | None = None
        for score, option, claim in payable:
            score += 2 * at_risk(view, seat, option)
            if best is None or score > best[0]:
                best = (score, claim)
        return None if best is None else best[1]

    def _claim_for_points(
        self,
        view: TicketToRideState,
        seat: int,
        plan: Plan,
        shortest: int,
        spare: bool,
        last: bool = False,
    ) -> Claim | None:
        """Claim the longest route the hand pays for, keeping the trains the plan needs.

        `spare`: Locomotives may be spent freely; `last`: nothing needs keeping any more.
        """
        spare_trains = view.trains[seat] - (0 if last else plan.trains)
        candidates = view.open_routes[seat]
        for route in plan.routes:
            candidates &= ~(1 << route)
        demand: list[int] | None = None
        # The best score, the first route of it (by id): the longest routes first, until
        # no shorter one could score as much.
        best: tuple[float, int, Claim] | None = None
        graph = board_graph(view.game.board)
        for length, same, points, most in graph.by_length:
            if best is not None and best[0] > most:
                break
            if length < shortest or length > spare_trains:
                continue
            routes = candidates & same
            while routes:
                low = routes & -routes
                routes ^= low
                route = low.bit_length() - 1
                if demand is None:
                    demand = colour_demand(view, seat, plan.routes)
                claim = payment(view, seat, route, demand, spare, not last, graph)
                if claim is None:
                    continue
                score = points - 0.5 * claim.locomotives
                if best is None or score > best[0] or (score == best[0] and route < best[1]):
                    best = (score, route, claim)
        return None if best is None else best[2]

    # --- drawing ---------------------------------------------------------------------------

    def _draw(self, view: TicketToRideState, seat: int, plan: Plan, first: bool) -> Action:
        """Take a face-up card the plan needs, a Locomotive when one card is missing, or blind."""
        game = view.game
        board = game.board
        loco = board.loco
        targets = list(plan.routes[: plan.ticket_routes] or plan.routes) or point_targets(
            view, seat
        )
        wanted = wanted_colours(view, seat, targets)
        face_up = set(view.face_up)
        for colour in wanted:
            if colour in face_up:
                return game.take[colour]
        if first and one_card_short(view, seat, targets):
            if board.locomotive_pile and view.loco_pile:
                return game.take_locomotive
            if loco in face_up:
                return game.take[loco]
        if view.deck.cards or view.deck.discards:
            return game.blind
        spare = [c for c in view.face_up if c != loco]
        if spare:
            return game.take[max(spare, key=lambda c: (view.hands[seat][c], -c))]
        return game.blind


# --- pure helpers over a view ---------------------------------------------------------------


def claimable(view: TicketToRideState, seat: int, route: int) -> bool:
    """Whether `seat` may claim `route` now (free, and not closed by the double-route rule)."""
    if view.owner[route] != -1:
        return False
    board = view.game.board
    other = board.twin[route]
    if other >= 0 and view.owner[other] != -1:
        return view.owner[other] != seat and view.game.players > board.single_double_up_to
    return True


def colour_demand(view: TicketToRideState, seat: int, routes: tuple[int, ...]) -> list[int]:
    """Cards of each colour the planned routes need, gray ones in the colour held most."""
    board = view.game.board
    graph = board_graph(board)
    colours, lengths = graph.colours, graph.lengths
    hand = view.hands[seat]
    demand = [0] * len(board.card_names)
    grays = []
    for route_id in routes:
        colour = colours[route_id]
        if colour < 0:
            grays.append(lengths[route_id])
        else:
            demand[colour] += lengths[route_id]
    if grays:
        grays.sort(reverse=True)
        for length in grays:
            demand[_most_spare(hand, demand, board.loco)] += length
    return demand


def _most_spare(hand: list[int], demand: list[int], loco: int) -> int:
    """The colour (not the Locomotive) held most beyond its demand, the first of equals."""
    best, most = 0, hand[0] - demand[0]
    for colour in range(1, loco):
        spare = hand[colour] - demand[colour]
        if spare > most:
            best, most = colour, spare
    return best


def payment(
    view: TicketToRideState,
    seat: int,
    route_id: int,
    demand: list[int],
    spare: bool,
    respect_demand: bool = False,
    graph: Graph | None = None,
) -> Claim | None:
    """The cheapest way to pay for a route: fewest Locomotives, the least needed colour.

    Without `spare`, at most half the route (rounded down) is paid in Locomotives; with
    `respect_demand`, only cards beyond what the plan needs are used. `graph`: the board's
    (`board_graph`), if the caller has it.
    """
    game = view.game
    if graph is None:
        graph = board_graph(game.board)
    hand = view.hands[seat]
    loco = game.loco
    locos = hand[loco]
    length = graph.lengths[route_id]
    most_locos = locos if spare or locos <= length // 2 else length // 2
    fewest = length - most_locos  # the colour cards it takes at least
    route_colour = graph.colours[route_id]
    # The fewest Locomotives used, then the colour least needed; the first of equals.
    best = -1
    best_used = best_need = 0
    for colour in range(loco) if route_colour < 0 else (route_colour,):
        have = hand[colour]
        if respect_demand:
            have -= demand[colour]
        if have <= 0 or have < fewest:
            continue
        used = length - have if length > have else 0
        need = demand[colour] - hand[colour]
        if best < 0 or used < best_used or (used == best_used and need < best_need):
            best, best_used, best_need = colour, used, need
    if best >= 0:
        return game.claim(route_id, best, best_used)
    if spare and locos >= length and not respect_demand:
        return game.claim(route_id, loco, length)
    return None


def wanted_colours(view: TicketToRideState, seat: int, routes: list[int]) -> list[int]:
    """Colours to collect, the route closest to being paid for first."""
    board = view.game.board
    graph = board_graph(board)
    hand = view.hands[seat]
    demand = colour_demand(view, seat, tuple(routes))
    needs: list[tuple[int, int, int]] = []
    most_held = -1  # the colour held most, the first of equals (for gray routes)
    for route_id in routes:
        colour = graph.colours[route_id]
        if colour < 0:
            if most_held < 0:
                most_held = _most_spare(hand, [0] * board.loco, board.loco)
            colour = most_held
        length = graph.lengths[route_id]
        missing = length - hand[colour]
        if missing > 0 and demand[colour] > hand[colour]:
            needs.append((missing, -length, colour))
    needs.sort()
    ordered: list[int] = []
    for _, _, colour in needs:
        if colour not in ordered:
            ordered.append(colour)
    return ordered


def one_card_short(view: TicketToRideState, seat: int, routes: list[int]) -> bool:
    """Whether one Locomotive more would pay for a target route of 3 or more."""
    board = view.game.board
    hand = view.hands[seat]
    locos = hand[board.loco]
    for route_id in routes:
        route = board.routes[route_id]
        if route.length < 3 or route.length > view.trains[seat]:
            continue
        colour = -1 if route.is_gray else view.game.card_index[route.color]
        have = max(hand[: board.loco]) if colour < 0 else hand[colour]
        if have > 0 and have + locos == route.length - 1:
            return True
    return False


def point_targets(view: TicketToRideState, seat: int) -> list[int]:
    """With nothing to connect: the longest routes open to the seat that its trains allow."""
    board = view.game.board
    trains = view.trains[seat]
    held_open = view.open_routes[seat]  # the routes `claimable` for the seat
    open_routes = [r.id for r in board.routes if r.length <= trains and held_open >> r.id & 1]
    open_routes.sort(key=lambda r: (-board.routes[r].length, r))
    return open_routes[:4]


def fallback(view: TicketToRideState) -> Action:
    """A legal action when the plan has none: the longest claim, a card, else anything."""
    actions = view.legal_actions()
    board = view.game.board
    claims = [a for a in actions if isinstance(a, Claim)]
    if claims:
        return max(claims, key=lambda a: (board.routes[a.route].length, -a.locomotives))
    for action in actions:
        if isinstance(action, DrawBlind):
            return action
    keeps = [a for a in actions if isinstance(a, KeepTickets)]
    if keeps:
        return keeps[0]
    drawing = [a for a in actions if not isinstance(a, Pass) and a != view.game.draw_tickets]
    return (drawing or actions)[0]
