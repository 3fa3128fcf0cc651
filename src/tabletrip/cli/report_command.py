"""The `report` command: a balance report of a simulation database, in the terminal and files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tabletrip.cli.console import Ui
from tabletrip.report import build_report, draw_charts, render_html, show_report
from tabletrip.report.files import check_outputs, write_atomic, write_pngs


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
) -> None:
    """Report on simulated games: win rates by bot and seat, scores, length, ratings, charts."""
    check_outputs(file, html, png)
    built = build_report(file)
    if html is not None or png is not None:
        images = draw_charts(built)
        if png is not None:
            write_pngs(png, images)
        if html is not None:
            write_atomic(html, render_html(built, images).encode("utf-8"))
    show_report(Ui().console, built, html, png)
