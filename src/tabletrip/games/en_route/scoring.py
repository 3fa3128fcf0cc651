"""En Route Prestige Point scoring of one player's board, as pure functions.

The rulebook's "End of the Game": III. Checking tourists (a location is on the final route when
the route runs along at least one of its edges; tourists elsewhere leave) and IV. Prestige
Point scoring, steps 1-8 as First City lists them, plus the tie-break counts (route length,
tourists, Landmarks on the route). Step 9 (Goals) compares players, so it is not computed here:
the caller adds each player's Goal PP with `Breakdown.with_goals`.

A final route is a trail: a sequence of crossroads indices, consecutive ones adjacent, no section
used twice (it may cross itself and loop). The empty trail `()` is no route: it scores only the
unused Café bonuses. Nothing here knows about game states.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from itertools import pairwise

from tabletrip.games.en_route.geometry import (
    CROSSROADS,
    LOCATIONS,
    crossroads_on_route,
    locations_on_route,
    section_between,
)

TOURIST_TYPES = ("red", "green", "blue")  # the order of every tourist count tuple
SPECIAL_KINDS = TOURIST_TYPES  # a Special Landmark scores the tourists of its own colour
LANDMARK_KINDS = (*SPECIAL_KINDS, "yellow", "gray")
FIRST_CITY_VISIT_THEM_ALL = (0, 0, 12, 24)  # PP by Hand Craft Festival points on the route
CAFE_BONUS_PP = 2  # step 6: each unused Café bonus, on the route or not
STEPS = (
    "red",
    "green",
    "blue",
    "yellow",
    "gray",
    "cafes",
    "visit_them_all",
    "personal_objective",
    "goals",
)


@dataclass(frozen=True, slots=True)
class Landmark:
    """A Landmark: its colour and, for yellow and gray ones, its PP (gray: at its final rating)."""

    kind: str
    points: int = 0

    def __post_init__(self) -> None:
        if self.kind not in LANDMARK_KINDS:
            raise ValueError(f"Landmark kind {self.kind!r}: expected one of {LANDMARK_KINDS}")
        if self.points < 0 or (self.kind in SPECIAL_KINDS and self.points):
            raise ValueError(f"{self.kind} Landmark: points {self.points} (special ones have 0)")


@dataclass(frozen=True, slots=True)
class FinalBoard:
    """One player's board at the end of the game, as far as steps 1-8 need it.

    `tourists` and `landmarks` have one entry per location index; tourists are (red, green,
    blue) counts. Crossroads are indices. `visit_them_all_points[n]` is the PP for n points on
    the route (non-decreasing). `objective` holds the Personal Objective crossroads, or nothing.
    """

    tourists: tuple[tuple[int, int, int], ...] = ((0, 0, 0),) * LOCATIONS
    landmarks: tuple[Landmark | None, ...] = (None,) * LOCATIONS
    unused_cafe_bonuses: int = 0
    visit_them_all: tuple[int, ...] = ()
    visit_them_all_points: tuple[int, ...] = FIRST_CITY_VISIT_THEM_ALL
    objective: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        tourists = tuple(tuple(t) for t in self.tourists)
        if len(tourists) != LOCATIONS or any(len(t) != 3 or min(t) < 0 for t in tourists):
            raise ValueError("tourists: 36 (red, green, blue) counts, none negative")
        if len(self.landmarks) != LOCATIONS:
            raise ValueError("landmarks: one Landmark or None per location (36)")
        if self.unused_cafe_bonuses < 0:
            raise ValueError("unused_cafe_bonuses: 0 or more")
        points = tuple(self.visit_them_all_points)
        if self.visit_them_all and len(points) != len(self.visit_them_all) + 1:
            raise ValueError("visit_them_all_points: the PP for 0, 1, ... all points")
        if any(b < a for a, b in pairwise(points)) or any(pp < 0 for pp in points):
            raise ValueError("visit_them_all_points: PP may not fall as more points are visited")
        for name in ("visit_them_all", "objective"):
            points_at = tuple(getattr(self, name))
            if len(set(points_at)) != len(points_at) or not all(
                0 <= c < CROSSROADS for c in points_at
            ):
                raise ValueError(f"{name}: different crossroads indices 0..{CROSSROADS - 1}")
            object.__setattr__(self, name, points_at)
        object.__setattr__(self, "tourists", tourists)
        object.__setattr__(self, "landmarks", tuple(self.landmarks))
        object.__setattr__(self, "visit_them_all_points", points)

    @classmethod
    def build(
        cls,
        tourists: Mapping[int, Sequence[int]] | None = None,
        landmarks: Mapping[int, Landmark] | None = None,
        **others: object,
    ) -> FinalBoard:
        """A board from {location: (red, green, blue)} and {location: Landmark}; others as is."""
        counts = [(0, 0, 0)] * LOCATIONS
        for loc, count in (tourists or {}).items():
            counts[loc] = (count[0], count[1], count[2])
        marks: list[Landmark | None] = [None] * LOCATIONS
        for loc, landmark in (landmarks or {}).items():
            marks[loc] = landmark
        return cls(tuple(counts), tuple(marks), **others)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Breakdown:
    """PP by scoring step (`goals` is step 9, added by the caller) and the tie-break counts."""

    red: int = 0
    green: int = 0
    blue: int = 0
    yellow: int = 0
    gray: int = 0
    cafes: int = 0
    visit_them_all: int = 0
    personal_objective: int = 0
    goals: int = 0
    route_length: int = 0
    tourists: int = 0
    landmarks: int = 0

    @property
    def total(self) -> int:
        """The Prestige Points: the sum of every step."""
        return sum(getattr(self, step) for step in STEPS)

    @property
    def tiebreak(self) -> tuple[int, int, int]:
        """Longest route, then most tourists, then most Landmarks on the route."""
        return self.route_length, self.tourists, self.landmarks

    def with_goals(self, points: int) -> Breakdown:
        """This breakdown with step 9 (Goal PP, decided by comparing players) filled in."""
        return replace(self, goals=points)

    def to_json(self) -> dict[str, int]:
        """Every step, the tie-break counts and the total."""
        return {f.name: getattr(self, f.name) for f in fields(self)} | {"total": self.total}


def trail_sections(trail: Sequence[int]) -> tuple[int, ...]:
    """The sections of a trail in order; ValueError if it is not one (a lone crossroads is not)."""
    if len(trail) == 1:
        raise ValueError("a route of one crossroads has no section: give () for no route")
    sections: list[int] = []
    for a, b in pairwise(trail):
        section = section_between(a, b)
        if section is None:
            raise ValueError(f"crossroads {a} and {b} are not joined by a road section")
        if section in sections:
            raise ValueError(f"the section between crossroads {a} and {b} is used twice")
        sections.append(section)
    return tuple(sections)


def landmark_steps(board: FinalBoard, locations: int) -> Breakdown:
    """Steps 1-5 and the tourist and Landmark counts for the locations (a bit mask) on the route."""
    tourists = [0, 0, 0]
    specials = [0, 0, 0]
    common = {"yellow": 0, "gray": 0}
    landmarks = 0
    rest = locations & ((1 << LOCATIONS) - 1)
    while rest:  # the locations on the route, lowest first
        low = rest & -rest
        rest ^= low
        loc = low.bit_length() - 1
        r, g, b = board.tourists[loc]
        tourists[0] += r
        tourists[1] += g
        tourists[2] += b
        landmark = board.landmarks[loc]
        if landmark is None:
            continue
        landmarks += 1
        if landmark.kind in SPECIAL_KINDS:
            specials[SPECIAL_KINDS.index(landmark.kind)] += 1
        else:
            common[landmark.kind] += landmark.points
    red, green, blue = (t * n for t, n in zip(tourists, specials, strict=True))
    return Breakdown(
        red=red,
        green=green,
        blue=blue,
        yellow=common["yellow"],
        gray=common["gray"],
        tourists=sum(tourists),
        landmarks=landmarks,
    )


def visit_them_all_pp(board: FinalBoard, crossroads: int) -> int:
    """Step 7: PP by how many Visit-Them-All crossroads are in the mask of route crossroads."""
    if not board.visit_them_all:
        return 0
    visited = sum(crossroads >> c & 1 for c in board.visit_them_all)
    return board.visit_them_all_points[visited]


def objective_pp(objective: Sequence[int], trail: Sequence[int]) -> int:
    """Step 8: the most sections between two different objective crossroads along the trail.

    A looping trail may pass a crossroads twice: every pair of positions counts. Zero when
    fewer than 2 of the crossroads are on the route.
    """
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for position, crossroads in enumerate(trail):
        if crossroads in objective:
            first.setdefault(crossroads, position)
            last[crossroads] = position
    spans = [last[b] - first[a] for a in first for b in last if a != b]
    return max([0, *spans])


def score_route(board: FinalBoard, trail: Sequence[int]) -> Breakdown:
    """Steps 1-8 and the tie-break counts of this final route (ValueError if not a trail)."""
    sections = trail_sections(trail)
    cafes = CAFE_BONUS_PP * board.unused_cafe_bonuses
    if not sections:
        return Breakdown(cafes=cafes)
    steps = landmark_steps(board, locations_on_route(sections))
    return replace(
        steps,
        cafes=cafes,
        visit_them_all=visit_them_all_pp(board, crossroads_on_route(sections)),
        personal_objective=objective_pp(board.objective, trail),
        route_length=len(sections),
    )
