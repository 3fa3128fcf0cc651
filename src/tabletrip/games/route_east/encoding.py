"""Route East for learning agents: a fixed action space and observation vector (issue 11).

`describe_encoding(encoding_for(game))` prints the tables below for one configuration; this
page says how they are built. `S` is the number of board spaces (323 on the built-in board),
`K` the number of Action card kinds (11), `A` the Attraction cards (32), `C` the countries
(16), `P` the players. Spaces, Action cards, attractions, countries and Ignition/Border cards
are numbered in their content order: `game.static_info()` lists `spaces`, `action_cards`,
`attractions`, `countries`, `ignition_cards` and `border_cards` in exactly that order.

## Action space: `991 + 12 * P` indices (1015 with 2 players, 1051 with 5)

No decision of Route East is huge: the engine already splits every choice into single steps
(one space a move, one card a discard, one Hell no! an answer), and the biggest one, a
Freight Train's destination, is a space. So every action has a fixed index and no capped
candidate list is needed:

- 0-11, one index each: 0 `ignition` (draw an Ignition card), 1 `border` (draw a Border card
  at a Border), 2 `cross` (after the Border card, paying a Fuel Token unless waved through),
  3 `cross-pass` (cross with a Border Pass: after a Border card, or mid-turn on arriving),
  4 `stay` (decline to cross), 5 `take` (spend a move on an Action card), 6 `end`, 7 `camp`
  (play a Tent on an attraction), 8 `roll` (for a 6 at an Embassy), 9 `sail` (roll on the
  Caspian boat), 10 `accept`, 11 `hell-no` (the answers to a card aimed at you).
- `12 + s`: move to space `s`, one road away.
- `12 + S + s`: move to space `s` along a dirt road with a Magic Roll.
- `12 + 2S + s`: ride a Freight Train to space `s` (first move; ends the turn).
- `12 + 3S + c * P + k`: play Action card kind `c`, aimed at nobody (`k = 0`) or at the seat
  `k = 1..P-1` places after the player to move, seat `(mover + k) % P`.
- `12 + 3S + K * P + c`: discard Action card kind `c` (over the hand limit of 5).
- `12 + 3S + K * P + K + k - 1`: aim the Ignition card's theft at the seat `k = 1..P-1`
  places after the player to move.

Seats in actions count from the player to move, so one network plays every seat. Every index
in range decodes to an action; those outside the mask are actions the rules refuse (a card
not in hand, a space not one road away, `k = 0` for a card that must be aimed, ...).

## Observation vector: `119 + 420 * P` values (959 with 2 players, 2219 with 5)

Built from `state.observation(seat)` alone. Seat-relative throughout: a per-seat field holds
`P` consecutive blocks, the observing seat first, then the following seats in turn order
(block `i` is seat `(seat + i) % P`); a "relative seat" one-hot has `P` entries in that
order. In order: the phase, who decides and whose turn it is, the turn's moves, plays and
declined crossing, the card drawn this turn, the card aimed at a player (kind, amount,
attacker, target, Hell no!s so far), deck sizes, the Fuel supply, the end and the winner;
the observer's own Action cards by kind and own unvisited attractions (and their
countries); then per seat: space, country, money, Fuel Tokens, Action card count, status
(free, sent to an Embassy, stuck at an Embassy, at sea) and its turns, attractions held,
visited and the face-up last one, turns begun, bankruptcies.

Values lie in [0, 1]: one-hots, 0/1 sets, and counts or amounts divided by a scale and
clipped at 1 (`scaled`). The scales:

- money `/ 1000` (clipped; a second value, money `/ 100` clipped, resolves what a $25 toll,
  a $50 hotel or a $50 fee can afford); Fuel Tokens `/ 5` (clipped); Action cards held `/ 6`
  (the hand limit 5, plus the one card drawn before a discard); turns begun `/ 150` (the
  engine's turn limit); bankruptcies `/ 10` (clipped); Embassy or boat turns `/ 2`;
  attractions held `/ 6` (the most the options allow);
- moves left and moves used this turn `/ 10` (clipped); Action cards played this turn `/ 2`;
  Hell no!s answered in the current chain `/ 10` (the deck holds 10); the money a card
  steals by the largest theft ($25);
- deck sizes by their full size (Ignition 70, Border 35, Action 70 and its discard pile 70,
  the ATM pile by its size for this player count, 42 to 27); the Fuel supply by its 30.

Left out: the text log of recent events and actions (history: a recurrent policy can keep
its own), and static content (the map and card texts), which the indices refer to.

## Names

`index_names()` and `position_names()` name every index and position from the configured
game's own content (`encoding_names`): `move İzmit`, `train Ankara`, `play Pickpocket on
seat +2`, `discard Hell no!`, `target seat +1`; `card Ignition: Tailwind`, `hand Tent`,
`space seat +1: Sarp`, `visited you: Palmyra`. Seats are named as above: `you` is the
observer (in actions, the player to move), `seat +k` the seat `k` places after it.

## Bounds

`max_length`: the engine stops a game when a seat is about to begin its 151st turn
(`ROUND_LIMIT`, RULES_NOTES.md "Turn limit"), so at most `150 * P` turns are played; the
decisions of one turn are bounded by the rules (`decisions_per_turn`: 53 with the built-in
cards), and each attraction's bonus adds a few more once a game (`bonus_decisions`: 4), so
`max_length = P * (150 * 53 + 4 * attractions each)`. Random play reaches the turn limit in every
game measured: about 945 decisions (max 1016) with 2 players, about 2450 (max 2501) with 5
players and 6 attractions, far under the bound (15,924 and 39,870).

`score_range` is (0, 1): the first to reach Shanghai with every attraction visited scores 1,
every other seat 0, and a game stopped by the turn limit scores 0 for everyone.
"""

from __future__ import annotations

from tabletrip.core import Action, IllegalAction, JsonDict, State
from tabletrip.core.encoding import (
    ActionBlock,
    ActionEncoding,
    Encoding,
    Field,
    ObservationEncoding,
    VectorOut,
)
from tabletrip.games.route_east.actions import ChooseTarget, Play
from tabletrip.games.route_east.content import MOVES_PER_TURN, TARGETED
from tabletrip.games.route_east.encoding_names import action_index_names, observation_position_names
from tabletrip.games.route_east.phases import (
    HAND_LIMIT,
    PHASE_NAMES,
    PLAYS_PER_TURN,
    ROUND_LIMIT,
    STATUS_NAMES,
)
from tabletrip.games.route_east.rules import RouteEastGame, RouteEastState

MAX_ATTRACTIONS = 6  # the largest `attractions` option
MONEY_SCALE = 1000
MONEY_LOW_SCALE = 100
FUEL_SCALE = 5
MOVES_SCALE = 10
BANKRUPTCY_SCALE = 10
HELL_NO_SCALE = 10
STATUS_TURNS_SCALE = 2


class RouteEastActions(ActionEncoding):
    """Route East's action indices for one player count (see the module docstring)."""

    def __init__(self, game: RouteEastGame) -> None:
        board, decks = game.board, game.decks
        players = self._players = game.players
        spaces = len(board.space_ids)
        kinds = len(decks.action)
        self._game = game
        fixed_actions: list[tuple[str, Action, str]] = [
            ("ignition", game.draw_ignition, "draw an Ignition card at the start of the turn"),
            ("border", game.draw_border, "draw a Border card at the start of a turn at a Border"),
            ("cross", game.cross, "cross after the Border card, paying a Fuel Token if asked"),
            (
                "cross-pass",
                game.cross_with_pass,
                "cross with a Border Pass (after a Border card, or mid-turn on arriving)",
            ),
            ("stay", game.stay, "decline to cross after the Border card"),
            ("take", game.take, "spend a move to pick up an Action card"),
            ("end", game.end, "end the turn here"),
            ("camp", game.camp, "play a Tent and spend the night on this attraction"),
            ("roll", game.roll, "stuck at an Embassy: roll for a 6 to leave"),
            ("sail", game.sail, "on the Caspian boat: spend a move rolling for a 6"),
            ("accept", game.accept, "let the card played against you stand"),
            ("hell-no", game.hell_no, "answer the card played against you with a Hell no!"),
        ]
        blocks = [ActionBlock(name, i, 1, text) for i, (name, _, text) in enumerate(fixed_actions)]
        self._fixed_list: list[Action] = [action for _, action, _ in fixed_actions]
        self.move_start = len(blocks)
        self.magic_start = self.move_start + spaces
        self.train_start = self.magic_start + spaces
        self.play_start = self.train_start + spaces
        self.discard_start = self.play_start + kinds * players
        self.target_start = self.discard_start + kinds
        blocks += [
            ActionBlock(
                "move",
                self.move_start,
                spaces,
                f"move to space s (board order) one road away: {self.move_start} + s",
            ),
            ActionBlock(
                "magic-move",
                self.magic_start,
                spaces,
                f"move to space s along a dirt road with a Magic Roll: {self.magic_start} + s",
            ),
            ActionBlock(
                "train",
                self.train_start,
                spaces,
                f"ride a Freight Train to space s (first move, ends the turn): "
                f"{self.train_start} + s",
            ),
            ActionBlock(
                "play",
                self.play_start,
                kinds * players,
                f"play Action card kind c (content order): {self.play_start} + c * {players} + k, "
                f"k = 0 aimed at nobody, k = 1..{players - 1} aimed at the seat k places after "
                "the player to move",
            ),
            ActionBlock(
                "discard",
                self.discard_start,
                kinds,
                f"over the hand limit, discard Action card kind c: {self.discard_start} + c",
            ),
            ActionBlock(
                "target",
                self.target_start,
                players - 1,
                f"aim the Ignition card's theft at the seat k places after the player to move: "
                f"{self.target_start} + k - 1, k = 1..{players - 1}",
            ),
        ]
        self.blocks = tuple(blocks)
        # State-independent actions: a dict lookup encodes them.
        self._fixed: dict[Action, int] = {a: i for i, a in enumerate(self._fixed_list)}
        for s in range(spaces):
            self._fixed[game.moves[s]] = self.move_start + s
            self._fixed[game.magic_moves[s]] = self.magic_start + s
            self._fixed[game.trains[s]] = self.train_start + s
        for c in range(kinds):
            self._fixed[game.discards[c]] = self.discard_start + c
        self._card = {card.id: c for c, card in enumerate(decks.action)}

    def encode(self, action: Action, state: State) -> int:
        """The index of a legal action; seats count from the player to move."""
        if isinstance(action, Play):
            card = self._card.get(action.card)
            target = action.target
            if card is None or target == state.current_player:
                raise IllegalAction(f"{action} has no index")
            k = 0 if target < 0 else (target - state.current_player) % self._players
            return self.play_start + card * self._players + k
        if isinstance(action, ChooseTarget):
            k = (action.seat - state.current_player) % self._players
            if k == 0:
                raise IllegalAction(f"{action} has no index: a theft is aimed at another seat")
            return self.target_start + k - 1
        index = self._fixed.get(action)
        if index is None:
            raise IllegalAction(f"{action} has no index")
        return index

    def decode(self, index: int, state: State) -> Action:
        """The action an index stands for; seats count from the player to move."""
        game = self._game
        if index < 0 or index >= self.size:
            raise IllegalAction(f"action index {index} is outside 0..{self.size - 1}")
        if index < self.move_start:
            return self._fixed_list[index]
        if index < self.magic_start:
            return game.moves[index - self.move_start]
        if index < self.train_start:
            return game.magic_moves[index - self.magic_start]
        if index < self.play_start:
            return game.trains[index - self.train_start]
        players = self._players
        mover = state.current_player
        if index < self.discard_start:
            card, k = divmod(index - self.play_start, players)
            return game.play(card, -1 if k == 0 else (mover + k) % players)
        if index < self.target_start:
            return game.discards[index - self.discard_start]
        return game.targets[(mover + index - self.target_start + 1) % players]

    def index_names(self) -> list[str]:
        """Every index in the game's words: `move İzmit`, `play Pickpocket on seat +2`."""
        return action_index_names(self._game, self.blocks)


class RouteEastObservations(ObservationEncoding):
    """Route East's observation vector for one configuration (see the module docstring)."""

    def __init__(self, game: RouteEastGame) -> None:
        board, decks = game.board, game.decks
        self._game = game
        players = self._players = game.players
        spaces = self._spaces = len(board.space_ids)
        countries = self._countries = len(board.countries)
        attractions = self._attractions = len(board.attractions)
        kinds = len(decks.action)
        self._space = board.index
        self._country = {c: i for i, c in enumerate(board.countries)}
        self._attraction_country = [a.country for a in board.attractions]
        self._attraction_id = [a.id for a in board.attractions]
        self._phase = {name: i for i, name in enumerate(PHASE_NAMES)}
        self._status = {name: i for i, name in enumerate(STATUS_NAMES)}
        self._hand = {card.id: c for c, card in enumerate(decks.action)}
        self._attack = {kind: i for i, kind in enumerate(sorted(TARGETED))}
        self._card: dict[tuple[str, str], int] = {}
        for deck_name, cards, offset in (
            ("ignition", decks.ignition, 0),
            ("border", decks.border, len(decks.ignition)),
        ):
            for i, spec in enumerate(cards):
                if (deck_name, spec.name) in self._card:
                    raise ValueError(f"two {deck_name} cards are named {spec.name!r}")
                self._card[(deck_name, spec.name)] = offset + i
        steals = [e.amount for c in decks.ignition for e in c.effects if e.kind == "steal_money"]
        steals += [c.effect.amount for c in decks.action if c.effect.kind == "steal_money"]
        self._steal_scale = max(steals, default=25)
        self._deck_scales = {
            "ignition": sum(c.count for c in decks.ignition),
            "border": sum(c.count for c in decks.border),
            "action": sum(c.count for c in decks.action),
            "action_discards": sum(c.count for c in decks.action),
            "atm": max(1, len(game.atm_cards)),
        }
        self._fuel_scale = decks.fuel_tokens
        self._hand_scale = HAND_LIMIT + 1
        rel = "relative seat (observer first, then the following seats in turn order)"
        per_seat = "per seat, observer first then the following seats in turn order"
        attack_kinds = ", ".join(sorted(TARGETED))
        deck_names = ", ".join(f"{name} /{scale}" for name, scale in self._deck_scales.items())
        self.fields = (
            Field("phase", len(PHASE_NAMES), 0, 1, f"one-hot: {', '.join(PHASE_NAMES)}"),
            Field("to_move", players, 0, 1, f"one-hot {rel} of the player to decide now"),
            Field("turn_of", players, 0, 1, f"one-hot {rel} whose turn it is"),
            Field("moves_left", 1, 0, 1, f"moves left this turn / {MOVES_SCALE}, clipped"),
            Field("moves_used", 1, 0, 1, f"moves used this turn / {MOVES_SCALE}, clipped"),
            Field("plays", 1, 0, 1, f"Action cards played this turn / {PLAYS_PER_TURN} (limit)"),
            Field("declined", 1, 0, 1, "1 if the turn's player declined to cross today"),
            Field(
                "card",
                len(self._card),
                0,
                1,
                f"one-hot of the card drawn this turn: Ignition cards 0-{len(decks.ignition) - 1}"
                f", then Border cards (content order); zeros if none",
            ),
            Field(
                "attack_kind",
                len(self._attack),
                0,
                1,
                f"one-hot of the card aimed at a player now ({attack_kinds}); zeros if none",
            ),
            Field(
                "attack_amount",
                1,
                0,
                1,
                f"money the card aimed at a player steals / {self._steal_scale} (0 for the rest)",
            ),
            Field("attacker", players, 0, 1, f"one-hot {rel} of the attack's player"),
            Field("attack_target", players, 0, 1, f"one-hot {rel} of the attack's target"),
            Field("hell_nos", 1, 0, 1, f"Hell no!s played in this answer chain / {HELL_NO_SCALE}"),
            Field("decks", 5, 0, 1, f"cards left: {deck_names}"),
            Field("fuel_supply", 1, 0, 1, f"Fuel Tokens in the supply / {self._fuel_scale}"),
            Field("over", 1, 0, 1, "1 once the game is over"),
            Field("winner", players, 0, 1, f"one-hot {rel} of the winner; zeros if none"),
            Field(
                "hand",
                kinds,
                0,
                1,
                f"own Action cards of each kind (content order) / {self._hand_scale}",
            ),
            Field(
                "own_unvisited",
                attractions,
                0,
                1,
                "own attractions (by id) not yet visited, face down or face up",
            ),
            Field(
                "own_unvisited_countries",
                countries,
                0,
                1,
                "countries (content order) holding an own unvisited attraction",
            ),
            Field(
                "space",
                players * spaces,
                0,
                1,
                f"{per_seat}: one-hot of the space the piece is on, at block * {spaces} + s",
            ),
            Field(
                "country",
                players * countries,
                0,
                1,
                f"{per_seat}: one-hot of the country the piece is in (on a Border: the side "
                f"it stands on; on the boat: the country it sailed from), block * {countries} + c",
            ),
            Field("money", players, 0, 1, f"{per_seat}: money / {MONEY_SCALE}, clipped"),
            Field("money_low", players, 0, 1, f"{per_seat}: money / {MONEY_LOW_SCALE}, clipped"),
            Field("fuel", players, 0, 1, f"{per_seat}: Fuel Tokens / {FUEL_SCALE}, clipped"),
            Field(
                "action_cards",
                players,
                0,
                1,
                f"{per_seat}: Action cards held / {self._hand_scale}",
            ),
            Field(
                "status",
                players * len(STATUS_NAMES),
                0,
                1,
                f"{per_seat}: one-hot of {', '.join(STATUS_NAMES)}, block * "
                f"{len(STATUS_NAMES)} + status",
            ),
            Field(
                "status_turns",
                players,
                0,
                1,
                f"{per_seat}: turns rolled at the Embassy or begun on the boat / "
                f"{STATUS_TURNS_SCALE}",
            ),
            Field(
                "attractions",
                players,
                0,
                1,
                f"{per_seat}: Attraction cards held / {MAX_ATTRACTIONS}",
            ),
            Field(
                "visited",
                players * attractions,
                0,
                1,
                f"{per_seat}: attractions (by id) visited and turned face up, "
                f"block * {attractions} + id",
            ),
            Field(
                "last_attraction",
                players * attractions,
                0,
                1,
                f"{per_seat}: the one attraction left to visit, face up (by id); zeros while "
                f"two or more are left, block * {attractions} + id",
            ),
            Field("turns", players, 0, 1, f"{per_seat}: turns begun / {ROUND_LIMIT}"),
            Field(
                "bankruptcies",
                players,
                0,
                1,
                f"{per_seat}: times run out of money / {BANKRUPTCY_SCALE}, clipped",
            ),
        )
        self._at = {name: s.start for name, s in self.field_slices().items()}
        self._size = sum(f.size for f in self.fields)

    def encode(self, observation: JsonDict) -> list[float]:
        """The vector of one seat's observation (fields in the documented order)."""
        players = self._players
        at = self._at
        v = [0.0] * self._size
        seat = observation["seat"]
        v[at["phase"] + self._phase[observation["phase"]]] = 1.0
        v[at["to_move"] + (observation["current_player"] - seat) % players] = 1.0
        v[at["turn_of"] + (observation["turn_of"] - seat) % players] = 1.0
        v[at["moves_left"]] = _scaled(observation["moves_left"], MOVES_SCALE)
        v[at["moves_used"]] = _scaled(observation["moves_used"], MOVES_SCALE)
        v[at["plays"]] = _scaled(observation["action_cards_played"], PLAYS_PER_TURN)
        v[at["declined"]] = 1.0 if observation["declined_crossing"] else 0.0
        card = observation["card"]
        if card is not None:
            v[at["card"] + self._card[(card["deck"], card["name"])]] = 1.0
        attack = observation["attack"]
        if attack is not None:
            v[at["attack_kind"] + self._attack[attack["effect"]]] = 1.0
            v[at["attack_amount"]] = _scaled(attack["amount"], self._steal_scale)
            v[at["attacker"] + (attack["attacker"] - seat) % players] = 1.0
            v[at["attack_target"] + (attack["target"] - seat) % players] = 1.0
            v[at["hell_nos"]] = _scaled(attack["hell_nos"], HELL_NO_SCALE)
        start = at["decks"]
        decks = observation["decks"]
        for i, (name, scale) in enumerate(self._deck_scales.items()):
            v[start + i] = _scaled(decks[name], scale)
        v[at["fuel_supply"]] = _scaled(observation["fuel_supply"], self._fuel_scale)
        v[at["over"]] = 1.0 if observation["over"] else 0.0
        winner = observation["winner"]
        if winner is not None:
            v[at["winner"] + (winner - seat) % players] = 1.0
        start = at["hand"]
        for card_id, count in observation["hand"].items():
            v[start + self._hand[card_id]] = _scaled(count, self._hand_scale)
        for attraction in observation["attractions"]:
            if not attraction["visited"]:
                v[at["own_unvisited"] + attraction["id"]] = 1.0
                country = self._attraction_country[attraction["id"]]
                v[at["own_unvisited_countries"] + country] = 1.0
        self._encode_seats(observation, v)
        return v

    def encode_state(self, state: State, seat: int) -> list[float]:
        """`encode(state.observation(seat))` read straight from the state (the adapters' hot
        path: no JSON, no log); only what that observation holds (views.py) is read."""
        v = [0.0] * self._size
        self.encode_state_into(state, seat, v)
        return v

    def encode_state_into(self, state: State, seat: int, v: VectorOut) -> None:
        """`encode_state` written into `v` (zeros on entry): only the positions not zero."""
        assert isinstance(state, RouteEastState)
        game = self._game
        players = self._players
        at = self._at
        v[at["phase"] + state.phase] = 1.0
        v[at["to_move"] + (state.current_player - seat) % players] = 1.0
        v[at["turn_of"] + (state.seat - seat) % players] = 1.0
        v[at["moves_left"]] = _scaled(state.moves_left, MOVES_SCALE)
        v[at["moves_used"]] = _scaled(state.moves_used, MOVES_SCALE)
        v[at["plays"]] = _scaled(state.plays, PLAYS_PER_TURN)
        v[at["declined"]] = 1.0 if state.stayed else 0.0
        if state.card >= 0:  # positions: the Ignition cards, then the Border cards
            offset = 0 if state.card_deck == 1 else len(game.decks.ignition)
            v[at["card"] + offset + state.card] = 1.0
        if state.attack is not None:
            kind, amount, attacker, target = state.attack
            v[at["attack_kind"] + self._attack[kind]] = 1.0
            v[at["attack_amount"]] = _scaled(amount, self._steal_scale)
            v[at["attacker"] + (attacker - seat) % players] = 1.0
            v[at["attack_target"] + (target - seat) % players] = 1.0
            v[at["hell_nos"]] = _scaled(state.hell_nos, HELL_NO_SCALE)
        start = at["decks"]
        scales = self._deck_scales
        v[start] = _scaled(len(state.ignition.cards), scales["ignition"])
        v[start + 1] = _scaled(len(state.border.cards), scales["border"])
        v[start + 2] = _scaled(len(state.action.cards), scales["action"])
        v[start + 3] = _scaled(len(state.action.discards), scales["action_discards"])
        v[start + 4] = _scaled(len(state.atm.cards), scales["atm"])
        v[at["fuel_supply"]] = _scaled(state.fuel_supply, self._fuel_scale)
        v[at["over"]] = 1.0 if state.over else 0.0
        if state.winner >= 0:
            v[at["winner"] + (state.winner - seat) % players] = 1.0
        start = at["hand"]
        for card_kind, count in enumerate(state.hands[seat]):
            if count:
                v[start + card_kind] = _scaled(count, self._hand_scale)
        ids = self._attraction_id
        for attraction in state.unvisited(seat):
            v[at["own_unvisited"] + ids[attraction]] = 1.0
            v[at["own_unvisited_countries"] + self._attraction_country[ids[attraction]]] = 1.0
        self._encode_seats_of_state(state, seat, v)

    def _encode_seats_of_state(self, state: RouteEastState, seat: int, v: VectorOut) -> None:
        """`_encode_seats` read from the state."""
        players = self._players
        at = self._at
        spaces, countries, attractions = self._spaces, self._countries, self._attractions
        statuses = len(STATUS_NAMES)
        ids = self._attraction_id
        for block in range(players):
            other = (seat + block) % players
            v[at["space"] + block * spaces + state.pos[other]] = 1.0
            v[at["country"] + block * countries + state.country[other]] = 1.0
            money = state.money[other]
            v[at["money"] + block] = _scaled(money, MONEY_SCALE)
            v[at["money_low"] + block] = _scaled(money, MONEY_LOW_SCALE)
            v[at["fuel"] + block] = _scaled(state.fuel[other], FUEL_SCALE)
            v[at["action_cards"] + block] = _scaled(sum(state.hands[other]), self._hand_scale)
            v[at["status"] + block * statuses + state.status[other]] = 1.0
            v[at["status_turns"] + block] = _scaled(state.status_turns[other], STATUS_TURNS_SCALE)
            held = state.attractions[other]
            v[at["attractions"] + block] = _scaled(len(held), MAX_ATTRACTIONS)
            mask = state.visited[other]
            start = at["visited"] + block * attractions
            for attraction in held:
                if mask >> attraction & 1:
                    v[start + ids[attraction]] = 1.0
            unvisited = state.unvisited(other)
            if len(unvisited) == 1:
                v[at["last_attraction"] + block * attractions + ids[unvisited[0]]] = 1.0
            v[at["turns"] + block] = _scaled(state.turns[other], ROUND_LIMIT)
            v[at["bankruptcies"] + block] = _scaled(state.bankruptcies[other], BANKRUPTCY_SCALE)

    def position_names(self) -> list[str]:
        """Every position in the game's words: `hand Tent`, `space seat +1: Sarp`."""
        return observation_position_names(self._game, self.fields, tuple(self._deck_scales))

    def _encode_seats(self, observation: JsonDict, v: list[float]) -> None:
        """The per-seat fields, observer first."""
        players = self._players
        at = self._at
        seat = observation["seat"]
        seats = observation["seats"]
        spaces, countries, attractions = self._spaces, self._countries, self._attractions
        statuses = len(STATUS_NAMES)
        for block in range(players):
            data = seats[(seat + block) % players]
            v[at["space"] + block * spaces + self._space[data["space"]]] = 1.0
            v[at["country"] + block * countries + self._country[data["country"]]] = 1.0
            money = data["money"]
            v[at["money"] + block] = _scaled(money, MONEY_SCALE)
            v[at["money_low"] + block] = _scaled(money, MONEY_LOW_SCALE)
            v[at["fuel"] + block] = _scaled(data["fuel"], FUEL_SCALE)
            v[at["action_cards"] + block] = _scaled(data["action_cards"], self._hand_scale)
            v[at["status"] + block * statuses + self._status[data["status"]]] = 1.0
            v[at["status_turns"] + block] = _scaled(data["status_turns"], STATUS_TURNS_SCALE)
            v[at["attractions"] + block] = _scaled(data["attractions"], MAX_ATTRACTIONS)
            start = at["visited"] + block * attractions
            for attraction in data["visited"]:
                v[start + attraction["id"]] = 1.0
            last = data["last_attraction"]
            if last is not None:
                v[at["last_attraction"] + block * attractions + last["id"]] = 1.0
            v[at["turns"] + block] = _scaled(data["turns"], ROUND_LIMIT)
            v[at["bankruptcies"] + block] = _scaled(data["bankruptcies"], BANKRUPTCY_SCALE)


def _scaled(value: float, top: float) -> float:
    """`value / top` clipped to [0, 1] (as `tabletrip.core.encoding.scaled`)."""
    if value <= 0:
        return 0.0
    return 1.0 if value >= top else value / top


def decisions_per_turn(game: RouteEastGame) -> int:
    """An upper bound of the decisions (all seats) from one turn's start to the next turn's.

    A turn holds at most: 1 Embassy roll; 1 card to start it; 1 choice of a theft's victim;
    answers to at most 1 + 2 cards aimed at a player (the Ignition card and 2 plays), each
    answered by at most every Hell no! card in the deck and an `accept`; the discards of the
    Ignition card's free Action cards; 1 cross-or-stay; `moves` moves, picks (each maybe
    followed by a discard) or sails; 2 plays of Action cards; 1 end. `moves` is 3 plus the
    best Ignition or Border card bonus (one card starts a turn) plus 2 plays of the best
    moves card. Attraction bonuses come once a game per attraction (`bonus_decisions`).
    """
    decks = game.decks
    hell_nos = sum(c.count for c in decks.action if c.effect.kind == "hell_no")
    card_moves = max(
        [e.amount for c in (*decks.ignition, *decks.border) for e in c.effects if e.kind == "moves"]
        + [0]
    )
    play_moves = max([c.effect.amount for c in decks.action if c.effect.kind == "moves"] + [0])
    free_cards = max(
        [e.amount for c in decks.ignition for e in c.effects if e.kind == "draw_action"] + [0]
    )
    moves = MOVES_PER_TURN + card_moves + PLAYS_PER_TURN * play_moves
    attacks = 1 + PLAYS_PER_TURN
    return (
        1  # roll to leave an Embassy
        + 1  # the Ignition or Border card
        + 1  # the victim of the Ignition card's theft
        + attacks * (hell_nos + 1)  # Hell no!s and the accept closing each chain
        + free_cards  # discards after the Ignition card's free Action cards
        + 1  # cross or stay
        + 2 * moves  # each move spent, a pick-up maybe followed by a discard
        + PLAYS_PER_TURN  # plays that spend no move
        + 1  # end the turn
    )


def bonus_decisions(game: RouteEastGame) -> int:
    """An upper bound of the extra decisions one attraction's bonus allows, once a game:
    each bonus move (a move or a pick-up and its discard) or each free Action card's discard."""
    return max(
        [2 * a.bonus.amount for a in game.board.attractions if a.bonus.kind == "moves"]
        + [a.bonus.amount for a in game.board.attractions if a.bonus.kind == "draw_action"]
        + [0]
    )


def make_encoding(game: RouteEastGame) -> Encoding:
    """The encodings of one Route East configuration (players and attractions each)."""
    # At most ROUND_LIMIT turns a seat (the engine stops the game before a seat's 151st), each
    # within `decisions_per_turn`, plus every seat's attraction bonuses once a game.
    per_seat = ROUND_LIMIT * decisions_per_turn(game) + game.attraction_count * bonus_decisions(
        game
    )
    return Encoding(
        RouteEastActions(game),
        RouteEastObservations(game),
        max_length=game.players * per_seat,
        score_range=(0.0, 1.0),
    )
