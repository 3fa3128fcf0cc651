"""Ticket to Ride content: the map files in `data/`, validated once into a plain `Board`.

The schema (pydantic) checks each file; `Board` is the frozen, index-based form the rules use.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from pydantic import Field, ValidationInfo, model_validator

from tabletrip.core import ContentError
from tabletrip.core.content import Content, ContentFile, Spec, check_names, validate_file
from tabletrip.core.content_set import read_json
from tabletrip.core.render import geo_coordinates

LOCOMOTIVE = "locomotive"
GRAY = "gray"
MAP_FILES = {"usa": "usa.json", "europe-express": "europe_express.json"}


class CitySpec(Spec):
    """A city with its real longitude and latitude."""

    name: str = Field(min_length=1)
    lon: float = Field(ge=-180, le=180)
    lat: float = Field(ge=-90, le=90)


class RouteSpec(Spec):
    """One route segment (a double route is two segments between the same cities)."""

    id: int = Field(ge=0)
    a: str
    b: str
    length: int = Field(ge=1, le=6)
    color: str


class TicketSpec(Spec):
    """A destination ticket."""

    a: str
    b: str
    points: int = Field(ge=1)


class MapSpec(Spec):
    """A whole map file: rules numbers, cities, routes and tickets."""

    header: str
    map: str
    players: tuple[int, int]
    trains_per_player: int = Field(ge=1)
    train_cards: dict[str, int]
    locomotives: int = Field(ge=0)
    locomotive_pile: bool
    single_double_up_to: int = Field(ge=0)
    longest_path_bonus: int = Field(ge=0)
    random_first_player: bool
    route_points: dict[int, int]
    start_score: int = 0
    express_bonus: list[int] = []
    express_cities: tuple[str, str] | tuple[()] = ()
    cities: list[CitySpec] = Field(min_length=2)
    routes: list[RouteSpec] = Field(min_length=1)
    tickets: list[TicketSpec] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> MapSpec:
        names = [c.name for c in self.cities]
        if len(set(names)) != len(names):
            raise ValueError("city names must be unique")
        known = set(names)
        colors = set(self.train_cards) | {GRAY}
        for i, route in enumerate(self.routes):
            where = f"routes.{i}"
            if route.id != i:
                raise ValueError(f"{where}: route ids must be 0, 1, 2, ... in order")
            for city in (route.a, route.b):
                if city not in known:
                    raise ValueError(f"{where}: unknown city {city!r}")
            if route.color not in colors:
                raise ValueError(f"{where}: colour {route.color!r} is not one of {sorted(colors)}")
            if route.length not in self.route_points:
                raise ValueError(f"{where}: length {route.length} has no points in route_points")
        pairs: dict[frozenset[str], int] = defaultdict(int)
        for route in self.routes:
            pairs[frozenset((route.a, route.b))] += 1
        crowded = [sorted(p) for p, n in pairs.items() if n > 2]
        if crowded:
            raise ValueError(f"more than two routes between {crowded[0]}")
        for i, ticket in enumerate(self.tickets):
            for city in (ticket.a, ticket.b):
                if city not in known:
                    raise ValueError(f"tickets.{i}: unknown city {city!r}")
        cut_off = _cut_off(names, [(route.a, route.b) for route in self.routes])
        if cut_off:
            raise ValueError(
                f"the city {cut_off[0]!r} cannot be reached by routes from {names[0]!r}"
                f"{f' (nor {len(cut_off) - 1} more)' if len(cut_off) > 1 else ''}: the map's "
                "routes join every city into one network"
            )
        for city in self.express_cities:
            if city not in known:
                raise ValueError(f"express_cities: unknown city {city!r}")
        if LOCOMOTIVE in self.train_cards:
            raise ValueError(f"train_cards must not name {LOCOMOTIVE!r}: use 'locomotives'")
        ablated = bool((info.context or {}).get("ablated"))
        if self.map in RULEBOOK:
            check_rulebook(self, RULEBOOK[self.map], ablated)
        return self


# The numbers each rulebook fixes (Components, Setting up, the route scoring table). Counts
# of entries (train cards, tickets, bonus cards) may fall short, never go over, when an entry
# was removed on purpose (an ablated content set); every other number must be exact.
def _cut_off(cities: list[str], routes: list[tuple[str, str]]) -> list[str]:
    """The cities no chain of routes joins to the first, in file order (none: connected)."""
    neighbours: dict[str, set[str]] = defaultdict(set)
    for a, b in routes:
        neighbours[a].add(b)
        neighbours[b].add(a)
    seen = {cities[0]}
    frontier = [cities[0]]
    while frontier:
        for city in neighbours[frontier.pop()] - seen:
            seen.add(city)
            frontier.append(city)
    return [city for city in cities if city not in seen]


RULEBOOK: dict[str, dict[str, object]] = {
    # Europe Express rulebook, Components, Setting up the Game and 3. Claim a Route
    "europe-express": {
        "players": (2, 4),
        "trains_per_player": 27,
        "card_colors": 7,
        "cards_per_color": 10,
        "locomotives": 12,
        "tickets": 30,
        "route_points": {1: 1, 2: 2, 3: 4, 4: 7, 5: 10},
        "start_score": 100,
        "express_bonus": [20, 15, 10, 5],
        "locomotive_pile": True,
        "random_first_player": True,
        "single_double_up_to": 2,
        "longest_path_bonus": 0,
    },
    # USA rulebook, Components, Setup and Scoring
    "usa": {
        "players": (2, 5),
        "trains_per_player": 45,
        "card_colors": 8,
        "cards_per_color": 12,
        "locomotives": 14,
        "tickets": 30,
        "route_points": {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15},
        "start_score": 0,
        "express_bonus": [],
        "locomotive_pile": False,
        "random_first_player": False,
        "single_double_up_to": 3,
        "longest_path_bonus": 10,
    },
}
COUNTED = ("cards_per_color", "locomotives", "tickets")  # entry counts an ablation may lower


def _count_ok(value: int, fixed: int, ablated: bool) -> bool:
    return value == fixed or (ablated and 0 < value < fixed)


def check_rulebook(spec: MapSpec, fixed: dict[str, object], ablated: bool) -> None:
    """ValueError naming the first number of the map's rulebook this file does not keep."""
    short = " (or fewer, an entry being removed)" if ablated else ""
    exact = {
        "players": spec.players,
        "trains_per_player": spec.trains_per_player,
        "route_points": spec.route_points,
        "start_score": spec.start_score,
        "locomotive_pile": spec.locomotive_pile,
        "random_first_player": spec.random_first_player,
        "single_double_up_to": spec.single_double_up_to,
        "longest_path_bonus": spec.longest_path_bonus,
    }
    for key, value in exact.items():
        if value != fixed[key]:
            raise ValueError(f"{key} is {value}: the {spec.map} rulebook fixes {fixed[key]}")
    if len(spec.train_cards) != fixed["card_colors"]:
        raise ValueError(
            f"train_cards has {len(spec.train_cards)} colours: the {spec.map} rulebook has "
            f"{fixed['card_colors']}"
        )
    per_color = int(fixed["cards_per_color"])  # type: ignore[call-overload]
    for color, count in spec.train_cards.items():
        if not _count_ok(count, per_color, ablated):
            raise ValueError(f"train_cards.{color} is {count}: the rulebook has {per_color}{short}")
    for key, value in (("locomotives", spec.locomotives), ("tickets", len(spec.tickets))):
        size = int(fixed[key])  # type: ignore[call-overload]
        if not _count_ok(value, size, ablated):
            raise ValueError(f"{key}: {value} given, the {spec.map} rulebook has {size}{short}")
    bonus = list(fixed["express_bonus"])  # type: ignore[call-overload]
    given = spec.express_bonus
    if given != bonus and not (ablated and given and all(v in bonus for v in given)):
        raise ValueError(f"express_bonus is {given}: the {spec.map} rulebook has {bonus}{short}")
    lengths = sorted(spec.route_points)
    for i, route in enumerate(spec.routes):
        if route.length not in fixed["route_points"]:  # type: ignore[operator]
            raise ValueError(
                f"routes.{i}: length {route.length}, the {spec.map} rulebook has routes of "
                f"{lengths[0]}-{lengths[-1]} spaces"
            )


@dataclass(frozen=True, slots=True)
class Route:
    """A route segment in index form: cities `a` and `b` are city indices."""

    id: int
    a: int
    b: int
    length: int
    color: str  # a train card colour or "gray"

    @property
    def is_gray(self) -> bool:
        """Whether any one colour may claim it."""
        return self.color == GRAY


@dataclass(frozen=True, slots=True)
class Ticket:
    """A destination ticket in index form."""

    id: int
    a: int
    b: int
    points: int


@dataclass(frozen=True)
class Board:
    """One map with its rules numbers, in plain index-based form for the hot paths.

    Train card colours are numbered 0..k-1 in file order; the Locomotive is card k.
    """

    map: str
    header: str
    min_players: int
    max_players: int
    trains: int
    colors: tuple[str, ...]
    color_counts: tuple[int, ...]
    locomotives: int
    locomotive_pile: bool
    single_double_up_to: int
    longest_path_bonus: int
    random_first_player: bool
    route_points: dict[int, int]
    start_score: int
    express_bonus: tuple[int, ...]
    express_cities: tuple[int, int] | None
    cities: tuple[str, ...]
    lonlat: tuple[tuple[float, float], ...]
    routes: tuple[Route, ...]
    twin: tuple[int, ...]  # the other route of a double, or -1
    tickets: tuple[Ticket, ...]
    loco: int  # the card index of the Locomotive: len(colors)
    card_names: tuple[str, ...]  # every card name by index, the Locomotive last
    city_routes: tuple[int, ...]  # per city, a bit mask of the routes that touch it

    def route_name(self, route: Route) -> str:
        """`A-B`, as printed on the board."""
        return f"{self.cities[route.a]}-{self.cities[route.b]}"

    def ticket_name(self, ticket: Ticket) -> str:
        """`A-B`, as printed on the ticket."""
        return f"{self.cities[ticket.a]}-{self.cities[ticket.b]}"

    def route_json(self, route: Route) -> dict[str, int | str]:
        """`{"id", "a", "b", "length", "color"}` with city names."""
        return {
            "id": route.id,
            "a": self.cities[route.a],
            "b": self.cities[route.b],
            "length": route.length,
            "color": route.color,
        }

    def ticket_json(self, ticket: Ticket) -> dict[str, int | str]:
        """`{"a", "b", "points"}` with city names."""
        return {"a": self.cities[ticket.a], "b": self.cities[ticket.b], "points": ticket.points}


def board_from_spec(spec: MapSpec) -> Board:
    """Turn a validated map file into a Board."""
    index = {c.name: i for i, c in enumerate(spec.cities)}
    routes = tuple(Route(r.id, index[r.a], index[r.b], r.length, r.color) for r in spec.routes)
    by_pair: dict[frozenset[int], list[int]] = defaultdict(list)
    for route in routes:
        by_pair[frozenset((route.a, route.b))].append(route.id)
    twin = [-1] * len(routes)
    for ids in by_pair.values():
        if len(ids) == 2:
            twin[ids[0]], twin[ids[1]] = ids[1], ids[0]
    express = spec.express_cities
    return Board(
        map=spec.map,
        header=spec.header,
        min_players=spec.players[0],
        max_players=spec.players[1],
        trains=spec.trains_per_player,
        colors=tuple(spec.train_cards),
        color_counts=tuple(spec.train_cards.values()),
        locomotives=spec.locomotives,
        locomotive_pile=spec.locomotive_pile,
        single_double_up_to=spec.single_double_up_to,
        longest_path_bonus=spec.longest_path_bonus,
        random_first_player=spec.random_first_player,
        route_points=dict(spec.route_points),
        start_score=spec.start_score,
        express_bonus=tuple(spec.express_bonus),
        express_cities=(index[express[0]], index[express[1]]) if express else None,
        cities=tuple(c.name for c in spec.cities),
        lonlat=tuple((c.lon, c.lat) for c in spec.cities),
        routes=routes,
        twin=tuple(twin),
        tickets=tuple(
            Ticket(i, index[t.a], index[t.b], t.points) for i, t in enumerate(spec.tickets)
        ),
        loco=len(spec.train_cards),
        card_names=(*spec.train_cards, LOCOMOTIVE),
        city_routes=tuple(
            sum(1 << r.id for r in routes if city in (r.a, r.b)) for city in range(len(index))
        ),
    )


def map_coordinates(
    lonlat: tuple[tuple[float, float], ...], width: float = 1000.0
) -> list[tuple[float, float]]:
    """Drawing coordinates of the cities (see `tabletrip.core.render.geo_coordinates`)."""
    return geo_coordinates(lonlat, width)


def shipped_map(map_id: str) -> Traversable:
    """The shipped file of a built-in map; ContentError naming the maps if there is none."""
    if map_id not in MAP_FILES:
        raise ContentError(f"no built-in map {map_id!r}: maps are {', '.join(MAP_FILES)}")
    return files("tabletrip.games.ticket_to_ride") / "data" / MAP_FILES[map_id]


@lru_cache(maxsize=64)
def board_from_file(file: ContentFile, map_id: str, ablated: bool = False) -> Board:
    """The Board of one map file of a content set (validated once per file version)."""
    spec = validate_file(file, MapSpec, ablated=ablated)
    check_names(file, "map", spec.map, map_id, MAP_FILES)
    return board_from_spec(spec)


def board_of(content: Content, map_id: str) -> Board:
    """The Board a game with this content and map plays on."""
    return board_from_file(content.file(MAP_FILES[map_id]), map_id, bool(content.removed))


def load_board(map_id: str, path: str | None = None) -> Board:
    """The Board of a built-in map, or of a user's map file at `path` (validated, cached)."""
    source = shipped_map(map_id) if path is None else Path(path)
    name = MAP_FILES.get(map_id, f"{map_id}.json")
    file = ContentFile.of(name, str(source), read_json(source), builtin=path is None)
    return board_from_file(file, map_id)
