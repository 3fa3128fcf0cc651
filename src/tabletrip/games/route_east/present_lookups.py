"""Route East's `where`: the spaces near a piece, what each is, and which way the race goes.

A seat asks `where` at any decision: the spaces within the reach of this turn (at least two
spaces, at most four), each with what it is (a Hostel and its price, a Border and where it
leads, an ATM, a Fuel Station, an attraction), how far it is and the road that leads into it,
and how many spaces it lies from the seat's next attraction and from Shanghai, marked
"closer" when it is nearer to them than the piece is now. `where <name>` narrows the list to
the rows a word names (`where hostel`, `where izm`) and adds any space of the board whose
name it starts, however far.

Distances are fewest spaces along the board's roads (the Caspian crossing one step, the
waits at Borders aside), worked out on the static board; the only private thing read is the
seat's own attractions, from its own observation, so the lookup never tells what it may not
see.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from tabletrip.core.phrases import listing, plural
from tabletrip.core.presentation import Section, Sentence, Table
from tabletrip.core.words import matches_words
from tabletrip.games.route_east.content import (
    ATM,
    ATTRACTION,
    BOAT,
    BORDER,
    DIRT,
    EMBASSY,
    FINISH,
    FUEL,
    HOSTEL,
    HOTEL,
    MOVES_PER_TURN,
    NORMAL,
    START,
    TOLL,
    Board,
)
from tabletrip.games.route_east.names import names_prefix
from tabletrip.games.route_east.phases import TOLL_PRICE
from tabletrip.games.route_east.present_words import money, other_side, space_name, spaces_away

Observation = Mapping[str, Any]

TABLE_WIDTH = 96  # a table line in the terminal's 100 columns, its section's indent aside
MOST_REACH = 4  # spaces shown around the piece at most (a turn with extra moves)
FAR_SHOWN = 12  # spaces elsewhere on the board a query may add
BY_BOAT = -1  # the Caspian crossing, as a road kind
ROAD_WORDS = {NORMAL: "normal", DIRT: "dirt", TOLL: "toll", BY_BOAT: "boat"}
BEST_ROAD = {NORMAL: 0, TOLL: 1, DIRT: 2, BY_BOAT: 3}  # the way in shown when several tie


def _roads(board: Board) -> dict[tuple[int, int], int]:
    """The road kind between two joined spaces, both ways, the sea crossing included."""
    roads: dict[tuple[int, int], int] = {}
    for a, b, kind, _ in board.roads:
        roads[a, b] = roads[b, a] = kind
    port_a, port_b = board.ports
    for a, b in ((port_a, port_b), (port_a, board.boat), (port_b, board.boat)):
        roads[a, b] = roads[b, a] = BY_BOAT
    return roads


def ways_in(board: Board, source: int) -> tuple[list[int], list[int]]:
    """Fewest spaces from `source` to each space, and for each the space before it on such a
    way (by the best road where ways tie: normal, then toll, then dirt); -1 where none."""
    roads = _roads(board)
    near: dict[int, list[int]] = {}
    for a, b in roads:
        near.setdefault(a, []).append(b)
    away = [-1] * len(board.space_ids)
    before = [-1] * len(board.space_ids)
    away[source] = 0
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there in sorted(near.get(here, ())):
            if away[there] < 0:
                away[there] = away[here] + 1
                before[there] = here
                queue.append(there)
            elif away[there] == away[here] + 1 and (
                BEST_ROAD[roads[here, there]] < BEST_ROAD[roads[before[there], there]]
            ):
                before[there] = here
    return away, before


def _what(board: Board, space: int, country: int, own: Mapping[int, bool], short: bool) -> str:
    """What a space is to a piece in `country`: `Hostel, $25 a night` (`short`: `Hostel
    $25`), `Border to Georgia`, `your attraction`; its country added when it is another."""
    kind = board.kinds[space]
    if kind == BORDER:
        pair = board.border_countries[space]
        if pair is not None and country in pair:
            far = other_side(board, space, country)
            return f"Border to {board.country_names[far]}" if far is not None else "Border"
        return f"Border of {listing([board.country_names[c] for c in pair or ()])}"
    if kind in (HOSTEL, HOTEL):
        price = money(board.lodging[space])
        what = f"{'Hostel' if kind == HOSTEL else 'Hotel'}{' ' if short else ', '}{price}"
        what += "" if short else " a night"
    elif kind == ATTRACTION:
        if space in own:
            what = "your attraction, visited" if own[space] else "your attraction"
        else:
            what = "attraction"
    else:
        what = {
            ATM: "ATM",
            FUEL: "Fuel Station",
            EMBASSY: "Embassy",
            START: "start line",
            FINISH: "the finish",
            BOAT: "Caspian boat",
        }.get(kind, "road")
    there = board.country[space]
    if kind != BOAT and there >= 0 and there != country:
        what += f" ({board.country_names[there]})"
    return what


def _reach(observation: Observation) -> int:
    """How many spaces around the piece to show: the moves left this turn, or a whole turn's
    before it starts, at least two."""
    if observation["phase"] == "moves" and observation["moves_left"]:
        return min(MOST_REACH, max(2, observation["moves_left"]))
    return MOVES_PER_TURN


def _next_attraction(
    board: Board, observation: Observation, seat: int, away: Sequence[int]
) -> tuple[str, int] | None:
    """The name and space of the nearest attraction the seat still has to visit: its own
    cards from its own observation, or for another seat only its last one, placed face up."""
    if observation.get("seat") == seat:
        left = [a for a in observation.get("attractions") or () if not a["visited"]]
    else:
        last = observation["seats"][seat].get("last_attraction")
        left = [last] if last else []
    spots = [(a["name"], board.index[a["space"]]) for a in left if a["space"] in board.index]
    if not spots:
        return None
    return min(spots, key=lambda spot: (away[spot[1]] if away[spot[1]] >= 0 else 1 << 20, spot))


def _distance(steps: int, now: int) -> str:
    """A distance cell: `5`, `4 closer` (nearer than the piece is now), `no road`."""
    if steps < 0:
        return "no road"
    return f"{steps} closer" if 0 <= steps < now else str(steps)


def _width(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """The columns a table takes in the terminal (two between columns)."""
    cells = [columns, *rows]
    return sum(max(len(r[i]) for r in cells) for i in range(len(columns))) + 2 * (len(columns) - 1)


class _Where:
    """The piece `where` is about and the distances around it."""

    def __init__(self, board: Board, observation: Observation) -> None:
        viewer = observation.get("seat")
        self.board = board
        self.observation = observation
        self.seat: int = viewer if viewer is not None else observation["turn_of"]
        self.own_view = viewer == self.seat
        info = observation["seats"][self.seat]
        self.here = board.index[info["space"]]
        self.country = board.countries.index(info["country"])
        self.away, self.before = ways_in(board, self.here)
        mine = observation.get("attractions") or () if self.own_view else ()
        self.own = {board.index[a["space"]]: bool(a["visited"]) for a in mine}
        self.goal = _next_attraction(board, observation, self.seat, self.away)
        self.to_goal = spaces_away(board, self.goal[1]) if self.goal else None
        self.to_finish = spaces_away(board, board.finish)
        self.roads = _roads(board)
        self.reach = _reach(observation)

    def columns(self) -> tuple[str, ...]:
        """Space, how far, what it is, the road in, then the distances to the goals."""
        goals = [f"To {space_name(self.board, self.goal[1])}"] if self.goal else []
        return ("Space", "Away", "What it is", "Road in", *goals, "To Shanghai")

    def row(self, space: int, short: bool = False, via: bool = True) -> tuple[str, ...]:
        """One space's row; `short` prices and no `via` fit a narrow screen."""
        board, here = self.board, self.here
        road = ""
        if space != here and self.before[space] >= 0:
            road = ROAD_WORDS[self.roads[self.before[space], space]]
            if via and self.before[space] != here:
                road += f" from {space_name(board, self.before[space])}"
        cells = [
            space_name(board, space),
            "here" if space == here else str(self.away[space]) if self.away[space] >= 0 else "-",
            _what(board, space, self.country, self.own, short),
            road,
        ]
        if self.to_goal is not None:
            cells.append(_distance(self.to_goal[space], self.to_goal[here]))
        cells.append(_distance(self.to_finish[space], self.to_finish[here]))
        return tuple(cells)

    def spaces(self, query: str) -> list[int]:
        """The spaces within reach (those a query's words name), then any space elsewhere
        whose name the query starts."""
        board, away = self.board, self.away

        def order(space: int) -> tuple[int, str]:
            return (away[space] if away[space] >= 0 else 1 << 20, space_name(board, space))

        near = sorted((s for s in range(len(away)) if 0 <= away[s] <= self.reach), key=order)
        if not query:
            return near
        shown = [s for s in near if matches_words(query, " ".join(self.row(s)[0:3:2]))]
        far = sorted(
            (
                s
                for s in range(len(away))
                if s not in near and board.space_names[s]
                if names_prefix(query, board.space_names[s])
            ),
            key=order,
        )
        return shown + far[:FAR_SHOWN]


def where_section(
    board: Board, observation: Observation, query: str = "", width: int = TABLE_WIDTH
) -> Section:
    """`where` for the observation's seat (a spectator sees the piece of the turn's player),
    its table narrowed to fit `width` columns where it can."""
    where = _Where(board, observation)
    spaces = where.spaces(query)
    columns = where.columns()
    rows = [where.row(s) for s in spaces]
    for short, via in ((False, False), (True, False)):
        if _width(columns, rows) <= width:
            break
        rows = [where.row(s, short, via) for s in spaces]
    table = Table(
        columns,
        tuple(rows),
        empty=f"no space near you or elsewhere on the board matches {query!r}",
    )
    title = "Where you are" if where.own_view else f"Where Player {where.seat + 1} is"
    return Section(title, (table, *_legend(where)), "table")


def _legend(where: _Where) -> tuple[Sentence, ...]:
    board, observation, here = where.board, where.observation, where.here
    moves = ""
    if observation["phase"] == "moves" and observation["turn_of"] == where.seat:
        moves = f", {plural(observation['moves_left'], 'move')} left this turn"
    what = _what(board, here, where.country, {}, False)
    country = board.country_names[where.country]
    lines = [
        f"At {space_name(board, here)} ({what}) in {country}{moves}; shown: the spaces up to "
        f"{plural(where.reach, 'space')} away."
    ]
    finish = space_name(board, board.finish)
    if where.goal is not None and where.to_goal is not None:
        whose = "Your next" if where.own_view else "Their last"
        name, space = where.goal[0], space_name(board, where.goal[1])
        at = "" if space in name else f" at {space}"
        far = plural(where.to_goal[here], "space")
        aim = f"{whose} attraction, {name}{at}, is {far} away"
    elif where.own_view:
        aim = "Every attraction of yours is visited"
    else:
        aim = "Their attractions are face down"
    lines.append(
        f"{aim}; {finish} is {plural(where.to_finish[here], 'space')} away. A distance marked "
        "closer is nearer than you are now: that way leads toward it."
    )
    lines.append(
        "Spaces count along roads, the waits at Borders aside. Normal roads are free, a dirt "
        f"road needs an even roll, a toll road costs {money(TOLL_PRICE)}. A night is spent only "
        "at a Hostel, Hotel or Border (free), or on an attraction with a Tent."
    )
    return tuple(Sentence(line) for line in lines)


__all__ = ["ways_in", "where_section"]
