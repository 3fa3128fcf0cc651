"""A game's word on what a move showed (`State.move_disclosure`) never says more than the
server's own checks: over random playouts of every game, option set and player count, a move
the game calls open is logged to every viewer (`hidden_from` is empty) and may be taken back
(`reveals_nothing`), a private move may be taken back, and a drawing move is logged to every
viewer. The server skips both checks
where the game answers, so this is what keeps the shortcut from leaking a hidden move or
allowing an undo after a draw or a roll. (A drawing move stands even in the rare case where
what it drew could be worked out, as the rules of undo say: no draw, no roll.)"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rl_configs import CONFIGS
from tabletrip.core.game import DRAWING_MOVE, OPEN_MOVE, PRIVATE_MOVE, State
from tabletrip.core.registry import game_class
from tabletrip.games.route_east.actions import Move
from tabletrip.games.ticket_to_ride.actions import Claim
from tabletrip.server.reveal import Observed, hidden_from, reveals_nothing

GAMES_WITH_SHORTCUT = {"ticket-to-ride", "route-east"}
# Every Ticket to Ride playout keeps tickets; a Route East one of 240 moves may discard no card.
GAMES_WITH_PRIVATE_MOVES = {"ticket-to-ride"}
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
def test_the_games_word_on_a_move_agrees_with_the_servers_checks(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """An open move passes both of the server's checks; a drawing move is shown to every viewer
    and, nearly always, revealed something."""
    answered: Counter[str | None] = Counter()
    drew_unknown: Counter[bool] = Counter()  # drawing moves: did they in fact reveal nothing?
    for pre, action, post in _playout_moves(game_id, players, options, seed=players):
        disclosure = pre.state.move_disclosure(action, post.state)
        answered[disclosure] += 1
        if disclosure is None:
            continue
        if disclosure == PRIVATE_MOVE:
            assert reveals_nothing(pre, action, post), str(action)
            continue
        assert disclosure in (OPEN_MOVE, DRAWING_MOVE)
        assert hidden_from(pre, action, post) == frozenset(), str(action)
        undoable = reveals_nothing(pre, action, post)
        if disclosure == OPEN_MOVE:
            assert undoable, str(action)
        else:
            drew_unknown[undoable] += 1
    # A drawing move whose card could be worked out is rare (about 1 in 300 measured).
    assert drew_unknown[True] <= 0.02 * max(1, drew_unknown[True] + drew_unknown[False])
    if game_id in GAMES_WITH_SHORTCUT:
        # Otherwise this test would show nothing.
        assert answered[OPEN_MOVE] and answered[DRAWING_MOVE], dict(answered)
    if game_id in GAMES_WITH_PRIVATE_MOVES:
        assert answered[PRIVATE_MOVE], dict(answered)


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
    assert state.move_disclosure(claim, _after(state, claim)) == OPEN_MOVE


def test_a_claim_that_refills_the_face_up_row_is_not_open() -> None:
    """A short face-up row is refilled from the deck after a claim: a card is drawn."""
    state, claim = _state_with_claim("usa")
    state.face_up.pop()  # type: ignore[attr-defined]
    assert state.move_disclosure(claim, _after(state, claim)) is None


def test_a_claim_among_three_face_up_locomotives_is_not_open() -> None:
    """Three face-up Locomotives kept for want of other cards may be wiped once a claim's
    cards reach the discards: the new row is dealt from the deck."""
    state, claim = _state_with_claim("usa")
    loco = state.game.board.loco  # type: ignore[attr-defined]
    state.face_up[:3] = [loco, loco, loco]  # type: ignore[attr-defined]
    assert state.move_disclosure(claim, _after(state, claim)) is None


def test_the_last_move_of_a_game_is_never_open() -> None:
    """The end reveals every ticket: the move that ends the game is not open."""
    state, claim = _state_with_claim("usa")
    after = _after(state, claim)
    after.over = True  # type: ignore[attr-defined]
    assert after.is_over
    assert state.move_disclosure(claim, after) is None


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
                is_open = state.move_disclosure(action, after) == OPEN_MOVE
                seen[rolled, is_open] += 1
                assert not (rolled and is_open)
            state = after
        if seen[True, False] and seen[False, True]:
            return
    raise AssertionError(f"did not meet both kinds of move: {dict(seen)}")


def test_a_route_east_discard_is_private_and_may_be_taken_back() -> None:
    """Route East: a card put under the Action deck is seen by its owner only; nothing drawn or
    rolled after it, the game calls it private, and the server's check agrees."""
    found = 0
    for pre, action, post in _playout_moves("route-east", 2, {}, seed=11):
        if type(action).__name__ != "Discard":
            continue
        if pre.state.move_disclosure(action, post.state) == PRIVATE_MOVE:
            assert reveals_nothing(pre, action, post), str(action)
            assert hidden_from(pre, action, post), str(action)  # which card: the others cannot tell
            found += 1
    assert found, "no private discard in the playout: choose another seed"
