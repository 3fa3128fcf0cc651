"""Seeded chance: the splitmix64 `Rng`, `mix_seed` and the `Deck` draw and discard piles."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletrip.core import Deck, Rng, mix_seed

seeds = st.integers(0, 2**64 - 1)
seed_parts = st.lists(st.one_of(st.integers(-(2**70), 2**70), st.text(max_size=12)), max_size=4)


def _draw_all(deck: Deck[object], rng: Rng) -> list[object]:
    cards = []
    while deck.can_draw():
        cards.append(deck.draw(rng))
    return cards


# --- Rng ---------------------------------------------------------------------------------------


def test_first_values_of_seed_zero_are_the_splitmix64_reference() -> None:
    # The published splitmix64 sequence for seed 0: a change of generator breaks every record.
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_first_values_of_a_seed_are_pinned() -> None:
    rng = Rng(7)
    assert [rng.below(100) for _ in range(8)] == [_reference_below(7, 100, i) for i in range(8)]
    assert Rng(7).state == 7


def _reference_below(seed: int, n: int, index: int) -> int:
    """An independent splitmix64 (written out again here) mapped to [0, n)."""
    mask = (1 << 64) - 1
    state = (seed + 0x9E3779B97F4A7C15 * (index + 1)) & mask
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return ((z ^ (z >> 31)) * n) >> 64


@settings(max_examples=50, deadline=None)
@given(seed=seeds)
def test_same_seed_gives_the_same_sequence(seed: int) -> None:
    a, b = Rng(seed), Rng(seed)
    assert [a.next64() for _ in range(20)] == [b.next64() for _ in range(20)]
    assert a.state == b.state


def test_different_seeds_give_different_sequences() -> None:
    firsts = {Rng(seed).next64() for seed in range(1000)}
    assert len(firsts) == 1000


def test_seed_is_reduced_to_64_bits() -> None:
    assert Rng(-1).state == 2**64 - 1
    assert Rng(2**64 + 5).next64() == Rng(5).next64()


@settings(max_examples=100, deadline=None)
@given(seed=seeds, n=st.integers(1, 10**12))
def test_below_stays_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    for _ in range(20):
        value = rng.below(n)
        assert isinstance(value, int)
        assert 0 <= value < n


def test_below_one_is_always_zero() -> None:
    rng = Rng(3)
    assert {rng.below(1) for _ in range(100)} == {0}


@pytest.mark.parametrize("n", [2, 6, 12])
def test_below_is_roughly_uniform(n: int) -> None:
    rng = Rng(mix_seed("uniformity", n))
    draws = 60_000
    counts = Counter(rng.below(n) for _ in range(draws))
    assert set(counts) == set(range(n))
    expected = draws / n
    for value in range(n):
        assert abs(counts[value] - expected) < 0.05 * expected, (value, counts[value], expected)


def test_random_is_a_float_in_the_unit_interval() -> None:
    rng = Rng(11)
    values = [rng.random() for _ in range(5000)]
    assert all(isinstance(v, float) and 0.0 <= v < 1.0 for v in values)
    assert 0.45 < sum(values) / len(values) < 0.55


def test_roll_gives_every_face_and_nothing_else() -> None:
    rng = Rng(5)
    assert {rng.roll() for _ in range(600)} == {1, 2, 3, 4, 5, 6}
    assert {rng.roll(4) for _ in range(400)} == {1, 2, 3, 4}


def test_choice_picks_items_of_the_sequence() -> None:
    rng = Rng(9)
    items = ("a", "b", "c")
    picked = [rng.choice(items) for _ in range(300)]
    assert set(picked) == set(items)
    assert Rng(9).choice(items) == picked[0]


@settings(max_examples=100, deadline=None)
@given(seed=seeds, items=st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_deterministic_permutation(seed: int, items: list[int]) -> None:
    a, b = list(items), list(items)
    Rng(seed).shuffle(a)
    Rng(seed).shuffle(b)
    assert a == b
    assert sorted(a) == sorted(items)


def test_shuffle_actually_reorders() -> None:
    rng = Rng(1)
    orders = set()
    for _ in range(50):
        items = list(range(10))
        rng.shuffle(items)
        orders.add(tuple(items))
    assert len(orders) > 40


def test_shuffle_puts_every_item_everywhere() -> None:
    rng = Rng(21)
    positions: dict[int, set[int]] = {item: set() for item in range(5)}
    for _ in range(500):
        items = list(range(5))
        rng.shuffle(items)
        for index, item in enumerate(items):
            positions[item].add(index)
    assert all(found == set(range(5)) for found in positions.values())


def test_clone_is_identical_and_independent() -> None:
    rng = Rng(42)
    rng.next64()
    copy = rng.clone()
    assert copy is not rng
    assert copy.state == rng.state
    expected = [copy.next64() for _ in range(5)]
    assert rng.state != copy.state  # advancing the copy left the original behind
    assert [rng.next64() for _ in range(5)] == expected


def test_fork_leaves_the_parent_unchanged() -> None:
    rng = Rng(42)
    before = rng.state
    child = rng.fork("deal", 3)
    assert rng.state == before
    assert child.state == mix_seed(before, "deal", 3)
    assert rng.fork("deal", 3).state == child.state
    assert rng.fork("deal", 4).state != child.state
    child.next64()
    assert rng.state == before
    assert rng.next64() == Rng(42).next64()


# --- mix_seed ----------------------------------------------------------------------------------


def test_mix_seed_values_are_pinned() -> None:
    # Games seed their Rng with mix_seed(game id, seed): a change here changes every game.
    assert mix_seed() == 2611923443488327891
    assert mix_seed("high-card", 7) == 10208113958998016908


@settings(max_examples=100, deadline=None)
@given(parts=seed_parts)
def test_mix_seed_is_a_stable_64_bit_value(parts: list[int | str]) -> None:
    value = mix_seed(*parts)
    assert value == mix_seed(*parts)
    assert 0 <= value < 2**64


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (("a",), ("b",)),
        ((1,), (2,)),
        (("ab",), ("a", "b")),
        (("a", "b"), ("b", "a")),
        (("a",), ("a", "")),
        ((1, 23), (12, 3)),
        ((0,), ()),
        (("high-card", 7), ("high-card", 8)),
    ],
)
def test_mix_seed_differs_for_different_parts(a: tuple, b: tuple) -> None:
    assert mix_seed(*a) != mix_seed(*b)


def test_mix_seed_spreads_over_many_seeds() -> None:
    values = {mix_seed("game", seed) for seed in range(2000)}
    assert len(values) == 2000


# --- Deck --------------------------------------------------------------------------------------


def test_draw_takes_from_the_top_which_is_the_end_of_the_list() -> None:
    deck: Deck[int] = Deck([1, 2, 3])
    rng = Rng(0)
    assert len(deck) == 3
    assert deck.draw(rng) == 3
    assert deck.draw(rng) == 2
    assert deck.cards == [1]
    assert len(deck) == 1


def test_draw_from_empty_deck_is_none_and_uses_no_chance() -> None:
    deck: Deck[int] = Deck()
    rng = Rng(4)
    assert not deck.can_draw()
    assert deck.draw(rng) is None
    assert rng.state == 4


def test_draw_many_takes_in_draw_order() -> None:
    deck: Deck[int] = Deck(range(10))
    assert deck.draw_many(3, Rng(0)) == [9, 8, 7]
    assert deck.cards == list(range(7))
    assert deck.draw_many(0, Rng(0)) == []


def test_draw_many_stops_when_both_piles_are_empty() -> None:
    deck: Deck[str] = Deck(["a", "b"], discards=["x", "y", "z"])
    drawn = deck.draw_many(10, Rng(3))
    assert drawn[:2] == ["b", "a"]
    assert sorted(drawn[2:]) == ["x", "y", "z"]
    assert len(drawn) == 5
    assert deck.cards == [] and deck.discards == []
    assert not deck.can_draw()


def test_put_bottom_puts_the_first_given_lowest() -> None:
    # rng.py: "Place cards under the pile, the first given ending lowest" (top = end of list).
    deck: Deck[str] = Deck(["p", "q"])
    deck.put_bottom(["a", "b", "c"])
    assert deck.cards == ["a", "b", "c", "p", "q"]
    assert deck.draw_many(5, Rng(0)) == ["q", "p", "c", "b", "a"]


def test_put_bottom_keeps_the_top_and_accepts_any_iterable() -> None:
    deck: Deck[int] = Deck([1, 2])
    deck.put_bottom(iter([7]))
    deck.put_bottom(())
    assert deck.cards == [7, 1, 2]
    assert deck.draw(Rng(0)) == 2


def test_discard_goes_to_the_discard_pile_in_order() -> None:
    deck: Deck[int] = Deck([1])
    deck.discard([5, 6])
    deck.discard(iter([7]))
    assert deck.discards == [5, 6, 7]
    assert deck.cards == [1]
    assert len(deck) == 1


def test_can_draw_counts_the_discards() -> None:
    assert Deck([1]).can_draw()
    assert Deck([], [1]).can_draw()
    assert not Deck([], []).can_draw()


def test_empty_pile_reshuffles_the_discards_and_conserves_cards() -> None:
    deck: Deck[int] = Deck([], discards=list(range(20)))
    rng = Rng(8)
    first = deck.draw(rng)
    assert first is not None
    assert deck.discards == []
    assert sorted([first, *deck.cards]) == list(range(20))
    assert [first, *deck.cards] != list(reversed(range(20)))  # the discards were shuffled


def test_reshuffle_is_deterministic_for_a_seed() -> None:
    a: Deck[int] = Deck([], discards=list(range(12)))
    b: Deck[int] = Deck([], discards=list(range(12)))
    assert _draw_all(a, Rng(5)) == _draw_all(b, Rng(5))


def test_reshuffle_discards_goes_under_the_pile() -> None:
    deck: Deck[int] = Deck([100, 101], discards=[1, 2, 3])
    deck.reshuffle_discards(Rng(2))
    assert deck.cards[-2:] == [100, 101]
    assert sorted(deck.cards[:3]) == [1, 2, 3]
    assert deck.discards == []


def test_no_reshuffle_while_the_pile_has_cards() -> None:
    deck: Deck[int] = Deck([1], discards=[2, 3])
    assert deck.draw(Rng(0)) == 1
    assert deck.discards == [2, 3]


@settings(max_examples=60, deadline=None)
@given(
    seed=seeds,
    cards=st.lists(st.integers(0, 50), max_size=15),
    discards=st.lists(st.integers(51, 99), max_size=15),
    moves=st.lists(st.integers(0, 4), max_size=40),
)
def test_deck_conserves_cards(
    seed: int, cards: list[int], discards: list[int], moves: list[int]
) -> None:
    deck: Deck[int] = Deck(cards, discards)
    rng = Rng(seed)
    held: list[int] = []
    for move in moves:
        if move == 0:
            could_draw = deck.can_draw()
            card = deck.draw(rng)
            assert (card is not None) == could_draw
            if card is not None:
                held.append(card)
        elif move == 1:
            held += deck.draw_many(3, rng)
        elif move == 2 and held:
            deck.discard([held.pop()])
        elif move == 3 and held:
            deck.put_bottom([held.pop()])
        elif move == 4:
            deck.shuffle(rng)
        assert sorted(held + deck.cards + deck.discards) == sorted(cards + discards)


def test_shuffle_shuffles_only_the_draw_pile() -> None:
    deck: Deck[int] = Deck(range(30), discards=[99])
    deck.shuffle(Rng(6))
    assert sorted(deck.cards) == list(range(30))
    assert deck.cards != list(range(30))
    assert deck.discards == [99]


def test_deck_clone_is_independent() -> None:
    deck: Deck[int] = Deck([1, 2, 3], discards=[4])
    copy = deck.clone()
    assert copy.cards == [1, 2, 3] and copy.discards == [4]
    copy.draw(Rng(0))
    copy.discard([9])
    copy.put_bottom([8])
    assert deck.cards == [1, 2, 3]
    assert deck.discards == [4]


def test_deck_json_round_trip() -> None:
    deck: Deck[int] = Deck([3, 1, 2], discards=[5, 4])
    data = deck.to_json()
    assert data == {"cards": [3, 1, 2], "discards": [5, 4]}
    loaded = Deck.from_json(json.loads(json.dumps(data)))
    assert loaded.cards == [3, 1, 2] and loaded.discards == [5, 4]
    loaded.draw(Rng(0))
    assert deck.cards == [3, 1, 2]
    assert data == {"cards": [3, 1, 2], "discards": [5, 4]}  # neither shares the input lists


def test_deck_copies_its_input() -> None:
    cards = [1, 2]
    deck: Deck[int] = Deck(cards)
    deck.draw(Rng(0))
    assert cards == [1, 2]


# --- a loose deck (Deck.loose): its top cards in no order yet ------------------------------------


def test_a_loose_deck_deals_as_a_shuffled_one() -> None:
    """Drawing the whole of a loose deck gives every order alike: each card is as likely in
    each draw position (chi-square over 6 cards x 6 positions, 6,000 deals)."""
    counts: Counter[tuple[int, int]] = Counter()
    rng = Rng(21)
    for _ in range(6000):
        deck: Deck[int] = Deck(range(6))
        deck.loosen()
        for position in range(6):
            counts[(deck.draw(rng), position)] += 1  # type: ignore[index]
    expected = 6000 / 6
    chi_square = sum(
        (counts[(c, p)] - expected) ** 2 / expected for c in range(6) for p in range(6)
    )
    assert chi_square < 59.7  # p ~ 0.001 at 25 degrees of freedom


def test_only_the_loose_top_is_drawn_at_random_and_the_bottom_keeps_its_order() -> None:
    deck: Deck[str] = Deck(["a", "b", "x", "y", "z"], loose=3)
    drawn = deck.draw_many(3, Rng(5))
    assert sorted(drawn) == ["x", "y", "z"] and deck.loose == 0
    deck.put_bottom(["q"])
    assert deck.draw_many(3, Rng(5)) == ["b", "a", "q"]


def test_a_loose_deck_round_trips_through_json_and_clone() -> None:
    deck: Deck[int] = Deck([1, 2, 3], [9])
    assert "loose" not in deck.to_json()  # a dealt deck's JSON is as before
    deck.loosen()
    assert Deck.from_json(json.loads(json.dumps(deck.to_json()))).loose == 3
    copy = deck.clone()
    copy.draw(Rng(1))
    assert copy.loose == 2 and deck.loose == 3


@pytest.mark.parametrize("loose", [-1, 4, "2", 1.0])
def test_a_bad_loose_count_is_refused(loose: object) -> None:
    with pytest.raises(ValueError, match="loose must be a whole number from 0 to the 3 of cards"):
        Deck.from_json({"cards": [1, 2, 3], "discards": [], "loose": loose})


def test_peek_shows_the_next_cards_as_draw_deals_them_and_changes_nothing() -> None:
    dealt: Deck[int] = Deck(range(5), [9])
    assert dealt.peek(3, Rng(0)) == [4, 3, 2] and dealt.peek(9, Rng(0)) == [4, 3, 2, 1, 0]
    loose: Deck[int] = Deck(range(8), loose=5)
    rng = Rng(6)
    seen = loose.peek(7, rng)
    assert rng.state == Rng(6).state and loose.cards == list(range(8)) and loose.loose == 5
    assert seen == loose.draw_many(7, Rng(6)) and seen[5:] == [2, 1]
