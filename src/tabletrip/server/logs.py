"""A room's log of moves in effect, as each viewer may read it.

Each viewer's lines (and their JSON text) are built once and kept up to date move by move, so
that a view does not go over the whole game again. A socket that holds the lines of an earlier
version is sent only what changed: `start` says how many of its lines still stand.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from dataclasses import dataclass, field

from tabletrip.core.actions import Action, JsonDict
from tabletrip.server.reveal import Viewer


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A move in effect: who played what, and who may not read it (see reveal.hidden_from)."""

    seat: int
    action: Action
    hidden_from: frozenset[Viewer]
    words: str = ""  # the public form in the game's words, where it has a presentation

    def readable_by(self, viewer: Viewer, over: bool) -> bool:
        """Whether `viewer` may read this move (every move, once the game is over)."""
        return self.seat == viewer or over or viewer not in self.hidden_from

    def line(self, viewer: Viewer) -> JsonDict:
        """The move as `viewer` reads it: its own in full, another's public notation."""
        text = str(self.action) if self.seat == viewer else self.action.public()
        return {"seat": self.seat, "text": text, "words": self.words}


@dataclass(slots=True)
class Lines:
    """One viewer's log: the lines, their JSON text and the index of each in the room's log."""

    positions: list[int] = field(default_factory=list)
    lines: list[JsonDict] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    done: int = 0  # the entries of the room's log looked at so far

    def extend(self, entries: list[LogEntry], viewer: Viewer, over: bool) -> None:
        """Add the lines of the entries not looked at yet."""
        for position in range(self.done, len(entries)):
            entry = entries[position]
            if entry.readable_by(viewer, over):
                line = entry.line(viewer)
                self.positions.append(position)
                self.lines.append(line)
                self.texts.append(json.dumps(line))
        self.done = len(entries)

    def truncate(self, length: int) -> None:
        """Forget the lines of the entries from `length` on (taken back)."""
        keep = bisect_left(self.positions, length)
        del self.positions[keep:], self.lines[keep:], self.texts[keep:]
        self.done = min(self.done, length)


class RoomLog:
    """The moves in effect, one version after another (a play adds one, an undo takes the last
    one back), and each viewer's readable lines of them."""

    def __init__(self) -> None:
        self.entries: list[LogEntry] = []
        self.over = False
        # For each version after the first: how many entries it kept of the version before.
        self._kept: list[int] = [0]
        self._lines: dict[Viewer, Lines] = {}

    def play(self, entry: LogEntry, over: bool) -> None:
        """A new version: `entry` played (`over`: it ended the game, which shows every move)."""
        self._kept.append(0 if over else len(self.entries))
        self.entries.append(entry)
        if over:
            self.over = True
            self._lines.clear()

    def undo(self) -> LogEntry:
        """A new version: the last entry taken back."""
        entry = self.entries.pop()
        self._kept.append(len(self.entries))
        for lines in self._lines.values():
            lines.truncate(len(self.entries))
        return entry

    def lines(self, viewer: Viewer) -> Lines:
        """What `viewer` may read now (kept: do not change it)."""
        lines = self._lines.get(viewer)
        if lines is None:
            lines = self._lines[viewer] = Lines()
        if lines.done != len(self.entries):
            lines.extend(self.entries, viewer, self.over)
        return lines

    def start(self, viewer: Viewer, since: int) -> int:
        """How many of the lines `viewer` could read at version `since` it can still read, in
        the same places, now (0 if `since` is not an earlier version)."""
        if not 0 <= since < len(self._kept):
            return 0
        kept = min(self._kept[since + 1 :], default=len(self.entries))
        return bisect_left(self.lines(viewer).positions, kept)
