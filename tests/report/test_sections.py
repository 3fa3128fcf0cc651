"""A run's report sections: generic ones and the game's own (tabletrip.report.sections)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from tabletrip.core import analysis
from tabletrip.core.analysis import PlayedGame, Section
from tabletrip.report.model import RunReport, RunView, slug
from tabletrip.report.sections import game_analysis, generic_sections, run_report

PlayGames = Callable[..., list[PlayedGame]]


def titles(sections: Sequence[Section]) -> list[str]:
    return [section.title for section in sections]


def test_generic_sections_of_a_two_bot_run(ttr_games: list[PlayedGame]) -> None:
    bot, seat, turn, scores, length, ratings = generic_sections(ttr_games, 2)
    assert titles([bot, seat, turn, scores, length, ratings]) == [
        "Win rate by bot",
        "Win rate by seat",
        "Win rate by turn order",
        "Scores",
        "Game length",
        "Ratings",
    ]
    assert bot.tables[0].rows[0][:4] == ("heuristic", "24", "24", "100.0%")
    assert "Parity is 50.0%" in bot.summary
    chart = bot.charts[0]
    assert chart.reference == 50.0
    assert chart.intervals[0][0][1] == 100.0
    assert [row[0] for row in seat.tables[0].rows] == ["seat 0", "seat 1"]
    assert seat.charts[0].kind == "bar"
    assert [s.label for s in scores.charts[0].series] == ["heuristic", "random"]
    assert scores.charts[0].kind == "hist" and len(scores.charts[0].series[0].y) == 24
    assert length.tables[0].rows[0][0] == "24"
    assert ratings.tables[0].rows[0][1] == "heuristic"


def test_a_one_bot_run_says_it_has_no_ratings(play: PlayGames) -> None:
    games = play("high-card", ["random"], 6, players=3)
    *_, ratings = generic_sections(games, 3)
    assert ratings.tables == () and "same bot" in ratings.summary
    bot = generic_sections(games, 3)[0]
    assert "One bot plays every seat" in bot.summary


def test_a_seat_off_parity_is_named() -> None:
    games = [PlayedGame(i, i, {}, ("a", "a"), (1.0, 0.0), (0,), ({}, {}), 5, {}) for i in range(30)]
    seat = generic_sections(games, 2)[1]
    assert "excludes parity: seat 0 100.0%" in seat.summary


def test_a_game_without_analysis_gets_the_generic_report_and_a_note(play: PlayGames) -> None:
    games = tuple(play("high-card", ["random"], 4, players=2))
    report = run_report(RunView(7, "high-card", 2, {}, ("random",), games))
    assert isinstance(report, RunReport)
    assert len(report.sections) == 6
    assert report.notes == (
        "high-card registers no analysis: the report has only the generic sections",
    )


def test_the_game_s_sections_follow_the_generic_ones(
    monkeypatch: pytest.MonkeyPatch, play: PlayGames
) -> None:
    class Mine:
        def facts(self, state: object) -> dict:
            return {}

        def sections(self, games: Sequence[PlayedGame], game: object = None) -> list[Section]:
            return [Section("High Card: draws", f"{len(games)} games")]

    monkeypatch.setitem(analysis._analyses, "high-card", Mine())
    games = tuple(play("high-card", ["random"], 3, players=2))
    report = run_report(RunView(1, "high-card", 2, {}, ("random",), games))
    assert titles(report.sections)[-1] == "High Card: draws" and report.notes == ()


def test_a_failing_analysis_is_a_note_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def facts(self, state: object) -> dict:
            return {}

        def sections(self, games: Sequence[PlayedGame], game: object = None) -> list[Section]:
            raise KeyError("tickets")

    monkeypatch.setitem(analysis._analyses, "high-card", Broken())
    sections, notes = game_analysis("high-card", [])
    assert sections == ()
    assert notes == (
        "the high-card analysis failed (KeyError: 'tickets'): its sections are missing",
    )


def test_an_unknown_game_is_a_note() -> None:
    sections, notes = game_analysis("no-such-game", [])
    assert sections == () and "not installed" in notes[0]


def test_chart_names_are_unique_slugs(play: PlayGames) -> None:
    games = tuple(play("high-card", ["random"], 2, players=2))
    base = run_report(RunView(3, "high-card", 2, {}, ("random",), games))
    twice = RunReport(base.run, (*base.sections, base.sections[0]))
    names = [name for section in twice.chart_names() for name in section]
    assert names[0] == "run3-win-rate-by-bot.png"
    assert names[-1] == "run3-win-rate-by-bot-2.png"
    assert len(set(names)) == len(names)


def test_a_solo_run_has_no_parity_and_no_seat_section() -> None:
    games = [
        PlayedGame(i, i, {}, ("easy",), (10.0,), (0,) if i % 2 else (), ({},), 5, {})
        for i in range(6)
    ]
    sections = generic_sections(games, 1)
    assert titles(sections) == ["Win rate by bot", "Scores", "Game length", "Ratings"]
    bot = sections[0]
    assert bot.summary.startswith("Solo games") and "Parity" not in bot.summary
    assert bot.tables[0].rows[0][:4] == ("easy", "6", "3", "50.0%")
    chart = bot.charts[0]
    assert chart.reference is None
    assert "single seat" in sections[-1].summary


def test_slugs_are_plain_ascii() -> None:
    assert slug("Share of seats visiting each Café") == "share-of-seats-visiting-each-cafe"
    assert slug("Winner's turns to reach Shanghai!") == "winner-s-turns-to-reach-shanghai"
    assert slug("???") == "chart"
