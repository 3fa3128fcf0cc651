"""Let's Go! To France's phases and the decisions a seat can owe, shared by the rules, the legal
moves, determinize, the help and the bots (none of which then imports the rules for them).

PLAN: the 14 rounds of choosing and placing cards (a seat's choice hidden until the round's
plays are revealed); TRIP: the trip, scored day by day from Monday; OVER: the game has ended.

While a seat plans or travels, what it owes queues on `state.pending`, first first: a Travel
action, a Favourable Condition bonus, an icon to choose, ... (`Owed`), each a `Pending` entry.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

PLAN, TRIP, OVER = range(3)
PHASE_NAMES = ("plan", "trip", "over")


class Owed(StrEnum):
    """What a seat owes next. Each is a decision (legal.py lists its moves) except
    SCORE_HIGHLIGHT: the points of a Highlight a goal scores again, counted by the trip as soon
    as the decisions queued before it are made. The values are what observations and saved
    states say."""

    TRAVEL = "travel"  # a Travel action, or skip it
    FAVOUR = "favour"  # a Favourable Condition bonus: flip the token, a reward row, or skip
    ICON = "icon"  # an experience icon of the seat's choice
    ROW = "row"  # a goal's reward row
    DISCARD3 = "discard3"  # 3 cards to discard after a Research token
    AGENT_ORDER = "agent_order"  # solo: which passed card the travel agent takes first
    WILD_WINDOW = "wild_window"  # spend Wild tokens, or go on
    ANY = "any"  # the experience icon a Highlight gives
    LOWEST = "lowest"  # which of the tied lowest tokens moves
    GOAL_CARD = "goal_card"  # one of the two cards a goal draws
    GOAL_OPPONENT = "goal_opponent"  # whose Saturday Highlight a goal scores
    GOAL_ICON = "goal_icon"  # the icon of the longest run a goal scores
    STEP_BACK = "step_back"  # the token that steps back to pay a dotted path
    SCORE_HIGHLIGHT = "score_highlight"  # not a decision: a Highlight's points, in turn


class Pending(NamedTuple):
    """One entry of a seat's queue: what it owes and what that is about, where it is about
    something: the day (`FAVOUR`, a day index), the space the dotted path leads to
    (`STEP_BACK`, a space index) or the card whose Highlight scores (`SCORE_HIGHLIGHT`)."""

    kind: Owed
    about: int | None = None

    def to_json(self) -> list[str | int]:
        """`[kind]` or `[kind, about]`, as saved states hold it."""
        return [self.kind.value] if self.about is None else [self.kind.value, self.about]

    @classmethod
    def from_json(cls, data: list[str | int]) -> Pending:
        """The entry `to_json` gave."""
        kind, *about = data
        return cls(Owed(str(kind)), int(about[0]) if about else None)
