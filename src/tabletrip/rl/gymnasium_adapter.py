"""Gymnasium single-agent environment for every tabletrip game: one seat learns, bots play the rest.

- Actions: `Discrete(size)`, the game's documented action encoding (`tabletrip encoding GAME`).
- Observation: the learner's float32 vector, a `Box` with per-position bounds from the encoding.
- Action mask: `env.action_masks()` (bool, the method maskable agents call) and
  `info["action_mask"]` (int8, as in PettingZoo). At the end of a game nobody may act and the
  mask is all 0: with a vector env use `autoreset_mode=SAME_STEP` (the next game's first
  observation and mask come back in the ending step), or skip the ending step's mask.
- The end: `info["scores"]` and `info["winners"]` give the game's result on the last step.
- Episode limit: `gymnasium.make` truncates an episode after `MAX_EPISODE_STEPS` (10,000)
  learner steps (`max_episode_steps=` sets another); `gymnasium_env` has no limit.
- Opponents: tabletrip bots by name or spec (`random`, `easy`, `easy:epsilon=0.3` (a random
  move 30% of the time), `medium`, `hard`, `ismcts:iterations=50`, ...),
  one name for every other seat or one per other seat; each acts through its own
  determinized view, between the learner's decisions.
- Seat: a fixed seat, or `None` for a random seat each episode.
- Reward: 0 until the end; then `win` (a sole winner gets 1) or `margin` (the score minus the
  best other score).
- An illegal index: with `illegal="penalty"` (the default) the episode ends with reward
  `illegal_penalty` and `info["illegal"] = True`, the game unchanged; `illegal="raise"` raises
  IllegalAction.
- Ids: `import tabletrip` registers `tabletrip/<game id>-v0` with Gymnasium (when it is
  imported: `tabletrip.rl.registration`), so `gymnasium.make("tabletrip/en-route-v0")` works.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from tabletrip.bots import Bot
from tabletrip.core import IllegalAction, JsonDict, OptionError, State, mix_seed
from tabletrip.core.encoding import encoding_version
from tabletrip.core.presentation import render_text
from tabletrip.rl import registration
from tabletrip.rl.table import Table, configure
from tabletrip.sim.lineup import make_bot

SEED_LIMIT = 2**63
ILLEGAL_MODES = ("penalty", "raise")


class TabletripEnv(gymnasium.Env):
    """A tabletrip game as a single-agent Gymnasium environment against tabletrip bots."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        reward: str = "win",
        illegal: str = "penalty",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.table = Table(configure(game_id, players, options), reward)
        count = self.table.game.players
        names = [opponents] * (count - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != count - 1:
            raise OptionError(f"{count} players need {count - 1} opponent bots, not {len(names)}")
        for name in names:
            make_bot(name, game_id, seed=0)  # one clear line now if a name is unknown
        if seat is not None and not 0 <= seat < count:
            raise OptionError(f"seat {seat} does not exist: seats are 0 to {count - 1}")
        if illegal not in ILLEGAL_MODES:
            raise OptionError(f"unknown illegal mode {illegal!r}: modes are penalty, raise")
        if render_mode not in (None, "ansi"):
            raise OptionError(f"unknown render mode {render_mode!r}: the render mode is ansi")
        self.game_id = game_id
        self.metadata = {**self.metadata, "encoding_version": encoding_version(game_id)}
        self.opponent_names = names
        self.fixed_seat = seat
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(self.table.low, self.table.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.table.action_count)
        self.seat = 0 if seat is None else seat
        self._opponents: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a game (`seed`, or the next of a seeded sequence); bots play up to the learner."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(SEED_LIMIT))
        count = self.table.game.players
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(count))
        self.table.reset(game_seed)
        others = [s for s in range(count) if s != self.seat]
        self._opponents = {
            other: make_bot(name, self.game_id, mix_seed("gym", game_seed, other))
            for other, name in zip(others, self.opponent_names, strict=True)
        }
        self._play_opponents()
        return self.table.vector(self.seat), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots' until the learner must act or the game ends."""
        table = self.table
        try:
            table.play(int(action))
        except IllegalAction:
            if self.illegal == "raise":
                raise
            info = self._info()
            info["illegal"] = True
            return table.vector(self.seat), self.illegal_penalty, True, False, info
        self._play_opponents()
        over = table.state.is_over
        reward = table.final_rewards()[self.seat] if over else 0.0
        return table.vector(self.seat), reward, over, False, self._info()

    @property
    def engine(self) -> State:
        """The tabletrip state being played, hidden information included: for tabletrip's bots
        (which look only at their determinized view) and evaluators, never for the learner,
        which sees its observation."""
        return self.table.state

    def action_masks(self) -> np.ndarray:
        """The learner's legal action indices as a boolean mask."""
        return self.table.mask(self.seat).astype(bool)

    def observation_dict(self) -> JsonDict:
        """The JSON observation the learner's vector is built from."""
        return self.table.state.observation(self.seat)

    def render(self) -> str | None:
        """What the learner's seat would see in a terminal (`ansi`), or None without a mode."""
        if self.render_mode is None:
            return None
        return render_text(self.table.state, self.seat)

    def _play_opponents(self) -> None:
        state = self.table.state
        while not state.is_over and state.current_player != self.seat:
            self.table.play_action(self._opponents[state.current_player].act(state))

    def _info(self) -> dict[str, Any]:
        mask = self.table.mask(self.seat)
        return {"action_mask": mask, "seat": self.seat, **self.table.result_info()}


def register_envs() -> list[str]:
    """Register `tabletrip/<game id>-v<encoding version>` with Gymnasium for every game with
    encodings; the ids. (`import tabletrip` does it already: `tabletrip.rl.registration`.)

    Then `gymnasium.make("tabletrip/ticket-to-ride-v0", players=3, opponents="heuristic")`.
    """
    return registration.register_envs(gymnasium)


def gymnasium_env(
    game_id: str,
    players: int | None = None,
    opponents: str | Sequence[str] = "random",
    **params: Any,
) -> TabletripEnv:
    """A single-agent Gymnasium env: `gymnasium_env("ticket-to-ride", opponents="heuristic")`."""
    return TabletripEnv(game_id, players=players, opponents=opponents, **params)


register_envs()
