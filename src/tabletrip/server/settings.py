"""Server settings: database URL, address, size limits, bot workers and their caps, seeds."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletrip.paths import data_dir

DB_FILE = "server.sqlite"


def default_db_url() -> str:
    """The embedded default: a SQLite file `server.sqlite` in the user data dir."""
    return f"sqlite:///{data_dir() / DB_FILE}"


@dataclass(frozen=True)
class Settings:
    """Everything `create_app` needs; the defaults are those of `tabletrip serve`."""

    db_url: str = field(default_factory=default_db_url)
    host: str = "127.0.0.1"
    port: int = 8000
    max_body_bytes: int = 65536
    # A room created with its own content: the files travel in the request (Route East's
    # shipped board and cards are 79 KB as exported, 41 KB without spacing).
    max_content_body_bytes: int = 262144
    max_ws_message_bytes: int = 16384
    # Seconds a new WebSocket may wait before saying hello; then it is closed (1008).
    hello_timeout_seconds: float = 5.0
    # Seconds an HTTP request's line and headers may take to arrive (from the connection or
    # the previous answer), and its body from the headers on; then 408 and closed.
    header_timeout_seconds: float = 10.0
    body_timeout_seconds: float = 30.0
    # Seconds an idle keep-alive HTTP connection stays open (uvicorn's timeout_keep_alive).
    keep_alive_seconds: int = 5
    # HTTP requests in progress plus open WebSockets per client address; over it, 429 or a
    # WebSocket closed with 1008 (server/connections.py).
    max_connections_per_address: int = 256
    # Processes computing bot moves; 0 computes them in threads of the server process.
    bot_workers: int = 2
    # A bot seat asked for over the network thinks at most this long a move, in at most this
    # many playouts (server/bot_specs.py).
    bot_seconds_cap: float = 3.0
    # Servers sharing a database (PostgreSQL): seconds a server's claim on a bot move lasts;
    # a server that dies leaves its bot rooms to the others once it has passed.
    bot_lease_seconds: float = 10.0
    bot_iterations_cap: int = 5000
    # Seconds a room stays in memory unused (no socket, no bot or hint computing) before it
    # leaves; it is replayed from the database when asked for again (server/room_cache.py).
    idle_room_seconds: float = 300.0
    # Rooms kept in memory at most (least recently used out first); busy rooms stay over it.
    max_rooms_in_memory: int = 500
    # Processes computing hints, apart from the bot moves and at a lower priority (threads
    # when bot_workers is 0).
    hint_workers: int = 1
    # Hint searches one seat of a room may start in any hint_quota_seconds (over: 429).
    hint_quota: int = 12
    hint_quota_seconds: float = 60.0
    # Hint searches running or waiting in the whole server (over: 503, ask again soon).
    hint_queue: int = 4
    # Whether a room's creator may choose its seed with people seated: the creator could then
    # compute every deal, so only for tests and demonstrations (`serve --chosen-seeds`).
    chosen_seeds: bool = False
    # Rate limits in the `limits` notation ("10/minute", several joined by ";", empty: none;
    # server/rate_limits.py). Rooms one client address may create:
    rate_create_rooms: str = "10/minute;60/hour"
    # Seats one client address may join:
    rate_join: str = "30/minute;300/hour"
    # Undos one seat of a room may make:
    rate_undo: str = "10/minute"

    @property
    def ws_max_size(self) -> int:
        """The transport's hard frame limit: above the app's own limit, so that a message a
        little too big still gets an error message before the 1009 close."""
        return 4 * self.max_ws_message_bytes
