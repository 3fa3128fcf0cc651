"""Fitting a value network to self-play positions: numpy only, seeded, on the CPU.

The network is `tabletrip.bots.value_network.ValueNetwork`: dense ReLU layers and a sigmoid
output read as the seat's chance to win. It is fitted by minibatch Adam on the cross-entropy
between that chance and the seat's final win share, with weight decay, keeping the weights
of the epoch with the lowest loss on validation games (positions of games held out whole,
since positions of one game are alike). `forward` is the training side's own computation; a
test holds `ValueNetwork.win_chances` equal to it on fixed inputs.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np

from tabletrip.learn.positions import Positions

EPSILON = 1e-7  # keeps the logarithms of the loss finite


@dataclass(frozen=True)
class Settings:
    """How to fit: layer widths, epochs, minibatch, step size, weight decay, held-out share."""

    hidden: tuple[int, ...] = (64,)
    epochs: int = 30
    batch: int = 256
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    validation: float = 0.15  # share of the games held out
    patience: int = 5  # epochs without a better validation loss before stopping
    seed: int = 0


@dataclass
class Fit:
    """The fitted layers and the losses seen on the way."""

    weights: list[np.ndarray]
    biases: list[np.ndarray]
    train_losses: list[float] = field(default_factory=list)
    validation_losses: list[float] = field(default_factory=list)
    best_epoch: int = 0
    train_positions: int = 0
    validation_positions: int = 0
    baseline_loss: float = math.nan  # validation loss of always answering the mean win share

    @property
    def validation_loss(self) -> float:
        """The validation loss of the weights kept."""
        return self.validation_losses[self.best_epoch] if self.validation_losses else math.nan


def forward(
    weights: list[np.ndarray], biases: list[np.ndarray], vectors: np.ndarray
) -> tuple[np.ndarray, list[np.ndarray]]:
    """The win chances of a batch, and every layer's input (for the gradients)."""
    layer = vectors
    inputs = []
    last = len(weights) - 1
    for i, (weight, bias) in enumerate(zip(weights, biases, strict=True)):
        inputs.append(layer)
        layer = layer @ weight + bias
        if i < last:
            layer = np.maximum(layer, 0.0)
    return 1.0 / (1.0 + np.exp(-layer[:, 0])), inputs


def cross_entropy(chances: np.ndarray, wins: np.ndarray) -> float:
    """The mean cross-entropy of predicted chances against win shares."""
    p = np.clip(chances, EPSILON, 1 - EPSILON)
    return float(-np.mean(wins * np.log(p) + (1 - wins) * np.log(1 - p)))


def fit(positions: Positions, settings: Settings) -> Fit:
    """Fit a network to the positions (held-out games chosen by `settings.seed`)."""
    rng = np.random.default_rng(settings.seed)
    games = np.unique(positions.game_index)
    held = rng.permutation(games)[: max(1, round(len(games) * settings.validation))]
    is_held = np.isin(positions.game_index, held)
    train, check = positions.part(~is_held), positions.part(is_held)
    if len(train.wins) == 0 or len(check.wins) == 0:
        raise ValueError("too few games to hold some out for validation: play more")
    sizes = [positions.vectors.shape[1], *settings.hidden, 1]
    weights = [
        (rng.standard_normal((a, b)) * math.sqrt(2.0 / a)).astype(np.float32)
        for a, b in itertools.pairwise(sizes)
    ]
    biases = [np.zeros(b, dtype=np.float32) for b in sizes[1:]]
    result = Fit([w.copy() for w in weights], [b.copy() for b in biases])
    result.train_positions, result.validation_positions = len(train.wins), len(check.wins)
    mean = float(np.mean(train.wins))
    result.baseline_loss = cross_entropy(np.full(len(check.wins), mean), check.wins)
    adam = _Adam(weights + biases, settings.learning_rate)
    best = math.inf
    for epoch in range(settings.epochs):
        order = rng.permutation(len(train.wins))
        for start in range(0, len(order), settings.batch):
            rows = order[start : start + settings.batch]
            grads = _gradients(weights, biases, train.vectors[rows], train.wins[rows])
            for i, weight in enumerate(weights):
                grads[i] += settings.weight_decay * weight
            adam.step(grads)
        result.train_losses.append(
            cross_entropy(forward(weights, biases, train.vectors)[0], train.wins)
        )
        loss = cross_entropy(forward(weights, biases, check.vectors)[0], check.wins)
        result.validation_losses.append(loss)
        if loss < best:
            best = loss
            result.best_epoch = epoch
            result.weights = [w.copy() for w in weights]
            result.biases = [b.copy() for b in biases]
        elif epoch - result.best_epoch >= settings.patience:
            break
    return result


def _gradients(
    weights: list[np.ndarray], biases: list[np.ndarray], vectors: np.ndarray, wins: np.ndarray
) -> list[np.ndarray]:
    """Gradients of the mean cross-entropy: every weight matrix, then every bias."""
    chances, inputs = forward(weights, biases, vectors)
    delta = ((chances - wins) / len(wins))[:, None].astype(np.float32)  # at the output's logit
    weight_grads: list[np.ndarray] = [np.empty(0)] * len(weights)
    bias_grads: list[np.ndarray] = [np.empty(0)] * len(weights)
    for i in range(len(weights) - 1, -1, -1):
        weight_grads[i] = inputs[i].T @ delta
        bias_grads[i] = delta.sum(axis=0)
        if i:
            delta = (delta @ weights[i].T) * (inputs[i] > 0)  # through the ReLU before layer i
    return weight_grads + bias_grads


class _Adam:
    """Adam (Kingma and Ba, 2015) over a list of parameter arrays, updated in place."""

    def __init__(self, parameters: list[np.ndarray], learning_rate: float) -> None:
        self.parameters = parameters
        self.rate = learning_rate
        self.first = [np.zeros_like(p) for p in parameters]
        self.second = [np.zeros_like(p) for p in parameters]
        self.steps = 0

    def step(self, grads: list[np.ndarray]) -> None:
        """One update from the gradients of every parameter, in order."""
        self.steps += 1
        beta1, beta2 = 0.9, 0.999
        correct1 = 1 - beta1**self.steps
        correct2 = 1 - beta2**self.steps
        for p, g, m, v in zip(self.parameters, grads, self.first, self.second, strict=True):
            m *= beta1
            m += (1 - beta1) * g
            v *= beta2
            v += (1 - beta2) * g * g
            p -= self.rate * (m / correct1) / (np.sqrt(v / correct2) + 1e-8)
