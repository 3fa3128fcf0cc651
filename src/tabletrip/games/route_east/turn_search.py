"""The heuristic bot's look at the rest of a turn: expectimax over the moves it has left.

Every move, Action card picked up, Magic Roll, Tent and Border Pass the turn still allows is
tried, a dirt road's roll counted as even half the time; where the turn ends, the bot's
estimate of the race from there (`Leaf`, the plan of bots.py) scores it. Costs are in moves
(lower is better); cards in hand and money are converted to moves. Where the search stands
within the turn is one small value, a `Turn`, which also keys the memo.

Every value the search works out is a pure function of its `Turn` (or a leaf's arguments),
the board, the bot's parameters and two facts of the view (fuel left in the supply, the Action
deck drawable), so a bot keeps them in a `TurnMemo` from one decision to the next: a game, and
a search's playouts even more, meet the same turns again and again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tabletrip.core import Action
from tabletrip.games.route_east.content import ATM, ATTRACTION, BORDER, DIRT, FUEL, TOLL, Board
from tabletrip.games.route_east.phases import HAND_LIMIT, PLAYS_PER_TURN
from tabletrip.games.route_east.rules import RouteEastState

INF = float("inf")
WIN = -1000.0
ATM_CASH = 75  # what an ATM pays, on average
TOLL_PRICE = 25
TAKE_FULL = 0.15  # an Action card picked up with a full hand (the worst card goes back)
CARD_VALUES = {  # an Action card in hand, in moves
    "tent": 0.6,
    "border_pass": 2.0,
    "freight_train": 1.5,
    "magic_roll": 0.8,
    "hell_no": 0.7,
    "steal_money": 0.5,
    "steal_fuel": 0.6,
    "send_embassy": 1.0,
    "moves": 1.0,
    "fuel": 1.0,
    "collect": 1.0,
}

LEAF_LIMIT = 1_000  # leaf values a TurnMemo holds before it starts afresh

# The cost of ending the turn on `space` in `country` with this fuel, money (the night
# already paid) and attractions still to visit.
Leaf = Callable[[int, int, int, int, frozenset[int]], float]
LeafKey = tuple[int, int, int, int, frozenset[int]]
Option = tuple[Action, float]


class Turn(NamedTuple):
    """Where the search stands within the turn."""

    space: int
    country: int
    left: int  # moves left
    fuel: int
    money: int
    todo: frozenset[int]  # the seat's attractions still to visit
    plays: int  # Action cards it may still play this turn
    magic: int  # Magic Roll cards in hand
    tent: int  # Tent cards in hand
    passes: int  # Border Pass cards in hand
    hand: int  # cards in hand
    last_rest: int  # the last place to stay it passed
    stuck: bool  # by a failed dirt roll or out of an Embassy: the night may go back there


# The search makes its Turns with tuple.__new__: the NamedTuple's own __new__ is a Python
# function, three times slower, and this is the search's innermost step.
_new = tuple.__new__


class TurnMemo:
    """The values a bot's turn searches worked out, kept from one decision to the next.

    Made for one board and one set of the bot's parameters (`fits` tells whether it still
    serves); the turns' values are kept apart by the two facts of the view they depend on.
    """

    __slots__ = ("board", "choices", "leaf", "params", "plain", "values")

    def __init__(self, board: Board, params: tuple[float, ...]) -> None:
        self.board = board
        self.params = params
        # per space: whether arriving there changes nothing but the place (no ATM, Fuel
        # Station, attraction or Shanghai), the search's fast path
        self.plain = tuple(
            kind not in (ATM, FUEL, ATTRACTION) and space != board.finish
            for space, kind in enumerate(board.kinds)
        )
        self.leaf: dict[LeafKey, float] = {}
        # per (fuel in the supply, Action deck drawable): each turn's options and best value
        self.values: dict[tuple[bool, bool], dict[Turn, float]] = {}
        self.choices: dict[tuple[bool, bool], dict[Turn, list[Option]]] = {}

    def fits(self, board: Board, params: tuple[float, ...]) -> bool:
        """Whether this memo serves searches on `board` with these parameters."""
        return self.board is board and self.params == params

    def context(
        self, fuel_supply: bool, deck_ok: bool, start: Turn
    ) -> tuple[dict[Turn, float], dict[Turn, list[Option]]]:
        """The values and options of the turns searched in this context from `start`: those
        of the last search when it reached `start` (the next move of the same turn), else
        none. Only one turn's searches are kept: big tables cost more in memory traffic
        than the rare later turn that would find something in them."""
        key = (fuel_supply, deck_ok)
        values = self.values.get(key)
        if values is None or start not in values:
            if len(self.leaf) > LEAF_LIMIT:
                self.leaf.clear()
            values = self.values[key] = {}
            self.choices[key] = {}
        return values, self.choices[key]


class TurnSearch:
    """The rest of one seat's turn in one view; each decision makes its own (sharing a
    `TurnMemo` when given one)."""

    def __init__(
        self,
        view: RouteEastState,
        seat: int,
        leaf: Leaf,
        take_value: float,
        bankrupt_cost: float,
        memo: TurnMemo | None = None,
    ) -> None:
        self.view = view
        self.game = view.game
        self.board = view.game.board
        self.attraction_at = self.board.attraction_at
        self.fuel_supply = view.fuel_supply > 0
        self.deck_ok = view.action.can_draw()
        self.take_value = take_value
        self.bankrupt_cost = bankrupt_cost
        self._leaf = leaf
        if memo is None:
            memo = TurnMemo(self.board, (take_value, bankrupt_cost))
        hand = view.hands[seat]
        kinds_of = self.game.cards_of_kind

        def count(kind: str) -> int:
            held = 0
            for card in kinds_of.get(kind, ()):
                held += hand[card]
            return held

        here = view.pos[seat]
        rest = self.board.rest
        last_rest = here
        for space in reversed(view.path):
            if rest[space]:
                last_rest = space
                break
        self.start = _new(
            Turn,
            (
                here,
                view.country[seat],
                view.moves_left,
                view.fuel[seat],
                view.money[seat],
                frozenset(view.unvisited(seat)),
                PLAYS_PER_TURN - view.plays,
                count("magic_roll"),
                count("tent"),
                count("border_pass"),
                sum(hand),
                last_rest,
                view.may_go_back,
            ),
        )
        self.memo, self.choices = memo.context(self.fuel_supply, self.deck_ok, self.start)
        self.plain = memo.plain
        self.leaf_memo: dict[LeafKey, float] = memo.leaf

    def choose(self, legal: set[Action]) -> tuple[float, Action | None]:
        """The best first action among `legal` and its expected cost (INF, None if none)."""
        best: tuple[float, Action | None] = (INF, None)
        options = self.choices.get(self.start)
        if options is None:
            self.best(self.start)
            options = self.choices[self.start]
        for action, cost in options:
            if action in legal and cost < best[0]:
                best = (cost, action)
        return best

    def leaf(self, space: int, country: int, fuel: int, money: int, todo: frozenset[int]) -> float:
        """The cost of ending the turn so (remembered)."""
        key = (space, country, fuel, money, todo)
        value = self.leaf_memo.get(key)
        if value is None:
            value = self.leaf_memo[key] = self._leaf(space, country, fuel, money, todo)
        return value

    def best(self, turn: Turn) -> float:
        """The expected cost of the best way on from `turn` (remembered, with its options)."""
        value = self.memo.get(turn)
        if value is None:
            value = INF
            options = self.choices[turn] = self.options(turn)
            for _, cost in options:
                if cost < value:
                    value = cost
            self.memo[turn] = value
        return value

    def arrive(self, turn: Turn, there: int) -> float:
        """The cost after stepping onto `there`, `turn` being the turn with the move (and
        its price) already spent."""
        board = self.board
        kind = board.kinds[there]
        _space, country, left, fuel, money, todo, plays, magic, tent, passes, hand, back, _ = turn
        bonus_cost = 0.0
        if kind == ATM:
            money += ATM_CASH
        elif kind == FUEL:
            if self.fuel_supply:
                fuel += 1
        elif kind == ATTRACTION and self.attraction_at.get(there, -1) in todo:
            attraction = self.attraction_at[there]
            todo = todo - {attraction}
            bonus = board.attractions[attraction].bonus
            if bonus.kind == "collect":
                money += bonus.amount
            elif bonus.kind == "fuel":
                fuel += bonus.amount
            elif bonus.kind == "moves":
                left += bonus.amount
            elif bonus.kind == "draw_action":
                bonus_cost -= self.take_value if hand < HAND_LIMIT else TAKE_FULL
                hand += bonus.amount
        elif there == board.finish and not todo:
            return WIN
        if board.rest[there]:
            back = there
        after = _new(
            Turn, (there, country, left, fuel, money, todo, plays, magic, tent, passes, hand,
                   back, False)
        )  # fmt: skip
        value = self.memo.get(after)
        if value is None:
            value = self.best(after)
        return bonus_cost + value

    def options(self, turn: Turn) -> list[Option]:
        """Each action from `turn` and its expected cost. Stuck, ending the turn off a place to
        stay goes back to `last_rest`; otherwise the night is on a place to stay or under a
        Tent."""
        game, board = self.game, self.board
        space, country, left, fuel, money, todo, plays, magic, tent, passes, hand, back, stuck = (
            turn
        )
        found: list[Option] = []
        has_tent = plays > 0 and tent > 0
        dist = board.to_rest_or_attraction if has_tent else board.to_rest
        if left:
            reach = left - 1
            magic_dist = board.to_rest if plays < 2 else dist
            finish = board.finish
            moves = game.moves
            arrive = self.arrive
            plain, rest, known = self.plain, board.rest, self.memo.get
            # The turns after one more move, built whole: NamedTuple._replace is twice as slow.
            spent = _new(
                Turn, (space, country, reach, fuel, money, todo, plays, magic, tent, passes,
                       hand, back, stuck)
            )  # fmt: skip
            for there, kind, _ in board.steps.get((space, country), ()):
                wins = there == finish and not todo
                if kind == DIRT and magic and plays and reach >= magic_dist[there]:
                    rolled = _new(
                        Turn, (space, country, reach, fuel, money, todo, plays - 1, magic - 1,
                               tent, passes, hand, back, False)
                    )  # fmt: skip
                    cost = CARD_VALUES["magic_roll"] + arrive(rolled, there)
                    found.append((game.magic_moves[there], cost))
                if reach < dist[there] and not wins:
                    continue
                if kind == TOLL:
                    if money < TOLL_PRICE:
                        embassy = board.embassy[country]
                        cost = self.bankrupt_cost + self.leaf(embassy, country, fuel, 100, todo)
                        found.append((moves[there], cost))
                        continue
                    paid = _new(
                        Turn, (space, country, reach, fuel, money - TOLL_PRICE, todo, plays,
                               magic, tent, passes, hand, back, False)
                    )  # fmt: skip
                    cost = arrive(paid, there)
                elif plain[there]:  # `arrive` inlined where arriving changes only the place
                    after = _new(
                        Turn, (there, country, reach, fuel, money, todo, plays, magic, tent,
                               passes, hand, there if rest[there] else back, False)
                    )  # fmt: skip
                    value = known(after)
                    cost = self.best(after) if value is None else value
                else:
                    cost = arrive(spent, there)
                if kind == DIRT:  # an odd roll: the move is spent, the piece stays
                    failed = _new(
                        Turn, (space, country, reach, fuel, money, todo, plays, magic, tent,
                               passes, hand, back, True)
                    )  # fmt: skip
                    cost = 0.5 * cost + 0.5 * self.best(failed)
                elif wins:  # nothing beats winning now
                    return [(moves[there], WIN)]
                found.append((moves[there], cost))
            if self.deck_ok and reach >= dist[space]:
                gain = self.take_value if hand < HAND_LIMIT else TAKE_FULL
                took = _new(
                    Turn, (space, country, reach, fuel, money, todo, plays, magic, tent, passes,
                           hand + 1, back, False)
                )  # fmt: skip
                cost = -gain + self.best(took)
                found.append((game.take, cost))
        lodging = board.lodging
        if board.rest[space]:
            found.append((game.end, self.leaf(space, country, fuel, money - lodging[space], todo)))
        elif stuck and left < board.to_rest[space]:  # going back follows a failed roll only
            found.append((game.end, self.leaf(back, country, fuel, money - lodging[back], todo)))
        if has_tent and board.kinds[space] == ATTRACTION:
            found.append(
                (game.camp, CARD_VALUES["tent"] + self.leaf(space, country, fuel, money, todo))
            )
        if passes and plays and board.kinds[space] == BORDER and space not in board.ports:
            pair = board.border_countries[space]
            assert pair is not None
            other = pair[1] if pair[0] == country else pair[0]
            crossed = _new(
                Turn, (space, other, left, fuel, money, todo, plays - 1, magic, tent,
                       passes - 1, hand, space, False)
            )  # fmt: skip
            found.append((game.cross_with_pass, CARD_VALUES["border_pass"] + self.best(crossed)))
        return found
