"""Ticket to Ride action and observation encodings for learning agents (both maps).

Notation: `K` card kinds (the train card colours in map-file order, then the Locomotive as
kind `K-1`; USA K = 9, Europe Express K = 8), `R` routes (by route id; USA 100, Europe
Express 68), `T` destination tickets (by ticket id; 30 on both maps), `L` the longest route
plus one (USA 7, Europe Express 6), `p` the player count. `describe_encoding` prints the
tables below with their numbers for one configuration.

Action space (fixed per map and player count), in this order:

- `blind` (1): draw the top train card unseen.
- `take` (F): take the face-up card of kind `k` at `start + k`. USA F = 9 (the Locomotive
  included); Europe Express F = 7 (its Locomotives are never among the face-up cards).
- `locomotive` (1, Europe Express only): take one Locomotive from the Locomotive pile.
- `claim` (R x K x L): claim route `r` paying in card kind `c` with `n` Locomotives at
  `start + (r * K + c) * L + n`. `c` is the colour of the non-Locomotive cards; a claim paid
  only with Locomotives has `c = K-1` (locomotive) and `n` = the route length. Only the
  shapes the route accepts (its colour or, if gray, any colour, with 0 to length-1
  Locomotives; or all Locomotives) stand for actions; the other indices decode to
  `IllegalAction` and are never in the mask.
- `tickets` (1): draw destination tickets.
- `keep` (7): keep a subset of the offered tickets at `start + mask - 1`, where bit `i` of
  `mask` (1 to 7) keeps the `i`-th ticket of the offer in the order it was drawn, the order
  of the observation's `offer` list and of the `offer` vector field. The whole subset is one
  index, so no capped list is needed: an offer holds at most 3 tickets (7 non-empty subsets).
  A mask naming a position beyond a shorter offer (fewer than 3 tickets left in the pile)
  decodes to `IllegalAction`; one keeping too few (2 at setup, 1 later) to a `KeepTickets`
  the engine refuses.
- `pass` (1): only when nothing else is possible.

Sizes: USA 1 + 9 + 6300 + 1 + 7 + 1 = 6319 indices, Europe Express
1 + 7 + 1 + 3264 + 1 + 7 + 1 = 3282, for every player count.

Observation vector (fixed per map and player count), built from `State.observation(seat)`
and the static map only. Per-seat fields are seat-relative: position `i` (or block `i`) is the
seat `i` places after the observer in turn order, the observer itself first. Scales, chosen
so every value lies in [0, 1]: a card count is divided by how many cards of that kind exist
(USA 12 a colour and 14 Locomotives, Europe Express 10 and 12), a pile or hand size by all
cards of the game, trains by the trains a seat starts with, route points (the score track
less the start score) by the most route points one seat's trains can buy, tickets counts by
`T`, ticket points by the largest ticket (one ticket) or by all tickets together (sums).
The recent-moves `log` is left out: what it says is in the other fields (claims in the route
owners, face-up cards taken in `known_cards`, ticket draws in the ticket counts).

Names (`index_names`, `position_names`; `tabletrip encoding ticket-to-ride --names`), from
the configured game's own map: an index that always means one action is named by that
action's notation (`take red`, `claim r5 Atlanta-Raleigh with red + 1 locomotive`, what
`parse_action` reads back); a claim shape the route never accepts gets the same words and
`(never legal)`; a keep is named by the offer positions it keeps (`keep 1st+3rd offered`).
Positions name seats relatively (`you`, `seat +1`), routes and tickets as the notation does
(`r5 Atlanta-Raleigh`, `t3 Denver-El Paso`) and card kinds by the map's names (`locomotive`).

`max_length` and `score_range` are derived in `make_encoding` (see the comments there).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from tabletrip.core import Action, IllegalAction, JsonDict, State
from tabletrip.core.encoding import (
    ActionBlock,
    ActionEncoding,
    Encoding,
    Field,
    ObservationEncoding,
    VectorOut,
    field_names,
    one_hot,
    relative_seat,
    scaled,
)
from tabletrip.games.ticket_to_ride.actions import Claim, KeepTickets
from tabletrip.games.ticket_to_ride.content import Board, Route, Ticket
from tabletrip.games.ticket_to_ride.phases import (
    FACE_UP,
    HAND_START,
    KEEP,
    KEEP_AT_SETUP,
    KEEP_IN_GAME,
    PHASE_NAMES,
    SETUP,
    TICKETS_OFFERED,
)
from tabletrip.games.ticket_to_ride.rules import TicketToRideGame, TicketToRideState
from tabletrip.games.ticket_to_ride.views import ticket_pile_shown

KEEP_MASKS = (1 << TICKETS_OFFERED) - 1  # the non-empty subsets of a 3-ticket offer
OFFER_PLACES = ("1st", "2nd", "3rd")  # the offer positions, in the order drawn
assert len(OFFER_PLACES) == TICKETS_OFFERED


def route_notation(board: Board, route: Route) -> str:
    """A route as the notation names it: `r5 Atlanta-Raleigh`."""
    return f"r{route.id} {board.route_name(route)}"


def ticket_notation(board: Board, ticket: Ticket) -> str:
    """A ticket as the notation names it: `t3 Denver-El Paso`."""
    return f"t{ticket.id} {board.ticket_name(ticket)}"


def relative_seat_names(players: int) -> list[str]:
    """The seats as the seat-relative fields order them: `you`, `seat +1`, `seat +2`, ..."""
    return [relative_seat(places) for places in range(players)]


def keep_name(mask: int) -> str:
    """The name of a keep index by the offer positions its mask keeps: `keep 1st+3rd offered`."""
    kept = [place for bit, place in enumerate(OFFER_PLACES) if mask >> bit & 1]
    return f"keep {'+'.join(kept)} offered"


class TicketToRideActions(ActionEncoding):
    """Indices of Ticket to Ride actions: draws, claims (route x colour x Locomotives), keeps.

    See the module docstring for the blocks and the index formulas.
    """

    def __init__(self, game: TicketToRideGame) -> None:
        board = game.board
        self.game = game
        self.kinds = kinds = len(board.card_names)
        self.spans = spans = game.longest + 1
        routes = len(board.routes)
        face_kinds = len(board.colors) if board.locomotive_pile else kinds
        blocks = [
            ActionBlock("blind", 0, 1, "draw the top train card of the deck unseen"),
            ActionBlock(
                "take",
                1,
                face_kinds,
                "take the face-up card of kind k = index - start (colours in map order: "
                + ", ".join(board.card_names[:face_kinds])
                + ")",
            ),
        ]
        start = 1 + face_kinds
        self.locomotive_index = -1
        if board.locomotive_pile:
            self.locomotive_index = start
            blocks.append(
                ActionBlock("locomotive", start, 1, "take a Locomotive from its face-up pile")
            )
            start += 1
        self.claim_start = start
        blocks.append(
            ActionBlock(
                "claim",
                start,
                routes * kinds * spans,
                f"claim route r paying in card kind c with n Locomotives: "
                f"start + (r * {kinds} + c) * {spans} + n; c = {kinds - 1} (locomotive) with "
                "n = the route length for an all-Locomotive claim; shapes the route does not "
                "accept are never legal",
            )
        )
        start += routes * kinds * spans
        self.tickets_index = start
        blocks.append(ActionBlock("tickets", start, 1, "draw destination tickets"))
        self.keep_start = start + 1
        blocks.append(
            ActionBlock(
                "keep",
                self.keep_start,
                KEEP_MASKS,
                "keep offered tickets: start + mask - 1, bit i of mask (1-7) keeps the i-th "
                "offered ticket in the order drawn (the offer field's order)",
            )
        )
        self.pass_index = self.keep_start + KEEP_MASKS
        blocks.append(
            ActionBlock("pass", self.pass_index, 1, "pass (only when nothing is possible)")
        )
        self.blocks = tuple(blocks)

        # Every action that means the same in every state, both ways.
        by_index: dict[int, Action] = {0: game.blind, self.tickets_index: game.draw_tickets}
        for card in range(face_kinds):
            by_index[1 + card] = game.take[card]
        if board.locomotive_pile:
            by_index[self.locomotive_index] = game.take_locomotive
        by_index[self.pass_index] = game.pass_turn
        for route, per_card in enumerate(game.claim_table):
            for card, claims in enumerate(per_card):
                for claim in claims:
                    by_index[self._claim_index(route, card, claim.locomotives)] = claim
        self._by_index = by_index
        self._index: dict[Action, int] = {action: i for i, action in by_index.items()}
        # The keep indices allowed for an offer of n tickets keeping at least `least`.
        self._keep_masks = {
            (n, least): [
                self.keep_start + mask - 1 for mask in range(1, 1 << n) if mask.bit_count() >= least
            ]
            for n in range(TICKETS_OFFERED + 1)
            for least in range(TICKETS_OFFERED + 1)
        }

    def _claim_index(self, route: int, card: int, locomotives: int) -> int:
        return self.claim_start + (route * self.kinds + card) * self.spans + locomotives

    def _claim_shape(self, index: int) -> tuple[int, int, int]:
        """The route, card kind and Locomotives of a claim index (the inverse of the formula)."""
        route, rest = divmod(index - self.claim_start, self.kinds * self.spans)
        card, locomotives = divmod(rest, self.spans)
        return route, card, locomotives

    def index_names(self) -> list[str]:
        """Every index by its action's notation, a claim shape the route never accepts with
        `(never legal)`, a keep by the offer positions it keeps (the module docstring)."""
        board = self.game.board
        names = []
        for index in range(self.size):
            action = self._by_index.get(index)
            if action is not None:
                names.append(str(action))
            elif index >= self.keep_start:
                names.append(keep_name(index - self.keep_start + 1))
            else:
                route, card, locomotives = self._claim_shape(index)
                name = board.route_name(board.routes[route])
                shape = Claim(route, name, board.card_names[card], locomotives)
                names.append(f"{shape} (never legal)")
        return names

    def encode(self, action: Action, state: State) -> int:
        """The index of a legal action: a table lookup, or the offer-position mask of a keep."""
        index = self._index.get(action)
        if index is not None:
            return index
        if isinstance(action, KeepTickets):
            assert isinstance(state, TicketToRideState)
            offer = state.offers[state.current_player]
            mask = 0
            for ticket in action.tickets:
                if ticket not in offer:
                    raise IllegalAction(f"ticket t{ticket} is not in the offer")
                mask |= 1 << offer.index(ticket)
            if mask:
                return self.keep_start + mask - 1
        raise IllegalAction(f"{action} has no index in this encoding")

    def decode(self, index: int, state: State) -> Action:
        """The action an index stands for; a keep reads the mover's offer in `state`."""
        action = self._by_index.get(index)
        if action is not None:
            return action
        if not 0 <= index < self.size:
            raise IllegalAction(f"action index {index} is outside 0..{self.size - 1}")
        if self.keep_start <= index < self.pass_index:
            assert isinstance(state, TicketToRideState)
            offer = state.offers[state.current_player]
            mask = index - self.keep_start + 1
            if mask >> len(offer):
                raise IllegalAction(f"keep mask {mask:03b} names tickets beyond the offer")
            kept = sorted(offer[i] for i in range(len(offer)) if mask >> i & 1)
            return self.game.keep(tuple(kept))
        route, card, locomotives = self._claim_shape(index)
        board = self.game.board
        raise IllegalAction(
            f"route r{route} ({board.route_name(board.routes[route])}) cannot be paid in "
            f"{board.card_names[card]} with {locomotives} Locomotives"
        )

    def legal_indices(self, state: State) -> list[int]:
        """The mask: table lookups, and for a ticket choice the precomputed subset list."""
        assert isinstance(state, TicketToRideState)
        if state.over:
            return []
        if state.phase in (SETUP, KEEP):
            offer = state.offers[state.seat]
            least = KEEP_AT_SETUP if state.phase == SETUP else KEEP_IN_GAME
            return list(self._keep_masks[len(offer), min(least, len(offer))])
        index = self._index
        return sorted([index[action] for action in state.legal_actions()])


class TicketToRideObservations(ObservationEncoding):
    """One seat's view as a vector: decision, table, seats (relative), routes, own cards."""

    def __init__(self, game: TicketToRideGame) -> None:
        self.board = board = game.board
        self.players = players = game.players
        self.kinds = kinds = len(board.card_names)
        self.routes = routes = len(board.routes)
        self.tickets = tickets = len(board.tickets)
        self.card_index = {name: i for i, name in enumerate(board.card_names)}
        self.phase_index = {name: i for i, name in enumerate(PHASE_NAMES)}
        self.card_totals = (*board.color_counts, board.locomotives)
        self.all_cards = sum(self.card_totals)
        self.deck_cards = sum(board.color_counts) + (
            0 if board.locomotive_pile else board.locomotives
        )
        self.start_trains = board.trains
        self.start_score = board.start_score
        self.route_points_top = max_route_points(board, board.trains)
        self.ticket_points = tuple(t.points for t in board.tickets)
        self.ticket_top = max(self.ticket_points)
        self.ticket_sum = sum(self.ticket_points)
        self.twin = board.twin
        self.single_double = players <= board.single_double_up_to
        self.locomotive_pile = board.locomotive_pile
        self.locomotives = board.locomotives
        self.express_bonus = board.express_bonus
        self.express_top = max(board.express_bonus, default=0)
        names = ", ".join(board.card_names)
        rel = "seat-relative: position i is the seat i places after the observer (0: itself)"
        fields = [
            Field("phase", 4, 0, 1, "one-hot decision: setup keep, turn, second card, keep"),
            Field("to_move", players, 0, 1, f"one-hot seat to move, {rel}"),
            Field("face_up", kinds, 0, 1, f"face-up cards of each kind ({names}) / 5"),
            Field("deck", 1, 0, 1, f"train cards in the deck / {self.deck_cards}"),
            Field("discards", kinds, 0, 1, "discarded cards of each kind / cards of that kind"),
        ]
        if board.locomotive_pile:
            fields.append(
                Field(
                    "locomotive_pile", 1, 0, 1, f"Locomotives in their pile / {board.locomotives}"
                )
            )
        fields.append(
            Field(
                "ticket_pile",
                1,
                0,
                1,
                f"tickets in the pile / {tickets} (while seats choose their first tickets, "
                "the pile as dealt: the tickets returned are hidden until then)",
            )
        )
        if board.express_bonus:
            fields.append(
                Field(
                    "express_bonus_left",
                    1,
                    0,
                    1,
                    f"London-Istanbul bonus cards left / {len(board.express_bonus)}",
                )
            )
        fields += [
            Field(
                "final_round",
                2,
                0,
                1,
                f"1 once the end is triggered; then turns left in the game / {players}",
            ),
            Field("trains", players, 0, 1, f"trains left / {board.trains}, {rel}"),
            Field(
                "route_points",
                players,
                0,
                1,
                f"score track less the start score / {self.route_points_top} (the most route "
                f"points {board.trains} trains can buy), {rel}",
            ),
            Field("hand_size", players, 0, 1, f"train cards held / {self.all_cards}, {rel}"),
            Field(
                "known_cards",
                players * kinds,
                0,
                1,
                "cards each seat was seen taking face up, less those of the kind it paid "
                f"since (never below 0), block of {kinds} "
                f"per seat (kinds {names}), each / cards of that kind, {rel}",
            ),
            Field(
                "ticket_count",
                players,
                0,
                1,
                f"tickets kept / {tickets} (0 for the others while seats choose their first "
                f"tickets: hidden then), {rel}",
            ),
            Field(
                "choosing_tickets",
                players,
                0,
                1,
                f"tickets the seat is choosing from now / {TICKETS_OFFERED}, {rel}",
            ),
        ]
        if board.express_bonus:
            fields.append(
                Field(
                    "express_bonus",
                    players,
                    0,
                    1,
                    f"London-Istanbul bonus card held / {self.express_top}, {rel}",
                )
            )
        fields += [
            Field(
                "route_owner",
                routes * players,
                0,
                1,
                f"one-hot owner of route r at r * {players} + relative seat (all 0: unclaimed)",
            ),
            Field(
                "route_open",
                routes,
                0,
                1,
                "1 if the observer may still claim route r (unclaimed, its double not closed "
                "to it), whatever its cards and trains",
            ),
            Field("hand", kinds, 0, 1, f"own cards of each kind ({names}) / cards of that kind"),
            Field("tickets_held", tickets, 0, 1, "1 for each ticket id the observer kept"),
            Field(
                "tickets_completed",
                tickets,
                0,
                1,
                "1 for each kept ticket id whose cities the observer's routes connect now",
            ),
            Field(
                "ticket_points",
                2,
                0,
                1,
                f"points of own completed, then uncompleted, tickets / {self.ticket_sum}",
            ),
            Field(
                "offer",
                TICKETS_OFFERED * (tickets + 1),
                0,
                1,
                f"the offered tickets in the order drawn (keep mask bit i), block of "
                f"{tickets + 1} per position: one-hot ticket id, then points / "
                f"{self.ticket_top}; all 0 past the end of the offer",
            ),
        ]
        self.fields = tuple(fields)
        self._at = {name: part.start for name, part in self.field_slices().items()}
        self._all_open = [1.0] * routes

    def position_names(self) -> list[str]:
        """Every position in the game's words: seats relative (`you`, `seat +1`), routes and
        tickets as the notation names them, card kinds by the map's names."""
        board = self.board
        seats = relative_seat_names(self.players)
        cards = board.card_names
        routes = [route_notation(board, route) for route in board.routes]
        tickets = [ticket_notation(board, ticket) for ticket in board.tickets]
        per_seat = ("trains", "route_points", "hand_size", "ticket_count", "choosing_tickets")
        by_field: dict[str, Sequence[str]] = {
            "phase": PHASE_NAMES,
            "to_move": seats,
            "face_up": cards,
            "discards": cards,
            "final_round": ("triggered", "turns left"),
            **dict.fromkeys(per_seat, seats),
            "express_bonus": seats,
            "known_cards": [f"{seat}, {card}" for seat in seats for card in cards],
            "route_owner": [f"{route}, {seat}" for route in routes for seat in seats],
            "route_open": routes,
            "hand": cards,
            "tickets_held": tickets,
            "tickets_completed": tickets,
            "ticket_points": ("completed", "uncompleted"),
            "offer": [
                f"{place}, {value}" for place in OFFER_PLACES for value in (*tickets, "points")
            ],
        }
        return field_names(self.fields, by_field)

    def encode(self, observation: JsonDict) -> list[float]:
        """The vector of one seat's observation, field by field."""
        players = self.players
        kinds = self.kinds
        card_index = self.card_index
        totals = self.card_totals
        seat = observation["seat"]
        order = [(seat + i) % players for i in range(players)]
        seats = [observation["seats"][s] for s in order]

        vector = one_hot(self.phase_index[observation["phase"]], 4)
        vector += one_hot((observation["current_player"] - seat) % players, players)
        face_up = [0.0] * kinds
        for name in observation["face_up"]:
            face_up[card_index[name]] += 1.0 / FACE_UP
        vector += face_up
        vector.append(scaled(observation["deck_size"], self.deck_cards))
        vector += self._cards(observation["discards"])
        if self.locomotive_pile:
            vector.append(scaled(observation["locomotive_pile"], self.locomotives))
        vector.append(scaled(observation["ticket_pile_size"], self.tickets))
        if self.express_bonus:
            left = len(observation["express_bonus_left"])
            vector.append(scaled(left, len(self.express_bonus)))
        final = observation["final_turns_left"]
        vector += [0.0, 0.0] if final is None else [1.0, scaled(final, players)]

        vector += [scaled(s["trains"], self.start_trains) for s in seats]
        vector += [scaled(s["score"] - self.start_score, self.route_points_top) for s in seats]
        vector += [scaled(s["hand_size"], self.all_cards) for s in seats]
        for s in seats:
            vector += self._cards(s["known_cards"])
        vector += [scaled(s["ticket_count"] or 0, self.tickets) for s in seats]
        vector += [scaled(s["choosing_tickets"], TICKETS_OFFERED) for s in seats]
        if self.express_bonus:
            vector += [scaled(s["express_bonus"], self.express_top) for s in seats]

        vector += self._route_fields([s["routes"] for s in seats])

        hand = [0.0] * kinds
        for name, count in observation["hand"].items():
            index = card_index[name]
            hand[index] = scaled(count, totals[index])
        vector += hand
        held = [0.0] * self.tickets
        completed = [0.0] * self.tickets
        done_points = 0
        open_points = 0
        for ticket in observation["tickets"]:
            held[ticket["id"]] = 1.0
            if ticket["completed"]:
                completed[ticket["id"]] = 1.0
                done_points += ticket["points"]
            else:
                open_points += ticket["points"]
        vector += held
        vector += completed
        vector += [scaled(done_points, self.ticket_sum), scaled(open_points, self.ticket_sum)]
        offer = [0.0] * (TICKETS_OFFERED * (self.tickets + 1))
        for position, ticket in enumerate(observation["offer"]):
            base = position * (self.tickets + 1)
            offer[base + ticket["id"]] = 1.0
            offer[base + self.tickets] = scaled(ticket["points"], self.ticket_top)
        vector += offer
        return vector

    def encode_state(self, state: State, seat: int) -> list[float]:
        """`encode(state.observation(seat))` read straight from the state (no JSON): the same
        values, field by field (the encoding kit checks it on random playouts)."""
        vector = [0.0] * self.size
        self.encode_state_into(state, seat, vector)
        return vector

    def encode_state_into(self, state: State, seat: int, v: VectorOut) -> None:
        """`encode_state` written into `v` (zeros on entry): the positions not zero only."""
        assert isinstance(state, TicketToRideState)
        at = self._at
        players = self.players
        order = [(seat + i) % players for i in range(players)]
        setup = state.phase == SETUP

        v[at["phase"] + state.phase] = 1.0  # PHASE_NAMES order, as phase_index has it
        v[at["to_move"] + (state.seat - seat) % players] = 1.0
        face_up = [0.0] * self.kinds  # summed as floats, as `encode` does
        for card in state.face_up:
            face_up[card] += 1.0 / FACE_UP
        start = at["face_up"]
        for card, value in enumerate(face_up):
            if value:
                v[start + card] = value
        v[at["deck"]] = scaled(len(state.deck.cards), self.deck_cards)
        discards = [0] * self.kinds
        for card in state.deck.discards:
            discards[card] += 1
        self._write_counts(discards, v, at["discards"])
        if self.locomotive_pile:
            v[at["locomotive_pile"]] = scaled(state.loco_pile, self.locomotives)
        v[at["ticket_pile"]] = scaled(ticket_pile_shown(state), self.tickets)
        if self.express_bonus:
            left = max(len(self.express_bonus) - state.express_next, 0)
            v[at["express_bonus_left"]] = scaled(left, len(self.express_bonus))
        final = state.final_turns
        if final >= 0:
            v[at["final_round"]] = 1.0
            v[at["final_round"] + 1] = scaled(final, players)

        for rel, s in enumerate(order):
            v[at["trains"] + rel] = scaled(state.trains[s], self.start_trains)
            v[at["route_points"] + rel] = scaled(state.route_points[s], self.route_points_top)
            v[at["hand_size"] + rel] = scaled(sum(state.hands[s]), self.all_cards)
            self._write_counts(state.known[s], v, at["known_cards"] + rel * self.kinds)
            count = 0 if setup and s != seat else len(state.tickets[s])
            v[at["ticket_count"] + rel] = scaled(count, self.tickets)
            v[at["choosing_tickets"] + rel] = scaled(len(state.offers[s]), TICKETS_OFFERED)
            if self.express_bonus:
                v[at["express_bonus"] + rel] = scaled(state.express[s], self.express_top)

        routes_by_seat = [state.seat_routes[s] for s in order]
        self._write_routes(routes_by_seat, v, at["route_owner"], at["route_open"])

        self._write_counts(state.hands[seat], v, at["hand"])
        done_points = open_points = 0
        points = self.ticket_points
        for ticket, done in state.ticket_status(seat):
            v[at["tickets_held"] + ticket] = 1.0
            if done:
                v[at["tickets_completed"] + ticket] = 1.0
                done_points += points[ticket]
            else:
                open_points += points[ticket]
        v[at["ticket_points"]] = scaled(done_points, self.ticket_sum)
        v[at["ticket_points"] + 1] = scaled(open_points, self.ticket_sum)
        for position, ticket in enumerate(state.offers[seat]):
            base = at["offer"] + position * (self.tickets + 1)
            v[base + ticket] = 1.0
            v[base + self.tickets] = scaled(points[ticket], self.ticket_top)

    def _route_fields(self, routes_by_seat: list[list[int]]) -> list[float]:
        """`route_owner` then `route_open`, from each seat's routes, the observer first."""
        owners = self.routes * self.players
        vector = [0.0] * (owners + self.routes)
        self._write_routes(routes_by_seat, vector, 0, owners)
        return vector

    def _write_routes(
        self, routes_by_seat: list[list[int]], v: VectorOut, owner: int, open_at: int
    ) -> None:
        """Write `route_owner` (at `owner`) and `route_open` (at `open_at`) into zeros."""
        players = self.players
        v[open_at : open_at + self.routes] = self._all_open
        twin = self.twin
        for rel, routes in enumerate(routes_by_seat):
            mine = rel == 0
            for route in routes:
                v[owner + route * players + rel] = 1.0
                v[open_at + route] = 0.0
                other = twin[route]
                if other >= 0 and (mine or self.single_double):
                    v[open_at + other] = 0.0

    def _write_counts(self, counts: list[int], v: VectorOut, start: int) -> None:
        """Counts by card index, each / cards of that kind, written at `start` into zeros."""
        totals = self.card_totals
        for i, n in enumerate(counts):
            if n:
                v[start + i] = scaled(n, totals[i])

    def _cards(self, cards: dict[str, int]) -> list[float]:
        """Counts by card name as a vector of K values, each / cards of that kind."""
        vector = [0.0] * self.kinds
        for name, count in cards.items():
            index = self.card_index[name]
            vector[index] = scaled(count, self.card_totals[index])
        return vector


def max_route_points(board: Board, trains: int) -> int:
    """The most route points one seat's trains can buy: a knapsack over the routes by length,
    at most one route of each double (a seat never holds both)."""
    groups: dict[frozenset[int], list[int]] = defaultdict(list)
    for route in board.routes:
        groups[frozenset((route.a, route.b))].append(route.length)
    best = [0] * (trains + 1)
    for lengths in groups.values():
        new = best.copy()
        for length in set(lengths):
            points = board.route_points[length]
            for budget in range(length, trains + 1):
                new[budget] = max(new[budget], best[budget - length] + points)
        best = new
    return best[trains]


def make_encoding(game: TicketToRideGame) -> Encoding:
    """The encodings, game-length bound and score bounds of one map and player count."""
    board = game.board
    players = game.players
    routes = len(board.routes)
    tickets = len(board.tickets)
    all_cards = sum(board.color_counts) + board.locomotives
    # Decisions, each bounded by a resource it uses up (RULES_NOTES.md for the pass rule):
    # - the setup keeps: one per seat;
    # - each train card draw or Locomotive take moves one card into a hand. Cards enter hands
    #   at most as often as the cards outside hands at the start plus those that leave hands
    #   again, and a claim spends exactly one card per train placed: at most
    #   (all cards - 4 a seat) + trains a seat x seats;
    # - claims: at most one per route;
    # - a ticket draw is two decisions and keeps at least one ticket for good; after the
    #   setup keeps (2 a seat) at most `tickets - 2 x seats` are left to draw;
    # - a seat passes only when the deck, discards, ticket pile and Locomotive pile are all
    #   empty; only a claim refills them, and a whole round of passes ends the game, so at
    #   most `seats` passes follow each claim (and the start).
    # Measured over 30 random games: USA 5 seats at most 398 (bound 965), Europe Express
    # 4 seats at most 195 (bound 566).
    max_length = (
        players
        + (all_cards - HAND_START * players + board.trains * players)
        + routes
        + 2 * (tickets - KEEP_AT_SETUP * players)
        + players * (routes + 1)
    )
    # A seat holds at most the tickets the others did not keep at setup (2 each).
    most_tickets = tickets - KEEP_AT_SETUP * (players - 1)
    ticket_points = sum(sorted((t.points for t in board.tickets), reverse=True)[:most_tickets])
    low = board.start_score - ticket_points
    high = (
        board.start_score
        + max_route_points(board, board.trains)
        + ticket_points
        + board.longest_path_bonus
        + max(board.express_bonus, default=0)
    )
    return Encoding(
        TicketToRideActions(game),
        TicketToRideObservations(game),
        max_length=max_length,
        score_range=(low, high),
    )
