"""Ticket to Ride: random playouts (uniform over `legal_actions()`), per map and player count,
the hot calls one by one, and heuristic-bot games.

Reference: the fastest public pure-Python Ticket to Ride engine we know of ran 552 random
2-player and 280 random 4-player USA games/s on a machine like this one (about 12 us a step).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache

import tabletrip
from playouts import bot_games, sample_states
from run import Measure, per_second
from tabletrip import bots
from tabletrip.core import Rng, State

GAME = "ticket-to-ride"
CONFIGS = [("usa", 2), ("usa", 4), ("europe-express", 2), ("europe-express", 4)]


def _random_playout(map_id: str, players: int) -> Callable[[int], int]:
    game = tabletrip.make("ticket-to-ride", players=players, map=map_id)

    def play(seed: int) -> int:
        state = game.new_game(seed)
        rng = Rng(seed)
        steps = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


@cache
def _playout_rates(map_id: str, players: int, seconds: float = 1.5) -> tuple[float, float]:
    """(games/s, microseconds per step) of random playouts, measured once."""
    play = _random_playout(map_id, players)
    play(0)
    games = steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += play(games + 1)
        games += 1
    return games / elapsed, elapsed / steps * 1e6


def _call_rate(call: Callable[[State], object]) -> Measure:
    states = sample_states(GAME, map="usa")

    def work() -> int:
        for state in states:
            call(state)
        return len(states)

    return per_second(work, "calls/s")


def benchmarks() -> list[tuple[str, Measure]]:
    """Random playouts per configuration, hot calls, heuristic games."""
    entries: list[tuple[str, Measure]] = []
    for map_id, players in CONFIGS:
        label = f"ttr {map_id} {players}p random"
        entries.append(
            (f"{label}: games/s", lambda m=map_id, p=players: (_playout_rates(m, p)[0], "games/s"))
        )
        entries.append(
            (f"{label}: us/step", lambda m=map_id, p=players: (_playout_rates(m, p)[1], "us/step"))
        )
    entries += [
        ("ttr usa 2p: legal_actions", _call_rate(lambda s: s.legal_actions())),
        ("ttr usa 2p: clone", _call_rate(lambda s: s.clone())),
        ("ttr usa 2p: determinize", _call_rate(lambda s: s.determinize(s.current_player, Rng(1)))),
        ("ttr usa 2p: observation", _call_rate(lambda s: s.observation(s.current_player))),
    ]
    if "heuristic" in bots.names("ticket-to-ride"):
        entries += [
            ("ttr usa 2p heuristic vs heuristic", bot_games(GAME, "heuristic", 2, map="usa")),
            (
                "ttr europe-express 2p heuristic",
                bot_games(GAME, "heuristic", 2, map="europe-express"),
            ),
        ]
    return entries
