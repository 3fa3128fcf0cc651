"""Ticket to Ride actions and their notation (`blind`, `take red`, `claim r12 ...`, `keep ...`)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletrip.core import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class DrawBlind(Action, kind="blind"):
    """Draw the top card of the train card deck, unseen."""

    def __str__(self) -> str:
        return "blind"


@dataclass(frozen=True, slots=True)
class TakeFaceUp(Action, kind="take"):
    """Take a face-up train card of this colour (or `locomotive`)."""

    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class TakeLocomotive(Action, kind="locomotive"):
    """Europe Express: take one Locomotive from its face-up pile as the whole turn."""

    def __str__(self) -> str:
        return "locomotive"


@dataclass(frozen=True, slots=True)
class Claim(Action, kind="claim"):
    """Claim a route with `locomotives` Locomotives and the rest in `color`.

    `color` is the colour of the non-Locomotive cards; `locomotive` when all cards are.
    `name` is the route's `A-B` text, carried for readable records and notation.
    """

    route: int
    name: str
    color: str
    locomotives: int

    def __str__(self) -> str:
        plural = "s" if self.locomotives != 1 else ""
        if self.color == "locomotive":
            return f"claim r{self.route} {self.name} with {self.locomotives} locomotive{plural}"
        loco = f" + {self.locomotives} locomotive{plural}" if self.locomotives else ""
        return f"claim r{self.route} {self.name} with {self.color}{loco}"


@dataclass(frozen=True, slots=True)
class DrawTickets(Action, kind="tickets"):
    """Draw (up to) 3 destination tickets, to keep at least one."""

    def __str__(self) -> str:
        return "tickets"


@dataclass(frozen=True, slots=True)
class KeepTickets(Action, kind="keep"):
    """Keep these tickets (ids) of the ones offered; the rest go under the pile."""

    tickets: tuple[int, ...]
    names: tuple[str, ...]

    def __str__(self) -> str:
        return "keep " + ", ".join(
            f"t{t} {n}" for t, n in zip(self.tickets, self.names, strict=True)
        )

    def public(self) -> str:
        """What the other seats learn: how many tickets were kept, not which."""
        return f"keep {len(self.tickets)} ticket{'s' if len(self.tickets) != 1 else ''}"


@dataclass(frozen=True, slots=True)
class Pass(Action, kind="pass"):
    """Do nothing: only when no other action is possible (see RULES_NOTES.md)."""

    def __str__(self) -> str:
        return "pass"


CODEC = ActionCodec([DrawBlind, TakeFaceUp, TakeLocomotive, Claim, DrawTickets, KeepTickets, Pass])
