"""En Route for a browser: the clickable board and the board keys of every action.

The board (`page_svg`) shows a seat its own map large (the one it draws on: clickable), the
other seats' maps small as it has last seen them, and under them the table (svg_table.py): the
Round cards, the cards placed this round, the solo Card Sequence, the seat's hand, the Personal
Objectives offered to it, the Iconic Landmark ratings and the Goals. A spectator sees every map
at the same size and no hand. A final route is drawn on its map as a gold line once the viewer
may see it (its own once chosen, every seat's when the game is over), and the table spells it
out. Everything is drawn from one observation and the game's static content only, so a board
shows exactly what its viewer may know; one map is drawn by svg_map.py.

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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from tabletrip.core import Action
from tabletrip.core.labels import SVG_FONT
from tabletrip.core.render import svg_number as num
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
from tabletrip.games.en_route.present_words import TEAMS, seat_name
from tabletrip.games.en_route.svg_map import (
    MapOptions,
    map_svg,
    map_title,
    route_summary,
    trail_sections,
)
from tabletrip.games.en_route.svg_table import FONT, GAP, LABEL, card_key, label, table_svg

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteGame, EnRouteState

__all__ = ["action_targets", "card_key", "page_svg", "render_board", "trail_sections"]

MAP = 600  # the viewer's map (viewBox units); the SVG scales to its container's width
SMALL = 200  # the other seats' maps beside it
SPECTATOR_MAP = 400  # every map, for a spectator

Obs = Mapping[str, Any]


# --- keys ---------------------------------------------------------------------------------


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


# --- the board ----------------------------------------------------------------------------


def page_svg(state: EnRouteState, seat: int | None) -> str:
    """The board as `seat` sees it (None: a spectator), from its observation only."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    return render_board(state.game, observation)


def render_board(game: EnRouteGame, observation: Obs) -> str:
    """The maps and the table of one observation, as one SVG."""
    seat = observation.get("seat")
    out: list[str] = []
    if seat is None:
        width, bottom = _spectator_maps(game, observation, out)
    else:
        width, bottom = _seat_maps(game, observation, seat, out)
    legend = _route_legend(game, observation)
    table, height = table_svg(game, observation, bottom + GAP, width, legend)
    out += table
    head = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="100%" '
        f'viewBox="0 0 {num(width)} {num(height)}" '
        f'font-family="{SVG_FONT}" class="board en-route">',
        f"<title>{escape('En Route: ' + game.city.name)}</title>",
        f'<rect x="0" y="0" width="{num(width)}" height="{num(height)}" fill="#f7f3e8"/>',
    ]
    return "\n".join([*head, *out, "</svg>"])


def final_routes(observation: Obs) -> list[tuple[int, ...] | None]:
    """Per seat, the final route its viewer may see (crossroads in order, () for none): its
    own once chosen, every seat's once the game is over (revealed with the result); None
    where no route is visible."""
    revealed = observation.get("final_routes")
    if revealed is not None:
        return [tuple(route or ()) for route in revealed]
    routes: list[tuple[int, ...] | None] = [None] * len(observation["sheets"])
    own = observation.get("final_route")
    viewer = observation.get("seat")
    if viewer is not None and own is not None:
        routes[viewer] = tuple(own)
    return routes


def _whose(seat: int, viewer: int | None) -> str:
    return "Your" if seat == viewer else f"{seat_name(seat)}'s"


def _route_legend(game: EnRouteGame, observation: Obs) -> list[str]:
    """`Your final route (the gold line on your map), 14 sections: (1, 3)–...`: one line per
    visible route."""
    viewer = observation.get("seat")
    lines = []
    for seat, route in enumerate(final_routes(observation)):
        if route is None:
            continue
        whose = _whose(seat, viewer)
        if len(route) < 2:
            lines.append(f"{whose} final route: none, no section was drawn.")
            continue
        where = "your map" if seat == viewer else "its map"
        summary = route_summary(game.city, route, game.use_cafes)
        lines.append(f"{whose} final route (the gold line on {where}), {summary}")
    return lines


def _map_options(game: EnRouteGame, observation: Obs, seat: int, **more: Any) -> MapOptions:
    route = final_routes(observation)[seat] or ()
    viewer = observation.get("seat")
    return MapOptions(
        ratings=observation.get("ratings"),
        route=route,
        route_label=f"{_whose(seat, viewer)} final route",
        cafes=game.use_cafes,
        **more,
    )


def _seat_title(game: EnRouteGame, seat: int, viewer: int | None) -> str:
    """`Player 2`, `Player 3, your teammate` (team mode)."""
    title = seat_name(seat)
    if game.team and viewer is not None and seat in TEAMS[viewer % 2]:
        title += ", your teammate"
    return title


def _seat_maps(
    game: EnRouteGame, observation: Obs, seat: int, out: list[str]
) -> tuple[float, float]:
    """The viewer's map (clickable) and the others' beside it; the width and bottom used."""
    city = game.city
    sheets = observation["sheets"]
    objective = observation.get("objective") or {}
    turn = observation.get("turn") or {}
    board = sheets[seat]["board"]
    out.append(label(0, LABEL - 7, f"Your map (board {city.board_numbers[board]})", bold=True))
    options = _map_options(
        game,
        observation,
        seat,
        objective=tuple(objective.get("crossroads") or ()),
        selected=turn.get("location", -1),
    )
    out += _nested_map(game, sheets[seat], 0, LABEL, MAP, options, "Your map", targets=True)
    width = float(MAP)
    bottom = float(LABEL + MAP)
    x = MAP + GAP
    y = 0.0
    for other in (s for s in range(len(sheets)) if s != seat):
        title = _seat_title(game, other, seat)
        number = city.board_numbers[sheets[other]["board"]]
        out.append(label(x, y + LABEL - 7, f"{title}, board {number}", size=FONT * 0.85))
        out += _nested_map(
            game,
            sheets[other],
            x,
            y + LABEL,
            SMALL,
            _map_options(game, observation, other),
            f"{seat_name(other)}'s map",
            prefix=f"s{other}-",
            compact=True,
        )
        y += LABEL + SMALL + GAP / 2
        width = x + SMALL
        bottom = max(bottom, y)
    return width, bottom


def _spectator_maps(game: EnRouteGame, observation: Obs, out: list[str]) -> tuple[float, float]:
    """Every seat's map as last shown, two a row; the width and bottom used."""
    sheets = observation["sheets"]
    columns = 1 if len(sheets) == 1 else 2
    size = MAP if columns == 1 else SPECTATOR_MAP
    bottom = 0.0
    for s, sheet in enumerate(sheets):
        row, col = divmod(s, columns)
        x = col * (size + GAP)
        y = row * (LABEL + size + GAP)
        number = game.city.board_numbers[sheet["board"]]
        out.append(label(x, y + LABEL - 7, f"{seat_name(s)}, board {number}", bold=True))
        out += _nested_map(
            game,
            sheet,
            x,
            y + LABEL,
            size,
            _map_options(game, observation, s),
            f"{seat_name(s)}'s map",
            prefix=f"s{s}-",
            compact=True,
        )
        bottom = y + LABEL + size
    return columns * size + (columns - 1) * GAP, bottom


def _nested_map(
    game: EnRouteGame,
    sheet: Obs,
    x: float,
    y: float,
    size: float,
    options: MapOptions,
    owner: str,
    **drawing: Any,
) -> list[str]:
    """One map drawn `MAP` units wide, scaled into a `size` square at (x, y)."""
    return [
        f'<svg x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" '
        f'viewBox="0 0 {MAP} {MAP}">',
        f"<title>{escape(map_title(game.city, sheet['board'], owner))}</title>",
        *map_svg(game.city, sheet, MAP, options, **drawing),
        "</svg>",
    ]
