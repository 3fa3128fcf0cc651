"""Reading Route East moves typed by a person: the exact notation, or places by name.

`move izmit` finds the legal move to the space named İzmit (accents and capitals do not
matter, and any unambiguous start of the name will do: `move izm`); `train almaty` likewise;
`play pickpocket 2` and `play pickpocket seat 2` are `play pickpocket on seat 2`. A place that
does not fit gets a one-line answer listing the spaces the piece can reach now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Action, IllegalAction
from tabletrip.core.actions import written_as
from tabletrip.core.phrases import first_few, listing
from tabletrip.core.words import fold
from tabletrip.games.route_east.actions import FreightTrain, Move
from tabletrip.games.route_east.names import names_prefix
from tabletrip.games.route_east.present_words import space_name

if TYPE_CHECKING:
    from tabletrip.games.route_east.content import Board
    from tabletrip.games.route_east.rules import RouteEastState

MAGIC = " with magic roll"
SHOWN = 8  # legal actions named in the answer to text that is none of them


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


def parse_move(text: str, state: RouteEastState) -> Action:
    """The legal action `text` names; IllegalAction saying what would be right if none."""
    wanted = _norm(text)
    legal = state.legal_actions()
    found = written_as(wanted, legal, _norm)
    if found is not None:
        return found
    words = wanted.split()
    if len(words) == 4 and words[0] == "play" and words[2] == "seat":
        wanted = f"play {words[1]} on seat {words[3]}"
    elif len(words) == 3 and words[0] == "play" and words[2].isdigit():
        wanted = f"play {words[1]} on seat {words[2]}"
    found = written_as(wanted, legal, _norm)
    if found is not None:
        return found
    if words and words[0] in ("move", "train") and len(words) > 1:
        return _to_place(text, state, legal)
    examples = first_few([str(a) for a in legal], SHOWN)
    raise IllegalAction(f"{text.strip()!r} is not a legal action now: try {examples}")


def _to_place(text: str, state: RouteEastState, legal: list[Action]) -> Action:
    """`move <place>` or `train <place>` with the place named as a person types it."""
    board = state.game.board
    head, place = text.strip().split(None, 1)
    head = head.lower()
    magic = fold(place).endswith(MAGIC)
    if magic:
        place = place[: -len(MAGIC)].strip()
    goes: list[Move | FreightTrain] = [
        a
        for a in legal
        if (isinstance(a, Move) and head == "move" and a.magic_roll == magic)
        or (isinstance(a, FreightTrain) and head == "train")
    ]
    found = _named(board, place, goes)
    if len(found) == 1:
        return found[0]
    said = f"{text.strip()!r} is not a legal action now"
    names = [space_name(board, board.index[a.space]) for a in goes]
    if len(found) > 1:
        could = [space_name(board, board.index[a.space]) for a in found]
        raise IllegalAction(f"{said}: it could be {listing(could)}; type more of the name")
    if not goes:
        what = "ride a Freight Train" if head == "train" else "move to a space"
        if magic:
            what = "use a Magic Roll on a dirt road"
        examples = ", ".join(str(a) for a in legal[:SHOWN])
        raise IllegalAction(f"{said}: you cannot {what} now; try {examples}")
    verb = "ride the Freight Train to" if head == "train" else "move to"
    how = " with a Magic Roll" if magic else ""
    raise IllegalAction(f"{said}: you can {verb} {listing(names)}{how}")


def _named(board: Board, place: str, goes: list[Move | FreightTrain]) -> list[Move | FreightTrain]:
    """The moves among `goes` whose space `place` names: by its code or its whole name first,
    else by an unambiguous start of the name or of its words."""
    wanted = fold(place)

    def name(action: Move | FreightTrain) -> str:
        return space_name(board, board.index[action.space])

    exact = [a for a in goes if a.space == wanted or fold(name(a)) == wanted]
    if exact:
        return exact
    return [a for a in goes if names_prefix(place, name(a))]
