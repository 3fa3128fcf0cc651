"""A player's city map sheet: tourists, drawn sections, Cafés and unused Balance cards.

This is exactly what the other players may see of a board (once the rules let them). Hands,
objectives and final routes are kept by the state, not here.
"""

from __future__ import annotations

from typing import Any

from tabletrip.games.en_route.content import TOURIST_TYPES
from tabletrip.games.en_route.geometry import LOCATIONS

__all__ = ["TOURIST_TYPES", "Sheet"]


class Sheet:
    """One player's map: plain ints and lists, cheap to copy."""

    __slots__ = (
        "balance",
        "board",
        "cafes_gained",
        "cafes_used",
        "occupied",
        "renewed",
        "sections",
        "tourists",
    )

    def __init__(self, board: int, balance: list[str] | None = None) -> None:
        self.board = board  # the player board (coordinate alignment), 0-based
        self.tourists = [0] * (LOCATIONS * 3)  # location * 3 + tourist type
        self.occupied = 0  # bit mask of locations where tourists were marked
        self.sections = 0  # bit mask of drawn section indices
        self.cafes_gained = 0  # bit mask of Café indices circled
        self.cafes_used = 0  # bit mask of Café indices crossed out
        self.balance = balance or []  # sides of the unused Balance cards
        self.renewed = False  # the hand was renewed (once a game)

    def copy(self) -> Sheet:
        """An independent copy."""
        other = Sheet.__new__(Sheet)
        other.board = self.board
        other.tourists = self.tourists.copy()
        other.occupied = self.occupied
        other.sections = self.sections
        other.cafes_gained = self.cafes_gained
        other.cafes_used = self.cafes_used
        other.balance = self.balance.copy()
        other.renewed = self.renewed
        return other

    def add_tourists(self, location: int, counts: tuple[int, int, int]) -> None:
        """Mark tourists (red, green, blue) in a location."""
        base = location * 3
        for i, n in enumerate(counts):
            self.tourists[base + i] += n

    def tourists_at(self, location: int) -> tuple[int, int, int]:
        """The (red, green, blue) tourists marked in a location."""
        base = location * 3
        t = self.tourists
        return t[base], t[base + 1], t[base + 2]

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "board": self.board,
            "tourists": list(self.tourists),
            "occupied": self.occupied,
            "sections": self.sections,
            "cafes_gained": self.cafes_gained,
            "cafes_used": self.cafes_used,
            "balance": list(self.balance),
            "renewed": self.renewed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sheet:
        """Rebuild from `to_json` output."""
        sheet = cls(data["board"], list(data["balance"]))
        sheet.tourists = list(data["tourists"])
        sheet.occupied = data["occupied"]
        sheet.sections = data["sections"]
        sheet.cafes_gained = data["cafes_gained"]
        sheet.cafes_used = data["cafes_used"]
        sheet.renewed = data["renewed"]
        return sheet

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
