"""The browser contract of En Route: the clickable board, action targets, decision help.

`render_svg(seat)` draws the seat's own map (clickable), the others' maps as it has seen
them and the table, from what that seat may see; every legal action's `action_targets` names
`data-target` groups of that board; `decision_help` explains every decision in tabletrip's
own words. Rulebook sections are those of ../shared/rules/en-route.txt.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletrip
from tabletrip.core import Rng
from tabletrip.core.presentation import action_targets, decision_help, render_svg
from tabletrip.games.en_route.actions import (
    CafeTourists,
    ChangeCoordinate,
    Chart,
    ChooseRoundCards,
    Done,
    ExtraSection,
    FinalRoute,
    KeepCard,
    KeepObjective,
    Mark,
    PlayCard,
    PlayHidden,
    Rate,
    Renew,
)
from tabletrip.games.en_route.geometry import LOCATIONS, SECTION_ENDS, SECTIONS
from tabletrip.games.en_route.help import HELP, STEP_HELP
from tabletrip.games.en_route.phases import (
    BEGIN_CHOOSE,
    CHART,
    DRAW,
    EXTRAS,
    FINAL,
    FIRST,
    KEEP,
    OBJECTIVE,
    PLACE,
    RATE,
    SECOND,
    SOLO_TAKE,
)
from tabletrip.games.en_route.rules import EnRouteState
from tabletrip.games.en_route.svg import trail_sections

SVG = "{http://www.w3.org/2000/svg}"
TARGET = re.compile(r'<g [^>]*data-target="([^"]+)"')

# Every level and every mode, each player count of the modes, the open turn order and Balance
# cards (a solo game needs level full: every Challenge cell asks for Goals).
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {"level": "simplified", "mode": "advanced"}),
    (3, {"level": "intermediate", "mode": "standard"}),
    (4, {"level": "full", "mode": "advanced"}),
    (4, {"level": "intermediate", "mode": "team"}),
    (1, {"level": "full", "mode": "solo"}),
    (3, {"level": "full", "clockwise": True, "balance": "0:route,1:coordinate,2:route"}),
    (4, {"level": "simplified", "mode": "standard"}),
]


def new_state(players: int, seed: int = 0, **options: Any) -> EnRouteState:
    state = tabletrip.make("en-route", players=players, **options).new_game(seed)
    assert isinstance(state, EnRouteState)
    return state


def reach(
    players: int, found: Callable[[EnRouteState], bool], seeds: int = 40, **options: Any
) -> EnRouteState:
    """The first moment of random games (seed after seed) where `found(state)` holds."""
    for seed in range(seeds):
        state = new_state(players, seed, **options)
        chooser = random.Random(seed)
        while not state.is_over:
            if found(state):
                return state
            state.apply(chooser.choice(state.legal_actions()))
    raise AssertionError("no random game reached the situation")


def can_renew(state: EnRouteState) -> bool:
    """Whether the seat to move may still renew its hand."""
    return any(isinstance(a, Renew) for a in state.legal_actions())


def keys_of(svg: str) -> list[str]:
    """The `data-target` keys of a board, in order (only `<g>` elements count)."""
    return TARGET.findall(svg)


def board_targets(svg: str) -> dict[str, ET.Element]:
    """The `data-target` elements of a board by key (each key once, each a `<g>`)."""
    targets: dict[str, ET.Element] = {}
    for element in ET.fromstring(svg).iter():
        key = element.attrib.get("data-target")
        if key is None:
            continue
        assert element.tag == f"{SVG}g", f"{key} is on a <{element.tag}>, not a <g>"
        assert key not in targets, f"{key} twice on the board"
        targets[key] = element
    return targets


# --- the property: legal actions on the board, help for every decision, nothing leaks ---------


@pytest.mark.parametrize(("players", "options"), CONFIGS)
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_legal_action_targets_the_board_and_every_decision_has_help(
    players: int, options: dict[str, Any], seed: int
) -> None:
    state = new_state(players, seed % 1000, **options)
    chooser = random.Random(seed)
    rng = Rng(seed)
    step = 0
    decisions = set()
    while not state.is_over:
        seat = state.current_player
        svg = render_svg(state, seat)
        keys = keys_of(svg)
        assert len(keys) == len(set(keys)), "a key twice on the board"
        assert decision_help(state).strip(), f"no help in phase {state.phase}"
        decisions.add((state.phase, state.stage if state.phase == DRAW else -1))
        for action in state.legal_actions():
            missing = set(action_targets(state, action)) - set(keys)
            assert not missing, f"{action}: {missing} not on the board"
        if step % 10 == 0:
            assert render_svg(state.determinize(seat, rng), seat) == svg
            other = rng.below(players)
            view = state.determinize(other, rng)
            assert render_svg(view, None) == render_svg(state, None)
            assert decision_help(view) == decision_help(state), "the help tells a secret"
        state.apply(chooser.choice(state.legal_actions()))
        step += 1
    assert decision_help(state) == ""
    assert {(DRAW, PLACE), (DRAW, CHART), (FINAL, -1)} <= decisions


def test_a_board_never_shows_other_hands_or_objectives() -> None:
    """Setup and Personal Objective Cards: hands and objectives are secret."""
    state = new_state(3, seed=5)
    chooser = random.Random(5)
    city = state.game.city
    for _ in range(60):
        for seat in range(3):
            svg = render_svg(state, seat)
            for other in range(3):
                if other == seat:
                    continue
                for card in state.hands[other]:
                    assert city.deck[card].id not in svg
                for objective in [state.objectives[other], *state.objective_offers[other]]:
                    if objective >= 0:
                        assert city.objective_ids[objective] not in svg
        spectator = render_svg(state, None)
        assert "Your hand" not in spectator and "Your map" not in spectator
        state.apply(chooser.choice(state.legal_actions()))


# --- the board ----------------------------------------------------------------------------


def test_the_board_is_a_scalable_svg_with_the_seats_own_map_clickable() -> None:
    state = new_state(3, seed=1, level="full")
    svg = render_svg(state, 1)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.attrib["width"] == "100%" and "height" not in root.attrib
    assert len(root.attrib["viewBox"].split()) == 4
    targets = board_targets(svg)
    cafes = {f"cross-{c.crossroads}" for c in state.game.city.cafes}
    assert {f"loc-{i}" for i in range(LOCATIONS)} <= set(targets)
    assert {f"sec-{i}" for i in range(SECTIONS)} <= set(targets)
    assert cafes <= set(targets)
    for key, group in targets.items():
        assert group.findtext(f"{SVG}title"), key
    # A thin road gets a wide transparent line to click.
    hit = targets["sec-0"].find(f"{SVG}line")
    assert hit is not None and hit.attrib["class"] == "hit"
    # The others' maps are there to look at: ids prefixed, no keys.
    ids = {el.attrib.get("id", "") for el in root.iter()}
    assert {"s0-loc-0", "s2-loc-35"} <= ids and "s1-loc-0" not in ids
    # The hand and the offered objectives are cards to click.
    city = state.game.city
    for card in state.hands[1]:
        assert f"card-{city.deck[card].id}" in targets
    for objective in state.objective_offers[1]:
        assert f"objective-{city.objective_ids[objective]}" in targets
    assert {f"iconic-{i}" for i in city.iconic_ids} <= set(targets)


def test_the_simplified_level_has_no_cafes_to_click() -> None:
    """Cities: the simplified game ignores Cafés."""
    state = new_state(2, level="simplified")
    assert not any(key.startswith("cross-") for key in keys_of(render_svg(state, 0)))


def test_a_spectator_sees_every_map_and_nothing_to_click_on_them() -> None:
    state = new_state(4, seed=2)
    svg = render_svg(state, None)
    keys = keys_of(svg)
    assert not any(k.startswith(("loc-", "sec-", "cross-", "objective-")) for k in keys)
    ids = {el.attrib.get("id", "") for el in ET.fromstring(svg).iter()}
    assert {f"s{s}-loc-0" for s in range(4)} <= ids


def test_the_location_selected_this_turn_is_marked() -> None:
    state = reach(2, lambda s: s.phase == DRAW and s.stage == CHART)
    seat = state.current_player
    group = board_targets(render_svg(state, seat))[f"loc-{state.location}"]
    assert "selected" in group.attrib["class"].split()
    assert "selected this turn" in (group.findtext(f"{SVG}title") or "")


# --- the keys of each action --------------------------------------------------------------


def test_drawing_actions_target_locations_and_sections() -> None:
    """Drawing Phase: select a location, then chart sections; a Route section bonus adds one."""
    state = reach(2, lambda s: s.phase == DRAW and s.stage == PLACE, balance="0:route,1:route")
    mark = next(a for a in state.legal_actions() if isinstance(a, Mark))
    assert action_targets(state, mark) == (f"loc-{mark.location}",)
    state.apply(mark)
    chart = next(a for a in state.legal_actions() if isinstance(a, Chart) and len(a.sections) == 2)
    assert action_targets(state, chart) == tuple(f"sec-{s}" for s in chart.sections)
    extra = next(a for a in state.legal_actions() if isinstance(a, ExtraSection))
    assert action_targets(state, extra) == (f"sec-{extra.section}",)
    assert action_targets(state, Done()) == ()


def test_a_final_route_targets_its_sections_in_order() -> None:
    """End of the Game, II: the final route runs along drawn sections."""
    state = reach(2, lambda s: s.phase == FINAL and bool(s.sheets[s.seat].sections))
    route = state.legal_actions()[0]
    assert isinstance(route, FinalRoute)
    keys = action_targets(state, route)
    assert len(keys) == len(route.crossroads) - 1
    for key, a, b in zip(keys, route.crossroads, route.crossroads[1:], strict=False):
        assert SECTION_ENDS[int(key[4:])] == (min(a, b), max(a, b))
    assert trail_sections((0, 1, 8)) == [0, 42 + 1]
    assert action_targets(state, FinalRoute(())) == ()


def test_a_new_tourists_cafe_targets_its_crossroads() -> None:
    """Cafés, Types of Café Bonuses: New tourists, decided at once."""
    state = reach(2, lambda s: bool(s.phase == DRAW and s.pending_cafes), level="full")
    cafe = state.game.city.cafes[state.pending_cafes[0]]
    for action in state.legal_actions():
        assert isinstance(action, CafeTourists)
        assert action_targets(state, action) == (f"cross-{cafe.crossroads}",)


def test_cards_target_the_card_wherever_it_lies() -> None:
    """Round Order, 1. Tourist Selection Phase: cards played from the hand, one kept."""
    state = reach(3, lambda s: s.phase == FIRST and can_renew(s))
    play = next(a for a in state.legal_actions() if isinstance(a, PlayCard))
    assert action_targets(state, play) == (f"card-{play.card}",)
    renew = next(a for a in state.legal_actions() if isinstance(a, Renew))
    assert action_targets(state, renew) == ()
    state = reach(3, lambda s: s.phase == SECOND)
    hidden = state.legal_actions()[0]
    assert isinstance(hidden, PlayHidden)
    assert action_targets(state, hidden) == (f"card-{hidden.card}",)
    state = reach(3, lambda s: s.phase == KEEP)
    keys = keys_of(render_svg(state, state.current_player))
    for keep in state.legal_actions():
        assert isinstance(keep, KeepCard)
        assert action_targets(state, keep) == (f"card-{keep.card}",)
        assert f"card-{keep.card}" in keys


def test_beginning_round_choices_target_both_cards() -> None:
    """Beginning Rounds: each player picks 2 of the placed cards."""
    state = reach(4, lambda s: s.phase == BEGIN_CHOOSE)
    choose = state.legal_actions()[0]
    assert isinstance(choose, ChooseRoundCards)
    assert action_targets(state, choose) == tuple(f"card-{c}" for c in choose.cards)


def test_a_coordinate_change_targets_the_round_card_it_changes() -> None:
    """Cafés, Coordinate change (a Balance card works the same): one Round card's number."""
    state = reach(
        2, lambda s: s.phase == DRAW and s.stage == PLACE and s.seat == 0, balance="0:coordinate"
    )
    deck = state.game.city.deck
    for which in (0, 1):
        change = ChangeCoordinate(which, 1)
        assert change in state.legal_actions()
        card = deck[state.draws[0][1 + which]].id
        assert action_targets(state, change) == (f"card-{card}",)


def test_ratings_and_objectives_have_their_own_keys() -> None:
    """Advanced Mode: a rating up or down; Personal Objective Cards: keep one of two."""
    state = reach(2, lambda s: s.phase == RATE, mode="advanced")
    rate = state.legal_actions()[0]
    assert isinstance(rate, Rate) and action_targets(state, rate) == (f"iconic-{rate.landmark}",)
    state = new_state(2, level="full")
    assert state.phase == OBJECTIVE
    keep = state.legal_actions()[0]
    assert isinstance(keep, KeepObjective)
    assert action_targets(state, keep) == (f"objective-{keep.card}",)


def test_solo_card_sequence_cards_are_targets() -> None:
    """Solo Mode, Gameplay: the second Round card comes from the face-up Card Sequence."""
    state = reach(1, lambda s: s.phase == SOLO_TAKE, mode="solo")
    keys = keys_of(render_svg(state, 0))
    for take in state.legal_actions():
        assert f"card-{take.card}" in keys  # type: ignore[attr-defined]


# --- help ---------------------------------------------------------------------------------


def test_every_help_text_is_one_to_four_sentences() -> None:
    for key, text in {**HELP, **STEP_HELP}.items():
        assert text.strip(), key
        assert 1 <= text.count(". ") + 1 <= 4, key


def test_objective_help_explains_the_scoring() -> None:
    """Personal Objective Cards and End of the Game, IV 8: 2 of the 3 crossroads on the route,
    1 PP per section between them."""
    text = decision_help(new_state(2, level="full"))
    assert "Keep one of the two Personal Objective cards" in text
    assert "at least 2 of its 3 crossroads" in text


def test_tourist_selection_help_by_mode_and_player_count() -> None:
    """Round Order, 1. Tourist Selection Phase (2 players: the opponent places two); Team Mode:
    the teammate places two cards face up."""
    assert "neighbours then offer a card each" in decision_help(
        reach(3, lambda s: s.phase == FIRST)
    )
    assert "opponent then offers two" in decision_help(reach(2, lambda s: s.phase == FIRST))
    team = decision_help(reach(4, lambda s: s.phase == SECOND, mode="team"))
    assert "face up to your teammate" in team
    keep = decision_help(reach(3, lambda s: s.phase == KEEP))
    assert "the other goes under the City deck" in keep


def test_renewal_is_mentioned_while_it_is_possible() -> None:
    """Special Rules, Hand Card Renewal: once a game, 1-3 cards."""
    state = reach(2, lambda s: s.phase == FIRST and can_renew(s))
    assert HELP["renew"] in decision_help(state)
    state.sheets[state.seat].renewed = True
    assert HELP["renew"] not in decision_help(state)


def board_text(state: EnRouteState, seat: int | None) -> str:
    """All the words on a board, lines joined by spaces."""
    root = ET.fromstring(render_svg(state, seat))
    return " ".join(t.text or "" for t in root.iter(f"{SVG}text"))


def test_drawing_help_covers_the_whole_turn_and_tells_no_step() -> None:
    """Drawing Phase, 1-3 and its Note; RULES_NOTES: a drawing turn is secret while played,
    so the help every viewer is shown is the same at every step."""
    state = reach(2, lambda s: s.phase == DRAW and s.stage == PLACE and not s.is_beginning_round())
    text = decision_help(state)
    assert text == HELP["draw"]
    assert "either way round" in text and "2 sections in a straight line or an L" in text
    assert "mark 1 tourist of any type" in text and "just 1 section" in text
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Mark)))
    assert decision_help(state) == text
    begin = reach(3, lambda s: s.phase == DRAW and s.is_beginning_round())
    assert decision_help(begin) == HELP["draw_beginning"]


def test_the_seats_board_tells_its_step_with_its_numbers() -> None:
    """Coordinates (either card may be horizontal) and Drawing Phase, 1-2: the board of the
    seat drawing says where it is; the other boards do not."""
    state = reach(2, lambda s: s.phase == DRAW and s.stage == PLACE)
    seat = state.current_player
    a, b = state.round_values()
    text = board_text(state, seat)
    assert f"Now: select an empty location whose coordinates are {a} and {b}" in text
    assert "Now:" not in board_text(state, 1 - seat) and "Now:" not in board_text(state, None)


def test_the_board_step_when_no_location_matches() -> None:
    """Drawing Phase, Note: every matching location occupied: 1 tourist anywhere, 1 section."""
    state = reach(2, lambda s: s.phase == DRAW and s.stage == PLACE)
    sheet = state.sheets[state.seat]
    for location in state.matching_locations():
        sheet.occupied |= 1 << location
    text = board_text(state, state.seat)
    assert "mark 1 tourist of any type" in text and "just 1 section" in text


def test_the_board_step_of_charting_and_bonuses() -> None:
    """Drawing Phase, 3: 2 sections straight or L-shaped along the location, or 1 anywhere;
    Cafés: a Route section bonus is 1 section anywhere, an unused Café bonus 2 PP."""
    state = reach(2, lambda s: s.phase == DRAW and s.stage == CHART, balance="0:route,1:route")
    text = board_text(state, state.seat)
    assert "Now: chart 2 sections in a straight line or an L" in text
    assert "1 section anywhere" in text and STEP_HELP["route_bonus"] in text
    state = reach(2, lambda s: s.phase == DRAW and s.stage == EXTRAS, balance="0:route,1:route")
    assert "end your turn with done" in board_text(state, state.seat)


def test_the_board_step_of_a_new_tourists_cafe() -> None:
    """Cafés, Types of Café Bonuses: New tourists now or never, else 2 PP at the end."""
    state = reach(2, lambda s: bool(s.phase == DRAW and s.pending_cafes), level="full")
    cafe = state.game.city.cafes[state.pending_cafes[0]]
    text = board_text(state, state.seat)
    assert f"Now: your route reached {cafe.name}, a New tourists Café" in text
    assert "now, or never" in text and "2 PP" in text


def test_rate_beginning_solo_and_final_help() -> None:
    """Advanced Mode (up or down, stay only at an end); Beginning Rounds, 4 Players; Solo Mode,
    Gameplay; End of the Game, II."""
    rate = reach(2, lambda s: s.phase == RATE, mode="advanced")
    assert "one box up or down" in decision_help(rate)
    begin = reach(4, lambda s: s.phase == BEGIN_CHOOSE)
    assert "the other 2 will be yours next round" in decision_help(begin)
    solo = reach(1, lambda s: s.phase == SOLO_TAKE, mode="solo")
    assert "Card Sequence" in decision_help(solo)
    final = reach(2, lambda s: s.phase == FINAL)
    assert "each used once" in decision_help(final)


def test_board_numbers_are_the_static_numbers_of_the_observations_board_index() -> None:
    """The observation gives each sheet's board as an index into `static_info()["boards"]`;
    the board (and the web UI, which looks the index up there) shows that entry's printed
    `number`, so "Your map (board 4)" and the seat table's Board agree."""
    state = new_state(3, seed=5, level="full")
    static = state.game.static_info()
    for viewer in (0, 1, None):
        observation = state.public_observation() if viewer is None else state.observation(viewer)
        texts = " ".join(
            t.text or "" for t in ET.fromstring(render_svg(state, viewer)).iter(f"{SVG}text")
        )
        numbers = [static["boards"][sheet["board"]]["number"] for sheet in observation["sheets"]]
        assert [b["number"] for b in static["boards"]] == list(range(1, len(static["boards"]) + 1))
        shown = [int(n) for n in re.findall(r"board (\d+)", texts)]
        assert sorted(shown) == sorted(numbers), (viewer, shown, numbers)
        if viewer is not None:
            assert f"Your map (board {numbers[viewer]})" in texts
