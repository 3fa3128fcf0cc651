"""The hint budget: how many hint searches a seat may start in a while, and the refusals.

A hint is a second of the hard bot's search on the server's own CPU, so each seat of each room
may start at most `limit` searches in any `window` seconds (`Settings.hint_quota` per
`hint_quota_seconds`); asking again for the same version is answered from the one search and
uses nothing. Over the quota, the answer is 429 with the seconds until a search is free again.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Hashable

from tabletrip.server.errors import TooManyRequests, Unavailable

BUSY_RETRY_SECONDS = 2  # Retry-After when every hint slot of the server is taken


class HintsBusy(Unavailable):
    """The server has as many hint searches running or waiting as it allows (503)."""

    @property
    def headers(self) -> dict[str, str]:
        """Retry-After: a few seconds, the time a search or two takes."""
        return {"Retry-After": str(BUSY_RETRY_SECONDS)}


class HintQuota:
    """At most `limit` searches per key (a room's seat) in any `window` seconds."""

    def __init__(
        self, limit: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._uses: dict[Hashable, deque[float]] = {}
        self._swept = clock()

    def take(self, key: Hashable, who: str) -> None:
        """Count one search for `key`; TooManyRequests (naming `who`) if it has none left."""
        now = self._clock()
        self._sweep(now)
        uses = self._uses.setdefault(key, deque())
        while uses and uses[0] <= now - self.window:
            uses.popleft()
        if len(uses) >= self.limit:
            wait = math.ceil(uses[0] + self.window - now) if uses else math.ceil(self.window)
            raise TooManyRequests(
                f"{who} has used its {self.limit} hint searches of the last "
                f"{self.window:g} s: ask again in {max(1, wait)} s",
                max(1, wait),
            )
        uses.append(now)

    def give_back(self, key: Hashable) -> None:
        """Return the last search counted for `key` (it could not be made)."""
        uses = self._uses.get(key)
        if uses:
            uses.pop()

    def __len__(self) -> int:
        """How many keys have searches counted (those of the last window, at least)."""
        return len(self._uses)

    def _sweep(self, now: float) -> None:
        """Once a window, forget the keys with no search in the last window (memory stays
        bounded by the seats that asked lately)."""
        if now - self._swept < self.window:
            return
        self._swept = now
        for key in [
            k for k, uses in self._uses.items() if not uses or uses[-1] <= now - self.window
        ]:
            del self._uses[key]
