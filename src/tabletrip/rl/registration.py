"""`gymnasium.make("tabletrip/<game>-v0")` after `import tabletrip`, without importing Gymnasium.

`import tabletrip` stays light: it does not import Gymnasium (a quarter of a second) to register
the environment ids. `register_with_gymnasium` registers them at once if Gymnasium is already
imported, else the moment it is: a finder on `sys.meta_path` waits for the import of
`gymnasium`, lets the usual finders and loader do it, then registers and leaves. The ids point
at `tabletrip.rl.gymnasium_adapter:TabletripEnv` by name, so the adapter (and numpy) load only
when an environment is made. Nothing here needs Gymnasium installed.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from tabletrip.core.encoding import encoding_version, has_encoding
from tabletrip.core.registry import game_ids

ENTRY_POINT = "tabletrip.rl.gymnasium_adapter:TabletripEnv"
# The default episode limit, in decisions: a game still going then is truncated (Gymnasium's
# TimeLimit counts the learner's steps; PettingZoo's env every agent's). Games end long before
# under any sensible play; random play in Route East (about 1,000 decisions at 2 players) is
# the longest, and with 5 players and 6 attractions each has been seen to reach 15,924.
MAX_EPISODE_STEPS = 10_000


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game's environment, versioned by its encoding (importing the
    game): `tabletrip/ticket-to-ride-v0`."""
    return f"tabletrip/{game_id}-v{encoding_version(game_id)}"


def register_envs(gymnasium: Any) -> list[str]:
    """Register every game's environment id with this `gymnasium` module; the ids."""
    ids = []
    for game_id in game_ids():
        if not has_encoding(game_id):
            continue
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                name,
                entry_point=ENTRY_POINT,
                kwargs={"game_id": game_id},
                max_episode_steps=MAX_EPISODE_STEPS,
            )
        ids.append(name)
    return ids


def register_with_gymnasium() -> None:
    """Register the ids now if Gymnasium is imported, else as soon as it is."""
    if "gymnasium" in sys.modules:
        register_envs(sys.modules["gymnasium"])
    elif not any(isinstance(finder, _AfterImport) for finder in sys.meta_path):
        sys.meta_path.insert(0, _AfterImport("gymnasium", register_envs))


class _AfterImport(importlib.abc.MetaPathFinder):
    """Finds nothing itself: for module `name` it asks the other finders, and hands their spec
    back with a loader that calls `hook(module)` once the module has run."""

    def __init__(self, name: str, hook: Callable[[ModuleType], object]) -> None:
        self.name = name
        self.hook = hook

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The other finders' spec for `name`, its loader wrapped; None for anything else."""
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)  # once: and the search below must not find this finder
        spec = importlib.util.find_spec(fullname)
        if spec is not None and isinstance(spec.loader, importlib.abc.Loader):
            spec.loader = _HookedLoader(spec.loader, self.hook)
        return spec


class _HookedLoader(importlib.abc.Loader):
    """A module's own loader, then the hook; anything else asked of it is the loader's."""

    def __init__(self, loader: importlib.abc.Loader, hook: Callable[[ModuleType], object]):
        self._loader = loader
        self._hook = hook

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        """What the module's loader creates."""
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        """Run the module as its loader does, then the hook."""
        self._loader.exec_module(module)
        self._hook(module)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loader, name)
