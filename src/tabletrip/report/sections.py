"""A run's report sections: the generic ones (win rates, scores, length, ratings) and the game's.

Generic sections are built as `tabletrip.core.analysis.Section` data, like a game's own, so
the terminal, HTML and PNG outputs draw both the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletrip.core.analysis import Chart, PlayedGame, Section, Series, Table, analysis_for
from tabletrip.core.errors import OptionError, TabletripError
from tabletrip.core.game import Game
from tabletrip.report.cells import interval, number, percent
from tabletrip.report.model import RunReport, RunView
from tabletrip.report.ratings import Ratings, rate
from tabletrip.report.scoring_steps import scoring_steps_section
from tabletrip.report.source import run_game
from tabletrip.report.stats import (
    Spread,
    WinRate,
    game_length,
    scores_by_bot,
    scores_by_seat,
    scores_of_bots,
    seat_is_turn_order,
    win_rate_by_bot,
    win_rate_by_seat,
    win_rate_by_turn,
)

WIN_COLUMNS = ("seat-games", "wins", "win rate", "95% interval")
SPREAD_COLUMNS = ("mean", "sd", "min", "median", "max")


def run_report(run: RunView) -> RunReport:
    """The report of one run: generic sections, the points by scoring step in the game's
    words, then the game's own sections (when it has any)."""
    played_as = _played_as(run)
    game_sections, notes = game_analysis(run.game, run.games, played_as)
    steps, step_notes = scoring_steps(run, played_as)
    sections = (*generic_sections(run.games, run.players), *steps, *game_sections)
    return RunReport(run, sections, (*step_notes, *notes))


def scoring_steps(
    run: RunView, played_as: Game | None = None
) -> tuple[tuple[Section, ...], tuple[str, ...]]:
    """The points by scoring step, or a note if the game's score rows failed."""
    try:
        section = scoring_steps_section(run.game, run.players, run.games, played_as)
    except OptionError:
        return (), ()  # the game is not installed: game_analysis says so
    except Exception as exc:  # a game's presentation bug must not hide the rest of the report
        return (), (
            f"the {run.game} score rows failed ({type(exc).__name__}: {exc}): "
            "the points by scoring step are missing",
        )
    return ((section,) if section else ()), ()


def generic_sections(games: Sequence[PlayedGame], players: int) -> tuple[Section, ...]:
    """The sections every game gets: win rate by bot and by seat, scores, length, ratings."""
    seats = (  # solo: the bot table says it
        (seat_section(games, players), turn_section(games, players)) if players > 1 else ()
    )
    return (
        bot_section(games, players),
        *seats,
        score_section(games),
        length_section(games),
        rating_section(rate(games)),
    )


def _played_as(run: RunView) -> Game | None:
    """The run's game with its content, or None (the analysis then reads the shipped content)
    when it cannot be made here; `game_analysis` says why if the game is not installed."""
    try:
        return run_game(run)
    except TabletripError:
        return None


def game_analysis(
    game: str, games: Sequence[PlayedGame], played_as: Game | None = None
) -> tuple[tuple[Section, ...], tuple[str, ...]]:
    """The game's registered sections, and a note when there are none or they failed."""
    try:
        analysis = analysis_for(game)
    except OptionError:
        return (), (f"{game} is not installed here: the report has only the generic sections",)
    if analysis is None:
        return (), (f"{game} registers no analysis: the report has only the generic sections",)
    try:
        return tuple(analysis.sections(games, played_as)), ()
    except Exception as exc:  # a game's analysis bug must not hide the rest of the report
        return (), (
            f"the {game} analysis failed ({type(exc).__name__}: {exc}): its sections are missing",
        )


def _parity(players: int) -> float:
    return 1 / players if players else 0.0


def _win_row(rate: WinRate) -> tuple[str, ...]:
    return (
        rate.label,
        str(rate.games),
        number(rate.wins),
        percent(rate.rate),
        interval(rate.low, rate.high),
    )


def _win_chart(title: str, x_label: str, rates: Sequence[WinRate], players: int) -> Chart:
    """Win rates as bars with their intervals, and the parity line (none for solo games)."""
    parity = _parity(players) if players > 1 else None
    return Chart(
        title=title,
        kind="bar",
        x_label=x_label,
        y_label="win rate (%)",
        series=(
            Series("win rate", tuple(r.label for r in rates), tuple(100 * r.rate for r in rates)),
        ),
        note="bars: win rate; whiskers: Wilson 95% interval"
        + ("; dashed line: parity" if parity is not None else ""),
        reference=None if parity is None else 100 * parity,
        reference_label="" if parity is None else f"parity {percent(parity)} (1/{players})",
        intervals=(tuple((100 * r.low, 100 * r.high) for r in rates),),
    )


def _rates_text(rates: Sequence[WinRate]) -> str:
    return "; ".join(f"{r.label} {percent(r.rate)} ({interval(r.low, r.high)})" for r in rates)


def bot_section(games: Sequence[PlayedGame], players: int) -> Section:
    """Win rate by bot: a table with 95% intervals and a bar chart with the parity line."""
    rates = win_rate_by_bot(games)
    if players == 1:
        summary = (
            f"Solo games: a win is what the game's solo mode counts as one. {_rates_text(rates)}."
        )
    else:
        summary = (
            f"Parity is {percent(_parity(players))} (1 of {players} seats). {_rates_text(rates)}."
        )
    if len(rates) == 1 and players > 1:
        summary += " One bot plays every seat: see win rate by seat for the balance of the seats."
    table = Table(
        "Win rate by bot",
        ("bot", *WIN_COLUMNS),
        tuple(_win_row(r) for r in rates),
        "a seat-game is one seat in one game; tied winners share the win",
    )
    return Section(
        "Win rate by bot",
        summary,
        (table,),
        (_win_chart("Win rate by bot", "bot", rates, players),),
    )


def seat_section(games: Sequence[PlayedGame], players: int) -> Section:
    """Win rate by seat (and mean score by seat): a table and a bar chart with the parity line."""
    rates = win_rate_by_seat(games)
    spreads = scores_by_seat(games)
    parity = _parity(players)
    off = [r for r in rates if not r.low <= parity <= r.high]
    if not seat_is_turn_order(games):
        finding = (
            "Here the first player is not always seat 0, so seat index is not turn order: "
            "see Win rate by turn order for the first-player advantage."
        )
        if off:
            finding += " Seats whose 95% interval excludes parity: " + _rates_text(off) + "."
    elif off:
        finding = "Seats whose 95% interval excludes parity: " + _rates_text(off) + "."
    else:
        finding = (
            f"Every seat's 95% interval contains parity: no seat advantage shows "
            f"in {len(games)} games."
        )
    summary = (
        f"Parity is {percent(parity)} (1/{players}); seats rotate, so each bot sits each seat "
        f"about equally often. {finding}"
    )
    table = Table(
        "Win rate by seat",
        ("seat", *WIN_COLUMNS, "mean score"),
        tuple((*_win_row(r), number(s.mean)) for r, s in zip(rates, spreads, strict=True)),
        f"parity is {percent(parity)}",
    )
    return Section(
        "Win rate by seat",
        summary,
        (table,),
        (_win_chart("Win rate by seat", "seat", rates, players),),
    )


def turn_section(games: Sequence[PlayedGame], players: int) -> Section:
    """Win rate by position in turn order (1st to move, 2nd, ...): a table and a bar chart with
    the parity line."""
    rates, missing = win_rate_by_turn(games)
    parity = _parity(players)
    counted = len(games) - missing
    off = [r for r in rates if not r.low <= parity <= r.high]
    if not rates:
        finding = "No game of this run says who moved first (they were stored before it was kept)."
    elif off:
        finding = "Positions whose 95% interval excludes parity: " + _rates_text(off) + "."
    else:
        finding = (
            f"Every position's 95% interval contains parity: no turn-order advantage shows "
            f"in {counted} games."
        )
    left_out = (
        f" {missing} games stored before turn order was kept are left out." if missing else ""
    )
    summary = f"Parity is {percent(parity)} (1/{players}). {finding}{left_out}"
    table = Table(
        "Win rate by turn order",
        ("position", *WIN_COLUMNS),
        tuple(_win_row(r) for r in rates),
        f"parity is {percent(parity)}; n counts games (one seat per position and game)",
    )
    charts = (_win_chart("Win rate by turn order", "position", rates, players),) if rates else ()
    return Section("Win rate by turn order", summary, (table,), charts)


def _spread_cells(spread: Spread) -> tuple[str, ...]:
    return tuple(
        number(v) for v in (spread.mean, spread.sd, spread.minimum, spread.median, spread.maximum)
    )


def score_section(games: Sequence[PlayedGame]) -> Section:
    """Scores per bot: mean, standard deviation, min, median, max, and their histograms."""
    spreads = scores_by_bot(games)
    summary = (
        "Mean score: "
        + "; ".join(f"{bot} {number(s.mean, 1)} (sd {number(s.sd, 1)})" for bot, s in spreads)
        + "."
    )
    table = Table(
        "Scores by bot",
        ("bot", "seat-games", *SPREAD_COLUMNS),
        tuple((bot, str(s.count), *_spread_cells(s)) for bot, s in spreads),
        "sd: sample standard deviation",
    )
    values = scores_of_bots(games)
    chart = Chart(
        "Score distribution by bot",
        "hist",
        "final score",
        "seat-games",
        tuple(Series(bot, (), tuple(values[bot])) for bot, _ in spreads),
    )
    return Section("Scores", summary, (table,), (chart,))


def length_section(games: Sequence[PlayedGame]) -> Section:
    """Game length in moves (actions in the record): its spread and histogram."""
    s = game_length(games)
    summary = (
        f"A game takes {number(s.mean, 1)} moves on average (sd {number(s.sd, 1)}, "
        f"{number(s.minimum)} to {number(s.maximum)})."
    )
    table = Table(
        "Game length (moves)", ("games", *SPREAD_COLUMNS), ((str(s.count), *_spread_cells(s)),)
    )
    chart = Chart(
        "Game length",
        "hist",
        "moves per game",
        "games",
        (Series("games", (), tuple(float(g.moves) for g in games)),),
    )
    return Section("Game length", summary, (table,), (chart,))


def rating_section(ratings: Ratings) -> Section:
    """OpenSkill ratings of the bots: mu, sigma and ordinal (mu - 3 sigma), best first."""
    if not ratings.bots:
        return Section("Ratings", ratings.reason.capitalize() + ".")
    best = ratings.bots[0]
    summary = (
        f"OpenSkill (Plackett-Luce) over {ratings.rated_games} games in order: "
        f"{best.bot} rates best (ordinal {number(best.ordinal, 1)})."
    )
    if ratings.skipped_games:
        summary += f" {ratings.skipped_games} games with a single bot at the table are not rated."
    table = Table(
        "OpenSkill ratings",
        ("rank", "bot", "mu", "sigma", "ordinal", "games"),
        tuple(
            (str(rank), r.bot, number(r.mu), number(r.sigma), number(r.ordinal), str(r.games))
            for rank, r in enumerate(ratings.bots, start=1)
        ),
        "ordinal = mu - 3 sigma (a cautious skill estimate); a bot's several seats in one game "
        "count once (their updates averaged)",
    )
    return Section("Ratings", summary, (table,))
