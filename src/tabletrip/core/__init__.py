"""Game-agnostic core: the Game/State contract, actions, records, chance, content, errors."""

from tabletrip.core.actions import Action, ActionCodec, JsonDict
from tabletrip.core.content import load_content, validate_content
from tabletrip.core.errors import (
    ContentError,
    IllegalAction,
    OptionError,
    RecordError,
    TabletripError,
)
from tabletrip.core.game import Game, GameInfo, Result, State
from tabletrip.core.options import OptionSpec
from tabletrip.core.records import Record, replay
from tabletrip.core.registry import games, make, register, register_lazy
from tabletrip.core.rng import Deck, Rng, mix_seed

__all__ = [
    "Action",
    "ActionCodec",
    "ContentError",
    "Deck",
    "Game",
    "GameInfo",
    "IllegalAction",
    "JsonDict",
    "OptionError",
    "OptionSpec",
    "Record",
    "RecordError",
    "Result",
    "Rng",
    "State",
    "TabletripError",
    "games",
    "load_content",
    "make",
    "mix_seed",
    "register",
    "register_lazy",
    "replay",
    "validate_content",
]
