"""The registry: `tabletrip.make()` validates game id, player count and options; `games()`."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import tabletrip
from tabletrip import bots
from tabletrip.core import GameInfo, OptionError, registry
from tabletrip.core.analysis import analysis_for
from tabletrip.core.encoding import encoding_for
from tabletrip.core.presentation import presentation_for
from tinygame import GAME_ID, HighCardGame


class SoloCard(HighCardGame):
    """High Card for exactly one player."""

    info = replace(HighCardGame.info, id="solo-card", min_players=1, max_players=1, options=())


class CrowdCard(HighCardGame):
    """High Card for 3 to 5 players, and at most 4 with the bonus variant."""

    info = replace(HighCardGame.info, id="crowd-card", min_players=3, max_players=5)

    @classmethod
    def player_range(cls, options: dict[str, Any], content: object = None) -> tuple[int, int]:
        return (3, 4) if options["variant"] == "bonus" else (3, 5)


@pytest.fixture
def only_high_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A registry holding only High Card (the built-in games are being written meanwhile)."""
    monkeypatch.setattr(registry, "_games", {GAME_ID: HighCardGame})
    monkeypatch.setattr(registry, "_lazy", {})


def _option_error(game_id: str, players: Any = None, **options: Any) -> str:
    with pytest.raises(OptionError) as caught:
        tabletrip.make(game_id, players=players, **options)
    message = str(caught.value)
    assert message and "\n" not in message
    return message


# --- game ids ---------------------------------------------------------------------------------


def test_make_gives_a_configured_game() -> None:
    game = tabletrip.make(GAME_ID, players=3, rounds=5, variant="bonus")
    assert isinstance(game, HighCardGame)
    assert game.id == GAME_ID
    assert game.players == 3
    assert game.options == {"rounds": 5, "variant": "bonus"}
    assert tabletrip.make is registry.make


def test_unknown_game_lists_the_known_ids_without_importing_them() -> None:
    message = _option_error("no-such-game")
    assert message.startswith("unknown game 'no-such-game': games are ")
    known = message.split("games are ")[1].split(", ")
    assert GAME_ID in known
    assert "ticket-to-ride" in known  # registered lazily: listed, not imported
    assert known == sorted(known)


@pytest.mark.usefixtures("only_high_card")
def test_unknown_game_message_exactly() -> None:
    assert _option_error("High-Card") == "unknown game 'High-Card': games are high-card"


def test_unknown_game_with_an_empty_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_lazy", {})
    assert _option_error(GAME_ID) == "unknown game 'high-card': games are none"


# --- player counts ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 4, -1, 100])
def test_player_count_out_of_range_gives_the_range(players: int) -> None:
    message = _option_error(GAME_ID, players)
    assert message == f"high-card takes 1 to 3 players with these options, not {players}"


@pytest.mark.parametrize(("text", "players"), [("2", 2), (" 3 ", 3), ("1", 1)])
def test_player_count_as_text(text: str, players: int) -> None:
    assert tabletrip.make(GAME_ID, players=text).players == players


def test_player_count_as_text_out_of_range() -> None:
    assert _option_error(GAME_ID, "7").endswith("1 to 3 players with these options, not 7")


@pytest.mark.parametrize("players", ["two", "", "2.5"])
def test_player_count_text_that_is_no_number_is_named(players: str) -> None:
    # The message must say what was given: today it says "not None" for any such text.
    message = _option_error(GAME_ID, players)
    assert "1 to 3 players" in message
    assert repr(players) in message
    assert "None" not in message


@pytest.mark.parametrize("players", [True, False, 2.0, [2], {"n": 2}])
def test_player_count_of_another_type_is_refused(players: Any) -> None:
    message = _option_error(GAME_ID, players)
    assert "1 to 3 players" in message
    assert repr(players) in message


def test_default_player_count_is_two_when_allowed() -> None:
    assert tabletrip.make(GAME_ID).players == 2


def test_default_player_count_follows_the_range(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._games, "solo-card", SoloCard)
    monkeypatch.setitem(registry._games, "crowd-card", CrowdCard)
    assert tabletrip.make("solo-card").players == 1
    assert tabletrip.make("crowd-card").players == 3


def test_player_range_may_depend_on_options(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._games, "crowd-card", CrowdCard)
    assert tabletrip.make("crowd-card", players=5).players == 5
    message = _option_error("crowd-card", 5, variant="bonus")
    assert message == (
        "crowd-card takes 3 to 4 players with these options, not 5; "
        "5 players can play with variant=plain"
    )
    assert CrowdCard.player_ranges() == {"variant": {"plain": (3, 5), "bonus": (3, 4)}}


def test_the_option_that_allows_a_player_count_is_named() -> None:
    """En Route alone is solo (`mode=solo`); Europe Express seats 4, the USA map 5."""
    assert _option_error("en-route", 1).endswith("not 1; 1 player can play with mode=solo")
    message = _option_error("ticket-to-ride", 5, map="europe-express")
    assert message.endswith("not 5; 5 players can play with map=usa")
    assert _option_error("route-east", 6).endswith("2 to 5 players with these options, not 6")


def test_player_count_message_of_a_game_without_options(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._games, "solo-card", SoloCard)
    assert _option_error("solo-card", 2) == "solo-card takes 1 to 1 players, not 2"


# --- options ----------------------------------------------------------------------------------


def test_options_get_their_defaults() -> None:
    assert tabletrip.make(GAME_ID, players=1).options == {"rounds": 3, "variant": "plain"}


def test_options_from_text_are_coerced() -> None:
    game = tabletrip.make(GAME_ID, players="2", rounds="8", variant="bonus")
    assert game.options == {"rounds": 8, "variant": "bonus"}
    assert game.players == 2


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"rounds": 9}, "bad value 9 for option 'rounds' of high-card: accepted: "),
        ({"rounds": 0}, "a whole number from 1 to 8"),
        ({"rounds": "x"}, "a whole number from 1 to 8"),
        ({"variant": "turbo"}, "bad value 'turbo' for option 'variant' of high-card: "),
        ({"variant": "turbo"}, "accepted: plain, bonus"),
        ({"map": "usa"}, "unknown option 'map' for high-card: options are rounds, variant"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], expected: str) -> None:
    assert expected in _option_error(GAME_ID, 2, **options)


def test_a_bad_option_is_reported_even_with_a_bad_player_count() -> None:
    assert "unknown option 'map'" in _option_error(GAME_ID, 9, map="usa")


# --- games() -----------------------------------------------------------------------------------


@pytest.mark.usefixtures("only_high_card")
def test_games_lists_high_card_with_its_options() -> None:
    infos = tabletrip.games()
    assert infos == [HighCardGame.info]
    info = infos[0]
    assert isinstance(info, GameInfo)
    assert (info.id, info.min_players, info.max_players) == (GAME_ID, 1, 3)
    data = info.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["id"] == GAME_ID
    assert data["players"] == [1, 3]
    assert [o["name"] for o in data["options"]] == ["rounds", "variant"]
    assert data["options"][0]["accepted"] == "a whole number from 1 to 8"
    assert data["options"][1]["choices"] == ["plain", "bonus"]
    assert data["options"][1]["default"] == "plain"


@pytest.mark.usefixtures("only_high_card")
def test_games_are_sorted_by_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._games, "solo-card", SoloCard)
    monkeypatch.setitem(registry._games, "crowd-card", CrowdCard)
    assert [info.id for info in tabletrip.games()] == ["crowd-card", "high-card", "solo-card"]


# --- registration -----------------------------------------------------------------------------

LAZY_MODULE = """
from dataclasses import replace

from tabletrip.core import registry
from tinygame import HighCardGame


class LazyCard(HighCardGame):
    info = replace(HighCardGame.info, id="lazy-card", title="Lazy Card")


registry.register(LazyCard)
"""


@pytest.mark.usefixtures("only_high_card")
def test_a_lazy_game_is_imported_on_first_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = "tabletrip_test_lazy_card"
    (tmp_path / f"{module}.py").write_text(LAZY_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        registry.register_lazy("lazy-card", module)
        assert module not in sys.modules
        assert "lazy-card" in _option_error("nope")
        assert module not in sys.modules
        game = tabletrip.make("lazy-card", players=1)
        assert module in sys.modules
        assert game.info.title == "Lazy Card"
        assert "lazy-card" in registry._games and "lazy-card" not in registry._lazy
        assert [info.id for info in tabletrip.games()] == [GAME_ID, "lazy-card"]
    finally:
        sys.modules.pop(module, None)


@pytest.mark.usefixtures("only_high_card")
def test_register_lazy_does_not_shadow_a_registered_game() -> None:
    registry.register_lazy(GAME_ID, "no.such.module")
    assert GAME_ID not in registry._lazy
    assert tabletrip.make(GAME_ID).id == GAME_ID


@pytest.mark.usefixtures("only_high_card")
def test_register_returns_the_class_and_unregister_forgets_it() -> None:
    assert registry.register(SoloCard) is SoloCard
    assert tabletrip.make("solo-card").id == "solo-card"
    registry.unregister("solo-card")
    assert "unknown game 'solo-card'" in _option_error("solo-card")
    registry.unregister("solo-card")  # forgetting twice is harmless


def test_listing_the_games_imports_only_their_rules() -> None:
    """`tabletrip games` imports each game's rules, never its presentation, analysis,
    encodings or bots (core.lazy), nor the commands it does not run; each part is imported
    on first use and works."""
    parts = ("present", "analysis", "encoding", "bots")
    code = (
        "import sys\n"
        "from tabletrip.cli import main\n"
        "sys.argv = ['tabletrip', 'games']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "games = ('ticket_to_ride', 'en_route', 'route_east', 'lets_go_france')\n"
        f"parts = {parts!r}\n"
        "found = [f'tabletrip.games.{g}.{p}' for g in games for p in parts]\n"
        "found += ['tabletrip.cli.play_command', 'tabletrip.report', 'tabletrip.sim.runner']\n"
        "print('LOADED', [m for m in found if m in sys.modules])\n"
        "print('RULES', all(f'tabletrip.games.{g}.rules' in sys.modules for g in games))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "LOADED []" in done.stdout and "RULES True" in done.stdout, done.stdout
    for game_id in ("ticket-to-ride", "en-route", "route-east", "lets-go-france"):
        assert presentation_for(game_id) is not None and analysis_for(game_id) is not None
        assert encoding_for(tabletrip.make(game_id)).actions.size > 0
        assert "heuristic" in bots.names(game_id)
