"""Ticket to Ride for the terminal: moves in steps, the notation's forms, the rules summary,
the `routes` and `tickets` lookups, what a card in hand does."""

from __future__ import annotations

import random
import re

import pytest

import tabletrip
from presentation_helpers import section
from tabletrip.core import Rng
from tabletrip.core.document_text import render_block
from tabletrip.core.game import Result
from tabletrip.core.presentation import (
    Cards,
    Document,
    NotationForm,
    Section,
    Sentence,
    Table,
    unreadable_parts,
)
from tabletrip.games.ticket_to_ride.actions import Claim, KeepTickets
from tabletrip.games.ticket_to_ride.notation_claims import short_form
from tabletrip.games.ticket_to_ride.present import TicketToRidePresentation
from tabletrip.games.ticket_to_ride.present_words import lexicon
from tabletrip.games.ticket_to_ride.rules import KEEP, SECOND_DRAW, TicketToRideState
from ttr_situations import MapSituations, find_route, settle, ticket_id

PRESENTATION = TicketToRidePresentation()
USA = MapSituations("usa")
EXPRESS = MapSituations("europe-express", locomotive_pile=12)
MAPS = ("usa", "europe-express")


def playout_states(map_id: str, players: int, seed: int, every: int = 3):
    """The states of a random game, one in `every` moves."""
    state = tabletrip.make("ticket-to-ride", map=map_id, players=players).new_game(seed=seed)
    rnd = random.Random(seed)
    moves = 0
    while not state.is_over:
        if moves % every == 0:
            yield state
        state.apply(rnd.choice(state.legal_actions()))
        moves += 1
    yield state


def steps_of(state: TicketToRideState) -> dict[tuple[str, ...], object]:
    observation = state.observation(state.current_player)
    return {PRESENTATION.action_steps(state.game, observation, a): a for a in state.legal_actions()}


def rows(sec: Section) -> list[tuple]:
    return [row for block in sec.blocks if isinstance(block, Table) for row in block.rows]


def texts(sec: Section) -> str:
    return "\n".join(Document((sec,)).texts())


# --- moves in steps --------------------------------------------------------------------------


def test_a_claim_is_chosen_in_three_steps() -> None:
    """USA "2. Claim a Route": the route, then the cards (Locomotives stand in)."""
    state = USA.turn_state(
        hands={0: {"purple": 3, "locomotive": 2}},
        face_up=["red", "red", "blue", "locomotive", "green"],
        deck=["white"] * 5,
    )
    paths = steps_of(state)
    route = find_route(state.game.board, "Denver", "Omaha")
    claims = {p: a for p, a in paths.items() if isinstance(a, Claim) and a.route == route}
    assert set(claims) == {
        ("Claim a route", "Denver–Omaha (4 purple)", "With 3 purple and 1 Locomotive"),
        ("Claim a route", "Denver–Omaha (4 purple)", "With 2 purple and 2 Locomotives"),
    }
    firsts = {p[0] for p in paths}
    assert firsts == {
        "Draw a card from the draw pile",
        *(
            f"Take the face-up {c} card"
            for c in {state.game.board.card_names[f] for f in state.face_up}
            if c != "locomotive"
        ),
        *(["Take the face-up Locomotive"] if state.game.loco in state.face_up else []),
        "Draw 3 Destination Tickets",
        "Claim a route",
    }


def test_the_two_gray_tracks_of_a_double_read_apart() -> None:
    """USA "2. Claim a Route", double routes: each track is its own route."""
    state = USA.turn_state(players=4, hands={0: {"red": 2}})
    routes = {p[1] for p, a in steps_of(state).items() if p[0] == "Claim a route"}
    assert "Atlanta–Raleigh (2 gray, north-western track)" in routes
    assert "Atlanta–Raleigh (2 gray, south-eastern track)" in routes


def test_tickets_are_kept_in_two_steps_how_many_then_which() -> None:
    """USA "Setup" 6 (keep at least 2 of 3) and "3. Draw Destination Tickets" (at least 1)."""
    state = USA.new_state(players=2, seed=3)
    setup = steps_of(state)
    assert sorted({p[0] for p in setup}) == ["Keep 2 tickets", "Keep all 3 tickets"]
    assert len(setup) == 4 and all(len(p) == 2 for p in setup)
    offer = state.observation(state.current_player)["offer"]
    labels = [f"{t['a']}–{t['b']} ({t['points']})" for t in offer]
    assert ("Keep all 3 tickets", f"{labels[0]}, {labels[1]} and {labels[2]}") in setup
    while state.phase != KEEP:
        state.apply(
            next(
                a
                for a in state.legal_actions()
                if str(a) == "tickets" or isinstance(a, KeepTickets)
            )
        )
    later = steps_of(state)
    assert len(later) == 7
    assert sorted({p[0] for p in later}) == [
        "Keep 1 ticket",
        "Keep 2 tickets",
        "Keep all 3 tickets",
    ]


@pytest.mark.parametrize("map_id", MAPS)
def test_steps_name_the_move_and_keep_each_menu_short(map_id: str) -> None:
    """Every decision of a random game: the steps hold every word of the move's words, and
    no menu but the natural lists (routes, payments) runs past a dozen choices."""
    for state in playout_states(map_id, 3, seed=8):
        if state.is_over:
            break
        observation = state.observation(state.current_player)
        paths = steps_of(state)
        menus: dict[tuple[str, ...], set[str]] = {}
        for path, action in paths.items():
            words = PRESENTATION.action_words(state.game, observation, action)
            said = set(" ".join(path).lower().split())
            assert set(words.lower().split()) <= said, (words, path)
            for end in range(len(path)):
                menus.setdefault(path[:end], set()).add(path[end])
        assert len(menus[()]) <= 12
        for prefix, choices in menus.items():
            if prefix[:1] != ("Claim a route",):
                assert len(choices) <= 12, (prefix, choices)


# --- the notation ----------------------------------------------------------------------------


def form_pattern(form: NotationForm) -> re.Pattern[str]:
    """A form as a pattern: its literal words as typed, any `<field>` any text."""
    parts = re.split(r"(<[a-z]+>)", form.form)
    body = "".join(".+?" if re.fullmatch(r"<[a-z]+>", p) else re.escape(p) for p in parts)
    return re.compile(f"^{body}$")


@pytest.mark.parametrize("map_id", MAPS)
def test_every_notation_of_a_game_matches_a_form(map_id: str) -> None:
    """Every legal move's notation (records write it) is one of the forms the help gives."""
    game = tabletrip.make("ticket-to-ride", map=map_id, players=3)
    forms = PRESENTATION.notation_help(game)
    patterns = [form_pattern(f) for f in forms]
    for state in playout_states(map_id, 3, seed=5, every=1):
        for action in state.legal_actions():
            assert any(p.match(str(action)) for p in patterns), str(action)


@pytest.mark.parametrize("map_id", MAPS)
def test_every_field_of_a_form_is_explained_in_words(map_id: str) -> None:
    game = tabletrip.make("ticket-to-ride", map=map_id, players=2)
    for form in PRESENTATION.notation_help(game):
        explained = {name for name, _ in form.fields}
        assert set(re.findall(r"<[a-z]+>", form.form)) <= explained, form.form
        for text in (form.meaning, *(t for field in form.fields for t in field)):
            assert text and not unreadable_parts(text), text
    words = " ".join(f.form for f in PRESENTATION.notation_help(game))
    assert ("locomotive" in words.split()) and ("claim <cities> <colour> <locomotives>" in words)


@pytest.mark.parametrize("map_id", MAPS)
def test_every_legal_claim_reads_back_from_its_short_form_and_its_steps(map_id: str) -> None:
    """`claim Denver-Omaha red 1` in one go, and the steps typed as one line."""
    for state in playout_states(map_id, 4, seed=6, every=4):
        tracks = lexicon(state.game).tracks
        observation = state.observation(state.current_player)
        for action in state.legal_actions():
            if not isinstance(action, Claim):
                continue
            typed = short_form(action, state.game.board, tracks)
            assert state.game.parse_action(typed, state) == action, typed
            steps = " ".join(PRESENTATION.action_steps(state.game, observation, action))
            assert state.game.parse_action(steps, state) == action, steps


# --- the rules summary -----------------------------------------------------------------------


@pytest.mark.parametrize("map_id", MAPS)
def test_the_rules_summary_fits_and_speaks_its_edition(map_id: str) -> None:
    game = tabletrip.make("ticket-to-ride", map=map_id, players=2)
    summary = PRESENTATION.rules_summary(game)
    lines = summary.splitlines()
    assert 15 <= len(lines) <= 40
    assert all(len(line) <= 90 for line in lines)
    assert "\n\n" in summary and not unreadable_parts(summary)
    if map_id == "usa":
        assert "Longest Continuous Path" in summary and "2 to 5 players" in summary
        assert "Europe Express" not in summary and "45 trains" in summary
    else:
        assert "London" in summary and "Istanbul" in summary and "100" in summary
        assert "Longest" not in summary and "27 trains" in summary


# --- the routes lookup -----------------------------------------------------------------------


def route_row(sec: Section, name: str, kind: str) -> tuple:
    found = [r for r in rows(sec) if r[0] == name and r[1] == kind]
    assert len(found) == 1, (name, kind, rows(sec))
    return found[0]


def test_the_lookups_are_routes_filtered_and_tickets() -> None:
    game = tabletrip.make("ticket-to-ride", players=2)
    lookups = {look.name: look for look in PRESENTATION.lookups(game)}
    assert set(lookups) == {"routes", "tickets"}
    assert lookups["routes"].filtered and not lookups["tickets"].filtered
    with pytest.raises(KeyError):
        PRESENTATION.lookup(game, USA.turn_state().observation(0), "where")


def test_routes_lists_every_route_with_its_owner_and_claim_now() -> None:
    """USA "2. Claim a Route": colours, gray routes, doubles with 2 or 3 players."""
    board = USA.turn_state().game.board
    raleigh = find_route(board, "Atlanta", "Raleigh")
    charleston = find_route(board, "Atlanta", "Charleston")
    state = USA.turn_state(
        players=3, hands={0: {"red": 2, "locomotive": 1}}, routes={1: [raleigh], 0: [charleston]}
    )
    sec = PRESENTATION.lookup(state.game, state.observation(0), "routes")
    assert sec.title == "Routes" and len(rows(sec)) == len(board.routes)
    assert rows(sec)[0][0] <= rows(sec)[-1][0]
    table = next(b for b in sec.blocks if isinstance(b, Table))
    assert table.columns == ("Route", "Length and colour", "Owner", "Claim now")
    twin = board.twin[raleigh]
    tracks = lexicon(state.game).tracks
    taken = "2 gray, " + tracks[raleigh].removesuffix(" track")
    other = "2 gray, " + tracks[twin].removesuffix(" track")
    assert route_row(sec, "Atlanta–Raleigh", taken)[2:] == ("Player 2", "no: already claimed")
    assert route_row(sec, "Atlanta–Raleigh", other)[2:] == (
        "closed",
        "no: one track only with 3 players",
    )
    assert route_row(sec, "Atlanta–Charleston", "2 gray")[2:] == ("you", "no: yours")
    assert route_row(sec, "Denver–Omaha", "4 purple")[2:] == ("free", "no: needs 4 purple")
    assert route_row(sec, "Boston–New York", "2 red")[2:] == ("free", "yes: 2 red")
    assert route_row(sec, "Boston–New York", "2 yellow")[3] == "no: needs 2 yellow"
    assert route_row(sec, "Calgary–Helena", "4 gray")[3] == "no: needs 4 cards of one colour"
    said = texts(sec)
    assert "You hold 2 red, 1 Locomotive and have" in said
    assert "With 3 players only one track of a double route may be used" in said
    for line in render_block(table):
        assert len(line) <= 100


def test_a_double_stays_open_to_others_with_four_players() -> None:
    """USA "2. Claim a Route": with 4 or 5 players both tracks, not by the same player."""
    board = USA.turn_state().game.board
    raleigh = find_route(board, "Atlanta", "Raleigh")
    twin = board.twin[raleigh]
    state = USA.turn_state(players=4, hands={0: {"red": 2}, 1: {"red": 2}}, routes={1: [raleigh]})
    tracks = lexicon(state.game).tracks
    other = "2 gray, " + tracks[twin].removesuffix(" track")
    mine = PRESENTATION.lookup(state.game, state.observation(0), "routes", "atlanta")
    assert route_row(mine, "Atlanta–Raleigh", other)[2:] == ("free", "yes: 2 red")
    theirs = PRESENTATION.lookup(state.game, state.observation(1), "routes", "atlanta")
    assert route_row(theirs, "Atlanta–Raleigh", other)[3] == "no: you hold the other track"
    assert "both tracks of a double route may be claimed" in texts(mine)


def test_routes_say_why_not_now_trains_and_first_card() -> None:
    """USA "1. Draw Train Car Cards" (a turn is one action) and the trains a route needs."""
    state = USA.turn_state(hands={0: {"purple": 4}})
    state.trains[0] = 3
    state = settle(state)
    sec = PRESENTATION.lookup(state.game, state.observation(0), "routes", "omaha")
    assert route_row(sec, "Omaha–Denver", "4 purple")[3] == "no: needs 4 trains, 3 left"
    state = USA.turn_state(hands={0: {"purple": 4}}, deck=["red", "red", "red"])
    state.phase = SECOND_DRAW
    state = settle(state)
    sec = PRESENTATION.lookup(state.game, state.observation(0), "routes", "omaha")
    assert route_row(sec, "Omaha–Denver", "4 purple")[3] == "not now: 4 purple"
    assert "You cannot claim a route now: you already drew a first card this turn." in texts(sec)
    other = PRESENTATION.lookup(state.game, state.observation(1), "routes", "omaha")
    assert "it is not your turn" in texts(other)


def test_routes_filter_by_a_word_prefix_of_a_city() -> None:
    state = USA.turn_state()
    observation = state.observation(0)
    full = PRESENTATION.lookup(state.game, observation, "routes", "Denver")
    assert full.title == "Routes at Denver"
    assert all(r[0].startswith("Denver–") for r in rows(full)) and len(rows(full)) == 9
    for query in ("den", "DENVER", " Den "):
        again = PRESENTATION.lookup(state.game, observation, "routes", query)
        assert (again.title, rows(again)) == (full.title, rows(full))
    york = PRESENTATION.lookup(state.game, observation, "routes", "york")
    assert york.title == "Routes at New York" and rows(york)
    new = PRESENTATION.lookup(state.game, observation, "routes", "new")
    assert new.title == "Routes at New Orleans and New York"
    none = PRESENTATION.lookup(state.game, observation, "routes", "xanadu")
    assert not rows(none) and "starting with \u201cxanadu\u201d" in texts(none)


def test_routes_filter_ignores_accents_in_europe_express() -> None:
    state = EXPRESS.turn_state()
    observation = state.observation(0)
    plain = PRESENTATION.lookup(state.game, observation, "routes", "zurich")
    accented = PRESENTATION.lookup(state.game, observation, "routes", "Zür")
    assert (
        (accented.title, rows(accented))
        == (plain.title, rows(plain))
        == (
            "Routes at Zurich",
            rows(plain),
        )
    )
    assert rows(plain) and all(r[0].startswith("Zurich–") for r in rows(plain))
    assert "With 2 players only one track" in texts(plain)


def test_a_spectator_sees_owners_and_no_claim_column() -> None:
    state = USA.turn_state(routes={1: [0]})
    sec = PRESENTATION.lookup(state.game, state.public_observation(), "routes")
    table = next(b for b in sec.blocks if isinstance(b, Table))
    assert table.columns == ("Route", "Length and colour", "Owner")
    assert "you" not in {r[2] for r in table.rows} and "Player 2" in {r[2] for r in table.rows}
    tickets = PRESENTATION.lookup(state.game, state.public_observation(), "tickets")
    assert not rows(tickets) and "secret" in texts(tickets)


# --- the tickets lookup ----------------------------------------------------------------------


def test_tickets_give_the_fewest_trains_still_needed() -> None:
    """USA "3. Draw Destination Tickets": a ticket's cities joined by your own routes."""
    state = USA.turn_state()
    board = state.game.board
    denver = ticket_id(state, "Denver", "El Paso")
    boston = ticket_id(state, "Boston", "Miami")
    state.tickets[0] = [denver, boston]
    state.ticket_pile.remove(denver)
    state.ticket_pile.remove(boston)
    santa_fe = find_route(board, "Denver", "Santa Fe")
    state = settle(state)
    sec = PRESENTATION.lookup(state.game, state.observation(0), "tickets")
    by_name = {r[0]: r for r in rows(sec)}
    assert by_name["Denver–El Paso"][1:] == (4, "not yet", "4 trains")
    assert by_name["Boston–Miami"][2] == "not yet"
    assert f"holds {len(state.ticket_pile)} tickets" in texts(sec)
    # Claim Denver–Santa Fe: 2 trains left to El Paso.
    state = USA.turn_state(routes={0: [santa_fe]})
    state.tickets[0] = [denver]
    state = settle(state)
    sec = PRESENTATION.lookup(state.game, state.observation(0), "tickets")
    assert rows(sec)[0][1:] == (4, "not yet", "2 trains")
    # Santa Fe–El Paso too: completed.
    el_paso = find_route(board, "Santa Fe", "El Paso")
    state = USA.turn_state(routes={0: [santa_fe, el_paso]})
    state.tickets[0] = [denver]
    state = settle(state)
    sec = PRESENTATION.lookup(state.game, state.observation(0), "tickets")
    assert rows(sec)[0][1:] == (4, "yes", "none")
    assert "If the game ended now: +4 points" in texts(sec)


def test_tickets_say_when_a_ticket_can_no_longer_be_joined() -> None:
    """Routes held by another player are not a path for you."""
    state = USA.turn_state()
    board = state.game.board
    ticket = ticket_id(state, "Denver", "El Paso")
    around = [
        r.id
        for r in board.routes
        if board.cities[r.b] == "El Paso" or board.cities[r.a] == "El Paso"
    ]
    state = USA.turn_state(routes={1: around})
    state.tickets[0] = [ticket]
    state = settle(state)
    sec = PRESENTATION.lookup(state.game, state.observation(0), "tickets")
    assert rows(sec)[0][3] == "cannot be joined any more"


def test_tickets_offered_show_their_trains_too() -> None:
    state = USA.new_state(players=2, seed=3)
    sec = PRESENTATION.lookup(state.game, state.observation(state.current_player), "tickets")
    tables = [b for b in sec.blocks if isinstance(b, Table)]
    assert not tables[0].rows and len(tables[1].rows) == 3
    assert all(r[2].endswith("trains") for r in tables[1].rows)


# --- hidden information ----------------------------------------------------------------------


@pytest.mark.parametrize("map_id", MAPS)
def test_lookups_do_not_change_with_what_the_seat_cannot_see(map_id: str) -> None:
    """Twin worlds that differ only in the others' hands, tickets and the deck order."""
    for state in playout_states(map_id, 3, seed=4, every=7):
        seat = state.current_player
        view = state.determinize(seat, Rng(9))
        for name, query in (("routes", ""), ("routes", "a"), ("tickets", "")):
            mine = PRESENTATION.lookup(state.game, state.observation(seat), name, query)
            again = PRESENTATION.lookup(state.game, view.observation(seat), name, query)
            assert mine.to_json() == again.to_json()
    state = USA.turn_state(players=3, hands={0: {"red": 2}, 1: {"blue": 5}})
    other = USA.turn_state(players=3, hands={0: {"red": 2}, 2: {"blue": 5}})
    other.tickets[1] = [ticket_id(other, "Boston", "Miami")]
    for name in ("routes", "tickets"):
        assert PRESENTATION.lookup(state.game, state.observation(0), name) == PRESENTATION.lookup(
            other.game, other.observation(0), name
        )


# --- cards in hand ---------------------------------------------------------------------------


@pytest.mark.parametrize(("situations", "pile"), [(USA, False), (EXPRESS, True)])
def test_the_locomotive_in_hand_says_what_it_does(situations: MapSituations, pile: bool) -> None:
    """USA "1. Draw Train Car Cards" and Europe Express "2. Draw a Locomotive Card": wild."""
    state = situations.turn_state(hands={0: {"red": 2, "locomotive": 1}})
    document = PRESENTATION.document(state.game, state.observation(0))
    cards = {
        c.name: c
        for c in next(
            b for b in section(document, "Your hand").blocks if isinstance(b, Cards)
        ).cards
    }
    assert "any colour" in cards["Locomotive"].detail
    assert ("Locomotive pile" in cards["Locomotive"].detail) == pile
    assert cards["Red"].detail == ""
    assert not any(
        isinstance(b, Sentence) and "None" in b.text for b in section(document, "Your hand").blocks
    )


# --- ties ---------------------------------------------------------------------------------------


def tied_result(scores: tuple[int, ...], winners: tuple[int, ...], done: tuple[int, ...]) -> Result:
    return Result(scores, winners, tuple({"tickets_completed": d} for d in done))


def test_outcome_of_a_europe_express_tie() -> None:
    """Europe Express "Game end": tied players with as many tickets completed both win."""
    game = tabletrip.make("ticket-to-ride", map="europe-express", players=2)
    names = ["Ana", "Bo"]
    share = tied_result((120, 120), (0, 1), (3, 3))
    assert PRESENTATION.outcome(game, share, names) == (
        "Ana and Bo share the win with 120 points: level on Destination Tickets completed "
        "too (3 each), so the tie stands."
    )
    tickets = tied_result((120, 120), (0,), (4, 3))
    assert PRESENTATION.outcome(game, tickets, names) == (
        "Ana wins with 120 points, level on points with Bo but having completed more "
        "Destination Tickets (4 to 3)."
    )
