"""Balance reports of simulation databases: `tabletrip report FILE.sqlite`.

from tabletrip.report import build_report, show_report, render_html, draw_charts
report = build_report("sim.sqlite")   # every run: generic sections, then the game's own
show_report(console, report)          # the terminal summary (rich)
html = render_html(report, draw_charts(report))
comparison = compare_runs("sim.sqlite", 1, 2)   # run 1 against run 2: `report --compare 1 2`

Modules: `stats` (win rates, Wilson intervals, spreads), `ratings` (OpenSkill), `sections`
(report sections of a run), `charts` (a Chart as PNG), `terminal`, `html`, `files` (writing
files whole), `source` (reading a database), `model` (the report as data); for comparisons,
`compare` (two runs side by side), `run_metrics` (the metrics every run has) and
`difference` (intervals and tests of a change).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from tabletrip.report.compare import Comparison, compare_runs
from tabletrip.report.errors import ReportError
from tabletrip.report.files import draw_charts
from tabletrip.report.html import render_html
from tabletrip.report.model import Report, RunReport, RunView
from tabletrip.report.sections import run_report
from tabletrip.report.source import load_runs
from tabletrip.report.terminal import show_report


def build_report(path: str | Path) -> Report:
    """The report of every run of a simulation database that holds games.

    RecordError if the file is missing or not a simulation database, ReportError if it holds
    no games.
    """
    runs, notes = load_runs(path)
    made = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return Report(str(path), made, tuple(run_report(run) for run in runs), tuple(notes))


__all__ = [
    "Comparison",
    "Report",
    "ReportError",
    "RunReport",
    "RunView",
    "build_report",
    "compare_runs",
    "draw_charts",
    "render_html",
    "run_report",
    "show_report",
]
