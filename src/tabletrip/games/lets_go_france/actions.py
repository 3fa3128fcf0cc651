"""Let's Go! To France actions and their notation (`place baguette monday 2`, `explore
louvre friday 0`, `research`, `discard a b c`, `travel tours`, `favour row 2`, `done`, ...).

Cards are named by their ids, days by name, places on the regional map by their ids. A
column slot counts from the top: 0 tucks the card under the top of the column, the column's
length puts it at the bottom as the new Highlight of the Day.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletrip.core import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Place(Action, kind="place"):
    """Play a card from your hand into a day's column at `slot` (face down: Explore the City)."""

    card: str
    day: str
    slot: int
    explore: bool = False

    def __str__(self) -> str:
        verb = "explore" if self.explore else "place"
        return f"{verb} {self.card} {self.day} {self.slot}"

    def public(self) -> str:
        """Revealed with the round: the day and slot; an Explore card stays face down."""
        if self.explore:
            return f"explore the city {self.day} {self.slot}"
        return str(self)


@dataclass(frozen=True, slots=True)
class UseResearch(Action, kind="research"):
    """Spend a Research token: draw 3 cards, then discard 3."""

    def __str__(self) -> str:
        return "research"


@dataclass(frozen=True, slots=True)
class DiscardThree(Action, kind="discard"):
    """After a Research token: discard these 3 cards face up."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Travel(Action, kind="travel"):
    """Use a Travel action: to a starting space first, then along a line to `space`."""

    space: str

    def __str__(self) -> str:
        return f"travel {self.space}"


@dataclass(frozen=True, slots=True)
class SkipTravel(Action, kind="skip-travel"):
    """Give up a Travel action ("may")."""

    def __str__(self) -> str:
        return "skip travel"


@dataclass(frozen=True, slots=True)
class DottedPath(Action, kind="dotted"):
    """Pay a dotted path's cost (a Research or Wild token) to move along it to `space`."""

    space: str

    def __str__(self) -> str:
        return f"dotted {self.space}"


@dataclass(frozen=True, slots=True)
class Favour(Action, kind="favour"):
    """A Favourable Condition bonus: `flip` the token, move it to reward `row` 0-2, or `skip`."""

    choice: str  # "flip", "row", "skip"
    row: int = -1

    def __str__(self) -> str:
        return f"favour row {self.row}" if self.choice == "row" else f"favour {self.choice}"


@dataclass(frozen=True, slots=True)
class ChooseIcon(Action, kind="icon"):
    """Choose an experience icon (a bonus of your choice, a tie for the lowest, a Wild token)."""

    icon: str

    def __str__(self) -> str:
        return f"icon {self.icon}"


@dataclass(frozen=True, slots=True)
class ChooseRow(Action, kind="row"):
    """A goal tile's reward: the leftmost uncovered bonus of reward row 0-2."""

    row: int

    def __str__(self) -> str:
        return f"row {self.row}"


@dataclass(frozen=True, slots=True)
class SpendWild(Action, kind="wild"):
    """On the trip: discard a Wild token to move `icon` one space."""

    icon: str

    def __str__(self) -> str:
        return f"wild {self.icon}"


@dataclass(frozen=True, slots=True)
class ChooseCard(Action, kind="card"):
    """A goal tile's choice of a card (of the two drawn) or an opponent's seat."""

    choice: int

    def __str__(self) -> str:
        return f"choose {self.choice}"


@dataclass(frozen=True, slots=True)
class Done(Action, kind="done"):
    """End your part of the round (pass your remaining cards) or go on with the trip."""

    def __str__(self) -> str:
        return "done"


CODEC = ActionCodec(
    [
        Place,
        UseResearch,
        DiscardThree,
        Travel,
        SkipTravel,
        DottedPath,
        Favour,
        ChooseIcon,
        ChooseRow,
        SpendWild,
        ChooseCard,
        Done,
    ]
)
