"""Driving the `tabletrip` command in tests: run it, and check a one-line error."""

from __future__ import annotations

import shlex

from typer.testing import CliRunner, Result

from tabletrip.cli import app


def run(command: str, *more: str, input: str | None = None) -> Result:
    """Invoke the CLI (`command` is split like a shell does) with a wide terminal."""
    args = [*shlex.split(command), *more]
    return CliRunner().invoke(app, args, input=input, env={"COLUMNS": "200"})


def assert_one_error_line(result: Result, *expected: str) -> str:
    """Exit code 2, exactly one `error:` line on stderr containing `expected`, no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    for part in expected:
        assert part in lines[0], lines[0]
    return lines[0]
