"""The one error hierarchy of tabletrip: every error a person can meet has a one-line message."""

from __future__ import annotations


class TabletripError(Exception):
    """Base of every tabletrip error; `str(error)` is one line saying what is wrong."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))

    @property
    def message(self) -> str:
        """The one-line, human-readable message."""
        return str(self)


class OptionError(TabletripError):
    """A game id, player count or game option that is not accepted."""


class IllegalAction(TabletripError):
    """An action that is not legal now; the state it was applied to is unchanged."""


class RecordError(TabletripError):
    """A game record that cannot be read or does not replay."""


class ContentError(TabletripError):
    """A content file (map, cards) that is missing or does not validate."""
