"""The terminal of one command (`Ui`) and how numbers and values are written in it."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from rich.console import Console, RenderableType
from rich.text import Text

from tabletrip.core.errors import TabletripError

T = TypeVar("T")


class Ui:
    """The terminal for one command: rich output, one-line prompts, one-line problems."""

    def __init__(self) -> None:
        self.console = Console(highlight=False)
        self.stdin_is_tty = sys.stdin.isatty()
        self.line_editing = False
        if self.stdin_is_tty:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (line editing and history for the prompts)

                self.line_editing = True

    def say(self, text: str | Text = "", style: str | None = None) -> None:
        """Print text as it is (no markup), never hard-wrapped."""
        self.console.print(text, style=style, markup=False, soft_wrap=True)

    def show(self, renderable: RenderableType) -> None:
        """Print a rich renderable (table, rule, columns)."""
        self.console.print(renderable)

    def problem(self, message: str) -> None:
        """One line saying why the input was not accepted."""
        self.say(message, style="red")

    def ask(self, prompt: str) -> str:
        """One line typed by the person, stripped; EOFError at the end of input."""
        if self.line_editing and self.console.is_terminal and self.console.color_system:
            # readline must be given the prompt (to redraw it), with escapes marked \001..\002
            prompt = f"\001\033[1;36m\002{prompt}\001\033[0m\002"
        line = input(prompt)
        if not self.stdin_is_tty:
            self.say(line)  # piped input is not echoed by a terminal: keep the transcript whole
        return line.strip()

    def ask_until(self, prompt: str, read: Callable[[str], T]) -> T:
        """Ask until `read` accepts the answer; each refusal is one line (its error message)."""
        while True:
            text = self.ask(prompt)
            try:
                return read(text)
            except TabletripError as exc:
                self.problem(str(exc))


def _number(value: int | float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _summary(value: Any) -> str:
    """A breakdown value in a table cell: lists and dicts shortened to a count if long."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return _number(value)
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        if all(isinstance(v, dict) for v in value):
            # One line per entry (a ticket: "Denver El Paso 4 ✓"), the way a person reads it.
            lines = [" ".join(_mark(v) for v in entry.values()) for entry in value[:12]]
            more = [f"and {len(value) - 12} more"] if len(value) > 12 else []
            return "\n".join(lines + more)
        text = ", ".join(_summary(v) for v in value)
        return text if len(text) <= 24 else f"{len(value)} items"
    if isinstance(value, dict):
        text = ", ".join(f"{k}: {_summary(v)}" for k, v in value.items())
        return text if len(text) <= 24 else f"{len(value)} entries"
    return str(value)


def _mark(value: Any) -> str:
    """A value inside a breakdown entry: yes/no as a check mark or a cross."""
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return _number(value) if isinstance(value, int | float) else str(value)


def _show_value(value: Any) -> str:
    if value is None:
        return "auto"  # an option the game decides from the other settings (see its help)
    return str(value).lower() if isinstance(value, bool) else str(value)
