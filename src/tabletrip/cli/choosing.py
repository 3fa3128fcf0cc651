"""The legal moves of a decision as a person chooses them: in steps, or by typing.

The game's presentation gives each legal move as steps ("Claim a route", "Denver–Omaha (4
red)", "With 4 red"); `Steps` makes a tree of them and answers, at any point of the tree,
the choices to offer. A step with one choice is folded into the one before it, so a
person never picks from a list of one. What a person types is matched against every move's
steps, words and notation, as word prefixes in any order (`claim den oma red`, `move izmit`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletrip.core.actions import Action
from tabletrip.core.words import words

STEP_JOIN = " \u203a "  # a single right-pointing angle quotation mark


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice at a step: its label (folded steps joined by `STEP_JOIN`), the steps it takes
    from where it is offered, and the moves it leads to (indexes in the legal list)."""

    label: str
    steps: tuple[str, ...]
    moves: tuple[int, ...]
    ends: bool = False

    @property
    def move(self) -> int | None:
        """The one move this choice plays, or None if another step follows."""
        return self.moves[0] if self.ends else None


def words_of(text: str) -> list[str]:
    """The words of a text as matched: folded (no case, no accents), split on what is not a
    letter or a digit ("Denver-Omaha" → "denver", "omaha")."""
    return words(text)


class Steps:
    """The legal moves of one decision as a tree of steps."""

    def __init__(
        self,
        legal: Sequence[Action],
        steps: Sequence[tuple[str, ...]],
        words: Sequence[str],
    ) -> None:
        self.legal = list(legal)
        self.words = list(words)
        # Moves whose steps are not a tree (two alike, or one the prefix of another) are
        # offered each as its own choice, by its words: the person can always choose.
        self.paths = [tuple(p) if p else (w,) for p, w in zip(steps, words, strict=True)]
        if not _is_tree(self.paths):
            self.paths = [(w,) for w in words]
        self._keys = [
            set(words_of(" ".join((*path, word, str(action)))))
            for path, word, action in zip(self.paths, self.words, self.legal, strict=True)
        ]

    def choices(self, at: tuple[str, ...] = (), fold: bool = True) -> list[Choice]:
        """The choices offered after the steps `at`, in the order of the legal moves; with
        `fold`, the steps that follow a choice in only one way are folded into it (a long
        list is offered unfolded, each choice one step, so its labels stay short)."""
        depth = len(at)
        groups: dict[str, list[int]] = {}
        for index, path in enumerate(self.paths):
            if path[:depth] == at and len(path) > depth:
                groups.setdefault(path[depth], []).append(index)
        if not fold:
            return [
                Choice(label, (label,), tuple(moves), len(self.paths[moves[0]]) == depth + 1)
                for label, moves in groups.items()
            ]
        return [self._choice(at, label, moves) for label, moves in groups.items()]

    def _choice(self, at: tuple[str, ...], label: str, moves: list[int]) -> Choice:
        """A choice with every step that has only one way on folded into it."""
        taken = (*at, label)
        while True:
            nexts = {self.paths[m][len(taken)] for m in moves if len(self.paths[m]) > len(taken)}
            ends = any(len(self.paths[m]) == len(taken) for m in moves)
            if len(nexts) != 1 or ends:
                break
            taken = (*taken, nexts.pop())
        steps = taken[len(at) :]
        return Choice(STEP_JOIN.join(steps), steps, tuple(moves), len(moves) == 1)

    def matching(self, text: str, among: Sequence[int] | None = None) -> list[int]:
        """The moves (indexes) whose steps, words or notation have a word starting with each
        word typed, in any order."""
        typed = words_of(text)
        pool = range(len(self.legal)) if among is None else among
        if not typed:
            return []
        return [i for i in pool if all(any(k.startswith(t) for k in self._keys[i]) for t in typed)]

    def common_steps(self, moves: Sequence[int]) -> tuple[str, ...]:
        """The steps every one of `moves` shares from the start."""
        paths = [self.paths[m] for m in moves]
        shared: tuple[str, ...] = ()
        for column in zip(*paths, strict=False):
            if len(set(column)) != 1:
                break
            shared = (*shared, column[0])
        return shared


def _is_tree(paths: Sequence[tuple[str, ...]]) -> bool:
    """No two paths alike and none the first steps of another."""
    whole = set(paths)
    if len(whole) != len(paths):
        return False
    return not any(path[:end] in whole for path in paths for end in range(1, len(path)))
