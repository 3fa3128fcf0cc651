"""One simulated game as work for any process: `GameJob` in, `GameOutcome` out.

`play_game` is a pure, module-level function so worker processes (local or Ray) can run it:
it makes the game and the bots itself and returns plain, picklable data. JSON texts are made
here, in the worker, so the process writing the database does little per game.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletrip.core.analysis import analysis_for
from tabletrip.core.content_set import Content
from tabletrip.core.game import Game
from tabletrip.core.registry import game_class
from tabletrip.sim.lineup import make_bot

_COMPACT = (",", ":")


@dataclass(frozen=True)
class GameJob:
    """Game `index` of run `run_id`: the configured game, its seed and who plays each seat."""

    run_id: int
    game: str
    players: int
    options: dict[str, Any]
    index: int
    seed: int
    bots: tuple[str, ...]  # bot spec per seat, already rotated
    bot_seeds: tuple[int, ...]
    content: Content | None = None  # None: the shipped content


@dataclass(frozen=True)
class GameOutcome:
    """What one finished game stores: result, length, time, facts and the record (as JSON)."""

    run_id: int
    index: int
    seed: int
    bots: tuple[str, ...]
    moves: int
    seconds: float
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    wins: tuple[float, ...]  # per seat: 1 for a sole winner, 1/k for k tied winners, else 0
    breakdown_json: str
    facts_json: str
    record_json: str

    @property
    def breakdown(self) -> list[dict[str, Any]]:
        """Per seat: each scoring step and "total"."""
        return json.loads(self.breakdown_json)

    @property
    def facts(self) -> dict[str, Any]:
        """The game's analysis facts ({} when the game registers no analysis)."""
        return json.loads(self.facts_json)


# The facts key of the seats in turn order (first player first), stored for every game.
TURN_ORDER = "turn_order"


class GameFailed(RuntimeError):
    """A simulated game raised an error (a bug in a game or a bot, not a user mistake)."""


@functools.lru_cache(maxsize=16)
def _game(game_id: str, players: int, options_json: str, content: Content | None) -> Game:
    # A game object is immutable configuration: each worker makes it once per run.
    return game_class(game_id).from_options(players, json.loads(options_json), content)


def win_shares(winners: Sequence[int], players: int) -> tuple[float, ...]:
    """Each seat's share of the win: 1 for a sole winner, 1/k for each of k tied winners."""
    share = 1.0 / len(winners) if winners else 0.0
    return tuple(share if seat in winners else 0.0 for seat in range(players))


def play_game(job: GameJob) -> GameOutcome:
    """Play one game to its end with the job's bots and return its outcome."""
    started = time.perf_counter()
    game = _game(job.game, job.players, json.dumps(job.options, sort_keys=True), job.content)
    seats = [
        make_bot(spec, job.game, seed) for spec, seed in zip(job.bots, job.bot_seeds, strict=True)
    ]
    state = game.new_game(seed=job.seed)
    while not state.is_over:
        state.apply(seats[state.current_player].act(state))
    result = state.result
    assert result is not None  # the loop ends only when the game is over
    analysis = analysis_for(job.game)
    facts = dict(analysis.facts(state)) if analysis is not None else {}
    facts[TURN_ORDER] = list(state.turn_order)
    record = state.record.with_labels(job.bots)
    return GameOutcome(
        run_id=job.run_id,
        index=job.index,
        seed=job.seed,
        bots=job.bots,
        moves=len(record.actions),
        seconds=time.perf_counter() - started,
        scores=tuple(float(score) for score in result.scores),
        winners=tuple(result.winners),
        wins=win_shares(result.winners, job.players),
        breakdown_json=json.dumps([dict(b) for b in result.breakdown], separators=_COMPACT),
        facts_json=json.dumps(facts, separators=_COMPACT),
        record_json=json.dumps(record.to_json(), separators=_COMPACT),
    )


def play_games(jobs: Sequence[GameJob]) -> list[GameOutcome]:
    """Play a chunk of games in order (one call per chunk keeps the overhead of a call small).

    GameFailed names the game that raised and how to reproduce it.
    """
    outcomes = []
    for job in jobs:
        try:
            outcomes.append(play_game(job))
        except Exception as exc:
            raise GameFailed(
                f"game {job.index} of {job.game} (seed {job.seed}, bots {list(job.bots)}) "
                f"failed: {type(exc).__name__}: {exc}"
            ) from exc
    return outcomes
