"""The Gymnasium single-agent adapter: Gymnasium's env checker for every configuration."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from rl_configs import CONFIGS
from tabletrip.core import IllegalAction, OptionError
from tabletrip.core.encoding import encoding_for
from tabletrip.rl import gymnasium_env
from tabletrip.sim.lineup import make_bot


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_gymnasium_check_env_passes(game_id: str, players: int, options: dict[str, Any]) -> None:
    env_id = f"tabletrip.rl.gymnasium_adapter:tabletrip/{game_id}-v0"  # importing registers the ids
    env = gymnasium.make(env_id, players=players, seat=None, **options)
    check_env(env.unwrapped, skip_render_check=True)


def play(env: Any, seed: int) -> tuple[float, int, dict[str, Any]]:
    """Play mask-sampled actions to the end of one episode; its reward, length and last info."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    steps = 0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            return reward, steps, info


@pytest.mark.parametrize("opponents", ["random", "heuristic", ["easy", "random"]])
def test_the_learner_plays_whole_games_against_bots_by_name(opponents: Any) -> None:
    players = 2 if isinstance(opponents, str) else 3
    env = gymnasium_env("ticket-to-ride", players=players, opponents=opponents)
    reward, steps, info = play(env, seed=4)
    state = env.unwrapped.table.state
    assert state.is_over and steps > 10
    assert reward == pytest.approx(env.unwrapped.table.final_rewards()[0])
    assert info["scores"] == list(state.result.scores)
    assert info["winners"] == list(state.result.winners)
    assert not info["action_mask"].any()  # nobody acts after the end
    learner_moves = sum(1 for seat, _ in state.history if seat == 0)
    assert learner_moves == steps


def test_the_mask_method_and_the_info_mask_agree() -> None:
    env = gymnasium_env("en-route", players=2)
    _, info = env.reset(seed=1)
    assert env.action_masks().dtype == bool
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    seat = info["seat"]
    assert env.observation_dict() == env.unwrapped.table.state.observation(seat)
    legal = env.unwrapped.table.encoding.actions.legal_indices(env.unwrapped.table.state)
    assert np.flatnonzero(env.action_masks()).tolist() == legal


def test_a_random_seat_each_episode_covers_every_seat() -> None:
    env = gymnasium_env("high-card", players=3, seat=None)
    seats = set()
    for seed in range(30):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
        assert env.unwrapped.table.state.current_player == info["seat"]
    assert seats == {0, 1, 2}


def test_an_illegal_index_ends_the_episode_with_the_penalty_and_changes_nothing() -> None:
    env = gymnasium_env("ticket-to-ride", players=2, illegal_penalty=-2.0)
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.unwrapped.table.state.to_json()
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-2.0, True, False, True)
    assert env.unwrapped.table.state.to_json() == before


def test_illegal_raise_mode_raises() -> None:
    env = gymnasium_env("ticket-to-ride", players=2, illegal="raise")
    _, info = env.reset(seed=2)
    with pytest.raises(IllegalAction, match="is not legal now"):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"opponents": "grandmaster"}, "unknown bot 'grandmaster' for ticket-to-ride: bots are"),
        ({"opponents": ["random", "random"]}, "2 players need 1 opponent bots, not 2"),
        ({"seat": 5}, "seat 5 does not exist: seats are 0 to 1"),
        ({"illegal": "ignore"}, "unknown illegal mode 'ignore'"),
        ({"reward": "points"}, "unknown reward 'points'"),
    ],
)
def test_bad_parameters_are_one_line(params: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        gymnasium_env("ticket-to-ride", players=2, **params)


def test_reset_without_a_seed_continues_the_seeded_sequence() -> None:
    env = gymnasium_env("ticket-to-ride", players=2)
    env.reset(seed=9)
    first = env.unwrapped.table.state.seed
    env.reset()
    second = env.unwrapped.table.state.seed
    env.reset(seed=9)
    env.reset()
    assert first == 9 and env.unwrapped.table.state.seed == second


@pytest.mark.parametrize("imports", ["import tabletrip, gymnasium", "import gymnasium, tabletrip"])
def test_gymnasium_make_finds_the_ids_after_import_tabletrip(imports: str) -> None:
    """In either order, a fresh interpreter makes `tabletrip/<game>-v0` by name (issue 28)."""
    code = (
        f"{imports}\n"
        "env = gymnasium.make('tabletrip/route-east-v0', players=2)\n"
        "obs, info = env.reset(seed=1)\n"
        "print(env.spec.id, obs.shape[0] == env.observation_space.shape[0], 'action_mask' in info)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["tabletrip/route-east-v0", "True", "True"]


def test_import_tabletrip_does_not_import_gymnasium_or_numpy() -> None:
    code = "import sys, tabletrip; print('gymnasium' in sys.modules, 'numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


def test_gymnasium_make_limits_an_episode_to_the_documented_steps() -> None:
    from tabletrip.rl.registration import MAX_EPISODE_STEPS

    env = gymnasium.make("tabletrip/route-east-v0", players=2)
    assert env.spec is not None and env.spec.max_episode_steps == MAX_EPISODE_STEPS
    short = gymnasium.make("tabletrip/route-east-v0", players=2, max_episode_steps=5)
    _, info = short.reset(seed=2)
    rng = np.random.default_rng(2)
    for step in range(1, 6):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, truncated, info = short.step(action)
        assert not terminated and truncated == (step == 5)


def test_opponents_may_be_bot_specs_such_as_easy_with_epsilon() -> None:
    env = gymnasium_env("ticket-to-ride", players=2, opponents="easy:epsilon=0.3")
    _, steps, info = play(env, 8)
    assert steps > 0 and "scores" in info
    with pytest.raises(OptionError, match=r"epsilon 2 must be between 0 and 1"):
        gymnasium_env("ticket-to-ride", players=2, opponents="easy:epsilon=2")


def test_the_engine_state_is_public_and_tabletrips_bots_can_play_the_learners_seat() -> None:
    """`env.engine` is the tabletrip state: a tabletrip bot chooses for the learner through its
    own determinized view, and its move, encoded, is one the mask allows."""
    env = gymnasium_env("ticket-to-ride", players=2, opponents="easy")
    env.reset(seed=4)
    helper = make_bot("easy", "ticket-to-ride", seed=1)
    encoding = encoding_for(env.engine.game)
    done = False
    while not done:
        assert env.engine.current_player == env.seat
        index = encoding.actions.encode(helper.act(env.engine), env.engine)
        assert env.action_masks()[index]
        _, _, done, _, info = env.step(index)
    assert env.engine.is_over and info["winners"] == list(env.engine.result.winners)


def test_gymnasium_make_vec_steps_several_games_at_once() -> None:
    """`gymnasium.make_vec("tabletrip/<game>-v0", num_envs=N)`: stacked vectors and masks, each
    game resetting by itself when it ends."""
    envs = gymnasium.make_vec("tabletrip/lets-go-france-v0", num_envs=3, opponents="easy")
    single = gymnasium_env("lets-go-france")
    vectors, info = envs.reset(seed=5)
    assert vectors.shape == (3, single.observation_space.shape[0])
    assert info["action_mask"].shape == (3, single.action_space.n)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(400):
        # a game that has just ended shows an empty mask: its next action only resets it
        choices = [np.flatnonzero(mask) for mask in info["action_mask"]]
        actions = [int(rng.choice(legal)) if legal.size else 0 for legal in choices]
        vectors, _, terminated, _, info = envs.step(np.array(actions))
        ended += int(terminated.sum())
        if ended >= 3:
            break
    assert ended >= 3, "the games did not end"
    envs.close()
