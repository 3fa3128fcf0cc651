"""Shared fixtures: the test-only High Card game is registered for every test."""

from __future__ import annotations

import pytest

from tabletrip.core import registry
from tinygame import HighCardGame


@pytest.fixture(autouse=True, scope="session")
def high_card_registered() -> None:
    """Register the test game once for the whole run."""
    registry.register(HighCardGame)
