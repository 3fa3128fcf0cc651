"""A value network at play time: the file round trip, the same chances as training computes,
and one clear line for a file that is not one or was trained for another configuration."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

import tabletrip
from tabletrip.bots.value_network import ValueNetwork, describes
from tabletrip.core.encoding import encoding_for
from tabletrip.core.errors import OptionError
from tabletrip.learn.training import forward


def network_for(
    game: tabletrip.Game, seed: int = 0, hidden: tuple[int, ...] = (6, 5)
) -> ValueNetwork:
    rng = np.random.default_rng(seed)
    sizes = [encoding_for(game).observations.size, *hidden, 1]
    weights = tuple(
        rng.standard_normal((a, b)).astype(np.float32) * 0.1 for a, b in itertools.pairwise(sizes)
    )
    biases = tuple(rng.standard_normal(b).astype(np.float32) for b in sizes[1:])
    return ValueNetwork(weights, biases, {"for": describes(game), "trained": {"seed": seed}})


def test_a_saved_network_loads_with_the_same_layers_and_header(tmp_path: Path) -> None:
    game = tabletrip.make("ticket-to-ride", players=2)
    network = network_for(game)
    network.save(tmp_path / "v.npz")
    loaded = ValueNetwork.load(tmp_path / "v.npz")
    assert all(np.array_equal(a, b) for a, b in zip(network.weights, loaded.weights, strict=True))
    assert all(np.array_equal(a, b) for a, b in zip(network.biases, loaded.biases, strict=True))
    assert loaded.header["for"] == describes(game) and loaded.header["trained"] == {"seed": 0}
    loaded.fits(game)


def test_play_time_chances_equal_the_training_computation_on_fixed_inputs() -> None:
    game = tabletrip.make("route-east", players=2)
    network = network_for(game, seed=3)
    inputs = np.random.default_rng(7).random((9, network.inputs)).astype(np.float32)
    expected, _ = forward(list(network.weights), list(network.biases), inputs)
    assert np.allclose(network.win_chances(inputs), expected, rtol=1e-6, atol=1e-7)
    state = game.new_game(seed=2)
    vector = np.asarray([encoding_for(game).observations.encode(state.observation(1))], np.float32)
    assert network.win_chance(state, 1) == pytest.approx(
        float(forward(list(network.weights), list(network.biases), vector)[0][0])
    )


def test_a_network_for_another_configuration_is_refused_in_one_line() -> None:
    network = network_for(tabletrip.make("ticket-to-ride", players=2))
    with pytest.raises(OptionError) as refused:
        network.fits(tabletrip.make("ticket-to-ride", players=3), where="v.npz")
    assert str(refused.value).startswith(
        "v.npz was trained for another configuration: players 2, not 3"
    )
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"not a zip", "is not a tabletrip value network"),
        (None, "no such file"),
    ],
)
def test_a_file_that_is_not_a_network_is_one_line(
    tmp_path: Path, content: bytes | None, reason: str
) -> None:
    path = tmp_path / "v.npz"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(OptionError, match=reason) as refused:
        ValueNetwork.load(path)
    assert "\n" not in str(refused.value)


def test_an_archive_of_other_arrays_or_broken_layers_is_refused(tmp_path: Path) -> None:
    np.savez(tmp_path / "other.npz", x=np.zeros(3))
    with pytest.raises(OptionError, match="is not a tabletrip value network"):
        ValueNetwork.load(tmp_path / "other.npz")
    game = tabletrip.make("ticket-to-ride", players=2)
    good = network_for(game)
    broken = ValueNetwork(good.weights, (good.biases[0][:2], *good.biases[1:]), good.header)
    broken.save(tmp_path / "broken.npz")
    with pytest.raises(OptionError, match="layer 0 is bad"):
        ValueNetwork.load(tmp_path / "broken.npz")
