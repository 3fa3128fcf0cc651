"""How a game shows in the terminal: its opening lines, a move as a seat sees it, the result."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from tabletrip.cli.console import Ui, _number, _show_value, _summary
from tabletrip.core.actions import Action
from tabletrip.core.game import Game, State


def _describe(ui: Ui, game: Game, seed: int, labels: Sequence[str]) -> None:
    ui.say(f"{game.info.title}: {game.players} players, seed {seed}", style="bold")
    if game.options:
        ui.say("options: " + ", ".join(f"{k}={_show_value(v)}" for k, v in game.options.items()))
    if labels:
        ui.say("seats: " + ", ".join(f"{seat} {label}" for seat, label in enumerate(labels)))


def _move_text(state: State, seat: int, action: Action, viewer: int | None) -> str:
    """How the move of `seat` is shown to `viewer` (None: everyone who can see the screen).

    Only the seat itself sees its full move; everyone else sees `state.public_move(action)`,
    where a game hides a move's secret part (such as which tickets were kept).
    """
    return f"seat {seat}: {action if viewer == seat else state.public_move(action)}"


def _show_result(ui: Ui, state: State, labels: Sequence[str]) -> None:
    """The scores and each seat's breakdown as a table, then who won."""
    result = state.result
    if result is None:
        return
    table = Table(title="result", title_justify="left")
    table.add_column("")
    for seat in range(len(result.scores)):
        label = labels[seat] if seat < len(labels) else ""
        star = " *" if seat in result.winners else ""
        table.add_column(f"seat {seat}{star}\n{label}".rstrip(), justify="right")
    keys: list[str] = []
    for breakdown in result.breakdown:
        keys += [key for key in breakdown if key not in keys and key != "total"]
    for key in keys:
        table.add_row(key, *(_summary(b.get(key)) for b in result.breakdown))
    table.add_row("total", *(_number(s) for s in result.scores), style="bold")
    ui.show(table)
    who = [f"seat {w}" + (f" ({labels[w]})" if w < len(labels) else "") for w in result.winners]
    top = _number(result.scores[result.winners[0]]) if result.winners else "-"
    if len(who) == 1:
        ui.say(f"winner: {who[0]} with {top}", style="bold")
    else:
        ui.say(f"tie: {', '.join(who)} with {top}", style="bold")
