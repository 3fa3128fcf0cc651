"""The whole report of a database agrees with a direct count in SQL (tabletrip.report)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tabletrip.report import build_report
from tabletrip.report.cells import number, percent
from tabletrip.report.model import Report
from tabletrip.report.stats import game_length, scores_by_bot, win_rate_by_bot, win_rate_by_seat


@pytest.fixture(scope="module")
def report(sim_db: Path) -> Report:
    return build_report(sim_db)


def query(path: Path, sql: str, *args: object) -> list[tuple]:
    with sqlite3.connect(path) as db:
        rows = db.execute(sql, args).fetchall()
    db.close()
    return rows


def table(report: Report, run: int, section: str) -> tuple[tuple, ...]:
    (found,) = [s for s in report.runs[run].sections if s.title == section]
    return found.tables[0].rows


@pytest.mark.parametrize("run", [0, 1])
def test_win_rate_by_bot_agrees_with_sql(sim_db: Path, report: Report, run: int) -> None:
    run_id = report.runs[run].run.id
    counted = {
        bot: (seats, wins)
        for bot, seats, wins in query(
            sim_db,
            "SELECT bot, COUNT(*), SUM(win) FROM seats WHERE run_id = ? GROUP BY bot",
            run_id,
        )
    }
    rates = win_rate_by_bot(report.runs[run].run.games)
    assert {r.label: (r.games, pytest.approx(r.wins)) for r in rates} == counted
    for row in table(report, run, "Win rate by bot"):
        seats, wins = counted[row[0]]
        assert row[1:4] == (str(seats), number(wins), percent(wins / seats))


@pytest.mark.parametrize("run", [0, 1])
def test_win_rate_by_seat_agrees_with_sql(sim_db: Path, report: Report, run: int) -> None:
    run_id = report.runs[run].run.id
    counted = query(
        sim_db,
        "SELECT seat, COUNT(*), SUM(win), AVG(score) FROM seats WHERE run_id = ? "
        "GROUP BY seat ORDER BY seat",
        run_id,
    )
    rates = win_rate_by_seat(report.runs[run].run.games)
    assert [(r.games, pytest.approx(r.wins)) for r in rates] == [(n, w) for _, n, w, _ in counted]
    rows = table(report, run, "Win rate by seat")
    assert [row[:4] for row in rows] == [
        (f"seat {seat}", str(n), number(w), percent(w / n)) for seat, n, w, _ in counted
    ]
    assert [row[5] for row in rows] == [number(mean) for *_, mean in counted]


def test_scores_and_length_agree_with_sql(sim_db: Path, report: Report) -> None:
    games = report.runs[0].run.games
    counted = dict(query(sim_db, "SELECT bot, AVG(score) FROM seats WHERE run_id = 1 GROUP BY bot"))
    assert {bot: pytest.approx(s.mean) for bot, s in scores_by_bot(games)} == counted
    ((moves, count, low, high),) = query(
        sim_db, "SELECT AVG(moves), COUNT(*), MIN(moves), MAX(moves) FROM games WHERE run_id = 1"
    )
    length = game_length(games)
    assert (length.mean, length.count, length.minimum, length.maximum) == (
        pytest.approx(moves),
        count,
        low,
        high,
    )


def test_the_database_holds_shared_wins(sim_db: Path) -> None:
    """The High Card run (seed 7) has tied games, so the comparisons above cover shares."""
    ((shares,),) = query(sim_db, "SELECT COUNT(*) FROM seats WHERE win > 0 AND win < 1")
    assert shares > 0


def test_a_report_of_two_runs(report: Report, sim_db: Path) -> None:
    assert report.source == str(sim_db)
    assert [r.run.game for r in report.runs] == ["ticket-to-ride", "high-card"]
    ttr, high_card = report.runs
    assert ttr.notes == ()  # Ticket to Ride registers its analysis
    assert len(ttr.sections) > 5
    assert len(high_card.sections) == 6 and "registers no analysis" in high_card.notes[0]
    assert [row[1] for row in table(report, 0, "Ratings")] == ["heuristic", "random"]
