"""What a move tells whom, judged on the game contract alone (no game-specific code).

Two questions, both answered by comparing observations, the only thing a seat may know:

- `hidden_from`: which other seats (and spectators) cannot tell that this move was made, or
  which of the seat's legal moves it was. The move stays out of their log: a simultaneous
  choice, a secret drawing turn, a kept ticket are never spelled out before their effect shows.
- `reveals_nothing`: whether a move can be taken back. It revealed nothing if, in several
  determinizations of the state before it (all the mover cannot see dealt anew), it changes
  every seat's observation, and the public one, exactly as it did in the real game: a draw,
  a roll, a reshuffle or a simultaneous reveal would change differently.

Observations are the costly part (a few tenths of a millisecond each in the larger games):
an `Observed` state builds each viewer's once, for the views, the log and the undo check alike.
"""

from __future__ import annotations

from typing import Any

from tabletrip.core.actions import Action, JsonDict
from tabletrip.core.errors import IllegalAction
from tabletrip.core.game import State
from tabletrip.core.rng import Rng, mix_seed

Viewer = int | None  # a seat, or None for a spectator

ALTERNATIVES = 6  # other legal moves tried to see whether a viewer could tell them apart
DETERMINIZATIONS = 8  # resampled deals that must all agree before a move can be undone

_GONE = object()  # a path an observation no longer has
_MARKERS = ("{}", "[]")  # the path parts `_flatten` gives a container's length


def observe(state: State, viewer: Viewer) -> dict[str, Any]:
    """The observation of a seat, or the public one for a spectator (None)."""
    return state.public_observation() if viewer is None else state.observation(viewer)


class Observed:
    """A state that is never changed again, with each viewer's observation built once (the
    observations are shared: nobody may change them)."""

    __slots__ = ("_seen", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self._seen: dict[Viewer, JsonDict] = {}

    def __call__(self, viewer: Viewer) -> JsonDict:
        """The observation of a seat, or the public one (None)."""
        seen = self._seen.get(viewer)
        if seen is None:
            seen = self._seen[viewer] = observe(self.state, viewer)
        return seen

    def forget(self) -> None:
        """Let go of the observations built so far."""
        self._seen.clear()


def _spread(items: list[Action], count: int) -> list[Action]:
    """Up to `count` items spread evenly over the list (deterministic)."""
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def hidden_from(pre: Observed, action: Action, post: Observed) -> frozenset[Viewer]:
    """The viewers, other than the mover, whose observation after `action` is the same as before
    it or as after some other legal move of the mover: for them the move stays out of the log."""
    before = pre.state
    seat = before.current_player
    viewers: list[Viewer] = [v for v in range(before.num_players) if v != seat]
    viewers.append(None)
    # A move that changed nothing a viewer sees (a forced step of a secret turn) is hidden too.
    hidden: set[Viewer] = {v for v in viewers if pre(v) == post(v)}
    if len(hidden) == len(viewers):
        return frozenset(hidden)
    others = [a for a in before.legal_actions() if a != action]
    for other in _spread(others, ALTERNATIVES):
        state = before.clone()
        try:
            state.apply(other)
        except IllegalAction:
            continue
        for viewer in viewers:
            if viewer not in hidden and observe(state, viewer) == post(viewer):
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


def _flat_changes(before: Any, after: Any, path: tuple[Any, ...], out: dict) -> None:
    """The leaves under `path` that differ, by flattening both sides whole."""
    old: dict[tuple[Any, ...], Any] = {}
    new: dict[tuple[Any, ...], Any] = {}
    _flatten(before, path, old)
    _flatten(after, path, new)
    out.update({p: value for p, value in new.items() if old.get(p, _GONE) != value})
    out.update({p: _GONE for p in old if p not in new})


def _changes(before: Any, after: Any, path: tuple[Any, ...], out: dict) -> None:
    """`_flat_changes`, skipping the equal parts (compared whole, in C) on the way down."""
    if before == after:
        return
    if isinstance(before, dict) and isinstance(after, dict):
        if any(marker in before or marker in after for marker in _MARKERS):
            _flat_changes(before, after, path, out)  # a key that looks like a length marker
            return
        if len(before) != len(after):
            out[(*path, "{}")] = len(after)
        for key, item in after.items():
            if key in before:
                _changes(before[key], item, (*path, key), out)
            else:
                _flatten(item, (*path, key), out)
        for key, item in before.items():
            if key not in after:
                _gone(item, (*path, key), out)
    elif isinstance(before, list) and isinstance(after, list):
        if len(before) != len(after):
            out[(*path, "[]")] = len(after)
        for index, item in enumerate(after):
            if index < len(before):
                _changes(before[index], item, (*path, index), out)
            else:
                _flatten(item, (*path, index), out)
        for index in range(len(after), len(before)):
            _gone(before[index], (*path, index), out)
    else:
        _flat_changes(before, after, path, out)


def _gone(value: Any, path: tuple[Any, ...], out: dict) -> None:
    paths: dict[tuple[Any, ...], Any] = {}
    _flatten(value, path, paths)
    out.update(dict.fromkeys(paths, _GONE))


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[tuple[Any, ...], Any]:
    """What differs from `before` in `after`: each changed leaf path with its new value (a
    container's length is the leaf `"{}"` or `"[]"` under it; a path gone has `_GONE`)."""
    out: dict[tuple[Any, ...], Any] = {}
    _changes(before, after, (), out)
    return out


def _same_changes(before: Any, after: Any, before2: Any, after2: Any) -> bool:
    """Whether `changes(before, after) == changes(before2, after2)` (`_GONE`: no value), going
    down only where the two `before`s differ. Where they are equal, the changes are equal exactly
    when the `after`s are (a key spelled like a length marker could only make this stricter)."""
    if before == before2:
        return after == after2
    if (
        isinstance(before, dict)
        and isinstance(after, dict)
        and isinstance(before2, dict)
        and isinstance(after2, dict)
        and not _has_markers(before, after, before2, after2)
    ):
        if not _same_lengths(len(before), len(after), len(before2), len(after2)):
            return False
        for key in before.keys() | after.keys() | before2.keys() | after2.keys():
            if not _same_changes(
                before.get(key, _GONE),
                after.get(key, _GONE),
                before2.get(key, _GONE),
                after2.get(key, _GONE),
            ):
                return False
        return True
    if (
        isinstance(before, list)
        and isinstance(after, list)
        and isinstance(before2, list)
        and isinstance(after2, list)
    ):
        sizes = len(before), len(after), len(before2), len(after2)
        if not _same_lengths(*sizes):
            return False
        for i in range(max(sizes)):
            if not _same_changes(
                before[i] if i < sizes[0] else _GONE,
                after[i] if i < sizes[1] else _GONE,
                before2[i] if i < sizes[2] else _GONE,
                after2[i] if i < sizes[3] else _GONE,
            ):
                return False
        return True
    return _some_changes(before, after) == _some_changes(before2, after2)


def _has_markers(*dicts: dict[Any, Any]) -> bool:
    """Whether a key is spelled like a length marker (then only flattening is exact)."""
    return any("{}" in d or "[]" in d for d in dicts)


def _same_lengths(before: int, after: int, before2: int, after2: int) -> bool:
    """Whether two changes agree on the length of the container they are at."""
    if (before != after) != (before2 != after2):
        return False
    return before == after or after == after2


def _some_changes(before: Any, after: Any) -> dict[tuple[Any, ...], Any]:
    """`changes` of two values, either of which may be `_GONE` (no value at all)."""
    out: dict[tuple[Any, ...], Any] = {}
    if before is _GONE:
        if after is not _GONE:
            _flatten(after, (), out)
    elif after is _GONE:
        _gone(before, (), out)
    else:
        _changes(before, after, (), out)
    return out


def reveals_nothing(pre: Observed, action: Action, post: Observed) -> bool:
    """Whether `action` (played in `pre`, giving `post`) showed nobody anything new.

    For each viewer and each determinization D: the change of the viewer's observation from D
    to D after `action` must be the change it saw in the real game. Each viewer is looked at in
    turn (the mover first: a draw or a roll usually shows there), on a copy of D played on.
    """
    state = pre.state
    seat = state.current_player
    viewers: list[Viewer] = [seat, None, *(v for v in range(state.num_players) if v != seat)]
    for index in range(DETERMINIZATIONS):
        sample = state.determinize(seat, Rng(mix_seed("server-undo", index)))
        # The sample's history is the mover's (other seats' secret moves concealed), but every
        # viewer's log is built from the true one. The sample never leaves the server, which
        # only compares what each viewer would see, so it may keep the true history.
        sample._history = state._history
        if sample.current_player != seat:
            return False
        played = sample.clone()
        try:
            played.apply(action)
        except IllegalAction:
            return False
        for viewer in viewers:
            before, after = observe(sample, viewer), observe(played, viewer)
            if not _same_changes(pre(viewer), post(viewer), before, after):
                return False
    return True
