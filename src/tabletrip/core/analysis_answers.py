"""Answers for report analyses: rates with n and intervals, correlation notes, fixed patterns.

A rate in a table is shown with its count and its Wilson 95% interval, so a reader does not
re-derive how sure it is. A with/without table (win rate of the seats that had something
against those that did not) shows correlation, not effect: `CORRELATION_NOTE` says so and
points to ablation (`tabletrip sim --without ENTRY`). When the bots choose the same thing in
(almost) every game, a table of those choices carries no information: `fixed_pattern` detects
it and `FIXED_PATTERN_NOTE` says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence

from tabletrip.core.analysis import PlayedGame
from tabletrip.core.analysis_tools import percent, split_tally, win_interval

# The share of seat-games that must repeat one pattern for it to count as fixed.
FIXED_SHARE = 0.9


def correlation_note(entry: str) -> str:
    """The note of a with/without table: correlation, not effect, and how to see the effect."""
    return (
        "Correlation, not effect: seats that had it may differ in other ways. To see the "
        f"effect of one {entry}, remove it and re-simulate: `tabletrip sim --without ENTRY`."
    )


def split_wins_ci(
    games: Sequence[PlayedGame], has: Callable[[PlayedGame, int], bool], empty: str | None = None
) -> tuple[int, float | str | None, str, int, float | str | None, str]:
    """Seat-games with and without a property: (n, win %, interval, n, win %, interval)."""
    n_yes, w_yes, n_no, w_no = split_tally(games, has)
    return (
        n_yes,
        percent(w_yes, n_yes, empty),
        win_interval(w_yes, n_yes),
        n_no,
        percent(w_no, n_no, empty),
        win_interval(w_no, n_no),
    )


def fixed_pattern(patterns: Iterable[Hashable], share: float = FIXED_SHARE) -> bool:
    """Whether one pattern (a seat-game's choices) repeats in at least `share` of them: with
    two or more patterns given, no variation across games and seats, or almost none."""
    counts = Counter(patterns)
    total = sum(counts.values())
    if total < 2:
        return False
    return counts.most_common(1)[0][1] >= share * total


def fixed_pattern_note(what: str) -> str:
    """The warning of a table whose choices the bots always make the same way."""
    return (
        f"Fixed pattern: the bots {what} in (almost) every game and seat, so this table "
        "carries no information about the content; vary the bots or their settings."
    )


__all__ = [
    "FIXED_SHARE",
    "correlation_note",
    "fixed_pattern",
    "fixed_pattern_note",
    "split_wins_ci",
]
