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
    game_id: str, players: int, games: Sequence[PlayedGame], played_as: Game | None = None
) -> Section | None:
    """Mean points of each scoring step by bot, in the game's words (None: the game has no
    presentation or no game was played); `played_as`: the run's game, with its content."""
    if presentation_for(game_id) is None or not games:
        return None
    points = step_points(game_id, players, games, played_as)
    seat_bots = [bot for played in games for bot in played.bots]  # step_points' order
    bots = sorted(set(seat_bots))
    seat_games = {bot: seat_bots.count(bot) for bot in bots}

    def mean_of(step: str, bot: str) -> str:
        total = sum(p for p, b in zip(points[step], seat_bots, strict=True) if b == bot)
        return number(total / seat_games[bot], 1)

    rows = tuple((step, *(mean_of(step, bot) for bot in bots)) for step in points)
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


def step_points(
    game_id: str, players: int, games: Sequence[PlayedGame], played_as: Game | None = None
) -> dict[str, list[float]]:
    """Each scoring step's points in every seat-game, in the game's words and the order the
    end screen shows them (0 where a seat did not score the step); empty without a
    presentation. `played_as`: the run's game (its content names some steps, such as the
    Europe Express card's cities); None: each game's options with the shipped content."""
    presentation = presentation_for(game_id)
    if presentation is None:
        return {}
    by_options: dict[str, Game] = {}
    order: list[str] = []
    rows: list[dict[str, float]] = []
    for played in games:
        game = played_as or _game(by_options, game_id, players, played)
        for seat in range(len(played.bots)):
            scored: dict[str, float] = defaultdict(float)
            for label, value in _rows(presentation, game, played.breakdown[seat]):
                scored[label] += value
                if label not in order:
                    order.append(label)
            rows.append(scored)
    return {label: [row.get(label, 0.0) for row in rows] for label in order}


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
