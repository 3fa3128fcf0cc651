"""The `heuristic` Route East bot and where it spends the night ("Turns"; "Questions and Answers,
Dirt Roads"): it goes back the way it came only when a failed dirt roll left it short, and a
turn counted on a Tent ends under the Tent."""

from __future__ import annotations

from typing import Any

from route_east_situations import attractions, between, empty_hands, give, moves_phase, new_state
from route_east_situations import sid as space_id
from tabletrip.bots import Bot
from tabletrip.games.route_east.actions import Camp, EndTurn, Move, TakeAction
from tabletrip.games.route_east.bots import HeuristicBot
from tabletrip.games.route_east.rules import RouteEastState


def new_events(before: tuple[Any, ...], after: tuple[Any, ...]) -> tuple[Any, ...]:
    """The events an action added (the log keeps only the latest ones)."""
    for shift in range(len(before) + 1):
        kept = before[shift:]
        if after[: len(kept)] == kept:
            return after[len(kept) :]
    return after  # pragma: no cover - the empty tail always matches


def test_the_bot_goes_back_the_way_it_came_only_after_a_failed_dirt_roll() -> None:
    """Questions and Answers, Dirt Roads: out of moves off a Hostel, Hotel or Border the piece
    goes back the way it came only after unsuccessful rolls (or, RULES_NOTES.md, out of an
    Embassy). Over heuristic races, every walk back is one of those: none follows a free walk
    onto an attraction (the hole the bot used to take its bonus and sleep in last night's bed)."""
    backs = 0
    for seed in range(8):
        state = new_state(2, seed=300 + seed)
        bots: list[Bot] = [HeuristicBot(seed=seed * 10 + s) for s in range(2)]
        board = state.game.board
        stuck = [False, False]
        turn_seat = -1
        while not state.is_over:
            seat = state.seat
            if seat != turn_seat:  # a new turn: off a place to stay only out of an Embassy
                turn_seat = seat
                stuck[seat] = not board.rest[state.pos[seat]]
            action = bots[state.current_player].act(state)
            before = state.events
            state.apply(action)
            added = new_events(before, state.events)
            failed = any(
                e[0] == "roll" and e[1] == seat and e[3] == "dirt" and e[2] % 2 for e in added
            )
            if isinstance(action, Move):
                stuck[seat] = failed
            elif isinstance(action, TakeAction):
                stuck[seat] = False
            for event in added:
                if event[0] == "back" and event[1] == seat:
                    backs += 1
                    assert stuck[seat], (seed, action, "went back without a failed roll")
    assert backs > 0  # failed rolls do send it back now and then


def test_counting_on_a_tent_the_bot_camps_on_its_attraction() -> None:
    """Turns: with the last move onto its attraction and a Tent, the night is under the Tent:
    the bot camps (and never asks to end the turn there)."""
    state = new_state(2, seed=4)
    board = state.game.board
    empty_hands(state)
    bed, sight, _ = between(board, "attraction", bonus="collect")
    mine = board.attraction_at[sight]
    others = [
        a for a in state.attractions[0] if board.attractions[a].country != board.country[sight]
    ]
    attractions(state, 0, [mine, *others[:1]])
    moves_phase(state, 0, bed, moves=1)
    give(state, 0, "tent")
    state.apply(Move(space_id(state, sight)))
    bot = HeuristicBot(seed=0)
    action = bot.act(state)
    assert action == Camp()
    assert action != EndTurn()
    state.apply(action)
    assert state.seat == 1 and state.pos[0] == sight


def test_out_of_moves_on_a_bed_with_cards_in_hand_the_bot_ends_the_turn() -> None:
    """Turns (RULES_NOTES.md): a turn with cards in hand ends with `end`, which the bot says."""
    state = new_state(2, seed=5)
    board = state.game.board
    empty_hands(state)
    bed = between(board, "atm")[0]
    moves_phase(state, 0, bed, moves=0)
    give(state, 0, "hell_no")
    assert state.legal_actions() == [EndTurn()]
    assert HeuristicBot(seed=0).act(state) == EndTurn()
    assert isinstance(state, RouteEastState)
