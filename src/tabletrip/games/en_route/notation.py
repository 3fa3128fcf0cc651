"""Reading En Route's notation where a person may write one move in several ways.

`EnRouteGame.parse_action` reads every other form by matching the legal moves' notation
(actions.py); three forms are read here, because the same move has more than one spelling:

- `route x,y x,y ...`: a final route, from either end (any valid route is accepted, not only
  the listed ones: CONTRACT.md, "Huge choice sets"); written backwards, a listed route is that
  listed move;
- `chart x,y-x,y [x,y-x,y]`: the round's segment, each section's crossroads in either order
  and the two sections in either order (the notation writes them in increasing order);
- `extra x,y-x,y`: a Route section bonus, its crossroads in either order.

A section or a route is read from the text alone; whether it is legal now is the state's
to say (`illegal_reason`), so a well-formed move that breaks a rule gets the rule's reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Action, IllegalAction
from tabletrip.games.en_route.actions import Chart, ExtraSection, FinalRoute
from tabletrip.games.en_route.geometry import crossroads_index, section_between
from tabletrip.games.en_route.phases import FINAL

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteState

ROUTE_HELP = "write the route as crossroads x,y (0-6) in order, for example route 1,1 2,1 2,2"
SECTION_HELP = (
    "write a section as its two neighbouring crossroads x,y-x,y (0-6), for example "
    "chart 2,3-3,3 or chart 1,2-2,2 2,2-2,3"
)


def parse_crossroads(word: str) -> int:
    """`2,3` as a crossroads index; ValueError if it is not x,y with 0-6."""
    parts = word.split(",")
    if len(parts) != 2:
        raise ValueError(word)
    x, y = (int(p) for p in parts)
    if not (0 <= x <= 6 and 0 <= y <= 6):
        raise ValueError(word)
    return crossroads_index(x, y)


def parse_section(word: str) -> int:
    """`2,3-3,3` or `3,3-2,3` as a section index; ValueError if it is not one."""
    ends = word.split("-")
    if len(ends) != 2:
        raise ValueError(word)
    section = section_between(parse_crossroads(ends[0]), parse_crossroads(ends[1]))
    if section is None:
        raise ValueError(word)
    return section


def parse_spelled(text: str, state: EnRouteState) -> Action | None:
    """The move `text` writes when it is a route, a chart or an extra section; None for
    any other word; IllegalAction when such a move is malformed."""
    words = text.strip().lower().split()
    if not words:
        return None
    if words[0] == "route":
        return _route(text, words[1:], state)
    if words[0] in ("chart", "extra"):
        try:
            sections = tuple(sorted(parse_section(w) for w in words[1:]))
        except ValueError:
            raise IllegalAction(f"{text.strip()!r}: {SECTION_HELP}") from None
        if words[0] == "chart" and 1 <= len(sections) <= 2:
            return Chart(sections)
        if words[0] == "extra" and len(sections) == 1:
            return ExtraSection(sections[0])
        wanted = "1 or 2 sections" if words[0] == "chart" else "1 section"
        raise IllegalAction(f"{text.strip()!r}: {words[0]} takes {wanted}; {SECTION_HELP}")
    return None


def _route(text: str, words: list[str], state: EnRouteState) -> FinalRoute:
    try:
        trail = tuple(parse_crossroads(w) for w in words)
    except ValueError:
        raise IllegalAction(f"{text.strip()!r}: {ROUTE_HELP}") from None
    backwards = trail[::-1]
    if trail and state.phase == FINAL and backwards != trail:
        for action in state.legal_actions():
            if isinstance(action, FinalRoute) and action.crossroads == backwards:
                return action
    return FinalRoute(trail)
