"""reveal: the hidden-move and undo checks give exactly the answers of their plain versions
(every observation built anew, changes compared as whole flattened dicts), only cheaper."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletrip.core.actions import Action
from tabletrip.core.errors import IllegalAction
from tabletrip.core.game import State
from tabletrip.core.registry import game_class
from tabletrip.core.rng import Rng, mix_seed
from tabletrip.server.reveal import (
    ALTERNATIVES,
    DETERMINIZATIONS,
    Observed,
    Viewer,
    _same_changes,
    changes,
    hidden_from,
    observe,
    reveals_nothing,
)

GAMES = [
    ("ticket-to-ride", {}, 60),
    ("en-route", {}, 60),
    ("route-east", {"attractions": 2}, 90),
    ("lets-go-france", {}, 60),
]
_GONE = object()


def _flatten(value: Any, path: tuple[Any, ...], out: dict[tuple[Any, ...], Any]) -> None:
    if isinstance(value, dict):
        out[(*path, "{}")] = len(value)
        for key, item in value.items():
            _flatten(item, (*path, key), out)
    elif isinstance(value, list):
        out[(*path, "[]")] = len(value)
        for index, item in enumerate(value):
            _flatten(item, (*path, index), out)
    else:
        out[path] = value


def plain_changes(before: Any, after: Any) -> dict[tuple[Any, ...], Any]:
    """Every leaf of both sides flattened, then compared."""
    old: dict[tuple[Any, ...], Any] = {}
    new: dict[tuple[Any, ...], Any] = {}
    _flatten(before, (), old)
    _flatten(after, (), new)
    diff = {path: value for path, value in new.items() if old.get(path, _GONE) != value}
    diff.update({path: "gone" for path in old if path not in new})
    return diff


def _spread(items: list[Action], count: int) -> list[Action]:
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def plain_hidden_from(pre: State, action: Action, post: State) -> frozenset[Viewer]:
    """hidden_from as first written: every observation built anew."""
    seat = pre.current_player
    viewers: list[Viewer] = [v for v in range(pre.num_players) if v != seat]
    viewers.append(None)
    seen = {viewer: observe(post, viewer) for viewer in viewers}
    hidden = {v for v in viewers if observe(pre, v) == seen[v]}
    for other in _spread([a for a in pre.legal_actions() if a != action], ALTERNATIVES):
        state = pre.clone()
        try:
            state.apply(other)
        except IllegalAction:
            continue
        for viewer in viewers:
            if viewer not in hidden and observe(state, viewer) == seen[viewer]:
                hidden.add(viewer)
    return frozenset(hidden)


def plain_reveals_nothing(pre: State, action: Action, post: State) -> bool:
    """reveals_nothing as first written: whole flattened changes of every viewer."""
    seat = pre.current_player
    viewers: list[Viewer] = [*range(pre.num_players), None]
    real = {v: plain_changes(observe(pre, v), observe(post, v)) for v in viewers}
    for index in range(DETERMINIZATIONS):
        sample = pre.determinize(seat, Rng(mix_seed("server-undo", index)))
        if sample.current_player != seat:
            return False
        before = {viewer: observe(sample, viewer) for viewer in viewers}
        try:
            sample.apply(action)
        except IllegalAction:
            return False
        for viewer in viewers:
            if plain_changes(before[viewer], observe(sample, viewer)) != real[viewer]:
                return False
    return True


@pytest.mark.parametrize(("game", "options", "moves"), GAMES)
def test_the_checks_answer_as_their_plain_versions(game: str, options: dict, moves: int) -> None:
    """Random play: for every move, the same hidden viewers and the same undo verdict."""
    rnd = random.Random(4)
    state = game_class(game).from_options(2, options).new_game(seed=12)
    observed = Observed(state)
    verdicts = set()
    for _ in range(moves):
        if state.is_over:
            break
        action = rnd.choice(state.legal_actions())
        after = state.clone()
        after.apply(action)
        post = Observed(after)
        assert hidden_from(observed, action, post) == plain_hidden_from(state, action, after)
        verdict = reveals_nothing(observed, action, post)
        assert verdict == plain_reveals_nothing(state, action, after), (game, str(action))
        verdicts.add(verdict)
        state, observed = after, post
    assert verdicts == {True, False}


KEYS = ["a", "b", "c", 0, 1]
ODD_KEYS = ["{}", "[]"]  # spelled like the length markers of flattened paths


def _value(rnd: random.Random, depth: int) -> Any:
    pick = rnd.random()
    if depth > 2 or pick < 0.35:
        return rnd.choice([0, 1, 2, True, "x", None, 1.0, [], {}])
    if pick < 0.65:
        return [_value(rnd, depth + 1) for _ in range(rnd.randrange(4))]
    keys = KEYS + ODD_KEYS if rnd.random() < 0.1 else KEYS
    return {rnd.choice(keys): _value(rnd, depth + 1) for _ in range(rnd.randrange(4))}


def _mutate(rnd: random.Random, value: Any, depth: int = 0) -> Any:
    if rnd.random() < 0.3 or depth > 3:
        return _value(rnd, depth)
    if isinstance(value, dict):
        out = {k: _mutate(rnd, v, depth + 1) if rnd.random() < 0.5 else v for k, v in value.items()}
        if rnd.random() < 0.2:
            out[rnd.choice(KEYS)] = _value(rnd, depth + 1)
        if out and rnd.random() < 0.2:
            out.pop(rnd.choice(list(out)))
        return out
    if isinstance(value, list):
        out_list = [_mutate(rnd, v, depth + 1) if rnd.random() < 0.5 else v for v in value]
        if rnd.random() < 0.2:
            out_list.append(_value(rnd, depth + 1))
        if out_list and rnd.random() < 0.2:
            out_list.pop(0)
        return out_list
    return _value(rnd, depth)


def _named(diff: dict[tuple[Any, ...], Any]) -> dict[tuple[Any, ...], Any]:
    """A change list with `changes`' sentinel for a path gone spelled like plain_changes'."""
    return {path: "gone" if type(value) is object else value for path, value in diff.items()}


def test_changes_and_their_comparison_match_the_flattened_ones() -> None:
    """Nested values, changed at random: the same changes; the same verdict on two changes
    (seen both ways), and never `equal` where the flattened ones differ."""
    rnd = random.Random(0)
    agreed = 0
    for _ in range(20_000):
        before = {"k": _value(rnd, 0), "h": _value(rnd, 0)}
        after = _mutate(rnd, before)
        before2 = _mutate(rnd, before) if rnd.random() < 0.7 else before
        after2 = _mutate(rnd, after) if rnd.random() < 0.5 else _mutate(rnd, before2)
        assert _named(changes(before, after)) == plain_changes(before, after)
        expected = plain_changes(before, after) == plain_changes(before2, after2)
        assert _same_changes(before, after, before2, after2) == expected
        agreed += expected and before != before2
    assert agreed > 50  # equal changes from different starting points were tried


def test_an_observed_state_builds_each_observation_once() -> None:
    """Observed: one observation per viewer until forgotten, then built again."""
    state = game_class("en-route").from_options(2, {}).new_game(seed=1)
    calls: list[Viewer] = []
    real = type(state)

    class Counting(real):  # type: ignore[misc, valid-type]
        def observation(self, seat: int) -> dict[str, Any]:
            calls.append(seat)
            return super().observation(seat)

        def public_observation(self) -> dict[str, Any]:
            calls.append(None)
            return super().public_observation()

    state.__class__ = Counting
    observed = Observed(state)
    for _ in range(3):
        assert observed(0) == real.observation(state, 0)
        assert observed(None) == real.public_observation(state)
    assert calls == [0, None]
    observed.forget()
    observed(0)
    assert calls == [0, None, 0]
