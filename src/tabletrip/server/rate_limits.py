"""Rate limits: rooms created and seats joined per client address, undos per seat of a room.

The limits are `Settings.rate_create_rooms`, `rate_join` and `rate_undo`, each in the notation
of the `limits` library ("10/minute", several joined by ";": "10/minute;60/hour"; empty: no
limit). They are counted in memory over moving windows (`limits`' MovingWindowRateLimiter):
a request is allowed when fewer than the limit's amount were allowed in the window before it.
A refused request is not counted, and answers 429 (TooManyRequests) with the whole seconds
until the window allows another (Retry-After).

An IPv6 client is counted by its /64 network, the block one subscriber is usually given: else
one machine could take a new address for every request.
"""

from __future__ import annotations

import ipaddress
import math
import time
from typing import Any

from fastapi import Request
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from tabletrip.server.errors import TooManyRequests
from tabletrip.server.models import ErrorBody
from tabletrip.server.settings import Settings

IPV6_PREFIX = 64  # an IPv6 client is counted by this network prefix

# The OpenAPI description of a 429 answer, for the responses of a rate-limited route.
RATE_LIMITED: dict[int | str, dict[str, Any]] = {
    429: {
        "model": ErrorBody,
        "description": "Over the server's rate limit (see its settings)",
        "headers": {
            "Retry-After": {
                "description": "Whole seconds until the request would be allowed.",
                "schema": {"type": "integer"},
            }
        },
    }
}


def parse_limits(setting: str, text: str) -> tuple[RateLimitItem, ...]:
    """The limits of a setting such as "10/minute;60/hour" (empty: none); ValueError, one
    line naming the setting, if the text is not in the `limits` notation."""
    if not text.strip():
        return ()
    try:
        return tuple(parse_many(text))
    except ValueError:
        raise ValueError(
            f"{setting} {text!r} is not a rate limit: write an amount per period, like "
            "'10/minute' or '10/minute;60/hour' (empty: no limit)"
        ) from None


def client_key(host: str | None) -> str:
    """What a client is counted by: its IPv4 address, its IPv6 /64 network, or the name the
    transport gives (a test client's, or "unknown" when there is none)."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is None:
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


def client_of(request: Request) -> str:
    """The key of the client that sent `request` (see `client_key`)."""
    return client_key(request.client.host if request.client else None)


class RateLimits:
    """The server's rate limits; each check counts the request or raises TooManyRequests."""

    def __init__(self, settings: Settings) -> None:
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._create = parse_limits("rate_create_rooms", settings.rate_create_rooms)
        self._join = parse_limits("rate_join", settings.rate_join)
        self._undo = parse_limits("rate_undo", settings.rate_undo)

    def create_room(self, client: str) -> None:
        """Count a room created by `client`; TooManyRequests if it is over the limit."""
        self._hit(self._create, ("create", client), "too many rooms created from your address")

    def join(self, client: str) -> None:
        """Count a seat joined by `client`; TooManyRequests if it is over the limit."""
        self._hit(self._join, ("join", client), "too many seats joined from your address")

    def undo(self, room_id: str, seat: int) -> None:
        """Count an undo by `seat` of room `room_id`; TooManyRequests if it is over the limit."""
        self._hit(self._undo, ("undo", room_id, str(seat)), f"too many undos by seat {seat}")

    def _hit(self, items: tuple[RateLimitItem, ...], key: tuple[str, ...], message: str) -> None:
        # Every limit is tested before any is counted, so that a refused request counts in none.
        over = [item for item in items if not self._limiter.test(item, *key)]
        if over:
            now = time.time()
            waits = [self._limiter.get_window_stats(item, *key).reset_time - now for item in over]
            retry_after = max(1, math.ceil(max(waits)))
            raise TooManyRequests(
                f"{message}: at most {over[0].amount} per {_period(over[0])}; "
                f"try again in {retry_after} s",
                retry_after,
            )
        for item in items:
            self._limiter.hit(item, *key)


def _period(item: RateLimitItem) -> str:
    """ "minute", "10 minutes": the window of a limit in words."""
    name = item.GRANULARITY.name
    return name if item.multiples == 1 else f"{item.multiples} {name}s"


def rate_limits_of(request: Request) -> RateLimits:
    """The app's rate limits (`app.state.rate_limits`), made from its settings on first use."""
    state = request.app.state
    found: RateLimits | None = getattr(state, "rate_limits", None)
    if found is None:
        found = state.rate_limits = RateLimits(state.settings)
    return found
