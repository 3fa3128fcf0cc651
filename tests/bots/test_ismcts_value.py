"""ISMCTS with playouts cut short and scored by a value network (issue 19's search)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

import tabletrip
from tabletrip import bots
from tabletrip.bots.ismcts import IsmctsBot
from tabletrip.bots.value_network import ValueNetwork, describes
from tabletrip.core import OptionError
from tabletrip.core.encoding import encoding_for


def saved_network(tmp_path: Path, game: tabletrip.Game, favour: int | None = None) -> str:
    """A one-layer network; with `favour`, one that rates highly the seat holding most of the
    observation vector's position `favour` and lowly the others."""
    size = encoding_for(game).observations.size
    weight = np.zeros((size, 1), np.float32)
    if favour is not None:
        weight[favour, 0] = 3.0
    network = ValueNetwork((weight,), (np.zeros(1, np.float32),), {"for": describes(game)})
    path = tmp_path / "v.npz"
    network.save(path)
    return str(path)


def test_a_cut_short_search_plays_more_iterations_and_reports_no_expected_score(
    tmp_path: Path,
) -> None:
    game = tabletrip.make("ticket-to-ride", players=2)
    state = game.new_game(seed=5)
    state.apply(state.legal_actions()[0])  # past the first ticket choice
    seat = state.current_player
    value = saved_network(tmp_path, game)
    bot = bots.make(
        "ismcts",
        game=game.id,
        seed=1,
        iterations=40,
        value=value,
        playout_depth=3,
        early_stop=False,
    )
    assert isinstance(bot, IsmctsBot)
    report = bot.search(state.determinize(seat, bot.rng), seat)
    assert report.iterations == 40
    # 40 iterations of a tree walk and at most 3 playout moves each
    assert report.steps <= 40 * (3 + 40)
    best = report.candidates[0]
    assert math.isnan(best.expected_score)  # no playout reached the end
    assert 0.0 <= best.win_rate <= 1.0
    assert best.win_rate == pytest.approx(0.5)  # a network with zero weights: even chances
    assert best.action in state.legal_actions()


def test_a_cut_short_playout_scores_each_seat_by_its_share_of_the_chances(
    tmp_path: Path,
) -> None:
    """Each seat's chance from its own observation vector, as a share of all seats' chances."""
    game = tabletrip.make("ticket-to-ride", players=3)
    own_trains = encoding_for(game).observations.field_slices()["trains"].start
    value = saved_network(tmp_path, game, favour=own_trains)
    bot = bots.make("ismcts", game=game.id, iterations=5, value=value, playout_depth=2)
    assert isinstance(bot, IsmctsBot)
    state = game.new_game(seed=4)
    rng = np.random.default_rng(1)
    while len(set(state.trains)) < 3:  # play on until the seats' trains differ
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    seat = state.current_player
    bot.search(state.determinize(seat, bot.rng), seat)  # loads the network
    network = ValueNetwork.load(value)
    chances = [network.win_chance(state, seat) for seat in range(3)]
    assert len(set(chances)) == 3
    expected = [c / sum(chances) for c in chances]
    assert bot._estimates(state) == pytest.approx(expected)
    assert sum(bot._estimates(state)) == pytest.approx(1.0)


def test_a_depth_without_a_network_or_a_network_for_another_game_is_one_line(
    tmp_path: Path,
) -> None:
    with pytest.raises(OptionError, match="playout_depth cuts playouts short"):
        bots.make("ismcts", game="ticket-to-ride", iterations=5, playout_depth=4)
    value = saved_network(tmp_path, tabletrip.make("ticket-to-ride", players=2))
    bot = bots.make("ismcts", game="ticket-to-ride", iterations=5, value=value, playout_depth=2)
    three = tabletrip.make("ticket-to-ride", players=3).new_game(seed=1)
    with pytest.raises(OptionError, match="trained for another configuration: players 2, not 3"):
        bot.act(three)
