"""The heuristic bot's look at the rest of a turn: expectimax over the moves it has left.

Every move, Action card picked up, Magic Roll, Tent and Border Pass the turn still allows is
tried, a dirt road's roll counted as even half the time; where the turn ends, the bot's
estimate of the race from there (`Leaf`, the plan of bots.py) scores it. Costs are in moves
(lower is better); cards in hand and money are converted to moves. Where the search stands
within the turn is one small value, a `Turn`, which also keys the memo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tabletrip.core import Action
from tabletrip.games.route_east.content import ATM, ATTRACTION, BORDER, DIRT, FUEL, TOLL
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

# The cost of ending the turn on `space` in `country` with this fuel, money (the night
# already paid) and attractions still to visit.
Leaf = Callable[[int, int, int, int, frozenset[int]], float]


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


class TurnSearch:
    """The rest of one seat's turn in one view; each decision makes its own."""

    def __init__(
        self,
        view: RouteEastState,
        seat: int,
        leaf: Leaf,
        take_value: float,
        bankrupt_cost: float,
    ) -> None:
        self.view = view
        self.game = view.game
        self.board = view.game.board
        self.mine = {self.board.attractions[a].space: a for a in view.unvisited(seat)}
        self.fuel_supply = view.fuel_supply > 0
        self.deck_ok = view.action.can_draw()
        self.take_value = take_value
        self.bankrupt_cost = bankrupt_cost
        self._leaf = leaf
        self.memo: dict[Turn, float] = {}
        self.leaf_memo: dict[tuple[int, int, int, int, frozenset[int]], float] = {}
        hand = view.hands[seat]
        kinds_of = self.game.cards_of_kind

        def count(kind: str) -> int:
            return sum(hand[c] for c in kinds_of.get(kind, ()))

        here = view.pos[seat]
        rest = self.board.rest
        self.start = Turn(
            space=here,
            country=view.country[seat],
            left=view.moves_left,
            fuel=view.fuel[seat],
            money=view.money[seat],
            todo=frozenset(view.unvisited(seat)),
            plays=PLAYS_PER_TURN - view.plays,
            magic=count("magic_roll"),
            tent=count("tent"),
            passes=count("border_pass"),
            hand=sum(hand),
            last_rest=next((s for s in reversed(view.path) if rest[s]), here),
            stuck=view.may_go_back,
        )

    def choose(self, legal: set[Action]) -> tuple[float, Action | None]:
        """The best first action among `legal` and its expected cost (INF, None if none)."""
        best: tuple[float, Action | None] = (INF, None)
        for action, cost in self.options(self.start):
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
        """The expected cost of the best way on from `turn` (remembered)."""
        value = self.memo.get(turn)
        if value is None:
            value = INF
            for _, cost in self.options(turn):
                if cost < value:
                    value = cost
            self.memo[turn] = value
        return value

    def arrive(self, turn: Turn, there: int) -> float:
        """The cost after stepping onto `there`, `turn` being the turn with the move (and
        its price) already spent."""
        board = self.board
        kind = board.kinds[there]
        fuel, money, left, hand, todo = turn.fuel, turn.money, turn.left, turn.hand, turn.todo
        bonus_cost = 0.0
        if kind == ATM:
            money += ATM_CASH
        elif kind == FUEL:
            if self.fuel_supply:
                fuel += 1
        elif there in self.mine and self.mine[there] in todo:
            attraction = self.mine[there]
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
        last_rest = there if board.rest[there] else turn.last_rest
        after = Turn(
            there, turn.country, left, fuel, money, todo, turn.plays, turn.magic, turn.tent,
            turn.passes, hand, last_rest, False,
        )  # fmt: skip
        return bonus_cost + self.best(after)

    def options(self, turn: Turn) -> list[tuple[Action, float]]:
        """Each action from `turn` and its expected cost. Stuck, ending the turn off a place to
        stay goes back to `last_rest`; otherwise the night is on a place to stay or under a
        Tent."""
        game, board = self.game, self.board
        space, country, left, fuel, money, todo, plays, magic, tent, passes, hand, back, _ = turn
        found: list[tuple[Action, float]] = []
        has_tent = plays > 0 and tent > 0
        dist = board.to_rest_or_attraction if has_tent else board.to_rest
        if left:
            magic_dist = board.to_rest if plays < 2 else dist
            # The turns after one more move, built whole: NamedTuple._replace is twice as slow.
            spent = Turn(
                space, country, left - 1, fuel, money, todo, plays, magic, tent, passes, hand,
                back, turn.stuck,
            )  # fmt: skip
            for there, kind, _ in board.steps.get((space, country), ()):
                wins = there == board.finish and not todo
                if kind == DIRT and magic and plays and left - 1 >= magic_dist[there]:
                    rolled = Turn(
                        space, country, left - 1, fuel, money, todo, plays - 1, magic - 1, tent,
                        passes, hand, back, False,
                    )  # fmt: skip
                    cost = CARD_VALUES["magic_roll"] + self.arrive(rolled, there)
                    found.append((game.magic_moves[there], cost))
                if left - 1 < dist[there] and not wins:
                    continue
                if kind == TOLL:
                    if money < TOLL_PRICE:
                        embassy = board.embassy[country]
                        cost = self.bankrupt_cost + self.leaf(embassy, country, fuel, 100, todo)
                        found.append((game.moves[there], cost))
                        continue
                    paid = Turn(
                        space, country, left - 1, fuel, money - TOLL_PRICE, todo, plays, magic,
                        tent, passes, hand, back, False,
                    )  # fmt: skip
                    cost = self.arrive(paid, there)
                else:
                    cost = self.arrive(spent, there)
                if kind == DIRT:  # an odd roll: the move is spent, the piece stays
                    failed = Turn(
                        space, country, left - 1, fuel, money, todo, plays, magic, tent, passes,
                        hand, back, True,
                    )  # fmt: skip
                    cost = 0.5 * cost + 0.5 * self.best(failed)
                elif wins:  # nothing beats winning now
                    return [(game.moves[there], WIN)]
                found.append((game.moves[there], cost))
            if self.deck_ok and left - 1 >= dist[space]:
                gain = self.take_value if hand < HAND_LIMIT else TAKE_FULL
                took = Turn(
                    space, country, left - 1, fuel, money, todo, plays, magic, tent, passes,
                    hand + 1, back, False,
                )  # fmt: skip
                cost = -gain + self.best(took)
                found.append((game.take, cost))
        lodging = board.lodging
        if board.rest[space]:
            found.append((game.end, self.leaf(space, country, fuel, money - lodging[space], todo)))
        elif turn.stuck and left < board.to_rest[space]:  # going back follows a failed roll only
            found.append((game.end, self.leaf(back, country, fuel, money - lodging[back], todo)))
        if has_tent and board.kinds[space] == ATTRACTION:
            found.append(
                (game.camp, CARD_VALUES["tent"] + self.leaf(space, country, fuel, money, todo))
            )
        if passes and plays and board.kinds[space] == BORDER and space not in board.ports:
            pair = board.border_countries[space]
            assert pair is not None
            other = pair[1] if pair[0] == country else pair[0]
            crossed = Turn(
                space, other, left, fuel, money, todo, plays - 1, magic, tent, passes - 1, hand,
                space, False,
            )  # fmt: skip
            found.append((game.cross_with_pass, CARD_VALUES["border_pass"] + self.best(crossed)))
        return found
