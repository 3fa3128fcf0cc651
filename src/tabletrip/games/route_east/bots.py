"""The `heuristic` Route East bot: plan the cheapest tour, then search each turn's moves.

Plan. Once per board the road network becomes a graph of nodes (a space and the country the
piece is in: a Border has a node on each side) times the Fuel Tokens held (0 to FUEL_CAP).
A road costs a move (a dirt road two: half the rolls fail, a toll road a little more), a
Border crossing costs the turn that ends there and a Fuel Token (without one: the wait for
a card that crosses for free), the Caspian boat about a turn and a half. For each set of
attractions still to visit, one Dijkstra on the reversed graph, seeded with the cost of the
smaller sets at the attractions' spaces, gives the cost of finishing (every order of the
attractions, Shanghai last) from every node and fuel, and the dollars that way costs (tolls,
crossing fees, a third of a night a move, less the ATMs passed): `tour_costs`, cached at
module level. The same seeded from the ATMs gives the cost of finishing by way of an ATM
first (only ATMs off toll roads: behind tolls and next to hotels, in eastern China, calling
again and again costs more than it pays, a trap for a poor player).

Act. In the moves phase it searches every sequence of its remaining moves (moving, a dirt
road's roll as a chance node, a Magic Roll, picking up an Action card, crossing with a
Border Pass, ending the turn, camping with a Tent) and picks the first action of the one
with the lowest expected cost at the end of the turn: the tour cost from where it sleeps,
what the night costs, the money it will be short of for the rest of the race (valued at
what an ATM trip costs), the cards it spends or gains. The values those searches work out
are kept from one decision to the next (`TurnMemo`): the next move of a turn finds them. A Freight
Train is taken when one of its stops beats the moves. At a Border it draws a Border card
when the tour crosses there and it can pay the crossing. Cards aimed at a player go to the
seat closest to winning; Hell no! keeps its money, fuel, or keeps it out of an Embassy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from heapq import heappop, heappush

from tabletrip.bots.base import CheckedBot
from tabletrip.core import Action, State
from tabletrip.games.route_east.actions import EndTurn, FreightTrain, Play
from tabletrip.games.route_east.content import (
    ATM,
    ATTRACTION,
    BORDER,
    DIRT,
    FUEL,
    TOLL,
    Board,
)
from tabletrip.games.route_east.nights import tent_to_keep
from tabletrip.games.route_east.phases import (
    AT_SEA,
    CROSS,
    DISCARD,
    MOVES,
    PLAYS_PER_TURN,
    RESPOND,
    START,
    STUCK,
    TARGET,
)
from tabletrip.games.route_east.rules import RouteEastState
from tabletrip.games.route_east.turn_search import (
    ATM_CASH,
    CARD_VALUES,
    INF,
    TOLL_PRICE,
    TurnMemo,
    TurnSearch,
)

FUEL_CAP = 3  # Fuel Tokens the plan counts (more are worth little)
DIRT_COST = 2.0  # expected moves to pass a dirt road (an even roll)
TOLL_COST = 1.2  # a move and $25
BORDER_COST = 1.5  # the turn ends at the Border; the next starts with a Border card
BOAT_COST = 5.0  # the Caspian boat: about a turn and a half of rolling for a 6
WAIT_COST = 5.0  # at a Border without fuel: waiting for a Border Pass, Jerrycan or free pass
HOSTEL_PRICE = 25
BORDER_FEE = 10  # the average Border card fee
MAX_CACHE = 400  # tour tables kept (each a list of a few thousand floats)

# Costs are in moves; money and cards are converted to moves.
MONEY_PER_MOVE = 14  # dollars a move costs (nights, lost turns): the near moves are paid now
MARGIN_PER_MOVE = 2  # dollars a move costs besides the nights, tolls and fees on the way
MONEY_RESERVE = 25  # dollars to keep besides
NEAR = 12  # moves ahead whose nights must be paid from the money in hand
NEAR_WEIGHT = 0.03  # moves per dollar short for those
TOTAL_WEIGHT = 0.01  # moves per dollar short for the whole race (ATMs lie on the way)
CASH_WEIGHT = 0.002  # moves per dollar otherwise
BANKRUPT_COST = 7.0  # two turns at an Embassy
TAKE_VALUE = 0.55  # an unknown Action card picked up
ATTRACTION_GUESS = 12.0  # moves a hidden attraction of another seat adds to its race


# --- the plan: tour costs over a (space, country, fuel) graph ----------------------------------


@dataclass(frozen=True, slots=True)
class Net:
    """A board's road graph in nodes (space, country) and the reversed state graph."""

    board: Board
    node_of: dict[tuple[int, int], int]
    node_space: tuple[int, ...]
    # per state node * LEVELS + fuel: (predecessor state, cost, dollars spent on the way)
    rev: tuple[tuple[tuple[int, float, int], ...], ...]
    across: dict[int, tuple[int, float]]  # node at a Border -> (node over it, cost)
    roads: tuple[tuple[tuple[int, float, bool], ...], ...]  # per node: (next node, cost, fuel)
    finish: int
    atms: tuple[int, ...]  # ATMs worth a trip for money: not only reached by toll roads


LEVELS = FUEL_CAP + 1
_nets: dict[int, Net] = {}
_tours: dict[tuple[int, frozenset[int], bool], Tour] = {}


@dataclass(frozen=True, slots=True)
class Tour:
    """Per state: the moves to finish and the tolls and crossing fees on the way."""

    cost: list[float]
    cash: list[int]


def board_net(board: Board) -> Net:
    """The (cached) graph of a board."""
    net = _nets.get(id(board))
    if net is not None and net.board is board:
        return net
    kinds = board.kinds
    node_of: dict[tuple[int, int], int] = {}
    spaces: list[int] = []
    for space in range(len(kinds)):
        pair = board.border_countries[space]
        countries: tuple[int, ...] = pair if pair is not None else (board.country[space],)
        if space == board.boat:
            continue
        for country in countries:
            node_of[(space, country)] = len(spaces)
            spaces.append(space)
    count = len(spaces)
    roads: list[list[tuple[int, float, bool]]] = [[] for _ in range(count)]
    for (space, country), node in node_of.items():
        for there, kind, _ in board.steps.get((space, country), ()):
            side = country if kinds[there] == BORDER else board.country[there]
            cost = DIRT_COST if kind == DIRT else TOLL_COST if kind == TOLL else 1.0
            roads[node].append((node_of[(there, side)], cost, kinds[there] == FUEL))
    across: dict[int, tuple[int, float]] = {}
    for (space, country), node in node_of.items():
        pair = board.border_countries[space]
        if pair is None:
            continue
        if space in board.ports:
            if country == board.country[space]:
                far = board.other_port(space)
                across[node] = (node_of[(far, board.country[far])], BOAT_COST)
        else:
            other = pair[1] if pair[0] == country else pair[0]
            across[node] = (node_of[(space, other)], BORDER_COST)
    # A turn's night costs about what the places to stay along the way cost: each move is
    # charged a third of the night at (or, off a place to stay, next to) the space it reaches.
    nights = []
    for space in range(len(kinds)):
        if board.rest[space]:
            nights.append(board.lodging[space])
            continue
        near = [
            board.lodging[t]
            for c in range(len(board.countries))
            for t, _, _ in board.steps.get((space, c), ())
            if board.rest[t]
        ]
        nights.append(sum(near) // len(near) if near else HOSTEL_PRICE)
    rev: list[list[tuple[int, float, int]]] = [[] for _ in range(count * LEVELS)]
    for u in range(count):
        for v, cost, fuel in roads[u]:
            toll = TOLL_PRICE if cost == TOLL_COST else 0
            if kinds[spaces[v]] == ATM:
                toll -= ATM_CASH
            toll += nights[spaces[v]] // 3
            for f in range(LEVELS):
                g = min(f + 1, FUEL_CAP) if fuel else f
                rev[v * LEVELS + g].append((u * LEVELS + f, cost, toll))
        if u in across:
            v, cost = across[u]
            rev[v * LEVELS].append((u * LEVELS, cost + WAIT_COST, BORDER_FEE))
            for f in range(1, LEVELS):
                rev[v * LEVELS + f - 1].append((u * LEVELS + f, cost, BORDER_FEE))
    net = Net(
        board,
        node_of,
        tuple(spaces),
        tuple(tuple(r) for r in rev),
        across,
        tuple(tuple(r) for r in roads),
        node_of[(board.finish, board.country[board.finish])],
        tuple(
            node_of[(s, board.country[s])]
            for s, k in enumerate(kinds)
            if k == ATM and any(r[1] != TOLL for r in board.steps[(s, board.country[s])])
        ),
    )
    _nets[id(board)] = net
    return net


def _dijkstra(net: Net, seeds: dict[int, tuple[float, int]]) -> Tour:
    """Lowest cost from every state to one of the seeds (plus the seed's own value), and the
    dollars paid on that way."""
    dist = [INF] * len(net.rev)
    cash = [0] * len(net.rev)
    heap = []
    for state, (value, money) in seeds.items():
        dist[state] = value
        cash[state] = money
        heap.append((value, state))
    heap.sort()
    rev = net.rev
    while heap:
        d, state = heappop(heap)
        if d > dist[state]:
            continue
        spent = cash[state]
        for pred, cost, money in rev[state]:
            nd = d + cost
            if nd < dist[pred]:
                dist[pred] = nd
                cash[pred] = spent + money
                heappush(heap, (nd, pred))
    return Tour(dist, cash)


def tour_costs(net: Net, todo: frozenset[int], via_atm: bool = False) -> Tour:
    """Per state (node * LEVELS + fuel): the moves to visit `todo` (any order) then Shanghai.

    With `via_atm`, the tour first calls at an ATM. Cached at module level.
    """
    key = (id(net), todo, via_atm)
    cached = _tours.get(key)
    if cached is not None:
        return cached
    seeds: dict[int, tuple[float, int]] = {}
    if via_atm:
        plain = tour_costs(net, todo)
        for node in net.atms:
            for f in range(LEVELS):
                state = node * LEVELS + f
                seeds[state] = (plain.cost[state], plain.cash[state])
    elif not todo:
        for f in range(LEVELS):
            seeds[net.finish * LEVELS + f] = (0.0, 0)
    else:
        board = net.board
        for attraction in todo:
            rest = tour_costs(net, todo - {attraction})
            card = board.attractions[attraction]
            node = net.node_of[(card.space, card.country)]
            bonus = card.bonus
            for f in range(LEVELS):
                g = min(f + bonus.amount, FUEL_CAP) if bonus.kind == "fuel" else f
                value = rest.cost[node * LEVELS + g]
                if bonus.kind == "moves":
                    value -= bonus.amount
                state = node * LEVELS + f
                cash = rest.cash[node * LEVELS + g]
                if bonus.kind == "collect":
                    cash -= bonus.amount
                if state not in seeds or value < seeds[state][0]:
                    seeds[state] = (value, cash)
    costs = _dijkstra(net, seeds)
    if len(_tours) >= MAX_CACHE:
        _tours.clear()
    _tours[key] = costs
    return costs


def node_at(net: Net, view: RouteEastState, seat: int) -> tuple[int, float]:
    """The node a seat stands on and the moves it is behind it (on the boat: the far port)."""
    board = net.board
    space = view.pos[seat]
    country = view.country[seat]
    if view.status[seat] == AT_SEA:
        port = next(p for p in board.ports if board.country[p] == country)
        far = board.other_port(port)
        return net.node_of[(far, board.country[far])], 3.0
    extra = 3.0 if view.status[seat] == STUCK else 0.0
    return net.node_of[(space, country)], extra


def race_cost(
    net: Net, view: RouteEastState, seat: int, known: bool, space: int | None = None
) -> float:
    """Moves `seat` still needs to win, from where it is or from `space` in its country.

    Unless `known` (its own seat), attractions still face down are not looked at: each adds
    ATTRACTION_GUESS moves (the last one is face up and planned for).
    """
    if space is None:
        node, extra = node_at(net, view, seat)
    else:
        node, extra = net.node_of[(space, view.country[seat])], 0.0
    state = node * LEVELS + min(view.fuel[seat], FUEL_CAP)
    todo = view.unvisited(seat)
    if known or len(todo) <= 1:
        return tour_costs(net, frozenset(todo)).cost[state] + extra
    guess = ATTRACTION_GUESS * len(todo)
    return tour_costs(net, frozenset()).cost[state] + extra + guess


# --- the bot --------------------------------------------------------------------------------


class HeuristicBot(CheckedBot):
    """Plans the cheapest tour of its attractions and searches each turn's moves toward it."""

    name = "heuristic"
    strength = 10
    money_per_move: float = MONEY_PER_MOVE
    margin_per_move: float = MARGIN_PER_MOVE
    reserve: float = MONEY_RESERVE
    near: float = NEAR
    near_weight: float = NEAR_WEIGHT
    total_weight: float = TOTAL_WEIGHT
    cash_weight: float = CASH_WEIGHT
    bankrupt_cost: float = BANKRUPT_COST
    take_value: float = TAKE_VALUE
    _memo: TurnMemo | None = None  # the turn searches' values, kept between decisions

    def decide(self, view: State, seat: int) -> Action | None:
        """A sensible action for `seat` in the determinized `view`."""
        assert isinstance(view, RouteEastState)
        return self._decide(view, seat)

    def fallback(self, view: State) -> Action:
        """Ending the turn, else a move that plays no card, else the first."""
        assert isinstance(view, RouteEastState)
        return fallback(view)

    def _decide(self, view: RouteEastState, seat: int) -> Action | None:
        phase = view.phase
        game = view.game
        if phase == START:
            if view.game.board.kinds[view.pos[seat]] == BORDER and self._wants_to_cross(view, seat):
                return game.draw_border
            return game.draw_ignition
        if phase == MOVES:
            return self._moves(view, seat)
        if phase == CROSS:
            return self._cross(view, seat)
        if phase == TARGET:
            targets = view.targets_for(seat)
            effect = next(e for e in game.decks.ignition[view.card].effects if e.kind in _AIMED)
            return game.targets[self._victim(view, seat, targets, effect.kind, effect.amount)]
        if phase == RESPOND:
            return self._respond(view, seat)
        if phase == DISCARD:
            hand = view.hands[seat]
            keep = tent_to_keep(view)  # the Tent it sleeps under tonight stays
            held = [c for c in range(len(hand)) if hand[c] and c != keep]
            worst = min(held, key=lambda c: (self._card_value(view, seat, c), c))
            return game.discards[worst]
        return game.roll  # EMBASSY

    # --- Borders -------------------------------------------------------------------------

    def _crossing(self, view: RouteEastState, seat: int) -> tuple[float, float, float]:
        """(cost not crossing here, crossing with fuel, crossing with a Border Pass)."""
        net = board_net(view.game.board)
        node = net.node_of[(view.pos[seat], view.country[seat])]
        costs = tour_costs(net, frozenset(view.unvisited(seat))).cost
        fuel = min(view.fuel[seat], FUEL_CAP)
        stay = INF
        for v, cost, gain in net.roads[node]:
            g = min(fuel + 1, FUEL_CAP) if gain else fuel
            stay = min(stay, cost + costs[v * LEVELS + g])
        over = net.across.get(node)
        if over is None:
            return stay, INF, INF
        far, cost = over
        if fuel:
            with_fuel = cost + costs[far * LEVELS + fuel - 1]
        else:  # waiting for a card that lets it through
            with_fuel = cost + WAIT_COST + costs[far * LEVELS]
        with_pass = INF
        if view.holds(seat, "border_pass"):
            with_pass = cost + costs[far * LEVELS + fuel] + CARD_VALUES["border_pass"]
        return stay, with_fuel, with_pass

    def _wants_to_cross(self, view: RouteEastState, seat: int) -> bool:
        """At a Border, whether its tour goes over it (a Border card, not an Ignition card)."""
        stay, with_fuel, with_pass = self._crossing(view, seat)
        return min(with_fuel, with_pass) < stay

    def _cross(self, view: RouteEastState, seat: int) -> Action:
        """After the Border card: cross (with fuel, or a Border Pass if that is cheaper), else
        find fuel in the Action cards, else stay."""
        game = view.game
        legal = view.legal_actions()
        stay, with_fuel, with_pass = self._crossing(view, seat)
        if min(with_fuel, with_pass) >= stay:
            return game.stay
        can_fuel = game.cross in legal
        can_pass = game.cross_with_pass in legal
        if can_pass and (not can_fuel or with_pass < with_fuel):
            return game.cross_with_pass
        if can_fuel:
            return game.cross
        card = game.decks.border[view.card]
        if any(e.kind == "closed" for e in card.effects):
            return game.stay
        # No fuel: a Jerrycan, else pick up cards hoping for one (or a Border Pass).
        jerrycan = self._playable(view, seat, "fuel")
        if jerrycan in legal:
            return jerrycan
        if game.take in legal:
            return game.take
        return game.stay

    # --- the moves phase -------------------------------------------------------------------

    def _playable(
        self, view: RouteEastState, seat: int, kind: str, target: int = -1
    ) -> Play | None:
        game = view.game
        hand = view.hands[seat]
        for card in game.cards_of_kind.get(kind, ()):
            if hand[card]:
                return game.play(card, target)
        return None

    def _moves(self, view: RouteEastState, seat: int) -> Action | None:
        game = view.game
        legal = set(view.legal_actions())
        plays_left = PLAYS_PER_TURN - view.plays
        if view.status[seat] == AT_SEA:
            shortcut = self._playable(view, seat, "moves")
            if shortcut in legal and view.moves_left:
                return shortcut
            if game.sail in legal:
                return game.sail
            return game.end
        reserve = (  # or-ed, not any() over a generator: every moves decision asks
            view.holds(seat, "magic_roll")
            or view.holds(seat, "tent")
            or view.holds(seat, "border_pass")
            or view.holds(seat, "freight_train")
        )
        spare = plays_left >= 2 or (plays_left == 1 and not reserve)
        # Cards that just help: fuel when short, cash when short.
        if plays_left > 0:
            jerrycan = self._playable(view, seat, "fuel")
            if jerrycan in legal and view.fuel[seat] < 2:
                return jerrycan
            windfall = self._playable(view, seat, "collect")
            if windfall in legal and (view.money[seat] < 150 or spare):
                return windfall
        train_choice: tuple[float, Action] | None = None
        if view.moves_used == 0 and not view.stayed and plays_left > 0:
            train_choice = self._train(view, seat, legal)
        if spare and not view.stayed and view.moves_left and train_choice is None:
            shortcut = self._playable(view, seat, "moves")
            if shortcut in legal:
                return shortcut
        if spare:
            attack = self._attack(view, seat, legal)
            if attack is not None:
                return attack
        if view.stayed:
            if game.take in legal:
                return game.take
            return game.end
        value, action = self._search(view, seat, legal)
        if train_choice is not None and train_choice[0] < value:
            return train_choice[1]
        return action

    def _train(
        self, view: RouteEastState, seat: int, legal: set[Action]
    ) -> tuple[float, Action] | None:
        """The best Freight Train ride: (its cost at the end of the turn, the action)."""
        if not view.holds(seat, "freight_train"):
            return None  # no train to ride: no stop to look at
        game = view.game
        board = game.board
        net = board_net(board)
        todo = frozenset(view.unvisited(seat))
        country = view.country[seat]
        best: tuple[float, Action] | None = None
        for stop in view.train_stops():
            action = game.trains[stop]
            if action not in legal:
                continue
            cost = CARD_VALUES["freight_train"]
            left = todo
            money = view.money[seat]
            fuel = view.fuel[seat]
            if board.kinds[stop] == ATTRACTION:
                cost += CARD_VALUES["tent"]
                attraction = board.attraction_at[stop]
                if attraction in left:
                    left = left - {attraction}
                    bonus = board.attractions[attraction].bonus
                    if bonus.kind == "collect":
                        money += bonus.amount
                    elif bonus.kind == "fuel":
                        fuel += bonus.amount
                night = 0
            else:
                night = board.lodging[stop]
            cost += self._leaf(net, stop, country, fuel, money - night, left)
            if best is None or cost < best[0]:
                best = (cost, action)
        return best

    def _money_cost(self, money: int, left: float, fees: int) -> float:
        """Moves the money it holds costs it, `left` moves from winning with `fees` (tolls and
        crossings, less the ATMs on the way) to pay: dollars it will be short of weigh heavily."""
        if money < 0:
            return self.bankrupt_cost + self._money_cost(100, left, fees)
        cost = -self.cash_weight * money
        near = self.money_per_move * min(left, self.near) + self.reserve - money
        if near > 0:
            cost += self.near_weight * near
        total = self.margin_per_move * left + self.reserve + fees - money
        if total > 0:
            cost += self.total_weight * total
        return cost

    def _leaf(
        self,
        net: Net,
        space: int,
        country: int,
        fuel: int,
        money: int,
        todo: frozenset[int],
    ) -> float:
        """The cost of ending the turn here (the night already taken off the money): a pure
        function of its arguments and the bot's parameters (the turn searches remember it)."""
        node = net.node_of[(space, country)]
        state = node * LEVELS + min(fuel, FUEL_CAP)
        tour = tour_costs(net, todo)
        left = tour.cost[state]
        cash = tour.cash[state]
        cost = left + self._money_cost(money, left, cash)
        if cost > left - self.cash_weight * money + 0.5:  # short of money: an ATM first?
            via_tour = tour_costs(net, todo, via_atm=True)
            via = via_tour.cost[state]
            cost = min(cost, via + self._money_cost(money + ATM_CASH, via, via_tour.cash[state]))
        return cost

    def _search(
        self, view: RouteEastState, seat: int, legal: set[Action]
    ) -> tuple[float, Action | None]:
        """Expectimax over the turn's remaining moves: (expected cost, best first action)."""
        net = board_net(view.game.board)
        leaf = partial(self._leaf, net)
        memo = self._turn_memo(net.board)
        search = TurnSearch(view, seat, leaf, self.take_value, self.bankrupt_cost, memo)
        return search.choose(legal)

    def _turn_memo(self, board: Board) -> TurnMemo:
        """The memo of this bot's turn searches on `board`, made afresh when the board or a
        parameter the values depend on changed (`_leaf` reads only its arguments and these)."""
        params = (
            self.money_per_move,
            self.margin_per_move,
            self.reserve,
            self.near,
            self.near_weight,
            self.total_weight,
            self.cash_weight,
            self.bankrupt_cost,
            self.take_value,
        )
        memo = self._memo
        if memo is None or not memo.fits(board, params):
            memo = self._memo = TurnMemo(board, params)
        return memo

    # --- cards aimed at players -----------------------------------------------------------------

    def _victim(
        self, view: RouteEastState, seat: int, targets: list[int], kind: str, amount: int
    ) -> int:
        """The seat to aim at: the one closest to winning, one that would be hurt most first."""
        net = board_net(view.game.board)

        def key(target: int) -> tuple[float, int]:
            cost = race_cost(net, view, target, known=False)
            if kind == "steal_money" and view.money[target] < amount:
                cost -= 6.0  # bankrupt: stuck at an Embassy
            elif kind == "steal_fuel" and not view.fuel[target]:
                cost -= 2.0
            return cost, target

        return min(targets, key=key)

    def _attack(self, view: RouteEastState, seat: int, legal: set[Action]) -> Action | None:
        targets = view.targets_for(seat)
        if not targets:
            return None
        net = board_net(view.game.board)
        for kind in ("send_embassy", "steal_money", "steal_fuel"):
            if not view.holds(seat, kind):
                continue
            amount = 25 if kind == "steal_money" else 0
            for card in view.game.cards_of_kind[kind]:
                if view.hands[seat][card]:
                    amount = view.game.decks.action[card].effect.amount or amount
                    break
            victim = self._victim(view, seat, targets, kind, amount)
            if kind == "send_embassy" and self._embassy_loss(net, view, victim, False) < 2.0:
                continue
            play = self._playable(view, seat, kind, victim)
            if play in legal:
                return play
        return None

    def _embassy_loss(self, net: Net, view: RouteEastState, seat: int, known: bool) -> float:
        """How many moves being sent to the Embassy of its country would cost `seat`."""
        if view.status[seat] == AT_SEA:
            return 3.0
        embassy = net.board.embassy[view.country[seat]]
        now = race_cost(net, view, seat, known)
        return race_cost(net, view, seat, known, space=embassy) - now

    def _respond(self, view: RouteEastState, seat: int) -> Action:
        game = view.game
        attack = view.attack
        if attack is None or game.hell_no not in view.legal_actions():
            return game.accept
        kind, amount, _, target = attack
        net = board_net(game.board)
        if target == seat:  # keep what is mine
            if kind == "steal_money":
                block = view.money[seat] < 150
            elif kind == "steal_fuel":
                block = view.fuel[seat] <= 1
            else:
                block = self._embassy_loss(net, view, seat, True) >= 1.0
        else:  # my card was cancelled: insist when it matters
            if kind == "steal_money":
                block = view.money[target] < amount
            elif kind == "steal_fuel":
                block = view.fuel[target] == 0
            else:
                block = self._embassy_loss(net, view, target, False) >= 3.0
        return game.hell_no if block else game.accept

    # --- cards in hand -----------------------------------------------------------------------

    def _card_value(self, view: RouteEastState, seat: int, card: int) -> float:
        kind = view.game.kind_of_card[card]
        value = CARD_VALUES.get(kind, 0.5)
        if (kind in ("fuel", "border_pass") and view.fuel[seat] == 0) or (
            kind == "collect" and view.money[seat] < 150
        ):
            value += 1.0
        return value


_AIMED = frozenset({"steal_money", "steal_fuel", "send_embassy"})


def fallback(view: RouteEastState) -> Action:
    """A legal action when the decision found none: ending the turn, else one that plays no
    card, else the first."""
    actions = view.legal_actions()
    for action in actions:
        if isinstance(action, EndTurn):
            return action
    for action in actions:
        if not isinstance(action, (Play, FreightTrain)):
            return action
    return actions[0]
