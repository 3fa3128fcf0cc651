"""What Let's Go! To France's terminal view (text.py) and its board (svg*.py) both read: the
static content by key (cached per region), the icons' two-letter codes and the seats' colours.

Icons are written as two letters in both pictures (`Ar` architecture, `At` art, `Fo` food,
`Hi` history, `Na` nature, `Sh` shopping), on the board on a disc of the icon's colour, so
colour is never the only clue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletrip.games.lets_go_france.content import (
    DAYS,
    Activity,
    GoalSpec,
    MapSpaceSpec,
    PlayerBoardSpec,
    RegionSpec,
)

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoGame

SEAT_COLORS = ("blue", "red", "green", "yellow")
ICON_CODES = {
    "architecture": "Ar",
    "art": "At",
    "food": "Fo",
    "history": "Hi",
    "nature": "Na",
    "shopping": "Sh",
}
DAY_NAMES = tuple(day.capitalize() for day in DAYS)
DAY_SHORT = tuple(day[:3].capitalize() for day in DAYS)


def seat_colour(seat: int) -> str:
    """The colour of a seat's Traveler, tokens and player board: `blue` for the first."""
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


@dataclass(frozen=True)
class Content:
    """What every seat knows before the game starts: the cards, the map, the player board."""

    activities: Mapping[str, Activity]
    region: RegionSpec
    board: PlayerBoardSpec
    goals: Mapping[str, GoalSpec]
    explore_points: int
    explore_highlight: int

    @property
    def spaces(self) -> dict[str, MapSpaceSpec]:
        """The map's spaces by id."""
        return {s.id: s for s in self.region.spaces}

    def neighbours(self, space: str) -> tuple[list[str], list[tuple[str, str]]]:
        """The spaces one solid path away, and one dotted path away with its cost."""
        solid: list[str] = []
        dotted: list[tuple[str, str]] = []
        for path in self.region.paths:
            if space not in (path.a, path.b):
                continue
            other = path.b if path.a == space else path.a
            if path.dotted:
                dotted.append((other, path.cost or ""))
            elif other not in solid:
                solid.append(other)
        return solid, dotted


_CONTENT: dict[tuple[str, str], Content] = {}


def content_for(region: str) -> Content:
    """The shipped static content of a game on `region` (cached)."""
    from tabletrip.games.lets_go_france.rules import LetsGoGame

    return game_content(LetsGoGame(2, {"region": region}))


def game_content(game: LetsGoGame) -> Content:
    """The static content of `game`, from the content it was made with (cached per content
    set and region)."""
    key = (game.content.hash, game.region.id)
    cached = _CONTENT.get(key)
    if cached is not None:
        return cached
    goals: dict[str, GoalSpec] = {}
    for tile in game.regions.single_flag_tiles:
        for face in tile.faces:
            goals[face.id] = face
    for double in game.regions.double_flag_tiles:
        for face in double.faces:
            goals[face.id] = face
    content = Content(
        activities={a.key: a for a in game.activities},
        region=game.region,
        board=game.board,
        goals=goals,
        explore_points=game.explore[0],
        explore_highlight=game.explore[1],
    )
    _CONTENT[key] = content
    return content


__all__ = [
    "DAY_NAMES",
    "DAY_SHORT",
    "ICON_CODES",
    "SEAT_COLORS",
    "Content",
    "content_for",
    "game_content",
    "seat_colour",
]
