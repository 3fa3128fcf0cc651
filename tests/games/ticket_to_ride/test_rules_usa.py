"""Every rule of the Ticket to Ride USA rulebook (../shared/rules/ticket-to-ride-usa.txt).

Each test names the rulebook section it checks. Situations are built exactly by setting the
state's plain fields (hands, face-up row, deck, routes) and then played through `apply`.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tabletrip.core import IllegalAction
from tabletrip.games.ticket_to_ride.actions import (
    DrawBlind,
    DrawTickets,
    Pass,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.content import load_board
from tabletrip.games.ticket_to_ride.moves import refill_display
from tabletrip.games.ticket_to_ride.phases import KEEP, SECOND_DRAW, SETUP, TURN
from tabletrip.games.ticket_to_ride.rules import TicketToRideState
from ttr_situations import (
    BLIND,
    LOCO,
    TICKETS,
    MapSituations,
    assert_refused,
    claim,
    claims_of,
    find_route,
    give_routes,
    hand,
    named,
    play_randomly,
    play_turns_until_over,
    settle,
    ticket_id,
)

MAP = "usa"
COLORS = ("purple", "blue", "orange", "white", "green", "yellow", "black", "red")


# --- building exact situations ----------------------------------------------------------------


USA = MapSituations(MAP)
new_state = USA.new_state
turn_state = USA.turn_state
route_id = USA.route_id
finished = USA.finished


def row(state: TicketToRideState) -> Counter[str]:
    """The face-up row as a multiset of card names."""
    names = state.game.board.card_names
    return Counter(names[c] for c in state.face_up)


def take(card: str) -> TakeFaceUp:
    return TakeFaceUp(card)


def total_cards(state: TicketToRideState) -> Counter[int]:
    cards: Counter[int] = Counter(state.deck.cards)
    cards.update(state.deck.discards)
    cards.update(state.face_up)
    for h in state.hands:
        for card, n in enumerate(h):
            cards[card] += n
    return cards


PLENTY = [c for c in COLORS for _ in range(4)]  # a deck that never runs out in a few turns
ROW = ("red", "blue", "green", "yellow", "black")  # a face-up row without Locomotives


def usa_route(a: str, b: str, color: str | None = None) -> int:
    """The id of a USA route, looked up on the board."""
    return find_route(load_board(MAP), a, b, color)


CHICAGO_DULUTH = usa_route("Chicago", "Duluth")  # 3, red
ATLANTA_CHARLESTON = usa_route("Atlanta", "Charleston")  # 2, gray
CHICAGO_PITTSBURGH_BLACK = usa_route("Chicago", "Pittsburgh", "black")  # 3, a double
CHICAGO_PITTSBURGH_ORANGE = usa_route("Chicago", "Pittsburgh", "orange")


# --- Setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_4_cards_each_and_turns_5_face_up(players: int) -> None:
    """USA rulebook, Setup > 4. Train Car Cards: a hand of 4 cards each, then 5 face up."""
    state = new_state(players, seed=players)
    assert [sum(h) for h in state.hands] == [4] * players
    assert len(state.face_up) == 5
    assert len(state.deck.cards) == 110 - 4 * players - 5 - len(state.deck.discards)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_each_player_takes_45_trains(players: int) -> None:
    """USA rulebook, Setup > 2. Choose Your Color: a set of 45 Trains each."""
    state = new_state(players)
    assert state.trains == [45] * players
    assert state.scores_now() == [0] * players  # Setup > 3: markers on Start


@pytest.mark.parametrize("players", [2, 5])
def test_setup_110_train_cards_12_of_each_colour_and_14_locomotives(players: int) -> None:
    """USA rulebook, Setup > 4: 110 Train Car Cards (12 of each of 8 colours, 14 Locomotives).

    Counted over deck, discards, face-up row and hands, for several seeds.
    """
    for seed in range(5):
        state = new_state(players, seed)
        cards = named(state, total_cards(state).elements())
        assert sum(cards.values()) == 110
        assert cards == Counter({**dict.fromkeys(COLORS, 12), LOCO: 14})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_3_destination_tickets_each(players: int) -> None:
    """USA rulebook, Setup > 6. Destination Tickets: 3 dealt to each player, the rest a pile."""
    state = new_state(players, seed=11)
    assert state.phase == SETUP
    assert [len(o) for o in state.offers] == [3] * players
    dealt = [t for o in state.offers for t in o]
    assert len(set(dealt)) == 3 * players
    assert sorted(dealt + state.ticket_pile) == list(range(30))


def test_setup_keep_at_least_two_tickets() -> None:
    """USA rulebook, Setup > 6: "You must keep at least two Tickets", all three allowed."""
    state = new_state(2)
    offer = sorted(state.offers[0])
    keeps = {a.tickets for a in state.legal_actions()}
    assert keeps == {
        tuple(offer),
        (offer[0], offer[1]),
        (offer[0], offer[2]),
        (offer[1], offer[2]),
    }
    assert_refused(state, state.game.keep((offer[0],)))
    assert_refused(state, state.game.keep(()))
    assert_refused(state, BLIND)


def test_setup_unchosen_tickets_go_to_the_bottom_of_the_pile() -> None:
    """USA rulebook, Setup > 6: "Any unchosen Tickets are placed at the bottom" of the pile."""
    state = new_state(3, seed=5)
    offer0 = sorted(state.offers[0])
    state.apply(state.game.keep((offer0[0], offer0[2])))
    assert state.tickets[0] == [offer0[0], offer0[2]]
    assert state.ticket_pile[0] == offer0[1]
    offer1 = sorted(state.offers[1])
    state.apply(state.game.keep(tuple(offer1)))  # keeping all three returns nothing
    assert state.ticket_pile[0] == offer0[1]
    offer2 = sorted(state.offers[2])
    state.apply(state.game.keep((offer2[1], offer2[2])))
    assert state.ticket_pile[:2] == [offer2[0], offer0[1]]
    assert len(state.ticket_pile) == 30 - 9 + 2


def test_setup_every_seat_chooses_then_the_first_player_starts() -> None:
    """USA rulebook, Setup > 6 and The Game Turn: each player keeps tickets, then play begins.

    The rulebook lets "the most experienced traveler" start; tabletrip seats them at seat 0.
    """
    state = new_state(4, seed=2)
    for seat in range(4):
        assert state.phase == SETUP
        assert state.current_player == seat
        state.apply(state.legal_actions()[0])
    assert state.phase == TURN
    assert state.current_player == 0
    assert [len(t) for t in state.tickets] == [3] * 4


def check_conservation(state: TicketToRideState) -> None:
    """Invariants of the USA components that hold after every action."""
    board = state.game.board
    cards = named(state, total_cards(state).elements())
    assert cards == Counter({**dict.fromkeys(COLORS, 12), LOCO: 14})
    tickets = state.ticket_pile + [t for s in state.tickets + state.offers for t in s]
    assert sorted(tickets) == list(range(30))
    for seat in range(state.game.players):
        mine = state.seat_routes[seat]
        assert state.trains[seat] == 45 - sum(board.routes[r].length for r in mine)
        assert state.route_points[seat] == sum(
            board.route_points[board.routes[r].length] for r in mine
        )
        assert all(state.owner[r] == seat for r in mine)
    assert sum(o != -1 for o in state.owner) == sum(len(r) for r in state.seat_routes)
    # the face-up row is full unless no card is left to fill it
    if state.deck.cards or state.deck.discards:
        assert len(state.face_up) == 5
    # three face-up Locomotives are wiped, unless no other row could be made
    pool = state.deck.cards + state.deck.discards + state.face_up
    if len(pool) - pool.count(board.loco) >= 3:
        assert state.face_up.count(board.loco) < 3


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32))
@example(players=5, seed=1_433_931_270)  # a kept 5-Locomotive row, then a claim discards 3 white
def test_cards_tickets_and_trains_are_conserved_over_random_play(players: int, seed: int) -> None:
    """USA rulebook, Setup > 4 and 6: the 110 cards and 30 tickets are conserved all game.

    Along a random game: deck + discards + face-up + hands is always 12 of each colour and 14
    Locomotives; trains left and the score track agree with the routes claimed (Claim a Route
    scoring table); the row is refilled to 5 and never shows 3 Locomotives when avoidable;
    and the legal claims are exactly those The Game Turn > 2 allows (double routes shared
    from 4 players).
    """
    play_randomly(
        new_state(players, seed),
        seed,
        shared_doubles_from=4,
        check_state=check_conservation,
        check_turn=check_turn_passing,
    )


def check_turn_passing(state: TicketToRideState, phase: int, seat: int, action: object) -> None:
    """The Game Turn: after one action the turn passes clockwise, except after a first train
    card (a second follows, unless none can be drawn or it was a face-up Locomotive) and after
    drawing tickets (the choice follows)."""
    if state.is_over or phase == SETUP:
        return
    passed = (TURN, (seat + 1) % state.game.players)
    now = (state.phase, state.current_player)
    if phase == TURN and isinstance(action, DrawBlind | TakeFaceUp) and action != take(LOCO):
        # No train card at all may be drawn while both piles are empty (RULES_NOTES).
        second = bool(state.deck.cards or state.deck.discards)
        assert now == ((SECOND_DRAW, seat) if second else passed), action
    elif phase == TURN and isinstance(action, DrawTickets):
        assert now == (KEEP, seat)
    else:
        assert now == passed, action


# --- The Game Turn > 1. Draw Train Car Cards ---------------------------------------------


def test_draw_face_up_then_blind() -> None:
    """USA rulebook, The Game Turn > 1. Draw Train Car Cards: one face-up card, one blind.

    The face-up card is replaced at once from the top of the draw pile.
    """
    state = turn_state(face_up=ROW, deck=["white", "orange", "purple", *PLENTY])
    state.apply(take("red"))
    assert hand(state, 0) == {"red": 1}
    assert row(state) == Counter(["white", "blue", "green", "yellow", "black"])
    assert (state.phase, state.current_player) == (SECOND_DRAW, 0)
    state.apply(BLIND)
    assert hand(state, 0) == {"red": 1, "orange": 1}
    assert (state.phase, state.current_player) == (TURN, 1)


def test_draw_blind_then_face_up() -> None:
    """USA rulebook, The Game Turn > 1. Draw Train Car Cards: one blind card, one face-up."""
    state = turn_state(face_up=ROW, deck=["white", "orange", "purple", *PLENTY])
    state.apply(BLIND)
    assert hand(state, 0) == {"white": 1}
    assert (state.phase, state.current_player) == (SECOND_DRAW, 0)
    state.apply(take("blue"))
    assert hand(state, 0) == {"white": 1, "blue": 1}
    assert row(state) == Counter(["red", "orange", "green", "yellow", "black"])
    assert (state.phase, state.current_player) == (TURN, 1)


def test_draw_two_face_up_cards_the_replacement_included() -> None:
    """USA rulebook, The Game Turn > 1. Draw Train Car Cards: two face-up cards."""
    state = turn_state(face_up=ROW, deck=["white", "orange", *PLENTY])
    state.apply(take("red"))
    state.apply(take("white"))  # the replacement card, not a Locomotive: fine
    assert hand(state, 0) == {"red": 1, "white": 1}
    assert row(state) == Counter(["orange", "blue", "green", "yellow", "black"])
    assert (state.phase, state.current_player) == (TURN, 1)


def test_draw_two_blind_cards() -> None:
    """USA rulebook, The Game Turn > 1. Draw Train Car Cards: two face-down cards."""
    state = turn_state(face_up=ROW, deck=["white", "orange", *PLENTY])
    state.apply(BLIND)
    state.apply(BLIND)
    assert hand(state, 0) == {"white": 1, "orange": 1}
    assert row(state) == Counter(ROW)
    assert (state.phase, state.current_player) == (TURN, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_play_passes_clockwise_after_one_action(players: int) -> None:
    """USA rulebook, The Game Turn: one action, then play passes to the next player clockwise."""
    state = turn_state(players, face_up=ROW, deck=PLENTY)
    order = []
    for _ in range(players + 1):
        order.append(state.current_player)
        state.apply(BLIND)
        state.apply(BLIND)
    assert order == [*range(players), 0]


def test_second_draw_allows_only_a_train_card() -> None:
    """USA rulebook, The Game Turn: one (and only one) action: no claim or tickets mid-draw."""
    state = turn_state(hands={0: {"red": 3}}, face_up=ROW, deck=PLENTY)
    state.apply(BLIND)
    actions = state.legal_actions()
    assert all(isinstance(a, DrawBlind | TakeFaceUp) for a in actions)
    assert_refused(state, claim(state, CHICAGO_DULUTH, "red"))
    assert_refused(state, TICKETS)


def test_a_face_up_locomotive_taken_first_is_the_whole_draw() -> None:
    """USA rulebook, The Game Turn > 1: a face-up Locomotive drawn means only one card."""
    state = turn_state(face_up=["locomotive", *ROW[:4]], deck=["white", *PLENTY])
    state.apply(take(LOCO))
    assert hand(state, 0) == {LOCO: 1}
    assert row(state) == Counter(["white", *ROW[:4]])
    assert (state.phase, state.current_player) == (TURN, 1)


def test_a_face_up_locomotive_cannot_be_the_second_card_after_a_face_up_card() -> None:
    """USA rulebook, The Game Turn > 1: a face-up Locomotive is not a second card."""
    state = turn_state(face_up=["locomotive", *ROW[:4]], deck=["white", *PLENTY])
    state.apply(take("red"))
    assert state.phase == SECOND_DRAW
    assert_refused(state, take(LOCO))
    state.apply(take("blue"))
    assert hand(state, 0) == {"red": 1, "blue": 1}


def test_a_face_up_locomotive_cannot_be_the_second_card_after_a_blind_card() -> None:
    """USA rulebook, The Game Turn > 1: after a blind draw, a face-up Locomotive is not legal."""
    state = turn_state(face_up=["locomotive", *ROW[:4]], deck=["white", *PLENTY])
    state.apply(BLIND)
    assert state.phase == SECOND_DRAW
    assert_refused(state, take(LOCO))


def test_a_blind_locomotive_still_allows_a_second_card() -> None:
    """USA rulebook, The Game Turn > 1: a Locomotive from the top of the pile, then another."""
    state = turn_state(face_up=ROW, deck=["locomotive", "white", *PLENTY])
    state.apply(BLIND)
    assert hand(state, 0) == {LOCO: 1}
    assert (state.phase, state.current_player) == (SECOND_DRAW, 0)
    state.apply(BLIND)
    assert hand(state, 0) == {LOCO: 1, "white": 1}
    assert state.current_player == 1


def test_a_replacement_locomotive_cannot_be_taken_as_the_second_card() -> None:
    """USA rulebook, The Game Turn > 1: "the replacement card is a Locomotive, you cannot draw it
    immediately"."""
    state = turn_state(face_up=ROW, deck=["locomotive", "white", *PLENTY])
    state.apply(take("red"))
    assert row(state) == Counter(["locomotive", *ROW[1:]])
    assert_refused(state, take(LOCO))
    state.apply(BLIND)
    assert hand(state, 0) == {"red": 1, "white": 1}
    # the Locomotive stays face up, and the next player may take it as a first card
    assert state.current_player == 1
    assert take(LOCO) in state.legal_actions()


def test_three_face_up_locomotives_wipe_the_row() -> None:
    """USA rulebook, The Game Turn > 1: three face-up Locomotives: all five are discarded and
    five new cards are revealed."""
    state = turn_state(
        face_up=["locomotive", "locomotive", "red", "blue", "green"],
        deck=["locomotive", "white", "orange", "purple", "black", "yellow", *PLENTY],
    )
    state.apply(take("red"))
    assert named(state, state.deck.discards) == Counter(
        ["locomotive", "locomotive", "locomotive", "blue", "green"]
    )
    assert row(state) == Counter(["white", "orange", "purple", "black", "yellow"])
    assert (state.phase, state.current_player) == (SECOND_DRAW, 0)


def test_three_face_up_locomotives_wipe_again_and_again() -> None:
    """USA rulebook, The Game Turn > 1: "new cards are revealed until five face-up cards are
    formed": a new row with three Locomotives is wiped too."""
    state = turn_state(
        face_up=["locomotive", "locomotive", "red", "blue", "green"],
        deck=[
            "locomotive",  # the replacement: a third Locomotive
            *["locomotive", "locomotive", "locomotive", "white", "orange"],  # wiped again
            *["purple", "black", "yellow", "red", "blue"],  # the row that stays
            *PLENTY,
        ],
    )
    state.apply(take("red"))
    assert row(state) == Counter(["purple", "black", "yellow", "red", "blue"])
    assert named(state, state.deck.discards) == Counter(
        {"locomotive": 6, "blue": 1, "green": 1, "white": 1, "orange": 1}
    )


def test_wipes_repeat_until_the_only_possible_row_is_formed() -> None:
    """USA rulebook, The Game Turn > 1: wipes repeat, through reshuffled discards if needed.

    Only 3 cards that are not Locomotives are left among 9: whatever the shuffles, wiping ends
    with exactly those 3 and 2 Locomotives face up.
    """
    state = turn_state(
        face_up=["locomotive", "locomotive", "red", "blue", "green"],
        deck=["locomotive"] * 4,
        discards=["white"],
    )
    state.apply(take("red"))
    assert row(state) == Counter({"locomotive": 2, "blue": 1, "green": 1, "white": 1})
    assert named(state, state.deck.cards + state.deck.discards) == Counter({LOCO: 4})


def test_a_row_that_cannot_avoid_three_locomotives_stays() -> None:
    """USA rulebook, The Game Turn > 1, three face-up Locomotives; RULES_NOTES: when the cards
    left cannot make a row with fewer than 3 Locomotives, the row stays (no endless wiping)."""
    state = turn_state(
        face_up=["locomotive", "locomotive", "red", "blue", "green"],
        deck=["locomotive"],
        discards=["locomotive", "locomotive"],
    )
    state.apply(take("red"))
    assert row(state) == Counter({"locomotive": 3, "blue": 1, "green": 1})
    assert named(state, state.deck.cards + state.deck.discards) == Counter({LOCO: 2})
    assert (state.phase, state.current_player) == (SECOND_DRAW, 0)
    assert set(state.legal_actions()) == {BLIND, take("blue"), take("green")}


def test_a_kept_three_locomotive_row_is_wiped_once_a_claim_discards_other_cards() -> None:
    """USA rulebook, The Game Turn > 1: "If, at any time, three of the five face-up cards are
    Locomotives, all five cards are immediately discarded" (RULES_NOTES: the row stays only
    while no row with fewer than 3 Locomotives can be made).

    The row shows 3 Locomotives and stays (only 2 other cards anywhere). A claim then puts 3
    red cards on the discards: a row with fewer than 3 Locomotives can now be made, so the row
    must be wiped and refilled at once, before the next player draws.
    """
    state = turn_state(
        hands={0: {"red": 3}},
        face_up=["locomotive", "locomotive", "locomotive", "blue", "green"],
        deck=[],
        discards=[],
    )
    state.apply(claim(state, CHICAGO_DULUTH, "red"))
    assert state.current_player == 1
    assert len(state.face_up) == 5
    shown = sorted(row(state).elements())
    assert row(state)[LOCO] < 3, f"the next player faces {shown}"


def test_the_first_five_cards_are_wiped_too() -> None:
    """USA rulebook, Setup > 4 and The Game Turn > 1: "at any time", the first reveal included:
    five cards turned up with three Locomotives are discarded and five more turned up."""
    state = turn_state(
        deck=["locomotive", "red", "locomotive", "blue", "locomotive", *ROW, *PLENTY]
    )
    refill_display(state)  # what new_game does after dealing the hands
    assert row(state) == Counter(ROW)
    assert named(state, state.deck.discards) == Counter({LOCO: 3, "red": 1, "blue": 1})


def test_the_discards_are_reshuffled_when_the_deck_runs_out() -> None:
    """USA rulebook, The Game Turn > 1: "If the draw pile runs out, the discard pile is
    shuffled and used as the new draw pile"."""
    state = turn_state(face_up=ROW, deck=[], discards=["white", "orange", "purple"])
    assert BLIND in state.legal_actions()
    state.apply(BLIND)
    state.apply(BLIND)
    drawn = hand(state, 0)
    assert sum(drawn.values()) == 2 and set(drawn) <= {"white", "orange", "purple"}
    assert state.deck.discards == []
    assert len(state.deck.cards) == 1
    assert Counter(drawn) + named(state, state.deck.cards) == Counter(["white", "orange", "purple"])


def test_a_face_up_card_is_replaced_from_the_reshuffled_discards() -> None:
    """USA rulebook, The Game Turn > 1: the replacement comes from the reshuffled discards."""
    state = turn_state(face_up=ROW, deck=[], discards=["white"])
    state.apply(take("red"))
    assert row(state) == Counter(["white", *ROW[1:]])
    assert state.deck.cards == state.deck.discards == []


def test_no_train_cards_can_be_drawn_when_deck_and_discards_are_empty() -> None:
    """USA rulebook, The Game Turn > 1: "no cards in either pile, you cannot draw Train Car
    Cards and must choose another action"."""
    state = turn_state(hands={0: {"red": 3}}, deck=[], discards=[])
    actions = state.legal_actions()
    assert BLIND not in actions
    assert not any(isinstance(a, TakeFaceUp) for a in actions)
    assert TICKETS in actions
    assert claim(state, CHICAGO_DULUTH, "red") in actions
    assert_refused(state, BLIND)


def test_the_turn_ends_after_one_card_when_no_second_card_can_be_drawn() -> None:
    """USA rulebook, The Game Turn > 1: a blind draw that empties both piles is the whole draw,
    since "if there are no cards in either pile, you cannot draw Train Car Cards"."""
    state = turn_state(face_up=["red", "locomotive"], deck=["blue"], discards=[])
    state.apply(BLIND)
    assert hand(state, 0) == {"blue": 1}
    assert (state.phase, state.current_player) == (TURN, 1)

    state = turn_state(face_up=["red", "locomotive"], deck=["red"], discards=[])
    state.apply(take("red"))  # the replacement empties the deck
    assert hand(state, 0) == {"red": 1}
    assert (state.phase, state.current_player) == (TURN, 1)


def test_no_train_card_at_all_when_both_piles_are_empty() -> None:
    """USA rulebook, The Game Turn > 1: "In the rare event that there are no cards in either
    pile, you cannot draw Train Car Cards": not blind, not face up (RULES_NOTES.md)."""
    state = turn_state(face_up=["red", "blue", "locomotive"], deck=[], discards=[])
    assert not [a for a in state.legal_actions() if isinstance(a, DrawBlind | TakeFaceUp)]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="no train cards"):
        state.apply(take("red"))
    assert state.to_json() == before


def test_there_is_no_hand_limit() -> None:
    """USA rulebook, The Game Turn > 1: "There is no limit to the number of cards in your hand"."""
    big = {c: 12 for c in COLORS[:6]}
    state = turn_state(hands={0: big}, face_up=ROW, deck=PLENTY)
    assert BLIND in state.legal_actions()
    state.apply(BLIND)
    state.apply(BLIND)
    assert sum(state.hands[0]) == 74


def test_a_seat_that_can_do_nothing_passes() -> None:
    """USA rulebook, The Game Turn (silent on a seat with no possible action); RULES_NOTES: it
    passes. No cards to draw, no tickets, no route it can pay for."""
    state = turn_state(deck=[], discards=[])
    state.ticket_pile = []
    assert state.legal_actions() == [Pass()]
    state.apply(Pass())
    assert state.current_player == 1


def test_when_every_seat_must_pass_the_game_ends() -> None:
    """USA rulebook, End of Game (silent on a game where nobody can act); RULES_NOTES: when
    every seat passes in a row, the game ends and is scored as usual."""
    state = turn_state(3, deck=[], discards=[])
    state.ticket_pile = []
    state = settle(state)
    for seat in range(3):
        assert not state.is_over
        assert state.current_player == seat
        state.apply(Pass())
    assert state.is_over
    assert state.result is not None


def test_there_is_no_locomotive_pile_on_the_usa_map() -> None:
    """USA rulebook, The Game Turn: three actions only; Locomotives are among the train cards."""
    state = turn_state(face_up=ROW, deck=PLENTY)
    assert_refused(state, TakeLocomotive())


# --- The Game Turn > 2. Claim a Route -----------------------------------------------------


def test_the_routes_used_in_these_tests_are_as_printed() -> None:
    """USA rulebook, The Game Turn > 2 (the board): Chicago-Duluth red 3, Atlanta-Charleston
    gray 2."""
    board = new_state().game.board
    assert (board.routes[CHICAGO_DULUTH].length, board.routes[CHICAGO_DULUTH].color) == (3, "red")
    assert (board.routes[ATLANTA_CHARLESTON].length, board.routes[ATLANTA_CHARLESTON].color) == (
        2,
        "gray",
    )


def test_claim_a_coloured_route_with_cards_of_its_colour() -> None:
    """USA rulebook, The Game Turn > 2. Claim a Route: a red route needs red cards; the cards
    are discarded, a train goes on each space, the points are scored at once."""
    state = turn_state(hands={0: {"red": 4, "blue": 1}}, face_up=ROW, deck=PLENTY)
    action = claim(state, CHICAGO_DULUTH, "red")
    assert action in state.legal_actions()
    state.apply(action)
    assert hand(state, 0) == {"red": 1, "blue": 1}
    assert named(state, state.deck.discards) == Counter({"red": 3})
    assert state.owner[CHICAGO_DULUTH] == 0
    assert state.seat_routes[0] == [CHICAGO_DULUTH]
    assert state.trains == [42, 45]
    assert state.scores_now() == [4, 0]
    assert (state.phase, state.current_player) == (TURN, 1)


def test_claim_a_coloured_route_not_with_another_colour() -> None:
    """USA rulebook, The Game Turn > 2: "a blue route needs Blue ... Cards", not any colour."""
    state = turn_state(hands={0: {"blue": 3}}, face_up=ROW, deck=PLENTY)
    assert claims_of(state, CHICAGO_DULUTH) == set()
    assert_refused(state, claim(state, CHICAGO_DULUTH, "blue"))


def test_claim_a_coloured_route_with_locomotives_mixed_in() -> None:
    """USA rulebook, The Game Turn > 1-2: Locomotives are wildcards used with any colour."""
    state = turn_state(hands={0: {"red": 1, LOCO: 2}}, face_up=ROW, deck=PLENTY)
    state.apply(claim(state, CHICAGO_DULUTH, "red", 2))
    assert hand(state, 0) == {}
    assert named(state, state.deck.discards) == Counter({"red": 1, LOCO: 2})
    assert state.owner[CHICAGO_DULUTH] == 0


def test_claim_a_route_with_locomotives_only() -> None:
    """USA rulebook, The Game Turn > 1-2: a set of Locomotives alone claims a route."""
    state = turn_state(hands={0: {LOCO: 3}}, face_up=ROW, deck=PLENTY)
    assert claims_of(state, CHICAGO_DULUTH) == {(LOCO, 3)}
    state.apply(claim(state, CHICAGO_DULUTH, LOCO, 3))
    assert hand(state, 0) == {}
    assert state.owner[CHICAGO_DULUTH] == 0


def test_claims_made_by_the_game_are_the_legal_ones() -> None:
    """USA rulebook, The Game Turn > 2: `game.claim(route, colour, Locomotives)` names the same
    claims `legal_actions` lists."""
    state = turn_state(hands={0: {"red": 2, LOCO: 1}}, face_up=ROW, deck=PLENTY)
    red = state.game.card_index["red"]
    made = state.game.claim(CHICAGO_DULUTH, red, 1)
    assert made == claim(state, CHICAGO_DULUTH, "red", 1)
    assert made in state.legal_actions()
    state.apply(made)
    assert state.owner[CHICAGO_DULUTH] == 0


def test_every_way_to_pay_a_coloured_route_is_legal() -> None:
    """USA rulebook, The Game Turn > 2: a red 3 with red cards and Locomotives can be paid in
    four ways: 3 red, 2 red + 1, 1 red + 2, 3 Locomotives."""
    state = turn_state(hands={0: {"red": 3, LOCO: 3}}, face_up=ROW, deck=PLENTY)
    assert claims_of(state, CHICAGO_DULUTH) == {("red", 0), ("red", 1), ("red", 2), (LOCO, 3)}


def test_claim_a_gray_route_with_any_one_colour() -> None:
    """USA rulebook, The Game Turn > 2. Gray Routes: any colour, all cards of the same colour."""
    state = turn_state(hands={0: {"red": 2, "blue": 2, "green": 1}}, face_up=ROW, deck=PLENTY)
    assert claims_of(state, ATLANTA_CHARLESTON) == {("red", 0), ("blue", 0)}
    state.apply(claim(state, ATLANTA_CHARLESTON, "blue"))
    assert hand(state, 0) == {"red": 2, "green": 1}
    assert state.owner[ATLANTA_CHARLESTON] == 0


def test_claim_a_gray_route_not_with_mixed_colours() -> None:
    """USA rulebook, The Game Turn > 2: "All cards in the set must be of the same color"."""
    state = turn_state(hands={0: {"red": 1, "blue": 1}}, face_up=ROW, deck=PLENTY)
    assert claims_of(state, ATLANTA_CHARLESTON) == set()
    assert_refused(state, claim(state, ATLANTA_CHARLESTON, "red"))
    assert_refused(state, claim(state, ATLANTA_CHARLESTON, "blue"))


def test_claim_refused_without_enough_cards() -> None:
    """USA rulebook, The Game Turn > 2: the set must match the length of the route."""
    state = turn_state(hands={0: {"red": 2}}, face_up=ROW, deck=PLENTY)
    assert claims_of(state, CHICAGO_DULUTH) == set()
    assert_refused(state, claim(state, CHICAGO_DULUTH, "red"))
    assert_refused(state, claim(state, CHICAGO_DULUTH, "red", 1))
    assert_refused(state, claim(state, CHICAGO_DULUTH, LOCO, 3))


def test_a_claim_short_of_cards_says_how_many_are_held() -> None:
    """USA rulebook, The Game Turn > 2: the refusal counts the cards held, one or several."""
    state = turn_state(hands={0: {"red": 1, LOCO: 1}}, face_up=ROW, deck=PLENTY)
    assert state.illegal_reason(claim(state, CHICAGO_DULUTH, LOCO, 3)) == (
        "you have 1 Locomotive, not 3"
    )
    assert state.illegal_reason(claim(state, CHICAGO_DULUTH, "red")) == (
        "you have 1 red card, not 3"
    )


def test_claim_refused_without_enough_trains() -> None:
    """USA rulebook, The Game Turn > 2: a train goes on each space: a seat with 2 trains cannot
    claim a route of 3."""
    state = turn_state(hands={0: {"red": 3}}, face_up=ROW, deck=PLENTY)
    state.trains[0] = 2
    assert claims_of(state, CHICAGO_DULUTH) == set()
    assert_refused(state, claim(state, CHICAGO_DULUTH, "red"))
    assert claims_of(state, ATLANTA_CHARLESTON) == {("red", 0)}


def test_claim_refused_for_a_route_already_claimed() -> None:
    """USA rulebook, The Game Turn > 2: "You can claim any available route"."""
    state = turn_state(hands={0: {"red": 3}, 1: {"red": 3}}, face_up=ROW, deck=PLENTY)
    state.apply(claim(state, CHICAGO_DULUTH, "red"))
    assert state.current_player == 1
    assert_refused(state, claim(state, CHICAGO_DULUTH, "red"))
    state.apply(BLIND)
    state.apply(BLIND)
    assert_refused(state, claim(state, CHICAGO_DULUTH, "red"))  # nor twice by the same seat


def test_claim_need_not_connect_to_your_routes_and_one_per_turn() -> None:
    """USA rulebook, The Game Turn > 2: any available route, not connected to your previous
    ones; at most one route per turn."""
    state = turn_state(hands={0: {"red": 3, "blue": 2}}, face_up=ROW, deck=PLENTY)
    state.apply(claim(state, CHICAGO_DULUTH, "red"))
    assert state.current_player == 1  # one route, and the turn is over
    state.apply(BLIND)
    state.apply(BLIND)
    state.apply(claim(state, ATLANTA_CHARLESTON, "blue"))
    assert state.seat_routes[0] == [CHICAGO_DULUTH, ATLANTA_CHARLESTON]


@pytest.mark.parametrize(
    ("a", "b", "length", "points"),
    [
        ("Atlanta", "Nashville", 1, 1),
        ("Atlanta", "Charleston", 2, 2),
        ("Chicago", "Duluth", 3, 4),
        ("Calgary", "Helena", 4, 7),
        ("Atlanta", "Miami", 5, 10),
        ("Calgary", "Winnipeg", 6, 15),
    ],
)
def test_route_points_by_length(a: str, b: str, length: int, points: int) -> None:
    """USA rulebook, The Game Turn > 2, Scoring Table: 1, 2, 4, 7, 10, 15 points by length."""
    state = turn_state(hands={0: {LOCO: 6}}, face_up=ROW, deck=PLENTY)
    route = route_id(state, a, b)
    assert state.game.board.routes[route].length == length
    state.apply(claim(state, route, LOCO, length))
    assert state.route_points[0] == points
    assert state.scores_now()[0] == points
    assert state.trains[0] == 45 - length


def double_state(players: int) -> TicketToRideState:
    cards = {"black": 3, "orange": 3}
    return turn_state(
        players, hands=dict.fromkeys(range(players), cards), face_up=ROW, deck=PLENTY * 3
    )


def back_to_the_owner(players: int) -> TicketToRideState:
    """Seat 0 has claimed Chicago-Pittsburgh black, and the others drew until its turn again."""
    state = double_state(players)
    state.apply(claim(state, CHICAGO_PITTSBURGH_BLACK, "black"))
    while state.current_player != 0:
        state.apply(BLIND)
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_double_route_with_2_or_3_players_the_twin_is_blocked_for_others(players: int) -> None:
    """USA rulebook, The Game Turn > 2, Double Routes: "In games with 2 or 3 players, only one of
    the Double Routes can be used, and the other remains blocked"."""
    state = double_state(players)
    state.apply(claim(state, CHICAGO_PITTSBURGH_BLACK, "black"))
    assert state.current_player == 1
    assert claims_of(state, CHICAGO_PITTSBURGH_ORANGE) == set()
    assert_refused(state, claim(state, CHICAGO_PITTSBURGH_ORANGE, "orange"))


@pytest.mark.parametrize("players", [2, 3])
def test_double_route_with_2_or_3_players_the_twin_is_blocked_for_the_owner(players: int) -> None:
    """USA rulebook, The Game Turn > 2, Double Routes: with 2-3 players the other route remains
    blocked, for the player who claimed the first as well."""
    state = back_to_the_owner(players)
    assert claims_of(state, CHICAGO_PITTSBURGH_ORANGE) == set()
    assert_refused(state, claim(state, CHICAGO_PITTSBURGH_ORANGE, "orange"))


@pytest.mark.parametrize("players", [4, 5])
def test_double_route_with_4_or_5_players_another_seat_may_claim_the_twin(players: int) -> None:
    """USA rulebook, The Game Turn > 2, Double Routes: "In games with 4 or 5 players, both routes
    can be claimed"."""
    state = double_state(players)
    state.apply(claim(state, CHICAGO_PITTSBURGH_BLACK, "black"))
    assert claims_of(state, CHICAGO_PITTSBURGH_ORANGE) == {("orange", 0)}
    state.apply(claim(state, CHICAGO_PITTSBURGH_ORANGE, "orange"))
    assert state.owner[CHICAGO_PITTSBURGH_BLACK] == 0
    assert state.owner[CHICAGO_PITTSBURGH_ORANGE] == 1


@pytest.mark.parametrize("players", [4, 5])
def test_double_route_with_4_or_5_players_never_both_by_the_same_seat(players: int) -> None:
    """USA rulebook, The Game Turn > 2, Double Routes: "but not by the same player"."""
    state = back_to_the_owner(players)
    assert claims_of(state, CHICAGO_PITTSBURGH_ORANGE) == set()
    assert_refused(state, claim(state, CHICAGO_PITTSBURGH_ORANGE, "orange"))


# --- The Game Turn > 3. Draw Destination Tickets ----------------------------------------------


def tickets_state(pile: list[int], players: int = 2) -> TicketToRideState:
    state = turn_state(players, face_up=ROW, deck=PLENTY)
    state.ticket_pile = list(pile)
    return state


def test_draw_tickets_offers_the_top_3_and_keeps_at_least_1() -> None:
    """USA rulebook, The Game Turn > 3. Draw Destination Tickets: draw 3 from the top, keep at
    least one, two or all three."""
    state = tickets_state([10, 11, 12, 13, 14])  # 14 is the top
    state.apply(TICKETS)
    assert (state.phase, state.current_player) == (KEEP, 0)
    assert sorted(state.offers[0]) == [12, 13, 14]
    assert state.ticket_pile == [10, 11]
    keeps = {a.tickets for a in state.legal_actions()}
    assert keeps == {(12,), (13,), (14,), (12, 13), (12, 14), (13, 14), (12, 13, 14)}
    assert_refused(state, state.game.keep(()))
    assert_refused(state, state.game.keep((10,)))
    assert_refused(state, BLIND)
    state.apply(state.game.keep((13,)))
    assert state.tickets[0] == [13]
    assert (state.phase, state.current_player) == (TURN, 1)


def test_returned_tickets_go_to_the_bottom_in_order() -> None:
    """USA rulebook, The Game Turn > 3: tickets not chosen return to the bottom of the pile.

    They keep the order they were drawn in: the one drawn first lies above the other, so the
    pile's next draws are the old cards first, then 14, then 12.
    """
    state = tickets_state([10, 11, 12, 13, 14])
    state.apply(TICKETS)
    state.apply(state.game.keep((13,)))
    assert state.ticket_pile == [12, 14, 10, 11]
    state.tickets[0].clear()
    state.apply(TICKETS)  # seat 1 draws 11, 10, 14
    assert sorted(state.offers[1]) == [10, 11, 14]
    assert state.ticket_pile == [12]


def test_draw_tickets_when_fewer_than_3_remain() -> None:
    """USA rulebook, The Game Turn > 3: "If there are fewer than 3 Tickets in the pile, you only
    draw the available ones"."""
    state = tickets_state([20, 21])
    state.apply(TICKETS)
    assert sorted(state.offers[0]) == [20, 21]
    assert state.ticket_pile == []
    assert {a.tickets for a in state.legal_actions()} == {(20,), (21,), (20, 21)}

    state = tickets_state([22])
    state.apply(TICKETS)
    assert state.legal_actions() == [state.game.keep((22,))]
    state.apply(state.game.keep((22,)))
    assert state.tickets[0] == [22]


def test_draw_tickets_is_not_legal_when_the_pile_is_empty() -> None:
    """USA rulebook, The Game Turn > 3: with no ticket left there is nothing to draw."""
    state = tickets_state([])
    assert_refused(state, TICKETS)


def test_there_is_no_limit_on_destination_tickets() -> None:
    """USA rulebook, The Game Turn > 3: "There is no limit to the number of Destination
    Tickets a player can have"."""
    state = tickets_state(list(range(30)))
    for _ in range(10):
        state.apply(TICKETS)
        state.apply(state.legal_actions()[0])  # keep all
        state.apply(BLIND)
        state.apply(BLIND)
    assert len(state.tickets[0]) == 30


# --- End of Game -----------------------------------------------------------------------------


def end_state(players: int, seat: int, trains: int) -> TicketToRideState:
    """Seat `seat` to move with `trains` trains and one Locomotive; a deck that lasts."""
    state = turn_state(
        players, seat=seat, hands={seat: {LOCO: 2}}, face_up=ROW, deck=PLENTY * players
    )
    state.trains[seat] = trains
    return state


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (2, 1), (3, 1), (4, 3), (5, 2)])
def test_the_end_every_seat_gets_one_last_turn(players: int, seat: int) -> None:
    """USA rulebook, End of Game and Scoring: a seat ending its turn with 0, 1 or 2 trains
    triggers the end; all players, including that one, get one last turn; then it is over."""
    state = end_state(players, seat, trains=3)
    state.apply(claim(state, route_id(state, "Atlanta", "Nashville"), LOCO, 1))
    assert state.trains[seat] == 2
    assert not state.is_over
    turns = play_turns_until_over(state)
    assert turns == [(seat + 1 + i) % players for i in range(players)]
    assert turns[-1] == seat
    assert state.result is not None
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction):
        state.apply(BLIND)


def test_the_end_is_triggered_at_0_trains_too() -> None:
    """USA rulebook, End of Game and Scoring: "reaches 0, 1, or 2 trains"."""
    state = end_state(3, 0, trains=2)
    state.apply(claim(state, ATLANTA_CHARLESTON, LOCO, 2))
    assert state.trains[0] == 0
    assert play_turns_until_over(state) == [1, 2, 0]


def test_three_trains_left_does_not_trigger_the_end() -> None:
    """USA rulebook, End of Game and Scoring: 3 trains left is not 0, 1 or 2."""
    state = end_state(2, 0, trains=4)
    state.apply(claim(state, route_id(state, "Atlanta", "Nashville"), LOCO, 1))
    assert state.trains[0] == 3
    for _ in range(6):
        state.apply(BLIND)
    assert not state.is_over
    assert state.public_observation()["final_turns_left"] is None


def test_a_claim_in_the_last_round_does_not_restart_it() -> None:
    """USA rulebook, End of Game and Scoring: one last turn each, even if another seat also
    drops to 2 trains in it."""
    state = turn_state(2, hands={0: {LOCO: 1}, 1: {LOCO: 1}}, face_up=ROW, deck=PLENTY)
    state.trains = [3, 3]
    nashville = route_id(state, "Atlanta", "Nashville")
    state.apply(claim(state, nashville, LOCO, 1))
    state.apply(claim(state, route_id(state, "Dallas", "Houston", "gray"), LOCO, 1))
    assert state.trains == [2, 2]
    assert play_turns_until_over(state) == [0]


# --- Calculating Points -----------------------------------------------------------------------


def test_score_tickets_added_when_connected_and_subtracted_when_not() -> None:
    """USA rulebook, Calculating Points > 2. Points from Destination Tickets: the points are
    added if the two cities are connected by a continuous series of your routes, else
    subtracted."""
    state = finished()
    r = state.game.board.routes
    west = [
        route_id(state, "Los Angeles", "San Francisco", "purple"),  # 3
        route_id(state, "San Francisco", "Portland", "green"),  # 5
        route_id(state, "Portland", "Seattle", "gray"),  # 1
    ]
    helena = [route_id(state, "Helena", "Denver")]  # 4, apart from the west coast
    give_routes(state, 0, west + helena)
    la_seattle = ticket_id(state, "Los Angeles", "Seattle")  # 9: through three routes
    helena_la = ticket_id(state, "Helena", "Los Angeles")  # 8: both cities held, not joined
    boston_miami = ticket_id(state, "Boston", "Miami")  # 12: neither city held
    state.tickets[0] = [la_seattle, helena_la, boston_miami]
    result = state.result
    assert result is not None
    seat0 = result.breakdown[0]
    assert [t["completed"] for t in seat0["tickets"]] == [True, False, False]
    assert seat0["tickets_points"] == 9 - 8 - 12
    assert seat0["tickets_completed"] == 1
    assert (
        seat0["routes"]
        == 4 + 10 + 1 + 7
        == sum(state.game.board.route_points[r[i].length] for i in west + helena)
    )
    # Longest Continuous Path: the west coast line of 9 trains, alone: the 10 points
    assert seat0["longest_path"] == 9
    assert seat0["longest_path_bonus"] == 10
    assert result.scores[0] == 22 + (9 - 8 - 12) + 10
    assert result.scores[1] == 0
    assert result.winners == (0,)


def test_ticket_connections_are_only_through_your_own_routes() -> None:
    """USA rulebook, Calculating Points > 2: "connected by a continuous series of your routes"."""
    state = finished()
    give_routes(state, 0, [route_id(state, "Denver", "Santa Fe")])
    give_routes(state, 1, [route_id(state, "El Paso", "Santa Fe")])
    denver_el_paso = ticket_id(state, "Denver", "El Paso")
    state.tickets[0] = [denver_el_paso]
    assert state.result.breakdown[0]["tickets_points"] == -4


def test_longest_path_bonus_goes_to_every_tied_seat() -> None:
    """USA rulebook, Calculating Points > 3: "In case of a tie for the Longest Continuous Path,
    all tied players receive the 10 points"."""
    state = finished(3)
    give_routes(state, 0, [route_id(state, "Atlanta", "Miami")])  # 5
    give_routes(state, 1, [route_id(state, "Portland", "San Francisco", "green")])  # 5
    give_routes(state, 2, [route_id(state, "Chicago", "Duluth")])  # 3
    result = state.result
    assert [b["longest_path"] for b in result.breakdown] == [5, 5, 3]
    assert [b["longest_path_bonus"] for b in result.breakdown] == [10, 10, 0]
    assert result.scores == (20, 20, 4)


def test_longest_path_counts_a_path_through_a_city_twice() -> None:
    """USA rulebook, Calculating Points > 3: a path "can have turns and pass through the same
    city multiple times": Pittsburgh-New York-Washington-Pittsburgh-Nashville is 10 trains."""
    state = finished()
    give_routes(
        state,
        0,
        [
            route_id(state, "Pittsburgh", "New York", "green"),  # 2
            route_id(state, "New York", "Washington", "black"),  # 2
            route_id(state, "Washington", "Pittsburgh"),  # 2
            route_id(state, "Pittsburgh", "Nashville"),  # 4
        ],
    )
    assert state.result.breakdown[0]["longest_path"] == 10


def test_tie_goes_to_the_most_completed_tickets() -> None:
    """USA rulebook, End of Game and Scoring: "In case of a tie, the player who completed the
    most Destination Tickets wins" (before the Longest Path holder)."""
    state = finished()
    # seat 0: Atlanta-Miami (10) + the Longest Path bonus (10) - Boston-Miami (12) = 8
    give_routes(state, 0, [route_id(state, "Atlanta", "Miami")])
    state.tickets[0] = [ticket_id(state, "Boston", "Miami")]
    # seat 1: Denver-Santa Fe-El Paso (2 + 2) + the Denver-El Paso ticket (4) = 8
    give_routes(
        state, 1, [route_id(state, "Denver", "Santa Fe"), route_id(state, "El Paso", "Santa Fe")]
    )
    state.tickets[1] = [ticket_id(state, "Denver", "El Paso")]
    result = state.result
    assert result.scores == (8, 8)
    assert [b["longest_path_bonus"] for b in result.breakdown] == [10, 0]
    assert [b["tickets_completed"] for b in result.breakdown] == [0, 1]
    assert result.winners == (1,)


def test_tie_then_goes_to_the_longest_path_holder() -> None:
    """USA rulebook, End of Game and Scoring: "If there is still a tie, the player with the
    Longest Continuous Path Card wins"."""
    state = finished()
    # seat 0: Helena-Seattle, 6 trains: 15 + the bonus 10 = 25
    give_routes(state, 0, [route_id(state, "Helena", "Seattle")])
    # seat 1: four routes apart, 5 + 5 + 3 + 1 trains: 10 + 10 + 4 + 1 = 25, longest 5
    give_routes(
        state,
        1,
        [
            route_id(state, "Atlanta", "Miami"),
            route_id(state, "Portland", "San Francisco", "green"),
            route_id(state, "Chicago", "Duluth"),
            route_id(state, "Dallas", "Houston", "gray"),
        ],
    )
    result = state.result
    assert result.scores == (25, 25)
    assert [b["tickets_completed"] for b in result.breakdown] == [0, 0]
    assert result.winners == (0,)


def test_a_full_tie_is_shared() -> None:
    """USA rulebook, End of Game and Scoring: tied on points, tickets and the Longest Path card:
    both win (the rulebook names no further tie-break)."""
    state = finished()
    give_routes(state, 0, [route_id(state, "Atlanta", "Miami")])
    give_routes(state, 1, [route_id(state, "Portland", "San Francisco", "green")])
    result = state.result
    assert result.scores == (20, 20)
    assert result.winners == (0, 1)


def test_a_seat_with_no_routes_gets_no_longest_path_bonus() -> None:
    """USA rulebook, Calculating Points > 3: with no trains placed there is no path to reward."""
    state = finished()
    result = state.result
    assert [b["longest_path_bonus"] for b in result.breakdown] == [0, 0]
    assert result.winners == (0, 1)
