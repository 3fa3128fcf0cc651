"""Route East rules of Setup, Overview and Turns (../shared/rules/route-east.txt).

Each test names the rulebook section it checks (the Questions and Answers included). Situations
are built exactly on the real board, places found by kind, with the dice and deck tops rigged,
and then played through `apply`; every refusal is checked to leave the state unchanged.
"""

from __future__ import annotations

from collections import Counter

import pytest

import tabletrip
from route_east_situations import (
    action_on_top,
    attractions,
    between,
    border_effects,
    card_id,
    empty_hands,
    give,
    ignition_effects,
    legal_strings,
    moves_phase,
    neighbours,
    new_state,
    quiet_turn,
    refused,
    rig_dice,
    road_between,
    sid,
    space_of_kind,
    start_phase,
    walk_to_border,
)
from tabletrip.core import Rng
from tabletrip.games.route_east.actions import (
    Cross,
    Discard,
    DrawBorder,
    DrawIgnition,
    EndTurn,
    FreightTrain,
    Move,
    Play,
    Stay,
    TakeAction,
)
from tabletrip.games.route_east.content import Board
from tabletrip.games.route_east.phases import CROSS, DISCARD, EVENT_LOG, MOVES, START
from tabletrip.games.route_east.rules import RouteEastState, deal_attractions

PLAIN_DAY = ("nothing", 0)


def lodging(state: RouteEastState, kind: str) -> int:
    """The first Hostel or Hotel (`kind`) of the board."""
    return space_of_kind(state.game.board, kind)


def hand_size(state: RouteEastState, seat: int) -> int:
    return sum(state.hands[seat])


class StackedPile(Rng):
    """A generator whose shuffle lays the Attraction pile out in a chosen order (top last)."""

    def __init__(self, order: list[int]) -> None:
        super().__init__(0)
        self.order = order

    def shuffle(self, items: list[int]) -> None:  # type: ignore[override]
        assert sorted(items) == sorted(self.order)
        items[:] = self.order


def stacked_attractions(board: Board) -> tuple[list[int], list[int]]:
    """(top, pile): the pile's top cards A, B, C, D, E, F, G where A and B share a country and
    C to G are in five other, different countries; `pile` is the whole pile, top last."""
    by_country: dict[int, list[int]] = {}
    for attraction in board.attractions:
        by_country.setdefault(attraction.country, []).append(attraction.id)
    twins = next(ids for ids in by_country.values() if len(ids) >= 2)
    others = [ids[0] for c, ids in by_country.items() if c != board.attractions[twins[0]].country]
    top = [twins[0], twins[1], *others[:5]]
    rest = [a.id for a in board.attractions if a.id not in top]
    return top, rest + top[::-1]


# --- Setup --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_each_player_gets_450_dollars_and_one_fuel_token(players: int) -> None:
    """Setup, Dish Out the Dollar / Fuel Tokens: $450 each (1x$100, 4x$50, 6x$25) and 1 Fuel
    Token each; the other tokens of the 30 are the supply on the oil rig."""
    state = new_state(players)
    assert state.game.decks.player_money == {100: 1, 50: 4, 25: 6}
    assert state.money == [450] * players
    assert state.fuel == [1] * players
    assert state.fuel_supply == 30 - players
    assert all(hand_size(state, seat) == 0 for seat in range(players))


@pytest.mark.parametrize("players", [2, 5])
def test_setup_atm_pile_holds_the_bank_cards_nobody_took(players: int) -> None:
    """Setup, Dish Out the Dollar: the bank keeps 3x$100, 5x$50 and any remaining $25; the rest
    of the 100 Bank Cards, shuffled, go face down on the ATM corner."""
    state = new_state(players, seed=1)
    bank = state.game.decks.bank
    assert sum(bank.values()) == 100
    assert Counter(state.atm.cards) == Counter(
        {100: bank[100] - players * 1 - 3, 50: bank[50] - players * 4 - 5}
    )
    assert new_state(players, seed=2).atm.cards != state.atm.cards  # shuffled


def test_setup_ignition_border_and_action_piles_are_shuffled() -> None:
    """Setup, Ignition, Border and Action Cards: each full pile (70, 35, 70) is shuffled."""
    one, two = new_state(2, seed=1), new_state(2, seed=2)
    for name, size in (("ignition", 70), ("border", 35), ("action", 70)):
        cards = getattr(one, name).cards
        assert len(cards) == size, name
        assert sorted(cards) == sorted(getattr(two, name).cards)
        assert cards != getattr(two, name).cards, name


@pytest.mark.parametrize(("players", "each"), [(2, 3), (3, 2), (4, 2), (5, 2)])
def test_setup_attraction_cards_two_players_three_each_more_players_two(
    players: int, each: int
) -> None:
    """Setup, Attraction Cards: 2 players take 3 cards each, 3+ players 2 each, all different
    cards from one deck."""
    state = new_state(players, seed=3)
    assert [len(a) for a in state.attractions] == [each] * players
    dealt = [a for hand in state.attractions for a in hand]
    assert len(set(dealt)) == len(dealt)
    assert state.visited == [0] * players


@pytest.mark.parametrize(("players", "options"), [(2, {}), (5, {}), (5, {"attractions": 6})])
def test_setup_attractions_are_all_in_different_countries(
    players: int, options: dict[str, int]
) -> None:
    """Setup, Attraction Cards: your attractions must all be in different countries."""
    for seed in range(15):
        state = new_state(players, seed, **options)
        board = state.game.board
        for hand in state.attractions:
            countries = [board.attractions[a].country for a in hand]
            assert len(set(countries)) == len(countries), (seed, hand)


def test_setup_attraction_in_a_country_you_hold_goes_under_and_you_draw_again() -> None:
    """Setup, Attraction Cards: a card in the same country as one of yours is returned (the most
    recent one) to the bottom of the deck and a new card taken from the top."""
    board = new_state().game.board
    top, pile = stacked_attractions(board)
    a, _, c, d, e, f, g = top
    hands = deal_attractions(board, 2, 3, 0, StackedPile(pile))
    assert hands[0] == [a, c, d]  # B (A's country) went back; the earlier A is kept
    assert hands[1] == [e, f, g]  # B did not stay on top for the next player


def test_setup_the_first_player_draws_attraction_cards_first() -> None:
    """Setup, Attraction Cards: the highest roller picks their cards first from the top, then
    clockwise."""
    board = new_state().game.board
    top, pile = stacked_attractions(board)
    a, _, c, d, e, f, g = top
    hands = deal_attractions(board, 3, 2, 1, StackedPile(pile))
    assert hands[1] == [a, c]
    assert hands[2] == [d, e]
    assert hands[0] == [f, g]


def test_setup_highest_roll_goes_first() -> None:
    """Setup, Attraction Cards: everyone rolls the die; the highest scorer goes first."""
    state = new_state(3)
    rig_dice(state, [2, 5, 3])
    assert state.roll_for_first_player() == 1


def test_setup_tied_highest_rolls_roll_again() -> None:
    """Setup, Attraction Cards (RULES_NOTES): a tie for the highest roll is rolled again by the
    tied players only."""
    state = new_state(3)
    rig_dice(state, [6, 2, 6, 1, 4])
    assert state.roll_for_first_player() == 2


def test_setup_the_highest_roller_takes_the_first_turn() -> None:
    """Setup, Playing Pieces: whoever drew their Attraction Cards first (the highest roll) also
    takes their go first."""
    firsts = set()
    for seed in range(12):
        state = new_state(3, seed)
        rolls, contenders = [e for e in state.events if e[0] == "first_roll"][-1][1:]
        winner = contenders[rolls.index(max(rolls))]
        assert rolls.count(max(rolls)) == 1
        assert state.first_player == winner == state.current_player
        assert state.phase == START
        assert state.turns == [int(seat == winner) for seat in range(3)]
        firsts.add(winner)
    assert len(firsts) > 1


def test_setup_pieces_start_in_istanbul_and_play_goes_clockwise() -> None:
    """Setup, Playing Pieces: every piece starts on the start line (Istanbul); after the first
    player the turns go clockwise."""
    state = new_state(3, seed=4)
    board = state.game.board
    assert state.pos == [board.start] * 3
    assert board.space_names[board.start] == "Istanbul"
    first = state.seat
    for step in (1, 2, 3):
        quiet_turn(state)
        assert state.seat == (first + step) % 3
        assert state.phase == START


# --- Overview -----------------------------------------------------------------------------------


def test_overview_first_to_shanghai_via_every_attraction_wins() -> None:
    """Overview: the first player to get to Shanghai via their Attraction Cards wins."""
    state = new_state(2)
    board = state.game.board
    suzhou = neighbours(board, board.finish, board.country[board.finish])[0][0]
    attractions(state, 0, state.attractions[0], visited=len(state.attractions[0]))
    moves_phase(state, 0, suzhou)
    state.apply(Move(sid(state, board.finish)))
    assert state.is_over
    result = state.result
    assert result is not None
    assert result.winners == (0,)
    assert result.scores == (1, 0)
    assert state.legal_actions() == []
    refused(state, EndTurn(), "game is over")


def test_overview_shanghai_without_every_attraction_does_not_win() -> None:
    """Overview: Shanghai wins only via all your attractions; without them it is no place to
    spend the night either."""
    state = new_state(2)
    board = state.game.board
    suzhou = neighbours(board, board.finish, board.country[board.finish])[0][0]
    attractions(state, 0, state.attractions[0], visited=len(state.attractions[0]) - 1)
    moves_phase(state, 0, suzhou)
    state.apply(Move(sid(state, board.finish)))
    assert not state.is_over
    assert state.result is None
    refused(state, EndTurn(), "Hostel, Hotel or Border")
    assert "end" not in legal_strings(state)


# --- Turns: On Your 1st Turn ----------------------------------------------------------------


def test_first_turn_starts_with_an_ignition_card_before_anything_else() -> None:
    """Turns, On Your 1st Turn / The Cards, Ignition Cards: draw an Ignition card before you do
    anything else; no moving, picking up or playing first."""
    state = new_state(2)
    seat = state.seat
    give(state, seat, "collect")
    assert legal_strings(state) == ["ignition"]
    board = state.game.board
    izmit = neighbours(board, board.start, board.country[board.start])[0][0]
    refused(state, Move(sid(state, izmit)), "after the card at the start of your turn")
    refused(state, TakeAction(), "after the card at the start of your turn")
    refused(state, Play(card_id(state, "collect")), "after the card at the start of your turn")
    refused(state, EndTurn(), "start of your turn")
    refused(state, DrawBorder(), "only at a Border")
    ignition_effects(state, PLAIN_DAY)
    state.apply(DrawIgnition())
    assert state.phase == MOVES
    assert state.money[seat] == 450  # no accommodation on the first turn
    assert state.moves_left == 3


# --- Turns: the 3 moves ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("effects", "moves"),
    [((PLAIN_DAY,), 3), ((("moves", 1),), 4), ((("moves", -1),), 2)],
)
def test_every_turn_has_three_moves_unless_the_ignition_card_says_otherwise(
    effects: tuple[tuple[str, int], ...], moves: int
) -> None:
    """Turns: every turn has 3 MOVES (unless your Ignition Card says otherwise)."""
    state = new_state(2)
    hostel = lodging(state, "hostel")
    start_phase(state, 0, hostel)
    ignition_effects(state, *effects)
    state.apply(DrawIgnition())
    assert state.moves_left == moves
    assert state.phase == MOVES


def test_a_move_takes_the_piece_one_space_along_a_road() -> None:
    """Turns: move your playing piece 1 space per move, along a road."""
    state = new_state(2)
    a, atm, b = between(state.game.board, "atm")
    moves_phase(state, 0, a)
    refused(state, Move(sid(state, b)), "not one road away")
    state.apply(Move(sid(state, atm)))
    assert state.pos[0] == atm
    assert state.moves_left == 2
    state.apply(Move(sid(state, b)))
    assert state.pos[0] == b
    assert state.moves_left == 1


def test_picking_up_an_action_card_costs_one_move() -> None:
    """Turns / The Cards, Action Cards: picking up an Action card (the top one) costs 1 move."""
    state = new_state(2)
    moves_phase(state, 0, lodging(state, "hostel"))
    card = action_on_top(state, "collect")
    deck = len(state.action.cards)
    state.apply(TakeAction())
    assert state.hands[0][card] == 1
    assert len(state.action.cards) == deck - 1
    assert state.moves_left == 2
    assert state.pos[0] == lodging(state, "hostel")


def test_you_may_pick_up_as_many_action_cards_as_you_have_moves() -> None:
    """The Cards, Action Cards: you can pick up as many cards as moves you have available."""
    state = new_state(2)
    moves_phase(state, 0, lodging(state, "hotel"))
    for _ in range(3):
        action_on_top(state, "collect")  # playable: the turn does not end by itself
        state.apply(TakeAction())
    assert hand_size(state, 0) == 3
    assert state.moves_left == 0
    assert state.seat == 0
    assert "take" not in legal_strings(state)
    refused(state, TakeAction(), "costs a move")


def test_playing_action_cards_costs_no_moves() -> None:
    """Turns: play up to 2 Action cards (doesn't cost moves)."""
    state = new_state(2)
    moves_phase(state, 0, lodging(state, "hostel"))
    give(state, 0, "collect")
    give(state, 0, "moves")
    state.apply(Play(card_id(state, "collect")))
    assert state.money[0] == 500
    assert state.moves_left == 3
    state.apply(Play(card_id(state, "moves")))
    assert state.moves_left == 4


def test_no_more_than_two_action_cards_a_turn() -> None:
    """Turns / The Cards, Action Cards: you can only play up to 2 Action cards each turn."""
    state = new_state(2)
    moves_phase(state, 0, lodging(state, "hostel"))
    give(state, 0, "collect", 3)
    windfall = card_id(state, "collect")
    state.apply(Play(windfall))
    state.apply(Play(windfall))
    assert f"play {windfall}" not in legal_strings(state)
    refused(state, Play(windfall), "played 2 Action cards this turn")
    assert state.money[0] == 550


def test_two_plays_a_turn_start_again_next_turn() -> None:
    """Turns: up to 2 Action cards each turn: the count starts again on your next turn."""
    state = new_state(2)
    hostel = lodging(state, "hostel")
    moves_phase(state, 0, hostel)
    give(state, 0, "collect", 3)
    windfall = card_id(state, "collect")
    state.apply(Play(windfall))
    state.apply(Play(windfall))
    state.apply(EndTurn())
    quiet_turn(state)
    ignition_effects(state, PLAIN_DAY)
    state.apply(DrawIgnition())
    assert f"play {windfall}" in legal_strings(state)
    state.apply(Play(windfall))
    assert state.hands[0][state.game.decks.action_index[windfall]] == 0


def test_a_turn_may_combine_moving_picking_up_and_playing() -> None:
    """Turns: a combination of moving, picking up and playing Action cards in one turn."""
    state = new_state(2)
    a, atm, b = between(state.game.board, "atm")
    moves_phase(state, 0, a)
    give(state, 0, "moves")
    action_on_top(state, "hell_no")
    state.apply(TakeAction())
    state.apply(Play(card_id(state, "moves")))
    state.apply(Move(sid(state, atm)))
    state.apply(Move(sid(state, b)))
    assert state.pos[0] == b
    assert state.moves_left == 1
    assert hand_size(state, 0) == 1


# --- Turns: where the turn ends -------------------------------------------------------------


def test_turn_cannot_end_away_from_a_hostel_hotel_or_border() -> None:
    """Turns: you must finish your turn on either a Hostel, Hotel or Border."""
    state = new_state(2)
    _, atm, _ = between(state.game.board, "atm")
    moves_phase(state, 0, atm, moves=2)
    assert "end" not in legal_strings(state)
    refused(state, EndTurn(), "only end your turn on a Hostel, Hotel or Border")


def test_a_move_that_leaves_no_place_to_stay_is_refused() -> None:
    """Turns: you must finish your turn on a Hostel, Hotel or Border, so with 1 move left you may
    not step onto a space where you could not spend the night."""
    state = new_state(2)
    a, atm, _ = between(state.game.board, "atm")
    moves_phase(state, 0, a, moves=1)
    assert f"move {sid(state, atm)}" not in legal_strings(state)
    refused(state, Move(sid(state, atm)), "could not reach a Hostel, Hotel or Border")


def test_picking_up_a_card_that_leaves_no_move_to_a_place_to_stay_is_refused() -> None:
    """Turns: picking up an Action card costs a move, and you must still finish on a Hostel,
    Hotel or Border."""
    state = new_state(2)
    _, atm, _ = between(state.game.board, "atm")
    moves_phase(state, 0, atm, moves=1)
    assert "take" not in legal_strings(state)
    refused(state, TakeAction(), "no move left to reach a Hostel, Hotel or Border")


def test_turn_ends_by_itself_when_nothing_but_ending_is_left() -> None:
    """Turns (RULES_NOTES): with no moves left and no Action card in hand, the turn ends by
    itself on its place to stay."""
    state = new_state(2)
    a, b = road_between(state.game.board, "normal", ("hostel",), ("hostel",))
    empty_hands(state)
    moves_phase(state, 0, a, moves=1)
    state.apply(Move(sid(state, b)))
    assert state.seat == 1
    assert state.phase == START
    assert state.pos[0] == b
    assert state.night_cost[0] == 25


def test_turn_waits_for_end_while_any_action_card_is_held() -> None:
    """Turns (RULES_NOTES) / hidden information: out of moves, a player holding Action cards
    ends the turn with `end`, even when none of them can be played now (a Hell no! on your own
    turn): a turn that ended by itself would tell the table the hand holds nothing playable."""
    state = new_state(2)
    hostel = lodging(state, "hostel")
    moves_phase(state, 0, hostel, moves=1)
    card = action_on_top(state, "hell_no")  # not played on your own turn
    state.apply(TakeAction())
    assert state.hands[0][card] == 1
    assert state.seat == 0
    assert legal_strings(state) == ["end"]
    state.apply(EndTurn())
    assert state.seat == 1
    assert state.phase == START
    assert state.pos[0] == hostel
    assert state.night_cost[0] == 25


def test_turn_waits_while_an_action_card_can_still_be_played() -> None:
    """Turns (RULES_NOTES): out of moves but holding a card you may play, the turn goes on
    until you play it or end; then it ends by itself."""
    state = new_state(2)
    moves_phase(state, 0, lodging(state, "hostel"), moves=1)
    action_on_top(state, "collect")
    state.apply(TakeAction())
    windfall = card_id(state, "collect")
    assert state.seat == 0
    assert sorted(legal_strings(state)) == sorted([f"play {windfall}", "end"])
    state.apply(Play(windfall))
    assert state.seat == 1


def test_turn_ends_by_itself_after_the_second_play() -> None:
    """Turns: play up to 2 Action cards: with no moves and two cards played, nothing is left."""
    state = new_state(2)
    moves_phase(state, 0, lodging(state, "hostel"), moves=0)
    give(state, 0, "collect", 3)
    windfall = card_id(state, "collect")
    state.apply(Play(windfall))
    assert state.seat == 0
    state.apply(Play(windfall))
    assert state.seat == 1
    assert state.money[0] == 550


def test_turn_does_not_end_by_itself_while_a_border_pass_can_cross() -> None:
    """Navigating the Map, Borders / Turns: you must end your turn at the Border and wait for
    your next turn unless you have a Border Pass. Arriving on a Border with your last move and a
    Border Pass in hand, you may still play it to cross, so ending is not all that is left."""
    state = new_state(2)
    near, border, far_country, _ = walk_to_border(state.game.board)
    moves_phase(state, 0, near, moves=1)
    give(state, 0, "border_pass")
    state.apply(Move(sid(state, border)))
    assert state.seat == 0, "the turn ended by itself with a Border Pass still playable"
    assert "cross with border pass" in legal_strings(state)
    state.apply(Cross(border_pass=True))
    assert state.country[0] == far_country
    assert state.seat == 1  # now nothing but ending is left


def test_no_moves_today_means_no_freight_train() -> None:
    """Turns: every turn has 3 moves unless the Ignition card says otherwise; a Freight Train is
    played on your first move (Q&A), so on a day with no moves there is none to ride it with."""
    state = new_state(2)
    near, _, _, _ = walk_to_border(state.game.board)
    start_phase(state, 0, near)
    give(state, 0, "freight_train")
    give(state, 0, "collect")  # a card you may still play: the turn waits
    ignition_effects(state, ("moves", -3))
    state.apply(DrawIgnition())
    assert state.moves_left == 0
    assert state.seat == 0
    assert not [a for a in state.legal_actions() if isinstance(a, FreightTrain)]
    stops = state.train_stops()
    assert stops
    refused(state, FreightTrain(sid(state, stops[0])), "move")


# --- Turns: hand limit ----------------------------------------------------------------------


def test_hand_limit_full_hand_may_still_pick_up_then_discards_to_the_bottom() -> None:
    """The Cards, Action Cards: up to 5 Action cards; with a full hand you may still pick up for a
    move, then discard unwanted cards to the bottom of the Action deck until 5 are left."""
    state = new_state(2)
    a, atm, _ = between(state.game.board, "atm")
    moves_phase(state, 0, a)
    give(state, 0, "hell_no", 5)
    refused(state, Discard(card_id(state, "hell_no")), "only when holding more than 5")
    top = action_on_top(state, "collect")
    assert "take" in legal_strings(state)
    state.apply(TakeAction())
    assert state.phase == DISCARD
    assert state.seat == 0
    assert hand_size(state, 0) == 6
    assert sorted(legal_strings(state)) == sorted(
        [f"discard {card_id(state, 'hell_no')}", f"discard {card_id(state, 'collect')}"]
    )
    refused(state, Move(sid(state, atm)), "discard one first")
    refused(state, TakeAction(), "discard one first")
    refused(state, EndTurn(), "discard one first")
    refused(state, Discard(card_id(state, "tent")), "hold no")
    state.apply(Discard(card_id(state, "collect")))
    assert state.action.cards[0] == top
    assert hand_size(state, 0) == 5
    assert state.phase == MOVES
    assert state.moves_left == 2


def test_hand_limit_applies_to_cards_an_ignition_card_gives() -> None:
    """The Cards, Action Cards: you can hold up to 5 Action cards at any one time, however they
    come; the discard goes to the bottom, then the morning's accommodation is paid."""
    state = new_state(2)
    hostel = lodging(state, "hostel")
    start_phase(state, 0, hostel, night_cost=25)
    give(state, 0, "tent", 5)
    state.action.cards.append(state.game.decks.action_of_kind["tent"])
    ignition_effects(state, ("draw_action", 1))
    state.apply(DrawIgnition())
    assert state.phase == DISCARD
    assert hand_size(state, 0) == 6
    state.apply(Discard(card_id(state, "tent")))
    assert state.action.cards[0] == state.game.decks.action_of_kind["tent"]
    assert hand_size(state, 0) == 5
    assert state.phase == MOVES
    assert state.money[0] == 425


def test_hand_limit_after_a_border_card_then_the_crossing_is_still_to_decide() -> None:
    """The Cards, Action Cards: cards may be picked up after a Border card too; over 5, discard
    to the bottom first, then cross or stay as before."""
    state = new_state(2)
    _, border, far_country, _ = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    give(state, 0, "hell_no", 5)
    border_effects(state, PLAIN_DAY)
    state.apply(DrawBorder())
    action_on_top(state, "collect")
    state.apply(TakeAction())
    assert state.phase == DISCARD
    refused(state, Cross(), "discard one first")
    state.apply(Discard(card_id(state, "hell_no")))
    assert state.action.cards[0] == state.game.decks.action_of_kind["hell_no"]
    assert state.phase == CROSS
    assert {"cross", "stay"} <= set(legal_strings(state))
    state.apply(Cross())
    assert state.country[0] == far_country
    assert state.moves_left == 2


# --- Turns: 2nd Turn Onwards and Remember! --------------------------------------------------


@pytest.mark.parametrize(("kind", "price"), [("hostel", 25), ("hotel", 50)])
def test_after_a_night_at_a_hostel_or_hotel_draw_ignition_and_pay(kind: str, price: int) -> None:
    """Turns, 2nd Turn Onwards: stayed at a Hostel or Hotel last night? Draw an Ignition card
    (no Border card there) and pay for your accommodation."""
    state = new_state(2)
    space = lodging(state, kind)
    start_phase(state, 0, space, night_cost=price)
    assert legal_strings(state) == ["ignition"]
    refused(state, DrawBorder(), "only at a Border")
    ignition_effects(state, PLAIN_DAY)
    state.apply(DrawIgnition())
    assert state.money[0] == 450 - price
    assert state.phase == MOVES


def test_accommodation_is_paid_after_the_ignition_card() -> None:
    """Turns, On Your 1st Turn: from your next go your accommodation is paid at the start of your
    turn, after picking up an Ignition card (money it gives counts toward the bill)."""
    state = new_state(2)
    hotel = lodging(state, "hotel")
    start_phase(state, 0, hotel, night_cost=50)
    state.money[0] = 25
    ignition_effects(state, ("collect", 25))
    state.apply(DrawIgnition())
    assert state.money[0] == 0
    assert state.bankruptcies[0] == 0
    assert state.pos[0] == hotel
    assert state.phase == MOVES


def test_remember_no_crossing_without_a_fuel_token() -> None:
    """Turns, Remember!: you can't cross a Border without a Fuel Token."""
    state = new_state(2)
    _, border, far_country, _ = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    state.fuel[0] = 0
    border_effects(state, PLAIN_DAY)
    state.apply(DrawBorder())
    assert state.phase == CROSS
    assert "cross" not in legal_strings(state)
    refused(state, Cross(), "Fuel Token")
    state.fuel[0] = 1
    state.apply(Cross())
    assert state.fuel[0] == 0
    assert state.country[0] == far_country


# --- Questions and Answers: Accommodation ---------------------------------------------------


def test_no_moves_today_still_pays_for_accommodation() -> None:
    """Questions and Answers, Accommodation: I can't move today - do I still have to pay? Yep:
    the night is paid, the turn ends by itself and the next night is paid too."""
    state = new_state(2)
    empty_hands(state)
    hotel = lodging(state, "hotel")
    start_phase(state, 0, hotel, night_cost=50)
    ignition_effects(state, ("moves", -3))
    state.apply(DrawIgnition())
    assert state.money[0] == 400
    assert state.seat == 1
    assert state.pos[0] == hotel
    assert state.night_cost[0] == 50
    quiet_turn(state)
    ignition_effects(state, PLAIN_DAY)
    state.apply(DrawIgnition())
    assert state.money[0] == 350


def test_staying_where_you_are_still_pays_for_accommodation() -> None:
    """Questions and Answers, Accommodation: I want to stay where I am - do I still have to pay?
    Yep, you can't just bag a free night."""
    state = new_state(2)
    hostel = lodging(state, "hostel")
    start_phase(state, 0, hostel, night_cost=25)
    ignition_effects(state, PLAIN_DAY)
    state.apply(DrawIgnition())
    assert "end" in legal_strings(state)
    state.apply(EndTurn())  # all 3 moves unused
    assert state.pos[0] == hostel
    quiet_turn(state)
    ignition_effects(state, PLAIN_DAY)
    state.apply(DrawIgnition())
    assert state.money[0] == 450 - 25 - 25


def test_at_a_border_draw_a_border_or_an_ignition_card_not_both() -> None:
    """Turns, 2nd Turn Onwards: at a Border you draw either a Border card or an Ignition card,
    never both, before taking your moves."""
    state = new_state(2)
    _, border, _, _ = walk_to_border(state.game.board)
    start_phase(state, 0, border)
    assert legal_strings(state) == ["ignition", "border"]
    border_effects(state, PLAIN_DAY)
    state.apply(DrawBorder())
    refused(state, DrawIgnition(), "only at the start of your turn")
    state.apply(Stay())
    refused(state, DrawIgnition(), "only at the start of your turn")
    refused(state, DrawBorder(), "only at the start of your turn")


def test_the_event_log_keeps_the_latest_events_and_shares_them_with_copies() -> None:
    """`events` reads the latest EVENT_LOG events off the whole log, oldest first: a copy
    and a saved state read the same, and a copy's new events leave the original's alone."""
    game = tabletrip.make("route-east", players=2)
    state = game.new_game(2)
    rng = Rng(3)
    seen: list[tuple[object, ...]] = list(state.events)
    while len(seen) < 3 * EVENT_LOG and not state.is_over:
        before = state.events
        state.apply(state.random_action(rng))
        kept = {id(e) for e in before}
        seen += [e for e in state.events if id(e) not in kept]
    assert state.events == tuple(seen[-EVENT_LOG:])
    assert game.load(state.to_json()).events == state.events
    copy = state.clone()
    while copy.events == state.events and not copy.is_over:
        copy.apply(copy.random_action(rng))
    assert state.events == tuple(seen[-EVENT_LOG:])
