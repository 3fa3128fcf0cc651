"""The Let's Go! To France terminal view: no leaks, what a seat may know shown, 100 columns."""

from __future__ import annotations

import re

import pytest

from lets_go_view_helpers import SETTINGS, STAGES, hidden_names, played, viewers
from tabletrip.core import Rng, presentation
from tabletrip.games.lets_go_france.content import DAYS
from tabletrip.games.lets_go_france.legal import PENDING_WORDS
from tabletrip.games.lets_go_france.text import WIDTH, render_text, seat_name


@pytest.mark.parametrize(("players", "region"), SETTINGS)
@pytest.mark.parametrize("moves", STAGES)
def test_text_renders_at_every_stage(players: int, region: str, moves: int) -> None:
    state = played(players, region, seed=players * 100 + moves, moves=moves)
    if moves == STAGES[-1]:
        assert state.is_over
    for seat in viewers(state):
        text = render_text(state, seat)
        assert text == presentation.render_text(state, seat)
        assert "Let's Go! To France" in text
        too_long = [line for line in text.splitlines() if len(line) > WIDTH]
        assert not too_long, too_long


@pytest.mark.parametrize(("players", "region"), SETTINGS)
@pytest.mark.parametrize("moves", STAGES)
def test_text_never_shows_what_the_seat_cannot_know(players: int, region: str, moves: int) -> None:
    """No card outside the seat's observation (others' hands and stacks, face-down Explore the
    City cards, the round's unrevealed plays, the deck) is named in its text."""
    state = played(players, region, seed=players * 7 + moves, moves=moves)
    for seat in viewers(state):
        observation = state.public_observation() if seat is None else state.observation(seat)
        text = render_text(state, seat)
        for word in hidden_names(state, observation):
            assert word not in text, f"{seat} sees {word}"


@pytest.mark.parametrize(("players", "region"), SETTINGS)
def test_what_a_seat_cannot_see_changes_nothing_in_its_text(players: int, region: str) -> None:
    """Another deal of the hidden cards gives the same text."""
    for moves in (17, 60, 150):
        state = played(players, region, seed=moves, moves=moves)
        for seat in range(players):
            for k in range(3):
                other_world = state.determinize(seat, Rng(seat * 10 + k))
                assert render_text(other_world, seat) == render_text(state, seat)


def test_own_hand_itinerary_and_tracks_are_shown() -> None:
    state = played(2, "loire-valley", seed=3, moves=40)
    acts = state.game.activities
    for seat in range(2):
        text = render_text(state, seat)
        observation = state.observation(seat)
        assert f"Your hand ({len(observation['hand'])} card" in text
        for card in state.hands[seat]:
            assert f"  - {acts[card].name} ({acts[card].key}):" in text
        assert "MONDAY" in text and "SATURDAY" in text
        board = observation["my_board"]
        for day, column in enumerate(board["days"]):
            if column and not column[-1]["explore"]:
                name = acts[state.game.card_index[column[-1]["card"]]].name
                assert f"{DAYS[day][:3].capitalize()} {name}:" in text
        assert f"Energy {board['energy']:+d}" in text
        assert "Reward rows" in text and "experience track" in text
        assert "Regional map, Loire Valley:" in text
    spectator = render_text(state, None)
    assert "Your hand" not in spectator and "Your itinerary" not in spectator


def test_pending_decision_is_worded_for_the_seat_deciding() -> None:
    for seed in range(40):
        state = played(2, "loire-valley", seed=seed, moves=5)
        if state.pending:
            break
    else:
        pytest.skip("no pending decision in the random games")
    seat = state.current_player
    kind = state.pending[0][0]
    assert f"You must now: {PENDING_WORDS[kind]}" in render_text(state, seat)
    other = render_text(state, 1 - seat)
    assert "You must now" not in other
    # planning: the others learn whose turn it is, not what the seat is deciding (hidden plays)
    assert f"Playing now: {seat_name(seat)}." in other
    assert PENDING_WORDS[kind] not in other


def test_solo_shows_the_travel_agents_week() -> None:
    state = played(1, "loire-valley", seed=2, moves=80)
    text = render_text(state, 0)
    assert "The travel agent, as " in text
    agent = state.public_observation()["travel_agent"]
    acts = {a.key: a for a in state.game.activities}
    for column in agent["days"]:
        for cell in column:
            # the first word, up to a hyphen: a narrow day column may wrap a name there
            assert re.split(r"[\s-]", acts[cell["card"]].name)[0] in text


def test_one_point_reads_in_the_singular() -> None:
    """ "1 pts" nowhere: a card, a Highlight or a space worth 1 point says "1 pt"."""
    for moves in (40, 5000):
        state = played(3, "sud-ouest", seed=11, moves=moves)
        for seat in viewers(state):
            assert not re.search(r"(?<![\d.])1 pts", render_text(state, seat))


@pytest.mark.parametrize(("players", "region"), SETTINGS)
def test_text_shows_each_seats_trip_points_by_day_once_some_are_scored(
    players: int, region: str
) -> None:
    """Scoring (Trip points): the day points each seat has scored so far are listed, one line
    per seat that has any (the lines were built and then dropped until mypy saw it)."""
    state = played(players, region, seed=players * 31, moves=STAGES[-1])
    points = state.observation(0)["trip"]["day_points"]
    assert any(points)
    text = render_text(state, 0)
    assert "Trip points by day:" in text
    for days in points:
        if days:
            assert f"({sum(days)} so far)" in text
