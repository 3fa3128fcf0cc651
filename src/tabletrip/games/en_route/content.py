"""En Route content: one city file in `data/` per city, validated once into a plain `City`.

The schema (pydantic) checks a city file against every number the rulebook gives; `City` is
the frozen, index-based form the rules use. Geometry (shared with route_search and scoring):
locations are (col, row) on a 6x6 grid with flat index `row * 6 + col`; crossroads are (x, y)
on a 7x7 grid with flat index `y * 7 + x`; location (col, row) has the corner crossroads
(col, row), (col + 1, row), (col, row + 1) and (col + 1, row + 1).

Known limits: the three tourist types are red, green and blue (no purple pentagons), and each
Landmark occupies exactly one location, as in First City; other cities' special components
(Underground cards, Thematic Tours, Special Goals) have no schema yet.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from tabletrip.core import ContentError
from tabletrip.core.content import Content, ContentFile, Spec, check_names, validate_file
from tabletrip.core.content_set import read_json
from tabletrip.games.en_route.geometry import (
    CROSSROADS,
    CROSSROADS_SIZE,
    LOCATIONS,
    MAP_SIZE,
    crossroads_index,
    location_index,
)

# The index order of every tourist count tuple.
TOURIST_TYPES: tuple[Literal["red", "green", "blue"], ...] = ("red", "green", "blue")
SPECIAL_COLORS = TOURIST_TYPES  # a Special Landmark scores the tourists of its own colour
LANDMARK_COLORS = ("red", "green", "blue", "yellow", "gray")
CARD_KINDS = {"city": 12, "global": 18, "repeat": 6}  # Setup 3: the City deck of 36 cards
DECK_SIZE = sum(CARD_KINDS.values())
COORDINATE_NUMBERS = range(1, MAP_SIZE + 1)
CAFE_BONUSES = ("new_tourists", "route_section", "coordinate_change")
BALANCE_SIDES = ("route_section", "coordinate_change")
BOARDS = 4  # "The 4 Player boards for each city have the same layout"
GOAL_LETTERS = ("A", "B", "C")
GOALS_PER_LETTER = 3  # 9 Goal cards
OBJECTIVES = 8
OBJECTIVE_CROSSROADS = 3
BALANCE_CARDS = 4
SOLO_ROWS = 4  # "place 10 cards from the City deck face down in 4 rows"
SOLO_REVEALED = 3  # "then reveal the 3 cards in the lower row"

# Goal requirement kinds: kind -> (sign, parameter name or None). CONTENT.md gives each
# kind's exact meaning; one evaluator computes the value from a player's final board.
GOAL_KINDS: dict[str, tuple[str, str | None]] = {
    "tourists_of_type": ("+", "tourist"),  # tourists of that type on the final route
    "route_sections": ("+", None),  # sections in the final route
    "landmarks_of_color": ("+", "color"),  # Landmarks of that colour on the final route
    "landmark_colors": ("+", None),  # distinct Landmark colours on the final route (0-5)
    "locations_with_tourists": ("+", None),  # locations with tourists on the final route
    "cafes_visited": ("+", None),  # Cafés circled during the game, on the route or not
    "tourists_left_off": ("-", None),  # tourists erased: location not on the final route
    "sections_erased": ("-", None),  # drawn route sections not in the final route
}

CITY_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

LocationCoord = Annotated[int, Field(ge=0, le=MAP_SIZE - 1)]
CrossCoord = Annotated[int, Field(ge=0, le=CROSSROADS_SIZE - 1)]
Crossroad = tuple[CrossCoord, CrossCoord]
TouristType = Literal["red", "green", "blue"]
Tourists = dict[TouristType, Annotated[int, Field(ge=1)]]


def tourist_tuple(tourists: Mapping[TouristType, int]) -> tuple[int, int, int]:
    """A tourist count dict as (red, green, blue)."""
    red, green, blue = (tourists.get(t, 0) for t in TOURIST_TYPES)
    return (red, green, blue)


class LocationSpec(Spec):
    """A Landmark on one location; yellow ones show their PP, gray ones name their track."""

    at: tuple[LocationCoord, LocationCoord]
    color: Literal["red", "green", "blue", "yellow", "gray"]
    name: str = Field(min_length=1)
    pp: int | None = Field(default=None, ge=1)
    id: str | None = Field(default=None, min_length=1)

    @model_validator(mode="after")
    def _fields_match_colour(self) -> LocationSpec:
        if (self.color == "yellow") != (self.pp is not None):
            raise ValueError("a yellow (Popular) Landmark shows its PP ('pp'); no other does")
        if (self.color == "gray") != (self.id is not None):
            raise ValueError("a gray (Iconic) Landmark has an 'id' for its rating track; no other")
        return self


class IconicTrackSpec(Spec):
    """An Iconic Landmark's rating track on the Round board: base PP, then 4 upgrade boxes."""

    id: str = Field(min_length=1)
    track: list[int] = Field(min_length=5, max_length=5)
    purple_corners: list[int] = []

    @field_validator("track")
    @classmethod
    def _four_to_twelve_rising(cls, track: list[int]) -> list[int]:
        if track[0] != 4 or track[-1] != 12:
            raise ValueError(f"track {track} must run from 4 PP (no upgrade) to 12 PP (all 4)")
        if any(a >= b for a, b in pairwise(track)):
            raise ValueError(f"track {track} must rise with every upgrade box")
        return track

    @field_validator("purple_corners")
    @classmethod
    def _first_boxes(cls, boxes: list[int]) -> list[int]:
        if boxes != list(range(1, len(boxes) + 1)) or len(boxes) > 4:
            raise ValueError(
                f"purple corners {boxes} must be the first upgrade boxes in order "
                "(e.g. [1]), so the marks always run from the left"
            )
        return boxes


class CafeSpec(Spec):
    """A Café at a crossroads and its one bonus."""

    at: Crossroad
    name: str = Field(min_length=1)
    bonus: Literal["new_tourists", "route_section", "coordinate_change"]
    tourists: Tourists | None = None

    @model_validator(mode="after")
    def _tourists_for_new_tourists(self) -> CafeSpec:
        if (self.bonus == "new_tourists") != bool(self.tourists):
            raise ValueError("a new_tourists Café shows its tourists ('tourists'); no other does")
        return self


class VisitThemAllSpec(Spec):
    """Visit-Them-All crossroads and the PP by how many are on the final route."""

    name: str = Field(min_length=1)
    crossroads: list[Crossroad] = Field(min_length=2)
    scores: list[Annotated[int, Field(ge=0)]]

    @model_validator(mode="after")
    def _scores(self) -> VisitThemAllSpec:
        if len(set(self.crossroads)) != len(self.crossroads):
            raise ValueError("crossroads: the points must be different crossroads")
        n = len(self.crossroads)
        if len(self.scores) != n + 1:
            raise ValueError(f"scores: give PP for 0 to {n} points on the route ({n + 1} values)")
        if self.scores[0] != 0 or any(a > b for a, b in pairwise(self.scores)):
            raise ValueError(f"scores {self.scores} must start at 0 and never fall")
        return self


class BoardSpec(Spec):
    """One Player board: the coordinate number printed by each column and by each row."""

    number: int = Field(ge=1)
    columns: list[int]
    rows: list[int]

    @field_validator("columns", "rows")
    @classmethod
    def _permutation(cls, numbers: list[int]) -> list[int]:
        if sorted(numbers) != list(COORDINATE_NUMBERS):
            raise ValueError(f"{numbers} must be the numbers 1 to {MAP_SIZE}, each once")
        return numbers


class CardSpec(Spec):
    """A City deck card: city Tourist card, Global Tourist card or Repeat card."""

    id: str = Field(min_length=1)
    kind: Literal["city", "global", "repeat"]
    number: int = Field(ge=1, le=MAP_SIZE)
    tourists: Tourists = {}
    iconic: list[str] = []

    @model_validator(mode="after")
    def _by_kind(self) -> CardSpec:
        total = sum(self.tourists.values())
        if self.kind == "repeat":
            if total:
                raise ValueError("a Repeat card shows no tourists (it repeats the other card's)")
        elif not 1 <= total <= 3:
            raise ValueError(f"a Tourist card shows 1 to 3 tourists, not {total}")
        if self.iconic and self.kind != "city":
            raise ValueError("only the city's own Tourist cards carry Iconic Landmark symbols")
        return self


class RequirementSpec(Spec):
    """A Goal requirement: a kind from GOAL_KINDS and its parameter, if the kind has one."""

    kind: str
    tourist: TouristType | None = None
    color: Literal["red", "green", "blue", "yellow", "gray"] | None = None

    @model_validator(mode="after")
    def _known_kind(self) -> RequirementSpec:
        if self.kind not in GOAL_KINDS:
            raise ValueError(f"unknown kind {self.kind!r}: kinds are {', '.join(GOAL_KINDS)}")
        param = GOAL_KINDS[self.kind][1]
        for name in ("tourist", "color"):
            if (getattr(self, name) is not None) != (name == param):
                need = f"needs {param!r}" if param else "takes no parameter"
                raise ValueError(f"kind {self.kind!r} {need}")
        return self


class GoalSpec(Spec):
    """A Goal card: its letter, requirement, sign, threshold and the two PP stars."""

    id: str = Field(min_length=1)
    letter: Literal["A", "B", "C"]
    requirement: RequirementSpec
    sign: Literal["+", "-"]
    threshold: int = Field(ge=0)
    achiever: int = Field(ge=1)
    winner: int = Field(ge=1)
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> GoalSpec:
        if self.sign != GOAL_KINDS[self.requirement.kind][0]:
            raise ValueError(f"a {self.requirement.kind!r} requirement has the sign {self.sign!r}")
        if self.winner <= self.achiever:
            raise ValueError("the Goal Winner PP must be more than the Goal Achiever PP")
        return self


class ObjectiveSpec(Spec):
    """A Personal Objective card: 3 crossroads."""

    id: str = Field(min_length=1)
    crossroads: list[Crossroad]

    @field_validator("crossroads")
    @classmethod
    def _three_distinct(cls, points: list[tuple[int, int]]) -> list[tuple[int, int]]:
        if len(set(points)) != OBJECTIVE_CROSSROADS or len(points) != OBJECTIVE_CROSSROADS:
            raise ValueError(
                f"a Personal Objective shows {OBJECTIVE_CROSSROADS} different crossroads"
            )
        return points


class BalanceSpec(Spec):
    """A double-sided Balance card."""

    id: str = Field(min_length=1)
    sides: tuple[Literal["route_section"], Literal["coordinate_change"]]


class ChallengeCellSpec(Spec):
    """A solo Challenge table cell: the PP to reach and the number of Goals to complete."""

    pp: int = Field(ge=1)
    goals: int = Field(ge=0, le=len(GOAL_LETTERS))


class SequenceSlotSpec(Spec):
    """A position of the solo Card Sequence: its row (1 top to 4 lower) and its covering cards."""

    row: int = Field(ge=1, le=SOLO_ROWS)
    covered_by: list[Annotated[int, Field(ge=0)]]


class CitySpec(Spec):
    """A whole city file."""

    header: str = Field(min_length=1)
    city: str
    name: str = Field(min_length=1)
    rounds: Literal[10]
    hand_size: Literal[3]
    solo_hand_size: Literal[2]
    locations: list[LocationSpec] = Field(min_length=1)
    iconic_tracks: list[IconicTrackSpec]
    cafes: list[CafeSpec] = []
    visit_them_all: VisitThemAllSpec | None = None
    boards: list[BoardSpec] = Field(min_length=BOARDS, max_length=BOARDS)
    deck: list[CardSpec] = Field(min_length=DECK_SIZE, max_length=DECK_SIZE)
    goals: list[GoalSpec]
    objectives: list[ObjectiveSpec] = Field(min_length=OBJECTIVES, max_length=OBJECTIVES)
    balance_cards: list[BalanceSpec] = Field(min_length=BALANCE_CARDS, max_length=BALANCE_CARDS)
    challenge_table: list[list[ChallengeCellSpec]] = Field(min_length=1)
    solo_sequence: list[SequenceSlotSpec]

    @model_validator(mode="after")
    def _consistent(self) -> CitySpec:
        self._check_locations()
        self._check_crossroads()
        self._check_boards()
        self._check_deck()
        self._check_goals()
        self._check_ids()
        self._check_challenge_table()
        self._check_solo_sequence()
        return self

    def _check_locations(self) -> None:
        seen: dict[tuple[int, int], int] = {}
        for i, loc in enumerate(self.locations):
            if loc.at in seen:
                raise ValueError(
                    f"locations.{i}: location {list(loc.at)} already holds locations.{seen[loc.at]}"
                )
            seen[loc.at] = i
        colours = {loc.color for loc in self.locations}
        for colour in LANDMARK_COLORS:
            if colour not in colours:
                raise ValueError(f"locations: no {colour} Landmark")
        gray = [loc.id for loc in self.locations if loc.id is not None]
        tracks = [t.id for t in self.iconic_tracks]
        for i, loc in enumerate(self.locations):
            if loc.id is not None and gray.count(loc.id) > 1:
                raise ValueError(f"locations.{i}: Iconic Landmark id {loc.id!r} is used twice")
            if loc.id is not None and loc.id not in tracks:
                raise ValueError(f"locations.{i}: no iconic_tracks entry for {loc.id!r}")
        for i, track in enumerate(self.iconic_tracks):
            if track.id not in gray:
                raise ValueError(f"iconic_tracks.{i}: {track.id!r} is no gray Landmark's id")
            if tracks.count(track.id) > 1:
                raise ValueError(f"iconic_tracks.{i}: a second track for {track.id!r}")

    def _check_crossroads(self) -> None:
        seen: dict[tuple[int, int], int] = {}
        for i, cafe in enumerate(self.cafes):
            if cafe.at in seen:
                raise ValueError(f"cafes.{i}: crossroads {list(cafe.at)} has cafes.{seen[cafe.at]}")
            seen[cafe.at] = i

    def _check_boards(self) -> None:
        alignments: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        for i, board in enumerate(self.boards):
            if board.number != i + 1:
                raise ValueError(f"boards.{i}: boards are numbered 1 to {BOARDS} in order")
            key = (tuple(board.columns), tuple(board.rows))
            if key in alignments:
                raise ValueError(
                    f"boards.{i}: same coordinate alignment as board {alignments[key] + 1}"
                )
            alignments[key] = i

    def _check_deck(self) -> None:
        kinds: Counter[str] = Counter(card.kind for card in self.deck)
        for kind, count in CARD_KINDS.items():
            if kinds[kind] != count:
                raise ValueError(f"deck: {count} {kind} cards, not {kinds[kind]}")
        numbers = Counter(card.number for card in self.deck)
        even = DECK_SIZE // MAP_SIZE
        for n in COORDINATE_NUMBERS:
            if numbers[n] != even:
                raise ValueError(
                    f"deck: coordinate number {n} is on {numbers[n]} cards, not {even} "
                    "(each number on the same count)"
                )
        tracks = {t.id: t for t in self.iconic_tracks}
        for i, card in enumerate(self.deck):
            for symbol in card.iconic:
                if symbol not in tracks:
                    raise ValueError(f"deck.{i}: unknown Iconic Landmark {symbol!r}")
        symbols = Counter(s for card in self.deck for s in card.iconic)
        for i, track in enumerate(self.iconic_tracks):
            upgrades = len(track.track) - 1
            if symbols[track.id] < upgrades:
                raise ValueError(
                    f"iconic_tracks.{i}: {track.id!r} is on {symbols[track.id]} cards, "
                    f"fewer than its {upgrades} upgrades"
                )

    def _check_goals(self) -> None:
        letters: Counter[str] = Counter(goal.letter for goal in self.goals)
        for letter in GOAL_LETTERS:
            if letters[letter] != GOALS_PER_LETTER:
                raise ValueError(
                    f"goals: {GOALS_PER_LETTER} Goal cards of letter {letter}, "
                    f"not {letters[letter]}"
                )

    def _check_ids(self) -> None:
        for key in ("deck", "goals", "objectives", "balance_cards"):
            ids: dict[str, int] = {}
            for i, entry in enumerate(getattr(self, key)):
                if entry.id in ids:
                    raise ValueError(f"{key}.{i}: id {entry.id!r} is already {key}.{ids[entry.id]}")
                ids[entry.id] = i

    def _check_challenge_table(self) -> None:
        width = len(self.challenge_table[0])
        seen: set[tuple[int, int]] = set()
        for r, row in enumerate(self.challenge_table):
            if len(row) != width or not row:
                raise ValueError(f"challenge_table.{r}: every row has the same number of cells")
            for c, cell in enumerate(row):
                if (cell.pp, cell.goals) in seen:
                    raise ValueError(f"challenge_table.{r}.{c}: the same cell twice")
                seen.add((cell.pp, cell.goals))

    def _check_solo_sequence(self) -> None:
        slots = self.solo_sequence
        if len(slots) != self.rounds:
            raise ValueError(
                f"solo_sequence: {self.rounds} cards (one per round), not {len(slots)}"
            )
        if {slot.row for slot in slots} != set(range(1, SOLO_ROWS + 1)):
            raise ValueError(f"solo_sequence: the cards lie in {SOLO_ROWS} rows, each used")
        for i, slot in enumerate(slots):
            for j in slot.covered_by:
                if j >= len(slots) or slots[j].row <= slot.row:
                    raise ValueError(
                        f"solo_sequence.{i}: covered_by {j} must be a card in a lower row"
                    )
            if slot.row == SOLO_ROWS and slot.covered_by:
                raise ValueError(f"solo_sequence.{i}: a lower-row card is on top, uncovered")
            if slot.row < SOLO_ROWS and not slot.covered_by:
                raise ValueError(f"solo_sequence.{i}: only lower-row cards start uncovered")
        lower = sum(1 for slot in slots if slot.row == SOLO_ROWS)
        if lower != SOLO_REVEALED:
            raise ValueError(f"solo_sequence: the lower row has {SOLO_REVEALED} cards, not {lower}")


@dataclass(frozen=True, slots=True)
class Card:
    """A City deck card; `tourists` is (red, green, blue); `iconic` holds Iconic indices."""

    id: str
    kind: str  # "city", "global" or "repeat"
    number: int  # its coordinate number, 1-6
    tourists: tuple[int, int, int]
    iconic: tuple[int, ...]

    @property
    def is_repeat(self) -> bool:
        """Whether this is a Repeat card."""
        return self.kind == "repeat"


@dataclass(frozen=True, slots=True)
class Cafe:
    """A Café: crossroads index, bonus kind and (for new_tourists) its (red, green, blue)."""

    crossroads: int
    name: str
    bonus: str
    tourists: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Goal:
    """A Goal card; `param` is the tourist type or colour its kind needs, else None."""

    id: str
    letter: str
    kind: str
    param: str | None
    sign: str  # "+": the result or more; "-": the result or less
    threshold: int
    achiever: int
    winner: int
    text: str

    def achieved(self, value: int) -> bool:
        """Whether a requirement result meets this Goal."""
        return value >= self.threshold if self.sign == "+" else value <= self.threshold


@dataclass(frozen=True)
class City:
    """One city in plain index-based form for the hot paths.

    Per location index (row * 6 + col): `landmark` colour or None, `landmark_name`,
    `yellow_pp` (0 unless yellow), `iconic_at` (Iconic index or -1). Per crossroads index
    (y * 7 + x): `cafe_at` (index into `cafes` or -1). Boards are 0-based indices into
    `board_numbers`; `matching(board, a, b)` lists the locations matching Round cards a, b.
    """

    city: str
    name: str
    header: str
    rounds: int
    hand_size: int
    solo_hand_size: int
    landmark: tuple[str | None, ...]
    landmark_name: tuple[str | None, ...]
    yellow_pp: tuple[int, ...]
    iconic_at: tuple[int, ...]
    iconic_ids: tuple[str, ...]
    iconic_names: tuple[str, ...]
    iconic_locations: tuple[int, ...]
    iconic_tracks: tuple[tuple[int, ...], ...]  # PP: base, then above upgrade boxes 1-4
    iconic_advanced_marks: tuple[int, ...]  # boxes with a purple corner (marked in Advanced)
    cafes: tuple[Cafe, ...]
    cafe_at: tuple[int, ...]
    vta_name: str | None
    vta_crossroads: tuple[int, ...]
    vta_scores: tuple[int, ...]  # PP by how many Visit-Them-All points are on the route
    board_numbers: tuple[int, ...]
    board_columns: tuple[tuple[int, ...], ...]  # per board, the number printed by each column
    board_rows: tuple[tuple[int, ...], ...]  # per board, the number printed by each row
    deck: tuple[Card, ...]
    goals: tuple[Goal, ...]
    objectives: tuple[tuple[int, ...], ...]  # per card, its crossroads indices
    objective_ids: tuple[str, ...]
    balance_cards: tuple[tuple[str, str], ...]
    challenge_table: tuple[tuple[tuple[int, int], ...], ...]  # rows of (pp, goals) cells
    solo_rows: tuple[int, ...]  # per Card Sequence position, its row (1 top .. 4 lower)
    solo_covered_by: tuple[tuple[int, ...], ...]  # per position, the positions on top of it
    _matching: tuple[tuple[int, ...], ...] = field(repr=False)  # [board*36 + (a-1)*6 + b-1]

    def matching(self, board: int, a: int, b: int) -> tuple[int, ...]:
        """Location indices whose {column number, row number} on `board` is {a, b}, ascending."""
        return self._matching[board * LOCATIONS + (a - 1) * MAP_SIZE + (b - 1)]

    def coordinates(self, board: int, location: int) -> tuple[int, int]:
        """The (column number, row number) printed by a location on `board`."""
        row, col = divmod(location, MAP_SIZE)
        return self.board_columns[board][col], self.board_rows[board][row]

    def iconic_rating(self, iconic: int, marks: int) -> int:
        """An Iconic Landmark's PP with its first `marks` upgrade boxes marked."""
        return self.iconic_tracks[iconic][marks]


def _matching_table(columns: list[list[int]], rows: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = []
    for cols, rws in zip(columns, rows, strict=True):
        for a in COORDINATE_NUMBERS:
            for b in COORDINATE_NUMBERS:
                table.append(
                    tuple(
                        location_index(c, r)
                        for r in range(MAP_SIZE)
                        for c in range(MAP_SIZE)
                        if {cols[c], rws[r]} == {a, b}
                    )
                )
    return tuple(table)


def city_from_spec(spec: CitySpec) -> City:
    """Turn a validated city file into a City."""
    landmark: list[str | None] = [None] * LOCATIONS
    names: list[str | None] = [None] * LOCATIONS
    yellow_pp = [0] * LOCATIONS
    iconic_at = [-1] * LOCATIONS
    iconic_ids = tuple(t.id for t in spec.iconic_tracks)
    iconic_names = [""] * len(iconic_ids)
    iconic_locations = [-1] * len(iconic_ids)
    for loc in spec.locations:
        i = location_index(*loc.at)
        landmark[i], names[i] = loc.color, loc.name
        if loc.pp is not None:
            yellow_pp[i] = loc.pp
        if loc.id is not None:
            k = iconic_ids.index(loc.id)
            iconic_at[i], iconic_names[k], iconic_locations[k] = k, loc.name, i
    cafes = tuple(
        Cafe(crossroads_index(*c.at), c.name, c.bonus, tourist_tuple(c.tourists or {}))
        for c in spec.cafes
    )
    cafe_at = [-1] * CROSSROADS
    for k, cafe in enumerate(cafes):
        cafe_at[cafe.crossroads] = k
    vta = spec.visit_them_all
    return City(
        city=spec.city,
        name=spec.name,
        header=spec.header,
        rounds=spec.rounds,
        hand_size=spec.hand_size,
        solo_hand_size=spec.solo_hand_size,
        landmark=tuple(landmark),
        landmark_name=tuple(names),
        yellow_pp=tuple(yellow_pp),
        iconic_at=tuple(iconic_at),
        iconic_ids=iconic_ids,
        iconic_names=tuple(iconic_names),
        iconic_locations=tuple(iconic_locations),
        iconic_tracks=tuple(tuple(t.track) for t in spec.iconic_tracks),
        iconic_advanced_marks=tuple(len(t.purple_corners) for t in spec.iconic_tracks),
        cafes=cafes,
        cafe_at=tuple(cafe_at),
        vta_name=vta.name if vta else None,
        vta_crossroads=tuple(crossroads_index(*p) for p in vta.crossroads) if vta else (),
        vta_scores=tuple(vta.scores) if vta else (0,),
        board_numbers=tuple(b.number for b in spec.boards),
        board_columns=tuple(tuple(b.columns) for b in spec.boards),
        board_rows=tuple(tuple(b.rows) for b in spec.boards),
        deck=tuple(
            Card(
                c.id,
                c.kind,
                c.number,
                tourist_tuple(c.tourists),
                tuple(iconic_ids.index(s) for s in c.iconic),
            )
            for c in spec.deck
        ),
        goals=tuple(
            Goal(
                g.id,
                g.letter,
                g.requirement.kind,
                g.requirement.tourist or g.requirement.color,
                g.sign,
                g.threshold,
                g.achiever,
                g.winner,
                g.text,
            )
            for g in spec.goals
        ),
        objectives=tuple(
            tuple(crossroads_index(*p) for p in o.crossroads) for o in spec.objectives
        ),
        objective_ids=tuple(o.id for o in spec.objectives),
        balance_cards=tuple(b.sides for b in spec.balance_cards),
        challenge_table=tuple(
            tuple((cell.pp, cell.goals) for cell in row) for row in spec.challenge_table
        ),
        solo_rows=tuple(s.row for s in spec.solo_sequence),
        solo_covered_by=tuple(tuple(s.covered_by) for s in spec.solo_sequence),
        _matching=_matching_table([b.columns for b in spec.boards], [b.rows for b in spec.boards]),
    )


def city_file(city_id: str) -> str:
    """The data file name of a built-in city: `first-city` -> `first_city.json`."""
    return f"{city_id.replace('-', '_')}.json"


def builtin_cities() -> tuple[str, ...]:
    """The ids of the cities with a file in `data/`."""
    data = files("tabletrip.games.en_route") / "data"
    return tuple(
        sorted(
            p.name.removesuffix(".json").replace("_", "-")
            for p in data.iterdir()
            if p.name.endswith(".json")
        )
    )


def shipped_city(city_id: str) -> Traversable:
    """The shipped file of a built-in city; ContentError naming the cities if there is none."""
    if not CITY_ID.match(city_id) or city_id not in builtin_cities():
        cities = ", ".join(builtin_cities())
        raise ContentError(f"no built-in city {city_id!r}: cities are {cities}")
    return files("tabletrip.games.en_route") / "data" / city_file(city_id)


@lru_cache(maxsize=64)
def city_from_file(file: ContentFile, city_id: str, ablated: bool = False) -> City:
    """The City of one city file of a content set (validated once per file version)."""
    spec = validate_file(file, CitySpec, ablated=ablated)
    check_names(file, "city", spec.city, city_id, builtin_cities())
    return city_from_spec(spec)


def city_of(content: Content, city_id: str) -> City:
    """The City a game with this content and city option plays in."""
    return city_from_file(content.file(city_file(city_id)), city_id, bool(content.removed))


@cache
def load_city(city_id: str = "first-city", path: str | None = None) -> City:
    """The City of a built-in city, or of a user's city file at `path` (validated, cached)."""
    source = shipped_city(city_id) if path is None else Path(path)
    file = ContentFile.of(city_file(city_id), str(source), read_json(source), builtin=path is None)
    return city_from_file(file, city_id)
