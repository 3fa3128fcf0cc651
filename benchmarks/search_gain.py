"""Does a search find better moves than the heuristic it plays its playouts with?

At sampled decisions of heuristic-against-heuristic games, seat 0 runs an ISMCTS search. Where
its most visited move differs from the heuristic's move, the two are compared in a long duel:
each pair plays both moves from one fresh determinization, with identically seeded heuristic
playouts (common random numbers), so the paired difference in seat 0's reward is the moves'
doing. Prints each duel and a summary: how often the search agreed, and how much better or
worse its own choices were.

    python benchmarks/search_gain.py --game route-east --games 6 --every 8
    python benchmarks/search_gain.py --game lets-go-france --games 4 --every 5 --pairs 150
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence

import tabletrip
from tabletrip import bots
from tabletrip.bots.ismcts import IsmctsBot, Outcome
from tabletrip.core.actions import Action
from tabletrip.core.game import State
from tabletrip.core.rng import Rng, mix_seed


def rollout(state: State, seed: int) -> tuple[Sequence[float], Sequence[int]]:
    """Play to the end with one heuristic bot a seat, all seeded from `seed`."""
    game_id = state.game.id
    players = [
        bots.make("heuristic", game=game_id, seed=mix_seed(seed, s))
        for s in range(state.num_players)
    ]
    while not state.is_over:
        seat = state.current_player
        state.apply(players[seat].choose(state, seat))
    result = state.result
    assert result is not None
    return result.scores, result.winners


def duel(
    view: State, seat: int, challenger: Action, defender: Action, pairs: int, rng: Rng
) -> tuple[float, float]:
    """Mean and standard error of seat's reward with `challenger` minus with `defender`."""
    outcome = Outcome(margin_weight=0.5)
    finals = []
    for _ in range(pairs):
        sample = view.determinize(seat, rng)
        seed = rng.next64()
        pair = []
        for action, state in ((challenger, sample.clone()), (defender, sample)):
            state.apply(action)
            pair.append(rollout(state, seed))
        finals.append(pair)
        for scores, _ in pair:
            outcome.observe(scores)  # the margin scale covers every playout before scoring
    differences = [
        outcome.rewards(*pair[0])[seat] - outcome.rewards(*pair[1])[seat] for pair in finals
    ]
    mean = sum(differences) / pairs
    spread = sum((d - mean) ** 2 for d in differences) / max(1, pairs - 1)
    return mean, math.sqrt(spread / pairs)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the study and print one line a duel, then the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="route-east")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=8, help="study every n-th decision")
    parser.add_argument("--pairs", type=int, default=150)
    parser.add_argument("--playouts", type=int, default=48, help="the search's budget")
    args = parser.parse_args(argv)
    game = tabletrip.make(args.game, players=2)
    agreed = 0
    duels: list[tuple[float, float]] = []
    started = time.perf_counter()
    for index in range(args.games):
        state = game.new_game(seed=1000 + index)
        players = [bots.make("heuristic", game=args.game, seed=s) for s in range(2)]
        decisions = 0
        while not state.is_over:
            seat = state.current_player
            if seat == 0 and len(state.legal_actions()) > 1:
                decisions += 1
                if decisions % args.every == 0:
                    search = IsmctsBot(seed=decisions, iterations=args.playouts, anchor_margin=0.0)
                    view = search.view(state, 0)
                    report = search.search(view, 0)
                    best = max(report.candidates, key=lambda c: (c.visits, c.value))
                    usual = max(report.candidates, key=lambda c: c.proposals)
                    if best.action == usual.action or usual.proposals == 0:
                        agreed += 1
                    else:
                        rng = Rng(mix_seed("search-gain", index, decisions))
                        mean, error = duel(view, 0, best.action, usual.action, args.pairs, rng)
                        duels.append((mean, error))
                        print(
                            f"{args.game} game {index} decision {decisions}: {best.action} "
                            f"vs {usual.action}: {mean:+.3f} (se {error:.3f})",
                            flush=True,
                        )
            state.apply(players[seat].act(state))
    studied = agreed + len(duels)
    mean = sum(m for m, _ in duels) / len(duels) if duels else 0.0
    better = sum(m > 2 * e for m, e in duels)
    worse = sum(m < -2 * e for m, e in duels)
    print(
        f"{args.game}: {studied} decisions studied, the search agreed with the heuristic in "
        f"{agreed}; in the {len(duels)} others its move was {mean:+.3f} on average "
        f"({better} significantly better, {worse} significantly worse); "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
