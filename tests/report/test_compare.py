"""`tabletrip report --compare A B` (issue 25): the comparison's numbers against plain SQL over
the stored games, the content diff that caused them, and one-line refusals."""

from __future__ import annotations

import json
import sqlite3
from importlib.resources import files
from pathlib import Path

import pytest

import tabletrip
from tabletrip.core.ablation import ablate
from tabletrip.core.analysis_metrics import RateMetric, SampleMetric
from tabletrip.report.compare import Comparison, compare_runs, names_an_entry, pair
from tabletrip.report.difference import mean_difference, rate_difference
from tabletrip.report.errors import ReportError
from tabletrip.report.html import render_comparison_html
from tabletrip.sim import LocalBackend, SimConfig, run_sim

GAMES = 30
EUROPE = {"map": "europe-express"}


def _edited_map(folder: Path) -> Path:
    """The designers' walkthrough: London-Edinburgh 4 -> 5 trains, Paris-Munchen 5 -> 8."""
    source = files("tabletrip.games.ticket_to_ride") / "data" / "europe_express.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    assert data["routes"][0] == {
        "id": 0,
        "a": "London",
        "b": "Edinburgh",
        "length": 4,
        "color": "black",
    }
    data["routes"][0]["length"] = 5
    ticket = next(t for t in data["tickets"] if (t["a"], t["b"]) == ("Paris", "Munchen"))
    ticket["points"] = 8
    folder.mkdir()
    (folder / "europe_express.json").write_text(json.dumps(data, indent=1))
    return folder


@pytest.fixture(scope="module")
def runs_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Run 1 the shipped Europe Express map, run 2 the edited one, run 3 without the
    Paris-Munchen ticket (3 players, easy bots), run 4 High Card."""
    tmp = tmp_path_factory.mktemp("compare")
    path = tmp / "runs.sqlite"
    backend = LocalBackend(workers=1)
    shipped = tabletrip.make("ticket-to-ride", 3, **EUROPE)
    edited = tabletrip.make("ticket-to-ride", 3, content=_edited_map(tmp / "ee"), **EUROPE)
    ablated = tabletrip.make(
        "ticket-to-ride", 3, content=ablate(shipped.content, "Paris-Munchen"), **EUROPE
    )
    for game in (shipped, edited, ablated):
        run_sim(SimConfig.from_game(game, ["easy"], seed=2), GAMES, path, backend)
    run_sim(SimConfig.build("high-card", players=2, bots=["random"]), 5, path, backend)
    return path


@pytest.fixture(scope="module")
def compared(runs_db: Path) -> Comparison:
    return compare_runs(runs_db, 1, 2)


def _games_facts(db: sqlite3.Connection, run: int) -> list[dict]:
    rows = db.execute("SELECT facts FROM games WHERE run_id = ? ORDER BY game_index", (run,))
    return [json.loads(facts) for (facts,) in rows]


def test_the_content_diff_names_the_two_edits(compared: Comparison) -> None:
    changes = compared.sections[0]
    assert changes.title == "What changed from run 1 to run 2"
    (table,) = changes.tables
    assert table.rows == (
        ("europe_express.json", "routes[London-Edinburgh].length", "4", "5"),
        ("europe_express.json", "tickets[Paris-Munchen].points", "5", "8"),
    )
    assert "The set-ups are the same otherwise" in changes.summary
    about = {(r.group, r.label) for r in compared.rows if r.about_change}
    assert ("Route claims (share of games)", "London-Edinburgh") in about
    assert ("Ticket net points when kept", "Paris-Munchen") in about
    assert all(names_an_entry(label, {"London-Edinburgh", "Paris-Munchen"}) for _, label in about)


def test_win_rates_equal_plain_sql(runs_db: Path, compared: Comparison) -> None:
    with sqlite3.connect(runs_db) as db:
        counts = {
            run: db.execute(
                "SELECT COUNT(*), SUM(win) FROM seats WHERE run_id = ? AND bot = 'easy'", (run,)
            ).fetchone()
            for run in (1, 2)
        }
        first_wins = {}
        for run in (1, 2):
            wins = 0.0
            for index, facts in enumerate(_games_facts(db, run)):
                first = facts["turn_order"][0]
                (win,) = db.execute(
                    "SELECT win FROM seats WHERE run_id = ? AND game_index = ? AND seat = ?",
                    (run, index, first),
                ).fetchone()
                wins += win
            first_wins[run] = wins
    db.close()
    row = compared.row("Win rate by bot", "easy")
    assert isinstance(row.a, RateMetric) and isinstance(row.b, RateMetric)
    assert (row.a.trials, row.a.hits) == (counts[1][0], pytest.approx(counts[1][1]))
    assert (row.b.trials, row.b.hits) == (counts[2][0], pytest.approx(counts[2][1]))
    first = compared.row("Win rate by turn order", "1st to move")
    assert isinstance(first.a, RateMetric) and isinstance(first.b, RateMetric)
    assert (first.a.hits, first.a.trials) == (pytest.approx(first_wins[1]), GAMES)
    assert (first.b.hits, first.b.trials) == (pytest.approx(first_wins[2]), GAMES)
    assert first.difference == rate_difference(first_wins[1], GAMES, first_wins[2], GAMES)


def test_route_claims_and_tickets_equal_plain_sql(runs_db: Path, compared: Comparison) -> None:
    with sqlite3.connect(runs_db) as db:
        claimed = {
            run: db.execute(
                "SELECT COUNT(*) FROM games g WHERE g.run_id = ? AND EXISTS (SELECT 1 FROM "
                "json_each(g.facts, '$.claims') c WHERE json_extract(c.value, '$[0]') = 0)",
                (run,),
            ).fetchone()[0]
            for run in (1, 2)
        }
        net = {}
        kept = {}
        for run in (1, 2):
            tickets = [t for f in _games_facts(db, run) for t in f["tickets"]]
            paris = [t for t in tickets if t[0] == 0]  # Paris-Munchen is ticket 0 on both
            kept[run] = (sum(t[3] for t in paris), len(paris))
            net[run] = [t[1] if t[4] else -t[1] for t in paris if t[3]]
    db.close()
    claims = compared.row("Route claims (share of games)", "London-Edinburgh")
    assert isinstance(claims.a, RateMetric) and isinstance(claims.b, RateMetric)
    assert (claims.a.hits, claims.a.trials) == (claimed[1], GAMES)
    assert (claims.b.hits, claims.b.trials) == (claimed[2], GAMES)
    keep = compared.row("Ticket kept (share of offers)", "Paris-Munchen")
    assert isinstance(keep.a, RateMetric) and isinstance(keep.b, RateMetric)
    assert (keep.a.hits, keep.a.trials) == kept[1] and (keep.b.hits, keep.b.trials) == kept[2]
    points = compared.row("Ticket net points when kept", "Paris-Munchen")
    assert isinstance(points.a, SampleMetric) and isinstance(points.b, SampleMetric)
    assert list(points.a.values) == net[1] and list(points.b.values) == net[2]
    assert {abs(v) for v in net[1]} <= {5} and {abs(v) for v in net[2]} <= {8}
    assert points.difference == mean_difference(net[1], net[2])


def test_score_sources_and_length_equal_plain_sql(runs_db: Path, compared: Comparison) -> None:
    with sqlite3.connect(runs_db) as db:
        moves = [m for (m,) in db.execute("SELECT moves FROM games WHERE run_id = 2")]
        start = [
            json.loads(b)[seat]["start"]
            for (b,) in db.execute("SELECT breakdown FROM games WHERE run_id = 1")
            for seat in range(3)
        ]
        scores = [s for (s,) in db.execute("SELECT score FROM seats WHERE run_id = 1")]
    db.close()
    length = compared.row("Game length", "moves")
    assert isinstance(length.b, SampleMetric) and sorted(length.b.values) == sorted(moves)
    step = compared.row("Points by scoring step", "Start score")
    assert isinstance(step.a, SampleMetric) and sorted(step.a.values) == sorted(start)
    final = compared.row("Final score", "every seat")
    assert isinstance(final.a, SampleMetric) and sorted(final.a.values) == sorted(scores)


def test_differences_are_adjusted_within_two_families(compared: Comparison) -> None:
    tested = [(r, r.difference.p) for r in compared.rows if r.difference and r.q is not None]
    about = [(r, p) for r, p in tested if r.about_change and p is not None]
    others = [(r, p) for r, p in tested if not r.about_change and p is not None]
    assert about and others
    for family in (about, others):
        smallest, p = min(family, key=lambda pair: pair[1])
        assert smallest.q == pytest.approx(min(1.0, p * len(family)))
        assert all((r.q or 0) >= p - 1e-12 for r, p in family)
    glance = compared.sections[1]
    assert glance.title == "Differences at a glance"
    assert f"among the {len(about)} metrics about the changed entries" in glance.summary


def test_an_ablation_reads_as_the_entry_removed(runs_db: Path) -> None:
    comparison = compare_runs(runs_db, 1, 3)
    (table,) = comparison.sections[0].tables
    ((file, place, before, after),) = table.rows
    assert (file, place, after) == ("europe_express.json", "tickets[Paris-Munchen]", "absent")
    assert json.loads(before) == {"a": "Paris", "b": "Munchen", "points": 5}
    row = comparison.row("Ticket kept (share of offers)", "Paris-Munchen")
    assert row.a is not None and row.b is None and row.difference is None


def test_the_html_page_holds_every_section(compared: Comparison) -> None:
    page = render_comparison_html(compared)
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n")
    for section in compared.sections:
        assert section.title in page
    assert "routes[London-Edinburgh].length" in page


@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        (1, 9, "run 9 is not a run with finished games in"),
        (2, 2, "needs two different runs, not run 2 twice"),
        (1, 4, "run 1 is ticket-to-ride and run 4 is high-card: compare two runs of one game"),
    ],
)
def test_bad_run_ids_are_refused_in_one_line(
    runs_db: Path, first: int, second: int, words: str
) -> None:
    with pytest.raises(ReportError, match=words) as caught:
        compare_runs(runs_db, first, second)
    assert "\n" not in str(caught.value)


def test_metrics_only_one_run_has_are_shown_without_a_test() -> None:
    rows = pair(
        [RateMetric("g", "x", 1, 4), SampleMetric("g", "y", (1.0, 2.0))],
        [RateMetric("g", "x", 3, 4), SampleMetric("g", "z", (1.0, 2.0))],
    )
    assert [(r.label, r.a is not None, r.b is not None) for r in rows] == [
        ("x", True, True),
        ("y", True, False),
        ("z", False, True),
    ]
    assert rows[0].q is not None and rows[1].q is None and rows[2].q is None
