"""Let's Go! To France, Solo Rules: the travel agent's setup, the cards passed to it, its
Favourable Condition tokens and bonuses, its scoring, Advanced Traveler mode, winning.

Each test names the rulebook section it checks (../shared/rules/lets-go-to-france.txt).
Situations are built by setting the state's plain fields on a new solo game (seat 0 is you,
seat 1 the travel agent's board), then played through `apply`; the trip is started with
`moves.start_trip` and `moves.advance_trip`.
"""

from __future__ import annotations

import pytest

from tabletrip import make
from tabletrip.core import Action
from tabletrip.games.lets_go_france.actions import ChooseCard, Done, Favour, Place, SkipTravel
from tabletrip.games.lets_go_france.content import DAYS
from tabletrip.games.lets_go_france.moves import advance_trip, start_trip
from tabletrip.games.lets_go_france.phases import OVER, PLAN
from tabletrip.games.lets_go_france.rules import LetsGoState

ARCH, ART, FOOD, HIST, NATURE, SHOP = range(6)
MON, TUE, WED, THU, FRI, SAT = range(6)
YOU, AGENT = 0, 1


# --- building exact situations ----------------------------------------------------------------


def solo(seed: int = 0, advanced_traveler: bool = False) -> LetsGoState:
    """A new solo game in round 1; your Favourable Condition tokens are all on reward rows
    (so placing a card asks for no Favourable Condition bonus)."""
    game = make("lets-go-france", players=1, advanced_traveler=advanced_traveler)
    state = game.new_game(seed)
    assert isinstance(state, LetsGoState)
    state.favour_at[YOU] = [-1] * len(DAYS)
    return state


def card(state: LetsGoState, key: str) -> int:
    return state.game.card_index[key]


def give(state: LetsGoState, *keys: str) -> None:
    """Your hand this round, real cards by id (taken out of the deck)."""
    ids = [card(state, k) for k in keys]
    state.deck.cards = [c for c in state.deck.cards if c not in ids]
    state.hands[YOU] = ids


def agent_week(state: LetsGoState) -> list[list[str]]:
    acts = state.game.activities
    return [[acts[c].key for c, _ in column] for column in state.days[AGENT]]


def fill(state: LetsGoState, seat: int, day: int, *keys: str) -> None:
    state.days[seat][day] = [(card(state, k), False) for k in keys]


def act(state: LetsGoState, *actions: Action) -> None:
    for action in actions:
        state.apply(action)


def at_trip(advanced_traveler: bool = False) -> LetsGoState:
    """The end of planning: empty weeks; the agent's tokens on 0 (set them per test)."""
    state = solo(advanced_traveler=advanced_traveler)
    state.round = len(state.game.board.rounds)
    state.hands = [[] for _ in state.hands]
    state.stacks = [[] for _ in state.stacks]
    state.days = [[[] for _ in DAYS] for _ in state.days]
    state.trips[AGENT].steps = [0] * 6
    return state


def trip_over(state: LetsGoState) -> dict:
    """Run the trip (your week needs no decisions); the agent's breakdown."""
    start_trip(state)
    advance_trip(state)
    assert state.phase == OVER
    result = state.result
    assert result is not None
    return dict(result.breakdown[YOU]["travel_agent"])


EMPTY_WEEK_ENERGY = 1 + 2 + 3 + 3 + 3 + 3  # days without time move the tracker right


# --- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_setup_agent_tokens_start_1_to_6_by_favourable_condition_days(seed: int) -> None:
    """Solo Rules (Example: Travel Agent Setup): the agent's Experience token matching its
    Monday Favourable Condition token starts on 1, Tuesday's on 2, ..., Saturday's on 6."""
    state = make("lets-go-france", players=1).new_game(seed)
    assert isinstance(state, LetsGoState)
    favour = state.favour_at[AGENT]
    assert sorted(favour) == list(range(6))  # one token of each icon, one per day
    agent = state.trips[AGENT].steps
    assert [agent[favour[day]] for day in range(6)] == [1, 2, 3, 4, 5, 6]
    assert state.trips[YOU].steps == [0] * 6
    assert state.days[AGENT] == [[] for _ in DAYS]
    assert state.traveler[AGENT] == -1


# --- passing cards to the travel agent -------------------------------------------------------


def test_passed_card_goes_to_the_agents_monday_and_you_take_a_face_down_card() -> None:
    """Solo Rules: a passed card goes at once into the agent's itinerary (the top of Monday
    first); you take a face-down card from the deck as if you were passed it."""
    state = solo()
    give(state, "fromagerie", "louvre-pyramid")
    top = state.deck.cards[-1]
    act(state, Place("fromagerie", "monday", 0), Done())
    assert agent_week(state) == [["louvre-pyramid"], [], [], [], [], []]
    assert state.days[AGENT][MON] == [(card(state, "louvre-pyramid"), False)]  # face up
    assert state.stacks[YOU] == [top]
    # Round 2 draws from the deck; round 3 draws the two cards taken face down.
    give(state, "chocolatier", "rue-cler")
    second = state.deck.cards[-1]
    act(state, Place("chocolatier", "tuesday", 0), Done())
    assert agent_week(state)[MON] == ["louvre-pyramid", "rue-cler"]
    assert state.round == 2
    assert sorted(state.hands[YOU]) == sorted([top, second])
    assert state.stacks[YOU] == []


@pytest.mark.parametrize(("choice", "first"), [(0, "steak-frites"), (1, "rue-cler")])
def test_two_passed_cards_you_choose_the_order(choice: int, first: str) -> None:
    """Solo Rules: when you pass 2 cards to the travel agent, you choose their order; you
    take 2 face-down cards."""
    state = solo()
    state.round, state.to_play = 4, 2  # round 5: play 2, pass 2
    fill(state, AGENT, MON, "pantheon", "sainte-chapelle")  # one place left on Monday
    give(state, "fromagerie", "chocolatier", "steak-frites", "rue-cler")
    top, under = state.deck.cards[-1], state.deck.cards[-2]
    act(state, Place("fromagerie", "monday", 0), Place("chocolatier", "monday", 1), Done())
    assert {str(a) for a in state.legal_actions()} == {"choose 0", "choose 1"}
    assert agent_week(state)[MON] == ["pantheon", "sainte-chapelle"]  # not placed yet
    act(state, ChooseCard(choice))
    second = "rue-cler" if first == "steak-frites" else "steak-frites"
    assert agent_week(state)[:2] == [["pantheon", "sainte-chapelle", first], [second]]
    # 2 face-down cards for you: round 6 draws exactly that stack
    assert state.round == 5
    assert sorted(state.hands[YOU]) == sorted([top, under])


def test_agent_week_fills_3_3_3_3_3_4_in_passing_order() -> None:
    """Solo Rules: passed cards fill the agent's itinerary chronologically from the top of
    Monday to the bottom of Saturday: exactly 3 cards Monday to Friday, 4 on Saturday."""
    state = solo(seed=7)
    passed: list[int] = []
    while state.phase == PLAN:
        if state.pending:
            kind = state.pending[0][0]
            if kind == "travel":
                act(state, SkipTravel())
            elif kind == "favour":
                act(state, Favour("skip"))
            elif kind == "agent_order":
                act(state, ChooseCard(0))  # keep the hand's order
            else:
                act(state, state.legal_actions()[0])
        elif state.to_play:
            place = next(a for a in state.legal_actions() if isinstance(a, Place))
            act(state, Place(place.card, place.day, place.slot))
        else:
            passed.extend(state.hands[YOU])
            act(state, Done())
    assert [len(column) for column in state.days[AGENT]] == [3, 3, 3, 3, 3, 4]
    assert [c for column in state.days[AGENT] for c, _ in column] == passed
    assert all(not face_down for column in state.days[AGENT] for _, face_down in column)


def test_agent_next_place_after_full_days() -> None:
    """Solo Rules: Monday to Friday receive exactly 3 cards, Saturday exactly 4."""
    state = solo()
    for day in range(5):
        fill(state, AGENT, day, "pantheon", "pantheon", "pantheon")
    fill(state, AGENT, SAT, "pantheon", "pantheon", "pantheon")
    give(state, "fromagerie", "rue-cler")
    act(state, Place("fromagerie", "monday", 0), Done())
    assert agent_week(state)[SAT] == ["pantheon", "pantheon", "pantheon", "rue-cler"]
    assert [len(column) for column in state.days[AGENT]] == [3, 3, 3, 3, 3, 4]


# --- the agent's Favourable Condition tokens and bonuses --------------------------------------


def test_agent_favourable_condition_flips_on_a_matching_icon() -> None:
    """Solo Rules: a card played for the agent with 1+ icons matching its Favourable Condition
    token for that day flips it to the 2 side; nothing else (no reward row, no bonus)."""
    state = solo()
    state.favour_at[AGENT] = [FOOD, ARCH, ART, HIST, NATURE, SHOP]
    steps = list(state.trips[AGENT].steps)
    give(state, "fromagerie", "michelin-starred-dinner")  # Food, Food: still one flip
    act(state, Place("fromagerie", "monday", 0), Done())
    assert state.flipped[AGENT] == [False, False, True, False, False, False]
    assert state.favour_at[AGENT][MON] == FOOD  # the token stays on its day
    assert state.rows[AGENT] == [0, 0, 0] and state.moved[AGENT] == []
    assert state.points[AGENT] == 0 and state.trips[AGENT].steps == steps
    assert state.pending == []


def test_agent_favourable_condition_no_flip_without_a_match() -> None:
    """Solo Rules: only a matching icon flips the token; it only flips once."""
    state = solo()
    state.favour_at[AGENT] = [FOOD, ARCH, ART, HIST, NATURE, SHOP]
    give(state, "fromagerie", "louvre-pyramid")  # Architecture on Monday (Food)
    act(state, Place("fromagerie", "monday", 0), Done())
    assert state.flipped[AGENT] == [False] * 6
    give(state, "chocolatier", "rue-cler")  # Food on Monday: flip
    act(state, Place("chocolatier", "monday", 0), Done())
    give(state, "chocolatier", "steak-frites")  # Food again: already on the 2 side
    act(state, Place("chocolatier", "monday", 0), Done())
    assert state.flipped[AGENT] == [False, False, True, False, False, False]
    assert state.rows[AGENT] == [0, 0, 0]


def test_agent_never_travels_but_keeps_research_bonuses() -> None:
    """Solo Rules: the agent gains no Travel bonuses (it never places a Traveler token) but
    does gain Research token bonuses from the top of cards."""
    state = solo()
    give(state, "fromagerie", "gare-saint-lazare")  # double Travel
    act(state, Place("fromagerie", "monday", 0), Done())
    give(state, "chocolatier", "pantheon")  # a Research token
    act(state, Place("chocolatier", "monday", 0), Done())
    assert state.traveler[AGENT] == -1 and state.explored[AGENT] == []
    assert state.trips[AGENT].research == 1
    assert state.pending == []


# --- Solo Scoring -----------------------------------------------------------------------------


def test_agent_highlights_are_activated_and_scored_twice() -> None:
    """Solo Scoring: the agent's itinerary is scored as normal, then each Highlight is
    activated and scored a second time (Baguette: Food 2 and 6 points again)."""
    state = at_trip()
    fill(state, AGENT, MON, "baguette")
    agent = trip_over(state)
    trip = state.trips[AGENT]
    assert trip.steps[FOOD] == 1 + 2 + 2
    assert trip.day_points[MON] == 1 + 6 + 6
    assert trip.days[MON].time == 2 and trip.day_energy_points[MON] == 1
    assert agent["days"] == 13
    assert agent["experience"] == 3  # Food on 5


def test_agent_wild_tokens_move_its_farthest_token() -> None:
    """Solo Scoring: a Highlight's Wild token moves the agent's farthest token 1 space
    instead (twice: the Highlight is activated twice)."""
    state = at_trip()
    state.trips[AGENT].steps = [0, 0, 0, 0, 0, 5]
    fill(state, AGENT, MON, "louvre-pyramid")  # Architecture; 2 points and a Wild token
    trip_over(state)
    trip = state.trips[AGENT]
    assert trip.steps == [1, 0, 0, 0, 0, 7]
    assert trip.wild == 0
    assert trip.day_points[MON] == 2 + 2 + 2


def test_agent_scores_2_per_flipped_favourable_condition() -> None:
    """Solo Scoring: 2 points per Favourable Condition token flipped to the 2 side."""
    state = at_trip()
    state.flipped[AGENT][ARCH] = state.flipped[AGENT][NATURE] = True
    agent = trip_over(state)
    assert agent["favourable_conditions"] == 4


def test_agent_scores_2_per_travel_icon() -> None:
    """Solo Scoring: 2 points per Travel icon (single and double) in its itinerary."""
    state = at_trip()
    fill(state, AGENT, MON, "la-defense-grande-arche", "pantheon")  # Travel; Research
    fill(state, AGENT, TUE, "gare-saint-lazare")  # double Travel
    agent = trip_over(state)
    assert agent["travel_icons"] == 2 * 3


def test_agent_total() -> None:
    """Solo Scoring: its days, energy, Experience Track, flips and Travel icons add up."""
    state = at_trip()
    state.flipped[AGENT][FOOD] = True
    fill(state, AGENT, MON, "la-defense-grande-arche", "baguette")
    agent = trip_over(state)
    # Monday: 0 + 1 + 6 + 6 points; 1 + 1 + 1 time: energy 1; Architecture 1, Food 5.
    assert agent["days"] == 13
    assert agent["energy"] == EMPTY_WEEK_ENERGY
    assert agent["experience"] == 3
    assert agent["total"] == 13 + EMPTY_WEEK_ENERGY + 3 + 2 + 2
    assert agent["advanced_traveler"] == 0


def test_agent_leftover_research_tokens_score_as_normal() -> None:
    """Solo Scoring: the agent's itinerary is scored "as normal" (Final Score: leftover
    Research tokens 1 point each), and it does gain Research token bonuses."""
    state = at_trip()
    state.trips[AGENT].research = 2
    agent = trip_over(state)
    assert agent["total"] == EMPTY_WEEK_ENERGY + 2, "the agent's Research tokens are not scored"


@pytest.mark.parametrize(("advanced", "points"), [(False, 0), (True, 1 * 6)])
def test_advanced_traveler_lowest_times_highest(advanced: bool, points: int) -> None:
    """Advanced Traveler Mode: the agent also scores its lowest icon times its highest."""
    state = at_trip(advanced_traveler=advanced)
    state.trips[AGENT].steps = [1, 2, 3, 4, 5, 6]
    agent = trip_over(state)
    assert agent["advanced_traveler"] == points
    assert agent["total"] == EMPTY_WEEK_ENERGY + (0 + 1 + 1 + 3 + 3 + 3) + points


@pytest.mark.parametrize(("yours", "winners"), [(10, ()), (11, ()), (12, (YOU,))])
def test_you_win_only_with_more_points_than_the_agent(yours: int, winners: tuple) -> None:
    """Solo Rules: you compete against the travel agent: a tie is not a win."""
    state = at_trip()
    state.trips[AGENT].steps = [1, 2, 3, 4, 5, 6]  # 11 experience points
    state.points[YOU] = yours
    trip_over(state)
    result = state.result
    assert result is not None
    assert result.scores == (EMPTY_WEEK_ENERGY + yours,)
    assert result.breakdown[YOU]["travel_agent"]["total"] == EMPTY_WEEK_ENERGY + 11
    assert result.winners == winners
