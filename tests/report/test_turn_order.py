"""Win rate by turn order (issue 25): Europe Express draws its first player (rulebook "Setting
up"), so seat index is not turn order; the section's figures equal direct counts."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tabletrip.core.analysis import PlayedGame
from tabletrip.report.sections import generic_sections
from tabletrip.report.source import load_runs
from tabletrip.report.stats import win_rate_by_turn
from tabletrip.sim import LocalBackend, SimConfig, run_sim


def test_turn_order_figures_equal_direct_counts_over_the_stored_games(tmp_path: Path) -> None:
    path = tmp_path / "runs.sqlite"
    config = SimConfig.build(
        "ticket-to-ride", players=3, bots=["random"], seed=5, options={"map": "europe-express"}
    )
    run_sim(config, games=9, out=path, backend=LocalBackend(workers=1))
    # Direct count from the stored rows: who moved first, and each position's win share.
    firsts, shares = [], [0.0, 0.0, 0.0]
    with sqlite3.connect(path) as db:
        for (facts_json,) in db.execute("SELECT facts FROM games ORDER BY game_index"):
            facts = json.loads(facts_json)
            firsts.append(facts["turn_order"][0])
        for index, seat, win in db.execute("SELECT game_index, seat, win FROM seats"):
            order = json.loads(
                db.execute("SELECT facts FROM games WHERE game_index = ?", (index,)).fetchone()[0]
            )["turn_order"]
            shares[order.index(seat)] += win
    assert len(set(firsts)) > 1  # the first player was drawn, not always seat 0
    (run,), _ = load_runs(path)
    rates, missing = win_rate_by_turn(run.games)
    assert missing == 0
    assert [r.label for r in rates] == ["1st to move", "2nd to move", "3rd to move"]
    assert [r.games for r in rates] == [9, 9, 9]
    assert [round(r.wins, 6) for r in rates] == [round(w, 6) for w in shares]
    seat, turn = generic_sections(run.games, 3)[1:3]
    assert "seat index is not turn order" in seat.summary
    assert "no seat advantage shows" not in seat.summary
    assert turn.title == "Win rate by turn order"
    assert turn.charts[0].reference == pytest.approx(100 / 3)


def test_games_stored_without_turn_order_are_left_out_and_counted() -> None:
    old = PlayedGame(0, 0, {}, ("a", "b"), (1.0, 2.0), (1,), ({}, {}), 5, {})
    new = PlayedGame(1, 1, {}, ("a", "b"), (3.0, 2.0), (0,), ({}, {}), 5, {"turn_order": [1, 0]})
    rates, missing = win_rate_by_turn([old, new])
    assert missing == 1
    assert [(r.games, r.wins) for r in rates] == [(1, 0.0), (1, 1.0)]
    turn = generic_sections([old, new], 2)[2]
    assert "1 games stored before turn order was kept are left out" in turn.summary
