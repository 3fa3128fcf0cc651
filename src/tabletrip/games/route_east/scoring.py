"""Route East's result, a pure function of plain data: a race is won or lost.

"Overview": the first player to get to Shanghai via their Attraction Cards wins. The winner
scores 1, every other seat 0; the breakdown keeps what each seat's race came to (attractions
visited, turns, bankruptcies, Embassy stays, money and fuel left), which scores nothing but
tells a person how the race went. A game stopped at the turn limit (RULES_NOTES.md) has no
winner: every seat scores 0 and the breakdown says the limit was reached.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletrip.core import Result


@dataclass(frozen=True, slots=True)
class Race:
    """One seat's race at the end of the game."""

    attractions: int  # Attraction Cards dealt to it
    visited: int  # of them, visited
    turns: int
    bankruptcies: int
    embassy_stays: int
    money: int
    fuel: int


def race_result(races: Sequence[Race], winner: int) -> Result:
    """Each seat's score (1 for `winner`, else 0; `winner` -1: the turn limit was reached, no
    one wins) with its breakdown."""
    if not -1 <= winner < len(races):
        raise ValueError(f"winner {winner} is not a seat of {len(races)}")
    breakdown = tuple(
        {
            "finished": int(seat == winner),
            "attractions_visited": race.visited,
            "attractions": race.attractions,
            "turns": race.turns,
            "bankruptcies": race.bankruptcies,
            "embassy_stays": race.embassy_stays,
            "money": race.money,
            "fuel": race.fuel,
            "turn_limit_reached": winner < 0,
            "total": int(seat == winner),
        }
        for seat, race in enumerate(races)
    )
    winners = (winner,) if winner >= 0 else ()
    return Result(tuple(b["total"] for b in breakdown), winners, breakdown)
