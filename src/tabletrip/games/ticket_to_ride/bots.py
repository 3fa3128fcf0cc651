"""The `heuristic` Ticket to Ride bot: plan the shortest connections, collect, claim.

It keeps the tickets whose shortest connections are cheapest and overlap, plans the routes
joining them (Dijkstra over the routes still open to it, its own routes free), collects the
colours those routes need, claims them as soon as it can (long and endangered ones first),
and spends Locomotives sparingly. With nothing left to connect it draws new tickets while
there is time, else claims the longest routes it can for points. In Europe Express the
London-Istanbul bonus is planned like a ticket when the trains allow it.
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import combinations
from typing import Any

from tabletrip.bots.base import CheckedBot
from tabletrip.core import Action, State
from tabletrip.games.ticket_to_ride.actions import Claim, DrawBlind, KeepTickets, Pass
from tabletrip.games.ticket_to_ride.content import Board
from tabletrip.games.ticket_to_ride.phases import KEEP, SECOND_DRAW, SETUP
from tabletrip.games.ticket_to_ride.rules import TicketToRideState

INF = 1 << 30
BLOCKED = -1  # a route cost: not usable by this seat
MAX_PLAN_CACHE = 512

Pair = tuple[int, int, int]  # (city, city, points): a ticket or the Express bonus to connect


@dataclass(frozen=True, slots=True)
class Graph:
    """A board's cities and routes as adjacency lists: per city, (other city, route id)."""

    adjacency: tuple[tuple[tuple[int, int], ...], ...]
    ends: tuple[tuple[int, int], ...]  # per route: its two cities
    lengths: tuple[int, ...]


_graphs: dict[int, tuple[Board, Graph]] = {}


def board_graph(board: Board) -> Graph:
    """The (cached) graph of a board."""
    cached = _graphs.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    adjacency: list[list[tuple[int, int]]] = [[] for _ in board.cities]
    for route in board.routes:
        adjacency[route.a].append((route.b, route.id))
        adjacency[route.b].append((route.a, route.id))
    graph = Graph(
        tuple(tuple(links) for links in adjacency),
        tuple((r.a, r.b) for r in board.routes),
        tuple(r.length for r in board.routes),
    )
    _graphs[id(board)] = (board, graph)
    return graph


# Plans are remade at every decision of every playout, but the routes' owners change only
# when one is claimed: route costs and shortest paths are kept by what they depend on (the
# memos are bounded: rebuilt when full). The lists they hold are never changed in place.
MEMO_KEPT = 4096
_costs_memo: dict[tuple[int, tuple[int, ...], int, int], list[int]] = {}
_paths_memo: dict[tuple[int, tuple[int, ...], int], tuple[list[int], list[int]]] = {}


def route_costs(board: Board, owner: list[int], seat: int, players: int) -> list[int]:
    """Each route's cost in trains for `seat`: 0 if its own, BLOCKED if it may not claim it
    (a new list: the caller may change it)."""
    key = (id(board_graph(board)), tuple(owner), seat, players)
    found = _costs_memo.get(key)
    if found is None:
        if len(_costs_memo) >= MEMO_KEPT:
            _costs_memo.clear()
        found = _costs_memo[key] = _route_costs(board, owner, seat, players)
    return found.copy()


def _route_costs(board: Board, owner: list[int], seat: int, players: int) -> list[int]:
    shared = players > board.single_double_up_to
    twin = board.twin
    costs = []
    for route in board.routes:
        held = owner[route.id]
        if held == seat:
            costs.append(0)
        elif held != -1:
            costs.append(BLOCKED)
        else:
            other = twin[route.id]
            if other >= 0 and owner[other] != -1 and (owner[other] == seat or not shared):
                costs.append(BLOCKED)
            else:
                costs.append(route.length)
    return costs


def shortest_paths(graph: Graph, costs: list[int], source: int) -> tuple[list[int], list[int]]:
    """Dijkstra from `source`: the distance to each city and the route used to reach it (kept
    for these costs: read them, never change them)."""
    key = (id(graph), tuple(costs), source)
    found = _paths_memo.get(key)
    if found is None:
        if len(_paths_memo) >= MEMO_KEPT:
            _paths_memo.clear()
        found = _paths_memo[key] = _shortest_paths(graph, costs, source)
    return found


def _shortest_paths(graph: Graph, costs: list[int], source: int) -> tuple[list[int], list[int]]:
    dist = [INF] * len(graph.adjacency)
    via = [-1] * len(graph.adjacency)
    dist[source] = 0
    heap = [(0, source)]
    adjacency = graph.adjacency
    while heap:
        d, city = heappop(heap)
        if d > dist[city]:
            continue
        for other, route in adjacency[city]:
            cost = costs[route]
            if cost < 0:
                continue
            nd = d + cost
            if nd < dist[other]:
                dist[other] = nd
                via[other] = route
                heappush(heap, (nd, other))
    return dist, via


def path_routes(graph: Graph, via: list[int], target: int) -> list[int]:
    """The routes of the path found by `shortest_paths` to `target`, from the target back."""
    routes = []
    city = target
    while via[city] >= 0:
        route = via[city]
        routes.append(route)
        a, b = graph.ends[route]
        city = a if b == city else b
    return routes


@dataclass(frozen=True, slots=True)
class Connection:
    """What joining some pairs of cities takes: routes to claim, trains, pairs given up."""

    routes: tuple[int, ...]  # unclaimed routes of the plan, cheapest pair's first
    trains: int
    dropped: tuple[Pair, ...]  # pairs that cannot be joined within the budget
    required_routes: int  # how many of `routes` the required pairs need (they come first)


def connect(
    graph: Graph,
    costs: list[int],
    pairs: list[Pair],
    budget: int,
    optional: int = 0,
    turn_cost: int = 0,
    optional_budget: int | None = None,
) -> Connection:
    """Join the pairs greedily, cheapest next, each path making later ones cheaper.

    A route to claim costs its length plus `turn_cost` (a turn spent claiming it), so paths
    of fewer, longer routes are preferred. A pair whose path would take the trains used past
    `budget` is dropped. The last `optional` pairs are joined after all the others, within
    `optional_budget` trains in all if given.
    """
    costs = [c + turn_cost if c > 0 else c for c in costs]
    lengths = graph.lengths
    required = pairs[: len(pairs) - optional]
    extra = pairs[len(pairs) - optional :]
    planned: list[int] = []
    dropped: list[Pair] = []
    trains = 0
    required_routes = 0
    for group, limit in ((required, budget), (extra, optional_budget)):
        if limit is None:
            limit = budget
        remaining = list(group)
        while remaining:
            trees: dict[int, tuple[list[int], list[int]]] = {}
            best: tuple[int, int] | None = None
            for index, (a, b, _) in enumerate(remaining):
                if a not in trees:
                    trees[a] = shortest_paths(graph, costs, a)
                d = trees[a][0][b]
                if best is None or d < best[0]:
                    best = (d, index)
            assert best is not None
            d, index = best
            pair = remaining.pop(index)
            path = [] if d >= INF else path_routes(graph, trees[pair[0]][1], pair[1])
            new = [route for route in path if costs[route] > 0]
            needed = sum(lengths[route] for route in new)
            if d >= INF or trains + needed > limit:
                dropped.append(pair)
                continue
            for route in new:
                planned.append(route)
                costs[route] = 0
            trains += needed
        if group is required:
            required_routes = len(planned)
    return Connection(tuple(planned), trains, tuple(dropped), required_routes)


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
        costs = route_costs(board, view.owner, seat, game.players)
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
                result = connect(graph, costs, pairs, budget, turn_cost=self.turn_cost)
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
        key = ("prospects", seat, tuple(view.owner), tuple(view.tickets[seat]), budget)
        cached = self._prospects.get(key)
        if cached is not None:
            return cached
        graph = board_graph(board)
        costs = route_costs(board, view.owner, seat, game.players)
        held = set(view.tickets[seat])
        trees: dict[int, list[int]] = {}
        reachable = total = 0
        for ticket in board.tickets:
            if ticket.id in held:
                continue
            if ticket.a not in trees:
                trees[ticket.a] = shortest_paths(graph, costs, ticket.a)[0]
            total += 1
            reachable += trees[ticket.a][ticket.b] <= budget
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
            tuple(view.owner),
            tuple(view.tickets[seat]),
            view.trains[seat],
            budget,
            express_open,
        )
        plan = self._plans.get(key)
        if plan is not None:
            return plan
        graph = board_graph(board)
        costs = route_costs(board, view.owner, seat, game.players)
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
        result = connect(
            graph,
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
        demand = colour_demand(view, seat, plan.routes)
        tickets_first = set(plan.routes[: plan.ticket_routes])
        best: tuple[float, Claim] | None = None
        for route in plan.routes:
            for option in (route, board.twin[route]):
                if option < 0 or not claimable(view, seat, option):
                    continue
                if board.routes[option].length > trains:
                    continue
                claim = payment(view, seat, option, demand, spare=endgame)
                if claim is None:
                    continue
                length = board.routes[option].length
                score = length + 2 * at_risk(view, seat, option) - 0.5 * claim.locomotives
                if route in tickets_first:
                    score += 10
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
        board = view.game.board
        spare_trains = view.trains[seat] - (0 if last else plan.trains)
        demand = colour_demand(view, seat, plan.routes)
        planned = set(plan.routes)
        best: tuple[float, Claim] | None = None
        for route in board.routes:
            length = route.length
            if length < shortest or length > spare_trains or route.id in planned:
                continue
            if not claimable(view, seat, route.id):
                continue
            claim = payment(view, seat, route.id, demand, spare, respect_demand=not last)
            if claim is None:
                continue
            score = board.route_points[length] - 0.5 * claim.locomotives
            if best is None or score > best[0]:
                best = (score, claim)
        return None if best is None else best[1]

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
    hand = view.hands[seat]
    demand = [0] * len(board.card_names)
    grays = []
    for route_id in routes:
        route = board.routes[route_id]
        if route.is_gray:
            grays.append(route.length)
        else:
            demand[view.game.card_index[route.color]] += route.length
    for length in sorted(grays, reverse=True):
        colour = max(range(board.loco), key=lambda c: (hand[c] - demand[c], -c))
        demand[colour] += length
    return demand


def payment(
    view: TicketToRideState,
    seat: int,
    route_id: int,
    demand: list[int],
    spare: bool,
    respect_demand: bool = False,
) -> Claim | None:
    """The cheapest way to pay for a route: fewest Locomotives, the least needed colour.

    Without `spare`, at most half the route (rounded down) is paid in Locomotives; with
    `respect_demand`, only cards beyond what the plan needs are used.
    """
    game = view.game
    board = game.board
    route = board.routes[route_id]
    hand = view.hands[seat]
    loco = board.loco
    locos = hand[loco]
    length = route.length
    most_locos = locos if spare else min(locos, length // 2)
    colours = range(loco) if route.is_gray else (game.card_index[route.color],)
    best: tuple[tuple[int, int], Claim] | None = None
    for colour in colours:
        have = hand[colour]
        if respect_demand:
            have = max(0, have - demand[colour])
        if have == 0:
            continue
        used = max(0, length - have)
        if used > most_locos:
            continue
        key = (used, demand[colour] - hand[colour])
        if best is None or key < best[0]:
            best = (key, game.claim(route_id, colour, used))
    if best is None and spare and locos >= length and not respect_demand:
        return game.claim(route_id, loco, length)
    return None if best is None else best[1]


def at_risk(view: TicketToRideState, seat: int, route_id: int) -> int:
    """How many more trains the connection would cost if someone else took this route."""
    game = view.game
    board = game.board
    graph = board_graph(board)
    costs = route_costs(board, view.owner, seat, game.players)
    route = board.routes[route_id]
    costs[route_id] = BLOCKED
    twin = board.twin[route_id]
    if twin >= 0 and game.players <= board.single_double_up_to:
        costs[twin] = BLOCKED
    dist, _ = shortest_paths(graph, costs, route.a)
    return min(dist[route.b], 20) - route.length if dist[route.b] < INF else 20


def wanted_colours(view: TicketToRideState, seat: int, routes: list[int]) -> list[int]:
    """Colours to collect, the route closest to being paid for first."""
    board = view.game.board
    hand = view.hands[seat]
    demand = colour_demand(view, seat, tuple(routes))
    needs: list[tuple[int, int, int]] = []
    for route_id in routes:
        route = board.routes[route_id]
        if route.is_gray:
            colour = max(range(board.loco), key=lambda c: (hand[c], -c))
        else:
            colour = view.game.card_index[route.color]
        missing = route.length - hand[colour]
        if missing > 0 and demand[colour] > hand[colour]:
            needs.append((missing, -route.length, colour))
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
    open_routes = [r.id for r in board.routes if r.length <= trains and claimable(view, seat, r.id)]
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
