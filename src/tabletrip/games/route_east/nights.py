"""Where a Route East piece spends the night, and what that asks of the Tent.

"You must finish your turn on either a Hostel, Hotel or Border - unless you have a tent
allowing you to end your turn at an attraction" ("Turns"). Going back the way you came is the
rule only for a piece out of moves after failed dirt-road rolls ("Navigating the Map, Roads";
"Questions and Answers, Dirt Roads"), and, as tabletrip reads it, for a piece whose turn began
off a place to stay (out of an Embassy, RULES_NOTES.md). A player who walked onto an attraction
counting on a Tent therefore sleeps under it: no second Action card may leave the Tent
unplayable, and that Tent is not discarded to the hand limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.games.route_east.phases import FREE, MOVES, PLAYS_PER_TURN

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState


def tent_needed(state: RouteEastState, moves: int) -> bool:
    """Whether, with `moves` moves left, the turn's player has no night but under a Tent: off
    a place to stay, out of reach of one, and free to go back the way it came only after a
    failed dirt roll (or out of an Embassy)."""
    seat = state.seat
    here = state.pos[seat]
    board = state.game.board
    return (
        not board.rest[here]
        and not state.may_go_back
        and state.status[seat] == FREE
        and moves < board.to_rest[here]
    )


def play_strands(state: RouteEastState, card: int) -> bool:
    """Whether playing Action card kind `card` as the turn's last play would leave the turn's
    player, who counts on its Tent, no place to spend the night (a Shortcut's move may save it)."""
    effect = state.game.decks.action[card].effect
    extra = effect.amount if effect.kind == "moves" else 0
    return tent_needed(state, state.moves_left + extra)


def tent_to_keep(state: RouteEastState) -> int:
    """The Tent card kind the turn's player may not discard to the hand limit, as the night is
    spent under it (it holds only that one Tent); -1 if none."""
    if state.after != MOVES or state.plays >= PLAYS_PER_TURN:
        return -1
    hand = state.hands[state.seat]
    tents = [c for c in state.game.cards_of_kind.get("tent", ()) if hand[c]]
    if len(tents) != 1 or hand[tents[0]] != 1 or not tent_needed(state, state.moves_left):
        return -1
    return tents[0]


def way_back(state: RouteEastState, seat: int) -> int:
    """The nearest Hostel, Hotel or Border back the way `seat` came this turn."""
    board = state.game.board
    for space in reversed(state.path):
        if board.rest[space]:
            return space
    # Released from an Embassy, the path may hold no place to stay: the nearest one.
    here = state.pos[seat]
    country = state.country[seat]
    seen = {here}
    frontier = [here]
    while frontier:
        nxt = []
        for space in frontier:
            for there, _, _ in board.steps.get((space, country), ()):
                if there in seen:
                    continue
                if board.rest[there]:
                    return there
                seen.add(there)
                nxt.append(there)
        frontier = sorted(nxt)
    return here  # pragma: no cover - every space reaches a place to stay
