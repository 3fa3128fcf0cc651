"""Ticket to Ride rules: the USA map and the Europe Express edition, every rule of each.

The two rulebooks differ, and each map file carries its edition's numbers, so one engine
serves both: `board.locomotive_pile` selects Europe Express's separate Locomotive pile and
action (and turns off the face-up Locomotive rules), `single_double_up_to` the player counts
where only one route of a double may be used, `longest_path_bonus` (0 in Europe Express) and
`express_bonus` the London-Istanbul bonus cards. See RULES_NOTES.md for every choice made
where a rulebook is silent.

Phases: SETUP (each seat in turn keeps at least 2 of 3 dealt tickets; others' choices stay
hidden until all have chosen), TURN, SECOND_DRAW (after a first train card), KEEP (after
drawing tickets).
"""

from __future__ import annotations

from importlib.resources.abc import Traversable
from itertools import combinations
from typing import Any

from tabletrip.core import Action, Deck, Game, GameInfo, JsonDict, OptionSpec, Result, Rng, State
from tabletrip.core.content import Content
from tabletrip.core.game import DRAWING_MOVE, OPEN_MOVE, PRIVATE_MOVE
from tabletrip.core.rng import loose_count, mix_seed
from tabletrip.games.ticket_to_ride import hidden, scoring, views
from tabletrip.games.ticket_to_ride.actions import (
    CODEC,
    Claim,
    DrawBlind,
    DrawTickets,
    KeepTickets,
    Pass,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.checks import CHECKS
from tabletrip.games.ticket_to_ride.content import (
    MAP_FILES,
    Board,
    board_of,
    map_coordinates,
    shipped_map,
)
from tabletrip.games.ticket_to_ride.moves import MOVE_FUNCTIONS, close_route, refill_display
from tabletrip.games.ticket_to_ride.notation import parse_move
from tabletrip.games.ticket_to_ride.phases import (
    FACE_UP,
    HAND_START,
    KEEP,
    KEEP_AT_SETUP,
    KEEP_IN_GAME,
    PHASE_NAMES,
    SECOND_DRAW,
    SETUP,
    TICKETS_OFFERED,
    TURN,
)

GAME_ID = "ticket-to-ride"
STATUS_KEPT = 4096  # the most ticket statuses a game keeps (TicketToRideState.ticket_status)
KEEPS_KEPT = 4096  # the most offers whose ticket choices a game keeps (keep_choices)


class TicketToRideGame(Game):
    """Ticket to Ride on the USA map (2-5 players) or Europe Express (2-4 players)."""

    info = GameInfo(
        id=GAME_ID,
        title="Ticket to Ride",
        min_players=2,
        max_players=5,
        options=(
            OptionSpec(
                "map",
                "usa",
                "usa: the classic USA map; europe-express: the Europe Express edition's rules",
                choices=tuple(MAP_FILES),
            ),
        ),
        summary="Collect train cards, claim routes, connect your destination tickets.",
        content=(
            "The USA map is the published one (public fact); the Europe Express map was "
            "written for tabletrip, not the printed one."
        ),
    )
    codec = CODEC

    def __init__(
        self, players: int, options: dict[str, Any], content: Content | None = None
    ) -> None:
        super().__init__(players, options, content)
        # (a seat's routes as a bit mask, its tickets): each ticket with whether it is connected
        self.ticket_status_memo: dict[
            tuple[int, tuple[int, ...]], tuple[tuple[int, bool], ...]
        ] = {}
        self.board: Board = board_of(self.content, options["map"])
        board = self.board
        self.card_index = {name: i for i, name in enumerate(board.card_names)}
        self.loco = board.loco
        self.lengths = tuple(route.length for route in board.routes)
        self.route_cities = tuple(1 << route.a | 1 << route.b for route in board.routes)
        self.longest = max(self.lengths)
        self.all_routes = (1 << len(board.routes)) - 1
        self.routes_upto = self._build_routes_upto()
        # [card][n]: the routes of exactly length n that `card` may pay for
        self.routes_of_length = tuple(
            tuple(upto[n] & ~upto[n - 1] if n else 0 for n in range(self.longest + 1))
            for upto in self.routes_upto
        )
        self.claim_table = self._build_claim_table()
        self.blind = DrawBlind()
        self.take = tuple(TakeFaceUp(name) for name in board.card_names)
        self.take_locomotive = TakeLocomotive()
        self.draw_tickets = DrawTickets()
        self.pass_turn = Pass()
        self._keeps: dict[tuple[int, ...], KeepTickets] = {}
        # (offer, fewest kept): every KeepTickets choice, in `legal_actions` order
        self._keep_choices: dict[tuple[tuple[int, ...], int], tuple[KeepTickets, ...]] = {}

    @classmethod
    def content_files(cls, options: dict[str, Any]) -> dict[str, Traversable]:
        """The one map file of the chosen map."""
        return {MAP_FILES[options["map"]]: shipped_map(options["map"])}

    @classmethod
    def every_content_file(cls) -> dict[str, Traversable]:
        """Both map files."""
        return {name: shipped_map(map_id) for map_id, name in MAP_FILES.items()}

    @classmethod
    def player_range(
        cls, options: dict[str, Any], content: Content | None = None
    ) -> tuple[int, int]:
        """USA: 2-5 players; Europe Express: 2-4 (an own map says its own)."""
        if content is None:
            content = cls.content_for(options, None)
        board = board_of(content, options["map"])
        return board.min_players, board.max_players

    def _build_routes_upto(self) -> tuple[tuple[int, ...], ...]:
        """`[card][n]`: bit mask of the routes of length <= n that `card` may pay for.

        A colour card pays for routes of its colour and gray routes; the Locomotive for all.
        """
        board = self.board
        table = []
        for card, name in enumerate(board.card_names):
            accepted = [
                r for r in board.routes if card == board.loco or r.is_gray or r.color == name
            ]
            table.append(
                tuple(
                    sum(1 << r.id for r in accepted if r.length <= n)
                    for n in range(self.longest + 1)
                )
            )
        return tuple(table)

    def _build_claim_table(self) -> tuple[tuple[tuple[Claim, ...], ...], ...]:
        """Every Claim action, made once: `[route][card][locomotives]`.

        For a colour card the tuple is indexed by the number of Locomotives (0 to length-1);
        for the Locomotive card it holds the one all-Locomotive claim. Colours a route does
        not accept get an empty tuple.
        """
        board = self.board
        table = []
        for route in board.routes:
            name = board.route_name(route)
            per_card: list[tuple[Claim, ...]] = []
            for card, card_name in enumerate(board.card_names):
                if card == board.loco:
                    per_card.append((Claim(route.id, name, card_name, route.length),))
                elif route.is_gray or route.color == card_name:
                    per_card.append(
                        tuple(Claim(route.id, name, card_name, n) for n in range(route.length))
                    )
                else:
                    per_card.append(())
            table.append(tuple(per_card))
        return tuple(table)

    def claim(self, route: int, card: int, locomotives: int) -> Claim:
        """The shared Claim action for a route paid in `card` (colour index) plus Locomotives.

        Only for payments the route accepts (its colour or, if gray, any; or all Locomotives).
        """
        per_card = self.claim_table[route][card]
        return per_card[0] if card == self.board.loco else per_card[locomotives]

    def keep_choices(self, offer: list[int], least: int) -> tuple[KeepTickets, ...]:
        """The (shared) choices of an offer: keep all, then fewer, down to `least`."""
        key = (tuple(offer), least)
        found = self._keep_choices.get(key)
        if found is None:
            if len(self._keep_choices) >= KEEPS_KEPT:
                self._keep_choices.clear()
            found = self._keep_choices[key] = tuple(
                self.keep(kept)
                for size in range(len(offer), least - 1, -1)
                for kept in combinations(sorted(offer), size)
            )
        return found

    def keep(self, tickets: tuple[int, ...]) -> KeepTickets:
        """The (shared) KeepTickets action for these ticket ids."""
        action = self._keeps.get(tickets)
        if action is None:
            names = tuple(self.board.ticket_name(self.board.tickets[t]) for t in tickets)
            action = self._keeps[tickets] = KeepTickets(tickets, names)
        return action

    def parse_action(self, text: str, state: State) -> Action:
        """A move typed by a person: exact notation or the short forms of `notation.py`."""
        return parse_move(text, state)  # type: ignore[arg-type]

    def new_game(self, seed: int = 0) -> TicketToRideState:
        """Shuffle, deal 4 cards and 3 tickets each, turn up 5 cards."""
        board = self.board
        rng = Rng(mix_seed(GAME_ID, board.map, self.players, seed))
        cards = [c for c, n in enumerate(board.color_counts) for _ in range(n)]
        loco_pile = board.locomotives if board.locomotive_pile else 0
        if not board.locomotive_pile:
            cards += [board.loco] * board.locomotives
        deck: Deck[int] = Deck(cards)
        deck.shuffle(rng)
        size = len(board.card_names)
        hands = [[0] * size for _ in range(self.players)]
        for hand in hands:
            for card in deck.draw_many(HAND_START, rng):
                hand[card] += 1
        ticket_pile = list(range(len(board.tickets)))
        rng.shuffle(ticket_pile)
        offers = [[ticket_pile.pop() for _ in range(TICKETS_OFFERED)] for _ in range(self.players)]
        first = rng.below(self.players) if board.random_first_player else 0
        state = TicketToRideState(self, seed)
        state.rng = rng
        state.deck = deck
        state.face_up = []
        state.hands = hands
        state.known = [[0] * size for _ in range(self.players)]
        state.loco_pile = loco_pile
        state.ticket_pile = ticket_pile
        state.tickets_loose = 0
        state.returned_by = []
        state.tickets = [[] for _ in range(self.players)]
        state.offers = offers
        state.owner = [-1] * len(board.routes)
        state.open_routes = [self.all_routes] * self.players
        state.claimed = [0] * self.players
        state.seat_routes = [[] for _ in range(self.players)]
        state.trains = [board.trains] * self.players
        state.route_points = [0] * self.players
        state.express = [0] * self.players
        state.express_next = 0
        state.phase = SETUP
        state.seat = first
        state.first_player = first
        state.final_turns = -1
        state.passes = 0
        state.over = False
        refill_display(state)
        return state

    def static_info(self) -> JsonDict:
        """The map (cities with coordinates, routes, tickets) and the rules numbers."""
        board = self.board
        return {
            "map": board.map,
            "header": board.header,
            "cities": [
                {"name": name, "lon": lon, "lat": lat, "x": x, "y": y}
                for name, (lon, lat), (x, y) in zip(
                    board.cities, board.lonlat, map_coordinates(board.lonlat), strict=True
                )
            ],
            "routes": [board.route_json(r) for r in board.routes],
            "tickets": [{"id": t.id, **board.ticket_json(t)} for t in board.tickets],
            "train_cards": dict(zip(board.colors, board.color_counts, strict=True)),
            "locomotives": board.locomotives,
            "locomotive_pile": board.locomotive_pile,
            "trains_per_player": board.trains,
            "route_points": {str(k): v for k, v in board.route_points.items()},
            "start_score": board.start_score,
            "longest_path_bonus": board.longest_path_bonus,
            "express_bonus": list(board.express_bonus),
            "express_cities": (
                [board.cities[c] for c in board.express_cities] if board.express_cities else []
            ),
        }

    def _state_from_json(self, data: JsonDict, seed: int) -> TicketToRideState:
        state = TicketToRideState(self, seed)
        state.rng = Rng(data["rng"])
        state.deck = Deck(data["deck"], data["discards"], loose_count(data, "deck_loose", "deck"))
        state.face_up = list(data["face_up"])
        state.hands = [list(h) for h in data["hands"]]
        state.known = [list(k) for k in data["known"]]
        state.loco_pile = data["locomotive_pile"]
        state.ticket_pile = list(data["ticket_pile"])
        state.tickets_loose = loose_count(data, "ticket_pile_loose", "ticket_pile")
        state.returned_by = self._returned_by_from_json(
            data.get("ticket_pile_returned_by"), len(state.ticket_pile)
        )
        state.tickets = [list(t) for t in data["tickets"]]
        state.offers = [list(o) for o in data["offers"]]
        state.owner = list(data["owner"])
        state.open_routes = [self.all_routes] * self.players
        state.claimed = [0] * self.players
        for route, seat in enumerate(state.owner):
            if seat >= 0:
                state.claimed[seat] |= 1 << route
                close_route(state, route, seat)
        state.seat_routes = [list(r) for r in data["seat_routes"]]
        state.trains = list(data["trains"])
        state.route_points = list(data["route_points"])
        state.express = list(data["express"])
        state.express_next = data["express_next"]
        state.phase = PHASE_NAMES.index(data["phase"])
        state.seat = data["seat"]
        state.first_player = data["first_player"]
        state.final_turns = data["final_turns"]
        state.passes = data["passes"]
        state.over = data["over"]
        return state

    def _returned_by_from_json(self, data: Any, pile: int) -> list[int]:
        """`ticket_pile_returned_by` of a state's JSON, checked. A state saved before it
        existed has none: who put the tickets in its pile there is then unknown, as if they
        had been dealt into it (RULES_NOTES.md, Hidden information)."""
        if data is None:
            return []
        if (
            not isinstance(data, list)
            or len(data) > pile
            or not all(type(s) is int and 0 <= s < self.players for s in data)
        ):
            raise ValueError(
                f"ticket_pile_returned_by must list, for at most the {pile} tickets of the "
                f"pile from its bottom up, the seat (0 to {self.players - 1}) that put each there"
            )
        return list(data)


class TicketToRideState(State):
    """A Ticket to Ride game in progress: plain lists of ints, cheap to copy."""

    game: TicketToRideGame
    rng: Rng
    deck: Deck[int]
    face_up: list[int]
    hands: list[list[int]]  # per seat, count of each card index (Locomotive last)
    known: list[list[int]]  # per seat, the part of the hand everyone has seen it take
    loco_pile: int  # Europe Express: Locomotives left in their face-up pile
    ticket_pile: list[int]  # top is the end
    tickets_loose: int  # a determinized copy's: how many top tickets are in no order yet
    # the seat that put each of the bottom tickets of the pile there, bottom first (above
    # them the tickets dealt into it): a seat knows where those it returned lie (determinize)
    returned_by: list[int]
    tickets: list[list[int]]  # kept tickets per seat
    offers: list[list[int]]  # tickets drawn and not yet chosen, per seat
    owner: list[int]  # per route: the seat that claimed it, or -1
    open_routes: list[int]  # per seat, a bit mask of the routes it may still claim
    claimed: list[int]  # per seat, a bit mask of the routes it holds
    seat_routes: list[list[int]]
    trains: list[int]
    route_points: list[int]
    express: list[int]  # Europe Express bonus card value held per seat (0: none)
    express_next: int
    phase: int
    seat: int
    first_player: int
    final_turns: int  # -1 until the end is triggered; then turns left in the game
    passes: int  # consecutive passed turns
    over: bool

    # --- the contract --------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to decide now."""
        return self.seat

    @property
    def is_over(self) -> bool:
        """Whether the final round has been played."""
        return self.over

    @property
    def turn_order(self) -> tuple[int, ...]:
        """The first player, then clockwise: USA seat 0 ("the most experienced traveler starts"),
        Europe Express drawn at random ("randomly decides the starting player")."""
        players = self.game.players
        return tuple((self.first_player + i) % players for i in range(players))

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current seat."""
        if self.over:
            return []
        phase = self.phase
        if phase in (SETUP, KEEP):
            return self._keeps()
        actions = self._other_moves()
        if phase == SECOND_DRAW:
            return actions
        self._add_claims(actions)
        if not actions:
            actions.append(self.game.pass_turn)
        return actions

    def random_action(self, rng: Rng) -> Action:
        """`rng.choice(self.legal_actions())`, found by counting the actions (the claims from
        the bit masks) and building only the one drawn (claims are most of a turn's legal
        actions)."""
        phase = self.phase
        if phase != TURN or self.over:
            if self.over:
                return rng.choice(self.legal_actions())
            if phase == SECOND_DRAW:
                return rng.choice(self._other_moves())
            return rng.choice(self._keep_choices())
        others = self._count_other_moves()
        counted, all_locomotive = self._count_claims()
        total = others + all_locomotive.bit_count()
        for _, _, _, count in counted:
            total += count
        if not total:  # the Pass, drawn as `rng.choice` draws from a list of one
            return rng.choice((self.game.pass_turn,))
        index = rng.below(total)
        if index < others:
            return self._other_moves()[index]
        return self._claim_at(index - others, counted, all_locomotive)

    def apply_legal(self, action: Action) -> None:
        """Play an action of this state's `legal_actions()` or `random_action` unchecked (as
        `State.apply_legal`, with the move function called straight)."""
        seat = self.seat
        MOVE_FUNCTIONS[type(action)](self, action)
        self._history = (self._history, seat, action)

    def _keeps(self) -> list[Action]:
        """The ticket choices of the setup or of a ticket draw: keep all, then fewer."""
        return list(self._keep_choices())

    def _keep_choices(self) -> tuple[KeepTickets, ...]:
        """`_keeps`, shared by every state with the same offer (never change it)."""
        offer = self.offers[self.seat]
        least = min(KEEP_AT_SETUP if self.phase == SETUP else KEEP_IN_GAME, len(offer))
        return self.game.keep_choices(offer, least)

    def _count_other_moves(self) -> int:
        """How many actions a turn's `_other_moves` lists (not in the second draw)."""
        deck = self.deck
        count = 1 + len(set(self.face_up)) if deck.cards or deck.discards else 0
        if self.loco_pile:
            count += 1
        if self.ticket_pile:
            count += 1
        return count

    def _other_moves(self) -> list[Action]:
        """The legal actions of a turn but the claims: card draws, the Locomotive pile, tickets
        (after a first card, only the second card's choices)."""
        game = self.game
        deck = self.deck
        take = game.take
        actions: list[Action] = []
        # "If there are no cards in either pile, you cannot draw Train Car Cards": face-up
        # cards included (RULES_NOTES.md).
        if deck.cards or deck.discards:
            actions.append(game.blind)
            if self.phase == SECOND_DRAW:
                loco = game.loco
                actions += [take[card] for card in dict.fromkeys(self.face_up) if card != loco]
                return actions
            actions += [take[card] for card in dict.fromkeys(self.face_up)]
        if self.loco_pile:
            actions.append(game.take_locomotive)
        if self.ticket_pile:
            actions.append(game.draw_tickets)
        return actions

    # A route of length L paid in a colour held `have` times, with `locos` Locomotives, has
    # one Claim per Locomotive count from max(L - have, 0) to min(L - 1, locos) (a colour card
    # pays at least one space); paid in Locomotives only, one Claim. `_add_claims` and
    # `_count_claims` walk the routes in the same order: colours in card order, routes by id.

    def _add_claims(self, actions: list[Action]) -> None:
        """Append every legal Claim, by card colour; cost grows with the claims found."""
        game = self.game
        seat = self.seat
        hand = self.hands[seat]
        loco = game.loco
        locos = hand[loco]
        trains = self.trains[seat]
        if trains > game.longest:
            trains = game.longest
        open_routes = self.open_routes[seat]
        claim_table = game.claim_table
        lengths = game.lengths
        upto = game.routes_upto
        for card in range(loco):
            have = hand[card]
            if not have:
                continue
            reach = have + locos
            if reach > trains:
                reach = trains
            routes = open_routes & upto[card][reach]
            while routes:  # core.bits.bit_indices, inlined: the hottest loop of random play
                low = routes & -routes
                routes ^= low
                route = low.bit_length() - 1
                length = lengths[route]
                first = length - have if length > have else 0
                stop = length if locos >= length else locos + 1
                actions.extend(claim_table[route][card][first:stop])
        if locos:
            routes = open_routes & upto[loco][locos if locos < trains else trains]
            while routes:  # inlined as above
                low = routes & -routes
                routes ^= low
                actions.append(claim_table[low.bit_length() - 1][loco][0])

    def _count_claims(self) -> tuple[list[tuple[int, int, int, int]], int]:
        """What `_add_claims` would list, counted: for each colour with claims (card order),
        (card, cards of it held, bit mask of its routes, how many Claims); and the bit mask
        of the routes payable in Locomotives only (one Claim each)."""
        game = self.game
        seat = self.seat
        hand = self.hands[seat]
        loco = game.loco
        locos = hand[loco]
        trains = self.trains[seat]
        if trains > game.longest:
            trains = game.longest
        open_routes = self.open_routes[seat]
        upto = game.routes_upto
        of_length = game.routes_of_length
        counted = []
        for card in range(loco):
            have = hand[card]
            if not have:
                continue
            reach = have + locos
            if reach > trains:
                reach = trains
            routes = open_routes & upto[card][reach]
            if not routes:
                continue
            if not locos:  # one Claim a route: no Locomotives to add
                counted.append((card, have, routes, routes.bit_count()))
                continue
            # The routes of each length alike: as many Claims as Locomotive counts allowed.
            count = 0
            exact = of_length[card]
            for length in range(1, reach + 1):
                same = routes & exact[length]
                if same:
                    first = length - have if length > have else 0
                    count += same.bit_count() * ((length if locos >= length else locos + 1) - first)
            counted.append((card, have, routes, count))
        if not locos:
            return counted, 0
        return counted, open_routes & upto[loco][locos if locos < trains else trains]

    def _claim_at(
        self, index: int, counted: list[tuple[int, int, int, int]], all_locomotive: int
    ) -> Action:
        """The Claim at `index` in `_add_claims`'s list, from `_count_claims()`."""
        claim_table = self.game.claim_table
        for card, have, routes, count in counted:
            if index >= count:
                index -= count
                continue
            lengths = self.game.lengths
            locos = self.hands[self.seat][self.game.loco]
            while True:
                low = routes & -routes
                routes ^= low
                route = low.bit_length() - 1
                length = lengths[route]
                first = length - have if length > have else 0
                count = (length if locos >= length else locos + 1) - first
                if index < count:
                    return claim_table[route][card][first + index]
                index -= count
        while True:  # the index is among the all-Locomotive claims, one per route
            low = all_locomotive & -all_locomotive
            all_locomotive ^= low
            if not index:
                return claim_table[low.bit_length() - 1][self.game.loco][0]
            index -= 1

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` is not legal now, in one line; None if it is."""
        if self.phase in (SETUP, KEEP) and type(action) is not KeepTickets:
            return "choose which of the offered tickets to keep first"
        if self.phase == SECOND_DRAW and type(action) not in (DrawBlind, TakeFaceUp):
            return "take your second train card (face up or blind)"
        return CHECKS[type(action)](self, action)

    def _apply(self, action: Action) -> None:
        MOVE_FUNCTIONS[type(action)](self, action)

    # --- derived facts -----------------------------------------------------------------------

    def edges(self, seat: int) -> list[scoring.Edge]:
        """The seat's claimed routes as (city, city, length) edges."""
        routes = self.game.board.routes
        return [(routes[r].a, routes[r].b, routes[r].length) for r in self.seat_routes[seat]]

    def ticket_status(self, seat: int) -> list[tuple[int, bool]]:
        """Each kept ticket of the seat with whether its cities are connected now (kept by the
        game per routes and tickets, which is all it depends on: every observation asks)."""
        key = (self.claimed[seat], tuple(self.tickets[seat]))
        memo = self.game.ticket_status_memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= STATUS_KEPT:
                memo.clear()
            networks = self.networks(seat)
            tickets = self.game.board.tickets
            found = memo[key] = tuple(
                (t, any(n >> tickets[t].a & 1 and n >> tickets[t].b & 1 for n in networks))
                for t in self.tickets[seat]
            )
        return list(found)

    def networks(self, seat: int) -> list[int]:
        """The seat's separate networks of routes, each as a bit mask of its cities."""
        route_cities = self.game.route_cities
        networks: list[int] = []
        for route in self.seat_routes[seat]:
            joined = route_cities[route]
            apart = []
            for network in networks:
                if network & joined:
                    joined |= network
                else:
                    apart.append(network)
            apart.append(joined)
            networks = apart
        return networks

    def scores_now(self) -> list[int]:
        """The public score track: start score plus route points."""
        start = self.game.board.start_score
        return [start + p for p in self.route_points]

    @property
    def result(self) -> Result | None:
        """Final scores, winners after tie-breaks, and each seat's scoring steps."""
        if not self.over:
            return None
        board = self.game.board
        players = self.game.players
        paths = [scoring.longest_path(self.edges(s)) for s in range(players)]
        longest = max(paths)
        has_bonus = [board.longest_path_bonus > 0 and p == longest and p > 0 for p in paths]
        breakdown: list[dict[str, Any]] = []
        completed_counts = []
        lengths = self.game.lengths
        for seat in range(players):
            tickets = []
            ticket_points = 0
            completed = 0
            for t, done in self.ticket_status(seat):
                ticket = board.tickets[t]
                ticket_points += ticket.points if done else -ticket.points
                completed += done
                tickets.append({**board.ticket_json(ticket), "completed": done})
            bonus = board.longest_path_bonus if has_bonus[seat] else 0
            total = (
                board.start_score
                + self.route_points[seat]
                + ticket_points
                + bonus
                + self.express[seat]
            )
            completed_counts.append(completed)
            by_length = [0] * (self.game.longest + 1)
            for r in self.seat_routes[seat]:
                by_length[lengths[r]] += 1
            breakdown.append(
                {
                    "start": board.start_score,
                    "routes": self.route_points[seat],
                    # how many routes of each length: a count, so in a list (not a step)
                    "routes_claimed": [
                        {"length": n, "count": c} for n, c in enumerate(by_length) if c
                    ],
                    "tickets": tickets,
                    "tickets_points": ticket_points,
                    "tickets_completed": completed,
                    "longest_path": paths[seat],
                    "longest_path_bonus": bonus,
                    "europe_express_bonus": self.express[seat],
                    "total": total,
                }
            )
        scores = tuple(b["total"] for b in breakdown)
        tiebreaks: list[list[int]] = [completed_counts]
        if board.longest_path_bonus:
            tiebreaks.append([int(h) for h in has_bonus])
        winners = scoring.ranking(scores, tiebreaks)
        return Result(scores, winners, tuple(breakdown))

    # --- what each seat may know ----------------------------------------------------------

    def public_observation(self) -> JsonDict:
        """The table: face-up cards, pile sizes, every seat's public state, recent moves."""
        return views.public_observation(self)

    def move_disclosure(self, action: Action, after: State) -> str | None:
        """Claims, passes and Europe Express Locomotives are open while the game goes on, a
        claim only when no card is dealt after it (the face-up row full and, USA, without three
        Locomotives its discards could wipe). Face-up takes (while the deck has a card to deal
        in their place), blind draws and ticket draws are drawing moves. Keeping tickets
        after setup is private (the others cannot see which were kept) unless it ends the game
        or deals; the setup keeps are left to the server's check (the last one shows how many
        each seat kept)."""
        kind = type(action)
        if kind is TakeFaceUp:
            return DRAWING_MOVE if self.deck.cards else None
        if kind is DrawBlind or kind is DrawTickets:
            return DRAWING_MOVE
        if after.is_over:
            return None
        if kind is KeepTickets and self.phase != SETUP:
            assert isinstance(after, TicketToRideState)
            return PRIVATE_MOVE if after.rng.state == self.rng.state else None
        if kind is Claim:
            face_up = self.face_up
            board = self.game.board
            full = len(face_up) == FACE_UP
            return (
                OPEN_MOVE
                if full and (board.locomotive_pile or face_up.count(board.loco) < 3)
                else None
            )
        return OPEN_MOVE if kind is Pass or kind is TakeLocomotive else None

    def public_move(self, action: Action) -> str:
        """The move as the other seats see it now (see `_public_move`)."""
        return views.public_form(action, self.phase == SETUP)

    def seen_epoch(self) -> object:
        """Whether seats still choose their first tickets: when that ends, the public form of
        their keeps changes from "keep tickets" to "keep N tickets" (`seen_history`)."""
        return self.phase == SETUP

    def observation(self, seat: int) -> JsonDict:
        """The public table plus the seat's own hand, tickets (with completion) and offer."""
        return views.observation(self, seat)

    # --- copies --------------------------------------------------------------------------------

    def _summary_json(self) -> JsonDict:
        """`seats[i]`: seat i's claimed routes and kept tickets, spelled out."""
        board = self.game.board
        seats = [
            {
                "routes": [board.route_json(board.routes[r]) for r in self.seat_routes[seat]],
                "tickets": [board.ticket_json(board.tickets[t]) for t in self.tickets[seat]],
            }
            for seat in range(self.game.players)
        ]
        return {"seats": seats}

    def _state_json(self) -> JsonDict:
        board = self.game.board
        return {
            "rng": self.rng.state,
            "deck": list(self.deck.cards),
            # a determinized copy's deck: how many top cards are in no order yet (Deck.loose)
            **({"deck_loose": self.deck.loose} if self.deck.loose else {}),
            "discards": list(self.deck.discards),
            "face_up": list(self.face_up),
            "hands": [list(h) for h in self.hands],
            "known": [list(k) for k in self.known],
            "locomotive_pile": self.loco_pile,
            "ticket_pile": list(self.ticket_pile),
            **({"ticket_pile_loose": self.tickets_loose} if self.tickets_loose else {}),
            "ticket_pile_returned_by": list(self.returned_by),
            "tickets": [list(t) for t in self.tickets],
            "offers": [list(o) for o in self.offers],
            "owner": list(self.owner),
            "seat_routes": [list(r) for r in self.seat_routes],
            "trains": list(self.trains),
            "route_points": list(self.route_points),
            "express": list(self.express),
            "express_next": self.express_next,
            "phase": PHASE_NAMES[self.phase],
            "seat": self.seat,
            "first_player": self.first_player,
            "final_turns": self.final_turns,
            "passes": self.passes,
            "over": self.over,
            "card_names": list(board.card_names),
        }

    def clone(self) -> TicketToRideState:
        """A copy sharing nothing mutable (lists of ints are copied, never deep-copied)."""
        copy = TicketToRideState.__new__(TicketToRideState)
        self._copy_base(copy)
        copy.rng = Rng(self.rng.state)
        copy.deck = self.deck.clone()
        copy.face_up = self.face_up.copy()
        copy.hands = [h.copy() for h in self.hands]
        copy.known = [k.copy() for k in self.known]
        copy.loco_pile = self.loco_pile
        copy.ticket_pile = self.ticket_pile.copy()
        copy.tickets_loose = self.tickets_loose
        copy.returned_by = self.returned_by.copy()
        copy.tickets = [t.copy() for t in self.tickets]
        copy.offers = [o.copy() for o in self.offers]
        copy.owner = self.owner.copy()
        copy.open_routes = self.open_routes.copy()
        copy.claimed = self.claimed.copy()
        copy.seat_routes = [r.copy() for r in self.seat_routes]
        copy.trains = self.trains.copy()
        copy.route_points = self.route_points.copy()
        copy.express = self.express.copy()
        copy.express_next = self.express_next
        copy.phase = self.phase
        copy.seat = self.seat
        copy.first_player = self.first_player
        copy.final_turns = self.final_turns
        copy.passes = self.passes
        copy.over = self.over
        return copy

    def determinize(self, seat: int, rng: Rng) -> TicketToRideState:
        """Deal anew what `seat` cannot see: deck order, others' unseen cards, tickets, future
        (hidden.py)."""
        return hidden.determinize(self, seat, rng)


# Each action kind's legality check and move, by the action's exact type.
