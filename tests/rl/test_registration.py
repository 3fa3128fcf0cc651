"""Environment ids carry the encoding's version (tabletrip.rl.registration, the adapters)."""

from __future__ import annotations

from collections.abc import Iterator

import gymnasium
import pytest

from tabletrip.core.encoding import encoding_version, register_encoding
from tabletrip.rl import gymnasium_env, pettingzoo_env
from tabletrip.rl.openspiel_adapter import openspiel_name
from tabletrip.rl.registration import env_id, register_envs
from tinygame import GAME_ID, high_card_encoding

GAMES = ["ticket-to-ride", "en-route", "route-east", "lets-go-france"]


@pytest.fixture
def high_card_at_version_3() -> Iterator[None]:
    """High Card's encoding as if its meaning had changed three times."""
    before = encoding_version(GAME_ID)
    register_encoding(GAME_ID, high_card_encoding, version=3)
    yield
    register_encoding(GAME_ID, high_card_encoding, version=before)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_id_and_name_carries_the_encoding_version(game_id: str) -> None:
    version = encoding_version(game_id)
    assert version == 0  # no encoding has changed meaning since the ids were published
    assert env_id(game_id) == f"tabletrip/{game_id}-v{version}" in gymnasium.registry
    underscored = game_id.replace("-", "_")
    assert openspiel_name(game_id) == f"python_tabletrip_{underscored}_v{version}"
    env = pettingzoo_env(game_id, players=2)
    assert env.metadata["name"] == f"tabletrip_{underscored}_v{version}"
    assert env.metadata["encoding_version"] == version
    assert gymnasium_env(game_id, players=2).metadata["encoding_version"] == version


@pytest.mark.usefixtures("high_card_at_version_3")
def test_a_new_encoding_version_gives_new_ids() -> None:
    """An agent trained on version 0 asks for `-v0`, which a changed encoding no longer has."""
    assert env_id(GAME_ID) == "tabletrip/high-card-v3"
    assert openspiel_name(GAME_ID) == "python_tabletrip_high_card_v3"
    assert "tabletrip/high-card-v3" in register_envs(gymnasium)
    assert pettingzoo_env(GAME_ID, players=2).metadata["name"] == "tabletrip_high_card_v3"
