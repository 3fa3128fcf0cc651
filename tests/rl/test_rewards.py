"""Final rewards of the research adapters: win/loss and score margin."""

from __future__ import annotations

import pytest

from tabletrip.core import OptionError, Result
from tabletrip.rl.rewards import check_reward_kind, final_rewards, reward_range


def result(scores: tuple[int, ...], winners: tuple[int, ...]) -> Result:
    """A result with an empty breakdown."""
    return Result(scores, winners, tuple({"total": s} for s in scores))


def test_win_reward_is_one_for_a_sole_winner_and_zero_sum() -> None:
    rewards = final_rewards(result((30, 50, 10), (1,)), "win")
    assert rewards == pytest.approx([-0.5, 1.0, -0.5])
    assert sum(rewards) == pytest.approx(0.0)


def test_win_reward_splits_a_tie() -> None:
    assert final_rewards(result((40, 40), (0, 1)), "win") == pytest.approx([0.0, 0.0])
    three = final_rewards(result((40, 40, 1), (0, 1)), "win")
    assert three == pytest.approx([0.25, 0.25, -0.5])


def test_win_reward_is_zero_for_all_when_nobody_wins() -> None:
    assert final_rewards(result((-3, -5), ()), "win") == [0.0, 0.0]


def test_win_reward_solo_is_plus_or_minus_one() -> None:
    assert final_rewards(result((12,), (0,)), "win") == [1.0]
    assert final_rewards(result((12,), ()), "win") == [-1.0]


def test_margin_is_the_lead_over_the_best_other_seat() -> None:
    assert final_rewards(result((30, 50, 10), (1,)), "margin") == [-20.0, 20.0, -40.0]
    assert final_rewards(result((7,), (0,)), "margin") == [7.0]


def test_reward_ranges() -> None:
    assert reward_range("win", 3, (0, 100)) == (-1.0, 1.0)
    assert reward_range("margin", 2, (-20, 100)) == (-120.0, 120.0)
    assert reward_range("margin", 1, (0, 90)) == (0.0, 90.0)


def test_an_unknown_reward_is_one_line_naming_the_kinds() -> None:
    with pytest.raises(OptionError, match="unknown reward 'score': rewards are win, margin"):
        check_reward_kind("score")
