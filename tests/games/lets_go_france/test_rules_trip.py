"""Let's Go! To France, the final round through the engine ("Final Round: Going to Paris!",
the worked examples, "Card and Goal Tile Clarifications", "Final Score").

Each test names the rulebook section it checks (../shared/rules/lets-go-to-france.txt).
Situations are built at the end of planning by setting the state's plain fields (the days'
columns of real cards by id, tokens, goal tiles reached), then `moves.start_trip` and
`moves.advance_trip`; the trip's decisions are answered with actions through `apply`.
"""

from __future__ import annotations

import pytest

from tabletrip import make
from tabletrip.core import Action
from tabletrip.games.lets_go_france.actions import ChooseCard, ChooseIcon, Done, SpendWild
from tabletrip.games.lets_go_france.content import DAYS, ICONS
from tabletrip.games.lets_go_france.moves import advance_trip, score_highlight_again, start_trip
from tabletrip.games.lets_go_france.phases import OVER, TRIP, Owed
from tabletrip.games.lets_go_france.rules import LetsGoState

ARCH, ART, FOOD, HIST, NATURE, SHOP = range(6)
MON, TUE, WED, THU, FRI, SAT = range(6)


# --- building exact situations ----------------------------------------------------------------


def planned(players: int = 2, region: str = "loire-valley") -> LetsGoState:
    """A new game emptied to the end of planning: no hands, no stacks, empty weeks, no goal."""
    state = make("lets-go-france", players=players, region=region).new_game(0)
    assert isinstance(state, LetsGoState)
    state.round = len(state.game.board.rounds)
    state.hands = [[] for _ in state.hands]
    state.stacks = [[] for _ in state.stacks]
    state.days = [[[] for _ in DAYS] for _ in state.days]
    state.pending = []
    return state


def explore(key: str) -> tuple[str, bool]:
    """A card played face down to Explore the City."""
    return (key, True)


def put(state: LetsGoState, seat: int, day: int, *cards: str | tuple[str, bool]) -> None:
    """A day's column, top first, of real cards by id (`explore(id)`: face down)."""
    index = state.game.card_index
    column = []
    for entry in cards:
        key, face_down = entry if isinstance(entry, tuple) else (entry, False)
        column.append((index[key], face_down))
    state.days[seat][day] = column


def go(state: LetsGoState) -> LetsGoState:
    """Planning is over: the trip runs to its first decision."""
    start_trip(state)
    advance_trip(state)
    return state


def act(state: LetsGoState, *actions: Action) -> None:
    """Answer the trip's decisions (each checked for legality by `apply`)."""
    for action in actions:
        state.apply(action)


def legal(state: LetsGoState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def icons(*names: int) -> set[str]:
    return {f"icon {ICONS[i]}" for i in names}


def wilds() -> set[str]:
    return {f"wild {icon}" for icon in ICONS}


def steps(state: LetsGoState, seat: int = 0) -> list[int]:
    return state.trips[seat].steps


def breakdown(state: LetsGoState, seat: int = 0) -> dict:
    assert state.phase == OVER, "the trip should be over"
    result = state.result
    assert result is not None
    return dict(result.breakdown[seat])


# --- Final Round: Going to Paris! -------------------------------------------------------------


def test_trip_goes_seat_by_seat_monday_to_saturday() -> None:
    """Final Round: Going to Paris!: each player's itinerary in order from Monday to Saturday."""
    state = planned(players=2)
    put(state, 0, MON, "parc-monceau")  # a tie for the lowest: a decision on seat 0's Monday
    put(state, 1, TUE, "patisserie-tasting")  # an icon of your choice on seat 1's Tuesday
    go(state)
    assert state.phase == TRIP
    assert (state.current_player, state.trip_day) == (0, MON)
    assert state.trips[0].day_points == [] and state.trips[1].day_points == []
    act(state, ChooseIcon("art"))
    assert (state.current_player, state.trip_day) == (1, TUE)
    assert len(state.trips[0].day_points) == 6  # seat 0's whole week is done
    assert state.trips[1].day_points == [0]  # seat 1: Monday (empty) done, Tuesday underway
    act(state, ChooseIcon("nature"))
    assert state.phase == OVER


def test_a_day_resolves_in_the_four_steps_in_order() -> None:
    """Final Round: 1. Experience Track Movement, 2. Highlight bonuses, 3. Points,
    4. Time -> Energy Tracker. The Highlight's lowest icon already sees the day's icons;
    points and energy come after it."""
    state = planned()
    put(state, 0, MON, "catacombs-of-paris", "parc-monceau")  # history; nature + lowest
    go(state)
    # Step 1 moved History and Nature: the lowest are the other four, tied.
    assert steps(state) == [0, 0, 0, 1, 1, 0]
    assert legal(state) == icons(ARCH, ART, FOOD, SHOP)
    # Steps 3 and 4 wait for the Highlight.
    assert state.trips[0].day_points == [] and state.trips[0].energy == 0
    act(state, ChooseIcon("art"))
    trip = state.trips[0]
    assert trip.steps == [0, 1, 0, 1, 1, 0]
    assert trip.day_points[MON] == 4 + 1 + 2  # Catacombs 4, Parc Monceau 1 + its Highlight 2
    assert trip.days[MON].time == 3 + 1  # up to 6 time: one space right
    assert trip.day_energy_points[MON] == 1


def test_camilles_monday_scores_10_points_and_energy_1() -> None:
    """Example: Monday Scoring: Arc de Triomphe, Museum of Arts and Crafts, Baguette:
    Architecture +1, History +2, Food +1 then +2; 2 + 1 + 7 = 10 points; 6 time: energy 1."""
    state = planned()
    put(state, 0, MON, "arc-de-triomphe", "museum-of-arts-and-crafts", "baguette")
    go(state)
    trip = state.trips[0]
    assert trip.day_points[MON] == 10
    assert trip.days[MON].time == 6
    assert trip.day_energy_points[MON] == 1
    assert trip.steps[ARCH] == 1 and trip.steps[HIST] == 2 and trip.steps[FOOD] == 3


def test_antoines_experience_track_scores_33() -> None:
    """Example: Experience Track Scoring: Shopping 0, History 1, Food 3, Architecture 6,
    Nature 10 (reached 10 and flipped), Art 13 (flipped, then the 4 space): 33."""
    state = planned()
    # Tokens moved during planning (map spaces, rewards); the trip's last card does the rest.
    state.trips[0].steps = [8, 12, 5, 3, 9, 1]
    put(state, 0, MON, "musee-marmottan-monet")  # Art at the top; Art and Nature below
    go(state)
    assert steps(state) == [8, 14, 5, 3, 10, 1]
    assert breakdown(state)["experience"] == 33


def test_the_golden_rule_walk_along_the_seine() -> None:
    """3. Points and The Golden Rule: Walk Along the Seine at the bottom of Wednesday scores
    the pairs of Shopping and Nature from Monday to the end of Wednesday, its own icon
    included; icons of later days (and Wild tokens spent later) never add to it."""
    state = planned()
    state.trips[0].wild = 1
    put(state, 0, MON, "le-bon-marche")  # Shopping 1 + 2 from its Highlight
    put(state, 0, TUE, "jardin-des-tuileries")  # Nature 1 + 1 from its Highlight
    put(state, 0, WED, "walk-along-the-seine")  # Nature: 3 Shopping, 3 Nature
    put(state, 0, THU, "marche-aux-fleurs")  # Shopping, Nature, Nature
    go(state)
    act(state, Done(), Done(), Done())  # keep the Wild token through Monday to Wednesday
    act(state, SpendWild("shopping"))  # before Thursday
    trip = state.trips[0]
    assert trip.day_points[WED] == 2 + 2 * 3
    assert trip.steps[SHOP] == 5 and trip.steps[NATURE] == 5
    assert trip.day_points[WED] == 8


# --- Card and Goal Tile Clarifications ---------------------------------------------------------


def test_sets_moulin_rouge() -> None:
    """Clarifications, Sets: Moulin Rouge, 2 points per set of Art and Food; Art on 3 and
    Food on 2 make 2 sets (its own Art counted)."""
    state = planned()
    put(
        state,
        0,
        MON,
        "belleville-street-art",
        "place-du-tertre",
        "chocolatier",
        "rue-cler",
        "moulin-rouge",
    )
    go(state)
    assert steps(state)[ART] == 3 and steps(state)[FOOD] == 2
    assert state.trips[0].day_points[MON] == (2 + 1 + 1 + 2 + 3) + 2 * 2


def test_days_with_4_different_icons_arc_de_triomphe() -> None:
    """Clarifications, Days with 4 Different Icons: Arc de Triomphe counts icons gained from
    a Highlight, not from Wild tokens or icons of your choice."""
    state = planned()
    state.trips[0].wild = 1
    put(state, 0, MON, "galeries-lafayette", "les-deux-magots")  # shop, arch, food + art below
    put(state, 0, TUE, "rue-mouffetard")  # food, shopping, history + an icon of your choice
    put(state, 0, WED, "arc-de-triomphe")
    go(state)
    act(state, Done())  # Monday: keep the Wild token
    act(state, SpendWild("art"))  # before Tuesday: Art does not make Tuesday a 4-icon day
    act(state, ChooseIcon("nature"))  # nor does the icon of your choice
    assert state.trips[0].day_points[WED] == 2 + 6 * 1  # Monday only


def test_days_with_sets_of_icons_eiffel_tower() -> None:
    """Clarifications, Days with Sets of Icons: Eiffel Tower, 5 points per day with 2+
    Architecture on cards; icons gained from Highlights do count."""
    state = planned()
    put(state, 0, MON, "notre-dame-de-paris")  # Architecture + Architecture from its Highlight
    put(state, 0, TUE, "sainte-chapelle")  # one Architecture: not a set
    put(state, 0, WED, "sacre-coeur", "eiffel-tower")  # two Architecture
    go(state)
    assert state.trips[0].day_points[WED] == 3 + 3 + 5 * 2


def test_days_with_less_than_6_time_musee_rodin() -> None:
    """Clarifications, Days with <6 Time: Musée Rodin counts time gained from Highlights
    (Baguette's makes Monday 6, not under 6)."""
    state = planned()
    put(state, 0, MON, "catacombs-of-paris", "chocolatier", "baguette")  # 3 + 1 + 1 + 1 = 6
    put(state, 0, TUE, "musee-rodin")  # 2
    go(state)
    trip = state.trips[0]
    assert trip.days[MON].time == 6
    assert trip.day_points[TUE] == 2 + 4 * 1


def test_time_spent_canal_saint_martin() -> None:
    """Clarifications, Time Spent: Canal Saint-Martin, 1 point per time on cards that gain
    Nature, the Highlight's time and icons included; cards without Nature do not count."""
    state = planned()
    put(state, 0, MON, "seine-dinner-cruise")  # Nature at the top, 3 time + 1 below: 4
    put(state, 0, TUE, "sacre-coeur")  # Nature from its Highlight: 2
    put(state, 0, WED, "catacombs-of-paris", "canal-saint-martin")  # History: no; itself: 1
    go(state)
    assert state.trips[0].day_points[WED] == 4 + 1 + (4 + 2 + 1)


def test_number_of_icons_today_musee_de_l_orangerie() -> None:
    """Clarifications, Number of Icons Today: Musée de l'Orangerie, 3 points per Art today;
    icons from Wild tokens do not count."""
    state = planned()
    state.trips[0].wild = 1
    put(state, 0, MON, "place-du-tertre", "musee-de-l-orangerie")
    go(state)
    act(state, SpendWild("art"))
    trip = state.trips[0]
    assert trip.steps[ART] == 3
    assert trip.day_points[MON] == 1 + 0 + 3 * 2


def test_3_plus_time_cards_musee_carnavalet() -> None:
    """Clarifications, 3+ Time Cards: Musée Carnavalet gains 1 time today, then 4 points per
    card with 3+ time; Highlight time counts and the card counts itself."""
    state = planned()
    put(state, 0, MON, "catacombs-of-paris")  # 3 time
    put(state, 0, TUE, "chocolatier", "musee-carnavalet")  # 1; 2 + 1
    go(state)
    trip = state.trips[0]
    assert trip.days[TUE].time == 1 + 2 + 1
    assert trip.day_points[TUE] == 1 + 2 + 4 * 2


def test_favourable_condition_tokens_palais_de_tokyo() -> None:
    """Clarifications, Favorable Condition Tokens: Palais de Tokyo gains 1 time, then 2 points
    per token on the 2 side that gained a bonus; flipped but not moved does not count."""
    state = planned()
    state.flipped[0][ARCH] = True  # flipped and moved: counts
    state.flipped[0][FOOD] = True  # flipped, not moved
    state.moved[0] = [ARCH, HIST]  # History moved without flipping
    put(state, 0, MON, "palais-de-tokyo")
    go(state)
    trip = state.trips[0]
    assert trip.days[MON].time == 2 + 1
    assert trip.day_points[MON] == 2 + 2 * 1
    assert breakdown(state)["favourable_conditions"] == 2


def test_points_for_tokens_shakespeare_and_company() -> None:
    """Clarifications, Points for Tokens: Shakespeare and Company gains 2 Research tokens, then
    1 point per unspent Research token, which are kept (and score 1 each at the end)."""
    state = planned()
    state.trips[0].research = 1
    put(state, 0, MON, "shakespeare-and-company")
    go(state)
    assert state.trips[0].day_points[MON] == 0 + 3
    assert breakdown(state)["research_tokens"] == 3


def test_lowest_icon_jardin_du_luxembourg_with_wild_tokens_between() -> None:
    """Clarifications, Lowest Icon: Jardin du Luxembourg gains the lowest icon three times,
    choosing among ties, Wild tokens usable between the gains, then 2 points per lowest."""
    state = planned()
    state.trips[0].steps = [1, 1, 1, 1, 0, 1]
    state.trips[0].wild = 1
    put(state, 0, MON, "jardin-du-luxembourg")
    go(state)
    act(state, Done())  # not before the day
    assert steps(state) == [1] * 6
    assert legal(state) == icons(*range(6)) | wilds()  # a tie of six, or a Wild token
    act(state, ChooseIcon("architecture"))
    act(state, SpendWild("art"))  # between the first and second gains
    assert legal(state) == icons(FOOD, HIST, NATURE, SHOP)  # no Wild token left
    act(state, ChooseIcon("food"))
    assert legal(state) == icons(HIST, NATURE, SHOP)
    act(state, ChooseIcon("history"))
    trip = state.trips[0]
    assert trip.steps == [2, 2, 2, 2, 1, 1]
    assert trip.wild == 0
    assert trip.day_points[MON] == 1 + 2 * 1


def test_unique_lowest_token_moves_by_itself() -> None:
    """2. Highlight bonuses, Lowest Experience token icon: with no tie, no choice is asked."""
    state = planned()
    state.trips[0].steps = [1, 1, 1, 0, 1, 1]
    put(state, 0, MON, "parc-monceau")
    go(state)
    assert state.phase == OVER
    assert steps(state) == [1, 1, 1, 1, 2, 1]


# --- "Highlight of the Day" bonuses ------------------------------------------------------------


def test_highlight_experience_icons() -> None:
    """2. Highlight bonuses, Experience Track icons: gained as in step 1 (Basilica of
    Saint-Denis: History twice); a Highlight covered by a later card gives nothing."""
    state = planned()
    put(state, 0, MON, "basilica-of-saint-denis")
    put(state, 0, TUE, "les-invalides", "catacombs-of-paris")
    go(state)
    # Monday: History, Architecture + History, History below; Tuesday: Les Invalides (History
    # twice, covered Highlight), Catacombs (History, its Highlight gives no icon).
    assert steps(state)[HIST] == 1 + 2 + 2 + 1
    assert steps(state)[ARCH] == 1


def test_highlight_wild_token_is_kept_for_later() -> None:
    """2. Highlight bonuses, Wild token icon: take a Wild token, to discard at any time to move
    a token of your choice."""
    state = planned()
    put(state, 0, MON, "louvre-pyramid")
    put(state, 0, TUE, "fromagerie")
    go(state)
    assert state.trips[0].wild == 1
    assert (state.current_player, state.trip_day) == (0, TUE)
    assert legal(state) == wilds() | {"done"}
    act(state, SpendWild("nature"))
    assert steps(state)[NATURE] == 1 and state.trips[0].wild == 0


def test_highlight_icon_of_your_choice_no_wild_token_instead() -> None:
    """2. Highlight bonuses, Experience token choice icon: move a token of your choice at once;
    a Wild token may NOT be taken instead (nor spent in its place)."""
    state = planned()
    state.trips[0].wild = 1
    put(state, 0, MON, "patisserie-tasting")  # Food; Food and an icon of your choice below
    go(state)
    act(state, Done())
    assert legal(state) == icons(*range(6))
    act(state, ChooseIcon("nature"))
    trip = state.trips[0]
    assert trip.steps == [0, 0, 2, 0, 1, 0]
    assert trip.wild == 1  # no Wild token gained, none spent
    assert trip.day_points[MON] == 1 + 1


def test_highlight_lowest_icon_tie_is_your_choice() -> None:
    """2. Highlight bonuses, Lowest Experience token icon: if tokens tie for the lowest, the
    player chooses which moves (only among the tied ones)."""
    state = planned()
    state.trips[0].steps = [3, 0, 2, 0, 2, 4]
    put(state, 0, MON, "parc-monceau")  # Nature; 2 points and the lowest icon
    go(state)
    assert legal(state) == icons(ART, HIST)
    act(state, ChooseIcon("history"))
    assert steps(state) == [3, 0, 2, 1, 3, 4]
    assert state.trips[0].day_points[MON] == 1 + 2


def test_highlight_energy_icons() -> None:
    """2. Highlight bonuses, Energy Tracker icon: the Highlight moves the tracker (Croissant
    Breakfast right, Caveau de la Huchette left), before the day's time moves it."""
    state = planned()
    put(state, 0, MON, "croissant-breakfast")  # +1, then 1 time: +1
    put(state, 0, TUE, "caveau-de-la-huchette")  # -1, then 2 time: +1
    go(state)
    trip = state.trips[0]
    assert trip.day_energy_points[:2] == [2, 2]
    assert trip.day_points[TUE] == 3 + 5


def test_highlight_research_token_scores_1_at_the_end() -> None:
    """2. Highlight bonuses, Research token icon: take a Research token; it cannot be used now
    and scores 1 point at the end (Museum of Arts and Crafts)."""
    state = planned()
    put(state, 0, MON, "museum-of-arts-and-crafts")
    go(state)
    assert state.trips[0].research == 1
    assert steps(state)[HIST] == 2
    assert breakdown(state)["research_tokens"] == 1


# --- 4. Time -> Energy Tracker --------------------------------------------------------------


def test_energy_tracker_stays_at_3() -> None:
    """4. Time -> Energy Tracker: the token never goes right of the 3 space."""
    state = planned()
    for day in range(6):
        put(state, 0, day, "croissant-breakfast")  # +1 from the Highlight, +1 from 1 time
    go(state)
    trip = state.trips[0]
    assert trip.day_energy_points == [2, 3, 3, 3, 3, 3]
    assert trip.energy == 3


def test_energy_tracker_stays_at_minus_3() -> None:
    """4. Time -> Energy Tracker: the token never goes left of the -3 space."""
    state = planned()
    for day in (MON, TUE, WED):
        # 4 + 3 + 2 = 9 time: one space left; Caveau de la Huchette's Highlight: one more
        put(state, 0, day, "rungis-market", "catacombs-of-paris", "caveau-de-la-huchette")
    go(state)
    trip = state.trips[0]
    assert [d.time for d in trip.days[:3]] == [9, 9, 9]
    assert trip.day_energy_points[:3] == [-2, -3, -3]


# --- Wild tokens ------------------------------------------------------------------------------


def test_wild_tokens_are_spent_before_a_day() -> None:
    """2. Highlight bonuses, Wild token icon / 3. Points: Wild tokens can be spent at any time
    (here before each day) to move a token of your choice; `done` keeps the rest."""
    state = planned()
    state.trips[0].wild = 2
    put(state, 0, MON, "fromagerie")
    put(state, 0, TUE, "fromagerie")
    go(state)
    assert (state.trip_day, legal(state)) == (MON, wilds() | {"done"})
    act(state, SpendWild("art"))
    assert state.trip_day == MON and legal(state) == wilds() | {"done"}
    act(state, Done())
    assert state.trip_day == TUE and steps(state)[FOOD] == 2  # Monday resolved
    act(state, SpendWild("shopping"))  # the last one: the window closes by itself
    trip = state.trips[0]
    assert state.phase == OVER
    assert trip.wild == 0 and trip.steps == [0, 1, 4, 0, 0, 1]


def test_leftover_wild_tokens_score_nothing() -> None:
    """Final Score: leftover Wild tokens score no points."""
    state = planned()
    state.trips[0].wild = 3
    go(state)
    act(state, *[Done()] * 8)  # before each day, then before and after Saturday's goals
    assert state.phase == OVER
    total = breakdown(state)["total"]
    state2 = planned()
    go(state2)
    assert breakdown(state2)["total"] == total


def test_a_wild_token_gained_on_saturday_can_still_be_spent() -> None:
    """2. Highlight bonuses, Wild token icon: "A player can discard a Wild token at any time";
    one gained from Saturday's Highlight must still be usable before Experience Track Scoring
    (here it takes Nature from 9 to 10: 10 points instead of 6)."""
    state = planned()
    state.trips[0].steps = [0, 0, 0, 0, 9, 0]
    put(state, 0, SAT, "louvre-pyramid")
    go(state)
    assert state.trips[0].wild == 1
    assert "wild nature" in legal(state), "the Saturday Wild token is lost unspent"
    act(state, SpendWild("nature"))
    assert breakdown(state)["experience"] == 10


# --- Explore the City -------------------------------------------------------------------------


def test_explore_the_city_scores_1_and_5_more_as_the_highlight() -> None:
    """Explore the City: the card scores 1 point; 5 more if its Highlight is visible. A card
    played face down shows no icons and no time."""
    state = planned()
    put(state, 0, MON, explore("baguette"), explore("musee-du-louvre"))
    put(state, 0, TUE, explore("catacombs-of-paris"), "fromagerie")
    go(state)
    trip = state.trips[0]
    assert trip.day_points[:2] == [1 + 1 + 5, 1 + 2 + 2]
    assert trip.days[MON].time == 0 and trip.days[TUE].time == 1
    assert trip.steps == [0, 0, 2, 0, 0, 0]


# --- Goal tiles -------------------------------------------------------------------------------


def test_goal_loire_valley_scores_tuesdays_highlight_again() -> None:
    """Clarifications, Goal Tiles, End of Tuesday (Loire Valley): score the Tuesday Highlight a
    second time: its icons, tokens and points, no time and nothing from the top of the card."""
    state = planned(region="loire-valley")
    state.double_goal, state.double_done[0] = "tuesday-again", True
    state.trips[0].wild = 1  # a Wild token window before each day shows where the trip is
    put(state, 0, TUE, "patisserie-tasting")  # Food; 1 point, Food, an icon of your choice
    go(state)
    act(state, Done(), Done())  # before Monday, before Tuesday
    act(state, ChooseIcon("art"))  # Tuesday's Highlight
    trip = state.trips[0]
    assert trip.day_points[TUE] == 1 + 1
    assert trip.day_energy_points == [1, 2]  # Monday no time, Tuesday 1 time
    assert (state.trip_day, legal(state)) == (WED, icons(*range(6)))  # the goal, after Tuesday
    act(state, ChooseIcon("history"))  # the goal's icon of your choice
    assert (state.trip_day, legal(state)) == (WED, wilds() | {"done"})  # before Wednesday
    assert trip.steps == [0, 1, 3, 1, 0, 0]  # Food: top 1 + 1 + 1 again (not the top again)
    assert state.points[0] == 1
    assert trip.energy == 2 and len(trip.days) == 2  # no time, no day's energy step
    assert trip.day_points == [0, 2]


def test_goal_loire_valley_with_explore_the_city_on_tuesday() -> None:
    """Goal Tiles (Loire Valley) and Explore the City: a face-down card as Tuesday's Highlight
    scores its 5 Highlight points again."""
    state = planned(region="loire-valley")
    state.double_goal, state.double_done[0] = "tuesday-again", True
    put(state, 0, TUE, explore("baguette"))
    go(state)
    assert state.trips[0].day_points[TUE] == 1 + 5
    assert state.points[0] == 5
    assert state.trips[0].steps == [0] * 6


def test_goal_provence_draws_2_cards_and_scores_one_highlight() -> None:
    """Clarifications, Goal Tiles, End of Saturday (Provence-Alpes-Côte d'Azur): draw 2 cards,
    score the Highlight of 1 of them by your own icons; no top icons, no time."""
    state = planned(region="provence-alpes-cote-dazur")
    state.double_goal, state.double_done[0] = "draw-highlight", True
    index = state.game.card_index
    state.deck.cards += [index["baguette"], index["moulin-rouge"]]  # Moulin Rouge on top
    put(state, 0, MON, "rue-cler")  # Food 2
    put(state, 0, SAT, "belleville-street-art")  # Art 2
    go(state)
    assert state.goal_cards == [index["moulin-rouge"], index["baguette"]]
    assert legal(state) == {"choose 0", "choose 1"}
    act(state, ChooseCard(0))
    assert state.phase == OVER
    assert state.points[0] == 2 * 2  # 2 sets of Art and Food on the track
    assert steps(state)[ART] == 2  # Moulin Rouge's Art at the top is not gained
    assert index["baguette"] in state.deck.discards and index["moulin-rouge"] in state.deck.discards


def test_goal_brittany_scores_an_opponents_saturday_highlight() -> None:
    """Clarifications, Goal Tiles, End of Saturday (Brittany and Normandy): score an opponent's
    Saturday Highlight, by your own icons and tokens."""
    state = planned(players=3, region="brittany-normandy")
    state.double_goal, state.double_done[0] = "opponent-highlight", True
    put(state, 0, MON, "rue-cler")  # Food 2
    put(state, 0, SAT, "belleville-street-art")  # Art 2
    put(state, 1, SAT, "moulin-rouge")
    put(state, 2, SAT, "baguette")
    go(state)
    assert (state.current_player, legal(state)) == (0, {"choose 1", "choose 2"})
    act(state, ChooseCard(1))
    assert state.points[0] == 2 * 2
    assert steps(state)[ART] == 2
    assert state.phase == OVER
    assert state.trips[1].steps == [0, 1, 0, 0, 0, 0]  # seat 1: only its own Moulin Rouge
    assert state.points[1:] == [0, 0]


def test_goal_one_time_cards() -> None:
    """Clarifications, Goal Tiles, End of Saturday: gain 2 points, then 1 point per card with
    exactly 1 time in total; 1+ time in its Highlight disqualifies it (Baguette)."""
    state = planned()
    state.single_goal, state.single_done[0] = "one-time-cards", True
    put(state, 0, MON, "chocolatier", "baguette")  # 1; 1 + 1
    put(state, 0, TUE, "sainte-chapelle", explore("fromagerie"))  # 1; Explore: no time
    put(state, 0, WED, "catacombs-of-paris")  # 3
    go(state)
    assert state.points[0] == 2 + 2


def test_goal_lowest_icon_points() -> None:
    """Clarifications, Goal Tiles, End of Saturday (Loire Valley, lowest icon): 2 points per
    space of the lowest token; a tie scores only one of them."""
    state = planned()
    state.double_goal, state.double_done[0] = "lowest-icon", True
    state.trips[0].steps = [3, 2, 4, 5, 6, 2]
    put(state, 0, SAT, "place-vendome")  # Shopping: 3
    go(state)
    assert state.points[0] == 2 * 2


def test_goal_sud_ouest_longest_run_of_an_icon() -> None:
    """Clarifications, Goal Tiles, End of Saturday (Sud-Ouest): choose an icon, then 3 points
    per card in the longest group of consecutive cards that have it."""
    state = planned(region="sud-ouest")
    state.double_goal, state.double_done[0] = "longest-icon-run", True
    put(state, 0, MON, "musee-du-louvre", "place-du-tertre", "belleville-street-art")
    put(state, 0, TUE, "chocolatier")
    put(state, 0, WED, "sennelier", "comedie-francaise")
    go(state)
    assert (state.trip_day, legal(state)) == (len(DAYS), icons(*range(6)))  # after Saturday
    act(state, ChooseIcon("art"))
    assert state.points[0] == 3 * 3


def test_goals_only_for_the_seat_that_reached_them() -> None:
    """Goal Tiles: a tile scores only for players whose Traveler activated it."""
    state = planned(players=2, region="loire-valley")
    state.double_goal, state.double_done[1] = "tuesday-again", True
    put(state, 0, TUE, "baguette")
    put(state, 1, TUE, "baguette")
    go(state)
    assert state.points == [0, 6]


# --- Final Score ------------------------------------------------------------------------------


def test_final_score_adds_every_step() -> None:
    """Final Score: days, Experience Track, Favourable Condition tokens moved (and flipped),
    Goal tiles and point tokens, leftover Research tokens; Wild tokens nothing."""
    state = planned()
    state.flipped[0][FOOD] = True
    state.moved[0] = [FOOD, ART]  # Food flipped and moved: 2; Art moved only
    state.points[0] = 5  # point tokens from reward rows and the map
    state.trips[0].research = 2
    state.trips[0].wild = 1
    put(state, 0, MON, "arc-de-triomphe", "museum-of-arts-and-crafts", "baguette")
    go(state)
    act(state, *[Done()] * 8)  # before each day, then before and after Saturday's goals
    b = breakdown(state)
    assert b["days"] == 10
    assert b["energy"] == 1 + 2 + 3 + 3 + 3 + 3  # empty days have no time: one space right
    assert b["experience"] == 0 + 0 + 1 + 1 + 0 + 0  # Architecture 1, History 2, Food 3
    assert b["favourable_conditions"] == 2
    assert b["tokens_and_goals"] == 5
    assert b["research_tokens"] == 2  # the Museum's Research Highlight is covered
    assert b["total"] == 10 + 15 + 2 + 2 + 5 + 2


def test_final_score_museum_highlight_covered_gives_no_research() -> None:
    """2. Highlight bonuses apply only to the card at the bottom of the column."""
    state = planned()
    put(state, 0, MON, "arc-de-triomphe", "museum-of-arts-and-crafts", "baguette")
    go(state)
    assert state.trips[0].research == 0


def _tie_game(seat1_monday: str, seat1_points: int) -> LetsGoState:
    state = planned(players=2)
    put(state, 0, MON, "berthillon-ice-cream")  # 2 + 3 points; Food 1
    put(state, 1, MON, seat1_monday)
    state.points[1] = seat1_points
    return go(state)


def test_tie_most_experience_spaces_moved_wins() -> None:
    """Final Score: tied players compare the spaces their 6 tokens moved."""
    # Marché aux Fleurs: 0 + 2 points, Shopping 1 and Nature 2 (1 experience point)
    state = _tie_game("marche-aux-fleurs", 2)
    result = state.result
    assert result is not None
    assert result.scores[0] == result.scores[1] == 5 + 15
    assert [b["experience_moved"] for b in result.breakdown] == [1, 3]
    assert result.winners == (1,)


def test_tie_still_tied_shares_the_victory() -> None:
    """Final Score: if still tied, the trips were equally impressive: a shared victory."""
    state = _tie_game("place-vendome", 2)  # 1 + 2 points, Shopping 1
    result = state.result
    assert result is not None
    assert result.scores == (20, 20)
    assert result.winners == (0, 1)


@pytest.mark.parametrize("more", [0, 1])
def test_most_points_wins(more: int) -> None:
    """Final Score: the player with the most points wins."""
    state = _tie_game("place-vendome", 2 + more)
    result = state.result
    assert result is not None
    assert result.winners == ((1,) if more else (0, 1))


def test_a_wild_token_window_closes_when_its_last_token_went_on_an_earlier_choice() -> None:
    """Icons, Wild token ("discard a Wild token at any time"): a Goal tile scoring a Highlight
    again queues its lowest icons, a Wild token window before its points, then the points.
    Spent on the first lowest icon, the last Wild token leaves nothing to spend in the window:
    it closes by itself rather than offer Wild tokens the seat no longer holds."""
    state = planned()
    state.trips[0].steps = [3, 3, 3, 3, 0, 3]
    state.trips[0].wild = 1
    put(state, 0, MON, "jardin-du-luxembourg")
    go(state)
    state.pending = []
    before = state.points[0]
    score_highlight_again(state, 0, (state.game.card_index["jardin-du-luxembourg"], False))
    kinds = [p.kind for p in state.pending]
    assert kinds == [Owed.LOWEST] * 3 + [Owed.WILD_WINDOW, Owed.SCORE_HIGHLIGHT]
    assert legal(state) == icons(NATURE) | wilds()
    act(state, SpendWild("architecture"))  # then Nature, the lowest, three times by itself
    assert state.trips[0].wild == 0 and state.points[0] > before  # its points were scored
    while state.phase == TRIP:  # the rest of the trip never offers a Wild token
        assert not any(isinstance(a, SpendWild) for a in state.legal_actions())
        state.apply(state.legal_actions()[0])
