"""Route East rules: the race from Istanbul to Shanghai through your Attraction countries.

Every rule of the rulebook, its Questions and Answers included; where the rulebook is silent
the choice is in RULES_NOTES.md. A turn: the start (an Ignition card, or a Border card at a
Border), accommodation, then moves (3 unless a card says otherwise) spent moving or taking
Action cards, up to 2 Action cards played free, and the end on a Hostel, Hotel or Border.

Phases: START (draw a card), CROSS (after a Border card: cross or stay), MOVES, TARGET (an
Ignition card's theft needs a victim), RESPOND (the player a card is aimed at, or its player,
may answer with Hell no!), DISCARD (over the hand limit), EMBASSY (roll a 6 to leave).
Dice rolls and card draws are chance inside `apply`; every choice is an action. Why an action
is refused is in `checks.py`; the numbers, phases and statuses in `phases.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources.abc import Traversable
from typing import Any

from tabletrip.core import Action, Deck, Game, GameInfo, JsonDict, OptionSpec, Result, Rng, State
from tabletrip.core.content import Content
from tabletrip.core.game import DRAWING_MOVE, OPEN_MOVE, PRIVATE_MOVE
from tabletrip.core.rng import mix_seed
from tabletrip.games.route_east.actions import (
    CODEC,
    Accept,
    Camp,
    ChooseTarget,
    Cross,
    Discard,
    DrawBorder,
    DrawIgnition,
    EndTurn,
    FreightTrain,
    HellNo,
    Move,
    Play,
    RollToLeave,
    Sail,
    Stay,
    TakeAction,
)
from tabletrip.games.route_east.checks import CHECKS, crossing_problem, pass_crossing_problem
from tabletrip.games.route_east.content import (
    ATM,
    ATTRACTION,
    BORDER,
    CONTENT_FILES,
    DIRT,
    FINISH,
    FUEL,
    MOVES_PER_TURN,
    TARGETED,
    TOLL,
    Board,
    Decks,
    board_of,
    decks_of,
    shipped_file,
)
from tabletrip.games.route_east.nights import play_strands, tent_needed, tent_to_keep, way_back
from tabletrip.games.route_east.phases import (
    AFTER_IGNITION,
    AFTER_TRAIN,
    AT_SEA,
    BANKRUPT_GRANT,
    BORDER_CARD,
    CROSS,
    DISCARD,
    EMBASSY,
    EMBASSY_ROLL_TURNS,
    EVENT_LOG,
    FREE,
    FREE_PLAY_KINDS,
    HAND_LIMIT,
    IGNITION_CARD,
    MOVES,
    NO_CARD,
    PHASE_NAMES,
    PLAYS_PER_TURN,
    RESPOND,
    ROUND_LIMIT,
    SEA_ROLL_TURNS,
    SENT,
    START,
    STUCK,
    TARGET,
    TOLL_PRICE,
)

GAME_ID = "route-east"
# Moves every seat sees in full (the space, the card, the answer): open unless chance took part.
OPEN_KINDS = frozenset(
    {Accept, Camp, ChooseTarget, Cross, EndTurn, FreightTrain, HellNo, Move, Play, Stay}
)
# Draws and rolls everyone sees made (what they bring may be secret).
DRAWING_KINDS = frozenset({DrawBorder, DrawIgnition, RollToLeave, Sail, TakeAction})
Event = tuple[Any, ...]


class RouteEastGame(Game):
    """Route East for 2-5 players, with 2 to 6 Attraction cards each."""

    info = GameInfo(
        id=GAME_ID,
        title="Route East",
        min_players=2,
        max_players=5,
        options=(
            OptionSpec(
                "attractions",
                None,
                "Attraction cards each: by default 3 with 2 players, 2 with more; "
                "2 to 6 to play with more attractions",
                choices=(2, 3, 4, 5, 6),
            ),
        ),
        summary="Race from Istanbul to Shanghai via your attractions, minding money and fuel.",
        content="The board and the decks were written for tabletrip, not the printed ones.",
    )
    codec = CODEC

    def __init__(
        self, players: int, options: dict[str, Any], content: Content | None = None
    ) -> None:
        super().__init__(players, options, content)
        self.board: Board = board_of(self.content)
        self.decks: Decks = decks_of(self.content)
        board, decks = self.board, self.decks
        chosen = options.get("attractions")
        self.attraction_count: int = chosen if chosen else (3 if players == 2 else 2)
        self.kind_of_card = tuple(card.effect.kind for card in decks.action)
        self.attraction_country = tuple(a.country for a in board.attractions)
        self.cards_of_kind: dict[str, tuple[int, ...]] = {}
        for i, kind in enumerate(self.kind_of_card):
            self.cards_of_kind[kind] = (*self.cards_of_kind.get(kind, ()), i)
        self.train_reach = max(
            (c.effect.amount for c in decks.action if c.effect.kind == "freight_train"), default=0
        )
        self.atm_cards = [
            value
            for value in (100, 50)
            for _ in range(
                decks.bank.get(value, 0)
                - players * decks.player_money.get(value, 0)
                - decks.bank_keeps.get(value, 0)
            )
        ]
        # Every action made once, shared by all states.
        self.draw_ignition = DrawIgnition()
        self.draw_border = DrawBorder()
        self.cross = Cross()
        self.cross_with_pass = Cross(border_pass=True)
        self.stay = Stay()
        self.take = TakeAction()
        self.end = EndTurn()
        self.camp = Camp()
        self.roll = RollToLeave()
        self.sail = Sail()
        self.hell_no = HellNo()
        self.accept = Accept()
        self.moves = tuple(Move(space) for space in board.space_ids)
        self.magic_moves = tuple(Move(space, magic_roll=True) for space in board.space_ids)
        self.trains = tuple(FreightTrain(space) for space in board.space_ids)
        self.discards = tuple(Discard(card.id) for card in decks.action)
        self.targets = tuple(ChooseTarget(seat) for seat in range(players))
        self.plays = tuple(
            tuple(Play(card.id, target) for target in range(-1, players)) for card in decks.action
        )

    @classmethod
    def content_files(cls, options: dict[str, Any]) -> dict[str, Traversable]:
        """The board and the cards file, whatever the options."""
        return {name: shipped_file(name) for name in CONTENT_FILES}

    @classmethod
    def every_content_file(cls) -> dict[str, Traversable]:
        """The board and the cards file."""
        return {name: shipped_file(name) for name in CONTENT_FILES}

    def play(self, card: int, target: int = -1) -> Play:
        """The shared Play action for Action card kind `card` (aimed at `target`, or -1)."""
        return self.plays[card][target + 1]

    def parse_action(self, text: str, state: State) -> Action:
        """A move typed by a person: the notation, or `move <place name>`."""
        from tabletrip.games.route_east.notation import parse_move

        return parse_move(text, state)  # type: ignore[arg-type]

    def new_game(self, seed: int = 0) -> RouteEastState:
        """Deal the money, fuel and attractions; shuffle the decks; roll for the first player."""
        board, decks, players = self.board, self.decks, self.players
        rng = Rng(mix_seed(GAME_ID, players, self.attraction_count, seed))
        state = RouteEastState(self, seed)
        state.rng = rng
        state.events = ()
        first = state.roll_for_first_player()
        state.first_player = first
        state.attractions = deal_attractions(board, players, self.attraction_count, first, rng)
        state.ignition = Deck(decks.deck(decks.ignition))
        state.ignition.shuffle(rng)
        state.border = Deck(decks.deck(decks.border))
        state.border.shuffle(rng)
        state.action = Deck(decks.deck(decks.action))
        state.action.shuffle(rng)
        state.atm = Deck(self.atm_cards)
        state.atm.shuffle(rng)
        start_money = sum(value * n for value, n in decks.player_money.items())
        state.fuel_supply = decks.fuel_tokens - players
        state.pos = [board.start] * players
        state.country = [board.country[board.start]] * players
        state.money = [start_money] * players
        state.fuel = [1] * players
        state.hands = [[0] * len(decks.action) for _ in range(players)]
        state.visited = [0] * players
        state.status = [FREE] * players
        state.status_turns = [0] * players
        state.night_cost = [0] * players  # the first night is free
        state.turns = [0] * players
        state.bankruptcies = [0] * players
        state.embassy_stays = [0] * players
        state.landed = [0] * players
        state.under = []
        state.attack = None
        state.hell_nos = 0
        state.winner = -1
        state.over = False
        state.begin_turn(first)
        return state

    def static_info(self) -> JsonDict:
        """The board (spaces, roads, sea, attractions) and the card catalogue."""
        from tabletrip.games.route_east.views import static_info

        return static_info(self)

    def _state_from_json(self, data: JsonDict, seed: int) -> RouteEastState:
        state = RouteEastState(self, seed)
        state.rng = Rng(data["rng"])
        for name in ("ignition", "border", "action", "atm"):
            setattr(state, name, Deck.from_json(data[name]))
        for name in _LIST_FIELDS:
            setattr(state, name, list(data.get(name, [0] * self.players)))
        state.under = list(data.get("under", ()))
        state.hands = [list(h) for h in data["hands"]]
        state.attractions = [list(a) for a in data["attractions"]]
        state.path = list(data["path"])
        for name in _SCALAR_FIELDS:
            setattr(state, name, data[name] if name in data else _SCALAR_DEFAULTS[name])
        state.phase = PHASE_NAMES.index(data["phase"])
        state.attack = tuple(data["attack"]) if data["attack"] is not None else None
        state.events = tuple(tuple(e) for e in data["events"])
        return state


def deal_attractions(
    board: Board, players: int, count: int, first: int, rng: Rng
) -> list[list[int]]:
    """Each seat, from `first` clockwise, draws `count` attractions in different countries.

    A card in a country the seat already has goes under the pile and the seat draws again
    ("Setup: Attraction Cards"). If the pile cannot complete a seat (possible only with many
    players and attractions), the whole deal starts again with a fresh shuffle.
    """
    for _ in range(100):
        pile = list(range(len(board.attractions)))
        rng.shuffle(pile)
        hands: list[list[int]] = [[] for _ in range(players)]
        complete = True
        for i in range(players):
            seat = (first + i) % players
            countries: set[int] = set()
            while complete and len(hands[seat]) < count:
                for _ in range(len(pile)):
                    card = pile.pop()
                    if board.attractions[card].country not in countries:
                        break
                    pile.insert(0, card)  # the most recent card goes to the bottom
                else:
                    complete = False
                    break
                hands[seat].append(card)
                countries.add(board.attractions[card].country)
        if complete:
            return hands
    raise RuntimeError("no deal of attractions in different countries exists")  # pragma: no cover


class RouteEastState(State):
    """A Route East game in progress: plain lists of ints, cheap to copy."""

    game: RouteEastGame
    rng: Rng
    ignition: Deck[int]
    border: Deck[int]
    action: Deck[int]
    atm: Deck[int]
    fuel_supply: int
    pos: list[int]
    country: list[int]  # the country each seat is in (on a Border: the side it stands on)
    money: list[int]
    fuel: list[int]
    hands: list[list[int]]  # per seat, count of each Action card kind
    attractions: list[list[int]]  # per seat, its attraction ids
    visited: list[int]  # per seat, bit mask of visited attraction ids
    status: list[int]
    status_turns: list[int]  # turns rolled at an Embassy, or turns begun on the boat
    night_cost: list[int]  # what the coming morning's accommodation costs
    turns: list[int]
    bankruptcies: list[int]
    embassy_stays: list[int]
    landed: list[int]  # per seat, bit mask of attraction ids whose space it stood on
    # Per card put under the Action deck and still in it, from the bottom up, who put it there
    # (under[i] put action.cards[i]): that seat knows the card, the others do not.
    under: list[int]
    first_player: int
    seat: int
    phase: int
    after: int  # the phase to return to after TARGET, RESPOND or DISCARD
    moves_left: int
    moves_used: int
    plays: int  # Action cards played this turn
    stayed: bool  # declined to cross after the Border card
    # Short of a place to stay, the piece may go back the way it came: after a failed dirt
    # roll (until it moves or picks up a card) or when the turn began off one (an Embassy).
    may_go_back: bool
    path: list[int]  # spaces entered this turn, to go back the way you came
    card: int  # the Ignition or Border card kind drawn this turn (-1: none)
    card_deck: int
    attack: tuple[str, int, int, int] | None  # (effect kind, amount, attacker, target)
    hell_nos: int
    events: tuple[Event, ...]
    winner: int
    over: bool

    # --- the contract --------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to decide now: the player whose turn it is, or the one answering a card."""
        if self.phase == RESPOND and self.attack is not None:
            return self.attack[3] if self.hell_nos % 2 == 0 else self.attack[2]
        return self.seat

    @property
    def is_over(self) -> bool:
        """Whether someone reached Shanghai with every attraction visited (or the limit hit)."""
        return self.over

    @property
    def turn_order(self) -> tuple[int, ...]:
        """The first player (the highest roll, ties rolling again), then clockwise."""
        players = self.game.players
        return tuple((self.first_player + i) % players for i in range(players))

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current seat."""
        if self.over:
            return []
        game = self.game
        phase = self.phase
        seat = self.seat
        if phase == START:
            if self.game.board.kinds[self.pos[seat]] == BORDER:
                return [game.draw_ignition, game.draw_border]
            return [game.draw_ignition]
        if phase == MOVES:
            return self._moves_actions()
        if phase == CROSS:
            actions: list[Action] = []
            if crossing_problem(self, False) is None:
                actions.append(game.cross)
            if crossing_problem(self, True) is None:
                actions.append(game.cross_with_pass)
            actions.append(game.stay)
            if self.moves_left and self.action.can_draw():
                actions.append(game.take)
            self._add_free_plays(actions)
            return actions
        if phase == TARGET:
            return [game.targets[t] for t in self.targets_for(seat)]
        if phase == RESPOND:
            # The answer is always asked, so nobody learns from a pause who holds a Hell no!.
            if self.holds(self.current_player, "hell_no"):
                return [game.accept, game.hell_no]
            return [game.accept]
        if phase == DISCARD:
            hand = self.hands[seat]
            keep = tent_to_keep(self)
            return [game.discards[c] for c in range(len(hand)) if hand[c] and c != keep]
        return [game.roll]  # EMBASSY

    def _moves_actions(self) -> list[Action]:
        game = self.game
        board = game.board
        seat = self.seat
        here = self.pos[seat]
        left = self.moves_left
        actions: list[Action] = []
        if self.status[seat] == AT_SEA:
            if left:
                actions.append(game.sail)
            self._add_free_plays(actions)
            if not left:
                actions.append(game.end)
            return actions
        plays_left = PLAYS_PER_TURN - self.plays
        has_tent = plays_left > 0 and self.holds(seat, "tent")
        dist = board.to_rest_or_attraction if has_tent else board.to_rest
        if left and not self.stayed:
            magic = self.holds(seat, "magic_roll") and plays_left > 0
            # With a Magic Roll spent, a Tent needs a second play: check distances without it.
            magic_dist = board.to_rest if plays_left < 2 else dist
            moves, magic_moves = game.moves, game.magic_moves
            finish = board.finish if self.all_visited(seat) else -1  # arriving wins: no bed needed
            for there, kind, _ in board.steps.get((here, self.country[seat]), ()):
                if left - 1 >= dist[there] or there == finish:
                    actions.append(moves[there])
                if magic and kind == DIRT and left - 1 >= magic_dist[there]:
                    actions.append(magic_moves[there])
        if left and left - 1 >= dist[here] and self.action.can_draw():
            actions.append(game.take)
        self._add_free_plays(actions)
        if (
            left
            and not self.stayed
            and self.moves_used == 0
            and plays_left > 0
            and self.holds(seat, "freight_train")
        ):
            actions.extend(game.trains[s] for s in self.train_stops())
        if board.rest[here] or (self.may_go_back and left < board.to_rest[here]):
            actions.append(game.end)
        if has_tent and board.kinds[here] == ATTRACTION:
            actions.append(game.camp)
        if pass_crossing_problem(self) is None:
            actions.append(game.cross_with_pass)
        return actions

    def _add_free_plays(self, actions: list[Action]) -> None:
        """The Action cards playable now at no cost in moves (at most 2 plays a turn)."""
        if self.plays >= PLAYS_PER_TURN:
            return
        game = self.game
        seat = self.seat
        hand = self.hands[seat]
        kinds = game.kind_of_card
        last_play_needs_tent = self.plays == PLAYS_PER_TURN - 1 and tent_needed(
            self, self.moves_left
        )
        targets: list[int] | None = None
        for card, count in enumerate(hand):
            if not count:
                continue
            kind = kinds[card]
            if kind not in FREE_PLAY_KINDS:
                continue
            if last_play_needs_tent and play_strands(self, card):
                continue
            if kind in TARGETED:
                if targets is None:
                    targets = self.targets_for(seat)
                actions.extend(game.play(card, t) for t in targets)
            elif kind != "fuel" or self.fuel_supply:
                actions.append(game.play(card))

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` is not legal now, in one line; None if it is."""
        phase = self.phase
        kind = type(action)
        if phase == RESPOND and kind not in (HellNo, Accept):
            return "a card was played against you: answer with `hell no` or `accept`"
        if phase == TARGET and kind is not ChooseTarget:
            return "choose the player your Ignition card steals from: `target seat N`"
        if phase == DISCARD and kind is not Discard:
            return f"you hold more than {HAND_LIMIT} Action cards: discard one first"
        if phase == EMBASSY and kind is not RollToLeave:
            return "you are stuck at the Embassy: `roll` for a 6 to leave"
        return CHECKS[kind](self, action)

    def _apply(self, action: Action) -> None:
        _MOVES[type(action)](self, action)
        if not self.over and self.phase == MOVES:
            self._settle()

    # --- moves: one small function each -----------------------------------------------------

    def _draw_ignition(self, action: DrawIgnition) -> None:
        """Draw an Ignition card, do what it says, then pay last night's accommodation."""
        game = self.game
        seat = self.seat
        card = self.ignition.draw(self.rng)
        assert card is not None
        self.ignition.discard((card,))
        self.card, self.card_deck = card, IGNITION_CARD
        self.moves_left = MOVES_PER_TURN
        self.after = AFTER_IGNITION
        self._event("ignition", seat, card)
        for effect in game.decks.ignition[card].effects:
            kind, amount = effect.kind, effect.amount
            if kind == "moves":
                self.moves_left = max(0, self.moves_left + amount)
            elif kind == "pay":
                if not self._charge(seat, amount):
                    return
            elif kind == "collect":
                self.money[seat] += amount
            elif kind == "fuel":
                self._gain_fuel(seat, amount)
            elif kind == "draw_action":
                self._draw_action_cards(seat, amount)
            elif kind == "embassy":
                # Last night is paid first: accommodation follows the Ignition card.
                cost = self.night_cost[seat]
                if cost and not self._charge(seat, cost):
                    return
                self._send_to_embassy(seat)
                self._next_turn()
                return
            elif kind in TARGETED and self.targets_for(seat):
                self.phase = TARGET
                return
        self._resume()

    def _draw_border(self, action: DrawBorder) -> None:
        """At a Border: draw a Border card; crossing is decided after seeing it."""
        card = self.border.draw(self.rng)
        assert card is not None
        self.border.discard((card,))
        self.card, self.card_deck = card, BORDER_CARD
        self.moves_left = MOVES_PER_TURN
        self.after = CROSS
        self.phase = CROSS
        self.night_cost[self.seat] = 0  # a night at a Border is free
        self._event("border", self.seat, card)

    def _cross(self, action: Cross) -> None:
        """Pay the Fuel Token (or Border Pass) and the card's fee; step into the next country."""
        game = self.game
        board = game.board
        seat = self.seat
        here = self.pos[seat]
        if self.phase == MOVES:  # a Border Pass mid-turn: no waiting, no Border card
            self._spend_card(seat, "border_pass")
            self._switch_country(seat, here)
            return
        effects = game.decks.border[self.card].effects
        if action.border_pass:
            self._spend_card(seat, "border_pass")
        elif not any(e.kind == "no_fuel_needed" for e in effects):
            self.fuel[seat] -= 1
            self.fuel_supply += 1
        for effect in effects:
            if effect.kind == "fee":
                self.money[seat] -= effect.amount
            elif effect.kind == "moves":
                self.moves_left = max(0, self.moves_left + effect.amount)
        self.after = MOVES
        self.phase = MOVES
        if here in board.ports:
            self.status[seat] = AT_SEA
            self.status_turns[seat] = 1
            self.pos[seat] = board.boat
            self._event("board", seat)
        else:
            self._switch_country(seat, here)

    def _switch_country(self, seat: int, border: int) -> None:
        pair = self.game.board.border_countries[border]
        assert pair is not None
        self.country[seat] = pair[1] if pair[0] == self.country[seat] else pair[0]
        self._event("cross", seat, self.country[seat])

    def _stay(self, action: Stay) -> None:
        """Decline to cross: Action cards only this turn."""
        self.stayed = True
        self.after = MOVES
        self.phase = MOVES

    def _move(self, action: Move) -> None:
        """One space along a road: a toll is paid first; a dirt road needs an even roll."""
        game = self.game
        board = game.board
        seat = self.seat
        there = board.index[action.space]
        here = self.pos[seat]
        kind = next(r[1] for r in board.steps[(here, self.country[seat])] if r[0] == there)
        if kind == TOLL:
            self._event("toll", seat)
            if not self._charge(seat, TOLL_PRICE):
                return
        self.moves_left -= 1
        self.moves_used += 1
        if kind == DIRT:
            if action.magic_roll:
                self._spend_card(seat, "magic_roll")
            else:
                roll = self.rng.roll()
                self._event("roll", seat, roll, "dirt")
                if roll % 2:
                    self.may_go_back = True  # out of moves now, it goes back the way it came
                    return  # the move is spent and the piece stays
        self._enter(seat, there)

    def _take(self, action: TakeAction) -> None:
        """Spend a move on an Action card (over 5 cards, one goes back under the deck)."""
        self.moves_left -= 1
        self.moves_used += 1
        self.may_go_back = False  # the last move picked up a card, not a roll that failed
        self._draw_action_cards(self.seat, 1)
        self._check_hand()

    def _play(self, action: Play) -> None:
        """Play an Action card: an effect now, or a card aimed at a player, who may answer."""
        game = self.game
        seat = self.seat
        card = game.decks.action_index[action.card]
        effect = game.decks.action[card].effect
        self._spend_card(seat, effect.kind)
        self._event("play", seat, card, action.target)
        if effect.kind in TARGETED:
            self.after = self.phase
            self.attack = (effect.kind, effect.amount, seat, action.target)
            self.hell_nos = 0
            self.phase = RESPOND
        elif effect.kind == "moves":
            self.moves_left += effect.amount
        elif effect.kind == "fuel":
            self._gain_fuel(seat, effect.amount)
        elif effect.kind == "collect":
            self.money[seat] += effect.amount

    def _train(self, action: FreightTrain) -> None:
        """Ride the Freight Train: nothing passed counts; every move is used; the turn ends."""
        board = self.game.board
        seat = self.seat
        there = board.index[action.space]
        self._spend_card(seat, "freight_train")
        self._event("train", seat, there)
        self.moves_left = 0
        self.pos[seat] = there
        self.path.append(there)
        if board.kinds[there] == ATTRACTION:
            self._spend_card(seat, "tent")
            self.landed[seat] |= 1 << board.attraction_at[there]
            self._visit(seat, there)
            self.night_cost[seat] = 0
        else:
            self.night_cost[seat] = board.lodging[there]
        if self.phase == DISCARD:
            self.after = AFTER_TRAIN  # a bonus card to discard first, then the turn ends
        elif not self.over:
            self._next_turn()

    def _discard(self, action: Discard) -> None:
        """Put one Action card under the Action deck."""
        card = self.game.decks.action_index[action.card]
        self.hands[self.seat][card] -= 1
        self.action.put_bottom((card,))
        self.under.insert(0, self.seat)
        self._resume()

    def _choose_target(self, action: ChooseTarget) -> None:
        """Aim the Ignition card's theft; the victim may answer with Hell no!."""
        effect = next(e for e in self.game.decks.ignition[self.card].effects if e.kind in TARGETED)
        self.attack = (effect.kind, effect.amount, self.seat, action.seat)
        self.hell_nos = 0
        self.phase = RESPOND

    def _hell_no(self, action: HellNo) -> None:
        """Cancel the card (or Hell no!) played against you; its player may answer in turn."""
        responder = self.current_player
        self._spend_card(responder, "hell_no", counts=False)
        self._event("hell_no", responder)
        self.hell_nos += 1

    def _accept(self, action: Accept) -> None:
        """Let it stand: an even number of Hell no!s leaves the card in force."""
        attack = self.attack
        assert attack is not None
        kind, amount, attacker, target = attack
        self.attack = None
        if self.hell_nos % 2 == 0:
            self._resolve_attack(kind, amount, attacker, target)
        else:
            self._event("cancelled", attacker, kind)
        self.hell_nos = 0
        if self.phase == RESPOND:
            self._resume()

    def _end(self, action: EndTurn) -> None:
        """End the turn; out of moves away from a place to stay, go back the way you came."""
        board = self.game.board
        seat = self.seat
        here = self.pos[seat]
        if self.status[seat] == AT_SEA:
            self.night_cost[seat] = 0
        elif board.rest[here]:
            self.night_cost[seat] = board.lodging[here]
        else:
            back = way_back(self, seat)
            self.pos[seat] = back
            self._event("back", seat, back)
            self.night_cost[seat] = board.lodging[back]
        self._next_turn()

    def _camp(self, action: Camp) -> None:
        """Play a Tent: a free night on this attraction."""
        self._spend_card(self.seat, "tent")
        self.night_cost[self.seat] = 0
        self._event("camp", self.seat)
        self._next_turn()

    def _roll_to_leave(self, action: RollToLeave) -> None:
        """Stuck at an Embassy: a 6 frees you now; otherwise the turn is over."""
        seat = self.seat
        roll = self.rng.roll()
        self._event("roll", seat, roll, "embassy")
        if roll == 6:
            self.status[seat] = FREE
            self.status_turns[seat] = 0
            self.phase = START
        else:
            self.status_turns[seat] += 1
            self._next_turn()

    def _sail(self, action: Sail) -> None:
        """Spend a move rolling for a 6; a 6 lands you on the far port (no move for it)."""
        seat = self.seat
        self.moves_left -= 1
        self.moves_used += 1
        roll = self.rng.roll()
        self._event("roll", seat, roll, "sea")
        if roll == 6:
            self._land(seat)

    # --- shared steps ------------------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        """Start `seat`'s turn: the Embassy, the boat, or a card to draw."""
        if self.turns[seat] >= ROUND_LIMIT:
            self.over = True
            self.seat = seat
            self._event("limit", seat)
            return
        self.seat = seat
        self.turns[seat] += 1
        self.moves_left = 0
        self.moves_used = 0
        self.plays = 0
        self.stayed = False
        self.path = [self.pos[seat]]
        self.may_go_back = not self.game.board.rest[self.pos[seat]]
        self.card = -1
        self.card_deck = NO_CARD
        self.after = MOVES
        status = self.status[seat]
        if status == STUCK:
            if self.status_turns[seat] >= EMBASSY_ROLL_TURNS:
                self.status[seat] = FREE
                self.status_turns[seat] = 0
                self.phase = START
            else:
                self.phase = EMBASSY
        elif status == SENT:
            self.status[seat] = FREE
            self.phase = START
        elif status == AT_SEA:
            self.phase = MOVES
            self.moves_left = MOVES_PER_TURN
            if self.status_turns[seat] >= SEA_ROLL_TURNS:
                self._land(seat)
            else:
                self.status_turns[seat] += 1
        else:
            self.phase = START

    def _next_turn(self) -> None:
        self.begin_turn((self.seat + 1) % self.game.players)

    def _resume(self) -> None:
        """Back from a sub-decision: discard down to 5, pay the night, or carry on moving."""
        seat = self.seat
        if self._check_hand():
            return
        if self.after == AFTER_TRAIN:
            self._next_turn()
            return
        if self.after == AFTER_IGNITION:
            self.after = MOVES
            cost = self.night_cost[seat]
            self.night_cost[seat] = 0
            if cost:
                self._event("lodging", seat, cost)
                if not self._charge(seat, cost):
                    return
        self.phase = self.after

    def _check_hand(self) -> bool:
        """Whether the turn's player must discard (over the hand limit) before going on."""
        if sum(self.hands[self.seat]) > HAND_LIMIT:
            if self.phase != DISCARD:
                if self.phase in (MOVES, CROSS):
                    self.after = self.phase
                self.phase = DISCARD
            return True
        return False

    def _settle(self) -> None:
        """End the turn by itself when ending it is the only thing left to do.

        Only public facts decide it (no moves left, and two cards played or none in hand):
        waiting on what the hand could still play would tell the table what is in it.
        """
        if self.moves_left or self.phase != MOVES:
            return
        if self.plays < PLAYS_PER_TURN and any(self.hands[self.seat]):
            return
        self._end(self.game.end)  # not an action in the record: replay repeats it by itself

    def _enter(self, seat: int, there: int) -> None:
        """Arrive on a space: an ATM pays one Bank card, a Fuel Station gives a Fuel Token,
        your attraction is visited, Shanghai ends the race if every attraction is done."""
        board = self.game.board
        self.pos[seat] = there
        self.path.append(there)
        self.may_go_back = False
        kind = board.kinds[there]
        if kind == ATM:
            if not self.atm.cards:
                self.atm.cards = list(self.game.atm_cards)
                self.atm.shuffle(self.rng)
            value = self.atm.cards.pop()
            self.money[seat] += value
            self._event("atm", seat, value)
        elif kind == FUEL:
            if self.fuel_supply:
                self._gain_fuel(seat, 1)
                self._event("fuel", seat)
        elif kind == ATTRACTION:
            self.landed[seat] |= 1 << board.attraction_at[there]
            self._visit(seat, there)
        elif kind == FINISH and self.all_visited(seat):
            self.winner = seat
            self.over = True
            self._event("win", seat)

    def _visit(self, seat: int, space: int) -> None:
        """Landing on one of your attractions: turn it face up and take its bonus now."""
        board = self.game.board
        attraction = board.attraction_at[space]
        bit = 1 << attraction
        if attraction not in self.attractions[seat] or self.visited[seat] & bit:
            return
        self.visited[seat] |= bit
        self._event("attraction", seat, attraction)
        bonus = board.attractions[attraction].bonus
        if bonus.kind == "collect":
            self.money[seat] += bonus.amount
        elif bonus.kind == "fuel":
            self._gain_fuel(seat, bonus.amount)
        elif bonus.kind == "moves":
            self.moves_left += bonus.amount
        elif bonus.kind == "draw_action":
            self._draw_action_cards(seat, bonus.amount)
            self._check_hand()

    def _land(self, seat: int) -> None:
        """The boat reaches the far port: you are over the Border, in its country."""
        board = self.game.board
        a, b = board.ports
        port = b if self.country[seat] == board.country[a] else a
        self.pos[seat] = port
        self.country[seat] = board.country[port]
        self.status[seat] = FREE
        self.status_turns[seat] = 0
        self.path = [port]
        self._event("land", seat)

    def _charge(self, seat: int, amount: int) -> bool:
        """Pay the bank; unable to, go bankrupt (False: the turn may be over)."""
        if self.money[seat] >= amount:
            self.money[seat] -= amount
            return True
        self._bankrupt(seat)
        return False

    def _bankrupt(self, seat: int) -> None:
        """Out of money: to the Embassy of your country, take $100, the debt is forgotten.

        The unpaid debt is dropped, what you had is kept (RULES_NOTES.md); if it is your turn,
        it is over.
        """
        self.money[seat] += BANKRUPT_GRANT
        self.bankruptcies[seat] += 1
        self._to_embassy(seat, STUCK)
        self._event("bankrupt", seat)
        if seat == self.seat and not self.over:
            self._next_turn()

    def _send_to_embassy(self, seat: int) -> None:
        """Sent to an Embassy by a card: the next turn starts as normal, no accommodation."""
        self._to_embassy(seat, SENT)
        self._event("embassy", seat)

    def _to_embassy(self, seat: int, status: int) -> None:
        # On the boat the country is still the one you sailed from: back to Azerbaijan.
        self.pos[seat] = self.game.board.embassy[self.country[seat]]
        self.status[seat] = status
        self.status_turns[seat] = 0
        self.night_cost[seat] = 0
        self.embassy_stays[seat] += 1

    def _resolve_attack(self, kind: str, amount: int, attacker: int, target: int) -> None:
        """Steal money or a Fuel Token, or send to an Embassy; a victim with nothing to steal
        goes to the Embassy (bankrupt for money)."""
        if kind == "steal_money":
            if self.money[target] >= amount:
                self.money[target] -= amount
                self.money[attacker] += amount
                self._event("stolen", attacker, target, "money", amount)
            else:
                self._bankrupt(target)
        elif kind == "steal_fuel":
            if self.fuel[target]:
                self.fuel[target] -= 1
                self.fuel[attacker] += 1
                self._event("stolen", attacker, target, "fuel", 1)
            else:
                self._send_to_embassy(target)
        else:
            self._send_to_embassy(target)

    def _draw_action_cards(self, seat: int, count: int) -> None:
        hand = self.hands[seat]
        under = self.under
        for _ in range(count):
            card = self.action.draw(self.rng)
            if card is None:
                return
            hand[card] += 1
            if len(under) > len(self.action.cards):  # drawn from among the cards put under
                del under[len(self.action.cards) :]

    def _spend_card(self, seat: int, kind: str, counts: bool = True) -> None:
        """Play (discard) one Action card of this effect kind from the seat's hand."""
        card = self._card_of(kind, seat)
        self.hands[seat][card] -= 1
        self.action.discard((card,))
        if counts:
            self.plays += 1

    def _gain_fuel(self, seat: int, amount: int) -> None:
        amount = min(amount, self.fuel_supply) if amount > 0 else -min(-amount, self.fuel[seat])
        self.fuel[seat] += amount
        self.fuel_supply -= amount

    def _event(self, *event: Any) -> None:
        events = self.events
        self.events = (*events[1:], event) if len(events) >= EVENT_LOG else (*events, event)

    # --- derived facts -----------------------------------------------------------------------

    def roll_for_first_player(self) -> int:
        """Everyone rolls; the highest goes first (ties roll again)."""
        contenders = list(range(self.game.players))
        while True:
            rolls = [(self.rng.roll(), seat) for seat in contenders]
            self._event("first_roll", tuple(r for r, _ in rolls), tuple(contenders))
            best = max(r for r, _ in rolls)
            contenders = [seat for r, seat in rolls if r == best]
            if len(contenders) == 1:
                return contenders[0]

    def holds(self, seat: int, kind: str) -> bool:
        """Whether `seat` holds an Action card of this effect kind."""
        hand = self.hands[seat]
        return any(hand[c] for c in self.game.cards_of_kind.get(kind, ()))

    def _card_of(self, kind: str, seat: int) -> int:
        hand = self.hands[seat]
        return next(c for c in self.game.cards_of_kind[kind] if hand[c])

    def can_camp_later(self) -> bool:
        """Whether the turn's player could still play a Tent tonight."""
        return self.plays < PLAYS_PER_TURN and self.holds(self.seat, "tent")

    def targets_for(self, seat: int) -> list[int]:
        """The seats a card of `seat` may be aimed at: not itself, nobody at an Embassy."""
        status = self.status
        return [s for s in range(self.game.players) if s != seat and status[s] not in (SENT, STUCK)]

    def train_stops(self) -> list[int]:
        """Where a Freight Train may take the turn's player: up to its reach in this country,
        not past No Trains signs, to a place to stay (an attraction with a Tent to play)."""
        board = self.game.board
        seat = self.seat
        country = self.country[seat]
        here = self.pos[seat]
        tent = self.plays == 0 and self.holds(seat, "tent")
        seen = {here}
        frontier = [here]
        stops = []
        for _ in range(self.game.train_reach):
            nxt = []
            for space in frontier:
                for there, _, no_trains in board.steps.get((space, country), ()):
                    if no_trains or there in seen:
                        continue
                    seen.add(there)
                    nxt.append(there)
                    if board.rest[there] or (tent and board.kinds[there] == ATTRACTION):
                        stops.append(there)
            frontier = nxt
        return sorted(stops)

    def all_visited(self, seat: int) -> bool:
        """Whether every attraction of the seat is visited."""
        return self.visited[seat] == sum(1 << a for a in self.attractions[seat])

    def unvisited(self, seat: int) -> list[int]:
        """The seat's attraction ids not visited yet."""
        mask = self.visited[seat]
        return [a for a in self.attractions[seat] if not mask >> a & 1]

    @property
    def result(self) -> Result | None:
        """The first to Shanghai with every attraction visited wins (1 point, others 0)."""
        if not self.over:
            return None
        breakdown = []
        for seat in range(self.game.players):
            won = int(seat == self.winner)
            breakdown.append(
                {
                    "finished": won,
                    "attractions_visited": len(self.attractions[seat]) - len(self.unvisited(seat)),
                    "attractions": len(self.attractions[seat]),
                    "turns": self.turns[seat],
                    "bankruptcies": self.bankruptcies[seat],
                    "embassy_stays": self.embassy_stays[seat],
                    "money": self.money[seat],
                    "fuel": self.fuel[seat],
                    "turn_limit_reached": self.winner < 0,
                    "total": won,
                }
            )
        winners = (self.winner,) if self.winner >= 0 else ()
        return Result(tuple(b["total"] for b in breakdown), winners, tuple(breakdown))

    # --- what each seat may know ----------------------------------------------------------

    def public_observation(self) -> JsonDict:
        """The table: positions, money, fuel, card counts, face-up attractions, recent events."""
        from tabletrip.games.route_east.views import public_observation

        return public_observation(self)

    def observation(self, seat: int) -> JsonDict:
        """The public table plus the seat's own Action cards and attractions."""
        from tabletrip.games.route_east.views import observation

        return observation(self, seat)

    def move_disclosure(self, action: Action, after: State) -> str | None:
        """A move whose card or space everyone sees is open when it rolled, shuffled and drew
        nothing (the generator and every pile as they were) and the game goes on, and a
        drawing move when it did; draws and rolls are always drawing moves. Landing on an
        attraction while some of yours are face down is not open: it shows whether it was one
        (a drawing move when one is turned face up, else not known)."""
        kind = type(action)
        if kind is Discard:
            assert isinstance(after, RouteEastState)
            return self._discard_disclosure(after)
        if kind not in OPEN_KINDS and kind not in DRAWING_KINDS:
            return None
        assert isinstance(after, RouteEastState)
        if self._chance_between(after, with_action_deck=True):
            return DRAWING_MOVE
        mover = self.seat
        if (
            kind in (Move, FreightTrain)
            and self.game.board.kinds[after.pos[mover]] == ATTRACTION
            and len(self.unvisited(mover)) >= 2
        ):
            # Landing on an attraction shows whether it was one of the mover's face-down cards:
            # one turned face up stands; one that was not the mover's is left to the observers.
            return DRAWING_MOVE if after.visited[mover] != self.visited[mover] else None
        return OPEN_MOVE if kind in OPEN_KINDS and not after.is_over else None

    def _discard_disclosure(self, after: RouteEastState) -> str | None:
        """A discard goes under the Action deck unseen, so only the mover knows which card it
        was: private while nothing is drawn or rolled after it and the game goes on."""
        drew = self._chance_between(after, with_action_deck=False)  # the discard grows it
        return None if drew or after.is_over else PRIVATE_MOVE

    def _chance_between(self, after: RouteEastState, with_action_deck: bool) -> bool:
        """Whether chance took part between this state and `after`: the dice or a shuffle moved
        the generator, or a card was drawn (a pile changed size)."""
        piles = [
            (self.ignition, after.ignition),
            (self.border, after.border),
            (self.atm, after.atm),
        ]
        if with_action_deck:
            piles.append((self.action, after.action))
        rolled = after.rng.state != self.rng.state
        return rolled or any(len(mine.cards) != len(theirs.cards) for mine, theirs in piles)

    # --- copies --------------------------------------------------------------------------------

    def _state_json(self) -> JsonDict:
        data: JsonDict = {"rng": self.rng.state}
        for name in ("ignition", "border", "action", "atm"):
            data[name] = getattr(self, name).to_json()
        for name in _LIST_FIELDS:
            data[name] = list(getattr(self, name))
        data["under"] = list(self.under)
        data["hands"] = [list(h) for h in self.hands]
        data["attractions"] = [list(a) for a in self.attractions]
        data["path"] = list(self.path)
        for name in _SCALAR_FIELDS:
            data[name] = getattr(self, name)
        data["phase"] = PHASE_NAMES[self.phase]
        data["attack"] = list(self.attack) if self.attack is not None else None
        data["events"] = [list(e) for e in self.events]
        return data

    def clone(self) -> RouteEastState:
        """A copy sharing nothing mutable (lists of ints are copied, never deep-copied)."""
        copy = RouteEastState.__new__(RouteEastState)
        self._copy_base(copy)
        copy.rng = Rng(self.rng.state)
        copy.ignition = self.ignition.clone()
        copy.border = self.border.clone()
        copy.action = self.action.clone()
        copy.atm = self.atm.clone()
        copy.pos = self.pos.copy()
        copy.country = self.country.copy()
        copy.money = self.money.copy()
        copy.fuel = self.fuel.copy()
        copy.visited = self.visited.copy()
        copy.status = self.status.copy()
        copy.status_turns = self.status_turns.copy()
        copy.night_cost = self.night_cost.copy()
        copy.turns = self.turns.copy()
        copy.bankruptcies = self.bankruptcies.copy()
        copy.embassy_stays = self.embassy_stays.copy()
        copy.landed = self.landed.copy()
        copy.under = self.under.copy()
        copy.hands = [h.copy() for h in self.hands]
        copy.attractions = [a.copy() for a in self.attractions]
        copy.path = self.path.copy()
        copy.fuel_supply = self.fuel_supply
        copy.first_player = self.first_player
        copy.seat = self.seat
        copy.phase = self.phase
        copy.after = self.after
        copy.moves_left = self.moves_left
        copy.moves_used = self.moves_used
        copy.plays = self.plays
        copy.stayed = self.stayed
        copy.may_go_back = self.may_go_back
        copy.card = self.card
        copy.card_deck = self.card_deck
        copy.attack = self.attack
        copy.hell_nos = self.hell_nos
        copy.events = self.events
        copy.winner = self.winner
        copy.over = self.over
        return copy

    def determinize(self, seat: int, rng: Rng) -> RouteEastState:
        """Deal anew what `seat` cannot see: deck orders, others' Action cards and hidden
        attractions, the future dice."""
        from tabletrip.games.route_east.hidden import determinize

        return determinize(self, seat, rng)


_LIST_FIELDS = (
    "pos",
    "country",
    "money",
    "fuel",
    "visited",
    "status",
    "status_turns",
    "night_cost",
    "turns",
    "bankruptcies",
    "embassy_stays",
    "landed",
)
_SCALAR_FIELDS = (
    "fuel_supply",
    "first_player",
    "seat",
    "after",
    "moves_left",
    "moves_used",
    "plays",
    "stayed",
    "may_go_back",
    "card",
    "card_deck",
    "hell_nos",
    "winner",
    "over",
)

# Fields a state saved before they existed loads with.
_SCALAR_DEFAULTS: dict[str, Any] = {"may_go_back": False}

_MOVES: dict[type[Action], Callable[[RouteEastState, Any], None]] = {
    DrawIgnition: RouteEastState._draw_ignition,
    DrawBorder: RouteEastState._draw_border,
    Cross: RouteEastState._cross,
    Stay: RouteEastState._stay,
    Move: RouteEastState._move,
    TakeAction: RouteEastState._take,
    Play: RouteEastState._play,
    FreightTrain: RouteEastState._train,
    Discard: RouteEastState._discard,
    ChooseTarget: RouteEastState._choose_target,
    HellNo: RouteEastState._hell_no,
    Accept: RouteEastState._accept,
    EndTurn: RouteEastState._end,
    Camp: RouteEastState._camp,
    RollToLeave: RouteEastState._roll_to_leave,
    Sail: RouteEastState._sail,
}

__all__ = ["GAME_ID", "RouteEastGame", "RouteEastState", "deal_attractions"]
