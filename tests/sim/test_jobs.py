"""One simulated game in a worker: `play_game` and its outcome (tabletrip.sim.jobs)."""

from __future__ import annotations

import dataclasses
import json
import pickle

import pytest

import tabletrip
from tabletrip.core.analysis import analysis_for
from tabletrip.core.records import Record
from tabletrip.sim.config import SimConfig
from tabletrip.sim.jobs import GameFailed, play_game, play_games, win_shares


def test_win_shares_split_ties_and_give_nothing_without_a_winner() -> None:
    assert win_shares((1,), 3) == (0.0, 1.0, 0.0)
    assert win_shares((0, 2), 3) == (0.5, 0.0, 0.5)
    assert win_shares((), 2) == (0.0, 0.0)


def test_an_outcome_agrees_with_the_replay_of_its_record() -> None:
    config = SimConfig.build("ticket-to-ride", players=2, bots=["easy", "random"], seed=3)
    job = config.job(run_id=1, index=1)
    assert job.bots == ("random", "easy")  # game 1: the lineup rotated by one
    outcome = play_game(job)
    record = Record.from_json(json.loads(outcome.record_json))
    assert record.labels == ("random", "easy") and record.seed == job.seed
    state = tabletrip.replay(record)
    result = state.result
    assert result is not None
    assert outcome.scores == tuple(float(score) for score in result.scores)
    assert outcome.winners == result.winners
    assert outcome.breakdown == [dict(b) for b in result.breakdown]
    assert outcome.moves == len(record.actions) > 0
    assert sum(outcome.wins) == pytest.approx(1.0)
    analysis = analysis_for("ticket-to-ride")
    expected = {} if analysis is None else json.loads(json.dumps(analysis.facts(state)))
    expected["turn_order"] = list(state.turn_order)  # every game stores it
    assert outcome.facts == expected


def test_the_same_job_gives_the_same_outcome_and_jobs_pickle() -> None:
    config = SimConfig.build("lets-go-france", players=2, bots=["random"], seed=1)
    job = config.job(run_id=4, index=2)
    assert pickle.loads(pickle.dumps(job)) == job
    first, second = play_game(job), play_game(pickle.loads(pickle.dumps(job)))
    assert first.record_json == second.record_json and first.scores == second.scores
    assert pickle.loads(pickle.dumps(first)).record_json == first.record_json


def test_a_game_that_raises_is_named_in_the_error() -> None:
    config = SimConfig.build("ticket-to-ride", players=2, bots=["random"])
    broken = dataclasses.replace(config.job(1, 0), bots=("nope", "nope"))
    with pytest.raises(GameFailed, match=r"game 0 of ticket-to-ride.*unknown bot 'nope'"):
        play_games([broken])
