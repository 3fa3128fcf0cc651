"""Ticket to Ride's presentation: documents, score rows, outcomes and moves in words."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import tabletrip
from presentation_helpers import all_text, assert_readable, block, section, sentences, values
from tabletrip.core import Action, Rng
from tabletrip.core.document_text import render_document
from tabletrip.core.game import Result
from tabletrip.core.presentation import (
    Cards,
    Items,
    Table,
    presentation_for,
    unreadable_parts,
)
from tabletrip.games.ticket_to_ride.actions import (
    DrawBlind,
    DrawTickets,
    KeepTickets,
    Pass,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.present import TicketToRidePresentation
from tabletrip.games.ticket_to_ride.rules import TicketToRideGame, TicketToRideState
from ttr_situations import MapSituations, find_route, settle, ticket_id

PRESENTATION = TicketToRidePresentation()
EXPRESS_WORDS = ("Europe Express", "Locomotive pile", "London", "Istanbul", "Start score")


def make(map_id: str, players: int) -> TicketToRideGame:
    game = tabletrip.make("ticket-to-ride", map=map_id, players=players)
    assert isinstance(game, TicketToRideGame)
    return game


def play_until(
    state: TicketToRideState, done: Callable[[TicketToRideState], bool], seed: int = 1
) -> TicketToRideState:
    rnd = random.Random(seed)
    while not done(state):
        assert not state.is_over, "the game ended before the position was reached"
        state.apply(rnd.choice(state.legal_actions()))
    return state


def mid_game(map_id: str, players: int, seed: int = 4) -> TicketToRideState:
    state = make(map_id, players).new_game(seed=seed)
    return play_until(
        state,
        lambda s: s.phase != 0 and min(len(r) for r in s.seat_routes) >= 2,
        seed,
    )


def finished(map_id: str, players: int, seed: int) -> TicketToRideState:
    state = make(map_id, players).new_game(seed=seed)
    return play_until(state, lambda s: s.is_over, seed)


# --- registration ---------------------------------------------------------------------------


def test_the_game_registers_its_presentation() -> None:
    assert isinstance(presentation_for("ticket-to-ride"), TicketToRidePresentation)


# --- documents --------------------------------------------------------------------------------


def test_setup_document_of_a_seat_on_the_usa_map() -> None:
    game = make("usa", 3)
    state = game.new_game(seed=5)
    seat = state.current_player
    observation = state.observation(seat)
    document = PRESENTATION.document(game, observation)
    assert [s.title for s in document.sections] == [
        "Your hand",
        "Your Destination Tickets",
        "Choose Destination Tickets",
        "Player 1 (you)",
        "Player 2",
        "Player 3",
        "Face-up cards",
        "The table",
    ]
    assert [s.role for s in document.sections] == ["mine"] * 3 + ["seat"] * 3 + ["table"] * 2
    assert [s.seat for s in document.sections[3:6]] == [0, 1, 2]
    offer = block(section(document, "Choose Destination Tickets"), Table)
    assert offer.columns == ("From", "To", "Points")
    assert sorted(offer.rows) == sorted((t["a"], t["b"], t["points"]) for t in observation["offer"])
    keep = sentences(section(document, "Choose Destination Tickets"))
    assert keep[0].startswith("Keep at least 2 of these 3")
    assert block(section(document, "Your Destination Tickets"), Table).rows == ()
    for other in ("Player 2", "Player 3"):
        assert values(section(document, other))["Destination Tickets"] == "choosing"
    seat_values = values(section(document, "Player 1 (you)"))
    assert seat_values["Trains left"] == "45 of 45"
    assert seat_values["Score"] == "0 points"
    assert seat_values["Train Car cards"] == "4"
    table = values(section(document, "The table"))
    assert table["Train Car draw pile"] == f"{observation['deck_size']} cards"
    assert table["Destination Ticket pile"] == "21 tickets"
    assert "Your turn: keep at least 2" in sentences(section(document, "The table"))[0]
    text = all_text(document)
    for word in EXPRESS_WORDS:
        assert word not in text
    assert_readable(document)


def test_a_setup_choice_stays_hidden_until_every_seat_has_chosen() -> None:
    game = make("usa", 3)
    state = game.new_game(seed=5)
    chooser = state.current_player
    state.apply(state.legal_actions()[-1])  # keeps 2 of 3
    viewer = state.current_player
    document = PRESENTATION.document(game, state.observation(viewer))
    shown = values(section(document, f"Player {chooser + 1}"))["Destination Tickets"]
    assert shown == "chosen, shown when all have chosen"
    own = PRESENTATION.document(game, state.observation(chooser))
    assert values(section(own, f"Player {chooser + 1} (you)"))["Destination Tickets"] == "2"


def test_mid_game_document_on_the_usa_map() -> None:
    game = make("usa", 3)
    state = mid_game("usa", 3)
    seat = state.current_player
    observation = state.observation(seat)
    document = PRESENTATION.document(game, observation)
    titles = [s.title for s in document.sections]
    assert titles[:2] == ["Your hand", "Your Destination Tickets"]
    assert f"Player {seat + 1} (you)" in titles
    hand = block(section(document, "Your hand"), Cards)
    expected = {
        ("Locomotive" if c == "locomotive" else c.capitalize()): n
        for c, n in observation["hand"].items()
    }
    assert {c.name: c.count for c in hand.cards} == expected
    tickets = block(section(document, "Your Destination Tickets"), Table)
    assert tickets.columns == ("From", "To", "Points", "Completed")
    assert tickets.rows == tuple(
        (t["a"], t["b"], t["points"], "yes" if t["completed"] else "not yet")
        for t in observation["tickets"]
    )
    board = game.board
    for other, info in enumerate(observation["seats"]):
        title = f"Player {other + 1}" + (" (you)" if other == seat else "")
        area = section(document, title)
        assert area.role == "seat" and area.seat == other
        shown = values(area)
        assert shown["Trains left"] == f"{info['trains']} of 45"
        assert shown["Train Car cards"] == str(info["hand_size"])
        assert shown["Destination Tickets"] == str(info["ticket_count"])
        assert shown["Routes claimed"] == str(len(info["routes"]))
        routes = block(area, Items).items
        for item, route_id in zip(routes, info["routes"], strict=True):
            route = board.routes[route_id]
            assert item.name == f"{board.cities[route.a]}\u2013{board.cities[route.b]}"
            trains = "1 train" if route.length == 1 else f"{route.length} trains"
            assert item.detail == f"{trains}, {route.color}"
        known = sentences(area)
        if info["known_cards"]:
            lead = "Others saw you take: " if other == seat else "Seen taking: "
            assert known and known[0].startswith(lead)
        else:
            assert not known
    face_up = block(section(document, "Face-up cards"), Cards)
    assert sum(c.count for c in face_up.cards) == len(observation["face_up"])
    text = all_text(document)
    for word in EXPRESS_WORDS:
        assert word not in text
    assert_readable(document)


def test_mid_game_document_in_europe_express() -> None:
    game = make("europe-express", 3)
    state = mid_game("europe-express", 3)
    observation = state.observation(state.current_player)
    document = PRESENTATION.document(game, observation)
    for other, info in enumerate(observation["seats"]):
        area = next(s for s in document.sections if s.role == "seat" and s.seat == other)
        shown = values(area)
        assert shown["Trains left"] == f"{info['trains']} of 27"
        bonus = info["express_bonus"]
        assert shown["Europe Express Card"] == (f"{bonus} points" if bonus else "not yet")
    table = values(section(document, "The table"))
    assert table["Train Car deck"] == f"{observation['deck_size']} cards"
    assert table["Locomotive pile"] == f"{observation['locomotive_pile']} Locomotives"
    left = observation["express_bonus_left"]
    assert table["Europe Express Cards left"].endswith(" points") == bool(left)
    text = all_text(document)
    assert "Longest" not in text and "draw pile" not in text
    assert_readable(document)


def test_the_spectator_sees_no_hand_and_no_you() -> None:
    for map_id in ("usa", "europe-express"):
        game = make(map_id, 2)
        state = mid_game(map_id, 2)
        document = PRESENTATION.document(game, state.public_observation())
        assert all(s.role != "mine" for s in document.sections)
        assert [s.title for s in document.sections] == [
            "Player 1",
            "Player 2",
            "Face-up cards",
            "The table",
        ]
        text = all_text(document)
        assert "Your" not in text and "(you)" not in text
        assert any(" to play: " in t for t in sentences(section(document, "The table")))
        assert_readable(document)


def test_the_ticket_offer_in_game_asks_for_at_least_one() -> None:
    game = make("usa", 2)
    state = mid_game("usa", 2)
    state = play_until(state, lambda s: s.phase == 3)  # KEEP
    seat = state.current_player
    document = PRESENTATION.document(game, state.observation(seat))
    offer = section(document, "Choose Destination Tickets")
    count = len(state.observation(seat)["offer"])
    assert sentences(offer)[0].startswith(
        f"Keep at least 1 of these {count}" if count > 1 else "Keep this one."
    )
    assert (
        "choosing among"
        in values(section(document, f"Player {seat + 1} (you)"))["Destination Tickets"]
    )
    watching = PRESENTATION.document(game, state.observation(1 - seat))
    assert (
        "choosing among" in values(section(watching, f"Player {seat + 1}"))["Destination Tickets"]
    )


def test_the_final_round_and_the_end_are_said() -> None:
    game = make("usa", 2)
    state = game.new_game(seed=8)
    state = play_until(state, lambda s: s.final_turns > 0, 8)
    document = PRESENTATION.document(game, state.public_observation())
    left = state.final_turns
    turns = "1 turn" if left == 1 else f"{left} turns"
    assert f"Final round: {turns} left." in sentences(section(document, "The table"))
    state = play_until(state, lambda s: s.is_over, 8)
    document = PRESENTATION.document(game, state.public_observation())
    said = sentences(section(document, "The table"))
    assert said[0] == (
        "The game is over: Destination Tickets and the Longest Continuous Path bonus are scored."
    )


def test_the_document_does_not_change_when_hidden_cards_are_resampled() -> None:
    for map_id in ("usa", "europe-express"):
        game = make(map_id, 3)
        state = mid_game(map_id, 3)
        seat = state.current_player
        before = PRESENTATION.document(game, state.observation(seat)).to_json()
        for salt in range(3):
            view = state.determinize(seat, Rng(salt))
            assert PRESENTATION.document(game, view.observation(seat)).to_json() == before


@pytest.mark.parametrize("map_id", ["usa", "europe-express"])
def test_every_position_of_a_game_reads_well(map_id: str) -> None:
    game = make(map_id, 4)
    state = game.new_game(seed=11)
    rnd = random.Random(11)
    while not state.is_over:
        for seat in range(4):
            assert_readable(PRESENTATION.document(game, state.observation(seat)))
        assert_readable(PRESENTATION.document(game, state.public_observation()))
        state.apply(rnd.choice(state.legal_actions()))


def test_a_document_draws_as_terminal_text() -> None:
    game = make("usa", 2)
    state = mid_game("usa", 2)
    text = render_document(PRESENTATION.document(game, state.observation(0)))
    assert text.startswith("Your hand\n")
    assert "Trains left" in text and " of 45" in text


# --- score rows and outcomes ---------------------------------------------------------------


@pytest.mark.parametrize(("map_id", "seed"), [("usa", 2), ("usa", 3), ("europe-express", 2)])
def test_score_rows_of_finished_games_add_up(map_id: str, seed: int) -> None:
    game = make(map_id, 3)
    state = finished(map_id, 3, seed)
    assert state.result is not None
    for seat, breakdown in enumerate(state.result.breakdown):
        rows = PRESENTATION.score_rows(game, breakdown)
        assert sum(r.points for r in rows) == state.result.scores[seat]
        labels = [r.label for r in rows]
        if map_id == "usa":
            assert labels == [
                "Routes claimed",
                "Destination Tickets completed",
                "Destination Tickets not completed",
                "Longest Continuous Path bonus",
            ]
            path = rows[-1]
            assert path.points in (0, 10)
            assert f"{breakdown['longest_path']} trains long" in path.detail or (
                breakdown["longest_path"] == 0
            )
        else:
            assert labels == [
                "Start score",
                "Routes claimed",
                "Destination Tickets completed",
                "Destination Tickets not completed",
                "Europe Express Card (London\u2013Istanbul)",
            ]
            assert rows[0].points == 100
        for row in rows:
            assert not unreadable_parts(f"{row.label} {row.detail}")


def test_score_rows_read_the_tickets_and_the_path() -> None:
    game = make("usa", 2)
    breakdown = {
        "start": 0,
        "routes": 40,
        "tickets": [
            {"a": "Denver", "b": "El Paso", "points": 4, "completed": True},
            {"a": "Boston", "b": "Miami", "points": 12, "completed": False},
            {"a": "Calgary", "b": "Phoenix", "points": 13, "completed": True},
        ],
        "tickets_points": 5,
        "tickets_completed": 2,
        "longest_path": 18,
        "longest_path_bonus": 10,
        "europe_express_bonus": 0,
        "total": 55,
    }
    rows = PRESENTATION.score_rows(game, breakdown)
    assert [(r.label, r.points, r.detail) for r in rows] == [
        ("Routes claimed", 40, "scored as they were claimed"),
        ("Destination Tickets completed", 17, "Denver\u2013El Paso (4), Calgary\u2013Phoenix (13)"),
        ("Destination Tickets not completed", -12, "Boston\u2013Miami (12)"),
        ("Longest Continuous Path bonus", 10, "18 trains long, the longest"),
    ]
    shorter = {**breakdown, "longest_path": 1, "longest_path_bonus": 0, "total": 45}
    assert PRESENTATION.score_rows(game, shorter)[-1].detail == "1 train long, not the longest"


def test_the_routes_row_counts_the_routes_by_length() -> None:
    """The end screen says how many routes of which lengths scored the route points."""
    game = make("usa", 2)
    breakdown = {
        "start": 0,
        "routes": 33,
        "routes_claimed": [
            {"length": 1, "count": 3},
            {"length": 2, "count": 4},
            {"length": 3, "count": 1},
            {"length": 6, "count": 1},
        ],
        "tickets": [],
        "tickets_points": 0,
        "tickets_completed": 0,
        "longest_path": 9,
        "longest_path_bonus": 10,
        "europe_express_bonus": 0,
        "total": 43,
    }
    row = PRESENTATION.score_rows(game, breakdown)[0]
    assert (row.label, row.points, row.detail) == (
        "Routes claimed",
        33,
        "9 routes: 3 of 1 train, 4 of 2 trains, 1 of 3 trains, 1 of 6 trains",
    )
    one = {**breakdown, "routes": 2, "routes_claimed": [{"length": 2, "count": 1}]}
    assert PRESENTATION.score_rows(game, one)[0].detail == "1 route: 1 of 2 trains"
    none = {**breakdown, "routes": 0, "routes_claimed": []}
    assert PRESENTATION.score_rows(game, none)[0].detail == "no routes claimed"


@pytest.mark.parametrize("map_id", ["usa", "europe-express"])
def test_the_routes_row_of_a_finished_game_counts_every_route(map_id: str) -> None:
    game = make(map_id, 3)
    state = finished(map_id, 3, 5)
    assert state.result is not None
    board = game.board
    for seat, breakdown in enumerate(state.result.breakdown):
        routes = [board.routes[r] for r in state.seat_routes[seat]]
        detail = PRESENTATION.score_rows(game, breakdown)[1 if board.start_score else 0].detail
        count = len(routes)
        assert detail.startswith(f"{count} route{'s' if count != 1 else ''}: ")
        for length in sorted({r.length for r in routes}):
            n = sum(r.length == length for r in routes)
            trains = "1 train" if length == 1 else f"{length} trains"
            assert f"{n} of {trains}" in detail


def test_europe_express_rows_give_the_start_score_and_the_bonus_card() -> None:
    game = make("europe-express", 2)
    breakdown = {
        "start": 100,
        "routes": 30,
        "tickets": [],
        "tickets_points": 0,
        "tickets_completed": 0,
        "longest_path": 16,
        "longest_path_bonus": 0,
        "europe_express_bonus": 20,
        "total": 150,
    }
    rows = PRESENTATION.score_rows(game, breakdown)
    assert rows[0].label == "Start score" and rows[0].points == 100
    assert rows[-1].points == 20 and rows[-1].detail == "London and Istanbul joined"
    assert rows[2].detail == "none" and rows[3].points == 0
    assert all("Longest" not in r.label for r in rows)
    assert sum(r.points for r in rows) == 150


def _result(
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    done: tuple[int, ...],
    path: tuple[int, ...] | None = None,
) -> Result:
    bonus = path or (0,) * len(scores)
    return Result(
        scores,
        winners,
        tuple(
            {"tickets_completed": d, "longest_path_bonus": b}
            for d, b in zip(done, bonus, strict=True)
        ),
    )


def test_outcome_sentences() -> None:
    """USA "End of Game and Scoring": most points, then most tickets, then the path card."""
    game = make("usa", 3)
    names = ["Ana", "Bo", "Cy"]
    win = _result((121, 90, 80), (0,), (3, 2, 1))
    assert PRESENTATION.outcome(game, win, names) == "Ana wins with 121 points."
    share = _result((98, 98, 80), (0, 1), (2, 2, 1))
    assert PRESENTATION.outcome(game, share, names) == (
        "Ana and Bo share the win with 98 points: level on Destination Tickets completed too "
        "(2 each) and neither holds the Longest Continuous Path bonus, so the tie stands."
    )
    both = _result((98, 98, 80), (0, 1), (2, 2, 1), (10, 10, 0))
    assert PRESENTATION.outcome(game, both, names).endswith(
        "(2 each) and both hold the Longest Continuous Path bonus, so the tie stands."
    )
    three = _result((98, 98, 98), (0, 1, 2), (2, 2, 2))
    assert PRESENTATION.outcome(game, three, names) == (
        "Ana, Bo and Cy share the win with 98 points: level on Destination Tickets completed "
        "too (2 each) and none of them holds the Longest Continuous Path bonus, so the tie "
        "stands."
    )
    tickets = _result((98, 98, 80), (1,), (2, 4, 1))
    assert PRESENTATION.outcome(game, tickets, names) == (
        "Bo wins with 98 points, level on points with Ana but having completed more "
        "Destination Tickets (4 to 2)."
    )
    path = _result((98, 98, 80), (1,), (2, 2, 1), (0, 10, 0))
    assert PRESENTATION.outcome(game, path, names) == (
        "Bo wins with 98 points, level on points and Destination Tickets completed (2 each) "
        "with Ana but holding the Longest Continuous Path bonus."
    )
    one = _result((1, -3, -5), (0,), (0, 0, 0))
    assert PRESENTATION.outcome(game, one, names) == "Ana wins with 1 point."


def test_outcome_of_a_finished_game_names_a_winner() -> None:
    game = make("europe-express", 2)
    state = finished("europe-express", 2, 3)
    assert state.result is not None
    sentence = PRESENTATION.outcome(game, state.result, ["Ana", "Bo"])
    best = max(state.result.scores)
    assert sentence.endswith(f"with {best} points.") or f"with {best} points," in sentence
    assert not unreadable_parts(sentence)


# --- moves in words ------------------------------------------------------------------------------


def _route(game: TicketToRideGame, a: str, b: str) -> int:
    board = game.board
    return next(r.id for r in board.routes if {board.cities[r.a], board.cities[r.b]} == {a, b})


def test_claims_in_words() -> None:
    game = make("usa", 2)
    board = game.board
    red = game.card_index["red"]
    raleigh = _route(game, "Atlanta", "Raleigh")  # gray, length 2
    assert board.routes[raleigh].length == 2
    words = PRESENTATION.move_words(game, game.claim(raleigh, red, 0).public())
    assert words == "claimed Atlanta\u2013Raleigh with 2 red"
    words = PRESENTATION.move_words(game, str(game.claim(raleigh, red, 1)))
    assert words == "claimed Atlanta\u2013Raleigh with 1 red and 1 Locomotive"
    words = PRESENTATION.move_words(game, str(game.claim(raleigh, board.loco, 2)))
    assert words == "claimed Atlanta\u2013Raleigh with 2 Locomotives"
    for route in board.routes:
        card = board.loco if route.is_gray else game.card_index[route.color]
        words = PRESENTATION.move_words(game, str(game.claim(route.id, card, 0)))
        assert words.startswith("claimed ") and not unreadable_parts(words)
        assert f"r{route.id}" not in words


def test_every_other_move_in_words() -> None:
    usa, express = make("usa", 2), make("europe-express", 2)
    words = PRESENTATION.move_words
    assert words(usa, str(DrawBlind())) == "drew a Train Car card from the draw pile"
    assert words(express, str(DrawBlind())) == "drew a Train Car card from the deck"
    assert words(usa, str(TakeFaceUp("red"))) == "took a red face up"
    assert words(usa, str(TakeFaceUp("orange"))) == "took an orange face up"
    assert words(usa, str(TakeFaceUp("locomotive"))) == "took a Locomotive face up"
    assert words(express, str(TakeLocomotive())) == ("took a Locomotive from the Locomotive pile")
    assert words(usa, str(DrawTickets())) == "drew Destination Tickets"
    two = KeepTickets((3, 17), ("Denver-El Paso", "Boston-Miami"))
    assert words(usa, two.public()) == "kept 2 Destination Tickets"
    assert words(usa, str(two)) == "kept 2 Destination Tickets"
    one = KeepTickets((3,), ("Denver-El Paso",))
    assert words(usa, one.public()) == "kept 1 Destination Ticket"
    assert words(usa, "keep tickets") == "kept Destination Tickets"
    assert words(usa, str(Pass())) == "passed"


def test_an_unknown_notation_reads_without_ids() -> None:
    game = make("usa", 2)
    for move in ("frobnicate r12 some_key", "claim r999 Nowhere-Else with plaid", "t3"):
        words = PRESENTATION.move_words(game, move)
        assert words and not unreadable_parts(words)


def test_the_log_of_real_games_reads_in_words() -> None:
    for map_id in ("usa", "europe-express"):
        game = make(map_id, 3)
        state = finished(map_id, 3, 6)
        seen: set[str] = set()
        for _, action in state.recent_history(10_000):
            words = PRESENTATION.move_words(game, state.public_move(action))
            assert words and not unreadable_parts(words), (action, words)
            assert not words.startswith(("played", "made")), (action, words)
            seen.add(type(action).__name__)
        assert {"Claim", "DrawBlind", "TakeFaceUp", "KeepTickets"} <= seen


# --- legal moves in words ----------------------------------------------------------------------

USA = MapSituations("usa")
EUROPE = MapSituations("europe-express", locomotive_pile=12)


def _words(state: TicketToRideState) -> dict[str, Action]:
    """Each legal move of the seat to move by its words (each words once)."""
    seat = state.current_player
    observation = state.observation(seat)
    said: dict[str, Action] = {}
    for action in state.legal_actions():
        words = PRESENTATION.action_words(state.game, observation, action)
        assert words not in said, (said.get(words), action, words)
        said[words] = action
    return said


def test_claims_in_words_name_the_route_and_the_payment() -> None:
    """USA rulebook, 2. Claim a Route: a set of one colour (gray: any one colour), Locomotives
    as any colour; the two gray Dallas–Houston routes read apart by their track."""
    state = USA.turn_state(
        hands={0: {"orange": 2, "purple": 3, "locomotive": 1}}, deck=["black"] * 5
    )
    said = _words(state)
    board = state.game.board
    orange, purple, loco = (state.game.card_index[c] for c in ("orange", "purple", "locomotive"))
    east = find_route(board, "Dallas", "Houston")
    west = board.twin[east]
    omaha = find_route(board, "Denver", "Omaha")
    charleston = find_route(board, "Atlanta", "Charleston")
    expected = {
        "Claim Dallas\u2013Houston (1 gray, eastern track) with 1 orange": state.game.claim(
            east, orange, 0
        ),
        "Claim Dallas\u2013Houston (1 gray, western track) with 1 orange": state.game.claim(
            west, orange, 0
        ),
        "Claim Dallas\u2013Houston (1 gray, western track) with 1 Locomotive": state.game.claim(
            west, loco, 1
        ),
        "Claim Denver\u2013Omaha (4 purple) with 3 purple and 1 Locomotive": state.game.claim(
            omaha, purple, 1
        ),
        "Claim Atlanta\u2013Charleston (2 gray) with 2 orange": state.game.claim(
            charleston, orange, 0
        ),
        "Claim Atlanta\u2013Charleston (2 gray) with 1 orange and 1 Locomotive": (
            state.game.claim(charleston, orange, 1)
        ),
    }
    for words, action in expected.items():
        assert said[words] == action
    assert all(not unreadable_parts(w) and w[0].isupper() for w in said)


def test_draws_in_words_speak_each_edition() -> None:
    """USA: the face-up row and the draw pile; Europe Express: its deck and Locomotive pile."""
    usa = USA.turn_state(face_up=["orange", "locomotive", "red"], deck=["black"] * 5)
    said = _words(usa)
    assert said["Take the face-up orange card"] == TakeFaceUp("orange")
    assert said["Take the face-up Locomotive"] == TakeFaceUp("locomotive")
    assert said["Draw a card from the draw pile"] == DrawBlind()
    assert said["Draw 3 Destination Tickets"] == DrawTickets()
    europe = EUROPE.turn_state(face_up=["red", "blue"], deck=["black"] * 5)
    said = _words(europe)
    assert said["Draw a card from the deck"] == DrawBlind()
    assert said["Take a Locomotive from the Locomotive pile"] == TakeLocomotive()
    assert "Draw a card from the draw pile" not in said


def test_drawing_tickets_says_how_many_the_pile_holds() -> None:
    """USA rulebook, 3. Draw Destination Tickets: fewer than 3 in the pile, draw those."""
    game = make("usa", 2)
    state = USA.turn_state(deck=["black"] * 5)
    observation = state.observation(0)
    words = {
        pile: PRESENTATION.action_words(
            game, {**observation, "ticket_pile_size": pile}, DrawTickets()
        )
        for pile in (1, 2, 3, 20)
    }
    assert words == {
        1: "Draw the last Destination Ticket",
        2: "Draw the last 2 Destination Tickets",
        3: "Draw 3 Destination Tickets",
        20: "Draw 3 Destination Tickets",
    }


def test_keeping_tickets_names_them_in_the_order_drawn() -> None:
    state = USA.turn_state(deck=["black"] * 5)
    offer = [
        ticket_id(state, "Boston", "Miami"),
        ticket_id(state, "Denver", "El Paso"),
        ticket_id(state, "Calgary", "Phoenix"),
    ]
    state.ticket_pile = [t for t in state.ticket_pile if t not in offer] + offer[::-1]
    state.apply(DrawTickets())
    assert state.offers[0] == offer
    said = _words(state)
    assert sorted(said) == sorted(
        [
            "Keep Boston\u2013Miami (12), Denver\u2013El Paso (4) and Calgary\u2013Phoenix (13)",
            "Keep Boston\u2013Miami (12) and Denver\u2013El Paso (4)",
            "Keep Boston\u2013Miami (12) and Calgary\u2013Phoenix (13)",
            "Keep Denver\u2013El Paso (4) and Calgary\u2013Phoenix (13)",
            "Keep Boston\u2013Miami (12)",
            "Keep Denver\u2013El Paso (4)",
            "Keep Calgary\u2013Phoenix (13)",
        ]
    )
    assert set(said["Keep Boston\u2013Miami (12) and Denver\u2013El Paso (4)"].tickets) == set(
        offer[:2]
    )


def test_passing_in_words() -> None:
    """RULES_NOTES, Nothing possible: the only move left is to pass."""
    state = USA.turn_state(deck=[], discards=[])
    state.ticket_pile = []
    state = settle(state)
    assert list(_words(state)) == ["Pass: no other move is possible"]


@pytest.mark.parametrize(("map_id", "players"), [("usa", 5), ("europe-express", 4)])
def test_every_legal_move_of_a_game_reads_apart(map_id: str, players: int) -> None:
    """Along a whole game (both routes of a double open to 4 and 5 players): every legal move
    in words, readable, one line, never two alike, and the same once hidden cards change."""
    game = make(map_id, players)
    state = game.new_game(seed=13)
    rnd = random.Random(13)
    step = 0
    while not state.is_over:
        said = _words(state)
        for words in said:
            assert words[0].isupper() and "\n" not in words and not unreadable_parts(words)
        if step % 20 == 0:
            seat = state.current_player
            view = state.determinize(seat, Rng(step))
            again = {
                PRESENTATION.action_words(game, view.observation(seat), a): a
                for a in view.legal_actions()
            }
            assert again == said
        state.apply(rnd.choice(state.legal_actions()))
        step += 1
