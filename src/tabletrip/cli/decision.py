"""One decision of a person at the terminal: its moves as steps, and where in them they are."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tabletrip.cli.choosing import Choice, Steps
from tabletrip.core.game import State
from tabletrip.core.presentation import Presentation, presentation_for

MOST_CHOICE_ROWS = 14  # more choices than this are shown in columns, each one step


@dataclass
class Decision:
    """One decision of a person: the state, who decides, the moves as steps, and where in
    the steps the person is (`path`: the steps taken; `narrowed`: the moves that what they
    typed matched, offered instead of the step's choices)."""

    state: State
    seat: int
    names: Sequence[str]
    steps: Steps
    presentation: Presentation | None
    path: list[tuple[str, ...]] = field(default_factory=list)
    narrowed: list[int] | None = None
    message: str = ""

    @property
    def at(self) -> tuple[str, ...]:
        """The steps taken so far."""
        return self.path[-1] if self.path else ()

    def choices(self) -> list[Choice]:
        """What the screen offers now: the narrowed moves, or the step's choices (unfolded
        when they are too many for a line each, so that they fit in columns)."""
        if self.narrowed is not None:
            return [
                Choice(self.steps.words[m], (self.steps.words[m],), (m,), True)
                for m in self.narrowed
            ]
        folded = self.steps.choices(self.at)
        if len(folded) <= MOST_CHOICE_ROWS:
            return folded
        return self.steps.choices(self.at, fold=False)

    def onward(self, choice: Choice) -> int:
        """How many choices follow `choice` (0 if it is a move)."""
        if choice.move is not None:
            return 0
        return len(self.steps.choices((*self.at, *choice.steps)))

    def go(self, steps: tuple[str, ...]) -> None:
        """Take the steps (from the start) and offer what follows them."""
        self.path.append(steps)
        self.narrowed = None


def new_decision(state: State, seat: int, names: Sequence[str]) -> Decision:
    """The decision the seat faces now, its legal moves as steps."""
    legal = state.legal_actions()
    presentation = presentation_for(state.game.id)
    if presentation is None:
        words = [str(action) for action in legal]
        steps: list[tuple[str, ...]] = [(word,) for word in words]
    else:
        observation = state.observation(seat)
        game = state.game
        words = [presentation.action_words(game, observation, a) for a in legal]
        steps = [presentation.action_steps(game, observation, a) for a in legal]
    return Decision(state, seat, names, Steps(legal, steps, words), presentation)
