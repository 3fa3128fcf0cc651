"""Game records (`tabletrip-record/1`): save, load and replay with exact verification."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletrip.core.actions import JsonDict
from tabletrip.core.errors import ContentError, IllegalAction, OptionError, RecordError
from tabletrip.core.game import Game, State
from tabletrip.core.json_depth import nesting_depth_over
from tabletrip.core.registry import game_class

if TYPE_CHECKING:
    from tabletrip.core.content_set import ContentGiven

RECORD_FORMAT = "tabletrip-record/1"
# How deep a record's JSON may nest: a real one nests 6 levels at most (its result's
# breakdown), and reading one nested thousands deep would overflow the stack.
MAX_DEPTH = 32


@dataclass(frozen=True)
class Record:
    """A replayable game record: game, options, seed, players and every (seat, action).

    `content` is the hash of the content the game was played with (`Content.hash`); records
    written before it was kept have none and replay with the shipped content.
    """

    game: str
    options: dict[str, Any]
    seed: int
    players: int
    actions: tuple[tuple[int, JsonDict], ...]
    result: JsonDict | None = None
    labels: tuple[str, ...] = field(default=())
    content: str | None = None

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        data: JsonDict = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "players": self.players,
            "actions": [[seat, action] for seat, action in self.actions],
            "result": self.result,
        }
        if self.content is not None:
            data["content"] = self.content
        if self.labels:
            data["labels"] = list(self.labels)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a record's JSON form; RecordError saying what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if nesting_depth_over(data, MAX_DEPTH):
            raise RecordError(f"not a tabletrip record: nested more than {MAX_DEPTH} deep")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(
                f"unknown record format {data.get('format')!r}: expected {RECORD_FORMAT!r}"
            )
        missing = [k for k in ("game", "options", "seed", "players", "actions") if k not in data]
        if missing:
            raise RecordError(f"record is missing {', '.join(missing)}")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(
            isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) for a in actions
        ):
            raise RecordError("record 'actions' must be a list of [seat, action] pairs")
        if not isinstance(data["options"], dict) or not isinstance(data["seed"], int):
            raise RecordError("record 'options' must be an object and 'seed' a whole number")
        labels = data.get("labels", [])
        if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
            raise RecordError("record 'labels' must be a list of texts")
        content = data.get("content")
        if content is not None and not isinstance(content, str):
            raise RecordError("record 'content' must be the text of a content hash")
        return cls(
            game=str(data["game"]),
            options=dict(data["options"]),
            seed=data["seed"],
            players=data["players"],
            actions=tuple((seat, action) for seat, action in actions),
            result=data.get("result"),
            labels=tuple(labels),
            content=content,
        )

    def with_labels(self, labels: tuple[str, ...]) -> Record:
        """The same record naming who played each seat."""
        return Record(
            self.game,
            self.options,
            self.seed,
            self.players,
            self.actions,
            self.result,
            labels,
            self.content,
        )

    def save(self, path: str | Path) -> Path:
        """Write the record as JSON (parent folders are created); returns the path."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n")
        return path

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file; RecordError if it is missing or not a record."""
        path = Path(path)
        try:
            data = json.loads(path.read_text())
        except OSError as exc:
            raise RecordError(f"cannot read record {str(path)!r}: {exc.strerror}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RecordError(f"record {str(path)!r} is not JSON: {exc}") from None
        except RecursionError:
            raise RecordError(
                f"{str(path)!r} is not a tabletrip record: nested too deep to read"
            ) from None
        if nesting_depth_over(data, MAX_DEPTH):
            raise RecordError(
                f"{str(path)!r} is not a tabletrip record: nested more than {MAX_DEPTH} deep"
            )
        return cls.from_json(data)


def check_content(record: Record, game: Game, given: bool) -> None:
    """RecordError unless `game` plays with the content `record` was played with (`given`:
    the person named own content, so the refusal need not tell them to)."""
    if record.content is None or record.content == game.content.hash:
        return
    if not given:
        raise RecordError(
            f"this record was played with content {record.content[:12]}, not this "
            f"tabletrip's built-in content {game.content.short}: replay it with the "
            "content it was played with (--content PATH)"
        )
    raise RecordError(
        f"this record was played with content {record.content[:12]}, not with "
        f"{game.content.describe()}"
    )


def replay(
    record: Record | JsonDict,
    verify: bool = True,
    content: ContentGiven = None,
) -> State:
    """Replay a record to its final state; RecordError naming the action that fails and why.

    With `verify`, a record that carries a result must reproduce it exactly. `content`: the
    own content (a path, a `Content` or files by name) the game was played with; its hash
    must be that content's, and a record played with own content needs it.
    """
    if not isinstance(record, Record):
        record = Record.from_json(record)
    try:
        game = game_class(record.game).from_options(record.players, record.options, content)
    except (OptionError, ContentError) as exc:
        raise RecordError(f"record cannot be replayed: {exc}") from None
    check_content(record, game, given=content is not None)
    state = game.new_game(seed=record.seed)
    for index, (seat, action_json) in enumerate(record.actions):
        try:
            if state.is_over:
                raise IllegalAction("the game is already over")
            if seat != state.current_player:
                raise IllegalAction(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
            state.apply(game.action_from_json(action_json))
        except IllegalAction as exc:
            raise RecordError(f"action {index} ({action_json}) fails: {exc}") from None
    if verify and record.result is not None:
        result = state.result
        if result is None or result.to_json() != record.result:
            raise RecordError("the replay does not reproduce the result the record gives")
    return state
