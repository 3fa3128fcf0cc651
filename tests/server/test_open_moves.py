"""A game's open-move shortcut (`State.is_open_move`) never says more than the server's own
checks would: over random playouts of every game, option set and player count, each move a game
calls open is logged to every viewer (`hidden_from` is empty) and may be taken back
(`reveals_nothing`). The server skips both checks for such moves, so this is what keeps the
shortcut from leaking a hidden move or allowing an undo after a draw or a roll."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rl_configs import CONFIGS
from tabletrip.core.game import State
from tabletrip.core.registry import game_class
from tabletrip.games.route_east.actions import Move
from tabletrip.games.ticket_to_ride.actions import Claim
from tabletrip.server.reveal import Observed, hidden_from, reveals_nothing

GAMES_WITH_SHORTCUT = {"ticket-to-ride", "route-east"}
MOVES_PER_CONFIG = 240


def _playout_moves(game_id: str, players: int, options: dict[str, Any], seed: int):
    """Random play: each state before a move (observed), the move and the state after it."""
    rnd = random.Random(seed)
    state = game_class(game_id).from_options(players, options).new_game(seed=seed)
    pre = Observed(state)
    played = 0
    while played < MOVES_PER_CONFIG:
        if state.is_over:
            state = state.game.new_game(seed=rnd.randrange(1 << 30))
            pre = Observed(state)
        action = rnd.choice(state.legal_actions())
        after = state.clone()
        after.apply(action)
        post = Observed(after)
        yield pre, action, post
        state, pre = after, post
        played += 1


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_an_open_move_is_shown_to_all_and_can_be_taken_back(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Every move the game calls open passes both of the server's checks."""
    opened: Counter[str] = Counter()
    for pre, action, post in _playout_moves(game_id, players, options, seed=players):
        if not pre.state.is_open_move(action, post.state):
            continue
        opened[type(action).__name__] += 1
        assert hidden_from(pre, action, post) == frozenset(), str(action)
        assert reveals_nothing(pre, action, post), str(action)
    if game_id in GAMES_WITH_SHORTCUT:
        assert opened, "the shortcut was never taken: this test would show nothing"


def _state_with_claim(map_name: str) -> tuple[State, Claim]:
    """A Ticket to Ride game in its first turn, with a claim its first player can make."""
    game = game_class("ticket-to-ride").from_options(2, {"map": map_name})
    rnd = random.Random(3)
    for seed in range(50):
        state = game.new_game(seed=seed)
        while not state.is_over:
            claims = [a for a in state.legal_actions() if isinstance(a, Claim)]
            if claims:
                return state, claims[0]
            state.apply(rnd.choice(state.legal_actions()))
    raise AssertionError("no claim in 50 games")


def _after(state: State, action: Any) -> State:
    after = state.clone()
    after.apply(action)
    return after


@pytest.mark.parametrize("map_name", ["usa", "europe-express"])
def test_a_claim_with_a_full_face_up_row_is_open(map_name: str) -> None:
    """Claiming a route draws nothing when the row of 5 face-up cards is full."""
    state, claim = _state_with_claim(map_name)
    assert len(state.face_up) == 5  # type: ignore[attr-defined]
    assert state.is_open_move(claim, _after(state, claim))


def test_a_claim_that_refills_the_face_up_row_is_not_open() -> None:
    """A short face-up row is refilled from the deck after a claim: a card is drawn."""
    state, claim = _state_with_claim("usa")
    state.face_up.pop()  # type: ignore[attr-defined]
    assert not state.is_open_move(claim, _after(state, claim))


def test_a_claim_among_three_face_up_locomotives_is_not_open() -> None:
    """Three face-up Locomotives kept for want of other cards may be wiped once a claim's
    cards reach the discards: the new row is dealt from the deck."""
    state, claim = _state_with_claim("usa")
    loco = state.game.board.loco  # type: ignore[attr-defined]
    state.face_up[:3] = [loco, loco, loco]  # type: ignore[attr-defined]
    assert not state.is_open_move(claim, _after(state, claim))


def test_the_last_move_of_a_game_is_never_open() -> None:
    """The end reveals every ticket: the move that ends the game is not open."""
    state, claim = _state_with_claim("usa")
    after = _after(state, claim)
    after.over = True  # type: ignore[attr-defined]
    assert after.is_over
    assert not state.is_open_move(claim, after)


def test_a_move_on_a_dirt_road_that_rolls_is_not_open() -> None:
    """Route East: a move onto a dirt road rolls a die (unless a Magic roll is played)."""
    rnd = random.Random(5)
    game = game_class("route-east").from_options(2, {})
    seen = Counter()
    for seed in range(40):
        state = game.new_game(seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            action = rnd.choice(state.legal_actions())
            after = _after(state, action)
            if isinstance(action, Move) and not action.magic_roll:
                rolled = after.rng.state != state.rng.state  # type: ignore[attr-defined]
                is_open = state.is_open_move(action, after)
                seen[rolled, is_open] += 1
                assert not (rolled and is_open)
            state = after
        if seen[True, False] and seen[False, True]:
            return
    raise AssertionError(f"did not meet both kinds of move: {dict(seen)}")
