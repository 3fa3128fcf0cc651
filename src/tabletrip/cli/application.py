"""The `tabletrip` typer app: the commands, the one place errors are printed, and `main`.

A TabletripError raised by any command, and a usage error (a bad option value, a missing
argument), is printed by `_Group.invoke` as one line, `error: <message>`, on stderr with
exit code 2.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from tabletrip.core.errors import TabletripError
from tabletrip.core.lazy import imported

# The commands, in the order `tabletrip --help` lists them: each a function (or, for a
# command with subcommands, a Typer app) imported only when it runs or help lists it, so
# `tabletrip games` does not import the player, the simulator and the report.
COMMANDS = {
    "games": "tabletrip.cli.game_catalog:games",
    "play": "tabletrip.cli.play_command:play",
    "replay": "tabletrip.cli.replay_command:replay",
    "sim": "tabletrip.cli.sim_command:sim",
    "report": "tabletrip.cli.report_command:report",
    "serve": "tabletrip.cli.serve_command:serve",
    "encoding": "tabletrip.cli.encoding_command:encoding",
    "train": "tabletrip.cli.train_command:train",
    "content": "tabletrip.cli.content_command:content_app",
}

ERROR_EXIT = 2
# Typer ships its own copy of click, whose UsageError (a bad option value, a missing argument,
# an unknown option) is the base of typer.BadParameter; the installed click's is another class.
UsageError: type[Exception] = typer.BadParameter.__bases__[0]


class _Group(TyperGroup):
    """The command group: the one place where a TabletripError becomes `error: <message>`."""

    def list_commands(self, ctx: Any) -> list[str]:
        """Every command name, in the order of COMMANDS."""
        return list(COMMANDS)

    def get_command(self, ctx: Any, name: str) -> Any:
        """The click command `name`, built from its module on first use; None if unknown."""
        if name not in self.commands and name in COMMANDS:
            found = imported(COMMANDS[name])
            command: Any
            if isinstance(found, typer.Typer):
                command = typer.main.get_group(found)
            else:
                one = typer.Typer()
                one.command(name=name)(found)
                command = typer.main.get_command(one)
            self.add_command(command, name)
        return self.commands.get(name)

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


@app.callback()
def _commands() -> None:
    """The group itself does nothing: each command is in COMMANDS."""


def main() -> None:
    """Entry point of the `tabletrip` console script."""
    app(prog_name="tabletrip")
