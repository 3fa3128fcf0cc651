"""The report's points by scoring step: the game's own score rows, averaged by bot."""

from __future__ import annotations

from statistics import fmean

import pytest

import tabletrip
from tabletrip.core.analysis import PlayedGame
from tabletrip.core.presentation import presentation_for
from tabletrip.report.model import RunView
from tabletrip.report.scoring_steps import scoring_steps_section
from tabletrip.report.sections import run_report


def test_the_steps_are_the_end_screens_rows_with_their_mean_points(
    ttr_games: list[PlayedGame],
) -> None:
    """Each row is a score row label of the game, each cell its mean over the bot's
    seat-games, and the steps add up to the bot's mean score."""
    section = scoring_steps_section("ticket-to-ride", 2, ttr_games)
    assert section is not None
    (table,) = section.tables
    assert table.columns == ("scoring step", "heuristic", "random")
    labels = [row[0] for row in table.rows]
    assert labels[:2] == ["Routes claimed", "Destination Tickets completed"]
    assert "Longest Continuous Path bonus" in labels
    game = tabletrip.make("ticket-to-ride", players=2)
    presentation = presentation_for("ticket-to-ride")
    assert presentation is not None
    for column, bot in enumerate(table.columns[1:], 1):
        seats = [(g, s) for g in ttr_games for s, b in enumerate(g.bots) if b == bot]
        for row in table.rows:
            expected = fmean(
                sum(
                    r.points or 0
                    for r in presentation.score_rows(game, g.breakdown[s])
                    if r.label == row[0]
                )
                for g, s in seats
            )
            assert float(row[column]) == pytest.approx(expected, abs=0.05)
        total = sum(float(row[column]) for row in table.rows)
        assert total == pytest.approx(fmean(g.scores[s] for g, s in seats), abs=0.05 * len(labels))


def test_a_run_report_has_the_section_and_a_game_without_words_does_not() -> None:
    """The run report shows the section for a game with a presentation; a game without one
    (the test suite's High Card) just has none, and no note."""
    assert scoring_steps_section("high-card", 3, []) is None
    run = RunView(1, "no-such-game", 2, {}, ("random",), ())
    report = run_report(run)
    assert all(section.title != "Points by scoring step" for section in report.sections)
