"""`tabletrip content export` and `content check` (issue 25): a designer's starting point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletrip
from cli_helpers import assert_one_error_line, run


def test_export_writes_the_shipped_files_and_a_manifest_that_check_accepts(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "ee"
    result = run(f"content export ticket-to-ride {folder}")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == [
        "europe_express.json",
        "tabletrip-content.json",
        "usa.json",
    ]
    shipped = tabletrip.make("ticket-to-ride", players=2, map="europe-express")
    checked = run(f"content check {folder} -o map=europe-express")
    assert checked.exit_code == 0, checked.output
    assert f"content {shipped.content.short}" in checked.stdout  # the same data, the same hash
    assert "for 2-4 players" in checked.stdout


def test_an_edited_map_is_checked_and_played(tmp_path: Path) -> None:
    folder = tmp_path / "ee"
    run(f"content export ticket-to-ride {folder}")
    path = folder / "europe_express.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["routes"][0]["length"] += 1  # London-Edinburgh one longer
    data["tickets"][0]["points"] += 3
    path.write_text(json.dumps(data), encoding="utf-8")
    checked = run(f"content check {folder} -o map=europe-express")
    assert checked.exit_code == 0, checked.output
    game = tabletrip.make("ticket-to-ride", players=2, map="europe-express", content=folder)
    assert f"content {game.content.short}" in checked.stdout
    assert game.board.routes[0].length == data["routes"][0]["length"]


def test_a_bad_value_is_one_line_naming_the_file_and_entry(tmp_path: Path) -> None:
    folder = tmp_path / "ee"
    run(f"content export ticket-to-ride {folder}")
    path = folder / "europe_express.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["routes"][0]["length"] = 9
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run(f"content check {folder} -o map=europe-express")
    assert_one_error_line(result, "europe_express.json", "routes.0.length")


def test_export_does_not_overwrite_and_check_needs_a_game(tmp_path: Path) -> None:
    folder = tmp_path / "ee"
    run(f"content export ticket-to-ride {folder}")
    assert_one_error_line(run(f"content export ticket-to-ride {folder}"), "--force")
    assert run(f"content export ticket-to-ride {folder} --force").exit_code == 0
    alone = tmp_path / "map.json"
    alone.write_text((folder / "usa.json").read_text(encoding="utf-8"), encoding="utf-8")
    assert_one_error_line(run(f"content check {alone}"), "--game")
    assert run(f"content check {alone} --game ticket-to-ride").exit_code == 0
    assert_one_error_line(run(f"content check {tmp_path / 'none.json'}"), "does not exist")
    assert_one_error_line(run(f"content export no-such-game {folder}"))


def test_every_game_with_content_exports_files_its_check_accepts(tmp_path: Path) -> None:
    for game in ("en-route", "route-east", "lets-go-france"):
        folder = tmp_path / game
        assert run(f"content export {game} {folder}").exit_code == 0
        result = run(f"content check {folder}")
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith(f"ok: {game} content")


def test_replay_asks_for_the_content_a_record_was_played_with(tmp_path: Path) -> None:
    folder = tmp_path / "ee"
    run(f"content export ticket-to-ride {folder}")
    path = folder / "europe_express.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tickets"][0]["points"] += 3
    path.write_text(json.dumps(data), encoding="utf-8")
    game = tabletrip.make("ticket-to-ride", players=2, map="europe-express", content=folder)
    state = game.new_game(seed=4)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    record = tmp_path / "game.json"
    record.write_text(json.dumps(state.record.to_json()), encoding="utf-8")
    assert_one_error_line(run(f"replay {record}"), "--content PATH")
    replayed = run(f"replay {record} --content {folder}")
    assert replayed.exit_code == 0, replayed.output
    assert "reproduce the recorded result exactly" in replayed.stdout


def test_play_with_own_content_records_its_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLETRIP_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "ee"
    run(f"content export ticket-to-ride {folder}")
    path = folder / "europe_express.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["routes"][0]["length"] += 1
    path.write_text(json.dumps(data), encoding="utf-8")
    saved = tmp_path / "watched.json"
    played = run(
        "play ticket-to-ride -o map=europe-express --watch --bot random --seed 3",
        "--content",
        str(folder),
        "--record",
        str(saved),
    )
    assert played.exit_code == 0, played.output
    own = tabletrip.make("ticket-to-ride", players=2, map="europe-express", content=folder)
    assert json.loads(saved.read_text(encoding="utf-8"))["content"] == own.content.hash
    assert run(f"replay {saved} --content {folder}").exit_code == 0
    assert_one_error_line(run(f"play --content {folder}"), "GAME")


def test_a_map_file_of_the_other_map_is_one_line_with_the_ways_out(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    run(f"content export ticket-to-ride {folder}")
    (folder / "usa.json").write_text((folder / "europe_express.json").read_text("utf-8"), "utf-8")
    result = run(f"content check {folder} -o map=usa")
    assert_one_error_line(
        result, "usa.json", "is the map 'europe-express', not 'usa'", "choose map=europe-express"
    )


def test_a_city_file_renamed_inside_is_one_line_saying_to_rename_it_back(tmp_path: Path) -> None:
    folder = tmp_path / "city"
    run(f"content export en-route {folder}")
    path = folder / "first_city.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["city"] = "my-town"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = assert_one_error_line(
        run(f"content check {folder}"), "is the city 'my-town', not 'first-city'"
    )
    assert line.endswith("set its \"city\" to 'first-city'") and "choose" not in line
