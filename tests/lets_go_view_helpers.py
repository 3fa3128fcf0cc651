"""Let's Go! To France views under test: seeded games at several stages, each seat's and the
spectator's view, and the card names a view must not show (shared by the text and SVG tests)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import tabletrip
from random_play import random_moves
from tabletrip.games.lets_go_france.rules import LetsGoState

SETTINGS = [(1, "loire-valley"), (2, "sud-ouest"), (4, "loire-valley"), (3, "brittany-normandy")]
STAGES = (0, 25, 90, 5000)  # random actions played before looking (5000: the game is over)


def played(players: int, region: str, seed: int, moves: int) -> LetsGoState:
    """A seeded game of `players` in `region` after `moves` random actions (or its end)."""
    state = tabletrip.make("lets-go-france", players=players, region=region).new_game(seed)
    assert isinstance(state, LetsGoState)
    random_moves(state, seed, moves)
    return state


def viewers(state: LetsGoState) -> list[int | None]:
    """Every seat, then the spectator."""
    return [*range(state.game.players), None]


def boards_of(observation: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every player board an observation shows (the travel agent's too)."""
    yield from observation["boards"]
    if observation.get("my_board"):
        yield observation["my_board"]
    if observation.get("travel_agent"):
        yield observation["travel_agent"]


def hidden_names(state: LetsGoState, observation: Mapping[str, Any]) -> list[str]:
    """The names and ids of the cards `observation` does not show, minus those that are part
    of something it does show (a shorter name inside a longer one, a town's name)."""
    seen = set(observation.get("hand") or ()) | set(observation["discards"])
    seen |= set(observation.get("goal_cards") or ()) | set(observation.get("agent_cards") or ())
    for board in boards_of(observation):
        seen |= {cell["card"] for column in board["days"] for cell in column if cell["card"]}
    acts = state.game.activities
    shown = [a.name for a in acts if a.key in seen] + [a.key for a in acts if a.key in seen]
    shown += [s.name for s in state.game.region.spaces] + [s.id for s in state.game.region.spaces]
    hidden = []
    for a in acts:
        if a.key in seen:
            continue
        for word in (a.name, f"({a.key})"):
            if not any(word in other for other in shown):
                hidden.append(word)
    return hidden
