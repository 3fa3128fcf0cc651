"""The PPO training example (examples/train_ppo.py) runs end to end on a tiny budget.

Skipped where torch or gymnasium is not installed (`pip install -e '.[rl,examples]'`).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("torch")
pytest.importorskip("gymnasium")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_ppo.py"


@pytest.fixture(scope="module")
def train_ppo() -> ModuleType:
    """The example script, loaded as a module without running it."""
    spec = importlib.util.spec_from_file_location("tabletrip_example_train_ppo", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


def test_wilson_interval_matches_known_values(train_ppo: ModuleType) -> None:
    low, high = train_ppo.wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert train_ppo.wilson_interval(0, 10)[0] == 0.0
    assert train_ppo.wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert train_ppo.wilson_interval(0, 0) == (0.0, 1.0)


def test_a_tiny_run_writes_the_report(train_ppo: ModuleType, tmp_path: Path) -> None:
    output = tmp_path / "result.json"
    argv = ["--total-timesteps", "256", "--num-envs", "2", "--num-steps", "64"]
    argv += ["--eval-games", "4", "--seed", "3", "--output", str(output)]
    returned = train_ppo.main(argv)

    report = json.loads(output.read_text())
    assert report == json.loads(json.dumps(returned))
    assert {"config", "before", "after", "training_steps", "wall_seconds"} <= report.keys()
    assert report["training_steps"] == 256
    assert report["config"]["game"] == "ticket-to-ride"
    for phase in ("before", "after"):
        for mode in ("greedy", "sampled"):
            result = report[phase][mode]
            assert result["games"] == 4
            assert 0 <= result["wins"] + result["ties"] <= 4
            low, high = result["win_rate_ci95"]
            assert 0.0 <= low <= result["win_rate"] <= high <= 1.0
            assert -500 < result["mean_margin"] < 500
            assert result["decisions_per_game"] > 0
    assert len(report["history"]) == 2


def test_a_game_option_reaches_the_environments(train_ppo: ModuleType, tmp_path: Path) -> None:
    """`--option map=europe-express` trains on Europe Express (issue 28: not only the USA)."""
    config = train_ppo.parse_args(["--option", "map=europe-express", "--output", "x.json"])
    assert config.options == ("map=europe-express",)
    env = train_ppo.make_env(config, seat=0)
    assert env.unwrapped.table.game.options["map"] == "europe-express"
    env.close()
    usa = train_ppo.make_env(train_ppo.parse_args([]), seat=0)
    assert usa.unwrapped.table.game.options["map"] == "usa"
    assert usa.observation_space.shape != env.observation_space.shape  # another board
    usa.close()


def test_an_option_without_a_value_is_refused_in_one_line(
    train_ppo: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        train_ppo.parse_args(["--option", "map"])
    assert exited.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert "'map' is not NAME=VALUE" in error
