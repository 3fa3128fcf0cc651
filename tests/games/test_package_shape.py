"""Every game package has the same files for the same jobs (CONTRACT.md, "The shape of a game
package"), so that a person who knows one finds their way in all."""

from __future__ import annotations

from pathlib import Path

import tabletrip.games

GAMES = Path(tabletrip.games.__file__).parent
PACKAGES = sorted(p for p in GAMES.iterdir() if (p / "__init__.py").exists())

# The files CONTRACT.md names, with the job each does.
SHAPE = {
    "__init__.py": "registration",
    "RULES_NOTES.md": "the choices where a rulebook is silent",
    "rules.py": "the state and its transitions",
    "phases.py": "the numbers and phases",
    "actions.py": "the actions",
    "notation.py": "the typed notation",
    "views.py": "observations",
    "hidden.py": "determinize",
    "scoring.py": "scoring as pure functions",
    "content.py": "content loading and validation",
    "present.py": "the presentation",
    "help.py": "the help of each decision",
    "text.py": "the terminal screen",
    "svg.py": "the board picture",
    "bots.py": "the heuristic bot",
    "encoding.py": "the research encoding",
    "analysis.py": "the report's sections",
    "analysis_metrics.py": "the report's metrics",
    "data": "the content files",
}
# Where a package does not have its file yet (CONTRACT.md says so): each entry must go once
# the file is there, so that this list only ever shrinks.
NOT_YET: set[tuple[str, str]] = set()


def test_the_four_game_packages_are_found() -> None:
    assert [p.name for p in PACKAGES] == [
        "en_route",
        "lets_go_france",
        "route_east",
        "ticket_to_ride",
    ]


def test_every_game_package_has_every_file_of_the_shape() -> None:
    missing = {
        (package.name, name)
        for package in PACKAGES
        for name in SHAPE
        if not (package / name).exists()
    }
    assert missing == NOT_YET, (
        f"missing: {sorted(missing - NOT_YET)}; there now, drop from NOT_YET: "
        f"{sorted(NOT_YET - missing)}"
    )


def test_every_game_is_drawn_by_its_own_package_s_text_svg_and_help() -> None:
    """CONTRACT.md, "Presentation": a game's presentation draws through its package's
    text.render_text, svg.page_svg, svg.action_targets and help.decision_help."""
    import importlib

    from tabletrip.core.presentation import presentation_for
    from tabletrip.core.registry import game_ids

    for game_id in game_ids():
        presentation = presentation_for(game_id)
        if presentation is None:
            continue
        package = presentation.drawn_by
        assert package.startswith("tabletrip.games."), game_id
        for module, function in (
            ("text", "render_text"),
            ("svg", "page_svg"),
            ("svg", "action_targets"),
            ("help", "decision_help"),
        ):
            assert callable(getattr(importlib.import_module(f"{package}.{module}"), function))
