"""Shared measures for game benchmarks: whole games played by bots, per second."""

from __future__ import annotations

from typing import Any

import tabletrip
from run import Measure, per_second
from tabletrip import bots


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
