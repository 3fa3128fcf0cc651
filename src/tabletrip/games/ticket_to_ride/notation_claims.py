"""Reading a claim typed by a person: `claim Denver-Omaha red 1` and every longer form.

A claim names its route by the two cities (either order, joined by a hyphen, an en dash or a
space; `r12`, the route's number in the map file, as records write it), then optionally how
to pay: a colour (`red`), a number of Locomotives (`red 1`, `red + 1 locomotive`), a number
of coloured cards (`3 red and 1 Locomotive`, as the move reads in words), `locomotives` for
all Locomotives, and for the two routes of a double that share a colour, the track's compass
word (`western`, `west`). Without a count the fewest Locomotives are used; the two routes of
a same-coloured double are one move unless a track is named. Whatever is unclear or wrong
gets one line naming what would be understood.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletrip.core import Action, IllegalAction
from tabletrip.core.phrases import first_few
from tabletrip.core.words import fold as fold_words
from tabletrip.games.ticket_to_ride.actions import Claim
from tabletrip.games.ticket_to_ride.content import LOCOMOTIVE, Board, Route

if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideState

# Words a claim may hold that say nothing of the route or the payment ("with 3 red and ...").
_FILLER_WORDS = (
    "claim with and a an the route track card cards of + - x using gray grey by on pay in "
    "for train trains"
)
_FILLER = frozenset(_FILLER_WORDS.split())
_LOCO_WORDS = frozenset(("loco", "locos", "locomotive", "locomotives"))
_TRACKS = frozenset(
    ("east", "northeast", "north", "northwest", "west", "southwest", "south", "southeast")
)
_ROUTE_ID = re.compile(r"\br(\d+)\b")
_BRACKETS = re.compile(r"\(([^)]*)\)")
_SHORT_OF_LOCOMOTIVES = re.compile(r"you have \d+ Locomotives?, not")
_CITY_PATTERNS: dict[int, tuple[Board, re.Pattern[str]]] = {}


def fold(text: str) -> str:
    """Lower case without accents, dashes as hyphens: how typed names are compared."""
    return re.sub(r"\s*[-\u2013\u2014]\s*", "-", fold_words(text))


def track_key(word: str) -> str:
    """A compass word as compared: `north-western`, `northwestern` and `north-west` are
    `northwest`; `western track` is `west`."""
    word = word.removesuffix(" track").replace("-", "").replace(" ", "")
    return word.removesuffix("ern")


@dataclass(frozen=True, slots=True)
class ClaimWanted:
    """What a typed claim says: the routes it names and how it would pay."""

    routes: tuple[int, ...]
    colours: tuple[str, ...]
    colour_cards: int | None
    locomotives: int | None
    all_locomotives: bool
    track: str | None
    unknown: tuple[str, ...]
    problem: str  # "" when the route part is understood


def _city_pattern(board: Board) -> re.Pattern[str]:
    cached = _CITY_PATTERNS.get(id(board))
    if cached is None or cached[0] is not board:
        names = sorted({fold(c) for c in board.cities}, key=len, reverse=True)
        pattern = re.compile(
            r"(?<![a-z0-9])(" + "|".join(re.escape(n) for n in names) + r")(?![a-z0-9])"
        )
        cached = _CITY_PATTERNS[id(board)] = (board, pattern)
    return cached[1]


def _bracket_words(board: Board) -> Callable[[re.Match[str]], str]:
    """What is kept of a bracket (`(4 purple)`, `(2 gray, western track)`, as a route reads
    in words): its colour and track, not its length (a count there is no payment)."""

    def keep(match: re.Match[str]) -> str:
        words = match.group(1).replace(",", " ").split()
        kept = [w for w in words if w in board.colors or track_key(w) in _TRACKS]
        return " " + " ".join(kept) + " "

    return keep


def read_claim(wanted: str, board: Board) -> ClaimWanted:
    """What the claim `wanted` (already folded) says, against the map `board`."""
    text = _BRACKETS.sub(_bracket_words(board), wanted)
    routes: tuple[int, ...] = ()
    problem = ""
    route_id = _ROUTE_ID.search(text)
    if route_id:
        number = int(route_id.group(1))
        text = text[: route_id.start()] + " " + text[route_id.end() :]
        if number < len(board.routes):
            routes = (number,)
        else:
            last = len(board.routes) - 1
            problem = f"this map has no route number {number} (they go 0 to {last})"
    index = {fold(name): i for i, name in enumerate(board.cities)}
    cities: list[int] = []
    for match in _city_pattern(board).finditer(text):
        cities.append(index[match.group(1)])
    text = _city_pattern(board).sub(" ", text)
    words = _words(text)
    colours, counts, unknown, track, all_locos = _read_payment(words, board)
    if not route_id:
        routes, problem = _routes_of(board, cities, unknown)
    return ClaimWanted(
        routes=routes,
        colours=tuple(colours),
        colour_cards=counts[0],
        locomotives=counts[1],
        all_locomotives=all_locos,
        track=track,
        unknown=tuple(unknown),
        problem=problem,
    )


def _words(text: str) -> list[str]:
    """The words left once the cities are taken out, two-word compass words joined."""
    words = [w.strip(".,;:!?-") for w in text.replace("+", " + ").replace(",", " ").split()]
    joined: list[str] = []
    for word in words:
        if not word:
            continue
        if joined and joined[-1] in ("north", "south") and track_key(word) in ("east", "west"):
            joined[-1] += word
            continue
        joined.append(word)
    return joined


def _read_payment(
    words: Sequence[str], board: Board
) -> tuple[list[str], list[int | None], list[str], str | None, bool]:
    """Colours named, (coloured cards, Locomotives) counts, unknown words, track, and
    whether Locomotives were named without a count."""
    colours: list[str] = []
    counts: list[int | None] = [None, None]
    unknown: list[str] = []
    track = None
    locos_named = False
    position = 0
    while position < len(words):
        word = words[position]
        position += 1
        if word.isdigit():
            following = words[position] if position < len(words) else ""
            if following == "x":
                position += 1
                following = words[position] if position < len(words) else ""
            if following in board.colors:
                counts[0] = int(word)
                colours.append(following)
                position += 1
            else:
                counts[1] = int(word)
                if following in _LOCO_WORDS:
                    position += 1
        elif word in board.colors:
            colours.append(word)
        elif word in _LOCO_WORDS:
            locos_named = True
        elif track_key(word) in _TRACKS:
            track = track_key(word)
        elif word not in _FILLER:
            unknown.append(word)
    all_locos = locos_named and not colours and counts[1] is None
    return list(dict.fromkeys(colours)), counts, unknown, track, all_locos


def _routes_of(
    board: Board, cities: Sequence[int], unknown: Sequence[str]
) -> tuple[tuple[int, ...], str]:
    """The routes between the cities named, or why the text names none."""
    named = list(dict.fromkeys(cities))
    names = [board.cities[c] for c in named]
    strange = f"; {unknown[0]!r} is not a city of this map" if unknown else ""
    if not named:
        return (), "no city of this map is named" + strange
    if len(named) == 1:
        return (), f"only one city is named ({names[0]}){strange}"
    between = [r.id for r in board.routes if r.a in named and r.b in named and r.a != r.b]
    pairs = {frozenset((board.routes[r].a, board.routes[r].b)) for r in between}
    if len(pairs) == 1:
        return tuple(between), ""
    if not pairs:
        return (), f"no route joins {_and(names)}"
    return (), f"{_and(names)} are more than the two cities of one route"


def _and(parts: Sequence[str]) -> str:
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def example_route(board: Board) -> Route:
    """A route to show the notation with: the map's first coloured route of 2 spaces or more."""
    return next((r for r in board.routes if not r.is_gray and r.length > 1), board.routes[0])


def short_form(claim: Claim, board: Board, tracks: Mapping[int, str]) -> str:
    """The shortest claim notation naming exactly `claim`: `claim Denver-Omaha purple 1`,
    `claim Denver-Omaha 4 locomotives`, `claim Portland-Seattle red western`."""
    route = board.routes[claim.route]
    text = f"claim {board.route_name(route)}"
    if claim.color == LOCOMOTIVE:
        plural = "locomotive" if claim.locomotives == 1 else "locomotives"
        if board.twin[claim.route] >= 0 and claim.route not in tracks and not route.is_gray:
            text += f" {route.color}"  # which of a double's two colours
        text += f" {claim.locomotives} {plural}"
    else:
        text += f" {claim.color}" + (f" {claim.locomotives}" if claim.locomotives else "")
    track = tracks.get(claim.route)
    return text + (f" {track.removesuffix(' track')}" if track else "")


def _fits(claim: Claim, wanted: ClaimWanted, board: Board, tracks: Mapping[int, str]) -> bool:
    """Whether the claim is one the text describes: a colour named is the cards' colour, or
    for Locomotives only, the route's own colour (which of a double's two)."""
    route = board.routes[claim.route]
    named = wanted.colours
    if (
        named
        and claim.color not in named
        and (claim.color != LOCOMOTIVE or route.color not in named)
    ):
        return False
    length = route.length
    if wanted.colour_cards is not None and (
        claim.color == LOCOMOTIVE or length - claim.locomotives != wanted.colour_cards
    ):
        return False
    if wanted.locomotives is not None and claim.locomotives != wanted.locomotives:
        return False
    if wanted.all_locomotives and claim.color != LOCOMOTIVE:
        return False
    return wanted.track is None or track_key(tracks.get(claim.route, "")) == wanted.track


def _fewest(claims: Iterable[Claim]) -> list[Claim]:
    """For each colour, the claim with the fewest Locomotives; all-Locomotive claims only
    when nothing else would do."""
    fewest: dict[tuple[int, str], Claim] = {}
    for claim in claims:
        best = fewest.get((claim.route, claim.color))
        if best is None or claim.locomotives < best.locomotives:
            fewest[(claim.route, claim.color)] = claim
    found = list(fewest.values())
    return [c for c in found if c.color != LOCOMOTIVE] or found


def _one_way(claims: list[Claim], board: Board) -> list[Claim]:
    """The two routes of a double of one colour paid alike are the same move: the first."""
    ways: dict[tuple[str, str, int], Claim] = {}
    for claim in claims:
        colour = board.routes[claim.route].color
        ways.setdefault((colour, claim.color, claim.locomotives), claim)
    return list(ways.values())


def claim_move(text: str, wanted: str, state: TicketToRideState) -> Action:
    """The legal claim `text` (folded: `wanted`) means; IllegalAction saying what is
    understood when it names none or several."""
    from tabletrip.games.ticket_to_ride.present_words import lexicon

    board = state.game.board
    tracks = lexicon(state.game).tracks
    shown = text.strip()
    legal = [a for a in state.legal_actions() if isinstance(a, Claim)]
    if legal:
        example = short_form(legal[0], board, {})
    else:
        route = example_route(board)
        example = f"claim {board.route_name(route)} {route.color} 1"
    read = read_claim(wanted, board)
    if read.problem:
        raise IllegalAction(
            f"{shown!r}: {read.problem}; name a route by its two cities, in either order, "
            f"then the colour and the Locomotives ({example})"
        )
    if read.unknown:
        raise IllegalAction(
            f"{shown!r}: {read.unknown[0]!r} is not a colour, a number of Locomotives or a "
            f"track; a claim reads claim <cities> <colour> <locomotives> ({example})"
        )
    if len(read.colours) > 1:
        raise IllegalAction(f"{shown!r}: a route is paid in one colour, not {_and(read.colours)}")
    if read.track and not any(r in tracks for r in read.routes):
        name = board.route_name(board.routes[read.routes[0]])
        raise IllegalAction(
            f"{shown!r}: {name} has no two routes of one colour: its colour says which"
        )
    on_route = [c for c in legal if c.route in read.routes]
    if not on_route:
        raise IllegalAction(f"{shown!r}: {_why_not(read, state)}")
    found = [c for c in on_route if _fits(c, read, board, tracks)]
    if read.locomotives is None and read.colour_cards is None and not read.all_locomotives:
        found = _fewest(found)
    if read.track is None:
        found = _one_way(found, board)
    if len(found) == 1:
        return found[0]
    named_tracks = tracks if read.track else {}
    if found:
        forms = first_few([short_form(c, board, named_tracks) for c in found], 6, "; ")
        raise IllegalAction(f"{shown!r} could mean {forms}: say which")
    ways = _one_way(on_route, board) if read.track is None else on_route
    name = board.route_name(board.routes[read.routes[0]])
    listed = first_few([short_form(c, board, named_tracks) for c in ways], 6, "; ")
    raise IllegalAction(
        f"{shown!r}: {_wrong_payment(read, state)}{name} can be claimed now with {listed}"
    )


def _wrong_payment(read: ClaimWanted, state: TicketToRideState) -> str:
    """What is wrong with a payment typed for a route that other payments can claim."""
    board = state.game.board
    route = board.routes[read.routes[0]]
    colours = {board.routes[r].color for r in read.routes}
    if read.colours and not route.is_gray and read.colours[0] not in colours:
        return f"{board.route_name(route)} is {_and(sorted(colours))}, not {read.colours[0]}; "
    return "your cards do not pay that way; "


def _why_not(read: ClaimWanted, state: TicketToRideState) -> str:
    """The rule that stops every route named (the cards last, so any other rule shows)."""
    board = state.game.board
    routes = [board.routes[r] for r in read.routes]
    if read.colours:
        routes.sort(key=lambda r: not (r.is_gray or r.color == read.colours[0]))
    reasons = []
    for route in routes:
        name = board.route_name(route)
        reason = state.illegal_reason(Claim(route.id, name, LOCOMOTIVE, route.length))
        # Short of Locomotives for an all-Locomotive claim: the cards are said below.
        reasons.append(reason if reason and not _SHORT_OF_LOCOMOTIVES.search(reason) else None)
    if all(reasons):
        return str(reasons[0])
    route = routes[reasons.index(None)]
    name = board.route_name(route)
    hand = state.hands[state.current_player]
    locos = hand[board.loco]
    plural = "s" if locos != 1 else ""
    if route.is_gray and not read.colours:
        need = f"{route.length} cards of one colour"
        have = f"at most {max(hand[: board.loco])} of one colour"
    else:
        color = read.colours[0] if read.colours else route.color
        if not route.is_gray and color != route.color:
            return f"{name} is {route.color}, not {color}"
        need = f"{route.length} {color} cards"
        have = f"{hand[state.game.card_index[color]]} {color}"
    return (
        f"{name} needs {need} (Locomotives count as any colour); "
        f"you have {have} and {locos} Locomotive{plural}"
    )
