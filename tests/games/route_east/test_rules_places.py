"""Route East rulebook, "Important Locations" (ATMs and Money, running out of money, Embassies,
No Trains, Fuel Stations, Attractions, the Caspian Sea), "Play with More Attractions", the end
of the race (the winner, the turn limit of RULES_NOTES.md) and what each seat may see.

Each test names the rulebook section it checks. Situations are built on the real board, places
found by what they are (the Caspian ports and boat from `board.ports` / `board.boat`); deck tops
and dice are rigged, so every test is exact.
"""

from __future__ import annotations

import json
from collections import deque

import pytest

import tabletrip
from random_play import random_moves
from route_east_situations import (
    attraction_space,
    attractions,
    between,
    border_with,
    card_id,
    give,
    ignition_on_top,
    legal_strings,
    moves_phase,
    new_state,
    quiet_turn,
    refused,
    rig_dice,
    road_from_rest,
    sid,
    spaces_of_kind,
    spare_attraction,
    start_phase,
    unowned_attraction,
)
from tabletrip.core import OptionError, Rng
from tabletrip.games.route_east.actions import (
    Accept,
    Cross,
    DrawBorder,
    DrawIgnition,
    EndTurn,
    FreightTrain,
    Move,
    Play,
    RollToLeave,
    Sail,
    TakeAction,
)
from tabletrip.games.route_east.content import FUEL, HOSTEL, HOTEL, TOLL, Board
from tabletrip.games.route_east.phases import (
    AT_SEA,
    BANKRUPT_GRANT,
    EMBASSY,
    FREE,
    MOVES,
    ROUND_LIMIT,
    SENT,
    START,
    STUCK,
)
from tabletrip.games.route_east.rules import RouteEastState

# --- small builders ---------------------------------------------------------------------------


def play(state: RouteEastState, kind: str, target: int = -1) -> Play:
    """Playing the Action card of this effect kind (aimed at `target`)."""
    return Play(card_id(state, kind), target)


def go_bankrupt_on_a_toll(state: RouteEastState, seat: int = 0) -> int:
    """`seat`, penniless, takes a toll road it cannot pay; the country it was in."""
    board = state.game.board
    hostel, beyond = road_from_rest(board, TOLL)
    moves_phase(state, seat, hostel)
    state.money[seat] = 0
    state.apply(Move(sid(state, beyond)))
    return board.country[hostel]


def at_baku_port(state: RouteEastState, seat: int = 0) -> tuple[int, int]:
    """`seat` begins its turn on the Caspian port of its first country; (port, far port)."""
    board = state.game.board
    port, far = board.ports
    start_phase(state, seat, port)
    return port, far


def board_the_boat(state: RouteEastState, seat: int = 0) -> tuple[int, int]:
    """`seat` crosses the port Border with an ordinary Border card: on the boat; the ports."""
    port, far = at_baku_port(state, seat)
    border_with(state, "nothing")
    state.apply(DrawBorder())
    state.apply(Cross())
    return port, far


def seat_one_rests(state: RouteEastState) -> None:
    """Seat 1 (on the start line) has a quiet turn."""
    assert state.seat == 1
    quiet_turn(state)


def within(board: Board, start: int, moves: int, trains: bool = False) -> set[int]:
    """Spaces a piece can walk to from `start` in its country in up to `moves` roads (by
    Freight Train: never along a No Trains road)."""
    country = board.country[start]
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if seen[here] == moves:
            continue
        for there, _, no_trains in board.steps.get((here, country), ()):
            if there not in seen and not (trains and no_trains):
                seen[there] = seen[here] + 1
                queue.append(there)
    return set(seen)


# --- ATMs and Money -----------------------------------------------------------------------------


def test_atm_pays_one_bank_card_on_arrival() -> None:
    """Bank Cards and ATMs: "When you visit an ATM, you can pick up one Bank Card"."""
    state = new_state()
    a, atm, _ = between(state.game.board, "atm")
    moves_phase(state, 0, a)
    top = state.atm.cards[-1]
    pile = len(state.atm.cards)
    state.apply(Move(sid(state, atm)))
    assert state.money[0] == 450 + top
    assert len(state.atm.cards) == pile - 1
    assert any(f"${top} Bank card" in e for e in state.public_observation()["events"])


def test_atm_is_no_place_to_spend_the_night() -> None:
    """ATMs and Money: "You can't stay the night at ATMs" - "this can't be your final move"."""
    state = new_state()
    a, atm, _ = between(state.game.board, "atm")
    moves_phase(state, 0, a, moves=1)
    assert f"move {sid(state, atm)}" not in legal_strings(state)
    refused(state, Move(sid(state, atm)), "could not reach a Hostel, Hotel or Border")
    moves_phase(state, 0, atm, moves=2)
    assert "end" not in legal_strings(state)
    refused(state, EndTurn(), "only end your turn on a Hostel, Hotel or Border")


def test_atm_back_and_forth_pays_a_card_each_visit() -> None:
    """ATMs and Money: "Visit an ATM as many times as you like, collecting one Bank Card per
    visit ... go back and forth using multiple moves"."""
    state = new_state()
    a, atm, b = between(state.game.board, "atm")
    moves_phase(state, 0, a, moves=4)
    first, second = state.atm.cards[-1], state.atm.cards[-2]
    for space in (atm, a, atm, b):
        state.apply(Move(sid(state, space)))
    assert state.money[0] == 450 + first + second
    assert state.pos[0] == b


# --- If You Run Out of Money --------------------------------------------------------------------


def test_a_payment_you_cannot_make_sends_you_to_the_embassy() -> None:
    """If You Run Out of Money: "you'll move directly to the Embassy in the country you are in.
    Take $100 from the bank and all previous debts are forgotten. Your turn is over"."""
    state = new_state()
    board = state.game.board
    country = go_bankrupt_on_a_toll(state)
    assert state.pos[0] == board.embassy[country]
    assert state.money[0] == BANKRUPT_GRANT
    assert state.status[0] == STUCK and state.bankruptcies == [1, 0]
    assert state.seat == 1 and state.phase == START


def test_accommodation_you_cannot_pay_sends_you_to_the_embassy() -> None:
    """If You Run Out of Money: "If you have something to pay and you can't afford it" - last
    night's Hotel too; you take $100 and the unpaid bill is forgotten: the $25 you had is
    kept (RULES_NOTES.md)."""
    state = new_state()
    board = state.game.board
    hotel = spaces_of_kind(board, "hotel")[0]
    start_phase(state, 0, hotel, night_cost=50)
    state.money[0] = 25
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    assert state.pos[0] == board.embassy[board.country[hotel]]
    assert state.money[0] == 25 + BANKRUPT_GRANT
    assert state.seat == 1


def test_stuck_at_the_embassy_roll_a_6_to_leave() -> None:
    """If You Run Out of Money: "From your next turn, you must roll a 6 to leave the Embassy ...
    If you roll a 6 you can leave the Embassy, pick up an Ignition Card and take your 3 moves".
    While there: no Action cards played or picked up, no accommodation to pay."""
    state = new_state()
    board = state.game.board
    country = go_bankrupt_on_a_toll(state)
    seat_one_rests(state)
    assert state.seat == 0 and state.phase == EMBASSY
    give(state, 0, "moves")
    assert legal_strings(state) == ["roll"]
    way_out = board.steps[(board.embassy[country], country)][0][0]
    refused(state, DrawIgnition(), "stuck at the Embassy")
    refused(state, TakeAction(), "stuck at the Embassy")
    refused(state, play(state, "moves"), "stuck at the Embassy")
    refused(state, Move(sid(state, way_out)), "stuck at the Embassy")
    refused(state, EndTurn(), "stuck at the Embassy")
    rig_dice(state, [6])
    state.apply(RollToLeave())
    assert state.seat == 0 and state.phase == START and state.status[0] == FREE
    assert legal_strings(state) == ["ignition"]
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    assert state.moves_left == 3 and state.money[0] == BANKRUPT_GRANT
    state.apply(Move(sid(state, way_out)))
    assert state.pos[0] == way_out


def test_stuck_at_the_embassy_one_roll_a_turn() -> None:
    """If You Run Out of Money: "only 1 roll per turn" - a failed roll ends the turn."""
    state = new_state()
    go_bankrupt_on_a_toll(state)
    seat_one_rests(state)
    rig_dice(state, [5])
    state.apply(RollToLeave())
    assert state.seat == 1 and state.status[0] == STUCK and state.status_turns[0] == 1
    assert state.money[0] == BANKRUPT_GRANT


def test_stuck_at_the_embassy_out_on_the_third_turn() -> None:
    """If You Run Out of Money: "If you don't roll a 6 after two turns of being at the Embassy,
    you automatically leave on your next turn (3rd) and pick up an Ignition Card" - and pay no
    accommodation for the nights there."""
    state = new_state()
    board = state.game.board
    country = go_bankrupt_on_a_toll(state)
    for roll in (1, 4):
        seat_one_rests(state)
        assert state.phase == EMBASSY
        rig_dice(state, [roll])
        state.apply(RollToLeave())
    seat_one_rests(state)
    assert state.seat == 0 and state.phase == START and state.status[0] == FREE
    assert state.pos[0] == board.embassy[country]
    assert legal_strings(state) == ["ignition"]
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    assert state.moves_left == 3 and state.money[0] == BANKRUPT_GRANT


def test_nothing_is_played_against_a_player_stuck_at_the_embassy() -> None:
    """If You Run Out of Money / Embassies: Action cards "can't be played against you" there."""
    state = new_state()
    go_bankrupt_on_a_toll(state)
    assert state.seat == 1
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    for kind in ("steal_money", "steal_fuel", "send_embassy"):
        give(state, 1, kind)
        refused(state, play(state, kind, 0), "cannot be aimed at")
    assert not [a for a in legal_strings(state) if a.startswith("play")]


# --- Embassies ----------------------------------------------------------------------------------


def test_embassy_can_be_passed_through_like_a_normal_space() -> None:
    """Embassies: "Embassies can be passed through like normal spaces"."""
    state = new_state()
    a, embassy, b = between(state.game.board, "embassy")
    moves_phase(state, 0, a)
    state.apply(Move(sid(state, embassy)))
    assert state.status[0] == FREE and state.moves_left == 2
    state.apply(Move(sid(state, b)))
    assert state.pos[0] == b


def test_embassy_is_no_place_to_spend_the_night() -> None:
    """Embassies: "you can't stay overnight" (only if sent there or bankrupt)."""
    state = new_state()
    a, embassy, _ = between(state.game.board, "embassy")
    moves_phase(state, 0, a, moves=1)
    refused(state, Move(sid(state, embassy)), "could not reach a Hostel, Hotel or Border")
    moves_phase(state, 0, embassy, moves=2)
    refused(state, EndTurn(), "only end your turn on a Hostel, Hotel or Border")


def test_sent_to_an_embassy_by_a_card_then_on_your_way() -> None:
    """Embassies: "If you've been sent there by an Ignition Card ... once released, start your
    turn with an Ignition Card" - no roll for a 6, no accommodation, then move off as usual."""
    state = new_state()
    board = state.game.board
    a, embassy, b = between(board, "embassy")
    start_phase(state, 0, a, night_cost=25)
    state.ignition.cards.append(
        next(
            i
            for i, c in enumerate(state.game.decks.ignition)
            if [e.kind for e in c.effects] == ["embassy"]
        )
    )
    state.apply(DrawIgnition())
    # last night's Hostel is paid after the Ignition card, before going (RULES_NOTES.md)
    assert state.money[0] == 425
    assert state.pos[0] == embassy and state.status[0] == SENT and state.seat == 1
    seat_one_rests(state)
    assert legal_strings(state) == ["ignition"]
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    assert state.money[0] == 425  # the night at the Embassy is free
    state.apply(Move(sid(state, b)))
    assert state.pos[0] == b


# --- No Trains ----------------------------------------------------------------------------------


def test_no_freight_train_goes_past_a_no_trains_sign() -> None:
    """Important Locations, No Trains: "Freight Trains (an Action Card) can't go past this
    point" - from every Hostel or Hotel at a No Trains road, the train stops are exactly the
    places to stay within its reach without crossing a sign."""
    state = new_state()
    board = state.game.board
    reach = state.game.train_reach
    starts = {
        s
        for a, b, _, no_trains in board.roads
        if no_trains
        for s in (a, b)
        if board.kinds[s] in (HOSTEL, HOTEL)
    }
    assert len(starts) >= 3
    cut_off = 0
    for start in sorted(starts):
        moves_phase(state, 0, start)
        state.hands[0] = [0] * len(state.hands[0])
        give(state, 0, "freight_train")
        by_train = within(board, start, reach, trains=True)
        expected = {s for s in by_train if board.rest[s] and s != start}
        assert set(state.train_stops()) == expected, sid(state, start)
        for s in within(board, start, reach) - by_train:
            if board.rest[s]:
                refused(state, FreightTrain(sid(state, s)), "No Trains")
                cut_off += 1
    assert cut_off  # some place to stay is cut off by a sign


def test_no_trains_signs_do_not_stop_drivers() -> None:
    """No Trains: the sign is for Freight Trains only; you may drive along the road."""
    state = new_state()
    board = state.game.board
    a, b = next(
        (a, b)
        for x, y, _, no_trains in board.roads
        if no_trains
        for a, b in ((x, y), (y, x))
        if board.kinds[a] in (HOSTEL, HOTEL) and board.to_rest[b] <= 1
    )
    moves_phase(state, 0, a)
    rig_dice(state, [2])
    state.apply(Move(sid(state, b)))
    assert state.pos[0] == b


# --- Fuel Stations ------------------------------------------------------------------------------


def test_fuel_station_gives_a_token_each_time_you_pass() -> None:
    """Fuel Stations: "Pass through a Fuel Station to pick up a Fuel Token" - one a visit."""
    state = new_state()
    a, station, b = between(state.game.board, "fuel")
    moves_phase(state, 0, a, moves=4)
    supply = state.fuel_supply
    state.apply(Move(sid(state, station)))
    assert (state.fuel[0], state.fuel_supply) == (2, supply - 1)
    for space in (a, station, b):
        state.apply(Move(sid(state, space)))
    assert (state.fuel[0], state.fuel_supply) == (3, supply - 2)


def test_fuel_station_with_the_supply_empty_gives_nothing() -> None:
    """Fuel Stations (RULES_NOTES.md): a token while the supply lasts - none are made up."""
    state = new_state()
    a, station, _ = between(state.game.board, "fuel")
    moves_phase(state, 0, a)
    state.fuel_supply = 0
    state.apply(Move(sid(state, station)))
    assert (state.fuel[0], state.fuel_supply) == (1, 0)


def test_fuel_station_is_no_place_to_spend_the_night() -> None:
    """Fuel Stations: "You can't end your turn at a Fuel Station"."""
    state = new_state()
    a, station, _ = between(state.game.board, "fuel")
    moves_phase(state, 0, a, moves=1)
    refused(state, Move(sid(state, station)), "could not reach a Hostel, Hotel or Border")
    moves_phase(state, 0, station, moves=2)
    refused(state, EndTurn(), "only end your turn on a Hostel, Hotel or Border")


def test_not_every_country_has_a_fuel_station() -> None:
    """Remember! TOP TIP: "Not all countries have Fuel Stations": in such a country no walk
    ever reaches a Fuel Station without crossing a Border."""
    board = new_state().game.board
    with_fuel = {board.country[s] for s, k in enumerate(board.kinds) if k == FUEL}
    dry = [c for c in range(len(board.countries)) if c not in with_fuel]
    assert dry
    for country in dry:
        for s, k in enumerate(board.kinds):
            if board.country[s] == country and k in (HOSTEL, HOTEL):
                assert not [t for t in within(board, s, 40) if board.kinds[t] == FUEL]


# --- Attractions --------------------------------------------------------------------------------


@pytest.mark.parametrize("bonus", ["collect", "fuel", "moves", "draw_action"])
def test_landing_on_your_attraction_turns_it_up_and_pays_the_bonus(bonus: str) -> None:
    """Attractions: "When you land on your attraction, you must turn the Attraction Card face up.
    Your attraction is completed, and you can now claim the card's bonus" - at once."""
    state = new_state()
    board = state.game.board
    a, sight, _ = between(board, "attraction", bonus)
    mine = board.attraction_at[sight]
    amount = board.attractions[mine].bonus.amount
    attractions(state, 0, [mine, spare_attraction(state, mine)])
    moves_phase(state, 0, a)
    money, fuel, hand = state.money[0], state.fuel[0], sum(state.hands[0])
    assert state.observation(1)["seats"][0]["visited"] == []
    state.apply(Move(sid(state, sight)))
    assert state.visited[0] == 1 << mine
    visited = state.observation(1)["seats"][0]["visited"]
    assert [v["id"] for v in visited] == [mine]
    gained = {
        "collect": state.money[0] - money,
        "fuel": state.fuel[0] - fuel,
        "moves": state.moves_left - 2,
        "draw_action": sum(state.hands[0]) - hand,
    }
    assert gained == {k: amount if k == bonus else 0 for k in gained}


def test_the_last_attraction_is_face_up_for_everyone() -> None:
    """Attractions: "Down to your last attraction to visit? Place the card face up so others can
    see" (Attraction Cards: "it needs to be face up on the table")."""
    state = new_state()
    board = state.game.board
    a, sight, _ = between(board, "attraction")
    first = board.attraction_at[sight]
    last = spare_attraction(state, first)
    attractions(state, 0, [first, last])
    assert state.public_observation()["seats"][0]["last_attraction"] is None
    moves_phase(state, 0, a)
    state.apply(Move(sid(state, sight)))
    for view in (state.public_observation(), state.observation(1)):
        assert view["seats"][0]["last_attraction"]["id"] == last


def test_attraction_is_no_place_to_spend_the_night_without_a_tent() -> None:
    """Attractions: "You can't stay at an attraction overnight (unless you have a tent)"."""
    state = new_state()
    a, sight, _ = between(state.game.board, "attraction")
    moves_phase(state, 0, a, moves=1)
    refused(state, Move(sid(state, sight)), "could not reach a Hostel, Hotel or Border")
    moves_phase(state, 0, sight, moves=2)
    refused(state, EndTurn(), "only end your turn on a Hostel, Hotel or Border")


def test_someone_elses_attraction_gives_nothing() -> None:
    """Attractions: only *your* attraction is completed when you land on it."""
    state = new_state()
    board = state.game.board
    a, sight, _ = between(board, "attraction", "collect")
    theirs = board.attraction_at[sight]
    attractions(state, 1, [theirs, spare_attraction(state, theirs)])
    moves_phase(state, 0, a)
    state.apply(Move(sid(state, sight)))
    assert state.money == [450, 450]
    assert state.visited[0] & (1 << theirs) == 0 and state.visited[1] == 0


def test_a_visited_attraction_gives_no_second_bonus() -> None:
    """Attractions: the card is turned face up once; landing on it again gives nothing."""
    state = new_state()
    board = state.game.board
    a, sight, _ = between(board, "attraction", "collect")
    mine = board.attraction_at[sight]
    attractions(state, 0, [mine, spare_attraction(state, mine)], visited=1)
    moves_phase(state, 0, a)
    state.apply(Move(sid(state, sight)))
    assert state.money[0] == 450


def test_freight_train_stopping_on_your_attraction_with_a_tent_visits_it() -> None:
    """Attractions + Freight Train (RULES_NOTES.md): the place you get off is where you land, so
    getting off on your attraction with a Tent completes it, unlike the places passed."""
    state = new_state()
    board = state.game.board
    a, sight, _ = between(board, "attraction", "collect")
    mine = board.attraction_at[sight]
    attractions(state, 0, [mine, spare_attraction(state, mine)])
    moves_phase(state, 0, a)
    give(state, 0, "freight_train")
    give(state, 0, "tent")
    state.apply(FreightTrain(sid(state, sight)))
    assert state.visited[0] == 1 << mine
    assert state.money[0] == 450 + board.attractions[mine].bonus.amount


# --- Caspian Sea --------------------------------------------------------------------------------


def test_caspian_border_card_then_the_boat() -> None:
    """Caspian Sea: "Before crossing the sea, take a Border Card and do as it says. Once through
    the Border, move your playing piece onto the boat. You must then use your 3 moves to try
    and roll a 6"."""
    state = new_state()
    board = state.game.board
    port, _ = at_baku_port(state)
    assert legal_strings(state) == ["ignition", "border"]
    border_with(state, "fee")
    state.apply(DrawBorder())
    state.apply(Cross())
    assert state.pos[0] == board.boat and state.status[0] == AT_SEA
    assert state.money[0] == 425 and state.fuel[0] == 0
    assert state.moves_left == 3 and state.country[0] == board.country[port]
    assert legal_strings(state) == ["sail"]
    refused(state, EndTurn(), "use every move")
    refused(state, TakeAction(), "every move is a roll")


def test_caspian_three_rolls_for_a_6_a_turn() -> None:
    """Caspian Sea: "use your 3 moves to try and roll a 6 ... If you don't successfully roll a
    6 on your first turn, wait until your next turn" (the night on the boat is free)."""
    state = new_state()
    board = state.game.board
    board_the_boat(state)
    rig_dice(state, [1, 5, 3])
    for _ in range(3):
        state.apply(Sail())
    assert state.pos[0] == board.boat and state.seat == 1
    assert state.night_cost[0] == 0


def test_caspian_a_6_lands_you_and_the_far_border_costs_no_move() -> None:
    """Caspian Sea: "The Border space on the other side of the sea doesn't use a move ... If you
    roll a 6, any remaining moves can be used on dry land"."""
    state = new_state()
    board = state.game.board
    port, far = board_the_boat(state)
    rig_dice(state, [6])
    state.apply(Sail())
    assert state.pos[0] == far and state.status[0] == FREE
    assert state.country[0] == board.country[far] != board.country[port]
    assert state.moves_left == 2 and state.phase == MOVES
    onward = [f"move {board.space_ids[t]}" for t, _, _ in board.steps[(far, board.country[far])]]
    assert set(onward) & set(legal_strings(state))
    refused(state, Sail(), "only on the Caspian boat")


def test_caspian_second_turn_no_cards_just_three_rolls() -> None:
    """Caspian Sea: "wait until your next turn to try again (no need to draw any cards at the
    start of your next turn - just take your 3 rolls)"; no accommodation either."""
    state = new_state()
    board = state.game.board
    board_the_boat(state)
    rig_dice(state, [1, 1, 1])
    for _ in range(3):
        state.apply(Sail())
    seat_one_rests(state)
    ignition_pile, border_pile = len(state.ignition.cards), len(state.border.cards)
    money = state.money[0]
    assert state.seat == 0 and state.phase == MOVES and state.moves_left == 3
    assert state.pos[0] == board.boat and legal_strings(state) == ["sail"]
    refused(state, DrawIgnition(), "only at the start")
    rig_dice(state, [2, 6])
    state.apply(Sail())
    state.apply(Sail())
    assert state.pos[0] == board.ports[1] and state.moves_left == 1
    assert (len(state.ignition.cards), len(state.border.cards)) == (ignition_pile, border_pile)
    assert state.money[0] == money


def test_caspian_third_turn_you_cross_automatically() -> None:
    """Caspian Sea: "If this fails again, you'll automatically cross on your next turn (3rd).
    Take your 3 moves without picking up a Border Card or Ignition Card"."""
    state = new_state()
    board = state.game.board
    _, far = board_the_boat(state)
    for _ in range(2):
        rig_dice(state, [1, 2, 3])
        for _ in range(3):
            state.apply(Sail())
        seat_one_rests(state)
    ignition_pile = len(state.ignition.cards)
    assert state.seat == 0 and state.phase == MOVES
    assert state.pos[0] == far and state.country[0] == board.country[far]
    assert state.moves_left == 3 and state.status[0] == FREE
    assert len(state.ignition.cards) == ignition_pile and state.money[0] == 450


def test_caspian_no_magic_roll_on_the_boat() -> None:
    """Caspian Sea: "You can't use a Magic Roll Action Card" - only the 6 you roll."""
    state = new_state()
    _, far = board_the_boat(state)
    give(state, 0, "magic_roll")
    assert legal_strings(state) == ["sail"]
    refused(state, Move(sid(state, far), magic_roll=True), "Caspian boat")
    refused(state, Move(sid(state, far)), "Caspian boat")


def test_caspian_starts_with_a_border_card_even_with_a_border_pass() -> None:
    """Caspian Sea: "Before crossing the sea, take a Border Card": a Border Pass does not spare
    it (arriving at the port mid-turn), though it may stand in for the Fuel Token after it."""
    state = new_state()
    board = state.game.board
    port, _ = board.ports
    near = next(t for t, _, _ in board.steps[(port, board.country[port])] if board.rest[t])
    moves_phase(state, 0, near)
    give(state, 0, "border_pass")
    state.apply(Move(sid(state, port)))
    assert "cross with border pass" not in legal_strings(state)
    refused(state, Cross(border_pass=True), "starts with a Border card")
    start_phase(state, 0, port)
    state.fuel[0] = 0
    border_with(state, "nothing")
    state.apply(DrawBorder())
    state.apply(Cross(border_pass=True))
    assert state.pos[0] == board.boat and state.status[0] == AT_SEA


def test_caspian_sent_to_an_embassy_from_the_boat_goes_back_to_azerbaijan() -> None:
    """Caspian Sea / Embassies: "Sent to an Embassy while sailing the Caspian Sea? Head back to
    Azerbaijan!"."""
    state = new_state()
    board = state.game.board
    port, _ = board.ports
    assert board.countries[board.country[port]] == "azerbaijan"
    board_the_boat(state)
    rig_dice(state, [1, 1, 1])
    for _ in range(3):
        state.apply(Sail())
    assert state.seat == 1
    ignition_on_top(state, "Open Road")
    state.apply(DrawIgnition())
    give(state, 1, "send_embassy")
    state.apply(play(state, "send_embassy", 0))
    state.apply(Accept())
    assert state.pos[0] == board.embassy[board.country[port]]
    assert state.status[0] == SENT and state.country[0] == board.country[port]


# --- Play with More Attractions ----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_play_with_more_attractions(players: int, count: int) -> None:
    """Play with More Attractions: "with 4, 5, or even 6 Attraction Cards each" (and Setup:
    "Your attractions must all be located in different countries")."""
    state = new_state(players, seed=count, attractions=count)
    board = state.game.board
    for hand in state.attractions:
        assert len(hand) == count
        assert len({board.attractions[a].country for a in hand}) == count
    dealt = [a for hand in state.attractions for a in hand]
    assert len(set(dealt)) == len(dealt)


@pytest.mark.parametrize(("players", "count"), [(2, 3), (3, 2), (4, 2), (5, 2)])
def test_attractions_by_default(players: int, count: int) -> None:
    """Setup, Attraction Cards: "2 Players: 3 cards each. 3+ Players: 2 cards each"."""
    state = new_state(players)
    assert [len(hand) for hand in state.attractions] == [count] * players


def test_more_attractions_option_given_as_text() -> None:
    """Play with More Attractions: the option typed on a command line ("4") is accepted."""
    state = new_state(2, attractions="4")
    assert [len(hand) for hand in state.attractions] == [4, 4]


@pytest.mark.parametrize("value", [0, 1, 7, 32, "six", 4.0, True])
def test_more_attractions_bad_values_are_refused(value: object) -> None:
    """Play with More Attractions: 2 to 6 each; anything else is refused in one line naming
    the option and what it accepts."""
    with pytest.raises(OptionError) as info:
        tabletrip.make("route-east", players=2, attractions=value)
    message = str(info.value)
    assert "\n" not in message
    assert "attractions" in message and "accepted: 2, 3, 4, 5, 6" in message


# --- The winner and the turn limit --------------------------------------------------------------


def next_to_shanghai(state: RouteEastState) -> int:
    """A space one road from Shanghai."""
    board = state.game.board
    return board.steps[(board.finish, board.country[board.finish])][0][0]


def test_first_to_shanghai_with_every_attraction_visited_wins() -> None:
    """Overview: "The first player to get to Shanghai via their Attraction Cards wins" - at
    once, even on the last move (no bed needed)."""
    state = new_state(3)
    board = state.game.board
    mine = [unowned_attraction(state)]
    attractions(state, 0, mine, visited=1)
    moves_phase(state, 0, next_to_shanghai(state), moves=1)
    assert f"move {sid(state, board.finish)}" in legal_strings(state)
    state.apply(Move(sid(state, board.finish)))
    assert state.is_over and state.winner == 0
    result = state.result
    assert result is not None
    assert result.scores == (1, 0, 0) and result.winners == (0,)
    assert [b["finished"] for b in result.breakdown] == [1, 0, 0]
    assert state.legal_actions() == []
    refused(state, EndTurn(), "game is over")


def test_shanghai_before_every_attraction_gives_nothing() -> None:
    """Overview: you win by getting to Shanghai *via your Attraction Cards*; before that it is
    an ordinary space, no place to spend the night."""
    state = new_state()
    board = state.game.board
    attractions(state, 0, [unowned_attraction(state)])
    moves_phase(state, 0, next_to_shanghai(state), moves=1)
    refused(state, Move(sid(state, board.finish)), "could not reach a Hostel, Hotel or Border")
    moves_phase(state, 0, next_to_shanghai(state), moves=3)
    state.apply(Move(sid(state, board.finish)))
    assert not state.is_over and state.result is None
    assert state.pos[0] == board.finish
    refused(state, EndTurn(), "only end your turn on a Hostel, Hotel or Border")


def test_turn_limit_stops_the_race_with_no_winner() -> None:
    """End of the game (RULES_NOTES.md): a seat about to begin its 151st turn stops the game
    with no winner, every score 0 and `turn_limit_reached` in the breakdown."""
    state = new_state()
    hostel = spaces_of_kind(state.game.board, "hostel")[0]
    moves_phase(state, 0, hostel)
    state.turns = [ROUND_LIMIT, ROUND_LIMIT - 1]
    state.apply(EndTurn())
    assert not state.is_over and state.seat == 1 and state.turns[1] == ROUND_LIMIT
    quiet_turn(state)
    assert state.is_over and state.winner == -1
    result = state.result
    assert result is not None
    assert result.scores == (0, 0) and result.winners == ()
    assert all(b["turn_limit_reached"] for b in result.breakdown)
    assert state.legal_actions() == []
    assert state.public_observation()["winner"] is None


# --- Hidden information -------------------------------------------------------------------------


def test_observation_never_shows_another_seats_action_cards() -> None:
    """Action Cards are held in hand: others see how many you hold, not which."""
    state = new_state()
    give(state, 1, "hell_no")
    give(state, 1, "border_pass")
    give(state, 0, "tent")
    view = state.observation(0)
    assert view["hand"] == {card_id(state, "tent"): 1}
    assert view["seats"][1]["action_cards"] == 2
    text = json.dumps(view)
    for kind in ("hell_no", "border_pass"):
        card = state.game.decks.action[state.game.decks.action_of_kind[kind]]
        assert card.id not in text and card.name not in text
    assert state.observation(1)["hand"] == {
        card_id(state, "hell_no"): 1,
        card_id(state, "border_pass"): 1,
    }


def test_observation_never_shows_anothers_face_down_attractions() -> None:
    """Attraction Cards: "lay your Attraction Cards face down in front of you, hidden from other
    players"; turned face up once visited, and the last one face up."""
    state = new_state()
    board = state.game.board
    theirs = state.attractions[1]
    assert len(theirs) == 3

    def shown(view: dict) -> set[int]:
        text = json.dumps(view)
        return {
            a
            for a in theirs
            if board.attractions[a].name in text
            or board.space_ids[attraction_space(state, a)] in text
        }

    assert shown(state.observation(0)) == set()
    assert shown(state.public_observation()) == set()
    assert {a["id"] for a in state.observation(1)["attractions"]} == set(theirs)
    attractions(state, 1, theirs, visited=1)
    assert shown(state.observation(0)) == {theirs[0]}
    attractions(state, 1, theirs, visited=2)
    assert shown(state.observation(0)) == set(theirs)
    assert state.observation(0)["seats"][1]["last_attraction"]["id"] == theirs[2]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_determinize_keeps_the_seats_own_observation(seed: int) -> None:
    """Hidden information: a determinized copy for a seat is one the seat cannot tell from the
    real game - its observation is the same - while what it cannot see is dealt anew."""
    state = new_state(3, seed=seed)
    random_moves(state, seed, 150)
    for seat in range(3):
        give(state, (seat + 1) % 3, "hell_no")
        give(state, (seat + 2) % 3, "tent")
    for seat in range(3):
        own = state.observation(seat)
        changed = False
        for k in range(6):
            copy = state.determinize(seat, Rng(seed * 100 + k))
            assert copy.observation(seat) == own
            others = [s for s in range(3) if s != seat]
            assert [sum(copy.hands[s]) for s in others] == [sum(state.hands[s]) for s in others]
            changed |= any(
                copy.hands[s] != state.hands[s] or copy.attractions[s] != state.attractions[s]
                for s in others
            )
        assert changed
