"""How a game shows in the terminal: its opening lines, a move as a seat sees it, the result."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from tabletrip.cli.console import Ui, _number, _show_value, _summary, visible
from tabletrip.core.actions import Action
from tabletrip.core.game import Game, State
from tabletrip.core.presentation import presentation_for

HUMAN = "human"
BOT_PREFIX = "bot:"


def _describe(ui: Ui, game: Game, seed: int, labels: Sequence[str]) -> None:
    ui.say(f"{game.info.title}: {game.players} players, seed {seed}", style="bold")
    if game.options:
        ui.say("options: " + ", ".join(f"{k}={_show_value(v)}" for k, v in game.options.items()))
    if labels:
        ui.say("seats: " + ", ".join(visible(label, newlines=False) for label in labels))


def seat_names(labels: Sequence[str]) -> list[str]:
    """How each seat is named on the screen: "Player 1 (you)" for the one person at the
    terminal, "Player 2 (medium)" for a bot, "Player 3" for one of several people (hot
    seat), from the labels a record keeps (`human`, `bot:<name>`, a sim's bot name, a
    server's seat name): on one line, its control characters escaped (see console.visible)."""
    people = sum(1 for label in labels if label == HUMAN)
    names = []
    for seat, label in enumerate(labels):
        who = visible(label.removeprefix(BOT_PREFIX), newlines=False)
        if label == HUMAN:
            who = "you" if people == 1 else ""
        names.append(f"Player {seat + 1}" + (f" ({who})" if who else ""))
    return names


def _move_text(
    state: State, seat: int, action: Action, viewer: int | None, names: Sequence[str]
) -> str:
    """How the move of `seat` is shown to `viewer` (None: everyone who can see the screen).

    Only the seat itself sees its full move; everyone else sees `state.public_move(action)`,
    where a game hides a move's secret part (such as which tickets were kept). A game with a
    presentation says the public form in its own words ("claimed Dallas–Houston with 2
    orange"); the seat's own move keeps its notation in brackets, which is what it may type.
    """
    public = state.public_move(action)
    presentation = presentation_for(state.game.id)
    name = names[seat] if seat < len(names) else f"Player {seat + 1}"
    if presentation is None:
        return f"{name}: {action if viewer == seat else public}"
    words = presentation.move_words(state.game, public)
    mine = f" ({action})" if viewer == seat else ""
    return f"{name} {words}{mine}"


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
    names = seat_names([*labels, *[""] * (len(result.scores) - len(labels))])
    for seat, name in enumerate(names):
        star = " *" if seat in result.winners else ""
        table.add_column(f"{name}{star}", justify="right")
    keys: list[str] = []
    for breakdown in result.breakdown:
        keys += [key for key in breakdown if key not in keys and key != "total"]
    for key in keys:
        table.add_row(key, *(_summary(b.get(key)) for b in result.breakdown))
    table.add_row("total", *(_number(s) for s in result.scores), style="bold")
    ui.show(table)
    who = [names[w] for w in result.winners]
    top = _number(result.scores[result.winners[0]]) if result.winners else "-"
    if len(who) == 1:
        ui.say(f"winner: {who[0]} with {top}", style="bold")
    else:
        ui.say(f"tie: {', '.join(who)} with {top}", style="bold")


def _show_score_rows(ui: Ui, state: State, labels: Sequence[str]) -> None:
    """The result in the game's words: a table of scoring rows by seat (the detail of each
    row under its points), the totals, then the game's sentence on how it ended."""
    result = state.result
    presentation = presentation_for(state.game.id)
    assert result is not None and presentation is not None
    names = seat_names([*labels, *[""] * (state.num_players - len(labels))])
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
