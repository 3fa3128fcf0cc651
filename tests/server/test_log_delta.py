"""Log deltas: a socket that says `"log_delta": true` gets only the log lines it does not hold,
and rebuilding the whole log from them always gives the log of the REST view; the room's log
as each viewer reads it is kept up to date through plays, undos and the end of the game."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from server_helpers import JsonDict, act, create_room, get_view, join, receive, running, undo
from tabletrip.server.logs import LogEntry, RoomLog
from tabletrip.server.reveal import Viewer

VIEWERS: list[Viewer] = [0, 1, 2, None]


@dataclass(frozen=True)
class Named:
    """A stand-in action: its text, and its public notation."""

    name: str

    def __str__(self) -> str:
        return self.name

    def public(self) -> str:
        return f"({self.name})"


def _readable(entries: list[LogEntry], viewer: Viewer, over: bool) -> list[JsonDict]:
    return [e.line(viewer) for e in entries if e.readable_by(viewer, over)]


def test_a_room_log_through_plays_undos_and_the_end() -> None:
    """Random plays (hidden from random viewers) and undos, then the last move: each viewer's
    lines are those it may read, and `start` keeps only lines that stand where they stood."""
    rnd = random.Random(1)
    log = RoomLog()
    seen: list[dict[Viewer, list[JsonDict]]] = [{viewer: [] for viewer in VIEWERS}]
    for step in range(300):
        over = step == 299
        if log.entries and not over and rnd.random() < 0.3:
            log.undo()
        else:
            hidden = frozenset(v for v in VIEWERS if rnd.random() < 0.3)
            log.play(LogEntry(rnd.randrange(3), Named(f"m{step}"), hidden), over)
        now = {viewer: list(log.lines(viewer).lines) for viewer in VIEWERS}
        seen.append(now)
        for viewer in VIEWERS:
            assert now[viewer] == _readable(log.entries, viewer, over)
            assert log.lines(viewer).texts == [_text(line) for line in now[viewer]]
            for since in range(len(seen) - 1):
                start = log.start(viewer, since)
                assert now[viewer][:start] == seen[since][viewer][:start]
                assert start <= len(seen[since][viewer])
            previous = seen[-2][viewer]
            if over:
                assert log.start(viewer, len(seen) - 2) == 0
            elif now[viewer][: len(previous)] == previous:
                assert log.start(viewer, len(seen) - 2) == len(previous)  # nothing sent again
    assert log.start(None, -1) == 0 and log.start(None, 10_000) == 0


def _text(line: JsonDict) -> str:
    return json.dumps(line)


def _hello(socket: Any, token: str | None, delta: bool) -> JsonDict:
    message: JsonDict = {"type": "hello", "log_delta": delta}
    if token is not None:
        message["token"] = token
    socket.send_json(message)
    return receive(socket)


class Reader:
    """One socket's views, with the whole log rebuilt from the deltas."""

    def __init__(self, socket: Any, token: str | None, delta: bool) -> None:
        self.socket = socket
        self.delta = delta
        self.log: list[JsonDict] = []
        self.view = self._rebuilt(_hello(socket, token, delta))
        self.starts: list[int] = []

    def _rebuilt(self, message: JsonDict) -> JsonDict:
        assert message["type"] == "view", message
        if not self.delta:
            assert "log_start" not in message
            return message
        start = message.pop("log_start")
        assert 0 <= start <= len(self.log)
        self.log = message["log"] = self.log[:start] + message["log"]
        return message

    def until(self, version: int) -> JsonDict:
        """The views up to `version`, the last one returned."""
        while self.view["version"] < version:
            message = receive(self.socket)
            sent = len(message["log"])
            self.view = self._rebuilt(message)
            self.starts.append(len(self.view["log"]) - sent)
        return self.view


@pytest.mark.parametrize(
    ("game", "options", "moves"),
    [("lets-go-france", {}, 400), ("en-route", {}, 400), ("route-east", {}, 80)],
)
def test_views_over_sockets_with_log_deltas(
    tmp_path: Any, game: str, options: dict, moves: int
) -> None:
    """Two seats and a spectator with deltas, one seat without: at every version each rebuilt
    view is the REST view (undos included, and the end of the game but in Route East)."""
    rnd = random.Random(7)
    url_of = "/api/rooms/{}/ws".format
    with running(tmp_path) as client:
        room = create_room(client, game, ["human", "human"], options, seed=5)["id"]
        tokens = {seat: join(client, room, seat) for seat in (0, 1)}
        with (
            client.websocket_connect(url_of(room)) as one,
            client.websocket_connect(url_of(room)) as two,
            client.websocket_connect(url_of(room)) as watcher,
            client.websocket_connect(url_of(room)) as plain,
        ):
            readers = {
                0: Reader(one, tokens[0], True),
                1: Reader(two, tokens[1], True),
                None: Reader(watcher, None, True),
            }
            full = Reader(plain, tokens[1], False)
            undone = 0
            for _ in range(moves):
                spectator = get_view(client, room)
                if spectator["status"] == "finished":
                    break
                token = tokens[spectator["current_player"]]
                view = get_view(client, room, token)
                if view["can_undo"] and rnd.random() < 0.4:
                    answer = undo(client, room, token, view["version"])
                    undone += 1
                else:
                    picked = rnd.choice(view["legal_actions"])["json"]
                    answer = act(client, room, token, view["version"], picked)
                assert answer.status_code == 200, answer.text
                version = answer.json()["version"]
                for viewer, reader in readers.items():
                    rest = get_view(client, room, None if viewer is None else tokens[viewer])
                    assert reader.until(version) == {"type": "view", **rest}
                assert full.until(version) == readers[1].view
        assert undone > 0
        assert (readers[None].view["status"] == "finished") == (game != "route-east")
        # The sockets with deltas were not sent the whole log each time.
        assert sum(readers[0].starts) > 0 and sum(readers[None].starts) > 0
