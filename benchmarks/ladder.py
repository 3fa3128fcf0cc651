"""The strength ladder: bots play each other in every game, seats rotated, on every core.

    python benchmarks/ladder.py                      # the full ladder (takes a while)
    python benchmarks/ladder.py --games en-route --pairs medium:heuristic --count 20 --players 2

A bot is a registered name (`random`, `heuristic`, `easy`, `medium`, `hard`) or
`name:key=value,...` with parameters (`ismcts:iterations=50,rollout=random`). The first bot
holds one seat (rotated) and the second bot every other seat, so parity is 1/players (50% at
2 players, 25% at 4). Ties share the win.
Prints win rates with Wilson 95% intervals and a markdown table for the README.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import tabletrip
from tabletrip import bots
from tabletrip.core.rng import mix_seed
from tabletrip.report.stats import wilson

GAMES = ("ticket-to-ride", "en-route", "route-east", "lets-go-france")
PROGRESS_EVERY = 10  # games between two running tallies on stderr
# (first bot, second bot, games played) for the full ladder, as the issue asks.
LADDER = (("heuristic", "random", 200), ("medium", "heuristic", 100), ("hard", "heuristic", 20))


@dataclass(frozen=True, slots=True)
class Match:
    """One game of a pairing: which seats each bot holds and the seed."""

    game: str
    players: int
    first: str
    second: str
    seats_of_first: tuple[int, ...]
    seed: int


@dataclass(frozen=True, slots=True)
class Tally:
    """The results of one pairing in one game at one player count."""

    game: str
    players: int
    first: str
    second: str
    games: int
    wins: float  # wins of `first`, ties shared
    seconds: float
    first_seconds_per_move: float

    def interval(self) -> tuple[float, float, float]:
        """The win rate of `first` and its Wilson 95% confidence interval."""
        return wilson(self.wins, self.games)


def parse_bot(spec: str) -> tuple[str, dict[str, Any]]:
    """`name` or `name:key=value,...` into a name and parameters (numbers read as numbers)."""
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, _, text = item.partition("=")
        value: Any = text
        for kind in (int, float):
            try:
                value = kind(text)
                break
            except ValueError:
                continue
        if text in ("true", "false"):
            value = text == "true"
        params[key] = value
    return name, params


def arrangements(players: int) -> list[tuple[int, ...]]:
    """The seats of the first bot, rotated: one seat, the others all play the second bot."""
    return [(seat,) for seat in range(players)]


def play(match: Match) -> tuple[float, float, int]:
    """Play one game; the first bot's win share, its thinking time and its decision count."""
    game = tabletrip.make(match.game, players=match.players)
    players = []
    for seat in range(match.players):
        spec = match.first if seat in match.seats_of_first else match.second
        name, params = parse_bot(spec)
        players.append(bots.make(name, game=match.game, seed=mix_seed(match.seed, seat), **params))
    state = game.new_game(match.seed)
    thinking = 0.0
    moves = 0
    while not state.is_over:
        seat = state.current_player
        started = time.perf_counter()
        action = players[seat].act(state)
        if seat in match.seats_of_first:
            thinking += time.perf_counter() - started
            moves += 1
        state.apply(action)
    result = state.result
    assert result is not None
    won = [seat for seat in result.winners if seat in match.seats_of_first]
    share = len(won) / len(result.winners) if result.winners else 0.0
    return share, thinking, moves


def matches(
    game: str, players: int, first: str, second: str, count: int, skip: int = 0
) -> list[Match]:
    """`count` games (after the first `skip`) with the first bot's seats rotated."""
    layouts = arrangements(players)
    return [
        Match(game, players, first, second, layouts[i % len(layouts)], mix_seed(game, players, i))
        for i in range(skip, skip + count)
    ]


def run_pairing(
    pool: ProcessPoolExecutor,
    game: str,
    players: int,
    first: str,
    second: str,
    count: int,
    skip: int = 0,
) -> Tally:
    """Play one pairing across the pool and tally it (the running tally goes to stderr every
    `PROGRESS_EVERY` games, so a long run that is stopped still says where it was)."""
    started = time.perf_counter()
    outcomes = []
    for outcome in pool.map(play, matches(game, players, first, second, count, skip)):
        outcomes.append(outcome)
        if len(outcomes) % PROGRESS_EVERY == 0 and len(outcomes) < count:
            wins = sum(share for share, _, _ in outcomes)
            print(
                f"  {game} {players}p {first} vs {second}: {wins:g} wins "
                f"in {len(outcomes)} of {count} games",
                file=sys.stderr,
                flush=True,
            )
    wins = sum(share for share, _, _ in outcomes)
    thinking = sum(t for _, t, _ in outcomes)
    moves = sum(m for _, _, m in outcomes)
    return Tally(
        game,
        players,
        first,
        second,
        count,
        wins,
        time.perf_counter() - started,
        thinking / max(1, moves),
    )


def line(tally: Tally) -> str:
    """One markdown table row."""
    rate, low, high = tally.interval()
    return (
        f"| {tally.game} | {tally.players} | {tally.first} vs {tally.second} | {tally.games} "
        f"| {100 * rate:.0f}% | {100 * low:.0f}-{100 * high:.0f}% "
        f"| {tally.first_seconds_per_move:.3f} |"
    )


HEADER = (
    "| game | players | pairing | games | first wins | 95% interval | first s/move |\n"
    "|---|---|---|---|---|---|---|"
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ladder (or a part of it) and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--players", nargs="*", type=int, default=[2, 4])
    parser.add_argument(
        "--pairs", nargs="*", help="first:second pairings (bot specs joined by '/')"
    )
    parser.add_argument("--count", type=int, help="games per pairing (default: the ladder's)")
    parser.add_argument("--skip", type=int, default=0, help="start after this many games")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    pairings = (
        [(*pair.split("/"), args.count or 20) for pair in args.pairs]
        if args.pairs
        else [(a, b, args.count or n) for a, b, n in LADDER]
    )
    print(HEADER, flush=True)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for first, second, count in pairings:
            for game in args.games:
                for players in args.players:
                    tally = run_pairing(pool, game, players, first, second, int(count), args.skip)
                    print(line(tally), f"  ({tally.seconds:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
