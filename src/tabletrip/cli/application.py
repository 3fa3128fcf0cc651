"""The `tabletrip` typer app: the commands, the one place errors are printed, and `main`.

A TabletripError raised by any command, and a usage error (a bad option value, a missing
argument), is printed by `_Group.invoke` as one line, `error: <message>`, on stderr with
exit code 2.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from tabletrip.cli.content_command import content_app
from tabletrip.cli.encoding_command import encoding
from tabletrip.cli.game_catalog import games
from tabletrip.cli.play_command import play
from tabletrip.cli.replay_command import replay
from tabletrip.cli.report_command import report
from tabletrip.cli.serve_command import serve
from tabletrip.cli.sim_command import sim
from tabletrip.core.errors import TabletripError

ERROR_EXIT = 2
# Typer ships its own copy of click, whose UsageError (a bad option value, a missing argument,
# an unknown option) is the base of typer.BadParameter; the installed click's is another class.
UsageError: type[Exception] = typer.BadParameter.__bases__[0]


class _Group(TyperGroup):
    """The command group: the one place where a TabletripError becomes `error: <message>`."""

    def invoke(self, ctx: Any) -> Any:
        """Run the command; a TabletripError is one line on stderr and exit code 2."""
        try:
            return super().invoke(ctx)
        except TabletripError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(ERROR_EXIT) from None
        except UsageError as exc:
            context = getattr(exc, "ctx", None)
            command = context.command_path if context is not None else "tabletrip"
            message = " ".join(str(getattr(exc, "format_message", exc.__str__)()).split())
            typer.echo(f"error: {message} (see `{command} --help`)", err=True)
            raise typer.Exit(ERROR_EXIT) from None


app = typer.Typer(
    cls=_Group,
    name="tabletrip",
    help="Play, replay and simulate travel board games; report on their balance.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


# The commands, in the order `tabletrip --help` lists them.
app.command()(games)
app.command()(play)
app.command()(replay)
app.command()(sim)
app.command()(report)
app.command()(serve)
app.command()(encoding)
app.add_typer(content_app)


def main() -> None:
    """Entry point of the `tabletrip` console script."""
    app(prog_name="tabletrip")
