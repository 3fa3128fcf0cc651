"""One training run: self-play positions, a fitted network, and the file with its provenance."""

from __future__ import annotations

import datetime
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

from tabletrip.bots.value_network import ValueNetwork, describes
from tabletrip.core.game import Game
from tabletrip.learn.positions import DEFAULT_BOT, self_play
from tabletrip.learn.training import Fit, Settings, fit


def train(
    game: Game,
    games: int,
    settings: Settings,
    out: str | Path,
    command: str,
    stride: int = 4,
    bot: str = DEFAULT_BOT,
) -> tuple[ValueNetwork, Fit]:
    """Play `games` self-play games, fit a network to their positions and save it to `out`,
    its header saying what it evaluates and how it was made (`command` as typed)."""
    started = time.perf_counter()
    positions = self_play(game, games, settings.seed, stride=stride, bot=bot)
    played = time.perf_counter() - started
    fitted = fit(positions, settings)
    trained: dict[str, Any] = {
        "command": command,
        "date": datetime.date.today().isoformat(),
        "bot": bot,
        "games": games,
        "decisions": positions.decisions,
        "stride": stride,
        "positions": fitted.train_positions,
        "validation_positions": fitted.validation_positions,
        "settings": {**asdict(settings), "hidden": list(settings.hidden)},
        "epochs_run": len(fitted.validation_losses),
        "best_epoch": fitted.best_epoch,
        "train_loss": round(fitted.train_losses[fitted.best_epoch], 5),
        "validation_loss": round(fitted.validation_loss, 5),
        "baseline_loss": round(fitted.baseline_loss, 5),
        "play_seconds": round(played, 1),
        "fit_seconds": round(time.perf_counter() - started - played, 1),
    }
    network = ValueNetwork(
        tuple(np.asarray(w, np.float32) for w in fitted.weights),
        tuple(np.asarray(b, np.float32) for b in fitted.biases),
        {"for": describes(game), "trained": trained},
    )
    network.save(out)
    return network, fitted
