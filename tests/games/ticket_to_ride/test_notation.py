"""Moves typed by a person: the exact notation and the forgiving short forms of notation.py."""

from __future__ import annotations

import pytest

import tabletrip
from tabletrip.core import IllegalAction
from tabletrip.games.ticket_to_ride.actions import (
    Claim,
    DrawBlind,
    DrawTickets,
    KeepTickets,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.phases import TURN
from tabletrip.games.ticket_to_ride.rules import TicketToRideState


def turn_state(
    map_id: str = "usa", hand: dict[str, int] | None = None, face_up: tuple[str, ...] = ()
) -> TicketToRideState:
    """Seat 0 to play a normal turn with exactly this hand and face-up row."""
    game = tabletrip.make("ticket-to-ride", players=2, map=map_id)
    state = game.new_game(seed=1)
    while state.phase != TURN:
        state.apply(state.legal_actions()[0])
    state.seat = 0
    names = game.board.card_names
    state.hands[0] = [(hand or {}).get(name, 0) for name in names]
    if face_up:
        state.face_up = [names.index(card) for card in face_up]
    return state  # type: ignore[return-value]


def parse(state: TicketToRideState, text: str):
    return state.game.parse_action(text, state)


def test_short_forms_of_drawing() -> None:
    state = turn_state(face_up=("red", "blue", "locomotive", "red", "green"))
    assert parse(state, "blind") == DrawBlind()
    assert parse(state, "  DECK ") == DrawBlind()
    assert parse(state, "take red") == TakeFaceUp("red")
    assert parse(state, "blue") == TakeFaceUp("blue")
    assert parse(state, "loco") == TakeFaceUp("locomotive")
    assert parse(state, "tickets") == DrawTickets()


def test_locomotive_means_the_pile_in_europe_express() -> None:
    state = turn_state("europe-express")
    assert parse(state, "locomotive") == TakeLocomotive()


def test_claim_by_name_in_either_order_with_the_fewest_locomotives() -> None:
    state = turn_state(hand={"purple": 3, "locomotive": 2})
    expected = state.game.claim(34, state.game.card_index["purple"], 1)
    assert expected.name == "Denver-Omaha"
    assert parse(state, "claim Denver-Omaha") == expected
    assert parse(state, "claim omaha-denver") == expected
    assert parse(state, "claim r34") == expected
    assert parse(state, "claim Denver-Omaha purple + 2 locomotives") == state.game.claim(
        34, state.game.card_index["purple"], 2
    )


def test_a_gray_route_needs_the_colour_when_several_would_do() -> None:
    state = turn_state(hand={"red": 2, "blue": 2})
    with pytest.raises(IllegalAction, match="could mean"):
        parse(state, "claim Atlanta-Charleston")
    claim = parse(state, "claim Atlanta-Charleston blue")
    assert isinstance(claim, Claim) and (claim.color, claim.locomotives) == ("blue", 0)


def test_both_gray_routes_of_a_double_are_the_same_move() -> None:
    state = turn_state(hand={"red": 2})
    claim = parse(state, "claim Atlanta-Raleigh")
    assert isinstance(claim, Claim) and claim.route == 5


def test_a_claim_that_cannot_be_made_says_why() -> None:
    state = turn_state(hand={"purple": 1, "locomotive": 1})
    with pytest.raises(IllegalAction, match=r"needs 4 purple cards.*you have 1 purple and 1"):
        parse(state, "claim Denver-Omaha")
    with pytest.raises(IllegalAction, match="Denver-Omaha is purple, not red"):
        parse(state, "claim Denver-Omaha red")
    state.trains[0] = 2
    with pytest.raises(IllegalAction, match="needs 4 trains; you have 2"):
        parse(state, "claim Denver-Omaha")
    state.trains[0] = 45
    state.owner[34] = 1
    with pytest.raises(IllegalAction, match="already claimed"):
        parse(state, "claim Denver-Omaha")


def test_keep_all_by_ids_and_by_names() -> None:
    game = tabletrip.make("ticket-to-ride", players=2)
    state = game.new_game(seed=3)
    offer = sorted(state.offers[state.current_player])
    keep_all = parse(state, "keep all")
    assert isinstance(keep_all, KeepTickets) and keep_all.tickets == tuple(offer)
    two = parse(state, f"keep t{offer[0]} t{offer[2]}")
    assert two == game.keep((offer[0], offer[2]))
    names = [game.board.ticket_name(game.board.tickets[t]) for t in offer[:2]]
    assert parse(state, f"keep {names[1]}, {names[0]}") == game.keep(tuple(offer[:2]))
    with pytest.raises(IllegalAction, match="keep"):
        parse(state, f"keep t{offer[0]}")  # at least 2 at setup


def test_nonsense_is_one_line_naming_legal_moves() -> None:
    state = turn_state(face_up=("red", "blue", "green", "white", "black"))
    with pytest.raises(IllegalAction) as caught:
        parse(state, "fly to the moon")
    message = str(caught.value)
    assert "\n" not in message and "blind" in message
    with pytest.raises(IllegalAction, match="type a move"):
        parse(state, "   ")


# --- a claim in one go: `claim Denver-Omaha red 1` (issue 23) ---------------------------------


def one_line_error(state: TicketToRideState, text: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        parse(state, text)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_claim_without_its_route_number_in_every_spelling() -> None:
    """USA "2. Claim a Route": a colour's cards and Locomotives standing in for some."""
    state = turn_state(hand={"purple": 3, "locomotive": 2})
    purple = state.game.card_index["purple"]
    one, two = state.game.claim(34, purple, 1), state.game.claim(34, purple, 2)
    for text in (
        "claim Denver-Omaha purple 1",
        "claim Omaha-Denver purple 1",
        "claim Denver\u2013Omaha purple 1",
        "claim denver omaha purple 1",
        "Denver - Omaha purple + 1 locomotive",
        "claim Denver-Omaha with 3 purple and 1 Locomotive",
        "Claim a route Denver\u2013Omaha (4 purple) With 3 purple and 1 Locomotive",
        "claim Denver-Omaha with purple + 1 locomotive",
    ):
        assert parse(state, text) == one, text
    assert parse(state, "claim Denver-Omaha purple 2") == two
    assert parse(state, "claim Denver-Omaha 2 purple 2 locomotives") == two


def test_all_locomotives_and_which_track_of_a_double() -> None:
    """USA "2. Claim a Route": double routes are two routes; Locomotives pay any colour."""
    state = turn_state(hand={"locomotive": 3, "red": 2})
    game = state.game
    black = next(
        r.id
        for r in game.board.routes
        if game.board.route_name(r) == "Chicago-Pittsburgh" and r.color == "black"
    )
    orange = game.board.twin[black]
    loco = game.card_index["locomotive"]
    assert parse(state, "claim Chicago-Pittsburgh orange 3 locomotives") == game.claim(
        orange, loco, 3
    )
    assert parse(state, "claim Chicago-Pittsburgh black 3") == game.claim(black, loco, 3)
    assert "could mean" in one_line_error(state, "claim Chicago-Pittsburgh 3 locomotives")
    red = game.card_index["red"]
    assert parse(state, "claim Atlanta-Raleigh red south-east") == game.claim(6, red, 0)
    assert parse(state, "claim Atlanta-Raleigh red northwestern") == game.claim(5, red, 0)
    assert parse(state, "claim Atlanta-Raleigh red") == game.claim(5, red, 0)


def test_a_wrong_or_unclear_claim_names_what_is_understood() -> None:
    state = turn_state(hand={"purple": 3, "red": 2, "locomotive": 2})
    message = one_line_error(state, "claim Denver-Omaha red 1")
    assert "Denver-Omaha is purple, not red" in message
    assert "claim Denver-Omaha purple 1" in message
    assert "'denvr' is not a city" in one_line_error(state, "claim Denvr-Omaha red 1")
    assert "no route joins Denver and Miami" in one_line_error(state, "claim Denver-Miami")
    assert "'purpel' is not a colour" in one_line_error(state, "claim Denver-Omaha purpel 1")
    assert "one colour, not purple and red" in one_line_error(
        state, "claim Denver-Omaha purple red"
    )
    assert "its colour says which" in one_line_error(state, "claim Denver-Kansas City western")
    assert "your cards do not pay that way" in one_line_error(state, "claim Denver-Omaha purple 3")
    ambiguous = one_line_error(state, "claim Atlanta-Charleston")
    assert "could mean claim Atlanta-Charleston purple; claim Atlanta-Charleston red" in ambiguous
    assert "no route number 500" in one_line_error(state, "claim r500")


def test_the_exact_notation_of_every_claim_still_reads() -> None:
    """Records write `claim r<number> A-B with ...`: each legal claim reads back as itself."""
    state = turn_state(hand={"purple": 3, "red": 2, "locomotive": 2})
    for action in state.legal_actions():
        assert parse(state, str(action)) == action
