"""The local backend: chunks sized by game time, every job played once, a clean early stop."""

from __future__ import annotations

import multiprocessing
import signal
from dataclasses import replace

import pytest

from tabletrip.core.errors import OptionError
from tabletrip.sim.backends import MAX_CHUNK, Chunker, LocalBackend, _ignore_interrupt
from tabletrip.sim.config import SimConfig
from tabletrip.sim.jobs import GameOutcome, play_game
from tabletrip.sim.worker_pipes import WorkerPipes

CONFIG = SimConfig.build("ticket-to-ride", players=2, bots=["random"], seed=9)


def timed(outcome: GameOutcome, seconds: float) -> GameOutcome:
    return replace(outcome, seconds=seconds)


def test_chunks_grow_for_quick_games_and_stay_single_for_slow_ones() -> None:
    outcome = play_game(CONFIG.job(1, 0))
    chunker = Chunker(target_seconds=0.1)
    assert chunker.size == 1
    chunker.observe([timed(outcome, 0.002)] * 4)
    assert chunker.size == 50
    chunker.observe([timed(outcome, 1e-9)] * 1000)
    assert chunker.size == MAX_CHUNK
    slow = Chunker(target_seconds=0.1)
    slow.observe([timed(outcome, 3.0)])
    assert slow.size == 1
    jobs = iter(range(5))
    assert [slow.take(jobs), slow.take(jobs)] == [[0], [1]]  # type: ignore[arg-type]


def test_two_workers_play_every_job_once_with_the_same_outcomes() -> None:
    jobs = [CONFIG.job(1, index) for index in range(10)]
    outcomes = list(LocalBackend(2).run(jobs))
    assert sorted(outcome.index for outcome in outcomes) == list(range(10))
    alone = {outcome.index: outcome.record_json for outcome in LocalBackend(1).run(jobs)}
    assert {outcome.index: outcome.record_json for outcome in outcomes} == alone


def test_closing_the_outcomes_early_ends_the_workers() -> None:
    jobs = (CONFIG.job(1, index) for index in range(10_000))
    outcomes = LocalBackend(2).run(jobs)
    assert next(outcomes).run_id == 1
    outcomes.close()
    assert multiprocessing.active_children() == []


def test_fewer_than_one_worker_is_refused() -> None:
    with pytest.raises(OptionError, match="--workers must be at least 1, not 0"):
        LocalBackend(0)


def _signals_in_worker(_: object) -> tuple[bool, bool, bool]:
    """In a worker: Ctrl-C ignored, SIGTERM at its default, SIGTERM not blocked."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    return (
        signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
        signal.getsignal(signal.SIGTERM) == signal.SIG_DFL,
        signal.SIGTERM not in blocked,
    )


def test_a_worker_ignores_ctrl_c_and_dies_quietly_on_sigterm() -> None:
    """The sim command turns SIGTERM into KeyboardInterrupt in the parent; a worker forked
    from it must not inherit that (ended by the parent with SIGTERM, it printed a
    traceback), nor stay with SIGTERM blocked by the fork that started it."""
    previous = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        with WorkerPipes(1, _signals_in_worker, _ignore_interrupt) as pool:
            pool.give(0, "signals?")
            assert pool.replies() == [(0, (True, True, True))]
    finally:
        signal.signal(signal.SIGTERM, previous)
