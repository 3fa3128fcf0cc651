"""Route costs, shortest paths and connections for the Ticket to Ride heuristic (bots.py).

A seat's cost of a route is the trains it still takes (0 for its own routes, `BLOCKED` where
the seat may not claim it); costs are built once per claim from the costs before it. Shortest
paths are Dijkstra trees over those costs (`PathTree`), settled lazily: a tree grows only as
far as a question needs, in the order a full run would settle the cities, so every answer is
the one of a full run; a tree is carried over another seat's claim when it used none of the
routes that claim blocked. `connect` plans the routes joining a seat's tickets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import count

from tabletrip.games.ticket_to_ride.content import Board
from tabletrip.games.ticket_to_ride.rules import TicketToRideState

INF = 1 << 30
CITY_BITS = 8  # a heap entry of `PathTree`: distance << CITY_BITS | city (a map's cities fit)
CITY_MASK = (1 << CITY_BITS) - 1
BLOCKED = -1  # a route cost: not usable by this seat

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
    return connect_costs(
        graph, cost_id(tuple(costs)), costs, pairs, budget, optional, turn_cost, optional_budget
    )


def connect_costs(
    graph: Graph,
    cid: int,
    base: list[int] | tuple[int, ...],
    pairs: list[Pair],
    budget: int,
    optional: int,
    turn_cost: int,
    optional_budget: int | None,
) -> Connection:
    """`connect` over the costs `base`, whose id (`cost_id`) is `cid`."""
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
