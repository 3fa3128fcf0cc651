"""No public name is shadowed by a module: the factories work however often they are called,
and every module can be imported by its dotted path (the audit of issue "11.")."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import tabletrip
from tabletrip import rl


def _modules(package: str) -> list[str]:
    root = importlib.import_module(package)
    return [info.name for info in pkgutil.walk_packages(root.__path__, f"{package}.")]


@pytest.mark.parametrize("module", _modules("tabletrip.games"))
def test_every_game_module_imports_by_its_dotted_path(module: str) -> None:
    imported = importlib.import_module(module)
    exec(f"import {module} as alias", {})  # `import a.b.c as x` walks the attributes
    assert imported.__name__ == module


def test_tabletrip_games_is_the_package_and_lists_the_games() -> None:
    import tabletrip.games.ticket_to_ride.content as content

    assert content.__name__ == "tabletrip.games.ticket_to_ride.content"
    ids = [info.id for info in tabletrip.games()]
    assert {"en-route", "lets-go-france", "route-east", "ticket-to-ride"} <= set(ids)


def test_each_research_factory_works_twice() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    for _ in range(2):
        rl.pettingzoo_env("ticket-to-ride", players=2).reset(seed=1)
        rl.gymnasium_env("ticket-to-ride", players=2).reset(seed=1)
        rl.openspiel_game("route-east", players=2).new_initial_state()
    for name in ("pettingzoo_env", "gymnasium_env", "openspiel_game"):
        assert callable(getattr(rl, name)), f"tabletrip.rl.{name} is shadowed"
