"""Let's Go! To France: random playouts (uniform over `legal_actions()`) at 1, 2 and 4
players, and heuristic-bot games."""

from __future__ import annotations

from collections.abc import Callable

import tabletrip
from playouts import bot_games
from run import Measure, per_second
from tabletrip.core import Rng


def _random_games(players: int) -> Measure:
    game = tabletrip.make("lets-go-france", players=players)
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
    """Random games at 1, 2 and 4 players; heuristic games at 1, 2 and 4 players."""
    entries: list[tuple[str, Callable[[], tuple[float, str]]]] = [
        (f"lets-go-france {players}p random: games/s", _random_games(players))
        for players in (1, 2, 4)
    ]
    entries += [
        (f"lets-go-france {players}p heuristic", bot_games("lets-go-france", "heuristic", players))
        for players in (1, 2, 4)
    ]
    return entries
