"""En Route's presentation: documents, score rows, outcomes and moves in words."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

import tabletrip
from presentation_helpers import all_text, blocks, section, sentences, values
from presentation_helpers import assert_readable as shared_assert_readable
from tabletrip.core.document_text import render_document, render_score_rows
from tabletrip.core.game import Result
from tabletrip.core.presentation import (
    Cards,
    Document,
    Items,
    Table,
    presentation_for,
    unreadable_parts,
)
from tabletrip.games.en_route.actions import (
    CODEC,
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
from tabletrip.games.en_route.bots import HeuristicBot
from tabletrip.games.en_route.geometry import crossroads_index, horizontal_section
from tabletrip.games.en_route.phases import DRAW
from tabletrip.games.en_route.present import EnRoutePresentation
from tabletrip.games.en_route.present_words import segment_words
from tabletrip.games.en_route.rules import EnRouteGame, EnRouteState

PRESENTATION = EnRoutePresentation()
# Card and objective ids, and index lists ("Crossroads 16 5 46"), never shown to a player.
IDS = re.compile(r"\b(?:city|global|repeat|objective)-\d+\b|\b\d+ \d+ \d+\b")
CONFIGS = [
    ("standard", 2, "full"),
    ("standard", 3, "intermediate"),
    ("standard", 4, "simplified"),
    ("advanced", 3, "full"),
    ("team", 4, "full"),
    ("solo", 1, "full"),
]


def make(mode: str, players: int, level: str = "full", **options: Any) -> EnRouteGame:
    game = tabletrip.make("en-route", players=players, mode=mode, level=level, **options)
    assert isinstance(game, EnRouteGame)
    return game


def play_until(
    state: EnRouteState, done: Callable[[EnRouteState], bool], seed: int = 1
) -> EnRouteState:
    rnd = random.Random(seed)
    while not done(state):
        assert not state.is_over, "the game ended before the position was reached"
        state.apply(rnd.choice(state.legal_actions()[:4]))
    return state


def mid_game(game: EnRouteGame, seed: int = 3, round_number: int = 5) -> EnRouteState:
    return play_until(game.new_game(seed=seed), lambda s: s.round >= round_number, seed)


def finished(game: EnRouteGame, seed: int = 3) -> EnRouteState:
    return play_until(game.new_game(seed=seed), lambda s: s.is_over, seed)


def titles(document: Document) -> list[str]:
    return [s.title for s in document.sections]


def assert_readable(document: Document) -> None:
    shared_assert_readable(document)
    for text in document.texts():
        assert not IDS.search(text), text


# --- registration ---------------------------------------------------------------------------


def test_the_game_registers_its_presentation() -> None:
    assert isinstance(presentation_for("en-route"), EnRoutePresentation)


# --- documents ------------------------------------------------------------------------------


def test_mid_game_document_of_a_seat() -> None:
    game = make("standard", 3)
    state = mid_game(game)
    observation = state.observation(0)
    document = PRESENTATION.document(game, observation)
    shown = titles(document)
    assert shown[:2] == ["Your hand", "Your Personal Objective"]
    first = shown.index("Player 1 (you)")
    assert shown[first : first + 4] == ["Player 1 (you)", "Player 2", "Player 3", "The round"]
    assert shown[-2:] == ["Iconic Landmarks", "Goals"]
    roles = {s.title: (s.role, s.seat) for s in document.sections}
    assert roles["Your hand"] == ("mine", 0)
    assert roles["Player 2"] == ("seat", 1)
    assert roles["The round"] == ("table", None)
    hand = blocks(section(document, "Your hand"), Cards)[0]
    city = game.city
    expected = [next(c for c in city.deck if c.id == i) for i in observation["hand"]]
    assert [c.name for c in hand.cards] == [
        {"global": "Global Tourist card", "repeat": "Repeat card"}.get(c.kind, "First City card")
        + f" {c.number}"
        for c in expected
    ]
    table = values(section(document, "The round"))
    assert table["Round"] == f"{observation['round']} of 10"
    assert table["Phase"] == "Tourist selection phase" or table["Phase"] == "Drawing phase"
    active = observation["active"]
    assert table["Active player"] == ("you" if active == 0 else f"Player {active + 1}")
    assert table["City deck"] == f"{observation['deck_size']} cards"
    goals = blocks(section(document, "Goals"), Items)[0]
    assert [i.name for i in goals.items] == [f"Goal {g}" for g in observation["goals"]]
    assert all("Goal Achiever" in i.detail and "Goal Winner" in i.detail for i in goals.items)
    assert "Challenge" not in all_text(document)
    assert "Card Sequence" not in all_text(document)
    assert_readable(document)


def test_each_seat_area_names_locations_by_their_board_coordinates() -> None:
    game = make("standard", 2, clockwise=True)
    state = mid_game(game, seed=7, round_number=6)
    observation = state.observation(1)
    document = PRESENTATION.document(game, observation)
    city = game.city
    for seat, sheet in enumerate(observation["sheets"]):
        area = section(document, f"Player {seat + 1}" + (" (you)" if seat == 1 else ""))
        assert area.role == "seat" and area.seat == seat
        shown = values(area)
        assert shown["Player board"] == str(city.board_numbers[sheet["board"]])
        assert shown["Route sections"] == str(len(sheet["sections"]))
        assert shown["Cards in hand"] == str(observation["hand_sizes"][seat])
        table = blocks(area, Table)[0]
        assert table.columns == ("Location", "Landmark", "Tourists")
        assert len(table.rows) == len(sheet["tourists"])
        for row, location in zip(
            table.rows, sorted(int(k) for k in sheet["tourists"]), strict=True
        ):
            column_number, row_number = city.coordinates(sheet["board"], location)
            assert row[0] == f"horizontal {column_number}, vertical {row_number}"
        segments = blocks(area, Items)[0].items
        drawn = sum(int(i.detail.split()[0]) for i in segments)
        assert drawn == len(sheet["sections"])
    assert_readable(document)


def test_a_spectator_sees_every_map_and_no_hand() -> None:
    game = make("standard", 3)
    state = mid_game(game)
    document = PRESENTATION.document(game, state.public_observation())
    assert [s.role for s in document.sections if s.role != "table"] == ["seat"] * 3
    assert titles(document)[:3] == ["Player 1", "Player 2", "Player 3"]
    assert "(you)" not in all_text(document) and "Your " not in all_text(document)
    assert_readable(document)


def test_a_drawing_turn_names_the_coordinates_and_the_locations() -> None:
    game = make("standard", 2, clockwise=True)
    state = play_until(
        game.new_game(seed=11),
        lambda s: (
            (s.observation(s.current_player).get("turn") or {}).get("stage") == "place"
            and s.round >= 3
        ),
    )
    seat = state.current_player
    observation = state.observation(seat)
    turn = observation["turn"]
    document = PRESENTATION.document(game, observation)
    mine = section(document, "Your drawing turn")
    assert mine.role == "mine"
    a, b = turn["values"]
    assert values(mine)["Coordinates"].startswith(f"{a} and {b}")
    assert "tourist" in values(mine)["Tourists"]
    sheet = observation["sheets"][seat]
    free = [loc for loc in game.city.matching(sheet["board"], a, b) if loc not in sheet["occupied"]]
    now = sentences(mine)[-1]
    for location in free:
        column_number, row_number = game.city.coordinates(sheet["board"], location)
        assert f"horizontal {column_number}, vertical {row_number}" in now
    assert not re.search(r"\bc\dr\d\b", now), now
    assert_readable(document)


def test_the_other_maps_say_they_are_as_last_shown_in_a_secret_drawing_phase() -> None:
    game = make("standard", 2)
    state = play_until(game.new_game(seed=2), lambda s: s.phase == DRAW and s.round >= 3)
    seat = state.current_player
    document = PRESENTATION.document(game, state.observation(seat))
    other = section(document, f"Player {2 - seat}")
    assert any("as last shown" in t for t in sentences(other))
    own = section(document, f"Player {seat + 1} (you)")
    assert not any("as last shown" in t for t in sentences(own))


@pytest.mark.parametrize(("mode", "players", "level"), CONFIGS)
def test_documents_show_only_what_the_mode_and_level_have(
    mode: str, players: int, level: str
) -> None:
    game = make(mode, players, level)
    state = game.new_game(seed=4)
    rnd = random.Random(4)
    step = 0
    while not state.is_over:
        if step % 9 == 0:
            for seat in (*range(players), None):
                observation = (
                    state.public_observation() if seat is None else state.observation(seat)
                )
                document = PRESENTATION.document(game, observation)
                assert_readable(document)
                text = all_text(document)
                assert ("Café" in text) == (level != "simplified") or step == 0
                if level == "simplified":
                    assert "Personal Objective" not in text and "Goal" not in text
                if level != "full":
                    assert "Goal" not in text
                assert ("Challenge" in text) == (mode == "solo")
                assert ("in a team with" in text) == (mode == "team")
                assert "Advanced mode" in text if mode == "advanced" else "Advanced" not in text
                if mode != "solo":
                    assert "Card Sequence" not in text
        state.apply(rnd.choice(state.legal_actions()[:4]))
        step += 1
    for seat in (*range(players), None):
        observation = state.public_observation() if seat is None else state.observation(seat)
        document = PRESENTATION.document(game, observation)
        assert_readable(document)
        assert "The game is over" in all_text(document)


def test_solo_shows_the_card_sequence_and_the_challenge() -> None:
    game = make("solo", 1, challenge=6)
    state = mid_game(game, round_number=3)
    observation = state.observation(0)
    document = PRESENTATION.document(game, observation)
    assert values(section(document, "The round"))["Challenge"] == "85 PP and 2 Goals completed"
    rows = blocks(section(document, "Card Sequence"), Items)[0].items
    assert [i.name for i in rows] == ["Row 1 (top)", "Row 2", "Row 3", "Row 4 (lower)"]
    shown = "; ".join(i.detail for i in rows).split("; ")
    assert len(shown) == 10
    assert shown.count("taken") == sum(1 for c in observation["sequence"] if c is None)
    assert shown.count("face down") == observation["sequence"].count("face down")
    goals = blocks(section(document, "Goals"), Items)[0].items
    assert all("Complete it for the Challenge" in i.detail for i in goals)
    assert "Active player" not in values(section(document, "The round"))
    assert_readable(document)


def test_advanced_ratings_and_team_seats() -> None:
    game = make("advanced", 2)
    state = mid_game(game)
    observation = state.observation(0)
    document = PRESENTATION.document(game, observation)
    iconic = section(document, "Iconic Landmarks")
    table = blocks(iconic, Table)[0]
    assert table.columns == ("Iconic Landmark", "On your map", "Rating", "Upgrades", "Track")
    city = game.city
    board = observation["sheets"][0]["board"]
    for row, (k, name) in zip(table.rows, enumerate(city.iconic_names), strict=True):
        pp = observation["ratings"][city.iconic_ids[k]]
        column_number, row_number = city.coordinates(board, city.iconic_locations[k])
        assert row[0] == name and row[2] == f"{pp} PP"
        assert row[1] == f"horizontal {column_number}, vertical {row_number}"
        assert row[3] == f"{city.iconic_tracks[k].index(pp)} of 4"
    # Every board prints its own coordinates: a spectator's table has no location column.
    spectator = PRESENTATION.document(game, state.public_observation())
    columns = blocks(section(spectator, "Iconic Landmarks"), Table)[0].columns
    assert columns == ("Iconic Landmark", "Rating", "Upgrades", "Track")
    assert sentences(iconic)[0].startswith("Advanced mode:")
    team = make("team", 4)
    document = PRESENTATION.document(team, team.new_game(seed=1).observation(1))
    assert "Player 2 (you), in a team with Player 4" in titles(document)
    assert "Player 1, in a team with Player 3" in titles(document)
    assert "Player 4, in a team with you" in titles(document)


def test_the_end_shows_the_final_route_and_the_revealed_objectives() -> None:
    game = make("standard", 2)
    state = finished(game)
    observation = state.observation(0)
    document = PRESENTATION.document(game, observation)
    final = observation["final_route"]
    mine = values(section(document, "Your final route"))
    assert mine["Route"].startswith(f"{len(final) - 1} section")
    x, y = final[0] % 7, final[0] // 7
    assert f"from ({x}, {y})" in mine["Route"] or "loop" in mine["Route"]
    for seat in range(2):
        area = values(section(document, f"Player {seat + 1}" + (" (you)" if seat == 0 else "")))
        assert area["Personal Objective"].startswith("crossroads (")
    assert "The game is over" in sentences(section(document, "The round"))[-1]
    assert re.search(r"^  Round +10 of 10$", render_document(document), re.MULTILINE)


def test_a_document_draws_as_terminal_text() -> None:
    game = make("standard", 3)
    text = render_document(PRESENTATION.document(game, mid_game(game).observation(0)))
    assert text.startswith("Your hand\n")
    assert re.search(r"Location +Landmark +Tourists", text)
    assert re.search(r"horizontal \d, vertical \d", text)
    assert "Iconic Landmark" in text and "School of Illusion and Pottery" in text


# --- score rows -----------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "players", "level"), CONFIGS)
def test_score_rows_of_finished_games_add_up_and_read_right(
    mode: str, players: int, level: str
) -> None:
    game = make(mode, players, level)
    state = finished(game, seed=5)
    result = state.result
    assert result is not None
    for seat, breakdown in enumerate(result.breakdown):
        rows = PRESENTATION.score_rows(game, breakdown)
        assert sum(r.points for r in rows) == result.scores[seat]
        labels = [r.label for r in rows]
        assert labels[:6] == [
            "Final route",
            "Red Landmarks",
            "Green Landmarks",
            "Blue Landmarks",
            "Yellow Landmarks",
            "Gray Landmarks",
        ]
        assert ("Unused Café bonuses" in labels) == (level != "simplified")
        assert ("Personal Objective" in labels) == (level != "simplified")
        goal_rows = [r for r in rows if r.label.startswith("Goal ")]
        assert len(goal_rows) == (3 if level == "full" else 0)
        for row, goal_id in zip(goal_rows, breakdown["goal_results"], strict=True):
            assert row.label.startswith(f"Goal {goal_id} (")
            if mode == "solo":
                assert row.points == 0
                assert row.detail.startswith(("completed (+)", "not completed"))
            else:
                assert row.points == breakdown["goal_results"][goal_id]["pp"]
        route = rows[0]
        assert route.points == 0
        length = breakdown["route_length"]
        if length:
            assert route.detail.startswith(f"{length} section")
        for row, color in zip(rows[1:4], ("red", "green", "blue"), strict=True):
            found = re.match(rf"(\d+) {color} tourists? × (\d+) {color} Landmarks?", row.detail)
            if found:
                assert int(found.group(1)) * int(found.group(2)) == row.points
            else:
                assert row.detail == f"no {color} Landmark on the route" and row.points == 0
        for row in rows:
            assert not unreadable_parts(f"{row.label} {row.detail}"), row
            assert not IDS.search(row.detail), row
        text = "\n".join(render_score_rows(rows, result.scores[seat]))
        assert text.splitlines()[-1].split() == ["Total", str(result.scores[seat])]


def test_the_rulebook_example_reads_step_by_step() -> None:
    """The 105 PP example of "End of the Game" (CONTENT.md), as rows."""
    game = make("standard", 2, "intermediate")
    trail = [(1, 3), (1, 2), (1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (4, 3), (5, 3), (5, 4)]
    trail += [(6, 4), (6, 5), (5, 5), (5, 6), (4, 6), (3, 6)]
    breakdown = {
        "red": 12,
        "green": 20,
        "blue": 21,
        "yellow": 18,
        "gray": 10,
        "cafes": 2,
        "visit_them_all": 12,
        "personal_objective": 10,
        "goals": 0,
        "route_length": 15,
        "tourists": 23,
        "landmarks": 11,
        "total": 105,
        "goal_results": {},
        "final_route": [crossroads_index(x, y) for x, y in trail],
        "objective": "objective-1",
    }
    rows = {r.label: r for r in PRESENTATION.score_rows(game, breakdown)}
    assert sum(r.points for r in rows.values()) == 105
    assert rows["Final route"].detail == (
        "15 sections from (1, 3) to (3, 6), along 11 Landmarks, 23 tourists on it"
    )
    assert rows["Red Landmarks"].detail == (
        "6 red tourists × 2 red Landmarks (Merry-Go-Market and Roundabout Stadium)"
    )
    assert rows["Green Landmarks"].detail.startswith("10 green tourists × 2 green Landmarks")
    assert rows["Blue Landmarks"].detail.startswith("7 blue tourists × 3 blue Landmarks")
    assert rows["Yellow Landmarks"].detail == (
        "Hundred-Step Stairway 6 PP, Singing Bridge 6 PP, Floating Tea House 6 PP"
    )
    assert rows["Gray Landmarks"].detail == "Tele-Vision Tower, 10 PP at its final rating"
    assert rows["Unused Café bonuses"].detail.startswith("1 bonus × 2 PP")
    festival = rows["Visit-Them-All (Hand Craft Festival)"]
    assert festival.points == 12
    assert festival.detail == "2 of 3 Hand Craft Festival points on the route"
    assert rows["Personal Objective"].detail == (
        "(1, 1) and (5, 5) on the route, 10 sections apart"
    )


def test_goal_rows_say_winner_achiever_or_not_met() -> None:
    game = make("standard", 2)
    breakdown = {
        **dict.fromkeys(("red", "green", "blue", "yellow", "gray", "cafes"), 0),
        "visit_them_all": 0,
        "personal_objective": 0,
        "goals": 11,
        "route_length": 0,
        "tourists": 0,
        "landmarks": 0,
        "total": 11,
        "goal_results": {
            "A1": {"value": 18, "achieved": True, "pp": 7},
            "B2": {"value": 9, "achieved": True, "pp": 4},
            "C1": {"value": 2, "achieved": False, "pp": 0},
        },
        "final_route": [],
        "objective": None,
    }
    rows = [r for r in PRESENTATION.score_rows(game, breakdown) if r.label.startswith("Goal")]
    assert [(r.label, r.points, r.detail) for r in rows] == [
        ("Goal A1 (long route)", 7, "Goal Winner: 18 route sections"),
        ("Goal B2 (locations with tourists)", 4, "Goal Achiever: 9 locations with tourists"),
        (
            "Goal C1 (Landmark colours)",
            0,
            "not met: 2 Landmark colours, at least 4 needed",
        ),
    ]
    assert PRESENTATION.score_rows(game, breakdown)[0].detail.startswith("no final route")


# --- outcomes -------------------------------------------------------------------------------


def _result(scores: tuple[int, ...], winners: tuple[int, ...], **extra: Any) -> Result:
    keys = ("route_length", "tourists", "landmarks")
    breakdown = tuple(
        {"total": s, **{k: extra.get(k, [0] * len(scores))[i] for k in keys}}
        | extra.get("more", {})
        for i, s in enumerate(scores)
    )
    return Result(scores, winners, breakdown)


def test_solo_outcome_says_whether_the_challenge_was_met() -> None:
    game = make("solo", 1)
    met = _result(
        (112,),
        (0,),
        more={"challenge": {"pp": 70, "goals": 1, "goals_done": 2}, "challenge_met": True},
    )
    assert PRESENTATION.outcome(game, met, ["Ana"]) == (
        "Challenge met: 112 PP and 2 Goals (needed 70 PP and 1 Goal)."
    )
    missed = _result(
        (64,),
        (),
        more={"challenge": {"pp": 70, "goals": 1, "goals_done": 1}, "challenge_met": False},
    )
    assert PRESENTATION.outcome(game, missed, ["Ana"]) == (
        "Challenge not met: 64 PP and 1 Goal (needed 70 PP and 1 Goal)."
    )


def test_a_finished_solo_game_never_reads_no_winner() -> None:
    game = make("solo", 1)
    state = finished(game)
    assert state.result is not None
    outcome = PRESENTATION.outcome(game, state.result, ["Ana"])
    assert outcome.startswith("Challenge not met: ")
    assert "winner" not in outcome.lower()
    state = game.new_game(seed=2)
    bot = HeuristicBot(seed=1)
    while not state.is_over:
        state.apply(bot.choose(state, 0))
    assert state.result is not None and state.result.winners == (0,)
    score = state.result.scores[0]
    done = state.result.breakdown[0]["challenge"]["goals_done"]
    goals = "1 Goal" if done == 1 else f"{done} Goals"
    assert PRESENTATION.outcome(game, state.result, ["Ana"]) == (
        f"Challenge met: {score} PP and {goals} (needed 70 PP and 1 Goal)."
    )


def test_outcomes_of_standard_and_team_games() -> None:
    """End of the Game: ties go to the longest route, then the most tourists, then the most
    Landmarks, else the win is shared; Team Mode: the smaller difference between teammates.
    The sentence says which tie-break decided, or that the tie stands."""
    game = make("standard", 3)
    names = ["Ana", "Bo", "Cy"]
    assert PRESENTATION.outcome(game, _result((105, 90, 80), (0,)), names) == (
        "Ana wins with 105 PP."
    )
    tie = _result((98, 98, 80), (1,), route_length=[15, 18, 9])
    assert PRESENTATION.outcome(game, tie, names) == (
        "Bo wins with 98 PP, tied on PP with Ana, and ahead on the longest route "
        "(18 sections against 15)."
    )
    tourists = _result((98, 98, 80), (0,), route_length=[15, 15, 9], tourists=[30, 22, 1])
    assert PRESENTATION.outcome(game, tourists, names) == (
        "Ana wins with 98 PP, tied on PP with Bo, then level on the longest route, and ahead "
        "on the most tourists on the route (30 against 22)."
    )
    shared = _result((98, 98, 80), (0, 1))
    assert PRESENTATION.outcome(game, shared, names) == (
        "Ana and Bo share the win with 98 PP: the tie stands after every tie-break (longest "
        "route, tourists, Landmarks)."
    )
    three = _result((98, 98, 98), (0, 1), landmarks=[3, 3, 1])
    assert PRESENTATION.outcome(game, three, names) == (
        "Ana and Bo share the win with 98 PP: the tie stands after every tie-break (longest "
        "route, tourists, Landmarks); Cy lost on the tie-breaks."
    )
    landmarks = _result((98, 98, 80), (1,), landmarks=[2, 4, 0])
    assert PRESENTATION.outcome(game, landmarks, names) == (
        "Bo wins with 98 PP, tied on PP with Ana, then level on the longest route and the "
        "most tourists on the route, and ahead on the most Landmarks on the route (4 against 2)."
    )
    team = make("team", 4)
    names = ["Ana", "Bo", "Cy", "Di"]
    won = _result((95, 60, 85, 70), (0, 2))
    assert PRESENTATION.outcome(team, won, names) == (
        "Ana and Cy win as a team with 180 PP (95 + 85) against 130 PP."
    )
    close = _result((60, 50, 60, 70), (1, 3))
    assert PRESENTATION.outcome(team, close, names) == (
        "Bo and Di win as a team with 120 PP (50 + 70) against 120 PP, the team with the "
        "smaller difference between teammates."
    )
    even = _result((60, 50, 60, 70), (0, 1, 2, 3))
    assert PRESENTATION.outcome(team, even, names) == (
        "The teams share the victory with 120 PP each: the tie-break, the smaller difference "
        "between teammates, does not separate them."
    )


# --- moves in words -------------------------------------------------------------------------


def test_moves_in_words_for_every_action_kind() -> None:
    game = make("standard", 2)
    edge = horizontal_section(2, 3)  # (2, 3)-(3, 3)
    corner = (horizontal_section(2, 3), horizontal_section(3, 3))
    cases = {
        KeepObjective("objective-3"): (
            "kept the Personal Objective with crossroads (2, 0), (6, 3) and (1, 4)",
            "kept a Personal Objective",
        ),
        PlayCard("city-03"): ("placed the First City card 2 (2 blue, Tele-Vision Tower symbol)",)
        * 2,
        PlayHidden("global-01"): (
            "placed the Global Tourist card 1 (1 red)",
            "placed a card face down",
        ),
        KeepCard("repeat-4"): ("kept the Repeat card 4 as the second Round card",) * 2,
        ChooseRoundCards(("global-01", "repeat-2")): (
            "chose the Global Tourist card 1 (1 red) and the Repeat card 2 as Round cards",
            "chose their Round cards",
        ),
        Rate("tower", 1): ("rated the Tele-Vision Tower up",) * 2,
        Rate("school", -1): ("rated the School of Illusion and Pottery down",) * 2,
        Rate("observatory", 0): ("left the rating of the Skywatcher Observatory as it is",) * 2,
        Renew(("global-01", "repeat-2")): (
            "renewed their hand, putting back the Global Tourist card 1 (1 red) and the "
            "Repeat card 2",
            "renewed 2 cards of their hand",
        ),
        ChangeCoordinate(0, 1): (
            "used a Coordinate change: +1 on the first Round card's number",
            "drew on their map",
        ),
        Mark(21, ""): ("marked tourists at Inkwell Gallery (c4r4)", "drew on their map"),
        Mark(0, "green"): ("marked tourists at c1r1, choosing green tourists", "drew on their map"),
        Chart((edge,)): ("charted the section (2, 3)\u2013(3, 3)", "drew on their map"),
        Chart(corner): ("charted (2, 3)\u2013(3, 3)\u2013(4, 3)", "drew on their map"),
        ExtraSection(edge): (
            "used a Route section bonus on (2, 3)\u2013(3, 3)",
            "drew on their map",
        ),
        CafeTourists(0, True): ("added the tourists of Café Carousel (1 red)", "drew on their map"),
        CafeTourists(4, False): (
            "kept the bonus of Blue Moon Café unused, for 2 PP at the end",
            "drew on their map",
        ),
        Done(): ("ended their drawing turn", "drew on their map"),
        FinalRoute((crossroads_index(1, 1), crossroads_index(2, 1), crossroads_index(2, 2))): (
            "chose a final route of 2 sections from (1, 1) to (2, 2)",
            "chose a final route",
        ),
    }
    kinds = {type(action) for action in cases}
    assert kinds == set(CODEC.types)
    for action, (own, public) in cases.items():
        assert PRESENTATION.move_words(game, str(action)) == own, action
        assert PRESENTATION.move_words(game, action.public()) == public, action


def test_unknown_notation_reads_without_ids() -> None:
    game = make("standard", 2)
    assert PRESENTATION.move_words(game, "play city-99") == "placed a card"
    assert PRESENTATION.move_words(game, "rate moon up") == "rated an Iconic Landmark"
    words = PRESENTATION.move_words(game, "frobnicate x_y r25 city-07")
    assert words and not unreadable_parts(words) and "city" not in words


@pytest.mark.parametrize(("mode", "players", "level"), CONFIGS)
def test_every_logged_move_reads_in_words(mode: str, players: int, level: str) -> None:
    game = make(mode, players, level)
    state = game.new_game(seed=8)
    rnd = random.Random(8)
    seen: set[str] = set()
    while not state.is_over:
        for _, move in state.observation(state.current_player)["log"]:
            if move in seen:
                continue
            seen.add(move)
            words = PRESENTATION.move_words(game, move)
            assert words and not unreadable_parts(words), (move, words)
            assert not words.startswith("played "), (move, words)
        state.apply(rnd.choice(state.legal_actions()[:4]))
    assert seen


def test_segments_read_as_lines_loops_and_branches() -> None:
    square = (
        horizontal_section(0, 0),
        horizontal_section(0, 1),
        42 + 0,  # (0, 0)-(0, 1)
        42 + 1,  # (1, 0)-(1, 1)
    )
    name, detail = segment_words(sorted(square))
    assert detail == "4 sections" and name.count("\u2013") == 4
    assert name.startswith("(0, 0)") and name.endswith("(0, 0)")
    branch = (horizontal_section(0, 0), horizontal_section(1, 0), 42 + 1)
    assert segment_words(sorted(branch)) == (
        "Branching segment",
        "3 sections, meeting at (1, 0); it ends at (0, 0), (2, 0) and (1, 1)",
    )
