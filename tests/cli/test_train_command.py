"""`tabletrip train GAME`: self-play, a fitted value network, its file and provenance."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletrip
from cli_helpers import assert_one_error_line, run
from tabletrip.bots.value_network import ValueNetwork


def test_a_tiny_run_writes_a_network_that_fits_the_game_and_says_how_it_was_made(
    tmp_path: Path,
) -> None:
    out = tmp_path / "v.npz"
    result = run(
        f"train route-east --games 4 --epochs 2 --hidden 8 --stride 40 --seed 3 --out {out}"
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Route East: 4 games of easy at 2 players, seed 3")
    assert "validation loss" in result.output and f"wrote {out}" in result.output
    network = ValueNetwork.load(out)
    network.fits(tabletrip.make("route-east", players=2))
    trained = network.header["trained"]
    assert trained["command"] == (
        f"tabletrip train route-east --players 2 --games 4 --seed 3 --epochs 2 --hidden 8"
        f" --stride 40 --bot easy --out {out}"
    )
    assert trained["games"] == 4 and trained["settings"]["seed"] == 3
    assert trained["settings"]["hidden"] == [8] and 1 <= trained["epochs_run"] <= 2
    assert [w.shape[1] for w in network.weights] == [8, 1]


def test_the_same_command_trains_the_same_network(tmp_path: Path) -> None:
    made = []
    for name in ("a.npz", "b.npz"):
        out = tmp_path / name
        assert (
            run(f"train ticket-to-ride --games 3 --epochs 1 --hidden 4 --out {out}").exit_code == 0
        )
        made.append(ValueNetwork.load(out))
    assert all((a == b).all() for a, b in zip(made[0].weights, made[1].weights, strict=True))


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ("train nowhere", "unknown game 'nowhere'"),
        ("train ticket-to-ride --games 1", "--games must be at least 2, not 1"),
        ("train ticket-to-ride --epochs 0", "--epochs must be at least 1, not 0"),
        ("train ticket-to-ride --hidden 0", "--hidden must be at least 1, not 0"),
        ("train ticket-to-ride --bot nobody", "unknown bot 'nobody'"),
        ("train ticket-to-ride --players 9", "ticket-to-ride takes"),
    ],
)
def test_bad_input_is_one_line(command: str, words: str) -> None:
    assert_one_error_line(run(command), words)
