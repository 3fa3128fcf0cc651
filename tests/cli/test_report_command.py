"""`tabletrip report FILE [--html PATH] [--png DIR]`, end to end on a small simulation."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from cli_helpers import assert_one_error_line, run
from tabletrip.report.cells import interval, number, percent
from tabletrip.report.stats import wilson
from tabletrip.sim import LocalBackend, SimConfig, SimStore, run_sim


@pytest.fixture(scope="module")
def sim_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two runs: Ticket to Ride heuristic against random (10 games), High Card self-play."""
    path = tmp_path_factory.mktemp("sim") / "sim.sqlite"
    backend = LocalBackend(workers=1)
    config = SimConfig.build("ticket-to-ride", players=2, bots=["heuristic", "random"], seed=1)
    run_sim(config, games=10, out=path, backend=backend)
    run_sim(SimConfig.build("high-card", players=3, bots=["random"]), 9, path, backend)
    return path


def test_report_writes_html_and_pngs(sim_file: Path, tmp_path: Path) -> None:
    html, png = tmp_path / "out" / "report.html", tmp_path / "charts"
    result = run("report", str(sim_file), "--html", str(html), "--png", str(png))
    assert result.exit_code == 0, result.output
    page = html.read_text()
    assert "Run 1: ticket-to-ride, 2 players" in page and "Run 2: high-card, 3 players" in page
    pngs = sorted(p.name for p in png.iterdir())
    assert "run1-win-rate-by-seat.png" in pngs and "run2-win-rate-by-bot.png" in pngs
    assert "run2-score-distribution-by-bot.png" in pngs
    for name in pngs:
        data = (png / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 1000
    assert page.count("data:image/png;base64,") == len(pngs)
    assert f"HTML report: {html}" in result.stdout
    assert f"chart: Win rate by seat ({png / 'run1-win-rate-by-seat.png'})" in result.stdout
    assert [p.name for p in html.parent.iterdir()] == ["report.html"]  # no temporary left


def test_terminal_numbers_agree_with_the_database(sim_file: Path) -> None:
    result = run("report", str(sim_file))
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Balance report of" in text and ": 2 runs" in text
    with sqlite3.connect(sim_file) as db:
        rows = db.execute(
            "SELECT run_id, bot, COUNT(*), SUM(win) FROM seats GROUP BY run_id, bot"
        ).fetchall()
        seats = db.execute(
            "SELECT run_id, seat, COUNT(*), SUM(win) FROM seats GROUP BY run_id, seat"
        ).fetchall()
    db.close()
    for _, label, count, wins in [*rows, *((r, f"seat {s}", n, w) for r, s, n, w in seats)]:
        rate, low, high = wilson(wins, count)
        cells = [label, str(count), number(wins), percent(rate), interval(low, high)]
        pattern = r"\s+".join(re.escape(c) for c in cells)
        assert re.search(pattern, text), (label, pattern)
    assert "Ratings" in text and "no ratings: every seat is played by the same bot" in text.lower()


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    assert_one_error_line(run("report", str(tmp_path / "none.sqlite")), "no such file")


def test_a_file_that_is_not_sqlite_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_text("just some notes\n" * 100)
    assert_one_error_line(run("report", str(path)), "not a tabletrip simulation database")


def test_an_empty_database_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite"
    SimStore.open(path, create=True).close()
    assert_one_error_line(run("report", str(path)), "has no runs yet")


def test_a_bad_output_is_one_line_and_writes_nothing(sim_file: Path, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    assert_one_error_line(
        run(
            "report",
            str(sim_file),
            "--png",
            str(tmp_path / "file"),
            "--html",
            str(tmp_path / "r.html"),
        ),
        "is a file",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_a_bad_file_writes_no_html(tmp_path: Path) -> None:
    html = tmp_path / "report.html"
    assert_one_error_line(run("report", str(tmp_path / "none.sqlite"), "--html", str(html)))
    assert not html.exists()


def test_compare_prints_the_comparison_and_writes_html(tmp_path: Path) -> None:
    path = tmp_path / "two.sqlite"
    backend = LocalBackend(workers=1)
    for seed in (1, 2):
        run_sim(
            SimConfig.build("high-card", players=2, bots=["random"], seed=seed), 8, path, backend
        )
    html = tmp_path / "compare.html"
    result = run("report", str(path), "--compare", "1", "2", "--html", str(html))
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Comparison of run 1 (A) and run 2 (B)" in text
    assert "Both runs played the same content" in text
    assert "seed" in text and "Differences at a glance" in text
    assert "Compared: Win rate by bot" in text and f"HTML comparison: {html}" in text
    assert "Compared: Win rate by turn order" in html.read_text()


@pytest.mark.parametrize(
    ("runs", "words"),
    [(("1", "2"), "run 1 is ticket-to-ride and run 2 is high-card"), (("1", "7"), "run 7 is not")],
)
def test_compare_of_bad_runs_is_one_line(sim_file: Path, runs: tuple[str, str], words: str) -> None:
    assert_one_error_line(run("report", str(sim_file), "--compare", *runs), words)


def test_compare_refuses_png_and_a_non_number(sim_file: Path, tmp_path: Path) -> None:
    png = tmp_path / "charts"
    assert_one_error_line(
        run("report", str(sim_file), "--compare", "1", "1", "--png", str(png)), "use --html"
    )
    assert not png.exists()
    assert_one_error_line(run("report", str(sim_file), "--compare", "1", "x"), "--compare")
