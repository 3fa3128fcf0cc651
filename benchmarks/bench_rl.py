"""Environment steps per second through each research adapter, against the bare engine.

For every game at 2 players, random legal moves: the bare engine (`legal_actions`, `apply`),
the engine with its encodings (mask and the mover's vector each step, what any agent needs),
PettingZoo (`last()` and `step`), Gymnasium (learner steps; the random opponent's moves
happen inside them) and OpenSpiel (`legal_actions`, `observation_tensor`, `apply_action`).
Every step is one decision of one seat.

    python benchmarks/run.py rl
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

import tabletrip
from run import Measure, per_second
from tabletrip.core.encoding import encoding_for
from tabletrip.rl import gymnasium_env, openspiel_game, pettingzoo_env

GAMES = ("ticket-to-ride", "en-route", "route-east", "lets-go-france")
STEPS = 400  # decisions per batch; a batch starts new games as they end


def sample(mask: np.ndarray, rng: random.Random) -> int:
    """A uniformly random legal index of a mask: the agent's part of a step, kept cheap
    (`numpy`'s `Generator.choice` alone costs more than some engines' whole step)."""
    return rng.choice(np.flatnonzero(mask).tolist())


def bare_engine(game_id: str) -> Callable[[], int]:
    """Random moves straight on the engine."""
    game = tabletrip.make(game_id, players=2)
    rng = random.Random(0)
    state = game.new_game(seed=0)

    def work() -> int:
        nonlocal state
        for _ in range(STEPS):
            if state.is_over:
                state = game.new_game(seed=rng.randrange(2**31))
            state.apply(rng.choice(state.legal_actions()))
        return STEPS

    return work


def encoded_engine(game_id: str) -> Callable[[], int]:
    """Random moves chosen from the mask, with the mover's vector built every step."""
    game = tabletrip.make(game_id, players=2)
    encoding = encoding_for(game)
    rng = random.Random(0)
    state = game.new_game(seed=0)

    def work() -> int:
        nonlocal state
        for _ in range(STEPS):
            if state.is_over:
                state = game.new_game(seed=rng.randrange(2**31))
            encoding.observations.encode_state(state, state.current_player)
            index = rng.choice(encoding.actions.legal_indices(state))
            state.apply(encoding.actions.decode(index, state))
        return STEPS

    return work


def pettingzoo(game_id: str) -> Callable[[], int]:
    """`last()` then a mask-sampled `step`, through the AEC environment."""
    env = pettingzoo_env(game_id, players=2)
    env.reset(seed=0)
    rng = random.Random(0)

    def work() -> int:
        for _ in range(STEPS):
            if not env.agents or env.terminations[env.agent_selection]:
                env.reset()
            observation, *_ = env.last()
            env.step(sample(observation["action_mask"], rng))
        return STEPS

    return work


def gymnasium(game_id: str) -> Callable[[], int]:
    """Mask-sampled learner steps against the random bot (its moves inside each step)."""
    env = gymnasium_env(game_id, players=2, opponents="random")
    _, info = env.reset(seed=0)
    rng = random.Random(0)

    def work() -> int:
        nonlocal info
        for _ in range(STEPS):
            _, _, terminated, _, info = env.step(sample(info["action_mask"], rng))
            if terminated:
                _, info = env.reset()
        return STEPS

    return work


def openspiel(game_id: str) -> Callable[[], int]:
    """`legal_actions`, `observation_tensor` and `apply_action` through the OpenSpiel game."""
    game = openspiel_game(game_id, players=2)
    rng = random.Random(0)

    def fresh() -> object:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.randrange(256))
        return state

    state = fresh()

    def work() -> int:
        nonlocal state
        for _ in range(STEPS):
            if state.is_terminal():
                state = fresh()
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
        return STEPS

    return work


ADAPTERS = {
    "engine": bare_engine,
    "engine+encoding": encoded_engine,
    "pettingzoo": pettingzoo,
    "gymnasium": gymnasium,
    "openspiel": openspiel,
}


def benchmarks() -> list[tuple[str, Measure]]:
    """Steps per second of every game through every adapter."""
    return [
        (f"rl {game_id} 2p {name}", per_second(make(game_id), "steps/s"))
        for game_id in GAMES
        for name, make in ADAPTERS.items()
    ]
