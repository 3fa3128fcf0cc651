"""The `heuristic` Route East bot: legal, deterministic, finishes races, far above random."""

from __future__ import annotations

import pytest

import tabletrip
import tabletrip.bots
from route_east_situations import (
    attraction_by_road,
    attractions,
    border_before_attraction,
    border_with,
    empty_hands,
    give,
    moves_phase,
    new_state,
    next_to_finish,
    sid,
    start_phase,
)
from tabletrip.bots import Bot, RandomBot
from tabletrip.games.route_east.actions import Move
from tabletrip.games.route_east.bots import LEVELS, HeuristicBot, board_net, tour_costs
from tabletrip.games.route_east.content import NORMAL
from tabletrip.games.route_east.rules import CROSS, RESPOND, RouteEastState


def play(state: RouteEastState, bots: list[Bot], check: bool = False) -> RouteEastState:
    """Play to the end (the turn limit ends every game); with `check`, every action is legal."""
    while not state.is_over:
        action = bots[state.current_player].act(state)
        if check:
            assert action in state.legal_actions(), (action, state.phase)
        state.apply(action)
    return state


def heuristic_game(players: int, seed: int, check: bool = False) -> RouteEastState:
    """A race between heuristic bots."""
    bots: list[Bot] = [HeuristicBot(seed=seed * 10 + s) for s in range(players)]
    return play(new_state(players, seed=seed), bots, check)


# --- registered, legal, deterministic ---------------------------------------------------------


def test_the_heuristic_bot_is_registered_and_is_the_easy_level() -> None:
    assert "heuristic" in tabletrip.bots.names("route-east")
    assert isinstance(tabletrip.bots.make("easy", game="route-east"), HeuristicBot)
    bot = tabletrip.bots.make("heuristic", game="route-east", seed=3)
    assert isinstance(bot, HeuristicBot)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_only_legal_actions_over_whole_games(players: int, seed: int) -> None:
    state = heuristic_game(players, seed, check=True)
    assert state.winner >= 0


def test_legal_against_random_bots_with_more_attractions() -> None:
    """Random players make odd positions (Embassies, empty purses, full hands)."""
    state = new_state(3, seed=7, attractions=4)
    bots: list[Bot] = [HeuristicBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
    play(state, bots, check=True)
    assert state.winner == 0


def test_deterministic_for_a_seed() -> None:
    first = heuristic_game(2, seed=5)
    second = heuristic_game(2, seed=5)
    assert first.history == second.history
    assert first.winner == second.winner


# --- strength ---------------------------------------------------------------------------------


def test_beats_the_random_bot() -> None:
    """Seats alternated; a win counts only when the heuristic really reaches Shanghai."""
    wins = 0
    for seed in range(20):
        seat = seed % 2
        bots: list[Bot] = [RandomBot(seed=seed), RandomBot(seed=seed)]
        bots[seat] = HeuristicBot(seed=seed)
        state = play(new_state(2, seed=100 + seed), bots)
        wins += state.winner == seat
    assert wins >= 18


@pytest.mark.parametrize(("players", "games"), [(2, 20), (5, 20)])
def test_self_play_races_finish_before_the_turn_limit(players: int, games: int) -> None:
    limited = 0
    for seed in range(games):
        state = heuristic_game(players, seed=200 + seed)
        limited += state.winner < 0
    assert limited <= 1


# --- forced best moves ------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [1, 3])
def test_takes_the_last_step_to_shanghai(moves: int) -> None:
    state = new_state(2, seed=1)
    board = state.game.board
    empty_hands(state)
    attractions(state, 0, state.attractions[0], visited=len(state.attractions[0]))
    moves_phase(state, 0, next_to_finish(board), moves=moves)
    action = HeuristicBot(seed=0).act(state)
    assert action == Move(sid(state, board.finish))
    state.apply(action)
    assert state.is_over and state.winner == 0


def test_steps_onto_its_attraction_one_move_away() -> None:
    state = new_state(2, seed=2)
    board = state.game.board
    empty_hands(state)
    attraction, hostel = attraction_by_road(board, NORMAL)
    others = [
        a for a in state.attractions[0] if board.attractions[a].country != board.country[hostel]
    ]
    attractions(state, 0, [attraction, *others[:1]])
    moves_phase(state, 0, hostel, moves=2)
    bot = HeuristicBot(seed=0)
    action = bot.act(state)
    assert action == Move(sid(state, board.attractions[attraction].space))
    state.apply(action)
    assert attraction not in state.unvisited(0)


def test_crosses_at_a_border_card_with_fuel_when_the_plan_crosses() -> None:
    state = new_state(2, seed=3)
    board = state.game.board
    empty_hands(state)
    border, attraction, side = border_before_attraction(board)
    attractions(state, 0, [attraction])
    start_phase(state, 0, border)
    state.country[0] = side
    state.fuel[0] = 1
    bot = HeuristicBot(seed=0)
    assert bot.act(state) == state.game.draw_border
    border_with(state, "nothing")
    state.apply(state.game.draw_border)
    assert state.phase == CROSS
    assert bot.act(state) == state.game.cross


def test_stays_on_its_side_when_the_plan_does_not_cross() -> None:
    """Its attraction lies back in the country it stands in: an Ignition card, no crossing."""
    state = new_state(2, seed=3)
    board = state.game.board
    empty_hands(state)
    border, attraction, side = border_before_attraction(board)
    pair = board.border_countries[border]
    assert pair is not None
    other = pair[0] if pair[1] == side else pair[1]
    attractions(state, 0, [attraction])
    start_phase(state, 0, border)
    state.country[0] = other  # already over the Border, on the attraction's side
    assert HeuristicBot(seed=0).act(state) == state.game.draw_ignition


def test_without_fuel_it_takes_the_border_pass() -> None:
    state = new_state(2, seed=3)
    board = state.game.board
    empty_hands(state)
    border, attraction, side = border_before_attraction(board)
    attractions(state, 0, [attraction])
    start_phase(state, 0, border)
    state.country[0] = side
    state.fuel[0] = 0
    give(state, 0, "border_pass")
    bot = HeuristicBot(seed=0)
    assert bot.act(state) == state.game.draw_border
    border_with(state, "nothing")
    state.apply(state.game.draw_border)
    assert bot.act(state) == state.game.cross_with_pass


def test_hell_no_keeps_it_out_of_the_embassy() -> None:
    state = new_state(2, seed=4)
    empty_hands(state)
    give(state, 0, "hell_no")
    give(state, 1, "send_embassy")
    board = state.game.board
    attraction, hostel = attraction_by_road(board, NORMAL)
    attractions(state, 0, [attraction])
    moves_phase(state, 1, state.pos[1])
    state.pos[0] = hostel
    state.country[0] = board.country[hostel]
    card = state.game.decks.action_of_kind["send_embassy"]
    state.apply(state.game.play(card, 0))
    assert state.phase == RESPOND and state.current_player == 0
    assert HeuristicBot(seed=0).act(state) == state.game.hell_no


def test_the_tour_tables_count_fuel_and_the_order_of_attractions() -> None:
    """Shanghai is nearer with the attractions done, and no fuel never helps."""
    board = new_state(2).game.board
    net = board_net(board)
    start = net.node_of[(board.start, board.country[board.start])] * LEVELS
    done = tour_costs(net, frozenset()).cost
    far = next(a for a in board.attractions if a.bonus.kind == "collect")
    one = tour_costs(net, frozenset({far.id})).cost
    assert 0 < done[start + 1] <= one[start + 1]
    assert done[start] >= done[start + 1]


def test_the_turn_memo_kept_between_decisions_changes_no_choice() -> None:
    """A bot keeps its turn searches' values from one decision to the next (TurnMemo): a bot
    made afresh for every decision, with nothing remembered, chooses the same moves."""
    game = tabletrip.make("route-east", players=2)
    state = game.new_game(5)
    kept = [HeuristicBot(seed=s) for s in range(2)]
    for _ in range(400):
        if state.is_over:
            break
        seat = state.current_player
        view = state.clone()
        action = kept[seat].choose(view, seat)
        assert action == HeuristicBot(seed=seat).choose(view, seat)
        state.apply(action)
