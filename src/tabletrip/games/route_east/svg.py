"""The Route East board as one seat sees it (SVG), and what each action is about on it.

The picture is a pure function of the seat's observation (or the public one for a
spectator) and the board: the map (svg_map.py, drawn once per board), every piece, the card
piles, the viewer's own attractions and, of the others, only the attractions that are face up
(visited, or a seat's last one). Every title and label speaks the game: places by name,
players as "Player 2 (blue)" (their pieces show their numbers), never an id.

Every element a move can be about carries a `data-target` key, and `action_targets` names
the keys of one action, so a web page can highlight the legal moves on the board itself and
play the one clicked. The keys:

- `space-<id>` (`space-tr-ankara`), a space: where a `move`, a `train` or a `sail` (the far
  port) goes; the Border a `cross` is at (and the boat, from a Caspian port); where `end`
  spends the night; the attraction of a `camp`.
- `road-<a>|<b>`, a road, its ends in the board file's order: the road a `move` takes.
- `seat-<k>`, seat k's piece: `target seat k`, `play <card> on seat k`.
- `ignition-deck`, `border-deck`, `action-deck`, the card piles: `ignition`, `border`, `take`.

`stay`, `accept`, `hell no`, `discard`, `roll` and cards played on nobody are about nothing on
the board: their targets are `()`. Each target is a `<g>`, never inside another one (a page
dims the targets not legal now), holding a child of class `hit`: a transparent area a little
larger than the drawing, to click (a page may paint it to highlight).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core import Action
from tabletrip.core.labels import SVG_FONT, text_width
from tabletrip.core.phrases import plural
from tabletrip.core.render import svg_number as _num
from tabletrip.games.route_east.actions import (
    Camp,
    ChooseTarget,
    Cross,
    DrawBorder,
    DrawIgnition,
    EndTurn,
    FreightTrain,
    Move,
    Play,
    Sail,
    TakeAction,
)
from tabletrip.games.route_east.content import Board
from tabletrip.games.route_east.layout import SPACE_R, Point
from tabletrip.games.route_east.nights import way_back
from tabletrip.games.route_east.phases import AT_SEA, MOVES
from tabletrip.games.route_east.present_words import seat_title, space_name
from tabletrip.games.route_east.svg_labels import attraction_labels
from tabletrip.games.route_east.svg_map import (
    AttractionMark,
    map_parts,
    road_keys,
    space_svg,
    space_target,
)
from tabletrip.games.route_east.svg_style import (
    BACKGROUND,
    INK,
    KIND_STYLE,
    LEGEND_FONT,
    LEGEND_KINDS,
    MINE,
    PIECE_R,
    PILE_H,
    PILE_W,
    ROAD_WORDS,
    SEA_INK,
    no_trains_mark,
    piece,
    road_line,
    space_symbol,
    tag,
    toll_mark,
)

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState

PILES = (
    ("ignition", "ignition-deck", "Ignition"),
    ("border", "border-deck", "Border"),
    ("action", "action-deck", "Action"),
)
"""The card piles drawn on the board: (deck name in the observation, target key, label)."""
PILE_FILL = {"ignition": "#f6c36b", "border": "#f3a27f", "action": "#a9cdec"}
PILE_WORDS = {
    "ignition": "draw one to start a turn",
    "border": "at a Border, draw one to cross",
    "action": "a move takes one",
}

_ACTION_PILES: dict[type, str] = {
    DrawIgnition: "ignition-deck",
    DrawBorder: "border-deck",
    TakeAction: "action-deck",
}


def seat_target(seat: int) -> str:
    """The key of a seat's piece: `seat-2`."""
    return f"seat-{seat}"


# --- the board picture ----------------------------------------------------------------------


def page_svg(state: RouteEastState, seat: int | None) -> str:
    """The board as `seat` sees it (None: a spectator) on the page: as wide as the page, every
    element a move can be about marked `data-target`."""
    return render_svg(state, seat, width=None)


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
    title = "Route East" + (f", as {seat_title(seat, None)} sees it" if seat is not None else "")
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
    with a `<title>` and a `data-target` key (see the module docstring). `width` None leaves
    the size to the page (`width="100%"`, the height from the viewBox).
    """
    parts = map_parts(board)
    pts = parts.points
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
    labeller = parts.labeller.fork(pins + rings)
    own = [(pts[board.index[m.space]], m.name) for m in attractions if m.mine]
    own_labels = attraction_labels(own, labeller)
    boxes = labeller.placed
    left = min([0.0] + [b[0] for b in boxes]) - 14
    top = min([0.0] + [b[1] for b in boxes]) - 16
    right = max([parts.width] + [b[2] for b in boxes]) + 14
    bottom = max([parts.height] + [b[3] for b in boxes]) + 12
    view_w = right - left
    piles_h, piles_out = 0.0, list[str]()
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
        f'font-family="{SVG_FONT}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{_num(left)}" y="{_num(top)}" width="{_num(view_w)}" height="{_num(view_h)}" '
        f'fill="{BACKGROUND}"/>',
        parts.base,
    ]
    marks: dict[str, list[AttractionMark]] = {}
    for mark in attractions:
        marks.setdefault(mark.space, []).append(mark)
    out.append('<g id="spaces">')
    for space, drawn in enumerate(parts.spaces):
        marked = marks.get(board.space_ids[space])
        if marked:
            drawn = "\n".join(space_svg(board, space, pts[space], marked, viewer))
        out.append(drawn)
    out.append("</g>")
    out += ['<g id="place-names">', parts.end_labels, *own_labels, "</g>"]
    out += _pieces_svg(board, pts, pieces, viewer, turn_of)
    out += piles_out
    out += legend
    out.append("</svg>")
    return "\n".join(out)


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
        title = f"{label} deck: {plural(count, 'card')}{note}; {PILE_WORDS[name]}"
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
    notes = [f"ATM pile: {plural(decks.get('atm', 0), 'Bank Card')}"]
    if fuel_supply is not None:
        notes.append(f"Fuel Tokens in the supply: {fuel_supply}")
    out.append(
        f'<text x="{_num(x + 4)}" y="{_num(y + PILE_H / 2 + 3)}" '
        f'font-size="{LEGEND_FONT}">{escape("; ".join(notes))}</text>'
    )
    out.append("</g>")
    return PILE_H + 12, out


def _pieces_svg(
    board: Board,
    pts: Sequence[Point],
    pieces: Sequence[str | None],
    viewer: int | None,
    turn_of: int | None,
) -> list[str]:
    """Each seat's piece: a pin in its colour with its player number (the seat whose turn it
    is has a thick ring), side by side on a shared space."""
    out = ['<g id="pieces">']
    together: dict[str, list[int]] = {}
    for seat, space in enumerate(pieces):
        if space is not None:
            together.setdefault(space, []).append(seat)
    for space, seats in together.items():
        here = board.index[space]
        x, y = pts[here]
        for k, seat in enumerate(seats):
            px = x + (k - (len(seats) - 1) / 2) * PIECE_R * 2.1
            py = y - PIECE_R * 2.2
            title = f"{seat_title(seat, viewer)} at {space_name(board, here)}"
            title += ", to play" if seat == turn_of else ""
            out.append(
                f'<g class="piece" data-seat="{seat}" data-space={quoteattr(space)} '
                f'data-target="{seat_target(seat)}"><title>{escape(title)}</title>'
                f'<circle class="hit" cx="{_num(px)}" cy="{_num(py)}" r="{_num(PIECE_R + 1.5)}" '
                'fill="#000000" fill-opacity="0"/>'
                + piece(px, py, seat, seat == turn_of, tip=(x, y - 1))
                + "</g>"
            )
    out.append("</g>")
    return out


def _legend_svg(
    left: float, top: float, width: float, players: int, viewer: int | None
) -> tuple[float, list[str]]:
    """Under the map: space kinds (symbol and name), road kinds, attraction marks, the seats.
    Returns its height and its elements."""
    items: list[tuple[float, str, str]] = []  # (symbol width, symbol at (0, 0), text)
    for kind, text in LEGEND_KINDS:
        shape, fill = KIND_STYLE[kind]
        items.append((12.0, space_symbol(shape, 6, 0, SPACE_R, fill), text))
    for kind in ("normal", "dirt", "toll"):
        line = road_line('x1="0" y1="0" x2="26" y2="0"', kind)
        if kind == "toll":
            line += toll_mark(13, 0)
        items.append((26.0, line, ROAD_WORDS[kind]))
    nt = road_line('x1="0" y1="0" x2="26" y2="0"', "normal") + no_trains_mark(13, 0, 1, 0)
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
            + space_symbol("star", 8, 0, SPACE_R, KIND_STYLE["attraction"][1])
        )
        items.append((16.0, ring, "your attraction (\u2713 visited)"))
    items.append((8.0, tag(4, 0, "#ffffff", INK, "n", True), "visited by Player n"))
    items.append((8.0, tag(4, 0, "#ffffff", INK, "n", False), "Player n's last, face up"))
    for seat in range(players):
        items.append((12.0, piece(PIECE_R, 0, seat, False), seat_title(seat, viewer)))
    out = ['<g id="legend">']
    row_h, pad = 16.0, 12.0
    x, y = pad, row_h * 0.75
    placed = []
    for symbol_w, symbol, text in items:
        item_w = symbol_w + 5 + text_width(text, LEGEND_FONT) + 16
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


# --- what each action is about ----------------------------------------------------------------


def action_targets(state: RouteEastState, action: Action) -> tuple[str, ...]:
    """The keys of the board elements `action` is about (see the module docstring)."""
    board = state.game.board
    seat = state.seat
    here = state.pos[seat]
    kind = type(action)
    if kind in _ACTION_PILES:
        return (_ACTION_PILES[kind],)
    if isinstance(action, Move):
        there = board.index.get(action.space)
        if there is None:
            return ()
        road = road_keys(board).get((here, there))
        return (space_target(action.space),) + ((road,) if road else ())
    if isinstance(action, FreightTrain):
        return (space_target(action.space),) if action.space in board.index else ()
    if isinstance(action, Play | ChooseTarget):
        target = action.target if isinstance(action, Play) else action.seat
        return (seat_target(target),) if 0 <= target < state.game.players else ()
    if isinstance(action, Cross):
        keys: tuple[str, ...] = (space_target(board.space_ids[here]),)
        if here in board.ports and state.phase != MOVES:
            keys += (space_target(board.space_ids[board.boat]),)
        return keys
    if isinstance(action, Sail):
        a, b = board.ports
        port = b if state.country[seat] == board.country[a] else a
        return (space_target(board.space_ids[port]),)
    if isinstance(action, EndTurn):
        night = here
        if state.status[seat] != AT_SEA and not board.rest[here]:
            night = way_back(state, seat)
        return (space_target(board.space_ids[night]),)
    if isinstance(action, Camp):
        return (space_target(board.space_ids[here]),)
    return ()


__all__ = [
    "PILES",
    "action_targets",
    "board_svg",
    "observation_svg",
    "page_svg",
    "render_svg",
    "seat_target",
]
