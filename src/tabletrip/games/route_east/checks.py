"""Why an action is not legal now: one function per Route East action kind, one line each.

`rules.RouteEastState.illegal_reason` gates on the phase and then calls `CHECKS[kind]`; the
same crossing checks decide which crossings `legal_actions` offers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletrip.core import Action
from tabletrip.games.route_east.actions import (
    Accept,
    Camp,
    ChooseTarget,
    Cross,
    Discard,
    DrawBorder,
    DrawIgnition,
    EndTurn,
    FreightTrain,
    HellNo,
    Move,
    Play,
    RollToLeave,
    Sail,
    Stay,
    TakeAction,
)
from tabletrip.games.route_east.content import ATTRACTION, BORDER, DIRT, TARGETED
from tabletrip.games.route_east.nights import play_strands, tent_needed, tent_to_keep
from tabletrip.games.route_east.phases import (
    AT_SEA,
    CROSS,
    DISCARD,
    EMBASSY,
    FREE,
    FREE_PLAY_KINDS,
    HAND_LIMIT,
    MOVES,
    PLAYS_PER_TURN,
    RESPOND,
    START,
    TARGET,
)

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState


def _start_problem(state: RouteEastState, action: Action) -> str | None:
    if state.phase != START:
        return "cards are drawn only at the start of your turn"
    if type(action) is DrawBorder and state.game.board.kinds[state.pos[state.seat]] != BORDER:
        return "a Border card is drawn only at a Border, to cross it"
    return None


def _cross_problem(state: RouteEastState, action: Cross) -> str | None:
    if state.phase == MOVES and action.border_pass:
        return pass_crossing_problem(state)
    if state.phase != CROSS:
        return "you cross a Border after drawing its Border card (or now with a Border Pass)"
    return crossing_problem(state, action.border_pass)


def pass_crossing_problem(state: RouteEastState) -> str | None:
    """Why a Border Pass cannot take the turn's player across this Border now, mid-turn."""
    board = state.game.board
    seat = state.seat
    here = state.pos[seat]
    if board.kinds[here] != BORDER or state.status[seat] != FREE:
        return "you are not at a Border"
    if here in board.ports:
        return "the Caspian crossing starts with a Border card at the start of your turn"
    if state.stayed:
        return "you chose not to cross today"
    if len(state.path) < 2:
        return "after a night at a Border, start your turn with a Border card to cross"
    if state.plays >= PLAYS_PER_TURN:
        return f"you have played {PLAYS_PER_TURN} Action cards this turn"
    if not state.holds(seat, "border_pass"):
        return "you hold no Border Pass"
    return None


def crossing_problem(state: RouteEastState, border_pass: bool) -> str | None:
    """Why the turn's player cannot cross after its Border card (with a Border Pass or not)."""
    card = state.game.decks.border[state.card]
    kinds = [e.kind for e in card.effects]
    seat = state.seat
    if "closed" in kinds:
        return f"the Border card says {card.name}: nobody crosses today"
    fee = sum(e.amount for e in card.effects if e.kind == "fee")
    if state.money[seat] < fee:
        return f"crossing costs ${fee}; you have ${state.money[seat]}"
    if border_pass:
        if "no_fuel_needed" in kinds:
            return "this crossing needs no Fuel Token: just `cross`"
        if state.plays >= PLAYS_PER_TURN:
            return f"you have played {PLAYS_PER_TURN} Action cards this turn"
        if not state.holds(seat, "border_pass"):
            return "you hold no Border Pass"
    elif "no_fuel_needed" not in kinds and not state.fuel[seat]:
        return "you need a Fuel Token (or a Border Pass) to cross"
    return None


def _stay_problem(state: RouteEastState, action: Stay) -> str | None:
    return None if state.phase == CROSS else "`stay` answers a Border card you just drew"


def _move_problem(state: RouteEastState, action: Move) -> str | None:
    board = state.game.board
    seat = state.seat
    if state.phase != MOVES:
        return "you move after the card at the start of your turn"
    if state.status[seat] == AT_SEA:
        return "you are on the Caspian boat: `sail` to roll for the far shore"
    if state.stayed:
        return "you chose not to cross: you cannot move spaces this turn"
    if not state.moves_left:
        return "you have no moves left"
    there = board.index.get(action.space)
    if there is None:
        return f"there is no space {action.space!r} on the board"
    here = state.pos[seat]
    road = next(
        (r for r in board.steps.get((here, state.country[seat]), ()) if r[0] == there), None
    )
    if road is None:
        if any(
            r[0] == there
            for c in range(len(board.countries))
            for r in board.steps.get((here, c), ())
        ):
            return "to cross into the next country, start your turn here with a Border card"
        return f"{action.space} is not one road away from {board.space_ids[here]}"
    plays_left = PLAYS_PER_TURN - state.plays - action.magic_roll
    if action.magic_roll:
        if road[1] != DIRT:
            return "a Magic Roll is for dirt roads only"
        if plays_left < 0:
            return f"you have played {PLAYS_PER_TURN} Action cards this turn"
        if not state.holds(seat, "magic_roll"):
            return "you hold no Magic Roll"
    tent = plays_left > 0 and state.holds(seat, "tent")
    dist = board.to_rest_or_attraction if tent else board.to_rest
    if state.moves_left - 1 < dist[there] and not (
        there == board.finish and state.all_visited(seat)
    ):
        return (
            f"from {action.space} you could not reach a Hostel, Hotel or Border "
            f"with the {state.moves_left - 1} moves left"
        )
    return None


def _take_problem(state: RouteEastState, action: TakeAction) -> str | None:
    if state.phase not in (MOVES, CROSS):
        return "Action cards are picked up after the card at the start of your turn"
    seat = state.seat
    if state.status[seat] == AT_SEA:
        return "on the boat every move is a roll for the far shore"
    if not state.moves_left:
        return "picking up an Action card costs a move; you have none left"
    board = state.game.board
    dist = board.to_rest_or_attraction if state.can_camp_later() else board.to_rest
    if state.phase == MOVES and state.moves_left - 1 < dist[state.pos[seat]]:
        return "you would have no move left to reach a Hostel, Hotel or Border"
    if not state.action.can_draw():
        return "the Action deck is empty"
    return None


def _play_problem(state: RouteEastState, action: Play) -> str | None:
    game = state.game
    card = game.decks.action_index.get(action.card)
    if card is None:
        known = ", ".join(c.id for c in game.decks.action)
        return f"there is no Action card {action.card!r}: cards are {known}"
    kind = game.kind_of_card[card]
    if kind not in FREE_PLAY_KINDS:
        how = {
            "tent": "`camp` on an attraction",
            "border_pass": "`cross with border pass` after a Border card",
            "freight_train": "`train <space>` as your first move",
            "magic_roll": "`move <space> with magic roll` on a dirt road",
            "hell_no": "`hell no` when a card is played against you",
        }[kind]
        return f"{game.decks.action[card].name} is played with {how}"
    if state.phase not in (MOVES, CROSS):
        return "Action cards are played after the card at the start of your turn"
    seat = state.seat
    if state.plays >= PLAYS_PER_TURN:
        return f"you have played {PLAYS_PER_TURN} Action cards this turn"
    if not state.hands[seat][card]:
        return f"you hold no {game.decks.action[card].name}"
    if kind in TARGETED:
        if action.target < 0:
            return f"say who it is aimed at: `play {action.card} on seat N`"
        if action.target not in state.targets_for(seat):
            return f"seat {action.target} cannot be aimed at (yourself, or at an Embassy)"
    elif action.target != -1:
        return f"{game.decks.action[card].name} is not aimed at a player"
    elif kind == "fuel" and not state.fuel_supply:
        return "the Fuel Token supply is empty"
    if state.plays == PLAYS_PER_TURN - 1 and state.phase == MOVES and play_strands(state, card):
        return (
            "your Tent is your night here: a second Action card would leave it unplayable "
            "and you no place to stay"
        )
    return None


def _train_problem(state: RouteEastState, action: FreightTrain) -> str | None:
    seat = state.seat
    board = state.game.board
    if state.phase != MOVES or state.status[seat] == AT_SEA:
        return "a Freight Train is played as the first move of your turn"
    if state.stayed:
        return "you chose not to cross: you cannot move spaces this turn"
    if state.moves_used:
        return "a Freight Train must be your first move"
    if not state.moves_left:
        return "a Freight Train needs a move: you have none this turn"
    if state.plays >= PLAYS_PER_TURN:
        return f"you have played {PLAYS_PER_TURN} Action cards this turn"
    if not state.holds(seat, "freight_train"):
        return "you hold no Freight Train"
    there = board.index.get(action.space)
    if there is None or there not in state.train_stops():
        return (
            f"a Freight Train cannot take you to {action.space}: it rides up to "
            f"{state.game.train_reach} spaces in this country, stops at No Trains signs and "
            "ends on a Hostel, Hotel or Border (an attraction with a Tent)"
        )
    return None


def _discard_problem(state: RouteEastState, action: Discard) -> str | None:
    card = state.game.decks.action_index.get(action.card)
    if state.phase != DISCARD:
        return f"you discard only when holding more than {HAND_LIMIT} Action cards"
    if card is None or not state.hands[state.seat][card]:
        return f"you hold no {action.card!r}"
    if card == tent_to_keep(state):
        return "you sleep under this Tent tonight: discard another card"
    return None


def _target_problem(state: RouteEastState, action: ChooseTarget) -> str | None:
    if state.phase != TARGET:
        return "there is no theft to aim now"
    if action.seat not in state.targets_for(state.seat):
        return f"seat {action.seat} cannot be aimed at (yourself, or at an Embassy)"
    return None


def _hell_no_problem(state: RouteEastState, action: HellNo) -> str | None:
    if state.phase != RESPOND:
        return "Hell no! answers a card played against you"
    if not state.holds(state.current_player, "hell_no"):
        return "you hold no Hell no!"
    return None


def _accept_problem(state: RouteEastState, action: Accept) -> str | None:
    return None if state.phase == RESPOND else "there is nothing to accept"


def _end_problem(state: RouteEastState, action: EndTurn) -> str | None:
    if state.phase != MOVES:
        return "finish the start of your turn first"
    board = state.game.board
    seat = state.seat
    here = state.pos[seat]
    if state.status[seat] == AT_SEA:
        if state.moves_left:
            return "on the boat you use every move to roll for the far shore"
        return None
    if board.rest[here] or (state.may_go_back and state.moves_left < board.to_rest[here]):
        return None
    if tent_needed(state, state.moves_left):
        return (
            "you came here counting on your Tent: `camp` for the night (only a failed dirt "
            "roll sends a piece back the way it came)"
        )
    return (
        "you may only end your turn on a Hostel, Hotel or Border (or an attraction with a "
        f"Tent); the nearest is {board.to_rest[here]} moves away"
    )


def _camp_problem(state: RouteEastState, action: Camp) -> str | None:
    seat = state.seat
    board = state.game.board
    if state.phase != MOVES or state.status[seat] == AT_SEA:
        return "you camp at the end of your turn, on an attraction"
    if board.kinds[state.pos[seat]] != ATTRACTION:
        return "a Tent lets you stay on an attraction only"
    if not state.holds(seat, "tent"):
        return "you hold no Tent"
    if state.plays >= PLAYS_PER_TURN:
        return f"you have played {PLAYS_PER_TURN} Action cards this turn"
    return None


def _roll_problem(state: RouteEastState, action: RollToLeave) -> str | None:
    return None if state.phase == EMBASSY else "you roll to leave only when stuck at an Embassy"


def _sail_problem(state: RouteEastState, action: Sail) -> str | None:
    if state.phase != MOVES or state.status[state.seat] != AT_SEA:
        return "you sail only on the Caspian boat"
    return None if state.moves_left else "you have no moves left: the boat waits for tomorrow"


CHECKS: dict[type[Action], Callable[[Any, Any], str | None]] = {
    DrawIgnition: _start_problem,
    DrawBorder: _start_problem,
    Cross: _cross_problem,
    Stay: _stay_problem,
    Move: _move_problem,
    TakeAction: _take_problem,
    Play: _play_problem,
    FreightTrain: _train_problem,
    Discard: _discard_problem,
    ChooseTarget: _target_problem,
    HellNo: _hell_no_problem,
    Accept: _accept_problem,
    EndTurn: _end_problem,
    Camp: _camp_problem,
    RollToLeave: _roll_problem,
    Sail: _sail_problem,
}
