"""Ticket to Ride for a browser: the clickable board and the board keys of every action.

The board (`page_svg`) is the map of `svg_map.py` (every route with its colour letter, the
key of the letters and the seats' colours under it) plus a card table: the face-up row, the
Train Car draw pile (Europe Express: deck), the Destination Ticket pile and (Europe Express)
the Locomotive pile. It is drawn from one observation and `static_info()` only, so it shows
a seat exactly what that seat may know: the claimed routes, the table, and (rings on the
map) the cities of the seat's own tickets and of the tickets offered to it. Its titles and
labels name seats as the presentation does (`Player 2`, `you`).

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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core import Action
from tabletrip.core.labels import SVG_FONT
from tabletrip.core.phrases import listing, plural
from tabletrip.core.render import svg_number as num
from tabletrip.games.ticket_to_ride.actions import (
    Claim,
    DrawBlind,
    DrawTickets,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.content import LOCOMOTIVE
from tabletrip.games.ticket_to_ride.layout import BACKGROUND, ROUTE_FILL, MapLayout, map_layout
from tabletrip.games.ticket_to_ride.present_words import (
    EXPRESS_CARD,
    card_name,
    draw_pile,
    pair,
    route_labels,
    seat_title,
    seat_with_colour,
    ticket_label,
)
from tabletrip.games.ticket_to_ride.svg_map import (
    CityMark,
    claimed_routes,
    color_key_svg,
    legend_svg,
    map_colors,
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


@dataclass(frozen=True, slots=True)
class MapStatic:
    """What a game's board draws from every time, made once per game: the static info, the
    map's layout (placing names is slow) and every route's label by route id."""

    info: dict[str, Any]
    layout: MapLayout
    route_titles: tuple[str, ...]


_STATIC: WeakKeyDictionary[TicketToRideGame, MapStatic] = WeakKeyDictionary()


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


def map_static(game: TicketToRideGame) -> MapStatic:
    """The game's `MapStatic` (cached per game)."""
    cached = _STATIC.get(game)
    if cached is None:
        info = game.static_info()
        cached = _STATIC[game] = MapStatic(info, map_layout(info, WIDTH), route_labels(info))
    return cached


def page_svg(state: TicketToRideState, seat: int | None) -> str:
    """The board as `seat` sees it (None: a spectator), from its observation only."""
    static = map_static(state.game)
    observation = state.public_observation() if seat is None else state.observation(seat)
    return render_board(observation, static)


def seat_names(observation: Mapping[str, Any]) -> list[str]:
    """Each seat as the board names it: `you (blue)` for the viewer, `Player 2 (red)`."""
    viewer = observation.get("seat")
    return [
        seat_with_colour("you" if seat == viewer else seat_title(observation, seat), seat)
        for seat in range(len(observation["seats"]))
    ]


def render_board(observation: Mapping[str, Any], static: MapStatic) -> str:
    """The map, the seats' colours and the card table of one observation, as an SVG."""
    layout, info = static.layout, static.info
    owner = {r: s for s, ids in claimed_routes(observation).items() for r in ids}
    names = seat_names(observation)
    left, top, right, bottom = layout.box
    width = layout.width
    key_h = legend_h = width * 0.04
    table_h = width * 0.095
    view_w, view_h = right - left, bottom + key_h + legend_h + table_h - top
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="100%" '
        f'viewBox="{num(left)} {num(top)} {num(view_w)} {num(view_h)}" '
        f'font-family="{SVG_FONT}" class="board ticket-to-ride">',
        svg_title(info),
        f'<rect x="{num(left)}" y="{num(top)}" width="{num(view_w)}" height="{num(view_h)}" '
        f'fill="{BACKGROUND}"/>',
    ]
    out += map_svg(info, layout, owner, static.route_titles, names, city_marks(observation))
    seats = list(range(len(observation["seats"])))
    out += color_key_svg(map_colors(info), bottom, left + width * 0.03, width, key_h)
    out += legend_svg(seats, names, bottom + key_h, left + width * 0.03, width, legend_h)
    out += _table_svg(observation, info, left + width * 0.03, bottom + key_h + legend_h, width)
    out.append("</svg>")
    return "\n".join(out)


def city_marks(observation: Mapping[str, Any]) -> dict[str, CityMark]:
    """The viewer's ticket cities (solid ring) and offered ticket cities (dashed ring), each
    with the tickets it is on: `on your Destination Ticket Denver–El Paso (4, connected)`."""
    kept: dict[str, list[str]] = {}
    offered: dict[str, list[str]] = {}
    for ticket in observation.get("tickets") or ():
        done = ", connected" if ticket["completed"] else ""
        label = f"{pair(ticket['a'], ticket['b'])} ({ticket['points']}{done})"
        for city in (ticket["a"], ticket["b"]):
            kept.setdefault(city, []).append(label)
    for ticket in observation.get("offer") or ():
        for city in (ticket["a"], ticket["b"]):
            offered.setdefault(city, []).append(
                ticket_label(ticket["a"], ticket["b"], ticket["points"])
            )
    marks: dict[str, CityMark] = {}
    for city in {**offered, **kept}:
        notes = []
        if city in kept:
            word = "Destination Ticket" if len(kept[city]) == 1 else "Destination Tickets"
            notes.append(f"on your {word} {listing(kept[city])}")
        if city in offered:
            word = "ticket" if len(offered[city]) == 1 else "tickets"
            notes.append(f"on the offered {word} {listing(offered[city])}")
        marks[city] = ("ticket-city" if city in kept else "offered-city", "; ".join(notes))
    return marks


def _table_svg(
    observation: Mapping[str, Any],
    static: Mapping[str, Any],
    left: float,
    top: float,
    width: int,
) -> list[str]:
    """The card table: 5 face-up slots, the draw pile, the ticket pile, the Locomotive pile."""
    card_w, card_h = width * 0.085, width * 0.06
    gap = width * 0.012
    font = width * 0.0135
    y = top + width * 0.022
    out = [
        '<g id="table">',
        f'<text x="{num(left)}" y="{num(top + font)}" font-size="{num(font)}" '
        'fill="#444444">Face-up cards</text>',
    ]
    face_up = list(observation["face_up"])
    x = left
    for slot in range(FACE_UP_SLOTS):
        card = face_up[slot] if slot < len(face_up) else None
        out += _card_svg(face_up_key(slot), x, y, card_w, card_h, font, card, "Face-up card")
        x += card_w + gap
    x += gap * 2
    pile_x = x
    pile = draw_pile(bool(static.get("locomotive_pile")))
    deck_size = observation["deck_size"]
    discards = sum(observation["discards"].values())
    out += _pile_svg(
        DECK,
        x,
        y,
        card_w,
        card_h,
        font,
        (pile, str(deck_size)),
        f"Train Car {pile}: {plural(deck_size, 'card')}, draw the top one unseen "
        f"({plural(discards, 'card')} discarded)",
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
        f"Destination Ticket pile: {plural(tickets, 'ticket')}",
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
            LOCOMOTIVE if count else None,
            "Locomotive pile",
            lines=(card_name(LOCOMOTIVE), f"{count} left"),
            title=f"Locomotive pile: {count} left",
        )
        x += card_w + gap
    notes = []
    if static.get("express_bonus"):
        left_bonus = observation["express_bonus_left"]
        cities = pair(*static["express_cities"]) if static.get("express_cities") else ""
        shown = listing([str(v) for v in left_bonus]) + " points" if left_bonus else "none"
        notes.append(f"{EXPRESS_CARD}s ({cities}) left: {shown}")
    final = observation.get("final_turns_left")
    if final:
        notes.append(f"Final round: {plural(final, 'turn')} left")
    if notes:  # on the label line, above the piles
        out.append(
            f'<text x="{num(pile_x)}" y="{num(top + font)}" font-size="{num(font)}" '
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
    title: str = "",
) -> list[str]:
    """A train card (colour and its name written on it, never colour alone) or an empty slot;
    its title says `what` it is and the card (`Face-up card: red`) unless one is given."""
    rx = num(h * 0.1)
    box = f'x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{rx}"'
    classes = "card" + (f" {card}" if card else " empty")
    shown = (card_name(card) if card == LOCOMOTIVE else card) if card else "empty"
    out = [
        f'<g class={quoteattr(classes)} data-target="{key}">',
        f"<title>{escape(title or f'{what}: {shown}')}</title>",
    ]
    if card is None:
        out.append(
            f'<rect {box} fill="#000000" fill-opacity="0" stroke="#9e9e9e" '
            f'stroke-dasharray="{num(font * 0.5)}"/>'
        )
        out.append("</g>")
        return out
    if card == LOCOMOTIVE:
        # Locomotives are every colour: coloured bands above the name.
        out.append(f'<rect {box} fill="#ffffff" stroke="#222222"/>')
        band = h * 0.07
        for i, color in enumerate(LOCOMOTIVE_BANDS):
            out.append(
                f'<rect x="{num(x + w * 0.08)}" y="{num(y + h * 0.08 + band * i)}" '
                f'width="{num(w * 0.84)}" height="{num(band)}" fill="{color}"/>'
            )
        ink = "#222222"
    else:
        fill = ROUTE_FILL.get(card, "#cccccc")
        out.append(f'<rect {box} fill="{fill}" stroke="#222222"/>')
        ink = "#ffffff" if card in DARK_CARDS else "#222222"
    texts = list(lines) or [shown]
    base = y + h * 0.5
    if card == LOCOMOTIVE:
        base = y + h * (0.72 if len(texts) == 1 else 0.58)
    for i, text in enumerate(texts):
        size = min(font, w * 0.9 / (len(text) * 0.66))  # bold letters: about 0.66 em wide
        out.append(
            f'<text x="{num(x + w / 2)}" y="{num(base + font * (0.35 + 1.1 * i))}" '
            f'font-size="{num(size)}" font-weight="bold" text-anchor="middle" '
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
        f'<rect x="{num(x + w * 0.05)}" y="{num(y - h * 0.05)}" width="{num(w)}" '
        f'height="{num(h)}" rx="{num(h * 0.1)}" fill="{fill}" stroke="#222222" '
        'opacity="0.6"/>',
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
        f'rx="{num(h * 0.1)}" fill="{fill}" stroke="#222222"/>',
    ]
    for i, text in enumerate(lines):
        size = min(font, w * 0.9 / (len(text) * 0.66))  # "draw pile" is wider than "deck"
        out.append(
            f'<text x="{num(x + w / 2)}" y="{num(y + h * 0.42 + font * 1.2 * i)}" '
            f'font-size="{num(size)}" font-weight="bold" text-anchor="middle" '
            f'fill="{ink}">{escape(text)}</text>'
        )
    out.append("</g>")
    return out
