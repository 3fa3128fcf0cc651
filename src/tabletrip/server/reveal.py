"""What a move tells whom, judged on the game contract alone (no game-specific code).

Two questions, both answered by comparing observations, the only thing a seat may know:

- `hidden_from`: which other seats (and spectators) cannot tell that this move was made, or
  which of the seat's legal moves it was. The move stays out of their log: a simultaneous
  choice, a secret drawing turn, a kept ticket are never spelled out before their effect shows.
- `reveals_nothing`: whether a move can be taken back. It revealed nothing if, in several
  determinizations of the state before it (all the mover cannot see dealt anew), it changes
  every seat's observation, and the public one, exactly as it did in the real game: a draw,
  a roll, a reshuffle or a simultaneous reveal would change differently.
"""

from __future__ import annotations

from typing import Any

from tabletrip.core.actions import Action
from tabletrip.core.errors import IllegalAction
from tabletrip.core.game import State
from tabletrip.core.rng import Rng, mix_seed

Viewer = int | None  # a seat, or None for a spectator

ALTERNATIVES = 6  # other legal moves tried to see whether a viewer could tell them apart
DETERMINIZATIONS = 8  # resampled deals that must all agree before a move can be undone

_GONE = object()  # a path an observation no longer has


def observe(state: State, viewer: Viewer) -> dict[str, Any]:
    """The observation of a seat, or the public one for a spectator (None)."""
    return state.public_observation() if viewer is None else state.observation(viewer)


def _spread(items: list[Action], count: int) -> list[Action]:
    """Up to `count` items spread evenly over the list (deterministic)."""
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def hidden_from(pre: State, action: Action, post: State) -> frozenset[Viewer]:
    """The viewers, other than the mover, whose observation after `action` is the same as before
    it or as after some other legal move of the mover: for them the move stays out of the log."""
    seat = pre.current_player
    viewers: list[Viewer] = [v for v in range(pre.num_players) if v != seat]
    viewers.append(None)
    others = [a for a in pre.legal_actions() if a != action]
    seen = {viewer: observe(post, viewer) for viewer in viewers}
    # A move that changed nothing a viewer sees (a forced step of a secret turn) is hidden too.
    hidden: set[Viewer] = {v for v in viewers if observe(pre, v) == seen[v]}
    for other in _spread(others, ALTERNATIVES):
        state = pre.clone()
        try:
            state.apply(other)
        except IllegalAction:
            continue
        for viewer in viewers:
            if viewer not in hidden and observe(state, viewer) == seen[viewer]:
                hidden.add(viewer)
        if len(hidden) == len(viewers):
            break
    return frozenset(hidden)


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


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[tuple[Any, ...], Any]:
    """What differs from `before` in `after`: each changed leaf path with its new value."""
    old: dict[tuple[Any, ...], Any] = {}
    new: dict[tuple[Any, ...], Any] = {}
    _flatten(before, (), old)
    _flatten(after, (), new)
    diff = {path: value for path, value in new.items() if old.get(path, _GONE) != value}
    diff.update({path: _GONE for path in old if path not in new})
    return diff


def reveals_nothing(pre: State, action: Action, post: State) -> bool:
    """Whether `action` (played in `pre`, giving `post`) showed nobody anything new."""
    seat = pre.current_player
    viewers: list[Viewer] = [*range(pre.num_players), None]
    real = {viewer: changes(observe(pre, viewer), observe(post, viewer)) for viewer in viewers}
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
            if changes(before[viewer], observe(sample, viewer)) != real[viewer]:
                return False
    return True
