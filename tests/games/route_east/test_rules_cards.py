"""Route East rulebook, "The Cards" (Ignition, Border, Bank and Action cards) and the Questions
and Answers about them: Ignition & Action Card Anarchy, Money Worries, Fuel Frustrations.

Each test names the rulebook section it checks. Situations are built on the real board, places
found by what they are; deck tops and dice are rigged, so every test is exact.
"""

from __future__ import annotations

from collections import deque

import pytest

from route_east_situations import (
    at,
    attractions,
    between,
    border_with,
    card_id,
    give,
    ignition_on_top,
    land_border,
    legal_strings,
    moves_phase,
    new_state,
    quiet_turn,
    refused,
    road_from_rest,
    sid,
    space_of_kind,
    spare_attraction,
    start_phase,
    walk_to_border,
)
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
    FUEL,
    HOSTEL,
    HOTEL,
    TOLL,
    Board,
)
from tabletrip.games.route_east.phases import (
    AT_SEA,
    BANKRUPT_GRANT,
    CROSS,
    DISCARD,
    EMBASSY,
    FREE,
    MOVES,
    RESPOND,
    SENT,
    START,
    STUCK,
    TARGET,
)
from tabletrip.games.route_east.rules import RouteEastState

# --- small builders ---------------------------------------------------------------------------


def ignition_doing(state: RouteEastState, kind: str, amount: int = 0) -> str:
    """Put an Ignition card whose only effect is `kind` (with `amount`) on top; its name."""
    cards = state.game.decks.ignition
    i = next(
        i
        for i, c in enumerate(cards)
        if len(c.effects) == 1 and c.effects[0].kind == kind and c.effects[0].amount == amount
    )
    state.ignition.cards.append(i)
    return cards[i].name


def border_doing(state: RouteEastState, kind: str, amount: int = 0) -> str:
    """Put a Border card whose only effect is `kind` (with `amount`) on top; its name."""
    cards = state.game.decks.border
    i = next(
        i
        for i, c in enumerate(cards)
        if len(c.effects) == 1 and c.effects[0].kind == kind and c.effects[0].amount == amount
    )
    state.border.cards.append(i)
    return cards[i].name


def action_on_top(state: RouteEastState, kind: str) -> None:
    """Put an Action card of this effect kind on top of the Action deck."""
    card = state.game.decks.action_of_kind[kind]
    state.action.cards.remove(card)
    state.action.cards.append(card)


def play(state: RouteEastState, kind: str, target: int = -1) -> Play:
    """Playing the Action card of this effect kind (aimed at `target`)."""
    return Play(card_id(state, kind), target)


def holds(state: RouteEastState, seat: int, kind: str) -> int:
    """How many Action cards of this effect kind `seat` holds."""
    return state.hands[seat][state.game.decks.action_of_kind[kind]]


def at_border_start(state: RouteEastState, seat: int = 0) -> int:
    """`seat` begins its turn on a land Border (in its first country); the Border."""
    border = land_border(state.game.board)
    start_phase(state, seat, border)
    return border


def train_paths(board: Board, start: int) -> dict[int, list[tuple[int, int]]]:
    """Shortest Freight Train paths from `start` in its country: space -> [(space, road kind)]."""
    country = board.country[start]
    paths: dict[int, list[tuple[int, int]]] = {start: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if len(paths[here]) == 6:
            continue
        for there, road, no_trains in board.steps.get((here, country), ()):
            if not no_trains and there not in paths:
                paths[there] = [*paths[here], (there, road)]
                queue.append(there)
    return paths


def train_ride_past(board: Board, space_kind: int = -1, road_kind: int = -1) -> tuple[int, int]:
    """(start, stop): a Hostel or Hotel and a Hostel or Hotel within a train's reach whose
    shortest ride passes a space of `space_kind` or runs along a road of `road_kind`."""
    for start, kind in enumerate(board.kinds):
        if kind not in (HOSTEL, HOTEL):
            continue
        for stop, path in train_paths(board, start).items():
            if board.kinds[stop] not in (HOSTEL, HOTEL) or not path:
                continue
            passed = [board.kinds[s] for s, _ in path[:-1]]
            roads = [r for _, r in path]
            if space_kind in passed or road_kind in roads:
                return start, stop
    raise LookupError("no such ride")


def attack(state: RouteEastState, attacker: int, target: int, kind: str = "steal_money") -> None:
    """`attacker` plays a card of this kind on `target` in the middle of its turn."""
    hostel = space_of_kind(state.game.board, "hostel")
    moves_phase(state, attacker, hostel)
    give(state, attacker, kind)
    state.apply(play(state, kind, target))


# --- Ignition Cards ---------------------------------------------------------------------------


def test_ignition_card_is_drawn_before_anything_else() -> None:
    """The Cards, Ignition Cards: "You must draw an Ignition Card before you do anything else"."""
    state = new_state()
    board = state.game.board
    a, atm, _ = between(board, "atm")
    start_phase(state, 0, a)
    give(state, 0, "moves")
    assert legal_strings(state) == ["ignition"]
    refused(state, Move(sid(state, atm)), "after the card")
    refused(state, TakeAction(), "after the card")
    refused(state, play(state, "moves"), "after the card")
    refused(state, EndTurn(), "start of your turn")
    refused(state, DrawBorder(), "only at a Border")
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    assert state.phase == MOVES and state.moves_left == 3
    assert f"move {sid(state, atm)}" in legal_strings(state)
    refused(state, DrawIgnition(), "only at the start")


def test_ignition_card_is_read_aloud() -> None:
    """Turns, On Your 1st Turn: "Draw an IGNITION CARD, read it aloud": every seat sees it."""
    state = new_state()
    start_phase(state, 0, space_of_kind(state.game.board, "hostel"))
    name = ignition_doing(state, "collect", 50)
    assert state.public_observation()["card"] is None
    state.apply(DrawIgnition())
    for view in (state.public_observation(), state.observation(1)):
        assert view["card"]["deck"] == "ignition"
        assert view["card"]["name"] == name
        assert any(name in event for event in view["events"])


@pytest.mark.parametrize(("amount", "moves"), [(1, 4), (-1, 2)])
def test_ignition_card_changes_the_turns_moves(amount: int, moves: int) -> None:
    """Turns: "Every turn has 3 MOVES (unless your Ignition Card says otherwise)"."""
    state = new_state()
    start_phase(state, 0, space_of_kind(state.game.board, "hostel"))
    ignition_doing(state, "moves", amount)
    state.apply(DrawIgnition())
    assert state.phase == MOVES
    assert state.moves_left == moves


def test_ignition_card_with_no_moves_still_pays_and_the_turn_ends() -> None:
    """Ignition Cards / Q&A Accommodation: a card that takes every move still leaves last
    night's bill to pay ("You can't just bag a free night!"); with nothing left to do the
    turn ends there."""
    state = new_state()
    hotel = space_of_kind(state.game.board, "hotel")
    start_phase(state, 0, hotel, night_cost=50)
    ignition_doing(state, "moves", -3)
    state.apply(DrawIgnition())
    assert state.money[0] == 450 - 50
    assert state.pos[0] == hotel
    assert state.seat == 1 and state.phase == START


def test_ignition_card_with_no_moves_leaves_action_cards_playable() -> None:
    """Ignition Cards: with no moves you can still play Action cards (Turns: playing costs no
    move); a move card played then gives a move to use."""
    state = new_state()
    a, atm, _ = between(state.game.board, "atm")
    start_phase(state, 0, a)
    give(state, 0, "moves")
    ignition_doing(state, "moves", -3)
    state.apply(DrawIgnition())
    assert state.seat == 0 and state.moves_left == 0
    refused(state, Move(sid(state, atm)), "no moves left")
    refused(state, TakeAction(), "costs a move")
    assert "play shortcut" in legal_strings(state)
    state.apply(play(state, "moves"))
    assert state.moves_left == 1


@pytest.mark.parametrize("amount", [25, 50])
def test_ignition_fine_is_paid_to_the_bank(amount: int) -> None:
    """Q&A Money Worries: "All fines, charges and tolls are paid directly into the bank"."""
    state = new_state(3)
    start_phase(state, 0, space_of_kind(state.game.board, "hostel"), night_cost=25)
    ignition_doing(state, "pay", amount)
    state.apply(DrawIgnition())
    assert state.money == [450 - amount - 25, 450, 450]


def test_ignition_fine_you_cannot_pay_sends_you_to_the_embassy() -> None:
    """Ignition Cards + If You Run Out of Money: a fine you cannot afford takes you to the
    Embassy of the country you are in; you take $100 and the unpaid fine is forgotten (you
    keep the $25 you had, RULES_NOTES.md); your turn is over."""
    state = new_state()
    board = state.game.board
    hostel = space_of_kind(board, "hostel")
    start_phase(state, 0, hostel, night_cost=25)
    state.money[0] = 25
    ignition_doing(state, "pay", 50)
    state.apply(DrawIgnition())
    assert state.pos[0] == board.embassy[board.country[hostel]]
    assert state.money[0] == 25 + BANKRUPT_GRANT
    assert state.status[0] == STUCK
    assert state.seat == 1 and state.phase == START


@pytest.mark.parametrize("amount", [25, 50])
def test_ignition_card_collects_from_the_bank(amount: int) -> None:
    """Ignition Cards: good news, money from the bank (nobody else pays)."""
    state = new_state()
    start_phase(state, 0, space_of_kind(state.game.board, "hostel"))
    ignition_doing(state, "collect", amount)
    state.apply(DrawIgnition())
    assert state.money == [450 + amount, 450]


def test_ignition_card_gives_and_takes_fuel_tokens() -> None:
    """Ignition Cards: a Fuel Token from the supply, or one back to it (if you have one)."""
    state = new_state()
    hostel = space_of_kind(state.game.board, "hostel")
    supply = state.fuel_supply
    start_phase(state, 0, hostel)
    ignition_doing(state, "fuel", 1)
    state.apply(DrawIgnition())
    assert (state.fuel[0], state.fuel_supply) == (2, supply - 1)

    start_phase(state, 0, hostel)
    state.fuel[0] = 0
    state.fuel_supply = supply + 1
    ignition_doing(state, "fuel", -1)
    state.apply(DrawIgnition())
    assert (state.fuel[0], state.fuel_supply) == (0, supply + 1)


def test_ignition_card_hands_out_the_top_action_card() -> None:
    """Ignition Cards: a card that hands out an Action card gives the top of the Action deck,
    free (no move spent)."""
    state = new_state()
    start_phase(state, 0, space_of_kind(state.game.board, "hostel"))
    action_on_top(state, "tent")
    ignition_doing(state, "draw_action", 1)
    state.apply(DrawIgnition())
    assert holds(state, 0, "tent") == 1 and sum(state.hands[0]) == 1
    assert state.moves_left == 3


def test_ignition_action_card_over_the_limit_is_discarded_under_the_deck() -> None:
    """Action Cards: "You can hold up to 5 Action Cards ... discard unwanted cards to the
    bottom of the Action Card deck until you're left with only 5 cards"."""
    state = new_state()
    start_phase(state, 0, space_of_kind(state.game.board, "hostel"), night_cost=25)
    give(state, 0, "hell_no", 5)
    action_on_top(state, "tent")
    ignition_doing(state, "draw_action", 1)
    state.apply(DrawIgnition())
    assert state.phase == DISCARD
    assert sorted(legal_strings(state)) == ["discard hell-no", "discard tent"]
    refused(state, TakeAction(), "discard one first")
    refused(state, Discard("magic-roll"), "hold no")
    state.apply(Discard("hell-no"))
    assert state.action.cards[0] == state.game.decks.action_of_kind["hell_no"]
    assert sum(state.hands[0]) == 5 and holds(state, 0, "tent") == 1
    assert state.phase == MOVES and state.money[0] == 450 - 25


def test_ignition_card_sends_you_to_the_embassy() -> None:
    """Ignition Cards / Embassies: sent to the Embassy of the country you are in by your card,
    the turn is over; the next turn starts as normal with an Ignition card, with no
    accommodation to pay."""
    state = new_state()
    board = state.game.board
    hotel = space_of_kind(board, "hotel")
    start_phase(state, 0, hotel, night_cost=50)
    ignition_doing(state, "embassy")
    state.apply(DrawIgnition())
    embassy = board.embassy[board.country[hotel]]
    assert state.pos[0] == embassy and state.status[0] == SENT
    assert state.seat == 1
    quiet_turn(state)
    assert state.seat == 0 and state.phase == START
    assert legal_strings(state) == ["ignition"]
    money = state.money[0]
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    assert state.money[0] == money
    assert state.moves_left == 3 and state.status[0] == FREE


def test_ignition_steal_asks_its_player_to_choose_the_victim() -> None:
    """Ignition Cards: "steal $25 from another player": its player chooses who; nobody at an
    Embassy; then the victim is asked to answer; then the night is paid and the moves begin."""
    state = new_state(3)
    board = state.game.board
    start_phase(state, 0, space_of_kind(board, "hostel"), night_cost=25)
    at(state, 2, board.embassy[0])
    state.status[2] = SENT
    ignition_doing(state, "steal_money", 25)
    state.apply(DrawIgnition())
    assert state.phase == TARGET and state.current_player == 0
    assert legal_strings(state) == ["target seat 1"]
    refused(state, ChooseTarget(0), "cannot be aimed at")
    refused(state, ChooseTarget(2), "cannot be aimed at")
    refused(state, TakeAction(), "choose the player")
    state.apply(ChooseTarget(1))
    assert state.phase == RESPOND and state.current_player == 1
    assert legal_strings(state) == ["accept"]
    state.apply(Accept())
    assert state.money == [450 + 25 - 25, 450 - 25, 450]
    assert state.phase == MOVES and state.current_player == 0


def test_ignition_steal_with_nobody_to_aim_at_does_nothing() -> None:
    """Ignition Cards (RULES_NOTES.md): with every other player at an Embassy, a theft card has
    nobody to aim at and does nothing."""
    state = new_state()
    board = state.game.board
    start_phase(state, 0, space_of_kind(board, "hostel"))
    at(state, 1, board.embassy[0])
    state.status[1] = STUCK
    ignition_doing(state, "steal_money", 25)
    state.apply(DrawIgnition())
    assert state.phase == MOVES
    assert state.money == [450, 450]


def test_ignition_steal_fuel_takes_a_token_from_the_chosen_player() -> None:
    """Ignition Cards: "Steal a Fuel Token from another player" of your choice."""
    state = new_state(3)
    start_phase(state, 0, space_of_kind(state.game.board, "hostel"))
    state.fuel = [0, 1, 2]
    ignition_doing(state, "steal_fuel")
    state.apply(DrawIgnition())
    assert legal_strings(state) == ["target seat 1", "target seat 2"]
    state.apply(ChooseTarget(2))
    state.apply(Accept())
    assert state.fuel == [1, 1, 1]


# --- Border Cards -----------------------------------------------------------------------------


def test_border_card_is_drawn_only_at_a_border_and_read_aloud() -> None:
    """The Cards, Border Cards: picked up at a Border instead of an Ignition card; like the
    Ignition card it is read aloud."""
    state = new_state()
    border = at_border_start(state)
    assert legal_strings(state) == ["ignition", "border"]
    name = border_doing(state, "nothing")
    state.apply(DrawBorder())
    assert state.phase == CROSS and state.pos[0] == border
    assert state.observation(1)["card"]["deck"] == "border"
    assert state.observation(1)["card"]["name"] == name


def test_border_card_crossing_takes_a_fuel_token() -> None:
    """Border Cards / Remember!: "You can't cross a Border without a Fuel Token"; after the
    crossing you move on in the next country."""
    state = new_state()
    board = state.game.board
    border = at_border_start(state)
    supply = state.fuel_supply
    border_doing(state, "nothing")
    state.apply(DrawBorder())
    assert "cross" in legal_strings(state)
    state.apply(Cross())
    far = board.border_countries[border][1]
    assert state.country[0] == far and state.pos[0] == border
    assert (state.fuel[0], state.fuel_supply) == (0, supply + 1)
    assert state.phase == MOVES and state.moves_left == 3
    onward = [board.space_ids[t] for t, _, _ in board.steps[(border, far)]]
    assert {f"move {s}" for s in onward} & set(legal_strings(state))


def test_border_card_crossing_without_fuel_is_refused() -> None:
    """Remember!: "You can't cross a Border without a Fuel Token!"."""
    state = new_state()
    at_border_start(state)
    state.fuel[0] = 0
    border_doing(state, "nothing")
    state.apply(DrawBorder())
    assert "cross" not in legal_strings(state)
    refused(state, Cross(), "Fuel Token")


@pytest.mark.parametrize("fee", [25, 50])
def test_border_card_fee_is_paid_when_crossing(fee: int) -> None:
    """Border Cards: "Sometimes you'll get through with just a $25 charge" (paid to the bank)."""
    state = new_state()
    at_border_start(state)
    border_doing(state, "fee", fee)
    state.apply(DrawBorder())
    assert state.money[0] == 450
    state.apply(Cross())
    assert state.money == [450 - fee, 450] and state.fuel[0] == 0


def test_border_card_fee_you_cannot_afford_leaves_you_at_the_border() -> None:
    """Q&A Border Concerns: "I drew a Border Card, but I can't afford to cross": you stay,
    pick up Action cards, and cannot move spaces."""
    state = new_state()
    board = state.game.board
    border = at_border_start(state)
    state.money[0] = 25
    border_doing(state, "fee", 50)
    state.apply(DrawBorder())
    assert legal_strings(state) == ["stay", "take"]
    refused(state, Cross(), "crossing costs $50", "you have $25")
    state.apply(Stay())
    near = board.steps[(border, board.country[border])][0][0]
    refused(state, Move(sid(state, near)), "chose not to cross")
    state.apply(TakeAction())
    assert sum(state.hands[0]) == 1 and state.moves_left == 2
    assert state.money[0] == 25 and state.pos[0] == border


def test_border_card_closed_means_nobody_crosses() -> None:
    """Border Cards: "Every Border crossing is different": a closed Border cannot be crossed."""
    state = new_state()
    at_border_start(state)
    give(state, 0, "border_pass")
    border_with(state, "closed")
    state.apply(DrawBorder())
    assert "cross" not in legal_strings(state)
    assert "cross with border pass" not in legal_strings(state)
    refused(state, Cross(), "nobody crosses")
    refused(state, Cross(border_pass=True), "nobody crosses")


def test_border_card_waved_through_needs_no_fuel_token() -> None:
    """Border Cards: some crossings are easier: waved through without a Fuel Token."""
    state = new_state()
    border = at_border_start(state)
    state.fuel[0] = 0
    give(state, 0, "border_pass")
    border_with(state, "no_fuel_needed")
    state.apply(DrawBorder())
    refused(state, Cross(border_pass=True), "needs no Fuel Token")
    state.apply(Cross())
    assert state.fuel[0] == 0 and holds(state, 0, "border_pass") == 1
    assert state.country[0] == state.game.board.border_countries[border][1]


@pytest.mark.parametrize(("amount", "moves"), [(1, 4), (-1, 2)])
def test_border_card_changes_the_moves_of_the_crossing(amount: int, moves: int) -> None:
    """Border Cards: "at other times, it'll be more complicated": a crossing that gains or
    costs a move."""
    state = new_state()
    at_border_start(state)
    border_doing(state, "moves", amount)
    state.apply(DrawBorder())
    assert state.moves_left == 3
    state.apply(Cross())
    assert state.moves_left == moves


# --- Action Cards: picking up, the hand limit, two plays a turn -------------------------------


def test_picking_up_an_action_card_costs_a_move() -> None:
    """Action Cards: "Picking up an Action Card will cost you 1 move"; the top of the deck."""
    state = new_state()
    moves_phase(state, 0, space_of_kind(state.game.board, "hostel"))
    action_on_top(state, "magic_roll")
    state.apply(TakeAction())
    assert state.moves_left == 2 and holds(state, 0, "magic_roll") == 1


def test_pick_up_as_many_action_cards_as_moves() -> None:
    """Action Cards: "you can pick up as many cards as moves you have available"."""
    state = new_state()
    hostel = space_of_kind(state.game.board, "hostel")
    moves_phase(state, 0, hostel)
    for _ in range(3):
        action_on_top(state, "hell_no")
        state.apply(TakeAction())
    assert holds(state, 0, "hell_no") == 3
    assert state.seat == 0 and legal_strings(state) == ["end"]  # out of moves, cards in hand
    state.apply(EndTurn())
    assert state.seat == 1
    assert state.night_cost[0] == 25


def test_picking_up_over_five_action_cards_discards_to_the_bottom() -> None:
    """Action Cards: "Even with a full hand, you can still pick up additional cards ... but you
    must then discard unwanted cards to the bottom of the Action Card deck"."""
    state = new_state()
    moves_phase(state, 0, space_of_kind(state.game.board, "hostel"))
    give(state, 0, "tent", 5)
    action_on_top(state, "border_pass")
    state.apply(TakeAction())
    assert state.phase == DISCARD and state.current_player == 0
    refused(state, EndTurn(), "discard one first")
    state.apply(Discard("tent"))
    assert state.action.cards[0] == state.game.decks.action_of_kind["tent"]
    assert holds(state, 0, "tent") == 4 and holds(state, 0, "border_pass") == 1
    assert state.phase == MOVES and state.moves_left == 2


def test_at_most_two_action_cards_a_turn() -> None:
    """Action Cards: "Playing an Action Card costs nothing, but you can only play up to 2 each
    turn" - whatever the third card (a Magic Roll, a Freight Train included)."""
    state = new_state()
    board = state.game.board
    hostel, beyond = road_from_rest(board, DIRT)
    moves_phase(state, 0, hostel)
    give(state, 0, "moves", 3)
    give(state, 0, "magic_roll")
    give(state, 0, "freight_train")
    give(state, 0, "steal_money")
    stop = state.train_stops()[0]
    state.apply(play(state, "moves"))
    state.apply(play(state, "moves"))
    assert state.moves_left == 5
    assert not [a for a in legal_strings(state) if a.startswith(("play", "train"))]
    assert not [a for a in legal_strings(state) if "magic roll" in a]
    refused(state, play(state, "moves"), "played 2 Action cards")
    refused(state, play(state, "steal_money", 1), "played 2 Action cards")
    refused(state, Move(sid(state, beyond), magic_roll=True), "played 2 Action cards")
    refused(state, FreightTrain(sid(state, stop)), "played 2 Action cards")


def test_cards_with_their_own_action_are_not_played_with_play() -> None:
    """Action Cards: "Read the card to find out when you're able to play it": a Tent, Border
    Pass, Freight Train, Magic Roll or Hell no! is played at its moment, and says how."""
    state = new_state()
    moves_phase(state, 0, space_of_kind(state.game.board, "hostel"))
    for kind, words in [
        ("tent", "camp"),
        ("border_pass", "cross with border pass"),
        ("freight_train", "train"),
        ("magic_roll", "with magic roll"),
        ("hell_no", "hell no"),
    ]:
        give(state, 0, kind)
        refused(state, play(state, kind), words)
    refused(state, Play("joker"), "no Action card 'joker'")
    refused(state, play(state, "collect"), "hold no")


def test_moves_fuel_and_money_action_cards() -> None:
    """Action Cards: the cards that give a move, a Fuel Token or money, played during the moves
    (not aimed at anybody)."""
    state = new_state()
    moves_phase(state, 0, space_of_kind(state.game.board, "hostel"))
    give(state, 0, "moves")
    give(state, 0, "fuel")
    give(state, 0, "collect")
    supply = state.fuel_supply
    refused(state, play(state, "moves", 1), "not aimed at a player")
    state.apply(play(state, "moves"))
    state.apply(play(state, "fuel"))
    assert state.moves_left == 4
    assert (state.fuel[0], state.fuel_supply) == (2, supply - 1)
    refused(state, play(state, "collect"), "played 2 Action cards")
    moves_phase(state, 0, state.pos[0])  # a later turn
    state.apply(play(state, "collect"))
    assert state.money[0] == 450 + 50
    assert sum(state.hands[0]) == 0 and len(state.action.discards) == 3


# --- Action Cards: Tent -------------------------------------------------------------------------


def test_tent_lets_you_spend_the_night_on_an_attraction() -> None:
    """Turns / Attractions: "You must finish your turn on either a Hostel, Hotel or Border -
    unless you have a tent allowing you to end your turn at an attraction"; the night is free."""
    state = new_state()
    board = state.game.board
    a, sight, _ = between(board, "attraction")
    moves_phase(state, 0, a, moves=1)
    give(state, 0, "tent")
    state.apply(Move(sid(state, sight)))
    assert state.seat == 0 and state.pos[0] == sight
    assert "camp" in legal_strings(state)
    state.apply(Camp())
    assert state.pos[0] == sight and holds(state, 0, "tent") == 0
    assert state.seat == 1 and state.night_cost[0] == 0
    quiet_turn(state)
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    assert state.money[0] == 450


def test_without_a_tent_the_last_move_cannot_end_on_an_attraction() -> None:
    """Turns: without a Tent the turn ends on a Hostel, Hotel or Border, so a last move onto an
    attraction is refused, and `camp` too."""
    state = new_state()
    a, sight, _ = between(state.game.board, "attraction")
    moves_phase(state, 0, a, moves=1)
    assert f"move {sid(state, sight)}" not in legal_strings(state)
    refused(state, Move(sid(state, sight)), "could not reach a Hostel, Hotel or Border")
    moves_phase(state, 0, sight, moves=1)
    refused(state, Camp(), "no Tent")


def test_tent_is_for_attractions_only() -> None:
    """Tent: "a tent allowing you to end your turn at an attraction" - not on any other space."""
    state = new_state()
    a, atm, _ = between(state.game.board, "atm")
    moves_phase(state, 0, a, moves=2)
    give(state, 0, "tent")
    state.apply(Move(sid(state, atm)))
    assert "camp" not in legal_strings(state)
    refused(state, Camp(), "attraction only")


# --- Action Cards: Border Pass ------------------------------------------------------------------


def test_border_pass_replaces_the_fuel_token() -> None:
    """Q&A Fuel Frustrations: "getting lucky with a Border Pass card will get you out of a fuel
    shortage rut": after the Border card it crosses without a Fuel Token."""
    state = new_state()
    board = state.game.board
    border = at_border_start(state)
    state.fuel[0] = 0
    give(state, 0, "border_pass")
    border_doing(state, "nothing")
    state.apply(DrawBorder())
    assert "cross with border pass" in legal_strings(state)
    state.apply(Cross(border_pass=True))
    assert state.country[0] == board.border_countries[border][1]
    assert state.fuel[0] == 0 and holds(state, 0, "border_pass") == 0 and state.plays == 1


def test_border_pass_crosses_mid_turn_on_arrival_at_a_border() -> None:
    """Navigating the Map, Borders: you must end your turn at the Border to cross "unless you
    have a Border Pass Action Card": arriving at a Border, cross at once and go on moving."""
    state = new_state()
    board = state.game.board
    near, border, far_country, far = walk_to_border(board)
    moves_phase(state, 0, near)
    state.apply(Move(sid(state, border)))
    refused(state, Move(sid(state, far)), "start your turn here with a Border card")
    refused(state, Cross(border_pass=True), "no Border Pass")
    give(state, 0, "border_pass")
    assert "cross with border pass" in legal_strings(state)
    state.apply(Cross(border_pass=True))
    assert state.country[0] == far_country and state.fuel[0] == 1
    assert state.moves_left == 2 and state.plays == 1
    state.apply(Move(sid(state, far)))
    assert state.pos[0] == far and state.country[0] == far_country


def test_border_pass_does_not_cross_after_an_ignition_card_at_a_border() -> None:
    """2nd Turn Onwards: "Stayed at a Border? Draw a Border Card if you want to pass into the
    next country ... If you want to travel in the same country you just came from, draw an
    Ignition Card": a Border Pass spares the wait on arrival (RULES_NOTES.md: "crosses a Border
    on arrival, mid-turn"), not the Border card of a night spent at the Border."""
    state = new_state()
    at_border_start(state)
    give(state, 0, "border_pass")
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    assert "cross with border pass" not in legal_strings(state)
    refused(state, Cross(border_pass=True), "Border card")


# --- Action Cards: Freight Train ----------------------------------------------------------------


def test_freight_train_is_played_on_the_first_move_only() -> None:
    """Q&A Anarchy: "Freight Train cards must be played on your first move"; a move spent on
    the road or on picking up an Action card comes too late."""
    state = new_state()
    board = state.game.board
    a, atm, b = between(board, "atm")
    moves_phase(state, 0, a)
    give(state, 0, "freight_train")
    stops = state.train_stops()
    assert stops and {f"train {sid(state, s)}" for s in stops} <= set(legal_strings(state))
    state.apply(Move(sid(state, atm)))
    assert not [x for x in legal_strings(state) if x.startswith("train")]
    refused(state, FreightTrain(sid(state, b)), "first move")
    moves_phase(state, 0, a)
    state.apply(TakeAction())
    refused(state, FreightTrain(sid(state, stops[0])), "first move")


def test_freight_train_may_follow_another_action_card() -> None:
    """Q&A Anarchy: "Can I play an Action Card and then a Freight Train? ... you're still able
    to play an Action Card beforehand"."""
    state = new_state()
    hostel = space_of_kind(state.game.board, "hostel")
    moves_phase(state, 0, hostel)
    give(state, 0, "collect")
    give(state, 0, "freight_train")
    stop = state.train_stops()[0]
    state.apply(play(state, "collect"))
    assert f"train {sid(state, stop)}" in legal_strings(state)
    state.apply(FreightTrain(sid(state, stop)))
    assert state.pos[0] == stop and state.money[0] == 500
    assert state.seat == 1


def test_freight_train_uses_every_move_and_ends_the_turn() -> None:
    """Q&A Anarchy: "using a Freight Train will always use all of your moves, no matter how
    many moves you have" (an extra move from the Ignition card included); the night is paid
    where you get off."""
    state = new_state()
    board = state.game.board
    hostel = space_of_kind(board, "hostel")
    start_phase(state, 0, hostel)
    give(state, 0, "freight_train")
    give(state, 0, "moves")
    ignition_doing(state, "moves", 1)
    state.apply(DrawIgnition())
    assert state.moves_left == 4
    stop = next(s for s in state.train_stops() if board.kinds[s] == HOTEL)
    state.apply(FreightTrain(sid(state, stop)))
    assert state.pos[0] == stop and state.moves_left == 0
    assert state.seat == 1 and holds(state, 0, "moves") == 1  # no second card after it
    assert state.night_cost[0] == 50


def test_freight_train_needs_a_move_to_be_the_first_move_of() -> None:
    """Q&A Anarchy: a Freight Train "must be played on your first move" and uses your moves:
    with no moves this turn (Ignition Cards: no moves, "you can still play Action cards")
    there is no first move to ride it on."""
    state = new_state()
    hostel = space_of_kind(state.game.board, "hostel")
    start_phase(state, 0, hostel)
    give(state, 0, "freight_train")
    give(state, 0, "moves")  # something else to play, so the turn does not end by itself
    ignition_doing(state, "moves", -3)
    state.apply(DrawIgnition())
    assert state.moves_left == 0
    assert not [x for x in legal_strings(state) if x.startswith("train")]
    refused(state, FreightTrain(sid(state, state.train_stops()[0])), "move")


@pytest.mark.parametrize(
    ("space_kind", "road_kind"),
    [(ATM, -1), (FUEL, -1), (ATTRACTION, -1), (-1, TOLL), (-1, DIRT)],
    ids=["atm", "fuel-station", "attraction", "toll-road", "dirt-road"],
)
def test_freight_train_passes_count_for_nothing(space_kind: int, road_kind: int) -> None:
    """Q&A Anarchy: "If you're on a Freight Train, none of the places you pass through count -
    no picking up Bank Cards, Fuel Tokens, or ticking off attractions. You won't need to worry
    about paying for toll roads or rolling for dirt roads either"."""
    state = new_state()
    board = state.game.board
    start, stop = train_ride_past(board, space_kind, road_kind)
    moves_phase(state, 0, start)
    passed = [s for s, _ in train_paths(board, start)[stop][:-1]]
    mine = [board.attraction_at[s] for s in passed if board.kinds[s] == ATTRACTION]
    attractions(state, 0, [*mine, spare_attraction(state, *mine)][:2])
    give(state, 0, "freight_train")
    money, fuel, dice = state.money[0], state.fuel[0], state.rng.state
    state.apply(FreightTrain(sid(state, stop)))
    assert state.pos[0] == stop
    assert (state.money[0], state.fuel[0], state.visited[0]) == (money, fuel, 0)
    assert state.rng.state == dice  # no die rolled
    assert not [e for e in state.events if e[0] in ("atm", "fuel", "toll", "roll", "attraction")]


def test_freight_train_stops_at_no_trains_signs() -> None:
    """Important Locations, No Trains: "Freight Trains can't go past this point" - a place
    reachable only past the sign is no train stop, though the road can be driven."""
    state = new_state()
    board = state.game.board
    for a, b, _, no_trains in board.roads:
        if not no_trains:
            continue
        start = next((s for s in (a, b) if board.kinds[s] in (HOSTEL, HOTEL)), None)
        if start is None:
            continue
        beyond = b if start == a else a
        moves_phase(state, 0, start)
        give(state, 0, "freight_train")
        far = [
            t
            for t, _, _ in board.steps.get((beyond, board.country[start]), ())
            if board.rest[t] and t not in train_paths(board, start)
        ]
        if far:
            break
    else:
        raise LookupError("no No Trains road next to a Hostel or Hotel")
    assert far[0] not in state.train_stops()
    refused(state, FreightTrain(sid(state, far[0])), "No Trains")
    assert f"move {sid(state, beyond)}" in legal_strings(state)


def test_freight_train_ends_on_a_place_to_stay() -> None:
    """Q&A Anarchy: "You must finish on a Hostel, Hotel or Border (unless you have a tent)" -
    never on an ATM, Fuel Station, Embassy or a plain space; an attraction only with a Tent."""
    state = new_state()
    board = state.game.board
    a, sight, _ = between(board, "attraction")
    moves_phase(state, 0, a)
    give(state, 0, "freight_train")
    stops = state.train_stops()
    assert stops and all(board.rest[s] for s in stops)
    ridable = train_paths(board, a)
    for s in ridable:
        if not board.rest[s]:
            refused(state, FreightTrain(sid(state, s)), "Hostel, Hotel or Border")
    give(state, 0, "tent")
    assert sight in state.train_stops()
    state.apply(FreightTrain(sid(state, sight)))
    assert state.pos[0] == sight and holds(state, 0, "tent") == 0
    assert state.night_cost[0] == 0 and state.seat == 1


def test_freight_train_rides_up_to_its_reach() -> None:
    """Freight Train (the card): "ride up to 6 spaces" - a place 7 roads away is too far."""
    state = new_state()
    board = state.game.board
    reach = state.game.train_reach
    for start, kind in enumerate(board.kinds):
        if kind not in (HOSTEL, HOTEL):
            continue
        paths = train_paths(board, start)
        near = [s for s, p in paths.items() if len(p) == reach and board.rest[s]]
        seven = train_paths_beyond(board, start, reach + 1)
        if near and seven:
            break
    else:
        raise LookupError("no ride with a stop at the reach and one just beyond")
    moves_phase(state, 0, start)
    give(state, 0, "freight_train")
    assert reach == 6
    assert near[0] in state.train_stops()
    assert seven[0] not in state.train_stops()
    refused(state, FreightTrain(sid(state, seven[0])), "up to 6 spaces")


def train_paths_beyond(board: Board, start: int, distance: int) -> list[int]:
    """Places to stay exactly `distance` train roads from `start` (in its country)."""
    country = board.country[start]
    seen = {start}
    frontier = [start]
    for _ in range(distance):
        nxt = []
        for here in frontier:
            for there, _, no_trains in board.steps.get((here, country), ()):
                if not no_trains and there not in seen:
                    seen.add(there)
                    nxt.append(there)
        frontier = nxt
    return [s for s in frontier if board.rest[s]]


# --- Action Cards: Magic Roll -------------------------------------------------------------------


def test_magic_roll_passes_a_dirt_road_without_rolling() -> None:
    """Magic Roll (the card): "Play instead of rolling for a dirt road" - you pass."""
    state = new_state()
    hostel, beyond = road_from_rest(state.game.board, DIRT)
    moves_phase(state, 0, hostel)
    give(state, 0, "magic_roll")
    assert f"move {sid(state, beyond)} with magic roll" in legal_strings(state)
    dice = state.rng.state
    state.apply(Move(sid(state, beyond), magic_roll=True))
    assert state.pos[0] == beyond and state.rng.state == dice
    assert holds(state, 0, "magic_roll") == 0 and state.plays == 1 and state.moves_left == 2


def test_magic_roll_only_on_dirt_roads() -> None:
    """Magic Roll: a roll for a dirt road; a normal or toll road has nothing to roll for."""
    state = new_state()
    a, atm, _ = between(state.game.board, "atm")
    moves_phase(state, 0, a)
    refused(state, Move(sid(state, atm), magic_roll=True), "dirt roads only")
    hostel, beyond = road_from_rest(state.game.board, DIRT)
    moves_phase(state, 0, hostel)
    refused(state, Move(sid(state, beyond), magic_roll=True), "no Magic Roll")


def test_magic_roll_cannot_leave_an_embassy() -> None:
    """Q&A Anarchy: "Magic Rolls can't be used when you're trying to roll a 6 to leave an
    Embassy"."""
    state = new_state()
    board = state.game.board
    embassy = board.embassy[0]
    at(state, 0, embassy)
    state.status[0] = STUCK
    state.seat, state.phase = 0, EMBASSY
    give(state, 0, "magic_roll")
    assert legal_strings(state) == ["roll"]
    road = board.steps[(embassy, 0)][0][0]
    refused(state, Move(sid(state, road), magic_roll=True), "stuck at the Embassy")
    refused(state, play(state, "magic_roll"), "stuck at the Embassy")


def test_magic_roll_cannot_cross_the_caspian_sea() -> None:
    """Q&A Anarchy / Caspian Sea: "You can't use a Magic Roll Action Card" on the boat."""
    state = new_state()
    board = state.game.board
    port, far = board.ports
    moves_phase(state, 0, board.boat, country=board.country[port])
    state.status[0] = AT_SEA
    give(state, 0, "magic_roll")
    assert legal_strings(state) == ["sail"]
    refused(state, Move(sid(state, far), magic_roll=True), "Caspian boat")


# --- Action Cards aimed at a player, and Hell no! -------------------------------------------------


def test_the_victim_is_always_asked() -> None:
    """Q&A Border Concerns / Anarchy (RULES_NOTES.md): a card aimed at a player waits for the
    victim's answer even without a Hell no! in hand, so the pause tells nobody what they hold."""
    state = new_state()
    attack(state, 0, 1)
    assert state.phase == RESPOND and state.current_player == 1
    assert legal_strings(state) == ["accept"]
    refused(state, HellNo(), "no Hell no!")
    refused(state, TakeAction(), "answer with `hell no` or `accept`")
    state.apply(Accept())
    assert state.money == [475, 425] and state.phase == MOVES and state.current_player == 0


def test_hell_no_cancels_the_card_played_against_you() -> None:
    """Hell no! (the card): "their card has no effect"; both cards are spent."""
    state = new_state()
    give(state, 1, "hell_no")
    attack(state, 0, 1)
    assert legal_strings(state) == ["accept", "hell no"]
    state.apply(HellNo())
    assert state.current_player == 0 and legal_strings(state) == ["accept"]
    state.apply(Accept())
    assert state.money == [450, 450]
    assert holds(state, 0, "steal_money") == 0 and holds(state, 1, "hell_no") == 0
    assert state.phase == MOVES and state.plays == 1


@pytest.mark.parametrize("hell_nos", [1, 2, 3, 4])
def test_hell_no_a_hell_no(hell_nos: int) -> None:
    """Q&A Anarchy: "You can 'Hell no!' a 'Hell no!' card! You can even 'Hell no!' that one
    too": an even number of Hell no!s leaves the card in force."""
    state = new_state()
    give(state, 0, "hell_no", 2)
    give(state, 1, "hell_no", 2)
    attack(state, 0, 1)
    for i in range(hell_nos):
        assert state.current_player == (1 if i % 2 == 0 else 0)
        state.apply(HellNo())
    state.apply(Accept())
    stolen = 25 if hell_nos % 2 == 0 else 0
    assert state.money == [450 + stolen, 450 - stolen]
    assert holds(state, 0, "hell_no") + holds(state, 1, "hell_no") == 4 - hell_nos


@pytest.mark.parametrize("kind", ["steal_money", "steal_fuel", "send_embassy"])
def test_cards_aimed_at_a_player(kind: str) -> None:
    """Action Cards: steal $25, steal a Fuel Token, send a player to the Embassy of the country
    they are in."""
    state = new_state()
    board = state.game.board
    hotel = space_of_kind(board, "hotel")
    at(state, 1, hotel)
    untargeted = play(state, kind)
    moves_phase(state, 0, space_of_kind(board, "hostel"))
    give(state, 0, kind)
    refused(state, untargeted, "say who it is aimed at")
    refused(state, play(state, kind, 0), "cannot be aimed at")
    state.apply(play(state, kind, 1))
    state.apply(Accept())
    if kind == "steal_money":
        assert state.money == [475, 425]
    elif kind == "steal_fuel":
        assert state.fuel == [2, 0]
    else:
        assert state.pos[1] == board.embassy[board.country[hotel]] and state.status[1] == SENT
        assert state.pos[0] != state.pos[1]


@pytest.mark.parametrize("status", [SENT, STUCK], ids=["sent", "bankrupt"])
@pytest.mark.parametrize("kind", ["steal_money", "steal_fuel", "send_embassy"])
def test_cards_are_never_aimed_at_a_player_at_an_embassy(status: int, kind: str) -> None:
    """Embassies: "You can't play or pick up Action Cards, but they also can't be played
    against you"."""
    state = new_state(3)
    board = state.game.board
    at(state, 1, board.embassy[0])
    state.status[1] = status
    moves_phase(state, 0, space_of_kind(board, "hostel"))
    give(state, 0, kind)
    plays = [a for a in legal_strings(state) if a.startswith("play")]
    assert plays == [f"play {card_id(state, kind)} on seat 2"]
    refused(state, play(state, kind, 1), "cannot be aimed at", "Embassy")


# --- Q&A: Ignition & Action Card Anarchy (the Embassy answers) ----------------------------------


def test_sent_to_an_embassy_by_an_action_card_next_turn_is_normal() -> None:
    """Q&A Anarchy: "If you're sent to an Embassy by an Action Card, you take your next turn as
    normal (draw an Ignition Card). You don't have to pay accommodation fees"."""
    state = new_state()
    board = state.game.board
    start = space_of_kind(board, "hostel")
    at(state, 1, start)
    attack(state, 0, 1, "send_embassy")
    state.apply(Accept())
    state.apply(EndTurn())
    assert state.seat == 1 and state.phase == START
    assert legal_strings(state) == ["ignition"]
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    assert state.money[1] == 450 and state.moves_left == 3 and state.status[1] == FREE
    assert state.pos[1] == board.embassy[board.country[start]]


def test_sent_to_an_embassy_pays_no_accommodation_wherever_you_were() -> None:
    """Q&A Anarchy: "Someone sent me to an Embassy. Do I have to pay for accommodation? Nope!
    Regardless of what space you were on before, you wake up in the Embassy"."""
    state = new_state()
    board = state.game.board
    hotel = space_of_kind(board, "hotel")
    at(state, 1, hotel)
    state.night_cost[1] = 50  # spent the night at a Hotel
    attack(state, 0, 1, "send_embassy")
    state.apply(Accept())
    state.apply(EndTurn())
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    assert state.money[1] == 450


# --- Q&A: Money Worries ---------------------------------------------------------------------------


@pytest.mark.parametrize("by", ["action", "ignition"])
def test_stealing_from_a_player_with_no_money(by: str) -> None:
    """Q&A Money Worries: "'steal $25 from another player', but they don't have any money ...
    you get nothing, but the other player must now follow the steps under 'If you run out of
    money'" (to the Embassy of their country with $100)."""
    state = new_state()
    board = state.game.board
    hostel = space_of_kind(board, "hostel")
    at(state, 1, hostel)
    state.money[1] = 0
    if by == "action":
        attack(state, 0, 1)
    else:
        start_phase(state, 0, space_of_kind(board, "hotel"))
        ignition_doing(state, "steal_money", 25)
        state.apply(DrawIgnition())
        state.apply(ChooseTarget(1))
    state.apply(Accept())
    assert state.money == [450, BANKRUPT_GRANT]
    assert state.pos[1] == board.embassy[board.country[hostel]] and state.status[1] == STUCK
    assert state.bankruptcies == [0, 1]
    assert state.seat == 0 and state.phase == MOVES  # the thief's turn goes on


def test_the_atm_pays_once_per_arrival() -> None:
    """Q&A Money Worries: "Can I stop on an ATM for 2 consecutive moves and collect 2 Bank
    Cards? Nope. You must leave and return": there is no way to collect twice in place."""
    state = new_state()
    a, atm, _ = between(state.game.board, "atm")
    moves_phase(state, 0, a)
    state.apply(Move(sid(state, atm)))
    after_one = state.money[0]
    assert after_one > 450
    assert all(x.startswith(("move", "take")) for x in legal_strings(state))
    state.apply(TakeAction())
    assert state.money[0] == after_one and state.pos[0] == atm


# --- Q&A: Fuel Frustrations -----------------------------------------------------------------------


def test_out_of_fuel_steal_a_token_and_cross() -> None:
    """Q&A Fuel Frustrations: "Stealing Fuel Tokens ... will get you out of a fuel shortage
    rut": at the Border with no token, steal one after the Border card and cross."""
    state = new_state()
    at_border_start(state)
    state.fuel[0] = 0
    give(state, 0, "steal_fuel")
    border_doing(state, "nothing")
    state.apply(DrawBorder())
    refused(state, Cross(), "Fuel Token")
    state.apply(play(state, "steal_fuel", 1))
    state.apply(Accept())
    assert state.phase == CROSS and state.fuel == [1, 0]
    state.apply(Cross())
    assert state.fuel == [0, 0] and state.phase == MOVES


def test_out_of_fuel_a_hell_no_stops_the_crossing() -> None:
    """Q&A Border Concerns: "If you use an Action Card to try and steal a Fuel Token from
    another player, they may use a 'Hell no!' card and your Border crossing will be
    unsuccessful"; you can still spend moves on Action cards."""
    state = new_state()
    border = at_border_start(state)
    state.fuel[0] = 0
    give(state, 0, "steal_fuel")
    give(state, 1, "hell_no")
    border_doing(state, "nothing")
    state.apply(DrawBorder())
    state.apply(play(state, "steal_fuel", 1))
    state.apply(HellNo())
    state.apply(Accept())
    assert state.fuel == [0, 1] and state.phase == CROSS
    refused(state, Cross(), "Fuel Token")
    state.apply(Stay())
    state.apply(TakeAction())
    assert state.pos[0] == border and state.moves_left == 2


def test_out_of_fuel_spend_the_moves_on_action_cards() -> None:
    """Q&A Fuel Frustrations: "You're going to have to spend your moves drawing Action Cards in
    the hope you will get one that helps" - here a Border Pass, played the next morning."""
    state = new_state()
    board = state.game.board
    border = at_border_start(state)
    state.fuel[0] = 0
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    action_on_top(state, "border_pass")
    state.apply(TakeAction())
    assert holds(state, 0, "border_pass") == 1
    state.apply(EndTurn())
    quiet_turn(state)
    border_doing(state, "nothing")
    state.apply(DrawBorder())
    state.apply(Cross(border_pass=True))
    assert state.country[0] == board.border_countries[border][1] and state.fuel[0] == 0


def test_no_sail_or_roll_outside_their_moment() -> None:
    """Caspian Sea / If You Run Out of Money: `sail` is for the boat, `roll` for a player stuck
    at an Embassy; neither is a way to spend an ordinary move."""
    state = new_state()
    moves_phase(state, 0, space_of_kind(state.game.board, "hostel"))
    refused(state, Sail(), "Caspian boat")
    refused(state, RollToLeave(), "stuck at an Embassy")
