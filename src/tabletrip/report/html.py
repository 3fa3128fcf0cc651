"""The report as one self-contained HTML page: inline CSS, charts as base64 PNG data URIs."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING

from tabletrip.core.analysis import Section, Table
from tabletrip.report.cells import cell, is_numeric
from tabletrip.report.model import Report, RunReport

if TYPE_CHECKING:
    from tabletrip.report.compare import Comparison

FOLD_ROWS = 30

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto;
       max-width: 62em; padding: 0 1em; color: #222; line-height: 1.45; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #2c7fb8; padding-bottom: 0.2em;
       margin-top: 2.5em; } h3 { margin-top: 1.8em; }
.meta { color: #555; } .note { color: #8a6d3b; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.92em; }
caption { text-align: left; font-style: italic; padding-bottom: 0.3em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.7em; text-align: left;
         vertical-align: top; }
th { background: #f0f4f8; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
p.tnote { color: #666; font-size: 0.85em; margin-top: -0.5em; }
figure { margin: 1em 0; } figure img { max-width: 100%; border: 1px solid #eee; }
figcaption { color: #666; font-size: 0.85em; }
nav ul { columns: 2; } summary { cursor: pointer; margin: 0.8em 0; color: #2c7fb8; }
"""


def render_html(report: Report, images: Mapping[str, bytes]) -> str:
    """The whole report page; `images` maps each chart's file name to its PNG bytes."""
    runs = len(report.runs)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>tabletrip balance report: {escape(report.source)}</title>",
        f"<style>{CSS}</style></head><body>",
        "<h1>tabletrip balance report</h1>",
        f'<p class="meta">File <code>{escape(report.source)}</code>, made {escape(report.made)}, '
        f"{runs} run{'s' * (runs != 1)}.</p>",
        *(f'<p class="note">Note: {escape(note)}</p>' for note in report.notes),
        "<nav><ul>",
        *(
            f'<li><a href="#run{r.run.id}">{escape(r.run.title)}</a> '
            f"({len(r.run.games)} games)</li>"
            for r in report.runs
        ),
        "</ul></nav>",
    ]
    for run_report in report.runs:
        parts.extend(_run(run_report, images))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def render_comparison_html(comparison: Comparison) -> str:
    """A comparison of two runs as one page: which runs, notes, then each section's tables."""
    a, b = comparison.a, comparison.b
    title = f"run {a.id} against run {b.id}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>tabletrip comparison: {escape(title)} of {escape(comparison.source)}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>tabletrip comparison: {escape(title)}</h1>",
        f'<p class="meta">File <code>{escape(comparison.source)}</code>, made '
        f"{escape(comparison.made)}.</p>",
        "<table>",
        *(
            f"<tr><th>{name}</th><td>{escape(run.title)}, {len(run.games)} games, "
            f"{escape(run.content)}</td></tr>"
            for name, run in (("A", a), ("B", b))
        ),
        "</table>",
        *(f'<p class="note">Note: {escape(note)}</p>' for note in comparison.notes),
    ]
    for section in comparison.sections:
        parts.extend(_section(section, []))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _run(run_report: RunReport, images: Mapping[str, bytes]) -> list[str]:
    run = run_report.run
    parts = [f'<h2 id="run{run.id}">{escape(run.title)}</h2>', "<table>"]
    parts += [f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in run.settings()]
    parts.append("</table>")
    parts += [f'<p class="note">Note: {escape(note)}</p>' for note in run_report.notes]
    for section, names in zip(run_report.sections, run_report.chart_names(), strict=True):
        parts.extend(_section(section, [images.get(name) for name in names]))
    return parts


def _section(section: Section, pngs: list[bytes | None]) -> list[str]:
    parts = [f"<section><h3>{escape(section.title)}</h3>"]
    if section.summary:
        parts.append(f"<p>{escape(section.summary)}</p>")
    for table in section.tables:
        parts.extend(html_table(table, section.title))
    for chart, png in zip(section.charts, pngs, strict=True):
        if png is None:
            continue
        data = base64.b64encode(png).decode("ascii")
        caption = escape(chart.title + (f": {chart.note}" if chart.note else ""))
        parts.append(
            f'<figure><img src="data:image/png;base64,{data}" alt="{escape(chart.title)}">'
            f"<figcaption>{caption}</figcaption></figure>"
        )
    parts.append("</section>")
    return parts


def html_table(table: Table, section: str = "") -> list[str]:
    """A report table as HTML lines: a caption (unless it repeats the section's title), a
    header row, numbers right-aligned."""
    width = len(table.columns)
    rows = [[cell(value) for value in row[:width]] for row in table.rows]
    rows = [row + [""] * (width - len(row)) for row in rows]
    numeric = [all(is_numeric(row[i]) for row in rows if row[i]) for i in range(width)]
    parts = ["<table>"]
    if len(rows) > FOLD_ROWS:  # a long table is folded: its title opens it
        title = escape(table.title or "table")
        parts = [f"<details><summary>{title} ({len(rows)} rows)</summary>", "<table>"]
    if table.title and table.title != section:
        parts.append(f"<caption>{escape(table.title)}</caption>")
    parts.append("<thead><tr>" + "".join(f"<th>{escape(str(c))}</th>" for c in table.columns))
    parts.append("</tr></thead><tbody>")
    for row in rows:
        cells = "".join(
            f'<td class="num">{_text(text)}</td>' if numeric[i] else f"<td>{_text(text)}</td>"
            for i, text in enumerate(row)
        )
        parts.append(f"<tr>{cells}</tr>")
    parts.append("</tbody></table>")
    if len(rows) > FOLD_ROWS:
        parts.append("</details>")
    if table.note:
        parts.append(f'<p class="tnote">{escape(table.note)}</p>')
    return parts


def _text(text: str) -> str:
    """Escaped cell text; line breaks kept."""
    return escape(text).replace("\n", "<br>")
