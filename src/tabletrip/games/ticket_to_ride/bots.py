"""The `heuristic` Ticket to Ride bot: plan the shortest connections, collect, claim.

It keeps the tickets whose shortest connections are cheapest and overlap, plans the routes
joining them (Dijkstra over the routes still open to it, its own routes free), collects the
colours those routes need, claims them as soon as it can (long and endangered ones first),
and spends Locomotives sparingly. With nothing left to connect it draws new tickets while
there is time, else claims the longest routes it can for points. In Europe Express the
London-Istanbul bonus is planned like a ticket when the trains allow it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import combinations, count
from typing import Any

from tabletrip.bots.base import CheckedBot
from tabletrip.core import Action, State
from tabletrip.games.ticket_to_ride.actions import Claim, DrawBlind, KeepTickets, Pass
from tabletrip.games.ticket_to_ride.content import Board
from tabletrip.games.ticket_to_ride.phases import KEEP, SECOND_DRAW, SETUP
from tabletrip.games.ticket_to_ride.rules import TicketToRideState

INF = 1 << 30
CITY_BITS = 8  # a heap entry of `PathTree`: distance << CITY_BITS | city (a map's cities fit)
CITY_MASK = (1 << CITY_BITS) - 1
BLOCKED = -1  # a route cost: not usable by this seat
MAX_PLAN_CACHE = 512

Pair = tuple[int, int, int]  # (city, city, points): a ticket or the Express bonus to connect


@dataclass(frozen=True, slots=True)
class Graph:
    """A board's cities and routes as adjacency lists: per city, (other city, route id)."""

    adjacency: tuple[tuple[tuple[int, int], ...], ...]
    ends: tuple[tuple[int, int], ...]  # per route: its two cities
    lengths: tuple[int, ...]
    colours: tuple[int, ...]  # per route: the card index of its colour, -1 if gray
    # longest first, each route length with: a bit mask of the routes of that length, their
    # points, and the most points a route of that length or shorter scores
    by_length: tuple[tuple[int, int, int, int], ...]


_graphs: dict[int, tuple[Board, Graph]] = {}


def board_graph(board: Board) -> Graph:
    """The (cached) graph of a board."""
    cached = _graphs.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    if len(board.cities) > CITY_MASK + 1:
        raise ValueError(f"a map of at most {CITY_MASK + 1} cities, not {len(board.cities)}")
    adjacency: list[list[tuple[int, int]]] = [[] for _ in board.cities]
    for route in board.routes:
        adjacency[route.a].append((route.b, route.id))
        adjacency[route.b].append((route.a, route.id))
    lengths = sorted({r.length for r in board.routes})
    by_length = [
        (
            n,
            sum(1 << r.id for r in board.routes if r.length == n),
            board.route_points[n],
            max(board.route_points[m] for m in lengths if m <= n),
        )
        for n in reversed(lengths)
    ]
    graph = Graph(
        tuple(tuple(links) for links in adjacency),
        tuple((r.a, r.b) for r in board.routes),
        tuple(r.length for r in board.routes),
        tuple(-1 if r.is_gray else board.card_names.index(r.color) for r in board.routes),
        tuple(by_length),
    )
    _graphs[id(board)] = (board, graph)
    return graph


# Plans are remade at every decision of every playout, but the routes' owners change only
# when one is claimed: route costs and shortest-path trees are kept by what they depend on
# (the memos are bounded: rebuilt when full). Each distinct cost list gets an int id
# (`cost_id`), so the keys stay a few small ints however many routes a map has.
MEMO_KEPT = 4096
_cost_ids: dict[tuple[int, ...], int] = {}
_next_cost_id = count()
_costs_memo: dict[tuple[int, tuple[int, ...], int, int], tuple[int, tuple[int, ...]]] = {}
# (graph, cost id, turn cost, routes made free, source) -> its tree
_trees: dict[tuple[int, ...], PathTree] = {}
# (graph, cost id, route, players) -> the tree at_risk asked
_risks: dict[tuple[int, ...], PathTree] = {}
# cost id -> (the id of the same seat's costs before a seat's last claim, a bit mask of the
# routes whose cost it changed, whether it only blocked them: another seat's): `_new_costs`
_earlier: dict[int, tuple[int, int, bool]] = {}
_turned_costs: dict[tuple[int, int], tuple[int, ...]] = {}  # (cost id, turn cost) -> costs


def route_costs(board: Board, owner: list[int], seat: int, players: int) -> list[int]:
    """Each route's cost in trains for `seat`: 0 if its own, BLOCKED if it may not claim it
    (a new list: the caller may change it)."""
    return _route_costs(board, owner, seat, players)


def seat_costs(view: TicketToRideState, seat: int) -> tuple[int, tuple[int, ...]]:
    """`route_costs` of the view for `seat`, kept by the routes each seat holds (which give
    every owner): its cost id and the costs (read them, never change them)."""
    key = (id(board_graph(view.game.board)), tuple(view.claimed), seat, view.game.players)
    found = _costs_memo.get(key)
    if found is None:
        if len(_costs_memo) >= MEMO_KEPT:
            _costs_memo.clear()
        found = _costs_memo[key] = _new_costs(view, seat, key)
    return found


def _new_costs(
    view: TicketToRideState, seat: int, key: tuple[int, tuple[int, ...], int, int]
) -> tuple[int, tuple[int, ...]]:
    """The seat's costs (id, costs): those before a seat's last claim if kept, with the route
    claimed and its double changed (nothing else changes), else from the routes held.

    The costs are linked to the earlier ones (`_earlier`): what is kept for those is changed
    only at the two routes (`_turned`), and after another seat's claim, which only blocks
    routes for this one, their trees that use neither route carry over (`path_tree`).
    """
    graph, claimed, _, players = key
    board = view.game.board
    for holder, routes in enumerate(view.seat_routes):
        if not routes:
            continue
        route = routes[-1]
        before = list(claimed)
        before[holder] &= ~(1 << route)
        earlier = _costs_memo.get((graph, tuple(before), seat, players))
        if earlier is None:
            continue
        own = holder == seat
        changed = list(earlier[1])
        changed[route] = 0 if own else BLOCKED
        twin = board.twin[route]
        if twin >= 0 and view.owner[twin] == -1 and (own or players <= board.single_double_up_to):
            changed[twin] = BLOCKED
        costs = tuple(changed)
        found = (cost_id(costs), costs)
        if len(_earlier) >= MEMO_KEPT:
            _earlier.clear()
        _earlier[found[0]] = (earlier[0], 1 << route | (1 << twin if twin >= 0 else 0), not own)
        return found
    held = _held_costs(view, seat)
    return cost_id(held), held


def _held_costs(view: TicketToRideState, seat: int) -> tuple[int, ...]:
    """`_route_costs` of the view, from the routes held (fewer than the board's): each
    length, but 0 for the seat's own, BLOCKED for the others' and the doubles they close."""
    board = view.game.board
    costs = list(board_graph(board).lengths)
    closes_twin = view.game.players <= board.single_double_up_to
    twin = board.twin
    owner = view.owner
    for holder, held in enumerate(view.claimed):
        own = holder == seat
        while held:
            low = held & -held
            held ^= low
            route = low.bit_length() - 1
            costs[route] = 0 if own else BLOCKED
            other = twin[route]
            if other >= 0 and owner[other] == -1 and (own or closes_twin):
                costs[other] = BLOCKED
    return tuple(costs)


def cost_id(costs: tuple[int, ...]) -> int:
    """The int standing for these costs in the memos' keys (never reused for others)."""
    found = _cost_ids.get(costs)
    if found is None:
        if len(_cost_ids) >= MEMO_KEPT:
            _cost_ids.clear()
        found = _cost_ids[costs] = next(_next_cost_id)
    return found


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


class PathTree:
    """Dijkstra from one city over fixed route costs, grown only as far as the questions
    asked of it need (and grown further by later ones).

    It settles the cities in exactly the order a full run would (by distance, then city), so
    every distance and path it reports is the full run's: a city's distance and route in are
    final once it is settled, and so are those of the cities on its path. The heap holds
    `distance << CITY_BITS | city`, one int an entry: the same order as (distance, city)
    pairs, without making a tuple a push.
    """

    __slots__ = ("adjacency", "costs", "dist", "heap", "settled", "via")

    def __init__(self, graph: Graph, costs: tuple[int, ...], source: int) -> None:
        self.adjacency = graph.adjacency
        self.costs = costs
        self.dist = [INF] * len(graph.adjacency)
        self.via = [-1] * len(graph.adjacency)
        self.dist[source] = 0
        self.heap = [source]  # distance 0
        self.settled = 0  # bit mask of the cities whose distance is final

    def carried(self, costs: tuple[int, ...], blocked: int) -> PathTree | None:
        """This tree over `costs`, which only block the routes of bit mask `blocked` more, if
        it reached no city through them: then a run over `costs` settles the same cities in
        the same order with the same distances and routes in (a blocked route it relaxed
        gave no city its route in, so it changed nothing the tree keeps), and grows on the
        same. None if it did."""
        via = self.via
        while blocked:
            low = blocked & -blocked
            blocked ^= low
            if low.bit_length() - 1 in via:
                return None
        copy = PathTree.__new__(PathTree)
        copy.adjacency = self.adjacency
        copy.costs = costs
        copy.dist = self.dist.copy()
        copy.via = via.copy()
        copy.heap = self.heap.copy()
        copy.settled = self.settled
        return copy

    def distance(self, target: int, below: int = INF + 1) -> int:
        """The distance to `target` if it is below `below`, else INF (unreachable too)."""
        bit = 1 << target
        if not self.settled & bit and self.heap:
            self._grow(bit, below)
        if self.settled & bit:
            found = self.dist[target]
            return found if found < below else INF
        return INF

    def _grow(self, bit: int, below: int) -> None:
        """Settle cities until the one of `bit` is, or the next is `below` away or more."""
        heap, dist, via = self.heap, self.dist, self.via
        costs, adjacency = self.costs, self.adjacency
        settled = self.settled
        shift, mask, pop, push = CITY_BITS, CITY_MASK, heappop, heappush  # locals: faster
        stop = below << shift
        while heap and heap[0] < stop:
            entry = pop(heap)
            d = entry >> shift
            city = entry & mask
            if d > dist[city]:
                continue
            settled |= 1 << city
            for other, route in adjacency[city]:
                cost = costs[route]
                if cost < 0:
                    continue
                nd = d + cost
                if nd < dist[other]:
                    dist[other] = nd
                    via[other] = route
                    push(heap, nd << shift | other)
            if settled & bit:
                break
        self.settled = settled


def _turned(cid: int, base: Sequence[int], turn_cost: int) -> tuple[int, ...]:
    """The costs `base` (of id `cid`) with `turn_cost` added to the routes to claim (kept)."""
    key = (cid, turn_cost)
    found = _turned_costs.get(key)
    if found is None:
        if len(_turned_costs) >= MEMO_KEPT:
            _turned_costs.clear()
        link = _earlier.get(cid)
        earlier = None if link is None else _turned_costs.get((link[0], turn_cost))
        if link is not None and earlier is not None:  # only the routes changed since
            turned = list(earlier)
            changed = link[1]
            while changed:
                low = changed & -changed
                changed ^= low
                route = low.bit_length() - 1
                cost = base[route]
                turned[route] = cost + turn_cost if cost > 0 else cost
            found = tuple(turned)
        else:
            found = tuple(c + turn_cost if c > 0 else c for c in base)
        _turned_costs[key] = found
    return found


def path_tree(
    graph: Graph, cid: int, costs: tuple[int, ...], turn_cost: int, free: int, source: int
) -> PathTree:
    """The kept tree from `source` over `costs` (whose id, before `turn_cost` was added to
    the routes to claim and the routes of bit mask `free` made free, is `cid`)."""
    key = (id(graph), cid, turn_cost, free, source)
    tree = _trees.get(key)
    if tree is None:
        if len(_trees) >= MEMO_KEPT:
            _trees.clear()
        tree = _trees[key] = _carried_or_new(graph, cid, costs, free, key, source)
    return tree


def _carried_or_new(
    graph: Graph,
    cid: int,
    costs: tuple[int, ...],
    free: int,
    key: tuple[int, ...],
    source: int,
) -> PathTree:
    """A tree over `costs` from `source`: carried over from the kept tree of the same `key`
    but for the cost id (its second item) of the costs before the last claim, if it can be
    (`PathTree.carried`), else a new one. The routes of bit mask `free` are free in both."""
    link = _earlier.get(cid)
    if link is not None and link[2] and not link[1] & free:
        earlier = _trees.get((key[0], link[0], *key[2:]))
        if earlier is not None:
            carried = earlier.carried(costs, link[1])
            if carried is not None:
                return carried
    return PathTree(graph, costs, source)


def path_routes(graph: Graph, via: list[int], target: int) -> list[int]:
    """The routes of the path a `PathTree` found to `target` (settled), from the target back."""
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
    return _connect(
        graph, cost_id(tuple(costs)), costs, pairs, budget, optional, turn_cost, optional_budget
    )


def _connect(
    graph: Graph,
    cid: int,
    base: list[int] | tuple[int, ...],
    pairs: list[Pair],
    budget: int,
    optional: int,
    turn_cost: int,
    optional_budget: int | None,
) -> Connection:
    """`connect` over costs `base` of id `cid`."""
    frozen = _turned(cid, base, turn_cost)  # the costs now, for the trees
    costs = list(frozen)
    lengths = graph.lengths
    required = pairs[: len(pairs) - optional]
    extra = pairs[len(pairs) - optional :]
    planned: list[int] = []
    dropped: list[Pair] = []
    trains = 0
    required_routes = 0
    free = 0  # bit mask of the planned routes, now free
    for group, limit in ((required, budget), (extra, optional_budget)):
        if limit is None:
            limit = budget
        remaining = list(group)
        while remaining:
            # The cheapest pair, the first of equals; a later pair's tree only grows as far
            # as it takes to tell whether it is cheaper than the best so far.
            best_d, best_index, best_tree = INF + 1, 0, None
            for index, (a, b, _) in enumerate(remaining):
                tree = path_tree(graph, cid, frozen, turn_cost, free, a)
                d = tree.distance(b, best_d)
                if best_tree is None or d < best_d:
                    best_d, best_index, best_tree = d, index, tree
            assert best_tree is not None
            d = best_d
            pair = remaining.pop(best_index)
            path = [] if d >= INF else path_routes(graph, best_tree.via, pair[1])
            new = [route for route in path if costs[route] > 0]
            needed = sum(lengths[route] for route in new)
            if d >= INF or trains + needed > limit:
                dropped.append(pair)
                continue
            for route in new:
                planned.append(route)
                costs[route] = 0
                free |= 1 << route
            if new:
                frozen = tuple(costs)
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
                result = _connect(graph, cid, costs, pairs, budget, 0, self.turn_cost, None)
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
        result = _connect(
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


def at_risk(view: TicketToRideState, seat: int, route_id: int) -> int:
    """How many more trains the connection would cost if someone else took this route."""
    game = view.game
    board = game.board
    graph = board_graph(board)
    cid, seat_cost = seat_costs(view, seat)
    route = board.routes[route_id]
    key = (id(graph), cid, route_id, game.players)
    tree = _risks.get(key)
    if tree is None:
        costs = list(seat_cost)
        costs[route_id] = BLOCKED
        twin = board.twin[route_id]
        if twin >= 0 and game.players <= board.single_double_up_to:
            costs[twin] = BLOCKED
        if len(_risks) >= MEMO_KEPT:
            _risks.clear()
        tree = _risks[key] = _risk_tree(graph, cid, tuple(costs), key, route.a)
    # Only the distance between its ends: the tree grows no further than that.
    d = tree.distance(route.b)
    return min(d, 20) - route.length if d < INF else 20


def _risk_tree(
    graph: Graph, cid: int, costs: tuple[int, ...], key: tuple[int, ...], source: int
) -> PathTree:
    """`at_risk`'s tree, carried over from the one of the costs before the last claim if it
    can be (`PathTree.carried`; the blocked route is blocked in both)."""
    link = _earlier.get(cid)
    if link is not None and link[2]:
        earlier = _risks.get((key[0], link[0], *key[2:]))
        if earlier is not None:
            carried = earlier.carried(costs, link[1])
            if carried is not None:
                return carried
    return PathTree(graph, costs, source)


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
