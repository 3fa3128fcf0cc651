"""Route East actions and their notation (`ignition`, `move tr-ankara`, `play pickpocket on
seat 2`, `cross`, `end`, ...). Spaces are named by their board ids, Action cards by theirs."""

from __future__ import annotations

from dataclasses import dataclass

from tabletrip.core import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class DrawIgnition(Action, kind="ignition"):
    """Start the turn with an Ignition card (read aloud and carried out)."""

    def __str__(self) -> str:
        return "ignition"


@dataclass(frozen=True, slots=True)
class DrawBorder(Action, kind="border"):
    """At a Border, start the turn with a Border card to cross into the next country."""

    def __str__(self) -> str:
        return "border"


@dataclass(frozen=True, slots=True)
class Cross(Action, kind="cross"):
    """Cross the Border after its card: pay a Fuel Token, or play a Border Pass."""

    border_pass: bool = False

    def __str__(self) -> str:
        return "cross with border pass" if self.border_pass else "cross"


@dataclass(frozen=True, slots=True)
class Stay(Action, kind="stay"):
    """Decline to cross after seeing the Border card: no moving spaces this turn."""

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Move(Action, kind="move"):
    """Move one space along a road (a dirt road needs an even roll or a Magic Roll)."""

    space: str
    magic_roll: bool = False

    def __str__(self) -> str:
        return f"move {self.space} with magic roll" if self.magic_roll else f"move {self.space}"


@dataclass(frozen=True, slots=True)
class TakeAction(Action, kind="take"):
    """Spend a move to pick up an Action card."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Play(Action, kind="play"):
    """Play an Action card by id, on `target` seat when it is aimed at a player (else -1)."""

    card: str
    target: int = -1

    def __str__(self) -> str:
        return f"play {self.card}" if self.target < 0 else f"play {self.card} on seat {self.target}"


@dataclass(frozen=True, slots=True)
class FreightTrain(Action, kind="train"):
    """Play a Freight Train as the first move and ride to `space` (the turn ends there)."""

    space: str

    def __str__(self) -> str:
        return f"train {self.space}"


@dataclass(frozen=True, slots=True)
class Discard(Action, kind="discard"):
    """Over the hand limit of 5: put this Action card under the Action deck."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"

    def public(self) -> str:
        """The card goes under the deck face down: others learn only that one went."""
        return "discard a card"


@dataclass(frozen=True, slots=True)
class ChooseTarget(Action, kind="target"):
    """Choose the player an Ignition card's theft is aimed at."""

    seat: int

    def __str__(self) -> str:
        return f"target seat {self.seat}"


@dataclass(frozen=True, slots=True)
class HellNo(Action, kind="hell-no"):
    """Play Hell no! to cancel the card (or Hell no!) just played against you."""

    def __str__(self) -> str:
        return "hell no"


@dataclass(frozen=True, slots=True)
class Accept(Action, kind="accept"):
    """Let the card played against you (or your card's cancellation) stand."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class EndTurn(Action, kind="end"):
    """End the turn here; out of moves elsewhere, go back to the last place to stay."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Camp(Action, kind="camp"):
    """Play a Tent and end the turn on this attraction."""

    def __str__(self) -> str:
        return "camp"


@dataclass(frozen=True, slots=True)
class RollToLeave(Action, kind="roll"):
    """Stuck at an Embassy: roll the die, a 6 lets you leave."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Sail(Action, kind="sail"):
    """On the Caspian boat: spend a move rolling for a 6 to reach the far shore."""

    def __str__(self) -> str:
        return "sail"


CODEC = ActionCodec(
    [
        DrawIgnition,
        DrawBorder,
        Cross,
        Stay,
        Move,
        TakeAction,
        Play,
        FreightTrain,
        Discard,
        ChooseTarget,
        HellNo,
        Accept,
        EndTurn,
        Camp,
        RollToLeave,
        Sail,
    ]
)
