"""A learned evaluation: a small feed-forward network over a game's observation vector.

`ValueNetwork` estimates the chance that a seat wins from that seat's observation vector (the
game's registered encoding, `ObservationEncoding.encode_state`, so it reads only what the
seat may know): dense layers with ReLU between them and a sigmoid at the end. Plain numpy at
play time; `tabletrip train` (`tabletrip.learn`) fits one from self-play games.

A network is one `.npz` file: each layer's weights and biases and a JSON header saying what
it evaluates (game, options, players, encoding and its version, vector size) and how it was
made (command, seed, games, positions, date, losses). `load` checks the file and `fits`
checks it against a configured game, each failure one line naming the file.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tabletrip.core.encoding import encoding_for, encoding_version
from tabletrip.core.errors import OptionError
from tabletrip.core.game import Game, State

FORMAT = "tabletrip-value/1"


def describes(game: Game) -> dict[str, Any]:
    """What a network for `game` must have been trained on (the header's `for` part)."""
    return {
        "game": game.id,
        "players": game.players,
        "options": {key: game.options[key] for key in sorted(game.options)},
        "content": game.content.hash,
        "encoding_version": encoding_version(game.id),
        "inputs": encoding_for(game).observations.size,
    }


@dataclass(frozen=True)
class ValueNetwork:
    """Dense ReLU layers, then one sigmoid output: a seat's chance to win."""

    weights: tuple[np.ndarray, ...]  # layer i maps sizes[i] inputs to sizes[i + 1] outputs
    biases: tuple[np.ndarray, ...]
    header: dict[str, Any]

    @property
    def inputs(self) -> int:
        """The length of the vectors it reads."""
        return int(self.weights[0].shape[0])

    def win_chances(self, vectors: np.ndarray) -> np.ndarray:
        """The estimated chance to win of each row's seat (a batch of observation vectors)."""
        layer = np.asarray(vectors, dtype=np.float32)
        last = len(self.weights) - 1
        for i, (weight, bias) in enumerate(zip(self.weights, self.biases, strict=True)):
            layer = layer @ weight + bias
            if i < last:
                np.maximum(layer, 0.0, out=layer)
        return 1.0 / (1.0 + np.exp(-layer[:, 0]))

    def win_chance(self, state: State, seat: int) -> float:
        """`seat`'s estimated chance to win, from its observation of `state`."""
        game = state.game
        observations = encoding_for(game).observations
        vector = np.zeros((1, self.inputs), dtype=np.float32)
        observations.encode_state_into(state, seat, vector[0])
        return float(self.win_chances(vector)[0])

    def fits(self, game: Game, where: str = "the network") -> None:
        """OptionError (one line) unless the network was trained for this configuration."""
        wanted = describes(game)
        found = self.header.get("for", {})
        differ = [key for key in wanted if found.get(key) != wanted[key]]
        if differ:
            shown = ", ".join(f"{key} {found.get(key)!r}, not {wanted[key]!r}" for key in differ)
            raise OptionError(f"{where} was trained for another configuration: {shown}")

    def save(self, path: str | Path) -> None:
        """Write the network to `path` (`.npz`)."""
        arrays: dict[str, np.ndarray] = {}
        for i, (weight, bias) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"weight_{i}"] = weight.astype(np.float32)
            arrays[f"bias_{i}"] = bias.astype(np.float32)
        header = {"format": FORMAT, **self.header, "layers": len(self.weights)}
        arrays["header"] = np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)
        with open(path, "wb") as file:
            np.savez_compressed(file, allow_pickle=False, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> ValueNetwork:
        """Read a network; OptionError (one line) if the file is not one."""
        shown = str(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                header = json.loads(bytes(data["header"]).decode())
                if not isinstance(header, dict) or header.get("format") != FORMAT:
                    raise ValueError(f"its format is not {FORMAT}")
                layers = int(header["layers"])
                weights = tuple(data[f"weight_{i}"].astype(np.float32) for i in range(layers))
                biases = tuple(data[f"bias_{i}"].astype(np.float32) for i in range(layers))
        except FileNotFoundError:
            raise OptionError(f"{shown}: no such file") from None
        except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile) as exc:
            reason = str(exc) or type(exc).__name__
            raise OptionError(f"{shown} is not a tabletrip value network: {reason}") from None
        network = cls(weights, biases, header)
        network._check(shown)
        return network

    def _check(self, shown: str) -> None:
        """The layers chain, each weight 2-D and each bias its layer's width, one output."""
        size = self.inputs
        for i, (weight, bias) in enumerate(zip(self.weights, self.biases, strict=True)):
            if weight.ndim != 2 or weight.shape[0] != size or bias.shape != (weight.shape[1],):
                raise OptionError(f"{shown} is not a tabletrip value network: layer {i} is bad")
            size = weight.shape[1]
        if size != 1:
            raise OptionError(f"{shown} is not a tabletrip value network: {size} outputs")
