"""Route East in the browser: the SVG board with `data-target` keys, what each action is about
(`action_targets`) and the help for the decision at hand (`decision_help`)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletrip
from random_play import random_moves
from route_east_situations import (
    between,
    border_with,
    card_id,
    give,
    land_border,
    moves_phase,
    new_state,
    sid,
    start_phase,
)
from tabletrip.bots import RandomBot
from tabletrip.core import Action, Rng
from tabletrip.core.presentation import action_targets, decision_help, render_svg
from tabletrip.games.route_east.actions import (
    Accept,
    ChooseTarget,
    Cross,
    Discard,
    DrawBorder,
    DrawIgnition,
    EndTurn,
    FreightTrain,
    HellNo,
    Move,
    Play,
    RollToLeave,
    Sail,
    Stay,
    TakeAction,
)
from tabletrip.games.route_east.help import HELP, decision_kind
from tabletrip.games.route_east.phases import AT_SEA, CROSS, MOVES
from tabletrip.games.route_east.rules import RouteEastState
from tabletrip.games.route_east.svg_map import road_keys

SVG = "{http://www.w3.org/2000/svg}"


def targets_in(svg: str) -> dict[str, list[ET.Element]]:
    """The elements of an SVG by `data-target` key (it must parse)."""
    found: dict[str, list[ET.Element]] = {}
    for element in ET.fromstring(svg).iter():
        key = element.get("data-target")
        if key is not None:
            found.setdefault(key, []).append(element)
    return found


def board_keys(state: RouteEastState) -> set[str]:
    """Every key the board always carries: spaces, roads, pieces and the three piles."""
    board = state.game.board
    keys = {f"space-{s}" for s in board.space_ids}
    keys |= {f"road-{board.space_ids[a]}|{board.space_ids[b]}" for a, b, _, _ in board.roads}
    keys |= {f"seat-{k}" for k in range(state.game.players)}
    return keys | {"ignition-deck", "border-deck", "action-deck"}


def sentences(text: str) -> int:
    """How many sentences `text` has (the card "Hell no!" ends none)."""
    return len(re.findall(r"[.!?](?:\s|$)", text.replace("Hell no!", "Hell no")))


def check_decision(state: RouteEastState, keys: set[str]) -> str:
    """Every legal action's targets are keys of the board; the help fits; its kind."""
    for action in state.legal_actions():
        targets = action_targets(state, action)
        assert isinstance(targets, tuple)
        assert set(targets) <= keys, (str(action), targets)
    text = decision_help(state)
    assert text and 1 <= sentences(text) <= 4, text
    return decision_kind(state)


# --- the property: every legal action's targets are on the board ------------------------------


@pytest.mark.parametrize(("players", "attractions"), [(2, None), (3, None), (4, 6), (5, 2)])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_targets_of_legal_actions_are_on_the_board_and_help_never_empty(
    players: int, attractions: int | None, seed: int
) -> None:
    """Random games: the seat to move's SVG always carries exactly the board's keys, every key a
    legal action names is among them, and every decision has its help text."""
    options = {"attractions": attractions} if attractions else {}
    state = tabletrip.make("route-east", players=players, **options).new_game(seed)
    assert isinstance(state, RouteEastState)
    keys = board_keys(state)
    bots = [RandomBot(seed=seed % 1000 + s) for s in range(players)]
    steps = 0
    while not state.is_over and steps < 2500:
        if steps % 500 == 0:
            assert set(targets_in(render_svg(state, state.current_player))) == keys
        check_decision(state, keys)
        state.apply(bots[state.current_player].act(state))
        steps += 1
    assert decision_help(state)


def test_random_games_meet_every_decision_but_the_boat() -> None:
    """The decision kinds random play reaches (the boat is rare: its own test below)."""
    seen: Counter[str] = Counter()
    for seed in range(4):
        state = new_state(players=2 + seed, seed=seed)
        keys = board_keys(state)
        bots = [RandomBot(seed=seed * 10 + s) for s in range(state.game.players)]
        while not state.is_over:
            seen[check_decision(state, keys)] += 1
            state.apply(bots[state.current_player].act(state))
        seen[decision_kind(state)] += 1
    assert set(HELP) - set(seen) <= {"at_sea"}


# --- the SVG ------------------------------------------------------------------------------------


def test_targets_are_groups_with_a_title_and_a_clickable_area() -> None:
    state = new_state(players=3, seed=4)
    random_moves(state, 4, 60)
    root = ET.fromstring(render_svg(state, state.current_player))
    assert root.get("width") == "100%" and root.get("height") is None
    assert len(root.get("viewBox", "").split()) == 4
    targets = [e for e in root.iter() if e.get("data-target")]
    assert targets
    for element in targets:
        assert element.tag == f"{SVG}g"
        assert element.find(f"{SVG}title") is not None
        hit = [c for c in element if "hit" in (c.get("class") or "").split()]
        assert len(hit) == 1, element.get("data-target")
        assert not [e for e in element.iter() if e is not element and e.get("data-target")]
    spaces = [e for e in targets if e.get("data-target", "").startswith("space-")]
    assert all(e.get("data-space") for e in spaces)  # the existing attributes are kept
    for space in spaces:
        hit = next(c for c in space if c.get("class") == "hit")
        assert float(hit.get("r", "0")) >= 7  # larger than the drawn symbol


def test_the_piles_show_their_sizes() -> None:
    state = new_state(players=2, seed=1)
    observation = state.public_observation()
    piles = targets_in(render_svg(state, None))
    for name in ("ignition", "border", "action"):
        (element,) = piles[f"{name}-deck"]
        assert element.get("data-pile") == name
        assert f"{observation['decks'][name]} cards" in element.findtext(f"{SVG}title", "")


@pytest.mark.parametrize("players", [2, 4])
def test_the_svg_changes_only_with_what_its_viewer_may_see(players: int) -> None:
    """A seat's SVG is the same in every determinization for that seat; a spectator's in every
    determinization for any seat (deck orders, hands, face-down attractions resampled)."""
    for moves in (30, 250):
        state = new_state(players=players, seed=moves + players)
        random_moves(state, moves, moves)
        spectator = render_svg(state, None)
        for seat in range(players):
            other = state.determinize(seat, Rng(seat * 7 + moves))
            assert render_svg(other, seat) == render_svg(state, seat)
            assert render_svg(other, None) == spectator


# --- what each action is about ----------------------------------------------------------------


def test_a_move_is_about_its_space_and_its_road() -> None:
    """ "Roads": a move goes one space along one road."""
    state = new_state()
    board = state.game.board
    a, middle, _ = between(board, "atm")
    moves_phase(state, 0, a)
    move = Move(sid(state, middle))
    assert move in state.legal_actions()
    road = road_keys(board)[(a, middle)]
    assert action_targets(state, move) == (f"space-{sid(state, middle)}", road)
    assert road in targets_in(render_svg(state, 0))


def test_end_is_about_the_space_where_the_night_is_spent() -> None:
    """ "Dirt Roads" (Q&A): out of moves off a place to stay, back the way you came."""
    state = new_state()
    board = state.game.board
    a, middle, _ = between(board, "atm")
    moves_phase(state, 0, middle, moves=0)
    state.path = [a, middle]
    state.may_go_back = True  # stuck by a failed dirt roll
    assert EndTurn() in state.legal_actions()
    assert action_targets(state, EndTurn()) == (f"space-{sid(state, a)}",)
    moves_phase(state, 0, a, moves=0)
    assert action_targets(state, EndTurn()) == (f"space-{sid(state, a)}",)


def test_drawing_and_taking_cards_are_about_their_piles() -> None:
    """ "2nd Turn Onwards": an Ignition card, or at a Border a Border card; "Action Cards"."""
    state = new_state()
    border = land_border(state.game.board)
    start_phase(state, 0, border)
    assert state.legal_actions() == [DrawIgnition(), DrawBorder()]
    assert action_targets(state, DrawIgnition()) == ("ignition-deck",)
    assert action_targets(state, DrawBorder()) == ("border-deck",)
    assert action_targets(state, TakeAction()) == ("action-deck",)


def test_cards_aimed_at_a_player_are_about_that_players_piece() -> None:
    """ "Ignition & Action Card Anarchy": a theft is aimed at one player."""
    state = new_state(players=3)
    board = state.game.board
    a, _, _ = between(board, "atm")
    moves_phase(state, 0, a)
    give(state, 0, "steal_money")
    aimed = [x for x in state.legal_actions() if isinstance(x, Play) and x.target >= 0]
    assert {x.target for x in aimed} == {1, 2}
    for play in aimed:
        assert action_targets(state, play) == (f"seat-{play.target}",)
    assert action_targets(state, ChooseTarget(2)) == ("seat-2",)
    assert action_targets(state, Play(card_id(state, "tent"))) == ()


def test_the_caspian_crossing_is_about_the_port_the_boat_and_the_far_shore() -> None:
    """ "Caspian Sea": a Border card, then the boat, then a roll for a 6 to the far port."""
    state = new_state()
    board = state.game.board
    port, far = board.ports
    start_phase(state, 0, port)
    state.fuel[0] = 1
    border_with(state, "fee")
    state.apply(DrawBorder())
    assert state.phase == CROSS and decision_kind(state) == "cross"
    assert Cross() in state.legal_actions()
    assert action_targets(state, Cross()) == (
        f"space-{sid(state, port)}",
        f"space-{sid(state, board.boat)}",
    )
    state.apply(Cross())
    assert state.status[0] == AT_SEA and state.phase == MOVES
    assert decision_kind(state) == "at_sea"
    assert "6" in decision_help(state)
    keys = set(targets_in(render_svg(state, 0)))
    for action in state.legal_actions():
        assert set(action_targets(state, action)) <= keys
    assert action_targets(state, Sail()) == (f"space-{sid(state, far)}",)


@pytest.mark.parametrize(
    "action",
    [Stay(), Accept(), HellNo(), RollToLeave(), Discard("hell-no")],
    ids=str,
)
def test_answers_and_dice_are_about_nothing_on_the_board(action: Action) -> None:
    state = new_state()
    assert action_targets(state, action) == ()


def test_a_freight_train_is_about_where_it_stops() -> None:
    state = new_state()
    start = state.game.board.space_ids[state.game.board.start]
    assert action_targets(state, FreightTrain(start)) == (f"space-{start}",)
    assert action_targets(state, Move("nowhere")) == ()


# --- the help texts ----------------------------------------------------------------------------


def test_every_help_text_is_short_and_plain() -> None:
    for kind, text in HELP.items():
        assert 1 <= sentences(text) <= 4, kind
        assert len(text) < 520, kind
        assert "`" not in text, kind  # words, not notation


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("start", ["Ignition card", "$25 at a Hostel", "$50 at a Hotel"]),  # "Accommodation"
        ("start_border", ["Border card", "Ignition card", "free"]),  # "2nd Turn Onwards"
        ("cross", ["Fuel Token", "Border Pass", "cannot move"]),  # "Border Concerns"
        ("moves", ["even roll", "$25", "two Action cards", "Hostel, Hotel or Border", "Tent"]),
        ("stayed", ["Action cards"]),  # "Border Concerns": no moving spaces
        ("no_moves", ["back the way it came"]),  # "Dirt Roads" (Q&A)
        ("at_sea", ["a 6", "third turn", "Magic Roll"]),  # "Caspian Sea"
        ("target", ["Embassy", "Hell no!"]),  # "Embassies": no cards against them
        ("respond_target", ["Hell no!", "Embassy"]),  # "Money Worries", "Anarchy"
        ("respond_attacker", ["Hell no!"]),  # "Ignition & Action Card Anarchy"
        ("discard", ["five"]),  # "Action Cards": a hand of 5 at most
        ("embassy", ["a 6", "two turns", "free"]),  # "If You Run Out of Money"
    ],
)
def test_help_texts_state_the_key_rules(kind: str, words: list[str]) -> None:
    for word in words:
        assert word in HELP[kind], (kind, word)


def test_help_follows_the_state() -> None:
    state = new_state()
    board = state.game.board
    start_phase(state, 0, land_border(board))
    assert decision_help(state) == HELP["start_border"]
    a, _, _ = between(board, "atm")
    start_phase(state, 0, a)
    assert decision_help(state) == HELP["start"]
    moves_phase(state, 0, a)
    assert decision_help(state) == HELP["moves"]
    state.stayed = True
    assert decision_help(state) == HELP["stayed"]
    state.moves_left = 0
    assert decision_help(state) == HELP["no_moves"]
