"""The Ray backend on a local Ray instance the test starts, and the message when Ray is missing."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from tabletrip.core.errors import OptionError
from tabletrip.sim.backends import LocalBackend
from tabletrip.sim.config import SimConfig
from tabletrip.sim.ray_backend import RayBackend, import_ray
from tabletrip.sim.runner import run_sim


def stored(path: Path) -> list[tuple[object, ...]]:
    db = sqlite3.connect(path)
    found = db.execute(
        "SELECT g.game_index, g.seed, g.moves, g.winners, g.record, s.seat, s.bot, s.score, s.win "
        "FROM games g JOIN seats s USING (run_id, game_index) ORDER BY g.game_index, s.seat"
    ).fetchall()
    db.close()
    return found


def test_missing_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now raises ImportError
    with pytest.raises(OptionError) as caught:
        import_ray()
    assert str(caught.value) == (
        "--backend ray needs Ray, which is not installed: pip install 'tabletrip[ray]'"
    )
    with pytest.raises(OptionError, match="pip install 'tabletrip\\[ray\\]'"):
        RayBackend()


def test_ray_on_a_local_instance_gives_the_local_results(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'tabletrip[ray]')")
    config = SimConfig.build("ticket-to-ride", players=2, bots=["easy", "random"], seed=4)
    run_sim(config, 6, tmp_path / "local.sqlite", LocalBackend(1))
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    try:
        summary = run_sim(config, 6, tmp_path / "ray.sqlite", RayBackend())
        assert ray.is_initialized()  # the backend leaves an instance it did not start running
    finally:
        ray.shutdown()
    assert summary.played == 6
    assert stored(tmp_path / "ray.sqlite") == stored(tmp_path / "local.sqlite")
