"""Actions: JSON round trips of frozen dataclass actions and the `ActionCodec`'s errors."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError, dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletrip.core import Action, ActionCodec, IllegalAction
from tabletrip.core.actions import plain_notation, written_as


@dataclass(frozen=True, slots=True)
class Claim(Action, kind="claim"):
    route: int
    color: str
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"claim {self.route} {self.color}"


@dataclass(frozen=True, slots=True)
class Swap(Action, kind="swap"):
    pairs: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Stop(Action, kind="stop"):
    pass


@dataclass(frozen=True, slots=True)
class Unlisted(Action, kind="unlisted"):
    pass


@dataclass(frozen=True, slots=True)
class OtherClaim(Action, kind="claim"):
    """Same kind as Claim, another class (as another game's action would be)."""

    route: int
    color: str
    cards: tuple[str, ...]


CODEC = ActionCodec([Claim, Swap, Stop])


def _one_line_error(data: object) -> str:
    with pytest.raises(IllegalAction) as caught:
        CODEC.from_json(data)
    message = str(caught.value)
    assert message and "\n" not in message
    return message


def test_kind_is_declared_on_the_subclass() -> None:
    assert Claim.kind == "claim"
    assert Stop().kind == "stop"
    assert Action.kind == ""


def test_to_json_gives_type_and_fields_with_tuples_as_lists() -> None:
    action = Claim(3, "red", ("red", "red", "loco"))
    data = action.to_json()
    assert data == {"type": "claim", "route": 3, "color": "red", "cards": ["red", "red", "loco"]}
    assert json.loads(json.dumps(data)) == data
    assert Stop().to_json() == {"type": "stop"}


def test_nested_tuples_round_trip() -> None:
    action = Swap(((1, 2), (3, 4)))
    data = action.to_json()
    assert data == {"type": "swap", "pairs": [[1, 2], [3, 4]]}
    back = CODEC.from_json(json.loads(json.dumps(data)))
    assert back == action
    assert isinstance(back.pairs, tuple) and isinstance(back.pairs[0], tuple)
    hash(back)  # tuples, not lists: the action stays hashable


@settings(max_examples=100, deadline=None)
@given(
    route=st.integers(-(10**6), 10**6),
    color=st.text(max_size=10),
    cards=st.lists(st.text(max_size=5), max_size=6).map(tuple),
)
def test_claim_round_trips_through_json(route: int, color: str, cards: tuple[str, ...]) -> None:
    action = Claim(route, color, cards)
    back = CODEC.from_json(json.loads(json.dumps(action.to_json())))
    assert back == action
    assert type(back) is Claim
    assert hash(back) == hash(action)


def test_actions_are_frozen_values() -> None:
    action = Claim(1, "red", ())
    with pytest.raises(FrozenInstanceError):
        action.route = 2  # type: ignore[misc]
    assert action == Claim(1, "red", ())
    assert {action, Claim(1, "red", ())} == {action}
    assert str(action) == "claim 1 red"


def test_codec_kinds_and_accepts() -> None:
    assert CODEC.kinds == ("claim", "swap", "stop")
    assert CODEC.accepts(Claim(1, "red", ()))
    assert CODEC.accepts(Stop())
    assert not CODEC.accepts(Unlisted())
    assert not CODEC.accepts(OtherClaim(1, "red", ()))  # same kind, another game's class
    assert not CODEC.accepts("claim")
    assert not CODEC.accepts({"type": "claim"})
    assert not CODEC.accepts(None)


def test_codec_refuses_a_kind_without_a_name() -> None:
    @dataclass(frozen=True)
    class Nameless(Action):
        pass

    with pytest.raises(TypeError, match="Nameless"):
        ActionCodec([Nameless])


@pytest.mark.parametrize("data", [None, "claim", 3, ["claim", 1], ("claim",)])
def test_from_json_refuses_a_non_object(data: object) -> None:
    message = _one_line_error(data)
    assert "JSON object" in message
    assert type(data).__name__ in message


@pytest.mark.parametrize(
    ("data", "shown"),
    [
        ({"type": "jump"}, "'jump'"),
        ({"route": 1}, "None"),
        ({"type": 3}, "3"),
        ({"type": ["claim"]}, "['claim']"),
        ({"type": "Claim", "route": 1, "color": "r", "cards": []}, "'Claim'"),
    ],
)
def test_from_json_unknown_type_lists_the_accepted_types(data: dict, shown: str) -> None:
    message = _one_line_error(data)
    assert f"unknown action type {shown}" in message
    assert "claim, swap, stop" in message


def test_from_json_missing_field_names_the_fields() -> None:
    message = _one_line_error({"type": "claim", "route": 1, "color": "red"})
    assert "'claim'" in message
    assert "['cards', 'color', 'route']" in message  # what it takes
    assert "['color', 'route']" in message  # what it got


def test_from_json_extra_field_names_the_fields() -> None:
    message = _one_line_error({"type": "stop", "now": True})
    assert "'stop'" in message
    assert "['now']" in message
    assert "takes fields []" in message


@pytest.mark.parametrize(
    "data",
    [
        {"type": "claim", "route": "three", "color": "red", "cards": []},
        {"type": "claim", "route": None, "color": "red", "cards": []},
        {"type": "claim", "route": 2.5, "color": "red", "cards": []},
        {"type": "claim", "route": True, "color": "red", "cards": []},
        {"type": "claim", "route": 1, "color": 7, "cards": []},
        {"type": "claim", "route": 1, "color": "red", "cards": "red"},
        {"type": "claim", "route": 1, "color": "red", "cards": [1, 2]},
        {"type": "claim", "route": 1, "color": "red", "cards": {"red": 2}},
        {"type": "swap", "pairs": [[1, "x"]]},
    ],
    ids=[
        "str-for-int",
        "none-for-int",
        "float-for-int",
        "bool-for-int",
        "int-for-str",
        "str-for-tuple",
        "ints-in-str-tuple",
        "object-for-tuple",
        "str-in-nested-int-tuple",
    ],
)
def test_from_json_refuses_wrong_value_types(data: dict) -> None:
    # "IllegalAction if it is malformed": a value of the wrong type is malformed, and a game
    # must never see one (a str route used as an index, True taken for card 1, ...).
    message = _one_line_error(data)
    kind = data["type"]
    assert repr(kind) in message
    good = _GOOD[kind]
    (wrong,) = [n for n in good if json.dumps(data[n]) != json.dumps(good[n])]
    assert repr(wrong) in message  # names the field with the wrong value


_GOOD = {"claim": {"route": 1, "color": "red", "cards": []}, "swap": {"pairs": []}}


def test_from_json_does_not_change_its_input() -> None:
    data = {"type": "claim", "route": 1, "color": "red", "cards": ["red"]}
    CODEC.from_json(data)
    assert data == {"type": "claim", "route": 1, "color": "red", "cards": ["red"]}


def test_typed_notation_finds_the_legal_action_written_so() -> None:
    legal = [Claim(3, "red", ()), Claim(3, "blue", ()), Stop()]
    assert plain_notation("  Claim   3\tRED ") == "claim 3 red"
    assert written_as(plain_notation("CLAIM 3  blue"), legal) == Claim(3, "blue", ())
    assert written_as(plain_notation("claim 4 red"), legal) is None
    assert written_as("", []) is None


def test_typed_notation_is_compared_by_the_game_s_own_normaliser() -> None:
    legal = [Claim(12, "red", ()), Stop()]

    def digits_spelt(text: str) -> str:
        return plain_notation(text).replace("12", "twelve")

    assert written_as("claim twelve red", legal, digits_spelt) == Claim(12, "red", ())
    assert written_as("claim twelve red", legal) is None  # not with the default
