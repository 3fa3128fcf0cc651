"""The built-in games, each in its own package, imported only when first used."""

from tabletrip.core.registry import register_lazy

BUILTIN_GAMES: dict[str, str] = {
    "en-route": "tabletrip.games.en_route",
    "lets-go-france": "tabletrip.games.lets_go_france",
    "route-east": "tabletrip.games.route_east",
    "ticket-to-ride": "tabletrip.games.ticket_to_ride",
}


def register_builtin_games() -> None:
    """Make every built-in game known to the registry without importing it yet."""
    for game_id, module in BUILTIN_GAMES.items():
        register_lazy(game_id, module)
