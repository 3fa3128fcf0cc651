"""Without the `rl` extra, an adapter says in one line how to install what it needs."""

from __future__ import annotations

import sys

import pytest

from tabletrip import rl
from tabletrip.core import TabletripError


@pytest.mark.parametrize(
    ("adapter", "module", "needs"),
    [
        (rl.pettingzoo_env, "pettingzoo", "PettingZoo"),
        (rl.gymnasium_env, "gymnasium", "Gymnasium"),
        (rl.openspiel_game, "pyspiel", "OpenSpiel"),
    ],
)
def test_a_missing_package_is_one_line_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch, adapter: object, module: str, needs: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # importing it now fails
    for name in ("pettingzoo_adapter", "gymnasium_adapter", "openspiel_adapter"):
        monkeypatch.delitem(sys.modules, f"tabletrip.rl.{name}", raising=False)  # re-imported
    with pytest.raises(TabletripError) as caught:
        adapter("ticket-to-ride")  # type: ignore[operator]
    message = str(caught.value)
    assert message == f"the {needs} adapter needs {module}: pip install 'tabletrip[rl]'"
