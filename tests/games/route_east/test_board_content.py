"""Route East board: the built-in map against the rulebook (countries, Embassies, Fuel Stations,
attractions, roads, Borders, the Caspian Sea) and real geography, and broken board files refused
with a message naming the file and the entry."""

from __future__ import annotations

import json
from collections import Counter, deque
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from tabletrip.core import ContentError, load_content, validate_content
from tabletrip.games.route_east import content
from tabletrip.games.route_east.content import (
    ATM,
    ATTRACTION,
    BOAT,
    BONUS_KINDS,
    BORDER,
    COUNTRIES,
    EMBASSY,
    FINISH,
    FUEL,
    HOSTEL,
    HOTEL,
    MOVES_PER_TURN,
    ROAD_KINDS,
    START,
    Board,
    BoardSpec,
    board_from_spec,
    check_turn_reachability,
    load_board,
)

NAME = "board.json"

# The real land borders among the 16 featured countries (the only pairs a Border may join).
LAND_BORDERS = {
    frozenset(pair)
    for pair in [
        ("turkey", "georgia"),
        ("turkey", "armenia"),
        ("turkey", "iran"),
        ("turkey", "iraq"),
        ("turkey", "syria"),
        ("georgia", "armenia"),
        ("georgia", "azerbaijan"),
        ("georgia", "russia"),
        ("armenia", "azerbaijan"),
        ("armenia", "iran"),
        ("azerbaijan", "iran"),
        ("azerbaijan", "russia"),
        ("iran", "iraq"),
        ("iran", "turkmenistan"),
        ("iran", "afghanistan"),
        ("iraq", "syria"),
        ("turkmenistan", "afghanistan"),
        ("turkmenistan", "uzbekistan"),
        ("turkmenistan", "kazakhstan"),
        ("uzbekistan", "kazakhstan"),
        ("uzbekistan", "kyrgyzstan"),
        ("uzbekistan", "tajikistan"),
        ("uzbekistan", "afghanistan"),
        ("kazakhstan", "russia"),
        ("kazakhstan", "china"),
        ("kazakhstan", "kyrgyzstan"),
        ("kyrgyzstan", "tajikistan"),
        ("kyrgyzstan", "china"),
        ("tajikistan", "afghanistan"),
        ("tajikistan", "china"),
        ("afghanistan", "china"),
        ("mongolia", "russia"),
        ("mongolia", "china"),
        ("russia", "china"),
    ]
}
CODES = {
    "turkey": "tr",
    "georgia": "ge",
    "armenia": "am",
    "azerbaijan": "az",
    "iran": "ir",
    "iraq": "iq",
    "syria": "sy",
    "turkmenistan": "tm",
    "uzbekistan": "uz",
    "kazakhstan": "kz",
    "kyrgyzstan": "kg",
    "tajikistan": "tj",
    "afghanistan": "af",
    "mongolia": "mn",
    "russia": "ru",
    "china": "cn",
}
REST = (HOSTEL, HOTEL, BORDER, START)


def raw() -> dict[str, Any]:
    """The built-in board file as parsed JSON (a fresh copy to break)."""
    text = (files("tabletrip.games.route_east") / "data" / NAME).read_text(encoding="utf-8")
    return json.loads(text)


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def neighbours(board: Board) -> list[list[int]]:
    """Spaces joined by a road to each space (either direction)."""
    adj: list[list[int]] = [[] for _ in board.space_ids]
    for a, b, _, _ in board.roads:
        adj[a].append(b)
        adj[b].append(a)
    return adj


def country_of(board: Board, space: int) -> str:
    return board.countries[board.country[space]]


def spaces_of(board: Board, kind: int) -> list[int]:
    return [s for s, k in enumerate(board.kinds) if k == kind]


# --- Featured Countries ----------------------------------------------------------------------


def test_featured_countries_are_the_sixteen(board: Board) -> None:
    """Featured Countries: the 16 countries of the rulebook, each named."""
    assert board.countries == COUNTRIES
    assert len(set(COUNTRIES)) == 16
    assert all(board.country_names)
    assert {country_of(board, s) for s in range(len(board.kinds)) if board.kinds[s] != BOAT} == set(
        COUNTRIES
    )


def test_each_country_has_exactly_one_embassy(board: Board) -> None:
    """Embassies: every country has one Embassy, where a broke player is sent."""
    embassies = Counter(country_of(board, s) for s in spaces_of(board, EMBASSY))
    assert embassies == Counter(COUNTRIES)
    for c, space in enumerate(board.embassy):
        assert board.kinds[space] == EMBASSY
        assert board.country[space] == c


def test_each_country_has_an_atm(board: Board) -> None:
    """ATMs and Money: there is an ATM in every country, more in the big ones."""
    atms = Counter(country_of(board, s) for s in spaces_of(board, ATM))
    assert set(atms) == set(COUNTRIES)
    assert all(atms[c] >= 2 for c in ("turkey", "iran", "kazakhstan", "china"))


def test_space_ids_and_coordinates_follow_real_geography(board: Board) -> None:
    """Spaces carry slug ids prefixed by their country and lie at real coordinates."""
    for s, sid in enumerate(board.space_ids):
        kind = board.kinds[s]
        if kind == BORDER:
            a, b = board.border_countries[s] or (0, 0)
            assert sid.startswith("b-"), sid
            assert sid.split("-")[1:3] == [CODES[COUNTRIES[a]], CODES[COUNTRIES[b]]], sid
        elif kind != BOAT:
            assert sid.startswith(CODES[country_of(board, s)] + "-"), sid
        lon, lat = board.lonlat[s]
        assert 26 <= lon <= 123 and 30 <= lat <= 56, sid
        if kind not in (BOAT,) and board.space_names[s] == "":
            assert kind not in (HOSTEL, HOTEL, BORDER, EMBASSY, ATTRACTION), sid
    istanbul, shanghai = board.lonlat[board.start], board.lonlat[board.finish]
    assert istanbul == pytest.approx((28.98, 41.01), abs=0.05)
    assert shanghai == pytest.approx((121.47, 31.23), abs=0.05)
    assert country_of(board, board.start) == "turkey"
    assert country_of(board, board.finish) == "china"


def test_board_size_is_a_full_game(board: Board) -> None:
    """Overview: a few hundred spaces between the start line and Shanghai."""
    assert 220 <= len(board.space_ids) <= 330
    assert board.kinds.count(START) == board.kinds.count(FINISH) == board.kinds.count(BOAT) == 1


# --- Fuel Stations -------------------------------------------------------------------------------


def test_not_all_countries_have_fuel_stations(board: Board) -> None:
    """Fuel Stations (and the TOP TIP): not all countries have them, but most do."""
    with_fuel = {country_of(board, s) for s in spaces_of(board, FUEL)}
    without = set(COUNTRIES) - with_fuel
    assert 1 <= len(without) <= 5
    assert len(with_fuel) > len(COUNTRIES) / 2
    assert {"armenia", "syria", "kyrgyzstan", "tajikistan"} == without


# --- Attraction Cards / Attractions --------------------------------------------------------------


def test_thirty_two_attractions_each_on_its_own_space(board: Board) -> None:
    """What's in the Box: 32 Attraction cards; each names an attraction space in its country."""
    assert len(board.attractions) == 32
    spaces = [a.space for a in board.attractions]
    assert len(set(spaces)) == 32
    assert sorted(spaces) == sorted(spaces_of(board, ATTRACTION))
    assert board.attraction_at == {a.space: a.id for a in board.attractions}
    for a in board.attractions:
        assert board.country[a.space] == a.country, a.name
        assert board.kinds[a.space] == ATTRACTION
        assert a.name


def test_attractions_spread_over_every_country(board: Board) -> None:
    """Attraction Cards: they must be in different countries, so every country has some."""
    per_country = Counter(COUNTRIES[a.country] for a in board.attractions)
    assert set(per_country) == set(COUNTRIES)
    assert max(per_country.values()) <= 3
    assert sum(n >= 2 for n in per_country.values()) >= 10


def test_attraction_bonuses_mix_the_known_kinds(board: Board) -> None:
    """Attraction Cards: the bonus on each card is one the rules can pay out."""
    kinds = Counter(a.bonus.kind for a in board.attractions)
    assert set(kinds) == BONUS_KINDS
    for a in board.attractions:
        if a.bonus.kind == "collect":
            assert a.bonus.amount in (25, 50, 75, 100), a.name
        elif a.bonus.kind == "moves":
            assert a.bonus.amount in (1, 2), a.name
        else:
            assert a.bonus.amount == 1, a.name


def test_every_attraction_visitable_within_one_turn(board: Board) -> None:
    """Turns: 3 moves from a Hostel, Hotel or Border to one, passing the attraction."""
    assert check_turn_reachability(board) == []
    adj = neighbours(board)
    for a in board.attractions:
        # out and back (or on through) within 3 moves needs a night's stop next door
        beds = [
            n
            for n in adj[a.space]
            if board.rest[n]
            and (board.country[n] == a.country or a.country in (board.border_countries[n] or ()))
        ]
        assert beds, a.name


# --- Navigating the Map: Roads, Borders, Accommodation --------------------------------------------


def test_overnight_stops_are_never_more_than_three_roads_apart(board: Board) -> None:
    """Turns: a turn is 3 moves ending on a Hostel, Hotel or Border, so stops are <= 3 apart."""
    adj = neighbours(board)
    rest = set(s for s, kind in enumerate(board.kinds) if kind in REST)
    for stop in rest:
        stack = [(stop, 0, frozenset([stop]))]
        while stack:
            here, used, seen = stack.pop()
            for there in adj[here]:
                if there in seen or there in rest:
                    continue
                onward = [n for n in adj[there] if n not in seen and n != here]
                assert used + 1 < MOVES_PER_TURN or not onward, (
                    f"{board.space_ids[stop]} -> {board.space_ids[there]}: no night stop in 3"
                )
                stack.append((there, used + 1, seen | {there}))


def test_accommodation_prices(board: Board) -> None:
    """Accommodation: Hostels $25, Hotels $50, Borders free."""
    for s, kind in enumerate(board.kinds):
        assert board.lodging[s] == {HOSTEL: 25, HOTEL: 50}.get(kind, 0)
        assert board.rest[s] == (kind in REST)


def test_road_kinds_mix(board: Board) -> None:
    """Roads: normal roads are free, dirt roads need an even roll, toll roads cost $25."""
    kinds = Counter(ROAD_KINDS[kind] for _, _, kind, _ in board.roads)
    total = len(board.roads)
    assert kinds["normal"] > total / 2
    assert 0.1 <= kinds["dirt"] / total <= 0.3
    assert 0.05 <= kinds["toll"] / total <= 0.2


def test_no_trains_signs(board: Board) -> None:
    """No Trains: a few roads stop a Freight Train."""
    assert 6 <= sum(no_trains for *_, no_trains in board.roads) <= 15


def test_borders_only_between_real_neighbours(board: Board) -> None:
    """Borders: each Border stands on a real land border between its two countries."""
    ports = set(board.ports)
    crossings = set()
    for s in spaces_of(board, BORDER):
        a, b = board.border_countries[s] or (0, 0)
        pair = frozenset((COUNTRIES[a], COUNTRIES[b]))
        if s in ports:
            assert pair == {"azerbaijan", "turkmenistan"}
            continue
        assert pair in LAND_BORDERS, board.space_ids[s]
        crossings.add(pair)
    assert len(crossings) >= 20
    # every country can be entered over land or sea
    entered = {c for pair in crossings for c in pair} | {"azerbaijan", "turkmenistan"}
    assert entered == set(COUNTRIES)


def test_border_lines_are_not_roads(board: Board) -> None:
    """Borders: a road never crosses a country line except through a Border space."""
    for a, b, _, _ in board.roads:
        ka, kb = board.kinds[a], board.kinds[b]
        assert not (ka == BORDER and kb == BORDER)
        if BORDER in (ka, kb):
            border, other = (a, b) if ka == BORDER else (b, a)
            assert board.country[other] in (board.border_countries[border] or ())
        else:
            assert board.country[a] == board.country[b]
    adj = neighbours(board)
    for s in spaces_of(board, BORDER):
        if s in board.ports:
            continue
        sides = {board.country[n] for n in adj[s]}
        assert sides == set(board.border_countries[s] or ()), board.space_ids[s]


def test_shanghai_reachable_in_a_sensible_number_of_roads(board: Board) -> None:
    """Overview: Istanbul to Shanghai takes many turns whichever way you go (60-90 roads)."""
    assert "Shanghai cannot be reached from the start line" not in check_turn_reachability(board)
    adj = neighbours(board)
    a, b = board.ports
    dist = {board.start: 0}
    queue = deque([board.start])
    while queue:
        here = queue.popleft()
        sail = [board.other_port(here)] if here in (a, b) else []
        for there in adj[here] + sail:
            if there not in dist:
                dist[there] = dist[here] + (0 if there in sail else 1)
                queue.append(there)
    assert 60 <= dist[board.finish] <= 90


# --- Caspian Sea ---------------------------------------------------------------------------------


def test_caspian_sea_crossing(board: Board) -> None:
    """Caspian Sea: a boat between a port Border in Azerbaijan and one in Turkmenistan."""
    baku, turkmenbashi = board.ports
    assert board.kinds[board.boat] == BOAT
    assert board.country[board.boat] == -1
    assert all(board.boat not in (a, b) for a, b, _, _ in board.roads)
    assert board.kinds[baku] == board.kinds[turkmenbashi] == BORDER
    assert country_of(board, baku) == "azerbaijan"
    assert country_of(board, turkmenbashi) == "turkmenistan"
    assert board.other_port(baku) == turkmenbashi and board.other_port(turkmenbashi) == baku
    adj = neighbours(board)
    for port in (baku, turkmenbashi):
        assert adj[port]
        assert all(board.country[n] == board.country[port] for n in adj[port])
    lon, _ = board.lonlat[board.boat]
    assert board.lonlat[baku][0] < lon < board.lonlat[turkmenbashi][0]


# --- broken board files --------------------------------------------------------------------------


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ContentError) as info:
        validate_content(data, BoardSpec, NAME)
    message = str(info.value)
    assert repr(NAME) in message
    return message


def test_built_in_file_validates_and_converts() -> None:
    spec = validate_content(raw(), BoardSpec, NAME)
    built = board_from_spec(spec)
    assert built.space_ids == load_board().space_ids
    assert len(built.attractions) == 32


def test_road_between_countries_without_a_border_is_refused() -> None:
    """Borders: a road from Istanbul straight into Georgia skips the Border."""
    data = raw()
    data["roads"].append({"a": "tr-istanbul", "b": "ge-batumi"})
    message = refused(data)
    assert f"roads.{len(data['roads']) - 1} (tr-istanbul-ge-batumi)" in message
    assert "Border" in message


def test_missing_embassy_is_refused() -> None:
    """Embassies: a country without its Embassy."""
    data = raw()
    for space in data["spaces"]:
        if space["kind"] == "embassy" and space["country"] == "iraq":
            space["kind"] = "plain"
    assert "Embassy" in refused(data)


def test_thirty_third_attraction_is_refused() -> None:
    """What's in the Box: 32 Attraction cards, not 33."""
    data = raw()
    data["attractions"].append(dict(data["attractions"][0], name="Extra"))
    assert "entry attractions" in refused(data)


def test_fuel_in_every_country_is_refused() -> None:
    """Fuel Stations: the rulebook's top tip needs a country without one."""
    data = raw()
    for space in data["spaces"]:
        if space["kind"] == "plain" and space.get("country") in ("armenia", "syria"):
            space["kind"] = "fuel"
    for country in ("kyrgyzstan", "tajikistan"):
        space = next(
            s for s in data["spaces"] if s.get("country") == country and s["kind"] == "atm"
        )
        space["kind"] = "fuel"
    assert {s.get("country") for s in data["spaces"] if s["kind"] == "fuel"} >= set(COUNTRIES)
    assert "Fuel Station" in refused(data)


def test_unknown_space_in_a_road_is_refused() -> None:
    data = raw()
    data["roads"][0]["b"] = "tr-atlantis"
    assert "roads.0" in refused(data)


def test_attraction_too_far_for_a_turn_is_refused(tmp_path: Path) -> None:
    """Turns: an attraction two moves from any bed can't be seen in a 3-move turn."""
    data = raw()
    data["roads"] = [r for r in data["roads"] if {r["a"], r["b"]} != {"iq-baghdad", "iq-babylon"}]
    data["spaces"].append(
        {
            "id": "iq-hillah",
            "name": "Hillah",
            "kind": "plain",
            "country": "iraq",
            "lon": 44.4,
            "lat": 32.9,
        }
    )
    data["roads"] += [{"a": "iq-baghdad", "b": "iq-hillah"}, {"a": "iq-hillah", "b": "iq-babylon"}]
    path = tmp_path / "far.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    load_content(path, BoardSpec)  # the file itself is well formed
    with pytest.raises(ContentError) as info:
        content.load_board(str(path))
    assert str(path) in str(info.value)
    assert "Ancient Babylon" in str(info.value)
