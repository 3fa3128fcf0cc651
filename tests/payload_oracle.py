"""An oracle for server payloads: each payload against the contract (`check_view`) and its
log against an independent replay of what the viewer could see; and a seeded move chooser
that sends moves as notation or as JSON at random."""

from __future__ import annotations

import random
from typing import Any

from server_helpers import JsonDict, act, check_view, get_view
from tabletrip.core.game import State
from tabletrip.server.reveal import observe
from tabletrip.server.wording import move_words

ORACLE_ALTERNATIVES = 60  # the test tries ten times more other moves than the server


def chooser(seed: int) -> Any:
    """A move chooser for `play_ws`: a seeded random legal action, as text or JSON."""
    rnd = random.Random(seed)

    def choose(view: JsonDict) -> Any:
        picked = rnd.choice(view["legal_actions"])
        return picked["text"] if rnd.random() < 0.5 else picked["json"]

    return choose


def _visible(states: list[State], viewer: int | None) -> list[bool]:
    """For each move: whether `viewer` may read it (its observation shows that it happened and
    tells it apart from the mover's other legal moves), tried on many alternatives."""
    shown = []
    for index, (seat, action) in enumerate(states[-1].history):
        pre, post = states[index], states[index + 1]
        if seat == viewer:
            shown.append(True)
            continue
        after = observe(post, viewer)
        visible = observe(pre, viewer) != after
        others = [a for a in pre.legal_actions() if a != action]
        step = max(1, len(others) // ORACLE_ALTERNATIVES)
        for other in others[::step]:
            if not visible:
                break
            state = pre.clone()
            state.apply(other)
            visible = observe(state, viewer) != after
        shown.append(visible)
    return shown


def _expected_log(states: list[State], visible: list[bool], version: int, viewer: Any) -> list:
    over = states[version].is_over
    return [
        {
            "seat": seat,
            "text": str(action) if seat == viewer else action.public(),
            "words": move_words(states[0].game, action.public()),
        }
        for (seat, action), shown in zip(states[version].history, visible, strict=False)
        if shown or over
    ]


def check_payloads(payloads: list[JsonDict], states: list[State], viewer: int | None) -> None:
    """Every payload against the contract and against an independent log oracle."""
    visible = _visible(states, viewer)
    for payload in payloads:
        view = {k: v for k, v in payload.items() if k != "type"}
        check_view(view, states, viewer)
        assert view["log"] == _expected_log(states, visible, view["version"], viewer)


def play_over_rest(
    client: Any, room_id: str, token: str, seat_choice: Any
) -> tuple[list[JsonDict], list[JsonDict]]:
    """Play one seat to the end over REST: (every view and answer that seat got, what a
    spectator saw at each of its views)."""
    payloads: list[JsonDict] = []
    watched: list[JsonDict] = []
    while True:
        view = get_view(client, room_id, token)
        payloads.append(view)
        watched.append(get_view(client, room_id))
        if view["status"] == "finished":
            return payloads, watched
        if view["legal_actions"]:
            answer = act(client, room_id, token, view["version"], seat_choice(view))
            assert answer.status_code == 200, answer.text
            payloads.append(answer.json())
