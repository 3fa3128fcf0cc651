"""Let's Go! To France in the browser: the SVG with `data-target` keys, what each action is
about (`action_targets`) and the help for the decision at hand (`decision_help`)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletrip
from tabletrip.bots import RandomBot
from tabletrip.core import Rng
from tabletrip.core.presentation import action_targets, decision_help, render_svg
from tabletrip.games.lets_go_france.actions import (
    ChooseCard,
    ChooseIcon,
    ChooseRow,
    DiscardThree,
    Done,
    DottedPath,
    Favour,
    Place,
    SkipTravel,
    SpendWild,
    Travel,
    UseResearch,
)
from tabletrip.games.lets_go_france.content import DAYS, MAX_PER_DAY, REGIONS
from tabletrip.games.lets_go_france.help import HELP, decision_kind
from tabletrip.games.lets_go_france.rules import LetsGoState
from tabletrip.games.lets_go_france.svg_keys import path_keys

SVG = "{http://www.w3.org/2000/svg}"
GAME = "lets-go-france"


def new_state(players: int, seed: int, region: str = "loire-valley", **options: Any) -> LetsGoState:
    state = tabletrip.make(GAME, players=players, region=region, **options).new_game(seed)
    assert isinstance(state, LetsGoState)
    return state


def targets_in(svg: str) -> dict[str, list[ET.Element]]:
    """The elements of an SVG by `data-target` key (it must parse)."""
    found: dict[str, list[ET.Element]] = {}
    for element in ET.fromstring(svg).iter():
        key = element.get("data-target")
        if key is not None:
            found.setdefault(key, []).append(element)
    return found


def sentences(text: str) -> int:
    return len(re.findall(r"[.!?](?:\s|$)", text))


def check_decision(state: LetsGoState) -> str:
    """Every legal action's targets are in the SVG of the seat to move; the help fits."""
    keys = set(targets_in(render_svg(state, state.current_player)))
    for action in state.legal_actions():
        targets = action_targets(state, action)
        assert isinstance(targets, tuple)
        assert set(targets) <= keys, (str(action), targets)
    text = decision_help(state)
    assert text and 1 <= sentences(text) <= 4, text
    assert "{" not in text
    return decision_kind(state)


def until(state: LetsGoState, kind: str, seed: int = 0, limit: int = 2000) -> LetsGoState:
    """Random play until the seat to move faces a decision of `kind`."""
    bots = [RandomBot(seed=seed + s) for s in range(state.game.players)]
    for _ in range(limit):
        if decision_kind(state) == kind:
            return state
        state.apply(bots[state.current_player].act(state))
    raise AssertionError(f"no {kind} decision")  # pragma: no cover


def reach(kind: str, players: int = 2, region: str = "loire-valley") -> LetsGoState:
    """A random game's first decision of `kind`, trying seeds in turn."""
    for seed in range(40):
        state = new_state(players, seed, region)
        bots = [RandomBot(seed=seed + s) for s in range(players)]
        while not state.is_over:
            if decision_kind(state) == kind:
                return state
            state.apply(bots[state.current_player].act(state))
    raise AssertionError(f"no {kind} decision in 40 games")  # pragma: no cover


# --- the property: every legal action's targets are on the board -------------------------------


@pytest.mark.parametrize(
    ("players", "region", "options"),
    [
        (1, "loire-valley", {}),
        (1, "sud-ouest", {"advanced_traveler": True}),
        (2, "provence-alpes-cote-dazur", {}),
        (3, "brittany-normandy", {}),
        (4, "sud-ouest", {}),
    ],
)
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_targets_of_legal_actions_are_on_the_board_and_help_never_empty(
    players: int, region: str, options: dict[str, Any], seed: int
) -> None:
    """Random games on every region, solo included: at every decision, every key a legal action
    names is a `data-target` of the SVG its seat sees, and the decision has its help text."""
    state = new_state(players, seed, region, **options)
    bots = [RandomBot(seed=seed % 1000 + s) for s in range(players)]
    while not state.is_over:
        check_decision(state)
        state.apply(bots[state.current_player].act(state))
    assert decision_kind(state) == "over" and decision_help(state)


def test_random_games_meet_every_decision() -> None:
    """Every help text is reached: planning, every decision a seat can owe, the goal tiles of
    every region, the solo travel agent, the end."""
    seen: Counter[str] = Counter()
    for seed in range(12):
        state = new_state(1 + seed % 4, seed, REGIONS[seed % len(REGIONS)])
        bots = [RandomBot(seed=seed * 10 + s) for s in range(state.game.players)]
        while not state.is_over:
            seen[decision_kind(state)] += 1
            assert decision_help(state)
            state.apply(bots[state.current_player].act(state))
        seen[decision_kind(state)] += 1
    assert set(seen) == set(HELP)


# --- the SVG ------------------------------------------------------------------------------------


def test_targets_are_groups_with_a_title_and_a_clickable_area() -> None:
    state = reach("travel", players=2)
    root = ET.fromstring(render_svg(state, state.current_player))
    assert root.get("width") == "100%" and root.get("height") is None
    assert len(root.get("viewBox", "").split()) == 4
    targets = [e for e in root.iter() if e.get("data-target")]
    for element in targets:
        assert element.tag == f"{SVG}g"
        assert element.find(f"{SVG}title") is not None
        hit = [c for c in element if "hit" in (c.get("class") or "").split()]
        assert len(hit) == 1, element.get("data-target")
    keys = {e.get("data-target") for e in targets}
    assert {f"day-{d}" for d in DAYS} <= keys
    assert {f"space-{s.id}" for s in state.game.region.spaces} <= keys
    assert set(path_keys(state.game.region).values()) <= keys
    assert {"wild", "research", "row-0", "row-1", "row-2"} <= keys
    for outer in targets:  # never one in another (a page dims the targets not legal now)
        assert not [e for e in outer.iter() if e is not outer and e.get("data-target")]


def test_a_column_offers_a_place_above_each_card_and_below_the_last_until_full() -> None:
    """ "Example: Card Placement": on top, between two cards, or at the bottom; 5 cards a day."""
    state = new_state(2, seed=3)
    board = state.days[0]
    board[0][:] = [(c, False) for c in range(MAX_PER_DAY)]
    board[1][:] = [(10, False), (11, True)]
    keys = set(targets_in(render_svg(state, 0)))
    assert not any(k.startswith("slot-monday-") for k in keys)
    assert {k for k in keys if k.startswith("slot-tuesday-")} == {
        f"slot-tuesday-{n}" for n in range(3)
    }
    assert {k for k in keys if k.startswith("slot-wednesday-")} == {"slot-wednesday-0"}


def test_a_seat_sees_its_hand_as_targets_and_a_spectator_sees_no_hand() -> None:
    state = new_state(3, seed=2)
    acts = state.game.activities
    for seat in range(3):
        keys = set(targets_in(render_svg(state, seat)))
        hand = {f"hand-{acts[c].key}" for c in state.hands[seat]}
        assert {k for k in keys if k.startswith("hand-")} == hand
    assert not any(k.startswith("hand-") for k in targets_in(render_svg(state, None)))


@pytest.mark.parametrize(("players", "region"), [(1, "sud-ouest"), (3, "loire-valley")])
def test_the_svg_changes_only_with_what_its_viewer_may_see(players: int, region: str) -> None:
    """A seat's SVG (its hand included) is the same in every determinization for that seat; a
    spectator's in every determinization for any seat."""
    for moves in (9, 40, 120):
        state = new_state(players, moves, region)
        bots = [RandomBot(seed=moves + s) for s in range(players)]
        for _ in range(moves):
            if state.is_over:
                break
            state.apply(bots[state.current_player].act(state))
        spectator = render_svg(state, None)
        for seat in range(players):
            mine = render_svg(state, seat)
            for k in range(2):
                other = state.determinize(seat, Rng(seat * 7 + k))
                assert render_svg(other, seat) == mine
                assert render_svg(other, None) == spectator


# --- what each action is about ----------------------------------------------------------------


def test_a_placement_is_about_the_card_the_day_and_the_place_in_it() -> None:
    """ "2. Play Cards": a card from the hand goes into a day's column, where you choose."""
    state = new_state(2, seed=1)
    key = state.game.activities[state.hands[0][0]].key
    place = Place(key, "friday", 0, explore=True)
    assert state.illegal_reason(place) is None
    assert action_targets(state, place) == (f"hand-{key}", "day-friday", "slot-friday-0")
    assert set(action_targets(state, place)) <= set(targets_in(render_svg(state, 0)))


def test_the_research_discards_are_about_the_cards_discarded() -> None:
    """ "Use Research Tokens": draw 3, then discard any 3."""
    state = reach("discard3")
    keys = set(targets_in(render_svg(state, state.current_player)))
    for action in state.legal_actions():
        assert isinstance(action, DiscardThree)
        targets = action_targets(state, action)
        assert targets == tuple(dict.fromkeys(f"hand-{c}" for c in action.cards))
        assert set(targets) <= keys
    assert action_targets(state, UseResearch()) == ("research",)


def test_travel_is_about_the_town_and_the_path_taken() -> None:
    """ "Regional Map Board and Travel": a starting town first, then along a solid path; a
    dotted path costs a token."""
    first = reach("travel_first")
    for action in first.legal_actions():
        if isinstance(action, Travel):
            assert action_targets(first, action) == (f"space-{action.space}",)
    later = reach("travel")
    here = later.game.region.spaces[later.traveler[later.seat]].id
    keys = path_keys(later.game.region)
    for action in later.legal_actions():
        if isinstance(action, Travel):
            path = keys[(here, action.space, False)]
            assert action_targets(later, action) == (f"space-{action.space}", path)
            assert path.startswith("path-")
        elif isinstance(action, DottedPath):
            path = keys[(here, action.space, True)]
            assert action_targets(later, action) == (f"space-{action.space}", path)
            assert path.startswith("dotted-")
    assert action_targets(later, SkipTravel()) == ()


def test_a_favourable_condition_bonus_is_about_the_token_and_the_row() -> None:
    """ "Gain Favorable Condition Bonuses": flip the token, or move it to a row for its reward."""
    state = reach("favour")
    day = DAYS[state.pending[0][1]]
    assert action_targets(state, Favour("flip")) == (f"favour-{day}",)
    assert action_targets(state, Favour("row", 2)) == (f"favour-{day}", "row-2")
    assert action_targets(state, Favour("skip")) == ()
    assert action_targets(state, ChooseRow(1)) == ("row-1",)


def test_icons_and_wild_tokens_are_about_the_experience_track() -> None:
    state = new_state(2, seed=0)
    assert action_targets(state, ChooseIcon("art")) == ("icon-art",)
    assert action_targets(state, SpendWild("food")) == ("icon-food", "wild")
    assert action_targets(state, Done()) == ()


def test_the_travel_agent_takes_the_card_clicked_first() -> None:
    """ "Solo Rules": passing 2 cards to the travel agent, you choose their order."""
    state = reach("agent_order", players=1)
    keys = targets_in(render_svg(state, 0))
    for choice in (0, 1):
        assert action_targets(state, ChooseCard(choice)) == (f"choice-{choice}",)
        (card,) = keys[f"choice-{choice}"]
        assert card.get("data-card") == state.game.activities[state.agent_order[choice]].key


def test_choosing_an_opponent_is_about_nothing_on_the_board() -> None:
    state = reach("goal_opponent", players=3, region="brittany-normandy")
    for action in state.legal_actions():
        assert action_targets(state, action) == ()


# --- the help texts ----------------------------------------------------------------------------


def test_every_help_text_is_short_and_plain() -> None:
    for kind, text in HELP.items():
        assert 1 <= sentences(text) <= 4, kind
        assert len(text) < 520, kind
        assert "`" not in text, kind  # words, not notation


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("place", ["five cards", "Highlight of the Day", "Explore the City", "1 point", "5 more"]),
        ("pass", ["Research token", "draw 3", "discard 3", "dotted path"]),  # "Use Research..."
        ("travel_first", ["starting"]),  # "Regional Map Board and Travel"
        ("travel", ["solid path", "dotted circle", "flag"]),
        ("favour", ["2 side", "reward row", "2 more points"]),  # "Gain Favorable Condition..."
        ("discard3", ["3 cards", "face-up"]),  # "Use Research Tokens"
        ("agent_order", ["Monday", "Saturday"]),  # "Solo Rules"
        ("wild_window", ["Wild", "score nothing"]),  # "Final Score"
        ("any", ["Wild token instead"]),  # "2. Highlight of the Day Bonuses"
        ("lowest", ["tied", "Wild token"]),  # "Lowest Icon"
        ("goal_card", ["two cards", "no time"]),  # "Goal Tiles"
        ("goal_opponent", ["Saturday", "your own"]),  # "Goal Tiles"
    ],
)
def test_help_texts_state_the_key_rules(kind: str, words: list[str]) -> None:
    for word in words:
        assert word in HELP[kind], (kind, word)


def test_the_help_names_the_round_numbers() -> None:
    """ "1. Draw Cards": pass to the left in rounds 1 to 7, to the right from round 8; rounds 5
    to 9 play 2 cards; solo, the cards go to the travel agent."""
    state = new_state(2, seed=4)
    assert decision_help(state).startswith("Play 1 card ")
    state = until(state, "pass")
    assert "player on your left" in decision_help(state)
    bots = [RandomBot(seed=s) for s in range(2)]
    while state.round < 4:
        state.apply(bots[state.current_player].act(state))
    state = until(state, "place")
    assert decision_help(state).startswith("Play 2 cards ")
    while state.round < 7:
        state.apply(bots[state.current_player].act(state))
    state = until(state, "pass")
    assert "player on your right" in decision_help(state)
    solo = until(new_state(1, seed=4), "pass")
    assert "travel agent" in decision_help(solo)
