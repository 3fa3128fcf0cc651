"""Route East rulebook: where a piece spends the night, and the Tent.

"Turns": "You must finish your turn on either a Hostel, Hotel or Border - unless you have a
tent allowing you to end your turn at an attraction". Going back the way you came is the rule
after unsuccessful dirt-road rolls only ("Navigating the Map, Roads"; "Questions and Answers,
Dirt Roads"): a player who walks onto an attraction counting on a Tent sleeps there under it,
and may not slip back to last night's bed for free by ending the turn, by playing a second
Action card (which leaves the Tent unplayable) or by discarding the Tent to the hand limit.
"""

from __future__ import annotations

from route_east_situations import (
    action_on_top,
    attractions,
    between,
    card_id,
    give,
    ignition_effects,
    legal_strings,
    moves_phase,
    new_state,
    refused,
    rig_dice,
    sid,
    space_of_kind,
    spare_attraction,
    start_phase,
)
from tabletrip.games.route_east.actions import (
    Camp,
    Discard,
    DrawIgnition,
    EndTurn,
    Move,
    Play,
    TakeAction,
)
from tabletrip.games.route_east.content import DIRT, HOSTEL, HOTEL, Board
from tabletrip.games.route_east.moves import begin_turn
from tabletrip.games.route_east.rules import DISCARD, MOVES, SENT, RouteEastState


def holds(state: RouteEastState, seat: int, kind: str) -> int:
    """How many Action cards of this effect kind `seat` holds."""
    return state.hands[seat][state.game.decks.action_of_kind[kind]]


def on_my_attraction(state: RouteEastState, bonus: str = "collect") -> tuple[int, int, int]:
    """(bed, sight, attraction): seat 0 holds the attraction on `sight` (its bonus of kind
    `bonus`), a space one normal road from the Hostel or Hotel `bed` and from another one."""
    board = state.game.board
    bed, sight, _ = between(board, "attraction", bonus=bonus)
    mine = board.attraction_at[sight]
    attractions(state, 0, [mine, spare_attraction(state, mine)])
    return bed, sight, mine


def walk_onto_it_with_a_tent(state: RouteEastState, moves: int = 1) -> tuple[int, int, int]:
    """Seat 0, with a Tent and `moves` moves at a bed, steps onto its attraction; the places."""
    bed, sight, mine = on_my_attraction(state)
    moves_phase(state, 0, bed, moves=moves)
    give(state, 0, "tent")
    state.apply(Move(sid(state, sight)))
    assert state.pos[0] == sight and state.visited[0] >> mine & 1  # the bonus is taken
    return bed, sight, mine


# --- Turns: the Tent, once counted on, is how the night is spent -----------------------------


def test_reaching_an_attraction_on_a_tent_the_turn_cannot_end_by_going_back() -> None:
    """Turns: finish on a Hostel, Hotel or Border unless a Tent lets you end at an attraction.
    With the last move onto an attraction (bonus taken), `end` does not send the piece back to
    last night's bed for free: going back follows failed dirt rolls only. The Tent is played."""
    state = new_state()
    board = state.game.board
    _, sight, _ = walk_onto_it_with_a_tent(state)
    assert state.seat == 0 and state.moves_left == 0
    assert "end" not in legal_strings(state)
    refused(state, EndTurn(), "tent")
    assert legal_strings(state) == ["camp"]
    state.apply(Camp())
    assert state.seat == 1 and state.pos[0] == sight and holds(state, 0, "tent") == 0
    assert board.kinds[state.pos[0]] not in (HOSTEL, HOTEL)


def test_reaching_an_attraction_on_a_tent_no_second_card_takes_the_tent_away() -> None:
    """Turns / Action Cards: play up to 2 Action cards a turn. Counting on the Tent (the second
    play), another card played there would leave no way to spend the night: it is refused, so the
    piece cannot end up back in last night's bed for free."""
    state = new_state()
    bed, sight, _ = on_my_attraction(state)
    moves_phase(state, 0, bed, moves=1)
    give(state, 0, "tent")
    give(state, 0, "collect", 2)
    windfall = card_id(state, "collect")
    state.apply(Play(windfall))  # the first play
    state.apply(Move(sid(state, sight)))
    assert state.seat == 0
    assert f"play {windfall}" not in legal_strings(state)
    refused(state, Play(windfall), "tent")
    state.apply(Camp())
    assert state.seat == 1 and state.pos[0] == sight


def test_a_second_card_that_brings_a_bed_within_reach_may_be_played() -> None:
    """Turns: the second play is refused only where it would leave no place to spend the night:
    a Shortcut (a move more) on an attraction one road from a Hostel may be played, and the move
    it gives then takes the piece to a bed."""
    state = new_state()
    bed, sight, _ = on_my_attraction(state)
    moves_phase(state, 0, bed, moves=1)
    give(state, 0, "tent")
    give(state, 0, "collect")
    give(state, 0, "moves")
    state.apply(Play(card_id(state, "collect")))
    state.apply(Move(sid(state, sight)))
    shortcut = card_id(state, "moves")
    assert f"play {shortcut}" in legal_strings(state)
    state.apply(Play(shortcut))
    assert state.moves_left == 1 and "camp" not in legal_strings(state)
    assert "end" not in legal_strings(state)
    state.apply(Move(sid(state, bed)))
    assert state.seat == 1 and state.pos[0] == bed and holds(state, 0, "tent") == 1


def test_reaching_an_attraction_on_a_tent_it_is_not_discarded_to_the_hand_limit() -> None:
    """Action Cards: over 5 cards you discard unwanted ones until 5 are left. Out of moves on an
    attraction, the one Tent you sleep under is not among the cards you may put back: discarding
    it would leave no way to spend the night but a free walk back to last night's bed."""
    state = new_state()
    bed, sight, _ = on_my_attraction(state)
    moves_phase(state, 0, bed, moves=2)
    give(state, 0, "tent")
    give(state, 0, "collect", 4)
    state.apply(Move(sid(state, sight)))
    action_on_top(state, "border_pass")
    state.apply(TakeAction())
    assert state.phase == DISCARD and sum(state.hands[0]) == 6
    tent = card_id(state, "tent")
    assert f"discard {tent}" not in legal_strings(state)
    refused(state, Discard(tent), "tent")
    state.apply(Discard(card_id(state, "collect")))
    assert state.phase == MOVES and holds(state, 0, "tent") == 1
    assert "end" not in legal_strings(state) and "camp" in legal_strings(state)


def test_with_two_tents_one_may_go_back_under_the_deck() -> None:
    """Action Cards: the hand limit asks only that one Tent stays to sleep under."""
    state = new_state()
    bed, sight, _ = on_my_attraction(state)
    moves_phase(state, 0, bed, moves=2)
    give(state, 0, "tent", 2)
    give(state, 0, "collect", 3)
    state.apply(Move(sid(state, sight)))
    action_on_top(state, "border_pass")
    state.apply(TakeAction())
    tent = card_id(state, "tent")
    assert f"discard {tent}" in legal_strings(state)
    state.apply(Discard(tent))
    assert holds(state, 0, "tent") == 1 and "camp" in legal_strings(state)


def test_an_action_card_bonus_on_arrival_never_puts_the_tent_back() -> None:
    """Attractions / Action Cards: an attraction whose bonus is an Action card, reached with the
    last move on a Tent and a full hand: the card over the limit goes back, never the Tent."""
    state = new_state()
    bed, sight, _ = on_my_attraction(state, bonus="draw_action")
    moves_phase(state, 0, bed, moves=1)
    give(state, 0, "tent")
    give(state, 0, "collect", 4)
    action_on_top(state, "border_pass")
    state.apply(Move(sid(state, sight)))
    assert state.phase == DISCARD
    assert f"discard {card_id(state, 'tent')}" not in legal_strings(state)


# --- Dirt roads: going back stays the rule after failed rolls ---------------------------------


def dirt_from_attraction(board: Board) -> tuple[int, int, int]:
    """(bed, sight, far): an attraction one normal road from the Hostel or Hotel `bed`, with a
    dirt road from it to another place to stay `far`."""
    for sight in board.attraction_at:
        country = board.country[sight]
        steps = board.steps[(sight, country)]
        fars = [t for t, kind, _ in steps if kind == DIRT and board.rest[t]]
        beds = [t for t, kind, _ in steps if kind != DIRT and board.kinds[t] in (HOSTEL, HOTEL)]
        for far in fars:
            for bed in beds:
                if far != bed:
                    return bed, sight, far
    raise LookupError("no attraction on a dirt road to a place to stay")


def test_after_a_failed_dirt_roll_on_an_attraction_you_may_still_go_back() -> None:
    """Questions and Answers, Dirt Roads: out of moves trying to roll an even number on an
    attraction, move back the way you came to the nearest Hostel, Hotel or Border (or, with a
    Tent, stay: no problem)."""
    state = new_state()
    board = state.game.board
    bed, sight, far = dirt_from_attraction(board)
    attractions(state, 0, [spare_attraction(state, board.attraction_at[sight])])
    moves_phase(state, 0, bed, moves=2)
    give(state, 0, "tent")
    rig_dice(state, [1])
    state.apply(Move(sid(state, sight)))
    state.apply(Move(sid(state, far)))
    assert state.pos[0] == sight and state.moves_left == 0 and state.seat == 0
    assert {"camp", "end"} <= set(legal_strings(state))
    state.apply(EndTurn())
    assert state.seat == 1 and state.pos[0] == bed and holds(state, 0, "tent") == 1
    assert state.night_cost[0] == board.lodging[bed]


def test_after_a_failed_roll_a_card_picked_up_with_the_last_move_means_camping() -> None:
    """Navigating the Map, Roads: going back is for running out of moves trying to roll. A
    player who then spends the last move picking up an Action card, counting on the Tent, sleeps
    under it (RULES_NOTES.md)."""
    state = new_state()
    board = state.game.board
    bed, sight, far = dirt_from_attraction(board)
    attractions(state, 0, [spare_attraction(state, board.attraction_at[sight])])
    moves_phase(state, 0, bed, moves=3)
    give(state, 0, "tent")
    rig_dice(state, [1])
    state.apply(Move(sid(state, sight)))
    state.apply(Move(sid(state, far)))
    assert state.moves_left == 1
    state.apply(TakeAction())
    assert state.seat == 0 and "end" not in legal_strings(state)
    assert "camp" in legal_strings(state)


def test_released_from_an_embassy_with_no_moves_the_turn_still_ends() -> None:
    """Questions and Answers, Anarchy: sent to an Embassy, you take your next turn as normal; an
    Ignition card that leaves no moves there still ends the turn, at the nearest place to stay
    (RULES_NOTES.md: the Embassy is no place to stay otherwise)."""
    state = new_state()
    board = state.game.board
    embassy = space_of_kind(board, "embassy")
    start_phase(state, 0, embassy)
    state.status[0] = SENT
    begin_turn(state, 0)
    ignition_effects(state, ("moves", -3))
    state.apply(DrawIgnition())
    assert state.seat == 1
    assert board.rest[state.pos[0]]
