"""The self-contained HTML report (tabletrip.report.html)."""

from __future__ import annotations

import base64
import re
from html.parser import HTMLParser

from tabletrip.core.analysis import Chart, PlayedGame, Section, Series, Table
from tabletrip.report.files import draw_charts
from tabletrip.report.html import FOLD_ROWS, render_html
from tabletrip.report.model import Report, RunReport, RunView
from tabletrip.report.sections import run_report

VOID = {"meta", "img", "br", "link"}


class Checker(HTMLParser):
    """Collects tags, checks they nest, and notes any outside reference."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.seen: list[str] = []
        self.sources: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.append(tag)
        self.sources += [v or "" for k, v in attrs if k in ("src", "href")]
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.problems.append(tag)


def checked(page: str) -> Checker:
    checker = Checker()
    checker.feed(page)
    checker.close()
    assert checker.problems == [] and checker.open == []
    return checker


def test_the_page_is_self_contained_with_every_chart(ttr_games: list[PlayedGame]) -> None:
    run = RunView(4, "ticket-to-ride", 2, {"map": "usa"}, ("heuristic", "random"), tuple(ttr_games))
    report = Report("runs/sim.sqlite", "2026-11-30 12:00 UTC", (run_report(run),))
    images = draw_charts(report)
    page = render_html(report, images)
    checker = checked(page)
    assert "File <code>runs/sim.sqlite</code>, made 2026-11-30 12:00 UTC, 1 run." in page
    assert "Run 4: ticket-to-ride, 2 players" in page
    assert "<th>win rate</th>" in page and "<td>heuristic</td>" in page
    sources = [s for s in checker.sources if not s.startswith("#")]
    assert len(sources) == len(images) > 0
    for source in sources:
        assert source.startswith("data:image/png;base64,")
        assert base64.b64decode(source.split(",", 1)[1]).startswith(b"\x89PNG")


def test_every_text_is_escaped() -> None:
    game = PlayedGame(0, 0, {}, ("<b>bot</b>", "x&y"), (1.0, 0.0), (0,), ({}, {}), 3, {})
    run = RunView(1, "a<game>", 2, {"opt": "<i>"}, ("<b>bot</b>", "x&y"), (game,))
    section = Section(
        "<script>alert(1)</script>",
        "a & b < c",
        (Table("<t>", ("<c>",), (("<cell>\nsecond line",),), "<note>"),),
        (Chart("<chart>", "bar", "x", "y", (Series("s", ("a",), (1.0,)),), "<n>"),),
    )
    report = Report("<file>", "now", (RunReport(run, (section,), ("<note>",)),))
    page = render_html(report, draw_charts(report))
    checked(page)
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;b&gt;bot&lt;/b&gt;" in page and "x&amp;y" in page and "a &amp; b &lt; c" in page
    assert "&lt;cell&gt;<br>second line" in page
    assert not re.search(r"<(game|file|t|c|cell|note|chart|n|i)>", page)


def test_long_tables_fold() -> None:
    rows = tuple((f"r{i}", i) for i in range(FOLD_ROWS + 1))
    section = Section("Long", "", (Table("Every route", ("route", "n"), rows),))
    run = RunView(1, "g", 2, {}, ("a",), ())
    page = render_html(Report("f", "now", (RunReport(run, (section,)),)), {})
    checked(page)
    assert f"<details><summary>Every route ({FOLD_ROWS + 1} rows)</summary>" in page
    assert '<td class="num">0</td>' in page
