"""`tabletrip sim` and `tabletrip replay FILE.sqlite --game K`, through the CLI."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import assert_one_error_line, run
from processes import children
from tabletrip.cli import sim_command
from tabletrip.sim import SimConfig
from tabletrip.sim.runner import run_sim

SIM = "sim ticket-to-ride --games 4 --bot random --workers 1"


def count(path: Path, table: str) -> int:
    """Rows in a table of a sim file (0 while the file is being created)."""
    db = sqlite3.connect(path)
    try:
        (found,) = db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    except sqlite3.OperationalError:  # the schema is not written yet
        found = 0
    finally:
        db.close()
    return int(found)


def test_sim_writes_the_games_and_prints_a_summary(tmp_path: Path) -> None:
    path = tmp_path / "out.sqlite"
    result = run(SIM, "--out", str(path))
    assert result.exit_code == 0, result.output
    assert f"writing to {path}" in result.output
    assert "4/4" in result.output and "games/s" in result.output
    assert "played 4 games" in result.output and "run 1 holds 4 games" in result.output
    assert "win share" in result.output and "random" in result.output
    assert f"next: tabletrip report {path}" in result.output
    assert (count(path, "games"), count(path, "seats")) == (4, 8)
    again = run(SIM, "--out", str(path))
    assert "played 0 games" in again.output and "4 were already stored" in again.output


def test_the_default_file_is_sim_game_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("sim lets-go-france --games 2 --bot random --bot easy --workers 1")
    assert result.exit_code == 0, result.output
    assert "writing to sim-lets-go-france.sqlite" in result.output
    assert count(tmp_path / "sim-lets-go-france.sqlite", "games") == 2


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ("sim nope --games 2", ["unknown game 'nope'", "ticket-to-ride"]),
        ("sim en-route --games 2 --bot nope", ["unknown bot 'nope'", "random"]),
        ("sim en-route --games 2 --bot random:depth=2", ["bad parameters for bot 'random'"]),
        ("sim en-route --games 2 --option x=1", ["unknown option 'x'", "mode"]),
        ("sim en-route --games 2 --option mode=odd", ["bad value 'odd'", "standard"]),
        ("sim en-route --games 2 --players 9", ["takes 2 to 4 players", "not 9"]),
        ("sim en-route --games 0", ["--games must be at least 1"]),
        ("sim en-route --games 2 --workers 0", ["--workers must be at least 1"]),
        ("sim en-route --games 2 --backend moon", ["unknown backend 'moon'", "local, ray"]),
        ("sim en-route --games 2 --ray-address x:1", ["--ray-address goes with --backend ray"]),
    ],
)
def test_bad_input_is_one_line_before_any_file_is_written(
    arguments: str, expected: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "never.sqlite"
    assert_one_error_line(run(arguments, "--out", str(path)), *expected)
    assert not path.exists()


def test_a_file_that_is_not_a_sim_database_is_one_line_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "tabletrip-record/1"}')
    assert_one_error_line(run(SIM, "--out", str(path)), "not a tabletrip simulation database")
    assert path.read_text() == '{"format": "tabletrip-record/1"}'


def test_missing_ray_is_one_line_saying_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    path = tmp_path / "ray.sqlite"
    assert_one_error_line(
        run(SIM, "--backend", "ray", "--out", str(path)), "pip install 'tabletrip[ray]'"
    )
    assert not path.exists()


def test_ctrl_c_keeps_the_finished_games_and_says_how_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: Any) -> Any:
        config, games, out, backend, progress = args

        def stop_after_two(done: int, total: int) -> None:
            progress(done, total)
            if done >= 2:
                raise KeyboardInterrupt

        return run_sim(config, games, out, backend, stop_after_two)

    path = tmp_path / "stop.sqlite"
    monkeypatch.setattr(sim_command, "run_sim", interrupted)
    result = run(
        "sim en-route --games 5 --bot random --workers 1 -o level=simplified", "--out", str(path)
    )
    assert result.exit_code == 130, result.output
    assert f"stopped: 2 of 5 games are stored in {path}" in result.output
    resume = result.output.split("resume with: ")[1].splitlines()[0]
    assert resume.startswith("tabletrip sim en-route --games 5 ")
    monkeypatch.undo()
    resumed = run(resume.removeprefix("tabletrip "))
    assert resumed.exit_code == 0, resumed.output
    assert "played 3 games" in resumed.output and "2 were already stored" in resumed.output
    assert count(path, "games") == 5 and count(path, "runs") == 1


@contextlib.contextmanager
def running_sim(path: Path) -> Iterator[subprocess.Popen[str]]:
    """A `sim --workers 2` in its own process group (so a signal to the group reaches the
    workers too, as Ctrl-C in a terminal does), yielded once it has stored two games however
    loaded the machine; killed on the way out if it still runs."""
    # More games than any machine plays meanwhile: the run cannot end by itself first.
    command = [sys.executable, "-m", "tabletrip", "sim", "route-east", "--games", "1000000"]
    command += ["--bot", "random", "--workers", "2", "--out", str(path)]
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        while child.poll() is None and (not path.exists() or count(path, "games") < 2):
            time.sleep(0.05)
        assert child.poll() is None, f"the sim ended first: {child.communicate()}"
        yield child
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)


def test_an_interrupt_signal_stops_the_worker_pool_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "signal.sqlite"
    with running_sim(path) as child:
        os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=600)
    assert child.returncode == 130, err
    assert "Traceback" not in err and "resume with: tabletrip sim route-east" in out
    games = count(path, "games")
    assert 2 <= games < 1000000 and count(path, "seats") == 2 * games


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads children from /proc")
def test_a_worker_killed_from_outside_is_one_error_line_and_the_games_are_kept(
    tmp_path: Path,
) -> None:
    path = tmp_path / "killed.sqlite"
    with running_sim(path) as child:
        workers = children(child.pid)
        assert len(workers) == 2, workers
        os.kill(workers[0], signal.SIGKILL)  # as the kernel's out-of-memory killer would
        out, err = child.communicate(timeout=600)
    assert child.returncode == 1, err
    assert "Traceback" not in err
    assert err.strip() == "error: a worker process ended while playing games (exit code -9)"
    assert "resume with: tabletrip sim route-east" in out
    games = count(path, "games")
    assert games >= 2 and count(path, "seats") == 2 * games


# --- replay FILE.sqlite --game K ---------------------------------------------------------------


@pytest.fixture
def sim_file(tmp_path: Path) -> Path:
    path = tmp_path / "replay.sqlite"
    assert run(SIM, "--out", str(path)).exit_code == 0
    return path


def test_replay_of_a_simulated_game_reproduces_its_stored_result(sim_file: Path) -> None:
    result = run("replay", str(sim_file), "--game", "2")
    assert result.exit_code == 0, result.output
    db = sqlite3.connect(sim_file)
    moves, winners = db.execute("SELECT moves, winners FROM games WHERE game_index = 2").fetchone()
    scores = [
        s for (s,) in db.execute("SELECT score FROM seats WHERE game_index = 2 ORDER BY seat")
    ]
    db.close()
    assert "seats: Player 1 (random), Player 2 (random)" in result.output
    assert result.output.splitlines()[-1] == (
        f"verified: the {moves} moves reproduce the recorded result exactly"
    )
    (winner,) = json.loads(winners)
    assert f"Player {winner + 1} (random) wins with {scores[winner]:g} points." in result.output
    assert run("replay", str(sim_file), "--game", "2", "--run", "1").output == result.output


def test_replay_of_a_sim_file_asks_for_a_run_when_it_holds_several(sim_file: Path) -> None:
    assert run(SIM, "--seed", "1", "--out", str(sim_file)).exit_code == 0
    line = assert_one_error_line(
        run("replay", str(sim_file), "--game", "0"), "holds 2 runs", "--run R"
    )
    assert "run 1: ticket-to-ride" in line and "seed 1, 4 games" in line
    assert run("replay", str(sim_file), "--game", "0", "--run", "2").exit_code == 0
    assert_one_error_line(run("replay", str(sim_file), "--game", "0", "--run", "7"), "has no run 7")


def test_replay_sqlite_mistakes_are_one_line(sim_file: Path, tmp_path: Path) -> None:
    assert_one_error_line(
        run("replay", str(sim_file), "--game", "9"), "has no game 9", "games 0 to 3"
    )
    assert_one_error_line(run("replay", str(sim_file)), "is a database", "--game K")
    assert_one_error_line(run("replay", str(tmp_path / "no.sqlite"), "--game", "1"), "no such file")
    record = tmp_path / "game.json"
    record.write_text("{}")
    assert_one_error_line(run("replay", str(record), "--game", "1"), "is not one")
    other = tmp_path / "other.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.close()
    assert_one_error_line(run("replay", str(other), "--game", "1"), "not a tabletrip simulation")


def test_without_simulates_an_ablation_as_its_own_run(tmp_path: Path) -> None:
    path = tmp_path / "ablation.sqlite"
    base = "sim ticket-to-ride --games 2 --bot random --workers 1 -o map=europe-express"
    assert run(base, "--out", str(path)).exit_code == 0
    result = run(base, "--without", "europe_express.json:tickets.0", "--out", str(path))
    assert result.exit_code == 0, result.output
    assert count(path, "runs") == 2  # a content entry removed: another run, not the same one
    with sqlite3.connect(path) as db:
        stored = [json.loads(row[0]) for row in db.execute("SELECT content FROM contents")]
    removed = [content["removed"] for content in stored]
    assert sorted(map(len, removed)) == [0, 1]
    assert "Paris-Munchen" in next(r for r in removed if r)[0]
    assert_one_error_line(run(base, "--without", "Nowhere", "--out", str(path)), "FILE:PATH")


def test_the_resume_line_of_an_own_content_ablation_names_both() -> None:
    config = SimConfig.build("ticket-to-ride", players=2, bots=["random"])
    line = sim_command._command(
        config, 5, Path("x.sqlite"), ["map=usa"], Path("own"), ["usa.json:tickets.1"]
    )
    assert "--content own --without usa.json:tickets.1" in line
