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
    max_ws_message_bytes: int = 16384
    # Processes computing bot moves; 0 computes them in threads of the server process.
    bot_workers: int = 2
    # A bot seat asked for over the network thinks at most this long a move, in at most this
    # many playouts (server/bot_specs.py).
    bot_seconds_cap: float = 3.0
    bot_iterations_cap: int = 5000
    # Whether a room's creator may choose its seed with people seated: the creator could then
    # compute every deal, so only for tests and demonstrations (`serve --chosen-seeds`).
    chosen_seeds: bool = False

    @property
    def ws_max_size(self) -> int:
        """The transport's hard frame limit: above the app's own limit, so that a message a
        little too big still gets an error message before the 1009 close."""
        return 4 * self.max_ws_message_bytes
