"""En Route: random playouts (uniform over `legal_actions()`) at 1, 2 and 4 players, and
heuristic-bot games. A playout includes every seat's exact final-route search."""

from __future__ import annotations

from collections.abc import Callable

import tabletrip
from playouts import bot_games
from run import Measure, per_second
from tabletrip.core import Rng

CONFIGS = [("solo", 1), ("standard", 2), ("standard", 4)]


def _random_games(mode: str, players: int) -> Measure:
    game = tabletrip.make("en-route", players=players, mode=mode)
    seeds = iter(range(10**9))

    def work() -> int:
        seed = next(seeds)
        state = game.new_game(seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        return 1

    return per_second(work, "games/s")


def benchmarks() -> list[tuple[str, Callable[[], tuple[float, str]]]]:
    """Random playouts per player count; heuristic self-play at 2 players."""
    entries = [
        (f"en-route {mode} {players}p random: games/s", _random_games(mode, players))
        for mode, players in CONFIGS
    ]
    entries.append(("en-route 2p heuristic vs heuristic", bot_games("en-route", "heuristic", 2)))
    return entries
