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


def test_serve_offers_the_connection_limits_with_the_settings_defaults() -> None:
    """The limits an operator sets, named in `serve --help` with the Settings defaults."""
    from tabletrip.server import Settings

    result = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    defaults = Settings()
    for option, default in (
        ("--max-connections-per-address", defaults.max_connections_per_address),
        ("--hello-timeout", defaults.hello_timeout_seconds),
        ("--header-timeout", defaults.header_timeout_seconds),
        ("--body-timeout", defaults.body_timeout_seconds),
    ):
        assert option in result.output
        text = " ".join(result.output.replace("│", " ").split())
        assert f"(default: {default:g})" in text, option


def test_serve_passes_the_connection_limits_to_the_server(monkeypatch: Any) -> None:
    """The options become the app's settings (create_app stands in: nothing is served)."""
    import tabletrip.server
    from tabletrip.core.errors import TabletripError
    from tabletrip.server import Settings

    given: list[Settings] = []

    def create_app(settings: Settings) -> None:
        given.append(settings)
        raise TabletripError("stop here")

    monkeypatch.setattr(tabletrip.server, "create_app", create_app)
    options = ["--max-connections-per-address", "7", "--hello-timeout", "1.5"]
    options += ["--header-timeout", "2", "--body-timeout", "3"]
    result = runner.invoke(app, ["serve", "--db", "sqlite://", *options])
    assert result.exit_code == 2 and "stop here" in result.output
    limits = given[0]
    assert limits.max_connections_per_address == 7
    assert limits.hello_timeout_seconds == 1.5
    assert (limits.header_timeout_seconds, limits.body_timeout_seconds) == (2, 3)


def test_the_server_runs_its_own_http_and_websocket_protocols() -> None:
    """uvicorn is given the protocol classes, never "auto" (which depends on what is
    installed), with the deadlines and the keep-alive timeout of the settings."""
    from tabletrip.server import Settings
    from tabletrip.server.transport import LeanWebSocketProtocol, TimedH11Protocol, uvicorn_options

    settings = Settings(header_timeout_seconds=2.5, body_timeout_seconds=7.0, keep_alive_seconds=3)
    options = uvicorn_options(settings)
    assert issubclass(options["http"], TimedH11Protocol)
    assert (options["http"].header_timeout, options["http"].body_timeout) == (2.5, 7.0)
    assert options["ws"] is LeanWebSocketProtocol
    assert options["timeout_keep_alive"] == 3
    assert options["ws_max_size"] == settings.ws_max_size
