"""En Route's action and observation encodings (the `encoding.py` docstring's tables)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from importlib.resources import files
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

import tabletrip
from en_route_situations import at_final, give, new_state, trail
from encoding_kit import check_encoding_playout, check_names
from tabletrip.core import Action, IllegalAction, JsonDict, Rng
from tabletrip.core.encoding import Encoding, encoding_for
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
    location_text,
)
from tabletrip.games.en_route.content import City
from tabletrip.games.en_route.encoding_actions import CHART_PAIRS
from tabletrip.games.en_route.geometry import (
    LEGAL_SEGMENTS,
    LOCATIONS,
    SECTION_ENDS,
    crossroads_index,
    crossroads_xy,
    horizontal_section,
    location_index,
    section_between,
    shared_crossroads,
    vertical_section,
)
from tabletrip.games.en_route.phases import BEGIN_CHOOSE, DRAW, FINAL, FIRST
from tabletrip.games.en_route.rules import EnRouteState
from tabletrip.games.en_route.scoring import score_route
from tabletrip.games.en_route.sheet import TOURIST_TYPES

# Every player count and every option value at least once (city: First City is the only one).
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (1, {"mode": "solo"}),
    (1, {"mode": "solo", "challenge": 12, "balance": "0:coordinate,0:route"}),
    (2, {}),
    (2, {"mode": "advanced", "balance": "0:route,1:coordinate"}),
    (3, {"level": "simplified"}),
    (3, {"mode": "advanced", "level": "intermediate", "clockwise": True}),
    (4, {}),
    (4, {"mode": "team"}),
    (4, {"clockwise": True, "balance": "2:route"}),
]


def encoding(players: int, **options: Any) -> Encoding:
    """The registered encodings of one configuration."""
    return encoding_for(tabletrip.make("en-route", players=players, **options))


def fields(enc: Encoding, state: EnRouteState, seat: int) -> dict[str, list[float]]:
    """Seat `seat`'s vector of `state`, cut into its named fields."""
    vector = enc.observations.encode(state.observation(seat))
    return {name: vector[s] for name, s in enc.observations.field_slices().items()}


def ones(values: list[float]) -> list[int]:
    """The positions holding a nonzero value."""
    return [i for i, v in enumerate(values) if v]


def play_until(state: EnRouteState, phase: int) -> None:
    """Play the first legal action that is not a renewal until `phase` comes."""
    while state.phase != phase:
        state.apply(next(a for a in state.legal_actions() if not isinstance(a, Renew)))


# --- the generic checks, every player count and option ----------------------------------------


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_random_playouts_pass_the_encoding_kit(players: int, options: dict[str, Any]) -> None:
    game = tabletrip.make("en-route", players=players, **options)
    for seed in (1, 2, 3) if players <= 2 else (1, 2):
        check_encoding_playout(game, seed, every=2 if players <= 2 else 3)


# --- action space: the docstring's table and formulas -----------------------------------------


def test_blocks_match_the_documented_table() -> None:
    """Module docstring, "Action space": 734 indices, the same in every configuration."""
    expected = [
        ("objective", 0, 8),
        ("play", 8, 36),
        ("keep", 44, 36),
        ("choose", 80, 6),
        ("rate", 86, 9),
        ("renew", 95, 7),
        ("coordinate", 102, 4),
        ("mark", 106, 144),
        ("chart_one", 250, 84),
        ("chart_two", 334, 294),
        ("extra", 628, 84),
        ("cafe", 712, 16),
        ("done", 728, 1),
        ("route", 729, 5),
    ]
    for players, options in CONFIGS:
        blocks = encoding(players, **options).actions.blocks
        assert [(b.name, b.start, b.size) for b in blocks] == expected


def test_documented_indices_decode_to_the_actions_they_name() -> None:
    """The docstring's worked examples and one index of each simple block, by hand."""
    state = new_state(2, seed=3)
    actions = encoding(2).actions
    # mark c3r2 (location 8) as the cards say: 106 + 8 * 4 + 0.
    assert actions.decode(138, state) == Mark(location_index(2, 1), "")
    # mark location 35 with a green tourist: 106 + 35 * 4 + 2.
    assert actions.decode(248, state) == Mark(35, "green")
    # chart 2,1-3,1 3,1-4,1: crossroads (3, 1) = 10, W+E is p = 4: 334 + 10 * 6 + 4.
    straight = (horizontal_section(2, 1), horizontal_section(3, 1))
    assert actions.decode(398, state) == Chart(straight)
    # an L at crossroads (0, 0), E+S (p = 3): 334 + 0 + 3.
    assert actions.decode(337, state) == Chart((horizontal_section(0, 0), vertical_section(0, 0)))
    # N+E at (0, 0) leaves the map.
    with pytest.raises(IllegalAction):
        actions.decode(334, state)
    assert actions.decode(250 + 83, state) == Chart((83,))
    assert actions.decode(628 + 7, state) == ExtraSection(7)
    assert actions.decode(3, state) == KeepObjective("objective-4")
    assert actions.decode(44 + 12, state) == KeepCard("global-01")
    assert actions.decode(86 + 2 * 3 + 1, state) == Rate("tower", -1)
    assert actions.decode(102 + 1 * 2 + 1, state) == ChangeCoordinate(1, -1)
    assert actions.decode(712 + 7 * 2 + 1, state) == CafeTourists(7, False)
    assert actions.decode(728, state) == Done()
    # play: face up for the first card; city-09 is card 8.
    assert state.phase == FIRST
    assert actions.decode(8 + 8, state) == PlayCard("city-09")


def test_renew_mask_follows_the_hand_in_card_order() -> None:
    """Docstring, Renew: hand (city-09, global-06, global-13), mask 0b101 = 5 is index 99."""
    state = new_state(2, seed=3)
    give(state, state.seat, ["global-13", "global-06", "city-09"])
    actions = encoding(2).actions
    assert actions.decode(99, state) == Renew(("city-09", "global-13"))
    assert actions.encode(Renew(("city-09", "global-13")), state) == 99
    assert actions.decode(95 + 7 - 1, state) == Renew(("city-09", "global-06", "global-13"))
    give(state, state.seat, ["global-13", "global-06"])  # a hand of 2: mask bit 2 is no card
    with pytest.raises(IllegalAction):
        actions.decode(95 + 0b100 - 1, state)


def test_chart_two_slots_are_exactly_the_two_section_segments() -> None:
    """Drawing phase 3a: every legal pair of any location has one slot, at its crossroads."""
    real = {pair: slot for slot, pair in enumerate(CHART_PAIRS) if pair is not None}
    assert len(real) == 214
    for slot, pair in enumerate(CHART_PAIRS):
        if pair is not None:
            assert pair[0] < pair[1]
            assert shared_crossroads(*pair) == slot // 6
    every_segment = {pair for segments in LEGAL_SEGMENTS for pair in segments}
    assert every_segment == set(real)


def test_choose_indexes_the_placers_relative_seats() -> None:
    """Beginning Rounds, 3 players: each chooses 2 of the 3 placed cards; pair (0, 2) is 81."""
    state = new_state(3, seed=5)
    play_until(state, BEGIN_CHOOSE)
    state.apply(state.legal_actions()[0])  # seat 0 chooses; seat 1 is to move
    mover = state.seat
    assert mover == 1
    placed = {s: state.game.city.deck[c].id for s, c, _ in state.placed}
    actions = encoding(3).actions
    # relative seats 0 and 2 of seat 1 are seats 1 and 0.
    expected = ChooseRoundCards(tuple(sorted((placed[1], placed[0]))))  # type: ignore[arg-type]
    assert actions.decode(80 + 1, state) == expected
    assert actions.encode(expected, state) == 81
    with pytest.raises(IllegalAction):  # relative seat 3 does not exist with 3 players
        actions.decode(80 + 2, state)


def test_play_decodes_face_down_in_the_second_card_phase() -> None:
    """Tourist Selection, Second card: the neighbours place face down (team: face up)."""
    state = new_state(2, seed=3)
    state.apply(next(a for a in state.legal_actions() if isinstance(a, PlayCard)))
    card = state.hands[state.seat][0]
    actions = encoding(2).actions
    assert actions.decode(8 + card, state) == PlayHidden(state.game.city.deck[card].id)


def test_mask_is_the_legal_actions_at_every_drawing_step() -> None:
    """The mask of a state equals its legal actions, decoded back one by one."""
    state = new_state(2, seed=7)
    enc = encoding(2)
    play_until(state, DRAW)
    checked = 0
    while state.phase == DRAW:
        legal = state.legal_actions()
        mask = enc.actions.legal_indices(state)
        assert [enc.actions.decode(i, state) for i in mask] == sorted(
            legal, key=lambda a: enc.actions.encode(a, state)
        )
        assert len(mask) == len(legal)
        state.apply(legal[-1])
        checked += 1
    assert checked >= 3  # mark, chart, ... for both seats


# --- the final route: the candidate list ---------------------------------------------------------


def final_state() -> EnRouteState:
    """Two seats at the final route; seat 0 drew a loop with a tail and tourists on it."""
    state = new_state(2, seed=0)
    at_final(state)
    route = trail((1, 1), (2, 1), (3, 1), (3, 2), (2, 2), (1, 2), (1, 1), (0, 1))
    sheet = state.sheets[0]
    for a, b in pairwise(route):
        section = section_between(a, b)
        assert section is not None
        sheet.sections |= 1 << section
    sheet.add_tourists(location_index(1, 1), (2, 1, 0))
    sheet.occupied |= 1 << location_index(1, 1)
    return state


def test_route_indices_are_the_listed_candidates_best_first() -> None:
    """RULES_NOTES, The final route: index 729 + k is the k-th of the 5 best routes listed."""
    state = final_state()
    enc = encoding(2)
    legal = state.legal_actions()
    assert len(legal) == 5
    for k, route in enumerate(legal):
        assert enc.actions.decode(729 + k, state) == route
        assert enc.actions.encode(route, state) == 729 + k
    assert enc.actions.legal_indices(state) == list(range(729, 734))
    # a valid route outside the list is accepted by apply but has no index
    single = FinalRoute(trail((0, 1), (1, 1)))
    assert single not in legal and state.illegal_reason(single) is None
    with pytest.raises(IllegalAction):
        enc.actions.encode(single, state)


def test_route_fields_show_the_candidates_of_the_seat_choosing() -> None:
    """The vector's route_* fields: each candidate's sections and PP (steps 1-8) / 349."""
    state = final_state()
    enc = encoding(2)
    legal = state.legal_actions()
    mine = fields(enc, state, 0)
    assert mine["route_exists"] == [1.0] * 5
    board = state.final_board(0)
    for k, route in enumerate(legal):
        sections = sorted(
            s for a, b in pairwise(route.crossroads) if (s := section_between(a, b)) is not None
        )
        assert ones(mine["route_sections"][k * 84 : (k + 1) * 84]) == sections
        total = score_route(board, route.crossroads).total
        assert mine["route_points"][k] == pytest.approx(total / 349)
    assert fields(enc, state, 1)["route_exists"] == [0.0] * 5  # not seat 1's decision
    # the same fields when the engine's cache is cold (the search runs from the observation)
    enc.observations._routes.clear()  # type: ignore[attr-defined]
    state.game._final_cache.clear()
    assert fields(enc, state, 0) == mine
    with pytest.raises(IllegalAction):
        enc.actions.decode(729, new_state(2, seed=0))  # no final route outside the end


def test_route_with_nothing_drawn_is_the_empty_route() -> None:
    """RULES_NOTES: with no section drawn, the empty route is the only choice (index 729)."""
    state = new_state(2, seed=0)
    at_final(state)
    enc = encoding(2)
    assert enc.actions.legal_indices(state) == [729]
    assert enc.actions.decode(729, state) == FinalRoute(())
    with pytest.raises(IllegalAction):
        enc.actions.decode(730, state)


# --- observation vector: fields by value -----------------------------------------------------


def test_hand_maps_and_ratings_by_value() -> None:
    """Fields hand, hand_sizes, map_* (observer first), ratings, goals, active, to_move."""
    state = new_state(3, seed=2)
    enc = encoding(3)
    give(state, 1, ["city-02", "repeat-6"])
    state.sheets[2].sections |= 1 << 40
    state.shown[2].sections |= 1 << 40
    state.sheets[2].add_tourists(7, (0, 3, 1))
    state.shown[2].add_tourists(7, (0, 3, 1))
    state.marks = [0, 4, 2]
    seen = fields(enc, state, 1)
    assert ones(seen["hand"]) == [1, 35]  # city-02 is card 1, repeat-6 card 35
    assert seen["hand_sizes"] == [2 / 3, 1.0, 1.0]  # seats 1, 2, 0
    # seat 2 is relative seat 1 of observer 1: its block of each map field is the second
    assert ones(seen["map_sections"][84:168]) == [40]
    assert seen["map_sections"][:84] == [0.0] * 84
    assert seen["map_tourists"][108 + 7 * 3 : 108 + 7 * 3 + 3] == [0.0, 0.5, 1 / 6]
    assert ones(seen["ratings"]) == [0, 5 + 4, 10 + 2]
    goals = [state.game.city.goals[g].id for g in state.goals]
    assert [state.game.city.goals[i].id for i in ones(seen["goals"])] == sorted(goals)
    assert ones(seen["active"]) == [2]  # seat 0 is two seats after seat 1
    assert ones(seen["to_move"]) == [2]  # seat 0 places the first beginning card
    board = state.sheets[1].board
    assert ones(seen["map_board"][:4]) == [board]
    objective = state.objectives[1]
    assert ones(seen["objective"]) == [objective]
    assert ones(seen["objective_crossroads"]) == sorted(state.game.city.objectives[objective])


def test_secret_drawing_hides_who_draws_and_shows_the_own_turn_to_come() -> None:
    """encoding.py (the vector leaves out who draws in a simultaneous Drawing phase; RULES_NOTES,
    simultaneous phases: how a secret turn goes is not shown); a seat still to draw sees its
    turn as it will open (selecting, the Round cards, their numbers)."""
    state = new_state(2, seed=4)
    enc = encoding(2)
    play_until(state, DRAW)
    waiting = 1 - state.seat
    before = fields(enc, state, waiting)
    assert before["to_move"] == [0.0, 0.0] and before["simultaneous_drawing"] == [1.0]
    assert ones(before["turn_status"]) == [0]
    round_cards = state.round_cards
    assert ones(before["turn_cards"]) == [round_cards[0], 36 + round_cards[1]]
    numbers = [state.game.city.deck[c].number for c in round_cards]
    assert ones(before["turn_values"]) == [numbers[0] - 1, 6 + numbers[1] - 1]
    # the drawing seat marks: the waiting seat's vector does not move
    state.apply(state.legal_actions()[0])
    assert fields(enc, state, waiting) == before
    while state.seat != waiting:
        state.apply(state.legal_actions()[-1])
    assert fields(enc, state, waiting) == before  # its own turn opens exactly so
    drawer = 1 - waiting
    assert ones(fields(enc, state, drawer)["turn_status"]) == [3]  # drawn this round
    view = state.determinize(drawer, Rng(1))
    assert fields(enc, view, drawer) == fields(enc, state, drawer)


def test_placed_cards_show_only_what_the_observer_sees() -> None:
    """Tourist Selection: the active card face up, the neighbour's face down until kept."""
    state = new_state(2, seed=3)
    enc = encoding(2)
    first = next(a for a in state.legal_actions() if isinstance(a, PlayCard))
    state.apply(first)
    state.apply(next(a for a in state.legal_actions() if isinstance(a, PlayHidden)))
    card = state.game.card_index[first.card]
    active = fields(enc, state, 0)
    assert ones(active["placed_cards"]) == [card]  # its own, in its own block
    assert active["placed_hidden"] == [0.0, 0.5]  # seat 1 placed one face down
    placer = fields(enc, state, 1)
    assert ones(placer["placed_cards"][36:]) == [card]  # seat 0 is relative seat 1
    assert len(ones(placer["placed_cards"][:36])) == 1  # its own face-down card
    assert placer["placed_hidden"] == [0.0, 0.0]


# --- bounds ------------------------------------------------------------------------------------


def test_max_length_and_score_range_follow_the_documented_counts() -> None:
    """Module docstring, Bounds: decisions and PP per configuration."""
    assert encoding(2).max_length == 122
    assert encoding(3).max_length == 183
    assert encoding(4).max_length == 244
    assert encoding(4, mode="advanced").max_length == 264
    assert encoding(1, mode="solo").max_length == 61
    assert encoding(2).score_range == (0, 349)
    assert encoding(2, level="intermediate").score_range == (0, 327)
    assert encoding(1, mode="solo").score_range == (0, 327)
    assert encoding(2, level="simplified").score_range == (0, 270)
    sizes = {p: encoding(p).observations.size for p in (2, 3, 4)}
    assert sizes == {2: 1432, 3: 1724, 4: 2016}
    assert encoding(1, mode="solo").observations.size == 1530


def test_final_phase_index_needs_the_final_phase() -> None:
    """The route block means nothing before the end: IllegalAction, one line."""
    state = new_state(2, seed=1)
    with pytest.raises(IllegalAction) as caught:
        encoding(2).actions.decode(733, state)
    assert "\n" not in str(caught.value)
    assert state.phase != FINAL


# --- names: every index and position in the game's words (encoding_names.py) ------------------

CROSSROADS_WORDS = re.compile(r"\((\d), (\d)\)")
LOCATION_WORDS = re.compile(r"\bc(\d)r(\d)\b")
RATE_WORDS = {1: "up", -1: "down", 0: "stays"}


def relative_seat(relative: int) -> str:
    """A relative seat as the encoding's docs name it: `you`, then `seat +1`, ..."""
    return "you" if relative == 0 else f"seat +{relative}"


def crossroads_in(name: str) -> set[int]:
    """The crossroads `(x, y)` a name mentions, as indices."""
    return {crossroads_index(int(x), int(y)) for x, y in CROSSROADS_WORDS.findall(name)}


def locations_in(name: str) -> list[int]:
    """The grid places `c<col>r<row>` a name mentions, as location indices."""
    return [location_index(int(c) - 1, int(r) - 1) for c, r in LOCATION_WORDS.findall(name)]


def section_ends(sections: Iterable[int]) -> set[int]:
    """Every crossroads the sections join."""
    return {end for section in sections for end in SECTION_ENDS[section]}


def crossroads_words(crossroads: int) -> str:
    """`(x, y)`, as the names write a crossroads."""
    x, y = crossroads_xy(crossroads)
    return f"({x}, {y})"


def assert_name_agrees(name: str, action: Action, state: EnRouteState) -> None:
    """The index name of a legal action says what the action does, read from the content and
    the state on their own (a name of the neighbouring index would fail)."""
    city = state.game.city
    if isinstance(action, KeepObjective):
        objective = city.objective_ids.index(action.card)
        assert name.startswith(f"objective keep {action.card}:"), name
        assert crossroads_in(name) == set(city.objectives[objective]), name
    elif isinstance(action, PlayCard | PlayHidden):
        assert name.split()[:2] == ["play", action.card], name
    elif isinstance(action, KeepCard):
        assert name.split()[:2] == ["keep", action.card], name
    elif isinstance(action, ChooseRoundCards):
        placer = {city.deck[c].id: s for s, c, _ in state.placed}
        first, second = sorted(
            (placer[card] - state.seat) % state.num_players for card in action.cards
        )
        assert name == f"choose cards placed by {relative_seat(first)} and {relative_seat(second)}"
    elif isinstance(action, Rate):
        iconic = city.iconic_ids.index(action.landmark)
        assert name.startswith(f"rate {city.iconic_names[iconic]} "), name
        assert locations_in(name) == [city.iconic_locations[iconic]], name
        assert name.endswith(f" {RATE_WORDS[action.change]}"), name
    elif isinstance(action, Renew):
        hand = sorted(state.hands[state.seat])
        places = sorted(hand.index(state.game.card_index[card]) + 1 for card in action.cards)
        assert name.startswith("renew hand card") and name.endswith("(in deck order)"), name
        assert [int(n) for n in re.findall(r"\d+", name)] == places, name
    elif isinstance(action, ChangeCoordinate):
        delta = "+1" if action.delta > 0 else "-1"
        assert name == f"coordinate Round card {action.which + 1} {delta}"
    elif isinstance(action, Mark):
        assert name.startswith("mark ") and locations_in(name) == [action.location], name
        chosen = f"choosing {action.tourist}" if action.tourist else "as the Round cards say"
        assert name.endswith(chosen), name
    elif isinstance(action, Chart):
        block = "chart_one" if len(action.sections) == 1 else "chart_two"
        assert name.startswith(f"{block} "), name
        assert crossroads_in(name) == section_ends(action.sections), name
    elif isinstance(action, ExtraSection):
        assert name.startswith("extra ") and crossroads_in(name) == section_ends([action.section])
    elif isinstance(action, CafeTourists):
        cafe = city.cafes[action.cafe]
        assert name.startswith(f"cafe {cafe.name} {crossroads_words(cafe.crossroads)}"), name
        assert name.endswith("use now" if action.use else "keep for 2 PP"), name
    elif isinstance(action, Done):
        assert name == "done"
    elif isinstance(action, FinalRoute):
        assert name == f"route candidate {state.legal_actions().index(action) + 1}"
    else:
        raise AssertionError(f"no name check for {action}")


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_legal_action_in_random_playouts_has_the_index_name_of_what_it_does(
    players: int, options: dict[str, Any]
) -> None:
    game = tabletrip.make("en-route", players=players, **options)
    enc = encoding_for(game)
    names = enc.actions.index_names()
    kinds: set[type] = set()
    for seed in (11, 12, 13):
        state = game.new_game(seed=seed)
        assert isinstance(state, EnRouteState)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            for action in legal:
                assert_name_agrees(names[enc.actions.encode(action, state)], action, state)
                kinds.add(type(action))
            state.apply(rng.choice(legal))
    assert {PlayCard, KeepCard, Mark, Chart, FinalRoute} <= kinds


def named_ones(enc: Encoding, vector: list[float], field: str) -> list[str]:
    """The names of a field's positions holding a nonzero value."""
    part = enc.observations.field_slices()[field]
    names = enc.observations.position_names()[part]
    return [name for name, value in zip(names, vector[part], strict=True) if value]


def named_words(enc: Encoding, vector: list[float], field: str, word: int) -> list[str]:
    """The `word`-th word of each name of a field's nonzero positions, sorted."""
    return sorted(name.split()[word] for name in named_ones(enc, vector, field))


def assert_positions_name_the_observation(
    enc: Encoding, city: City, obs: JsonDict, players: int
) -> None:
    """The per-card and per-place positions set in the vector name what the observation holds:
    the cards, each relative seat's sections, marked locations and tourists, the ratings."""
    vector = enc.observations.encode(obs)
    assert named_words(enc, vector, "hand", 1) == sorted(obs["hand"])
    assert named_words(enc, vector, "discards", 1) == sorted(obs["discards"])
    assert named_words(enc, vector, "round_cards", 1) == sorted(obs["round_cards"])
    assert sorted(name.split()[1] for name in named_ones(enc, vector, "goals")) == sorted(
        g + ":" for g in obs["goals"]
    )
    for iconic, pp in obs["ratings"].items():
        i = city.iconic_ids.index(iconic)
        [name] = [n for n in named_ones(enc, vector, "ratings") if city.iconic_names[i] in n]
        assert name.endswith(f" {pp} PP"), name
    seats = [(obs["seat"] + r) % players for r in range(players)]
    sections = {
        (relative_seat(r), frozenset(SECTION_ENDS[s]))
        for r, seat in enumerate(seats)
        for s in obs["sheets"][seat]["sections"]
    }
    assert {
        (name.split(": ")[0].removeprefix("map_sections "), frozenset(crossroads_in(name)))
        for name in named_ones(enc, vector, "map_sections")
    } == sections
    occupied = {
        (relative_seat(r), loc)
        for r, seat in enumerate(seats)
        for loc in obs["sheets"][seat]["occupied"]
    }
    assert {
        (name.split(": ")[0].removeprefix("map_occupied "), locations_in(name)[0])
        for name in named_ones(enc, vector, "map_occupied")
    } == occupied
    tourists = {
        (relative_seat(r), int(loc), TOURIST_TYPES[t])
        for r, seat in enumerate(seats)
        for loc, counts in obs["sheets"][seat]["tourists"].items()
        for t, count in enumerate(counts)
        if count
    }
    assert {
        (name.split(": ")[0].removeprefix("map_tourists "), locations_in(name)[0], name.split()[-1])
        for name in named_ones(enc, vector, "map_tourists")
    } == tourists


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {"mode": "solo"}), (2, {}), (3, {"mode": "advanced"}), (4, {"mode": "team"})],
)
def test_positions_set_in_random_playouts_name_the_cards_and_places_observed(
    players: int, options: dict[str, Any]
) -> None:
    game = tabletrip.make("en-route", players=players, **options)
    enc = encoding_for(game)
    state = game.new_game(seed=5)
    rng = random.Random(5)
    decisions = 0
    while not state.is_over:
        if decisions % 4 == 0:
            for seat in range(players):
                assert_positions_name_the_observation(
                    enc, game.city, state.observation(seat), players
                )
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    for seat in range(players):
        assert_positions_name_the_observation(enc, game.city, state.observation(seat), players)


def test_card_indices_name_each_card_by_its_id_kind_number_and_symbols() -> None:
    """A deck card's play and keep indices: its id, then what the city file says it shows."""
    game = tabletrip.make("en-route", players=2)
    city = game.city
    names = encoding_for(game).actions.index_names()
    for c, card in enumerate(city.deck):
        for block, start in (("play", 8), ("keep", 44)):
            name = names[start + c]
            assert name.startswith(f"{block} {card.id} (") and f" {card.number}" in name, name
            for i in card.iconic:
                assert f"{city.iconic_names[i]} symbol" in name
            for count, tourist in zip(card.tourists, TOURIST_TYPES, strict=True):
                assert (f"{count} {tourist}" in name) == bool(count), name
    nine = city.deck[game.card_index["city-09"]]
    expected_detail = ", ".join(
        [f"{n} {t}" for n, t in zip(nine.tourists, TOURIST_TYPES, strict=True) if n]
        + [f"{city.iconic_names[i]} symbol" for i in nine.iconic]
    )
    assert names[8 + 8] == f"play city-09 ({city.name} card {nine.number}, {expected_detail})"


def test_map_indices_name_landmarks_sections_and_cafes_from_the_city() -> None:
    """Marks by Landmark and grid place, sections by crossroads, Cafés by name; the docstring's
    worked examples (138, 398, 99, 81, 729) read as they are explained."""
    game = tabletrip.make("en-route", players=2)
    city = game.city
    names = encoding_for(game).actions.index_names()
    for location in range(LOCATIONS):
        place = location_text(location)
        landmark = city.landmark_name[location]
        where = f"{landmark} ({place})" if landmark else place
        assert names[106 + location * 4] == f"mark {where} as the Round cards say"
        assert names[106 + location * 4 + 3] == f"mark {where} choosing blue"
    for k, cafe in enumerate(city.cafes):
        for code, choice in enumerate(("use now", "keep for 2 PP")):
            name = names[712 + k * 2 + code]
            assert name.startswith(f"cafe {cafe.name} {crossroads_words(cafe.crossroads)}, ")
            assert name.endswith(f": {choice}")
    for o, objective in enumerate(city.objective_ids):
        assert names[o].startswith(f"objective keep {objective}: crossroads ")
        assert crossroads_in(names[o]) == set(city.objectives[o])
    for s in range(84):
        assert (
            crossroads_in(names[250 + s]) == set(SECTION_ENDS[s]) == crossroads_in(names[628 + s])
        )
    stairway = location_index(2, 1)
    assert names[138] == f"mark {city.landmark_name[stairway]} (c3r2) as the Round cards say"
    assert names[398] == "chart_two (2, 1)–(3, 1)–(4, 1)"
    assert names[334] == "chart_two (0, 0) N+E, off the map"
    assert names[99] == "renew hand cards 1 and 3 (in deck order)"
    assert names[81] == "choose cards placed by you and seat +2"
    assert names[729] == "route candidate 1" and names[733] == "route candidate 5"
    assert names[728] == "done"


def test_own_content_names_its_own_cards_landmarks_cafes_and_goals(tmp_path: Path) -> None:
    """A city file of one's own: the names follow it, not First City."""
    own = tmp_path / "first_city.json"
    data = json.loads((files("tabletrip.games.en_route") / "data" / "first_city.json").read_text())
    data["locations"][0]["name"] = "Old Mill"
    data["cafes"][0]["name"] = "Chez Nous"
    data["deck"][0]["tourists"] = {"green": 3}
    data["goals"][0]["threshold"] = 14
    own.write_text(json.dumps(data))
    game = tabletrip.make("en-route", players=3, content=str(own))
    enc = encoding_for(game)
    actions = enc.actions.index_names()
    positions = enc.observations.position_names()
    mill = location_index(*data["locations"][0]["at"])
    assert (
        actions[106 + mill * 4] == f"mark Old Mill ({location_text(mill)}) as the Round cards say"
    )
    assert actions[712].startswith("cafe Chez Nous ")
    card = data["deck"][0]["id"]
    assert actions[8].startswith(f"play {card} (") and "3 green" in actions[8]
    goal = data["goals"][0]["id"]
    assert f"goals {goal}: at least 14 route sections" in positions
    assert f"map_occupied seat +2: Old Mill ({location_text(mill)})" in positions


def test_vector_names_follow_the_fields_seat_by_seat() -> None:
    """Per-seat fields name the observer `you`, then `seat +1`, ... in turn order; per-card and
    per-place fields name every card, location, section, Café, board and candidate in order."""
    game = tabletrip.make("en-route", players=3)
    city = game.city
    enc = encoding_for(game)
    names = enc.observations.position_names()
    part = enc.observations.field_slices()
    assert names[part["to_move"]] == ["to_move you", "to_move seat +1", "to_move seat +2"]
    placed = names[part["placed_cards"]]
    assert [n.split(": ")[0] for n in placed[::36]] == [
        f"placed_cards {relative_seat(r)}" for r in range(3)
    ]
    assert [n.split()[3] for n in placed[36:72]] == [card.id for card in city.deck]
    sections = names[part["map_sections"]]
    assert all(crossroads_in(sections[84 + s]) == set(SECTION_ENDS[s]) for s in range(84))
    assert sections[84].startswith("map_sections seat +1: ")
    green_at_7 = names[part["map_tourists"]][108 * 2 + 7 * 3 + 1]  # seat +2, location 7, green
    assert green_at_7.startswith("map_tourists seat +2: ") and green_at_7.endswith(" green")
    assert locations_in(green_at_7) == [7]
    cafes = names[part["map_cafes_gained"]]
    assert [n.split(": ", 1)[1].split(" (")[0] for n in cafes[: len(city.cafes)]] == [
        cafe.name for cafe in city.cafes
    ]
    ratings = names[part["ratings"]]
    for i, track in enumerate(city.iconic_tracks):
        for marks, pp in enumerate(track):
            assert city.iconic_names[i] in ratings[i * 5 + marks]
            assert ratings[i * 5 + marks].endswith(
                f"{marks} upgrade box{'es' if marks != 1 else ''} marked, {pp} PP"
            )
    assert names[part["map_board"]][4] == "map_board seat +1: Player board 1"
    assert names[part["route_points"]] == [f"route_points candidate {k}" for k in range(1, 6)]
    assert names[part["round"]] == ["round"]
    solo = encoding(1, mode="solo").observations
    solo_names = solo.position_names()
    rows = solo_names[solo.field_slices()["sequence_state"]]
    assert rows[:3] == [
        f"sequence_state position 1 (row {city.solo_rows[0]}): {state}"
        for state in ("taken", "face down", "face up")
    ]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_configuration_names_each_index_and_position_once(
    players: int, options: dict[str, Any]
) -> None:
    check_names(encoding(players, **options))
