"""The `ismcts` bot on Route East: it finds the move that wins, or the only move that keeps
the race, in small hand-built positions; its report is legal and repeatable for a seed.

Random playouts of Route East rarely finish (they run to the 150-turn limit), so with
`rollout="random"` a move can only be found by the search itself when the win lies inside
the tree: arriving in Shanghai now or later this same turn. The default heuristic rollout
finishes races, so it can judge a move whose payoff comes a turn later (sending the rival
who stands next to Shanghai to an Embassy), even where the heuristic alone plays otherwise.
"""

from __future__ import annotations

import json

import pytest

import tabletrip.bots
from route_east_situations import (
    attractions,
    empty_hands,
    give,
    moves_phase,
    new_state,
    next_to_finish,
    sid,
)
from tabletrip.bots import IsmctsBot
from tabletrip.core import Action
from tabletrip.games.route_east.actions import Move
from tabletrip.games.route_east.bots import HeuristicBot
from tabletrip.games.route_east.content import DIRT, Board
from tabletrip.games.route_east.rules import RouteEastState


def ismcts(seed: int, iterations: int, rollout: str = "random") -> IsmctsBot:
    """The registered ISMCTS bot with a fixed iteration budget."""
    bot = tabletrip.bots.make(
        "ismcts", game="route-east", seed=seed, iterations=iterations, rollout=rollout
    )
    assert isinstance(bot, IsmctsBot)
    return bot


def roads_to_finish(board: Board) -> dict[int, int]:
    """Roads from each space of Shanghai's country to Shanghai, dirt roads left out."""
    country = board.country[board.finish]
    dist = {board.finish: 0}
    frontier = [board.finish]
    while frontier:
        nxt = []
        for space in frontier:
            for there, kind, _ in board.steps.get((space, country), ()):
                if kind != DIRT and there not in dist:
                    dist[there] = dist[space] + 1
                    nxt.append(there)
        frontier = nxt
    return dist


def bed_roads_from_finish(board: Board, roads: int) -> int:
    """A Hostel or Hotel exactly `roads` roads (none of them dirt) from Shanghai."""
    dist = roads_to_finish(board)
    return next(s for s, d in sorted(dist.items()) if d == roads and board.rest[s])


def all_visited(state: RouteEastState, seat: int) -> None:
    """Every attraction of `seat` visited: arriving in Shanghai wins."""
    attractions(state, seat, state.attractions[seat], visited=len(state.attractions[seat]))


def rival_next_to_finish(state: RouteEastState, seat: int) -> None:
    """`seat` waits next to Shanghai with every attraction visited: it wins on its next turn
    unless stopped."""
    all_visited(state, seat)
    space = next_to_finish(state.game.board)
    state.pos[seat] = space
    state.country[seat] = state.game.board.country[space]


def winning_now(state: RouteEastState) -> list[Action]:
    """The legal actions that end the game at once."""
    wins = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if after.is_over:
            wins.append(action)
    return wins


def snapshot(state: RouteEastState) -> str:
    """The whole state as text, to see that a search left it untouched."""
    return json.dumps(state.to_json(), sort_keys=True)


# --- random rollouts: the tree finds the win ------------------------------------------------


@pytest.mark.parametrize(("moves", "seed"), [(1, 0), (3, 1), (3, 2)])
def test_random_rollouts_take_the_last_step_to_shanghai(moves: int, seed: int) -> None:
    state = new_state(2, seed=1)
    board = state.game.board
    empty_hands(state)
    all_visited(state, 0)
    moves_phase(state, 0, next_to_finish(board), moves=moves)
    win = Move(sid(state, board.finish))
    assert len(state.legal_actions()) >= 3
    assert winning_now(state) == [win]  # moving on, a card or ending the turn do not win
    bot = ismcts(seed, iterations=60)
    action = bot.act(state)
    assert action == win
    report = bot.last_report
    assert report is not None
    best = report.candidates[0]
    assert best.action == win
    assert best.win_rate == 1.0 and best.value == 1.0 and best.expected_score == 1.0
    state.apply(action)
    assert state.is_over and state.winner == 0


def test_random_rollouts_find_the_three_moves_to_shanghai_before_the_rival() -> None:
    """Three roads from Shanghai with three moves: only the step toward it wins this turn;
    any other move hands the turn to a rival one step from Shanghai. The bot plays all three."""
    state = new_state(2, seed=1)
    board = state.game.board
    empty_hands(state)
    rival_next_to_finish(state, 1)
    all_visited(state, 0)
    start = bed_roads_from_finish(board, 3)
    moves_phase(state, 0, start, moves=3)
    dist = roads_to_finish(board)
    nearer = [t for t, _, _ in board.steps[(start, board.country[start])] if dist.get(t) == 2]
    assert len(nearer) == 1  # one first step wins this turn
    assert len(state.legal_actions()) >= 3
    assert not winning_now(state)
    first = Move(sid(state, nearer[0]))
    assert ismcts(seed=0, iterations=250).act(state) == first
    turns = list(state.turns)
    for seed in range(3):  # each step a fresh search: three moves, then the win
        assert not state.is_over and state.current_player == 0
        state.apply(ismcts(seed, iterations=250).act(state))
    assert state.is_over and state.winner == 0
    assert state.turns == turns  # within the same turn: the rival never moved


# --- heuristic rollouts: a payoff one turn later ----------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_heuristic_rollouts_send_the_rival_next_to_shanghai_to_an_embassy(seed: int) -> None:
    """One Action card play left, no moves: only Send to Embassy stops the rival winning on its
    next turn. The heuristic bot alone plays another card; the search does not."""
    state = new_state(2, seed=1)
    board = state.game.board
    empty_hands(state)
    rival_next_to_finish(state, 1)
    all_visited(state, 0)
    moves_phase(state, 0, bed_roads_from_finish(board, 3), moves=0)
    state.plays = 1  # one of the turn's two plays is spent
    for kind in ("send_embassy", "steal_money", "fuel", "collect"):
        give(state, 0, kind)
    embassy = state.game.play(state.game.decks.action_of_kind["send_embassy"], 1)
    legal = state.legal_actions()
    assert embassy in legal and len(legal) >= 4
    assert HeuristicBot(seed=seed).act(state) != embassy  # the rollout policy alone errs
    bot = ismcts(seed, iterations=80, rollout="heuristic")
    assert bot.act(state) == embassy
    report = bot.last_report
    assert report is not None and len(report.candidates) >= 2
    best, *others = report.candidates
    assert best.action == embassy
    assert best.win_rate > max(c.win_rate for c in others)


# --- the report --------------------------------------------------------------------------------


def test_same_seed_same_position_same_action_and_report() -> None:
    state = new_state(2, seed=1)
    board = state.game.board
    empty_hands(state)
    rival_next_to_finish(state, 1)
    all_visited(state, 0)
    moves_phase(state, 0, bed_roads_from_finish(board, 3), moves=3)
    give(state, 0, "collect")
    first, second = ismcts(seed=7, iterations=60), ismcts(seed=7, iterations=60)
    assert first.act(state) == second.act(state)
    assert first.last_report is not None and second.last_report is not None
    assert first.last_report.candidates == second.last_report.candidates
    assert first.last_report.iterations == second.last_report.iterations
    again = ismcts(seed=7, iterations=60)
    report = again.search(state.determinize(0, again.rng), 0)
    assert report.candidates == first.last_report.candidates


def test_every_root_candidate_is_legal_and_the_visits_add_up() -> None:
    state = new_state(2, seed=1)
    board = state.game.board
    empty_hands(state)
    rival_next_to_finish(state, 1)
    all_visited(state, 0)
    moves_phase(state, 0, bed_roads_from_finish(board, 3), moves=3)
    for kind in ("send_embassy", "steal_money", "fuel", "collect"):
        give(state, 0, kind)
    legal = state.legal_actions()
    assert len(legal) >= 6
    before = snapshot(state)
    bot = ismcts(seed=3, iterations=120)
    report = bot.search(state.determinize(0, bot.rng), 0)
    assert snapshot(state) == before  # the search works on copies
    actions = [c.action for c in report.candidates]
    assert len(actions) >= 3 and len(set(actions)) == len(actions)
    assert all(action in legal for action in actions)
    assert 0 < report.iterations <= 120
    assert sum(c.visits for c in report.candidates) == report.iterations
    assert sum(c.share for c in report.candidates) == pytest.approx(1.0)
    visits = [c.visits for c in report.candidates]
    assert visits == sorted(visits, reverse=True)
    for c in report.candidates:
        assert 0.0 <= c.win_rate <= 1.0 and 0.0 <= c.value <= 1.0


def test_hard_departs_from_the_heuristic_only_after_winning_a_paired_duel() -> None:
    """Route East's hard level verifies a deviation on shared samples (README, ladder)."""
    hard = tabletrip.bots.make("hard", game="route-east", seed=1)
    assert isinstance(hard, IsmctsBot) and hard.verify == 8
    medium = tabletrip.bots.make("medium", game="route-east", seed=1)
    assert isinstance(medium, IsmctsBot) and medium.anchor_margin == 0.3
