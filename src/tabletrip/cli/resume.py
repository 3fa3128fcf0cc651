"""`tabletrip play --resume FILE`: an unfinished game saved by `play`, continued where it stopped.

The record says everything: the game, its options, the seed, who played each seat (`human` or
`bot:<name>`, the labels `play` writes) and every move so far. Each bot decides with a seed of
its own for that decision (`bot_seed`), so a resumed game goes on exactly as it would have
without the stop. The record is checked before anything is played: a record that cannot be
resumed is one line saying why.
"""

from __future__ import annotations

from pathlib import Path

from tabletrip import bots
from tabletrip.cli.game_display import BOT_PREFIX, HUMAN
from tabletrip.cli.game_setup import Setup, _make_game
from tabletrip.cli.replay_command import _replay_action
from tabletrip.core.errors import ContentError, OptionError, RecordError
from tabletrip.core.game import State
from tabletrip.core.records import Record, check_content
from tabletrip.core.rng import mix_seed


def bot_seed(game_seed: int, seat: int, move: int) -> int:
    """The seed of the bot of `seat` deciding the game's `move`-th move (from 0)."""
    return mix_seed("seat", game_seed, seat, move)


def _seats(loaded: Record, source: str) -> tuple[frozenset[int], dict[int, str]]:
    """The human seats and the bot of every other seat, from the record's labels."""
    if len(loaded.labels) != loaded.players:
        raise RecordError(
            f"{source} does not say who played each seat (only records saved by "
            "`tabletrip play` do): it cannot be resumed; `tabletrip replay` shows it"
        )
    humans: set[int] = set()
    bot_names: dict[int, str] = {}
    for seat, label in enumerate(loaded.labels):
        if label == HUMAN:
            humans.add(seat)
        elif label.startswith(BOT_PREFIX) and label != BOT_PREFIX:
            bot_names[seat] = label.removeprefix(BOT_PREFIX)
        else:
            raise RecordError(
                f"{source}: seat {seat} is labelled {label!r}: expected 'human' or "
                "'bot:<name>', as `tabletrip play` writes"
            )
    return frozenset(humans), bot_names


def resume_setup(path: Path, content: Path | None = None) -> tuple[Setup, State]:
    """The setup of the unfinished game in `path` and its state after the recorded moves;
    RecordError (one line) if it cannot be resumed. `content`: the own content it was
    played with."""
    loaded = Record.load(path)
    source = f"record {str(path)!r}"
    if loaded.result is not None:
        raise RecordError(f"{source} is a finished game: `tabletrip replay {path}` shows it")
    humans, bot_names = _seats(loaded, source)
    try:
        game = _make_game(loaded.game, loaded.players, loaded.options, content)
        for name in set(bot_names.values()):
            bots.make(name, game=game.id)  # OptionError listing the bots if unknown here
    except (OptionError, ContentError) as exc:
        raise RecordError(f"{source} cannot be resumed: {exc}") from None
    check_content(loaded, game, given=content is not None)
    state = game.new_game(seed=loaded.seed)
    for index, (seat, data) in enumerate(loaded.actions):
        try:
            _replay_action(game, state, index, seat, data)
        except RecordError as exc:
            raise RecordError(f"{source} cannot be resumed: {exc}") from None
    if state.is_over:
        raise RecordError(
            f"{source}: its moves finish the game, so there is nothing to resume; "
            f"`tabletrip replay {path}` shows it"
        )
    return Setup(game, loaded.seed, humans, bot_names, path), state
