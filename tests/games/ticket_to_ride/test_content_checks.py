"""Every number a Ticket to Ride rulebook fixes, and the map's own consistency, checked when an
own map file loads (issue 25): each bad file is one ContentError line naming the file, the
entry and what the rulebook (or the map) accepts. The rulebooks' sections are named per case."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from tabletrip.core import ContentError
from tabletrip.games.ticket_to_ride.content import load_board

DATA = files("tabletrip.games.ticket_to_ride") / "data"
FILES = {"usa": "usa.json", "europe-express": "europe_express.json"}
Edit = Callable[[dict[str, Any]], None]


def _set(key: str, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data[key] = value

    return edit


def _drop_ticket(data: dict[str, Any]) -> None:
    data["tickets"].pop()


def _fewer_cards(data: dict[str, Any]) -> None:
    colour = next(iter(data["train_cards"]))
    data["train_cards"][colour] -= 1


def _more_colours(data: dict[str, Any]) -> None:
    data["train_cards"]["brown"] = 12


# (map, rulebook section, edit, words the one line must hold)
RULEBOOK_CASES = [
    ("usa", "Components: 45 trains", _set("trains_per_player", 40), "trains_per_player is 40"),
    ("usa", "Components: 14 Locomotives", _set("locomotives", 12), "locomotives: 12 given"),
    ("usa", "Components: 30 Destination Tickets", _drop_ticket, "tickets: 29 given"),
    ("usa", "Components: 12 cards a colour", _fewer_cards, "the rulebook has 12"),
    ("usa", "Components: 8 colours", _more_colours, "train_cards has 9 colours"),
    ("usa", "Scoring: Longest Path 10 points", _set("longest_path_bonus", 15), "fixes 10"),
    ("usa", "Double Routes: 2-3 players", _set("single_double_up_to", 2), "fixes 3"),
    ("usa", "Route Scoring Table", _set("route_points", {"1": 1, "2": 2}), "route_points"),
    ("usa", "2 to 5 players", _set("players", [2, 6]), "players is"),
    ("europe-express", "Components: 27 trains", _set("trains_per_player", 45), "fixes 27"),
    ("europe-express", "Setting up: 100 points", _set("start_score", 0), "start_score is 0"),
    (
        "europe-express",
        "Europe Express cards 20, 15, 10, 5",
        _set("express_bonus", [20, 15]),
        "express_bonus is [20, 15]",
    ),
    ("europe-express", "Setting up: first player drawn", _set("random_first_player", False), ""),
    ("europe-express", "Components: 12 Locomotives", _set("locomotives", 14), "has 12"),
    ("europe-express", "Components: 30 tickets", _drop_ticket, "tickets: 29 given"),
]


def _bad_copy(tmp_path: Path, map_id: str, edit: Edit) -> Path:
    data = json.loads((DATA / FILES[map_id]).read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / FILES[map_id]
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _refusal(tmp_path: Path, map_id: str, edit: Edit) -> str:
    path = _bad_copy(tmp_path, map_id, edit)
    with pytest.raises(ContentError) as caught:
        load_board(map_id, path=str(path))
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    return message


@pytest.mark.parametrize(("map_id", "section", "edit", "words"), RULEBOOK_CASES)
def test_a_number_the_rulebook_fixes_is_kept(
    tmp_path: Path, map_id: str, section: str, edit: Edit, words: str
) -> None:
    message = _refusal(tmp_path, map_id, edit)
    assert words in message and "rulebook" in message, (section, message)


def _rename_city(data: dict[str, Any]) -> None:
    data["cities"][1]["name"] = data["cities"][0]["name"]


def _shuffle_ids(data: dict[str, Any]) -> None:
    data["routes"][0]["id"], data["routes"][1]["id"] = 1, 0


def _third_track(data: dict[str, Any]) -> None:
    route = dict(data["routes"][0])
    twins = [r for r in data["routes"] if {r["a"], r["b"]} == {route["a"], route["b"]}]
    for _ in range(3 - len(twins)):
        data["routes"].append({**route, "id": len(data["routes"])})


def _locomotive_colour(data: dict[str, Any]) -> None:
    data["train_cards"]["locomotive"] = 12


def _unknown_express_city(data: dict[str, Any]) -> None:
    data["express_cities"] = ["London", "Atlantis"]


def _island(data: dict[str, Any]) -> None:
    """Two cities joined only to each other: the map falls in two."""
    data["cities"] += [{"name": "Thule", "lon": -20.0, "lat": 64.0}]
    data["cities"] += [{"name": "Ultima", "lon": -21.0, "lat": 65.0}]
    route = {"a": "Thule", "b": "Ultima", "length": 2, "color": "gray"}
    data["routes"].append({"id": len(data["routes"]), **route})


def _unrouted_city(data: dict[str, Any]) -> None:
    data["cities"].append({"name": "Thule", "lon": -20.0, "lat": 64.0})


MAP_CASES = [
    ("city names", _rename_city, "city names must be unique"),
    ("route ids", _shuffle_ids, "routes.0: route ids must be 0, 1, 2, ... in order"),
    ("Double Routes: two tracks at most", _third_track, "more than two routes between"),
    ("Locomotives are not a colour", _locomotive_colour, "must not name 'locomotive'"),
    ("Europe Express cities", _unknown_express_city, "express_cities: unknown city 'Atlantis'"),
    ("one network", _island, "the city 'Thule' cannot be reached by routes from"),
    ("every city on a route", _unrouted_city, "the city 'Thule' cannot be reached"),
]


@pytest.mark.parametrize(("what", "edit", "words"), MAP_CASES)
def test_a_map_that_does_not_hold_together_is_refused(
    tmp_path: Path, what: str, edit: Edit, words: str
) -> None:
    message = _refusal(tmp_path, "europe-express", edit)
    assert words in message, (what, message)


def test_the_island_message_counts_the_other_cut_off_cities(tmp_path: Path) -> None:
    message = _refusal(tmp_path, "europe-express", _island)
    assert "(nor 1 more)" in message and "one network" in message
