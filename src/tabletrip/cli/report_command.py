"""The `report` command: a balance report of a simulation database, in the terminal and files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tabletrip.cli.console import Ui
from tabletrip.report import build_report, draw_charts, render_html, show_report
from tabletrip.report.compare import compare_runs
from tabletrip.report.errors import ReportError
from tabletrip.report.files import check_outputs, write_atomic, write_pngs
from tabletrip.report.html import render_comparison_html
from tabletrip.report.terminal import show_comparison


def report(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A database written by `tabletrip sim`.")
    ],
    html: Annotated[
        Path | None,
        typer.Option("--html", metavar="PATH", help="Also write an HTML report with the charts."),
    ] = None,
    png: Annotated[
        Path | None,
        typer.Option("--png", metavar="DIR", help="Also write every chart as a PNG in DIR."),
    ] = None,
    compare: Annotated[
        tuple[int, int] | None,
        typer.Option(
            "--compare",
            metavar="A B",
            help="Compare run A with run B (run ids as the report lists them): every metric's "
            "change B-A with its 95% interval and test, and the content changes.",
        ),
    ] = None,
) -> None:
    """Report on simulated games: win rates by bot and seat, scores, length, ratings, charts."""
    check_outputs(file, html, png)
    if compare is not None:
        _compare(file, compare, html, png)
        return
    built = build_report(file)
    if html is not None or png is not None:
        images = draw_charts(built)
        if png is not None:
            write_pngs(png, images)
        if html is not None:
            write_atomic(html, render_html(built, images).encode("utf-8"))
    show_report(Ui().console, built, html, png)


def _compare(file: Path, runs: tuple[int, int], html: Path | None, png: Path | None) -> None:
    """`report FILE --compare A B`: the comparison in the terminal, and as HTML if asked."""
    if png is not None:
        raise ReportError("--png draws a run's charts; a comparison has none: use --html PATH")
    comparison = compare_runs(file, *runs)
    if html is not None:
        write_atomic(html, render_comparison_html(comparison).encode("utf-8"))
    show_comparison(Ui().console, comparison, html)
