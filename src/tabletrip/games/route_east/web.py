"""Route East on a clickable board: the `data-target` keys of the SVG and what each action is about.

The SVG board (render.py) marks every element a move can be about with a `data-target` key,
and `action_targets` names the keys of one action, so a web page can highlight the legal moves
on the board itself and play the one clicked. The keys:

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

from typing import TYPE_CHECKING

from tabletrip.core import Action
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
from tabletrip.games.route_east.nights import way_back
from tabletrip.games.route_east.phases import AT_SEA, MOVES

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState

PILES = (
    ("ignition", "ignition-deck", "Ignition"),
    ("border", "border-deck", "Border"),
    ("action", "action-deck", "Action"),
)
"""The card piles drawn on the board: (deck name in the observation, target key, label)."""

_ACTION_PILES: dict[type, str] = {
    DrawIgnition: "ignition-deck",
    DrawBorder: "border-deck",
    TakeAction: "action-deck",
}


def space_target(space_id: str) -> str:
    """The key of a space: `space-tr-ankara`."""
    return f"space-{space_id}"


def road_target(a_id: str, b_id: str) -> str:
    """The key of a road, its ends in the board file's order: `road-tr-bolu|tr-ankara`."""
    return f"road-{a_id}|{b_id}"


def seat_target(seat: int) -> str:
    """The key of a seat's piece: `seat-2`."""
    return f"seat-{seat}"


_ROADS: dict[int, tuple[Board, dict[tuple[int, int], str]]] = {}


def road_keys(board: Board) -> dict[tuple[int, int], str]:
    """The key of the road between two spaces, by (a, b) in either order (cached per board)."""
    cached = _ROADS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    keys: dict[tuple[int, int], str] = {}
    for a, b, _, _ in board.roads:
        key = road_target(board.space_ids[a], board.space_ids[b])
        keys[(a, b)] = key
        keys[(b, a)] = key
    _ROADS[id(board)] = (board, keys)
    return keys


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
        keys = (space_target(board.space_ids[here]),)
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


__all__ = ["PILES", "action_targets", "road_keys", "road_target", "seat_target", "space_target"]
