"""Game records: JSON form, save and load, and replay with exact verification."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletrip
from tabletrip.core import OptionError, Record, RecordError, Rng, State, mix_seed
from tabletrip.core.records import replay
from tinygame import GAME_ID


def _finished(players: int = 2, seed: int = 0, **options: Any) -> State:
    state = tabletrip.make(GAME_ID, players=players, **options).new_game(seed=seed)
    rng = Rng(mix_seed("test_records", seed))
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _record_json(**changes: Any) -> dict[str, Any]:
    data = _finished(3, seed=5, rounds=2).record.to_json()
    data.update(changes)
    return data


def _one_line(error: RecordError) -> str:
    """The error's message, checked to be one line and not empty."""
    message = str(error)
    assert message and "\n" not in message
    return message


def _replay_error(record: Record | dict[str, Any], verify: bool = True) -> str:
    with pytest.raises(RecordError) as caught:
        replay(record, verify=verify)
    assert type(caught.value) is RecordError
    return _one_line(caught.value)


def _from_json_error(data: Any) -> str:
    with pytest.raises(RecordError) as caught:
        Record.from_json(data)
    return _one_line(caught.value)


# --- JSON form --------------------------------------------------------------------------------


def test_record_json_has_the_documented_keys() -> None:
    state = _finished(2, seed=1, rounds=2, variant="bonus")
    data = state.record.to_json()
    assert list(data) == [
        "format",
        "game",
        "options",
        "seed",
        "players",
        "actions",
        "result",
        "content",
    ]
    assert data["content"] == state.game.content.hash
    assert data["format"] == "tabletrip-record/1"
    assert data["game"] == GAME_ID
    assert data["options"] == {"rounds": 2, "variant": "bonus"}
    assert data["seed"] == 1
    assert data["players"] == 2
    assert data["actions"] == [[seat, a.to_json()] for seat, a in state.history]
    assert data["result"] == state.result.to_json()
    assert json.loads(json.dumps(data)) == data


def test_record_round_trips_through_json() -> None:
    record = _finished(3, seed=2).record
    back = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert back == record
    assert back.to_json() == record.to_json()


def test_labels_are_kept_and_only_written_when_given() -> None:
    record = _finished(2, seed=3).record
    assert "labels" not in record.to_json()
    labelled = record.with_labels(("ada", "random"))
    assert labelled.labels == ("ada", "random")
    assert labelled.to_json()["labels"] == ["ada", "random"]
    assert Record.from_json(labelled.to_json()) == labelled
    assert labelled.actions == record.actions and labelled.result == record.result
    assert record.labels == ()


def test_a_record_of_an_unfinished_game_has_no_result() -> None:
    state = tabletrip.make(GAME_ID).new_game(seed=4)
    state.apply(state.legal_actions()[0])
    data = state.record.to_json()
    assert data["result"] is None
    assert len(data["actions"]) == 1


@pytest.mark.parametrize("data", [None, [], "record", 7])
def test_from_json_refuses_a_non_object(data: Any) -> None:
    assert _from_json_error(data) == "a record must be a JSON object"


@pytest.mark.parametrize("fmt", [None, "tabletrip-record/2", "tabletrip-state/1", 1])
def test_from_json_refuses_another_format(fmt: Any) -> None:
    data = _record_json(format=fmt)
    if fmt is None:
        del data["format"]
    message = _from_json_error(data)
    assert message == f"unknown record format {fmt!r}: expected 'tabletrip-record/1'"


def test_from_json_names_the_missing_keys() -> None:
    data = _record_json()
    del data["seed"], data["actions"]
    assert _from_json_error(data) == "record is missing seed, actions"


@pytest.mark.parametrize(
    "actions",
    [None, {"0": {}}, [[0]], [[0, {}, 1]], [{"seat": 0}], [["0", {"type": "draw"}]], "draw"],
)
def test_from_json_refuses_a_bad_actions_list(actions: Any) -> None:
    message = _from_json_error(_record_json(actions=actions))
    assert message == "record 'actions' must be a list of [seat, action] pairs"


@pytest.mark.parametrize("changes", [{"options": []}, {"seed": "5"}, {"seed": 1.5}])
def test_from_json_refuses_bad_options_or_seed(changes: dict[str, Any]) -> None:
    assert "'options' must be an object" in _from_json_error(_record_json(**changes))


@pytest.mark.parametrize("labels", [5, None])
def test_from_json_refuses_labels_that_are_not_a_list(labels: Any) -> None:
    # A hand-edited record file must give a RecordError, not a TypeError traceback.
    assert "labels" in _from_json_error(_record_json(labels=labels))


# --- save and load ----------------------------------------------------------------------------


def test_save_and_load(tmp_path: Path) -> None:
    record = _finished(2, seed=6).record.with_labels(("a", "b"))
    path = record.save(tmp_path / "deep" / "er" / "game.json")
    assert path == tmp_path / "deep" / "er" / "game.json"
    assert json.loads(path.read_text()) == record.to_json()
    assert Record.load(path) == record
    assert Record.load(str(path)) == record


def _load_error(path: Path) -> str:
    with pytest.raises(RecordError) as caught:
        Record.load(path)
    return _one_line(caught.value)


def test_load_of_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.json"
    message = _load_error(path)
    assert message == f"cannot read record {str(path)!r}: No such file or directory"


def test_load_of_a_directory(tmp_path: Path) -> None:
    assert _load_error(tmp_path).startswith(f"cannot read record {str(tmp_path)!r}")


@pytest.mark.parametrize("content", [b"", b"{", b"not json", b"\xff\xfe\x00"])
def test_load_of_a_file_that_is_not_json(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    assert _load_error(path).startswith(f"record {str(path)!r} is not JSON: ")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ([1, 2], "a record must be a JSON object"),
        ({"format": "x"}, "unknown record format 'x'"),
        ({"format": "tabletrip-record/1"}, "record is missing game, options, seed, players"),
        ("a string", "a record must be a JSON object"),
    ],
)
def test_load_of_a_file_that_is_not_a_record(tmp_path: Path, data: Any, expected: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert expected in _load_error(path)


def test_load_of_a_record_with_a_bad_actions_list(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record_json(actions=[[0]])))
    assert "[seat, action] pairs" in _load_error(path)


# --- replay -----------------------------------------------------------------------------------


@pytest.mark.parametrize("form", ["record", "dict", "file"])
def test_replay_reproduces_result_and_final_state(form: str, tmp_path: Path) -> None:
    state = _finished(3, seed=11, rounds=5, variant="bonus")
    record: Any = state.record
    if form == "dict":
        record = json.loads(json.dumps(record.to_json()))
    elif form == "file":
        record = Record.load(record.save(tmp_path / "game.json"))
    replayed = tabletrip.replay(record)
    assert replayed.is_over
    assert replayed.result == state.result
    assert _snapshot(replayed) == _snapshot(state)
    assert replayed.history == state.history
    assert tabletrip.replay is replay


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    players=st.integers(1, 3),
    rounds=st.integers(1, 8),
    variant=st.sampled_from(["plain", "bonus"]),
)
def test_replay_is_exact_for_any_game(seed: int, players: int, rounds: int, variant: str) -> None:
    state = _finished(players, seed=seed, rounds=rounds, variant=variant)
    replayed = replay(json.loads(json.dumps(state.record.to_json())))
    assert _snapshot(replayed) == _snapshot(state)


def test_replay_of_an_unfinished_record_stops_where_it_ends() -> None:
    data = _record_json(result=None)
    data["actions"] = data["actions"][:4]
    state = replay(data)
    assert not state.is_over
    assert len(state.history) == 4
    assert state.current_player == 1


def test_an_illegal_action_names_its_index_and_why() -> None:
    data = _record_json()
    data["actions"][2] = [2, {"type": "play", "card": 99}]
    message = _replay_error(data)
    assert message == ("action 2 ({'type': 'play', 'card': 99}) fails: card 99 is not in your hand")


def test_a_malformed_action_names_its_index() -> None:
    data = _record_json()
    data["actions"][1] = [1, {"type": "fly"}]
    message = _replay_error(data)
    assert message.startswith("action 1 ({'type': 'fly'}) fails: unknown action type 'fly'")


def test_an_action_of_the_wrong_seat() -> None:
    data = _record_json()
    data["actions"][3][0] = 2
    message = _replay_error(data)
    assert message.startswith("action 3 (")
    assert message.endswith("fails: it is seat 0's turn, not seat 2's")


def test_an_action_after_the_end() -> None:
    data = _record_json()
    data["actions"].append([0, {"type": "draw"}])
    assert _replay_error(data).endswith("fails: the game is already over")


def test_a_tampered_result_fails_verification() -> None:
    data = _record_json()
    data["result"]["scores"][0] += 1
    message = _replay_error(data)
    assert message == "the replay does not reproduce the result the record gives"
    unverified = replay(data, verify=False)
    assert unverified.result.to_json() == _record_json()["result"]


def test_tampered_winners_fail_verification() -> None:
    data = _record_json()
    data["result"]["winners"] = [0, 1, 2]
    _replay_error(data)


def test_a_result_for_an_unfinished_game_fails_verification() -> None:
    data = _record_json()
    data["actions"] = data["actions"][:-1]
    assert "does not reproduce the result" in _replay_error(data)


def test_an_action_of_the_wrong_json_type_does_not_replay() -> None:
    # Seed 1 deals seat 0 the cards 1 and 12. `"card": true` is not the card 1, yet today it
    # replays (True == 1), puts `true` in the discards, and the result still "verifies".
    game = tabletrip.make(GAME_ID, players=2, rounds=1)
    state = game.new_game(seed=1)
    assert state.hands[0] == [1, 12]
    state.apply(game.action_from_json({"type": "play", "card": 1}))
    state.apply(game.action_from_json({"type": "play", "card": 7}))
    data = state.record.to_json()
    data["actions"][0][1]["card"] = True
    assert _replay_error(data).startswith("action 0 (")


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"game": "no-such-game"}, "unknown game 'no-such-game'"),
        ({"players": 7}, "takes 1 to 3 players"),
        ({"players": "many"}, "takes 1 to 3 players"),
        ({"options": {"rounds": 99}}, "bad value 99 for option 'rounds'"),
        ({"options": {"map": "usa"}}, "unknown option 'map'"),
    ],
)
def test_a_record_that_cannot_be_set_up_is_a_record_error(
    changes: dict[str, Any], expected: str
) -> None:
    message = _replay_error(_record_json(**changes))
    assert message.startswith("record cannot be replayed: ")
    assert expected in message
    with pytest.raises(RecordError) as caught:
        replay(_record_json(**changes))
    assert not isinstance(caught.value, OptionError)


@pytest.mark.parametrize("options", [{"players": 3}, {"game_id": "high-card"}])
def test_record_options_named_like_make_arguments_are_a_record_error(
    options: dict[str, Any],
) -> None:
    # replay() calls make(record.game, players=..., **record.options): today these options
    # escape as "TypeError: make() got multiple values for ...".
    message = _replay_error(_record_json(options=options))
    assert message.startswith("record cannot be replayed: ")


def test_replay_of_a_dict_that_is_not_a_record() -> None:
    assert "missing" in _replay_error({"format": "tabletrip-record/1"})
