"""Every rule of the Europe Express rulebook (../shared/rules/europe-express.txt).

Europe Express ("Les Aventuriers du Rail Express") is the `europe-express` map of the
`ticket-to-ride` game. Each test names the rulebook section it checks. Situations are built
exactly by setting the state's plain fields and then played through `apply`.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletrip.games.ticket_to_ride.actions import (
    DrawBlind,
    DrawTickets,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.phases import TURN
from tabletrip.games.ticket_to_ride.rules import KEEP, SECOND_DRAW, SETUP, TicketToRideState
from ttr_situations import (
    BLIND,
    LOCO,
    TICKETS,
    MapSituations,
    assert_refused,
    claim,
    claims_of,
    give_routes,
    hand,
    named,
    play_randomly,
    play_turns_until_over,
    ticket_id,
)

MAP = "europe-express"
COLORS = ("purple", "blue", "white", "green", "yellow", "black", "red")
TAKE_LOCO = TakeLocomotive()


# --- building exact situations ----------------------------------------------------------------


EUROPE_EXPRESS = MapSituations(MAP, locomotive_pile=12)
new_state = EUROPE_EXPRESS.new_state
turn_state = EUROPE_EXPRESS.turn_state
route_id = EUROPE_EXPRESS.route_id
finished = EUROPE_EXPRESS.finished


def path(state: TicketToRideState, *cities: str) -> list[int]:
    """The route ids along a list of cities (the first route of a double)."""
    return [route_id(state, a, b) for a, b in pairwise(cities)]


ROW = ("red", "blue", "green", "yellow", "black")
PLENTY = [c for c in COLORS for _ in range(4)]


# --- Components and Setting up the Game ---------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_27_trains_and_scores_start_at_100(players: int) -> None:
    """Europe Express rulebook, Setting up the Game: 27 Train Cars each, score markers at 100."""
    state = new_state(players)
    assert state.trains == [27] * players
    assert state.scores_now() == [100] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_70_train_cards_and_a_face_up_pile_of_12_locomotives(players: int) -> None:
    """Europe Express rulebook, Components and Setting up: 70 Train Car cards, 10 of each of 7
    colours, dealt 4 each with 5 face up; the 12 Locomotives are a separate face-up pile."""
    for seed in range(4):
        state = new_state(players, seed)
        loco = state.game.board.loco
        assert [sum(h) for h in state.hands] == [4] * players
        assert len(state.face_up) == 5
        assert state.loco_pile == 12
        assert all(h[loco] == 0 for h in state.hands)
        cards = state.deck.cards + state.deck.discards + state.face_up
        for h in state.hands:
            cards += [c for c, n in enumerate(h) for _ in range(n)]
        assert named(state, cards) == Counter(dict.fromkeys(COLORS, 10))
        assert len(cards) == 70


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_3_tickets_each_keep_at_least_2(players: int) -> None:
    """Europe Express rulebook, Setting up the Game: each player draws three Tickets and keeps
    at least two; unwanted tickets go back into the stack (RULES_NOTES: at the bottom)."""
    state = new_state(players, seed=3)
    assert state.phase == SETUP
    assert [len(o) for o in state.offers] == [3] * players
    first = state.current_player
    offer = sorted(state.offers[first])
    assert {len(a.tickets) for a in state.legal_actions()} == {2, 3}
    assert_refused(state, state.game.keep((offer[0],)))
    state.apply(state.game.keep((offer[1], offer[2])))
    assert state.ticket_pile[0] == offer[0]


def test_the_starting_player_is_random() -> None:
    """Europe Express rulebook, The Game Turn: "Randomly decides the starting player"; the
    choice of tickets and the first turn begin with that player."""
    firsts = set()
    for seed in range(30):
        state = new_state(4, seed)
        first = state.current_player
        firsts.add(first)
        for i in range(4):
            assert (state.phase, state.current_player) == (SETUP, (first + i) % 4)
            state.apply(state.legal_actions()[0])
        assert (state.phase, state.current_player) == (TURN, first)
    assert len(firsts) > 1


def check_conservation(state: TicketToRideState) -> None:
    """Invariants of the Europe Express components that hold after every action."""
    board = state.game.board
    loco = board.loco
    cards = state.deck.cards + state.deck.discards + state.face_up
    assert loco not in cards
    for h in state.hands:
        cards += [c for c, n in enumerate(h) for _ in range(n) if c != loco]
    assert named(state, cards) == Counter(dict.fromkeys(COLORS, 10))
    assert state.loco_pile + sum(h[loco] for h in state.hands) == 12
    tickets = state.ticket_pile + [t for s in state.tickets + state.offers for t in s]
    assert sorted(tickets) == list(range(30))
    for seat in range(state.game.players):
        mine = state.seat_routes[seat]
        assert state.trains[seat] == 27 - sum(board.routes[r].length for r in mine)
        assert state.scores_now()[seat] == 100 + sum(
            board.route_points[board.routes[r].length] for r in mine
        )
    if state.deck.cards or state.deck.discards:
        assert len(state.face_up) == 5
    assert state.express_next == sum(1 for e in state.express if e)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_cards_and_locomotives_are_conserved_over_random_play(players: int, seed: int) -> None:
    """Europe Express rulebook, Components: 70 Train Car cards and 12 Locomotives all game.

    Along a random game: no Locomotive ever enters the deck, discards or face-up row; the
    pile plus the hands always hold 12 (Claim a Route: discarded Locomotives go back to their
    pile); trains and the score track (from 100) match the routes held; legal claims are
    exactly those the rulebook allows.
    """
    play_randomly(
        new_state(players, seed),
        seed,
        shared_doubles_from=3,
        check_state=check_conservation,
        check_turn=check_turn_passing,
    )


def check_turn_passing(state: TicketToRideState, phase: int, seat: int, action: object) -> None:
    """The Game Turn: one of four actions, then the next player clockwise; a first train card
    is followed by a second (unless none can be drawn), drawn tickets by the choice. Taking a
    Locomotive is a whole turn."""
    if state.is_over or phase == SETUP:
        return
    passed = (TURN, (seat + 1) % state.game.players)
    now = (state.phase, state.current_player)
    if phase == TURN and isinstance(action, DrawBlind | TakeFaceUp):
        second = bool(state.deck.cards or state.deck.discards or state.face_up)
        assert now == ((SECOND_DRAW, seat) if second else passed), action
    elif phase == TURN and isinstance(action, DrawTickets):
        assert now == (KEEP, seat)
    else:
        assert now == passed, action


# --- The Game Turn > 1. Draw Cards --------------------------------------------------------


def test_draw_a_face_up_card_then_a_blind_card() -> None:
    """Europe Express rulebook, The Game Turn > 1. Draw Cards: take a face-up card (replaced
    at once from the deck), then a second card, face up or from the deck."""
    state = turn_state(face_up=ROW, deck=["white", "purple", *PLENTY])
    state.apply(TakeFaceUp("red"))
    assert Counter(named(state, state.face_up)) == Counter(["white", *ROW[1:]])
    assert (state.phase, state.current_player) == (SECOND_DRAW, 0)
    state.apply(BLIND)
    assert hand(state, 0) == {"red": 1, "purple": 1}
    assert (state.phase, state.current_player) == (TURN, 1)


def test_draw_two_blind_cards_or_two_face_up_cards() -> None:
    """Europe Express rulebook, The Game Turn > 1. Draw Cards: two cards, from either source."""
    state = turn_state(face_up=ROW, deck=["white", "purple", *PLENTY])
    state.apply(BLIND)
    state.apply(BLIND)
    assert hand(state, 0) == {"white": 1, "purple": 1}
    state.apply(TakeFaceUp("red"))
    state.apply(TakeFaceUp("blue"))
    assert hand(state, 1) == {"red": 1, "blue": 1}
    assert state.current_player == 0


def test_the_discards_are_reshuffled_when_the_deck_is_exhausted() -> None:
    """Europe Express rulebook, The Game Turn > 1: "When the deck is exhausted, the discards are
    reshuffled into a new draw pile"."""
    state = turn_state(face_up=ROW, deck=[], discards=["white", "purple"])
    state.apply(BLIND)
    state.apply(BLIND)
    assert hand(state, 0) == {"white": 1, "purple": 1}
    assert state.deck.cards == state.deck.discards == []


def test_no_train_cards_can_be_drawn_from_empty_deck_and_discards() -> None:
    """Europe Express rulebook, The Game Turn > 1: no cards in the deck and no discards: the
    player cannot draw Train Car cards; claiming or drawing tickets remain."""
    black_route = route_id(new_state(), "Paris", "Bordeaux")
    state = turn_state(hands={0: {"black": 3}}, deck=[], discards=[])
    actions = state.legal_actions()
    assert BLIND not in actions
    assert not any(isinstance(a, TakeFaceUp) for a in actions)
    assert TICKETS in actions
    assert claim(state, black_route, "black") in actions
    assert_refused(state, BLIND)


# --- The Game Turn > 2. Draw a Locomotive Card --------------------------------------------


def test_taking_a_locomotive_is_a_whole_turn() -> None:
    """Europe Express rulebook, The Game Turn > 2. Draw a Locomotive Card: one of the four
    actions: one Locomotive from the pile, and the turn is over."""
    state = turn_state(face_up=ROW, deck=PLENTY)
    assert TAKE_LOCO in state.legal_actions()
    state.apply(TAKE_LOCO)
    assert hand(state, 0) == {LOCO: 1}
    assert state.loco_pile == 11
    assert (state.phase, state.current_player) == (TURN, 1)
    assert state.public_observation()["seats"][0]["known_cards"] == {LOCO: 1}


def test_a_locomotive_cannot_be_taken_as_a_second_card() -> None:
    """Europe Express rulebook, The Game Turn: one (and only one) of the four actions: after a
    first train card, the Locomotive action is not a second card."""
    state = turn_state(face_up=ROW, deck=PLENTY)
    state.apply(BLIND)
    assert state.phase == SECOND_DRAW
    assert_refused(state, TAKE_LOCO)
    state = turn_state(face_up=ROW, deck=PLENTY)
    state.apply(TakeFaceUp("red"))
    assert_refused(state, TAKE_LOCO)


def test_no_locomotive_can_be_taken_from_an_empty_pile() -> None:
    """Europe Express rulebook, The Game Turn > 2: the Locomotive comes from its pile: none
    left (all 12 in hands), none to take."""
    state = turn_state(hands={1: {LOCO: 12}}, face_up=ROW, deck=PLENTY)
    assert state.loco_pile == 0
    assert_refused(state, TAKE_LOCO)


def test_no_locomotive_is_ever_face_up_among_the_train_cards() -> None:
    """Europe Express rulebook, Components: Locomotives are not Train Car cards: there is no
    face-up Locomotive to take."""
    state = turn_state(face_up=ROW, deck=PLENTY)
    assert_refused(state, TakeFaceUp(LOCO))


# --- The Game Turn > 3. Claim a Route -------------------------------------------------------


def test_claim_a_coloured_route_with_its_colour() -> None:
    """Europe Express rulebook, The Game Turn > 3. Claim a Route: a set of the route's colour;
    the cards are discarded; the score moves on at once."""
    state = turn_state(hands={0: {"black": 3}}, face_up=ROW, deck=PLENTY)
    route = route_id(state, "Paris", "Bordeaux")
    assert state.game.board.routes[route].color == "black"
    state.apply(claim(state, route, "black"))
    assert hand(state, 0) == {}
    assert named(state, state.deck.discards) == Counter({"black": 3})
    assert state.trains[0] == 24
    assert state.scores_now() == [104, 100]


def test_claim_refused_with_another_colour_or_too_few_cards() -> None:
    """Europe Express rulebook, The Game Turn > 3: the set must match colour and length."""
    state = turn_state(hands={0: {"red": 3, "black": 2}}, face_up=ROW, deck=PLENTY)
    route = route_id(state, "Paris", "Bordeaux")
    assert claims_of(state, route) == set()
    assert_refused(state, claim(state, route, "red"))
    assert_refused(state, claim(state, route, "black"))


def test_claim_a_gray_route_with_any_one_colour() -> None:
    """Europe Express rulebook, The Game Turn > 3: gray routes take a set of any one colour."""
    state = turn_state(hands={0: {"red": 2, "blue": 1, "green": 1}}, face_up=ROW, deck=PLENTY)
    route = route_id(state, "London", "Bruxelles")
    assert claims_of(state, route) == {("red", 0)}
    assert_refused(state, claim(state, route, "blue"))


def test_a_route_of_three_can_be_claimed_four_ways() -> None:
    """Europe Express rulebook, The Game Turn > 3: "a route of three spaces ... can be claimed
    with four different combinations of Train Car cards and Locomotives"."""
    state = turn_state(hands={0: {"black": 3, LOCO: 3}}, face_up=ROW, deck=PLENTY)
    route = route_id(state, "Paris", "Bordeaux")
    assert claims_of(state, route) == {("black", 0), ("black", 1), ("black", 2), (LOCO, 3)}


def test_used_locomotives_return_to_their_pile() -> None:
    """Europe Express rulebook, The Game Turn > 3: "The discarded Locomotive cards are put in
    their deck and are available again"."""
    state = turn_state(hands={0: {"black": 1, LOCO: 2}}, face_up=ROW, deck=PLENTY)
    assert state.loco_pile == 10
    state.apply(claim(state, route_id(state, "Paris", "Bordeaux"), "black", 2))
    assert state.loco_pile == 12
    assert named(state, state.deck.discards) == Counter({"black": 1})
    assert hand(state, 0) == {}


def test_a_route_paid_with_locomotives_only_returns_them_all() -> None:
    """Europe Express rulebook, The Game Turn > 3: a set of Locomotives alone, back to the pile."""
    state = turn_state(hands={0: {LOCO: 4}}, face_up=ROW, deck=PLENTY)
    state.apply(claim(state, route_id(state, "Paris", "Bordeaux"), LOCO, 3))
    assert state.loco_pile == 11
    assert state.deck.discards == []
    assert hand(state, 0) == {LOCO: 1}


def test_claim_refused_without_enough_trains() -> None:
    """Europe Express rulebook, The Game Turn > 3: "If a player doesn't have enough trains in
    his pile as to claim a route he can't claim it"."""
    state = turn_state(hands={0: {"black": 3}}, face_up=ROW, deck=PLENTY)
    state.trains[0] = 2
    route = route_id(state, "Paris", "Bordeaux")
    assert claims_of(state, route) == set()
    assert_refused(state, claim(state, route, "black"))


def test_claim_refused_for_a_route_already_claimed() -> None:
    """Europe Express rulebook, The Game Turn > 3: "A player may claim any open route"."""
    state = turn_state(hands={0: {"black": 3}, 1: {"black": 3}}, face_up=ROW, deck=PLENTY)
    route = route_id(state, "Paris", "Bordeaux")
    state.apply(claim(state, route, "black"))
    assert_refused(state, claim(state, route, "black"))


@pytest.mark.parametrize(
    ("a", "b", "length", "points"),
    [
        ("Bruxelles", "Amsterdam", 1, 1),
        ("London", "Bruxelles", 2, 2),
        ("Paris", "Bordeaux", 3, 4),
        ("London", "Edinburgh", 4, 7),
        ("Warszawa", "Kyiv", 5, 10),
    ],
)
def test_route_scoring_table(a: str, b: str, length: int, points: int) -> None:
    """Europe Express rulebook, The Game Turn > 3, Route scoring table: 1, 2, 4, 7, 10 points
    for 1 to 5 spaces (added to the 100 the score starts at)."""
    state = turn_state(hands={0: {LOCO: 5}}, face_up=ROW, deck=PLENTY)
    route = route_id(state, a, b)
    assert state.game.board.routes[route].length == length
    state.apply(claim(state, route, LOCO, length))
    assert state.scores_now()[0] == 100 + points
    assert state.trains[0] == 27 - length
    assert sorted(state.game.board.route_points) == [1, 2, 3, 4, 5]


def double_state(players: int) -> TicketToRideState:
    cards = {"purple": 3, "green": 3}
    return turn_state(
        players, hands=dict.fromkeys(range(players), cards), face_up=ROW, deck=PLENTY * 2
    )


def paris_lyon(state: TicketToRideState) -> tuple[int, int]:
    return route_id(state, "Paris", "Lyon", "purple"), route_id(state, "Paris", "Lyon", "green")


def test_double_route_with_2_players_the_twin_is_closed_to_both() -> None:
    """Europe Express rulebook, The Game Turn > 3, NOTE: "In 2 player games, only one of the
    Double between two cities can be used": the other is closed to the other player, and to
    the one who claimed the first."""
    state = double_state(2)
    purple, green = paris_lyon(state)
    state.apply(claim(state, purple, "purple"))
    assert claims_of(state, green) == set()
    assert_refused(state, claim(state, green, "green"))
    state.apply(BLIND)
    state.apply(BLIND)
    assert claims_of(state, green) == set()
    assert_refused(state, claim(state, green, "green"))


@pytest.mark.parametrize("players", [3, 4])
def test_double_route_with_3_or_4_players_another_seat_may_claim_the_twin(players: int) -> None:
    """Europe Express rulebook, The Game Turn > 3: only 2-player games close the twin; with 3-4
    players another player may claim it."""
    state = double_state(players)
    purple, green = paris_lyon(state)
    state.apply(claim(state, purple, "purple"))
    assert claims_of(state, green) == {("green", 0)}
    state.apply(claim(state, green, "green"))
    assert (state.owner[purple], state.owner[green]) == (0, 1)


@pytest.mark.parametrize("players", [3, 4])
def test_double_route_never_both_by_the_same_player(players: int) -> None:
    """Europe Express rulebook, The Game Turn > 3: "One player cannot claim both routes to the
    same cities"."""
    state = double_state(players)
    purple, green = paris_lyon(state)
    state.apply(claim(state, purple, "purple"))
    while state.current_player != 0:
        state.apply(BLIND)
    assert claims_of(state, green) == set()
    assert_refused(state, claim(state, green, "green"))


# --- The Europe Express bonus (London - Istanbul) ------------------------------------------


def express_paths(state: TicketToRideState) -> list[list[int]]:
    """Three separate London-Istanbul connections, the last route of each left open."""
    return [
        path(
            state,
            *("London", "Paris", "Lyon", "Milano", "Venezia"),
            *("Zagreb", "Beograd", "Sofia", "Istanbul"),
        ),
        path(
            state,
            *("London", "Amsterdam", "Hamburg", "Berlin", "Praha"),
            *("Wien", "Budapest", "Bucuresti", "Istanbul"),
        ),
        path(
            state,
            *("London", "Bruxelles", "Frankfurt", "Munchen", "Wien"),
            *("Zagreb", "Budapest", "Beograd", "Athina", "Istanbul"),
        ),
    ]


def test_express_bonus_cards_go_to_each_connecting_player_highest_first() -> None:
    """Europe Express rulebook, Claim a Route: the route that connects London and Istanbul by a
    Continuous Path of your colour takes the bonus card from the top of the stack (put in
    descending order at setup): 20, then 15, then 10 (RULES_NOTES: the card values)."""
    probe = new_state(3)
    paths = express_paths(probe)
    state = turn_state(
        3,
        hands={0: {"yellow": 3}, 1: {"blue": 3}, 2: {"red": 4}},
        face_up=ROW,
        deck=PLENTY,
        routes={seat: p[:-1] for seat, p in enumerate(paths)},
    )
    assert state.game.board.express_bonus == (20, 15, 10, 5)
    state.apply(claim(state, paths[0][-1], "yellow"))
    assert state.express == [20, 0, 0]
    state.apply(claim(state, paths[1][-1], "blue"))
    assert state.express == [20, 15, 0]
    state.apply(claim(state, paths[2][-1], "red"))
    assert state.express == [20, 15, 10]
    assert state.public_observation()["express_bonus_left"] == [5]


def test_a_player_takes_only_one_express_bonus_card() -> None:
    """Europe Express rulebook, Claim a Route: "A player may take only one bonus card": a later
    claim by a connected player takes nothing, and the next card stays for the others."""
    probe = new_state(2)
    first, second, _ = express_paths(probe)
    state = turn_state(
        2,
        hands={0: {"yellow": 3, "black": 3}, 1: {"blue": 3}},
        face_up=ROW,
        deck=PLENTY,
        routes={0: first[:-1], 1: second[:-1]},
    )
    state.apply(claim(state, first[-1], "yellow"))
    assert state.express == [20, 0]
    state.apply(BLIND)
    state.apply(BLIND)
    state.apply(claim(state, route_id(state, "Paris", "Bordeaux"), "black"))  # still connected
    assert state.express == [20, 0]
    assert state.express_next == 1
    state.apply(claim(state, second[-1], "blue"))
    assert state.express == [20, 15]


def test_the_express_bonus_needs_a_path_of_your_own_colour() -> None:
    """Europe Express rulebook, Object of the Game: "a Continuous Path of route of his color
    between London and Istanbul": another player's routes do not count."""
    probe = new_state(2)
    first = express_paths(probe)[0]
    state = turn_state(
        2,
        seat=1,
        hands={1: {"yellow": 3}},
        face_up=ROW,
        deck=PLENTY,
        routes={0: first[:-1]},
    )
    state.apply(claim(state, first[-1], "yellow"))
    assert state.express == [0, 0]


def test_the_express_bonus_is_added_at_the_end() -> None:
    """Europe Express rulebook, Game end and Calculating Scores: "Then they add the points on
    every player's bonus Europe Express Card" (RULES_NOTES: not on the score track before)."""
    probe = new_state(2)
    first = express_paths(probe)[0]
    state = turn_state(
        2, hands={0: {"yellow": 3}}, face_up=ROW, deck=PLENTY, routes={0: first[:-1]}
    )
    state.apply(claim(state, first[-1], "yellow"))
    routes = state.route_points[0]
    assert state.scores_now()[0] == 100 + routes
    state.over = True
    result = state.result
    assert result.breakdown[0]["europe_express_bonus"] == 20
    assert result.breakdown[1]["europe_express_bonus"] == 0
    assert result.scores[0] == 100 + routes + 20
    assert result.scores[1] == 100


# --- Draw Destination Tickets -------------------------------------------------------------------


def test_draw_tickets_3_keep_at_least_1_the_rest_to_the_bottom() -> None:
    """Europe Express rulebook, The Game Turn > 4. Draw Destination Tickets: 3 from the top,
    keep at least one; returned cards go to the bottom of the deck."""
    state = turn_state(face_up=ROW, deck=PLENTY)
    state.ticket_pile = [5, 6, 7, 8]
    state.apply(TICKETS)
    assert (state.phase, sorted(state.offers[0])) == (KEEP, [6, 7, 8])
    assert {len(a.tickets) for a in state.legal_actions()} == {1, 2, 3}
    assert_refused(state, state.game.keep(()))
    state.apply(state.game.keep((7,)))
    assert state.tickets[0] == [7]
    assert state.ticket_pile == [6, 8, 5]
    assert state.current_player == 1


def test_draw_tickets_not_legal_when_none_are_left() -> None:
    """Europe Express rulebook, The Game Turn > 4: tickets come from the deck: none, no draw."""
    state = turn_state(face_up=ROW, deck=PLENTY)
    state.ticket_pile = []
    assert_refused(state, TICKETS)


# --- Game end and Calculating Scores ----------------------------------------------------------


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (3, 2), (4, 1)])
def test_game_end_every_player_gets_one_final_turn(players: int, seat: int) -> None:
    """Europe Express rulebook, Game end: down to 0, 1 or 2 trains at the end of a turn, each
    player, including that one, gets one final turn; then the game ends."""
    state = turn_state(
        players, seat=seat, hands={seat: {LOCO: 1}}, face_up=ROW, deck=PLENTY * players
    )
    state.trains[seat] = 3
    state.apply(claim(state, route_id(state, "Bruxelles", "Amsterdam"), LOCO, 1))
    turns = play_turns_until_over(state)
    assert turns == [(seat + 1 + i) % players for i in range(players)]
    assert state.result is not None


def test_score_starts_at_100_and_tickets_add_or_subtract() -> None:
    """Europe Express rulebook, Game end and Calculating Scores: from 100, add the routes, add
    completed tickets, subtract the others."""
    state = finished()
    give_routes(state, 0, path(state, "Paris", "Frankfurt", "Munchen"))  # 3 + 2: 4 + 2 points
    state.tickets[0] = [ticket_id(state, "Paris", "Munchen"), ticket_id(state, "London", "Roma")]
    result = state.result
    assert result.breakdown[0]["start"] == 100
    assert result.breakdown[0]["tickets_points"] == 5 - 9
    assert result.scores == (100 + 6 + 5 - 9, 100)


def test_there_is_no_longest_path_bonus() -> None:
    """Europe Express rulebook, Calculating Scores: routes, tickets and the Europe Express
    card only: no Longest Continuous Path bonus."""
    state = finished()
    give_routes(state, 0, path(state, "Paris", "Frankfurt", "Munchen", "Wien"))
    result = state.result
    assert [b["longest_path_bonus"] for b in result.breakdown] == [0, 0]
    assert result.scores == (100 + 4 + 2 + 2, 100)


def test_tie_goes_to_the_most_completed_tickets() -> None:
    """Europe Express rulebook, Calculating Scores: "If two or more players are tied ... the
    player (among those tied) who has completed the most Destination Tickets wins"."""
    state = finished()
    give_routes(state, 0, path(state, "Paris", "Frankfurt", "Munchen"))  # 6 points
    state.tickets[0] = [ticket_id(state, "Paris", "Munchen")]  # + 5
    give_routes(state, 1, path(state, "Warszawa", "Kyiv") + path(state, "Bruxelles", "Amsterdam"))
    result = state.result
    assert result.scores == (111, 111)
    assert result.winners == (0,)


def test_a_full_tie_is_shared_even_with_a_longer_path() -> None:
    """Europe Express rulebook, Calculating Scores: "If the tie continues both players are
    considered winners" (the Longest Path is no tie-break here)."""
    state = finished()
    give_routes(state, 0, path(state, "Warszawa", "Kyiv"))  # 5 trains, 10 points
    # 3 + 3 + 2 trains, 4 + 4 + 2 points, a path of 6 trains
    give_routes(
        state, 1, path(state, "Bordeaux", "Paris", "Lyon") + path(state, "London", "Bruxelles")
    )
    result = state.result
    assert [b["longest_path"] for b in result.breakdown] == [5, 6]
    assert result.scores == (110, 110)
    assert result.winners == (0, 1)
