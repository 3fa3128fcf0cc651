"""Route East cards: the built-in decks against the rulebook's numbers and named cards, and
broken cards files refused with a message naming the file and the entry."""

from __future__ import annotations

import json
from collections import Counter
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from tabletrip.core import ContentError, validate_content
from tabletrip.games.route_east.content import (
    ACTION_KINDS,
    BORDER_KINDS,
    IGNITION_KINDS,
    MOVES_PER_TURN,
    TARGETED,
    Card,
    CardsSpec,
    Decks,
    decks_from_spec,
    describe_effect,
    load_decks,
)

NAME = "cards.json"


def raw() -> dict[str, Any]:
    """The built-in cards file as parsed JSON (a fresh copy to break)."""
    text = (files("tabletrip.games.route_east") / "data" / NAME).read_text(encoding="utf-8")
    return json.loads(text)


@pytest.fixture(scope="module")
def decks() -> Decks:
    return load_decks()


def effect_kinds(cards: tuple[Card, ...]) -> Counter[str]:
    """How many cards of the deck carry each effect kind."""
    return Counter(e.kind for card in cards for e in card.effects for _ in range(card.count))


# --- What's in the Box ---------------------------------------------------------------------------


def test_box_holds_the_rulebooks_numbers(decks: Decks) -> None:
    """What's in the Box: 70 Ignition, 70 Action, 35 Border, 100 Bank cards, 30 Fuel Tokens."""
    assert len(decks.deck(decks.ignition)) == 70
    assert len(decks.deck(decks.border)) == 35
    assert len(decks.deck(decks.action)) == 70
    assert sum(decks.bank.values()) == 100
    assert decks.fuel_tokens == 30


def test_deck_expands_each_kind_count_times(decks: Decks) -> None:
    """Setup: Ignition, Border and Action Cards: a pile holds each card kind `count` times."""
    for cards in (decks.ignition, decks.border, decks.action):
        deck = decks.deck(cards)
        assert deck == sorted(deck)
        assert Counter(deck) == {i: card.count for i, card in enumerate(cards)}


def test_header_says_original_content(decks: Decks) -> None:
    """Content (CONTRACT.md): the file says it is original content obeying the rulebook."""
    assert "original content" in decks.header
    assert "tabletrip" in decks.header


def test_names_and_texts_are_distinct(decks: Decks) -> None:
    """Every card kind has its own name and its own words."""
    for cards in (decks.ignition, decks.border, decks.action):
        names = [card.name for card in cards]
        texts = [card.text for card in cards]
        assert len(set(names)) == len(names)
        assert len(set(texts)) == len(texts)
        assert all(card.text.strip() for card in cards)


# --- Setup ---------------------------------------------------------------------------------------


def test_each_player_starts_with_450_dollars(decks: Decks) -> None:
    """Setup: Dish Out the Dollar: each player gets 1x$100, 4x$50, 6x$25 = $450."""
    assert decks.player_money == {100: 1, 50: 4, 25: 6}
    assert sum(value * n for value, n in decks.player_money.items()) == 450


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bank_and_atm_pile_after_dishing_out(decks: Decks, players: int) -> None:
    """Setup: Dish Out the Dollar and Set Up the Bank: the bank keeps 3x$100, 5x$50 and any
    remaining $25; the remaining Bank cards form the ATM pile (never empty, 2-5 players)."""
    assert decks.bank_keeps == {100: 3, 50: 5}
    left = {v: decks.bank[v] - players * decks.player_money.get(v, 0) for v in decks.bank}
    assert all(n >= 0 for n in left.values())
    bank = {100: 3, 50: 5, 25: left[25]}
    atm = {v: left[v] - decks.bank_keeps.get(v, 0) for v in (50, 100)}
    assert all(n >= 0 for n in atm.values())
    assert sum(atm.values()) > 0
    cards = players * sum(decks.player_money.values()) + sum(bank.values()) + sum(atm.values())
    assert cards == 100


def test_fuel_tokens_for_every_player(decks: Decks) -> None:
    """Setup: Fuel Tokens: 1 to each player (up to 5), the rest stacked on the oil rig."""
    assert decks.fuel_tokens - 5 > 0


# --- Turns ---------------------------------------------------------------------------------------


def test_ignition_moves_never_below_zero(decks: Decks) -> None:
    """Turns: every turn has 3 moves unless your Ignition Card says otherwise; some cards add
    moves, some take them away, a few leave none, none leaves fewer than none."""
    changes = set()
    for card in decks.ignition:
        change = sum(e.amount for e in card.effects if e.kind == "moves")
        assert MOVES_PER_TURN + change >= 0, card.name
        changes.add(change)
    assert {1, -1, -MOVES_PER_TURN} <= changes


# --- The Cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "allowed"),
    [("ignition", IGNITION_KINDS), ("border", BORDER_KINDS)],
)
def test_effects_are_valid_for_their_deck(decks: Decks, deck: str, allowed: frozenset) -> None:
    """The Cards: each deck's effects are kinds the rules interpret for that deck; money moves in
    $25 steps; an effect aimed at a player comes last, at most one per card."""
    cards: tuple[Card, ...] = getattr(decks, deck)
    for card in cards:
        assert card.effects, card.name
        for effect in card.effects:
            assert effect.kind in allowed, card.name
            assert describe_effect(effect)
            if effect.kind in {"pay", "collect", "fee", "steal_money"}:
                assert effect.amount > 0 and effect.amount % 25 == 0, card.name
        aimed = [e.kind in TARGETED for e in card.effects]
        assert sum(aimed) <= 1 and not any(aimed[:-1]), card.name


def test_ignition_cards_bring_good_and_bad_news(decks: Decks) -> None:
    """Ignition Cards: sometimes the news is good, sometimes it's bad; Q&A Money Worries: fines
    are paid into the bank; an Ignition card may say 'steal $25 from another player'."""
    kinds = effect_kinds(decks.ignition)
    assert set(kinds) == IGNITION_KINDS
    assert kinds["nothing"] >= 20
    fines = {e.amount for card in decks.ignition for e in card.effects if e.kind == "pay"}
    assert fines == {25, 50}
    steals = [card for card in decks.ignition if card.effects[-1].kind == "steal_money"]
    assert steals and all(c.effects[-1].amount == 25 for c in steals)
    assert all("steal $25 from another player" in c.text.lower() for c in steals)


def test_border_cards_mostly_a_fuel_token_or_25_dollars(decks: Decks) -> None:
    """Border Cards: sometimes you get through with just a $25 charge, at other times it's
    more complicated; Remember!: you can't cross a Border without a Fuel Token."""
    just_25 = [c for c in decks.border if [(e.kind, e.amount) for e in c.effects] == [("fee", 25)]]
    assert just_25
    kinds = effect_kinds(decks.border)
    assert set(kinds) == BORDER_KINDS
    ordinary = kinds["nothing"] + sum(c.count for c in just_25)
    assert ordinary > len(decks.deck(decks.border)) / 2
    assert kinds["no_fuel_needed"] < kinds["nothing"]


def test_every_card_the_rules_name_exists(decks: Decks) -> None:
    """Action Cards (and Borders, Accommodation, No Trains, Q&A): Tent, Border Pass, Freight
    Train, Magic Roll, Hell no!, stealing $25, stealing a Fuel Token, sending to an Embassy."""
    named = {
        "tent": ("Tent", "tent"),
        "border-pass": ("Border Pass", "border_pass"),
        "freight-train": ("Freight Train", "freight_train"),
        "magic-roll": ("Magic Roll", "magic_roll"),
        "hell-no": ("Hell no!", "hell_no"),
    }
    for card_id, (name, kind) in named.items():
        card = decks.action[decks.action_index[card_id]]
        assert (card.name, card.effect.kind) == (name, kind)
        assert card.count >= 1
    assert set(decks.action_of_kind) == ACTION_KINDS
    steal = decks.action[decks.action_of_kind["steal_money"]]
    assert steal.effect.amount == 25 and "steal $25 from another player" in steal.text.lower()
    assert decks.action[decks.action_of_kind["freight_train"]].effect.amount > MOVES_PER_TURN


def test_action_texts_say_when_to_play(decks: Decks) -> None:
    """Action Cards: read the card to find out when you're able to play it."""
    for card in decks.action:
        assert "Play" in card.text, card.id
    by_id = {card.id: card.text for card in decks.action}
    assert "end of your turn" in by_id["tent"] and "attraction" in by_id["tent"]
    assert "first move" in by_id["freight-train"] and "ends your turn" in by_id["freight-train"]
    assert "Embassy" in by_id["magic-roll"] and "Caspian" in by_id["magic-roll"]
    assert "even a Hell no!" in by_id["hell-no"]
    assert "Fuel Token" in by_id["border-pass"]


def test_action_ids_are_unique_slugs(decks: Decks) -> None:
    """Action Cards: hands count cards by kind, so each kind has its own id."""
    ids = [card.id for card in decks.action]
    assert len(set(ids)) == len(ids) == len(decks.action_index)
    assert all(card.effect.kind in ACTION_KINDS for card in decks.action)


def test_spec_round_trip(decks: Decks) -> None:
    """The file validates through the schema and builds the same decks as load_decks."""
    assert decks_from_spec(validate_content(raw(), CardsSpec, NAME)) == decks


# --- broken files --------------------------------------------------------------------------------


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ContentError) as caught:
        validate_content(data, CardsSpec, NAME)
    message = str(caught.value)
    assert NAME in message
    return message


def test_a_71st_ignition_card_is_refused() -> None:
    """What's in the Box: 70 Ignition cards, not 71."""
    data = raw()
    data["ignition"][0]["count"] += 1
    message = refused(data)
    assert "ignition deck must hold 70 cards, not 71" in message


def test_an_unknown_effect_kind_is_refused() -> None:
    """The Cards: effects are kinds the rules know; the entry is named."""
    data = raw()
    data["ignition"][3]["effects"][0] = {"kind": "teleport"}
    message = refused(data)
    assert "ignition.3.effects.0" in message and "teleport" in message


def test_an_effect_from_another_deck_is_refused() -> None:
    """Border Cards: a closed Border is a Border card, not an Ignition card."""
    data = raw()
    data["ignition"][0]["effects"] = [{"kind": "closed"}]
    message = refused(data)
    assert f"ignition.0 ({data['ignition'][0]['name']})" in message


def test_an_action_deck_without_a_tent_is_refused() -> None:
    """Action Cards / Accommodation: the rules name the Tent; the deck needs one."""
    data = raw()
    tent = next(i for i, card in enumerate(data["action"]) if card["effect"]["kind"] == "tent")
    hell_no = next(card for card in data["action"] if card["effect"]["kind"] == "hell_no")
    hell_no["count"] += data["action"].pop(tent)["count"]
    message = refused(data)
    assert "lacks the cards the rules name" in message and "tent" in message


def test_a_30_dollar_fine_is_refused() -> None:
    """Bank Cards: money comes in $25, $50 and $100 cards, so a $30 fine cannot be paid."""
    data = raw()
    index = next(
        i
        for i, card in enumerate(data["ignition"])
        if [e["kind"] for e in card["effects"]] == ["pay"]
    )
    data["ignition"][index]["effects"][0]["amount"] = 30
    message = refused(data)
    assert f"ignition.{index}.effects.0" in message and "30" in message


def test_a_steal_before_another_effect_is_refused() -> None:
    """Q&A Money Worries: a steal is aimed at a player; it comes last on its card."""
    data = raw()
    data["ignition"][0]["effects"] = [{"kind": "steal_money", "amount": 25}, {"kind": "nothing"}]
    assert "aimed at a player comes last" in refused(data)


def test_wrong_setup_money_is_refused() -> None:
    """Setup: Dish Out the Dollar: $450 each, from 100 Bank cards, enough for five players."""
    data = raw()
    data["player_money"]["25"] = 5
    assert "$450" in refused(data)
    data = raw()
    data["bank"] = {"25": 20, "50": 55, "100": 25}
    assert "$25 Bank cards" in refused(data)
    data = raw()
    data["bank"]["25"] += 1
    assert "100 Bank cards, not 101" in refused(data)


def test_load_decks_names_a_broken_user_file(tmp_path: Path) -> None:
    """Content: a user's cards file (content=PATH) is checked like the built-in one."""
    data = raw()
    data["action"][0]["count"] += 1
    path = tmp_path / NAME
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ContentError, match=r"cards\.json.*action deck must hold 70 cards"):
        load_decks(str(path))
