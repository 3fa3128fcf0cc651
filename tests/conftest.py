"""Shared fixtures: the test-only High Card game is registered for every test."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from tabletrip.core import registry
from tinygame import HighCardGame

# CI runs the same examples every time, so a red run can be reproduced; local runs explore.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True, scope="session")
def high_card_registered() -> None:
    """Register the test game once for the whole run."""
    registry.register(HighCardGame)
