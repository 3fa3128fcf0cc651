"""Worker processes on private pipes: replies, errors, a dead worker, and a stop that cannot
hang (the ProcessPoolExecutor it replaces could, with a worker ended half-way through a write)."""

from __future__ import annotations

import multiprocessing
import os
import signal
from multiprocessing.connection import wait

import pytest

from tabletrip.sim.jobs import GameFailed
from tabletrip.sim.worker_pipes import WorkerDied, WorkerPipes

BIG = 64 * 1024 * 1024  # far more than a pipe buffers: the worker blocks writing it


def _set_up() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _square(number: int) -> int:
    return number * number


def _fail(name: str) -> None:
    raise GameFailed(f"game {name} failed: ValueError: no")


def _big_reply(_: object) -> bytes:
    return b"x" * BIG


def _wait_forever(_: object) -> None:
    signal.pause()


def test_each_worker_answers_its_own_tasks() -> None:
    with WorkerPipes(2, _square, _set_up) as pool:
        assert pool.idle() == [0, 1]
        pool.give(0, 3)
        pool.give(1, 4)
        assert pool.idle() == [] and pool.busy == 2
        answers: dict[int, int] = {}
        while pool.busy:
            answers.update(pool.replies())
        assert answers == {0: 9, 1: 16} and pool.idle() == [0, 1]
        pool.give(1, 5)
        assert pool.replies() == [(1, 25)]
        with pytest.raises(ValueError, match="no worker owes a reply"):
            pool.replies()
    assert multiprocessing.active_children() == []


def test_a_busy_worker_cannot_take_a_second_task() -> None:
    with WorkerPipes(1, _wait_forever, _set_up) as pool:
        pool.give(0, 1)
        with pytest.raises(ValueError, match="worker 0 is still busy"):
            pool.give(0, 2)
        pool.terminate()
    assert multiprocessing.active_children() == []


def test_an_exception_in_a_worker_is_raised_in_the_parent_with_its_type_and_words() -> None:
    failed = pytest.raises(GameFailed, match="game 7 failed: ValueError: no")
    with failed, WorkerPipes(1, _fail, _set_up) as pool:
        pool.give(0, "7")
        pool.replies()
    assert multiprocessing.active_children() == []


def test_a_worker_killed_while_busy_is_one_clear_error() -> None:
    died = pytest.raises(WorkerDied, match=r"ended while playing games \(exit code -9\)")
    with died, WorkerPipes(1, _wait_forever, _set_up) as pool:
        pool.give(0, 1)
        (process,) = multiprocessing.active_children()
        assert process.pid is not None
        os.kill(process.pid, signal.SIGKILL)
        pool.replies()
    assert multiprocessing.active_children() == []


def test_stopping_while_a_worker_is_half_way_through_a_reply_does_not_hang() -> None:
    """A worker terminated mid-write: nothing in the parent waits on it any more."""
    with pytest.raises(KeyboardInterrupt), WorkerPipes(2, _big_reply, _set_up) as pool:
        pool.give(0, 1)
        pool.give(1, 1)
        pipes = list(pool._pipes)
        # Wait until both workers are writing (their replies' first bytes are readable).
        while pipes:
            pipes = [pipe for pipe in pipes if pipe not in wait(pipes)]
        raise KeyboardInterrupt  # as Ctrl-C in the middle of a run
    assert multiprocessing.active_children() == []
