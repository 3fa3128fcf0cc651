"""The game being played under an adapter: state, encodings, vectors, masks and rewards.

PettingZoo, Gymnasium and OpenSpiel adapters differ only in how they present these. Every
vector is built from `observation(seat)` alone, and every mask from the legal actions of the
seat to move, so no adapter can hand a seat what it may not know.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletrip.core import Action, Game, IllegalAction, OptionError, State, make
from tabletrip.core.encoding import Encoding, encoding_for
from tabletrip.rl.rewards import RewardKind, check_reward_kind, final_rewards


def configure(game_id: str, players: int | None, options: dict[str, Any]) -> Game:
    """The configured game; OptionError if it has no encoding for learning agents."""
    game = make(game_id, players=players, **options)
    try:
        encoding_for(game)
    except NotImplementedError as exc:
        raise OptionError(str(exc)) from None
    return game


class Table:
    """One configured game and its current state, seen through the game's encodings."""

    def __init__(self, game: Game, reward: str = "win") -> None:
        self.game = game
        self.encoding: Encoding = encoding_for(game)
        self.reward: RewardKind = check_reward_kind(reward)
        self.state: State = game.new_game(seed=0)
        self._legal: tuple[int, list[int]] | None = None  # (moves played, indices) cache
        self._moves = 0
        self.vector_size = self.encoding.observations.size
        low, high = self.encoding.observations.bounds()
        self.low = np.asarray(low, dtype=np.float32)
        self.high = np.asarray(high, dtype=np.float32)

    @property
    def action_count(self) -> int:
        """The size of the fixed action space."""
        return self.encoding.actions.size

    def reset(self, seed: int) -> None:
        """Start a new game with this seed."""
        self.state = self.game.new_game(seed=seed)
        self._moves = 0
        self._legal = None

    def vector(self, seat: int) -> np.ndarray:
        """`seat`'s observation vector as float32 (written straight into the array)."""
        vector = np.zeros(self.vector_size, dtype=np.float32)
        self.encoding.observations.encode_state_into(self.state, seat, vector)
        return vector

    def legal_indices(self) -> list[int]:
        """The legal action indices of the seat to move (none once the game is over)."""
        if self.state.is_over:
            return []
        cached = self._legal
        if cached is None or cached[0] != self._moves:
            cached = self._legal = (self._moves, self.encoding.actions.legal_indices(self.state))
        return cached[1]

    def mask(self, seat: int) -> np.ndarray:
        """0/1 int8 mask of `seat`'s legal action indices (all 0 unless it is to move)."""
        mask = np.zeros(self.action_count, dtype=np.int8)
        if not self.state.is_over and seat == self.state.current_player:
            mask[self.legal_indices()] = 1
        return mask

    def play(self, index: int) -> None:
        """Play the action at `index` for the seat to move; IllegalAction if it is not legal."""
        index = int(index)
        if not 0 <= index < self.action_count:
            raise IllegalAction(f"action index {index} is outside 0..{self.action_count - 1}")
        if index not in self.legal_indices():
            legal = self.legal_indices()
            raise IllegalAction(
                f"action index {index} is not legal now: the mask allows {len(legal)} indices"
                f" ({', '.join(map(str, legal[:8]))}{', ...' if len(legal) > 8 else ''})"
            )
        self.state.apply(self.encoding.actions.decode(index, self.state))
        self._moves += 1

    def play_action(self, action: Action) -> None:
        """Play an engine action (a bot's choice) for the seat to move."""
        self.state.apply(action)
        self._moves += 1

    @property
    def moves(self) -> int:
        """How many decisions (every seat's) this game has had."""
        return self._moves

    def result_info(self) -> dict[str, Any]:
        """The end of the game for an environment's info: every seat's `scores` and the
        `winners`' seats; nothing before the end."""
        result = self.state.result
        if result is None:
            return {}
        return {"scores": list(result.scores), "winners": list(result.winners)}

    def final_rewards(self) -> list[float]:
        """Each seat's reward once the game is over (zeros before)."""
        result = self.state.result
        if result is None:
            return [0.0] * self.game.players
        return final_rewards(result, self.reward)
