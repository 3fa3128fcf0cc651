"""En Route's words: how cards, locations, crossroads, routes, Goals and moves are named.

The presentation (present*.py) and the board (svg*.py) name everything through these
functions, so one place decides how a person reads the game, in the rulebook's vocabulary:

- a City deck card by its kind and coordinate number, then what it shows: "Global Tourist
  card 3 (1 red, 1 green)", "First City card 2 (2 blue, Tele-Vision Tower symbol)",
  "Repeat card 4";
- a location of a known board by the coordinates that board prints, horizontal (its column)
  and vertical (its row): "Inkwell Gallery (horizontal 4, vertical 6)"; in the seats' tables
  also by its place on the grid, as the text maps label columns c1-c6 and rows r1-r6 ("c3r2");
- a crossroads as "(x, y)", 0-6 from the top-left, as the maps label the grid lines, after
  what is there: "Café Carousel (2, 0)";
- a route as the crossroads it joins: "(1, 3)–(1, 2)–(1, 1)";
- moves in words from their public notation (actions.py).

Everything is a pure function of the City (static content) and plain values.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from tabletrip.core.phrases import listing, plural
from tabletrip.games.en_route.content import TOURIST_TYPES, Card, City, Goal
from tabletrip.games.en_route.geometry import (
    CROSSROADS_SIZE,
    SECTION_ENDS,
    crossroads_index,
    crossroads_xy,
    location_xy,
)

DASH = "\u2013"  # crossroads of a route are joined with an en dash: "(1, 3)–(1, 2)"
CARD_KINDS = {"global": "Global Tourist card", "repeat": "Repeat card"}
BONUS_NAMES = {
    "new_tourists": "New tourists",
    "route_section": "Route section",
    "coordinate_change": "Coordinate change",
}
LEVEL_NAMES = {
    "simplified": "simplified game",
    "intermediate": "intermediate game",
    "full": "full game",
}
MODE_NAMES = {
    "standard": "Standard mode",
    "advanced": "Advanced mode",
    "team": "Team mode",
    "solo": "Solo mode",
}
TEAMS = ((0, 2), (1, 3))  # team mode: teammates sit across


def seat_name(seat: int) -> str:
    """`Player 2` (seats count from 1 for a person)."""
    return f"Player {seat + 1}"


def teammate(seat: int) -> int:
    """The seat across the table (team mode)."""
    return (seat + 2) % 4


# --- tourists and cards ----------------------------------------------------------------------


def tourists_words(counts: Sequence[int]) -> str:
    """`2 red, 1 blue` ("" for none), in the order red, green, blue."""
    return ", ".join(f"{n} {t}" for t, n in zip(TOURIST_TYPES, counts, strict=True) if n)


def tourists_sentence(counts: Sequence[int]) -> str:
    """`2 red and 1 blue tourists`, `1 green tourist`, `no tourists`."""
    parts = [f"{n} {t}" for t, n in zip(TOURIST_TYPES, counts, strict=True) if n]
    if not parts:
        return "no tourists"
    return listing(parts) + (" tourist" if sum(counts) == 1 else " tourists")


def card_title(city: City, card: Card) -> str:
    """`Global Tourist card 3`: the card's kind and its coordinate number."""
    kind = CARD_KINDS.get(card.kind, f"{city.name} card")
    return f"{kind} {card.number}"


def card_detail(city: City, card: Card) -> str:
    """What a card shows besides its number: tourists and Iconic Landmark symbols."""
    if card.is_repeat:
        return "repeats the other card's tourists"
    parts = [tourists_words(card.tourists)]
    parts += [f"{city.iconic_names[i]} symbol" for i in card.iconic]
    return ", ".join(p for p in parts if p)


def card_words(city: City, card: Card) -> str:
    """`Global Tourist card 3 (1 red, 1 green)`; a Repeat card needs no more than its title."""
    if card.is_repeat:
        return card_title(city, card)
    return f"{card_title(city, card)} ({card_detail(city, card)})"


def card_by_id(city: City, card_id: str) -> Card | None:
    """The City deck card with this notation id, or None."""
    for card in city.deck:
        if card.id == card_id:
            return card
    return None


# --- the map ----------------------------------------------------------------------------------


def location_name(location: int) -> str:
    """`c3r2`: column 3, row 2 from the top-left, as every map labels them."""
    col, row = location_xy(location)
    return f"c{col + 1}r{row + 1}"


def landmark_words(city: City, location: int) -> str:
    """`Inkwell Gallery (blue)`, `Singing Bridge (yellow, 6 PP)`, `Tele-Vision Tower
    (gray, Iconic)`; "" where there is no Landmark."""
    color = city.landmark[location]
    name = city.landmark_name[location]
    if color is None or name is None:
        return ""
    if color == "yellow":
        return f"{name} (yellow, {city.yellow_pp[location]} PP)"
    if color == "gray":
        return f"{name} (gray, Iconic)"
    return f"{name} ({color})"


def place_words(city: City, location: int) -> str:
    """A location when no board is known (a move's notation): `Inkwell Gallery (c4r4)` or
    `c2r3`, by its place on the grid as the text maps label it."""
    name = city.landmark_name[location]
    return f"{name} ({location_name(location)})" if name else location_name(location)


def location_at(city: City, board: int, location: int) -> str:
    """`horizontal 4, vertical 6`: a location by the coordinates its board prints, by its
    column (the horizontal one) and by its row (the vertical one)."""
    column, row = city.coordinates(board, location)
    return f"horizontal {column}, vertical {row}"


def place_at(city: City, board: int, location: int, plain: str = "") -> str:
    """A location of one board by its Landmark and coordinates, `Inkwell Gallery (horizontal
    4, vertical 6)`, or by its coordinates alone after `plain`: `horizontal 2, vertical 5`."""
    name = city.landmark_name[location]
    where = location_at(city, board, location)
    return f"{name} ({where})" if name else plain + where


def crossroads_name(crossroads: int) -> str:
    """`(2, 3)`: x then y, 0-6 from the top-left."""
    x, y = crossroads_xy(crossroads)
    return f"({x}, {y})"


def crossroads_words(city: City, crossroads: int, cafes: bool = True) -> str:
    """A crossroads with what is there: `(2, 3), The Shortcut`."""
    name = crossroads_name(crossroads)
    cafe = city.cafe_at[crossroads]
    if cafes and cafe >= 0:
        return f"{name}, {city.cafes[cafe].name}"
    if crossroads in city.vta_crossroads and city.vta_name:
        return f"{name}, {city.vta_name}"
    return name


def crossroads_place(city: City, crossroads: int, cafes: bool = True) -> str:
    """A crossroads by what is there, then where: `Café Carousel (2, 0)`, `Hand Craft
    Festival point (3, 2)`, or only `(1, 4)`."""
    name = crossroads_name(crossroads)
    cafe = city.cafe_at[crossroads]
    if cafes and cafe >= 0:
        return f"{city.cafes[cafe].name} {name}"
    if crossroads in city.vta_crossroads and city.vta_name:
        return f"{city.vta_name} point {name}"
    return name


def places_chain(city: City, crossroads: Sequence[int], cafes: bool = True) -> str:
    """A route spelt out, each crossroads as `crossroads_place` names it, joined by en dashes:
    `(1, 3)–(1, 2)–Café Carousel (2, 0)`."""
    return DASH.join(crossroads_place(city, c, cafes) for c in crossroads)


def chain_words(crossroads: Sequence[int]) -> str:
    """`(1, 3)–(1, 2)–(1, 1)`."""
    return DASH.join(crossroads_name(c) for c in crossroads)


def section_words(section: int) -> str:
    """`(2, 3)–(3, 3)`."""
    return chain_words(SECTION_ENDS[section])


def route_words(trail: Sequence[int]) -> str:
    """A final route in words: `15 sections from (1, 3) to (3, 6)`, or a loop."""
    if len(trail) < 2:
        return "no route"
    length = plural(len(trail) - 1, "section")
    if trail[0] == trail[-1]:
        return f"a loop of {length} from and back to {crossroads_name(trail[0])}"
    return f"{length} from {crossroads_name(trail[0])} to {crossroads_name(trail[-1])}"


def segments(sections: Iterable[int]) -> list[list[int]]:
    """The drawn sections grouped into connected route segments, each sorted, in order."""
    remaining = sorted(set(sections))
    by_crossroads: dict[int, list[int]] = {}
    for s in remaining:
        for c in SECTION_ENDS[s]:
            by_crossroads.setdefault(c, []).append(s)
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start in remaining:
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            s = todo.pop()
            group.append(s)
            for c in SECTION_ENDS[s]:
                for t in by_crossroads[c]:
                    if t not in seen:
                        seen.add(t)
                        todo.append(t)
        groups.append(sorted(group))
    return groups


def segment_words(group: Sequence[int]) -> tuple[str, str]:
    """A route segment as (name, detail): its crossroads in order when it is one line or a
    loop; where it branches, where it meets and where it ends."""
    degree: dict[int, int] = {}
    for s in group:
        for c in SECTION_ENDS[s]:
            degree[c] = degree.get(c, 0) + 1
    length = plural(len(group), "section")
    if max(degree.values()) > 2:
        meets = [crossroads_name(c) for c in sorted(degree) if degree[c] > 2]
        ends = [crossroads_name(c) for c in sorted(degree) if degree[c] == 1]
        detail = f"{length}, meeting at {listing(meets)}"
        if ends:
            detail += f"; it ends at {listing(ends)}"
        return "Branching segment", detail
    tips = [c for c in sorted(degree) if degree[c] == 1]
    start = tips[0] if tips else min(degree)
    return chain_words(_walk(group, start)), length


def _walk(group: Sequence[int], start: int) -> list[int]:
    """The crossroads of a line or loop of sections, from `start`."""
    left = set(group)
    points = [start]
    while left:
        here = points[-1]
        step = next((s for s in sorted(left) if here in SECTION_ENDS[s]), None)
        if step is None:
            break
        left.discard(step)
        a, b = SECTION_ENDS[step]
        points.append(b if here == a else a)
    return points


# --- Goals ------------------------------------------------------------------------------------

_GOAL_SHORT = {
    "route_sections": "long route",
    "sections_erased": "few sections erased",
    "cafes_visited": "Cafés visited",
    "locations_with_tourists": "locations with tourists",
    "tourists_left_off": "few tourists left off",
    "landmark_colors": "Landmark colours",
}


def goal_short(goal: Goal) -> str:
    """A Goal's requirement in a few words: `long route`, `red tourists`, `Iconic Landmarks`."""
    if goal.kind == "tourists_of_type":
        return f"{goal.param} tourists"
    if goal.kind == "landmarks_of_color":
        return "Iconic Landmarks" if goal.param == "gray" else f"{goal.param} Landmarks"
    return _GOAL_SHORT.get(goal.kind, "Goal card")


def goal_value(goal: Goal, value: int) -> str:
    """A player's result for a Goal in words: `18 route sections`, `2 tourists left off`."""
    kind = goal.kind
    if kind == "route_sections":
        return plural(value, "route section")
    if kind == "sections_erased":
        return plural(value, "section") + " erased"
    if kind == "cafes_visited":
        return plural(value, "Café") + " visited"
    if kind == "tourists_of_type":
        return plural(value, f"{goal.param} tourist")
    if kind == "locations_with_tourists":
        return plural(value, "location") + " with tourists"
    if kind == "tourists_left_off":
        return plural(value, "tourist") + " left off"
    if kind == "landmark_colors":
        return plural(value, "Landmark colour")
    if kind == "landmarks_of_color":
        return plural(
            value, "Iconic Landmark" if goal.param == "gray" else f"{goal.param} Landmark"
        )
    return f"a result of {value}"


def goal_needed(goal: Goal) -> str:
    """`at least 16`, `at most 2`."""
    return f"{'at least' if goal.sign == '+' else 'at most'} {goal.threshold}"


def goal_by_id(city: City, goal_id: str) -> Goal | None:
    """The Goal card with this id, or None."""
    return next((g for g in city.goals if g.id == goal_id), None)


def objective_crossroads(city: City, objective_id: str) -> tuple[int, ...]:
    """The crossroads of a Personal Objective card, by its id (() if unknown)."""
    if objective_id in city.objective_ids:
        return city.objectives[city.objective_ids.index(objective_id)]
    return ()


def objective_words(crossroads: Sequence[int]) -> str:
    """`crossroads (1, 1), (5, 5) and (2, 5)`."""
    return "crossroads " + listing([crossroads_name(c) for c in crossroads])


# --- moves ------------------------------------------------------------------------------------

_RATE = re.compile(r"^rate (\S+) (up|down|stays)$")
_CROSSROADS = re.compile(r"^(\d),(\d)$")
_SECTION = re.compile(r"^(\d),(\d)-(\d),(\d)$")
_LOCATION = re.compile(r"^c([1-6])r([1-6])$")
_UNREADABLE = re.compile(r"\b[a-z]+(?:[-_][a-z0-9]+)*[-_]?\d+\b|\b[a-z]\d+\b")
_ORDINAL = {"1": "first", "2": "second"}


def move_words(city: City, move: str) -> str:
    """A move's notation (a seat's own, or the public form others see) in words that read
    after the mover's name: "placed a card face down", "kept ... as the second Round card"."""
    text = " ".join(move.split())
    fixed = _FIXED.get(text)
    if fixed:
        return fixed
    verb, _, rest = text.partition(" ")
    handler = _HANDLERS.get(verb)
    words = handler(city, rest) if handler else ""
    return words or _GENERIC.get(verb) or _fallback(text)


def _cards(city: City, ids: Iterable[str]) -> list[str] | None:
    cards = [card_by_id(city, i) for i in ids]
    if any(c is None for c in cards):
        return None
    return [card_words(city, c) for c in cards if c is not None]


def _play(city: City, rest: str) -> str:
    cards = _cards(city, [rest])
    return f"placed the {cards[0]}" if cards else ""


def _keep(city: City, rest: str) -> str:
    cards = _cards(city, [rest])
    return f"kept the {cards[0]} as the second Round card" if cards else ""


def _choose(city: City, rest: str) -> str:
    cards = _cards(city, rest.split())
    if not cards or len(cards) != 2:
        return ""
    return f"chose the {cards[0]} and the {cards[1]} as Round cards"


def _objective(city: City, rest: str) -> str:
    crossroads = objective_crossroads(city, rest)
    if not crossroads:
        return ""
    return f"kept the Personal Objective with {objective_words(crossroads)}"


def _rate(city: City, rest: str) -> str:
    found = _RATE.match(f"rate {rest}")
    if not found or found.group(1) not in city.iconic_ids:
        return ""
    name = city.iconic_names[city.iconic_ids.index(found.group(1))]
    change = found.group(2)
    if change == "stays":
        return f"left the rating of the {name} as it is"
    return f"rated the {name} {change}"


def _renew(city: City, rest: str) -> str:
    counted = re.match(r"^(\d) cards?$", rest)
    if counted:
        return f"renewed {plural(int(counted.group(1)), 'card')} of their hand"
    cards = _cards(city, rest.split())
    if not cards:
        return ""
    return f"renewed their hand, putting back {listing(['the ' + c for c in cards])}"


def _coordinate(city: City, rest: str) -> str:
    found = re.match(r"^([12]) ([+-]1)$", rest)
    if not found:
        return ""
    which = _ORDINAL[found.group(1)]
    return f"used a Coordinate change: {found.group(2)} on the {which} Round card's number"


def _mark(city: City, rest: str) -> str:
    where, _, tourist = rest.partition(" ")
    found = _LOCATION.match(where)
    if not found or tourist not in ("", *TOURIST_TYPES):
        return ""
    location = (int(found.group(2)) - 1) * 6 + int(found.group(1)) - 1
    chosen = f", choosing {tourist} tourists" if tourist else ""
    return f"marked tourists at {place_words(city, location)}{chosen}"


def _section(text: str) -> int | None:
    found = _SECTION.match(text)
    if not found:
        return None
    x1, y1, x2, y2 = (int(v) for v in found.groups())
    if max(x1, y1, x2, y2) >= CROSSROADS_SIZE:
        return None
    a, b = crossroads_index(x1, y1), crossroads_index(x2, y2)
    return next((s for s, ends in enumerate(SECTION_ENDS) if set(ends) == {a, b}), None)


def _chart(city: City, rest: str) -> str:
    found = [_section(part) for part in rest.split()]
    sections = [s for s in found if s is not None]
    if not sections or len(sections) != len(found):
        return ""
    if len(sections) == 1:
        return f"charted the section {section_words(sections[0])}"
    name, _ = segment_words(sections)
    return f"charted {name}"


def _extra(city: City, rest: str) -> str:
    section = _section(rest)
    if section is None:
        return ""
    return f"used a Route section bonus on {section_words(section)}"


def _cafe(city: City, rest: str) -> str:
    found = re.match(r"^(\d+) (use|keep)$", rest)
    if not found or int(found.group(1)) >= len(city.cafes):
        return ""
    cafe = city.cafes[int(found.group(1))]
    if found.group(2) == "use":
        gift = tourists_words(cafe.tourists)
        return f"added the tourists of {cafe.name}" + (f" ({gift})" if gift else "")
    return f"kept the bonus of {cafe.name} unused, for 2 PP at the end"


def _route(city: City, rest: str) -> str:
    points = [_CROSSROADS.match(p) for p in rest.split()]
    if not all(points):
        return ""
    trail = [crossroads_index(int(p.group(1)), int(p.group(2))) for p in points if p]
    if not trail:
        return "chose no final route"
    return f"chose a final route of {route_words(trail)}"


_FIXED = {
    "keep an objective": "kept a Personal Objective",
    "play a card face down": "placed a card face down",
    "choose round cards": "chose their Round cards",
    "choose a final route": "chose a final route",
    "draw on the map": "drew on their map",
    "done": "ended their drawing turn",
    "route": "chose no final route",
}
# What a move of a known kind says when its details cannot be read (an unknown card or place).
_GENERIC = {
    "play": "placed a card",
    "keep": "kept a card as the second Round card",
    "choose": "chose their Round cards",
    "objective": "kept a Personal Objective",
    "rate": "rated an Iconic Landmark",
    "renew": "renewed their hand",
    "coordinate": "used a Coordinate change",
    "mark": "marked tourists",
    "chart": "charted a route segment",
    "extra": "used a Route section bonus",
    "cafe": "decided on a New tourists Café",
    "route": "chose a final route",
}
_HANDLERS = {
    "play": _play,
    "keep": _keep,
    "choose": _choose,
    "objective": _objective,
    "rate": _rate,
    "renew": _renew,
    "coordinate": _coordinate,
    "mark": _mark,
    "chart": _chart,
    "extra": _extra,
    "cafe": _cafe,
    "route": _route,
}


def _fallback(text: str) -> str:
    cleaned = " ".join(_UNREADABLE.sub("", text).replace("_", " ").split())
    return f"played {cleaned}" if cleaned else "made a move"


def seat_words(seat: int, viewer: int | None) -> str:
    """`you` for the viewer, else `Player 2`."""
    return "you" if seat == viewer else seat_name(seat)
