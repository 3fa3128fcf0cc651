"""What the server says in each game's own words: the document of a view, the score rows and
outcome of a result, a move of the log and a legal move in words (see
tabletrip.core.presentation).

A game bug here must never stop a move or a view: a failure is logged and the part left out
(the client then shows the engine's data as before).
"""

from __future__ import annotations

import logging

from tabletrip.core.actions import Action, JsonDict
from tabletrip.core.game import Game, Result
from tabletrip.core.presentation import presentation_for

log = logging.getLogger("tabletrip.server")


def document(game: Game, observation: JsonDict) -> JsonDict | None:
    """What the observation's viewer sees in the game's own words (None: the game has no
    presentation, or it failed: logged, a game bug must not stop the view)."""
    presentation = presentation_for(game.id)
    if presentation is None:
        return None
    try:
        return presentation.document(game, observation).to_json()
    except Exception:
        log.exception("%s: the presentation failed", game.id)
        return None


def seat_names(labels: list[str]) -> list[str]:
    """How each seat is named in a sentence, as the web names it: its label ("Ann", "bot
    easy"), "Player 2" for an unnamed seat (the server's "seat 1"), and a label two seats
    share followed by its player number ("bot easy (Player 2)")."""
    names = []
    for seat, label in enumerate(labels):
        number = f"Player {seat + 1}"
        if not label or label == f"seat {seat}":
            names.append(number)
        elif labels.count(label) > 1:
            names.append(f"{label} ({number})")
        else:
            names.append(label)
    return names


def scoring(game: Game, result: Result | None, labels: list[str]) -> JsonDict:
    """How the game ended, in its words: `score_rows` (per seat, its rows of label, points and
    detail) and `outcome` (one sentence naming the seats by `seat_names(labels)`); both None
    while the game goes on or if the game has no presentation."""
    none: JsonDict = {"score_rows": None, "outcome": None}
    presentation = presentation_for(game.id)
    if result is None or presentation is None:
        return none
    try:
        return {
            "score_rows": [
                [row.to_json() for row in presentation.score_rows(game, breakdown)]
                for breakdown in result.breakdown
            ],
            "outcome": presentation.outcome(game, result, seat_names(labels)),
        }
    except Exception:
        log.exception("%s: the score rows failed", game.id)
        return none


def move_words(game: Game, public: str) -> str:
    """A move's public form in the game's words ("" without a presentation, or if it failed)."""
    presentation = presentation_for(game.id)
    if presentation is None:
        return ""
    try:
        return presentation.move_words(game, public)
    except Exception:
        log.exception("%s: move_words(%r) failed", game.id, public)
        return ""


def action_words(game: Game, observation: JsonDict, action: Action) -> str:
    """A legal move of the observation's seat as the player chooses it, in the game's words
    ("" without a presentation, or if it failed: the client then shows the notation)."""
    presentation = presentation_for(game.id)
    if presentation is None:
        return ""
    try:
        return presentation.action_words(game, observation, action)
    except Exception:
        log.exception("%s: action_words(%s) failed", game.id, action)
        return ""
