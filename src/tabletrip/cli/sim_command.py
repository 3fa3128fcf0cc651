"""The `sim` command: play many bot games of one setup into a SQLite file, with progress.

Everything is validated before the first game. The same command resumes an interrupted run
(finished games are kept) and a larger --games extends it.
"""

from __future__ import annotations

import contextlib
import shlex
import signal
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Annotated

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from tabletrip.cli.console import Ui
from tabletrip.cli.game_catalog import _game_class
from tabletrip.cli.game_setup import (
    GameArgument,
    GameOptions,
    PlayersOption,
    _make_game,
    _parse_options,
)
from tabletrip.core.ablation import ablate
from tabletrip.core.errors import OptionError
from tabletrip.sim.backends import Backend, LocalBackend
from tabletrip.sim.config import SimConfig
from tabletrip.sim.lineup import DEFAULT_BOT
from tabletrip.sim.runner import SimSummary, run_sim
from tabletrip.sim.store import SimStore
from tabletrip.sim.worker_pipes import WorkerDied

INTERRUPTED_EXIT = 130
BACKENDS = ("local", "ray")


class GamesPerSecondColumn(ProgressColumn):
    """The recent speed in games per second."""

    def render(self, task: Task) -> Text:
        """`123.4 games/s`, or `- games/s` before the first games finish."""
        speed = task.speed
        text = "- games/s" if speed is None else f"{speed:,.1f} games/s"
        return Text(text, style="progress.data.speed")


def _backend(name: str, workers: int | None, address: str | None) -> Backend:
    """The backend by name, checked before anything runs (a missing Ray is one line)."""
    if name not in BACKENDS:
        raise OptionError(f"unknown backend {name!r}: backends are {', '.join(BACKENDS)}")
    if address is not None and name != "ray":
        raise OptionError("--ray-address goes with --backend ray")
    if name == "ray":
        from tabletrip.sim.ray_backend import RayBackend

        return RayBackend(address, workers)
    return LocalBackend(workers)


def _command(
    config: SimConfig,
    games: int,
    out: Path,
    option_texts: list[str],
    content: Path | None = None,
    without: Sequence[str] = (),
) -> str:
    """The command line that resumes this run (the same run key, the same file)."""
    words = ["tabletrip", "sim", config.game, "--games", str(games)]
    words += ["--players", str(config.players)]
    lineup = list(config.lineup)
    while len(lineup) > 1 and lineup[-1] == lineup[-2]:
        lineup.pop()  # the last bot fills the remaining seats
    for spec in lineup:
        words += ["--bot", spec]
    for text in option_texts:
        words += ["--option", text]
    if content is not None:
        words += ["--content", str(content)]
    for entry in without:
        words += ["--without", entry]
    words += ["--seed", str(config.seed), "--out", str(out)]
    return shlex.join(words)


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """While running, a SIGTERM (`kill`) stops the run like Ctrl-C: finished games are kept."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _show_summary(ui: Ui, summary: SimSummary, config: SimConfig) -> None:
    with SimStore.open(summary.path) as store:
        tallies = store.tallies(summary.run_id)
        stored = store.run(summary.run_id).games
    ui.say(
        f"played {summary.played} games in {summary.seconds:.1f} s "
        f"({summary.rate:,.1f} games/s); {summary.already} were already stored; "
        f"run {summary.run_id} holds {stored} games",
        style="bold",
    )
    table = Table(title=f"win share per seat played (parity {1 / config.players:.0%})")
    table.add_column("bot", style="bold")
    table.add_column("seats played", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win share", justify="right")
    for tally in tallies:
        table.add_row(tally.bot, str(tally.seats), f"{tally.wins:g}", f"{tally.share:.1%}")
    ui.show(table)
    ui.say(f"next: tabletrip report {shlex.quote(str(summary.path))}")


def sim(
    game: GameArgument,
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", help="Games to play.")],
    players: PlayersOption = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            "-b",
            metavar="NAME",
            help=(
                f"Bot of each seat in order, the last filling the rest (default {DEFAULT_BOT}); "
                "name or name:key=value,... Seats rotate every game."
            ),
        ),
    ] = None,
    option: GameOptions = None,
    seed: Annotated[int, typer.Option(metavar="S", help="Seed of the run.")] = 0,
    content: Annotated[
        Path | None,
        typer.Option(
            metavar="PATH", help="Own content: a data file or a directory of them (same format)."
        ),
    ] = None,
    without: Annotated[
        list[str] | None,
        typer.Option(
            "--without",
            metavar="ENTRY",
            help=(
                "Ablation: play without one content entry (a card, ticket, route...), named "
                "FILE:PATH (europe_express.json:tickets.12) or by its unique name; repeatable."
            ),
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(metavar="W", help="Processes (local) or tasks (ray); default: every CPU."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(metavar="FILE.sqlite", help="Database to write; default sim-GAME.sqlite."),
    ] = None,
    backend: Annotated[
        str, typer.Option(metavar="local|ray", help="Where games are played.")
    ] = "local",
    ray_address: Annotated[
        str | None,
        typer.Option(metavar="ADDR", help="Ray cluster to use; default: a local Ray instance."),
    ] = None,
) -> None:
    """Play many bot games into a SQLite file for `tabletrip report` (resumable)."""
    ui = Ui()
    info = _game_class(game).info
    option_texts = option or []
    configured = _make_game(game, players, _parse_options(info, option_texts), content)
    if without:
        ablated = configured.content
        for entry in without:
            ablated = ablate(ablated, entry)
        configured = type(configured).from_options(
            configured.players, dict(configured.options), ablated
        )
    config = SimConfig.from_game(configured, bot or [], seed)
    if games < 1:
        raise OptionError(f"--games must be at least 1, not {games}")
    if workers is not None and workers < 1:
        raise OptionError(f"--workers must be at least 1, not {workers}")
    runner = _backend(backend, workers, ray_address)
    path = out if out is not None else Path(f"sim-{config.game}.sqlite")
    SimStore.open(path, create=True).close()  # a file that is not a sim database: one line now

    lineup = " vs ".join(dict.fromkeys(config.lineup))
    ui.say(
        f"{info.title}: {games} games, {config.players} players, {lineup}, seed {seed}, "
        f"{runner.name} backend" + (f", {runner.workers} workers" if runner.workers else ""),
        style="bold",
    )
    ui.say(f"writing to {path}")
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        GamesPerSecondColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    stored: int | None = None
    with Progress(*columns, console=ui.console) as bar:
        task = bar.add_task("games", total=games)

        def progress(done: int, total: int) -> None:
            nonlocal stored
            if stored is None:  # games already stored count neither for games/s nor the ETA
                bar.reset(task, total=total, completed=done)
            else:
                bar.update(task, completed=done)
            stored = done

        try:
            with _terminate_as_interrupt():
                summary = run_sim(config, games, path, runner, progress)
        except (KeyboardInterrupt, WorkerDied) as stop:
            bar.stop()
            if isinstance(stop, WorkerDied):  # killed from outside, or out of memory
                typer.echo(f"error: {stop}", err=True)
            ui.say(f"stopped: {stored or 0} of {games} games are stored in {path}")
            resume = _command(config, games, path, option_texts, content, without or ())
            ui.say(f"resume with: {resume}")
            code = INTERRUPTED_EXIT if isinstance(stop, KeyboardInterrupt) else 1
            raise typer.Exit(code) from None
    _show_summary(ui, summary, config)
