"""The OpenSpiel adapter: `random_sim_test` with serialization for every configuration, and
OpenSpiel's own MCTS and IS-MCTS bots playing every game."""

from __future__ import annotations

import json
import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from rl_configs import CONFIGS
from tabletrip.core import OptionError
from tabletrip.core.encoding import encoding_for
from tabletrip.core.rng import mix_seed
from tabletrip.rl import openspiel_game
from tabletrip.rl.openspiel_adapter import SEED_BYTES, TabletripBot, register_all
from tabletrip.sim.lineup import make_bot

GAMES = ["ticket-to-ride", "en-route", "route-east", "lets-go-france"]


def dealt(game: Any, seed_bytes: tuple[int, ...] = (0, 0, 1, 7)) -> Any:
    """A state of `game` after the chance moves that deal its seed."""
    state = game.new_initial_state()
    for byte in seed_bytes:
        assert state.is_chance_node()
        state.apply_action(byte)
    return state


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_random_sim_test_with_serialization_passes(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = openspiel_game(game_id, players=players, **options)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_every_game_is_registered_under_its_python_name() -> None:
    names = register_all()
    assert {f"python_tabletrip_{g.replace('-', '_')}_v0" for g in GAMES} <= set(names)
    game = pyspiel.load_game("python_tabletrip_ticket_to_ride_v0(players=3,map=europe-express)")
    assert game.num_players() == 3
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_the_seed_is_dealt_by_four_uniform_chance_moves() -> None:
    game = openspiel_game("ticket-to-ride", players=2)
    state = game.new_initial_state()
    for _ in range(SEED_BYTES):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 256 and sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(1)
    assert state.engine.seed == int.from_bytes(bytes([1, 1, 1, 1]), "big")
    assert state.current_player() == state.engine.current_player


@pytest.mark.parametrize("game_id", GAMES)
def test_the_observation_tensor_is_the_games_vector(game_id: str) -> None:
    game = openspiel_game(game_id, players=2)
    state = dealt(game)
    engine = state.engine
    vectors = encoding_for(engine.game).observations
    for player in range(2):
        expected = vectors.encode(engine.observation(player))
        assert state.observation_tensor(player) == pytest.approx(expected)
        as_json = json.loads(json.dumps(engine.observation(player)))
        assert json.loads(state.observation_string(player)) == as_json


def test_serialization_and_pickling_restore_the_exact_state() -> None:
    game = openspiel_game("lets-go-france", players=2)
    state = dealt(game)
    rng = np.random.default_rng(0)
    for _ in range(25):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert restored.engine.to_json() == state.engine.to_json()
    assert restored.history() == state.history()
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.engine.to_json() == state.engine.to_json()


def test_resampling_keeps_the_players_observation() -> None:
    game = openspiel_game("ticket-to-ride", players=3)
    state = dealt(game)
    rng = np.random.default_rng(1)
    for _ in range(12):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sample = state.resample_from_infostate(player, rng.random)
    assert sample.observation_string(player) == state.observation_string(player)
    assert sample.legal_actions() == state.legal_actions()
    assert sample.engine is not state.engine


def play_with_bots(game: Any, bots: list[Any], decisions: int, seed: int) -> Any:
    """Deal the seed, then let the bots choose `decisions` moves (random after); the state."""
    rng = np.random.default_rng(seed)
    state = dealt(game, tuple(int(b) for b in rng.integers(256, size=SEED_BYTES)))
    made = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if made < decisions:
            action = bots[state.current_player()].step(state)
            made += 1
        else:
            action = int(rng.choice(legal))
        assert action in legal
        state.apply_action(action)
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_mcts_and_ismcts_bots_play_every_game(game_id: str) -> None:
    game = openspiel_game(game_id, players=2)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    mcts_bot = mcts.MCTSBot(game, 1.4, max_simulations=4, evaluator=evaluator, random_state=rng)
    ismcts_bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        1.4,
        max_simulations=4,
        random_state=rng,
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    ismcts_bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.rand))
    final = play_with_bots(game, [mcts_bot, ismcts_bot], decisions=6, seed=3)
    returns = final.returns()
    assert len(returns) == 2 and sum(returns) == pytest.approx(0.0)


def test_ismcts_finds_the_best_card_in_high_card() -> None:
    """With one turn each, a 12 in hand wins far more often than the other card or a draw."""
    game = openspiel_game("high-card", players=2, rounds=1)
    state = next(
        s
        for s in (dealt(game, (0, 0, 0, byte)) for byte in range(256))
        if s.engine.hands[0][-1] == 12 and s.engine.hands[0][0] <= 4
    )
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        1.4,
        max_simulations=200,
        random_state=rng,
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(lambda s, player: s.resample_from_infostate(player, rng.rand))
    assert state.action_to_string(0, bot.step(state)) == "play 12"


def test_a_bad_parameter_is_one_line() -> None:
    with pytest.raises(OptionError, match="bad value 'moon' for option 'map'"):
        openspiel_game("ticket-to-ride", map="moon")


@pytest.mark.parametrize("game_id", ["ticket-to-ride", "en-route"])
def test_tabletrip_bots_play_in_openspiel_as_they_play_on_the_engine(game_id: str) -> None:
    """`TabletripBot` plays a tabletrip bot as a `pyspiel.Bot` through OpenSpiel's own
    `evaluate_bots`: the same moves and result as the same bots on the engine directly."""
    game = openspiel_game(game_id, players=2)
    state = dealt(game)
    specs = ["easy", "easy:epsilon=0.5"]
    players = [TabletripBot(game, seat, spec, seed=3) for seat, spec in enumerate(specs)]
    returns = evaluate_bots(state, players, np.random.default_rng(0))
    assert state.is_terminal() and returns == state.returns()

    engine = state.engine.game.new_game(state.engine.seed)
    direct = [make_bot(s, game_id, mix_seed("openspiel", 3, seat)) for seat, s in enumerate(specs)]
    while not engine.is_over:
        engine.apply(direct[engine.current_player].act(engine))
    assert engine.record.to_json() == state.engine.record.to_json()


def test_a_tabletrip_bot_refuses_to_play_for_another_player() -> None:
    game = openspiel_game("ticket-to-ride", players=2)
    state = dealt(game)
    other = 1 - state.current_player()
    with pytest.raises(ValueError, match=f"not {other}"):
        TabletripBot(game, other).step(state)
