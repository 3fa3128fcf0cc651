"""Every rule of the Let's Go! To France planning rounds (../shared/rules/lets-go-to-france.txt):
Setup, Round Order (draw, play, Research tokens, Explore the City, card and Favourable
Condition bonuses, passing), the Regional Map board, Travel and Goal tiles, with the
rulebook's examples "Card Placement", "Gaining Card/Favorable Condition Bonuses" (Antoine)
and "Travel" (Camille).

Each test names the rulebook section it checks. Situations are built exactly by setting the
state's plain fields (hands, days, favour_at, flipped, rows, trips, traveler, pending, round,
seat, deck) of a new game, then played through `apply`.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tabletrip
from tabletrip.core import Action, IllegalAction, Rng
from tabletrip.games.lets_go_france.actions import (
    ChooseIcon,
    ChooseRow,
    DiscardThree,
    Done,
    DottedPath,
    Favour,
    Place,
    SkipTravel,
    Travel,
    UseResearch,
)
from tabletrip.games.lets_go_france.content import (
    DAYS,
    ICONS,
    REGIONS,
    load_player_board,
    load_regions,
)
from tabletrip.games.lets_go_france.final import seat_breakdown
from tabletrip.games.lets_go_france.phases import PLAN, Owed, Pending
from tabletrip.games.lets_go_france.rules import LetsGoState
from tabletrip.games.lets_go_france.scoring import PlacedCard, Trip

ARCH, ART, FOOD, HIST, NATURE, SHOP = range(6)
MON, TUE, WED, THU, FRI, SAT = range(6)
DECK_SIZE = 124
BOARD = load_player_board()
REGION_SPECS = {r.id: r for r in load_regions().regions}
SINGLE_FACES = [f.id for t in load_regions().single_flag_tiles for f in t.faces]
LOIRE = "loire-valley"
PROVENCE = "provence-alpes-cote-dazur"


# --- building exact situations ----------------------------------------------------------------


def new_state(players: int = 2, region: str = LOIRE, seed: int = 0) -> LetsGoState:
    """A fresh game: round 1, the first seat to play."""
    state = tabletrip.make("lets-go-france", players=players, region=region).new_game(seed)
    assert isinstance(state, LetsGoState)
    return state


def cid(state: LetsGoState, key: str) -> int:
    """The index of an Activity card id."""
    return state.game.card_index[key]


def key_of(state: LetsGoState, card: int) -> str:
    """The id of an Activity card index."""
    return state.game.activities[card].key


def take_out(state: LetsGoState, card: int) -> None:
    """Remove a card from wherever it is (deck, discards, hands, stacks, itineraries)."""
    for pile in (state.deck.cards, state.deck.discards, *state.hands, *state.stacks):
        if card in pile:
            pile.remove(card)
            return
    for seat in state.days:
        for column in seat:
            for entry in column:
                if entry[0] == card:
                    column.remove(entry)
                    return


def give(state: LetsGoState, seat: int, *keys: str) -> None:
    """Make a seat's hand exactly these cards (its old hand goes under the deck)."""
    old = state.hands[seat]
    state.hands[seat] = []
    state.deck.put_bottom(old)
    cards = [cid(state, k) for k in keys]
    for card in cards:
        take_out(state, card)
    state.hands[seat] = cards


def set_day(state: LetsGoState, seat: int, day: int, *keys: str) -> None:
    """A day's column, top first (the cards taken from wherever they were)."""
    cards = [cid(state, k) for k in keys]
    for card in cards:
        take_out(state, card)
    state.days[seat][day] = [(c, False) for c in cards]


def set_favour(state: LetsGoState, seat: int, day: int, icon: int) -> None:
    """Put the Favourable Condition token of `icon` on `day` (swapping, so each icon once)."""
    tokens = state.favour_at[seat]
    other = tokens.index(icon)
    tokens[other], tokens[day] = tokens[day], tokens[other]


def reveal(state: LetsGoState) -> None:
    """What the table sees: every board as it is now (as at the start of a round)."""
    state.shown = [state.public_board(s) for s in range(len(state.days))]


def stack_after_draw(number: int) -> int:
    """How many cards lie passed on each board once round `number`'s cards are drawn."""
    stack = 0
    for spec in BOARD.rounds[: number - 1]:
        if "stack" in spec.draw:
            stack = 0
        stack += spec.play
    return 0 if "stack" in BOARD.rounds[number - 1].draw else stack


def at_round(state: LetsGoState, number: int, seat: int = 0) -> LetsGoState:
    """The state at round `number` (1-14) once drawn: every hand and passed stack as big as the
    tracker makes them (topped up from the deck), `seat` to play its cards, nothing pending."""
    state.round = number - 1
    state.seat = seat
    state.to_play = BOARD.rounds[number - 1].play
    state.pending = []
    for s in range(state.game.players):
        for pile, size in (
            (state.hands[s], 2 * state.to_play),
            (state.stacks[s], stack_after_draw(number)),
        ):
            while len(pile) > size:
                state.deck.put_bottom([pile.pop()])
            while len(pile) < size:
                pile.append(state.deck.cards.pop())
    reveal(state)
    return state


def situation(
    *hand: str,
    players: int = 2,
    region: str = LOIRE,
    round_: int = 1,
    seat: int = 0,
    seed: int = 0,
) -> LetsGoState:
    """A game at a round with `seat` holding exactly `hand` (nothing pending)."""
    state = at_round(new_state(players, region, seed), round_, seat)
    if hand:
        give(state, seat, *hand)
    reveal(state)
    return state


def act(state: LetsGoState, *actions: Action) -> None:
    for action in actions:
        state.apply(action)


def place(key: str, day: int, slot: int = 0) -> Place:
    return Place(key, DAYS[day], slot)


def explore(key: str, day: int, slot: int = 0) -> Place:
    return Place(key, DAYS[day], slot, explore=True)


def discard(state: LetsGoState, *cards: int) -> DiscardThree:
    """Discard these 3 cards after a Research token (named in the engine's order)."""
    return DiscardThree(tuple(key_of(state, c) for c in sorted(cards)))


def assert_refused(state: LetsGoState, action: Action, *words: str) -> str:
    """`action` is refused with a one-line reason naming `words`; the state is unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    reason = str(refused.value)
    assert "\n" not in reason and reason.strip()
    for word in words:
        assert word in reason, reason
    assert state.to_json() == before
    return reason


def space(state: LetsGoState, space_id: str) -> int:
    return state.game.space_index[space_id]


def put_traveler(state: LetsGoState, seat: int, space_id: str) -> None:
    state.traveler[seat] = space(state, space_id)


def travel_targets(state: LetsGoState) -> set[str]:
    """Where the Travel action owed now may go."""
    return {a.space for a in state.legal_actions() if isinstance(a, Travel)}


def dotted_targets(state: LetsGoState) -> set[str]:
    return {a.space for a in state.legal_actions() if isinstance(a, DottedPath)}


def steps(state: LetsGoState, seat: int = 0) -> list[int]:
    return list(state.trips[seat].steps)


def with_gains(**gains: int) -> list[int]:
    """An experience track from zero: `with_gains(food=1, art=2)`."""
    return [gains.get(icon, 0) for icon in ICONS]


def total_cards(state: LetsGoState) -> Counter[int]:
    """Every Activity card, wherever it is."""
    cards: Counter[int] = Counter(state.deck.cards)
    cards.update(state.deck.discards)
    for pile in (*state.hands, *state.stacks):
        cards.update(pile)
    for seat in state.days:
        for column in seat:
            cards.update(c for c, _ in column)
    return cards


def play_seat(state: LetsGoState) -> list[int]:
    """Play the current seat's part of the round simply (bottom of its emptiest day, every
    bonus skipped); the cards it passed."""
    seat, number = state.seat, state.round
    passed: list[int] = []
    while state.phase == PLAN and state.seat == seat and state.round == number:
        if state.pending:
            head = state.pending[0][0]
            if head == "travel":
                state.apply(SkipTravel())
            elif head == "favour":
                state.apply(Favour("skip"))
            else:
                state.apply(state.legal_actions()[0])
        elif state.to_play:
            columns = state.days[seat]
            day = min(range(len(DAYS)), key=lambda d: len(columns[d]))
            state.apply(place(key_of(state, state.hands[seat][0]), day, len(columns[day])))
        else:
            passed = list(state.hands[seat])
            state.apply(Done())
            if state.round == number:  # (the last seat's Done also deals the next round)
                assert state.hands[seat] == []  # Pass Cards: NO cards left in hand
    return passed


def finish_round(state: LetsGoState) -> None:
    number = state.round
    while state.phase == PLAN and state.round == number:
        play_seat(state)


def in_text(state_json: object, key: str) -> bool:
    """Whether a card id appears anywhere in a JSON view."""
    return f'"{key}"' in json.dumps(state_json)


# --- Setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_player_boards_start_empty(players: int) -> None:
    """Setup 2-4: energy at the centre, experience tokens on 0, one Favourable Condition token
    per day, face up (not on its "2" side); no Traveler on the map, no tokens, no points."""
    state = new_state(players, seed=players)
    for seat in range(players):
        assert sorted(state.favour_at[seat]) == list(range(len(ICONS)))  # one per day
        assert state.flipped[seat] == [False] * 6
        assert state.trips[seat].steps == [0] * 6
        assert state.trips[seat].energy == 0
        assert (state.trips[seat].wild, state.trips[seat].research) == (0, 0)
        assert state.rows[seat] == [0, 0, 0]
        assert state.moved[seat] == []
        assert state.traveler[seat] == -1
        assert state.explored[seat] == []
        assert state.points[seat] == 0
        assert all(column == [] for column in state.days[seat])


def test_setup_favourable_condition_tokens_are_placed_at_random() -> None:
    """Setup 4: each player randomly places their 6 Favourable Condition tokens."""
    layouts = {tuple(new_state(2, seed=seed).favour_at[0]) for seed in range(12)}
    assert len(layouts) > 6
    state = new_state(4, seed=5)
    assert len({tuple(f) for f in state.favour_at}) == 4


@pytest.mark.parametrize("region", REGIONS)
def test_setup_goal_tiles_one_single_flag_face_at_random_and_the_regions_double_flag(
    region: str,
) -> None:
    """Setup 5-6: one shuffled single-flag tile (either face) and the double-flag tile with the
    chosen Regional Map board's name."""
    state = new_state(2, region)
    assert state.game.region.id == region
    double = state.game.goals[state.double_goal]
    assert (double.region, double.flag) == (region, 2)
    assert double in state.game.double_faces
    assert state.single_goal in SINGLE_FACES
    faces = {new_state(2, region, seed).single_goal for seed in range(60)}
    assert faces == set(SINGLE_FACES)  # every tile, both faces


@pytest.mark.parametrize("players", [2, 4])
def test_setup_deck_of_124_shuffled_activity_cards(players: int) -> None:
    """Setup 8: all 124 Activity cards shuffled into a deck; round 1 draws 2 each."""
    state = new_state(players)
    assert total_cards(state) == Counter(range(DECK_SIZE))
    assert [len(h) for h in state.hands] == [2] * players
    assert len(state.deck.cards) == DECK_SIZE - 2 * players
    assert state.deck.discards == []
    orders = {tuple(new_state(players, seed=s).deck.cards[-6:]) for s in range(4)}
    assert len(orders) == 4


# --- Round Order: 1. Draw Cards, 3. Pass Cards ------------------------------------------------


def test_round_tracker_play_and_pass_counts_and_directions() -> None:
    """1. Draw Cards: play 1 pass 1 in rounds 1-4, 2 in rounds 5-9, 1 in rounds 10-14; pass to
    the left in rounds 1-7 and to the right from round 8."""
    assert [r.play for r in BOARD.rounds] == [1] * 4 + [2] * 5 + [1] * 5
    assert [r.direction for r in BOARD.rounds] == ["left"] * 7 + ["right"] * 7
    for r in BOARD.rounds:
        assert set(r.draw) <= {"deck2", "deck4", "stack"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fourteen_rounds_draw_pass_and_empty_every_hand(players: int) -> None:
    """1. Draw Cards and 3. Pass Cards/End of Round: each round every player draws what the
    tracker shows (2 or 4 from the deck, the whole passed stack exactly when its icon shows,
    with exactly the number of cards it shows), passes left in rounds 1-7 and right from 8,
    and has NO cards left at the end of every round; after round 14 the trip begins."""
    state = new_state(players, seed=7)
    unseen: list[list[int]] = [[] for _ in range(players)]  # passed, not drawn yet
    for number, spec in enumerate(BOARD.rounds, 1):
        assert state.round == number - 1 and state.phase == PLAN
        from_deck = sum(2 if i == "deck2" else 4 for i in spec.draw if i != "stack")
        for seat in range(players):
            hand = state.hands[seat]
            assert len(hand) == 2 * spec.play
            if "stack" in spec.draw:
                assert unseen[seat], f"round {number}: the stack is drawn empty"
                assert Counter(unseen[seat]) <= Counter(hand)
                assert len(unseen[seat]) == len(hand) - from_deck
                assert state.stacks[seat] == []
                unseen[seat] = []
            else:
                assert state.stacks[seat] == unseen[seat]
        deck_before = len(state.deck.cards)
        for seat in range(players):
            assert state.seat == seat
            passed = play_seat(state)
            assert len(passed) == spec.play
            left = (seat + 1) % players if number <= 7 else (seat - 1) % players
            unseen[left].extend(passed)
        assert total_cards(state) == Counter(range(DECK_SIZE))
        if number < 14:
            next_spec = BOARD.rounds[number]
            drawn = sum(2 if i == "deck2" else 4 for i in next_spec.draw if i != "stack")
            assert len(state.deck.cards) == deck_before - drawn * players
    assert state.phase != PLAN  # the trip
    assert state.hands == [[] for _ in range(players)]
    assert [len(s) for s in state.stacks] == [1] * players  # round 14's pass is never drawn
    assert all(sum(len(c) for c in state.days[s]) == 19 for s in range(players))


@pytest.mark.parametrize(("number", "receiver"), [(7, 1), (8, 2)])
def test_cards_pass_left_until_round_7_then_right(number: int, receiver: int) -> None:
    """1. Draw Cards: rounds 1-7 pass to the player on the left (seat + 1), from round 8 to
    the right (seat - 1)."""
    state = situation(
        "baguette", "chocolatier", "fromagerie", "rue-cler", players=3, round_=number, seat=0
    )
    set_favour(state, 0, MON, ART)
    set_favour(state, 0, TUE, SHOP)
    stacks = [list(s) for s in state.stacks]
    act(state, place("baguette", MON), place("chocolatier", TUE), Done())
    for seat in range(3):
        extra = Counter(state.stacks[seat]) - Counter(stacks[seat])
        expected = {cid(state, "fromagerie"), cid(state, "rue-cler")} if seat == receiver else set()
        assert set(extra) == expected


def test_nobody_may_look_at_the_stack_passed_to_them() -> None:
    """1. Draw Cards: the card passed lies face down on the next player's board; they may NOT
    look at it and do NOT have access to it that round."""
    state = situation("baguette", "chocolatier", round_=2)
    set_favour(state, 0, MON, ART)
    act(state, place("baguette", MON), Done())
    chocolatier = cid(state, "chocolatier")
    assert chocolatier in state.stacks[1]
    assert state.seat == 1
    assert not in_text(state.observation(1), "chocolatier")
    assert not in_text(state.public_observation(), "chocolatier")
    assert state.public_observation()["stack_sizes"][1] == len(state.stacks[1])
    assert_refused(state, place("chocolatier", MON), "not in your hand")
    play_seat(state)  # round 3 draws the stack (the tracker's stack icon)
    assert state.round == 2 and chocolatier in state.hands[1]


# --- 2. Play Cards ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "plays"), [(1, 1), (4, 1), (5, 2), (7, 2), (9, 2), (10, 1), (14, 1)]
)
def test_play_1_or_2_cards_as_the_round_tracker_says(number: int, plays: int) -> None:
    """2. Play Cards: 1 card in rounds 1-4 and 10-14, 2 in rounds 5-9; then only passing."""
    hand = ("baguette", "chocolatier", "fromagerie", "rue-cler")[: 2 * plays]
    state = situation(*hand, round_=number)
    set_favour(state, 0, MON, ART)
    assert_refused(state, Done(), "done")
    for i in range(plays):
        assert Done() not in state.legal_actions()
        state.apply(place(hand[i], MON, i))
    assert not any(isinstance(a, Place) for a in state.legal_actions())
    assert Done() in state.legal_actions()
    assert_refused(state, place(hand[plays], TUE), "played your cards")
    state.apply(Done())
    assert state.hands[0] == []
    assert [key_of(state, c) for c, _ in state.days[0][MON]] == list(hand[:plays])


def test_a_day_holds_at_most_five_cards() -> None:
    """Example: Card Placement: each day can have a maximum of 5 cards in its column."""
    state = situation("baguette", "chocolatier")
    set_day(
        state, 0, MON, "eiffel-tower", "sacre-coeur", "pantheon", "louvre-pyramid", "marais-walk"
    )
    assert not any(isinstance(a, Place) and a.day == "monday" for a in state.legal_actions())
    for slot in range(6):
        assert_refused(state, place("baguette", MON, slot), "monday already holds 5 cards")
    assert any(isinstance(a, Place) and a.day == "tuesday" for a in state.legal_actions())


def test_example_card_placement_top_bottom_and_between() -> None:
    """Example: Card Placement: to an empty day the card starts the column; to a day with 1 card
    it is tucked under (top) or placed at the bottom (the new Highlight of the Day); with 2, 3 or
    4 cards it may also go in between. A column slot counts from the top."""
    state = situation("baguette")
    for size in range(5):
        keys = ["eiffel-tower", "sacre-coeur", "pantheon", "louvre-pyramid"][:size]
        set_day(state, 0, FRI, *keys)
        slots = {
            a.slot
            for a in state.legal_actions()
            if isinstance(a, Place) and a.day == "friday" and a.card == "baguette"
        }
        assert slots == set(range(size + 1))
    tucked = situation("baguette", round_=1)
    set_day(tucked, 0, FRI, "eiffel-tower")
    tucked.apply(place("baguette", FRI, 0))
    assert [key_of(tucked, c) for c, _ in tucked.days[0][FRI]] == ["baguette", "eiffel-tower"]
    assert (
        tucked.day_highlight(0, FRI)
        == tucked.game.activities[cid(tucked, "eiffel-tower")].highlight
    )
    bottom = situation("baguette", round_=1)
    set_day(bottom, 0, FRI, "eiffel-tower")
    bottom.apply(place("baguette", FRI, 1))
    assert [key_of(bottom, c) for c, _ in bottom.days[0][FRI]] == ["eiffel-tower", "baguette"]
    assert bottom.day_highlight(0, FRI) == bottom.game.activities[cid(bottom, "baguette")].highlight
    between = situation("baguette", round_=1)
    set_day(between, 0, FRI, "eiffel-tower", "sacre-coeur", "pantheon")
    between.apply(place("baguette", FRI, 2))
    assert [key_of(between, c) for c, _ in between.days[0][FRI]] == [
        "eiffel-tower",
        "sacre-coeur",
        "baguette",
        "pantheon",
    ]
    assert (
        between.day_highlight(0, FRI) == between.game.activities[cid(between, "pantheon")].highlight
    )


def test_placed_cards_are_never_discarded_moved_or_swapped() -> None:
    """Example: Card Placement NOTE: once placed, a card may NOT be discarded, moved to a
    different day or swapped; every later play only inserts a card from the hand."""
    state = situation("baguette", "chocolatier", "fromagerie", "rue-cler", round_=5)
    set_favour(state, 0, WED, ART)
    set_day(state, 0, WED, "eiffel-tower", "sacre-coeur")
    for action in state.legal_actions():
        assert isinstance(action, (Place, UseResearch, DottedPath, Done))
        if isinstance(action, Place):
            assert cid(state, action.card) in state.hands[0]
    act(state, place("baguette", WED, 1), place("chocolatier", WED, 0), Done())
    assert [key_of(state, c) for c, _ in state.days[0][WED]] == [
        "chocolatier",
        "eiffel-tower",
        "baguette",
        "sacre-coeur",
    ]
    finish_round(state)
    play_seat(state)  # round 6: seat 0 plays again, Wednesday's cards keep their order
    column = [key_of(state, c) for c, _ in state.days[0][WED]]
    assert [
        k for k in column if k in ("chocolatier", "eiffel-tower", "baguette", "sacre-coeur")
    ] == [
        "chocolatier",
        "eiffel-tower",
        "baguette",
        "sacre-coeur",
    ]


def test_the_highlight_of_the_day_is_the_bottom_card() -> None:
    """2. Play Cards and Example: Card Placement: the card at the bottom of a column is the
    Highlight of the Day."""
    state = situation("place-vendome", "baguette", round_=5)
    set_favour(state, 0, SAT, ART)
    assert state.day_highlight(0, SAT) is None
    state.apply(place("place-vendome", SAT, 0))
    assert (
        state.day_highlight(0, SAT) == state.game.activities[cid(state, "place-vendome")].highlight
    )
    state.apply(place("baguette", SAT, 0))  # tucked under: place-vendome stays the Highlight
    assert (
        state.day_highlight(0, SAT) == state.game.activities[cid(state, "place-vendome")].highlight
    )


# --- Use Research Tokens ----------------------------------------------------------------------


def test_research_token_draws_3_then_discards_3_immediately_face_up() -> None:
    """Use Research Tokens: discard a Research token to draw 3 cards, then IMMEDIATELY discard
    any 3 cards to the face-up discard pile (public)."""
    state = situation("baguette", "chocolatier")
    state.trips[0].research = 1
    top3 = state.deck.cards[-3:]
    assert UseResearch() in state.legal_actions()  # after drawing, before playing
    state.apply(UseResearch())
    assert state.trips[0].research == 0
    assert sorted(state.hands[0]) == sorted(
        [cid(state, "baguette"), cid(state, "chocolatier"), *top3]
    )
    assert state.pending == [Pending(Owed.DISCARD3)]
    legal = state.legal_actions()
    assert all(isinstance(a, DiscardThree) for a in legal)
    assert len(legal) == 10  # any 3 of the 5 cards
    assert_refused(state, place("baguette", MON), "discard 3")
    assert_refused(state, Done(), "discard 3")
    thrown = tuple(sorted((cid(state, "baguette"), top3[0], top3[1])))
    state.apply(discard(state, *thrown))
    assert sorted(state.hands[0]) == sorted([cid(state, "chocolatier"), top3[2]])
    assert state.deck.discards == list(thrown)
    public = [key_of(state, c) for c in thrown]
    assert state.public_observation()["discards"] == public
    assert state.observation(1)["discards"] == public
    assert state.pending == []


def test_research_discard_names_any_3_cards_in_any_order() -> None:
    """Use Research Tokens: the player discards ANY 3 cards: naming them in another order is
    the same discard."""
    state = situation("baguette", "chocolatier")
    state.trips[0].research = 1
    state.apply(UseResearch())
    keys = sorted((key_of(state, c) for c in state.hands[0][:3]), reverse=True)
    state.apply(DiscardThree(tuple(keys)))
    assert state.pending == [] and len(state.hands[0]) == 2


def test_each_research_token_is_used_separately() -> None:
    """Use Research Tokens: more than 1 token may be used, completing the draw and discard of
    each token separately."""
    state = situation("baguette", "chocolatier")
    state.trips[0].research = 2
    state.apply(UseResearch())
    assert_refused(state, UseResearch(), "discard 3")
    state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 2
    state.apply(UseResearch())
    assert state.trips[0].research == 0 and len(state.hands[0]) == 5
    state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 2
    assert len(state.deck.discards) == 6
    assert UseResearch() not in state.legal_actions()


def test_research_token_earned_this_round_is_usable_before_passing() -> None:
    """Use Research Tokens: a token earned on that turn may be used, before passing cards."""
    state = situation("chateau-de-monte-cristo", "baguette")
    set_favour(state, 0, MON, SHOP)  # no Favourable Condition bonus
    assert UseResearch() not in state.legal_actions()
    state.apply(place("chateau-de-monte-cristo", MON))
    assert state.trips[0].research == 1
    assert state.pending == []
    assert UseResearch() in state.legal_actions() and Done() in state.legal_actions()
    state.apply(UseResearch())
    state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 1 and state.trips[0].research == 0
    state.apply(Done())
    assert state.seat == 1


def test_unused_research_tokens_score_1_point_each() -> None:
    """Use Research Tokens and Final Score: leftover Research tokens are worth 1 point each."""
    state = new_state(2)
    state.trips[0].research = 3
    state.trips[1].research = 0
    assert seat_breakdown(state, 0)["research_tokens"] == 3
    assert seat_breakdown(state, 1)["research_tokens"] == 0


# --- Explore the City -------------------------------------------------------------------------


def test_explore_the_city_face_down_gives_only_a_travel_action() -> None:
    """Explore the City: a card played face down in the itinerary gives an immediate Travel
    action; its top icons, bonus and Favourable Condition match do not count."""
    state = situation("chateau-de-monte-cristo", "baguette")
    set_favour(state, 0, THU, ART)  # Monte-Cristo shows Art: face down it does not match
    state.apply(explore("chateau-de-monte-cristo", THU))
    assert state.days[0][THU] == [(cid(state, "chateau-de-monte-cristo"), True)]
    assert state.trips[0].research == 0  # no Research bonus
    assert state.pending == [Pending(Owed.TRAVEL)]  # no Favourable Condition bonus
    assert travel_targets(state) == {"orleans", "tours", "angers"}
    state.apply(Travel("angers"))
    assert steps(state) == with_gains(history=1)
    assert state.pending == [] and state.flipped[0] == [False] * 6


def test_explore_the_city_card_stays_hidden_from_the_others() -> None:
    """Explore the City: the card is face down; the others never learn which card it is, its
    owner does."""
    state = situation("musee-picasso", "baguette")
    act(state, explore("musee-picasso", FRI, 0), SkipTravel(), Done())
    finish_round(state)
    assert state.round == 1
    seen = state.observation(1)["boards"][0]["days"][FRI]
    assert seen == [{"card": None, "explore": True}]
    assert not in_text(state.observation(1), "musee-picasso")
    assert not in_text(state.public_observation(), "musee-picasso")
    mine = state.observation(0)["my_board"]["days"][FRI]
    assert mine == [{"card": "musee-picasso", "explore": True}]


def test_explore_the_city_scores_1_point_and_5_more_as_the_highlight() -> None:
    """Explore the City: on the trip it simply scores 1 point, and 5 more if it is the
    Highlight of the Day (place-vendome: 1 point, Highlight 2 points)."""
    state = new_state(2)
    vendome = state.game.activities[cid(state, "place-vendome")]

    def day_points(*cards: PlacedCard) -> int:
        trip = Trip(BOARD.experience_points, BOARD.energy_points, BOARD.time_chart)
        return trip.resolve_day(cards)

    city, plain = PlacedCard(None), PlacedCard(vendome)
    assert day_points(city) == 1 + 5
    assert day_points(plain, city) == 1 + 1 + 5
    assert day_points(city, plain) == 1 + 1 + 2


# --- Gain Card Bonuses --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "research", "travels"),
    [
        ("chateau-de-monte-cristo", 1, 0),
        ("musee-des-arts-forains", 0, 1),
        ("gare-saint-lazare", 0, 2),
        ("baguette", 0, 0),
    ],
)
def test_card_bonus_research_travel_and_double_travel(
    card: str, research: int, travels: int
) -> None:
    """Gain Card Bonuses: a Research token from the supply; 1 immediate Travel action; 2 Travel
    actions for the double icon. Travel is optional ("may")."""
    state = situation(card, "place-vendome")
    set_favour(state, 0, MON, SHOP)
    state.apply(place(card, MON))
    assert state.trips[0].research == research
    assert state.pending == [Pending(Owed.TRAVEL)] * travels
    for _ in range(travels):
        assert SkipTravel() in state.legal_actions()
    if travels:
        act(state, Travel("tours"))
        assert state.traveler[0] == space(state, "tours")
    if travels == 2:
        assert travel_targets(state) == {"amboise", "villandry"}
        act(state, Travel("villandry"))
        assert steps(state) == with_gains(food=1, nature=1)
    assert state.pending == []


# --- Gain Favorable Condition Bonuses -----------------------------------------------------------


def test_favourable_condition_bonus_needs_a_matching_icon_on_that_days_token() -> None:
    """Gain Favorable Condition Bonuses: only an icon at the top of the card matching the token
    of the day it is played to gives the bonus."""
    state = situation("baguette", "chocolatier", round_=5)
    set_favour(state, 0, MON, ART)
    set_favour(state, 0, TUE, FOOD)
    state.apply(place("baguette", MON))
    assert state.pending == []
    state.apply(place("chocolatier", TUE))
    assert state.pending == [Pending(Owed.FAVOUR, TUE)]
    assert set(state.legal_actions()) == {
        Favour("flip"),
        Favour("row", 0),
        Favour("row", 1),
        Favour("row", 2),
        Favour("skip"),
    }


def test_favourable_condition_flip_to_the_2_side() -> None:
    """Gain Favorable Condition Bonuses: a face-up token may be turned to its "2" side; it stays
    on its day, and a flipped token cannot be flipped again."""
    state = situation("baguette", "chocolatier", round_=5)
    set_favour(state, 0, TUE, FOOD)
    act(state, place("baguette", TUE), Favour("flip"))
    assert state.flipped[0][FOOD] is True
    assert state.favour_at[0][TUE] == FOOD
    state.apply(place("chocolatier", TUE))
    assert state.pending == [Pending(Owed.FAVOUR, TUE)]
    assert Favour("flip") not in state.legal_actions()
    assert_refused(state, Favour("flip"), "Favourable Condition")
    assert Favour("row", 2) in state.legal_actions()


@pytest.mark.parametrize(("covered", "points"), [(0, 2), (1, 3), (2, 4)])
def test_favourable_condition_token_to_the_leftmost_open_space_of_a_row(
    covered: int, points: int
) -> None:
    """Gain Favorable Condition Bonuses: the token moves to the leftmost open space of one of
    the 3 rows and its reward is taken at once (points: that many Point tokens)."""
    state = situation("baguette", "chocolatier")
    set_favour(state, 0, TUE, FOOD)
    state.rows[0][2] = covered
    state.moved[0] = [ART] * covered
    act(state, place("baguette", TUE), Favour("row", 2))
    assert state.points[0] == points == BOARD.reward_rows[2][covered][0].amount
    assert state.rows[0][2] == covered + 1
    assert state.moved[0][-1] == FOOD
    assert state.favour_at[0][TUE] == -1  # the token left its day
    assert state.pending == []


def test_favourable_condition_row_travel_reward_and_full_rows() -> None:
    """Gain Favorable Condition Bonuses: a Travel reward is an immediate Travel action; a full
    row has no open space."""
    state = situation("baguette", "chocolatier")
    set_favour(state, 0, TUE, FOOD)
    state.rows[0][1] = len(BOARD.reward_rows[1])
    state.apply(place("baguette", TUE))
    assert Favour("row", 1) not in state.legal_actions()
    assert_refused(state, Favour("row", 1), "Favourable Condition")
    state.apply(Favour("row", 0))
    assert state.pending == [Pending(Owed.TRAVEL)] * len(BOARD.reward_rows[0][0])
    state.apply(Travel("orleans"))
    assert steps(state) == with_gains(history=1)


def test_two_matching_icons_still_give_only_one_favourable_condition_bonus() -> None:
    """Gain Favorable Condition Bonuses NOTE: 2 identical matching icons (Musée du Louvre: Art,
    Art) still give ONE of the actions."""
    state = situation("musee-du-louvre", "baguette")
    set_favour(state, 0, WED, ART)
    state.apply(place("musee-du-louvre", WED))
    assert state.pending == [Pending(Owed.FAVOUR, WED)]
    state.apply(Favour("flip"))
    assert state.pending == []
    assert Done() in state.legal_actions()


def test_a_moved_token_gives_no_more_bonuses_on_its_day() -> None:
    """Gain Favorable Condition Bonuses: a token moved to a row is no longer to the left of its
    day, so later matching cards there give nothing (and it cannot be flipped any more)."""
    state = situation("baguette", "chocolatier", "fromagerie", "rue-cler", round_=5)
    set_favour(state, 0, TUE, FOOD)
    act(state, place("baguette", TUE), Favour("row", 2), place("chocolatier", TUE, 1))
    assert state.pending == []
    assert state.flipped[0][FOOD] is False


def test_moved_token_scores_2_points_only_if_also_flipped() -> None:
    """Gain Favorable Condition Bonuses: at the end a token scores 2 more points if it is on its
    "2" side AND was moved to a row; flipped-only or moved-only tokens score nothing."""
    state = situation(round_=14, seat=0)
    state.flipped[0] = [False] * 6
    state.flipped[0][ART] = True  # flipped and moved: 2
    state.flipped[0][NATURE] = True  # flipped only: 0
    state.moved[0] = [ART, FOOD]  # FOOD moved only: 0
    for icon in (ART, FOOD):
        state.favour_at[0][state.favour_at[0].index(icon)] = -1
    state.rows[0] = [0, 0, 2]
    finish_round(state)
    assert state.phase != PLAN
    assert seat_breakdown(state, 0)["favourable_conditions"] == 2
    assert seat_breakdown(state, 1)["favourable_conditions"] == 0


def test_example_gaining_card_and_favourable_condition_bonuses() -> None:
    """Example: Gaining Card/Favorable Condition Bonuses (Antoine, round 5, 2 cards).
    1. Château de Monte-Cristo to Wednesday: a Research token, used at once (draw 3, discard 3);
    2. its Art matches the token: flipped to "2"; 3. Musée des Arts Forains to the bottom of
    Wednesday: a Travel action; 4. its Art matches again: the token moves to the leftmost space
    of the row giving 1 Research and 1 Wild token. Flipped AND moved: 2 more points at the end.
    (The example says the first match is "for Tuesday"; both cards go to Wednesday and the same
    token is flipped then moved, so it is Wednesday's token.)"""
    state = situation(
        "chateau-de-monte-cristo", "musee-des-arts-forains", "baguette", "chocolatier", round_=5
    )
    set_favour(state, 0, WED, ART)
    research_wild = next(
        r
        for r, row in enumerate(BOARD.reward_rows)
        if sorted(x.kind for x in row[0]) == ["research", "wild"]
    )
    # 1.
    state.apply(place("chateau-de-monte-cristo", WED))
    assert state.trips[0].research == 1
    drawn = state.deck.cards[-3:]
    state.apply(UseResearch())  # used immediately, before the Favourable Condition bonus
    state.apply(discard(state, *drawn))
    assert state.trips[0].research == 0 and len(state.hands[0]) == 3
    # 2.
    state.apply(Favour("flip"))
    assert state.flipped[0][ART] is True
    # 3.
    state.apply(place("musee-des-arts-forains", WED, 1))
    assert state.pending == [Pending(Owed.TRAVEL), Pending(Owed.FAVOUR, WED)]
    state.apply(Travel("tours"))
    # 4.
    state.apply(Favour("row", research_wild))
    assert (state.trips[0].research, state.trips[0].wild) == (1, 1)
    assert state.moved[0] == [ART] and state.flipped[0][ART]
    assert [key_of(state, c) for c, _ in state.days[0][WED]] == [
        "chateau-de-monte-cristo",
        "musee-des-arts-forains",
    ]
    state.apply(Done())
    assert state.hands[0] == []
    finish_round(state)
    for _ in range(9):  # to the trip: the token scores its 2 points
        finish_round(state)
    assert state.phase != PLAN
    assert seat_breakdown(state, 0)["favourable_conditions"] == 2


# --- Regional Map Board and Travel --------------------------------------------------------------


def test_first_travel_places_the_traveler_on_a_starting_space() -> None:
    """Regional Map Board and Travel: the first Travel movement places the Traveler token on one
    of the starting spaces and gains its bonus."""
    state = situation("musee-des-arts-forains", "baguette")
    set_favour(state, 0, MON, SHOP)
    state.apply(place("musee-des-arts-forains", MON))
    starts = {s.id for s in REGION_SPECS[LOIRE].spaces if s.start}
    assert travel_targets(state) == starts == {"orleans", "tours", "angers"}
    assert_refused(state, Travel("blois"), "Travel action")
    state.apply(Travel("tours"))
    assert state.traveler[0] == space(state, "tours")
    assert steps(state) == with_gains(food=1)


def test_travel_moves_along_a_solid_line_to_an_adjacent_space() -> None:
    """Regional Map Board and Travel: each later movement goes along a line to an adjacent space
    (a Travel action: the solid lines; dotted lines are paid instead)."""
    state = situation("musee-des-arts-forains", "baguette")
    set_favour(state, 0, MON, SHOP)
    put_traveler(state, 0, "loches")
    state.apply(place("musee-des-arts-forains", MON))
    assert travel_targets(state) == {"chenonceau"}  # loches-azay is dotted
    assert_refused(state, Travel("azay-le-rideau"), "Travel action")
    assert_refused(state, Travel("tours"), "Travel action")
    state.apply(Travel("chenonceau"))
    assert state.traveler[0] == space(state, "chenonceau")


def test_dotted_line_is_paid_with_its_token_at_any_time() -> None:
    """Regional Map Board and Travel: a dotted line needs no Travel icon; at any time the player
    pays the cost shown (here a Research token, Orléans-Blois) and gains the end space's bonus."""
    state = situation("baguette", "chocolatier")
    put_traveler(state, 0, "orleans")
    assert "blois" not in dotted_targets(state)  # no Research token
    assert_refused(state, DottedPath("blois"), "not legal")
    state.trips[0].research = 1
    assert dotted_targets(state) == {"blois"}  # before playing a card
    state.apply(place("baguette", MON))
    while state.pending:
        state.apply(Favour("skip"))
    assert dotted_targets(state) == {"blois"}  # after playing, before passing
    state.apply(DottedPath("blois"))
    assert state.traveler[0] == space(state, "blois")
    assert state.trips[0].research == 0  # paid 1 (Blois gives a point, never the token back)
    assert state.points[0] == 1
    assert steps(state) == with_gains(history=1)


def test_dotted_line_paid_with_a_wild_token() -> None:
    """Regional Map Board and Travel: the token shown on the line is the one paid (Loches-Azay:
    a Wild token; a Research token does not pay it)."""
    state = situation("baguette", "chocolatier")
    put_traveler(state, 0, "loches")
    state.single_done[0] = True
    state.trips[0].research = 2
    assert dotted_targets(state) == set()
    state.trips[0].wild = 1
    assert dotted_targets(state) == {"azay-le-rideau"}
    state.apply(DottedPath("azay-le-rideau"))
    assert (state.trips[0].wild, state.trips[0].research) == (0, 2)
    assert steps(state) == with_gains(architecture=1)


def test_dotted_line_may_be_paid_before_using_a_travel_action() -> None:
    """Regional Map Board and Travel: "At any time" a player may pay a dotted line's cost, so
    also while an immediate Travel action is still to be taken; that Travel then starts from the
    new space (Orléans -dotted- Blois, then the Travel action to Cheverny)."""
    state = situation("musee-des-arts-forains", "baguette")
    set_favour(state, 0, MON, SHOP)
    put_traveler(state, 0, "orleans")
    state.trips[0].research = 1
    state.apply(place("musee-des-arts-forains", MON))
    assert state.pending == [Pending(Owed.TRAVEL)]
    assert DottedPath("blois") in state.legal_actions()
    state.apply(DottedPath("blois"))
    assert state.pending == [Pending(Owed.TRAVEL)]
    assert travel_targets(state) == {"orleans", "chambord", "cheverny", "amboise"}
    state.single_done[0] = True
    state.apply(Travel("cheverny"))
    assert steps(state) == with_gains(history=1, architecture=1)


def test_both_a_dotted_and_a_solid_line_between_two_towns() -> None:
    """Regional Map Board and Travel: with both lines between two spaces, either may be used."""
    state = situation("musee-des-arts-forains", "baguette")
    set_favour(state, 0, MON, SHOP)
    put_traveler(state, 0, "orleans")
    state.trips[0].research = 1
    assert "blois" in dotted_targets(state)
    state.apply(place("musee-des-arts-forains", MON))
    assert "blois" in travel_targets(state)
    state.apply(Travel("blois"))  # the solid line: nothing paid
    assert state.trips[0].research == 1
    assert steps(state) == with_gains(history=1)


def test_dotted_circle_space_gives_its_bonus_only_the_first_time() -> None:
    """Regional Map Board and Travel: on a dotted-circle space an Exploration token is placed the
    first time and its bonus gained; later visits give nothing. Each player has their own
    Exploration tokens."""
    state = situation("baguette", "chocolatier")
    put_traveler(state, 0, "cheverny")
    state.pending = [Pending(Owed.TRAVEL)] * 3
    state.apply(Travel("chenonceau"))
    assert state.explored[0] == [space(state, "chenonceau")]
    assert state.points[0] == 2 and steps(state) == with_gains(architecture=1)
    state.apply(Travel("loches"))
    assert steps(state) == with_gains(architecture=1, history=1)
    state.apply(Travel("chenonceau"))
    assert state.traveler[0] == space(state, "chenonceau")
    assert state.points[0] == 2 and steps(state) == with_gains(architecture=1, history=1)
    assert state.explored[0] == [space(state, "chenonceau")]
    state.seat = 1
    put_traveler(state, 1, "amboise")
    state.pending = [Pending(Owed.TRAVEL)]
    state.apply(Travel("chenonceau"))
    assert state.points[1] == 2 and steps(state, 1) == with_gains(architecture=1)


def test_revisiting_a_space_without_dotted_circle_gives_its_bonus_again() -> None:
    """Regional Map Board and Travel: a Traveler may go back to previously visited spaces and
    gain that bonus again."""
    state = situation("baguette", "chocolatier")
    state.pending = [Pending(Owed.TRAVEL)] * 4
    act(state, Travel("tours"), Travel("amboise"), Travel("tours"), Travel("amboise"))
    assert steps(state) == with_gains(food=2, art=2, history=2)
    assert state.explored[0] == []


def test_several_travelers_may_share_a_space() -> None:
    """Regional Map Board and Travel: multiple Traveler tokens can occupy the same space."""
    state = situation("baguette", "chocolatier")
    put_traveler(state, 1, "tours")
    state.pending = [Pending(Owed.TRAVEL)]
    assert "tours" in travel_targets(state)
    state.apply(Travel("tours"))
    assert state.traveler[0] == state.traveler[1] == space(state, "tours")


# --- Goal Tiles ---------------------------------------------------------------------------------


def at_cheverny(goal: str, seat: int = 0) -> LetsGoState:
    """Seat `seat` owes a Travel action at Blois, next to Cheverny (a single-flag space)."""
    state = situation("baguette", "chocolatier", seat=seat)
    state.single_goal = goal
    put_traveler(state, seat, "blois")
    state.pending = [Pending(Owed.TRAVEL)]
    return state


def test_single_flag_goal_three_icons_of_your_choice() -> None:
    """Goal Tiles: reaching a single-flag space activates the single-flag tile; an immediate one
    acts at once (3 Experience icons of your choice)."""
    state = at_cheverny("three-icons")
    state.apply(Travel("cheverny"))
    assert state.single_done[0]
    assert state.pending == [Pending(Owed.ICON)] * 3
    assert set(state.legal_actions()) == {ChooseIcon(i) for i in ICONS}
    assert_refused(state, Done(), "experience icon")
    act(state, ChooseIcon("history"), ChooseIcon("art"), ChooseIcon("art"))
    assert steps(state) == with_gains(architecture=1, history=1, art=2)
    assert state.pending == []


@pytest.mark.parametrize(
    ("goal", "wild", "research"), [("wild-tokens", 2, 0), ("research-tokens", 0, 3)]
)
def test_single_flag_goal_wild_or_research_tokens(goal: str, wild: int, research: int) -> None:
    """Goal Tiles: immediate tiles giving Wild or Research tokens."""
    state = at_cheverny(goal)
    state.apply(Travel("cheverny"))
    assert (state.trips[0].wild, state.trips[0].research) == (wild, research)
    assert state.pending == []


def test_single_flag_goal_reward_space_leaves_the_space_open() -> None:
    """Card and Goal Tile Clarifications, Goal Tiles (single-flag, Immediately): gain one of your
    leftmost uncovered Favourable Condition bonuses in any row, as if placing a token there; a
    token may still be placed on that space later."""
    state = at_cheverny("reward-space")
    state.rows[0] = [0, 0, 1]
    state.apply(Travel("cheverny"))
    assert state.pending == [Pending(Owed.ROW)]
    assert set(state.legal_actions()) == {ChooseRow(0), ChooseRow(1), ChooseRow(2)}
    state.apply(ChooseRow(2))
    assert state.points[0] == BOARD.reward_rows[2][1][0].amount == 3
    assert state.rows[0] == [0, 0, 1]  # still uncovered
    give(state, 0, "baguette", "chocolatier")
    set_favour(state, 0, TUE, FOOD)
    act(state, place("baguette", TUE), Favour("row", 2))
    assert state.points[0] == 3 + 3


def test_single_flag_tile_is_activated_once_per_player() -> None:
    """Goal Tiles: each player may only activate the single-flag tile once, even with several
    single-flag spaces (Cheverny, then Azay-le-Rideau, then Cheverny again)."""
    state = at_cheverny("research-tokens")
    state.pending = [Pending(Owed.TRAVEL)] * 3
    state.trips[0].wild = 1
    act(state, Travel("cheverny"), Travel("chenonceau"), Travel("loches"))
    assert state.trips[0].research == 3
    state.apply(DottedPath("azay-le-rideau"))
    assert state.traveler[0] == space(state, "azay-le-rideau")
    assert state.trips[0].research == 3
    state.pending = [Pending(Owed.TRAVEL)]
    put_traveler(state, 0, "blois")
    state.apply(Travel("cheverny"))
    assert state.trips[0].research == 3
    assert state.pending == []


def test_each_goal_tile_can_be_activated_by_several_players() -> None:
    """Goal Tiles: each Goal tile can be activated by multiple players (single and double flag;
    the Loire Valley double-flag tile acts at the end of Tuesday, nothing now)."""
    state = at_cheverny("wild-tokens")
    state.apply(Travel("cheverny"))
    state.seat = 1
    put_traveler(state, 1, "chambord")
    state.pending = [Pending(Owed.TRAVEL)]
    state.apply(Travel("cheverny"))
    assert (state.trips[0].wild, state.trips[1].wild) == (2, 2)
    assert state.single_done == [True, True]
    for seat in (0, 1):
        state.seat = seat
        put_traveler(state, seat, "azay-le-rideau")
        state.pending = [Pending(Owed.TRAVEL)]
        state.apply(Travel("chinon"))  # double flag
        assert state.pending == []
    assert state.double_done == [True, True]


def test_example_travel_camille_in_provence() -> None:
    """Example: Travel (Camille, Provence-Alpes-Côte d'Azur). 1. Her first Travel icon: the
    starting space Marseille, Food +1. 2. A Research token pays the dotted line to Arles:
    History +1. 3. Later a Favourable Condition token moved to a Travel space: the solid line
    to Avignon, a dotted-circle space (an Exploration token) with the single flag. 4. The tile
    gives 3 icons of her choice: History +1, Art +2. (Avignon's own bonus here: an icon of her
    choice and a Research token; she takes Nature.)"""
    state = situation("musee-des-arts-forains", "baguette", region=PROVENCE)
    state.single_goal = "three-icons"
    state.trips[0].research = 1
    set_favour(state, 0, MON, SHOP)
    set_favour(state, 0, TUE, FOOD)
    # 1.
    state.apply(place("musee-des-arts-forains", MON))
    assert travel_targets(state) == {"marseille", "nice"}
    state.apply(Travel("marseille"))
    assert steps(state) == with_gains(food=1)
    # 2.
    assert dotted_targets(state) == {"arles"}
    state.apply(DottedPath("arles"))
    assert state.trips[0].research == 0
    assert steps(state) == with_gains(food=1, history=1)
    state.apply(Done())
    finish_round(state)
    # 3. Later in the game.
    assert state.round == 1 and state.seat == 0
    give(state, 0, "chocolatier", "rue-cler")
    travel_row = next(r for r, row in enumerate(BOARD.reward_rows) if row[0][0].kind == "travel")
    act(state, place("chocolatier", TUE), Favour("row", travel_row))
    assert travel_targets(state) == {"avignon", "les-baux-de-provence", "saintes-maries-de-la-mer"}
    state.apply(Travel("avignon"))
    assert state.explored[0] == [space(state, "avignon")]
    assert state.single_done[0]
    avignon = next(s for s in REGION_SPECS[PROVENCE].spaces if s.id == "avignon")
    own_choices = sum(b.amount for b in avignon.bonus if b.kind == "any_icon")
    assert state.trips[0].research == sum(b.amount for b in avignon.bonus if b.kind == "research")
    # 4.
    assert state.pending == [Pending(Owed.ICON)] * (own_choices + 3)
    act(state, *[ChooseIcon("nature")] * own_choices)
    act(state, ChooseIcon("history"), ChooseIcon("art"), ChooseIcon("art"))
    assert steps(state) == with_gains(food=1, history=2, art=2, nature=own_choices)
    assert state.pending == []


# --- simultaneous play, hidden until the round is revealed --------------------------------------


def test_a_seats_plays_stay_hidden_until_the_round_is_revealed() -> None:
    """Round Order, 2. Play Cards: players play simultaneously: another seat sees a seat's new
    cards, tokens and Traveler only once every seat has played the round."""
    state = situation(
        "chateau-de-monte-cristo", "musee-des-arts-forains", "baguette", "fromagerie", round_=5
    )
    set_favour(state, 0, WED, ART)
    before = state.observation(1)["boards"][0]
    act(state, place("chateau-de-monte-cristo", WED), Favour("flip"))
    assert state.observation(1)["boards"][0] == before
    act(state, place("musee-des-arts-forains", WED, 1), Travel("tours"), Favour("row", 2))
    mine = state.observation(0)["my_board"]
    assert mine["traveler"] == "tours" and mine["research"] == 1 and mine["points"] == 2
    state.apply(Done())
    assert state.seat == 1
    seen = state.observation(1)["boards"][0]
    assert seen == before
    assert not in_text(state.observation(1), "chateau-de-monte-cristo")
    assert seen["traveler"] is None and seen["research"] == 0 and seen["points"] == 0
    play_seat(state)
    assert state.round == 5
    seen = state.observation(1)["boards"][0]
    assert [c["card"] for c in seen["days"][WED]] == [
        "chateau-de-monte-cristo",
        "musee-des-arts-forains",
    ]
    assert seen["traveler"] == "tours"
    assert seen["experience"]["food"] == 1
    assert (seen["research"], seen["points"], seen["flipped"], seen["moved"]) == (
        1,
        2,
        ["art"],
        ["art"],
    )


# --- illegal actions --------------------------------------------------------------------------


def test_illegal_actions_are_refused_with_a_one_line_reason() -> None:
    """2. Play Cards and Example: Card Placement: a card not in hand, a sixth card in a day, a
    slot out of range, `done` before playing, an action while a decision is pending, a Research
    token or dotted line without the token: refused, the state unchanged."""
    state = situation("baguette", "chocolatier", "musee-des-arts-forains", "fromagerie", round_=5)
    set_favour(state, 0, THU, SHOP)
    assert_refused(state, place("musee-picasso", MON), "'musee-picasso' is not in your hand")
    set_day(
        state, 0, TUE, "eiffel-tower", "sacre-coeur", "pantheon", "louvre-pyramid", "marais-walk"
    )
    assert_refused(state, place("baguette", TUE, 5), "tuesday already holds 5 cards")
    set_day(state, 0, WED, "arc-de-triomphe")
    assert_refused(state, place("baguette", WED, 2), "a slot is 0 (top) to 1 (bottom)")
    assert_refused(state, place("baguette", WED, -1), "slot")
    assert_refused(state, Done(), "done")
    assert_refused(state, UseResearch(), "research")
    put_traveler(state, 0, "orleans")
    assert_refused(state, DottedPath("blois"), "dotted blois")
    state.apply(place("musee-des-arts-forains", THU))
    assert state.pending == [Pending(Owed.TRAVEL)]
    assert_refused(state, Done(), "first take or skip your Travel action")
    assert_refused(state, place("chocolatier", FRI), "first take or skip your Travel action")
    assert_refused(state, Favour("flip"), "Travel action")
    assert_refused(state, Travel("tours"), "Travel action")  # not adjacent to Orléans


def test_a_random_planning_move_is_the_listed_one_at_the_drawn_index() -> None:
    """CONTRACT.md, `random_action`: while planning, the placements are counted, not listed,
    yet the draw is `rng.choice(legal_actions())`, index by index (every index of a turn)."""
    state = new_state(2, seed=3)
    rng = Rng(3)
    while len(state.legal_actions()) < 60 or state.pending or not state.to_play:
        state.apply(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    for index in range(len(legal)):
        assert state.random_action(RiggedRng(index, len(legal))) == legal[index]


class RiggedRng(Rng):
    """A generator whose one draw `below(n)` is `index` (and checks that `n` is the count)."""

    def __init__(self, index: int, count: int) -> None:
        super().__init__(0)
        self.index, self.count = index, count

    def below(self, n: int) -> int:
        assert n == self.count, f"drawn among {n} actions, not the {self.count} listed"
        return self.index
