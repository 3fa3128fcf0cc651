"""Ticket to Ride for a browser: the clickable board and the board keys of every action.

The board (`board_svg`) is the map of `render.py` (every route with its colour letter, the
key of the letters and the seats' colours under it) plus a card table: the face-up row, the
train card deck, the destination ticket pile and (Europe Express) the Locomotive pile. It is
drawn from one observation and `static_info()` only, like the text view, so it shows a seat
exactly what that seat may know: the claimed routes, the table, and (rings on the map) the
cities of the seat's own tickets and of the tickets offered to it.

Board keys (`data-target` on `<g>` elements, what `action_targets` returns):

| action                | keys                                                        |
|-----------------------|-------------------------------------------------------------|
| claim a route         | `route-<id>` (every way of paying shares it)               |
| take a face-up card   | `face-up-<i>` of every slot showing that colour (0-4)       |
| blind draw            | `deck`                                                      |
| draw tickets          | `tickets`                                                   |
| take a Locomotive (EE)| `locomotive-pile`                                           |
| keep tickets, pass    | none: chosen from the list                                  |
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core import Action
from tabletrip.games.ticket_to_ride.actions import (
    Claim,
    DrawBlind,
    DrawTickets,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.render import (
    BACKGROUND,
    ROUTE_FILL,
    MapLayout,
    _num,
    claimed_routes,
    color_key_svg,
    legend_svg,
    map_colors,
    map_layout,
    map_svg,
    svg_title,
)

if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideGame, TicketToRideState

WIDTH = 1000  # viewBox units; the SVG itself scales to its container's width
DECK, TICKETS, LOCOMOTIVE_PILE = "deck", "tickets", "locomotive-pile"
FACE_UP_SLOTS = 5
LOCOMOTIVE_BANDS = ("#d63031", "#f4d03f", "#2f9e44", "#2e6fd1", "#8e44ad")
DARK_CARDS = {"purple", "blue", "green", "black", "red"}  # cards written in white

_LAYOUTS: WeakKeyDictionary[TicketToRideGame, tuple[dict[str, Any], MapLayout]] = (
    WeakKeyDictionary()
)


def face_up_key(slot: int) -> str:
    """The board key of face-up slot `slot` (0-4, left to right)."""
    return f"face-up-{slot}"


def route_key(route: int) -> str:
    """The board key of route `route`."""
    return f"route-{route}"


def action_targets(state: TicketToRideState, action: Action) -> tuple[str, ...]:
    """The board keys `action` is about (see the module docstring)."""
    kind = type(action)
    if kind is Claim:
        return (route_key(action.route),)  # type: ignore[attr-defined]
    if kind is TakeFaceUp:
        card = state.game.card_index.get(action.card)  # type: ignore[attr-defined]
        return tuple(face_up_key(i) for i, c in enumerate(state.face_up) if c == card)
    if kind is DrawBlind:
        return (DECK,)
    if kind is DrawTickets:
        return (TICKETS,)
    if kind is TakeLocomotive:
        return (LOCOMOTIVE_PILE,)
    return ()


def _static(game: TicketToRideGame) -> tuple[dict[str, Any], MapLayout]:
    """The game's static info and map layout, made once per game (placing names is slow)."""
    cached = _LAYOUTS.get(game)
    if cached is None:
        static = game.static_info()
        cached = _LAYOUTS[game] = (static, map_layout(static, WIDTH))
    return cached


def board_svg(state: TicketToRideState, seat: int | None) -> str:
    """The board as `seat` sees it (None: a spectator), from its observation only."""
    static, layout = _static(state.game)
    observation = state.public_observation() if seat is None else state.observation(seat)
    return render_board(observation, static, layout)


def render_board(
    observation: Mapping[str, Any], static: Mapping[str, Any], layout: MapLayout
) -> str:
    """The map, the seats' colours and the card table of one observation, as an SVG."""
    seat = observation.get("seat")
    owner = {r: s for s, ids in claimed_routes(observation).items() for r in ids}
    left, top, right, bottom = layout.box
    width = layout.width
    key_h = legend_h = width * 0.04
    table_h = width * 0.095
    view_w, view_h = right - left, bottom + key_h + legend_h + table_h - top
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="100%" '
        f'viewBox="{_num(left)} {_num(top)} {_num(view_w)} {_num(view_h)}" '
        'font-family="DejaVu Sans, Verdana, sans-serif" class="board ticket-to-ride">',
        svg_title(static),
        f'<rect x="{_num(left)}" y="{_num(top)}" width="{_num(view_w)}" height="{_num(view_h)}" '
        f'fill="{BACKGROUND}"/>',
    ]
    out += map_svg(static, layout, owner, _city_marks(observation))
    seats = list(range(len(observation["seats"])))
    out += color_key_svg(map_colors(static), bottom, left + width * 0.03, width, key_h)
    out += legend_svg(seats, bottom + key_h, left + width * 0.03, width, legend_h, seat)
    out += _table_svg(observation, static, left + width * 0.03, bottom + key_h + legend_h, width)
    out.append("</svg>")
    return "\n".join(out)


def _city_marks(observation: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """The viewer's ticket cities (solid ring) and offered ticket cities (dashed ring)."""
    marks: dict[str, tuple[str, str]] = {}
    for ticket in observation.get("offer") or ():
        for city in (ticket["a"], ticket["b"]):
            note = f"on the offered ticket t{ticket['id']} {ticket['a']}-{ticket['b']}"
            marks.setdefault(city, ("offered-city", note))
    for ticket in observation.get("tickets") or ():
        done = ", connected" if ticket["completed"] else ""
        for city in (ticket["a"], ticket["b"]):
            note = f"on your ticket t{ticket['id']} {ticket['a']}-{ticket['b']}{done}"
            marks[city] = ("ticket-city", note)
    return marks


def _table_svg(
    observation: Mapping[str, Any],
    static: Mapping[str, Any],
    left: float,
    top: float,
    width: int,
) -> list[str]:
    """The card table: 5 face-up slots, the deck, the ticket pile, the Locomotive pile."""
    card_w, card_h = width * 0.085, width * 0.06
    gap = width * 0.012
    font = width * 0.0135
    y = top + width * 0.022
    out = [
        '<g id="table">',
        f'<text x="{_num(left)}" y="{_num(top + font)}" font-size="{_num(font)}" '
        'fill="#444444">Face-up cards</text>',
    ]
    face_up = list(observation["face_up"])
    x = left
    for slot in range(FACE_UP_SLOTS):
        card = face_up[slot] if slot < len(face_up) else None
        out += _card_svg(face_up_key(slot), x, y, card_w, card_h, font, card, "face-up card")
        x += card_w + gap
    x += gap * 2
    pile_x = x
    deck_size = observation["deck_size"]
    discards = sum(observation["discards"].values())
    out += _pile_svg(
        DECK,
        x,
        y,
        card_w,
        card_h,
        font,
        ("deck", str(deck_size)),
        f"train card deck: {deck_size} cards, draw the top one unseen ({discards} discarded)",
        "#34495e",
        "#ffffff",
    )
    x += card_w + gap
    tickets = observation["ticket_pile_size"]
    out += _pile_svg(
        TICKETS,
        x,
        y,
        card_w,
        card_h,
        font,
        ("tickets", str(tickets)),
        f"destination ticket pile: {tickets} tickets",
        "#e8d9b0",
        "#222222",
    )
    x += card_w + gap
    if static.get("locomotive_pile"):
        count = observation["locomotive_pile"]
        out += _card_svg(
            LOCOMOTIVE_PILE,
            x,
            y,
            card_w,
            card_h,
            font,
            "locomotive" if count else None,
            f"Locomotive pile: {count} left",
            lines=("locomotive", f"{count} left"),
        )
        x += card_w + gap
    notes = []
    if static.get("express_bonus"):
        left_bonus = observation["express_bonus_left"]
        cities = "-".join(static.get("express_cities") or ())
        notes.append(
            f"{cities} bonus: " + (", ".join(str(v) for v in left_bonus) if left_bonus else "none")
        )
    final = observation.get("final_turns_left")
    if final:
        notes.append(f"final round: {final} turn{'s' if final != 1 else ''} left")
    if notes:  # on the label line, above the piles
        out.append(
            f'<text x="{_num(pile_x)}" y="{_num(top + font)}" font-size="{_num(font)}" '
            f'fill="#222222">{escape("; ".join(notes))}</text>'
        )
    out.append("</g>")
    return out


def _card_svg(
    key: str,
    x: float,
    y: float,
    w: float,
    h: float,
    font: float,
    card: str | None,
    what: str,
    lines: Sequence[str] = (),
) -> list[str]:
    """A train card (colour and its name written on it, never colour alone) or an empty slot."""
    rx = _num(h * 0.1)
    box = f'x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" rx="{rx}"'
    classes = "card" + (f" {card}" if card else " empty")
    title = f"{what}: {card}" if card else f"{what}: empty"
    out = [
        f'<g class={quoteattr(classes)} data-target="{key}">',
        f"<title>{escape(title)}</title>",
    ]
    if card is None:
        out.append(
            f'<rect {box} fill="#000000" fill-opacity="0" stroke="#9e9e9e" '
            f'stroke-dasharray="{_num(font * 0.5)}"/>'
        )
        out.append("</g>")
        return out
    if card == "locomotive":
        # Locomotives are every colour: coloured bands above the name.
        out.append(f'<rect {box} fill="#ffffff" stroke="#222222"/>')
        band = h * 0.07
        for i, color in enumerate(LOCOMOTIVE_BANDS):
            out.append(
                f'<rect x="{_num(x + w * 0.08)}" y="{_num(y + h * 0.08 + band * i)}" '
                f'width="{_num(w * 0.84)}" height="{_num(band)}" fill="{color}"/>'
            )
        ink = "#222222"
    else:
        fill = ROUTE_FILL.get(card, "#cccccc")
        out.append(f'<rect {box} fill="{fill}" stroke="#222222"/>')
        ink = "#ffffff" if card in DARK_CARDS else "#222222"
    texts = list(lines) or [card]
    base = y + h * 0.5
    if card == "locomotive":
        base = y + h * (0.72 if len(texts) == 1 else 0.58)
    for i, text in enumerate(texts):
        size = min(font, w * 0.9 / (len(text) * 0.66))  # bold letters: about 0.66 em wide
        out.append(
            f'<text x="{_num(x + w / 2)}" y="{_num(base + font * (0.35 + 1.1 * i))}" '
            f'font-size="{_num(size)}" font-weight="bold" text-anchor="middle" '
            f'fill="{ink}">{escape(text)}</text>'
        )
    out.append("</g>")
    return out


def _pile_svg(
    key: str,
    x: float,
    y: float,
    w: float,
    h: float,
    font: float,
    lines: Sequence[str],
    title: str,
    fill: str,
    ink: str,
) -> list[str]:
    """A face-down pile: its name and how many cards it holds."""
    out = [
        f'<g class="pile" data-target="{key}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{_num(x + w * 0.05)}" y="{_num(y - h * 0.05)}" width="{_num(w)}" '
        f'height="{_num(h)}" rx="{_num(h * 0.1)}" fill="{fill}" stroke="#222222" '
        'opacity="0.6"/>',
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
        f'rx="{_num(h * 0.1)}" fill="{fill}" stroke="#222222"/>',
    ]
    for i, text in enumerate(lines):
        out.append(
            f'<text x="{_num(x + w / 2)}" y="{_num(y + h * 0.42 + font * 1.2 * i)}" '
            f'font-size="{_num(font)}" font-weight="bold" text-anchor="middle" '
            f'fill="{ink}">{escape(text)}</text>'
        )
    out.append("</g>")
    return out
