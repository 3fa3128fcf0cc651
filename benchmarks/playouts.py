"""Shared pieces of the game benchmarks: whole games played by bots, per second, and states
sampled from random games."""

from __future__ import annotations

from typing import Any

import tabletrip
from run import Measure, per_second
from tabletrip import bots
from tabletrip.core import Rng, State


def bot_games(
    game_id: str, bot: str, players: int, seconds: float = 2.0, **options: Any
) -> Measure:
    """Whole games per second with `bot` in every seat (seeded, a new seed each game)."""
    game = tabletrip.make(game_id, players=players, **options)
    seeds = iter(range(10**9))

    def work() -> int:
        seed = next(seeds)
        seat_bots = [bots.make(bot, game=game_id, seed=seed + s) for s in range(players)]
        state = game.new_game(seed)
        while not state.is_over:
            state.apply(seat_bots[state.current_player].act(state))
        return 1

    return per_second(work, "games/s", seconds=seconds)


def sample_states(game_id: str, count: int = 400, players: int = 2, **options: Any) -> list[State]:
    """`count` states from seeded random games (about one decision in eight), spread over
    whole games; each a clone with a `seen_history` memo of its own, so a call repeated on
    it pays for its history once."""
    game = tabletrip.make(game_id, players=players, **options)
    states: list[State] = []
    seed = 0
    while len(states) < count:
        state = game.new_game(seed)
        rng = Rng(seed)
        while not state.is_over:
            if rng.below(8) == 0:
                sample = state.clone()
                sample._seen_cache = {}
                states.append(sample)
            state.apply_legal(state.random_action(rng))
        seed += 1
    return states[:count]
