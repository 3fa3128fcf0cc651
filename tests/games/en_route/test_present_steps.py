"""En Route's moves as the terminal asks them (present_steps.py), the notation's forms and
the spellings the notation accepts (notation.py).

Rulebook sections are those of ../shared/rules/en-route.txt.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import tabletrip
from tabletrip.core import IllegalAction
from tabletrip.core.presentation import unreadable_parts
from tabletrip.games.en_route.actions import (
    Chart,
    ExtraSection,
    FinalRoute,
    Mark,
    PlayCard,
    Renew,
    section_text,
)
from tabletrip.games.en_route.geometry import SECTION_ENDS
from tabletrip.games.en_route.phases import CHART, DRAW, FINAL, FIRST
from tabletrip.games.en_route.present import EnRoutePresentation
from tabletrip.games.en_route.present_steps import step_counts
from tabletrip.games.en_route.rules import EnRouteGame, EnRouteState

PRESENTATION = EnRoutePresentation()
CONFIGS = [
    ("standard", 2, "full"),
    ("standard", 3, "intermediate"),
    ("standard", 4, "simplified"),
    ("advanced", 3, "full"),
    ("team", 4, "full"),
    ("solo", 1, "full"),
]
MOST_CHOICES = 14  # 7 horizontal and 7 vertical grid lines for 1 section anywhere


def make(players: int = 2, **options: Any) -> EnRouteGame:
    game = tabletrip.make("en-route", players=players, **options)
    assert isinstance(game, EnRouteGame)
    return game


def play_until(state: EnRouteState, wanted: Any, rng: random.Random, limit: int = 2000) -> bool:
    """Random moves until `wanted(state)` holds; False if the game ends first."""
    for _ in range(limit):
        if wanted(state):
            return True
        if state.is_over:
            return False
        state.apply(rng.choice(state.legal_actions()))
    return False


def steps_of(state: EnRouteState) -> dict[tuple[str, ...], Any]:
    game, seat = state.game, state.current_player
    observation = state.observation(seat)
    return {PRESENTATION.action_steps(game, observation, a): a for a in state.legal_actions()}


# --- the step trees over whole games ----------------------------------------------------------


@pytest.mark.parametrize(("mode", "players", "level"), CONFIGS)
def test_every_decision_is_a_tree_of_few_readable_choices(
    mode: str, players: int, level: str
) -> None:
    """Every decision of a random game: each move a distinct path of readable, capitalised
    steps, none a step towards another, at most 14 choices at any step."""
    game = make(players, mode=mode, level=level)
    rng = random.Random(7)
    state = game.new_game(seed=11)
    while not state.is_over:
        paths = steps_of(state)
        assert len(paths) == len(state.legal_actions())
        prefixes = {p[:end] for p in paths for end in range(1, len(p))}
        assert not prefixes & paths.keys()
        for path in paths:
            for step in path:
                assert step[0].isupper(), step
                assert not unreadable_parts(step), step
        assert max(step_counts(list(paths)).values()) <= MOST_CHOICES
        state.apply(rng.choice(state.legal_actions()))


def test_first_card_then_which_card_and_renewal_apart() -> None:
    """Round Order, 1. Tourist Selection Phase, First card; Special Rules, Hand Card Renewal."""
    game = make(2, level="full")
    state = game.new_game(seed=3)
    assert play_until(state, lambda s: s.phase == FIRST, random.Random(1))
    paths = steps_of(state)
    firsts = {path[0] for path in paths}
    assert firsts == {"Place the first Round card face up", "Renew your hand (once a game)"}
    for path, action in paths.items():
        if isinstance(action, PlayCard):
            assert len(path) == 2 and path[1].split()[0] in ("Global", "Repeat", "First")
        else:
            assert isinstance(action, Renew)
            assert path[1].startswith("Put back the ")


def test_a_drawing_turn_goes_location_then_tourists_then_shape_then_sections() -> None:
    """Drawing Phase: 1. selecting a location, 2. marking tourists, 3. charting 2 sections
    (straight or L-shaped) next to it or 1 section anywhere."""
    game = make(2, level="simplified")
    state = game.new_game(seed=5)
    rng = random.Random(2)
    assert play_until(state, lambda s: s.phase == DRAW, rng)
    marks = {p: a for p, a in steps_of(state).items() if isinstance(a, Mark)}
    for path in marks:
        assert path[0] in (
            "Select a location and mark tourists",
            "Mark 1 tourist in any free location (no matching location is free)",
        )
        assert path[-2].startswith("At ") and path[-1].startswith("Mark ")
    state.apply(next(iter(marks.values())))
    assert state.stage == CHART
    paths = steps_of(state)
    pairs = [p for p, a in paths.items() if isinstance(a, Chart) and len(a.sections) == 2]
    singles = [p for p, a in paths.items() if isinstance(a, Chart) and len(a.sections) == 1]
    assert {p[1] for p in pairs} <= {"Straight", "L-shaped"}
    assert all(p[0].startswith("Chart 2 sections along ") for p in pairs)
    assert all(p[2].startswith("Sections (") for p in pairs)
    assert {p[0] for p in singles} == {"Chart 1 section anywhere"}
    assert {p[1] for p in singles} == {
        *(f"Horizontal, along y = {y}" for y in range(7)),
        *(f"Vertical, along x = {x}" for x in range(7)),
    }


def test_final_routes_go_summary_then_crossroads() -> None:
    """End of the Game, II. Determining the final route: each listed route by its length,
    ends and points, then its crossroads in order."""
    game = make(2, level="full")
    state = game.new_game(seed=8)
    assert play_until(state, lambda s: s.phase == FINAL, random.Random(3))
    paths = steps_of(state)
    for path, action in paths.items():
        assert isinstance(action, FinalRoute)
        if len(action.crossroads) < 2:
            assert path == ("Choose no final route (no section is drawn)",)
            continue
        assert path[0] == "Choose your final route"
        assert re.fullmatch(
            r"Route of \d+ sections? from \(\d, \d\) to \(\d, \d\), \d+ PP before Goals", path[1]
        ) or (path[1].startswith("A loop of "))
        assert path[2].startswith("Through ")


# --- the notation -----------------------------------------------------------------------------


def form_pattern(form: str) -> re.Pattern[str]:
    """A form as a pattern: literal words equal, `<field>` one word, `<field> ...` one or
    more words."""
    parts = []
    for word in re.findall(r"<[^>]+> \.\.\.|<[^>]+>|\S+", form):
        if word.endswith("..."):
            parts.append(r"\S+(?: \S+)*")
        elif word.startswith("<"):
            parts.append(r"\S+")
        else:
            parts.append(re.escape(word))
    return re.compile(" ".join(parts))


@pytest.mark.parametrize(("mode", "players", "level"), CONFIGS)
def test_every_legal_move_matches_a_notation_form(mode: str, players: int, level: str) -> None:
    """Every move's notation over a random game is one of the forms the help lists, and
    every field is explained."""
    game = make(players, mode=mode, level=level, balance="0:coordinate" if players > 1 else "")
    forms = PRESENTATION.notation_help(game)
    for form in forms:
        named = {name for name, _ in form.fields}
        assert set(re.findall(r"<[^>]+>(?: \.\.\.)?", form.form)) <= named, form.form
        for _, meaning in form.fields:
            assert meaning and not unreadable_parts(meaning), meaning
        assert not unreadable_parts(form.meaning)
    patterns = [form_pattern(f.form) for f in forms]
    rng = random.Random(5)
    state = game.new_game(seed=9)
    while not state.is_over:
        for action in state.legal_actions():
            text = str(action).strip()
            assert any(p.fullmatch(text) for p in patterns), text
        state.apply(rng.choice(state.legal_actions()))


def test_the_cafe_field_says_what_its_numbers_mean() -> None:
    """Cafés, Types of Café Bonuses: `cafe <cafe>` counts the city's Cafés from 0."""
    game = make(2, level="full")
    forms = {f.form: f for f in PRESENTATION.notation_help(game)}
    meaning = dict(forms["cafe <cafe> use"].fields)["<cafe>"]
    assert "counted from 0: 0 Café Carousel, 2 The Green Teapot" in meaning
    simplified = {f.form for f in PRESENTATION.notation_help(make(2, level="simplified"))}
    assert "cafe <cafe> use" not in simplified and "rate <landmark> <change>" not in simplified
    advanced = {f.form for f in PRESENTATION.notation_help(make(3, mode="advanced"))}
    assert {"rate <landmark> <change>", "choose <card> <card>"} <= advanced


def _chart_state(seed: int, balance: str = "") -> EnRouteState:
    game = make(2, level="simplified", balance=balance)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)

    def charting(s: EnRouteState) -> bool:
        return s.phase == DRAW and s.stage == CHART and not s.fallback

    assert play_until(state, charting, rng)
    return state


def _backwards(section: int) -> str:
    a, b = section_text(section).split("-")
    return f"{b}-{a}"


def test_sections_parse_with_their_crossroads_in_either_order() -> None:
    """Drawing Phase, 3. Charting the route: a section joins two crossroads, whichever is
    written first; the 2 sections of a segment may be written in either order."""
    state = _chart_state(4)
    game = state.game
    pair = next(a for a in state.legal_actions() if isinstance(a, Chart) and len(a.sections) == 2)
    first, second = pair.sections
    for text in (
        str(pair),
        f"chart {section_text(second)} {section_text(first)}",
        f"chart {_backwards(first)} {_backwards(second)}",
        f"CHART {_backwards(second)}  {section_text(first)}",
    ):
        assert game.parse_action(text, state) == pair, text
    single = Chart((first,))
    assert game.parse_action(f"chart {_backwards(first)}", state) == single
    seat = state.current_player
    state.apply(game.parse_action(f"chart {_backwards(second)} {_backwards(first)}", state))
    assert state.sheets[seat].sections >> first & 1 and state.sheets[seat].sections >> second & 1


def test_a_route_section_bonus_parses_either_way() -> None:
    """Balance Cards (Route section side): 1 section anywhere, its crossroads either way."""
    state = _chart_state(6, balance="0:route,1:route")
    game = state.game
    extra = next(a for a in state.legal_actions() if isinstance(a, ExtraSection))
    assert game.parse_action(f"extra {_backwards(extra.section)}", state) == extra


def test_malformed_sections_say_how_to_write_one() -> None:
    """Drawing Phase: a route section lies between two adjacent crossroads."""
    state = _chart_state(4)
    game = state.game
    for text in ("chart 2,3-4,3", "chart 2,3", "extra 1,1-1,2 1,2-1,3", "chart 9,9-9,8"):
        with pytest.raises(IllegalAction, match="x,y-x,y"):
            game.parse_action(text, state)


def test_a_final_route_parses_from_either_end() -> None:
    """End of the Game, II: the final route runs between 2 endpoints; typed from the other
    end it is the same listed route."""
    game = make(2, level="full")
    state = game.new_game(seed=8)
    assert play_until(state, lambda s: s.phase == FINAL, random.Random(3))
    listed = [a for a in state.legal_actions() if isinstance(a, FinalRoute)]
    route = next(
        a for a in listed if len(a.crossroads) >= 2 and a.crossroads[0] != a.crossroads[-1]
    )
    words = str(route).split()[1:]
    backwards = "route " + " ".join(reversed(words))
    assert game.parse_action(backwards, state) == route
    assert game.parse_action(str(route), state) == route
    unlisted = FinalRoute(tuple(SECTION_ENDS[0]))
    assert isinstance(game.parse_action("route 0,0 1,0", state), FinalRoute)
    assert game.parse_action("route 0,0 1,0", state) == unlisted
    with pytest.raises(IllegalAction, match="crossroads x,y"):
        game.parse_action("route 0,0 7,0", state)
