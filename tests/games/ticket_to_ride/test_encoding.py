"""Ticket to Ride's action and observation encodings (the `encoding.py` docstring's tables)."""

from __future__ import annotations

import random

import pytest

import tabletrip
from encoding_kit import check_encoding_playout
from tabletrip.core import Action, IllegalAction
from tabletrip.core.encoding import Encoding, describe_encoding, encoding_for
from tabletrip.games.ticket_to_ride.actions import Claim, KeepTickets, TakeFaceUp
from tabletrip.games.ticket_to_ride.rules import TicketToRideState
from ttr_situations import MapSituations

CONFIGS = [("usa", p) for p in range(2, 6)] + [("europe-express", p) for p in range(2, 5)]
USA = MapSituations("usa")
EXPRESS = MapSituations("europe-express", locomotive_pile=12)


def encoding(map_id: str, players: int) -> Encoding:
    """The registered encodings of one configuration."""
    return encoding_for(tabletrip.make("ticket-to-ride", players=players, map=map_id))


def vector_fields(enc: Encoding, state: TicketToRideState, seat: int) -> dict[str, list[float]]:
    """Seat `seat`'s vector of `state`, cut into its named fields."""
    vector = enc.observations.encode(state.observation(seat))
    return {name: vector[s] for name, s in enc.observations.field_slices().items()}


# --- the generic checks, every map and player count ------------------------------------------


@pytest.mark.parametrize(("map_id", "players"), CONFIGS)
def test_random_playouts_pass_the_encoding_kit(map_id: str, players: int) -> None:
    game = tabletrip.make("ticket-to-ride", players=players, map=map_id)
    for seed in (1, 2, 3):
        check_encoding_playout(game, seed, every=3)


# --- action space: the docstring's index formulas --------------------------------------------


def test_usa_claim_indices_follow_the_documented_formula() -> None:
    """Claim block: start + (r * K + c) * L + n with K = 9, L = 7 and start 10 on the USA map."""
    enc = encoding("usa", 2)
    state = USA.new_state()
    actions = enc.actions
    assert enc.actions.size == 6319
    assert [(b.name, b.start, b.size) for b in actions.blocks] == [
        ("blind", 0, 1),
        ("take", 1, 9),
        ("claim", 10, 6300),
        ("tickets", 6310, 1),
        ("keep", 6311, 7),
        ("pass", 6318, 1),
    ]
    # r5 Atlanta-Raleigh (gray, 2) with red (kind 7) + 1 Locomotive: 10 + (5*9 + 7)*7 + 1.
    assert actions.decode(375, state) == Claim(5, "Atlanta-Raleigh", "red", 1)
    # r1 Atlanta-Miami (blue, 5) with 5 Locomotives (kind 8): 10 + (1*9 + 8)*7 + 5.
    assert actions.decode(134, state) == Claim(1, "Atlanta-Miami", "locomotive", 5)
    # The same route in red (10 + (1*9 + 7)*7) is a shape it never accepts.
    with pytest.raises(IllegalAction, match="cannot be paid in red"):
        actions.decode(122, state)
    # Locomotives (n) at the length or more with a colour are never a claim either.
    with pytest.raises(IllegalAction):
        actions.decode(375 + 1, state)
    assert actions.decode(1 + 8, state) == state.game.take[8]  # take a face-up Locomotive
    with pytest.raises(IllegalAction, match="outside"):
        actions.decode(6319, state)


def test_express_has_a_locomotive_pile_index_and_its_own_claim_formula() -> None:
    """Europe Express: 7 face-up kinds, the Locomotive pile at 8, claims from 9 with K 8, L 6."""
    enc = encoding("europe-express", 3)
    actions = enc.actions
    state = EXPRESS.new_state(3)
    assert [(b.name, b.start, b.size) for b in actions.blocks[:4]] == [
        ("blind", 0, 1),
        ("take", 1, 7),
        ("locomotive", 8, 1),
        ("claim", 9, 68 * 8 * 6),
    ]
    assert actions.size == 3282
    assert actions.decode(8, state) == state.game.take_locomotive
    # r1 London-Paris (gray, 2) with blue (kind 1), no Locomotive: 9 + (1*8 + 1)*6 + 0.
    assert actions.decode(63, state) == Claim(1, "London-Paris", "blue", 0)


def test_keep_index_is_a_bitmask_over_the_offer_positions() -> None:
    """Keep block: start + mask - 1, bit i keeping the i-th ticket of the offer as drawn."""
    enc = encoding("usa", 2)
    actions = enc.actions
    state = USA.new_state(seed=3)
    offer = state.offers[state.current_player]
    assert len(offer) == 3
    # mask 0b101: the first and the third offered tickets (kept in id order).
    action = actions.decode(6311 + 5 - 1, state)
    assert isinstance(action, KeepTickets)
    assert action.tickets == tuple(sorted((offer[0], offer[2])))
    assert actions.encode(action, state) == 6315
    # Setup keeps at least 2: masks 3, 5, 6, 7 only; mask 1 is a keep the engine refuses.
    assert actions.legal_indices(state) == [6313, 6315, 6316, 6317]
    assert state.illegal_reason(actions.decode(6311, state)) is not None
    # An offer of 2 (the pile nearly empty): a mask naming the third position decodes to nothing.
    state.offers[state.current_player] = offer[:2]
    with pytest.raises(IllegalAction, match="beyond the offer"):
        actions.decode(6311 + 4 - 1, state)
    assert actions.legal_indices(state) == [6313]


def test_mask_of_a_turn_is_its_legal_actions() -> None:
    """The mask lists exactly the legal actions' indices, each decoding back to its action."""
    enc = encoding("usa", 3)
    state = USA.turn_state(
        3,
        seat=1,
        hands={1: {"red": 3, "locomotive": 1}},
        face_up=["red", "blue", "locomotive", "green", "green"],
        deck=["white"] * 10,
    )
    legal = state.legal_actions()
    mask = enc.actions.legal_indices(state)
    assert mask == sorted(enc.actions.encode(a, state) for a in legal)
    assert [enc.actions.decode(i, state) for i in mask] == sorted(
        legal, key=lambda a: enc.actions.encode(a, state)
    )
    # r9 Boston-New York (red, 2) with 2 red cards: 10 + (9*9 + 7)*7 + 0 = 626.
    assert 626 in mask
    assert enc.actions.decode(626, state) == Claim(9, "Boston-New York", "red", 0)
    # The face-up row: blind 0, take red (8) 8, blue 2, green 5, Locomotive 9.
    assert mask[:5] == [0, 2, 5, 8, 9]


# --- observation vector ------------------------------------------------------------------------


def test_vector_of_a_built_usa_state_is_seat_relative() -> None:
    """route_owner, route_open, hand, trains, to_move: observer seat 1 of 4 on the USA map."""
    enc = encoding("usa", 4)
    state = USA.turn_state(
        4,
        seat=0,
        hands={1: {"red": 3, "locomotive": 2}, 3: {"blue": 1}},
        face_up=["red", "blue", "white", "green", "green"],
        deck=["white"] * 10,
        routes={1: [5], 3: [9]},  # Atlanta-Raleigh (2) and Boston-New York red (2)
    )
    fields = vector_fields(enc, state, 1)
    assert fields["phase"] == [0, 1, 0, 0]  # a turn
    assert fields["to_move"] == [0, 0, 0, 1]  # seat 0 is 3 places after seat 1
    hand = [0.0] * 9
    hand[7], hand[8] = 3 / 12, 2 / 14
    assert fields["hand"] == hand
    assert fields["trains"] == [43 / 45, 1.0, 43 / 45, 1.0]  # seats 1, 2, 3, 0
    assert fields["hand_size"] == [5 / 110, 0, 1 / 110, 0]
    assert fields["route_points"][0] == 2 / 109
    owners = fields["route_owner"]
    assert owners[5 * 4 + 0] == 1 and owners[9 * 4 + 2] == 1 and sum(owners) == 2
    open_routes = fields["route_open"]
    # Its own double's twin (r6) closes to it; seat 3's twin (r10) stays open with 4 players.
    assert (open_routes[5], open_routes[6], open_routes[9], open_routes[10]) == (0, 0, 0, 1)
    assert sum(open_routes) == 100 - 3
    assert fields["face_up"][7] == 1 / 5 and fields["face_up"][4] == 2 / 5
    assert fields["deck"] == [10 / 110]


def test_vector_of_a_two_player_express_state() -> None:
    """Europe Express, 2 players: a claimed double closes its twin to both; the pile field."""
    enc = encoding("europe-express", 2)
    state = EXPRESS.turn_state(
        2, seat=1, hands={0: {"locomotive": 2}}, deck=["red"] * 5, routes={0: [1]}
    )
    fields = vector_fields(enc, state, 1)
    assert fields["route_owner"][1 * 2 + 1] == 1  # r1 London-Paris, seat 0 one place after
    assert fields["route_open"][1:3] == [0, 0]  # its twin r2 is closed to seat 1 too
    assert fields["locomotive_pile"] == [10 / 12]
    assert fields["route_points"] == [0, 2 / 51]  # seat 1 itself, then seat 0
    assert fields["express_bonus_left"] == [1.0]


def test_vector_holds_the_offer_and_the_kept_tickets() -> None:
    """offer: per position a one-hot ticket id then points; tickets_held after the keep."""
    enc = encoding("usa", 2)
    state = USA.new_state(seed=3)
    seat = state.current_player
    board = state.game.board
    offer = list(state.offers[seat])
    fields = vector_fields(enc, state, seat)
    block = len(board.tickets) + 1
    for position, ticket in enumerate(offer):
        part = fields["offer"][position * block : (position + 1) * block]
        assert part[ticket] == 1 and sum(part[:-1]) == 1
        assert part[-1] == board.tickets[ticket].points / 22
    assert fields["phase"] == [1, 0, 0, 0]
    other = 1 - seat
    assert fields["ticket_count"] == [0, 0]  # own none kept yet; the other's hidden
    state.apply(enc.actions.decode(6311 + 7 - 1, state))  # keep all three
    fields = vector_fields(enc, state, seat)
    assert [i for i, v in enumerate(fields["tickets_held"]) if v] == sorted(offer)
    assert fields["ticket_points"][1] == sum(board.tickets[t].points for t in offer) / 349
    assert fields["choosing_tickets"] == [0, 1]  # the other seat still chooses from 3
    assert vector_fields(enc, state, other)["choosing_tickets"] == [1, 0]


# --- bounds -------------------------------------------------------------------------------------


def test_max_length_and_score_range_follow_their_derivations() -> None:
    """max_length: seats + card draws + routes + 2 x ticket draws + seats x (routes + 1);
    score_range: start -/+ the best tickets a seat can hold, plus route points and bonuses."""
    usa5 = encoding("usa", 5)
    # 5 seats, 110 cards, 45 trains a seat, 100 routes, 30 tickets.
    assert usa5.max_length == 5 + (110 - 20 + 45 * 5) + 100 + 2 * (30 - 10) + 5 * 101 == 965
    # At most 22 tickets (the 4 others keep 2 each): all but the 8 cheapest (53 points) of
    # 349; 109 route points for 45 trains; Longest Path 10.
    assert usa5.score_range == (-(349 - 53), 109 + (349 - 53) + 10)
    assert encoding("usa", 2).score_range == (-(349 - 9), 109 + (349 - 9) + 10)
    express2 = encoding("europe-express", 2)
    # 70 train cards and 12 Locomotives, 27 trains a seat, 68 routes.
    assert express2.max_length == 2 + (82 - 8 + 27 * 2) + 68 + 2 * (30 - 4) + 2 * 69 == 388
    # Start 100; 28 tickets, all but a 4 and a 5 of 310; 51 route points; bonus card 20.
    assert express2.score_range == (100 - 301, 100 + 51 + 301 + 20)
    assert "6319 indices" in describe_encoding(usa5)


# --- names of indices and positions -------------------------------------------------------------

OFFER_PLACES = ("1st", "2nd", "3rd")


def position_names(enc: Encoding, field: str) -> list[str]:
    """The names of one field's positions."""
    return enc.observations.position_names()[enc.observations.field_slices()[field]]


def claim_words(state: TicketToRideState, claim: Claim) -> str:
    """A claim in words built from the board itself: route id, cities, colour, Locomotives."""
    board = state.game.board
    route = board.routes[claim.route]
    where = f"claim r{route.id} {board.cities[route.a]}-{board.cities[route.b]}"
    plural = "" if claim.locomotives == 1 else "s"
    if claim.color == "locomotive":
        assert claim.locomotives == route.length
        return f"{where} with {claim.locomotives} locomotive{plural}"
    more = f" + {claim.locomotives} locomotive{plural}" if claim.locomotives else ""
    return f"{where} with {claim.color}{more}"


def assert_named_as(name: str, action: Action, state: TicketToRideState) -> None:
    """The index name of a legal action says what the action does."""
    if isinstance(action, KeepTickets):
        offer = state.offers[state.current_player]
        places = "+".join(OFFER_PLACES[i] for i, t in enumerate(offer) if t in action.tickets)
        assert name == f"keep {places} offered", (name, action, offer)
    elif isinstance(action, Claim):
        assert name == claim_words(state, action), (name, action)
    elif isinstance(action, TakeFaceUp):
        assert name == f"take {action.card}"
    else:
        assert name == str(action)


@pytest.mark.parametrize(("map_id", "players"), [("usa", 2), ("usa", 5), ("europe-express", 3)])
def test_every_legal_index_in_random_playouts_is_named_by_its_action(
    map_id: str, players: int
) -> None:
    """Each legal action's index name is its claim (route, colour, Locomotives), card kind or
    kept offer positions; the name of the action played reads back as that action."""
    game = tabletrip.make("ticket-to-ride", players=players, map=map_id)
    actions = encoding_for(game).actions
    names = actions.index_names()
    encode = actions.encode
    claims_seen = 0
    for seed in (1, 2):
        state = game.new_game(seed=seed)
        assert isinstance(state, TicketToRideState)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            for action in legal:
                assert_named_as(names[encode(action, state)], action, state)
                claims_seen += isinstance(action, Claim)
            played = rng.choice(legal)
            if not isinstance(played, KeepTickets):
                assert game.parse_action(names[encode(played, state)], state) == played
            state.apply(played)
    assert claims_seen > 100


@pytest.mark.parametrize("map_id", ["usa", "europe-express"])
def test_never_legal_names_mark_exactly_the_claim_shapes_no_route_accepts(map_id: str) -> None:
    """A claim index is named `(never legal)` exactly when it decodes to no action."""
    enc = encoding(map_id, 2)
    state = EXPRESS.new_state() if map_id == "europe-express" else USA.new_state()
    names = enc.actions.index_names()
    claims = next(b for b in enc.actions.blocks if b.name == "claim")
    for index in range(claims.start, claims.start + claims.size):
        try:
            action = enc.actions.decode(index, state)
        except IllegalAction:
            assert names[index].endswith(" (never legal)"), names[index]
        else:
            assert isinstance(action, Claim)
            assert names[index] == claim_words(state, action)


def test_usa_index_names_spot_checks() -> None:
    """The USA names of the indices the formula tests decode, and of the keeps."""
    names = encoding("usa", 2).actions.index_names()
    assert names[0] == "blind"
    assert names[8:10] == ["take red", "take locomotive"]
    assert names[375] == "claim r5 Atlanta-Raleigh with red + 1 locomotive"
    assert names[376] == "claim r5 Atlanta-Raleigh with red + 2 locomotives (never legal)"
    assert names[134] == "claim r1 Atlanta-Miami with 5 locomotives"
    assert names[122] == "claim r1 Atlanta-Miami with red (never legal)"
    assert names[626] == "claim r9 Boston-New York with red"
    assert names[6310] == "tickets"
    assert names[6311] == "keep 1st offered"
    assert names[6315] == "keep 1st+3rd offered"
    assert names[6317] == "keep 1st+2nd+3rd offered"
    assert names[6318] == "pass"


def test_express_index_names_spot_checks() -> None:
    """Europe Express: the Locomotive pile index, a claim and the keeps after the claims."""
    names = encoding("europe-express", 3).actions.index_names()
    assert names[7:10] == [
        "take red",
        "locomotive",
        "claim r0 London-Edinburgh with purple (never legal)",
    ]
    assert names[63] == "claim r1 London-Paris with blue"
    assert names[-9:-7] == ["tickets", "keep 1st offered"]


@pytest.mark.parametrize(("map_id", "players"), [("usa", 4), ("europe-express", 2)])
def test_per_route_and_per_ticket_position_names_follow_the_board(
    map_id: str, players: int
) -> None:
    """route_owner, route_open, tickets_held and offer positions name the board's routes and
    tickets in id order; seat-relative positions name the seats from the observer on."""
    enc = encoding(map_id, players)
    board = USA.new_state().game.board if map_id == "usa" else EXPRESS.new_state().game.board
    seats = ["you"] + [f"seat +{i}" for i in range(1, players)]
    routes = [f"r{r.id} {board.cities[r.a]}-{board.cities[r.b]}" for r in board.routes]
    tickets = [f"t{t.id} {board.cities[t.a]}-{board.cities[t.b]}" for t in board.tickets]
    assert position_names(enc, "route_owner") == [
        f"route_owner {route}, {seat}" for route in routes for seat in seats
    ]
    assert position_names(enc, "route_open") == [f"route_open {route}" for route in routes]
    assert position_names(enc, "tickets_held") == [f"tickets_held {t}" for t in tickets]
    assert position_names(enc, "trains") == [f"trains {seat}" for seat in seats]
    assert position_names(enc, "hand") == [f"hand {card}" for card in board.card_names]
    offer = position_names(enc, "offer")
    assert offer[: len(tickets) + 1] == [f"offer 1st, {t}" for t in tickets] + ["offer 1st, points"]
    assert offer[-1] == "offer 3rd, points"


def names_of_set_positions(enc: Encoding, vector: list[float], field: str) -> list[str]:
    """The names of a field's nonzero positions in `vector`, in order."""
    part = enc.observations.field_slices()[field]
    names = enc.observations.position_names()[part]
    return [name for name, value in zip(names, vector[part], strict=True) if value]


def test_owner_positions_set_in_a_built_state_name_the_route_and_seat() -> None:
    """Seat 1 of 4 owns Atlanta-Raleigh, seat 3 Boston-New York, seat 0 moves: in seat 1's
    vector the set positions are named by those routes and seats as seen from seat 1."""
    enc = encoding("usa", 4)
    state = USA.turn_state(4, seat=0, routes={1: [5], 3: [9]})
    vector = enc.observations.encode(state.observation(1))
    assert names_of_set_positions(enc, vector, "route_owner") == [
        "route_owner r5 Atlanta-Raleigh, you",
        "route_owner r9 Boston-New York, seat +2",
    ]
    assert names_of_set_positions(enc, vector, "to_move") == ["to_move seat +3"]


def test_offer_and_held_ticket_positions_name_the_tickets_they_hold() -> None:
    """The set one-hot positions of the offer name the offered tickets place by place; after
    keeping all three, the set tickets_held positions name those tickets."""
    enc = encoding("usa", 2)
    state = USA.new_state(seed=3)
    seat = state.current_player
    board = state.game.board
    offer = list(state.offers[seat])
    vector = enc.observations.encode(state.observation(seat))
    ticket_ids = [
        name for name in names_of_set_positions(enc, vector, "offer") if "points" not in name
    ]
    assert ticket_ids == [
        f"offer {place}, t{t} {board.ticket_name(board.tickets[t])}"
        for place, t in zip(OFFER_PLACES, offer, strict=True)
    ]
    state.apply(enc.actions.decode(6311 + 7 - 1, state))
    vector = enc.observations.encode(state.observation(seat))
    assert names_of_set_positions(enc, vector, "tickets_held") == [
        f"tickets_held t{t} {board.ticket_name(board.tickets[t])}" for t in sorted(offer)
    ]
