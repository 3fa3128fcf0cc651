"""The REST bodies as pydantic models: they validate requests and document the OpenAPI schema."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tabletrip.server.names import check_name

SEED_MAX = 2**63 - 1
NAME_MAX = 40
MAX_CONTENT_FILES = 8  # more than any game's data files


class Strict(BaseModel):
    """Request bodies refuse fields they do not know; their numbers must be JSON numbers
    (`strict=True` fields: "2" is not 2)."""

    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    """A seat at creation: `{"kind": "human"}` or `{"kind": "bot", "bot": "medium"}`."""

    kind: Literal["human", "bot"]
    bot: str | None = Field(
        default=None,
        max_length=200,
        description="For a bot seat: a level (easy, medium, hard), random, heuristic, or a "
        "search within the server's caps such as `ismcts:seconds=0.5` (seconds above 0 and at "
        "most 3 by default, iterations at most 5000; a level takes no parameters).",
    )

    @model_validator(mode="after")
    def _bot_only_for_bots(self) -> SeatSpec:
        if self.kind == "bot" and not self.bot:
            raise ValueError("a bot seat names its bot, e.g. {'kind': 'bot', 'bot': 'medium'}")
        if self.kind == "human" and self.bot is not None:
            raise ValueError("a human seat has no bot")
        return self


class CreateRoom(Strict):
    """A new room: the game, its player count and options, one seat spec per player."""

    game: str = Field(max_length=100, examples=["ticket-to-ride"])
    players: int = Field(ge=1, le=16, strict=True)
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="The game's options (GET /api/games lists them) as JSON values: true or "
        'false for a yes/no option, a number for a number (not the text "yes" or "2").',
    )
    seats: list[SeatSpec] = Field(min_length=1, max_length=16, strict=True)
    seed: int | None = Field(
        default=None,
        ge=0,
        le=SEED_MAX,
        strict=True,
        description="Only for a room whose every seat is a bot (unless the server runs with "
        "--chosen-seeds): a creator who chose the seed could compute every deal. Left out, "
        "the server draws it; it is published with the record when the game is over.",
    )
    content: dict[str, Any] | None = Field(
        default=None,
        max_length=MAX_CONTENT_FILES,
        description="Own content: data files by their shipped names (`GET /api/games` and "
        "`tabletrip content export` give them), each the parsed JSON of the file, such as "
        '{"board.json": {...}}; files left out are the shipped ones. Checked as the game '
        "checks its files (one line naming the file and entry if not), within the size limit "
        "of a room with content.",
    )


class JoinRoom(Strict):
    """Joining a seat: the name the others see (optional)."""

    name: str | None = Field(
        default=None,
        max_length=NAME_MAX,
        description="Plain text (no control or format characters), trimmed; empty: no name. "
        "It may not read like a seat's label (`seat 2`, `bot easy`) or be another seat's.",
    )

    @field_validator("name", mode="before")
    @classmethod
    def _plain_name(cls, value: Any) -> Any:
        # Before the length check, so that a name is measured trimmed.
        return check_name(value) if isinstance(value, str) else value


class PlayAction(Strict):
    """A move: the version the client decided at, and the action (notation or JSON)."""

    version: int = Field(ge=0, strict=True)
    action: str | dict[str, Any] = Field(
        description="The notation of a legal action (`blind`) or its JSON form "
        '(`{"type": "blind"}`), as the view\'s `legal_actions` give them.'
    )


class Undo(Strict):
    """Taking back one's last move: the version the client saw."""

    version: int = Field(ge=0, strict=True)


class ErrorBody(BaseModel):
    """Every refusal: one line saying what is wrong."""

    detail: str


class SeatInfo(BaseModel):
    """A seat as anyone may see it (never its token)."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str | None
    taken: bool


class RoomSummary(BaseModel):
    """A room as a list shows it."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Literal["open", "playing", "finished"]
    created: str
    version: int
    current_player: int | None
    seats: list[SeatInfo]
    labels: list[str] = Field(
        description="How each seat is named: a name, `seat k`, `bot <level>`."
    )
    content: str | None = Field(
        default=None,
        description="The hash of the room's own content (its files: GET "
        "/api/rooms/{id}/content); null: the content tabletrip ships.",
    )


class RoomPage(BaseModel):
    """One page of the room list, newest first."""

    rooms: list[RoomSummary]
    next: str | None = Field(
        description="Pass it as `cursor` to get the next page; null: this is the last page."
    )
    limit: int = Field(description="The most rooms a page of this request holds.")


class LegalAction(BaseModel):
    """One legal action, as notation and as JSON (send either back)."""

    text: str
    json_: dict[str, Any] = Field(alias="json")
    targets: list[str] = Field(
        description="The `data-target` keys of the board elements the action is about."
    )
    words: str = Field(
        "",
        description="The move in the game's own words, as a player chooses it (empty if the "
        "game has none); `text` stays what a person types.",
    )

    model_config = ConfigDict(populate_by_name=True)


class LogLine(BaseModel):
    """A move as the viewer may read it."""

    seat: int
    text: str
    words: str = Field(
        "", description="The move in the game's own words (empty if the game has none)."
    )


class View(RoomSummary):
    """What one seat (or a spectator, seat null) may see of a room now."""

    seat: int | None
    observation: dict[str, Any]
    document: dict[str, Any] | None = Field(
        description="What the viewer sees in the game's own words: sections of typed blocks "
        "(tabletrip.core.presentation); null if the game has no presentation."
    )
    legal_actions: list[LegalAction]
    log: list[LogLine]
    result: dict[str, Any] | None
    score_rows: list[list[dict[str, Any]]] | None = Field(
        None,
        description="Once over: each seat's score as rows of label, points and detail, in the "
        "game's words (null while playing, or if the game has none).",
    )
    outcome: str | None = Field(
        None, description="Once over: one sentence on how the game ended, in the game's words."
    )
    can_undo: bool
    help: str = Field(
        description="For the seat to move: the rules of its decision, in short (else empty)."
    )
    private_keys: list[str] = Field(
        description="The observation's keys only this seat sees (its hand, tickets, ...)."
    )


class Board(BaseModel):
    """The board as one viewer sees it, as SVG (null: the game draws none)."""

    version: int
    seat: int | None
    svg: str | None


class HintCandidate(BaseModel):
    """One move the hard bot advises, with what its search found."""

    text: str
    json_: dict[str, Any] = Field(alias="json")
    said: str = Field(
        "", description="The move in the game's words, as the list of legal moves says it."
    )
    share: float = Field(description="The share of the playouts that tried this move.")
    win_rate: float | None = Field(description="How often you won in those playouts.")
    expected_score: float | None = Field(description="Your mean final score in those playouts.")
    why: str = Field(
        "",
        description="Why it ranks there, in a sentence: its share of the search and how the "
        "playouts through it went (Route East: reaching Shanghai, not a score).",
    )
    words: str = Field(
        description="All of it in a sentence, the move in the game's words (`text` is its "
        "notation)."
    )

    model_config = ConfigDict(populate_by_name=True)


class Hint(BaseModel):
    """The hard bot's best moves for the seat to move, best first."""

    version: int
    seat: int
    bot: str
    iterations: int
    seconds: float
    candidates: list[HintCandidate]


class Replay(BaseModel):
    """A finished game at one step, as a spectator or one seat saw it, with its board."""

    id: str
    game: str
    players: int
    labels: list[str]
    step: int
    steps: int
    seat: int | None
    current_player: int | None
    move: LogLine | None
    log: list[LogLine]
    observation: dict[str, Any]
    document: dict[str, Any] | None = Field(
        description="What the viewer saw in the game's own words (null: the game has none)."
    )
    help: str
    result: dict[str, Any] | None
    score_rows: list[list[dict[str, Any]]] | None = Field(
        None,
        description="Once over: each seat's score as rows of label, points and detail, in the "
        "game's words (null while playing, or if the game has none).",
    )
    outcome: str | None = Field(
        None, description="Once over: one sentence on how the game ended, in the game's words."
    )
    board: str | None


class Joined(BaseModel):
    """The seat joined and its secret token (shown this once)."""

    seat: int
    token: str


class GameEntry(BaseModel):
    """A game the server plays, with its options and the bots it offers."""

    id: str
    title: str
    players: list[int]
    options: list[dict[str, Any]] = Field(
        description="Each option: name, default, help, accepted, choices, and `solo_only` "
        "(it applies to a game of one player only)."
    )
    player_ranges: dict[str, dict[str, list[int]]] = Field(
        default_factory=dict,
        description="For each option whose values allow other player counts (the other "
        'options at their defaults): the counts of each value, e.g. `{"mode": {"solo": [1, 1], '
        '"team": [4, 4]}}`; `players` holds for every other option.',
    )
    summary: str
    bots: list[str]
    default_bot: str = Field("medium", description="The bot a lobby offers by default.")


class Games(BaseModel):
    """The games, and the bot levels every game has."""

    games: list[GameEntry]
    levels: list[str]
