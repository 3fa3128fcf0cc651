"""The `serve` command: its help, and one line for a bad database or a busy port."""

from __future__ import annotations

import gc
import socket
from typing import Any

from typer.testing import CliRunner

from tabletrip.cli.application import app
from tabletrip.cli.serve_command import YOUNG_GENERATION_THRESHOLD, tune_garbage_collector

runner = CliRunner()


def test_serve_help() -> None:
    """`tabletrip serve --help` names its options."""
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--chosen-seeds"):
        assert option in result.output


def _error_line(args: list[str]) -> str:
    result = runner.invoke(app, ["serve", *args])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def test_a_bad_database_url_is_one_line() -> None:
    """An unknown dialect, or a file where no folder can be made: `error: ...`."""
    assert "bad database URL" in _error_line(["--db", "nosuchdb://x"])
    assert "cannot open database" in _error_line(["--db", "sqlite:////proc/none/x.sqlite"])


def test_a_busy_port_is_one_line(tmp_path: Any) -> None:
    """A port something already listens on: `error: cannot listen ...`."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        db = f"sqlite:///{tmp_path / 's.sqlite'}"
        line = _error_line(["--db", db, "--port", str(port)])
    assert "cannot listen" in line


def test_the_server_process_tunes_its_garbage_collector() -> None:
    """Young collections wait for 50,000 new containers, and what was loaded is frozen."""
    thresholds = gc.get_threshold()
    try:
        tune_garbage_collector()
        assert gc.get_threshold() == (YOUNG_GENERATION_THRESHOLD, *thresholds[1:])
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
