"""OpenSkill (Plackett-Luce) ratings of the bots of one run, games taken in index order.

Each game is one match of its seats, ranked by the result: the winners first (tied among
themselves, tie-breaks as the result applied them), then the other seats by score, equal
scores tied. Every seat is its own team, rated from its bot's rating before the game; a bot
that holds several seats of a game gets back the mean of its seats' updated mu and sigma, so
one game moves one bot once, and its seats' places against each other cancel out. A game
whose seats are all one bot (a mirror game) or that has one seat teaches nothing and is
skipped; a run without two different bots at one table has no ratings.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from tabletrip.core.analysis import PlayedGame


@dataclass(frozen=True, slots=True)
class BotRating:
    """One bot's rating after the run: mu, sigma, ordinal (mu - 3 sigma) and games rated."""

    bot: str
    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True, slots=True)
class Ratings:
    """The bots' ratings, best ordinal first, and why there are none when there are none."""

    bots: tuple[BotRating, ...]
    rated_games: int
    skipped_games: int
    reason: str = ""


def seat_ranks(game: PlayedGame) -> list[float]:
    """Each seat's place (0 is best): winners 0, then the others by score, equal scores tied."""
    others = sorted({score for seat, score in enumerate(game.scores) if seat not in game.winners})
    others.reverse()
    first = 1 if game.winners else 0  # the others place after the winners
    return [
        0.0 if seat in game.winners else float(first + others.index(score))
        for seat, score in enumerate(game.scores)
    ]


def rate(games: Sequence[PlayedGame]) -> Ratings:
    """Rate the bots over the games in index order (see the module docstring)."""
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    played: Counter[str] = Counter()
    rated = skipped = 0
    for game in sorted(games, key=lambda g: g.index):
        lineup = set(game.bots)
        if len(game.bots) < 2 or len(lineup) < 2:
            skipped += 1
            continue
        for bot in lineup:
            ratings.setdefault(bot, model.rating(name=bot))
        # A fresh rating object per seat: openskill deep-copies the teams together, so one
        # object in two teams would be updated as one player.
        teams = [[model.rating(ratings[bot].mu, ratings[bot].sigma, bot)] for bot in game.bots]
        updated = model.rate(teams, ranks=seat_ranks(game))
        for bot in lineup:
            seats = [seat for seat, seated in enumerate(game.bots) if seated == bot]
            mu = statistics.fmean(updated[seat][0].mu for seat in seats)
            sigma = statistics.fmean(updated[seat][0].sigma for seat in seats)
            ratings[bot] = model.rating(mu, sigma, bot)
            played[bot] += 1
        rated += 1
    if not rated:
        if not games:
            reason = "no ratings: there are no games"
        elif all(len(g.bots) < 2 for g in games):
            reason = "no ratings: every game has a single seat, so no bot meets another"
        else:
            reason = "no ratings: every seat is played by the same bot, so no bot meets another"
        return Ratings((), 0, skipped, reason)
    rows = [
        BotRating(bot, r.mu, r.sigma, r.mu - 3 * r.sigma, played[bot]) for bot, r in ratings.items()
    ]
    rows.sort(key=lambda r: (-r.ordinal, r.bot))
    return Ratings(tuple(rows), rated, skipped)
