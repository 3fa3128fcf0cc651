"""Reading Let's Go! To France moves typed by a person: the exact notation, or cards, days,
towns and icons by name.

`place arc de triomphe monday 0` and `place arc mon 0` are `place arc-de-triomphe monday 0`
(accents, capitals and hyphens do not matter, and any unambiguous start of a name will do, for
the card as for the day); without the slot, the one slot the day allows. `travel orleans` and
`dotted chambord` name the town; `icon cul` an experience icon. The three cards of a `discard`
may come in any order ("Use Research Tokens": any 3 cards). Text that fits no legal move, or
more than one, gets a one-line answer saying what is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletrip.core import Action, IllegalAction
from tabletrip.core.actions import written_as
from tabletrip.core.phrases import first_few
from tabletrip.core.words import fold, matches_words
from tabletrip.games.lets_go_france.actions import (
    ChooseIcon,
    DottedPath,
    Place,
    SpendWild,
    Travel,
)
from tabletrip.games.lets_go_france.content import DAYS

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoState

SHOWN = 6  # legal moves named in the answer to text that is none of them


def _named(query: str, name: str, key: str) -> bool:
    """Whether `query` names a thing called `name` with the notation `key`."""
    wanted = fold(query.replace("-", " "))
    return bool(wanted) and (
        fold(name).startswith(wanted)
        or fold(key.replace("-", " ")).startswith(wanted)
        or matches_words(wanted, name)
    )


def parse_move(text: str, state: LetsGoState) -> Action:
    """The legal action `text` names; IllegalAction saying what would be right if none."""
    legal = state.legal_actions()
    words = text.lower().split()
    if words[:1] == ["discard"]:
        words = ["discard", *sorted(words[1:])]
    wanted = " ".join(words)
    exact = written_as(wanted, legal)
    if exact is not None:
        return exact
    verb, rest = (words[0], words[1:]) if words else ("", [])
    found: list[Action] | None = None
    if verb in ("place", "explore") and rest:
        found = _places(state, legal, verb == "explore", rest)
    elif verb in ("travel", "dotted") and rest:
        kind: type[Action] = Travel if verb == "travel" else DottedPath
        spaces, index = state.game.region.spaces, state.game.space_index
        query = " ".join(rest)
        found = [
            a
            for a in legal
            if isinstance(a, Travel | DottedPath)
            and type(a) is kind
            and _named(query, spaces[index[a.space]].name, a.space)
        ]
    elif verb in ("icon", "wild") and rest:
        kind = ChooseIcon if verb == "icon" else SpendWild
        query = " ".join(rest)
        found = [
            a
            for a in legal
            if isinstance(a, ChooseIcon | SpendWild)
            and type(a) is kind
            and _named(query, a.icon, a.icon)
        ]
    if found is not None and len(found) == 1:
        return found[0]
    said = f"{text.strip()!r} is not a legal move now"
    if found:
        shown = first_few([str(a) for a in found], SHOWN)
        raise IllegalAction(f"{said}: it could be {shown}; say which")
    raise IllegalAction(f"{said}: try {first_few([str(a) for a in legal], SHOWN)}")


def _places(
    state: LetsGoState, legal: Sequence[Action], explore: bool, rest: list[str]
) -> list[Action]:
    """`place`/`explore` <card> <day> [slot], the card and the day by any start of their
    names."""
    slot: int | None = None
    if rest[-1].isdigit():
        slot, rest = int(rest[-1]), rest[:-1]
    if len(rest) < 2:
        return []
    day_word, card_words = rest[-1], " ".join(rest[:-1])
    days = [d for d in DAYS if d.startswith(day_word)]
    activities = state.game.activities
    index = state.game.card_index
    return [
        a
        for a in legal
        if isinstance(a, Place)
        and a.explore == explore
        and a.day in days
        and (slot is None or a.slot == slot)
        and _named(card_words, activities[index[a.card]].name, a.card)
    ]
