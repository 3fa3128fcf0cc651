"""PettingZoo AEC environment for every tabletrip game.

- Agents: `player_0` ... `player_{n-1}`, one per seat. The seat to move acts: a seat may act
  several times in a row, and simultaneous phases are played seat by seat.
- Actions: `Discrete(size)`, the game's documented action encoding (`tabletrip encoding GAME`).
- Observation: `{"observation": float32 vector, "action_mask": int8 mask}`; the mask is all 0
  for an agent that is not to move.
- Rewards: 0 until the end; then `win` (zero-sum, a sole winner gets 1) or `margin` (the score
  minus the best other score).
- Infos: `{"seat": n}` per agent; at the end also the game's `scores` (every seat's) and
  `winners` (their seats), as Gymnasium's env gives them.
- Episode limit: after `max_decisions` decisions of all agents (default `MAX_EPISODE_STEPS`,
  10,000; None: no limit) a game still going is truncated for every agent, rewards 0.
- Seeding: `reset(seed=s)` plays the game of seed `s`; resets without a seed continue a seeded
  sequence.

The vector is built from `observation(seat)` only. `observation_dict(agent)` gives the dict it
was built from, and `render()` (mode `ansi`) the text the seat to move sees.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from tabletrip.core import JsonDict, OptionError, State
from tabletrip.core.encoding import encoding_version
from tabletrip.core.presentation import render_text
from tabletrip.rl.registration import MAX_EPISODE_STEPS
from tabletrip.rl.table import Table, configure

SEED_LIMIT = 2**63


class TabletripAECEnv(AECEnv):
    """A tabletrip game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "tabletrip", "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        max_decisions: int | None = MAX_EPISODE_STEPS,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise OptionError(f"unknown render mode {render_mode!r}: the render mode is ansi")
        if max_decisions is not None and max_decisions < 1:
            raise OptionError(f"max_decisions {max_decisions} must be at least 1 (or None)")
        self.max_decisions = max_decisions
        self.table = Table(configure(game_id, players, options), reward)
        self.render_mode = render_mode
        version = encoding_version(game_id)
        self.metadata = {
            **self.metadata,
            "name": f"tabletrip_{game_id.replace('-', '_')}_v{version}",
            "encoding_version": version,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(self.table.game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        table = self.table
        vector_space = spaces.Box(table.low, table.high, dtype=np.float32)
        mask_space = spaces.Box(0, 1, shape=(table.action_count,), dtype=np.int8)
        self._observation_space = spaces.Dict(
            {"observation": vector_space, "action_mask": mask_space}
        )
        self._action_space = spaces.Discrete(table.action_count)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self._np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space:
        """The same `Dict` space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The game's `Discrete` action space."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game: of seed `seed`, or the next of the seeded sequence."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = seed
        else:
            game_seed = int(self._np_random.integers(SEED_LIMIT))
        self.table.reset(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"seat": seat} for agent, seat in self._seat.items()
        }
        self.agent_selection = self.possible_agents[self.table.state.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's vector and its action mask."""
        seat = self._seat[agent]
        return {"observation": self.table.vector(seat), "action_mask": self.table.mask(seat)}

    @property
    def engine(self) -> State:
        """The tabletrip state being played, hidden information included: for tabletrip's bots
        (which look only at their determinized view) and evaluators, never for an agent, which
        sees its observation."""
        return self.table.state

    def observation_dict(self, agent: str) -> JsonDict:
        """The JSON observation the agent's vector is built from."""
        return self.table.state.observation(self._seat[agent])

    def step(self, action: int | None) -> None:
        """Play `action` for the agent to move; at the end every agent gets its reward.

        An illegal index raises IllegalAction and changes nothing.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise OptionError(f"{agent} must act: an action index is required")
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        table.play(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if table.state.is_over:
            for name, reward in zip(self.agents, table.final_rewards(), strict=True):
                self.rewards[name] = reward
            self.terminations = dict.fromkeys(self.agents, True)
            ending = table.result_info()
            self.infos = {name: {"seat": seat, **ending} for name, seat in self._seat.items()}
        elif self.max_decisions is not None and table.moves >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[table.state.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The text the seat to move would see (`ansi`), or None without a render mode."""
        if self.render_mode is None:
            return None
        state = self.table.state
        return render_text(state, state.current_player)

    def close(self) -> None:
        """Nothing to release."""


def pettingzoo_env(
    game_id: str, players: int | None = None, reward: str = "win", **options: Any
) -> TabletripAECEnv:
    """A PettingZoo AEC environment of a game: `pettingzoo_env("ticket-to-ride", players=3)`
    (`max_decisions=` sets the episode limit)."""
    return TabletripAECEnv(game_id, players=players, reward=reward, **options)
