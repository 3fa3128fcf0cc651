"""ISMCTS iterations per second for every game, with the heuristic and random rollout policies.

Each search starts from the same position a third of the way into a 2-player game between
heuristic bots (seeded), so the numbers compare across runs. The strength of the levels is
measured by `benchmarks/ladder.py`, which takes far longer.
"""

from __future__ import annotations

from collections.abc import Callable

import tabletrip
from run import Measure
from tabletrip import bots
from tabletrip.core.game import State

GAMES = ("ticket-to-ride", "en-route", "route-east", "lets-go-france")
PLAYERS = 2
SEED = 3


def midgame(game_id: str) -> State:
    """A seeded position about a third of the way into a heuristic 2-player game."""
    game = tabletrip.make(game_id, players=PLAYERS)
    players = [bots.make("heuristic", game=game_id, seed=s) for s in range(PLAYERS)]
    whole = game.new_game(SEED)
    length = 0
    while not whole.is_over:
        whole.apply(players[whole.current_player].act(whole))
        length += 1
    state = game.new_game(SEED)
    for _, action in whole.history[: length // 3]:
        state.apply(action)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    return state


def iterations_per_second(game_id: str, rollout: str) -> Measure:
    """Search iterations per second from the midgame position, for about a second."""
    state = midgame(game_id)
    seat = state.current_player

    def measure() -> tuple[float, str]:
        bot = bots.make(
            "ismcts",
            game=game_id,
            seed=1,
            seconds=1.0,
            iterations=0,
            rollout=rollout,
            early_stop=False,
        )
        assert isinstance(bot, bots.IsmctsBot)
        report = bot.search(state.determinize(seat, bot.rng), seat)
        return report.iterations / report.seconds, "iterations/s"

    return measure


def benchmarks() -> list[tuple[str, Callable[[], tuple[float, str]]]]:
    """Every game, heuristic and random rollouts."""
    return [
        (f"{game} {PLAYERS}p ismcts ({rollout} rollouts)", iterations_per_second(game, rollout))
        for game in GAMES
        for rollout in ("heuristic", "random")
    ]
