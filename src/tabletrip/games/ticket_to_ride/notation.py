"""Reading Ticket to Ride moves typed by a person, forgivingly.

Besides the exact notation (`str(action)`), these are understood (case and spacing ignored):
`blind` (or `deck`), `take red` (or just `red`), `locomotive`, `tickets`, `pass`,
`claim Denver-Omaha` or `claim r12` with an optional colour and Locomotive count
(`claim Denver-Omaha red + 1 locomotive`; without a count the fewest Locomotives are used),
`keep all` or `keep t3 t17` (ticket ids) or `keep Denver-El Paso, Boston-Miami`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tabletrip.core import Action, IllegalAction
from tabletrip.games.ticket_to_ride.actions import (
    Claim,
    DrawBlind,
    DrawTickets,
    KeepTickets,
    Pass,
    TakeFaceUp,
    TakeLocomotive,
)

if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideState

_WORDS = {
    "blind": DrawBlind,
    "deck": DrawBlind,
    "draw": DrawBlind,
    "tickets": DrawTickets,
    "pass": Pass,
}
_LOCO_COUNT = re.compile(r"(\d+)\s*(?:x\s*)?(?:loco|locomotives?)\b")


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("+", " + ").split())


def parse_move(text: str, state: TicketToRideState) -> Action:
    """The legal action a person meant by `text`; IllegalAction saying what is accepted."""
    wanted = _norm(text)
    legal = state.legal_actions()
    for action in legal:
        if _norm(str(action)) == wanted:
            return action
    if not wanted:
        raise IllegalAction("type a move, for example: " + _examples(legal))
    first = wanted.split()[0]
    if first == "keep":
        return _pick(_keeps(wanted, legal), text, legal, "keep")
    if first == "claim" or "-" in wanted:
        found = _claims(wanted, legal, state.game.board.colors)
        if not found:
            _explain_claim(wanted, text, state)
        return _pick(found, text, legal, "claim")
    if wanted in ("locomotive", "loco", "take locomotive", "take loco"):
        for action in legal:
            if isinstance(action, TakeLocomotive) or (
                isinstance(action, TakeFaceUp) and action.card == "locomotive"
            ):
                return action
    if first == "take" or wanted in state.game.card_index:
        card = wanted.removeprefix("take").strip()
        card = "locomotive" if card == "loco" else card
        return _pick(
            [a for a in legal if isinstance(a, TakeFaceUp) and a.card == card], text, legal, "take"
        )
    kind = _WORDS.get(wanted)
    if kind is not None:
        return _pick([a for a in legal if isinstance(a, kind)], text, legal, wanted)
    raise IllegalAction(f"{text.strip()!r} is not a move: try {_examples(legal)}")


def _claims(wanted: str, legal: list[Action], colors: tuple[str, ...]) -> list[Action]:
    claims = [a for a in legal if isinstance(a, Claim)]
    route_id = re.search(r"\br(\d+)\b", wanted)
    if route_id:
        claims = [c for c in claims if c.route == int(route_id.group(1))]
    else:
        claims = [c for c in claims if _names_route(wanted, c.name)]
    named = [color for color in colors if re.search(rf"\b{color}\b", wanted)]
    if named:
        claims = [c for c in claims if c.color in named]
    count = _LOCO_COUNT.search(wanted)
    if count:
        used = int(count.group(1))
        claims = [c for c in claims if c.locomotives == used]
    elif not named and re.search(r"\blocomotives?\b|\bloco\b", wanted):
        claims = [c for c in claims if c.color == "locomotive"]
    elif claims:
        # No count given: use the fewest Locomotives for each colour.
        fewest: dict[str, Claim] = {}
        for claim in claims:
            best = fewest.get(claim.color)
            if best is None or claim.locomotives < best.locomotives:
                fewest[claim.color] = claim
        claims = list(fewest.values())
        if len(claims) > 1:
            claims = [c for c in claims if c.color != "locomotive"] or claims
    # The two routes of a double of the same colour are the same move: take the first.
    if len({(c.name, c.color, c.locomotives) for c in claims}) == 1:
        return claims[:1]
    return claims


def _explain_claim(wanted: str, text: str, state: TicketToRideState) -> None:
    """A named route that cannot be claimed now: raise the rule that stops it."""
    board = state.game.board
    route_id = re.search(r"\br(\d+)\b", wanted)
    routes = [
        route
        for route in board.routes
        if (route_id and route.id == int(route_id.group(1)))
        or (not route_id and _names_route(wanted, board.route_name(route)))
    ]
    if not routes:
        return
    hand = state.hands[state.current_player]
    locos = hand[board.loco]
    named = [c for c in board.colors if re.search(rf"\b{c}\b", wanted)]
    plural = "s" if locos != 1 else ""
    for route in routes:
        name = board.route_name(route)
        # A payment the hand surely has, so that any rule other than the cards shows first.
        reason = state.illegal_reason(Claim(route.id, name, "locomotive", route.length))
        if reason is not None and "Locomotives, not" not in reason:
            raise IllegalAction(f"{text.strip()!r}: {reason}")
        if route.is_gray and not named:
            need = f"{route.length} cards of one colour"
            have = f"at most {max(hand[: board.loco])} of one colour"
        else:
            color = named[0] if named else route.color
            if not route.is_gray and color != route.color:
                raise IllegalAction(f"{text.strip()!r}: {name} is {route.color}, not {color}")
            need = f"{route.length} {color} cards"
            have = f"{hand[state.game.card_index[color]]} {color}"
        raise IllegalAction(
            f"{text.strip()!r}: {name} needs {need} (Locomotives count as any colour); "
            f"you have {have} and {locos} Locomotive{plural}"
        )


def _names_route(wanted: str, name: str) -> bool:
    a, b = (part.lower() for part in name.split("-", 1))
    return f"{a}-{b}" in wanted or f"{b}-{a}" in wanted


def _keeps(wanted: str, legal: list[Action]) -> list[Action]:
    keeps = [a for a in legal if isinstance(a, KeepTickets)]
    if wanted == "keep all":
        return keeps[:1]  # the largest choice is listed first
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
    shown = "; ".join(str(a) for a in actions[:most])
    return shown + (f" (and {len(actions) - most} more)" if len(actions) > most else "")
