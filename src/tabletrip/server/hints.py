"""Hints: the `hard` bot's three best moves for the seat to move, in plain words.

The search ranks moves by the share of its playouts each got (it gives more to the moves that
do better); each candidate says that share and how those playouts went (`why`).

The search sees only a determinized view of the state for that seat (what the seat may know),
like any bot; it runs in the bot pool (a worker process, or a thread in tests), never on the
event loop.
"""

from __future__ import annotations

from tabletrip import bots
from tabletrip.bots.ismcts import Candidate
from tabletrip.core.actions import Action, JsonDict
from tabletrip.core.game import State
from tabletrip.core.rng import mix_seed
from tabletrip.server.wording import action_words

HINT_BOT = "hard"
HINT_COUNT = 3
ONLY_MOVE = "the only legal move"


def hint_seed(room_seed: int, seat: int, version: int) -> int:
    """The seed of the hint search for `seat` at `version`: the same question, the same answer."""
    return mix_seed("server-hint", room_seed, seat, version)


# Where a game's score is not points: in Route East the first to Shanghai (every attraction
# visited) wins and scores 1, the others 0, so its hints speak of reaching Shanghai first.
RACE_GOALS = {"route-east": "reached Shanghai first, every attraction visited,"}


def _percent(share: float) -> str:
    return f"{share:.0%}"


def why(game_id: str, candidate: Candidate) -> str:
    """Why the search ranks the move where it does: its share of the search, and how the
    playouts through it went ("got 45% of the search; in those playouts you won 38% of the
    time and scored 61 on average")."""
    found = f"got {_percent(candidate.share)} of the search"
    goal = RACE_GOALS.get(game_id)
    if goal is not None:
        return f"{found}; in those playouts you {goal} {_percent(candidate.win_rate)} of the time"
    return (
        f"{found}; in those playouts you won {_percent(candidate.win_rate)} of the time and "
        f"scored {candidate.expected_score:.0f} on average"
    )


def _said(state: State, action: Action) -> str:
    """The move as the player says it (its notation where the game has no words for it)."""
    observation = state.observation(state.current_player)
    return action_words(state.game, observation, action) or str(action)


def _words(state: State, rank: int, candidate: Candidate) -> str:
    return f"{rank}. {_said(state, candidate.action)}: {why(state.game.id, candidate)}"


def hint_for(state: State, seed: int) -> JsonDict:
    """The hard bot's top moves for the player to move in `state` (searched on a copy)."""
    seat = state.current_player
    legal = state.legal_actions()
    if len(legal) == 1:
        only = legal[0]
        return {
            "bot": HINT_BOT,
            "iterations": 0,
            "seconds": 0.0,
            "candidates": [
                {
                    "text": str(only),
                    "json": only.to_json(),
                    "said": _said(state, only),
                    "share": 1.0,
                    "win_rate": None,
                    "expected_score": None,
                    "why": ONLY_MOVE,
                    "words": f"1. {_said(state, only)}: {ONLY_MOVE}",
                }
            ],
        }
    adviser = bots.make(HINT_BOT, game=state.game.id, seed=seed)
    assert isinstance(adviser, bots.IsmctsBot)  # every game has the search levels
    report = adviser.search(adviser.view(state, seat), seat)
    return {
        "bot": HINT_BOT,
        "iterations": report.iterations,
        "seconds": round(report.seconds, 3),
        "candidates": [
            {
                "text": str(candidate.action),
                "json": candidate.action.to_json(),
                "said": _said(state, candidate.action),
                "share": round(candidate.share, 4),
                "win_rate": round(candidate.win_rate, 4),
                "expected_score": round(candidate.expected_score, 2),
                "why": why(state.game.id, candidate),
                "words": _words(state, rank, candidate),
            }
            for rank, candidate in enumerate(report.candidates[:HINT_COUNT], 1)
        ],
    }


def hint_from_json(
    game_id: str,
    players: int,
    options_json: str,
    content: tuple[str, str] | None,
    state_json: JsonDict,
    seed: int,
) -> JsonDict:
    """In a worker process: rebuild the state (with the room's own content, if any: see
    `botpool.worker_game`) and answer `hint_for`."""
    import tabletrip  # noqa: F401  (registers the games in a fresh worker process)
    from tabletrip.server.botpool import worker_game

    state = worker_game(game_id, players, options_json, content).load(state_json)
    return hint_for(state, seed)
