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

from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any

from tabletrip.core import Action, Deck, Game, GameInfo, JsonDict, OptionSpec, Result, Rng, State
from tabletrip.core.content import Content
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
    ATTRACTION,
    BORDER,
    CONTENT_FILES,
    DIRT,
    TARGETED,
    Board,
    Decks,
    board_of,
    decks_of,
    shipped_file,
)
from tabletrip.games.route_east.moves import MOVE_FUNCTIONS, begin_turn, event, settle
from tabletrip.games.route_east.nights import play_strands, tent_needed, tent_to_keep
from tabletrip.games.route_east.phases import (
    AT_SEA,
    CROSS,
    DISCARD,
    EMBASSY,
    EVENT_LOG,
    FREE,
    FREE_PLAY_KINDS,
    HAND_LIMIT,
    MOVES,
    PHASE_NAMES,
    PLAYS_PER_TURN,
    RESPOND,
    SENT,
    START,
    STUCK,
    TARGET,
)
from tabletrip.games.route_east.scoring import Race, race_result

if TYPE_CHECKING:
    from tabletrip.games.route_east.hidden import Deal

GAME_ID = "route-east"
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
        # (card, kind) of the Action cards played free of moves, in card order
        self.free_play_cards = tuple(
            (card, kind) for card, kind in enumerate(self.kind_of_card) if kind in FREE_PLAY_KINDS
        )
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
        begin_turn(state, first)
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
    # Every event so far as a chain (earlier chain, event), shared by copies: `event` adds one
    # without copying the log, and `events` reads the latest EVENT_LOG off its end.
    log: tuple[Any, Event] | None
    winner: int
    over: bool
    # What determinizing this position deals from (hidden.deal_of), until a move is played;
    # a copy starts without it.
    deal_memo: Deal | None = None

    @property
    def events(self) -> tuple[Event, ...]:
        """The latest events (at most EVENT_LOG), oldest first."""
        latest: list[Event] = []
        node = self.log
        while node is not None and len(latest) < EVENT_LOG:
            node, last = node
            latest.append(last)
        latest.reverse()
        return tuple(latest)

    @events.setter
    def events(self, events: tuple[Event, ...]) -> None:
        log: tuple[Any, Event] | None = None
        for logged in events:
            log = (log, logged)
        self.log = log

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
        kind = board.kinds[here]
        if has_tent and kind == ATTRACTION:
            actions.append(game.camp)
        if kind == BORDER and pass_crossing_problem(self) is None:
            actions.append(game.cross_with_pass)
        return actions

    def _add_free_plays(self, actions: list[Action]) -> None:
        """The Action cards playable now at no cost in moves (at most 2 plays a turn)."""
        if self.plays >= PLAYS_PER_TURN:
            return
        game = self.game
        seat = self.seat
        hand = self.hands[seat]
        last_play_needs_tent: bool | None = None  # worked out when a card needs it
        targets: list[int] | None = None
        for card, kind in game.free_play_cards:
            if not hand[card]:
                continue
            if last_play_needs_tent is None:
                last_play_needs_tent = self.plays == PLAYS_PER_TURN - 1 and tent_needed(
                    self, self.moves_left
                )
            if last_play_needs_tent and play_strands(self, card):
                continue
            if kind in TARGETED:
                if targets is None:
                    targets = self.targets_for(seat)
                plays = game.plays[card]
                actions.extend(plays[t + 1] for t in targets)
            elif kind != "fuel" or self.fuel_supply:
                actions.append(game.plays[card][0])

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
        MOVE_FUNCTIONS[type(action)](self, action)
        if not self.over and self.phase == MOVES:
            settle(self)

    def random_action(self, rng: Rng) -> Action:
        """Exactly `rng.choice(self.legal_actions())`, inlined (random play's hot path)."""
        actions = self.legal_actions()
        return actions[rng.below(len(actions))]

    def apply_legal(self, action: Action) -> None:
        """`State.apply_legal` with `current_player` and `_apply` inlined (the hot path of
        random play and playouts): plays an action of this state's `legal_actions()`."""
        if self.phase == RESPOND and self.attack is not None:
            seat = self.current_player
        else:
            seat = self.seat
        MOVE_FUNCTIONS[type(action)](self, action)
        if not self.over and self.phase == MOVES:
            settle(self)
        self._history = (self._history, seat, action)

    # --- derived facts -----------------------------------------------------------------------

    def roll_for_first_player(self) -> int:
        """Everyone rolls; the highest goes first (ties roll again)."""
        contenders = list(range(self.game.players))
        while True:
            rolls = [(self.rng.roll(), seat) for seat in contenders]
            event(self, "first_roll", tuple(r for r, _ in rolls), tuple(contenders))
            best = max(r for r, _ in rolls)
            contenders = [seat for r, seat in rolls if r == best]
            if len(contenders) == 1:
                return contenders[0]

    def holds(self, seat: int, kind: str) -> bool:
        """Whether `seat` holds an Action card of this effect kind."""
        hand = self.hands[seat]
        # A loop, not any() over a generator: this is on every legal-move list's path.
        for card in self.game.cards_of_kind.get(kind, ()):  # noqa: SIM110
            if hand[card]:
                return True
        return False

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
        mask = self.visited[seat]
        for attraction in self.attractions[seat]:  # noqa: SIM110 (a loop is faster than all())
            if not mask >> attraction & 1:
                return False
        return True

    def unvisited(self, seat: int) -> list[int]:
        """The seat's attraction ids not visited yet."""
        mask = self.visited[seat]
        return [a for a in self.attractions[seat] if not mask >> a & 1]

    @property
    def result(self) -> Result | None:
        """The first to Shanghai with every attraction visited wins (scoring.py)."""
        if not self.over:
            return None
        races = [
            Race(
                attractions=len(self.attractions[seat]),
                visited=len(self.attractions[seat]) - len(self.unvisited(seat)),
                turns=self.turns[seat],
                bankruptcies=self.bankruptcies[seat],
                embassy_stays=self.embassy_stays[seat],
                money=self.money[seat],
                fuel=self.fuel[seat],
            )
            for seat in range(self.game.players)
        ]
        return race_result(races, self.winner)

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
        """Open, drawing or private, as `hidden.move_disclosure` reads the move."""
        from tabletrip.games.route_east.hidden import move_disclosure

        assert isinstance(after, RouteEastState)
        return move_disclosure(self, action, after)

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
        copy = self.copy_but_piles()
        copy.ignition = self.ignition.clone()
        copy.border = self.border.clone()
        copy.action = self.action.clone()
        copy.atm = self.atm.clone()
        return copy

    def copy_but_piles(self) -> RouteEastState:
        """A copy of everything but the four piles (Ignition, Border, Action, ATM), which the
        caller gives it: `clone`, and `determinize`, which deals three of them anew."""
        copy = RouteEastState.__new__(RouteEastState)
        self._copy_base(copy)
        copy.rng = Rng(self.rng.state)
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
        copy.log = self.log
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


__all__ = ["GAME_ID", "RouteEastGame", "RouteEastState", "deal_attractions"]
