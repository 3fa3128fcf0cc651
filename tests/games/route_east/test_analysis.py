"""Route East's report analysis: facts agree with a direct count, sections with a hand count."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import pytest

from analysis_helpers import (
    play_to_end,
    played_game,
    rows_by_first,
    stored_facts,
    table,
    without_facts,
)
from tabletrip.core.analysis import PlayedGame, analysis_for
from tabletrip.core.analysis_tools import win_interval
from tabletrip.games.route_east.actions import (
    Accept,
    Camp,
    ChooseTarget,
    Cross,
    DrawBorder,
    DrawIgnition,
    FreightTrain,
    HellNo,
    Move,
    Play,
)
from tabletrip.games.route_east.analysis import ANALYSIS, CAUSES
from tabletrip.games.route_east.content import ATTRACTION, TARGETED
from tabletrip.games.route_east.rules import RouteEastState

# (bots, seed): two heuristic races (2 and 3 players) and a random game that hits the turn limit.
LINEUPS = (
    (("heuristic", "heuristic"), 1),
    (("heuristic", "random", "heuristic"), 2),
    (("random", "random"), 3),
)


@cache
def finished(index: int) -> RouteEastState:
    """A whole game of one lineup, played by real bots."""
    names, seed = LINEUPS[index]
    state = play_to_end("route-east", names, seed)
    assert isinstance(state, RouteEastState)
    return state


@cache
def facts(index: int) -> dict:
    """The facts of a game, as stored: through JSON."""
    return stored_facts(ANALYSIS, finished(index))


def report_game(index: int) -> PlayedGame:
    """A game as a report sees it."""
    return played_game(index, finished(index), LINEUPS[index][0], facts(index))


GAMES = range(len(LINEUPS))


# --- facts -------------------------------------------------------------------------------------


def test_the_analysis_is_registered() -> None:
    assert analysis_for("route-east") is ANALYSIS


@pytest.mark.parametrize("index", GAMES)
def test_facts_are_compact_json_that_round_trips(index: int) -> None:
    raw = ANALYSIS.facts(finished(index))
    text = json.dumps(raw)
    assert json.loads(text) == raw
    assert len(text) < 4000


def test_the_games_cover_a_win_and_the_turn_limit() -> None:
    assert finished(0).winner >= 0 and finished(1).winner >= 0
    assert finished(2).winner < 0
    assert facts(2)["turn_limit"] and not facts(0)["turn_limit"]


@pytest.mark.parametrize("index", GAMES)
def test_winner_first_player_and_distance_left_come_from_the_state(index: int) -> None:
    state, found = finished(index), facts(index)
    assert found["winner"] == state.winner
    assert found["first_player"] == state.first_player
    for seat, spaces in enumerate(found["spaces_to_shanghai"]):
        assert (spaces == 0) == (seat == state.winner)
        assert spaces < len(state.game.board.space_ids)


@pytest.mark.parametrize("index", GAMES)
def test_bankruptcies_match_the_state(index: int) -> None:
    state, found = finished(index), facts(index)
    per_seat = Counter(seat for seat, _, _ in found["bankruptcies"])
    assert [per_seat[s] for s in range(state.num_players)] == state.bankruptcies
    assert all(cause in CAUSES for _, _, cause in found["bankruptcies"])


@pytest.mark.parametrize("index", GAMES)
def test_bankruptcies_happen_when_the_counters_say(index: int) -> None:
    """Replayed move by move, a seat's bankruptcy counter goes up in the turn the facts give,
    on a move that can cost money: a toll on a Move, a theft on the victim's Accept."""
    final = finished(index)
    state = final.game.new_game(seed=final.seed)
    expected = []
    for _, action in final.history:
        counts, turns = list(state.bankruptcies), list(state.turns)
        target = state.attack[3] if isinstance(action, Accept) and state.attack else -1
        state.apply(action)
        for seat, (old, new) in enumerate(zip(counts, state.bankruptcies, strict=True)):
            if new > old:
                expected.append((seat, turns[seat], type(action).__name__, seat == target))
    found = facts(index)["bankruptcies"]
    assert [(seat, turn) for seat, turn, _ in found] == [(e[0], e[1]) for e in expected]
    for (_, _, cause), (_, _, action, robbed) in zip(found, expected, strict=True):
        assert (cause == "toll") == (action == "Move")
        assert (cause == "theft") == (action == "Accept" and robbed)


def test_the_random_game_goes_bankrupt_often() -> None:
    assert len(facts(2)["bankruptcies"]) >= 10
    assert {"lodging", "toll"} <= {cause for _, _, cause in facts(2)["bankruptcies"]}


@pytest.mark.parametrize("index", GAMES)
def test_action_cards_played_match_the_history(index: int) -> None:
    state = finished(index)
    decks = state.game.decks
    board = state.game.board
    name_of = {card.effect.kind: card.name for card in decks.action}
    expected: Counter[tuple[str, int]] = Counter()
    for seat, action in state.history:
        if isinstance(action, Play):
            expected[(decks.action[decks.action_index[action.card]].name, seat)] += 1
        elif isinstance(action, FreightTrain):
            expected[(name_of["freight_train"], seat)] += 1
            if board.kinds[board.index[action.space]] == ATTRACTION:
                expected[(name_of["tent"], seat)] += 1
        elif isinstance(action, Camp):
            expected[(name_of["tent"], seat)] += 1
        elif isinstance(action, Move) and action.magic_roll:
            expected[(name_of["magic_roll"], seat)] += 1
        elif isinstance(action, Cross) and action.border_pass:
            expected[(name_of["border_pass"], seat)] += 1
        elif isinstance(action, HellNo):
            expected[(name_of["hell_no"], seat)] += 1
    found = Counter(
        {
            (name, seat): n
            for name, per_seat in facts(index)["played"].items()
            for seat, n in enumerate(per_seat)
            if n
        }
    )
    assert found == expected
    assert sum(found.values()) > 0


@pytest.mark.parametrize("index", GAMES)
def test_ignition_and_border_cards_drawn_match_the_history(index: int) -> None:
    state, found = finished(index), facts(index)
    decks = state.game.decks
    for key, kind, names in (
        ("ignition", DrawIgnition, {c.name for c in decks.ignition}),
        ("border", DrawBorder, {c.name for c in decks.border}),
    ):
        draws = Counter(seat for seat, action in state.history if isinstance(action, kind))
        assert set(found[key]) <= names
        for seat in range(state.num_players):
            assert sum(per_seat[seat] for per_seat in found[key].values()) == draws[seat]


@pytest.mark.parametrize("index", GAMES)
def test_cards_aimed_at_a_player_match_the_history(index: int) -> None:
    state, found = finished(index), facts(index)
    decks = state.game.decks
    action_names = {c.name for c in decks.action}
    # Action cards: a Play aimed at a seat, answered by Hell no!s, settled by one Accept.
    expected: Counter[tuple[str, str, int]] = Counter()
    aimed: tuple[str, int] | None = None
    hell_nos = 0
    ignition_thefts = 0
    for _, action in state.history:
        if isinstance(action, Play):
            card = decks.action[decks.action_index[action.card]]
            if card.effect.kind in TARGETED:
                aimed, hell_nos = (card.name, action.target), 0
        elif isinstance(action, ChooseTarget):
            aimed, hell_nos = None, 0
            ignition_thefts += 1
        elif isinstance(action, HellNo):
            hell_nos += 1
        elif isinstance(action, Accept):
            if aimed is not None:
                outcome = "suffered" if hell_nos % 2 == 0 else "blocked"
                expected[(outcome, aimed[0], aimed[1])] += 1
            aimed = None
    counted: Counter[tuple[str, str, int]] = Counter()
    from_ignition = 0
    for outcome in ("suffered", "blocked"):
        for name, per_seat in found[outcome].items():
            for seat, n in enumerate(per_seat):
                if name in action_names:
                    counted[(outcome, name, seat)] += n
                else:
                    from_ignition += n
    assert +counted == expected
    assert from_ignition == ignition_thefts
    accepts = sum(1 for _, action in state.history if isinstance(action, Accept))
    assert sum(expected.values()) + ignition_thefts == accepts


# --- sections -----------------------------------------------------------------------------------


def test_sections_agree_with_a_hand_count_over_real_games() -> None:
    games = [report_game(i) for i in GAMES]
    sections = ANALYSIS.sections(games)
    assert [s.title for s in sections] == [
        "Route East: turns to finish",
        "Route East: bankruptcies",
        "Route East: card effects",
        "Route East: money, fuel and Embassy stays at the end",
    ]
    states = [finished(i) for i in GAMES]
    # Turns to finish, by bot.
    rows = rows_by_first(table(sections, "Turns to finish by bot"))
    heuristic_seats = [
        (i, s) for i in GAMES for s, b in enumerate(LINEUPS[i][0]) if b == "heuristic"
    ]
    assert rows["heuristic"]["seat-games"] == len(heuristic_seats) == 4
    won = [states[i].turns[s] for i, s in heuristic_seats if states[i].winner == s]
    assert rows["heuristic"]["wins"] == len(won) == 2
    assert rows["heuristic"]["mean turns to win"] == round(sum(won) / len(won), 1)
    assert rows["random"]["wins"] == 0 and rows["random"]["mean turns to win"] is None
    # Bankruptcies by cause: every bankruptcy of every game once.
    causes = rows_by_first(table(sections, "Bankruptcies by cause"))
    total = sum(sum(state.bankruptcies) for state in states)
    assert sum(row["bankruptcies"] for row in causes.values()) == total
    assert sections[1].summary.startswith(f"{total} bankruptcies in 3 games")
    # Action cards: plays a game, over the two 2-player games.
    two = rows_by_first(table(sections, "Action cards played (2 players)"))
    for name, row in two.items():
        plays = sum(sum(facts(i)["played"].get(name, [0])) for i in (0, 2))
        assert row["a game"] == round(plays / 2, 2)
        assert row["seats with it"] + row["seats without"] == 4
    plays_chart = next(c for c in sections[2].charts if c.title == "Action cards played a game")
    for name, value in zip(plays_chart.series[0].x, plays_chart.series[0].y, strict=True):
        plays = sum(sum(facts(i)["played"].get(name, [0])) for i in GAMES)
        assert value == round(plays / 3, 2)
    # Money at the end, by bot.
    money = rows_by_first(table(sections, "At the end, by bot"))
    randoms = [
        states[i].money[s] for i in GAMES for s, b in enumerate(LINEUPS[i][0]) if b == "random"
    ]
    assert money["random"]["mean money $"] == round(sum(randoms) / len(randoms), 2)


def synthetic(winner: int, bankruptcies: list[int], played: dict[str, list[int]]) -> PlayedGame:
    """A 2-player game made up for the test: who won, bankruptcies and Action cards played."""
    breakdown = tuple(
        {
            "finished": int(seat == winner),
            "attractions_visited": 3 if seat == winner else 1,
            "attractions": 3,
            "turns": 40,
            "bankruptcies": count,
            "embassy_stays": count,
            "money": 100 * (seat + 1),
            "fuel": seat,
            "turn_limit_reached": winner < 0,
            "total": int(seat == winner),
        }
        for seat, count in enumerate(bankruptcies)
    )
    return PlayedGame(
        index=0,
        seed=0,
        options={},
        bots=("heuristic", "random"),
        scores=tuple(b["total"] for b in breakdown),
        winners=(winner,) if winner >= 0 else (),
        breakdown=breakdown,
        moves=100,
        facts={
            "first_player": 1,
            "winner": winner,
            "turn_limit": winner < 0,
            "spaces_to_shanghai": [0 if s == winner else 10 for s in range(2)],
            "bankruptcies": [
                [s, 5 + i, "toll"] for s, n in enumerate(bankruptcies) for i in range(n)
            ],
            "played": played,
            "suffered": {"Pickpocket": [0, 1]},
            "blocked": {},
            "ignition": {"Open Road": [1, 1]},
            "border": {},
        },
    )


def test_win_rates_compare_seats_with_and_without_a_fact() -> None:
    games = [
        synthetic(0, [0, 2], {"Tent": [1, 0]}),
        synthetic(0, [1, 0], {"Tent": [0, 1]}),
        synthetic(1, [0, 3], {"Tent": [1, 0]}),
        synthetic(-1, [1, 1], {}),
    ]
    sections = ANALYSIS.sections(games)
    effect = {row[1]: row for row in table(sections, "Win rate and bankruptcies").rows}
    # Bankrupt seats: (0,1) lost, (1,0) won, (2,1) won, (3,0) and (3,1) lost: 2 wins of 5.
    assert effect["1 or more"][2:] == (5, 40.0, win_interval(2, 5))
    assert effect["0"][2:] == (3, 33.3, win_interval(1, 3))
    assert effect["3+"][2:] == (1, 100.0, win_interval(1, 1))
    assert "They won 40.0% of the time (of 5), seats never bankrupt 33.3% (of 3)" in (
        sections[1].summary
    )
    tent = next(row for row in table(sections, "Action cards played").rows if row[0] == "Tent")
    # Played a Tent: (0,0) won, (1,1) lost, (2,0) lost; the other 5 seat-games won 2.
    assert tent[2:] == (0.75, 3, 33.3, win_interval(1, 3), 5, 40.0, win_interval(2, 5))
    assert "Correlation, not effect" in table(sections, "Action cards played").note
    aimed = rows_by_first(table(sections, "Cards aimed at a player"))["Pickpocket"]
    assert aimed["in force a game"] == 1.0 and aimed["seats it hit"] == 4
    order = table(sections, "Win rate by turn order").rows
    # Seat 1 plays first in every game: it won once in 4.
    assert order[0][1:4] == (1, 4, 25.0) and order[1][1:4] == (2, 4, 50.0)
    causes = rows_by_first(table(sections, "Bankruptcies by cause"))
    assert causes["toll"]["bankruptcies"] == 8 and causes["lodging"]["bankruptcies"] == 0
    assert causes["lodging"]["mean turn"] is None


def test_sections_without_facts_still_report_what_the_breakdown_gives() -> None:
    games = without_facts([synthetic(0, [1, 0], {}), synthetic(1, [0, 0], {})])
    sections = ANALYSIS.sections(games)
    assert len(sections) == 4
    assert table(sections, "Win rate by turn order").rows == ()
    assert table(sections, "Bankruptcies by bot").rows[0][:2] == ("heuristic", 2)
    assert sections[2].summary == "No card facts were recorded for these games."
    assert ANALYSIS.sections([]) == []
