"""Every game configuration the research adapters are tested with: each game and player count."""

from __future__ import annotations

from typing import Any

import pytest

from tabletrip.core.options import validate_options
from tabletrip.core.registry import game_class

# Option sets that change the seats or the decisions an agent faces.
OPTION_SETS: dict[str, tuple[dict[str, Any], ...]] = {
    "ticket-to-ride": ({"map": "usa"}, {"map": "europe-express"}),
    "en-route": ({"mode": "standard"}, {"mode": "solo"}, {"mode": "team"}),
    "route-east": ({},),
    "lets-go-france": ({},),
}


def _configs() -> list[Any]:
    params = []
    for game_id, option_sets in OPTION_SETS.items():
        cls = game_class(game_id)
        for options in option_sets:
            low, high = cls.player_range(validate_options(game_id, cls.info.options, options))
            for players in range(low, high + 1):
                label = ",".join(f"{k}={v}" for k, v in options.items())
                name = f"{game_id}-{players}p" + (f"-{label}" if label else "")
                params.append(pytest.param(game_id, players, options, id=name))
    return params


CONFIGS = _configs()
