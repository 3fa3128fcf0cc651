"""The table under the maps of the En Route board: what is said and what lies on the table.

Lines first (the round and who is active; on the viewer's own drawing turn the step it is at,
with its numbers; the final route to choose; the final routes drawn on the maps, spelt out),
then panels of cards: the Round cards, the cards placed this round, the solo Card Sequence, the
viewer's hand, the Personal Objectives offered to it, the Iconic Landmark ratings; then the
Goals and the key to crossroads names. Built from one observation and the game's static
content only (svg.py draws the maps above it). Seats are named as the presentation names them
("Player 2", or "you" for the viewer); cards, objectives and places by present_words.py.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core.phrases import plural
from tabletrip.core.render import svg_number as num
from tabletrip.games.en_route.content import TOURIST_TYPES, Card, City
from tabletrip.games.en_route.help import STEP_HELP
from tabletrip.games.en_route.present_public import is_beginning_round
from tabletrip.games.en_route.present_words import (
    card_by_id,
    card_words,
    objective_crossroads,
    objective_words,
    place_at,
    seat_name,
    tourists_words,
)
from tabletrip.games.en_route.svg_map import INK, ROUTE, tourists_svg

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteGame

Obs = Mapping[str, Any]
GAP = 16
LABEL = 24  # the line above a map or a table panel
FONT = 14
CARD_W, CARD_H = 64, 88
RATING_W, RATING_H = 190, 48
CARD_FILL = "#fffdf6"
BACK_FILL = "#6d4c41"
CARD_KINDS = {"global": "Global", "repeat": "Repeat"}  # the line at a card's foot
CROSSROADS_KEY = (
    "Crossroads are named (x, y) by the small numbers 0 to 6 along the bottom (x) and the "
    "right side (y) of each map; the bold numbers along its top and left are the board's "
    "coordinates, horizontal and vertical."
)
FINAL_CHOICE = (
    "Now: choose your final route, one unbroken line along your drawn sections. Click a drawn "
    "section for the best routes through it; any other valid route may be typed."
)

ACTIVE_PHASES = ("first_card", "second_card", "keep_card", "rate", "draw")

Draw = Callable[[float, float], list[str]]
Item = tuple[float, float, Draw]  # (width, height, draw(x, y))


def card_key(card_id: str) -> str:
    """The board key of a card wherever it lies (hand, table, Card Sequence)."""
    return f"card-{card_id}"


def who(seat: int, viewer: int | None) -> str:
    """`you` for the viewer, else `Player 2`."""
    return "you" if seat == viewer else seat_name(seat)


def label(x: float, y: float, text: str, bold: bool = False, size: float = FONT) -> str:
    """One line of text at (x, y)."""
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}"{weight} '
        f'fill="{INK}">{escape(text)}</text>'
    )


class _Flow:
    """Panels (a title over a row of items) placed left to right, wrapping at `width`."""

    def __init__(self, left: float, top: float, width: float) -> None:
        self.left = left
        self.width = width
        self.x = left
        self.y = top
        self.row_h = 0.0
        self.out: list[str] = []

    def panel(self, title: str, items: Sequence[Item]) -> None:
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
        self.out.append(label(self.x, self.y + LABEL - 8, title, bold=True, size=FONT * 0.95))
        for i, (_, _, draw) in enumerate(items):
            row, col = divmod(i, per_row)
            self.out += draw(self.x + col * (item_w + gap), self.y + LABEL + row * (item_h + gap))
        self.x += panel_w + GAP * 1.5
        self.row_h = max(self.row_h, panel_h)

    def lines(self, texts: Sequence[str], size: float = FONT) -> None:
        """Full-width lines of text on a row of their own."""
        if not texts:
            return
        if self.x > self.left:
            self.x = self.left
            self.y += self.row_h + GAP / 2
            self.row_h = 0.0
        for text in texts:
            self.y += size * 1.35
            self.out.append(label(self.left, self.y, text, size=size))
        self.y += size * 0.6

    @property
    def bottom(self) -> float:
        """The lowest point used so far."""
        return self.y + self.row_h


def wrap(text: str, width: float, size: float = FONT, indent: str = "") -> list[str]:
    """`text` in lines that fit `width` units at font `size` (`indent` after the first)."""
    return textwrap.wrap(
        text, max(20, int(width / (size * 0.56))), subsequent_indent=indent, break_on_hyphens=False
    )


def table_svg(
    game: EnRouteGame,
    observation: Obs,
    top: float,
    width: float,
    route_lines: Sequence[str] = (),
) -> tuple[list[str], float]:
    """Status, cards, objectives, ratings and Goals under the maps; the picture's height.
    `route_lines` are the legend of the final routes the maps show."""
    city = game.city
    viewer = observation.get("seat")
    flow = _Flow(0, top, width)
    flow.lines(_status_lines(game, observation, width))
    flow.lines([line for text in route_lines for line in wrap(text, width, FONT * 0.9)], FONT * 0.9)
    round_cards = list(observation.get("round_cards") or ())
    flow.panel("Round cards", [_card_item(city, c, "a Round card") for c in round_cards])
    placed = [p for p in observation.get("placed") or () if p["card"] not in round_cards]
    mine = set(observation.get("round_choice") or ())
    flow.panel(
        "Placed cards",
        [
            _card_item(
                city,
                p["card"],
                f"placed by {who(p['seat'], viewer)}"
                + (", one of your Round cards" if p["card"] in mine else ""),
            )
            if p["card"]
            else _back_item(f"A card placed face down by {who(p['seat'], viewer)}")
            for p in placed
        ],
    )
    flow.panel(
        "Card Sequence",
        [
            _back_item(f"Card Sequence position {i + 1}, face down")
            if card == "face down"
            else _card_item(city, card, f"Card Sequence position {i + 1}, face up")
            for i, card in enumerate(observation.get("sequence") or ())
            if card is not None
        ],
    )
    if viewer is not None:
        hand = observation.get("hand") or []
        flow.panel("Your hand", [_card_item(city, c, "in your hand") for c in hand])
        offer = observation.get("objective_offer") or ()
        flow.panel(
            "Personal Objectives offered: keep one",
            [_objective_item(city, o, n) for n, o in enumerate(offer)],
        )
    ratings = observation.get("ratings") or {}
    flow.panel(
        "Iconic Landmark ratings",
        [_rating_item(city, k, ratings) for k, i in enumerate(city.iconic_ids) if i in ratings],
    )
    flow.lines(_goal_lines(game, observation, width), size=FONT * 0.9)
    flow.lines(wrap(CROSSROADS_KEY, width, FONT * 0.8), size=FONT * 0.8)
    return flow.out, flow.bottom + GAP


def _goal_lines(game: EnRouteGame, observation: Obs, width: float) -> list[str]:
    texts: list[str] = []
    for goal_id in observation.get("goals") or ():
        goal = next((g for g in game.city.goals if g.id == goal_id), None)
        if goal is None:
            continue
        if game.solo:
            points = "(complete it for the Challenge)"
        else:
            points = f"(Goal Achiever {goal.achiever} PP, Goal Winner {goal.winner} PP)"
        texts += wrap(f"Goal {goal.id}: {goal.text} {points}", width, FONT * 0.9, "    ")
    return texts


def _status_lines(game: EnRouteGame, observation: Obs, width: float) -> list[str]:
    """`Round 3 of 10, active player: Player 2` and, on the viewer's drawing turn, its numbers
    and the step it is at (STEP_HELP: the seat's own board is the one place that may say it);
    the final route to choose when it is the viewer's."""
    viewer = observation.get("seat")
    rounds = observation["rounds"]
    phase = observation["phase"]
    if phase == "over":
        return [f"Round {rounds} of {rounds}: game over"]
    round_number = min(observation["round"], rounds)
    text = f"Round {round_number} of {rounds}"
    # Only a regular round's Tourist selection and Drawing phases have an active player.
    if game.players > 1 and phase in ACTIVE_PHASES and not is_beginning_round(game, round_number):
        text += f", active player: {who(observation['active'], viewer)}"
    lines = [text]
    turn = observation.get("turn")
    if turn and viewer is not None:
        values = list(turn["values"])
        cards = [_card(game.city, c) for c in turn["cards"]]
        numbers = [c.number if c else v for c, v in zip(cards, values, strict=True)]
        line = f"Your drawing turn: coordinates {values[0]} and {values[1]}"
        if values != numbers:
            line += f" (changed from {numbers[0]} and {numbers[1]})"
        lines.append(line)
        step = " ".join(_step_help(game, turn, observation["sheets"][viewer], cards))
        lines += wrap(step, width)
    elif phase == "final_route" and observation["current_player"] == viewer:
        lines += wrap(FINAL_CHOICE, width)
    return lines


def _card(city: City, card_id: str) -> Card | None:
    return card_by_id(city, card_id)


def _step_help(game: EnRouteGame, turn: Obs, sheet: Obs, cards: Sequence[Card | None]) -> list[str]:
    """The STEP_HELP texts of the step a drawing turn is at, filled in."""
    city = game.city
    board = sheet["board"]
    if turn.get("pending_cafes"):
        cafe = city.cafes[turn["pending_cafes"][0]]
        return [
            STEP_HELP["cafe"].format(
                cafe=cafe.name,
                tourists=tourists_words(cafe.tourists),
                location=place_at(city, board, turn["location"]),
            )
        ]
    bonuses = list(sheet.get("balance") or ())
    if game.use_cafes:
        unused = set(sheet.get("cafes_gained") or ()) - set(sheet.get("cafes_used") or ())
        bonuses += [city.cafes[k].bonus for k in unused]
    stage = turn["stage"]
    if stage == "place":
        a, b = turn["values"]
        occupied = set(sheet.get("occupied") or ())
        if any(loc not in occupied for loc in city.matching(board, a, b)):
            texts = [STEP_HELP["place"].format(a=a, b=b, tourists=_turn_tourists(cards))]
        else:
            texts = [STEP_HELP["place_fallback"].format(a=a, b=b)]
        if "coordinate_change" in bonuses:
            texts.append(STEP_HELP["coordinate"])
        return texts
    if stage == "chart":
        if turn.get("fallback"):
            texts = [STEP_HELP["chart_fallback"]]
        else:
            texts = [STEP_HELP["chart"].format(location=place_at(city, board, turn["location"]))]
        if "route_section" in bonuses:
            texts.append(STEP_HELP["route_bonus"])
        return texts
    return [STEP_HELP["extras"]]


def _turn_tourists(cards: Sequence[Card | None]) -> str:
    """The tourists the turn's Round cards give (Repeat cards: 2 more of the other's type)."""
    known = [c for c in cards if c is not None]
    repeats = [c.is_repeat for c in known]
    if known and all(repeats):
        return "2 tourists of one type of your choice"
    total = tuple(sum(c.tourists[i] for c in known) for i in range(3))
    text = tourists_words(total)
    if any(repeats):
        kinds = [t for t, n in zip(TOURIST_TYPES, total, strict=True) if n]
        text += f" plus 2 more {' or '.join(kinds)} (the Repeat card)"
    return text


# --- the items of the panels ------------------------------------------------------------------


def _card_item(city: City, card_id: str, where: str) -> Item:
    """A face-up card: its coordinate number, tourists (shapes and counts), Iconic symbols."""
    card = _card(city, card_id)

    def draw(x: float, y: float) -> list[str]:
        if card is None:
            return []
        out = [
            f'<g class="card" data-target={quoteattr(card_key(card_id))}>',
            f"<title>{escape(card_words(city, card) + ', ' + where)}</title>",
            f'<rect x="{num(x)}" y="{num(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="{CARD_FILL}" stroke="#555555" stroke-width="1.5"/>',
            f'<text x="{num(x + 7)}" y="{num(y + 24)}" font-size="22" font-weight="bold" '
            f'fill="{INK}">{card.number}</text>',
        ]
        if card.is_repeat:
            out.append(
                f'<text x="{num(x + CARD_W / 2)}" y="{num(y + 52)}" font-size="12" '
                f'font-weight="bold" text-anchor="middle" fill="{ROUTE}">Repeat</text>'
            )
        else:
            out += tourists_svg(card.tourists, x, y + 6, CARD_W)
        for i, iconic in enumerate(card.iconic):
            cy = y + 68 - 10 * i
            out.append(
                f'<rect x="{num(x + 5)}" y="{num(cy - 6)}" width="7" height="7" fill="#7a7a7a" '
                f'transform="rotate(45 {num(x + 8.5)} {num(cy - 2.5)})"/>'
            )
            out.append(
                f'<text x="{num(x + 15)}" y="{num(cy)}" font-size="8.5" fill="#4d4d4d">'
                f"{escape(city.iconic_names[iconic])}</text>"
            )
        out.append(
            f'<text x="{num(x + CARD_W / 2)}" y="{num(y + CARD_H - 6)}" font-size="8" '
            f'text-anchor="middle" fill="#6b6b6b">'
            f"{escape(CARD_KINDS.get(card.kind, city.name))}</text>"
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
            f'<rect x="{num(x)}" y="{num(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="{BACK_FILL}" stroke="#3e2723" stroke-width="1.5"/>',
            f'<text x="{num(x + CARD_W / 2)}" y="{num(y + CARD_H / 2 + 4)}" font-size="10" '
            f'text-anchor="middle" fill="#ffffff">face down</text>',
            "</g>",
        ]

    return CARD_W, CARD_H, draw


def _objective_item(city: City, objective_id: str, position: int) -> Item:
    """A Personal Objective card offered: its three crossroads on a small 7 x 7 grid, named as
    the presentation names the offer ("Personal Objective 1")."""
    points = objective_crossroads(city, objective_id)
    name = f"Personal Objective {position + 1}"

    def draw(x: float, y: float) -> list[str]:
        out = [
            f'<g class="objective" data-target={quoteattr(f"objective-{objective_id}")}>',
            f"<title>{escape(f'{name}: {objective_words(points)}')}</title>",
            f'<rect x="{num(x)}" y="{num(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="{CARD_FILL}" stroke="{ROUTE}" stroke-width="1.5"/>',
        ]
        step = (CARD_W - 14) / 6
        for c in range(49):
            cy_, cx_ = divmod(c, 7)
            px, py = x + 7 + cx_ * step, y + 8 + cy_ * step
            if c in points:
                out.append(
                    f'<rect x="{num(px - 3.5)}" y="{num(py - 3.5)}" width="7" height="7" '
                    f'fill="{ROUTE}" transform="rotate(45 {num(px)} {num(py)})"/>'
                )
            else:
                out.append(f'<circle cx="{num(px)}" cy="{num(py)}" r="1.2" fill="#9e9e9e"/>')
        out.append(
            f'<text x="{num(x + CARD_W / 2)}" y="{num(y + CARD_H - 8)}" font-size="8" '
            f'text-anchor="middle" fill="{INK}">Objective {position + 1}</text>'
        )
        out.append("</g>")
        return out

    return CARD_W, CARD_H, draw


def rating_words(city: City, iconic: int, ratings: Mapping[str, int]) -> str:
    """`School of Illusion and Pottery: 6 PP (1 upgrade)`."""
    track = city.iconic_tracks[iconic]
    pp = ratings.get(city.iconic_ids[iconic], track[0])
    upgrades = f" ({plural(track.index(pp), 'upgrade')})" if pp in track else ""
    return f"{city.iconic_names[iconic]}: {pp} PP{upgrades}"


def _rating_item(city: City, iconic: int, ratings: Mapping[str, int]) -> Item:
    """An Iconic Landmark's rating track: the PP of each box, the marked ones shaded."""
    iconic_id = city.iconic_ids[iconic]
    track = list(city.iconic_tracks[iconic])
    now = ratings.get(iconic_id)
    marks = track.index(now) if now in track else -1

    def draw(x: float, y: float) -> list[str]:
        out = [
            f'<g class="rating" data-target={quoteattr(f"iconic-{iconic_id}")}>',
            f"<title>{escape(rating_words(city, iconic, ratings))}</title>",
            f'<rect x="{num(x)}" y="{num(y)}" width="{RATING_W}" height="{RATING_H}" rx="5" '
            f'fill="{CARD_FILL}" stroke="#7a7a7a" stroke-width="1.5"/>',
            f'<text x="{num(x + 6)}" y="{num(y + 15)}" font-size="10.5" font-weight="bold" '
            f'fill="{INK}">{escape(city.iconic_names[iconic])}</text>',
        ]
        box = (RATING_W - 12) / max(len(track), 1)
        for i, pp in enumerate(track):
            bx = x + 6 + i * box
            fill = "#bdbdbd" if i <= marks else "#ffffff"
            stroke = ROUTE if i == marks else "#9e9e9e"
            width = 2.5 if i == marks else 1
            out.append(
                f'<rect x="{num(bx + 1)}" y="{num(y + 21)}" width="{num(box - 2)}" '
                f'height="21" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
            )
            out.append(
                f'<text x="{num(bx + box / 2)}" y="{num(y + 36)}" font-size="11" '
                f'text-anchor="middle" font-weight="{"bold" if i == marks else "normal"}" '
                f'fill="{INK}">{pp}</text>'
            )
        out.append("</g>")
        return out

    return RATING_W, RATING_H, draw
