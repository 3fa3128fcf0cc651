"""A seat's name: plain text the other players read, that no one can take for a bot or a seat.

Rooms label their seats `name`, `seat k` or `bot <level>` (`Seat.label`). A person's name:

- is plain text: no control characters (newline, NUL, ESC...), no format characters such as
  the bidi overrides that reorder what is shown, no line separators, no lone surrogates
  (`check_name` refuses them). Zero-width joiners and non-joiners are the exception: Persian
  and Indic names and emoji sequences need them, and they are ignored when names are compared;
- is trimmed of surrounding spaces; nothing left means no name (the seat is `seat k`);
- does not read like a seat's label that is not a name: `seat 2`, `bot`, `bot easy`;
- is not another seat's label in the room (`name_refusal`).

Names are compared folded: Unicode compatibility forms (NFKC: `bot` in full-width letters is `bot`),
case-insensitively, with runs of spaces as one and the joiners left out.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

# Unicode categories a name may not hold: control, format, surrogate, private use, and the
# line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
JOINERS = frozenset({"\u200c", "\u200d"})  # zero-width non-joiner and joiner: allowed
# Folded names that are seat labels of no person: "seat 3", "bot", "bot <anything>".
_NOT_A_PERSON = re.compile(r"seat ?\d+|bot|bot[ :].*")


def fold(name: str) -> str:
    """The form names are compared in: NFKC, case-folded, joiners out, spaces as one."""
    text = "".join(c for c in unicodedata.normalize("NFKC", name) if c not in JOINERS)
    return " ".join(text.casefold().split())


def _refused_character(name: str) -> str | None:
    for character in name:
        if character not in JOINERS and unicodedata.category(character) in REFUSED_CATEGORIES:
            kind = unicodedata.category(character)
            what = "a control character" if kind == "Cc" else "an invisible or format character"
            return (
                f"a name is plain text: U+{ord(character):04X} ({what}) is not allowed; "
                "use letters, digits, spaces and punctuation"
            )
    return None


def _reads_like_a_label(name: str) -> str | None:
    if _NOT_A_PERSON.fullmatch(fold(name)):
        return (
            f"the name {name!r} reads like a seat's label (`seat k` or `bot <level>`): "
            "choose a name that is not one"
        )
    return None


def check_name(name: str) -> str | None:
    """The name a person asked for, trimmed (None: no name); ValueError saying why if it holds
    a character a name may not, or reads like the label of a seat or a bot."""
    problem = _refused_character(name)
    if problem is not None:
        raise ValueError(problem)
    trimmed = name.strip()
    if not trimmed:
        return None
    problem = _reads_like_a_label(trimmed)
    if problem is not None:
        raise ValueError(problem)
    return trimmed


def name_refusal(name: str | None, labels_of_other_seats: Iterable[str]) -> str | None:
    """Why a seat may not take `name` in a room whose other seats are labelled so (one line),
    or None if it may; no name is always allowed."""
    if name is None:
        return None
    problem = _refused_character(name) or _reads_like_a_label(name)
    if problem is not None:
        return problem
    folded = fold(name)
    if any(fold(label) == folded for label in labels_of_other_seats):
        return f"another seat of this room is called {name!r} already: choose another name"
    return None
