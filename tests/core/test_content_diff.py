"""What changed between two content versions, as `tabletrip report --compare` lists it."""

from __future__ import annotations

import copy
import json

from tabletrip.core.content_diff import ABSENT, diff_content
from tabletrip.games.ticket_to_ride.content import shipped_map


def _europe() -> dict:
    return json.loads(shipped_map("europe-express").read_text(encoding="utf-8"))


def test_edits_are_named_by_the_entries_they_are_in() -> None:
    before = _europe()
    after = copy.deepcopy(before)
    after["routes"][0]["length"] = 5
    paris = next(t for t in after["tickets"] if (t["a"], t["b"]) == ("Paris", "Munchen"))
    paris["points"] = 8
    after["start_score"] = 90
    changes = diff_content({"europe_express.json": before}, {"europe_express.json": after})
    assert [c.line() for c in changes] == [
        "europe_express.json: start_score: 100 -> 90",
        "europe_express.json: routes[London-Edinburgh].length: 4 -> 5",
        "europe_express.json: tickets[Paris-Munchen].points: 5 -> 8",
    ]
    assert [c.entries for c in changes] == [(), ("London-Edinburgh",), ("Paris-Munchen",)]


def test_an_entry_removed_in_the_middle_is_one_change() -> None:
    before = _europe()
    after = copy.deepcopy(before)
    removed = after["tickets"].pop(3)
    after["tickets"].append({"a": "Roma", "b": "Oslo", "points": 21})
    changes = diff_content({"m.json": before}, {"m.json": after})
    name = f"{removed['a']}-{removed['b']}"
    assert [(c.place, c.after) for c in changes] == [
        (f"tickets[{name}]", ABSENT),
        ("tickets[Roma-Oslo]", '{"a": "Roma", "b": "Oslo", "points": 21}'),
    ]
    assert changes[0].before.startswith("{") and changes[0].entries == (name,)


def test_double_routes_are_told_apart_by_id() -> None:
    before = {
        "routes": [
            {"id": 0, "a": "X", "b": "Y", "length": 2, "color": "red"},
            {"id": 1, "a": "X", "b": "Y", "length": 2, "color": "blue"},
        ]
    }
    after = copy.deepcopy(before)
    after["routes"][1]["color"] = "green"
    (change,) = diff_content({"m.json": before}, {"m.json": after})
    assert change.place == "routes[X-Y #1].color"
    assert change.entries == ("X-Y",)
    assert (change.before, change.after) == ('"blue"', '"green"')


def test_unnamed_lists_go_by_position_and_files_by_name() -> None:
    before = {"a.json": {"sizes": [1, 2, 3]}, "b.json": {}}
    after = {"a.json": {"sizes": [1, 5, 3, 4]}, "c.json": {}}
    lines = [c.line() for c in diff_content(before, after)]
    assert lines == [
        "a.json: sizes[1]: 2 -> 5",
        f"a.json: sizes[3]: {ABSENT} -> 4",
        f"b.json: (file): present -> {ABSENT}",
        f"c.json: (file): {ABSENT} -> added",
    ]
    assert diff_content(before, before) == []
    assert [c.line() for c in diff_content({"n.json": 1}, {"n.json": 1.0})] == [
        "n.json: (top): 1 -> 1.0"
    ]
