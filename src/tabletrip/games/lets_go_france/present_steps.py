"""Let's Go! To France's legal moves as the steps a person takes to choose them, and the forms
of its notation with what each field means.

A card is played in four steps, as "2. Play Cards" and "Example: Card Placement" tell it: the
card, face up or face down (Explore the City), the day, then the place in the day's column
("Play Rue Mouffetard", "Face up", "On Monday", "At the top, tucked under Grand Palais"). The
three cards discarded after a Research token are chosen one after another in the order of the
hand; a dotted line and a Wild token are each a step towards their choices. Every other
decision (a Travel action, a Favorable Condition bonus, an icon, a bonus row, a card or an
opponent to choose, passing the rest of the hand) is one step: its few choices are the menu.

Built from the seat's observation (its hand, its own board as it is now) and static content
only, like the move in words (`present_actions.py`) each last step reuses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletrip.core import Action
from tabletrip.games.lets_go_france.actions import DiscardThree, DottedPath, Place, SpendWild
from tabletrip.games.lets_go_france.content import DAYS, ICONS
from tabletrip.games.lets_go_france.present_actions import build_action_words
from tabletrip.games.lets_go_france.present_words import (
    EXPLORE,
    HIGHLIGHT,
    day_name,
    icon_name,
    ordinal,
    placed_name,
)
from tabletrip.games.lets_go_france.rules import LetsGoGame

Observation = Mapping[str, Any]
FACE_UP = "Face up"
FACE_DOWN = f"Face down ({EXPLORE})"
DOTTED_STEP = "Take a dotted line"
WILD_STEP = "Spend a Wild token"


def build_action_steps(
    game: LetsGoGame, observation: Observation, action: Action
) -> tuple[str, ...]:
    """A legal move of the observation's seat as its steps, each a menu label."""
    steps = _STEPS.get(type(action))
    if steps is None:
        return (build_action_words(game, observation, action),)
    return steps(game, observation, action)


def _card(game: LetsGoGame, key: str) -> str:
    index = game.card_index.get(key)
    return game.activities[index].name if index is not None else "a card"


def _column_names(game: LetsGoGame, observation: Observation, day: int) -> list[str]:
    """The cards of one of the seat's own days, top first (its Explore the City cards named)."""
    names = []
    for cell in observation["my_board"]["days"][day]:
        index = game.card_index.get(cell.get("card") or "")
        card = game.activities[index] if index is not None else None
        names.append(placed_name(card, bool(cell.get("explore"))))
    return names


def slot_step(names: Sequence[str], slot: int) -> str:
    """The place a new card takes in a column holding `names` (top first), as a menu label:
    `At the top, tucked under Grand Palais`, `Between Louvre and Baguette (2nd from the top)`,
    `At the bottom, over Baguette, as the new Highlight of the Day`."""
    if not names:
        return "As the day's first card"
    if slot <= 0:
        return f"At the top, tucked under {names[0]}"
    if slot >= len(names):
        return f"At the bottom, over {names[-1]}, as the new {HIGHLIGHT}"
    return f"Between {names[slot - 1]} and {names[slot]} ({ordinal(slot + 1)} from the top)"


def _place(game: LetsGoGame, observation: Observation, action: Place) -> tuple[str, ...]:
    day = DAYS.index(action.day) if action.day in DAYS else 0
    names = _column_names(game, observation, day)
    return (
        f"Play {_card(game, action.card)}",
        FACE_DOWN if action.explore else FACE_UP,
        f"On {day_name(day)}",
        slot_step(names, action.slot),
    )


def _discard(game: LetsGoGame, observation: Observation, action: DiscardThree) -> tuple[str, ...]:
    """One card after another, in the order of the hand: ("Discard Baguette", "And Louvre
    Pyramid", "And Vélib' Bike Ride")."""
    hand = list(observation.get("hand") or ())
    order = sorted(action.cards, key=lambda k: (hand.index(k) if k in hand else len(hand), k))
    names = [_card(game, key) for key in order]
    return (f"Discard {names[0]}", *(f"And {name}" for name in names[1:]))


def _dotted(game: LetsGoGame, observation: Observation, action: DottedPath) -> tuple[str, ...]:
    return (DOTTED_STEP, build_action_words(game, observation, action))


def _wild(game: LetsGoGame, observation: Observation, action: SpendWild) -> tuple[str, ...]:
    name = icon_name(action.icon) if action.icon in ICONS else "an"
    return (WILD_STEP, f"Move your {name} token 1 space forward")


_STEPS: dict[type, Callable[[LetsGoGame, Observation, Any], tuple[str, ...]]] = {
    Place: _place,
    DiscardThree: _discard,
    DottedPath: _dotted,
    SpendWild: _wild,
}


__all__ = ["build_action_steps", "slot_step"]
