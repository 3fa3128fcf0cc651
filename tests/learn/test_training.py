"""Fitting a value network in numpy: gradients, learning, seeding, held-out games."""

from __future__ import annotations

import numpy as np
import pytest

from tabletrip.learn.positions import Positions
from tabletrip.learn.training import Settings, _gradients, cross_entropy, fit, forward


def synthetic(games: int = 200, per_game: int = 10, seed: int = 0) -> Positions:
    """Positions whose win share is a known function of two of eight inputs."""
    rng = np.random.default_rng(seed)
    vectors = rng.random((games * per_game, 8)).astype(np.float32)
    chance = 1 / (1 + np.exp(-(6 * vectors[:, 0] - 6 * vectors[:, 3])))
    wins = (rng.random(len(chance)) < chance).astype(np.float32)
    index = np.repeat(np.arange(games, dtype=np.int32), per_game)
    return Positions(vectors, wins, index, games, games * per_game)


def test_the_gradients_are_those_of_the_loss() -> None:
    """Backpropagation against central differences of the cross-entropy, every parameter."""
    rng = np.random.default_rng(3)
    weights = [
        rng.standard_normal((5, 4)),
        rng.standard_normal((4, 3)),
        rng.standard_normal((3, 1)),
    ]
    biases = [rng.standard_normal(4), rng.standard_normal(3), rng.standard_normal(1)]
    vectors = rng.random((7, 5))
    wins = np.array([1, 0, 0.5, 1, 0, 1, 0])
    grads = _gradients(weights, biases, vectors, wins)
    step = 1e-6
    for parameter, grad in zip(weights + biases, grads, strict=True):
        for position in np.ndindex(parameter.shape):
            kept = parameter[position]
            parameter[position] = kept + step
            up = cross_entropy(forward(weights, biases, vectors)[0], wins)
            parameter[position] = kept - step
            down = cross_entropy(forward(weights, biases, vectors)[0], wins)
            parameter[position] = kept
            assert grad[position] == pytest.approx((up - down) / (2 * step), abs=1e-5)


def test_a_fit_learns_what_decides_the_win_and_beats_the_mean() -> None:
    settings = Settings(hidden=(16,), epochs=40, learning_rate=3e-3, patience=10, seed=1)
    fitted = fit(synthetic(games=400), settings)
    assert fitted.validation_loss < fitted.baseline_loss - 0.2
    assert fitted.train_positions + fitted.validation_positions == 4000
    low = np.full((1, 8), 0.5, np.float32)
    high = low.copy()
    low[0, 0], high[0, 0] = 0.1, 0.9  # input 0 raises the chance (0.08 to 0.92)
    chances = forward(fitted.weights, fitted.biases, np.concatenate([low, high]))[0]
    assert chances[1] > chances[0] + 0.5


def test_the_same_seed_fits_the_same_network() -> None:
    one = fit(synthetic(), Settings(hidden=(8,), epochs=3, seed=5))
    two = fit(synthetic(), Settings(hidden=(8,), epochs=3, seed=5))
    assert all(np.array_equal(a, b) for a, b in zip(one.weights, two.weights, strict=True))
    assert one.validation_losses == two.validation_losses


def test_validation_games_are_held_out_whole() -> None:
    """Positions of one game are alike: a game is either learned from or held out."""
    positions = synthetic(games=20)
    fitted = fit(positions, Settings(hidden=(4,), epochs=1, validation=0.25, seed=2))
    assert fitted.validation_positions == 5 * 10  # 5 of the 20 games, every position of each


def test_one_game_cannot_be_split() -> None:
    with pytest.raises(ValueError, match="too few games"):
        fit(synthetic(games=1), Settings(epochs=1, validation=0.0))
