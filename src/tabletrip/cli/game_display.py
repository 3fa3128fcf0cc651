"""How a game shows in the terminal: its opening lines, a move as a seat sees it, the result."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from tabletrip.cli.console import Ui, _number, _show_value, _summary
from tabletrip.core.actions import Action
from tabletrip.core.game import Game, State
from tabletrip.core.presentation import presentation_for


def _describe(ui: Ui, game: Game, seed: int, labels: Sequence[str]) -> None:
    ui.say(f"{game.info.title}: {game.players} players, seed {seed}", style="bold")
    if game.options:
        ui.say("options: " + ", ".join(f"{k}={_show_value(v)}" for k, v in game.options.items()))
    if labels:
        ui.say("seats: " + ", ".join(f"{seat} {label}" for seat, label in enumerate(labels)))


def _move_text(state: State, seat: int, action: Action, viewer: int | None) -> str:
    """How the move of `seat` is shown to `viewer` (None: everyone who can see the screen).

    Only the seat itself sees its full move; everyone else sees `state.public_move(action)`,
    where a game hides a move's secret part (such as which tickets were kept). A game with a
    presentation says the public form in its own words ("claimed Dallas–Houston with 2
    orange"); the seat's own move keeps its notation in brackets, which is what it may type.
    """
    public = state.public_move(action)
    presentation = presentation_for(state.game.id)
    if presentation is None:
        return f"seat {seat}: {action if viewer == seat else public}"
    words = presentation.move_words(state.game, public)
    mine = f" ({action})" if viewer == seat else ""
    return f"seat {seat} {words}{mine}"


def _show_result(ui: Ui, state: State, labels: Sequence[str]) -> None:
    """The scores and each seat's breakdown as a table, then who won."""
    result = state.result
    if result is None:
        return
    if presentation_for(state.game.id) is not None:
        _show_score_rows(ui, state, labels)
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


def _seat_names(state: State, labels: Sequence[str]) -> list[str]:
    return [
        f"seat {seat} ({labels[seat]})" if seat < len(labels) and labels[seat] else f"seat {seat}"
        for seat in range(state.num_players)
    ]


def _show_score_rows(ui: Ui, state: State, labels: Sequence[str]) -> None:
    """The result in the game's words: a table of scoring rows by seat (the detail of each
    row under its points), the totals, then the game's sentence on how it ended."""
    result = state.result
    presentation = presentation_for(state.game.id)
    assert result is not None and presentation is not None
    names = _seat_names(state, labels)
    rows = [presentation.score_rows(state.game, b) for b in result.breakdown]
    table = Table(title="Final scores", title_justify="left")
    table.add_column("")
    for seat, name in enumerate(names):
        star = " *" if seat in result.winners else ""
        table.add_column(f"{name}{star}", justify="right")
    steps: list[str] = []
    for seat_rows in rows:
        steps += [row.label for row in seat_rows if row.label not in steps]
    for step in steps:
        cells = []
        for seat_rows in rows:
            row = next((r for r in seat_rows if r.label == step), None)
            parts = [] if row is None else [_row_points(row.points), row.detail]
            cells.append("\n".join(filter(None, parts)) if row is not None else "-")
        table.add_row(step, *cells)
    table.add_row("Total", *(_number(s) for s in result.scores), style="bold")
    ui.show(table)
    ui.say(presentation.outcome(state.game, result, names), style="bold")


def _row_points(points: int | float | None) -> str:
    """A score row's points: nothing for a fact that scores nothing."""
    return "" if points is None else _number(points)
