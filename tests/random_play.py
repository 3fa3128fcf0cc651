"""Random stretches of play, for the tests of any game."""

from __future__ import annotations

from tabletrip.bots import RandomBot
from tabletrip.core import State


def random_moves(state: State, seed: int, moves: int) -> None:
    """Apply up to `moves` actions of seeded random bots, one a seat, stopping if the game ends."""
    bots = [RandomBot(seed=seed * 10 + s) for s in range(state.game.players)]
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(bots[state.current_player].act(state))
