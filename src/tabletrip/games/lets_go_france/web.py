"""Let's Go! To France on a clickable board: the SVG's `data-target` keys and what each action
is about.

The SVG (render.py) marks every element a decision can be about with a `data-target` key, and
`action_targets` names the keys of one action, so a web page can highlight the legal choices on
the boards themselves and narrow them by the elements clicked. The keys:

- `day-<day>` (`day-monday`), a day's column, and `slot-<day>-<n>`, the place in it where a
  card would go (0: tucked under the top, the column's length: the new Highlight of the Day):
  a `place` or `explore`.
- `hand-<card>`, a card in the viewer's hand: the card a `place` or `explore` plays, the cards
  a `discard` after a Research token names.
- `choice-<i>`, a card offered to choose from (the two a goal tile drew, the two passed to the
  solo travel agent): `choose i`.
- `favour-<day>`, a day's Favourable Condition token, and `row-<r>`, a reward row: `favour
  flip` (the token), `favour row r` (the token and the row), a goal's `row r` (the row).
- `icon-<icon>`, an experience track row: `icon <icon>`, `wild <icon>` (with `wild`, the Wild
  tokens); `research`, the Research tokens: `research`.
- `space-<id>`, a town of the regional map, `path-<a>|<b>` a solid path and `dotted-<a>|<b>`
  a dotted one (ends in the content file's order): `travel` (the town, and the path taken from
  the town the Traveler is on), `dotted` (the town and the dotted path).

`done`, `skip travel`, `favour skip` and choosing an opponent are about nothing on the board:
their targets are `()`. Each target is a `<g>`, never inside another one (a page dims the
targets not legal now), holding a child of class `hit`: a transparent area over the element,
to click (a page may paint it to highlight).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Action
from tabletrip.games.lets_go_france.actions import (
    ChooseCard,
    ChooseIcon,
    ChooseRow,
    DiscardThree,
    DottedPath,
    Favour,
    Place,
    SpendWild,
    Travel,
    UseResearch,
)
from tabletrip.games.lets_go_france.content import DAYS, RegionSpec

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoState

WILD = "wild"
RESEARCH = "research"


def day_target(day: str) -> str:
    """The key of a day's column: `day-monday`."""
    return f"day-{day}"


def slot_target(day: str, slot: int) -> str:
    """The key of a place in a day's column: `slot-monday-0` (the top)."""
    return f"slot-{day}-{slot}"


def hand_target(card: str) -> str:
    """The key of a card in the viewer's hand, by its id: `hand-baguette`."""
    return f"hand-{card}"


def choice_target(choice: int) -> str:
    """The key of a card offered to choose from: `choice-0`."""
    return f"choice-{choice}"


def favour_target(day: str) -> str:
    """The key of a day's Favourable Condition token: `favour-monday`."""
    return f"favour-{day}"


def row_target(row: int) -> str:
    """The key of a reward row: `row-0`."""
    return f"row-{row}"


def icon_target(icon: str) -> str:
    """The key of an experience track row: `icon-art`."""
    return f"icon-{icon}"


def space_target(space: str) -> str:
    """The key of a town on the regional map: `space-tours`."""
    return f"space-{space}"


def path_target(a: str, b: str, dotted: bool) -> str:
    """The key of a path, its ends in the content file's order: `path-tours|amboise`."""
    return f"{'dotted' if dotted else 'path'}-{a}|{b}"


_PATHS: dict[int, tuple[RegionSpec, dict[tuple[str, str, bool], str]]] = {}


def path_keys(region: RegionSpec) -> dict[tuple[str, str, bool], str]:
    """The key of the path between two towns, by (a, b, dotted) in either order (cached)."""
    cached = _PATHS.get(id(region))
    if cached is not None and cached[0] is region:
        return cached[1]
    keys: dict[tuple[str, str, bool], str] = {}
    for path in region.paths:
        key = path_target(path.a, path.b, path.dotted)
        keys.setdefault((path.a, path.b, path.dotted), key)
        keys.setdefault((path.b, path.a, path.dotted), key)
    _PATHS[id(region)] = (region, keys)
    return keys


def action_targets(state: LetsGoState, action: Action) -> tuple[str, ...]:
    """The keys of the board elements `action` is about (see the module docstring)."""
    if isinstance(action, Place):
        return (
            hand_target(action.card),
            day_target(action.day),
            slot_target(action.day, action.slot),
        )
    if isinstance(action, DiscardThree):
        return tuple(dict.fromkeys(hand_target(card) for card in action.cards))
    if isinstance(action, Travel | DottedPath):
        return _travel_targets(state, action.space, isinstance(action, DottedPath))
    if isinstance(action, Favour):
        return _favour_targets(state, action)
    if isinstance(action, ChooseRow):
        return (row_target(action.row),)
    if isinstance(action, ChooseIcon):
        return (icon_target(action.icon),)
    if isinstance(action, SpendWild):
        return (icon_target(action.icon), WILD)
    if isinstance(action, UseResearch):
        return (RESEARCH,)
    if isinstance(action, ChooseCard):
        head = state.pending[0][0] if state.pending else None
        return (choice_target(action.choice),) if head in ("goal_card", "agent_order") else ()
    return ()


def _travel_targets(state: LetsGoState, space: str, dotted: bool) -> tuple[str, ...]:
    """The town a Travel action or a dotted path goes to, and the path from the Traveler."""
    game = state.game
    if space not in game.space_index:
        return ()
    here = state.traveler[state.seat]
    if here < 0:
        return (space_target(space),)
    path = path_keys(game.region).get((game.region.spaces[here].id, space, dotted))
    return (space_target(space),) + ((path,) if path else ())


def _favour_targets(state: LetsGoState, action: Favour) -> tuple[str, ...]:
    """`flip`: the day's token; `row`: the token and the row it moves to; `skip`: nothing."""
    head = state.pending[0] if state.pending else None
    if action.choice == "skip" or head is None or head[0] != "favour":
        return ()
    token = favour_target(DAYS[head[1]])
    if action.choice == "row":
        return (token, row_target(action.row))
    return (token,)


__all__ = [
    "RESEARCH",
    "WILD",
    "action_targets",
    "choice_target",
    "day_target",
    "favour_target",
    "hand_target",
    "icon_target",
    "path_keys",
    "path_target",
    "row_target",
    "slot_target",
    "space_target",
]
