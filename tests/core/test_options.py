"""Game options: coercion of command-line text, validation, defaults and one-line messages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletrip.core import OptionError, OptionSpec
from tabletrip.core.options import validate_options

ROUNDS = OptionSpec("rounds", 3, "turns each seat takes", minimum=1, maximum=8)
VARIANT = OptionSpec("variant", "plain", "scoring variant", choices=("plain", "bonus"))
TEAMS = OptionSpec("teams", False, "play in teams")
NAME = OptionSpec("name", "anon", "a free text")
PLAYERS = OptionSpec("size", 2, "a size", choices=(2, 4, 6))
SPECS = (ROUNDS, VARIANT, TEAMS)


def _error(spec: OptionSpec, value: Any) -> str:
    with pytest.raises(OptionError) as caught:
        spec.parse("demo", value)
    message = str(caught.value)
    assert message and "\n" not in message
    assert repr(value) in message
    assert repr(spec.name) in message
    assert "demo" in message
    return message


# --- kind and accepted ------------------------------------------------------------------------


def test_kind_comes_from_the_default_or_the_choices() -> None:
    assert ROUNDS.kind is int
    assert VARIANT.kind is str
    assert TEAMS.kind is bool
    assert OptionSpec("map", None, "", choices=("usa", "europe")).kind is str
    assert OptionSpec("n", None, "", choices=(3, 4)).kind is int
    assert OptionSpec("x", None, "").kind is str


def test_accepted_describes_the_values() -> None:
    assert ROUNDS.accepted() == "a whole number from 1 to 8"
    assert VARIANT.accepted() == "plain, bonus"
    assert TEAMS.accepted() == "true, false"
    assert OptionSpec("on", True, "", choices=(True, False)).accepted() == "true, false"
    assert PLAYERS.accepted() == "2, 4, 6"
    assert OptionSpec("n", 0, "").accepted() == "a whole number"
    assert OptionSpec("n", 0, "", minimum=0, maximum=3).accepted() == "a whole number from 0 to 3"
    assert NAME.accepted() == "any str"


@pytest.mark.parametrize(
    ("spec", "bound"),
    [
        (OptionSpec("n", 7, "", minimum=5), "5"),
        (OptionSpec("n", 7, "", maximum=9), "9"),
    ],
    ids=["minimum-only", "maximum-only"],
)
def test_accepted_gives_a_one_sided_bound(spec: OptionSpec, bound: str) -> None:
    # DESIGN: a message says "what would be right". Refusing 3 for "accepted: a whole number"
    # is wrong: 3 is a whole number; the bound that refused it must be named.
    assert bound in spec.accepted()
    message = _error(spec, 3 if spec.minimum else 11)
    assert bound in message.split("accepted:")[1]


def test_to_json_describes_the_option() -> None:
    data = VARIANT.to_json()
    assert data == {
        "name": "variant",
        "default": "plain",
        "help": "scoring variant",
        "accepted": "plain, bonus",
        "choices": ["plain", "bonus"],
    }
    assert json.loads(json.dumps(data)) == data
    assert ROUNDS.to_json()["choices"] is None
    assert ROUNDS.to_json()["accepted"] == "a whole number from 1 to 8"


# --- int ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [("4", 4), (" 8 ", 8), ("1", 1), ("+2", 2)])
def test_int_from_text(text: str, value: int) -> None:
    parsed = ROUNDS.parse("demo", text)
    assert parsed == value
    assert type(parsed) is int


@settings(max_examples=50, deadline=None)
@given(value=st.integers(1, 8))
def test_int_in_range_is_accepted_as_int_or_text(value: int) -> None:
    assert ROUNDS.parse("demo", value) == value
    assert ROUNDS.parse("demo", str(value)) == value


@settings(max_examples=50, deadline=None)
@given(value=st.integers().filter(lambda v: not 1 <= v <= 8))
def test_int_out_of_range_is_refused(value: int) -> None:
    message = _error(ROUNDS, value)
    assert message.endswith("accepted: a whole number from 1 to 8")


@pytest.mark.parametrize("value", ["three", "", "2.0", "4x", 4.0, 2.5, None, [3], True, False])
def test_int_refuses_what_is_not_a_whole_number(value: Any) -> None:
    message = _error(ROUNDS, value)
    assert "a whole number from 1 to 8" in message


def test_int_without_bounds_takes_any_whole_number() -> None:
    spec = OptionSpec("n", 0, "")
    assert spec.parse("demo", -(10**9)) == -(10**9)
    assert spec.parse("demo", "123456789") == 123456789


def test_int_choices() -> None:
    assert PLAYERS.parse("demo", "4") == 4
    assert PLAYERS.parse("demo", 6) == 6
    assert _error(PLAYERS, 3).endswith("accepted: 2, 4, 6")
    assert _error(PLAYERS, "5").endswith("accepted: 2, 4, 6")


# --- bool --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("True", True),
        (" YES ", True),
        ("on", True),
        ("1", True),
        ("false", False),
        ("No", False),
        ("off", False),
        ("0", False),
    ],
)
def test_bool_from_text(text: str, value: bool) -> None:
    assert TEAMS.parse("demo", text) is value


def test_bool_from_bool() -> None:
    assert TEAMS.parse("demo", True) is True
    assert TEAMS.parse("demo", False) is False


@pytest.mark.parametrize("value", [1, 0, "maybe", "", "2", None, "t"])
def test_bool_refuses_ints_and_other_text(value: Any) -> None:
    assert _error(TEAMS, value).endswith("accepted: true, false")


# --- str ---------------------------------------------------------------------------------------


def test_str_choices() -> None:
    assert VARIANT.parse("demo", "bonus") == "bonus"
    assert VARIANT.parse("demo", "plain") == "plain"
    assert _error(VARIANT, "turbo").endswith("accepted: plain, bonus")
    assert _error(VARIANT, 1).endswith("accepted: plain, bonus")
    assert _error(VARIANT, None).endswith("accepted: plain, bonus")


def test_free_str_takes_text_as_given() -> None:
    assert NAME.parse("demo", "  Ada Lovelace ") == "  Ada Lovelace "
    assert NAME.parse("demo", "") == ""
    assert _error(NAME, 3).endswith("accepted: any str")


def test_float_option_accepts_text() -> None:
    # parse() promises "text from a command line is accepted"; a float option refuses "0.7"
    # while its message says "accepted: any float".
    spec = OptionSpec("ratio", 0.5, "a share")
    assert spec.parse("demo", 0.25) == 0.25
    assert spec.parse("demo", "0.7") == 0.7


def test_a_message_with_a_multiline_value_is_one_line() -> None:
    message = _error(VARIANT, "tur\nbo")
    assert "\n" not in message


# --- validate_options --------------------------------------------------------------------------


def test_defaults_are_filled_in() -> None:
    assert validate_options("demo", SPECS, {}) == {"rounds": 3, "variant": "plain", "teams": False}


def test_given_options_are_parsed() -> None:
    checked = validate_options("demo", SPECS, {"rounds": "5", "teams": "yes"})
    assert checked == {"rounds": 5, "variant": "plain", "teams": True}


def test_validate_keeps_the_order_of_the_specs() -> None:
    checked = validate_options("demo", SPECS, {"teams": True, "rounds": 2})
    assert list(checked) == ["rounds", "variant", "teams"]


def test_validate_does_not_change_its_input() -> None:
    given_options = {"rounds": "5"}
    validate_options("demo", SPECS, given_options)
    assert given_options == {"rounds": "5"}


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(OptionError) as caught:
        validate_options("demo", SPECS, {"rounds": 2, "colour": "red"})
    message = str(caught.value)
    assert message == "unknown option 'colour' for demo: options are rounds, variant, teams"


def test_unknown_option_of_a_game_without_options() -> None:
    with pytest.raises(OptionError, match="options are none"):
        validate_options("demo", (), {"rounds": 2})
    assert validate_options("demo", (), {}) == {}


def test_bad_value_names_the_option_and_what_is_accepted() -> None:
    with pytest.raises(OptionError) as caught:
        validate_options("demo", SPECS, {"rounds": 9})
    assert str(caught.value) == (
        "bad value 9 for option 'rounds' of demo: accepted: a whole number from 1 to 8"
    )
