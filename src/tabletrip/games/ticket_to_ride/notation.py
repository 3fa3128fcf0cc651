"""Reading Ticket to Ride moves typed by a person, forgivingly.

Besides the exact notation (`str(action)`), these are understood (case and spacing ignored):
`blind` (or `deck`), `take red` (or just `red`), `locomotive`, `tickets`, `pass`,
`claim Denver-Omaha red 1` (the route by its cities, either order, then the colour and the
number of Locomotives, each optional: see `notation_claims.py`) or `claim r12 ...`,
`keep all` or `keep t3 t17` (ticket ids) or `keep Denver-El Paso, Boston-Miami`. Names are
compared without case, accents or the kind of dash (`Denver–Omaha` is `Denver-Omaha`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tabletrip.core import Action, IllegalAction
from tabletrip.core.actions import written_as
from tabletrip.core.phrases import first_few
from tabletrip.games.ticket_to_ride.actions import (
    DrawBlind,
    DrawTickets,
    KeepTickets,
    Pass,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.notation_claims import claim_move, fold

if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideState

_WORDS = {
    "blind": DrawBlind,
    "deck": DrawBlind,
    "draw": DrawBlind,
    "tickets": DrawTickets,
    "pass": Pass,
}
_TAKE_FILLER = frozenset(("take", "the", "a", "an", "face-up", "face", "up", "card"))


def _norm(text: str) -> str:
    return " ".join(fold(text).replace("+", " + ").split())


def parse_move(text: str, state: TicketToRideState) -> Action:
    """The legal action a person meant by `text`; IllegalAction saying what is accepted."""
    wanted = _norm(text)
    legal = state.legal_actions()
    found = written_as(wanted, legal, _norm)
    if found is not None:
        return found
    if not wanted:
        raise IllegalAction("type a move, for example: " + _examples(legal))
    first = wanted.split()[0]
    if first == "keep":
        return _pick(_keeps(wanted, legal), text, legal, "keep")
    if first == "claim" or ("-" in wanted and first != "take"):
        return claim_move(text, wanted, state)
    if wanted in ("locomotive", "loco", "take locomotive", "take loco"):
        for action in legal:
            if isinstance(action, TakeLocomotive) or (
                isinstance(action, TakeFaceUp) and action.card == "locomotive"
            ):
                return action
    if first == "take" or wanted in state.game.card_index:
        words = [w for w in wanted.split() if w not in _TAKE_FILLER]
        card = " ".join(words)
        card = "locomotive" if card == "loco" else card
        return _pick(
            [a for a in legal if isinstance(a, TakeFaceUp) and a.card == card], text, legal, "take"
        )
    kind = _WORDS.get(wanted)
    if kind is not None:
        return _pick([a for a in legal if isinstance(a, kind)], text, legal, wanted)
    raise IllegalAction(f"{text.strip()!r} is not a move: try {_examples(legal)}")


def _names_route(wanted: str, name: str) -> bool:
    a, b = (part.lower() for part in name.split("-", 1))
    return f"{a}-{b}" in wanted or f"{b}-{a}" in wanted


def _keeps(wanted: str, legal: list[Action]) -> list[Action]:
    keeps = [a for a in legal if isinstance(a, KeepTickets)]
    if wanted == "keep all":
        return [keeps[0]] if keeps else []  # the largest choice is listed first
    ids = {int(m) for m in re.findall(r"\bt?(\d+)\b", wanted)}
    if ids:
        return [k for k in keeps if set(k.tickets) == ids]
    rest = wanted.removeprefix("keep")
    pairs = [p.strip() for p in rest.split(",") if p.strip()]
    return [
        k
        for k in keeps
        if len(k.names) == len(pairs)
        and all(any(_names_route(p, n) for p in pairs) for n in k.names)
    ]


def _pick(found: list[Action], text: str, legal: list[Action], what: str) -> Action:
    if len(found) == 1:
        return found[0]
    if found:
        raise IllegalAction(f"{text.strip()!r} could mean {_examples(found)}: say which")
    same_kind = [a for a in legal if str(a).startswith(what)]
    hint = _examples(same_kind) if same_kind else _examples(legal)
    raise IllegalAction(f"{text.strip()!r} is not a legal move now: try {hint}")


def _examples(actions: list[Action], most: int = 5) -> str:
    return first_few([str(a) for a in actions], most, "; ")
