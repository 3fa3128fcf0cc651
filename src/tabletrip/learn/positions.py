"""Self-play positions for a value network: observation vectors and who went on to win.

Games are played by bots (the `easy` level by default, seeded from the run's seed and the game's
index); every `stride`-th decision of a game, counted from a random offset, is kept, once for
each seat: that seat's observation vector (the game's encoding, so only what the seat may know)
and its final win share (1, 1/k in a k-way win, else 0). Positions of one game are strongly
alike, so callers split training and validation data by game (`game_index`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tabletrip import bots
from tabletrip.core.encoding import encoding_for
from tabletrip.core.game import Game
from tabletrip.core.rng import Rng, mix_seed

DEFAULT_BOT = "easy"


@dataclass(frozen=True)
class Positions:
    """Vectors (one row each), the seat's win share, and the index of the game it came from."""

    vectors: np.ndarray  # float32, positions x inputs
    wins: np.ndarray  # float32, the seat's final win share
    game_index: np.ndarray  # int32
    games: int
    decisions: int  # decisions played in all the games

    def part(self, rows: np.ndarray) -> Positions:
        """The positions at `rows` (a boolean mask or indices)."""
        return Positions(
            self.vectors[rows], self.wins[rows], self.game_index[rows], self.games, self.decisions
        )


def self_play(
    game: Game, games: int, seed: int, stride: int = 4, bot: str = DEFAULT_BOT
) -> Positions:
    """Play `games` games of `bot` in every seat and keep every `stride`-th position."""
    if games < 1 or stride < 1:
        raise ValueError("games and stride must be at least 1")
    observations = encoding_for(game).observations
    rows: list[np.ndarray] = []
    wins: list[float] = []
    index: list[int] = []
    decisions = 0
    for number in range(games):
        game_seed = mix_seed(seed, number)
        players = [
            bots.make(bot, game=game.id, seed=mix_seed(game_seed, seat))
            for seat in range(game.players)
        ]
        state = game.new_game(seed=game_seed)
        pick = Rng(mix_seed(game_seed, -1))
        countdown = pick.below(stride)
        kept: list[np.ndarray] = []
        while not state.is_over:
            if countdown == 0:
                block = np.zeros((game.players, observations.size), dtype=np.float32)
                for seat in range(game.players):
                    observations.encode_state_into(state, seat, block[seat])
                kept.append(block)
                countdown = stride
            countdown -= 1
            seat = state.current_player
            state.apply(players[seat].act(state))
            decisions += 1
        result = state.result
        assert result is not None
        share = [
            1.0 / len(result.winners) if s in result.winners else 0.0 for s in range(game.players)
        ]
        for block in kept:
            rows.append(block)
            wins += share
            index += [number] * game.players
    vectors = np.concatenate(rows) if rows else np.zeros((0, observations.size), np.float32)
    return Positions(
        vectors,
        np.asarray(wins, dtype=np.float32),
        np.asarray(index, dtype=np.int32),
        games,
        decisions,
    )
