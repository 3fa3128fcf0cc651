"""Route East pictures: one seat's terminal view (plain text) and the board (SVG).

Both are pure functions of public data. The text is built from the seat's observation (or the
public one for a spectator) and the board (static, known to all), so it cannot show what the
seat may not know; the SVG likewise draws the board, every piece, the viewer's own attractions
and only the attractions of others that are face up (visited, or a seat's last one).

Space ids (`tr-ankara`) are the notation's: `move tr-ankara`. In the SVG every space is a
`<g data-space="<id>">` and every road a `<g data-road="<a>|<b>">` (ids as in the board file),
each with a `<title>`; with every piece and card pile they carry the `data-target` keys of
web.py, so a web page can make them clickable.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core.render import geo_coordinates, spread_points
from tabletrip.core.render import svg_number as _num
from tabletrip.core.render import wrap as _wrap
from tabletrip.core.render import wrap_items as _wrap_items
from tabletrip.games.route_east.content import (
    ATTRACTION,
    BOAT,
    BORDER,
    EMBASSY,
    FINISH,
    HOSTEL,
    HOTEL,
    ROAD_KINDS,
    SPACE_KINDS,
    START,
    TOLL,
    Board,
)
from tabletrip.games.route_east.roads import road_distances
from tabletrip.games.route_east.web import PILES, road_target, seat_target, space_target

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState

WIDTH = 100
SEAT_COLORS = ("red", "blue", "green", "yellow", "purple")
CHECK, CROSS = "\u2713", "\u2717"
EVENTS_SHOWN = 12
PHASE_TEXT = {
    "start": "draw an Ignition card (or, at a Border, a Border card to cross)",
    "cross": "the Border card is drawn: cross the Border or stay",
    "moves": "move, take Action cards (1 move each), play up to 2, or end the turn",
    "target": "choose the player the card is aimed at",
    "respond": "a card is aimed at a player: accept it or say Hell no!",
    "discard": "put Action cards back until 5 are left",
    "embassy": "roll for a 6 to leave the Embassy",
}
KIND_TEXT = {
    "plain": "road",
    "hostel": "Hostel",
    "hotel": "Hotel",
    "border": "Border",
    "embassy": "Embassy",
    "atm": "ATM",
    "fuel": "Fuel Station",
    "attraction": "attraction",
    "start": "start line",
    "finish": "finish",
    "boat": "Caspian boat",
}
STATUS_TEXT = {
    "free": "",
    "sent_to_embassy": "sent to the Embassy (leaves with an Ignition card)",
    "stuck_at_embassy": "stuck at the Embassy",
    "at_sea": "on the Caspian boat",
}


# --- board facts shared by text and SVG -----------------------------------------------------


def board_coordinates(board: Board, width: float = 1200.0) -> list[tuple[float, float]]:
    """Drawing coordinates from longitude and latitude (x = lon cos(mean lat), y = -lat)."""
    return geo_coordinates(board.lonlat, width)


def seat_name(seat: int) -> str:
    """`seat 0 (red)`: the seat index and its piece's colour."""
    return f"seat {seat} ({SEAT_COLORS[seat % len(SEAT_COLORS)]})"


def night_text(board: Board, space: int) -> str:
    """What a night on a space costs: `$25 a night`, `free night`, or `no night here`."""
    kind = board.kinds[space]
    if kind in (HOSTEL, HOTEL):
        return f"${board.lodging[space]} a night"
    if kind in (BORDER, START):
        return "free night"
    if kind == FINISH:
        return "the finish"
    if kind == ATTRACTION:
        return "no night (a Tent allows one)"
    if kind == BOAT:
        return "at sea"
    return "no night here"


# --- text -----------------------------------------------------------------------------------


def render_text(state: RouteEastState, seat: int | None) -> str:
    """What `seat` sees (None: a spectator), from its observation only, in 100 columns."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    game = state.game
    return render_observation_text(
        observation,
        game.board,
        action_names={c.id: c.name for c in game.decks.action},
        attractions_each=game.attraction_count,
        over=state.is_over,
    )


def render_observation_text(
    observation: Mapping[str, Any],
    board: Board,
    action_names: Mapping[str, str] | None = None,
    attractions_each: int | None = None,
    over: bool = False,
) -> str:
    """The terminal view of one observation (a seat's or the public one) on `board`."""
    seat = observation.get("seat")
    lines = _header_lines(observation, seat, attractions_each, over)
    if seat is not None:
        lines.append("")
        lines += _own_lines(observation, board, seat, action_names or {})
    lines.append("")
    lines += _seat_lines(observation, board, seat)
    lines.append("")
    lines += _event_lines(observation)
    return "\n".join(lines)


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else seat_name(seat)


def _header_lines(
    observation: Mapping[str, Any],
    seat: int | None,
    attractions_each: int | None,
    over: bool,
) -> list[str]:
    players = len(observation["seats"])
    setting = f"{players} players"
    if attractions_each:
        setting += f", {attractions_each} attractions each"
    viewer = "spectator view" if seat is None else f"you are {seat_name(seat)}"
    lines = _wrap(f"Route East, Istanbul to Shanghai ({setting}); {viewer}")
    winner = observation.get("winner")
    if winner is not None:
        lines += _wrap(f"Game over: {_who(winner, seat)} reached Shanghai first and won.")
        return lines
    if over:
        lines.append("Game over: the turn limit was reached with no winner.")
        return lines
    turn_of = observation["turn_of"]
    current = observation["current_player"]
    phase = observation["phase"]
    info = observation["seats"][turn_of]
    head = (
        f"Your turn {info['turns']}"
        if turn_of == seat
        else f"Turn {info['turns']} of {seat_name(turn_of)}"
    )
    doing = PHASE_TEXT.get(phase, phase)
    if phase == "moves" and info["status"] == "at_sea":
        doing = "on the Caspian boat, every move is a roll for a 6 to land"
    lines += _wrap(f"{head}: {doing}")
    if current != turn_of:
        lines += _wrap(f"To decide now: {_who(current, seat)}")
    card = observation.get("card")
    if card:
        deck = "Ignition" if card["deck"] == "ignition" else "Border"
        lines += _wrap(f"{deck} card this turn: {card['name']}: {card['text']}")
    if phase in ("moves", "cross", "discard", "target", "respond"):
        moves = [
            f"moves left {observation['moves_left']} (used {observation['moves_used']})",
            f"Action cards played {observation['action_cards_played']} of 2",
        ]
        if observation.get("declined_crossing"):
            moves.append("stayed at the Border (no moving today)")
        lines += _wrap("This turn: " + "; ".join(moves))
    attack = observation.get("attack")
    if attack:
        lines += _attack_lines(attack, seat)
    return lines


ATTACK_TEXT = {
    "steal_money": "take ${amount} from {target}",
    "steal_fuel": "take a Fuel Token from {target}",
    "send_embassy": "send {target} to the Embassy",
}


def _attack_lines(attack: Mapping[str, Any], seat: int | None) -> list[str]:
    attacker, target = attack["attacker"], attack["target"]
    template = ATTACK_TEXT.get(attack["effect"], attack["effect"] + " {target}")
    what = template.format(amount=attack["amount"], target=_who(target, seat))
    hell_nos = attack["hell_nos"]
    answer = target if hell_nos % 2 == 0 else attacker
    state = "in force" if hell_nos % 2 == 0 else "cancelled"
    said = f"{hell_nos} Hell no!{'s' if hell_nos != 1 else ''} so far, the card is {state}"
    return _wrap(
        f"Pending: {_who(attacker, seat)} wants to {what}; {said}; "
        f"{_who(answer, seat)} to accept or say Hell no!"
    )


def _space_text(board: Board, space: int, country: int, mine: Mapping[int, bool]) -> str:
    """`tr-bolu Bolu: Hostel, $25 a night` (a Border names the country beyond it)."""
    kind = board.kinds[space]
    name = board.space_names[space]
    text = (
        board.space_ids[space] + (f" {name}" if name else "") + ": " + KIND_TEXT[SPACE_KINDS[kind]]
    )
    pair = board.border_countries[space]
    if pair is not None:
        far = pair[1] if pair[0] == country else pair[0]
        text += f" to {board.country_names[far]}"
        if space in board.ports:
            text += " (Caspian port: the boat sails from here)"
    if kind == EMBASSY:
        text += " (pass only)"
    text += f", {night_text(board, space)}"
    if space in mine:
        text += ", YOUR ATTRACTION" + (" (visited)" if mine[space] else "")
    return text


def _road_text(kind: int, no_trains: bool) -> str:
    parts = []
    if kind == TOLL:
        parts.append("toll $25")
    elif kind != 0:
        parts.append(f"{ROAD_KINDS[kind]} road: roll even")
    if no_trains:
        parts.append("No Trains")
    return f" [{', '.join(parts)}]" if parts else ""


def _own_lines(
    observation: Mapping[str, Any], board: Board, seat: int, action_names: Mapping[str, str]
) -> list[str]:
    info = observation["seats"][seat]
    here = board.index[info["space"]]
    country = board.countries.index(info["country"])
    mine = {board.index[a["space"]]: a["visited"] for a in observation.get("attractions") or ()}
    status = _status_text(info)
    lines = _wrap(
        f"You: {_space_text(board, here, country, mine)}, in {board.country_names[country]}"
        + (f"; {status}" if status else "")
    )
    lines += _wrap(
        f"Money ${info['money']}, Fuel Tokens {info['fuel']} (supply {observation['fuel_supply']})"
    )
    hand = observation.get("hand") or {}
    count = sum(hand.values())
    cards = [(f"{n}x " if n > 1 else "") + action_names.get(card, card) for card, n in hand.items()]
    lines += _wrap_items(f"Your Action cards ({count} of 5):", cards or ["none"])
    lines += _surroundings_lines(board, here, country, mine)
    lines += _attraction_lines(observation, board, here)
    return lines


def _surroundings_lines(
    board: Board, here: int, country: int, mine: Mapping[int, bool]
) -> list[str]:
    """The spaces one and two roads away that a piece in `country` may move to."""
    if board.kinds[here] == BOAT:
        a, b = board.ports
        return [
            f"At sea: every move is a roll for a 6 to land at {board.space_ids[b]}"
            f" (or {board.space_ids[a]}, the way you came back)"
        ]
    first = board.steps.get((here, country), ())
    if not first:
        return ["No road leads on from here in this country."]
    lines = [f"Roads from here ({board.country_names[country]} side):"]
    for there, kind, no_trains in first:
        lines += _wrap(
            f"  1 {_space_text(board, there, country, mine)}{_road_text(kind, no_trains)}",
            indent="        ",
        )
        for beyond, kind2, no_trains2 in board.steps.get((there, country), ()):
            if beyond == here:
                continue
            lines += _wrap(
                f"    2 {_space_text(board, beyond, country, mine)}{_road_text(kind2, no_trains2)}",
                indent="          ",
            )
    return lines


def _attraction_lines(observation: Mapping[str, Any], board: Board, here: int) -> list[str]:
    attractions = observation.get("attractions") or []
    if not attractions:
        return []
    dist = road_distances(board, here)
    done = sum(1 for a in attractions if a["visited"])
    lines = [f"Your attractions ({done} of {len(attractions)} visited; roads from you):"]
    country_names = dict(zip(board.countries, board.country_names, strict=True))
    for a in attractions:
        mark = CHECK if a["visited"] else CROSS
        space = board.index[a["space"]]
        far = "visited" if a["visited"] else f"{dist[space]} roads" if dist[space] > 0 else "here"
        lines += _wrap(
            f"  {mark} {a['name']} ({country_names[a['country']]}, {a['space']}, "
            f"bonus {a['bonus']}): {far}",
            indent="      ",
        )
    if done == len(attractions):
        lines.append(
            f"  then Shanghai ({board.space_ids[board.finish]}): {dist[board.finish]} roads"
        )
    return lines


def _status_text(info: Mapping[str, Any]) -> str:
    status = info["status"]
    text = STATUS_TEXT.get(status, status)
    turns = info["status_turns"]
    if status == "stuck_at_embassy":
        text += f", {turns} of 2 turns rolled for a 6"
    elif status == "at_sea":
        text += f", turn {turns} of 2 rolling for a 6"
    return text


def _seat_lines(observation: Mapping[str, Any], board: Board, seat: int | None) -> list[str]:
    turn_of = observation["turn_of"]
    country_names = dict(zip(board.countries, board.country_names, strict=True))
    header = (
        f"  {'Seat':<20}{'Space':<28}{'Country':<13}{'Money':>6}{'Fuel':>5}{'Cards':>6}"
        f"{'Visited':>8}"
    )
    lines = [header]
    for index, info in enumerate(observation["seats"]):
        name = seat_name(index) + (" you" if index == seat else "")
        seen = f"{len(info['visited'])}/{info['attractions']}"
        space = info["space"]
        kind = KIND_TEXT[SPACE_KINDS[board.kinds[board.index[space]]]]
        where = f"{space} {kind}" if len(space) + len(kind) < 27 else space
        lines.append(
            f"{'>' if index == turn_of else ' '} {name:<20}{where:<28}"
            f"{country_names[info['country']]:<13}{'$' + str(info['money']):>6}"
            f"{info['fuel']:>5}{info['action_cards']:>6}{seen:>8}"
        )
        notes = []
        status = _status_text(info)
        if status:
            notes.append(status)
        if info["visited"]:
            notes.append("visited: " + ", ".join(a["name"] for a in info["visited"]))
        last = info.get("last_attraction")
        if last:
            notes.append(
                f"last attraction, face up: {last['name']} ({country_names[last['country']]}, "
                f"{last['space']})"
            )
        if info.get("bankruptcies"):
            notes.append(f"ran out of money {info['bankruptcies']}x")
        if notes:
            lines += _wrap("    " + "; ".join(notes), indent="      ")
    lines.append("  (Visited: attractions visited of those held; Cards: Action cards held)")
    return lines


def _event_lines(observation: Mapping[str, Any]) -> list[str]:
    events = observation.get("events") or []
    if not events:
        return ["Recent events: none yet"]
    shown = events[-EVENTS_SHOWN:]
    lines = [f"Recent events (last {len(shown)}, newest last):"]
    for text in shown:
        lines += _wrap(f"  {text}", indent="      ")
    return lines


# --- SVG ------------------------------------------------------------------------------------

BACKGROUND = "#f4f1ea"
INK = "#222222"
SEA = "#a9cbe8"
SEA_INK = "#2f5f8a"
SEAT_FILL = {
    "red": ("#d62728", "#ffffff"),
    "blue": ("#1f5fbf", "#ffffff"),
    "green": ("#1e8c3a", "#ffffff"),
    "yellow": ("#ffcc00", "#000000"),
    "purple": ("#7b3fa0", "#ffffff"),
}
# Pale land, one colour a country, neighbours told apart.
COUNTRY_FILL = {
    "turkey": "#f1dfba",
    "georgia": "#d3e8c4",
    "armenia": "#f2cfc8",
    "azerbaijan": "#ddd3ef",
    "iran": "#d3ead5",
    "iraq": "#eedcc0",
    "syria": "#d6e2f0",
    "turkmenistan": "#f3e2c8",
    "uzbekistan": "#dbe9c8",
    "kazakhstan": "#e4d8ea",
    "kyrgyzstan": "#f3d6c8",
    "tajikistan": "#d3e6dc",
    "afghanistan": "#ecd9c6",
    "mongolia": "#d6e0ee",
    "russia": "#e6e0cc",
    "china": "#f3d9d1",
}
# Space kinds: a shape and a fill each (the shape alone tells the kind).
KIND_STYLE = {
    "plain": ("dot", "#9a9a9a"),
    "hostel": ("square", "#86b8e8"),
    "hotel": ("house", "#2f6db5"),
    "border": ("diamond", "#e05a2b"),
    "embassy": ("triangle", "#8e44ad"),
    "atm": ("banknote", "#3aa655"),
    "fuel": ("drop", "#222222"),
    "attraction": ("star", "#f2b705"),
    "start": ("flag", "#c0392b"),
    "finish": ("flag", "#c0392b"),
    "boat": ("boat", "#6b4423"),
}
LEGEND_KINDS = (
    ("hostel", "Hostel $25"),
    ("hotel", "Hotel $50"),
    ("border", "Border, free night"),
    ("embassy", "Embassy"),
    ("atm", "ATM"),
    ("fuel", "Fuel Station"),
    ("attraction", "attraction"),
    ("plain", "plain space"),
    ("start", "start / finish"),
    ("boat", "Caspian boat"),
)
ROAD_STYLE = {  # stroke, width, dash
    "normal": ("#6f6350", 1.5, ""),
    "dirt": ("#9a5b2a", 1.6, "4 2.5"),
    "toll": ("#6f6350", 2.2, ""),
}
ROAD_WORDS = {"normal": "road", "dirt": "dirt road (roll even)", "toll": "toll road ($25)"}
MINE = "#d81b60"  # the viewer's own attractions
MAP_WIDTH = 1000.0  # layout units across the map
SPACE_R = 4.2  # a space's half size in layout units
PIECE_R = 5.6
SPACE_HIT = 7.4  # the radius round a space that a click reaches (spaces are 15 apart or more)
PILE_W, PILE_H = 44.0, 30.0  # a card pile on the board
LAND_WIDTH = 24.0
LEGEND_FONT = 8.5

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True)
class Layout:
    """Where each space is drawn: geography spread so that no two spaces touch."""

    points: tuple[Point, ...]
    width: float
    height: float


_LAYOUTS: dict[int, tuple[Board, Layout]] = {}


def board_layout(board: Board) -> Layout:
    """The drawing positions: `board_coordinates`, with the crowded west widened (each axis
    part linear, part by rank) and then close spaces pushed apart, each held near its place."""
    cached = _LAYOUTS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    base = board_coordinates(board, MAP_WIDTH)
    height = max(y for _, y in base) or 1.0
    xs = _equalise([x for x, _ in base], MAP_WIDTH, 0.5)
    ys = _equalise([y for _, y in base], height * 1.3, 0.6)
    points = spread_points(list(zip(xs, ys, strict=True)), SPACE_R * 3.6)
    left = min(x for x, _ in points)
    top = min(y for _, y in points)
    points = [(x - left, y - top) for x, y in points]
    layout = Layout(tuple(points), max(x for x, _ in points), max(y for _, y in points))
    _LAYOUTS[id(board)] = (board, layout)
    return layout


def _equalise(values: list[float], span: float, linear: float) -> list[float]:
    """Values mapped onto [0, span]: `linear` of the plain scale, the rest by rank (ties share
    the mean rank), so crowded stretches widen and empty ones shrink, order kept."""
    low, high = min(values), max(values)
    n = len(values)
    counts: dict[float, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    ranks: dict[float, float] = {}
    below = 0
    for v in sorted(counts):
        ranks[v] = (below + (counts[v] - 1) / 2) / max(n - 1, 1)
        below += counts[v]
    return [
        span * (linear * (v - low) / ((high - low) or 1.0) + (1 - linear) * ranks[v])
        for v in values
    ]


class _Labeller:
    """Puts text boxes where they cover the fewest spaces, roads and other labels."""

    def __init__(self, obstacles: Sequence[Point], cell: float = 16.0) -> None:
        self.cell = cell
        self.grid: dict[tuple[int, int], list[Point]] = {}
        for x, y in obstacles:
            self.grid.setdefault((int(x // cell), int(y // cell)), []).append((x, y))
        self.placed: list[Box] = []

    def covered(self, box: Box) -> int:
        left, top, right, bottom = box
        count = 0
        for gx in range(int(left // self.cell), int(right // self.cell) + 1):
            for gy in range(int(top // self.cell), int(bottom // self.cell) + 1):
                for x, y in self.grid.get((gx, gy), ()):
                    count += left <= x <= right and top <= y <= bottom
        return count

    def place(self, candidates: Sequence[tuple[Box, float]]) -> Box:
        """The cheapest candidate (its own cost plus what it covers), now taken."""
        best: tuple[float, Box] | None = None
        for box, cost in candidates:
            cost += 3 * self.covered(box)
            cost += 200 * sum(_overlap(box, other) for other in self.placed)
            if best is None or cost < best[0]:
                best = (cost, box)
        assert best is not None
        self.placed.append(best[1])
        return best[1]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _text_width(text: str, size: float, bold: bool = False, spacing: float = 0.0) -> float:
    return len(text) * (size * (0.68 if bold else 0.58) + spacing)


def _around(x: float, y: float, w: float, h: float, gap: float) -> list[tuple[Box, float]]:
    """Boxes of a w x h label beside a point: below, above, right, left, then diagonals."""
    spots = [
        (x - w / 2, y + gap),
        (x - w / 2, y - gap - h),
        (x + gap, y - h / 2),
        (x - gap - w, y - h / 2),
        (x + gap * 0.7, y + gap * 0.7),
        (x + gap * 0.7, y - gap * 0.7 - h),
        (x - gap * 0.7 - w, y + gap * 0.7),
        (x - gap * 0.7 - w, y - gap * 0.7 - h),
    ]
    return [((lx, ly, lx + w, ly + h), rank * 0.8) for rank, (lx, ly) in enumerate(spots)]


@dataclass(frozen=True)
class AttractionMark:
    """An attraction drawn as known: the viewer's own (`mine`) or another seat's face-up one."""

    space: str
    name: str
    seat: int
    mine: bool
    visited: bool


def render_svg(state: RouteEastState, seat: int | None = None, width: int | None = 1400) -> str:
    """The board as `seat` sees it (None: a spectator), from its observation only (`width`
    None: as wide as the page, see `board_svg`)."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    return observation_svg(observation, state.game.board, width)


def observation_svg(observation: Mapping[str, Any], board: Board, width: int | None = 1400) -> str:
    """The board with every piece, the card piles and the attractions `observation` shows: the
    viewer's own, and of the others only the visited ones and last ones (face up)."""
    seat = observation.get("seat")
    pieces = [info["space"] for info in observation["seats"]]
    marks: list[AttractionMark] = []
    if seat is not None:
        for a in observation.get("attractions") or ():
            marks.append(AttractionMark(a["space"], a["name"], seat, True, a["visited"]))
    for other, info in enumerate(observation["seats"]):
        if other == seat:
            continue
        for a in info["visited"]:
            marks.append(AttractionMark(a["space"], a["name"], other, False, True))
        last = info.get("last_attraction")
        if last:
            marks.append(AttractionMark(last["space"], last["name"], other, False, False))
    title = "Route East" + (f", as {seat_name(seat)} sees it" if seat is not None else "")
    return board_svg(
        board,
        pieces=pieces,
        attractions=marks,
        viewer=seat,
        turn_of=observation.get("turn_of"),
        width=width,
        title=title,
        piles=observation.get("decks"),
        fuel_supply=observation.get("fuel_supply"),
    )


def board_svg(
    board: Board,
    pieces: Sequence[str | None] = (),
    attractions: Sequence[AttractionMark] = (),
    viewer: int | None = None,
    turn_of: int | None = None,
    width: int | None = 1400,
    title: str = "Route East",
    piles: Mapping[str, int] | None = None,
    fuel_supply: int | None = None,
) -> str:
    """An SVG of the board: countries, roads by kind, spaces by kind (shape and colour, with a
    legend), the Caspian crossing, the `pieces` (space id by seat), known `attractions` and,
    given their sizes (`piles`, an observation's `decks`), the card piles.

    Each space is a `<g data-space="id">` (class `space <kind>`, plus `mine` for the viewer's
    own attractions), each road a `<g data-road="a|b">` (class `road <kind>`, plus
    `no-trains`), each piece a `<g data-seat="k">`, each pile a `<g data-pile="name">`; all
    with a `<title>` and a `data-target` key (web.py). `width` None leaves the size to the
    page (`width="100%"`, the height from the viewBox).
    """
    layout = board_layout(board)
    pts = list(layout.points)
    samples = [p for a, b, _, _ in board.roads for p in _samples(pts[a], pts[b], 4.0)]
    pins = [
        (x + dx, y - PIECE_R * 2.2 + dy)
        for space in pieces
        if space is not None
        for x, y in [pts[board.index[space]]]
        for dx in (-PIECE_R, 0.0, PIECE_R)
        for dy in (-PIECE_R, 0.0, PIECE_R)
    ]
    rings = [
        (x + dx, y + dy)
        for mark in attractions
        for x, y in [pts[board.index[mark.space]]]
        for dx in (-8.0, 0.0, 8.0)
        for dy in (-8.0, 0.0, 8.0)
    ]
    labeller = _Labeller(pts + samples + pins + rings)
    place_labels = _place_labels(board, pts, attractions, labeller)
    sea_box = _sea_label_box(board, pts, labeller)
    country_labels = _country_labels(board, pts, labeller)
    boxes = labeller.placed
    left = min([0.0] + [b[0] for b in boxes]) - 14
    top = min([0.0] + [b[1] for b in boxes]) - 16
    right = max([layout.width] + [b[2] for b in boxes]) + 14
    bottom = max([layout.height] + [b[3] for b in boxes]) + 12
    view_w = right - left
    piles_h, piles_out = 0.0, []
    if piles is not None:
        piles_h, piles_out = _piles_svg(left, bottom, piles, fuel_supply)
    legend_h, legend = _legend_svg(left, bottom + piles_h, view_w, len(pieces), viewer)
    view_h = bottom - top + piles_h + legend_h
    size = (
        'width="100%"'
        if width is None
        else f'width="{width}" height="{_num(width * view_h / view_w)}"'
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} '
        f'viewBox="{_num(left)} {_num(top)} {_num(view_w)} {_num(view_h)}" '
        'font-family="DejaVu Sans, Verdana, sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{_num(left)}" y="{_num(top)}" width="{_num(view_w)}" height="{_num(view_h)}" '
        f'fill="{BACKGROUND}"/>',
    ]
    out += _sea_svg(board, pts)
    out += _land_svg(board, pts)
    out += _crossing_svg(board, pts, sea_box)
    out += ['<g id="country-names">', *country_labels, "</g>"]
    out += _roads_svg(board, pts)
    marks: dict[str, list[AttractionMark]] = {}
    for mark in attractions:
        marks.setdefault(mark.space, []).append(mark)
    out.append('<g id="spaces">')
    for space in range(len(board.space_ids)):
        out += _space_svg(board, space, pts[space], marks.get(board.space_ids[space], []))
    out.append("</g>")
    out += ['<g id="place-names">', *place_labels, "</g>"]
    out += _pieces_svg(board, pts, pieces, viewer, turn_of)
    out += piles_out
    out += legend
    out.append("</svg>")
    return "\n".join(out)


PILE_FILL = {"ignition": "#f6c36b", "border": "#f3a27f", "action": "#a9cdec"}
PILE_WORDS = {
    "ignition": "draw one to start a turn",
    "border": "at a Border, draw one to cross",
    "action": "a move takes one",
}


def _piles_svg(
    left: float, top: float, decks: Mapping[str, int], fuel_supply: int | None
) -> tuple[float, list[str]]:
    """Under the map: the Ignition, Border and Action piles (each a card stack with its size),
    then the ATM pile and the Fuel Tokens left. Returns its height and its elements."""
    out = ['<g id="piles">']
    x, y = left + 12, top + 4
    for name, key, label in PILES:
        count = decks.get(name, 0)
        played = decks.get(f"{name}_discards")
        note = f", {played} played" if played else ""
        title = f"{label} deck: {count} cards{note}; {PILE_WORDS[name]}"
        out += [
            f'<g class="pile" data-pile="{name}" data-target="{key}">',
            f"<title>{escape(title)}</title>",
            f'<rect class="hit" x="{_num(x - 3)}" y="{_num(y - 3)}" width="{_num(PILE_W + 8)}" '
            f'height="{_num(PILE_H + 8)}" rx="4" fill="#000000" fill-opacity="0"/>',
            f'<rect x="{_num(x + 2)}" y="{_num(y + 2)}" width="{_num(PILE_W)}" '
            f'height="{_num(PILE_H)}" rx="3" fill="#ffffff" stroke="{INK}" stroke-width="0.6"/>',
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(PILE_W)}" height="{_num(PILE_H)}" '
            f'rx="3" fill="{PILE_FILL[name]}" stroke="{INK}" stroke-width="0.8"/>',
            f'<text x="{_num(x + PILE_W / 2)}" y="{_num(y + 11)}" font-size="7.5" '
            f'font-weight="bold" text-anchor="middle">{escape(label)}</text>',
            f'<text x="{_num(x + PILE_W / 2)}" y="{_num(y + 24)}" font-size="10" '
            f'font-weight="bold" text-anchor="middle">{count}</text>',
            "</g>",
        ]
        x += PILE_W + 14
    notes = [f"ATM pile: {decks.get('atm', 0)} Bank cards"]
    if fuel_supply is not None:
        notes.append(f"Fuel Tokens in the supply: {fuel_supply}")
    out.append(
        f'<text x="{_num(x + 4)}" y="{_num(y + PILE_H / 2 + 3)}" '
        f'font-size="{LEGEND_FONT}">{escape("; ".join(notes))}</text>'
    )
    out.append("</g>")
    return PILE_H + 12, out


def _samples(a: Point, b: Point, step: float) -> list[Point]:
    """Points every `step` along a road, its ends left out."""
    count = max(2, int(math.hypot(b[0] - a[0], b[1] - a[1]) / step))
    return [
        (a[0] + (b[0] - a[0]) * i / count, a[1] + (b[1] - a[1]) * i / count)
        for i in range(1, count)
    ]


def _text(box: Box, text: str, size: float, **style: str) -> str:
    """Text centred in its box, with a halo of the background so lines do not hide it."""
    extra = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in style.items())
    x = (box[0] + box[2]) / 2
    y = box[3] - size * 0.22
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="middle" '
        f'stroke="{BACKGROUND}" stroke-width="{_num(size * 0.32)}" stroke-linejoin="round" '
        f'paint-order="stroke"{extra}>{escape(text)}</text>'
    )


def _place_labels(
    board: Board, pts: Sequence[Point], attractions: Sequence[AttractionMark], labeller: _Labeller
) -> list[str]:
    """Istanbul and Shanghai, then the names of the viewer's own attractions."""
    out = []
    size = 9.5
    for space, text in ((board.start, "Istanbul (start)"), (board.finish, "Shanghai (finish)")):
        w = _text_width(text, size, bold=True)
        box = labeller.place(_around(*pts[space], w, size * 1.15, SPACE_R * 2.4))
        out.append(_text(box, text, size, font_weight="bold", fill=INK))
    size = 7.5
    for mark in attractions:
        if not mark.mine:
            continue
        w = _text_width(mark.name, size, bold=True)
        box = labeller.place(_around(*pts[board.index[mark.space]], w, size * 1.15, 12.0))
        out.append(_text(box, mark.name, size, font_weight="bold", fill=MINE))
    return out


def _sea_label_box(board: Board, pts: Sequence[Point], labeller: _Labeller) -> Box:
    """Where `Caspian Sea` goes: near the boat, on open water if possible."""
    x, y = pts[board.boat]
    w, h = _text_width("Caspian Sea", 8.0), 8.0 * 1.15
    return labeller.place(_around(x, y, w, h, 10.0))


def _country_labels(board: Board, pts: Sequence[Point], labeller: _Labeller) -> list[str]:
    """Each country's name in capitals on each of its parts (Russia has two)."""
    out = []
    for text, size, spacing, candidates in _country_label_candidates(board, pts):
        box = labeller.place(candidates)
        out.append(
            _text(
                box,
                text,
                size,
                font_weight="bold",
                letter_spacing=str(spacing),
                fill="#7a6c55",
            )
        )
    return out


_COUNTRY_CANDIDATES: dict[int, tuple[Board, list[Any]]] = {}


def _country_label_candidates(
    board: Board, pts: Sequence[Point]
) -> list[tuple[str, float, float, list[tuple[Box, float]]]]:
    """Per country part: its name, size, letter spacing and the boxes it may take round the
    part's centre, each with its cost (farther from the centre or the part's spaces costs
    more). Board facts only, so worked out once per board."""
    cached = _COUNTRY_CANDIDATES.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    labels = []
    size, spacing = 10.0, 1.5
    for c, name in enumerate(board.country_names):
        for part in _country_parts(board, c):
            if len(part) < 3:
                continue
            cx = sum(pts[s][0] for s in part) / len(part)
            cy = sum(pts[s][1] for s in part) / len(part)
            text = name.upper()
            w, h = _text_width(text, size, True, spacing), size * 1.1
            candidates = []
            for dx in range(-60, 61, 6):
                for dy in range(-48, 49, 6):
                    box = (cx + dx - w / 2, cy + dy - h / 2, cx + dx + w / 2, cy + dy + h / 2)
                    near = min(math.hypot(pts[s][0] - cx - dx, pts[s][1] - cy - dy) for s in part)
                    cost = math.hypot(dx, dy) * 0.04 + (0 if near < 26 else (near - 26) * 0.5)
                    candidates.append((box, cost))
            labels.append((text, size, spacing, candidates))
    _COUNTRY_CANDIDATES[id(board)] = (board, labels)
    return labels


def _country_parts(board: Board, country: int) -> list[list[int]]:
    """The spaces of a country (Borders left out) in groups joined by its own roads, a Border
    counting as a link between the spaces on its side (a piece may pass through it)."""
    own = [
        s
        for s in range(len(board.space_ids))
        if board.country[s] == country and board.kinds[s] != BORDER
    ]
    links: dict[int, list[int]] = {s: [] for s in own}
    via: dict[int, list[int]] = {}
    for a, b, _, _ in board.roads:
        if a in links and b in links:
            links[a].append(b)
            links[b].append(a)
        for here, there in ((a, b), (b, a)):
            if here in links and board.kinds[there] == BORDER:
                via.setdefault(there, []).append(here)
    for sides in via.values():
        for a, b in pairwise(sides):
            links[a].append(b)
            links[b].append(a)
    parts, seen = [], set()
    for s in own:
        if s in seen:
            continue
        part, queue = [], [s]
        seen.add(s)
        while queue:
            here = queue.pop()
            part.append(here)
            for there in links[here]:
                if there not in seen:
                    seen.add(there)
                    queue.append(there)
        parts.append(sorted(part))
    return parts


def _sea_svg(board: Board, pts: Sequence[Point]) -> list[str]:
    """The Caspian Sea round the boat, under the land."""
    ax, bx = pts[board.ports[0]][0], pts[board.ports[1]][0]
    x, y = pts[board.boat]
    rx = max(abs(bx - ax) / 2 + 26, 40)
    return [
        f'<ellipse id="caspian-sea" cx="{_num(x)}" cy="{_num(y - 20)}" rx="{_num(rx)}" '
        f'ry="80" fill="{SEA}"/>'
    ]


def _land_svg(board: Board, pts: Sequence[Point]) -> list[str]:
    """Each country as pale land: wide rounded strokes round its spaces, along its roads and
    half-way along its roads to its Borders."""
    out = ['<g id="land">']
    for c, country in enumerate(board.countries):
        path = []
        for a, b, _, _ in board.roads:
            ka, kb = board.kinds[a], board.kinds[b]
            if ka == BORDER:
                a, b, ka, kb = b, a, kb, ka
            if board.country[a] != c or ka == BORDER:
                continue
            (ax, ay), (bx, by) = pts[a], pts[b]
            if kb == BORDER:
                bx, by = (ax + bx) / 2, (ay + by) / 2
            path.append(f"M{_num(ax)} {_num(ay)}L{_num(bx)} {_num(by)}")
        for s in range(len(board.space_ids)):
            if board.country[s] == c and board.kinds[s] != BORDER:
                path.append(f"M{_num(pts[s][0])} {_num(pts[s][1])}l0 0")
        out.append(
            f'<path class="country" data-country="{country}" d="{"".join(path)}" fill="none" '
            f'stroke="{COUNTRY_FILL.get(country, "#e8e8e8")}" stroke-width="{_num(LAND_WIDTH)}" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
        )
    out.append("</g>")
    return out


def _crossing_svg(board: Board, pts: Sequence[Point], label: Box) -> list[str]:
    """The boat's course from port to port, and the sea's name."""
    (ax, ay), (bx, by) = pts[board.ports[0]], pts[board.ports[1]]
    sx, sy = pts[board.boat]
    a, b = (board.space_ids[p] for p in board.ports)
    return [
        f'<g id="caspian-crossing" data-crossing="{a}|{b}">',
        f"<title>{escape(f'Caspian Sea crossing by boat: {a} - {b}')}</title>",
        f'<path d="M{_num(ax)} {_num(ay)} Q{_num(sx)} {_num(2 * sy - (ay + by) / 2)} '
        f'{_num(bx)} {_num(by)}" fill="none" stroke="{SEA_INK}" stroke-width="1.8" '
        'stroke-dasharray="0.1 3.5" stroke-linecap="round"/>',
        _text(label, "Caspian Sea", 8.0, font_style="italic", fill=SEA_INK).replace(
            f'stroke="{BACKGROUND}"', f'stroke="{SEA}"'
        ),
        "</g>",
    ]


def _roads_svg(board: Board, pts: Sequence[Point]) -> list[str]:
    """Every road: solid (normal), dashed (dirt), thicker with a `$` tag (toll); No Trains
    crossed by a red bar. Each has a wide invisible line to click."""
    out = ['<g id="roads">']
    for a, b, kind, no_trains in board.roads:
        (ax, ay), (bx, by) = pts[a], pts[b]
        name = ROAD_KINDS[kind]
        ida, idb = board.space_ids[a], board.space_ids[b]
        title = f"{ida} - {idb}: {ROAD_WORDS[name]}" + (", No Trains" if no_trains else "")
        classes = f"road {name}" + (" no-trains" if no_trains else "")
        out.append(
            f"<g class={quoteattr(classes)} data-road={quoteattr(f'{ida}|{idb}')} "
            f"data-target={quoteattr(road_target(ida, idb))}><title>{escape(title)}</title>"
        )
        coords = f'x1="{_num(ax)}" y1="{_num(ay)}" x2="{_num(bx)}" y2="{_num(by)}"'
        out.append(
            f'<line class="hit" {coords} stroke="#000000" stroke-opacity="0" stroke-width="7" '
            'stroke-linecap="round"/>'
        )
        out.append(_road_line(coords, name))
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        if kind == TOLL:
            out.append(_toll_mark((ax + bx) / 2, (ay + by) / 2))
        if no_trains:
            t = 0.5 if kind != TOLL else 0.28
            out.append(_no_trains_mark(ax + (bx - ax) * t, ay + (by - ay) * t, ux, uy))
        out.append("</g>")
    out.append("</g>")
    return out


def _road_line(coords: str, kind: str) -> str:
    stroke, stroke_w, dash = ROAD_STYLE[kind]
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return f'<line {coords} stroke="{stroke}" stroke-width="{stroke_w}"{dashes}/>'


def _toll_mark(x: float, y: float) -> str:
    return (
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="3.3" fill="#ffe27a" stroke="#6f6350" '
        f'stroke-width="0.7"/><text x="{_num(x)}" y="{_num(y + 1.9)}" font-size="5.2" '
        f'font-weight="bold" text-anchor="middle" fill="#5a4a00">$</text>'
    )


def _no_trains_mark(x: float, y: float, ux: float, uy: float) -> str:
    """A red bar across the road, edged in white so it shows on any land."""
    nx, ny = -uy * 5, ux * 5
    d = f"M{_num(x - nx)} {_num(y - ny)}L{_num(x + nx)} {_num(y + ny)}"
    return (
        f'<path d="{d}" stroke="#ffffff" stroke-width="3.6"/>'
        f'<path d="{d}" stroke="#d00000" stroke-width="2"/>'
    )


def _shape(shape: str, x: float, y: float, r: float, fill: str) -> str:
    """One space symbol centred on (x, y), about 2r across."""
    paint = f'fill="{fill}" stroke="{INK}" stroke-width="{_num(max(r * 0.2, 0.6))}"'
    if shape == "dot":
        return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.55)}" {paint}/>'
    corners = _corners(shape, r)
    points = " ".join(f"{_num(x + cx)},{_num(y + cy)}" for cx, cy in corners)
    return f'<polygon points="{points}" {paint}/>'


def _corners(shape: str, r: float) -> list[Point]:
    """The corners of a space symbol round (0, 0)."""
    if shape == "square":
        s = r * 0.85
        return [(-s, -s), (s, -s), (s, s), (-s, s)]
    if shape == "house":
        s = r * 0.95
        return [(-s, s), (-s, -0.1 * s), (0, -1.15 * s), (s, -0.1 * s), (s, s)]
    if shape == "diamond":
        s = r * 1.15
        return [(0, -s), (s, 0), (0, s), (-s, 0)]
    if shape == "triangle":
        s = r * 1.15
        return [(0, -s), (s, 0.8 * s), (-s, 0.8 * s)]
    if shape == "banknote":
        return [
            (-1.25 * r, -0.65 * r),
            (1.25 * r, -0.65 * r),
            (1.25 * r, 0.65 * r),
            (-1.25 * r, 0.65 * r),
        ]
    if shape == "drop":
        s = r * 1.1
        return [(-s, -0.8 * s), (s, -0.8 * s), (0, s)]
    if shape == "star":
        return [
            (
                r * (1.4 if k % 2 == 0 else 0.62) * math.cos(math.pi / 2 + k * math.pi / 5),
                -r * (1.4 if k % 2 == 0 else 0.62) * math.sin(math.pi / 2 + k * math.pi / 5),
            )
            for k in range(10)
        ]
    if shape == "flag":
        s = r * 1.3
        return [
            (-0.7 * s, s),
            (-0.7 * s, -s),
            (0.9 * s, -0.55 * s),
            (-0.45 * s, -0.1 * s),
            (-0.45 * s, s),
        ]
    if shape == "boat":
        s = r * 1.5
        return [(-s, -0.15 * s), (s, -0.15 * s), (0.6 * s, 0.6 * s), (-0.6 * s, 0.6 * s)]
    raise ValueError(f"no shape {shape!r}")  # pragma: no cover - every kind has a shape


def _space_svg(
    board: Board, space: int, point: Point, marks: Sequence[AttractionMark]
) -> list[str]:
    """A space: its kind's symbol; a ring for the viewer's own attraction (a check when
    visited), a seat-coloured tag for another seat's face-up attraction."""
    x, y = point
    kind = SPACE_KINDS[board.kinds[space]]
    shape, fill = KIND_STYLE[kind]
    ident = board.space_ids[space]
    name = board.space_names[space]
    notes = [ident + (f" {name}" if name else ""), KIND_TEXT[kind]]
    pair = board.border_countries[space]
    if pair is not None:
        notes.append(f"between {board.country_names[pair[0]]} and {board.country_names[pair[1]]}")
    elif board.country[space] >= 0:
        notes.append(board.country_names[board.country[space]])
    notes.append(night_text(board, space))
    mine = [m for m in marks if m.mine]
    others = [m for m in marks if not m.mine]
    for m in mine:
        notes.append("your attraction" + (", visited" if m.visited else ""))
    for m in others:
        notes.append(
            f"{seat_name(m.seat)}'s attraction, {'visited' if m.visited else 'the last, face up'}"
        )
    classes = f"space {kind}" + (" mine" if mine else "") + (" face-up" if others else "")
    r = SPACE_R * (1.3 if kind in ("start", "finish", "boat") else 1.0)
    out = [
        f"<g class={quoteattr(classes)} data-space={quoteattr(ident)} "
        f"data-target={quoteattr(space_target(ident))}>",
        f"<title>{escape('; '.join(notes))}</title>",
        f'<circle class="hit" cx="{_num(x)}" cy="{_num(y)}" r="{_num(max(r * 1.8, SPACE_HIT))}" '
        'fill="#000000" fill-opacity="0"/>',
    ]
    if mine:
        out.append(
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 2.4)}" fill="#ffffff" '
            f'fill-opacity="0.85" stroke="{MINE}" stroke-width="2.4"/>'
        )
        r *= 1.25
    out.append(_shape(shape, x, y, r, fill))
    if mine and mine[0].visited:
        out.append(
            f'<path d="M{_num(x - 3.2)} {_num(y + 0.2)} l2.3 2.7 l4.6 -5.6" fill="none" '
            f'stroke="{MINE}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>'
        )
    for k, m in enumerate(others):
        seat_fill, ink = SEAT_FILL[SEAT_COLORS[m.seat % len(SEAT_COLORS)]]
        tx, ty = x + r * 1.6 + k * 8.5, y + r * 1.6
        out.append(_tag(tx, ty, seat_fill, ink, str(m.seat), m.visited))
    out.append("</g>")
    return out


def _tag(x: float, y: float, fill: str, ink: str, text: str, solid: bool) -> str:
    """A seat's tag on an attraction it has shown: solid edge visited, dashed its last one."""
    dash = "" if solid else ' stroke-dasharray="1.5 1"'
    return (
        f'<rect x="{_num(x - 4)}" y="{_num(y - 4)}" width="8" height="8" rx="1" fill="{fill}" '
        f'stroke="{INK}" stroke-width="0.9"{dash}/>'
        f'<text x="{_num(x)}" y="{_num(y + 2.4)}" font-size="7" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{text}</text>'
    )


def _pieces_svg(
    board: Board,
    pts: Sequence[Point],
    pieces: Sequence[str | None],
    viewer: int | None,
    turn_of: int | None,
) -> list[str]:
    """Each seat's piece: a pin in its colour with its number (the seat whose turn it is has a
    thick ring), side by side on a shared space."""
    out = ['<g id="pieces">']
    together: dict[str, list[int]] = {}
    for seat, space in enumerate(pieces):
        if space is not None:
            together.setdefault(space, []).append(seat)
    for space, seats in together.items():
        x, y = pts[board.index[space]]
        for k, seat in enumerate(seats):
            px = x + (k - (len(seats) - 1) / 2) * PIECE_R * 2.1
            py = y - PIECE_R * 2.2
            who = seat_name(seat) + (" (you)" if seat == viewer else "")
            title = f"{who} at {space}" + (", to play" if seat == turn_of else "")
            out.append(
                f'<g class="piece" data-seat="{seat}" data-space={quoteattr(space)} '
                f'data-target="{seat_target(seat)}"><title>{escape(title)}</title>'
                f'<circle class="hit" cx="{_num(px)}" cy="{_num(py)}" r="{_num(PIECE_R + 1.5)}" '
                'fill="#000000" fill-opacity="0"/>'
                + _piece(px, py, seat, seat == turn_of, tip=(x, y - 1))
                + "</g>"
            )
    out.append("</g>")
    return out


def _piece(x: float, y: float, seat: int, bold: bool, tip: Point | None = None) -> str:
    fill, ink = SEAT_FILL[SEAT_COLORS[seat % len(SEAT_COLORS)]]
    pin = ""
    if tip is not None:
        pin = (
            f'<path d="M{_num(tip[0])} {_num(tip[1])} L{_num(x - PIECE_R * 0.6)} '
            f'{_num(y + PIECE_R * 0.6)} L{_num(x + PIECE_R * 0.6)} {_num(y + PIECE_R * 0.6)} Z" '
            f'fill="{fill}" stroke="{INK}" stroke-width="0.7"/>'
        )
    return (
        pin + f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(PIECE_R)}" fill="{fill}" '
        f'stroke="{INK}" stroke-width="{1.8 if bold else 0.8}"/>'
        f'<text x="{_num(x)}" y="{_num(y + PIECE_R * 0.5)}" font-size="{_num(PIECE_R * 1.45)}" '
        f'font-weight="bold" text-anchor="middle" fill="{ink}">{seat}</text>'
    )


def _legend_svg(
    left: float, top: float, width: float, players: int, viewer: int | None
) -> tuple[float, list[str]]:
    """Under the map: space kinds (symbol and name), road kinds, attraction marks, the seats.
    Returns its height and its elements."""
    items: list[tuple[float, str, str]] = []  # (symbol width, symbol at (0, 0), text)
    for kind, text in LEGEND_KINDS:
        shape, fill = KIND_STYLE[kind]
        items.append((12.0, _shape(shape, 6, 0, SPACE_R, fill), text))
    for kind in ("normal", "dirt", "toll"):
        line = _road_line('x1="0" y1="0" x2="26" y2="0"', kind)
        if kind == "toll":
            line += _toll_mark(13, 0)
        items.append((26.0, line, ROAD_WORDS[kind]))
    nt = _road_line('x1="0" y1="0" x2="26" y2="0"', "normal") + _no_trains_mark(13, 0, 1, 0)
    items.append((26.0, nt, "No Trains (no Freight Train)"))
    items.append(
        (
            26.0,
            f'<path d="M0 0 L26 0" stroke="{SEA_INK}" stroke-width="1.8" '
            'stroke-dasharray="0.1 3.5" stroke-linecap="round"/>',
            "Caspian boat crossing",
        )
    )
    if viewer is not None:
        ring = (
            f'<circle cx="8" cy="0" r="8" fill="#ffffff" stroke="{MINE}" stroke-width="2.2"/>'
            + _shape("star", 8, 0, SPACE_R, KIND_STYLE["attraction"][1])
        )
        items.append((16.0, ring, "your attraction (\u2713 visited)"))
    items.append((8.0, _tag(4, 0, "#ffffff", INK, "k", True), "seat k visited it"))
    items.append((8.0, _tag(4, 0, "#ffffff", INK, "k", False), "seat k's last, face up"))
    for seat in range(players):
        label = seat_name(seat) + (" you" if seat == viewer else "")
        items.append((12.0, _piece(PIECE_R, 0, seat, False), label))
    out = ['<g id="legend">']
    row_h, pad = 16.0, 12.0
    x, y = pad, row_h * 0.75
    placed = []
    for symbol_w, symbol, text in items:
        item_w = symbol_w + 5 + _text_width(text, LEGEND_FONT) + 16
        if x + item_w > width - pad and x > pad:
            x, y = pad, y + row_h
        placed.append((x, y, symbol_w, symbol, text))
        x += item_w
    height = y + row_h * 0.6
    out.append(
        f'<rect x="{_num(left)}" y="{_num(top)}" width="{_num(width)}" height="{_num(height)}" '
        'fill="#ffffff" fill-opacity="0.9" stroke="#cfc6b0" stroke-width="0.6"/>'
    )
    for x, y, symbol_w, symbol, text in placed:
        out.append(f'<g transform="translate({_num(left + x)} {_num(top + y)})">{symbol}</g>')
        out.append(
            f'<text x="{_num(left + x + symbol_w + 5)}" y="{_num(top + y + LEGEND_FONT * 0.35)}" '
            f'font-size="{LEGEND_FONT}">{escape(text)}</text>'
        )
    out.append("</g>")
    return height, out
