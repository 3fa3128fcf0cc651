"""The report as data: runs, their sections and chart file names."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from tabletrip.core.analysis import PlayedGame, Section


@dataclass(frozen=True, slots=True)
class RunView:
    """One run as the report shows it: how it was set up and its games in index order."""

    id: int
    game: str
    players: int
    options: dict[str, Any]
    lineup: tuple[str, ...]
    games: tuple[PlayedGame, ...]
    seed: int | None = None
    created: str = ""
    version: str = ""
    content: str = ""  # one line: built-in, own files or an ablation, with the short hash
    content_hash: str | None = None  # None: stored before content was recorded
    content_data: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def title(self) -> str:
        """`Run 1: ticket-to-ride, 2 players`."""
        return f"Run {self.id}: {self.game}, {self.players} player{'s' * (self.players != 1)}"

    def settings(self) -> list[tuple[str, str]]:
        """The run's set-up as (name, value) lines: options, content, lineup, games, seed, made."""
        options = ", ".join(f"{k}={_option(v)}" for k, v in sorted(self.options.items()))
        rotation = " (game 0's seats; they rotate every game)" if self.players > 1 else ""
        lines = [
            ("options", options or "defaults"),
            ("lineup", ", ".join(self.lineup) + rotation),
            ("games", str(len(self.games))),
        ]
        if self.content:
            lines.insert(1, ("content", self.content))
        if self.seed is not None:
            lines.append(("seed", str(self.seed)))
        if self.created:
            made_by = f" by tabletrip {self.version}" if self.version else ""
            lines.append(("created", self.created + made_by))
        return lines


def _option(value: Any) -> str:
    """An option value as the command line writes it: `true`, `auto` for None."""
    if value is None:
        return "auto"
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True, slots=True)
class RunReport:
    """A run and its report sections (generic first, then the game's own)."""

    run: RunView
    sections: tuple[Section, ...]
    notes: tuple[str, ...] = field(default=())

    def chart_names(self) -> tuple[tuple[str, ...], ...]:
        """A unique file name for each chart, per section: `run1-win-rate-by-seat.png`."""
        taken: set[str] = set()
        names: list[tuple[str, ...]] = []
        for section in self.sections:
            mine = []
            for chart in section.charts:
                base = f"run{self.run.id}-{slug(chart.title or section.title)}"
                name, n = base, 1
                while name in taken:
                    n += 1
                    name = f"{base}-{n}"
                taken.add(name)
                mine.append(f"{name}.png")
            names.append(tuple(mine))
        return tuple(names)


@dataclass(frozen=True, slots=True)
class Report:
    """The whole report: the file it reads, when it was made, each run's report, and notes."""

    source: str
    made: str
    runs: tuple[RunReport, ...]
    notes: tuple[str, ...] = field(default=())


def slug(text: str) -> str:
    """Lower-case words joined by hyphens for file names: `Win rate by seat`: `win-rate-by-seat`."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()  # Café: Cafe
    words = re.findall(r"[a-z0-9]+", plain.lower())
    return "-".join(words)[:60].strip("-") or "chart"
