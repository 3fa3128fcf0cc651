"""The PettingZoo AEC adapter: PettingZoo's own API and seed tests for every configuration."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import tabletrip
from rl_configs import CONFIGS
from tabletrip.core import IllegalAction, OptionError
from tabletrip.core.encoding import encoding_for
from tabletrip.rl import pettingzoo_env
from tabletrip.rl.rewards import final_rewards
from tabletrip.sim.lineup import make_bot

# PettingZoo warns about any Dict observation ({"observation", "action_mask"}), its own convention.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]

# Cycles of every agent acting once: enough to cross phases, bounded for the suite's time.
API_CYCLES = 40
SEED_CYCLES = 30


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_pettingzoo_api_test_and_seed_test_pass(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    api_test(pettingzoo_env(game_id, players=players, **options), num_cycles=API_CYCLES)
    seed_test(lambda: pettingzoo_env(game_id, players=players, **options), SEED_CYCLES)


def play_to_the_end(env: Any, seed: int) -> int:
    """Play mask-sampled actions until the game ends; the number of steps."""
    rng = np.random.default_rng(seed)
    steps = 0
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        assert agent == env.agent_selection
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps


@pytest.mark.parametrize("game_id", ["high-card", "ticket-to-ride", "en-route", "lets-go-france"])
@pytest.mark.parametrize("reward", ["win", "margin"])
def test_a_whole_game_ends_with_every_seat_rewarded(game_id: str, reward: str) -> None:
    env = pettingzoo_env(game_id, players=2, reward=reward)
    env.reset(seed=5)
    rewards: dict[str, float] = {}
    rng = np.random.default_rng(5)
    while env.agents:
        agent = env.agent_selection
        observation, _, termination, _, _ = env.last()
        if termination:
            rewards[agent] = env._cumulative_rewards[agent]
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    result = env.table.state.result
    assert result is not None
    expected = final_rewards(result, reward)
    assert [rewards[f"player_{seat}"] for seat in range(2)] == pytest.approx(expected)
    if reward == "win":
        assert sum(expected) == pytest.approx(0.0)


def test_only_the_agent_to_move_has_a_mask() -> None:
    env = pettingzoo_env("ticket-to-ride", players=3)
    env.reset(seed=1)
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert (mask.sum() > 0) == (agent == env.agent_selection)


def test_the_vector_is_the_encoding_of_the_agents_observation() -> None:
    env = pettingzoo_env("lets-go-france", players=2)
    env.reset(seed=2)
    encoding = env.table.encoding.observations
    for seat, agent in enumerate(env.agents):
        assert env.observation_dict(agent) == env.table.state.observation(seat)
        vector = env.observe(agent)["observation"]
        assert vector.dtype == np.float32
        assert vector.tolist() == pytest.approx(encoding.encode(env.observation_dict(agent)))


def test_reset_with_a_seed_plays_the_game_of_that_seed() -> None:
    env = pettingzoo_env("ticket-to-ride", players=2)
    env.reset(seed=11)
    expected = tabletrip.make("ticket-to-ride", players=2).new_game(seed=11)
    assert env.table.state.to_json() == expected.to_json()
    env.reset()
    after_seeded = env.table.state.seed
    env.reset(seed=11)
    env.reset()
    assert env.table.state.seed == after_seeded


def test_an_illegal_index_raises_and_changes_nothing() -> None:
    env = pettingzoo_env("ticket-to-ride", players=2)
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.table.state.to_json()
    with pytest.raises(IllegalAction, match=f"action index {illegal} is not legal now"):
        env.step(illegal)
    with pytest.raises(IllegalAction, match=r"outside 0\.\."):
        env.step(10**6)
    assert env.table.state.to_json() == before


def test_bad_configuration_is_one_line() -> None:
    with pytest.raises(OptionError, match="bad value 'moon' for option 'map'"):
        pettingzoo_env("ticket-to-ride", map="moon")
    with pytest.raises(OptionError, match="unknown reward"):
        pettingzoo_env("ticket-to-ride", reward="points")
    with pytest.raises(OptionError, match="render mode"):
        pettingzoo_env("ticket-to-ride", render_mode="human")


def test_render_shows_the_text_of_the_seat_to_move() -> None:
    env = pettingzoo_env("high-card", players=2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text


def last_infos(env: Any, seed: int) -> tuple[int, dict[str, dict[str, Any]], bool]:
    """Play mask-sampled actions to the end; the steps, each agent's info as `last()` gives
    it when its episode is over, and whether that end was a truncation."""
    rng = np.random.default_rng(seed)
    steps, infos, truncated = 0, {}, False
    for agent in env.agent_iter():
        observation, _, termination, truncation, info = env.last()
        if termination or truncation:
            infos[agent], truncated = info, truncation
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps, infos, truncated


@pytest.mark.parametrize("game_id", ["ticket-to-ride", "route-east"])
def test_infos_name_the_seat_and_at_the_end_the_scores_and_winners(game_id: str) -> None:
    """As Gymnasium's info does (issue 28): the result reaches every agent's info."""
    env = pettingzoo_env(game_id, players=2)
    env.reset(seed=3)
    assert env.infos == {"player_0": {"seat": 0}, "player_1": {"seat": 1}}
    _, infos, truncated = last_infos(env, 3)
    result = env.unwrapped.table.state.result
    assert result is not None and not truncated
    for seat, agent in enumerate(env.possible_agents):
        assert infos[agent] == {
            "seat": seat,
            "scores": list(result.scores),
            "winners": list(result.winners),
        }


def test_a_game_past_the_episode_limit_is_truncated_for_every_agent() -> None:
    env = pettingzoo_env("route-east", players=2, max_decisions=25)
    env.reset(seed=1)
    steps, infos, truncated = last_infos(env, 1)
    assert steps == 25 and truncated
    assert not env.unwrapped.table.state.is_over
    assert infos == {"player_0": {"seat": 0}, "player_1": {"seat": 1}}  # no result: not over
    unlimited = pettingzoo_env("route-east", players=2, max_decisions=None)
    unlimited.reset(seed=1)
    steps, infos, truncated = last_infos(unlimited, 1)
    assert steps > 25 and not truncated and "scores" in infos["player_0"]


def test_the_default_episode_limit_is_documented_and_refuses_nonsense() -> None:
    from tabletrip.rl.registration import MAX_EPISODE_STEPS

    assert pettingzoo_env("route-east", players=2).max_decisions == MAX_EPISODE_STEPS == 10_000
    with pytest.raises(OptionError, match="at least 1"):
        pettingzoo_env("route-east", players=2, max_decisions=0)


def test_the_engine_state_is_public_for_tabletrips_bots() -> None:
    """`env.engine` is the tabletrip state: tabletrip bots play every agent of a whole game."""
    env = pettingzoo_env("lets-go-france", players=2)
    env.reset(seed=2)
    players = [make_bot("easy", "lets-go-france", seed=s) for s in range(2)]
    encoding = encoding_for(env.engine.game)
    for _ in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.engine
        env.step(encoding.actions.encode(players[state.current_player].act(state), state))
    assert env.engine.is_over
