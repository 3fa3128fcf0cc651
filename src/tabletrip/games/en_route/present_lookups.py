"""En Route's lookups: references a player may ask for at any decision, by one word.

- `grid`: the city maps as the terminal draws them (text.py's `map_block`), the seat's own
  first, two side by side, with the legend the browser board's titles use (svg_map.py);
  `grid 2` or `grid you` narrows it to one player's map.
- `landmarks`: every Landmark of the city with its colour and kind, where it lies (on the
  seat's own board, by the coordinates that board prints, and on the grid), what it scores
  and whether the seat's route sections run along it; `landmarks blue`, `landmarks ink`.
- `cafes` (levels with Cafés): every Café with its crossroads, its bonus and whether the
  seat's route has reached it.

All of it is built from one observation (a seat's or the public one) and the game's static
content, so it shows nothing the seat may not see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tabletrip.core.presentation import (
    Diagram,
    Lookup,
    Section,
    Sentence,
    Table,
)
from tabletrip.core.words import matches_words
from tabletrip.games.en_route.geometry import (
    LOCATIONS,
    crossroads_on_route,
    locations_on_route,
)
from tabletrip.games.en_route.present_words import (
    BONUS_NAMES,
    TEAMS,
    crossroads_name,
    location_name,
    seat_name,
    tourists_words,
)
from tabletrip.games.en_route.svg_map import LANDMARK_KINDS
from tabletrip.games.en_route.text import (
    CAFE,
    CAFE_GAINED,
    CAFE_USED,
    CANDIDATE,
    OBJECTIVE,
    OBJECTIVE_REACHED,
    SELECTED,
    VTA,
    VTA_REACHED,
    Catalogue,
    map_block,
    side_by_side,
)

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteGame

Obs = Mapping[str, Any]

GRID = Lookup(
    "grid",
    "the city maps as drawn here, yours first, with their legend; a player narrows it "
    "(grid 2, grid you)",
    filtered=True,
)
LANDMARKS = Lookup(
    "landmarks",
    "every Landmark: its colour, where it is on your board, what it scores, whether your "
    "route sections run along it; a word narrows it (landmarks blue)",
    filtered=True,
)
CAFES = Lookup(
    "cafes",
    "every Café: its crossroads, its bonus, whether your route has reached it; a word "
    "narrows it (cafes route)",
    filtered=True,
)


def lookups(game: EnRouteGame) -> tuple[Lookup, ...]:
    """The lookups of this game's level: Cafés only where the level has them."""
    return (GRID, LANDMARKS, CAFES) if game.use_cafes else (GRID, LANDMARKS)


def lookup(game: EnRouteGame, observation: Obs, name: str, query: str = "") -> Section:
    """The lookup `name` as the observation's seat sees it, narrowed by `query`."""
    if name == GRID.name:
        return grid_section(game, observation, query)
    if name == LANDMARKS.name:
        return landmarks_section(game, observation, query)
    if name == CAFES.name and game.use_cafes:
        return cafes_section(game, observation, query)
    raise KeyError(name)


# --- matching -------------------------------------------------------------------------------


def matches(query: str, texts: Iterable[str]) -> bool:
    """Whether every word of `query` begins a word of `texts` (case and accents aside)."""
    return matches_words(query, " ".join(texts))


def _no_match(title: str, query: str, hint: str) -> Section:
    return Section(title, (Sentence(f"Nothing matches \u201c{query.strip()}\u201d: {hint}."),))


# --- the grid -------------------------------------------------------------------------------


def _order(observation: Obs) -> list[int]:
    """The seats whose maps are drawn, the viewer's first."""
    seats = list(range(len(observation["sheets"])))
    viewer = observation.get("seat")
    if viewer is not None:
        seats.remove(viewer)
        seats.insert(0, viewer)
    return seats


def _owner(game: EnRouteGame, seat: int, viewer: int | None) -> tuple[str, list[str]]:
    """A map's title ("Your map (Player 1)", "Player 3, your teammate") and the words a
    query may name it by."""
    name = seat_name(seat)
    if seat == viewer:
        return f"Your map ({name})", [name, "you", "your", "mine"]
    if game.team and viewer is not None and seat in TEAMS[viewer % 2]:
        return f"{name}, your teammate", [name, "teammate"]
    return name, [name]


def grid_legend(game: EnRouteGame, observation: Obs) -> tuple[str, ...]:
    """What the marks of the text maps mean, in the words of the board's titles."""
    city = game.city
    legend = [
        "R, G, B: a red, green or blue Special Landmark",
        "Y6: a Popular Landmark worth 6 PP; I8: an Iconic Landmark worth 8 PP now",
        "2r1g1b: 2 red, 1 green and 1 blue tourists",
        "--- and |: drawn route sections; +: a crossroads they reach",
    ]
    if game.use_cafes:
        legend.append(
            f"{CAFE}: a Café; {CAFE_GAINED}: visited, bonus unused; {CAFE_USED}: visited, "
            "bonus used"
        )
    if city.vta_crossroads and city.vta_name:
        legend.append(f"{VTA}: a {city.vta_name} point (Visit-Them-All); {VTA_REACHED}: reached")
    if observation.get("objective"):
        legend.append(
            f"{OBJECTIVE}: your Personal Objective crossroads; {OBJECTIVE_REACHED}: reached"
        )
    if observation.get("turn"):
        legend.append(f"{CANDIDATE}: a location you may select; {SELECTED}: the one selected")
    legend += [
        "The bold numbers along the top and the left are the board's coordinates, "
        "horizontal and vertical, which the Round cards give",
        "A location is typed by the column and row labels c and r (mark c3r2 is column 3, "
        "row 2); a crossroads by the grid lines x,y from 0 to 6 (chart 2,3-3,3)",
    ]
    return tuple(legend)


def grid_section(game: EnRouteGame, observation: Obs, query: str = "") -> Section:
    """The maps, two side by side (all of them, or those of the players `query` names)."""
    viewer = observation.get("seat")
    catalogue = Catalogue(game.static_info())
    ratings = observation.get("ratings") or {}
    sheets = observation["sheets"]
    blocks: list[list[str]] = []
    for seat in _order(observation):
        title, names = _owner(game, seat, viewer)
        if query.strip() and not matches(query, names):
            continue
        sheet = sheets[seat]
        number = game.city.board_numbers[sheet["board"]]
        own = seat == viewer
        blocks.append(
            map_block(
                sheet,
                catalogue,
                ratings,
                f"{title}, board {number}",
                objective=(observation.get("objective") or {}).get("crossroads", ()) if own else (),
                turn=observation.get("turn") if own else None,
                cafes=game.use_cafes,
            )
        )
    title = "City grid" if not query.strip() else f"City grid: {query.strip()}"
    if not blocks:
        return _no_match(title, query, "name a player by number (grid 2) or yourself (grid you)")
    return Section(title, (Diagram(side_by_side(blocks), grid_legend(game, observation)),))


def _kind(color: str) -> str:
    return f"{color} {LANDMARK_KINDS.get(color, 'Special')}"


def _scores(game: EnRouteGame, observation: Obs, location: int, color: str) -> str:
    city = game.city
    if color == "yellow":
        return f"{city.yellow_pp[location]} PP"
    if color == "gray":
        k = city.iconic_at[location]
        track = city.iconic_tracks[k]
        pp = (observation.get("ratings") or {}).get(city.iconic_ids[k], track[0])
        return f"{pp} PP now, {track[0]} to {track[-1]}"
    return f"1 PP per {color} tourist"


LANDMARKS_NOTE = (
    "Coordinates are your board's, horizontal then vertical, with the location as typed "
    "(column, row) in brackets. A red, green or blue Landmark on your final route scores 1 PP "
    "for each tourist of its colour on that route."
)


def landmarks_section(game: EnRouteGame, observation: Obs, query: str = "") -> Section:
    """Every Landmark (or those `query` names): colour and kind, where, worth, and whether
    the seat's route sections run along it."""
    city = game.city
    viewer = observation.get("seat")
    sheet = observation["sheets"][viewer] if viewer is not None else None
    along = locations_on_route(sheet["sections"]) if sheet is not None else 0
    rows: list[tuple[str, ...]] = []
    for location in range(LOCATIONS):
        color = city.landmark[location]
        name = city.landmark_name[location]
        if color is None or name is None:
            continue
        kind = _kind(color)
        if query.strip() and not matches(query, (name, kind)):
            continue
        grid = location_name(location)
        scores = _scores(game, observation, location, color)
        if sheet is None:
            rows.append((name, kind, grid, scores))
            continue
        column, row = city.coordinates(sheet["board"], location)
        on = "along it" if along >> location & 1 else "not along it"
        rows.append((name, kind, f"{column}, {row} ({grid})", scores, on))
    columns: tuple[str, ...] = ("Landmark", "Colour", "Grid", "Scores")
    if sheet is not None:
        columns = ("Landmark", "Colour", "Coordinates", "Scores", "Your sections")
    title = "Landmarks" if not query.strip() else f"Landmarks: {query.strip()}"
    if not rows:
        return _no_match(title, query, "try a name or a colour (landmarks blue)")
    note = LANDMARKS_NOTE if sheet is not None else LANDMARKS_NOTE.split(". ", 1)[1]
    return Section(title, (Table(columns, tuple(rows)), Sentence(note)))


def cafes_section(game: EnRouteGame, observation: Obs, query: str = "") -> Section:
    """Every Café (or those `query` names): where, its bonus, whether your route reached it."""
    city = game.city
    viewer = observation.get("seat")
    sheet = observation["sheets"][viewer] if viewer is not None else None
    reached = crossroads_on_route(sheet["sections"]) if sheet is not None else 0
    rows: list[tuple[str, ...]] = []
    for k, cafe in enumerate(city.cafes):
        bonus = BONUS_NAMES.get(cafe.bonus, "a")
        if cafe.bonus == "new_tourists":
            bonus += f" ({tourists_words(cafe.tourists)})"
        if query.strip() and not matches(query, (cafe.name, bonus)):
            continue
        where = crossroads_name(cafe.crossroads)
        if sheet is None:
            rows.append((cafe.name, where, bonus))
            continue
        if k in sheet["cafes_used"]:
            state = "visited, bonus used"
        elif k in sheet["cafes_gained"]:
            state = "visited, bonus unused"
        else:
            state = "reached" if reached >> cafe.crossroads & 1 else "not reached yet"
        rows.append((cafe.name, where, bonus, state))
    columns: tuple[str, ...] = ("Café", "Crossroads", "Bonus")
    if sheet is not None:
        columns += ("On your map",)
    title = "Cafés" if not query.strip() else f"Cafés: {query.strip()}"
    if not rows:
        return _no_match(title, query, "try a name or a bonus (cafes route)")
    return Section(title, (Table(columns, tuple(rows)),))
