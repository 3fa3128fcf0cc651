"""The report in the terminal (rich): per run its set-up, then every section's tables.

Charts are not drawn here: each is named with where its image is (the HTML file or the PNG
folder), or how to get it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from tabletrip.core.analysis import Section, Table
from tabletrip.report.cells import cell, is_numeric
from tabletrip.report.model import Report, RunReport

if TYPE_CHECKING:
    from tabletrip.report.compare import Comparison

MAX_ROWS = 30  # longer tables are cut in the terminal; the HTML has every row


def show_report(
    console: Console, report: Report, html: Path | None = None, png: Path | None = None
) -> None:
    """Print the whole report; `html` and `png` say where the charts were written."""
    runs = len(report.runs)
    console.print(
        Text(f"Balance report of {report.source}: {runs} run{'s' * (runs != 1)}", style="bold"),
        soft_wrap=True,
    )
    for note in report.notes:
        console.print(Text(f"note: {note}", style="yellow"), soft_wrap=True)
    for run_report in report.runs:
        show_run(console, run_report, html, png)
    if html is not None:
        console.print(Text(f"HTML report: {html}"), soft_wrap=True)
    if png is not None:
        console.print(Text(f"PNG charts: {png}"), soft_wrap=True)
    if html is None and png is None:
        console.print(Text("Charts are drawn with --html FILE or --png DIR.", style="dim"))


def show_comparison(console: Console, comparison: Comparison, html: Path | None = None) -> None:
    """Print a comparison of two runs: which runs, notes, then each section."""
    a, b = comparison.a, comparison.b
    console.print(
        Text(
            f"Comparison of run {a.id} (A) and run {b.id} (B) in {comparison.source}", style="bold"
        ),
        soft_wrap=True,
    )
    for name, run in (("A", a), ("B", b)):
        console.print(
            Text.assemble(
                (f"{name}: ", "bold"), f"{run.title}, {len(run.games)} games, {run.content}"
            ),
            soft_wrap=True,
        )
    for note in comparison.notes:
        console.print(Text(f"note: {note}", style="yellow"), soft_wrap=True)
    for section in comparison.sections:
        show_section(console, section)
    if html is not None:
        console.print(Text(f"HTML comparison: {html}"), soft_wrap=True)


def show_run(
    console: Console, run_report: RunReport, html: Path | None = None, png: Path | None = None
) -> None:
    """One run: a heading, its set-up, notes, then each section."""
    run = run_report.run
    console.print()
    console.rule(Text(run.title, style="bold cyan"))
    for name, value in run.settings():
        console.print(Text.assemble((f"{name}: ", "bold"), value), soft_wrap=True)
    for note in run_report.notes:
        console.print(Text(f"note: {note}", style="yellow"), soft_wrap=True)
    for section, names in zip(run_report.sections, run_report.chart_names(), strict=True):
        show_section(console, section, _places(names, html, png))


def _places(names: Sequence[str], html: Path | None, png: Path | None) -> list[str]:
    if png is not None:
        return [str(png / name) for name in names]
    if html is not None:
        return [f"in {html}"] * len(names)
    return [""] * len(names)


def show_section(console: Console, section: Section, places: Sequence[str] = ()) -> None:
    """A section: its title, summary, tables, and where each chart is."""
    console.print()
    console.print(Text(section.title, style="bold"))
    if section.summary:
        console.print(Text(section.summary), soft_wrap=False)
    for table in section.tables:
        console.print(rich_table(table, section.title))
        if table.note:
            console.print(Text(table.note, style="dim"), soft_wrap=True)
        if len(table.rows) > MAX_ROWS:
            more = len(table.rows) - MAX_ROWS
            console.print(Text(f"... and {more} more rows (all in the HTML report)", style="dim"))
    for chart, place in zip(section.charts, places, strict=False):
        where = f" ({place})" if place else ""
        console.print(Text.assemble(("chart: ", "dim"), chart.title, (where, "dim")))


def rich_table(table: Table, section: str = "") -> RichTable:
    """A report table as a rich table (its first `MAX_ROWS` rows), numbers right-aligned.

    The title is left out when it repeats the section's title.
    """
    width = len(table.columns)
    texts = [[cell(value) for value in row[:width]] for row in table.rows[:MAX_ROWS]]
    texts = [row + [""] * (width - len(row)) for row in texts]  # a short row gets blank cells
    shown = RichTable(
        title=table.title if table.title and table.title != section else None,
        box=box.SIMPLE_HEAD,
        title_justify="left",
        title_style="italic",
    )
    for index, column in enumerate(table.columns):
        values = [row[index] for row in texts if row[index]]
        numeric = bool(values) and all(is_numeric(v) for v in values)
        # Fold, never cut: a narrow terminal wraps cells instead of hiding their end; the
        # first column (what a row is about) keeps its labels whole, headings and numbers their
        # words.
        if index == 0:
            least = max((len(v) for v in values), default=0)
        else:  # no word is broken, of the heading or of a number
            words = [
                word
                for text in (*(values if numeric else ()), str(column))
                for word in text.split()
            ]
            least = max((len(word) for word in words), default=0)
        shown.add_column(
            str(column),
            justify="right" if numeric else "left",
            overflow="fold",
            no_wrap=index == 0,
            min_width=least,
        )
    for row in texts:
        shown.add_row(*row)
    return shown
