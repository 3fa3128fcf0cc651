"""The bot protocol: a bot sees only a determinized view of the state, never hidden cards."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from tabletrip.core.actions import Action
from tabletrip.core.errors import OptionError
from tabletrip.core.game import State
from tabletrip.core.rng import Rng, mix_seed


class Bot(ABC):
    """A player program: `choose(view, seat)` where view is `state.determinize(seat, rng)`."""

    name: ClassVar[str] = ""
    strength: ClassVar[int] = 0  # higher is stronger; `hint` asks the strongest bot

    def __init__(self, seed: int = 0, **params: Any) -> None:
        if params:
            raise TypeError(f"bot {self.name!r} takes no parameters {sorted(params)}")
        self.seed = seed
        self.rng = Rng(mix_seed("bot", self.name, seed))

    @abstractmethod
    def choose(self, view: State, seat: int) -> Action:
        """The action for `seat`, who is to move in `view` (a determinized copy)."""

    def act(self, state: State) -> Action:
        """Choose for the player to move in `state`, through a determinized view only."""
        seat = state.current_player
        return self.choose(self.view(state, seat), seat)

    def view(self, state: State, seat: int) -> State:
        """What this bot may look at for `seat`: a determinized copy without the move history."""
        view = state.determinize(seat, self.rng)
        view._history = None  # no bot reads the log, and a shorter history is cheaper to copy
        return view


class CheckedBot(Bot):
    """A bot with reasoning of its own (a game's heuristic), whose choice is checked against
    the rules before it is played: `decide` may find nothing, or a move the rules refuse
    (a plan made on a view it misread), and then `fallback` plays a legal move instead.

    `epsilon`: the share of moves played uniformly at random instead (0 by default), for
    opponents between `random` and the heuristic (`easy:epsilon=0.3`). Those draws use their
    own seeded generator, so the bot's views are dealt as they would be without them."""

    def __init__(self, seed: int = 0, epsilon: float = 0.0, **params: Any) -> None:
        super().__init__(seed, **params)
        number = isinstance(epsilon, int | float) and not isinstance(epsilon, bool)
        if not number or not 0.0 <= epsilon <= 1.0:
            raise OptionError(f"epsilon {epsilon} must be between 0 and 1 (a share of the moves)")
        self.epsilon = float(epsilon)
        self._explore = Rng(mix_seed("epsilon", self.name, seed))

    def choose(self, view: State, seat: int) -> Action:
        """The decided action when it is legal, else the fallback; always legal (a random
        legal action instead, with probability `epsilon`)."""
        if self.epsilon and self._explore.random() < self.epsilon:
            return view.random_action(self._explore)
        action = self.decide(view, seat)
        if action is None or view.illegal_reason(action) is not None:
            action = self.fallback(view)
        return action

    @abstractmethod
    def decide(self, view: State, seat: int) -> Action | None:
        """What this bot's reasoning plays for `seat` in `view`; None if it finds nothing."""

    def fallback(self, view: State) -> Action:
        """A legal action when the reasoning found none: the first legal one."""
        return view.legal_actions()[0]


class RandomBot(Bot):
    """Plays a uniformly random legal action (seeded)."""

    name = "random"

    def act(self, state: State) -> Action:
        """A uniformly random legal action of the seat to move, drawn on `state` itself: the
        seat's legal actions are the same in every determinization (the contract kit checks
        it), so the draw tells nothing hidden, and no view needs dealing."""
        return state.random_action(self.rng)

    def choose(self, view: State, seat: int) -> Action:
        """A uniformly random legal action."""
        return view.random_action(self.rng)
