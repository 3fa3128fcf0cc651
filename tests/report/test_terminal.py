"""The report in the terminal (tabletrip.report.terminal)."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from tabletrip.core.analysis import PlayedGame, Section, Table
from tabletrip.report.cells import interval, number
from tabletrip.report.model import Report, RunReport, RunView
from tabletrip.report.ratings import rate
from tabletrip.report.sections import run_report
from tabletrip.report.stats import wilson
from tabletrip.report.terminal import MAX_ROWS, show_report, show_section


def printed(report: Report, html: Path | None = None, png: Path | None = None) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    show_report(console, report, html, png)
    return console.file.getvalue()


def ttr_report(games: list[PlayedGame]) -> Report:
    run = RunView(1, "ticket-to-ride", 2, {"map": "usa"}, ("heuristic", "random"), tuple(games), 5)
    return Report("sim.sqlite", "today", (run_report(run),))


def test_the_summary_has_the_run_and_its_numbers(ttr_games: list[PlayedGame]) -> None:
    text = printed(ttr_report(ttr_games))
    assert "Balance report of sim.sqlite: 1 run" in text
    assert "Run 1: ticket-to-ride, 2 players" in text
    assert "options: map=usa" in text and "lineup: heuristic, random" in text
    assert "games: 24" in text and "seed: 5" in text
    _, low, high = wilson(24, 24)
    cells = ["heuristic", "24", "24", "100.0%", interval(low, high)]
    assert re.search(r"\s+".join(map(re.escape, cells)), text)
    _, low, high = wilson(0, 24)
    cells = ["random", "24", "0", "0.0%", interval(low, high)]
    assert re.search(r"\s+".join(map(re.escape, cells)), text)
    assert "seat 0" in text and "seat 1" in text
    heuristic = rate(ttr_games).bots[0]
    assert number(heuristic.mu) in text and number(heuristic.ordinal) in text
    for title in ("Win rate by bot", "Win rate by seat", "Scores", "Game length", "Ratings"):
        assert title in text
    assert "chart: Win rate by seat\n" in text
    assert "Charts are drawn with --html FILE or --png DIR." in text


def test_charts_are_named_with_where_they_are(ttr_games: list[PlayedGame]) -> None:
    report = ttr_report(ttr_games)
    assert f"chart: Win rate by seat ({Path('out') / 'run1-win-rate-by-seat.png'})" in printed(
        report, png=Path("out")
    )
    assert "chart: Game length (in report.html)" in printed(report, html=Path("report.html"))


def test_long_tables_are_cut_and_say_so() -> None:
    rows = tuple((f"route {i}", i, 0.5) for i in range(MAX_ROWS + 12))
    section = Section(
        "Routes", "", (Table("Every route", ("route", "claims", "rate"), rows, "a note"),)
    )
    console = Console(file=io.StringIO(), width=120, color_system=None)
    show_section(console, section)
    text = console.file.getvalue()
    assert f"route {MAX_ROWS - 1}" in text and f"route {MAX_ROWS}" not in text
    assert "... and 12 more rows (all in the HTML report)" in text
    assert "Every route" in text and "a note" in text


def test_report_notes_are_shown(ttr_games: list[PlayedGame]) -> None:
    base = ttr_report(ttr_games[:4])
    noted = Report(
        base.source,
        base.made,
        (RunReport(base.runs[0].run, base.runs[0].sections[:1], ("a run note",)),),
        ("run 2 (en-route) has no finished games yet",),
    )
    text = printed(noted)
    assert "note: run 2 (en-route) has no finished games yet" in text
    assert "note: a run note" in text
