"""The game server: rooms of humans and bots over REST and WebSockets, kept in a database.

`create_app(Settings(...))` builds the FastAPI app; `tabletrip serve` runs it with uvicorn.
It uses only the game contract (CONTRACT.md), so every registered game is served.
"""

from tabletrip.server.api import create_app
from tabletrip.server.settings import Settings

__all__ = ["Settings", "create_app"]
