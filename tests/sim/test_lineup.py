"""Bot specs, the lineup, seat rotation and seeds of a simulation (tabletrip.sim.lineup)."""

from __future__ import annotations

import pytest

from tabletrip.core.errors import OptionError
from tabletrip.core.rng import mix_seed
from tabletrip.sim.lineup import (
    bot_seed,
    build_lineup,
    canonical_bot,
    game_seed,
    make_bot,
    parse_bot,
    seat_bots,
)


def test_a_spec_reads_numbers_and_booleans() -> None:
    assert parse_bot("random") == ("random", {})
    name, params = parse_bot("ismcts:iterations=50,seconds=0.5,rollout=random,x=true")
    assert name == "ismcts"
    assert params == {"iterations": 50, "seconds": 0.5, "rollout": "random", "x": True}
    assert isinstance(params["iterations"], int)


def test_the_canonical_spec_sorts_parameters_and_reads_back_the_same() -> None:
    spec = canonical_bot("ismcts: rollout=random, iterations=50")
    assert spec == "ismcts:iterations=50,rollout=random"
    assert parse_bot(spec) == parse_bot("ismcts:rollout=random,iterations=50")


@pytest.mark.parametrize("spec", ["", ":iterations=5", "ismcts:iterations", "ismcts:=5"])
def test_a_malformed_spec_is_one_line(spec: str) -> None:
    with pytest.raises(OptionError) as caught:
        parse_bot(spec)
    assert "\n" not in str(caught.value)


def test_the_last_bot_fills_the_remaining_seats_and_no_bot_means_easy() -> None:
    assert build_lineup("ticket-to-ride", 4, ["easy", "random"]) == (
        "easy",
        "random",
        "random",
        "random",
    )
    assert build_lineup("ticket-to-ride", 2, []) == ("easy", "easy")


def test_an_unknown_bot_is_one_line_listing_the_bots() -> None:
    with pytest.raises(OptionError, match=r"unknown bot 'nope'.*bots are random, easy"):
        build_lineup("en-route", 2, ["nope"])


def test_a_bad_bot_parameter_and_too_many_bots_are_refused() -> None:
    with pytest.raises(OptionError, match="bad parameters for bot 'random'"):
        build_lineup("en-route", 2, ["random:depth=3"])
    with pytest.raises(OptionError, match="3 times"):
        build_lineup("en-route", 2, ["random", "easy", "random"])


def test_game_i_rotates_the_lineup_by_i() -> None:
    lineup = ("a", "b", "c")
    assert seat_bots(lineup, 0) == ("a", "b", "c")
    assert seat_bots(lineup, 1) == ("b", "c", "a")
    assert seat_bots(lineup, 2) == ("c", "a", "b")
    assert seat_bots(lineup, 3) == lineup


def test_seeds_follow_the_brief_and_game_seeds_fit_sqlite() -> None:
    for index in range(50):
        assert game_seed(7, index) == mix_seed("sim", 7, index) & (2**63 - 1)
        assert 0 <= game_seed(7, index) < 2**63
    assert bot_seed(7, 3, 1) == mix_seed("sim-bot", 7, 3, 1)
    assert game_seed(7, 0) != game_seed(8, 0)


def test_make_bot_passes_parameters_and_seed() -> None:
    bot = make_bot("ismcts:iterations=3", "ticket-to-ride", seed=5)
    assert bot.name == "ismcts" and bot.seed == 5
