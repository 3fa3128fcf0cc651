"""Self-play positions: each seat's own observation vector and its final win share."""

from __future__ import annotations

import numpy as np

import tabletrip
from tabletrip.core.encoding import encoding_for
from tabletrip.learn.positions import self_play


def test_positions_are_each_seats_vector_with_its_win_share() -> None:
    game = tabletrip.make("ticket-to-ride", players=3)
    positions = self_play(game, games=3, seed=4, stride=5)
    size = encoding_for(game).observations.size
    assert positions.vectors.shape == (len(positions.wins), size)
    assert positions.games == 3 and positions.decisions > 0
    assert set(np.unique(positions.game_index)) == {0, 1, 2}
    # one block per kept decision, a row per seat: the seats' shares sum to 1 (ties split)
    blocks = positions.wins.reshape(-1, 3)
    assert np.allclose(blocks.sum(axis=1), 1.0)
    assert set(np.unique(positions.wins)) <= {0.0, 1 / 3, 0.5, 1.0}


def test_the_same_seed_plays_the_same_positions() -> None:
    game = tabletrip.make("route-east", players=2)
    one = self_play(game, games=2, seed=9, stride=50)
    two = self_play(game, games=2, seed=9, stride=50)
    assert np.array_equal(one.vectors, two.vectors) and np.array_equal(one.wins, two.wins)
    other = self_play(game, games=2, seed=10, stride=50)
    assert not np.array_equal(one.vectors[:4], other.vectors[:4])


def test_a_vector_is_what_the_seat_observes() -> None:
    """Built with encode_state_into, which the encoding kit holds to the observation's vector
    (so a position never holds what its seat may not know): here, the first position again."""
    game = tabletrip.make("lets-go-france", players=2)
    positions = self_play(game, games=1, seed=2, stride=1)
    state = game.new_game(seed=_first_game_seed(2))
    observations = encoding_for(game).observations
    for seat in range(2):
        expected = np.asarray(observations.encode(state.observation(seat)), np.float32)
        assert np.array_equal(positions.vectors[seat], expected)


def _first_game_seed(seed: int) -> int:
    from tabletrip.core.rng import mix_seed

    return mix_seed(seed, 0)
