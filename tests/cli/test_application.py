"""The command group prints every usage error (a bad value, a missing argument, an unknown
option or command) as one `error:` line pointing to the command's help, never a box."""

from __future__ import annotations

import pytest

from cli_helpers import assert_one_error_line, run


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ("sim high-card -n x", "Invalid value for '--games' / '-n'"),
        ("sim", "Missing argument 'GAME'"),
        ("sim high-card --bogus", "No such option: --bogus"),
        ("bogus", "No such command 'bogus'"),
        ("report runs.sqlite --compare 1 x", "Invalid value for '--compare'"),
    ],
)
def test_a_usage_error_is_one_line_with_where_help_is(command: str, words: str) -> None:
    line = assert_one_error_line(run(command), words)
    assert line.endswith("--help`)") and "╭" not in line
