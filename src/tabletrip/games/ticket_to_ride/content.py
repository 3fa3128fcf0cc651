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

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletrip.core import ContentError
from tabletrip.core.content import Content, ContentFile, validate_file
from tabletrip.core.content_set import read_json
from tabletrip.core.render import geo_coordinates

LOCOMOTIVE = "locomotive"
GRAY = "gray"
MAP_FILES = {"usa": "usa.json", "europe-express": "europe_express.json"}


class CitySpec(BaseModel):
    """A city with its real longitude and latitude."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    lon: float = Field(ge=-180, le=180)
    lat: float = Field(ge=-90, le=90)


class RouteSpec(BaseModel):
    """One route segment (a double route is two segments between the same cities)."""

    model_config = ConfigDict(extra="forbid")
    id: int = Field(ge=0)
    a: str
    b: str
    length: int = Field(ge=1, le=6)
    color: str


class TicketSpec(BaseModel):
    """A destination ticket."""

    model_config = ConfigDict(extra="forbid")
    a: str
    b: str
    points: int = Field(ge=1)


class MapSpec(BaseModel):
    """A whole map file: rules numbers, cities, routes and tickets."""

    model_config = ConfigDict(extra="forbid")
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
    def _consistent(self) -> MapSpec:
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
        for city in self.express_cities:
            if city not in known:
                raise ValueError(f"express_cities: unknown city {city!r}")
        if LOCOMOTIVE in self.train_cards:
            raise ValueError(f"train_cards must not name {LOCOMOTIVE!r}: use 'locomotives'")
        return self


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
    if spec.map != map_id:
        raise ContentError(
            f"content file {file.source!r} is the {spec.map!r} map, not {map_id!r}: "
            f'choose map={spec.map}, or set its "map" to {map_id!r}'
        )
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
