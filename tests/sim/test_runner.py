"""`run_sim` end to end: every game into SQLite, determinism, rotation, resume, concurrency."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import tabletrip
from tabletrip.core.analysis import analysis_for
from tabletrip.core.records import Record
from tabletrip.sim.backends import LocalBackend
from tabletrip.sim.config import SimConfig
from tabletrip.sim.runner import run_sim

# Few, short games: random bots at 2 players (Route East's random games run to the turn limit).
GAMES = {"ticket-to-ride": 4, "en-route": 3, "route-east": 2, "lets-go-france": 3}
TTR = SimConfig.build("ticket-to-ride", players=2, bots=["easy", "random"], seed=5)


def rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the file, ordered, without what differs between runs (time, date)."""
    db = sqlite3.connect(path)
    found = {
        "runs": db.execute(
            "SELECT id, key, game, players, options, bots, seed FROM runs ORDER BY id"
        ).fetchall(),
        "games": db.execute(
            "SELECT run_id, game_index, seed, moves, winners, breakdown, facts, record "
            "FROM games ORDER BY run_id, game_index"
        ).fetchall(),
        "seats": db.execute("SELECT * FROM seats ORDER BY run_id, game_index, seat").fetchall(),
    }
    db.close()
    return found


def check_consistent(path: Path, players: int, complete: bool = True) -> None:
    """One games row per index (0..N-1 if `complete`: an interrupted run may have gaps),
    P seats each, win shares and records agreeing."""
    found = rows(path)
    seats: dict[tuple[int, int], list[tuple[Any, ...]]] = {}
    for row in found["seats"]:
        seats.setdefault((row[0], row[1]), []).append(row)
    for run_id, *_ in found["runs"]:
        indices = [row[1] for row in found["games"] if row[0] == run_id]
        assert indices == (list(range(len(indices))) if complete else sorted(set(indices)))
    assert set(seats) == {(row[0], row[1]) for row in found["games"]}
    for run_id, index, _, moves, winners, _, _, record_json in found["games"]:
        game_seats = seats[(run_id, index)]
        assert [row[2] for row in game_seats] == list(range(players))
        shares = [row[5] for row in game_seats]
        assert sum(shares) == pytest.approx(1.0 if json.loads(winners) else 0.0)
        record = Record.from_json(json.loads(record_json))
        assert len(record.actions) == moves
        assert record.labels == tuple(row[3] for row in game_seats)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_small_sim_of_each_game_stores_every_game(game: str, tmp_path: Path) -> None:
    path = tmp_path / "sim.sqlite"
    count = GAMES[game]
    config = SimConfig.build(game, players=2, bots=["random"], seed=1)
    summary = run_sim(config, count, path, LocalBackend(1))
    assert (summary.played, summary.already, summary.games) == (count, 0, count)
    check_consistent(path, 2)
    found = rows(path)
    assert len(found["runs"]) == 1 and len(found["games"]) == count
    assert len(found["seats"]) == 2 * count
    analysis = analysis_for(game)
    for _, index, seed, _, winners, breakdown, facts, record_json in found["games"]:
        state = tabletrip.replay(json.loads(record_json))  # verifies the stored result too
        result = state.result
        assert result is not None and state.seed == seed
        scores = [row[4] for row in found["seats"] if row[1] == index]
        assert scores == [float(score) for score in result.scores]
        assert json.loads(winners) == list(result.winners)
        assert json.loads(breakdown) == [dict(b) for b in result.breakdown]
        expected = {} if analysis is None else json.loads(json.dumps(analysis.facts(state)))
        expected["turn_order"] = list(state.turn_order)  # every game stores it
        assert json.loads(facts) == expected


def test_the_same_command_gives_the_same_rows(tmp_path: Path) -> None:
    run_sim(TTR, 6, tmp_path / "a.sqlite", LocalBackend(1))
    run_sim(TTR, 6, tmp_path / "b.sqlite", LocalBackend(2))  # and any number of workers
    assert rows(tmp_path / "a.sqlite") == rows(tmp_path / "b.sqlite")
    other = SimConfig.build("ticket-to-ride", players=2, bots=["easy", "random"], seed=6)
    run_sim(other, 6, tmp_path / "c.sqlite", LocalBackend(1))
    assert rows(tmp_path / "c.sqlite")["games"] != rows(tmp_path / "a.sqlite")["games"]


def test_seats_rotate_through_the_lineup(tmp_path: Path) -> None:
    config = SimConfig.build("ticket-to-ride", players=3, bots=["easy", "random"])
    assert config.lineup == ("easy", "random", "random")
    run_sim(config, 4, tmp_path / "r.sqlite", LocalBackend(1))
    bots = [row[3] for row in rows(tmp_path / "r.sqlite")["seats"]]
    assert bots == [
        *("easy", "random", "random"),
        *("random", "random", "easy"),
        *("random", "easy", "random"),
        *("easy", "random", "random"),
    ]


def stop_after(count: int) -> Any:
    """A progress callback that interrupts like Ctrl-C once `count` games are stored."""

    def progress(done: int, total: int) -> None:
        if done >= count:
            raise KeyboardInterrupt

    return progress


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_resumes_with_only_the_missing_games(
    workers: int, tmp_path: Path
) -> None:
    path = tmp_path / "resume.sqlite"
    with pytest.raises(KeyboardInterrupt):
        run_sim(TTR, 8, path, LocalBackend(workers), stop_after(3))
    stored = len(rows(path)["games"])
    assert stored >= 3 if workers > 1 else stored == 3
    check_consistent(path, 2, complete=workers == 1)
    summary = run_sim(TTR, 8, path, LocalBackend(workers))
    assert (summary.already, summary.played) == (stored, 8 - stored)
    run_sim(TTR, 8, tmp_path / "straight.sqlite", LocalBackend(1))
    assert rows(path) == rows(tmp_path / "straight.sqlite")


def test_a_larger_games_count_extends_the_run(tmp_path: Path) -> None:
    path = tmp_path / "extend.sqlite"
    run_sim(TTR, 4, path, LocalBackend(1))
    summary = run_sim(TTR, 6, path, LocalBackend(1))
    assert (summary.already, summary.played) == (4, 2)
    assert run_sim(TTR, 3, path, LocalBackend(1)).played == 0  # fewer: nothing to do
    run_sim(TTR, 6, tmp_path / "straight.sqlite", LocalBackend(1))
    assert rows(path) == rows(tmp_path / "straight.sqlite")


def _sim_in_child(config: SimConfig, games: int, path: Path) -> None:
    run_sim(config, games, path, LocalBackend(1))


def test_concurrent_sims_into_one_file_leave_it_consistent(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite"
    random_only = SimConfig.build("ticket-to-ride", players=2, bots=["random"], seed=5)
    context = multiprocessing.get_context("fork")
    children = [
        context.Process(target=_sim_in_child, args=(config, 20, path))
        for config in (TTR, TTR, random_only)  # two of the same run, one of another
    ]
    for child in children:
        child.start()
    for child in children:
        child.join(timeout=120)
        assert child.exitcode == 0
    check_consistent(path, 2)
    apart = tmp_path / "apart.sqlite"
    run_sim(TTR, 20, apart, LocalBackend(1))
    run_sim(random_only, 20, apart, LocalBackend(1))
    together, separate = rows(path), rows(apart)
    assert len(together["games"]) == 40
    # Run ids depend on which process came first: compare each run by its key.
    by_key = {run[1]: run[0] for run in together["runs"]}
    for run_id, key, *_ in separate["runs"]:
        mine = [row[1:] for row in separate["games"] if row[0] == run_id]
        theirs = [row[1:] for row in together["games"] if row[0] == by_key[key]]
        assert mine == theirs
