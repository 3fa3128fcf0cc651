"""En Route actions and their notation.

Cards are named by their ids (`play G07`), locations by their grid position from the top-left
(`mark c3r2`, column then row, both 1-6 as drawn on the screen, not a board's coordinate
numbers), road sections by their two crossroads (`chart 2,3-3,3`, x,y with 0-6).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletrip.core import Action, ActionCodec
from tabletrip.games.en_route.geometry import SECTION_ENDS, crossroads_xy, location_xy

_RATE_WORDS = {1: "up", -1: "down", 0: "stays"}
DRAWING_MOVE = "draw on the map"


def location_text(location: int) -> str:
    """`c<col>r<row>`, 1-based, as the terminal map labels it."""
    col, row = location_xy(location)
    return f"c{col + 1}r{row + 1}"


def crossroads_text(crossroads: int) -> str:
    """`x,y` with 0-6."""
    x, y = crossroads_xy(crossroads)
    return f"{x},{y}"


def section_text(section: int) -> str:
    """A section by its two crossroads: `x,y-x,y`."""
    a, b = SECTION_ENDS[section]
    return f"{crossroads_text(a)}-{crossroads_text(b)}"


@dataclass(frozen=True, slots=True)
class KeepObjective(Action, kind="objective"):
    """Setup: keep this one of the two Personal Objective cards drawn."""

    card: str

    def __str__(self) -> str:
        return f"objective {self.card}"

    def public(self) -> str:
        """The others learn only that a card was kept."""
        return "keep an objective"


@dataclass(frozen=True, slots=True)
class PlayCard(Action, kind="play"):
    """Place a card from the hand (face up or face down, as the phase says)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayHidden(Action, kind="play_hidden"):
    """Place a card from the hand face down; others see only that a card was placed."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"

    def public(self) -> str:
        """A face-down card is not shown."""
        return "play a card face down"


@dataclass(frozen=True, slots=True)
class KeepCard(Action, kind="keep"):
    """The active player keeps this placed card as the second Round card (solo: from the
    Card Sequence)."""

    card: str

    def __str__(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True, slots=True)
class ChooseRoundCards(Action, kind="choose"):
    """Beginning rounds: the two placed cards this seat uses as its Round cards."""

    cards: tuple[str, str]

    def __str__(self) -> str:
        return f"choose {self.cards[0]} {self.cards[1]}"

    def public(self) -> str:
        """The choice is secret until the beginning rounds end."""
        return "choose round cards"


@dataclass(frozen=True, slots=True)
class Rate(Action, kind="rate"):
    """Advanced mode: an Iconic Landmark's rating goes up (+1), down (-1), or stays (0, only
    when it is already at the top or the bottom)."""

    landmark: str
    change: int

    def __str__(self) -> str:
        return f"rate {self.landmark} {_RATE_WORDS[self.change]}"


@dataclass(frozen=True, slots=True)
class Renew(Action, kind="renew"):
    """Once a game: put these 1-3 hand cards under the deck and draw as many."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "renew " + " ".join(self.cards)

    def public(self) -> str:
        """The cards put back are not shown."""
        return f"renew {len(self.cards)} card{'s' if len(self.cards) != 1 else ''}"


@dataclass(frozen=True, slots=True)
class ChangeCoordinate(Action, kind="coordinate"):
    """Use a Coordinate change bonus: Round card `which` (0 or 1) changes by `delta` (+-1)."""

    which: int
    delta: int

    def __str__(self) -> str:
        return f"coordinate {self.which + 1} {'+1' if self.delta > 0 else '-1'}"

    def public(self) -> str:
        """Others see the maps, when the rules show them, not the moves (see RULES_NOTES)."""
        return DRAWING_MOVE


@dataclass(frozen=True, slots=True)
class Mark(Action, kind="mark"):
    """Select a location and mark the round's tourists there; `tourist` names the type when
    the player chooses it (two Repeat cards, or no matching location free), else ""."""

    location: int
    tourist: str

    def __str__(self) -> str:
        chosen = f" {self.tourist}" if self.tourist else ""
        return f"mark {location_text(self.location)}{chosen}"

    def public(self) -> str:
        """Others see the maps, when the rules show them, not the moves (see RULES_NOTES)."""
        return DRAWING_MOVE


@dataclass(frozen=True, slots=True)
class Chart(Action, kind="chart"):
    """Chart the round's route segment: 2 sections next to the location, or 1 anywhere."""

    sections: tuple[int, ...]

    def __str__(self) -> str:
        return "chart " + " ".join(section_text(s) for s in self.sections)

    def public(self) -> str:
        """Others see the maps, when the rules show them, not the moves (see RULES_NOTES)."""
        return DRAWING_MOVE


@dataclass(frozen=True, slots=True)
class ExtraSection(Action, kind="extra"):
    """Use a Route section bonus (a Café's or a Balance card's): 1 section anywhere."""

    section: int

    def __str__(self) -> str:
        return f"extra {section_text(self.section)}"

    def public(self) -> str:
        """Others see the maps, when the rules show them, not the moves (see RULES_NOTES)."""
        return DRAWING_MOVE


@dataclass(frozen=True, slots=True)
class CafeTourists(Action, kind="cafe"):
    """A New tourists Café just reached: add its tourists now (`use`) or keep it for 2 PP."""

    cafe: int
    use: bool

    def __str__(self) -> str:
        return f"cafe {self.cafe} {'use' if self.use else 'keep'}"

    def public(self) -> str:
        """Others see the maps, when the rules show them, not the moves (see RULES_NOTES)."""
        return DRAWING_MOVE


@dataclass(frozen=True, slots=True)
class Done(Action, kind="done"):
    """End this drawing turn, leaving bonuses for later."""

    def __str__(self) -> str:
        return "done"

    def public(self) -> str:
        """Others see the maps, when the rules show them, not the moves (see RULES_NOTES)."""
        return DRAWING_MOVE


@dataclass(frozen=True, slots=True)
class FinalRoute(Action, kind="route"):
    """The final route: the crossroads it passes, in order (each section used once)."""

    crossroads: tuple[int, ...]

    def __str__(self) -> str:
        return "route " + " ".join(crossroads_text(c) for c in self.crossroads)

    def public(self) -> str:
        """Routes are revealed together at the end."""
        return "choose a final route"


CODEC = ActionCodec(
    [
        KeepObjective,
        PlayCard,
        PlayHidden,
        KeepCard,
        ChooseRoundCards,
        Rate,
        Renew,
        ChangeCoordinate,
        Mark,
        Chart,
        ExtraSection,
        CafeTourists,
        Done,
        FinalRoute,
    ]
)
