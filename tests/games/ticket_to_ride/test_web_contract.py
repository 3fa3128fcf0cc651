"""The browser contract of Ticket to Ride: the clickable board, action targets, decision help.

`render_svg(seat)` draws the map and the card table from what that seat may see; every legal
action's `action_targets` names `data-target` groups of that board; `decision_help` explains
every decision in tabletrip's own words.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletrip.core import Rng
from tabletrip.core.presentation import action_targets, decision_help, render_svg
from tabletrip.games.ticket_to_ride.actions import (
    Claim,
    DrawBlind,
    DrawTickets,
    KeepTickets,
    Pass,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.help import HELP
from tabletrip.games.ticket_to_ride.layout import color_letter
from tabletrip.games.ticket_to_ride.phases import TURN
from tabletrip.games.ticket_to_ride.rules import KEEP, SECOND_DRAW, SETUP, TicketToRideState
from ttr_situations import MapSituations, new_state, settle

SVG = "{http://www.w3.org/2000/svg}"
TARGET = re.compile(r'<g [^>]*data-target="([^"]+)"')
CONFIGS = [("usa", p) for p in range(2, 6)] + [("europe-express", p) for p in range(2, 5)]
USA = MapSituations("usa")
EUROPE = MapSituations("europe-express", locomotive_pile=12)


def board_targets(svg: str) -> dict[str, ET.Element]:
    """The `data-target` elements of a board by key (each key once, each a `<g>`)."""
    root = ET.fromstring(svg)
    targets: dict[str, ET.Element] = {}
    for element in root.iter():
        key = element.attrib.get("data-target")
        if key is None:
            continue
        assert element.tag == f"{SVG}g", f"{key} is on a <{element.tag}>, not a <g>"
        assert key not in targets, f"{key} twice on the board"
        targets[key] = element
    return targets


def check_moment(state: TicketToRideState) -> set[str]:
    """Every legal action's keys are on the mover's board; the help is there. The kinds seen."""
    seat = state.current_player
    targets = TARGET.findall(render_svg(state, seat))  # the <g> keys (a regex: parsing is slow)
    assert len(targets) == len(set(targets)), "a key twice on the board"
    assert decision_help(state).strip()
    kinds = set()
    for action in state.legal_actions():
        keys = action_targets(state, action)
        assert set(keys) <= set(targets), f"{action}: {keys} not on the board"
        kinds.add(type(action).__name__)
    return kinds


def check_hidden(state: TicketToRideState, rng: Rng) -> None:
    """A board never changes when only what its viewer cannot see is dealt anew."""
    seat = state.current_player
    assert render_svg(state.determinize(seat, rng), seat) == render_svg(state, seat)
    other = rng.below(state.game.players)
    view = state.determinize(other, rng)
    assert render_svg(view, None) == render_svg(state, None)
    assert decision_help(view) == decision_help(state), "the help tells a secret"


@pytest.mark.parametrize(("map_id", "players"), CONFIGS)
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_legal_action_targets_the_board_and_every_decision_has_help(
    map_id: str, players: int, seed: int
) -> None:
    state = new_state(map_id, players, seed % 1000)
    rng = Rng(seed)
    chooser = random.Random(seed)
    kinds: set[str] = set()
    phases = set()
    step = 0
    while not state.is_over:
        kinds |= check_moment(state)
        phases.add(state.phase)
        if step % 25 == 0:
            check_hidden(state, rng)
        state.apply(chooser.choice(state.legal_actions()))
        step += 1
    assert decision_help(state) == ""
    assert {SETUP, TURN} <= phases
    assert {"KeepTickets", "Claim", "DrawBlind"} <= kinds


@pytest.mark.parametrize("map_id", ["usa", "europe-express"])
def test_the_board_is_a_scalable_svg_with_a_title_on_every_target(map_id: str) -> None:
    state = new_state(map_id, 3, seed=2)
    svg = render_svg(state, 0)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.attrib["width"] == "100%" and "height" not in root.attrib
    assert len(root.attrib["viewBox"].split()) == 4
    targets = board_targets(svg)
    board = state.game.board
    expected = {f"route-{r.id}" for r in board.routes} | {f"face-up-{i}" for i in range(5)}
    expected |= {"deck", "tickets"} | ({"locomotive-pile"} if board.locomotive_pile else set())
    assert set(targets) == expected
    for key, group in targets.items():
        assert group.findtext(f"{SVG}title"), key
    # A thin route gets a wide transparent line to click.
    hit = targets["route-0"].find(f"{SVG}line")
    assert hit is not None and hit.attrib["class"] == "hit"
    assert float(hit.attrib["stroke-width"]) >= 12


def test_claims_face_up_cards_and_piles_have_their_keys() -> None:
    """Contract: a claim targets its route, a face-up draw every slot of its colour, a blind
    draw the deck, ticket drawing the ticket pile; keeping tickets and passing nothing."""
    state = USA.turn_state(
        hands={0: {"red": 3}},
        face_up=["red", "blue", "red", "locomotive", "green"],
        deck=["black"] * 10,
    )
    route = next(a for a in state.legal_actions() if isinstance(a, Claim))
    assert action_targets(state, route) == (f"route-{route.route}",)
    assert action_targets(state, TakeFaceUp("red")) == ("face-up-0", "face-up-2")
    assert action_targets(state, TakeFaceUp("locomotive")) == ("face-up-3",)
    assert action_targets(state, DrawBlind()) == ("deck",)
    assert action_targets(state, DrawTickets()) == ("tickets",)
    assert action_targets(state, Pass()) == ()
    state.apply(DrawTickets())
    keep = state.legal_actions()[0]
    assert isinstance(keep, KeepTickets) and action_targets(state, keep) == ()


def test_the_europe_express_locomotive_pile_is_a_target() -> None:
    """Europe Express rulebook, 2. Draw a Locomotive Card: the pile is on the table."""
    state = EUROPE.turn_state(face_up=["red", "blue"], deck=["black"] * 10)
    assert TakeLocomotive() in state.legal_actions()
    assert action_targets(state, TakeLocomotive()) == ("locomotive-pile",)
    pile = board_targets(render_svg(state, 0))["locomotive-pile"]
    assert f"{state.loco_pile} left" in (pile.findtext(f"{SVG}title") or "")


def test_face_up_cards_say_their_colour_in_words() -> None:
    """Colours are never told by colour alone: each face-up card carries its name."""
    state = USA.turn_state(face_up=["red", "blue", "locomotive", "white"], deck=["black"] * 3)
    targets = board_targets(render_svg(state, None))
    for slot, name in enumerate(["red", "blue", "Locomotive", "white"]):
        texts = [t.text for t in targets[f"face-up-{slot}"].iter(f"{SVG}text")]
        assert name in texts
    # A slot without a card says so, and is still there (it never becomes legal).
    assert targets["face-up-4"].findtext(f"{SVG}title") == "Face-up card: empty"


def test_a_seat_sees_its_own_ticket_cities_and_nobody_elses() -> None:
    state = new_state("usa", 3, seed=4)
    board = state.game.board
    while state.phase == SETUP:
        state.apply(state.legal_actions()[0])  # everyone keeps all three

    def ringed(svg: str) -> set[str]:
        root = ET.fromstring(svg)
        return {
            el.findtext(f"{SVG}title", "").split(": ")[0]
            for el in root.iter(f"{SVG}g")
            if "ticket-city" in el.attrib.get("class", "").split()
        }

    for seat in range(3):
        tickets = [board.tickets[t] for t in state.tickets[seat]]
        cities = {board.cities[c] for ticket in tickets for c in (ticket.a, ticket.b)}
        assert ringed(render_svg(state, seat)) == cities
    assert ringed(render_svg(state, None)) == set()


def test_the_board_never_shows_what_its_viewer_cannot_see() -> None:
    """Hands, tickets and deck order dealt anew: every seat's board and the public one stay."""
    state = new_state("europe-express", 4, seed=9)
    chooser = random.Random(9)
    for _ in range(120):
        state.apply(chooser.choice(state.legal_actions()))
    rng = Rng(3)
    for seat in range(4):
        view = state.determinize(seat, rng)
        assert render_svg(view, seat) == render_svg(state, seat)
        assert render_svg(view, None) == render_svg(state, None)


# --- help ---------------------------------------------------------------------------------


def test_every_help_text_is_one_to_four_sentences() -> None:
    for key, text in HELP.items():
        assert text.strip(), key
        assert 1 <= text.count(". ") + 1 <= 4, key


def test_setup_help_says_keep_at_least_two() -> None:
    """USA rulebook, Setup 6: keep at least two of the three tickets dealt."""
    state = new_state("usa", 2)
    text = decision_help(state)
    assert "at least 2" in text and "3 destination tickets" in text


def test_turn_help_lists_the_three_actions_and_the_route_points() -> None:
    """USA rulebook, The Game Turn: one action of three; the scoring table of routes."""
    state = USA.turn_state(face_up=["red"], deck=["black"] * 5)
    text = decision_help(state)
    assert "one action" in text and "claim one route" in text and "destination tickets" in text
    assert "1, 2, 4, 7, 10 or 15 points for 1 to 6 spaces" in text
    assert "face-up Locomotive counts as both" in text
    assert "45 trains left" in text


def test_europe_express_turn_help_names_the_locomotive_pile_and_the_bonus() -> None:
    """Europe Express rulebook, The Game Turn: four actions, routes 1-5, the London-Istanbul
    bonus cards."""
    state = EUROPE.turn_state(face_up=["red"], deck=["black"] * 5)
    text = decision_help(state)
    assert "take one Locomotive from its pile" in text
    assert "1, 2, 4, 7 or 10 points for 1 to 5 spaces" in text
    assert "London and Istanbul" in text and "20, 15, 10, 5" in text


def test_second_card_help_forbids_a_face_up_locomotive_on_the_usa_map_only() -> None:
    """USA rulebook, 1. Draw Train Car Cards: no face-up Locomotive as the second card;
    Europe Express has no Locomotives among the train cards."""
    for situations, forbidden in ((USA, True), (EUROPE, False)):
        state = situations.turn_state(face_up=["red", "blue"], deck=["black"] * 6)
        state.apply(DrawBlind())
        assert state.phase == SECOND_DRAW
        assert ("not a Locomotive" in decision_help(state)) == forbidden


def test_keep_help_says_keep_at_least_one() -> None:
    """USA rulebook, 3. Draw Destination Tickets: keep at least one of the three drawn."""
    state = USA.turn_state(face_up=["red"], deck=["black"] * 5)
    state.apply(DrawTickets())
    assert state.phase == KEEP
    assert "Keep at least one of the 3 destination tickets" in decision_help(state)


def test_help_when_nothing_is_left_to_draw() -> None:
    """RULES_NOTES, Nothing possible: with no cards nor tickets to draw a seat claims a route
    or passes; the help says so without telling which (the hand is secret)."""
    state = USA.turn_state(deck=[], discards=[])
    state.ticket_pile = []
    state = settle(state)
    assert state.legal_actions() == [Pass()]
    assert decision_help(state) == HELP["nothing_to_draw"]
    rich = USA.turn_state(hands={0: {"red": 6}}, deck=[], discards=[])
    rich.ticket_pile = []
    rich = settle(rich)
    assert any(isinstance(a, Claim) for a in rich.legal_actions())
    assert decision_help(rich) == HELP["nothing_to_draw"]


def test_final_round_help_counts_the_turns_left() -> None:
    """USA rulebook, End of Game: 2 or fewer trains start the last round, one turn each."""
    state = USA.turn_state(3, face_up=["red"], deck=["black"] * 9)
    state.final_turns = 2
    assert "Last round: 2 turns left in the game, this one included." in decision_help(state)


@pytest.mark.parametrize("map_id", ["usa", "europe-express"])
def test_every_route_carries_its_colour_in_words_and_letter_not_colour_alone(map_id: str) -> None:
    """Issue 10: Ticket to Ride colours are never told by colour alone. Every route of the
    board names its colour in its title and `data-color`; an unclaimed one writes its letter
    on a train space (gray: no letter), a claimed one its player number; the key under the map
    explains every letter of the map."""
    state = USA.new_state(3, seed=4) if map_id == "usa" else EUROPE.new_state(3, seed=4)
    chooser = random.Random(4)
    for _ in range(150):  # some routes claimed, most not
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    svg = render_svg(state, 0)
    targets = board_targets(svg)
    routes = {f"route-{r['id']}": r for r in state.game.static_info()["routes"]}
    owner = {
        r: s for s, info in enumerate(state.public_observation()["seats"]) for r in info["routes"]
    }
    assert owner and len(owner) < len(routes)
    for key, route in routes.items():
        group = targets[key]
        color = route["color"]
        assert group.attrib["data-color"] == color
        assert f"color-{color}" in group.attrib["class"].split()
        title = group.findtext(f"{SVG}title") or ""
        assert f"{route['length']} {color}" in title, title
        marks = [el.text for el in group.iter(f"{SVG}text")]
        if route["id"] in owner:  # the player's number: Player 1 writes 1
            assert marks == [str(owner[route["id"]] + 1)] * route["length"]
        elif color == "gray":
            assert marks == []
        else:
            assert marks == [color_letter(color)], (key, marks)
    root = ET.fromstring(svg)
    key_group = root.find(f".//{SVG}g[@id='color-key']")
    assert key_group is not None
    words = [el.text for el in key_group.iter(f"{SVG}text")]
    for color in {route["color"] for route in routes.values()}:
        assert any(color in (word or "") for word in words), color
        if color != "gray":
            assert color_letter(color) in words
    lettered = {route["color"] for route in routes.values()} - {"gray"}
    assert len({color_letter(color) for color in lettered}) == len(lettered), "letters differ"
