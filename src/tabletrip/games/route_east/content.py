"""Route East content: the board and the card decks in `data/`, validated once into plain data.

`data/board.json` holds the countries, spaces, roads, the Caspian Sea crossing and the 32
Attraction cards; `data/cards.json` the Ignition, Border and Action decks, the Bank cards and
the setup amounts. Card effects are data: a few effect kinds (`EFFECT_KINDS`) that the rules
interpret, never one function per card. Both files are original content (see their headers).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tabletrip.core import ContentError, load_content

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


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EffectSpec(_Strict):
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


class CountrySpec(_Strict):
    """A featured country."""

    id: str
    name: str


class SpaceSpec(_Strict):
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


class RoadSpec(_Strict):
    """A road between two spaces: normal, dirt (roll even) or toll ($25); maybe No Trains."""

    a: str
    b: str
    kind: Literal["normal", "dirt", "toll"] = "normal"
    no_trains: bool = False


class SeaSpec(_Strict):
    """The Caspian Sea crossing: the boat and the two port Borders it sails between."""

    boat: str
    ports: tuple[str, str]


class AttractionSpec(_Strict):
    """An Attraction card: a real place on its own space, with a bonus."""

    name: str
    country: str
    space: str
    bonus: EffectSpec


class BoardSpec(_Strict):
    """The whole board file."""

    header: str
    countries: list[CountrySpec]
    spaces: list[SpaceSpec]
    roads: list[RoadSpec]
    sea: SeaSpec
    attractions: list[AttractionSpec] = Field(min_length=32, max_length=32)

    @model_validator(mode="after")
    def _consistent(self) -> BoardSpec:
        _check_board(self)
        return self


class CardSpec(_Strict):
    """A kind of Ignition or Border card: its text, how many are in the deck, its effects."""

    name: str
    text: str
    count: int = Field(ge=1)
    effects: list[EffectSpec] = Field(min_length=1)


class ActionCardSpec(_Strict):
    """A kind of Action card: one effect, played when its kind allows."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    text: str
    count: int = Field(ge=1)
    effect: EffectSpec


class CardsSpec(_Strict):
    """The decks file: Ignition (70), Border (35), Action (70), Bank (100), setup amounts."""

    header: str
    ignition: list[CardSpec]
    border: list[CardSpec]
    action: list[ActionCardSpec]
    bank: dict[int, int]
    player_money: dict[int, int]
    bank_keeps: dict[int, int]
    fuel_tokens: int = Field(ge=5)
    dirt_hint: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> CardsSpec:
        _check_cards(self)
        return self


def _check_deck(name: str, cards: list[CardSpec], size: int, kinds: frozenset[str]) -> None:
    total = sum(card.count for card in cards)
    if total != size:
        raise ValueError(f"the {name} deck must hold {size} cards, not {total}")
    for i, card in enumerate(cards):
        for effect in card.effects:
            if effect.kind not in kinds:
                raise ValueError(
                    f"{name}.{i} ({card.name}): {effect.kind!r} is not a {name} effect"
                )
        if sum(e.kind in TARGETED for e in card.effects) > 1:
            raise ValueError(f"{name}.{i} ({card.name}): at most one effect aimed at a player")
        if any(e.kind in TARGETED for e in card.effects[:-1]):
            raise ValueError(f"{name}.{i} ({card.name}): an effect aimed at a player comes last")


def _check_cards(spec: CardsSpec) -> None:
    _check_deck("ignition", spec.ignition, 70, IGNITION_KINDS)
    _check_deck("border", spec.border, 35, BORDER_KINDS)
    total = sum(card.count for card in spec.action)
    if total != 70:
        raise ValueError(f"the action deck must hold 70 cards, not {total}")
    ids = [card.id for card in spec.action]
    if len(set(ids)) != len(ids):
        raise ValueError("action card ids must be unique")
    kinds = {card.effect.kind for card in spec.action}
    for i, card in enumerate(spec.action):
        if card.effect.kind not in ACTION_KINDS:
            raise ValueError(f"action.{i} ({card.name}): {card.effect.kind!r} is not an action")
    missing = ACTION_KINDS - kinds
    if missing:
        raise ValueError(f"the action deck lacks the cards the rules name: {sorted(missing)}")
    for table in ("bank", "player_money", "bank_keeps"):
        values = getattr(spec, table)
        if set(values) - set(DENOMINATIONS):
            raise ValueError(f"{table}: Bank cards are worth {DENOMINATIONS}")
    if sum(spec.bank.values()) != 100:
        raise ValueError(f"there are 100 Bank cards, not {sum(spec.bank.values())}")
    if sum(v * n for v, n in spec.player_money.items()) != 450:
        raise ValueError("each player starts with $450")
    for value in DENOMINATIONS:
        # five players' money and the bank's own cards must come out of the 100 cards
        needed = 5 * spec.player_money.get(value, 0) + spec.bank_keeps.get(value, 0)
        if needed > spec.bank.get(value, 0):
            raise ValueError(f"not enough ${value} Bank cards to set up five players")


def _check_board(spec: BoardSpec) -> None:
    countries = [c.id for c in spec.countries]
    if sorted(countries) != sorted(COUNTRIES):
        raise ValueError(f"the countries must be exactly {', '.join(COUNTRIES)}")
    ids = [s.id for s in spec.spaces]
    if len(set(ids)) != len(ids):
        raise ValueError("space ids must be unique")
    by_id = {s.id: s for s in spec.spaces}
    for i, space in enumerate(spec.spaces):
        where = f"spaces.{i} ({space.id})"
        if space.kind == "border":
            if space.country is not None or space.countries is None:
                raise ValueError(f"{where}: a Border has `countries` (two), not `country`")
            if len(set(space.countries)) != 2 or not set(space.countries) <= set(countries):
                raise ValueError(f"{where}: a Border lies between two featured countries")
        elif space.kind == "boat":
            if space.country is not None or space.countries is not None:
                raise ValueError(f"{where}: the boat belongs to no country")
        elif space.countries is not None or space.country not in countries:
            raise ValueError(f"{where}: needs one featured `country`")
    for kind in ("start", "finish", "boat"):
        found = [s.id for s in spec.spaces if s.kind == kind]
        if len(found) != 1:
            raise ValueError(f"the board needs exactly one {kind} space, not {found}")
    embassies = [s.country for s in spec.spaces if s.kind == "embassy"]
    if sorted(embassies) != sorted(countries):  # type: ignore[type-var]
        raise ValueError("every country has exactly one Embassy")
    fuel_countries = {s.country for s in spec.spaces if s.kind == "fuel"}
    if fuel_countries >= set(countries):
        raise ValueError("not every country has a Fuel Station (the rulebook's top tip)")
    seen_roads: set[frozenset[str]] = set()
    for i, road in enumerate(spec.roads):
        where = f"roads.{i} ({road.a}-{road.b})"
        if road.a not in by_id or road.b not in by_id or road.a == road.b:
            raise ValueError(f"{where}: a road joins two different known spaces")
        pair = frozenset((road.a, road.b))
        if pair in seen_roads:
            raise ValueError(f"{where}: two roads join the same spaces")
        seen_roads.add(pair)
        a, b = by_id[road.a], by_id[road.b]
        if "boat" in (a.kind, b.kind):
            raise ValueError(f"{where}: no road reaches the boat: it sails between the ports")
        if a.kind == "border" and b.kind == "border":
            raise ValueError(f"{where}: two Borders are never joined directly")
        if a.kind == "border" or b.kind == "border":
            border, other = (a, b) if a.kind == "border" else (b, a)
            assert border.countries is not None
            if other.country not in border.countries:
                raise ValueError(f"{where}: {other.id} is in neither country of {border.id}")
        elif a.country != b.country:
            raise ValueError(f"{where}: a road between countries must pass a Border")
    sea = spec.sea
    if by_id.get(sea.boat) is None or by_id[sea.boat].kind != "boat":
        raise ValueError(f"sea.boat: {sea.boat!r} is not the boat space")
    port_a, port_b = (by_id.get(p) for p in sea.ports)
    if port_a is None or port_b is None or port_a.kind != "border" or port_b.kind != "border":
        raise ValueError("sea.ports: both ports are Border spaces")
    assert port_a.countries is not None and port_b.countries is not None
    if port_a.countries != (port_b.countries[1], port_b.countries[0]):
        raise ValueError("sea.ports: each port lists its own country first, the far one second")
    for port in (port_a, port_b):
        assert port.countries is not None
        for road in spec.roads:
            if port.id in (road.a, road.b):
                other = by_id[road.b if road.a == port.id else road.a]
                if other.country != port.countries[0]:
                    raise ValueError(f"sea.ports: {port.id}'s roads stay in {port.countries[0]}")
    attraction_spaces = [s.id for s in spec.spaces if s.kind == "attraction"]
    card_spaces = [a.space for a in spec.attractions]
    if sorted(attraction_spaces) != sorted(card_spaces):
        raise ValueError("every attraction space has exactly one Attraction card and vice versa")
    for i, card in enumerate(spec.attractions):
        if by_id[card.space].country != card.country:
            raise ValueError(f"attractions.{i} ({card.name}): its space is not in {card.country}")
        if card.bonus.kind not in BONUS_KINDS:
            raise ValueError(
                f"attractions.{i} ({card.name}): bonus kinds are {sorted(BONUS_KINDS)}"
            )


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

    def deck(self, cards: tuple[Card, ...] | tuple[ActionCard, ...]) -> list[int]:
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


@cache
def load_board(path: str | None = None) -> Board:
    """The built-in board, or a user's board file at `path` (validated, cached)."""
    source = files("tabletrip.games.route_east") / "data" / "board.json" if path is None else None
    spec = load_content(source if source is not None else Path(path or ""), BoardSpec)
    board = board_from_spec(spec)
    problems = check_turn_reachability(board)
    if problems:
        name = str(source if source is not None else path)
        raise ContentError(f"content file {name!r}: {problems[0]}")
    return board


@cache
def load_decks(path: str | None = None) -> Decks:
    """The built-in decks, or a user's cards file at `path` (validated, cached)."""
    source = files("tabletrip.games.route_east") / "data" / "cards.json" if path is None else None
    return decks_from_spec(
        load_content(source if source is not None else Path(path or ""), CardsSpec)
    )
