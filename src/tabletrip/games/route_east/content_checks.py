"""Route East content checks: every number and rule the rulebook fixes for the board and cards.

The schemas in `content.py` call these once a file has its shape. Each problem is one line
that names the entry and says what is accepted (`validate_content` adds the file's name).
Where the rulebook fixes a count (What's in the Box: 70 Ignition, 35 Border, 70 Action, 100
Bank and 32 Attraction cards, 30 Fuel Tokens), an ablated content set (an entry removed on
purpose, `ablated`) may fall short of it, never go over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.games.route_east.content import (
    ACTION_KINDS,
    BONUS_KINDS,
    BORDER_KINDS,
    COUNTRIES,
    DENOMINATIONS,
    IGNITION_KINDS,
    TARGETED,
)

if TYPE_CHECKING:
    from tabletrip.games.route_east.content import BoardSpec, CardSpec, CardsSpec

# What's in the Box
IGNITION_CARDS = 70
BORDER_CARDS = 35
ACTION_CARDS = 70
BANK_CARDS = 100
ATTRACTION_CARDS = 32
FUEL_TOKENS = 30
MAX_PLAYERS = 5
# Setup: Dish Out the Dollar and Set Up the Bank
PLAYER_MONEY = {100: 1, 50: 4, 25: 6}  # $450
BANK_KEEPS = {100: 3, 50: 5}  # and any remaining $25
START_COUNTRY, FINISH_COUNTRY = "turkey", "china"  # Istanbul to Shanghai
SEA_COUNTRY = "azerbaijan"  # Caspian Sea: "Head back to Azerbaijan!"
# Effects whose amount is a sum paid, taken or ridden: never negative.
POSITIVE_AMOUNTS = frozenset(
    {"pay", "collect", "steal_money", "fee", "draw_action", "freight_train"}
)


def check_count(where: str, rule: str, total: int, size: int, ablated: bool) -> None:
    """A count the rulebook fixes (`rule`, such as "there are 100 Bank cards"): exactly
    `size`, or at most `size` when `ablated` (an entry removed on purpose)."""
    if total == size or (ablated and 0 < total < size):
        return
    if ablated:
        raise ValueError(f"{where}: {rule} or fewer (an entry removed), not {total}")
    raise ValueError(f"{where}: {rule}, not {total} (What's in the Box)")


def _check_deck(
    name: str, cards: list[CardSpec], size: int, kinds: frozenset[str], ablated: bool
) -> None:
    total = sum(card.count for card in cards)
    check_count(name, f"the {name} deck must hold {size} cards", total, size, ablated)
    for i, card in enumerate(cards):
        for effect in card.effects:
            if effect.kind not in kinds:
                raise ValueError(
                    f"{name}.{i} ({card.name}): {effect.kind!r} is not a {name} effect: "
                    f"{name} effects are {', '.join(sorted(kinds))}"
                )
            _check_amount(f"{name}.{i} ({card.name})", effect.kind, effect.amount)
        if sum(e.kind in TARGETED for e in card.effects) > 1:
            raise ValueError(f"{name}.{i} ({card.name}): at most one effect aimed at a player")
        if any(e.kind in TARGETED for e in card.effects[:-1]):
            raise ValueError(f"{name}.{i} ({card.name}): an effect aimed at a player comes last")


def _check_amount(where: str, kind: str, amount: int) -> None:
    if kind in POSITIVE_AMOUNTS and amount < 0:
        raise ValueError(f"{where}: a {kind!r} amount is positive, not {amount}")


def check_cards(spec: CardsSpec, ablated: bool) -> None:
    """The decks file against the rulebook: deck sizes, named cards, money and fuel."""
    _check_deck("ignition", spec.ignition, IGNITION_CARDS, IGNITION_KINDS, ablated)
    _check_deck("border", spec.border, BORDER_CARDS, BORDER_KINDS, ablated)
    total = sum(card.count for card in spec.action)
    rule = f"the action deck must hold {ACTION_CARDS} cards"
    check_count("action", rule, total, ACTION_CARDS, ablated)
    ids = [card.id for card in spec.action]
    for i, card_id in enumerate(ids):
        if card_id in ids[:i]:
            raise ValueError(f"action.{i} ({card_id}): action card ids must be unique")
    kinds = {card.effect.kind for card in spec.action}
    for i, card in enumerate(spec.action):
        if card.effect.kind not in ACTION_KINDS:
            raise ValueError(
                f"action.{i} ({card.name}): {card.effect.kind!r} is not an action: "
                f"actions are {', '.join(sorted(ACTION_KINDS))}"
            )
        _check_amount(f"action.{i} ({card.name})", card.effect.kind, card.effect.amount)
    missing = ACTION_KINDS - kinds
    if missing:
        raise ValueError(f"the action deck lacks the cards the rules name: {sorted(missing)}")
    for table in ("bank", "player_money", "bank_keeps"):
        values = getattr(spec, table)
        for value, count in values.items():
            if value not in DENOMINATIONS:
                raise ValueError(f"{table}.{value}: Bank cards are worth {DENOMINATIONS}")
            if count < 0:
                raise ValueError(f"{table}.{value}: a number of Bank cards, not {count}")
    rule = f"there are {BANK_CARDS} Bank cards"
    check_count("bank", rule, sum(spec.bank.values()), BANK_CARDS, ablated)
    if sum(v * n for v, n in spec.player_money.items()) != 450:
        raise ValueError("player_money: each player starts with $450, as 1x$100, 4x$50, 6x$25")
    money = {v: n for v, n in spec.player_money.items() if n}
    if money != PLAYER_MONEY:
        raise ValueError("player_money: each player starts with 1x$100, 4x$50 and 6x$25 ($450)")
    keeps = {v: n for v, n in spec.bank_keeps.items() if n and v != 25}
    if keeps != BANK_KEEPS:
        raise ValueError("bank_keeps: the bank keeps 3x$100, 5x$50 and any remaining $25")
    for value in DENOMINATIONS:
        # five players' money and the bank's own cards must come out of the 100 cards
        needed = MAX_PLAYERS * spec.player_money.get(value, 0) + spec.bank_keeps.get(value, 0)
        if needed > spec.bank.get(value, 0):
            raise ValueError(
                f"bank.{value}: not enough ${value} Bank cards to set up five players "
                f"(at least {needed}, not {spec.bank.get(value, 0)})"
            )
    atm = sum(
        spec.bank.get(v, 0) - MAX_PLAYERS * PLAYER_MONEY.get(v, 0) - BANK_KEEPS.get(v, 0)
        for v in (100, 50)
    )
    if atm < 1:
        raise ValueError("bank: with five players the ATM pile needs a $100 or $50 card left")
    if ablated:
        if not MAX_PLAYERS <= spec.fuel_tokens <= FUEL_TOKENS:
            raise ValueError(
                f"fuel_tokens: {MAX_PLAYERS} to {FUEL_TOKENS} (an entry removed), "
                f"not {spec.fuel_tokens}"
            )
    elif spec.fuel_tokens != FUEL_TOKENS:
        raise ValueError(
            f"fuel_tokens: there are {FUEL_TOKENS} Fuel Tokens (What's in the Box), "
            f"not {spec.fuel_tokens}"
        )


def check_board(spec: BoardSpec, ablated: bool) -> None:
    """The board file against the rulebook: countries, Borders, places, the sea, attractions."""
    countries = [c.id for c in spec.countries]
    if sorted(countries) != sorted(COUNTRIES):
        raise ValueError(f"countries: the featured countries are exactly {', '.join(COUNTRIES)}")
    ids = [s.id for s in spec.spaces]
    for i, space_id in enumerate(ids):
        if space_id in ids[:i]:
            raise ValueError(f"spaces.{i} ({space_id}): space ids must be unique")
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
    for kind, country in (("start", START_COUNTRY), ("finish", FINISH_COUNTRY), ("boat", None)):
        found = [s for s in spec.spaces if s.kind == kind]
        if len(found) != 1:
            raise ValueError(
                f"spaces: the board needs exactly one {kind} space, not {[s.id for s in found]}"
            )
        if country is not None and found[0].country != country:
            raise ValueError(
                f"spaces ({found[0].id}): the {kind} space is in {country} "
                "(the race runs from Istanbul to Shanghai)"
            )
    embassies = [s.country for s in spec.spaces if s.kind == "embassy"]
    for country in countries:
        if embassies.count(country) != 1:
            raise ValueError(
                f"spaces: every country has exactly one Embassy; {country} has "
                f"{embassies.count(country)}"
            )
    fuel_countries = {s.country for s in spec.spaces if s.kind == "fuel"}
    if fuel_countries >= set(countries):
        raise ValueError("spaces: not every country has a Fuel Station (the rulebook's top tip)")
    _check_roads(spec)
    _check_sea(spec)
    rule = f"there are {ATTRACTION_CARDS} Attraction cards"
    check_count("attractions", rule, len(spec.attractions), ATTRACTION_CARDS, ablated)
    attraction_spaces = sorted(s.id for s in spec.spaces if s.kind == "attraction")
    card_spaces = [a.space for a in spec.attractions]
    for i, card in enumerate(spec.attractions):
        where = f"attractions.{i} ({card.name})"
        if card_spaces.count(card.space) != 1 or card.space not in attraction_spaces:
            raise ValueError(f"{where}: each Attraction card has its own attraction space")
        if by_id[card.space].country != card.country:
            raise ValueError(f"{where}: its space is not in {card.country}")
        if card.bonus.kind not in BONUS_KINDS:
            raise ValueError(f"{where}: bonus kinds are {', '.join(sorted(BONUS_KINDS))}")
        _check_amount(where, card.bonus.kind, card.bonus.amount)
    if not ablated and sorted(card_spaces) != attraction_spaces:
        spare = sorted(set(attraction_spaces) - set(card_spaces))
        raise ValueError(f"spaces ({', '.join(spare[:3])}): an attraction space has no card")


def _check_roads(spec: BoardSpec) -> None:
    by_id = {s.id: s for s in spec.spaces}
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


def _check_sea(spec: BoardSpec) -> None:
    by_id = {s.id: s for s in spec.spaces}
    sea = spec.sea
    if by_id.get(sea.boat) is None or by_id[sea.boat].kind != "boat":
        raise ValueError(f"sea.boat: {sea.boat!r} is not the boat space")
    port_a, port_b = (by_id.get(p) for p in sea.ports)
    if port_a is None or port_b is None or port_a.kind != "border" or port_b.kind != "border":
        raise ValueError("sea.ports: both ports are Border spaces")
    assert port_a.countries is not None and port_b.countries is not None
    if port_a.countries != (port_b.countries[1], port_b.countries[0]):
        raise ValueError("sea.ports: each port lists its own country first, the far one second")
    if SEA_COUNTRY not in port_a.countries:
        raise ValueError(f"sea.ports: the Caspian Sea is crossed from {SEA_COUNTRY}")
    for port in (port_a, port_b):
        assert port.countries is not None
        for road in spec.roads:
            if port.id in (road.a, road.b):
                other = by_id[road.b if road.a == port.id else road.a]
                if other.country != port.countries[0]:
                    raise ValueError(f"sea.ports: {port.id}'s roads stay in {port.countries[0]}")
