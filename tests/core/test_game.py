"""The Game/State contract's provided parts, exercised on the test-only High Card game."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletrip
from tabletrip.core import Action, IllegalAction, RecordError, Result, Rng, State, mix_seed
from tabletrip.core.game import iter_history
from tabletrip.core.presentation import render_text
from tinygame import GAME_ID, Draw, HighCardState, Pass, Play


@dataclass(frozen=True, slots=True)
class ForeignDraw(Action, kind="draw"):
    """Another game's action with the same kind and notation as High Card's Draw."""

    def __str__(self) -> str:
        return "draw"


def _new(players: int = 2, seed: int = 0, **options: Any) -> HighCardState:
    state = tabletrip.make(GAME_ID, players=players, **options).new_game(seed=seed)
    assert isinstance(state, HighCardState)
    return state


def _snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _play_out(state: State, seed: int, steps: int | None = None) -> State:
    rng = Rng(mix_seed("test_game", seed))
    taken = 0
    while not state.is_over and (steps is None or taken < steps):
        state.apply(rng.choice(state.legal_actions()))
        taken += 1
    return state


def _refused(state: State, action: Any) -> str:
    before = _snapshot(state)
    history = state.history
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    message = str(caught.value)
    assert message and "\n" not in message
    assert _snapshot(state) == before
    assert state.history == history
    return message


# --- new games and determinism ----------------------------------------------------------------


def test_new_game_is_determined_by_the_seed() -> None:
    game = tabletrip.make(GAME_ID, players=3)
    assert _snapshot(game.new_game(seed=5)) == _snapshot(game.new_game(seed=5))
    deals = {json.dumps(game.new_game(seed=s).hands) for s in range(30)}
    assert len(deals) > 20


def test_a_new_game_starts_with_seat_zero_and_no_history() -> None:
    state = _new(3, seed=1)
    assert state.current_player == 0
    assert state.num_players == 3
    assert state.seed == 1
    assert state.history == []
    assert state.result is None
    assert not state.is_over
    assert state.record.actions == ()
    assert state.record.result is None


def test_same_seed_and_actions_give_the_same_game() -> None:
    a = _play_out(_new(2, seed=9), seed=1)
    b = _new(2, seed=9)
    for _seat, action in a.history:
        b.apply(action)
    assert _snapshot(a) == _snapshot(b)
    assert a.result == b.result


# --- apply ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "thing",
    [object(), "draw", None, 3, {"type": "draw"}, Draw, ["draw"]],
    ids=["object", "text", "none", "int", "json", "class", "list"],
)
def test_apply_refuses_what_is_not_an_action(thing: Any) -> None:
    message = _refused(_new(), thing)
    assert "is not an action of high-card" in message


def test_apply_refuses_an_action_of_another_game() -> None:
    state = _new()
    assert Draw() in state.legal_actions()
    message = _refused(state, ForeignDraw())
    assert message == "ForeignDraw() is not an action of high-card"


def test_apply_refuses_an_illegal_action_with_the_reason() -> None:
    state = _new(seed=1)  # seat 0 holds 1 and 12
    assert state.hands[0] == [1, 12]
    assert _refused(state, Play(5)) == "card 5 is not in your hand"
    assert _refused(state, Pass()) == "you may only pass when you can neither draw nor play"


def test_apply_accepts_a_legal_action_and_moves_on() -> None:
    state = _new(seed=1)
    state.apply(Play(12))
    assert state.scores == [12, 0]
    assert state.current_player == 1
    assert state.history == [(0, Play(12))]


def test_apply_refuses_everything_after_the_end() -> None:
    state = _play_out(_new(2, seed=3, rounds=1), seed=3)
    assert state.is_over
    assert state.legal_actions() == []
    last_seat = state.history[-1][0]
    assert state.current_player == last_seat
    for action in (Draw(), Play(1), Pass(), ForeignDraw(), object()):
        assert _refused(state, action) == "the game is over: no more actions"


def test_history_and_record_grow_by_one_per_action() -> None:
    state = _new(3, seed=4, rounds=4)
    rng = Rng(4)
    count = 0
    while not state.is_over:
        seat = state.current_player
        action = rng.choice(state.legal_actions())
        state.apply(action)
        count += 1
        assert len(state.history) == count
        assert state.history[-1] == (seat, action)
        record = state.record
        assert len(record.actions) == count
        assert record.actions[-1] == (seat, action.to_json())
        assert (record.result is None) == (not state.is_over)
    assert count == 12
    assert [seat for seat, _ in state.history] == [0, 1, 2] * 4
    assert state.record.result == state.result.to_json()


def test_record_describes_the_game() -> None:
    state = _play_out(_new(3, seed=8, rounds=2, variant="bonus"), seed=8)
    record = state.record
    assert record.game == GAME_ID
    assert record.options == {"rounds": 2, "variant": "bonus"}
    assert record.seed == 8
    assert record.players == 3
    record.options["rounds"] = 99  # the record is a copy: the game is untouched
    assert state.game.options["rounds"] == 2


# --- to_json / load ---------------------------------------------------------------------------


def test_to_json_is_json_safe_and_complete() -> None:
    state = _play_out(_new(2, seed=2), seed=2, steps=3)
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["format"] == "tabletrip-state/1"
    assert data["game"] == GAME_ID
    assert data["options"] == {"rounds": 3, "variant": "plain"}
    assert data["players"] == 2
    assert data["seed"] == 2
    assert len(data["history"]) == 3
    assert data["state"]["hands"] == state.hands


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 3), steps=st.integers(0, 24))
def test_load_round_trips_and_plays_on_identically(seed: int, players: int, steps: int) -> None:
    state = _play_out(_new(players, seed=seed, rounds=8), seed=seed, steps=steps)
    loaded = state.game.load(json.loads(json.dumps(state.to_json())))
    assert _snapshot(loaded) == _snapshot(state)
    assert loaded.history == state.history
    assert loaded.record == state.record
    _play_out(state, seed + 1)
    _play_out(loaded, seed + 1)
    assert _snapshot(loaded) == _snapshot(state)
    assert loaded.result == state.result


def _load_error(game_options: dict[str, Any], data: Any) -> str:
    game = tabletrip.make(GAME_ID, **game_options)
    with pytest.raises(RecordError) as caught:
        game.load(data)
    message = str(caught.value)
    assert message and "\n" not in message
    return message


def _saved(**changes: Any) -> dict[str, Any]:
    data = _play_out(_new(2, seed=6), seed=6, steps=2).to_json()
    data.update(changes)
    return data


def test_load_refuses_a_state_of_another_game() -> None:
    message = _load_error({"players": 2}, _saved(game="ticket-to-ride"))
    assert "'ticket-to-ride'" in message and "'high-card'" in message


def test_load_refuses_a_state_with_other_options() -> None:
    message = _load_error({"players": 2, "rounds": 4}, _saved())
    assert "'rounds': 3" in message and "'rounds': 4" in message


def test_load_refuses_a_state_with_another_player_count() -> None:
    assert _load_error({"players": 3}, _saved()) == "this state has 2 players, not 3"


@pytest.mark.parametrize(
    "data",
    [None, [], "state", {}, {"format": "tabletrip-state/2"}, {"format": "tabletrip-record/1"}],
)
def test_load_refuses_what_is_not_a_state(data: Any) -> None:
    assert "not a tabletrip state" in _load_error({"players": 2}, data)


def test_load_refuses_a_state_of_another_format() -> None:
    assert "tabletrip-state/1" in _load_error({"players": 2}, _saved(format="tabletrip-state/0"))


@pytest.mark.parametrize(
    "changes",
    [
        {"state": {}},
        {"state": None},
        {"history": [[0]]},
        {"history": [[0, {"type": "fly"}]]},
        {"history": None},
    ],
    ids=["empty-state", "null-state", "short-history-entry", "unknown-action", "null-history"],
)
def test_load_refuses_a_malformed_state(changes: dict[str, Any]) -> None:
    assert "malformed state" in _load_error({"players": 2}, _saved(**changes))


def test_load_without_a_seed_is_refused() -> None:
    data = _saved()
    del data["seed"]
    assert "malformed state" in _load_error({"players": 2}, data)


# --- clone ------------------------------------------------------------------------------------


def test_clone_shares_history_but_is_independent() -> None:
    state = _play_out(_new(2, seed=7, rounds=6), seed=7, steps=5)
    before = _snapshot(state)
    copy = state.clone()
    assert copy is not state
    assert _snapshot(copy) == before
    assert copy._history is state._history  # O(1): the history is shared, not copied
    _play_out(copy, seed=70)
    assert copy.is_over
    assert len(copy.history) == 12
    assert len(state.history) == 5
    assert _snapshot(state) == before
    assert copy.history[:5] == state.history


def test_original_moves_on_without_touching_its_clone() -> None:
    state = _new(2, seed=7)
    copy = state.clone()
    before = _snapshot(copy)
    _play_out(state, seed=1)
    assert _snapshot(copy) == before
    assert copy.history == []


# --- text and observations --------------------------------------------------------------------


def _fields(text: str) -> dict[str, str]:
    fields = {}
    for line in text.splitlines():
        key, _, value = line.partition(" ")
        fields[key] = value.strip()
    return fields


def test_render_text_for_a_seat_shows_its_own_hand_only() -> None:
    state = _new(2, seed=1)
    assert state.hands == [[1, 12], [5, 7]]
    seat0 = _fields(render_text(state, 0))
    seat1 = _fields(render_text(state, 1))
    assert seat0["hand"] == "[1, 12]"
    assert seat1["hand"] == "[5, 7]"
    assert seat0["seat"] == "0" and seat1["seat"] == "1"
    assert seat0["hand_sizes"] == "[2, 2]"


def test_render_text_for_none_is_the_public_view() -> None:
    state = _play_out(_new(3, seed=1), seed=1, steps=4)
    text = render_text(state, None)
    assert isinstance(text, str) and text
    fields = _fields(text)
    assert "hand" not in fields and "seat" not in fields
    assert set(fields) == {"hand_sizes", "scores", "deck_size", "discards", "turn"}
    assert fields["turn"] == "4"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 8), viewer=st.integers(0, 2))
def test_render_text_shows_nothing_hidden(seed: int, steps: int, viewer: int) -> None:
    # Resampling what `viewer` cannot see leaves its text and the public text unchanged.
    state = _play_out(_new(3, seed=seed, rounds=4), seed=seed, steps=steps)
    view = state.determinize(viewer, Rng(seed))
    assert render_text(view, viewer) == render_text(state, viewer)
    assert render_text(view, None) == render_text(state, None)


def test_render_text_lines_are_aligned() -> None:
    lines = render_text(_new(2, seed=1), None).splitlines()
    assert lines[0] == "hand_sizes  [2, 2]"
    assert "deck_size   8" in lines
    column = len("hand_sizes  ")  # the longest key and two spaces
    assert all(line[column - 2 : column] == "  " and line[column] != " " for line in lines)


# --- notation ---------------------------------------------------------------------------------


def test_parse_action_matches_the_notation_loosely() -> None:
    state = _new(seed=1)
    game = state.game
    assert game.parse_action("draw", state) == Draw()
    assert game.parse_action("  PLAY   12 ", state) == Play(12)
    with pytest.raises(IllegalAction) as caught:
        game.parse_action("play 5", state)
    assert str(caught.value) == "'play 5' is not a legal action now: try draw, play 1, play 12"


def test_parse_action_names_how_many_more_there_are() -> None:
    state = _new(1, seed=1, rounds=8)
    for _ in range(6):
        state.apply(Draw())
    assert len(state.legal_actions()) == 9
    with pytest.raises(IllegalAction, match=r"\(and 3 more\)$"):
        state.game.parse_action("fly", state)


def test_action_from_json_uses_the_codec() -> None:
    game = tabletrip.make(GAME_ID)
    assert game.action_from_json({"type": "play", "card": 4}) == Play(4)
    with pytest.raises(IllegalAction, match="draw, play, pass"):
        game.action_from_json({"type": "fly"})


# --- result -----------------------------------------------------------------------------------


def test_result_round_trips_and_adds_up() -> None:
    state = _play_out(_new(3, seed=12, variant="bonus"), seed=12)
    result = state.result
    assert isinstance(result, Result)
    data = json.loads(json.dumps(result.to_json()))
    assert Result.from_json(data) == result
    for seat, score in enumerate(result.scores):
        assert result.breakdown[seat]["total"] == score
    assert set(result.winners) == {
        s for s, score in enumerate(result.scores) if score == max(result.scores)
    }


def test_result_of_a_known_game() -> None:
    state = _new(2, seed=1, rounds=1, variant="bonus")
    state.apply(Play(12))
    state.apply(Play(7))
    assert state.result == Result(
        (17, 7),
        (0,),
        (
            {"played": 12, "bonus": 5, "total": 17},
            {"played": 7, "bonus": 0, "total": 7},
        ),
    )


# --- the history a seat knows (`seen_history`, determinized copies) ----------------------------


class SecretPlayState(HighCardState):
    """High Card where a play is face down until the fourth turn, then shown (an epoch)."""

    def public_move(self, action: Action) -> str:
        """A play is "play a card" until four turns have passed."""
        if isinstance(action, Play) and self.turn < 4:
            return "play a card"
        return action.public()

    def seen_epoch(self) -> object:
        """Plays are shown from the fourth turn on."""
        return self.turn >= 4

    def clone(self) -> HighCardState:
        copy = SecretPlayState.__new__(SecretPlayState)
        copy.__dict__.update(super().clone().__dict__)
        return copy


def _secret_game(seed: int) -> SecretPlayState:
    base = _new(players=3, seed=seed, rounds=4)
    state = SecretPlayState.__new__(SecretPlayState)
    state.__dict__.update(base.__dict__)
    return state


def _seen_from_scratch(state: State, seat: int) -> list[tuple[int, str]]:
    return [(s, str(a) if s == seat else state.public_move(a)) for s, a in state.history]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**20), seat=st.integers(0, 2))
def test_seen_history_is_each_seats_knowledge_however_it_is_reached(seed: int, seat: int) -> None:
    """CONTRACT.md, determinize: nothing in the copy, its history included, holds what the seat
    cannot know. Asked again and again as the game goes on (the memo is used and extended, and
    dropped when the epoch changes), it equals the history worked out from scratch."""
    state = _secret_game(seed)
    rng = Rng(seed)
    while not state.is_over:
        if rng.below(2):
            seen = list(iter_history(state.seen_history(seat)))
            assert [(s, str(a)) for s, a in seen] == _seen_from_scratch(state, seat)
            for (s, a), (_, true) in zip(seen, state.history, strict=True):
                if s == seat or state.public_move(true) == str(true):
                    assert a is true, "a move the seat knows whole is kept as it was"
        state.apply(rng.choice(state.legal_actions()))


def test_a_determinized_copy_carries_the_seen_history_and_round_trips() -> None:
    """The copy's history names no hidden play; saved as JSON, it loads as it was."""
    state = _secret_game(5)
    rng = Rng(1)
    while state.turn < 3:
        state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Play)]))
    view = state.determinize(0, rng)
    texts = [str(a) for s, a in view.history if s != 0]
    assert texts == ["play a card", "play a card"]
    kinds = {a.kind for s, a in view.history if s != 0}
    assert kinds == {"concealed"}
    loaded = state.game.load(json.loads(json.dumps(view.to_json())))
    assert _snapshot(loaded) == _snapshot(view)
