"""Route East rules of Navigating the Map (../shared/rules/route-east.txt): roads, Borders and
accommodation, with the Border Concerns and Dirt Roads Questions and Answers.

Each test names the rulebook section it checks. Situations are built exactly on the real board,
places found by kind, with the dice and deck tops rigged, and then played through `apply`; every
refusal is checked to leave the state unchanged.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from route_east_situations import (
    action_on_top,
    attractions,
    border_effects,
    card_id,
    give,
    ignition_effects,
    land_border,
    legal_strings,
    moves_phase,
    neighbours,
    new_state,
    quiet_turn,
    refused,
    rig_dice,
    road_between,
    sid,
    spaces_of_kind,
    start_phase,
    walk_to_border,
)
from tabletrip.games.route_east.actions import (
    Camp,
    Cross,
    DrawBorder,
    DrawIgnition,
    EndTurn,
    Move,
    Play,
    Stay,
    TakeAction,
)
from tabletrip.games.route_east.content import (
    ATTRACTION,
    BORDER,
    DIRT,
    HOSTEL,
    HOTEL,
    NORMAL,
    SPACE_KINDS,
    TOLL,
    Board,
)
from tabletrip.games.route_east.rules import CROSS, MOVES, START, STUCK, RouteEastState

PLAIN = ("nothing", 0)
BEDS = ("hostel", "hotel")


# --- finding places -------------------------------------------------------------------------


def border_with_two_roads(board: Board) -> tuple[int, int, int, int]:
    """(country, x, border, y): a land Border with roads to two spaces x and y of one country,
    y no more than a move from a place to stay."""
    for border in spaces_of_kind(board, "border"):
        pair = board.border_countries[border]
        if border in board.ports or pair is None:
            continue
        for country in pair:
            ends = [t for t, _, _ in neighbours(board, border, country)]
            for x in ends:
                for y in ends:
                    if x != y and board.to_rest[y] <= 1:
                        return country, x, border, y
    raise LookupError("no Border with two roads into one country")


def borders_on_one_line(board: Board) -> tuple[int, int]:
    """Two land Borders between the same two countries."""
    seen: dict[frozenset[int], int] = {}
    for border in spaces_of_kind(board, "border"):
        pair = board.border_countries[border]
        if border in board.ports or pair is None:
            continue
        key = frozenset(pair)
        if key in seen:
            return seen[key], border
        seen[key] = border
    raise LookupError("no two Borders between the same countries")


def dirt_dead_end(board: Board) -> tuple[int, int, int, int]:
    """(before, bed, stop, far): a Hostel or Hotel `bed` one normal road after another one,
    `before`; a road from `bed` to `stop`, an attraction; and a dirt road from `stop` to `far`,
    another place to stay. Out of moves on `stop`, the way back leads to `bed`."""
    beds = (HOSTEL, HOTEL)
    for stop, kind in enumerate(board.kinds):
        if kind != ATTRACTION:
            continue
        steps = neighbours(board, stop, board.country[stop])
        fars = [t for t, road, _ in steps if road == DIRT and board.rest[t]]
        for bed, _, _ in steps:
            if board.kinds[bed] not in beds:
                continue
            for before, road, _ in neighbours(board, bed, board.country[bed]):
                if road == NORMAL and board.kinds[before] in beds:
                    for far in fars:
                        if far not in (bed, before):
                            return before, bed, stop, far
    raise LookupError("no attraction before a dirt road")


def road_kind(board: Board, a: int, b: int) -> int:
    return next(kind for t, kind, _ in neighbours(board, a, board.country[a]) if t == b)


def road_to_first_bed(board: Board) -> list[int]:
    """The fewest roads from the start line to a Hostel or Hotel (start first)."""
    came: dict[int, int] = {board.start: board.start}
    frontier = [board.start]
    while frontier:
        nxt = []
        for here in frontier:
            if board.kinds[here] in (HOSTEL, HOTEL):
                path = [here]
                while path[-1] != board.start:
                    path.append(came[path[-1]])
                return path[::-1]
            for there, _, _ in neighbours(board, here, board.country[here]):
                if there not in came:
                    came[there] = here
                    nxt.append(there)
        frontier = nxt
    raise LookupError("no bed reachable from the start line")


def not_holding(state: RouteEastState, seat: int, space: int) -> None:
    """Give `seat` attractions elsewhere, so that `space` gives it no bonus."""
    board = state.game.board
    mine = [a.id for a in board.attractions if a.space != space][:2]
    attractions(state, seat, mine)


# --- Roads ----------------------------------------------------------------------------------


def test_normal_roads_are_free() -> None:
    """Navigating the Map, Roads: normal roads are FREE: a move, no money, no roll."""
    state = new_state(2)
    a, b = road_between(state.game.board, "normal", BEDS, BEDS)
    moves_phase(state, 0, a)
    rng = state.rng.state
    state.apply(Move(sid(state, b)))
    assert state.pos[0] == b
    assert state.money[0] == 450
    assert state.moves_left == 2
    assert state.rng.state == rng  # no die rolled


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_dirt_road_needs_an_even_roll(roll: int) -> None:
    """Navigating the Map, Roads: dirt roads require an even roll to pass; an unsuccessful roll
    still costs the move."""
    state = new_state(2)
    a, b = road_between(state.game.board, "dirt", BEDS, BEDS)
    moves_phase(state, 0, a)
    rig_dice(state, [roll])
    state.apply(Move(sid(state, b)))
    assert state.events[-1] == ("roll", 0, roll, "dirt")
    assert state.pos[0] == (b if roll % 2 == 0 else a)
    assert state.moves_left == 2
    assert state.money[0] == 450


def test_failed_dirt_rolls_each_cost_a_move() -> None:
    """Navigating the Map, Roads: unsuccessful rolls will still cost you a move; you may try
    again with the next one."""
    state = new_state(2)
    a, b = road_between(state.game.board, "dirt", BEDS, BEDS)
    moves_phase(state, 0, a)
    rig_dice(state, [3, 5, 2])
    state.apply(Move(sid(state, b)))
    state.apply(Move(sid(state, b)))
    assert state.pos[0] == a
    assert state.moves_left == 1
    state.apply(Move(sid(state, b)))
    assert state.pos[0] == b
    assert state.seat == 1  # out of moves on a place to stay: the turn is over


def test_toll_road_costs_25_dollars() -> None:
    """Navigating the Map, Roads: toll roads cost $25, paid into the bank."""
    state = new_state(2)
    a, b = road_between(state.game.board, "toll", BEDS, BEDS)
    moves_phase(state, 0, a)
    state.apply(Move(sid(state, b)))
    assert state.pos[0] == b
    assert state.money[0] == 425
    assert state.moves_left == 2


def test_toll_is_paid_before_passing_with_your_last_25_dollars() -> None:
    """Navigating the Map, Roads: pay the toll at the start of the road before you pass; your
    last $25 will do, and the ATM beyond then pays you."""
    state = new_state(2)
    a, atm = road_between(state.game.board, "toll", BEDS, ("atm",))
    moves_phase(state, 0, a)
    state.money[0] = 25
    state.atm.cards.append(100)
    state.apply(Move(sid(state, atm)))
    assert state.pos[0] == atm
    assert state.money[0] == 100


def test_toll_you_cannot_pay_before_passing_makes_you_bankrupt() -> None:
    """Navigating the Map, Roads / If You Run Out of Money: the toll is paid before you pass, so
    with no money you never reach the ATM beyond: you go to the Embassy of your country with
    $100 and your turn is over."""
    state = new_state(2)
    board = state.game.board
    a, atm = road_between(board, "toll", BEDS, ("atm",))
    moves_phase(state, 0, a)
    state.money[0] = 0
    atm_pile = list(state.atm.cards)
    state.apply(Move(sid(state, atm)))
    assert state.pos[0] == board.embassy[board.country[a]]
    assert state.money[0] == 100
    assert state.atm.cards == atm_pile
    assert state.bankruptcies[0] == 1
    assert state.status[0] == STUCK
    assert state.seat == 1


def test_border_lines_are_not_roads() -> None:
    """Navigating the Map, Roads: Border lines are not roads and can't be travelled along: every
    road stays in one country (a Border belongs to both of its own), none joins two Borders, and
    a piece cannot go along the line from one Border to the next."""
    state = new_state(2)
    board = state.game.board

    def countries(space: int) -> set[int]:
        pair = board.border_countries[space]
        return set(pair) if pair is not None else {board.country[space]}

    for a, b, _, _ in board.roads:
        assert countries(a) & countries(b), (board.space_ids[a], board.space_ids[b])
        assert not (board.kinds[a] == BORDER and board.kinds[b] == BORDER)
    one, other = borders_on_one_line(board)
    moves_phase(state, 0, one)
    assert f"move {sid(state, other)}" not in legal_strings(state)
    refused(state, Move(sid(state, other)), "not one road away")


# --- Borders --------------------------------------------------------------------------------


def test_border_is_a_stop_within_a_country() -> None:
    """Navigating the Map, Borders: you can go from any space onto a Border and back onto another
    space in the same country during your turn."""
    state = new_state(2)
    country, x, border, y = border_with_two_roads(state.game.board)
    moves_phase(state, 0, x, country=country)
    state.apply(Move(sid(state, border)))
    state.apply(Move(sid(state, y)))
    assert state.pos[0] == y
    assert state.country[0] == country
    assert state.moves_left == 1


def test_crossing_needs_the_next_turn_to_start_at_the_border_with_a_border_card() -> None:
    """Navigating the Map, Borders: to cross into another country you must end your turn at the
    Border and wait for your next turn; then draw a Border card, hand in a Fuel Token and go."""
    state = new_state(2)
    near, border, far_country, far = walk_to_border(state.game.board)
    moves_phase(state, 0, near)
    state.apply(Move(sid(state, border)))
    assert f"move {sid(state, far)}" not in legal_strings(state)
    refused(state, Move(sid(state, far)), "start your turn here with a Border card")
    state.apply(EndTurn())
    quiet_turn(state)
    assert legal_strings(state) == ["ignition", "border"]
    border_effects(state, PLAIN)
    state.apply(DrawBorder())
    assert state.phase == CROSS
    assert {"cross", "stay"} <= set(legal_strings(state))
    supply = state.fuel_supply
    state.apply(Cross())
    assert state.country[0] == far_country
    assert state.fuel[0] == 0
    assert state.fuel_supply == supply + 1
    assert state.moves_left == 3
    state.apply(Move(sid(state, far)))
    assert state.pos[0] == far


def test_border_pass_crosses_without_waiting() -> None:
    """Navigating the Map, Borders: you must end your turn at the Border and wait, unless you
    have a Border Pass Action Card: it takes you across on arrival, without a Fuel Token."""
    state = new_state(2)
    near, border, far_country, far = walk_to_border(state.game.board)
    moves_phase(state, 0, near)
    state.apply(Move(sid(state, border)))
    refused(state, Cross(border_pass=True), "no Border Pass")
    give(state, 0, "border_pass")
    assert "cross with border pass" in legal_strings(state)
    state.apply(Cross(border_pass=True))
    assert state.country[0] == far_country
    assert state.fuel[0] == 1
    assert state.hands[0][state.game.decks.action_of_kind["border_pass"]] == 0
    assert state.moves_left == 2
    state.apply(Move(sid(state, far)))
    assert state.pos[0] == far


def test_border_pass_replaces_the_fuel_token_after_a_border_card() -> None:
    """Navigating the Map, Borders / Border Concerns: a Border Pass gets you across instead of a
    Fuel Token."""
    state = new_state(2)
    _, border, far_country, _ = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    state.fuel[0] = 0
    give(state, 0, "border_pass")
    border_effects(state, PLAIN)
    state.apply(DrawBorder())
    assert "cross" not in legal_strings(state)
    state.apply(Cross(border_pass=True))
    assert state.country[0] == far_country
    assert state.fuel[0] == 0


def test_declining_after_seeing_the_border_card_allows_action_cards_but_no_moving() -> None:
    """Turns, 2nd Turn Onwards: you can decide not to cross once you've seen the Border card,
    but you won't be able to move spaces; you can still pick up and play Action cards."""
    state = new_state(2)
    near, border, _, far = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    give(state, 0, "collect")
    give(state, 0, "border_pass")
    border_effects(state, PLAIN)
    state.apply(DrawBorder())
    state.apply(Stay())
    assert state.phase == MOVES
    assert not [a for a in state.legal_actions() if isinstance(a, Move)]
    refused(state, Move(sid(state, near)), "chose not to cross")
    refused(state, Move(sid(state, far)), "chose not to cross")
    refused(state, Cross(border_pass=True), "chose not to cross")
    refused(state, Cross(), "after drawing its Border card")
    state.apply(TakeAction())
    assert state.moves_left == 2
    state.apply(Play(card_id(state, "collect")))
    assert state.money[0] == 500
    state.apply(EndTurn())
    assert state.pos[0] == border
    assert state.fuel[0] == 1


def test_ignition_card_at_a_border_keeps_you_in_the_country_you_came_from() -> None:
    """Turns, 2nd Turn Onwards: to travel in the same country you just came from, draw an
    Ignition card instead of a Border card; the night at the Border is free."""
    state = new_state(2)
    near, border, _, far = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    ignition_effects(state, PLAIN)
    state.apply(DrawIgnition())
    assert state.money[0] == 450
    assert f"move {sid(state, near)}" in legal_strings(state)
    assert f"move {sid(state, far)}" not in legal_strings(state)
    refused(state, Move(sid(state, far)), "start your turn here with a Border card")
    refused(state, Cross(), "after drawing its Border card")
    state.apply(Move(sid(state, near)))
    assert state.pos[0] == near


def border_card(state: RouteEastState, *effects: tuple[str, int]) -> tuple[int, int]:
    """Seat 0 at a land Border draws the Border card with these effects; (far country, far)."""
    _, border, far_country, far = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    border_effects(state, *effects)
    state.apply(DrawBorder())
    return far_country, far


def test_border_card_fee_is_paid_when_crossing() -> None:
    """The Cards, Border Cards: sometimes you get through with just a $25 charge (and the Fuel
    Token)."""
    state = new_state(2)
    far_country, _ = border_card(state, ("fee", 25))
    state.apply(Cross())
    assert state.money[0] == 425
    assert state.fuel[0] == 0
    assert state.country[0] == far_country


def test_border_card_fee_you_cannot_afford_means_you_stay() -> None:
    """Questions and Answers, Border Concerns: I drew a Border card, but I can't afford to
    cross: you stay, and can still use your moves to pick up Action cards."""
    state = new_state(2)
    state.money[0] = 25
    border_card(state, ("fee", 50))
    assert "cross" not in legal_strings(state)
    refused(state, Cross(), "crossing costs $50; you have $25")
    assert {"stay", "take"} <= set(legal_strings(state))
    state.apply(Stay())
    state.apply(TakeAction())
    assert state.money[0] == 25
    assert state.moves_left == 2


def test_border_card_no_fuel_needed() -> None:
    """The Cards, Border Cards: a card that waves you through needs no Fuel Token."""
    state = new_state(2)
    state.fuel[0] = 0
    supply = state.fuel_supply
    far_country, _ = border_card(state, ("no_fuel_needed", 0))
    assert "cross" in legal_strings(state)
    state.apply(Cross())
    assert state.country[0] == far_country
    assert state.fuel[0] == 0
    assert state.fuel_supply == supply


def test_border_card_closed_lets_nobody_cross() -> None:
    """The Cards, Border Cards: a closed Border cannot be crossed this turn, fuel, money or
    Border Pass notwithstanding."""
    state = new_state(2)
    give(state, 0, "border_pass")
    border_card(state, ("closed", 0))
    assert "cross" not in legal_strings(state)
    assert "cross with border pass" not in legal_strings(state)
    refused(state, Cross(), "nobody crosses today")
    refused(state, Cross(border_pass=True), "nobody crosses today")
    state.apply(Stay())
    assert state.fuel[0] == 1


@pytest.mark.parametrize(("amount", "moves"), [(1, 4), (-1, 2)])
def test_border_card_changes_the_moves_of_a_crossing(amount: int, moves: int) -> None:
    """The Cards, Border Cards: some crossings are more complicated: a card may give a move more
    or a move fewer when you cross."""
    state = new_state(2)
    border_card(state, ("moves", amount))
    state.apply(Cross())
    assert state.moves_left == moves


# --- Questions and Answers: Border Concerns -------------------------------------------------


def test_without_fuel_draw_ignition_and_head_back_into_the_country() -> None:
    """Questions and Answers, Border Concerns: no Fuel Token? Draw an Ignition card and head back
    into the country you came from to visit a Fuel Station."""
    state = new_state(2)
    near, border, _, far = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    state.fuel[0] = 0
    assert legal_strings(state) == ["ignition", "border"]
    ignition_effects(state, PLAIN)
    state.apply(DrawIgnition())
    assert f"move {sid(state, near)}" in legal_strings(state)
    refused(state, Move(sid(state, far)), "Border card")
    state.apply(Move(sid(state, near)))
    assert state.pos[0] == near


def test_without_fuel_draw_ignition_stay_and_collect_action_cards() -> None:
    """Questions and Answers, Border Concerns: no Fuel Token? Draw an Ignition card, stay where
    you are and use your moves to collect Action cards."""
    state = new_state(2)
    _, border, _, _ = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    state.fuel[0] = 0
    ignition_effects(state, PLAIN)
    state.apply(DrawIgnition())
    for _ in range(3):
        action_on_top(state, "hell_no")
        state.apply(TakeAction())
    assert sum(state.hands[0]) == 3
    assert state.pos[0] == border
    state.apply(EndTurn())
    assert state.seat == 1
    assert state.night_cost[0] == 0


def test_without_fuel_draw_a_border_card_but_do_not_cross() -> None:
    """Questions and Answers, Border Concerns: no Fuel Token? Draw a Border card but don't cross
    (since you can't) and use your moves to collect Action cards."""
    state = new_state(2)
    _, border, _, _ = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    state.fuel[0] = 0
    border_effects(state, PLAIN)
    state.apply(DrawBorder())
    assert "cross" not in legal_strings(state)
    refused(state, Cross(), "you need a Fuel Token (or a Border Pass) to cross")
    state.apply(TakeAction())
    state.apply(Stay())
    state.apply(TakeAction())
    assert sum(state.hands[0]) == 2
    assert state.moves_left == 1
    assert state.pos[0] == border


def test_fuel_found_after_the_border_card_lets_you_cross() -> None:
    """Questions and Answers, Border Concerns: once you have a solution to your fuel shortage
    and are at the Border, the Border card gets you across (Action cards are played after the
    Border card)."""
    state = new_state(2)
    state.fuel[0] = 0
    give(state, 0, "fuel")
    far_country, _ = border_card(state, PLAIN)
    assert "cross" not in legal_strings(state)
    state.apply(Play(card_id(state, "fuel")))
    assert "cross" in legal_strings(state)
    state.apply(Cross())
    assert state.country[0] == far_country
    assert state.fuel[0] == 0


def test_after_declining_an_ignition_card_next_turn_takes_you_back() -> None:
    """Questions and Answers, Border Concerns: you're stuck in no man's land; you can draw an
    Ignition card on your next turn to travel back in the country you came from."""
    state = new_state(2)
    near, border, _, _ = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    state.money[0] = 0
    border_effects(state, ("fee", 25))
    state.apply(DrawBorder())
    state.apply(Stay())
    state.apply(EndTurn())
    quiet_turn(state)
    assert state.seat == 0
    assert legal_strings(state) == ["ignition", "border"]
    ignition_effects(state, PLAIN)
    state.apply(DrawIgnition())
    state.apply(Move(sid(state, near)))
    assert state.pos[0] == near


# --- Questions and Answers: Dirt Roads ------------------------------------------------------


def test_out_of_moves_before_a_dirt_road_goes_back_to_a_place_to_stay() -> None:
    """Questions and Answers, Dirt Roads: out of moves on an attraction at the start of a dirt
    road, you can't stay: move back the way you came to the nearest Hostel, Hotel or Border."""
    state = new_state(2)
    board = state.game.board
    _, bed, stop, far = dirt_dead_end(board)
    not_holding(state, 0, stop)
    moves_phase(state, 0, bed)
    rolls = [2] if road_kind(board, bed, stop) == DIRT else []
    rig_dice(state, [*rolls, 1, 3])
    state.apply(Move(sid(state, stop)))
    state.apply(Move(sid(state, far)))
    assert state.pos[0] == stop
    assert state.moves_left == 1
    refused(state, EndTurn(), "Hostel, Hotel or Border")
    state.apply(Move(sid(state, far)))
    assert state.seat == 1
    assert state.pos[0] == bed
    assert state.night_cost[0] == board.lodging[bed]


def test_going_back_stops_at_the_nearest_place_to_stay_on_the_way() -> None:
    """Questions and Answers, Dirt Roads: back the way you came to the NEAREST Hostel, Hotel or
    Border, not to where the turn began."""
    state = new_state(2)
    board = state.game.board
    before, bed, stop, far = dirt_dead_end(board)
    not_holding(state, 0, stop)
    moves_phase(state, 0, before)
    rolls = [2] if road_kind(board, bed, stop) == DIRT else []
    rig_dice(state, [*rolls, 5])
    state.apply(Move(sid(state, bed)))
    state.apply(Move(sid(state, stop)))
    state.apply(Move(sid(state, far)))
    assert state.seat == 1
    assert state.pos[0] == bed


def test_out_of_moves_on_an_attraction_with_a_tent_you_may_stay() -> None:
    """Questions and Answers, Dirt Roads: if you're on an attraction and have a tent - no
    problem! You may camp there, a free night, the Tent played."""
    state = new_state(2)
    board = state.game.board
    _, bed, stop, far = dirt_dead_end(board)
    not_holding(state, 0, stop)
    moves_phase(state, 0, bed)
    give(state, 0, "tent")
    rolls = [2] if road_kind(board, bed, stop) == DIRT else []
    rig_dice(state, [*rolls, 1, 3])
    state.apply(Move(sid(state, stop)))
    state.apply(Move(sid(state, far)))
    state.apply(Move(sid(state, far)))
    assert state.seat == 0
    assert {"camp", "end"} <= set(legal_strings(state))
    state.apply(Camp())
    assert state.seat == 1
    assert state.pos[0] == stop
    assert state.night_cost[0] == 0
    assert sum(state.hands[0]) == 0


# --- Accommodation --------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "price"), [("hostel", 25), ("hotel", 50), ("border", 0)])
def test_accommodation_hostel_25_hotel_50_border_free(kind: str, price: int) -> None:
    """Navigating the Map, Accommodation / Borders: Hostels $25 a night, Hotels $50, Borders
    FREE, paid the next morning after the Ignition card."""
    state = new_state(2)
    board = state.game.board
    space = land_border(board) if kind == "border" else spaces_of_kind(board, kind)[0]
    moves_phase(state, 0, space)
    state.apply(EndTurn())
    quiet_turn(state)
    assert state.phase == START
    assert state.money[0] == 450
    ignition_effects(state, PLAIN)
    state.apply(DrawIgnition())
    assert state.money[0] == 450 - price


@pytest.mark.parametrize("kind", ["atm", "fuel", "attraction", "embassy", "plain"])
def test_you_can_only_stay_at_hostels_hotels_or_borders(kind: str) -> None:
    """Navigating the Map, Accommodation: you can only stay at Hostels, Hotels or Borders (not an
    ATM, Fuel Station, attraction, Embassy or any other space)."""
    state = new_state(2)
    board = state.game.board
    code = SPACE_KINDS.index(kind)
    space = next(s for s, k in enumerate(board.kinds) if k == code and board.to_rest[s] == 1)
    moves_phase(state, 0, space, moves=2)
    assert "end" not in legal_strings(state)
    refused(state, EndTurn(), "only end your turn on a Hostel, Hotel or Border")


def test_first_night_is_free_and_paid_from_the_next_go() -> None:
    """Turns, On Your 1st Turn / Navigating the Map, Accommodation: no accommodation to pay on
    your first turn; from your next go it is paid at the start of your turn."""
    state = new_state(2)
    board = state.game.board
    first = state.seat
    ignition_effects(state, PLAIN)
    state.apply(DrawIgnition())
    assert state.money[first] == 450
    path = road_to_first_bed(board)
    for there in path[1:]:
        state.apply(Move(sid(state, there)))
    here = path[-1]
    spent = sum(25 for a, b in pairwise(path) if road_kind(board, a, b) == TOLL)
    if state.seat == first:
        state.apply(EndTurn())
    money = state.money[first]
    assert money == 450 - spent
    quiet_turn(state)  # the other player's first turn: nothing to pay either
    assert state.money[1 - first] == 450
    ignition_effects(state, PLAIN)
    state.apply(DrawIgnition())
    assert state.money[first] == money - board.lodging[here]
