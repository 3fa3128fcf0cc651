"""Final rewards for learning agents: win/loss or score margin, from a game's result."""

from __future__ import annotations

from typing import Literal

from tabletrip.core import OptionError, Result

RewardKind = Literal["win", "margin"]
REWARD_KINDS: tuple[str, ...] = ("win", "margin")


def check_reward_kind(kind: str) -> RewardKind:
    """`kind` if it is a reward kind; OptionError naming the accepted ones otherwise."""
    if kind == "win":
        return "win"
    if kind == "margin":
        return "margin"
    raise OptionError(f"unknown reward {kind!r}: rewards are {', '.join(REWARD_KINDS)}")


def final_rewards(result: Result, kind: RewardKind) -> list[float]:
    """Each seat's reward for a finished game.

    `win`: zero-sum, n/(n-1) x (win share - mean win share), so a sole winner gets 1, every
    other seat -1/(n-1), a k-way tie splits the win and a game nobody wins gives 0 to all;
    solo, 1 for a win and -1 otherwise.
    `margin`: the seat's score minus the best other seat's score (its score alone when solo).
    """
    scores = result.scores
    count = len(scores)
    if kind == "margin":
        if count == 1:
            return [float(scores[0])]
        ordered = sorted(scores, reverse=True)
        return [float(s - (ordered[1] if s == ordered[0] else ordered[0])) for s in scores]
    if count == 1:
        return [1.0 if 0 in result.winners else -1.0]
    share = 1.0 / len(result.winners) if result.winners else 0.0
    wins = [share if seat in result.winners else 0.0 for seat in range(count)]
    factor = count / (count - 1)
    mean = sum(wins) / count
    return [factor * (won - mean) for won in wins]


def reward_range(
    kind: RewardKind, players: int, score_range: tuple[float, float]
) -> tuple[float, float]:
    """The lowest and highest reward a seat can get."""
    if kind == "win":
        return (-1.0, 1.0)
    low, high = score_range
    if players == 1:
        return (float(low), float(high))
    return (float(low - high), float(high - low))
