"""OpenSpiel Python games for every game: `pyspiel.load_game("python_tabletrip_<game>_v0")`.

- Names: `python_tabletrip_<game id with _>_v<encoding version>`, such as
  `python_tabletrip_ticket_to_ride_v0(players=3,map=europe-express)`: the version is the
  encoding's (`tabletrip.core.encoding.encoding_version`), raised when an index changes.
- Parameters: `players`, `reward` (`win` or `margin`) and the game's options; an option the game
  decides itself by default is 0 (a number) or "" (a text).
- Chance: explicit. The first 4 moves are chance moves dealing the game's 32-bit seed, a byte at
  a time; after that every draw and roll comes from the engine's RNG seeded by it, so the game
  is deterministic given the seed. (OpenSpiel cannot serialize a sampled-stochastic Python
  game: `Game::Serialize` then needs `GetRNGState`, which Python games cannot provide.)
- Information: imperfect. The observation tensor is the game's vector of `observation(player)`
  and the observation string that observation as JSON. No information-state string is
  provided: use `use_observation_string=True` with OpenSpiel's `ISMCTSBot`.
- Utility: `win` is zero-sum in [-1, 1]; `margin` (the score minus the best other score) is
  zero-sum at 2 players, general-sum above.
- Serialization: OpenSpiel's own (history plus the pickled Python state, which is the engine's
  full JSON), so `pyspiel.deserialize_game_and_state` restores a state exactly.
- Resampling: `resample_from_infostate(player, sampler)` is the engine's `determinize`, for
  `ISMCTSBot.set_resampler`.
- The engine: `state.engine` is the tabletrip `State` inside (after the seed is dealt), for
  tabletrip's tools; `TabletripBot(game, player, "hard")` plays a tabletrip bot as a
  `pyspiel.Bot`, so `evaluate_bots` can pit OpenSpiel's agents against tabletrip's.

A clone copies the engine's RNG, so OpenSpiel's `MCTSBot` searching a clone sees the true
hidden cards and future draws; IS-MCTS with the resampler searches honestly.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from tabletrip.core import Game, IllegalAction, JsonDict, OptionSpec, Rng, State, make
from tabletrip.core.encoding import Encoding, encoding_for, encoding_version, has_encoding
from tabletrip.core.registry import game_class, game_ids
from tabletrip.core.rng import mix_seed
from tabletrip.rl.rewards import REWARD_KINDS, RewardKind, final_rewards, reward_range
from tabletrip.rl.table import configure
from tabletrip.sim.lineup import make_bot

PREFIX = "python_tabletrip_"
SEED_LIMIT = 2**63
SEED_BYTES = 4
_UNIFORM_BYTE = [(byte, 1 / 256) for byte in range(256)]
_registered: set[str] = set()


def openspiel_name(game_id: str) -> str:
    """The OpenSpiel short name of a tabletrip game id, versioned by its encoding:
    `python_tabletrip_ticket_to_ride_v0`."""
    return f"{PREFIX}{game_id.replace('-', '_')}_v{encoding_version(game_id)}"


class TabletripSpielGame(pyspiel.Game):
    """A configured tabletrip game as an OpenSpiel game."""

    game_id: str = ""  # set by `register` on the subclass made for each game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        values = {**_defaults(game_id), **(params or {})}
        reward = str(values.pop("reward"))
        if reward not in REWARD_KINDS:
            raise ValueError(f"unknown reward {reward!r}: rewards are {', '.join(REWARD_KINDS)}")
        players = int(values.pop("players"))
        self.engine: Game = configure(game_id, players, _engine_options(game_id, values))
        self.reward: RewardKind = "win" if reward == "win" else "margin"
        self.encoding: Encoding = encoding_for(self.engine)
        low, high = reward_range(self.reward, players, self.encoding.score_range)
        zero_sum = players > 1 and (reward == "win" or players == 2)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions.size,
            max_chance_outcomes=256,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.encoding.max_length,
        )
        super().__init__(game_type_of(game_id, zero_sum), info, params or {})

    def new_initial_state(self) -> TabletripSpielState:
        """A game before its seed is dealt."""
        return TabletripSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TabletripObserver:
        """The observer: the game's vector and JSON observation of one player."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return TabletripObserver(self)


class TabletripSpielState(pyspiel.State):
    """A tabletrip state as an OpenSpiel state: 4 chance moves deal the seed, then the game."""

    def __init__(self, game: TabletripSpielGame) -> None:
        super().__init__(game)
        self._seed_bytes: list[int] = []
        self._box: EngineBox | None = None

    @property
    def engine(self) -> State:
        """The tabletrip state inside (after the seed is dealt)."""
        if self._box is None:
            raise RuntimeError("the seed is not dealt yet: the game starts with chance moves")
        return self._box.state

    @property
    def dealt(self) -> bool:
        """Whether the seed is dealt and the game has started."""
        return self._box is not None

    @property
    def spiel_game(self) -> TabletripSpielGame:
        """The OpenSpiel game this state belongs to."""
        return self.get_game()

    def current_player(self) -> int:
        """CHANCE while the seed is dealt, then the seat to move, then TERMINAL."""
        if self._box is None:
            return pyspiel.PlayerId.CHANCE
        if self._box.state.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self._box.state.current_player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next byte of the seed, uniformly."""
        return _UNIFORM_BYTE

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action indices of the seat to move, ascending."""
        state = self.engine
        if state.is_over or player != state.current_player:
            return []
        return self.spiel_game.encoding.actions.legal_indices(state)

    def _apply_action(self, action: int) -> None:
        """Deal a seed byte, or play the action at this index."""
        if self._box is None:
            self._seed_bytes.append(int(action))
            if len(self._seed_bytes) == SEED_BYTES:
                seed = int.from_bytes(bytes(self._seed_bytes), "big")
                self._box = EngineBox(self.spiel_game.engine.new_game(seed=seed))
            return
        actions = self.spiel_game.encoding.actions
        self.engine.apply(actions.decode(int(action), self.engine))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's tabletrip notation when it is legal now, else its documented block."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        encoding = self.spiel_game.encoding.actions
        state = None if self._box is None else self._box.state
        if state is not None and not state.is_over and player == state.current_player:
            try:
                decoded = encoding.decode(int(action), state)
            except IllegalAction:
                decoded = None
            if decoded is not None and state.illegal_reason(decoded) is None:
                return str(decoded)
        block = encoding.block_of(int(action))
        return f"{block.name}[{int(action) - block.start}]"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._box is not None and self._box.state.is_over

    def returns(self) -> list[float]:
        """Each player's final reward (zeros before the end)."""
        result = None if self._box is None else self._box.state.result
        if result is None:
            return [0.0] * self.get_game().num_players()
        return final_rewards(result, self.spiel_game.reward)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None
    ) -> TabletripSpielState:
        """A state where all `player_id` cannot see is resampled (tabletrip's `determinize`).

        `probability_sampler` is any callable returning a float in [0, 1), as OpenSpiel passes.
        """
        draw = probability_sampler() if callable(probability_sampler) else random.random()
        seed = int(float(draw) * SEED_LIMIT)
        copy = self.clone()
        copy._box = EngineBox(self.engine.determinize(player_id, Rng(seed)))
        return copy

    def __str__(self) -> str:
        """The whole state as compact JSON, hidden information included, as OpenSpiel's
        `ToString` is; `render_text(state.engine, seat)` (core.presentation) gives what a
        seat sees as text."""
        if self._box is None:
            return f"dealing the seed: {len(self._seed_bytes)} of {SEED_BYTES} bytes"
        return json.dumps(self._box.state._state_json(), separators=(",", ":"))


class TabletripBot(pyspiel.Bot):
    """A tabletrip bot as an OpenSpiel bot, for one player of a tabletrip OpenSpiel game:
    any spec `tabletrip sim --bot` takes (`easy`, `hard`, `easy:epsilon=0.3`), so OpenSpiel's
    evaluators can pit their agents against tabletrip's. It plays through `state.engine` and,
    as every tabletrip bot, looks only at its own determinized view of it."""

    def __init__(self, game: TabletripSpielGame, player: int, spec: str = "easy", seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.game = game
        self.player = player
        self.bot = make_bot(spec, game.game_id, mix_seed("openspiel", seed, player))

    def step(self, state: TabletripSpielState) -> int:
        """The index of the action the bot plays in `state` (its player must be to move)."""
        if state.current_player() != self.player:
            raise ValueError(f"player {state.current_player()} is to move, not {self.player}")
        engine = state.engine
        return self.game.encoding.actions.encode(self.bot.act(engine), engine)

    def restart_at(self, state: TabletripSpielState) -> None:
        """Nothing to forget: the bot reads the state it is given at each step."""

    def inform_action(self, state: TabletripSpielState, player_id: int, action: int) -> None:
        """Nothing to record: the bot reads the state it is given at each step."""


class EngineBox:
    """Holds the engine state in a state's `__dict__`: OpenSpiel deep-copies that dict to clone
    and pickles it to serialize, so copying is the engine's cheap `clone()` and pickling is
    its full JSON."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> EngineBox:
        return EngineBox(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, int, str]]:
        game = self.state.game
        data = json.dumps(self.state.to_json(), separators=(",", ":"))
        return (_restore_box, (game.id, game.players, data))


def _restore_box(game_id: str, players: int, data: str) -> EngineBox:
    state_json = json.loads(data)
    game = make(game_id, players=players, **state_json["options"])
    return EngineBox(game.load(state_json))


class TabletripObserver:
    """OpenSpiel's PyObserver: `tensor` is the game's vector, the string its JSON observation."""

    def __init__(self, game: TabletripSpielGame) -> None:
        encoding = game.encoding.observations
        self.encoding = encoding
        self.tensor = np.zeros(encoding.size, np.float32)
        low, high = encoding.bounds()
        self.blank = np.clip(self.tensor, low, high)  # before the seed is dealt
        self.dict = {name: self.tensor[part] for name, part in encoding.field_slices().items()}

    def set_from(self, state: TabletripSpielState, player: int) -> None:
        """Fill `tensor` (and the `dict` views of it) with `player`'s vector."""
        if state.dealt:
            self.tensor.fill(0.0)
            self.encoding.encode_state_into(state.engine, player, self.tensor)
        else:
            self.tensor[:] = self.blank

    def string_from(self, state: TabletripSpielState, player: int) -> str:
        """`player`'s observation as compact JSON."""
        if not state.dealt:
            return str(state)
        return observation_string(state.engine.observation(player))


def observation_string(observation: JsonDict) -> str:
    """An observation as compact, key-sorted JSON."""
    return json.dumps(observation, sort_keys=True, separators=(",", ":"))


def game_type_of(game_id: str, zero_sum: bool = False) -> pyspiel.GameType:
    """The OpenSpiel game type of a tabletrip game, its defaults as parameters.

    A configuration is zero-sum with the `win` reward, or `margin` at 2 players.
    """
    cls = game_class(game_id)
    return pyspiel.GameType(
        short_name=openspiel_name(game_id),
        long_name=f"tabletrip {cls.info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.info.max_players,
        min_num_players=cls.info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game_id),
    )


def _defaults(game_id: str) -> dict[str, Any]:
    """The OpenSpiel parameters of a game and their defaults: players, reward, its options."""
    info = game_class(game_id).info
    parameters: dict[str, Any] = {
        "players": max(info.min_players, min(2, info.max_players)),
        "reward": "win",
    }
    for spec in info.options:
        parameters[spec.name] = spec.default if spec.default is not None else _unset(spec)
    return parameters


def _unset(spec: OptionSpec) -> int | str:
    """The OpenSpiel value standing for an option left to the game (OpenSpiel has no None)."""
    numeric = spec.choices is not None and all(isinstance(c, int) for c in spec.choices)
    return 0 if numeric or spec.minimum is not None else ""


def _engine_options(game_id: str, values: dict[str, Any]) -> dict[str, Any]:
    """The tabletrip options of OpenSpiel parameter values: unset stand-ins dropped."""
    specs = {spec.name: spec for spec in game_class(game_id).info.options}
    options = {}
    for name, value in values.items():
        spec = specs.get(name)
        if spec is not None and spec.default is None and value == _unset(spec):
            continue
        options[name] = value
    return options


def register(game_id: str) -> str:
    """Register one tabletrip game with OpenSpiel (once); its OpenSpiel name."""
    name = openspiel_name(game_id)
    if name not in _registered:
        # A class, not a closure: pyspiel keeps the factory until after Python has finalized.
        factory = type(f"TabletripSpielGame_{name}", (TabletripSpielGame,), {"game_id": game_id})
        pyspiel.register_game(game_type_of(game_id), factory)
        _registered.add(name)
    return name


def register_all() -> list[str]:
    """Register every tabletrip game that has encodings; their OpenSpiel names."""
    return [register(game_id) for game_id in game_ids() if has_encoding(game_id)]
