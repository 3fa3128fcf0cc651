"""Route East: what the player to move decides now, in tabletrip's own plain words.

`HELP` holds one short text per kind of decision (the phase, told apart further where the
choices differ: at a Border, on the boat, out of moves); `decision_kind` says which one a
state is at. The texts explain the choices and the rules that limit them; they are written
for tabletrip, not taken from the rulebook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.games.route_east.content import BORDER
from tabletrip.games.route_east.phases import (
    AT_SEA,
    CROSS,
    DISCARD,
    EMBASSY,
    MOVES,
    RESPOND,
    START,
    TARGET,
)

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState

HELP: dict[str, str] = {
    "start": (
        "Your turn opens with an Ignition card, read out and carried out at once: it may change "
        "your number of moves, fine you, pay you, or let you take from another player. Then "
        "you pay for last night's bed: $25 at a Hostel, $50 at a Hotel, nothing at a Border or "
        "an Embassy, nor on your first turn."
    ),
    "start_border": (
        "You slept at a Border. To cross into the next country, begin with a Border card (you "
        "may still turn back after reading it); to keep travelling on this side, begin with an "
        "Ignition card. A night at a Border is free."
    ),
    "cross": (
        "The Border card is drawn. Cross by handing back a Fuel Token (or playing a Border "
        "Pass) and paying any fee the card names, or stay: staying costs nothing, but your "
        "piece cannot move this turn, only take and play Action cards. From a Caspian port, "
        "crossing puts you on the boat."
    ),
    "moves": (
        "Spend your moves: each one takes your piece one space along a road of the country you "
        "are in, or picks up an Action card. A dirt road needs an even roll (a miss still uses "
        "the move) and a toll road costs $25 before you go; up to two Action cards a turn may "
        "be played for free, a Freight Train only before your first move. The turn must end "
        "where a night is allowed: a Hostel, Hotel or Border (an attraction only with a Tent)."
    ),
    "stayed": (
        "You did not cross, so your piece stays at the Border today. Your moves can still pick "
        "up Action cards and you may play up to two; the night here is free."
    ),
    "no_moves": (
        "Your moves are used up. You may still play Action cards (two a turn at most), then end "
        "the turn. On an attraction a Tent lets you sleep there; a piece stuck by a failed "
        "dirt-road roll goes back the way it came to the last Hostel, Hotel or Border."
    ),
    "at_sea": (
        "You are on the Caspian boat: every move is a roll of the die, and a 6 lands you in the "
        "far port, where moves left can still be used. If two turns of rolling fail, the boat "
        "lands by itself at the start of your third turn; a Magic Roll does not work at sea."
    ),
    "target": (
        "Your Ignition card takes from another player: choose who. Nobody held at an Embassy "
        "can be chosen, and the player you choose may cancel the card with Hell no!."
    ),
    "respond_target": (
        "A card has been played against you. Accept it, or cancel it with a Hell no! card; its "
        "player may cancel your Hell no! with another, and so on. If you have nothing it could "
        "take, you are sent to an Embassy instead."
    ),
    "respond_attacker": (
        "Your card was cancelled with Hell no!. Accept that, or put your card back in force "
        "with a Hell no! of your own (the other player may answer again)."
    ),
    "discard": (
        "You hold more than five Action cards. Choose cards to slide under the Action deck "
        "until you are down to five."
    ),
    "embassy": (
        "You are held at an Embassy: roll the die once this turn, and a 6 lets you go on with an "
        "Ignition card and your moves. Nights here are free; after two turns without a 6 you "
        "leave at the start of the third."
    ),
    "over": "The race is over: the first to reach Shanghai with every attraction visited won.",
}


def decision_kind(state: RouteEastState) -> str:
    """Which `HELP` text fits the decision the player to move faces now."""
    if state.over:
        return "over"
    phase = state.phase
    seat = state.seat
    if phase == START:
        return "start_border" if state.game.board.kinds[state.pos[seat]] == BORDER else "start"
    if phase == MOVES:
        if state.status[seat] == AT_SEA:
            return "at_sea"
        if not state.moves_left:
            return "no_moves"
        return "stayed" if state.stayed else "moves"
    if phase == RESPOND:
        attack = state.attack
        return "respond_target" if attack is None or state.hell_nos % 2 == 0 else "respond_attacker"
    return {CROSS: "cross", TARGET: "target", DISCARD: "discard", EMBASSY: "embassy"}[phase]


def decision_help(state: RouteEastState) -> str:
    """The `HELP` text of the decision the player to move faces now."""
    return HELP[decision_kind(state)]


__all__ = ["HELP", "decision_help", "decision_kind"]
