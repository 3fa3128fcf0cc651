"""The engine's speed as ratios measured in one run, so a slower or busier machine does not
move them: random play against a bare loop, `determinize` against `clone`, the start-up of a
command against `import tabletrip`.

- **random play, x bare loop**: microseconds per random step (`random_action`, then
  `apply_legal`: what random bots and random playouts do) over those of a bare loop that only
  draws one of 13 items with the same generator. Issue 18's target: Ticket to Ride at most 10x.
- **determinize, in clones**: one more `determinize` of the mover's seat (as a search repeats
  it from its root) over one `clone`, on states spread over random games, the garbage
  collector off while timing (as `timeit` does). Target: at most 4.
- **start-up, x import**: `tabletrip games` over `python -c "import tabletrip"`, medians of
  interleaved runs. Target: at most 3.

    python benchmarks/run.py ratio
"""

from __future__ import annotations

import gc
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import tabletrip
from playouts import sample_states
from run import Measure
from tabletrip.core import Rng, State

CONFIGS: list[tuple[str, str, dict[str, Any]]] = [
    ("ttr usa 2p", "ticket-to-ride", {"map": "usa"}),
    ("ttr europe-express 2p", "ticket-to-ride", {"map": "europe-express"}),
    ("en-route 2p", "en-route", {}),
    ("route-east 2p", "route-east", {}),
    ("lets-go-france 2p", "lets-go-france", {}),
]
SECONDS = 1.5
ITEMS = list(range(13))


def _best_of(run: Callable[[], float], times: int = 3) -> float:
    """The least of `times` runs, the garbage collector off while each runs (as timeit does):
    a collection landing in one measure and not the other would skew their ratio."""
    taken = []
    for _ in range(times):
        gc.collect()
        gc.disable()
        try:
            taken.append(run())
        finally:
            gc.enable()
    return min(taken)


def _bare_loop_us(steps: int = 100_000) -> float:
    """Microseconds a step of a loop that only draws one of 13 items."""
    rng = Rng(1)
    items = ITEMS
    start = time.perf_counter()
    done = 0
    while done < steps:
        rng.choice(items)
        done += 1
    return (time.perf_counter() - start) / steps * 1e6


def _random_play_us(game_id: str, options: dict[str, Any], seconds: float) -> float:
    """Microseconds a step of random 2-player games, played for about `seconds`."""
    game = tabletrip.make(game_id, players=2, **options)
    steps = games = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        state = game.new_game(games)
        rng = Rng(games)
        while not state.is_over:
            state.apply_legal(state.random_action(rng))
            steps += 1
        games += 1
    return elapsed / steps * 1e6


def _random_play_ratio(game_id: str, options: dict[str, Any], rounds: int = 5) -> float:
    """The median over `rounds` of random play's step over the bare loop's, each round
    timing both back to back (so a load that comes and goes hits both alike)."""
    ratios = []
    for _ in range(rounds):
        bare = _best_of(_bare_loop_us, 1)
        play = _best_of(lambda: _random_play_us(game_id, options, SECONDS / rounds), 1)
        ratios.append(play / bare)
    return statistics.median(ratios)


def _per_call_us(states: list[State], call: Callable[[State], object], passes: int = 2) -> float:
    """Microseconds a call, over `passes` passes of every state, the collector off."""

    def run() -> float:
        start = time.perf_counter()
        for _ in range(passes):
            for state in states:
                call(state)
        return (time.perf_counter() - start) / (passes * len(states)) * 1e6

    return _best_of(run, 1)


def _determinize_in_clones(game_id: str, options: dict[str, Any], rounds: int = 9) -> float:
    """The median over `rounds` of a determinize's time over a clone's, each round timing
    both back to back on the same states (as for random play)."""
    states = sample_states(game_id, 300, **options)
    rng = Rng(7)

    def determinize(state: State) -> object:
        return state.determinize(state.current_player, rng)

    _per_call_us(states, determinize)  # warm the memos a live game's states would have warm
    ratios = []
    for _ in range(rounds):
        clone = _per_call_us(states, lambda s: s.clone())
        ratios.append(_per_call_us(states, determinize) / clone)
    return statistics.median(ratios)


def _run_seconds(command: list[str], runs: int) -> list[float]:
    taken = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        taken.append(time.perf_counter() - start)
    return taken


def _start_up_ratio(runs: int = 5) -> float:
    """`tabletrip games` over `import tabletrip`, interleaved, medians."""
    command: list[float] = []
    bare: list[float] = []
    for _ in range(runs):
        bare += _run_seconds([sys.executable, "-c", "import tabletrip"], 1)
        command += _run_seconds([sys.executable, "-m", "tabletrip", "games"], 1)
    return statistics.median(command) / statistics.median(bare)


def benchmarks() -> list[tuple[str, Measure]]:
    """Random play per game, determinize per game, start-up: each a ratio."""
    entries: list[tuple[str, Measure]] = [
        ("ratio: bare loop, one of 13 items", lambda: (_bare_loop_us(), "us/step")),
    ]
    for label, game_id, options in CONFIGS:
        entries.append(
            (
                f"ratio: {label} random play",
                lambda g=game_id, o=options: (_random_play_ratio(g, o), "x bare loop"),
            )
        )
        entries.append(
            (
                f"ratio: {label} determinize",
                lambda g=game_id, o=options: (_determinize_in_clones(g, o), "clones"),
            )
        )
    entries.append(("ratio: start-up, tabletrip games", lambda: (_start_up_ratio(), "x import")))
    return entries
