"""Ticket to Ride content: the USA map against the public reference, Europe Express's
original map against its rulebook's numbers, and broken content files.

(Named test_ttr_content.py: tests/core/test_content.py has the basename test_content, and
pytest's default import mode refuses two test modules with one basename.)
"""

from __future__ import annotations

import heapq
import json
from collections import Counter
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

import tabletrip
from tabletrip.core import ContentError, OptionError
from tabletrip.games.ticket_to_ride.content import Board, load_board

REPO = Path(__file__).resolve().parents[3]
SHARED = REPO.parent / "shared"  # the shared/ folder lies beside the clone (also in CI)
USA_REFERENCE = SHARED / "reference" / "ttr_usa_reference.json"
DATA = files("tabletrip.games.ticket_to_ride") / "data"

USA_COLORS = ("purple", "blue", "orange", "white", "green", "yellow", "black", "red")
EXPRESS_COLORS = ("purple", "blue", "white", "green", "yellow", "black", "red")


@pytest.fixture(scope="module")
def usa() -> Board:
    return load_board("usa")


@pytest.fixture(scope="module")
def express() -> Board:
    return load_board("europe-express")


def pair(board: Board, a: int, b: int) -> tuple[str, str]:
    return tuple(sorted((board.cities[a], board.cities[b])))  # type: ignore[return-value]


# --- USA ----------------------------------------------------------------------------------------


def test_usa_board_counts(usa: Board) -> None:
    """USA rulebook, Setup > 1 (the board): 36 cities, 100 route segments on 78 city pairs
    (22 double routes), 309 train spaces, 30 Destination Tickets."""
    assert len(usa.cities) == 36
    assert len(usa.routes) == 100
    assert len({pair(usa, r.a, r.b) for r in usa.routes}) == 78
    assert sum(1 for t in usa.twin if t >= 0) == 44
    assert all(usa.twin[usa.twin[r]] == r for r in range(100) if usa.twin[r] >= 0)
    assert sum(r.length for r in usa.routes) == 309
    assert len(usa.tickets) == 30


def test_usa_components(usa: Board) -> None:
    """USA rulebook, Setup > 2-6 and Claim a Route: 45 trains, 12 cards of each of 8 colours and
    14 Locomotives, route points 1/2/4/7/10/15, a 10-point Longest Path card, 2-5 players."""
    assert usa.trains == 45
    assert dict(zip(usa.colors, usa.color_counts, strict=True)) == dict.fromkeys(USA_COLORS, 12)
    assert usa.locomotives == 14
    assert not usa.locomotive_pile
    assert usa.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    assert usa.longest_path_bonus == 10
    assert usa.start_score == 0
    assert (usa.min_players, usa.max_players) == (2, 5)
    assert {r.color for r in usa.routes} == {*USA_COLORS, "gray"}


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    if not USA_REFERENCE.is_file():
        pytest.skip(f"the shared reference {USA_REFERENCE} is not beside this clone")
    return json.loads(USA_REFERENCE.read_text(encoding="utf-8"))


def test_usa_routes_match_the_reference_exactly(usa: Board, reference: dict[str, Any]) -> None:
    """USA rulebook, Setup > 1: the board's routes are the published map: every segment's city
    pair, length and colour (the reference's pink is the rulebook's purple), and doubles."""
    assert sorted(usa.cities) == sorted(reference["cities"])
    colour = {"pink": "purple"}
    ours = Counter(
        (pair(usa, r.a, r.b), r.length, r.color, usa.twin[r.id] >= 0) for r in usa.routes
    )
    theirs = Counter(
        (
            tuple(sorted((r["a"], r["b"]))),
            r["length"],
            colour.get(r["color"], r["color"]),
            r["double"],
        )
        for r in reference["routes"]
    )
    assert ours == theirs
    assert reference["counts"]["segments"] == len(usa.routes)
    assert reference["counts"]["train_spaces"] == sum(r.length for r in usa.routes)


def test_usa_tickets_match_the_reference_exactly(usa: Board, reference: dict[str, Any]) -> None:
    """USA rulebook, Setup > 6: the 30 Destination Tickets, their cities and points."""
    ours = Counter((pair(usa, t.a, t.b), t.points) for t in usa.tickets)
    theirs = Counter((tuple(sorted((t["a"], t["b"]))), t["points"]) for t in reference["tickets"])
    assert ours == theirs
    assert len(ours) == reference["counts"]["tickets"] == 30


# --- Europe Express ------------------------------------------------------------------------


def test_europe_express_is_for_2_to_4_players(express: Board) -> None:
    """Europe Express rulebook, Components (sets of trains): 2 to 4 players."""
    assert (express.min_players, express.max_players) == (2, 4)
    for players in (2, 3, 4):
        assert tabletrip.make("ticket-to-ride", players=players, map="europe-express")
    for players in (1, 5):
        with pytest.raises(OptionError):
            tabletrip.make("ticket-to-ride", players=players, map="europe-express")


def test_europe_express_components(express: Board) -> None:
    """Europe Express rulebook, Components: 27 trains each, 70 Train Car cards (10 of each of 7
    colours), 12 Locomotives in their own pile, 30 Destination Tickets, 4 bonus cards; score
    from 100; route scoring table 1, 2, 4, 7, 10; no Longest Path card."""
    assert express.trains == 27
    assert dict(zip(express.colors, express.color_counts, strict=True)) == dict.fromkeys(
        EXPRESS_COLORS, 10
    )
    assert express.locomotives == 12
    assert express.locomotive_pile
    assert len(express.tickets) == 30
    assert len(express.express_bonus) == 4
    assert list(express.express_bonus) == sorted(express.express_bonus, reverse=True)
    assert express.start_score == 100
    assert express.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10}
    assert express.longest_path_bonus == 0


def test_europe_express_routes_are_1_to_5_long_in_7_colours_and_gray(express: Board) -> None:
    """Europe Express rulebook, Claim a Route: the scoring table stops at 5 spaces; routes are
    the seven card colours or gray; at most two routes (a double) join two cities."""
    assert {r.length for r in express.routes} == {1, 2, 3, 4, 5}
    assert {r.color for r in express.routes} == {*EXPRESS_COLORS, "gray"}
    pairs = Counter(pair(express, r.a, r.b) for r in express.routes)
    assert max(pairs.values()) == 2
    assert all(r.a != r.b for r in express.routes)


def test_europe_express_has_london_and_istanbul(express: Board) -> None:
    """Europe Express rulebook, Object of the Game: the bonus connects London and Istanbul."""
    assert "London" in express.cities and "Istanbul" in express.cities
    assert express.express_cities is not None
    assert {express.cities[c] for c in express.express_cities} == {"London", "Istanbul"}
    assert shortest(express, *express.express_cities) <= 27


def shortest(board: Board, source: int, target: int) -> float:
    """Dijkstra over route lengths: the fewest trains joining two cities."""
    links: dict[int, list[tuple[int, int]]] = {}
    for r in board.routes:
        links.setdefault(r.a, []).append((r.b, r.length))
        links.setdefault(r.b, []).append((r.a, r.length))
    best = {source: 0}
    queue = [(0, source)]
    while queue:
        dist, city = heapq.heappop(queue)
        if city == target:
            return dist
        if dist > best[city]:
            continue
        for other, length in links.get(city, ()):
            if dist + length < best.get(other, 1 << 30):
                best[other] = dist + length
                heapq.heappush(queue, (dist + length, other))
    return float("inf")


def test_europe_express_every_ticket_is_worth_its_shortest_connection(express: Board) -> None:
    """Europe Express rulebook, Draw Destination Tickets (RULES_NOTES: the original map's
    tickets are worth exactly their shortest connection in trains, so each can be completed
    with the 27 trains)."""
    for ticket in express.tickets:
        distance = shortest(express, ticket.a, ticket.b)
        name = express.ticket_name(ticket)
        assert distance == ticket.points, f"{name}: {ticket.points} points, {distance} trains"
        assert distance <= 27, name


def test_every_city_of_both_maps_is_on_a_route(usa: Board, express: Board) -> None:
    """USA and Europe Express rulebooks, Claim a Route: every city can be reached."""
    for board in (usa, express):
        touched = {c for r in board.routes for c in (r.a, r.b)}
        assert touched == set(range(len(board.cities))), board.map


# --- broken content files --------------------------------------------------------------------


def broken_copy(tmp_path: Path, edit: Any, name: str = "usa.json") -> Path:
    """A copy of a built-in map file with one edit applied to its JSON."""
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / f"broken-{name}"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_unchanged_copy_loads_like_the_built_in_map(tmp_path: Path, usa: Board) -> None:
    """CONTRACT.md, Content: a user's own map file (`path=`) loads and is validated the same way."""
    path = tmp_path / "usa.json"
    path.write_text((DATA / "usa.json").read_text(encoding="utf-8"), encoding="utf-8")
    board = load_board("usa", path=str(path))
    assert board.routes == usa.routes
    assert board.tickets == usa.tickets


def test_a_route_colour_that_is_not_a_card_colour_is_refused(tmp_path: Path) -> None:
    """CONTRACT.md, Content: a bad content file raises ContentError naming the file and entry."""

    def edit(data: dict[str, Any]) -> None:
        data["routes"][7]["color"] = "pink"

    path = broken_copy(tmp_path, edit)
    with pytest.raises(ContentError) as caught:
        load_board("usa", path=str(path))
    message = str(caught.value)
    assert str(path) in message
    assert "routes.7" in message and "pink" in message
    assert "\n" not in message


def test_a_route_to_an_unknown_city_is_refused(tmp_path: Path) -> None:
    """CONTRACT.md, Content: an unknown city in a route names the route and the city."""

    def edit(data: dict[str, Any]) -> None:
        data["routes"][12]["b"] = "Atlantis"

    path = broken_copy(tmp_path, edit)
    with pytest.raises(ContentError) as caught:
        load_board("usa", path=str(path))
    message = str(caught.value)
    assert str(path) in message and "routes.12" in message and "Atlantis" in message


def test_a_ticket_to_an_unknown_city_is_refused(tmp_path: Path) -> None:
    """CONTRACT.md, Content: an unknown city on a ticket names the ticket and the city."""

    def edit(data: dict[str, Any]) -> None:
        data["tickets"][3]["a"] = "Gotham"

    path = broken_copy(tmp_path, edit, "europe_express.json")
    with pytest.raises(ContentError) as caught:
        load_board("europe-express", path=str(path))
    message = str(caught.value)
    assert str(path) in message and "tickets.3" in message and "Gotham" in message


def test_a_route_too_long_is_refused(tmp_path: Path) -> None:
    """CONTRACT.md, Content: a route of 7 spaces (the table stops at 6) names the route."""

    def edit(data: dict[str, Any]) -> None:
        data["routes"][0]["length"] = 7

    path = broken_copy(tmp_path, edit)
    with pytest.raises(ContentError) as caught:
        load_board("usa", path=str(path))
    message = str(caught.value)
    assert str(path) in message and "routes.0" in message


def test_a_route_length_without_points_is_refused(tmp_path: Path) -> None:
    """Europe Express rulebook, Route scoring table (1-5 spaces): a 6-space route has no points."""

    def edit(data: dict[str, Any]) -> None:
        data["routes"][4]["length"] = 6

    path = broken_copy(tmp_path, edit, "europe_express.json")
    with pytest.raises(ContentError) as caught:
        load_board("europe-express", path=str(path))
    assert "routes.4" in str(caught.value)


def test_a_file_that_is_not_json_or_not_there_is_refused(tmp_path: Path) -> None:
    """CONTRACT.md, Content: unreadable files give a one-line ContentError naming the file."""
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(ContentError, match=r"bad\.json"):
        load_board("usa", path=str(bad))
    with pytest.raises(ContentError, match=r"missing\.json"):
        load_board("usa", path=str(tmp_path / "missing.json"))


def test_a_file_of_another_map_is_refused(tmp_path: Path) -> None:
    """CONTRACT.md, Content: the USA file is not the Europe Express map."""
    path = tmp_path / "usa.json"
    path.write_text((DATA / "usa.json").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(ContentError, match="europe-express"):
        load_board("europe-express", path=str(path))
