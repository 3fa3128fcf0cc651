"""Let's Go! To France's presentation: documents, score rows, outcomes and moves in words."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import tabletrip
from presentation_helpers import all_text, assert_readable, blocks, section, sentences, values
from tabletrip.core import Rng
from tabletrip.core.document_text import render_document
from tabletrip.core.game import Result
from tabletrip.core.phrases import plural
from tabletrip.core.presentation import (
    Cards,
    Document,
    Items,
    Progress,
    Section,
    Table,
    presentation_for,
    unreadable_parts,
)
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
from tabletrip.games.lets_go_france.content import DAYS, REGIONS
from tabletrip.games.lets_go_france.present import LetsGoPresentation
from tabletrip.games.lets_go_france.present_words import card_words, ordinal, time_chart_words
from tabletrip.games.lets_go_france.rules import HIDDEN_MOVE, LetsGoGame, LetsGoState

PRESENTATION = LetsGoPresentation()
SOLO_WORDS = ("travel agent", "Advanced Traveler")
OWN_TITLES = [
    "Your Itinerary",
    "Your tracks and tokens",
    "Your Traveler",
    "Your Goal tiles",
]


def make(players: int, region: str = "loire-valley", **options: Any) -> LetsGoGame:
    game = tabletrip.make("lets-go-france", players=players, region=region, **options)
    assert isinstance(game, LetsGoGame)
    return game


def play_until(
    state: LetsGoState, done: Callable[[LetsGoState], bool], seed: int = 1
) -> LetsGoState:
    rnd = random.Random(seed)
    while not done(state):
        assert not state.is_over, "the game ended before the position was reached"
        state.apply(rnd.choice(state.legal_actions()))
    return state


def mid_game(players: int, region: str = "loire-valley", seed: int = 3, **options: Any) -> Any:
    """Round 7 (2 cards to play), the second player about to play (solo: the player)."""
    game = make(players, region, **options)
    seat = 1 if players > 1 else 0
    state = play_until(
        game.new_game(seed=seed),
        lambda s: s.round == 6 and s.seat == seat and s.to_play == 2 and not s.pending,
        seed,
    )
    return game, state


def finished(players: int, region: str = "loire-valley", seed: int = 2, **options: Any) -> Any:
    game = make(players, region, **options)
    return game, play_until(game.new_game(seed=seed), lambda s: s.is_over, seed)


def days(sec: Section) -> dict[str, str]:
    """The day items of a section (its first Items block naming the days)."""
    for block in blocks(sec, Items):
        found = {i.name: i.detail for i in block.items}
        if "Monday" in found:
            return found
    raise AssertionError(f"no days in {sec.title}")


# --- registration and words ---------------------------------------------------------------------


def test_the_game_registers_its_presentation() -> None:
    assert isinstance(presentation_for("lets-go-france"), LetsGoPresentation)


def test_words_read_whole() -> None:
    assert plural(1, "card") == "1 card" and plural(2, "card") == "2 cards"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
    ]
    game = make(2)
    assert time_chart_words(game.board.time_chart) == (
        "up to 6 Time: 1 space right; 7 to 8 Time: no move; 9 to 10 Time: 1 space left; "
        "11+ Time: 2 spaces left"
    )


def test_cards_say_what_they_give_as_the_rulebook_does() -> None:
    game = make(2)
    card = {a.key: a for a in game.activities}
    # Camille's Baguette: 1 point and 1 Time at the top, 6 points, 2 Food and 1 Time below
    assert card_words(card["baguette"]) == (
        "Food, 1 point, 1 Time; Highlight of the Day: 6 points, 2 Food icons, 1 more Time today"
    )
    # Antoine's Château de Monte-Cristo gives a Research token when played
    assert "gain a Research token when played" in card_words(card["chateau-de-monte-cristo"])
    assert card_words(card["arc-de-triomphe"]).endswith(
        "6 points per day so far with 4+ different icons on cards"
    )
    assert "gain 2 Travel actions when played" in card_words(card["gare-saint-lazare"])
    for activity in game.activities:
        assert not unreadable_parts(card_words(activity)), activity.key


# --- documents --------------------------------------------------------------------------------


def test_mid_game_document_of_a_seat() -> None:
    game, state = mid_game(3)
    observation = state.observation(1)
    document = PRESENTATION.document(game, observation)
    titles = [s.title for s in document.sections]
    assert titles == [
        "Your hand",
        *OWN_TITLES,
        "Player 1",
        "Player 2 (you)",
        "Player 3",
        "The round",
        "Discard pile",
        "Regional map: Loire Valley",
        "Goal tiles",
    ]
    roles = [s.role for s in document.sections]
    assert roles == ["mine"] * 5 + ["seat"] * 3 + ["table"] * 4
    assert [s.seat for s in document.sections if s.role == "seat"] == [0, 1, 2]
    hand = blocks(section(document, "Your hand"), Cards)[0]
    names = {a.key: a.name for a in game.activities}
    assert [c.name for c in hand.cards] == [names[k] for k in observation["hand"]]
    assert all("Highlight of the Day: " in c.detail for c in hand.cards)
    assert "Play 2 cards into your Itinerary" in sentences(section(document, "Your hand"))[0]
    assert "face down to the player on your left" in sentences(section(document, "Your hand"))[0]
    table = values(section(document, "The round"))
    assert table["Round"] == "7 of 14"
    assert table["Cards pass"] == "to the left (rounds 1 to 7)"
    assert table["Deck"] == plural(observation["deck_size"], "card")
    said = sentences(section(document, "The round"))
    assert said[0].startswith("Round 7 of 14: draw the stack passed to you and 2 cards")
    assert said[1].startswith("Your turn to play this round. Already played: Player 1")
    itinerary = days(section(document, "Your Itinerary"))
    assert list(itinerary) == [d.capitalize() for d in DAYS]
    for day, column in zip(DAYS, observation["my_board"]["days"], strict=True):
        assert f"{len(column)} of 5 cards" in itinerary[day.capitalize()]
    text = all_text(document)
    for word in SOLO_WORDS:
        assert word not in text
    assert_readable(document)


def test_tracks_and_tokens_show_the_experience_track_as_bars() -> None:
    game, state = finished(2, seed=4)
    observation = state.observation(0)
    document = PRESENTATION.document(game, observation)
    mine = section(document, "Your tracks and tokens")
    bars = blocks(mine, Progress)
    assert [b.label.split(" ")[0].rstrip(",") for b in bars] == [
        "Architecture",
        "Art",
        "Food",
        "History",
        "Nature",
        "Shopping",
    ]
    experience = observation["my_board"]["experience"]
    for bar, steps in zip(bars, experience.values(), strict=True):
        assert bar.maximum == 10
        assert bar.value == (steps - 10 if steps >= 10 else steps)
        assert ("flipped to its 10 side" in bar.label) == (steps >= 10)
    shown = values(mine)
    assert shown["Spaces moved on the Experience Track"] == str(sum(experience.values()))
    assert shown["Research tokens"] == str(observation["my_board"]["research"])
    breakdown = state.result.breakdown[0] if state.result else {}
    assert shown["Experience Track"] == f"{breakdown['experience']} points"
    rows = {i.name for b in blocks(mine, Items) for i in b.items}
    assert rows == {"Top bonus row", "Middle bonus row", "Bottom bonus row"}
    assert any("flips to its 10 side" in t for t in sentences(mine))


def test_your_own_explore_cards_are_named_and_others_stay_face_down() -> None:
    game = make(2)

    def both_explored(s: LetsGoState) -> bool:
        mine = s.observation(0)["my_board"]["days"]
        theirs = s.public_observation()["boards"][1]["days"]
        return any(c["explore"] for col in mine for c in col) and any(
            c["explore"] for col in theirs for c in col
        )

    state = play_until(game.new_game(seed=5), both_explored, 5)
    document = PRESENTATION.document(game, state.observation(0))
    names = {a.key: a.name for a in game.activities}
    own = days(section(document, "Your Itinerary"))
    mine = [c for col in state.observation(0)["my_board"]["days"] for c in col if c["explore"]]
    for cell in mine:
        assert any(f"Explore the City ({names[cell['card']]}, face down" in d for d in own.values())
    theirs = " ".join(days(section(document, "Player 2")).values())
    assert "Explore the City (face down" in theirs
    for part in theirs.split("Explore the City (")[1:]:
        assert part.startswith("face down"), part
    hidden = [game.activities[k].name for col in state.days[1] for k, explore in col if explore]
    shown = [game.activities[k].name for col in state.days[1] for k, explore in col if not explore]
    for name in hidden:
        assert name not in theirs or name in shown


def test_a_placement_reads_top_to_bottom_with_its_highlight() -> None:
    game = make(2)
    state = game.new_game(seed=8)
    first = game.activities[state.hands[0][0]]
    state.apply(Place(first.key, "monday", 0))
    document = PRESENTATION.document(game, state.observation(0))
    monday = days(section(document, "Your Itinerary"))["Monday"]
    assert f"{first.name} (Highlight of the Day: " in monday
    assert f"{first.time + first.highlight.time} Time" in monday
    assert monday.endswith("1 of 5 cards")
    slots = sentences(section(document, "Your Itinerary"))[0]
    assert "at the top, between two cards or at the bottom" in slots
    # the other player does not see the card before the round is revealed
    other = PRESENTATION.document(game, state.observation(1))
    assert days(section(other, "Player 1"))["Monday"].endswith("no cards yet; 0 of 5 cards")


def test_the_spectator_sees_no_hand_and_no_you() -> None:
    for players in (1, 2, 4):
        game, state = mid_game(players)
        document = PRESENTATION.document(game, state.public_observation())
        assert all(s.role != "mine" for s in document.sections)
        assert [s.title for s in document.sections if s.role == "seat"] == [
            f"Player {n + 1}" for n in range(players)
        ]
        text = all_text(document)
        assert "Your" not in text and "(you)" not in text
        assert any(
            " is playing this round." in t for t in sentences(section(document, "The round"))
        )
        assert_readable(document)


def test_solo_document_shows_the_travel_agent() -> None:
    game, state = mid_game(1, "sud-ouest")
    document = PRESENTATION.document(game, state.observation(0))
    agent = section(document, "The travel agent")
    assert agent.role == "table"
    week = days(agent)
    capacities = [detail.rsplit("; ", 1)[1] for detail in week.values()]
    board = state.observation(0)["travel_agent"]
    assert capacities == [
        f"{len(col)} of {n} cards" for col, n in zip(board["days"], (3, 3, 3, 3, 3, 4), strict=True)
    ]
    assert len(blocks(agent, Progress)) == 6
    assert "Advanced Traveler" not in all_text(document)
    assert values(section(document, "The round"))["Cards pass"] == "to the travel agent"
    assert "Player 2" not in all_text(document)
    assert "to the travel agent, face up into its week" in " ".join(
        sentences(section(document, "Your hand"))
    )
    advanced, hard = mid_game(1, "sud-ouest", advanced_traveler=True)
    rules = sentences(
        section(PRESENTATION.document(advanced, hard.observation(0)), "The travel agent")
    )
    assert any(
        "Advanced Traveler Mode: it also scores its lowest icon times its highest" in t
        for t in rules
    )
    assert_readable(document)


@pytest.mark.parametrize("region", REGIONS)
def test_the_regional_map_and_the_goal_tiles_in_play(region: str) -> None:
    game, state = mid_game(2, region, seed=6)
    observation = state.public_observation()
    document = PRESENTATION.document(game, observation)
    board = section(document, f"Regional map: {game.region.name}")
    spaces = {i.name: i.detail for b in blocks(board, Items) for i in b.items}
    assert list(spaces) == [s.name for s in game.region.spaces]
    for space in game.region.spaces:
        assert spaces[space.name].startswith("gives ")
        assert ("starting space" in spaces[space.name]) == space.start
    for seat, info in enumerate(observation["boards"]):
        if info["traveler"]:
            name = next(s.name for s in game.region.spaces if s.id == info["traveler"])
            assert f"Player {seat + 1}" in spaces[name].split("Traveler here: ")[1]
    goals = {
        i.name: i.detail for b in blocks(section(document, "Goal tiles"), Items) for i in b.items
    }
    single = game.goals[observation["goals"]["single_flag"]]
    double = game.goals[observation["goals"]["double_flag"]]
    side = "AB"[[f.id for f in game.double_faces].index(double.id)]
    assert set(goals) == {
        "Single-flag Goal tile",
        f"Double-flag Goal tile ({game.region.name}, side {side})",
    }
    assert goals["Single-flag Goal tile"].startswith(single.text.replace("Favourable", "Favorable"))
    assert "Favourable" not in all_text(document)
    assert_readable(document)


def test_the_double_flag_side_chosen_is_named() -> None:
    for side in ("a", "b"):
        game = make(2, double_flag_side=side)
        document = PRESENTATION.document(game, game.new_game(seed=1).public_observation())
        titles = [i.name for b in blocks(section(document, "Goal tiles"), Items) for i in b.items]
        assert f"Double-flag Goal tile (Loire Valley, side {side.upper()})" in titles


def test_the_document_does_not_change_when_hidden_cards_are_resampled() -> None:
    for players in (1, 2, 3):
        game, state = mid_game(players)
        seat = state.current_player
        before = PRESENTATION.document(game, state.observation(seat)).to_json()
        for salt in range(3):
            view = state.determinize(seat, Rng(salt))
            assert PRESENTATION.document(game, view.observation(seat)).to_json() == before


def _decision(document: Document) -> Section:
    return section(document, "Your decision")


def _until_pending(game: LetsGoGame, kind: str, seeds: range = range(1, 40)) -> LetsGoState:
    for seed in seeds:
        state = game.new_game(seed=seed)
        rnd = random.Random(seed)
        while not state.is_over:
            if state.pending and state.pending[0].kind == kind:
                return state
            state.apply(rnd.choice(state.legal_actions()))
    raise AssertionError(f"no {kind} decision in {len(seeds)} games")


def test_decisions_are_said_in_the_rulebooks_words() -> None:
    game = make(2)
    state = _until_pending(game, "travel")
    seat = state.current_player
    text = sentences(_decision(PRESENTATION.document(game, state.observation(seat))))[0]
    if state.traveler[seat] < 0:
        assert "place your Traveler on a starting space (Orléans, Tours or Angers)" in text
    else:
        assert "move your Traveler along a solid line from " in text
    state = _until_pending(game, "favour")
    seat = state.current_player
    day = DAYS[state.pending[0][1]]
    text = sentences(_decision(PRESENTATION.document(game, state.observation(seat))))[0]
    assert text.startswith(f"Your card matches {day.capitalize()}'s Favorable Condition token")
    assert "bonus row" in text
    # the others see no decision of a planning seat
    other = PRESENTATION.document(game, state.observation(1 - seat))
    assert "Your decision" not in [s.title for s in other.sections]


def test_the_cards_a_decision_is_about_are_shown() -> None:
    solo = make(1)
    state = _until_pending(solo, "agent_order")
    document = PRESENTATION.document(solo, state.observation(0))
    decision = _decision(document)
    assert "choose the one it takes first" in sentences(decision)[0]
    names = {a.key: a.name for a in solo.activities}
    shown = [c.name for c in blocks(decision, Cards)[0].cards]
    assert shown == [names[k] for k in state.observation(0)["agent_cards"]]
    provence = make(2, "provence-alpes-cote-dazur", double_flag_side="a")
    state = _until_pending(provence, "goal_card")
    seat = state.current_player
    decision = _decision(PRESENTATION.document(provence, state.observation(seat)))
    shown = [c.name for c in blocks(decision, Cards)[0].cards]
    assert shown == [names[k] for k in state.observation(seat)["goal_cards"]]
    watching = PRESENTATION.document(provence, state.public_observation())
    trip = sentences(section(watching, "The trip to Paris"))[0]
    assert f"Waiting on Player {seat + 1}: which drawn card's Highlight of the Day" in trip
    assert "Your decision" not in [s.title for s in watching.sections]


def test_the_trip_is_a_table_of_days() -> None:
    game, state = finished(3, seed=7)
    document = PRESENTATION.document(game, state.public_observation())
    trip = section(document, "The trip to Paris")
    assert sentences(trip)[0] == "Every trip has been taken: the scores are final."
    grid = blocks(trip, Table)[0]
    assert grid.columns == ("Day", "Player 1", "Player 2", "Player 3")
    assert [r[0] for r in grid.rows] == [d.capitalize() for d in DAYS] + ["All days"]
    assert state.result is not None
    for seat in range(3):
        assert grid.rows[-1][seat + 1] == state.result.breakdown[seat]["days"]
    area = sentences(section(document, "Player 2"))
    assert any(t.startswith("Trip: Monday ") for t in area)


def test_the_goals_after_saturday_read_in_words() -> None:
    """The trip's last step, after Saturday: the Goal tiles acting then ("end-of-trip" read
    like a kebab id)."""
    game, state = finished(2, seed=7)
    observation = state.observation(0)
    observation["phase"], observation["current_player"] = "trip", 1
    observation["trip"]["day"] = len(DAYS)
    trip = sentences(section(PRESENTATION.document(game, observation), "The trip to Paris"))
    assert "Player 2 is on the Goal tiles that act at the end of the trip." in trip[0]
    assert not unreadable_parts(trip[0])


def test_every_position_of_a_game_reads_well() -> None:
    for players, region in ((4, "brittany-normandy"), (1, "provence-alpes-cote-dazur")):
        game = make(players, region)
        state = game.new_game(seed=11)
        rnd = random.Random(11)
        step = 0
        while not state.is_over:
            if step % 4 == 0 or state.phase:
                for seat in range(players):
                    assert_readable(PRESENTATION.document(game, state.observation(seat)))
                assert_readable(PRESENTATION.document(game, state.public_observation()))
            state.apply(rnd.choice(state.legal_actions()))
            step += 1
        assert_readable(PRESENTATION.document(game, state.observation(0)))


def test_a_document_draws_as_terminal_text() -> None:
    game, state = mid_game(2)
    text = render_document(PRESENTATION.document(game, state.observation(1)))
    assert text.startswith("Your hand\n")
    assert "Round         7 of 14" in text
    assert "Architecture (" in text and " of 10 spaces" in text


# --- score rows and outcomes -----------------------------------------------------------------

LABELS = [
    "Itinerary days",
    "Energy Tracker",
    "Experience Track",
    "Favorable Condition tokens",
    "Point tokens and Goal tiles",
    "Research tokens left",
]


@pytest.mark.parametrize(
    ("players", "region"), [(2, "loire-valley"), (3, "sud-ouest"), (4, "brittany-normandy")]
)
def test_score_rows_of_finished_games_add_up(players: int, region: str) -> None:
    game, state = finished(players, region)
    assert state.result is not None
    for seat, breakdown in enumerate(state.result.breakdown):
        rows = PRESENTATION.score_rows(game, breakdown)
        assert [r.label for r in rows] == LABELS
        assert sum(r.points for r in rows) == state.result.scores[seat]
        assert rows[0].detail.startswith(f"Monday {breakdown['day_points'][0]}, Tuesday ")
        assert rows[2].detail == f"{breakdown['experience_moved']} spaces moved"
        for row in rows:
            assert not unreadable_parts(f"{row.label} {row.detail}")


def test_score_rows_read_the_breakdown() -> None:
    game = make(2)
    breakdown = {
        "days": 44,
        "energy": 15,
        "experience": 33,
        "favourable_conditions": 4,
        "tokens_and_goals": 3,
        "research_tokens": 1,
        "day_points": [6, 10, 4, 2, 11, 11],
        "day_energy_points": [1, 2, 3, 3, 3, 3],
        "experience_moved": 45,
        "total": 100,
    }
    rows = PRESENTATION.score_rows(game, breakdown)
    assert [(r.label, r.points, r.detail) for r in rows] == [
        (
            "Itinerary days",
            44,
            "Monday 6, Tuesday 10, Wednesday 4, Thursday 2, Friday 11, Saturday 11",
        ),
        (
            "Energy Tracker",
            15,
            "Monday +1, Tuesday +2, Wednesday +3, Thursday +3, Friday +3, Saturday +3",
        ),
        ("Experience Track", 33, "45 spaces moved"),
        (
            "Favorable Condition tokens",
            4,
            "2 tokens flipped and moved to a bonus row, 2 points each",
        ),
        ("Point tokens and Goal tiles", 3, "from bonus rows, the regional map and Goal tiles"),
        ("Research tokens left", 1, "1 token, 1 point each"),
    ]
    assert sum(r.points for r in rows) == breakdown["total"]


def test_the_travel_agents_breakdown_reads_as_its_own_rows() -> None:
    for advanced in (False, True):
        game, state = finished(1, "provence-alpes-cote-dazur", 3, advanced_traveler=advanced)
        assert state.result is not None
        mine = state.result.breakdown[0]
        rows = PRESENTATION.score_rows(game, mine)
        assert sum(r.points for r in rows) == state.result.scores[0]  # the agent is apart
        agent = mine["travel_agent"]
        rows = PRESENTATION.score_rows(game, agent)
        assert sum(r.points for r in rows) == agent["total"]
        labels = [r.label for r in rows]
        assert labels[:6] == [
            "Itinerary days",
            "Energy Tracker",
            "Experience Track",
            "Favorable Condition tokens flipped",
            "Travel icons",
            "Research tokens left",
        ]
        assert ("Advanced Traveler Mode" in labels) == advanced
        assert rows[0].detail == "each Highlight of the Day activated and scored twice"


def _result(scores: tuple[int, ...], winners: tuple[int, ...], moved: tuple[int, ...]) -> Result:
    return Result(scores, winners, tuple({"experience_moved": m} for m in moved))


def test_outcome_sentences() -> None:
    game = make(3)
    names = ["Ana", "Bo", "Cy"]
    win = _result((121, 90, 80), (0,), (30, 20, 10))
    assert PRESENTATION.outcome(game, win, names) == "Ana wins with 121 points."
    share = _result((98, 98, 80), (0, 1), (25, 25, 10))
    assert PRESENTATION.outcome(game, share, names).startswith(
        "Ana and Bo share the victory with 98 points"
    )
    moved = _result((98, 98, 80), (1,), (24, 26, 10))
    assert PRESENTATION.outcome(game, moved, names).startswith("Bo wins with 98 points")
    # how each tie was broken, or that it stands: test_present_terminal.py
    one = _result((1, 0, 0), (0,), (1, 0, 0))
    assert PRESENTATION.outcome(game, one, names) == "Ana wins with 1 point."


def test_solo_outcome_sentences() -> None:
    def solo(mine: int, theirs: int, won: bool) -> Result:
        return Result((mine,), (0,) if won else (), ({"travel_agent": {"total": theirs}},))

    game = make(1)
    assert PRESENTATION.outcome(game, solo(121, 98, True), ["Ana"]) == (
        "Ana beats the travel agent, 121 points to 98."
    )
    assert PRESENTATION.outcome(game, solo(76, 136, False), ["Ana"]) == (
        "The travel agent wins, 136 points to Ana's 76."
    )
    assert PRESENTATION.outcome(game, solo(98, 98, False), ["Ana"]) == (
        "Ana ties the travel agent at 98 points: a win takes more points than the travel agent."
    )
    hard = make(1, advanced_traveler=True)
    assert PRESENTATION.outcome(hard, solo(76, 194, False), ["Ana"]) == (
        "The travel agent wins in Advanced Traveler Mode, 194 points to Ana's 76."
    )


def test_outcome_of_finished_games() -> None:
    game, state = finished(3, "sud-ouest", 5)
    assert state.result is not None
    sentence = PRESENTATION.outcome(game, state.result, ["Ana", "Bo", "Cy"])
    best = max(state.result.scores)
    assert f"with {best} points" in sentence and not unreadable_parts(sentence)
    game, state = finished(1, "loire-valley", 2)
    assert state.result is not None
    sentence = PRESENTATION.outcome(game, state.result, ["Ana"])
    assert "the travel agent" in sentence.lower() and str(state.result.scores[0]) in sentence


# --- moves in words ---------------------------------------------------------------------------


def test_every_move_kind_in_words() -> None:
    game = make(2)

    def words(move: str) -> str:
        return PRESENTATION.move_words(game, move)

    rodin = Place("musee-rodin", "saturday", 1)
    assert words(rodin.public()) == "placed Musée Rodin on Saturday, 2nd from the top"
    assert words(str(Place("baguette", "monday", 0))) == "placed Baguette at the top of Monday"
    explore = Place("louvre-pyramid", "thursday", 2, explore=True)
    assert words(explore.public()) == "explored the city on Thursday, 3rd from the top"
    assert words(str(explore)) == "explored the city on Thursday, 3rd from the top"
    assert words(str(UseResearch())) == "used a Research token to draw 3 cards"
    discard = DiscardThree(("baguette", "eiffel-tower", "musee-rodin"))
    assert words(str(discard)) == "discarded Baguette, Eiffel Tower and Musée Rodin"
    assert words(str(Travel("tours"))) == "traveled to Tours"
    assert words(str(SkipTravel())) == "let a Travel action go"
    assert words(str(DottedPath("amboise"))) == (
        "paid a Wild token to take the dotted line to Amboise"
    )
    assert words(str(DottedPath("saumur"))) == "took a dotted line to Saumur"  # two costs
    sud_ouest = make(2, "sud-ouest")
    paths = sud_ouest.region.paths
    back = next(p.b for p in paths if p.cost == "experience")
    assert {p.cost for p in paths if p.dotted and back in (p.a, p.b)} == {"experience"}
    town = next(s.name for s in sud_ouest.region.spaces if s.id == back)
    assert PRESENTATION.move_words(sud_ouest, str(DottedPath(back))) == (
        f"moved an Experience token back 1 space to take the dotted line to {town}"
    )
    assert words(str(Favour("flip"))) == "flipped a Favorable Condition token to its 2 side"
    assert words(str(Favour("row", 2))) == (
        "moved a Favorable Condition token to the bottom bonus row and took its bonus"
    )
    assert words(str(Favour("skip"))) == "took no Favorable Condition bonus"
    assert words(str(ChooseIcon("history"))) == "chose History"
    assert words(str(ChooseRow(0))) == "took a bonus of the top bonus row with a Goal tile"
    assert words(str(SpendWild("art"))) == "spent a Wild token on Art"
    assert words(str(Done())) == "was done"
    assert words(HIDDEN_MOVE) == "made a hidden move"


def test_choices_in_words_by_region_and_players() -> None:
    words = PRESENTATION.move_words
    solo = make(1)
    assert words(solo, str(ChooseCard(1))) == (
        "chose the second of two cards to go first into the travel agent's week"
    )
    provence = make(2, "provence-alpes-cote-dazur")
    assert words(provence, str(ChooseCard(0))) == (
        "chose the first of the two cards drawn for the Goal tile"
    )
    brittany = make(3, "brittany-normandy")
    assert words(brittany, str(ChooseCard(2))) == ("chose Player 3's Saturday Highlight of the Day")


def test_an_unknown_notation_reads_without_ids() -> None:
    game = make(2)
    for move in ("frobnicate r12 some_key", "place nowhere funday 0", "travel atlantis", "t3"):
        words = PRESENTATION.move_words(game, move)
        assert words and not unreadable_parts(words), (move, words)
    assert PRESENTATION.move_words(game, "travel atlantis") == "traveled to another place"


@pytest.mark.parametrize(("players", "region"), [(1, "brittany-normandy"), (3, "sud-ouest")])
def test_the_log_of_real_games_reads_in_words(players: int, region: str) -> None:
    game, state = finished(players, region, 6)
    kinds: set[str] = set()
    for _, action in state.recent_history(100_000):
        for move in (state.public_move(action), str(action)):
            words = PRESENTATION.move_words(game, move)
            assert words and not unreadable_parts(words), (move, words)
            assert not words.startswith(("played", "made a move")), (move, words)
        kinds.add(type(action).__name__)
    assert {"Place", "Done", "Travel"} <= kinds
