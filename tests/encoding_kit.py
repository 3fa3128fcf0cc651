"""Checks every game's action and observation encodings must pass, over random playouts."""

from __future__ import annotations

import math
import random

import numpy as np

from tabletrip.core import Game, IllegalAction, Rng, State
from tabletrip.core.encoding import Encoding, encoding_for


def check_encoding_playout(game: Game, seed: int, *, every: int = 1) -> int:
    """Play one seeded random game, checking the encodings at every `every`-th decision.

    Checks: legal actions get distinct in-range indices that decode back to them; indices
    outside the mask decode to nothing legal; every seat's vector has the documented length
    and stays within its bounds; neither a seat's vector nor the mover's mask changes when what
    that seat cannot see is resampled; the game ends within `max_length` decisions and every
    final score lies in `score_range`; the documentation tiles the space.
    Returns the number of decisions played.
    """
    encoding = encoding_for(game)
    check_documentation(encoding)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_over:
        if decisions % every == 0:
            check_state(encoding, state, Rng(seed * 1000 + decisions), rng)
        legal = state.legal_actions()
        state.apply(rng.choice(legal))
        decisions += 1
        assert decisions <= encoding.max_length, f"game longer than {encoding.max_length}"
    check_vectors(encoding, state)
    low, high = encoding.score_range
    assert state.result is not None
    for score in state.result.scores:
        assert low <= score <= high, f"final score {score} outside {encoding.score_range}"
    return decisions


def check_state(encoding: Encoding, state: State, resample: Rng, rng: random.Random) -> None:
    """Every check of one state (see `check_encoding_playout`)."""
    actions = encoding.actions
    legal = state.legal_actions()
    indices = [actions.encode(action, state) for action in legal]
    assert len(set(indices)) == len(legal), "two legal actions share an index"
    for action, index in zip(legal, indices, strict=True):
        assert 0 <= index < actions.size, f"{action} encodes to {index}, out of range"
        assert actions.decode(index, state) == action, f"{action} -> {index} does not round trip"
        actions.block_of(index)
    mask = set(indices)
    assert actions.legal_indices(state) == sorted(mask)
    for index in rng.sample(range(actions.size), min(actions.size, 40)):
        if index not in mask:
            check_refused(encoding, state, index)
    for outside in (-1, actions.size):
        check_outside(encoding, state, outside)
    check_vectors(encoding, state)
    mover = state.current_player
    for seat in range(state.num_players):
        view = state.determinize(seat, resample)
        same = encoding.observations.encode(view.observation(seat))
        assert same == encoding.observations.encode(state.observation(seat)), (
            f"seat {seat}'s vector changed when what it cannot see was resampled"
        )
        if seat == mover:
            assert actions.legal_indices(view) == sorted(mask), "the mask depends on hidden data"


def check_refused(encoding: Encoding, state: State, index: int) -> None:
    """An index outside the mask decodes to an error or to an action `apply` refuses."""
    try:
        action = encoding.actions.decode(index, state)
    except IllegalAction:
        return
    assert state.illegal_reason(action) is not None, (
        f"index {index} decodes to the legal {action} but is not in the mask"
    )


def check_outside(encoding: Encoding, state: State, index: int) -> None:
    """An index outside the action space is refused with IllegalAction, by the decoder and by
    the block lookup alike."""
    for read in (
        lambda: encoding.actions.decode(index, state),
        lambda: encoding.actions.block_of(index),
    ):
        try:
            read()
        except IllegalAction as refused:
            assert "outside" in str(refused), refused
        else:
            raise AssertionError(f"index {index} outside the space was not refused")


def check_vectors(encoding: Encoding, state: State) -> None:
    """Each seat's vector has the documented length and every value lies within its field;
    built straight from the state (`encode_state`) it is the one of the observation."""
    observations = encoding.observations
    low, high = observations.bounds()
    names = [field.name for field in observations.fields for _ in range(field.size)]
    for seat in range(state.num_players):
        vector = observations.encode(state.observation(seat))
        direct = observations.encode_state(state, seat)
        differ = [names[i] for i, (a, b) in enumerate(zip(vector, direct, strict=True)) if a != b]
        assert not differ, f"encode_state differs from the observation's vector in {differ[:5]}"
        written = np.zeros(observations.size, dtype=np.float32)
        observations.encode_state_into(state, seat, written)
        expected = np.asarray(vector, dtype=np.float32)
        differ = [names[i] for i in np.flatnonzero(written != expected)]
        assert not differ, f"encode_state_into differs from the vector in {differ[:5]}"
        assert len(vector) == observations.size, (
            f"vector of length {len(vector)}, documented {observations.size}"
        )
        for position, value in enumerate(vector):
            assert isinstance(value, float | int) and math.isfinite(value), (
                f"{names[position]} is {value!r}"
            )
            assert low[position] <= value <= high[position], (
                f"{names[position]} value {value} outside {low[position]}..{high[position]}"
            )


def check_documentation(encoding: Encoding) -> None:
    """The action blocks tile 0..size-1 without gaps and every block and field is described."""
    start = 0
    for block in encoding.actions.blocks:
        assert block.start == start, f"action block {block.name} starts at {block.start}"
        assert block.size > 0 and block.description.strip(), f"block {block.name} is empty"
        start += block.size
    names = [field.name for field in encoding.observations.fields]
    assert len(set(names)) == len(names), "two observation fields share a name"
    for field in encoding.observations.fields:
        assert field.size > 0 and field.low < field.high and field.description.strip(), field
    check_names(encoding)


def check_names(encoding: Encoding) -> None:
    """Every action index and vector position has a distinct name that starts with its block's
    or field's name."""
    index_names = encoding.actions.index_names()
    assert len(index_names) == encoding.actions.size, "not one name per action index"
    assert len(set(index_names)) == len(index_names), "two action indices share a name"
    for block in encoding.actions.blocks:
        for name in index_names[block.start : block.start + block.size]:
            assert name.startswith(block.name), f"index {name!r} is in block {block.name}"
    position_names = encoding.observations.position_names()
    assert len(position_names) == encoding.observations.size, "not one name per position"
    assert len(set(position_names)) == len(position_names), "two positions share a name"
    for field, part in encoding.observations.field_slices().items():
        for name in position_names[part]:
            assert name.startswith(field), f"position {name!r} is in field {field}"
