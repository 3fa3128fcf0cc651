"""Let's Go! To France content: Activity cards, player board, round tracker, regional maps and
Goal tiles in `data/`, validated once into plain data.

- `data/activities.json`: the 124 Activity cards. Each has experience icons, points, time, an
  optional top bonus and a "Highlight of the Day" made of plain gains (points, icons, tokens,
  energy, time) and at most one scoring formula (`FORMULA_KINDS`), interpreted by one
  evaluator in `scoring.py`, never one function per card.
- `data/player_board.json`: the experience track thresholds, the energy track and its time
  chart, the three reward rows, the round tracker.
- `data/regions.json`: the four regional maps (two double-sided boards) and the Goal tiles:
  three double-sided single-flag tiles and one double-sided double-flag tile per region.

All of it is original content authored for tabletrip that obeys the rulebook's numbers and
examples (see each file's header and CONTENT.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from itertools import pairwise
from typing import Literal

from pydantic import (
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from tabletrip.core import load_content
from tabletrip.core.content import ABLATED, Content, ContentFile, Spec, validate_file

ICONS = ("architecture", "art", "food", "history", "nature", "shopping")
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday")
MAX_PER_DAY = 5  # cards in one day's column
REGIONS = ("loire-valley", "provence-alpes-cote-dazur", "brittany-normandy", "sud-ouest")
ACTIVITY_CARDS = 124  # Components: 124 Activity cards
EXPLORE_THE_CITY = {"points": 1, "highlight_points": 5}  # Explore the City: 1 point, 5 more
# Round Order, 1. Draw Cards: play 1 in rounds 1-4, 2 in rounds 5-9, 1 in rounds 10-14;
# pass to the left in rounds 1 to 7, to the right from round 8.
ROUND_PLAYS = (1, 1, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1)
FIRST_RIGHT_ROUND = 8
TOP_BONUSES = ("none", "research", "travel", "travel2")

# How a Highlight of the Day scores, beyond its plain gains (the clarifications' kinds).
FORMULA_KINDS = {
    "sets": "points per set of `icons` (one of each) on the experience track",
    "days_with_different_icons": "points per day so far with `count`+ different icons on cards",
    "days_with_icon": "points per day so far with `count`+ `icon` on cards",
    "days_under_time": "points per day so far with less than `count` time",
    "time_on_cards_with_icon": "points per time on cards so far that gain `icon`",
    "icons_today": "points per `icon` on today's cards",
    "cards_with_time": "points per card so far with `count`+ time",
    "favourable_tokens": "points per Favourable Condition token flipped and moved to a row",
    "research_tokens": "points per unspent Research token",
    "lowest_icon": "points per step of your lowest experience token",
    "highest_icon": "points per step of your highest experience token",
}
REWARD_KINDS = ("points", "travel", "research", "wild", "any_icon")
SPACE_BONUS_KINDS = ("icon", "any_icon", "research", "wild", "points", "energy")
PATH_COSTS = ("research", "wild", "experience")  # Map Icons: a token, or a step back
GOAL_TIMINGS = ("immediately", "end_of_tuesday", "end_of_saturday")
GOAL_EFFECTS = {
    "any_icons": "gain `count` experience icons of your choice",
    "wild_tokens": "gain `count` Wild tokens",
    "research_tokens": "gain `count` Research tokens",
    "point_tokens": "gain `count` Point tokens",
    "reward_space": "gain one leftmost uncovered reward-row bonus, as if a token were placed",
    "one_time_cards": "gain `points`, then 1 point per card with exactly 1 time in total",
    "lowest_icon_points": "`points` per step of your lowest experience token",
    "highest_icon_points": "`points` per step of your highest experience token",
    "moved_token_points": "`points` per Favourable Condition token moved to a reward row",
    "highlight_again": "score the `day`'s Highlight of the Day a second time",
    "draw_highlight": "draw 2 cards and score the Highlight of the Day of one of them",
    "opponent_highlight": "score an opponent's Saturday Highlight of the Day",
    "longest_icon_run": "choose an icon: `points` per card in your longest run of cards with it",
}


def _check_icon(icon: str) -> str:
    if icon not in ICONS:
        raise ValueError(f"unknown icon {icon!r}: icons are {', '.join(ICONS)}")
    return icon


class FormulaSpec(Spec):
    """A Highlight's scoring formula: a kind, its points and what it counts."""

    kind: str
    points: int = Field(ge=1, le=10)
    icons: list[str] = []
    icon: str | None = None
    count: int = 0

    @model_validator(mode="after")
    def _known(self) -> FormulaSpec:
        if self.kind not in FORMULA_KINDS:
            raise ValueError(f"unknown formula {self.kind!r}: kinds are {', '.join(FORMULA_KINDS)}")
        for icon in [*self.icons, *([self.icon] if self.icon else [])]:
            _check_icon(icon)
        needs_icon = {"days_with_icon", "time_on_cards_with_icon", "icons_today"}
        if (self.kind in needs_icon) != (self.icon is not None):
            raise ValueError(f"formula {self.kind!r}: `icon` is needed by {sorted(needs_icon)}")
        if (self.kind == "sets") != bool(self.icons):
            raise ValueError("formula 'sets' (and only it) lists `icons` (two or more)")
        if self.kind == "sets" and len(set(self.icons)) < 2:
            raise ValueError("a set has two or more different icons")
        needs_count = {
            "days_with_different_icons",
            "days_with_icon",
            "days_under_time",
            "cards_with_time",
        }
        if (self.kind in needs_count) != (self.count > 0):
            raise ValueError(f"formula {self.kind!r}: `count` is needed by {sorted(needs_count)}")
        return self


class HighlightSpec(Spec):
    """The "Highlight of the Day" at the bottom of a card: plain gains and a formula."""

    points: int = Field(0, ge=0, le=12)
    icons: list[str] = []
    any_icon: int = Field(0, ge=0, le=3)
    lowest_icon: int = Field(0, ge=0, le=3)
    wild: int = Field(0, ge=0, le=3)
    research: int = Field(0, ge=0, le=3)
    energy: int = Field(0, ge=-1, le=1)
    time: int = Field(0, ge=0, le=2)
    formula: FormulaSpec | None = None

    @field_validator("icons")
    @classmethod
    def _known_icons(cls, icons: list[str]) -> list[str]:
        return [_check_icon(i) for i in icons]


class ActivitySpec(Spec):
    """An Activity card: a real Paris activity or place."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=2)
    text: str = Field(min_length=5)
    icons: list[str] = Field(min_length=0, max_length=3)
    points: int = Field(ge=0, le=5)
    time: int = Field(ge=1, le=4)
    bonus: Literal["none", "research", "travel", "travel2"] = "none"
    highlight: HighlightSpec

    @field_validator("icons")
    @classmethod
    def _known_icons(cls, icons: list[str]) -> list[str]:
        return [_check_icon(i) for i in icons]


class ActivitiesSpec(Spec):
    """The Activity deck file."""

    header: str
    explore_the_city: dict[str, int]  # {"points": 1, "highlight_points": 5}
    activities: list[ActivitySpec]

    @model_validator(mode="after")
    def _unique(self, info: ValidationInfo) -> ActivitiesSpec:
        total = len(self.activities)
        ablated = bool(info.context and info.context.get(ABLATED))
        if total != ACTIVITY_CARDS and not (ablated and 0 < total < ACTIVITY_CARDS):
            accepted = f"at most {ACTIVITY_CARDS}" if ablated else f"exactly {ACTIVITY_CARDS}"
            raise ValueError(
                f"activities: {total} Activity cards, the deck has {accepted} (Components)"
            )
        if self.explore_the_city != EXPLORE_THE_CITY:
            raise ValueError(
                f"explore_the_city: {self.explore_the_city}: an Explore the City card scores "
                "1 point and 5 more as the Highlight of the Day: "
                '{"points": 1, "highlight_points": 5} (Explore the City)'
            )
        ids = [a.id for a in self.activities]
        doubled = sorted({i for i in ids if ids.count(i) > 1})
        if doubled:
            raise ValueError(f"activities: the id {doubled[0]!r} is used twice: ids are unique")
        return self


class RewardSpec(Spec):
    """What a reward-row space gives: a kind and how many (points: how many points)."""

    kind: str
    amount: int = Field(1, ge=1, le=5)

    @model_validator(mode="after")
    def _known(self) -> RewardSpec:
        if self.kind not in REWARD_KINDS:
            raise ValueError(f"unknown reward {self.kind!r}: kinds are {', '.join(REWARD_KINDS)}")
        return self


class RoundSpec(Spec):
    """One round of the tracker: what each player draws, plays and passes, and which way."""

    draw: list[Literal["deck2", "deck4", "stack"]] = Field(min_length=1)
    play: int = Field(ge=1, le=2)
    direction: Literal["left", "right"]


class PlayerBoardSpec(Spec):
    """The player board and the round tracker."""

    header: str
    experience_points: dict[int, int]  # space reached -> points (10: the flip)
    energy_points: dict[int, int]  # energy space -3..3 -> points for the day
    time_chart: list[tuple[int, int]]  # (most time, energy move), in increasing time
    reward_rows: list[list[list[RewardSpec]]] = Field(min_length=3, max_length=3)
    rounds: list[RoundSpec] = Field(min_length=14, max_length=14)

    @model_validator(mode="after")
    def _consistent(self) -> PlayerBoardSpec:
        if sorted(self.energy_points) != list(range(-3, 4)):
            raise ValueError("the energy track runs from -3 to 3")
        if max(self.experience_points) != 10:
            raise ValueError("the experience track ends at 10, where a token flips")
        rising = [self.experience_points[space] for space in sorted(self.experience_points)]
        if any(later <= earlier for earlier, later in pairwise(rising)):
            raise ValueError(
                "experience_points: the points rise along the track (Example: Experience "
                "Track Scoring: 2: 1, 4: 3, 7: 6, 10: 10)"
            )
        if sum(len(row) for row in self.reward_rows) < 6:
            raise ValueError("the reward rows hold the six Favourable Condition tokens")
        if self.energy_points.get(0) != 0 or self.energy_points.get(1) != 1:
            raise ValueError(
                "energy_points: the center space scores 0 and one space right of it 1 "
                "(Example: Monday Scoring)"
            )
        stack = 0
        for number, round_ in enumerate(self.rounds, 1):
            if round_.play != ROUND_PLAYS[number - 1]:
                raise ValueError(
                    f"rounds.{number - 1}: round {number} plays {round_.play}: the Round "
                    f"Tracker plays {ROUND_PLAYS[number - 1]} (1 in rounds 1-4, 2 in 5-9, 1 in "
                    "10-14)"
                )
            way = "left" if number < FIRST_RIGHT_ROUND else "right"
            if round_.direction != way:
                raise ValueError(
                    f"rounds.{number - 1}: round {number} passes {round_.direction}: cards pass "
                    "left in rounds 1 to 7 and right from round 8"
                )
            hand = 0
            for icon in round_.draw:
                if icon == "stack":
                    if not stack:
                        raise ValueError(f"round {number}: the passed stack is empty")
                    hand, stack = hand + stack, 0
                else:
                    hand += 2 if icon == "deck2" else 4
            if hand != 2 * round_.play:
                raise ValueError(
                    f"round {number}: {hand} cards drawn but {round_.play} played and "
                    f"{round_.play} passed: every hand must be empty at the end of a round"
                )
            stack += round_.play
            before = self.rounds[number - 2].direction if number > 1 else round_.direction
            if round_.direction != before and "stack" not in round_.draw:
                # a stack then always holds the cards of one neighbour (the determinization
                # keeps the stack a seat passed to as it is: the seat knows those cards)
                raise ValueError(
                    f"round {number}: cards pass {round_.direction} after passing {before}: "
                    "such a round first draws the stack passed the other way"
                )
        return self


class SpaceBonusSpec(Spec):
    """What arriving on a map space gives."""

    kind: str
    icon: str | None = None
    amount: int = Field(1, ge=1, le=5)

    @model_validator(mode="after")
    def _known(self) -> SpaceBonusSpec:
        if self.kind not in SPACE_BONUS_KINDS:
            raise ValueError(f"unknown space bonus {self.kind!r}: {', '.join(SPACE_BONUS_KINDS)}")
        if (self.kind == "icon") != (self.icon is not None):
            raise ValueError("an `icon` bonus (and only it) names its icon")
        if self.icon is not None:
            _check_icon(self.icon)
        return self


class MapSpaceSpec(Spec):
    """A town on a regional map."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    lon: float = Field(ge=-6, le=10)
    lat: float = Field(ge=41, le=51.5)
    bonus: list[SpaceBonusSpec] = Field(min_length=1)
    start: bool = False
    explore_once: bool = False  # a dotted circle: an Exploration token, the bonus only once
    flag: Literal[0, 1, 2] = 0  # single-flag or double-flag goal space


class PathSpec(Spec):
    """A line between two towns: solid (a Travel action) or dotted (paid at any time with a
    Research token, a Wild token, or `experience`: an Experience token moved back 1 space)."""

    a: str
    b: str
    dotted: bool = False
    cost: Literal["research", "wild", "experience"] | None = None

    @model_validator(mode="after")
    def _cost(self) -> PathSpec:
        if self.dotted != (self.cost is not None):
            raise ValueError(f"a dotted path (and only it) has a cost: {', '.join(PATH_COSTS)}")
        return self


class RegionSpec(Spec):
    """One side of a regional map board."""

    id: str
    name: str
    board: Literal[1, 2]  # which double-sided board it is printed on
    spaces: list[MapSpaceSpec] = Field(min_length=8)
    paths: list[PathSpec] = Field(min_length=8)


class GoalSpec(Spec):
    """One face of a Goal tile: its flag, when it acts, its effect."""

    id: str
    flag: Literal[1, 2]
    region: str | None = None  # a double-flag tile belongs to one region
    timing: str
    effect: str
    count: int = 0
    points: int = 0
    day: str | None = None
    text: str

    @model_validator(mode="after")
    def _known(self) -> GoalSpec:
        if self.timing not in GOAL_TIMINGS:
            raise ValueError(f"unknown timing {self.timing!r}: {', '.join(GOAL_TIMINGS)}")
        if self.effect not in GOAL_EFFECTS:
            raise ValueError(f"unknown effect {self.effect!r}: {', '.join(GOAL_EFFECTS)}")
        if (self.flag == 2) != (self.region is not None):
            raise ValueError("a double-flag tile (and only it) names its region")
        if self.day is not None and self.day not in DAYS:
            raise ValueError(f"unknown day {self.day!r}")
        if (self.effect == "highlight_again") != (self.day is not None):
            raise ValueError("a `highlight_again` goal (and only it) names its `day`")
        if self.day is not None and self.timing != f"end_of_{self.day}":
            raise ValueError(f"a goal scoring {self.day}'s Highlight acts at end_of_{self.day}")
        return self


class SingleFlagTileSpec(Spec):
    """A double-sided single-flag Goal tile: two faces."""

    faces: tuple[GoalSpec, GoalSpec]


class DoubleFlagTileSpec(Spec):
    """A region's double-sided double-flag Goal tile: two faces with the region's name; the
    setup chooses the side (Setup 6)."""

    region: str
    faces: tuple[GoalSpec, GoalSpec]

    @model_validator(mode="after")
    def _faces(self) -> DoubleFlagTileSpec:
        for i, face in enumerate(self.faces):
            if face.flag != 2 or face.region != self.region:
                raise ValueError(
                    f"faces.{i} ({face.id}) is a flag-{face.flag} face of {face.region!r}: "
                    f"both faces are double-flag faces of the tile's region {self.region!r}"
                )
        if self.faces[0].effect == self.faces[1].effect:
            raise ValueError("the two faces of a tile are different goals")
        return self


class RegionsSpec(Spec):
    """The regional maps and the Goal tiles."""

    header: str
    regions: list[RegionSpec] = Field(min_length=4, max_length=4)
    single_flag_tiles: list[SingleFlagTileSpec] = Field(min_length=3, max_length=3)
    double_flag_tiles: list[DoubleFlagTileSpec] = Field(min_length=4, max_length=4)

    @model_validator(mode="after")
    def _consistent(self) -> RegionsSpec:
        for i, region in enumerate(self.regions):
            if region.id not in REGIONS:
                raise ValueError(f"regions.{i}: unknown region {region.id!r}: {', '.join(REGIONS)}")
        if sorted(r.id for r in self.regions) != sorted(REGIONS):
            raise ValueError(f"the regions are exactly {', '.join(REGIONS)}")
        for region in self.regions:
            ids = [s.id for s in region.spaces]
            if len(set(ids)) != len(ids):
                raise ValueError(f"{region.id}: space ids must be unique")
            known = set(ids)
            for i, path in enumerate(region.paths):
                unknown = [t for t in (path.a, path.b) if t not in known]
                if unknown or path.a == path.b:
                    what = f"unknown town {unknown[0]!r}" if unknown else "a town to itself"
                    raise ValueError(f"{region.id}.paths.{i}: {what}: a path joins two towns")
            by_id = {s.id: s for s in region.spaces}
            for i, path in enumerate(region.paths):
                steps = sum(_steps_every_visit(by_id[t]) for t in (path.a, path.b))
                if path.cost == "experience" and steps >= 2:
                    # a round trip pays 2 steps back: getting as many back would loop for ever
                    raise ValueError(
                        f"{region.id}.paths.{i} ({path.a}-{path.b}): a step back pays this "
                        f"dotted path, but its towns give {steps} experience steps on every "
                        "visit: a Traveler could go back and forth for ever"
                    )
            dotted_ends = {
                t
                for path in region.paths
                if path.cost in ("research", "wild")
                for t in (path.a, path.b)
            }
            for space in region.spaces:
                refund = [b.kind for b in space.bonus if b.kind in ("research", "wild")]
                if space.id in dotted_ends and not space.explore_once and refund:
                    # paying a dotted path and getting the token back would loop for ever
                    raise ValueError(
                        f"{region.id}: {space.id} ends a dotted path but gives a {refund[0]} "
                        "token every visit: a Traveler could go back and forth for free"
                    )
            if not any(s.start for s in region.spaces):
                raise ValueError(f"{region.id}: needs starting spaces")
            cut_off = _unreached(region)
            if cut_off:
                raise ValueError(
                    f"{region.id}: the town {cut_off[0]!r} cannot be reached from a starting "
                    "space: every town of a regional map is joined by paths"
                )
            if not any(s.flag == 1 for s in region.spaces) or not any(
                s.flag == 2 for s in region.spaces
            ):
                raise ValueError(f"{region.id}: needs single-flag and double-flag spaces")
        for board in (1, 2):
            sides = sorted(r.id for r in self.regions if r.board == board)
            if len(sides) != 2:
                raise ValueError(
                    f"regions: board {board} has {len(sides)} sides ({', '.join(sides)}): "
                    "2 double-sided Regional Map boards, 2 regions each (Components)"
                )
        for tile in self.single_flag_tiles:
            if any(face.flag != 1 for face in tile.faces):
                raise ValueError("single-flag tiles have single-flag faces")
        seen: set[str] = set()
        for i, double in enumerate(self.double_flag_tiles):
            if double.region not in REGIONS:
                raise ValueError(f"double_flag_tiles.{i}: unknown region {double.region!r}")
            if double.region in seen:
                raise ValueError(
                    f"double_flag_tiles.{i}: a second double-flag tile for {double.region}"
                )
            seen.add(double.region)
        faces = [f.id for t in self.single_flag_tiles for f in t.faces]
        faces += [f.id for t in self.double_flag_tiles for f in t.faces]
        doubled = sorted({f for f in faces if faces.count(f) > 1})
        if doubled:
            raise ValueError(f"goal tile faces need unique ids: {doubled[0]!r} is used twice")
        return self


def _unreached(region: RegionSpec) -> list[str]:
    """The towns no path leads to from a starting space, in file order."""
    links: dict[str, set[str]] = {s.id: set() for s in region.spaces}
    for path in region.paths:
        links[path.a].add(path.b)
        links[path.b].add(path.a)
    seen = {s.id for s in region.spaces if s.start}
    todo = list(seen)
    while todo:
        for other in links[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    return [s.id for s in region.spaces if s.id not in seen]


def _steps_every_visit(space: MapSpaceSpec) -> int:
    """Experience steps a town gives on every visit (a Wild token is a step; a dotted circle
    gives its bonus only once)."""
    if space.explore_once:
        return 0
    return sum(b.amount for b in space.bonus if b.kind in ("icon", "any_icon", "wild"))


# --- the plain forms the rules use ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Formula:
    """A Highlight's formula in index form (icons as indices into ICONS)."""

    kind: str
    points: int
    icons: tuple[int, ...] = ()
    icon: int = -1
    count: int = 0


@dataclass(frozen=True, slots=True)
class Highlight:
    """A "Highlight of the Day" in index form."""

    points: int = 0
    icons: tuple[int, ...] = ()
    any_icon: int = 0
    lowest_icon: int = 0
    wild: int = 0
    research: int = 0
    energy: int = 0
    time: int = 0
    formula: Formula | None = None


@dataclass(frozen=True, slots=True)
class Activity:
    """An Activity card in index form."""

    id: int
    key: str
    name: str
    text: str
    icons: tuple[int, ...]
    points: int
    time: int
    bonus: str
    highlight: Highlight


def _formula(spec: FormulaSpec | None) -> Formula | None:
    if spec is None:
        return None
    return Formula(
        spec.kind,
        spec.points,
        tuple(ICONS.index(i) for i in spec.icons),
        ICONS.index(spec.icon) if spec.icon else -1,
        spec.count,
    )


def activities_from_spec(spec: ActivitiesSpec) -> tuple[Activity, ...]:
    """The deck in index form, in file order."""
    return tuple(
        Activity(
            i,
            a.id,
            a.name,
            a.text,
            tuple(ICONS.index(icon) for icon in a.icons),
            a.points,
            a.time,
            a.bonus,
            Highlight(
                a.highlight.points,
                tuple(ICONS.index(icon) for icon in a.highlight.icons),
                a.highlight.any_icon,
                a.highlight.lowest_icon,
                a.highlight.wild,
                a.highlight.research,
                a.highlight.energy,
                a.highlight.time,
                _formula(a.highlight.formula),
            ),
        )
        for i, a in enumerate(spec.activities)
    )


_DATA = "tabletrip.games.lets_go_france"
ACTIVITIES_FILE = "activities.json"
PLAYER_BOARD_FILE = "player_board.json"
REGIONS_FILE = "regions.json"
CONTENT_FILES = (ACTIVITIES_FILE, PLAYER_BOARD_FILE, REGIONS_FILE)


def shipped_file(name: str) -> Traversable:
    """The shipped data file `name` (one of CONTENT_FILES)."""
    return files(_DATA) / "data" / name


@lru_cache(maxsize=32)
def activities_from_file(file: ContentFile, ablated: bool = False) -> ActivitiesSpec:
    """The Activity deck of one file of a content set (validated once per file version)."""
    return validate_file(file, ActivitiesSpec, ablated=ablated)


@lru_cache(maxsize=32)
def cards_from_file(file: ContentFile, ablated: bool = False) -> tuple[Activity, ...]:
    """The Activity deck of one file in index form (one tuple per file version)."""
    return activities_from_spec(activities_from_file(file, ablated))


@lru_cache(maxsize=32)
def player_board_from_file(file: ContentFile, ablated: bool = False) -> PlayerBoardSpec:
    """The player board and round tracker of one file of a content set (validated once)."""
    return validate_file(file, PlayerBoardSpec, ablated=ablated)


@lru_cache(maxsize=32)
def regions_from_file(file: ContentFile, ablated: bool = False) -> RegionsSpec:
    """The regional maps and Goal tiles of one file of a content set (validated once)."""
    return validate_file(file, RegionsSpec, ablated=ablated)


def activities_of(content: Content) -> ActivitiesSpec:
    """The Activity deck a game with this content plays with."""
    return activities_from_file(content.file(ACTIVITIES_FILE), bool(content.removed))


def cards_of(content: Content) -> tuple[Activity, ...]:
    """The Activity deck of this content in index form."""
    return cards_from_file(content.file(ACTIVITIES_FILE), bool(content.removed))


def player_board_of(content: Content) -> PlayerBoardSpec:
    """The player board and round tracker a game with this content plays with."""
    return player_board_from_file(content.file(PLAYER_BOARD_FILE), bool(content.removed))


def regions_of(content: Content) -> RegionsSpec:
    """The regional maps and Goal tiles a game with this content plays with."""
    return regions_from_file(content.file(REGIONS_FILE), bool(content.removed))


@cache
def load_activities() -> ActivitiesSpec:
    """The built-in Activity deck, validated."""
    return load_content(files(_DATA) / "data" / "activities.json", ActivitiesSpec)


@cache
def load_player_board() -> PlayerBoardSpec:
    """The built-in player board and round tracker, validated."""
    return load_content(files(_DATA) / "data" / "player_board.json", PlayerBoardSpec)


@cache
def load_regions() -> RegionsSpec:
    """The built-in regional maps and Goal tiles, validated."""
    return load_content(files(_DATA) / "data" / "regions.json", RegionsSpec)
