"""What a simulation run is: the game, players, options, lineup and seed, and its jobs.

The same configuration always has the same key, so the same command (with any --games)
finds, resumes and extends the same run in a database.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletrip.core.content_set import Content
from tabletrip.core.errors import OptionError
from tabletrip.core.game import Game
from tabletrip.core.registry import game_class
from tabletrip.sim.jobs import GameJob
from tabletrip.sim.lineup import bot_seed, build_lineup, game_seed, seat_bots


@dataclass(frozen=True)
class SimConfig:
    """A validated run: game id, player count, options (defaults filled), lineup and seed."""

    game: str
    players: int
    options: Mapping[str, Any]
    lineup: tuple[str, ...]
    seed: int = 0
    content: Content | None = None  # None: the shipped content of these options

    @classmethod
    def from_game(cls, game: Game, bots: Sequence[str] = (), seed: int = 0) -> SimConfig:
        """A run of an already configured game; OptionError for a bad bot or seed."""
        if not -(2**63) <= seed < 2**63:
            raise OptionError(f"--seed must be a whole number of at most 19 digits, not {seed}")
        lineup = build_lineup(game.id, game.players, bots)
        return cls(game.id, game.players, dict(game.options), lineup, seed, game.content)

    @classmethod
    def build(
        cls,
        game: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        bots: Sequence[str] = (),
        seed: int = 0,
    ) -> SimConfig:
        """Validate everything (game, players, options, bots); OptionError saying what is bad."""
        configured = game_class(game).from_options(players, dict(options or {}))
        return cls.from_game(configured, bots, seed)

    def resolved_content(self) -> Content:
        """The content the run plays with (the shipped content when none was given)."""
        if self.content is not None:
            return self.content
        return game_class(self.game).content_for(dict(self.options), None)

    def content_hash(self) -> str:
        """The hash of the content the run plays with."""
        return self.resolved_content().hash

    def key(self) -> str:
        """Canonical JSON of {game, players, options, bots, seed, content}: the run's identity
        (a changed content file, own or shipped, is a new run)."""
        return json.dumps(
            {
                "game": self.game,
                "players": self.players,
                "options": dict(self.options),
                "bots": list(self.lineup),
                "seed": self.seed,
                "content": self.content_hash(),
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    def job(self, run_id: int, index: int) -> GameJob:
        """Game `index` of this run: its seed, rotated seats and bot seeds."""
        return GameJob(
            run_id=run_id,
            game=self.game,
            players=self.players,
            options=dict(self.options),
            index=index,
            seed=game_seed(self.seed, index),
            bots=seat_bots(self.lineup, index),
            bot_seeds=tuple(bot_seed(self.seed, index, s) for s in range(self.players)),
            content=self.content,
        )
