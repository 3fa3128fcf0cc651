"""The contract kit on the test-only High Card game, and proof that it catches broken games."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletrip
from contract import check_playout, check_seen_history, check_twin_worlds
from tabletrip.core import Action, Rng, registry
from tabletrip.core.game import Concealed
from tinygame import GAME_ID, biased_draw_variant, late_leak_variant, lazy_variant, leaky_variant


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 3),
    rounds=st.integers(1, 8),
    variant=st.sampled_from(["plain", "bonus"]),
)
def test_high_card_fulfils_the_contract(seed: int, players: int, rounds: int, variant: str) -> None:
    check_playout(GAME_ID, players, {"rounds": rounds, "variant": variant}, seed, check_every=1)


@pytest.mark.parametrize("make_broken", [leaky_variant, lazy_variant])
def test_kit_catches_leaks_and_lazy_determinize(make_broken) -> None:
    broken = make_broken()
    registry.register(broken)
    try:
        with pytest.raises(AssertionError, match="determinize"):
            for seed in range(5):
                check_playout(broken.info.id, 2, {}, seed, check_every=1)
    finally:
        registry.unregister(broken.info.id)


def test_kit_catches_a_random_action_that_is_not_the_uniform_draw() -> None:
    """CONTRACT.md, `random_action`: the draw `rng.choice(legal_actions())` makes."""
    broken = biased_draw_variant()
    registry.register(broken)
    try:
        with pytest.raises(AssertionError, match="random_action"):
            check_playout(broken.info.id, 2, {}, 0, check_every=1)
    finally:
        registry.unregister(broken.info.id)


def test_kit_catches_a_fact_that_a_later_public_move_reveals() -> None:
    """CONTRACT.md, "Hidden information": a fact hidden from a seat must not become visible to
    it through a later public move. The one-moment determinize check misses this variant (the
    leaked field is copied into the determinization); the twin-world check catches it."""
    broken = late_leak_variant()
    registry.register(broken)
    try:
        with pytest.raises(AssertionError, match="learns a hidden fact through the open move"):
            for seed in range(20):
                check_playout(broken.info.id, 2, {}, seed, check_every=1)
    finally:
        registry.unregister(broken.info.id)


def test_the_twin_world_check_passes_on_the_sound_game_and_checks_open_moves() -> None:
    """The sound High Card game passes the twin-world check, and the check really plays open
    moves on (it is not vacuous)."""
    game = tabletrip.make(GAME_ID, players=3, rounds=6)
    checked = 0
    for seed in range(20):
        state = game.new_game(seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            checked += check_twin_worlds(state, rng.below(3), rng)
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 50


def test_a_determinized_history_shows_other_seats_moves_only_as_seen() -> None:
    """CONTRACT.md, determinize: nothing in the copy, its history included, holds what the seat
    cannot know. High Card's draws are open, so the check passes; a state whose history keeps
    another seat's secret is refused."""
    game = tabletrip.make(GAME_ID, players=2, rounds=4)
    state = game.new_game(seed=3)
    rng = Rng(9)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    view = state.determinize(0, rng)
    check_seen_history(state, view, 0)
    leaky = state.clone()  # the true history in a "determinized" copy, with a secret move
    leaky._history = (leaky._history, 1, Secret(7))
    honest = state.clone()
    honest._history = (honest._history, 1, Concealed("secret", "a secret move"))
    original = state.clone()
    original._history = (original._history, 1, Secret(7))
    check_seen_history(original, honest, 0)
    with pytest.raises(AssertionError, match="saw only"):
        check_seen_history(original, leaky, 0)


@dataclass(frozen=True, slots=True)
class Secret(Action, kind="secret"):
    """A move whose details the other seats do not see."""

    value: int

    def __str__(self) -> str:
        return f"secret {self.value}"

    def public(self) -> str:
        """Others see only that it was made."""
        return "a secret move"
