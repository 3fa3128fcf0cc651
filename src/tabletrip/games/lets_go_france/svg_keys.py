"""The `data-target` keys of Let's Go! To France's board: each element a decision can be about
is a `<g data-target>` group, and `action_targets` (svg.py) names the keys of one action, so a
web page can highlight the legal choices on the boards themselves and narrow them by the
elements clicked. The keys:

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
to click (a page may paint it to highlight). The keys are for pages, never read by a person:
every target's `<title>` says in words what it is.
"""

from __future__ import annotations

from tabletrip.games.lets_go_france.content import RegionSpec

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


__all__ = [
    "RESEARCH",
    "WILD",
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
