"""The screen of one decision, in at most 40 rows of 100 columns.

From the top: a header (the game, the move, who decides), what the seat sees (its
presentation document, fitted to the rows left), the others' moves since its last one in
public form, the choices of the current step, a line of what may be typed, and the reason
the last input was refused. On a terminal the screen is cleared first, so each decision is
one screen; piped, the screens follow one another.
"""

from __future__ import annotations

import textwrap

from rich.cells import cell_len

from tabletrip.cli.choosing import STEP_JOIN
from tabletrip.cli.console import Ui
from tabletrip.cli.decision import MOST_CHOICE_ROWS, Decision
from tabletrip.cli.game_display import _move_text
from tabletrip.cli.screen import Line, ScreenLine, fit_document, rich_line, shorten, wrap
from tabletrip.core.actions import Action
from tabletrip.core.presentation import render_text

WIDTH, HEIGHT = 100, 40
MOST_RECENT = 4
MOST_MESSAGE_ROWS = 3
NARROWEST_CHOICE = 30
MOST_COLUMN_ROWS = 20  # a long list (the routes) may take half the screen


def draw_decision(ui: Ui, decision: Decision, width: int = WIDTH, height: int = HEIGHT) -> None:
    """Clear the terminal (if it is one) and draw the decision's screen."""
    console = ui.console
    if console.is_terminal:
        width, height = min(width, console.width), min(height, console.height)
    lines = decision_lines(decision, width, height)
    if console.is_terminal:
        console.clear()
    for line in lines:
        ui.say(rich_line(line))


def decision_lines(decision: Decision, width: int, height: int) -> list[ScreenLine]:
    """The decision's screen as lines, leaving the last row for the prompt."""
    state, seat = decision.state, decision.seat
    title = state.game.info.title
    header = f"{title} · move {len(state.history) + 1} · {decision.names[seat]} to decide"
    recent = _recent_lines(decision, width)
    choices = _choice_lines(decision, width)
    asked = Line(shorten(_asked(decision), width), "bold")
    said = textwrap.wrap(decision.message, width)[:MOST_MESSAGE_ROWS] if decision.message else []
    message = [Line(line, "red") for line in said]
    below = [*recent, asked, *choices]
    rows = height - 1 - len(below) - 2 - len(message) - 1
    body, shortened = _seen_lines(decision, width, rows)
    tip = [Line(line, "dim") for line in wrap(_tip(decision, shortened), width, "", 2)]
    return [Line(shorten(header, width), "bold reverse"), *body, *below, *tip, *message]


def _seen_lines(decision: Decision, width: int, rows: int) -> tuple[list[ScreenLine], bool]:
    """What the seat sees, fitted to `rows`; and whether a part of it was shortened."""
    state, seat, presentation = decision.state, decision.seat, decision.presentation
    if presentation is None:
        text: list[ScreenLine] = [
            Line(shorten(line, width)) for line in render_text(state, seat).splitlines()
        ]
        return (text[:rows], len(text) > rows)
    document = presentation.document(state.game, state.observation(seat))
    fitted = fit_document(document, width, rows)
    return fitted.lines, fitted.shortened


def _recent_lines(decision: Decision, width: int) -> list[ScreenLine]:
    """The others' moves since the seat's last one (the newest few), as it may see them."""
    state, seat = decision.state, decision.seat
    since: list[tuple[int, Action]] = []
    for actor, action in reversed(state.history):
        if actor == seat:
            break
        since.append((actor, action))
    if not since:
        return []
    shown = list(reversed(since[:MOST_RECENT]))
    earlier = len(since) - len(shown)
    heading = "Since your last move" + (f" ({earlier} earlier: log)" if earlier else "") + ":"
    lines: list[ScreenLine] = [Line(heading, "bold")]
    for actor, action in shown:
        said = _move_text(state, actor, action, seat, decision.names)
        lines.append(Line(shorten("  " + said, width)))
    return lines


def _asked(decision: Decision) -> str:
    """What the list below asks: the first step, or the steps taken so far."""
    if decision.narrowed is not None:
        return "The moves that match what you typed:"
    if not decision.at:
        return "Your move:"
    return STEP_JOIN.join(decision.at) + STEP_JOIN + "then:"


def _choice_lines(decision: Decision, width: int) -> list[ScreenLine]:
    """The choices, numbered: a line each, or in columns when they are many (then a choice
    that leads to another step ends with an arrow instead of its count of choices)."""
    choices = decision.choices()
    if len(choices) <= MOST_CHOICE_ROWS:
        lines: list[ScreenLine] = []
        for number, choice in enumerate(choices, 1):
            onward = decision.onward(choice)
            item = f"{number:>3}  {choice.label}" + (f" ({onward} choices)" if onward else "")
            # A line each, a long one wrapped once under its words.
            most = 2 if len(choices) < MOST_CHOICE_ROWS // 2 else 1
            lines += [Line(line) for line in wrap(item, width, " " * 5, most)]
        return lines
    items = [
        f"{number:>3}  {choice.label}" + ("" if choice.move is not None else STEP_JOIN.rstrip())
        for number, choice in enumerate(choices, 1)
    ]
    # As many columns as the longest choice allows; narrower ones (cut) only if they must.
    columns = max(1, width // (max(cell_len(item) for item in items) + 2))
    if columns * MOST_COLUMN_ROWS < len(items):
        columns = max(columns, min(width // NARROWEST_CHOICE, -(-len(items) // MOST_COLUMN_ROWS)))
    rows = min(-(-len(items) // columns), MOST_COLUMN_ROWS)
    shown = items[: rows * columns]
    if len(shown) < len(items):
        rows -= 1
        shown = items[: rows * columns]
    column_width = width // columns
    lines = []
    for row in range(rows):
        cells = [shown[c * rows + row] for c in range(columns) if c * rows + row < len(shown)]
        text = "".join(shorten(cell, column_width - 2).ljust(column_width) for cell in cells)
        lines.append(Line(text.rstrip()))
    if len(shown) < len(items):
        more = (
            f"… and {len(items) - len(shown)} more: type words of the one you want "
            "(a name is enough), or moves for every move"
        )
        lines.append(Line(shorten(more, width), "dim"))
    return lines


def _tip(decision: Decision, shortened: bool) -> str:
    """The line of what may be typed here."""
    state, presentation = decision.state, decision.presentation
    looks = [look.name for look in presentation.lookups(state.game)] if presentation else []
    commands = ["back"] if decision.path or decision.narrowed is not None else []
    commands += ["help", "moves", *looks, "show", "rules", "hint", "log", "quit"]
    shown = " (parts are shortened: show draws them whole)" if shortened else ""
    return "Type a number or a move's words; or " + " ".join(commands) + shown
