"""What a person reads of a game, in the game's own words: the presentation model.

Every front end (the terminal, the web table, replays, the HTML report) draws the same
game-agnostic, JSON-safe document, so one place speaks each game:

- a `Document` of `Section`s (your hand, your tickets, each seat's public area, the table),
  each a few typed blocks: `Cards` (name, colour, count), `Table` (column headers and rows),
  `Items` (named items with a detail), `Values` (labelled values with units: "Trains left 27
  of 45"), `Progress` (a bar), `Sentence` and `Diagram` (a fixed-width picture);
- `ScoreRow`s, a score breakdown a person reads: a label, the points, and apart from them the
  detail (the count, the route, the tickets);
- for the terminal, the steps a move is chosen in, the notation's forms, a rules summary
  and lookups (`routes`, `where`): references a player may ask for at any decision;
- moves in words: a move of the log ("claimed Dallas–Houston with 2 orange", from the public
  notation) and a legal move as the player chooses it ("Claim Dallas–Houston (2 gray) with
  2 orange"), for the list of moves, the board's menus and the hints.

A game builds all of it from `observation(seat)` (or the public observation) and its static
content only, and registers a `Presentation` with `register_presentation` in its package
`__init__`, as it registers its encodings and its analysis. Built from the observation, a
document can never show what the seat may not see.
"""

from __future__ import annotations

import importlib
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tabletrip.core.actions import JsonDict
from tabletrip.core.render import render_observation

if TYPE_CHECKING:
    from tabletrip.core.actions import Action
    from tabletrip.core.game import Game, Result, State

Cell = str | int | float


@dataclass(frozen=True, slots=True)
class Card:
    """A card (or a kind of card) shown by name: "Locomotive ×3". `colour` is a CSS colour
    the front end may paint it with ("" for none)."""

    name: str
    count: int = 1
    colour: str = ""
    detail: str = ""

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {
            "name": self.name,
            "count": self.count,
            "colour": self.colour,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class Item:
    """A named thing with an optional detail: "Café Rosa · 2 tourists waiting"."""

    name: str
    detail: str = ""

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {"name": self.name, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class Value:
    """A labelled value, optionally out of a maximum and with a unit: "Trains left 27 of 45"."""

    label: str
    value: Cell
    of: int | float | None = None
    unit: str = ""

    def text(self) -> str:
        """The value as a person reads it, without the label."""
        shown = f"{self.value} of {self.of}" if self.of is not None else str(self.value)
        return f"{shown} {self.unit}".rstrip()

    def to_json(self) -> JsonDict:
        """JSON-safe form (with `text`, the value as read)."""
        return {
            "label": self.label,
            "value": self.value,
            "of": self.of,
            "unit": self.unit,
            "text": self.text(),
        }


class Block(ABC):
    """One piece of a section; each kind says what front ends draw."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    @abstractmethod
    def to_json(self) -> JsonDict:
        """JSON-safe form: `{"type": kind, ...}`."""

    @abstractmethod
    def texts(self) -> list[str]:
        """Every string a person reads in this block (for the readability check)."""


@dataclass(frozen=True, slots=True)
class Cards(Block):
    """A row of cards with counts."""

    kind: ClassVar[str] = "cards"
    cards: tuple[Card, ...]
    empty: str = "none"  # what is said when there are no cards

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {"type": self.kind, "cards": [c.to_json() for c in self.cards], "empty": self.empty}

    def texts(self) -> list[str]:
        """Names, details and the empty text."""
        return [self.empty] + [t for c in self.cards for t in (c.name, c.detail)]


@dataclass(frozen=True, slots=True)
class Table(Block):
    """A table with column headers."""

    kind: ClassVar[str] = "table"
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    empty: str = "none"

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {
            "type": self.kind,
            "columns": list(self.columns),
            "rows": [list(r) for r in self.rows],
            "empty": self.empty,
        }

    def texts(self) -> list[str]:
        """Headers, text cells and the empty text."""
        cells = [c for r in self.rows for c in r if isinstance(c, str)]
        return [self.empty, *self.columns, *cells]


@dataclass(frozen=True, slots=True)
class Items(Block):
    """A list of named items."""

    kind: ClassVar[str] = "items"
    items: tuple[Item, ...]
    empty: str = "none"

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {"type": self.kind, "items": [i.to_json() for i in self.items], "empty": self.empty}

    def texts(self) -> list[str]:
        """Names, details and the empty text."""
        return [self.empty] + [t for i in self.items for t in (i.name, i.detail)]


@dataclass(frozen=True, slots=True)
class Values(Block):
    """Labelled values."""

    kind: ClassVar[str] = "values"
    values: tuple[Value, ...]

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {"type": self.kind, "values": [v.to_json() for v in self.values]}

    def texts(self) -> list[str]:
        """Labels and values as read."""
        return [t for v in self.values for t in (v.label, v.text())]


@dataclass(frozen=True, slots=True)
class Progress(Block):
    """A progress bar: `value` of `maximum` (a track, a countdown)."""

    kind: ClassVar[str] = "progress"
    label: str
    value: int | float
    maximum: int | float
    unit: str = ""

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {
            "type": self.kind,
            "label": self.label,
            "value": self.value,
            "maximum": self.maximum,
            "unit": self.unit,
        }

    def texts(self) -> list[str]:
        """The label and the unit."""
        return [self.label, self.unit]


@dataclass(frozen=True, slots=True)
class Sentence(Block):
    """A short sentence."""

    kind: ClassVar[str] = "sentence"
    text: str

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {"type": self.kind, "text": self.text}

    def texts(self) -> list[str]:
        """The sentence."""
        return [self.text]


@dataclass(frozen=True, slots=True)
class Diagram(Block):
    """A picture in fixed-width text (En Route's grid, Let's Go!'s itinerary), each line
    drawn as it is, with the legend that says what its marks mean."""

    kind: ClassVar[str] = "diagram"
    lines: tuple[str, ...]
    legend: tuple[str, ...] = ()

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {"type": self.kind, "lines": list(self.lines), "legend": list(self.legend)}

    def texts(self) -> list[str]:
        """The legend (the picture's marks are not words)."""
        return list(self.legend)


@dataclass(frozen=True, slots=True)
class Section:
    """A titled part of what a seat sees. `role` tells front ends where it goes: "mine" (the
    seat's own hand, tickets, objectives), "seat" (one seat's public area: `seat` says which)
    or "table" (what is shared: face-up cards, piles, market, the round)."""

    title: str
    blocks: tuple[Block, ...]
    role: str = "table"
    seat: int | None = None

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {
            "title": self.title,
            "role": self.role,
            "seat": self.seat,
            "blocks": [b.to_json() for b in self.blocks],
        }


@dataclass(frozen=True, slots=True)
class Document:
    """Everything one seat (or a spectator) sees, as sections."""

    sections: tuple[Section, ...]

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {"sections": [s.to_json() for s in self.sections]}

    def texts(self) -> list[str]:
        """Every string a person reads in the document."""
        return [
            t for s in self.sections for t in (s.title, *(x for b in s.blocks for x in b.texts()))
        ]


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One scoring step as a person reads it: "Destination Tickets completed", 24 points,
    and apart from the points the detail ("3 tickets: Denver–El Paso, ...").

    `points` is None for a fact of the game's end that scores nothing (Route East's "Turns
    taken"): front ends show it with its detail and no points, never as a step worth 0.
    """

    label: str
    points: int | float | None
    detail: str = ""

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {"label": self.label, "points": self.points, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class Lookup:
    """A reference a player may ask for at any decision, by one word: Ticket to Ride's
    `routes`, Route East's `where`. `summary` says what it shows (for the help), `filtered`
    whether a word after it narrows it (`routes denver`)."""

    name: str
    summary: str
    filtered: bool = False


@dataclass(frozen=True, slots=True)
class NotationForm:
    """One form of a move's notation, as typed, with what each of its fields means:
    `claim <route> with <colour>`, fields (("<route>", "the route's two cities, ..."), ...)."""

    form: str
    meaning: str
    fields: tuple[tuple[str, str], ...] = ()


class Drawing:
    """How a game draws a state for one seat: the terminal screen, the board picture, the
    board elements a move is about, the help of the decision. Each reads only what the seat
    it draws for may see. A `Presentation` is one; these defaults serve a game without one."""

    def render_text(self, state: State, seat: int | None) -> str:
        """What `seat` sees, as text for a terminal (None: the public view of a spectator).
        The default lists the observation; a game draws its own screen."""
        return render_observation(
            state.public_observation() if seat is None else state.observation(seat)
        )

    def render_svg(self, state: State, seat: int | None) -> str | None:
        """The board as `seat` sees it, as SVG (None: a spectator); None if the game has no
        picture. Elements a move can be about carry `data-target="<key>"`, the keys
        `action_targets` gives, so a front end can make the board itself clickable."""
        return None

    def action_targets(self, state: State, action: Action) -> tuple[str, ...]:
        """The `data-target` keys of the board elements `action`, a legal move in `state`, is
        about (a route, a space, a card pile)."""
        return ()

    def decision_help(self, state: State) -> str:
        """What the player to move in `state` decides now, in a few plain sentences."""
        return ""


class Presentation(Drawing, ABC):
    """How one game speaks: registered per game id with `register_presentation`.

    `drawn_by` names the game package whose modules draw its states, by the package shape
    (CONTRACT.md): `text.render_text(state, seat)`, `svg.page_svg(state, seat)`,
    `svg.action_targets(state, action)` and `help.decision_help(state)`, imported on first use
    (a game's rules and words do not need its drawing). Empty: `Drawing`'s defaults.
    """

    drawn_by: ClassVar[str] = ""

    def _drawing_module(self, name: str) -> Any:
        return importlib.import_module(f"{self.drawn_by}.{name}")

    def render_text(self, state: State, seat: int | None) -> str:
        """What `seat` sees as text for a terminal (None: a spectator), the game's text.py."""
        if not self.drawn_by:
            return super().render_text(state, seat)
        text: str = self._drawing_module("text").render_text(state, seat)
        return text

    def render_svg(self, state: State, seat: int | None) -> str | None:
        """The board as `seat` sees it (None: a spectator), the game's svg.py."""
        if not self.drawn_by:
            return super().render_svg(state, seat)
        svg: str = self._drawing_module("svg").page_svg(state, seat)
        return svg

    def action_targets(self, state: State, action: Action) -> tuple[str, ...]:
        """The board keys of what `action` is about, the game's svg.py."""
        if not self.drawn_by:
            return super().action_targets(state, action)
        return tuple(self._drawing_module("svg").action_targets(state, action))

    def decision_help(self, state: State) -> str:
        """What the seat to move decides now, the game's help.py."""
        if not self.drawn_by:
            return super().decision_help(state)
        said: str = self._drawing_module("help").decision_help(state)
        return said

    @abstractmethod
    def document(self, game: Game, observation: JsonDict) -> Document:
        """What the observation's seat (or, for the public observation, a spectator) sees."""

    @abstractmethod
    def score_rows(self, game: Game, breakdown: JsonDict) -> list[ScoreRow]:
        """One seat's score breakdown as rows, in scoring order (the total is not a row)."""

    @abstractmethod
    def outcome(self, game: Game, result: Result, names: list[str]) -> str:
        """One sentence on how the game ended: who won, or (solo) whether the challenge was
        met and by how much; `names` are the seats' names as the front end shows them."""

    @abstractmethod
    def move_words(self, game: Game, move: str) -> str:
        """A move in words, from its public notation (what the log holds): "claimed
        Dallas–Houston with 2 orange", "kept 2 Destination Tickets". It reads after the
        mover's name."""

    @abstractmethod
    def action_words(self, game: Game, observation: JsonDict, action: Action) -> str:
        """A legal move of the observation's seat as the player chooses it, in the game's
        words: "Claim Dallas–Houston (1 gray, eastern track) with 1 orange", "Keep
        Boston–Miami (12) and Denver–El Paso (4)". One line, starting with a capital; two
        moves of one decision never read alike; the notation stays what a person types."""

    def action_steps(self, game: Game, observation: JsonDict, action: Action) -> tuple[str, ...]:
        """The legal move as the steps a person takes to choose it, each a short label read
        as a menu item: ("Claim a route", "Denver–Omaha (4 red)", "With 4 red"); ("Play
        Rue Mouffetard", "On Monday", "At the top"). Moves that share their first steps
        share those labels exactly, so a front end asks step by step; the whole tuple
        differs for any two moves of one decision. The default is one step, `action_words`.
        """
        return (self.action_words(game, observation, action),)

    @abstractmethod
    def notation_help(self, game: Game) -> tuple[NotationForm, ...]:
        """Every form of the notation a person may type, with what each field means."""

    @abstractmethod
    def rules_summary(self, game: Game) -> str:
        """The game's rules in a few paragraphs (separated by blank lines), for `rules`."""

    def lookups(self, game: Game) -> tuple[Lookup, ...]:
        """The references a player may ask for at any decision (maps and lists)."""
        return ()

    def lookup(self, game: Game, observation: JsonDict, name: str, query: str = "") -> Section:
        """The reference `name` (one of `lookups`) as the observation's seat may see it,
        narrowed by `query` (a city, a place) where the lookup is filtered. KeyError for a
        name that is not one of `lookups`."""
        raise KeyError(name)


_presentations: dict[str, Presentation | str] = {}


def register_presentation(game_id: str, presentation: Presentation | str) -> None:
    """Register how a game speaks (in its package `__init__`): a `Presentation`, or the
    "package.module:Class" of one, imported and made on first use (`core.lazy`)."""
    _presentations[game_id] = presentation


def presentation_for(game_id: str) -> Presentation | None:
    """The registered presentation of a game (importing the game registers it), or None."""
    from tabletrip.core.lazy import imported
    from tabletrip.core.registry import game_class

    game_class(game_id)
    found = _presentations.get(game_id)
    if isinstance(found, str):
        found = _presentations[game_id] = imported(found)()
    return found


def drawing_for(state: State) -> Drawing:
    """What draws `state`: its game's presentation, else the default `Drawing`."""
    return presentation_for(state.game.id) or _PLAIN


_PLAIN = Drawing()


def render_text(state: State, seat: int | None) -> str:
    """What `seat` sees of `state` as text for a terminal (None: a spectator)."""
    return drawing_for(state).render_text(state, seat)


def render_svg(state: State, seat: int | None) -> str | None:
    """The board as `seat` sees it in `state`, as SVG (None: a spectator); None if the game
    has no picture."""
    return drawing_for(state).render_svg(state, seat)


def action_targets(state: State, action: Action) -> tuple[str, ...]:
    """The `data-target` keys of the board elements `action`, legal in `state`, is about."""
    return drawing_for(state).action_targets(state, action)


def decision_help(state: State) -> str:
    """What the player to move in `state` decides now, in a few plain sentences."""
    return drawing_for(state).decision_help(state)


# What a player-facing text must never show: an engine key, an id or index, a placeholder.
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
_ID = re.compile(r"\b[a-z]\d+\b")
_PLACEHOLDER = re.compile(r"\b\d+ (?:items|entries)\b|\bNone\b|\bnull\b|\bundefined\b")
# A seat by its engine index ("seat 0", "Seat 1"): a person reads a name or "Player 2".
_SEAT_INDEX = re.compile(r"\b[Ss]eat \d+\b")
# A content id in kebab case ("tr-ankara-embassy", "(paris-plages)").
_KEBAB_ID = re.compile(r"\b[a-z]+(?:-[a-z0-9]+){2,}\b|\([a-z]+(?:-[a-z0-9]+)+\)")
# One of a thing in the plural ("1 pts", "1 cards").
_ONE_PLURAL = re.compile(
    r"(?<![\d.,\-\u2212])\b1 (?:pts|points|cards|tickets|trains|coins|turns|times)\b"
)


def unreadable_parts(text: str) -> list[str]:
    """The parts of `text` a player should never read: snake_case keys (`longest_path`), ids
    (`r25`, `t15`, `tr-ankara-embassy`), "3 entries" placeholders, None / null, a seat by its
    index ("seat 0") and one thing in the plural ("1 pts")."""
    return (
        _SNAKE.findall(text)
        + _ID.findall(text)
        + _PLACEHOLDER.findall(text)
        + _KEBAB_ID.findall(text)
        + _SEAT_INDEX.findall(text)
        + _ONE_PLURAL.findall(text)
    )
