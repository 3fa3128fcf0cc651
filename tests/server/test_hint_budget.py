"""Hints have their own budget: bot moves never wait behind them, one search at a time per
seat, a per-seat quota (429 with Retry-After) and a bound on the searches of the whole server
(503), each refusal one line and using no quota.

The hint search is replaced by one that waits on a gate, so that a test holds searches
running for as long as it needs (bots and hints run in threads here: bot_workers=0).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from server_helpers import TIMEOUT, act, bearer, create_room, get_view, join, running
from tabletrip.core.actions import JsonDict
from tabletrip.core.game import State
from tabletrip.server import botpool


class GatedHints:
    """A stand-in for the hint search: counts its calls and waits until the gate opens."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.calls = 0
        self.lock = threading.Lock()

    def __call__(self, state: State, seed: int) -> JsonDict:
        with self.lock:
            self.calls += 1
        self.gate.wait(TIMEOUT)
        move = state.legal_actions()[0]
        return {
            "bot": "gated",
            "iterations": 1,
            "seconds": 0.0,
            "candidates": [{"text": str(move), "json": move.to_json()}],
        }

    def wait_calls(self, count: int) -> None:
        """Wait until `count` searches have started."""
        deadline = time.monotonic() + TIMEOUT
        while self.calls < count:
            assert time.monotonic() < deadline, f"{self.calls} searches started, not {count}"
            time.sleep(0.005)


@pytest.fixture
def gated(monkeypatch: pytest.MonkeyPatch) -> Iterator[GatedHints]:
    """Hint searches that wait until `gated.gate.set()` (opened at the end in any case)."""
    hints = GatedHints()
    monkeypatch.setattr(botpool, "hint_for", hints)
    try:
        yield hints
    finally:
        hints.gate.set()


@pytest.fixture
def background() -> Iterator[ThreadPoolExecutor]:
    """Threads to send requests that wait for a search."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        yield pool


def ask(client: TestClient, room: str, token: str) -> Any:
    """POST a hint request; the response (not asserted)."""
    return client.post(f"/api/rooms/{room}/hint", headers=bearer(token))


def one_line(response: Any, status: int, *words: str) -> str:
    """The response has `status` and a one-line detail containing `words`."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert "\n" not in detail and all(word in detail for word in words), detail
    return detail


def human_room(client: TestClient, seed: int) -> tuple[str, dict[int, str]]:
    """A room of two people, both joined; its id and seat tokens."""
    room = create_room(client, "ticket-to-ride", ["human", "human"], seed=seed)["id"]
    return room, {seat: join(client, room, seat) for seat in (0, 1)}


def play_first(client: TestClient, room: str, tokens: dict[int, str]) -> None:
    """The seat to move plays its first legal move."""
    seat = get_view(client, room)["current_player"]
    mine = get_view(client, room, tokens[seat])
    assert (
        act(
            client, room, tokens[seat], mine["version"], mine["legal_actions"][0]["json"]
        ).status_code
        == 200
    )


def test_bot_moves_never_wait_behind_hints(
    tmp_path: Path, gated: GatedHints, background: ThreadPoolExecutor
) -> None:
    """While hint searches of two rooms hold the hint workers, a room of bots plays on."""
    with running(tmp_path) as client:
        asking: list[Future[Any]] = []
        for seed in (1, 2):
            room, tokens = human_room(client, seed)
            asking.append(background.submit(ask, client, room, tokens[0]))
        gated.wait_calls(1)
        bots = create_room(client, "lets-go-france", ["random", "random"], seed=3)["id"]
        deadline = time.monotonic() + TIMEOUT
        while get_view(client, bots)["version"] < 20:
            assert time.monotonic() < deadline, "the bot room did not move while hints ran"
            time.sleep(0.01)
        assert not any(request.done() for request in asking)  # the searches still run
        gated.gate.set()
        assert [request.result(TIMEOUT).status_code for request in asking] == [200, 200]


def test_one_search_at_a_time_per_seat(
    tmp_path: Path, gated: GatedHints, background: ThreadPoolExecutor
) -> None:
    """Asking at a later version while the seat's last search runs is refused (429, one
    line, Retry-After) without starting a search; once it is done the seat may ask again."""
    with running(tmp_path) as client:
        room, tokens = human_room(client, 4)
        seat = get_view(client, room)["current_player"]
        first = background.submit(ask, client, room, tokens[seat])
        gated.wait_calls(1)
        play_first(client, room, tokens)  # the seat moves while its hint is searched
        while get_view(client, room)["current_player"] != seat:
            play_first(client, room, tokens)
        version = get_view(client, room)["version"]
        refused = ask(client, room, tokens[seat])
        one_line(refused, 429, "one search at a time")
        assert int(refused.headers["Retry-After"]) >= 1
        assert gated.calls == 1
        gated.gate.set()
        answer = first.result(TIMEOUT)
        assert answer.status_code == 200 and answer.json()["version"] == 0
        later = ask(client, room, tokens[seat])  # the search is over: the seat may ask again
        assert later.status_code == 200 and later.json()["version"] == version
        assert gated.calls == 2


def test_a_seat_over_its_hint_quota_gets_429(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two searches a minute per seat: asking again at a version already answered uses none;
    a third search is refused with 429, Retry-After and one line; the other seat has its own."""
    monkeypatch.setattr(botpool, "hint_for", _quick)
    with running(tmp_path, hint_quota=2, hint_quota_seconds=60) as client:
        room, tokens = human_room(client, 5)
        searched = {0: 0, 1: 0}
        while True:
            seat = get_view(client, room)["current_player"]
            if searched[seat] == 2:
                break
            assert ask(client, room, tokens[seat]).status_code == 200
            assert ask(client, room, tokens[seat]).status_code == 200  # same version: no search
            searched[seat] += 1
            play_first(client, room, tokens)
        refused = ask(client, room, tokens[seat])
        one_line(refused, 429, f"seat {seat}", "2 hint searches", "60 s")
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        one_line(ask(client, room, tokens[seat]), 429)  # still refused, and still one line
        other = 1 - seat
        while get_view(client, room)["current_player"] != other:
            play_first(client, room, tokens)
        if searched[other] < 2:
            assert ask(client, room, tokens[other]).status_code == 200


def _quick(state: State, seed: int) -> JsonDict:
    move = state.legal_actions()[0]
    return {
        "bot": "quick",
        "iterations": 1,
        "seconds": 0.0,
        "candidates": [{"text": str(move), "json": move.to_json()}],
    }


def test_the_hints_waiting_in_the_server_are_bounded(
    tmp_path: Path, gated: GatedHints, background: ThreadPoolExecutor
) -> None:
    """With one search allowed in the server, a second room's hint is refused (503, one
    line, Retry-After) while the first runs, and it used none of its seat's quota: once the
    first is done, that seat's only search is granted."""
    with running(tmp_path, hint_queue=1, hint_quota=1) as client:
        room, tokens = human_room(client, 6)
        other, others = human_room(client, 7)
        first = background.submit(ask, client, room, tokens[0])
        gated.wait_calls(1)
        busy = ask(client, other, others[0])
        one_line(busy, 503, "ask again")
        assert int(busy.headers["Retry-After"]) >= 1
        gated.gate.set()
        assert first.result(TIMEOUT).status_code == 200
        assert ask(client, other, others[0]).status_code == 200
        assert gated.calls == 2
