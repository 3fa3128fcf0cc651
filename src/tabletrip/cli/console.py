"""The terminal of one command (`Ui`) and how numbers and values are written in it.

Everything printed is plain text: a string is never read as rich markup (`[/bold]`,
`[link=...]`) or emoji codes, and its control and format characters (ESC, NUL, a bidi
override) are written as escapes (`\\x1b`) rather than sent to the terminal. Records and
content files come from anyone, and their names and labels are printed.
"""

from __future__ import annotations

import contextlib
import sys
import unicodedata
from collections.abc import Callable
from typing import Any, TypeVar

from rich.console import Console, RenderableType
from rich.text import Text

from tabletrip.core.errors import TabletripError

T = TypeVar("T")

# Unicode categories a terminal must not be sent as they are: control, format (bidi
# overrides, zero-width spaces), surrogate, private use, line and paragraph separators.
UNPRINTED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
# Zero-width joiners and non-joiners are printed: emoji sequences and Persian or Indic
# names need them, and they move nothing on the screen.
JOINERS = frozenset({"\u200c", "\u200d"})
LAYOUT = frozenset({"\n", "\t"})  # kept in the CLI's own multi-line text


def visible(text: str, newlines: bool = True) -> str:
    """`text` with each control or format character written as its escape (ESC as `\\x1b`,
    RIGHT-TO-LEFT OVERRIDE as `\\u202e`); newlines and tabs are kept unless `newlines` is
    False (a name on one line)."""
    if text.isprintable():
        return text  # the usual case, checked at C speed (spaces other than " " fail it)
    kept = LAYOUT if newlines else frozenset()
    return "".join(_visible_character(c, kept) for c in text)


def _visible_character(character: str, kept: frozenset[str]) -> str:
    if character in JOINERS or character in kept:
        return character
    if unicodedata.category(character) not in UNPRINTED_CATEGORIES:
        return character
    return character.encode("unicode_escape").decode("ascii")


class PlainConsole(Console):
    """A rich Console that renders every string as plain, visible text (see the module)."""

    def render_str(self, text: str, **options: Any) -> Text:
        """The string as a Text: no markup, no emoji codes, control characters escaped."""
        return super().render_str(visible(text), **{**options, "markup": False, "emoji": False})


class Ui:
    """The terminal for one command: rich output, one-line prompts, one-line problems."""

    def __init__(self) -> None:
        self.console = PlainConsole(highlight=False, markup=False, emoji=False)
        self.stdin_is_tty = sys.stdin.isatty()
        self.line_editing = False
        if self.stdin_is_tty:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (line editing and history for the prompts)

                self.line_editing = True

    def say(self, text: str | Text = "", style: str | None = None) -> None:
        """Print text as it is (no markup, control characters escaped), never hard-wrapped."""
        if isinstance(text, Text) and visible(text.plain) != text.plain:
            text = Text(visible(text.plain), style=text.style)  # its spans no longer fit
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
