"""Route East content: the board and the card decks in `data/`, validated once into plain data.

`data/board.json` holds the countries, spaces, roads, the Caspian Sea crossing and the 32
Attraction cards; `data/cards.json` the Ignition, Border and Action decks, the Bank cards and
the setup amounts. Card effects are data: a few effect kinds (`EFFECT_KINDS`) that the rules
interpret, never one function per card. Both files are original content (see their headers).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Literal

from pydantic import (
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from tabletrip.core import ContentError
from tabletrip.core.content import ABLATED, Content, ContentFile, Spec, validate_file
from tabletrip.core.content_set import read_json

COUNTRIES = (
    "turkey",
    "georgia",
    "armenia",
    "azerbaijan",
    "iran",
    "iraq",
    "syria",
    "turkmenistan",
    "uzbekistan",
    "kazakhstan",
    "kyrgyzstan",
    "tajikistan",
    "afghanistan",
    "mongolia",
    "russia",
    "china",
)
SPACE_KINDS = (
    "plain",
    "hostel",
    "hotel",
    "border",
    "embassy",
    "atm",
    "fuel",
    "attraction",
    "start",
    "finish",
    "boat",
)
PLAIN, HOSTEL, HOTEL, BORDER, EMBASSY, ATM, FUEL, ATTRACTION, START, FINISH, BOAT = range(11)
ROAD_KINDS = ("normal", "dirt", "toll")
NORMAL, DIRT, TOLL = range(3)
MOVES_PER_TURN = 3
LODGING = {HOSTEL: 25, HOTEL: 50}  # a night at a Border, the start line or a boat is free

# What each deck's effects may do (see RULES_NOTES.md for how each kind is played).
IGNITION_KINDS = frozenset(
    {
        "nothing",  # a plain day
        "moves",  # this turn has `amount` more (or fewer) moves
        "pay",  # pay `amount` to the bank now
        "collect",  # take `amount` from the bank
        "fuel",  # take (or, if negative, return) Fuel Tokens
        "draw_action",  # take `amount` Action cards free
        "embassy",  # go to the Embassy of the country you are in; the turn is over
        "steal_money",  # take `amount` from a player you choose
        "steal_fuel",  # take a Fuel Token from a player you choose
    }
)
BORDER_KINDS = frozenset(
    {
        "nothing",  # an ordinary crossing: a Fuel Token
        "fee",  # crossing costs `amount` as well
        "no_fuel_needed",  # waved through: crossing takes no Fuel Token
        "closed",  # nobody crosses today
        "moves",  # `amount` more or fewer moves this turn, if you cross
    }
)
ACTION_KINDS = frozenset(
    {
        "tent",  # sleep at an attraction
        "border_pass",  # cross a Border without a Fuel Token
        "freight_train",  # first move: ride up to `amount` spaces; ends the turn
        "magic_roll",  # choose the number of one dirt-road roll
        "hell_no",  # cancel a card played against you (or a Hell no!)
        "steal_money",
        "steal_fuel",
        "send_embassy",  # send a player to the Embassy of the country they are in
        "moves",
        "fuel",
        "collect",
    }
)
BONUS_KINDS = frozenset({"collect", "fuel", "moves", "draw_action"})
EFFECT_KINDS = IGNITION_KINDS | BORDER_KINDS | ACTION_KINDS | BONUS_KINDS
TARGETED = frozenset({"steal_money", "steal_fuel", "send_embassy"})
DENOMINATIONS = (25, 50, 100)


# --- file schemas ---------------------------------------------------------------------------


class EffectSpec(Spec):
    """One effect of a card: a kind the rules know and, where it needs one, an amount."""

    kind: str
    amount: int = 0

    @model_validator(mode="after")
    def _known(self) -> EffectSpec:
        if self.kind not in EFFECT_KINDS:
            raise ValueError(f"unknown effect kind {self.kind!r}: kinds are {sorted(EFFECT_KINDS)}")
        needs_amount = self.kind in {
            "moves",
            "pay",
            "collect",
            "fuel",
            "draw_action",
            "steal_money",
            "fee",
            "freight_train",
        }
        if needs_amount and self.amount == 0:
            raise ValueError(f"effect {self.kind!r} needs a non-zero amount")
        if self.kind in {"pay", "collect", "steal_money", "fee"} and self.amount % 25:
            raise ValueError(f"effect {self.kind!r}: money comes in $25 steps, not {self.amount}")
        return self


class CountrySpec(Spec):
    """A featured country."""

    id: str
    name: str


class SpaceSpec(Spec):
    """A board space: its kind and country (a Border has two), with real coordinates."""

    id: str = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = ""
    kind: str
    country: str | None = None
    countries: tuple[str, str] | None = None
    lon: float = Field(ge=20, le=135)
    lat: float = Field(ge=20, le=60)

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in SPACE_KINDS:
            raise ValueError(f"unknown space kind {kind!r}: kinds are {', '.join(SPACE_KINDS)}")
        return kind


class RoadSpec(Spec):
    """A road between two spaces: normal, dirt (roll even) or toll ($25); maybe No Trains."""

    a: str
    b: str
    kind: Literal["normal", "dirt", "toll"] = "normal"
    no_trains: bool = False


class SeaSpec(Spec):
    """The Caspian Sea crossing: the boat and the two port Borders it sails between."""

    boat: str
    ports: tuple[str, str]


class AttractionSpec(Spec):
    """An Attraction card: a real place on its own space, with a bonus."""

    name: str
    country: str
    space: str
    bonus: EffectSpec


class BoardSpec(Spec):
    """The whole board file."""

    header: str
    countries: list[CountrySpec]
    spaces: list[SpaceSpec]
    roads: list[RoadSpec]
    sea: SeaSpec
    attractions: list[AttractionSpec] = Field(min_length=1, max_length=32)

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> BoardSpec:
        from tabletrip.games.route_east.content_checks import check_board

        check_board(self, _ablated(info))
        return self


class CardSpec(Spec):
    """A kind of Ignition or Border card: its text, how many are in the deck, its effects."""

    name: str
    text: str
    count: int = Field(ge=1)
    effects: list[EffectSpec] = Field(min_length=1)


class ActionCardSpec(Spec):
    """A kind of Action card: one effect, played when its kind allows."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    text: str
    count: int = Field(ge=1)
    effect: EffectSpec


class CardsSpec(Spec):
    """The decks file: Ignition (70), Border (35), Action (70), Bank (100), setup amounts."""

    header: str
    ignition: list[CardSpec]
    border: list[CardSpec]
    action: list[ActionCardSpec]
    bank: dict[int, int]
    player_money: dict[int, int]
    bank_keeps: dict[int, int]
    fuel_tokens: int
    dirt_hint: str = ""

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> CardsSpec:
        from tabletrip.games.route_east.content_checks import check_cards

        check_cards(self, _ablated(info))
        return self


def _ablated(info: ValidationInfo) -> bool:
    """Whether the content had an entry removed on purpose (counts may fall short)."""
    return bool(info.context and info.context.get(ABLATED))


# --- the plain, index-based form the rules use ----------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """One card effect: a kind from `EFFECT_KINDS` and an amount."""

    kind: str
    amount: int = 0

    def describe(self) -> str:
        """Short words for logs: `+1 move`, `pay $25`."""
        return describe_effect(self)


@dataclass(frozen=True, slots=True)
class Card:
    """An Ignition or Border card kind (the deck holds its index `count` times)."""

    name: str
    text: str
    count: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ActionCard:
    """An Action card kind (hands count cards by kind index)."""

    id: str
    name: str
    text: str
    count: int
    effect: Effect


@dataclass(frozen=True, slots=True)
class Attraction:
    """An Attraction card in index form."""

    id: int
    name: str
    country: int
    space: int
    bonus: Effect


@dataclass(frozen=True)
class Board:
    """The board in index form, with the tables the rules need precomputed."""

    header: str
    countries: tuple[str, ...]  # ids, in COUNTRIES order
    country_names: tuple[str, ...]
    space_ids: tuple[str, ...]
    space_names: tuple[str, ...]
    kinds: tuple[int, ...]
    country: tuple[int, ...]  # the space's country; for a Border its first; -1 for the boat
    border_countries: tuple[tuple[int, int] | None, ...]
    lonlat: tuple[tuple[float, float], ...]
    roads: tuple[tuple[int, int, int, bool], ...]  # (a, b, kind, no_trains)
    # steps[(space, country)]: the (next space, road kind, no_trains) a piece in `country` may take
    steps: dict[tuple[int, int], tuple[tuple[int, int, bool], ...]]
    rest: tuple[bool, ...]  # a Hostel, Hotel, Border or the start line: a night is allowed
    lodging: tuple[int, ...]  # the price of a night there
    to_rest: tuple[int, ...]  # fewest moves to a place to spend the night
    to_rest_or_attraction: tuple[int, ...]  # the same when an attraction will do (a Tent)
    embassy: tuple[int, ...]  # per country
    start: int
    finish: int
    boat: int
    ports: tuple[int, int]
    attractions: tuple[Attraction, ...]
    attraction_at: dict[int, int]  # space -> attraction id
    index: dict[str, int]  # space id -> index

    def space_label(self, space: int) -> str:
        """`id (Name)` or just the id."""
        name = self.space_names[space]
        return f"{self.space_ids[space]} ({name})" if name else self.space_ids[space]

    def other_port(self, port: int) -> int:
        """The port across the Caspian Sea from `port`."""
        a, b = self.ports
        return b if port == a else a


def _distances(steps_of: list[list[int]], sources: list[int]) -> tuple[int, ...]:
    """Fewest moves from each space to any source (multi-source BFS; large where unreachable)."""
    far = 1 << 20
    dist = [far] * len(steps_of)
    queue = deque(sources)
    for s in sources:
        dist[s] = 0
    while queue:
        here = queue.popleft()
        for there in steps_of[here]:
            if dist[there] == far:
                dist[there] = dist[here] + 1
                queue.append(there)
    return tuple(dist)


def board_from_spec(spec: BoardSpec) -> Board:
    """Turn a validated board file into a Board."""
    country_index = {c: i for i, c in enumerate(COUNTRIES)}
    names = {c.id: c.name for c in spec.countries}
    index = {s.id: i for i, s in enumerate(spec.spaces)}
    kinds = tuple(SPACE_KINDS.index(s.kind) for s in spec.spaces)
    country = tuple(
        country_index[s.country]
        if s.country
        else (country_index[s.countries[0]] if s.countries else -1)
        for s in spec.spaces
    )
    border_countries = tuple(
        (country_index[s.countries[0]], country_index[s.countries[1]]) if s.countries else None
        for s in spec.spaces
    )
    roads = tuple(
        (index[r.a], index[r.b], ROAD_KINDS.index(r.kind), r.no_trains) for r in spec.roads
    )
    steps: dict[tuple[int, int], list[tuple[int, int, bool]]] = {}
    for a, b, kind, no_trains in roads:
        for here, there in ((a, b), (b, a)):
            # a piece on a Border may only step into the country it is in
            where = country[there] if kinds[here] == BORDER else country[here]
            steps.setdefault((here, where), []).append((there, kind, no_trains))
    frozen_steps = {key: tuple(sorted(value)) for key, value in steps.items()}
    undirected: list[list[int]] = [[] for _ in spec.spaces]
    for a, b, _, _ in roads:
        undirected[a].append(b)
        undirected[b].append(a)
    rest = tuple(k in (HOSTEL, HOTEL, BORDER, START) for k in kinds)
    to_rest = _distances(undirected, [s for s, ok in enumerate(rest) if ok])
    to_rest_tent = _distances(
        undirected, [s for s, ok in enumerate(rest) if ok or kinds[s] == ATTRACTION]
    )
    embassy = [0] * len(COUNTRIES)
    for s, kind in enumerate(kinds):
        if kind == EMBASSY:
            embassy[country[s]] = s
    attractions = tuple(
        Attraction(
            i,
            a.name,
            country_index[a.country],
            index[a.space],
            Effect(a.bonus.kind, a.bonus.amount),
        )
        for i, a in enumerate(spec.attractions)
    )
    return Board(
        header=spec.header,
        countries=COUNTRIES,
        country_names=tuple(names[c] for c in COUNTRIES),
        space_ids=tuple(s.id for s in spec.spaces),
        space_names=tuple(s.name for s in spec.spaces),
        kinds=kinds,
        country=country,
        border_countries=border_countries,
        lonlat=tuple((s.lon, s.lat) for s in spec.spaces),
        roads=roads,
        steps=frozen_steps,
        rest=rest,
        lodging=tuple(LODGING.get(k, 0) for k in kinds),
        to_rest=to_rest,
        to_rest_or_attraction=to_rest_tent,
        embassy=tuple(embassy),
        start=kinds.index(START),
        finish=kinds.index(FINISH),
        boat=kinds.index(BOAT),
        ports=(index[spec.sea.ports[0]], index[spec.sea.ports[1]]),
        attractions=attractions,
        attraction_at={a.space: a.id for a in attractions},
        index=index,
    )


@dataclass(frozen=True)
class Decks:
    """The card catalogue and setup numbers in index form."""

    header: str
    ignition: tuple[Card, ...]
    border: tuple[Card, ...]
    action: tuple[ActionCard, ...]
    action_index: dict[str, int]
    action_of_kind: dict[str, int]  # effect kind -> the first Action card kind with it
    bank: dict[int, int]
    player_money: dict[int, int]
    bank_keeps: dict[int, int]
    fuel_tokens: int

    def deck(self, cards: Sequence[Card | ActionCard]) -> list[int]:
        """A deck in kind indices, each kind repeated `count` times."""
        return [i for i, card in enumerate(cards) for _ in range(card.count)]


def decks_from_spec(spec: CardsSpec) -> Decks:
    """Turn a validated cards file into Decks."""

    def cards(specs: list[CardSpec]) -> tuple[Card, ...]:
        return tuple(
            Card(c.name, c.text, c.count, tuple(Effect(e.kind, e.amount) for e in c.effects))
            for c in specs
        )

    action = tuple(
        ActionCard(a.id, a.name, a.text, a.count, Effect(a.effect.kind, a.effect.amount))
        for a in spec.action
    )
    of_kind: dict[str, int] = {}
    for i, card in enumerate(action):
        of_kind.setdefault(card.effect.kind, i)
    return Decks(
        header=spec.header,
        ignition=cards(spec.ignition),
        border=cards(spec.border),
        action=action,
        action_index={card.id: i for i, card in enumerate(action)},
        action_of_kind=of_kind,
        bank=dict(spec.bank),
        player_money=dict(spec.player_money),
        bank_keeps=dict(spec.bank_keeps),
        fuel_tokens=spec.fuel_tokens,
    )


@lru_cache(maxsize=1024)  # a few dozen effects, described in every observation
def describe_effect(effect: Effect) -> str:
    """Short words for an effect, for logs and card lists."""
    kind, n = effect.kind, effect.amount
    plural = "s" if abs(n) != 1 else ""
    return {
        "nothing": "no effect",
        "moves": f"{n:+d} move{plural}",
        "pay": f"pay ${n}",
        "collect": f"collect ${n}",
        "fuel": f"{n:+d} Fuel Token{plural}",
        "draw_action": f"take {n} Action card{plural}",
        "embassy": "go to the Embassy",
        "steal_money": f"steal ${n} from a player",
        "steal_fuel": "steal a Fuel Token from a player",
        "send_embassy": "send a player to an Embassy",
        "fee": f"crossing fee ${n}",
        "no_fuel_needed": "no Fuel Token needed",
        "closed": "border closed",
        "tent": "sleep at an attraction",
        "border_pass": "cross without a Fuel Token",
        "freight_train": f"ride up to {n} spaces",
        "magic_roll": "choose a dirt-road roll",
        "hell_no": "cancel a card played against you",
    }[kind]


def check_turn_reachability(board: Board) -> list[str]:
    """Problems that would make the board unplayable; empty when every place can be visited.

    A turn runs from one place to spend the night to another in at most three moves within one
    country; a Border is crossed between turns. Every attraction must be visitable this way
    from the start line, and Shanghai reachable.
    """
    kinds = board.kinds
    countries = len(board.countries)

    def positions_from(space: int, country: int) -> list[int]:
        return [there for there, _, _ in board.steps.get((space, country), ())]

    # Search over (space, country) pairs reachable by whole turns.
    start = (board.start, board.country[board.start])
    seen = {start}
    queue = deque([start])
    visited_spaces = {board.start}
    while queue:
        space, country = queue.popleft()
        frontier = [(space, 0)]
        paths_seen = {space: 0}
        while frontier:
            here, used = frontier.pop()
            visited_spaces.add(here)
            if used == MOVES_PER_TURN:
                continue
            for there in positions_from(here, country):
                if paths_seen.get(there, 99) <= used + 1:
                    continue
                if MOVES_PER_TURN - used - 1 < board.to_rest[there] and there != board.finish:
                    continue  # arriving in Shanghai ends the race: no bed needed after it
                paths_seen[there] = used + 1
                frontier.append((there, used + 1))
        for there in paths_seen:
            if not board.rest[there]:
                continue
            nexts = [(there, country)]
            pair = board.border_countries[there]
            if pair is not None:
                other = pair[1] if pair[0] == country else pair[0]
                if there in board.ports:
                    nexts.append((board.other_port(there), other))
                else:
                    nexts.append((there, other))
            for item in nexts:
                if item not in seen:
                    seen.add(item)
                    queue.append(item)
    problems = []
    for attraction in board.attractions:
        if attraction.space not in visited_spaces:
            problems.append(f"attraction {attraction.name} cannot be visited in a 3-move turn")
    if board.finish not in visited_spaces:
        problems.append("Shanghai cannot be reached from the start line")
    entered = {country for _, country in seen}
    for c in range(countries):
        if c not in entered:
            problems.append(f"{board.country_names[c]} cannot be entered")
    unreached = [
        board.space_ids[s]
        for s in range(len(kinds))
        if s not in visited_spaces and kinds[s] != BOAT
    ]
    if unreached:
        problems.append(f"spaces no turn can reach: {', '.join(unreached[:8])}")
    return problems


BOARD_FILE = "board.json"
CARDS_FILE = "cards.json"
CONTENT_FILES = (BOARD_FILE, CARDS_FILE)


def shipped_file(name: str) -> Traversable:
    """The shipped data file `name` (`board.json` or `cards.json`)."""
    return files("tabletrip.games.route_east") / "data" / name


@lru_cache(maxsize=32)
def board_from_file(file: ContentFile, ablated: bool = False) -> Board:
    """The Board of a board file of a content set (validated once per file version)."""
    board = board_from_spec(validate_file(file, BoardSpec, ablated=ablated))
    problems = check_turn_reachability(board)
    if problems:
        raise ContentError(f"content file {file.source!r}: {problems[0]}")
    return board


@lru_cache(maxsize=32)
def decks_from_file(file: ContentFile, ablated: bool = False) -> Decks:
    """The Decks of a cards file of a content set (validated once per file version)."""
    return decks_from_spec(validate_file(file, CardsSpec, ablated=ablated))


def board_of(content: Content) -> Board:
    """The Board a game with this content plays on."""
    return board_from_file(content.file(BOARD_FILE), bool(content.removed))


def decks_of(content: Content) -> Decks:
    """The card catalogue and setup numbers a game with this content plays with."""
    return decks_from_file(content.file(CARDS_FILE), bool(content.removed))


def _file(name: str, path: str | None) -> ContentFile:
    source = shipped_file(name) if path is None else Path(path)
    return ContentFile.of(name, str(source), read_json(source), builtin=path is None)


@cache
def load_board(path: str | None = None) -> Board:
    """The built-in board, or a user's board file at `path` (validated, cached)."""
    return board_from_file(_file(BOARD_FILE, path))


@cache
def load_decks(path: str | None = None) -> Decks:
    """The built-in decks, or a user's cards file at `path` (validated, cached)."""
    return decks_from_file(_file(CARDS_FILE, path))
