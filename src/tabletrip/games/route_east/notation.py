"""Reading Route East moves typed by a person: the exact notation, or places by name.

`move tbilisi` finds the legal move to the space named Tbilisi; `train almaty` likewise;
`play pickpocket 2` is `play pickpocket on seat 2`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Action, IllegalAction
from tabletrip.games.route_east.actions import FreightTrain, Move

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


def parse_move(text: str, state: RouteEastState) -> Action:
    """The legal action `text` names; IllegalAction listing some legal ones if none."""
    wanted = _norm(text)
    legal = state.legal_actions()
    for action in legal:
        if _norm(str(action)) == wanted:
            return action
    words = wanted.split()
    if len(words) == 4 and words[0] == "play" and words[2] == "seat":
        wanted = f"play {words[1]} on seat {words[3]}"
    elif len(words) == 3 and words[0] == "play" and words[2].isdigit():
        wanted = f"play {words[1]} on seat {words[2]}"
    for action in legal:
        if _norm(str(action)) == wanted:
            return action
    if words and words[0] in ("move", "train") and len(words) > 1:
        board = state.game.board
        magic = wanted.endswith(" with magic roll")
        place = wanted.removeprefix(words[0]).removesuffix(" with magic roll").strip()
        found = [
            a
            for a in legal
            if isinstance(a, Move | FreightTrain)
            and (isinstance(a, Move) == (words[0] == "move"))
            and (not isinstance(a, Move) or a.magic_roll == magic)
            and place in (_norm(board.space_names[board.index[a.space]]), a.space)
        ]
        if len(found) == 1:
            return found[0]
    examples = ", ".join(str(a) for a in legal[:6])
    more = f" (and {len(legal) - 6} more)" if len(legal) > 6 else ""
    raise IllegalAction(f"{text.strip()!r} is not a legal action now: try {examples}{more}")
