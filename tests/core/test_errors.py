"""The error hierarchy: every error is a TabletripError with a one-line message."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletrip
from tabletrip.core import ContentError, IllegalAction, OptionError, RecordError, TabletripError

ERRORS = [OptionError, IllegalAction, RecordError, ContentError]


@pytest.mark.parametrize("error", ERRORS)
def test_every_error_is_a_tabletrip_error(error: type[TabletripError]) -> None:
    assert issubclass(error, TabletripError)
    assert issubclass(error, Exception)
    with pytest.raises(TabletripError, match=r"^bad thing$"):
        raise error("bad thing")


def test_the_errors_are_distinct() -> None:
    for error in ERRORS:
        others = [e for e in ERRORS if e is not error]
        assert not any(issubclass(error, other) for other in others)


def test_the_public_package_exports_the_same_classes() -> None:
    assert tabletrip.TabletripError is TabletripError
    assert tabletrip.OptionError is OptionError
    assert tabletrip.IllegalAction is IllegalAction
    assert tabletrip.RecordError is RecordError
    assert tabletrip.ContentError is ContentError


@pytest.mark.parametrize("error", [TabletripError, *ERRORS])
def test_messages_collapse_to_one_line(error: type[TabletripError]) -> None:
    exc = error("  line one\n\n  line\ttwo \r\n three  ")
    assert str(exc) == "line one line two three"
    assert exc.message == "line one line two three"
    assert exc.args == ("line one line two three",)


@settings(max_examples=100, deadline=None)
@given(text=st.text())
def test_any_message_becomes_one_clean_line(text: str) -> None:
    message = str(RecordError(text))
    assert "\n" not in message and "\r" not in message and "\t" not in message
    assert message == message.strip()
    assert "  " not in message
    assert message.split() == text.split()


@pytest.mark.parametrize("error", ERRORS)
def test_errors_survive_pickling(error: type[TabletripError]) -> None:
    # Simulations run games in worker processes: their errors must cross back intact.
    copy = pickle.loads(pickle.dumps(error("what\nwent wrong")))
    assert type(copy) is error
    assert str(copy) == "what went wrong"
