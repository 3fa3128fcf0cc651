"""The report's "Points by scoring step" section: every seat-game's score breakdown read as the
game's own score rows (the end screen's labels: "Destination Tickets completed", "Longest
Continuous Path bonus"), their mean points by bot.

Only steps that score are averaged; a game's facts that score nothing (Route East's "Turns
taken") are left to the game's own sections.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import tabletrip
from tabletrip.core.analysis import PlayedGame, Section, Table
from tabletrip.core.game import Game
from tabletrip.core.presentation import Presentation, presentation_for
from tabletrip.report.cells import number

TITLE = "Points by scoring step"


def scoring_steps_section(
    game_id: str, players: int, games: Sequence[PlayedGame]
) -> Section | None:
    """Mean points of each scoring step by bot, in the game's words (None: the game has no
    presentation or no game was played)."""
    presentation = presentation_for(game_id)
    if presentation is None or not games:
        return None
    by_options: dict[str, Game] = {}
    steps: list[str] = []
    points: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    seat_games: dict[str, int] = defaultdict(int)
    for played in games:
        game = _game(by_options, game_id, players, played)
        for seat, bot in enumerate(played.bots):
            seat_games[bot] += 1
            for label, scored in _rows(presentation, game, played.breakdown[seat]):
                if label not in steps:
                    steps.append(label)
                points[bot][label] += scored
    bots = sorted(seat_games)
    rows = tuple(
        (step, *(number(points[bot][step] / seat_games[bot], 1) for bot in bots)) for step in steps
    )
    table = Table(
        f"{TITLE} (mean per seat-game)",
        ("scoring step", *bots),
        rows,
        "the steps and their names are the game's end screen's; a step a seat did not score "
        "counts as 0",
    )
    summary = (
        f"How the scores of {len(games)} games came about, step by step as the game's end "
        "screen names them."
    )
    return Section(TITLE, summary, (table,), ())


def _game(cache: dict[str, Game], game_id: str, players: int, played: PlayedGame) -> Game:
    """The game of a played game's options (made once per option set)."""
    key = repr(sorted(played.options.items()))
    if key not in cache:
        cache[key] = tabletrip.make(game_id, players=players, **played.options)
    return cache[key]


def _rows(
    presentation: Presentation, game: Game, breakdown: dict[str, object]
) -> list[tuple[str, float]]:
    """A breakdown's scoring rows that score: (label, points)."""
    return [
        (row.label, float(row.points))
        for row in presentation.score_rows(game, breakdown)
        if row.points is not None
    ]
