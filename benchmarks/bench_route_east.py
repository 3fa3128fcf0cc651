"""Route East: random playouts (uniform over `legal_actions()`) and heuristic-bot games at 2
and 5 players, plus the hot calls alone."""

from __future__ import annotations

from collections.abc import Callable

import tabletrip
from playouts import bot_games
from run import Measure, per_second
from tabletrip.core import Rng


def _random_playouts(players: int, unit: str) -> Measure:
    """Whole random games, counted as games (`games/s`) or as actions (`actions/s`)."""
    game = tabletrip.make("route-east", players=players)
    seeds = iter(range(10**9))

    def work() -> int:
        seed = next(seeds)
        state = game.new_game(seed)
        rng = Rng(seed)
        actions = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        return 1 if unit == "games/s" else actions

    return per_second(work, unit)


def benchmarks() -> list[tuple[str, Callable[[], tuple[float, str]]]]:
    """Random and heuristic games at 2 and 5 players."""
    entries: list[tuple[str, Callable[[], tuple[float, str]]]] = []
    for players in (2, 5):
        entries.append(
            (f"route-east {players}p random: games/s", _random_playouts(players, "games/s"))
        )
    entries.append(("route-east 2p random: actions/s", _random_playouts(2, "actions/s")))
    for players in (2, 5):
        entries.append(
            (
                f"route-east {players}p heuristic vs heuristic",
                bot_games("route-east", "heuristic", players),
            )
        )
    return entries
