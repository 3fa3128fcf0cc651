"""Shared data for the report tests: played games and a small two-run simulation database."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

import tabletrip
from tabletrip import bots
from tabletrip.core.analysis import PlayedGame
from tabletrip.core.rng import mix_seed
from tabletrip.sim import LocalBackend, SimConfig, run_sim

PlayGames = Callable[..., list[PlayedGame]]


def play_games(
    game_id: str, lineup: Sequence[str], count: int, players: int = 2
) -> list[PlayedGame]:
    """Play `count` real games, seats rotated as `tabletrip sim` rotates them."""
    game = tabletrip.make(game_id, players=players)
    played = []
    for index in range(count):
        seated = tuple(lineup[(seat + index) % len(lineup)] for seat in range(players))
        seats = [
            bots.make(name, game=game_id, seed=mix_seed("sim-bot", 1, index, seat))
            for seat, name in enumerate(seated)
        ]
        seed = mix_seed("sim", 1, index)
        state = game.new_game(seed)
        moves = 0
        while not state.is_over:
            state.apply(seats[state.current_player].act(state))
            moves += 1
        result = state.result
        assert result is not None
        played.append(
            PlayedGame(
                index,
                seed,
                dict(game.options),
                seated,
                tuple(float(s) for s in result.scores),
                tuple(result.winners),
                tuple(result.breakdown),
                moves,
                {},
            )
        )
    return played


@pytest.fixture(scope="session")
def play() -> PlayGames:
    """`play(game_id, lineup, count, players=2)`: real games as a report sees them."""
    return play_games


@pytest.fixture(scope="session")
def ttr_games() -> list[PlayedGame]:
    """24 two-player Ticket to Ride games, heuristic against random."""
    return play_games("ticket-to-ride", ["heuristic", "random"], 24)


@pytest.fixture(scope="session")
def sim_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with two runs: Ticket to Ride heuristic/random (12 games) and High Card
    random self-play at 3 players (15 games), written by `tabletrip.sim.run_sim`."""
    path = tmp_path_factory.mktemp("sim") / "sim.sqlite"
    backend = LocalBackend(workers=1)
    ttr = SimConfig.build("ticket-to-ride", players=2, bots=["heuristic", "random"], seed=3)
    run_sim(ttr, games=12, out=path, backend=backend)
    high_card = SimConfig.build("high-card", players=3, bots=["random"], seed=7)
    run_sim(high_card, games=15, out=path, backend=backend)
    return path
