"""The contract every game fulfils: `Game` (rules and options, makes states) and `State`.

Front ends, bots and tools use only this contract, so a new game plugs in without touching
them. See CONTRACT.md at the top of the repository.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, ClassVar

from tabletrip.core.actions import Action, ActionCodec, JsonDict, plain_notation, written_as
from tabletrip.core.content_set import Content, ContentGiven, resolve, shipped_content, uploaded
from tabletrip.core.errors import ContentError, IllegalAction, OptionError, RecordError
from tabletrip.core.options import OptionSpec, validate_options
from tabletrip.core.phrases import first_few
from tabletrip.core.rng import Rng

if TYPE_CHECKING:
    from tabletrip.core.records import Record

STATE_FORMAT = "tabletrip-state/1"
# What a game may say a move showed (State.move_disclosure).
OPEN_MOVE = "open"
DRAWING_MOVE = "drawing"
PRIVATE_MOVE = "private"

SEEN_FORMS_KEPT = 50_000  # the most seen forms of moves a game keeps (State.seen_history)
# The action history is a persistent linked list: (previous, seat, action) or None.
# Appending and cloning are O(1), which keeps `clone()` cheap however long the game.
History = tuple[Any, int, Action] | None


def iter_history(history: History) -> Iterator[tuple[int, Action]]:
    """The (seat, action) pairs of a history, oldest first."""
    items: list[tuple[int, Action]] = []
    while history is not None:
        history, seat, action = history
        items.append((seat, action))
    return reversed(items)


@dataclass(frozen=True, slots=True)
class Concealed(Action, kind="concealed"):
    """Another seat's move as one seat saw it: the kind of move and its public form, nothing
    the seat could not know. The histories of determinized copies hold these (`seen_history`).
    """

    move: str  # the kind of the move it stands for
    seen: str  # its public form, as the seat saw it

    def __str__(self) -> str:
        return self.seen

    def public(self) -> str:
        """The public form is all it holds."""
        return self.seen


_CONCEALED_CODEC = ActionCodec([Concealed])


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about a game: id, title, player range and options."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    summary: str = ""
    # Whose boards and cards the shipped files are: public fact, or written for tabletrip.
    content: str = ""

    def to_json(self) -> JsonDict:
        """JSON-safe description."""
        return {
            "id": self.id,
            "title": self.title,
            "players": [self.min_players, self.max_players],
            "options": [spec.to_json() for spec in self.options],
            "summary": self.summary,
            "content": self.content,
        }


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game's outcome: scores, winners (tie-breaks applied) and per-seat breakdown."""

    scores: tuple[int | float, ...]
    winners: tuple[int, ...]
    breakdown: tuple[JsonDict, ...]

    def to_json(self) -> JsonDict:
        """JSON-safe form."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "breakdown": [dict(b) for b in self.breakdown],
        }

    @classmethod
    def from_json(cls, data: JsonDict) -> Result:
        """Rebuild from `to_json` output."""
        return cls(tuple(data["scores"]), tuple(data["winners"]), tuple(data["breakdown"]))


class Game(ABC):
    """One configured game (player count, options, content): makes, loads and parses states."""

    info: ClassVar[GameInfo]
    codec: ClassVar[ActionCodec]

    def __init__(
        self, players: int, options: dict[str, Any], content: Content | None = None
    ) -> None:
        self.players = players
        self.options = options
        # (earlier move, seen epoch): the move as other seats see it (State.seen_history)
        self._seen_forms: dict[tuple[Action, object], tuple[Action, ...]] = {}
        self.content: Content = (
            content
            if content is not None
            else shipped_content(self.info.id, self.content_files(options))
        )

    @classmethod
    def content_files(cls, options: dict[str, Any]) -> dict[str, Traversable]:
        """The shipped data files (name: file) a game with these options plays with."""
        return {}

    @classmethod
    def every_content_file(cls) -> dict[str, Traversable]:
        """Every shipped data file of the game, whatever the options (for `content export`)."""
        return {}

    @classmethod
    def content_for(cls, options: dict[str, Any], given: ContentGiven) -> Content:
        """The content a game with these (validated) options plays with: the shipped files,
        or `given` (a path to a file or directory, a `Content`, or parsed files by shipped
        name as a server room's creator uploads them); ContentError if unusable."""
        shipped = cls.content_files(options)
        if given is None:
            return shipped_content(cls.info.id, shipped)
        if isinstance(given, Content):
            if given.game != cls.info.id:
                raise ContentError(f"this content is for {given.game}, not {cls.info.id}")
            if {f.name for f in given.files} != set(shipped):
                raise ContentError(
                    f"this content holds {', '.join(f.name for f in given.files)}, but a "
                    f"{cls.info.id} game with these options uses {', '.join(sorted(shipped))}"
                )
            return given
        if not shipped:
            raise ContentError(f"{cls.info.id} has no content files to replace")
        if isinstance(given, Mapping):
            return uploaded(cls.info.id, shipped, tuple(cls.every_content_file()), given)
        return resolve(cls.info.id, shipped, tuple(cls.every_content_file()), given)

    @classmethod
    def player_range(
        cls, options: dict[str, Any], content: Content | None = None
    ) -> tuple[int, int]:
        """The accepted player counts with these options and content (some maps take fewer
        players; `content` None: the shipped content)."""
        return cls.info.min_players, cls.info.max_players

    @classmethod
    def player_ranges(cls) -> dict[str, dict[Any, tuple[int, int]]]:
        """For each option whose choices change the accepted player counts, the counts each
        choice allows with the other options at their defaults (Ticket to Ride: `map`)."""
        ranges: dict[str, dict[Any, tuple[int, int]]] = {}
        defaults = {spec.name: spec.default for spec in cls.info.options}
        for spec in cls.info.options:
            if not spec.choices:
                continue
            by_choice = {
                choice: cls.player_range({**defaults, spec.name: choice}) for choice in spec.choices
            }
            if len(set(by_choice.values())) > 1:
                ranges[spec.name] = by_choice
        return ranges

    @classmethod
    def _other_choices_for(cls, checked: dict[str, Any], count: object) -> list[str]:
        """The option choices (one changed at a time) with which `count` players may play."""
        if not isinstance(count, int) or isinstance(count, bool):
            return []
        found = []
        for spec in cls.info.options:
            for choice in spec.choices or ():
                if choice == checked.get(spec.name, spec.default):
                    continue
                low, high = cls.player_range({**checked, spec.name: choice})
                if low <= count <= high:
                    shown = str(choice).lower() if isinstance(choice, bool) else choice
                    found.append(f"{spec.name}={shown}")
        return found

    @classmethod
    def configure(
        cls,
        players: int | None = None,
        content: ContentGiven = None,
        **options: Any,
    ) -> Game:
        """Validate the player count, options and content and make the game; OptionError or
        ContentError if bad."""
        return cls.from_options(players, options, content)

    @classmethod
    def from_options(
        cls,
        players: int | str | None,
        options: Mapping[str, Any],
        content: ContentGiven = None,
    ) -> Game:
        """`configure` with the options as a mapping (any names, even `players`, are checked);
        `content`: own content (a path or a `Content`), None for the shipped files."""
        checked = validate_options(cls.info.id, cls.info.options, options)
        chosen = cls.content_for(checked, content)
        low, high = cls.player_range(checked, chosen)
        if players is None:
            players = max(low, min(2, high))
        count = players
        if isinstance(players, str) and players.strip().isdigit():
            count = int(players)
        if not isinstance(count, int) or isinstance(count, bool) or not low <= count <= high:
            with_options = " with these options" if checked else ""
            others = cls._other_choices_for(checked, count)
            who = f"{count} player{'s' * (count != 1)}"
            way = f"; {who} can play with {' or '.join(others)}" if others else ""
            raise OptionError(
                f"{cls.info.id} takes {low} to {high} players{with_options}, not {count!r}{way}"
            )
        return cls(count, checked, chosen)

    @property
    def id(self) -> str:
        """The game id, such as `ticket-to-ride`."""
        return self.info.id

    @abstractmethod
    def new_game(self, seed: int = 0) -> State:
        """A new game; the same seed and the same actions always give the same game."""

    @abstractmethod
    def static_info(self) -> JsonDict:
        """JSON-safe public content a client needs to draw the game (board, card catalogue)."""

    @abstractmethod
    def _state_from_json(self, data: JsonDict, seed: int) -> State:
        """Rebuild a state from the game-specific part of `State.to_json()`."""

    def action_from_json(self, data: Any) -> Action:
        """Rebuild an action from its JSON form; IllegalAction if malformed."""
        return self.codec.from_json(data)

    def parse_action(self, text: str, state: State) -> Action:
        """Read an action in text notation; IllegalAction saying what is accepted if it is not one.

        The default matches the notation of the legal actions, ignoring case and spacing.
        """
        legal = state.legal_actions()
        found = written_as(plain_notation(text), legal)
        if found is not None:
            return found
        examples = first_few([str(a) for a in legal], 6)
        raise IllegalAction(f"{text.strip()!r} is not a legal action now: try {examples}")

    def _history_action(self, data: Any) -> Action:
        """A history entry from JSON: one of the game's actions, or (in a saved
        determinization) another seat's move as the seat saw it."""
        if isinstance(data, dict) and data.get("type") == Concealed.kind:
            return _CONCEALED_CODEC.from_json(data)
        return self.action_from_json(data)

    def load(self, data: JsonDict) -> State:
        """Rebuild a full state from `State.to_json()` output; RecordError if it does not fit."""
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise RecordError(f"not a tabletrip state: expected format {STATE_FORMAT!r}")
        if data.get("game") != self.id or data.get("options") != self.options:
            raise RecordError(
                f"this state is for {data.get('game')!r} with options {data.get('options')}, "
                f"not {self.id!r} with {self.options}"
            )
        if data.get("players") != self.players:
            raise RecordError(f"this state has {data.get('players')} players, not {self.players}")
        content = data.get("content", self.content.hash)
        if content != self.content.hash:
            raise RecordError(
                f"this state was played with content {str(content)[:12]}, not with this game's "
                f"{self.content.describe()}"
            )
        try:
            state = self._state_from_json(data["state"], data["seed"])
            history: History = None
            for seat, action_json in data["history"]:
                history = (history, seat, self._history_action(action_json))
        except (KeyError, TypeError, ValueError, IndexError, IllegalAction) as exc:
            raise RecordError(f"malformed state: {exc!r}") from None
        state._history = history
        return state


class State(ABC):
    """One moment of one game: whose turn, legal actions, apply, result, observations."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self._history: History = None
        self._seen_cache: dict[tuple[int, object], tuple[History, History]] = {}

    # --- what every game implements -------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat that must decide now (an int, never None; after the end, the last mover)."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action for the current player (best candidates first where capped)."""

    @abstractmethod
    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` is not legal now, in one line; None if it is legal."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already checked by `illegal_reason`."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """None until the game is over; then scores, winners and breakdown."""

    @abstractmethod
    def observation(self, seat: int) -> JsonDict:
        """JSON-safe dict of exactly what `seat` may know."""

    @abstractmethod
    def public_observation(self) -> JsonDict:
        """JSON-safe dict of what every seat and a spectator may know."""

    @abstractmethod
    def _state_json(self) -> JsonDict:
        """The game-specific part of `to_json()`: everything, hidden information included."""

    @abstractmethod
    def clone(self) -> State:
        """A cheap, independent copy (copy the history reference with `_copy_base`)."""

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> State:
        """A copy where all that `seat` cannot see is resampled consistently with its view."""

    # --- provided ----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play `action` for the current player; on IllegalAction the state is unchanged."""
        if self.is_over:
            raise IllegalAction("the game is over: no more actions")
        if type(action) not in self.game.codec.types:
            raise IllegalAction(f"{action!r} is not an action of {self.game.id}")
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalAction(reason)
        seat = self.current_player
        self._apply(action)
        self._history = (self._history, seat, action)

    def random_action(self, rng: Rng) -> Action:
        """A uniformly random legal action: exactly `rng.choice(self.legal_actions())`, the
        same draw from `rng` and the same action, which a game may find without listing every
        legal action (random bots and random playouts use it)."""
        return rng.choice(self.legal_actions())

    def apply_legal(self, action: Action) -> None:
        """Play `action`, taken from this very state's `legal_actions()` or `random_action`,
        without checking it again: the fast path of bots and searches that play the engine's
        own moves. Anything else (a person's move, a record's, a move chosen on another copy)
        goes through `apply`, which checks it."""
        seat = self.current_player
        self._apply(action)
        self._history = (self._history, seat, action)

    def public_move(self, action: Action) -> str:
        """How a move is shown now to the seats that did not make it (default `action.public()`).

        A game overrides this where even the public form must wait (Ticket to Ride hides how
        many setup tickets a seat kept until every seat has chosen).
        """
        return action.public()

    def move_disclosure(self, action: Action, after: State) -> str | None:
        """What `action`, played here and giving `after`, surely showed, where the game knows:
        OPEN_MOVE (every seat and spectator can tell which move it was, and it drew, rolled
        and showed nothing hidden: it may be taken back), DRAWING_MOVE (everyone can tell which
        move it was, and it drew a card or rolled a die: it stands, even where what it drew
        could be worked out), PRIVATE_MOVE (a choice among cards only the mover sees, such as
        the tickets it keeps: it drew, rolled and showed nothing hidden, so it may be taken
        back, but who can tell which move it was is left to the front end) or None, not known
        (the default): a front end then checks on observations (the server's log and undo).
        """
        return None

    def seen_move(self, action: Action) -> Action:
        """Another seat's earlier `action` as the other seats know it now: the action itself
        where its public form is its notation, else a `Concealed` holding only that form."""
        seen = self.public_move(action)
        return action if seen == str(action) else Concealed(action.kind, seen)

    def seen_epoch(self) -> object:
        """A value that changes whenever `public_move` may answer otherwise for an earlier
        move (Ticket to Ride: when the setup ticket choice ends); `seen_history` keys on it."""
        return None

    def seen_history(self, seat: int) -> History:
        """The history as `seat` knows it: its own moves, and every other seat's move as
        `seen_move` shows it. Determinized copies carry this one, never the true history.

        Kept per seat in a memo that clones share (each entry is true of any state with that
        history), so a repeated determinization costs only the moves played since the last.
        """
        epoch = self.seen_epoch()
        key = (seat, epoch)
        cache = self._seen_cache
        hit = cache.get(key)
        node = self._history
        if hit is not None and hit[0] is node:
            return hit[1]
        known_true, known_seen = hit if hit is not None else (None, None)
        pending: list[tuple[int, Action]] = []
        while node is not None and node is not known_true:
            node, actor, action = node
            pending.append((actor, action))
        seen: History = known_seen if node is not None else None
        # An earlier move's seen form depends only on the move and the epoch (`seen_epoch`),
        # so the game keeps it for every state and seat (a bounded memo: it is rebuilt): ()
        # for a move seen as played (the move itself is kept), else (its Concealed form,).
        forms = self.game._seen_forms
        for actor, action in reversed(pending):
            if actor != seat:
                form_key = (action, epoch)
                shown = forms.get(form_key)
                if shown is None:
                    if len(forms) >= SEEN_FORMS_KEPT:
                        forms.clear()
                    form = self.seen_move(action)
                    shown = forms[form_key] = () if form is action else (form,)
                if shown:
                    action = shown[0]
            seen = (seen, actor, action)
        cache[key] = (self._history, seen)
        return seen

    def _copy_base(self, other: State) -> None:
        """Give `other` (a fresh copy) this state's game, seed and history (and the memo of
        `seen_history`, which any state with this history may share)."""
        other.game = self.game
        other.seed = self.seed
        other._history = self._history
        other._seen_cache = self._seen_cache

    def _conceal_history(self, copy: State, seat: int) -> None:
        """Give `copy`, a determinization of this state for `seat`, the history `seat` knows
        (and a memo of its own: its history is no longer this state's)."""
        copy._history = self.seen_history(seat)
        copy._seen_cache = {}

    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every (seat, action) played so far, oldest first."""
        return list(iter_history(self._history))

    def recent_history(self, count: int) -> list[tuple[int, Action]]:
        """The last `count` (seat, action) pairs, oldest first (cheap: walks only those)."""
        items: list[tuple[int, Action]] = []
        node = self._history
        while node is not None and len(items) < count:
            node, seat, action = node
            items.append((seat, action))
        items.reverse()
        return items

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.game.players

    @property
    def turn_order(self) -> tuple[int, ...]:
        """The seats in the order they first move in the game: the first player, then
        clockwise (seat + 1, ...) as the rulebooks pass play.

        Simultaneous phases (En Route drawing, Let's Go! card play) are played seat by seat,
        but turn order is the game's first player and onwards, the rotation the rulebook
        gives, not simply who is asked first. The default takes the first player from the
        history (the seat of the first move; before any move, the seat to decide now); games
        where the first player is drawn or rolled (Europe Express, Route East) override it.
        """
        node = self._history
        first = self.current_player if node is None else -1
        while node is not None:
            node, first, _ = node
        players = self.game.players
        return tuple((first + i) % players for i in range(players))

    def _summary_json(self) -> JsonDict:
        """Extra top-level keys of `to_json()` that summarise the state (derived, not loaded)."""
        return {}

    def to_json(self) -> JsonDict:
        """The full state, hidden information included (not for clients: use `observation`)."""
        return {
            **self._summary_json(),
            "format": STATE_FORMAT,
            "game": self.game.id,
            "options": dict(self.game.options),
            "players": self.game.players,
            "content": self.game.content.hash,
            "seed": self.seed,
            "history": [[seat, action.to_json()] for seat, action in iter_history(self._history)],
            "state": self._state_json(),
        }

    @property
    def record(self) -> Record:
        """The game record so far (replayable with `tabletrip.replay`)."""
        from tabletrip.core.records import Record

        result = self.result
        return Record(
            game=self.game.id,
            options=dict(self.game.options),
            seed=self.seed,
            players=self.game.players,
            actions=tuple((seat, a.to_json()) for seat, a in iter_history(self._history)),
            result=None if result is None else result.to_json(),
            content=self.game.content.hash,
        )
