"""Route East's moves: what each action does to the state, one small function each, and the
steps they share (a turn's start, entering a space, a night's lodging, paying, bankruptcy, the
Embassy, a card played against a player).

`MOVE_FUNCTIONS` maps each action type to its function; `RouteEastState._apply` plays through
it after the rules accepted the action, so no function here checks legality again. Every
event a seat may read of the turn is logged with `event`.
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
from tabletrip.games.route_east.content import (
    ATM,
    ATTRACTION,
    DIRT,
    FINISH,
    FUEL,
    MOVES_PER_TURN,
    TARGETED,
    TOLL,
)
from tabletrip.games.route_east.nights import way_back
from tabletrip.games.route_east.phases import (
    AFTER_IGNITION,
    AFTER_TRAIN,
    AT_SEA,
    BANKRUPT_GRANT,
    BORDER_CARD,
    CROSS,
    DISCARD,
    EMBASSY,
    EMBASSY_ROLL_TURNS,
    FREE,
    HAND_LIMIT,
    IGNITION_CARD,
    MOVES,
    NO_CARD,
    PLAYS_PER_TURN,
    RESPOND,
    ROUND_LIMIT,
    SEA_ROLL_TURNS,
    SENT,
    START,
    STUCK,
    TARGET,
    TOLL_PRICE,
)

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState


# --- moves: one small function each -----------------------------------------------------


def _draw_ignition(state: RouteEastState, action: DrawIgnition) -> None:
    """Draw an Ignition card, do what it says, then pay last night's accommodation."""
    game = state.game
    seat = state.seat
    card = state.ignition.draw(state.rng)
    assert card is not None
    state.ignition.discard((card,))
    state.card, state.card_deck = card, IGNITION_CARD
    state.moves_left = MOVES_PER_TURN
    state.after = AFTER_IGNITION
    event(state, "ignition", seat, card)
    for effect in game.decks.ignition[card].effects:
        kind, amount = effect.kind, effect.amount
        if kind == "moves":
            state.moves_left = max(0, state.moves_left + amount)
        elif kind == "pay":
            if not _charge(state, seat, amount):
                return
        elif kind == "collect":
            state.money[seat] += amount
        elif kind == "fuel":
            _gain_fuel(state, seat, amount)
        elif kind == "draw_action":
            _draw_action_cards(state, seat, amount)
        elif kind == "embassy":
            # Last night is paid first: accommodation follows the Ignition card.
            cost = state.night_cost[seat]
            if cost and not _charge(state, seat, cost):
                return
            _send_to_embassy(state, seat)
            _next_turn(state)
            return
        elif kind in TARGETED and state.targets_for(seat):
            state.phase = TARGET
            return
    _resume(state)


def _draw_border(state: RouteEastState, action: DrawBorder) -> None:
    """At a Border: draw a Border card; crossing is decided after seeing it."""
    card = state.border.draw(state.rng)
    assert card is not None
    state.border.discard((card,))
    state.card, state.card_deck = card, BORDER_CARD
    state.moves_left = MOVES_PER_TURN
    state.after = CROSS
    state.phase = CROSS
    state.night_cost[state.seat] = 0  # a night at a Border is free
    event(state, "border", state.seat, card)


def _cross(state: RouteEastState, action: Cross) -> None:
    """Pay the Fuel Token (or Border Pass) and the card's fee; step into the next country."""
    game = state.game
    board = game.board
    seat = state.seat
    here = state.pos[seat]
    if state.phase == MOVES:  # a Border Pass mid-turn: no waiting, no Border card
        _spend_card(state, seat, "border_pass")
        _switch_country(state, seat, here)
        return
    effects = game.decks.border[state.card].effects
    if action.border_pass:
        _spend_card(state, seat, "border_pass")
    elif not any(e.kind == "no_fuel_needed" for e in effects):
        state.fuel[seat] -= 1
        state.fuel_supply += 1
    for effect in effects:
        if effect.kind == "fee":
            state.money[seat] -= effect.amount
        elif effect.kind == "moves":
            state.moves_left = max(0, state.moves_left + effect.amount)
    state.after = MOVES
    state.phase = MOVES
    if here in board.ports:
        state.status[seat] = AT_SEA
        state.status_turns[seat] = 1
        state.pos[seat] = board.boat
        event(state, "board", seat)
    else:
        _switch_country(state, seat, here)


def _switch_country(state: RouteEastState, seat: int, border: int) -> None:
    pair = state.game.board.border_countries[border]
    assert pair is not None
    state.country[seat] = pair[1] if pair[0] == state.country[seat] else pair[0]
    event(state, "cross", seat, state.country[seat])


def _stay(state: RouteEastState, action: Stay) -> None:
    """Decline to cross: Action cards only this turn."""
    state.stayed = True
    state.after = MOVES
    state.phase = MOVES


def _move(state: RouteEastState, action: Move) -> None:
    """One space along a road: a toll is paid first; a dirt road needs an even roll."""
    game = state.game
    board = game.board
    seat = state.seat
    there = board.index[action.space]
    here = state.pos[seat]
    kind = next(r[1] for r in board.steps[(here, state.country[seat])] if r[0] == there)
    if kind == TOLL:
        event(state, "toll", seat)
        if not _charge(state, seat, TOLL_PRICE):
            return
    state.moves_left -= 1
    state.moves_used += 1
    if kind == DIRT:
        if action.magic_roll:
            _spend_card(state, seat, "magic_roll")
        else:
            roll = state.rng.roll()
            event(state, "roll", seat, roll, "dirt")
            if roll % 2:
                state.may_go_back = True  # out of moves now, it goes back the way it came
                return  # the move is spent and the piece stays
    _enter(state, seat, there)


def _take(state: RouteEastState, action: TakeAction) -> None:
    """Spend a move on an Action card (over 5 cards, one goes back under the deck)."""
    state.moves_left -= 1
    state.moves_used += 1
    state.may_go_back = False  # the last move picked up a card, not a roll that failed
    _draw_action_cards(state, state.seat, 1)
    _check_hand(state)


def _play(state: RouteEastState, action: Play) -> None:
    """Play an Action card: an effect now, or a card aimed at a player, who may answer."""
    game = state.game
    seat = state.seat
    card = game.decks.action_index[action.card]
    effect = game.decks.action[card].effect
    _spend_card(state, seat, effect.kind)
    event(state, "play", seat, card, action.target)
    if effect.kind in TARGETED:
        state.after = state.phase
        state.attack = (effect.kind, effect.amount, seat, action.target)
        state.hell_nos = 0
        state.phase = RESPOND
    elif effect.kind == "moves":
        state.moves_left += effect.amount
    elif effect.kind == "fuel":
        _gain_fuel(state, seat, effect.amount)
    elif effect.kind == "collect":
        state.money[seat] += effect.amount


def _train(state: RouteEastState, action: FreightTrain) -> None:
    """Ride the Freight Train: nothing passed counts; every move is used; the turn ends."""
    board = state.game.board
    seat = state.seat
    there = board.index[action.space]
    _spend_card(state, seat, "freight_train")
    event(state, "train", seat, there)
    state.moves_left = 0
    state.pos[seat] = there
    state.path.append(there)
    if board.kinds[there] == ATTRACTION:
        _spend_card(state, seat, "tent")
        state.landed[seat] |= 1 << board.attraction_at[there]
        _visit(state, seat, there)
        state.night_cost[seat] = 0
    else:
        state.night_cost[seat] = board.lodging[there]
    if state.phase == DISCARD:
        state.after = AFTER_TRAIN  # a bonus card to discard first, then the turn ends
    elif not state.over:
        _next_turn(state)


def _discard(state: RouteEastState, action: Discard) -> None:
    """Put one Action card under the Action deck."""
    card = state.game.decks.action_index[action.card]
    state.hands[state.seat][card] -= 1
    state.action.put_bottom((card,))
    state.under.insert(0, state.seat)
    _resume(state)


def _choose_target(state: RouteEastState, action: ChooseTarget) -> None:
    """Aim the Ignition card's theft; the victim may answer with Hell no!."""
    effect = next(e for e in state.game.decks.ignition[state.card].effects if e.kind in TARGETED)
    state.attack = (effect.kind, effect.amount, state.seat, action.seat)
    state.hell_nos = 0
    state.phase = RESPOND


def _hell_no(state: RouteEastState, action: HellNo) -> None:
    """Cancel the card (or Hell no!) played against you; its player may answer in turn."""
    responder = state.current_player
    _spend_card(state, responder, "hell_no", counts=False)
    event(state, "hell_no", responder)
    state.hell_nos += 1


def _accept(state: RouteEastState, action: Accept) -> None:
    """Let it stand: an even number of Hell no!s leaves the card in force."""
    attack = state.attack
    assert attack is not None
    kind, amount, attacker, target = attack
    state.attack = None
    if state.hell_nos % 2 == 0:
        _resolve_attack(state, kind, amount, attacker, target)
    else:
        event(state, "cancelled", attacker, kind)
    state.hell_nos = 0
    if state.phase == RESPOND:
        _resume(state)


def _end(state: RouteEastState, action: EndTurn) -> None:
    """End the turn; out of moves away from a place to stay, go back the way you came."""
    board = state.game.board
    seat = state.seat
    here = state.pos[seat]
    if state.status[seat] == AT_SEA:
        state.night_cost[seat] = 0
    elif board.rest[here]:
        state.night_cost[seat] = board.lodging[here]
    else:
        back = way_back(state, seat)
        state.pos[seat] = back
        event(state, "back", seat, back)
        state.night_cost[seat] = board.lodging[back]
    _next_turn(state)


def _camp(state: RouteEastState, action: Camp) -> None:
    """Play a Tent: a free night on this attraction."""
    _spend_card(state, state.seat, "tent")
    state.night_cost[state.seat] = 0
    event(state, "camp", state.seat)
    _next_turn(state)


def _roll_to_leave(state: RouteEastState, action: RollToLeave) -> None:
    """Stuck at an Embassy: a 6 frees you now; otherwise the turn is over."""
    seat = state.seat
    roll = state.rng.roll()
    event(state, "roll", seat, roll, "embassy")
    if roll == 6:
        state.status[seat] = FREE
        state.status_turns[seat] = 0
        state.phase = START
    else:
        state.status_turns[seat] += 1
        _next_turn(state)


def _sail(state: RouteEastState, action: Sail) -> None:
    """Spend a move rolling for a 6; a 6 lands you on the far port (no move for it)."""
    seat = state.seat
    state.moves_left -= 1
    state.moves_used += 1
    roll = state.rng.roll()
    event(state, "roll", seat, roll, "sea")
    if roll == 6:
        _land(state, seat)


# --- shared steps ------------------------------------------------------------------------


def begin_turn(state: RouteEastState, seat: int) -> None:
    """Start `seat`'s turn: the Embassy, the boat, or a card to draw."""
    if state.turns[seat] >= ROUND_LIMIT:
        state.over = True
        state.seat = seat
        event(state, "limit", seat)
        return
    state.seat = seat
    state.turns[seat] += 1
    state.moves_left = 0
    state.moves_used = 0
    state.plays = 0
    state.stayed = False
    state.path = [state.pos[seat]]
    state.may_go_back = not state.game.board.rest[state.pos[seat]]
    state.card = -1
    state.card_deck = NO_CARD
    state.after = MOVES
    status = state.status[seat]
    if status == STUCK:
        if state.status_turns[seat] >= EMBASSY_ROLL_TURNS:
            state.status[seat] = FREE
            state.status_turns[seat] = 0
            state.phase = START
        else:
            state.phase = EMBASSY
    elif status == SENT:
        state.status[seat] = FREE
        state.phase = START
    elif status == AT_SEA:
        state.phase = MOVES
        state.moves_left = MOVES_PER_TURN
        if state.status_turns[seat] >= SEA_ROLL_TURNS:
            _land(state, seat)
        else:
            state.status_turns[seat] += 1
    else:
        state.phase = START


def _next_turn(state: RouteEastState) -> None:
    begin_turn(state, (state.seat + 1) % state.game.players)


def _resume(state: RouteEastState) -> None:
    """Back from a sub-decision: discard down to 5, pay the night, or carry on moving."""
    seat = state.seat
    if _check_hand(state):
        return
    if state.after == AFTER_TRAIN:
        _next_turn(state)
        return
    if state.after == AFTER_IGNITION:
        state.after = MOVES
        cost = state.night_cost[seat]
        state.night_cost[seat] = 0
        if cost:
            event(state, "lodging", seat, cost)
            if not _charge(state, seat, cost):
                return
    state.phase = state.after


def _check_hand(state: RouteEastState) -> bool:
    """Whether the turn's player must discard (over the hand limit) before going on."""
    if sum(state.hands[state.seat]) > HAND_LIMIT:
        if state.phase != DISCARD:
            if state.phase in (MOVES, CROSS):
                state.after = state.phase
            state.phase = DISCARD
        return True
    return False


def settle(state: RouteEastState) -> None:
    """End the turn by itself when ending it is the only thing left to do.

    Only public facts decide it (no moves left, and two cards played or none in hand):
    waiting on what the hand could still play would tell the table what is in it.
    """
    if state.moves_left or state.phase != MOVES:
        return
    if state.plays < PLAYS_PER_TURN and any(state.hands[state.seat]):
        return
    _end(state, state.game.end)  # not an action in the record: replay repeats it by itself


def _enter(state: RouteEastState, seat: int, there: int) -> None:
    """Arrive on a space: an ATM pays one Bank card, a Fuel Station gives a Fuel Token,
    your attraction is visited, Shanghai ends the race if every attraction is done."""
    board = state.game.board
    state.pos[seat] = there
    state.path.append(there)
    state.may_go_back = False
    kind = board.kinds[there]
    if kind == ATM:
        if not state.atm.cards:
            state.atm.cards = list(state.game.atm_cards)
            state.atm.shuffle(state.rng)
        value = state.atm.draw(state.rng)
        assert value is not None  # refilled above
        state.money[seat] += value
        event(state, "atm", seat, value)
    elif kind == FUEL:
        if state.fuel_supply:
            _gain_fuel(state, seat, 1)
            event(state, "fuel", seat)
    elif kind == ATTRACTION:
        state.landed[seat] |= 1 << board.attraction_at[there]
        _visit(state, seat, there)
    elif kind == FINISH and state.all_visited(seat):
        state.winner = seat
        state.over = True
        event(state, "win", seat)


def _visit(state: RouteEastState, seat: int, space: int) -> None:
    """Landing on one of your attractions: turn it face up and take its bonus now."""
    board = state.game.board
    attraction = board.attraction_at[space]
    bit = 1 << attraction
    if attraction not in state.attractions[seat] or state.visited[seat] & bit:
        return
    state.visited[seat] |= bit
    event(state, "attraction", seat, attraction)
    bonus = board.attractions[attraction].bonus
    if bonus.kind == "collect":
        state.money[seat] += bonus.amount
    elif bonus.kind == "fuel":
        _gain_fuel(state, seat, bonus.amount)
    elif bonus.kind == "moves":
        state.moves_left += bonus.amount
    elif bonus.kind == "draw_action":
        _draw_action_cards(state, seat, bonus.amount)
        _check_hand(state)


def _land(state: RouteEastState, seat: int) -> None:
    """The boat reaches the far port: you are over the Border, in its country."""
    board = state.game.board
    a, b = board.ports
    port = b if state.country[seat] == board.country[a] else a
    state.pos[seat] = port
    state.country[seat] = board.country[port]
    state.status[seat] = FREE
    state.status_turns[seat] = 0
    state.path = [port]
    event(state, "land", seat)


def _charge(state: RouteEastState, seat: int, amount: int) -> bool:
    """Pay the bank; unable to, go bankrupt (False: the turn may be over)."""
    if state.money[seat] >= amount:
        state.money[seat] -= amount
        return True
    _bankrupt(state, seat)
    return False


def _bankrupt(state: RouteEastState, seat: int) -> None:
    """Out of money: to the Embassy of your country, take $100, the debt is forgotten.

    The unpaid debt is dropped, what you had is kept (RULES_NOTES.md); if it is your turn,
    it is over.
    """
    state.money[seat] += BANKRUPT_GRANT
    state.bankruptcies[seat] += 1
    _to_embassy(state, seat, STUCK)
    event(state, "bankrupt", seat)
    if seat == state.seat and not state.over:
        _next_turn(state)


def _send_to_embassy(state: RouteEastState, seat: int) -> None:
    """Sent to an Embassy by a card: the next turn starts as normal, no accommodation."""
    _to_embassy(state, seat, SENT)
    event(state, "embassy", seat)


def _to_embassy(state: RouteEastState, seat: int, status: int) -> None:
    # On the boat the country is still the one you sailed from: back to Azerbaijan.
    state.pos[seat] = state.game.board.embassy[state.country[seat]]
    state.status[seat] = status
    state.status_turns[seat] = 0
    state.night_cost[seat] = 0
    state.embassy_stays[seat] += 1


def _resolve_attack(
    state: RouteEastState, kind: str, amount: int, attacker: int, target: int
) -> None:
    """Steal money or a Fuel Token, or send to an Embassy; a victim with nothing to steal
    goes to the Embassy (bankrupt for money)."""
    if kind == "steal_money":
        if state.money[target] >= amount:
            state.money[target] -= amount
            state.money[attacker] += amount
            event(state, "stolen", attacker, target, "money", amount)
        else:
            _bankrupt(state, target)
    elif kind == "steal_fuel":
        if state.fuel[target]:
            state.fuel[target] -= 1
            state.fuel[attacker] += 1
            event(state, "stolen", attacker, target, "fuel", 1)
        else:
            _send_to_embassy(state, target)
    else:
        _send_to_embassy(state, target)


def _draw_action_cards(state: RouteEastState, seat: int, count: int) -> None:
    hand = state.hands[seat]
    under = state.under
    for _ in range(count):
        card = state.action.draw(state.rng)
        if card is None:
            return
        hand[card] += 1
        if len(under) > len(state.action.cards):  # drawn from among the cards put under
            del under[len(state.action.cards) :]


def _spend_card(state: RouteEastState, seat: int, kind: str, counts: bool = True) -> None:
    """Play (discard) one Action card of this effect kind from the seat's hand."""
    card = state._card_of(kind, seat)
    state.hands[seat][card] -= 1
    state.action.discard((card,))
    if counts:
        state.plays += 1


def _gain_fuel(state: RouteEastState, seat: int, amount: int) -> None:
    amount = min(amount, state.fuel_supply) if amount > 0 else -min(-amount, state.fuel[seat])
    state.fuel[seat] += amount
    state.fuel_supply -= amount


def event(state: RouteEastState, *event: Any) -> None:
    """Log an event a seat may read of the turn (`RouteEastState.events` keeps the latest)."""
    state.log = (state.log, event)


MOVE_FUNCTIONS: dict[type[Action], Callable[[RouteEastState, Any], None]] = {
    DrawIgnition: _draw_ignition,
    DrawBorder: _draw_border,
    Cross: _cross,
    Stay: _stay,
    Move: _move,
    TakeAction: _take,
    Play: _play,
    FreightTrain: _train,
    Discard: _discard,
    ChooseTarget: _choose_target,
    HellNo: _hell_no,
    Accept: _accept,
    EndTurn: _end,
    Camp: _camp,
    RollToLeave: _roll_to_leave,
    Sail: _sail,
}
