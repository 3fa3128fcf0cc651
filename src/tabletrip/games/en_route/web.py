"""En Route for a browser: the clickable board and the board keys of every action.

The board (`board_svg`) shows a seat its own map large (the one it draws on: clickable), the
other seats' maps small as it has last seen them, and under them the table: the Round cards,
the cards placed this round, the solo Card Sequence, the seat's hand, the Personal Objectives
offered to it, the Iconic Landmark ratings and the Goals. A spectator sees every map at the
same size and no hand. Everything is drawn from one observation and `static_info()` only,
like the text view, so a board shows exactly what its viewer may know.

Board keys (`data-target` on `<g>` elements, what `action_targets` returns):

| action                          | keys                                                  |
|---------------------------------|-------------------------------------------------------|
| mark tourists                   | `loc-<location>` (every tourist choice shares it)     |
| chart, extra section            | `sec-<section>` of each section drawn                 |
| final route                     | `sec-<section>` of each section on it                 |
| New tourists Café, use or keep  | `cross-<crossroads>` of the Café                      |
| play a card (face up or down)   | `card-<card id>` in the hand                          |
| keep a card (neighbour or solo) | `card-<card id>` on the table or in the Card Sequence |
| choose Round cards (beginning)  | `card-<id>`, `card-<id>` of the two placed cards      |
| Coordinate change               | `card-<id>` of the Round card it changes              |
| rate an Iconic Landmark         | `iconic-<landmark id>`                                |
| keep a Personal Objective       | `objective-<objective id>`                            |
| renew the hand, done            | none: chosen from the list                            |

Locations, sections and Cafés are keyed only on the viewer's own map; the small maps carry
ids prefixed with `s<seat>-` and no keys.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core import Action
from tabletrip.games.en_route.actions import (
    CafeTourists,
    ChangeCoordinate,
    Chart,
    ChooseRoundCards,
    ExtraSection,
    FinalRoute,
    KeepCard,
    KeepObjective,
    Mark,
    PlayCard,
    PlayHidden,
    Rate,
)
from tabletrip.games.en_route.geometry import SECTION_ENDS
from tabletrip.games.en_route.help import STEP_HELP
from tabletrip.games.en_route.render import (
    INK,
    ROUTE,
    TEAMS,
    TOURIST_TYPES,
    _Catalogue,
    _num,
    _tourists_svg,
    crossroads_name,
    location_name,
    map_svg,
    map_title,
    matching_locations,
    tourist_counts,
    tourists_text,
)

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteGame, EnRouteState

MAP = 600  # the viewer's map (viewBox units); the SVG scales to its container's width
SMALL = 200  # the other seats' maps beside it
SPECTATOR_MAP = 400  # every map, for a spectator
GAP = 16
LABEL = 24  # the line above a map or a table panel
FONT = 14
CARD_W, CARD_H = 64, 88
RATING_W, RATING_H = 190, 48
CARD_FILL = "#fffdf6"
BACK_FILL = "#6d4c41"

_STATIC: WeakKeyDictionary[EnRouteGame, dict[str, Any]] = WeakKeyDictionary()


# --- keys ---------------------------------------------------------------------------------


def card_key(card_id: str) -> str:
    """The board key of a card wherever it lies (hand, table, Card Sequence)."""
    return f"card-{card_id}"


def action_targets(state: EnRouteState, action: Action) -> tuple[str, ...]:
    """The board keys `action` is about (see the module docstring)."""
    kind = type(action)
    if kind is Mark:
        return (f"loc-{action.location}",)  # type: ignore[attr-defined]
    if kind is Chart:
        return tuple(f"sec-{s}" for s in action.sections)  # type: ignore[attr-defined]
    if kind is ExtraSection:
        return (f"sec-{action.section}",)  # type: ignore[attr-defined]
    if kind is FinalRoute:
        return tuple(f"sec-{s}" for s in trail_sections(action.crossroads))  # type: ignore[attr-defined]
    if kind is CafeTourists:
        cafe = state.game.city.cafes[action.cafe]  # type: ignore[attr-defined]
        return (f"cross-{cafe.crossroads}",)
    if kind in (PlayCard, PlayHidden, KeepCard, KeepObjective):
        prefix = "objective" if kind is KeepObjective else "card"
        return (f"{prefix}-{action.card}",)  # type: ignore[attr-defined]
    if kind is ChooseRoundCards:
        return tuple(card_key(c) for c in action.cards)  # type: ignore[attr-defined]
    if kind is ChangeCoordinate:
        card = state.draws[0][1 + action.which]  # type: ignore[attr-defined]
        return (card_key(state.game.city.deck[card].id),)
    if kind is Rate:
        return (f"iconic-{action.landmark}",)  # type: ignore[attr-defined]
    return ()


def trail_sections(crossroads: Sequence[int]) -> list[int]:
    """The sections of a trail of crossroads, in order (pairs that are not neighbours skipped)."""
    index = {ends: s for s, ends in enumerate(SECTION_ENDS)}
    found = []
    for a, b in pairwise(crossroads):
        section = index.get((min(a, b), max(a, b)))
        if section is not None:
            found.append(section)
    return found


# --- the board ----------------------------------------------------------------------------


def board_svg(state: EnRouteState, seat: int | None) -> str:
    """The board as `seat` sees it (None: a spectator), from its observation only."""
    game = state.game
    static = _STATIC.get(game)
    if static is None:
        static = _STATIC[game] = game.static_info()
    observation = state.public_observation() if seat is None else state.observation(seat)
    return render_board(observation, static)


def render_board(observation: Mapping[str, Any], static: Mapping[str, Any]) -> str:
    """The maps and the table of one observation, as one SVG."""
    catalogue = _Catalogue(static)
    seat = observation.get("seat")
    out: list[str] = []
    if seat is None:
        width, bottom = _spectator_maps(observation, static, out)
    else:
        width, bottom = _seat_maps(observation, static, seat, out)
    table, height = _table_svg(observation, catalogue, bottom + GAP, width)
    out += table
    head = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="100%" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" '
        'font-family="DejaVu Sans, Verdana, sans-serif" class="board en-route">',
        f"<title>{escape('En Route: ' + static['name'])}</title>",
        f'<rect x="0" y="0" width="{_num(width)}" height="{_num(height)}" fill="#f7f3e8"/>',
    ]
    return "\n".join([*head, *out, "</svg>"])


def _map_options(observation: Mapping[str, Any], static: Mapping[str, Any]) -> dict[str, Any]:
    return {"ratings": observation.get("ratings"), "cafes": static.get("level") != "simplified"}


def _seat_maps(
    observation: Mapping[str, Any], static: Mapping[str, Any], seat: int, out: list[str]
) -> tuple[float, float]:
    """The viewer's map (clickable) and the others' beside it; the width and bottom used."""
    sheets = observation["sheets"]
    team = static.get("mode") == "team"
    objective = observation.get("objective") or {}
    turn = observation.get("turn") or {}
    board_number = static["boards"][sheets[seat]["board"]]["number"]
    out.append(_label(0, LABEL - 7, f"Your map (board {board_number})", bold=True))
    out += _nested_map(
        static,
        sheets[seat],
        0,
        LABEL,
        MAP,
        objective=objective.get("crossroads") or (),
        route=observation.get("final_route") or (),
        targets=True,
        selected=turn.get("location", -1),
        **_map_options(observation, static),
    )
    others = [s for s in range(len(sheets)) if s != seat]
    width = float(MAP)
    bottom = float(LABEL + MAP)
    x = MAP + GAP
    y = 0.0
    for other in others:
        number = static["boards"][sheets[other]["board"]]["number"]
        who = f"Seat {other}"
        if team and other in TEAMS[seat % 2]:
            who += " (teammate)"
        out.append(_label(x, y + LABEL - 7, f"{who}, board {number}", size=FONT * 0.85))
        out += _nested_map(
            static,
            sheets[other],
            x,
            y + LABEL,
            SMALL,
            prefix=f"s{other}-",
            compact=True,
            **_map_options(observation, static),
        )
        y += LABEL + SMALL + GAP / 2
        width = x + SMALL
        bottom = max(bottom, y)
    return width, bottom


def _spectator_maps(
    observation: Mapping[str, Any], static: Mapping[str, Any], out: list[str]
) -> tuple[float, float]:
    """Every seat's map as last shown, two a row; the width and bottom used."""
    sheets = observation["sheets"]
    columns = 1 if len(sheets) == 1 else 2
    size = MAP if columns == 1 else SPECTATOR_MAP
    bottom = 0.0
    for s, sheet in enumerate(sheets):
        row, col = divmod(s, columns)
        x = col * (size + GAP)
        y = row * (LABEL + size + GAP)
        number = static["boards"][sheet["board"]]["number"]
        out.append(_label(x, y + LABEL - 7, f"Seat {s}, board {number}", bold=True))
        out += _nested_map(
            static,
            sheet,
            x,
            y + LABEL,
            size,
            prefix=f"s{s}-",
            compact=True,
            **_map_options(observation, static),
        )
        bottom = y + LABEL + size
    return columns * size + (columns - 1) * GAP, bottom


def _nested_map(
    static: Mapping[str, Any],
    sheet: Mapping[str, Any],
    x: float,
    y: float,
    size: float,
    **options: Any,
) -> list[str]:
    """One map drawn `MAP` units wide, scaled into a `size` square at (x, y)."""
    return [
        f'<svg x="{_num(x)}" y="{_num(y)}" width="{_num(size)}" height="{_num(size)}" '
        f'viewBox="0 0 {MAP} {MAP}">',
        f"<title>{escape(map_title(static, sheet))}</title>",
        *map_svg(static, sheet, width=MAP, **options),
        "</svg>",
    ]


def _label(x: float, y: float, text: str, bold: bool = False, size: float = FONT) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}"{weight} '
        f'fill="{INK}">{escape(text)}</text>'
    )


# --- the table ----------------------------------------------------------------------------


class _Flow:
    """Panels (a title over a row of items) placed left to right, wrapping at `width`."""

    def __init__(self, left: float, top: float, width: float) -> None:
        self.left = left
        self.width = width
        self.x = left
        self.y = top
        self.row_h = 0.0
        self.out: list[str] = []

    def panel(self, title: str, items: Sequence[tuple[float, float, Any]]) -> None:
        """Place a panel of items `(width, height, draw)`; `draw(x, y)` gives its elements."""
        if not items:
            return
        gap = 6.0
        item_w = max(w for w, _, _ in items)
        item_h = max(h for _, h, _ in items)
        per_row = max(1, int((self.width + gap) // (item_w + gap)))
        rows = -(-len(items) // per_row)
        panel_w = min(len(items), per_row) * (item_w + gap) - gap
        panel_w = max(panel_w, len(title) * FONT * 0.58)
        panel_h = LABEL + rows * (item_h + gap)
        if self.x > self.left and self.x + panel_w > self.left + self.width:
            self.x = self.left
            self.y += self.row_h + GAP / 2
            self.row_h = 0.0
        self.out.append(_label(self.x, self.y + LABEL - 8, title, bold=True, size=FONT * 0.95))
        for i, (_, _, draw) in enumerate(items):
            row, col = divmod(i, per_row)
            self.out += draw(self.x + col * (item_w + gap), self.y + LABEL + row * (item_h + gap))
        self.x += panel_w + GAP * 1.5
        self.row_h = max(self.row_h, panel_h)

    def lines(self, texts: Sequence[str], size: float = FONT) -> None:
        """Full-width lines of text on a row of their own."""
        if self.x > self.left:
            self.x = self.left
            self.y += self.row_h + GAP / 2
            self.row_h = 0.0
        for text in texts:
            self.y += size * 1.35
            self.out.append(_label(self.left, self.y, text, size=size))
        self.y += size * 0.6

    @property
    def bottom(self) -> float:
        return self.y + self.row_h


def _table_svg(
    observation: Mapping[str, Any], catalogue: _Catalogue, top: float, width: float
) -> tuple[list[str], float]:
    """Status, cards, objectives, ratings and Goals under the maps; the picture's height."""
    seat = observation.get("seat")
    flow = _Flow(0, top, width)
    flow.lines(_status_lines(observation, catalogue, seat, width))
    round_cards = list(observation.get("round_cards") or ())
    flow.panel(
        "Round cards",
        [_card_item(catalogue, c, "a Round card") for c in round_cards],
    )
    placed = [p for p in observation.get("placed") or () if p["card"] not in round_cards]
    mine = set(observation.get("round_choice") or ())
    flow.panel(
        "Placed cards",
        [
            _card_item(
                catalogue,
                p["card"],
                f"placed by {_who(p['seat'], seat)}"
                + (", one of your Round cards" if p["card"] in mine else ""),
            )
            if p["card"]
            else _back_item(f"placed face down by {_who(p['seat'], seat)}")
            for p in placed
        ],
    )
    sequence = observation.get("sequence") or []
    flow.panel(
        "Card Sequence",
        [
            _back_item(f"Card Sequence position {i + 1}, face down")
            if card == "face down"
            else _card_item(catalogue, card, f"Card Sequence position {i + 1}, face up")
            for i, card in enumerate(sequence)
            if card is not None
        ],
    )
    if seat is not None:
        hand = observation.get("hand") or []
        flow.panel("Your hand", [_card_item(catalogue, c, "in your hand") for c in hand])
        flow.panel(
            "Personal Objectives offered: keep one",
            [_objective_item(catalogue, o) for o in observation.get("objective_offer") or ()],
        )
    ratings = observation.get("ratings") or {}
    flow.panel("Iconic Landmark ratings", [_rating_item(catalogue, i, ratings) for i in ratings])
    goals = observation.get("goals") or []
    if goals:
        texts = []
        for goal_id in goals:
            goal = catalogue.goals[goal_id]
            points = f"({goal['achiever']} PP, best {goal['winner']} PP)"
            line = f"Goal {goal_id}: {goal['text']} {points}"
            texts += textwrap.wrap(line, int(width / (FONT * 0.55)), subsequent_indent="    ")
        flow.lines(texts, size=FONT * 0.9)
    return flow.out, flow.bottom + GAP


def _who(other: int, seat: int | None) -> str:
    return "you" if other == seat else f"seat {other}"


def _status_lines(
    observation: Mapping[str, Any], catalogue: _Catalogue, seat: int | None, width: float
) -> list[str]:
    """`Round 3 of 10, active player seat 1` and, on the seat's drawing turn, its numbers and
    the step it is at (STEP_HELP: the seat's own board is the one place that may say it)."""
    rounds = observation["rounds"]
    if observation["phase"] == "over":
        return [f"Round {rounds} of {rounds}: game over"]
    text = f"Round {min(observation['round'], rounds)} of {rounds}"
    if len(observation["sheets"]) > 1:
        text += f", active player: {_who(observation['active'], seat)}"
    lines = [text]
    turn = observation.get("turn")
    if turn and seat is not None:
        values = list(turn["values"])
        numbers = [catalogue.cards[c]["number"] for c in turn["cards"]]
        line = f"Your drawing turn: coordinates {values[0]} and {values[1]}"
        if values != numbers:
            line += f" (changed from {numbers[0]} and {numbers[1]})"
        lines.append(line)
        step = " ".join(_step_help(turn, observation["sheets"][seat], catalogue))
        lines += textwrap.wrap(step, int(width / (FONT * 0.56)))
    return lines


def _step_help(
    turn: Mapping[str, Any], sheet: Mapping[str, Any], catalogue: _Catalogue
) -> list[str]:
    """The STEP_HELP texts of the step a drawing turn is at, filled in."""
    cafes = catalogue.info["cafes"]
    if turn.get("pending_cafes"):
        cafe = cafes[turn["pending_cafes"][0]]
        return [
            STEP_HELP["cafe"].format(
                cafe=cafe["name"],
                tourists=tourists_text(tourist_counts(cafe["tourists"]), short=False),
                location=location_name(turn["location"]),
            )
        ]
    unused = set(sheet.get("cafes_gained") or ()) - set(sheet.get("cafes_used") or ())
    bonuses = list(sheet.get("balance") or ())
    if catalogue.info.get("level") != "simplified":
        bonuses += [cafes[k]["bonus"] for k in unused]
    stage = turn["stage"]
    if stage == "place":
        a, b = turn["values"]
        if matching_locations(catalogue, sheet["board"], a, b, sheet.get("occupied") or ()):
            texts = [STEP_HELP["place"].format(a=a, b=b, tourists=_turn_tourists(turn, catalogue))]
        else:
            texts = [STEP_HELP["place_fallback"].format(a=a, b=b)]
        if "coordinate_change" in bonuses:
            texts.append(STEP_HELP["coordinate"])
        return texts
    if stage == "chart":
        if turn.get("fallback"):
            texts = [STEP_HELP["chart_fallback"]]
        else:
            texts = [STEP_HELP["chart"].format(location=location_name(turn["location"]))]
        if "route_section" in bonuses:
            texts.append(STEP_HELP["route_bonus"])
        return texts
    return [STEP_HELP["extras"]]


def _turn_tourists(turn: Mapping[str, Any], catalogue: _Catalogue) -> str:
    """The tourists the turn's Round cards give (Repeat cards: 2 more of the other's type)."""
    cards = [catalogue.cards[c] for c in turn["cards"]]
    repeats = [card["kind"] == "repeat" for card in cards]
    if all(repeats):
        return "2 tourists of one type of your choice"
    counts = [tourist_counts(card["tourists"]) for card in cards]
    total = tuple(a + b for a, b in zip(*counts, strict=True))
    text = tourists_text(total, short=False)
    if any(repeats):
        kinds = [t for t, n in zip(TOURIST_TYPES, total, strict=True) if n]
        text += f" plus 2 more {' or '.join(kinds)} (the Repeat card)"
    return text


Item = tuple[float, float, Any]


def _card_item(catalogue: _Catalogue, card_id: str, where: str) -> Item:
    """A face-up card: its coordinate number, tourists (shapes and counts), Iconic symbols."""
    card = catalogue.cards[card_id]

    def draw(x: float, y: float) -> list[str]:
        out = [
            f'<g class="card" data-target={quoteattr(card_key(card_id))}>',
            f"<title>{escape(catalogue.card_text(card_id) + ', ' + where)}</title>",
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="{CARD_FILL}" stroke="#555555" stroke-width="1.5"/>',
            f'<text x="{_num(x + 7)}" y="{_num(y + 24)}" font-size="22" font-weight="bold" '
            f'fill="{INK}">{card["number"]}</text>',
        ]
        if card["kind"] == "repeat":
            out.append(
                f'<text x="{_num(x + CARD_W / 2)}" y="{_num(y + 52)}" font-size="12" '
                f'font-weight="bold" text-anchor="middle" fill="{ROUTE}">Repeat</text>'
            )
        else:
            out += _tourists_svg(tourist_counts(card["tourists"]), x, y + 6, CARD_W)
        for i, iconic in enumerate(card["iconic"]):
            cy = y + 68 - 10 * i
            out.append(
                f'<rect x="{_num(x + 5)}" y="{_num(cy - 6)}" width="7" height="7" fill="#7a7a7a" '
                f'transform="rotate(45 {_num(x + 8.5)} {_num(cy - 2.5)})"/>'
            )
            out.append(
                f'<text x="{_num(x + 15)}" y="{_num(cy)}" font-size="8.5" fill="#4d4d4d">'
                f"{escape(iconic)}</text>"
            )
        out.append(
            f'<text x="{_num(x + CARD_W / 2)}" y="{_num(y + CARD_H - 6)}" font-size="8" '
            f'text-anchor="middle" fill="#6b6b6b">{escape(card_id)}</text>'
        )
        out.append("</g>")
        return out

    return CARD_W, CARD_H, draw


def _back_item(what: str) -> Item:
    """A card lying face down: nothing to read, nothing to click."""

    def draw(x: float, y: float) -> list[str]:
        return [
            '<g class="card face-down">',
            f"<title>{escape(what)}</title>",
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="{BACK_FILL}" stroke="#3e2723" stroke-width="1.5"/>',
            f'<text x="{_num(x + CARD_W / 2)}" y="{_num(y + CARD_H / 2 + 4)}" font-size="10" '
            f'text-anchor="middle" fill="#ffffff">face down</text>',
            "</g>",
        ]

    return CARD_W, CARD_H, draw


def _objective_item(catalogue: _Catalogue, objective_id: str) -> Item:
    """A Personal Objective card: its three crossroads on a small 7 x 7 grid."""
    points = catalogue.objective_crossroads(objective_id) or []

    def draw(x: float, y: float) -> list[str]:
        names = " ".join(crossroads_name(c) for c in points)
        out = [
            f'<g class="objective" data-target={quoteattr(f"objective-{objective_id}")}>',
            f"<title>{escape(f'Personal Objective {objective_id}: crossroads {names}')}</title>",
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="{CARD_FILL}" stroke="{ROUTE}" stroke-width="1.5"/>',
        ]
        step = (CARD_W - 14) / 6
        for c in range(49):
            cy_, cx_ = divmod(c, 7)
            px, py = x + 7 + cx_ * step, y + 8 + cy_ * step
            if c in points:
                out.append(
                    f'<rect x="{_num(px - 3.5)}" y="{_num(py - 3.5)}" width="7" height="7" '
                    f'fill="{ROUTE}" transform="rotate(45 {_num(px)} {_num(py)})"/>'
                )
            else:
                out.append(f'<circle cx="{_num(px)}" cy="{_num(py)}" r="1.2" fill="#9e9e9e"/>')
        out.append(
            f'<text x="{_num(x + CARD_W / 2)}" y="{_num(y + CARD_H - 8)}" font-size="8" '
            f'text-anchor="middle" fill="{INK}">{escape(objective_id)}</text>'
        )
        out.append("</g>")
        return out

    return CARD_W, CARD_H, draw


def _rating_item(catalogue: _Catalogue, iconic_id: str, ratings: Mapping[str, int]) -> Item:
    """An Iconic Landmark's rating track: the PP of each box, the marked ones shaded."""
    iconic = catalogue.iconic[iconic_id]
    track = list(iconic["track"])
    now = ratings.get(iconic_id)
    marks = track.index(now) if now in track else -1

    def draw(x: float, y: float) -> list[str]:
        out = [
            f'<g class="rating" data-target={quoteattr(f"iconic-{iconic_id}")}>',
            f"<title>{escape(catalogue.iconic_rating(iconic_id, ratings))}</title>",
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{RATING_W}" height="{RATING_H}" rx="5" '
            f'fill="{CARD_FILL}" stroke="#7a7a7a" stroke-width="1.5"/>',
            f'<text x="{_num(x + 6)}" y="{_num(y + 15)}" font-size="10.5" font-weight="bold" '
            f'fill="{INK}">{escape(iconic["name"])}</text>',
        ]
        box = (RATING_W - 12) / max(len(track), 1)
        for i, pp in enumerate(track):
            bx = x + 6 + i * box
            fill = "#bdbdbd" if i <= marks else "#ffffff"
            stroke = ROUTE if i == marks else "#9e9e9e"
            width = 2.5 if i == marks else 1
            out.append(
                f'<rect x="{_num(bx + 1)}" y="{_num(y + 21)}" width="{_num(box - 2)}" '
                f'height="21" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
            )
            out.append(
                f'<text x="{_num(bx + box / 2)}" y="{_num(y + 36)}" font-size="11" '
                f'text-anchor="middle" font-weight="{"bold" if i == marks else "normal"}" '
                f'fill="{INK}">{pp}</text>'
            )
        out.append("</g>")
        return out

    return RATING_W, RATING_H, draw
