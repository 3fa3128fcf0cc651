"""The `heuristic` Let's Go! To France bot: legal, deterministic, far above random, sensible."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import tabletrip
import tabletrip.bots
from tabletrip.bots import Bot, RandomBot
from tabletrip.games.lets_go_france.actions import ChooseIcon, Favour, Place, SpendWild, Travel
from tabletrip.games.lets_go_france.bot_plans import pick_icon, smooth_points
from tabletrip.games.lets_go_france.bots import (
    HeuristicBot,
    best_wild_spend,
    icon_chooser,
    track_tables,
)
from tabletrip.games.lets_go_france.content import DAYS, ICONS
from tabletrip.games.lets_go_france.phases import TRIP, Owed, Pending
from tabletrip.games.lets_go_france.rules import LetsGoState
from tabletrip.games.lets_go_france.scoring import FLIP

ARCH, ART, FOOD, HIST, NATURE, SHOP = range(6)


def new_state(players: int, seed: int = 0, **options: object) -> LetsGoState:
    state = tabletrip.make("lets-go-france", players=players, **options).new_game(seed)
    assert isinstance(state, LetsGoState)
    return state


def play(state: LetsGoState, bots: list[Bot], check: bool = False) -> LetsGoState:
    """Play to the end; with `check`, every action is one of the legal actions."""
    while not state.is_over:
        action = bots[state.current_player].act(state)
        if check:
            assert action in state.legal_actions(), (str(action), state.pending)
        state.apply(action)
    return state


def heuristic_game(players: int, seed: int, check: bool = False, **options: object) -> LetsGoState:
    bots: list[Bot] = [HeuristicBot(seed=seed * 10 + s) for s in range(players)]
    return play(new_state(players, seed, **options), bots, check)


def give(state: LetsGoState, seat: int, keys: list[str]) -> None:
    """Make `keys` the seat's hand (taken from wherever they are)."""
    index = state.game.card_index
    cards = [index[k] for k in keys]
    for pile in [state.deck.cards, state.deck.discards, *state.hands, *state.stacks]:
        pile[:] = [c for c in pile if c not in cards]
    state.deck.cards.extend(state.hands[seat])  # the old hand goes back to the deck
    state.hands[seat] = cards


def put_token(state: LetsGoState, seat: int, day: int, icon: int) -> None:
    """Put the Favourable Condition token of `icon` on `day` (swapping with the one there)."""
    tokens = state.favour_at[seat]
    other = tokens.index(icon)
    tokens[day], tokens[other] = icon, tokens[day]


# --- registered, legal, deterministic ---------------------------------------------------------


def test_the_heuristic_bot_is_registered_and_is_the_easy_level() -> None:
    assert "heuristic" in tabletrip.bots.names("lets-go-france")
    assert isinstance(tabletrip.bots.make("easy", game="lets-go-france"), HeuristicBot)
    bot = tabletrip.bots.make("heuristic", game="lets-go-france", seed=3)
    assert isinstance(bot, HeuristicBot)


@pytest.mark.parametrize("region", ["loire-valley", "sud-ouest"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_only_legal_actions_over_whole_games(players: int, region: str) -> None:
    state = heuristic_game(players, seed=players, check=True, region=region)
    assert state.result is not None
    scores = state.result.scores
    assert all(score > 60 for score in scores)


@pytest.mark.parametrize("region", ["provence-alpes-cote-dazur", "brittany-normandy"])
def test_legal_among_random_players_and_the_other_goal_tiles(region: str) -> None:
    """Random players make odd positions; these regions' goals ask for cards and opponents."""
    bots: list[Bot] = [RandomBot(seed=1), HeuristicBot(seed=2), RandomBot(seed=3)]
    play(new_state(3, seed=11, region=region), bots, check=True)


def test_legal_in_advanced_traveler_solo() -> None:
    play(new_state(1, seed=4, advanced_traveler=True), [HeuristicBot(seed=4)], check=True)


def test_deterministic_for_a_seed() -> None:
    first = heuristic_game(2, seed=5)
    second = heuristic_game(2, seed=5)
    assert list(first.history) == list(second.history)
    assert first.result == second.result


# --- strength ---------------------------------------------------------------------------------


def test_beats_the_random_bot() -> None:
    """Two players, seats alternated: the heuristic scores more in at least 18 of 20 games."""
    better = 0
    for seed in range(20):
        seat = seed % 2
        bots: list[Bot] = [RandomBot(seed=seed), RandomBot(seed=seed + 1)]
        bots[seat] = HeuristicBot(seed=seed)
        scores = play(new_state(2, seed=100 + seed), bots).result.scores  # type: ignore[union-attr]
        better += scores[seat] > scores[1 - seat]
    assert better >= 18


def test_beats_the_travel_agent_more_often_than_random_does() -> None:
    wins = {"heuristic": 0, "random": 0}
    for seed in range(8):
        for name, bot in (("heuristic", HeuristicBot(seed=seed)), ("random", RandomBot(seed=seed))):
            result = play(new_state(1, seed=300 + seed), [bot]).result
            assert result is not None
            wins[name] += bool(result.winners)
    assert wins["heuristic"] >= 6
    assert wins["heuristic"] > wins["random"]


# --- small positions --------------------------------------------------------------------------


def test_a_strong_highlight_goes_to_the_bottom_of_its_day() -> None:
    """Each day holds one plain card: the Baguette's Highlight (6 points, 2 Food) belongs at
    the bottom, not tucked under the card already there."""
    state = new_state(2, seed=1)
    index = state.game.card_index
    give(state, 0, ["baguette", "place-vendome"])
    fill = ["sainte-chapelle", "haussmann-boulevards", "galerie-vivienne", "chocolatier"]
    fill += ["jardin-des-tuileries", "rue-cler"]
    for day, key in enumerate(fill):
        state.deck.cards.remove(index[key])
        state.days[0][day] = [(index[key], False)]
    state.favour_at[0] = [-1] * len(DAYS)  # no Favourable Condition bonus in the way
    action = HeuristicBot(seed=0).act(state)
    assert isinstance(action, Place)
    assert (action.card, action.explore) == ("baguette", False)
    assert action.slot == 1  # under the card already there: the bottom


def test_an_empty_week_takes_a_strong_highlight_too() -> None:
    state = new_state(2, seed=2)
    give(state, 0, ["baguette", "place-vendome"])
    state.favour_at[0] = [-1] * len(DAYS)
    action = HeuristicBot(seed=0).act(state)
    assert isinstance(action, Place)
    assert (action.card, action.slot, action.explore) == ("baguette", 0, False)


def test_takes_a_favourable_condition_bonus_when_offered() -> None:
    """Early in the game it flips the token; once flipped, it moves it to a reward row."""
    state = new_state(2, seed=3)
    give(state, 0, ["steak-frites", "place-vendome"])
    put_token(state, 0, 2, FOOD)
    state.apply(Place("steak-frites", "wednesday", 0))
    assert state.pending == [Pending(Owed.FAVOUR, 2)]
    bot = HeuristicBot(seed=0)
    assert bot.act(state) == Favour("flip")

    state = new_state(2, seed=3)
    give(state, 0, ["steak-frites", "place-vendome"])
    put_token(state, 0, 2, FOOD)
    state.flipped[0][FOOD] = True
    state.apply(Place("steak-frites", "wednesday", 0))
    action = bot.act(state)
    assert isinstance(action, Favour) and action.choice == "row"


def test_its_first_travel_goes_to_a_starting_space() -> None:
    state = new_state(2, seed=4)
    key = state.game.activities[state.hands[0][0]].key
    state.apply(Place(key, "monday", 0, explore=True))
    assert state.pending == [Pending(Owed.TRAVEL)]
    action = HeuristicBot(seed=0).act(state)
    assert isinstance(action, Travel)
    starts = {s.id for s in state.game.region.spaces if s.start}
    assert action.space in starts
    state.apply(action)
    assert state.traveler[0] >= 0


def test_spends_a_wild_token_where_it_reaches_a_threshold() -> None:
    """Before Saturday (the last Wild window) with Architecture on 6: 7 scores 6, not 3."""
    state = new_state(2, seed=5)
    state.phase = TRIP
    state.seat = 0
    state.days[0] = [[] for _ in DAYS]
    state.trip_day, state.trip_step = 5, 1
    state.pending = [Pending(Owed.WILD_WINDOW)]
    trip = state.trips[0]
    trip.steps = [6, 1, 3, 0, 8, 2]
    trip.wild = 1
    assert HeuristicBot(seed=0).act(state) == SpendWild("architecture")


def test_the_longest_run_goal_names_the_icon_of_the_longest_run() -> None:
    state = new_state(2, seed=6, region="sud-ouest")
    index = state.game.card_index
    state.phase = TRIP
    state.seat = 0
    days = [[] for _ in DAYS]
    days[0] = ["jardin-des-tuileries", "parc-andre-citroen", "square-du-vert-galant"]
    days[1] = ["baguette", "chocolatier"]
    state.days[0] = [[(index[key], False) for key in column] for column in days]
    state.trip_day, state.trip_step = len(DAYS) + 1, 0
    state.pending = [Pending(Owed.GOAL_ICON)]
    assert HeuristicBot(seed=0).act(state) == ChooseIcon("nature")


# --- helpers ----------------------------------------------------------------------------------


def test_wild_tokens_go_where_they_add_the_most_points() -> None:
    thresholds = tabletrip.make("lets-go-france", players=2).board.experience_points
    assert best_wild_spend([6, 1, 3, 0, 8, 2], 1, thresholds) == [7, 1, 3, 0, 8, 2]
    assert best_wild_spend([6, 1, 3, 0, 8, 2], 2, thresholds) == [7, 1, 4, 0, 8, 2]
    assert best_wild_spend([6, 1], 0, thresholds) == [6, 1]


def test_icons_go_to_the_token_nearest_its_next_threshold() -> None:
    thresholds = tabletrip.make("lets-go-france", players=2).board.experience_points
    assert ICONS[pick_icon([6, 1, 3, 0, 8, 2], range(6), thresholds)] == "architecture"
    assert pick_icon([0, 0, 0, 0, 0, 0], [2, 4], thresholds) == 2
    assert smooth_points(0, thresholds) == 0
    assert smooth_points(7, thresholds) == 6
    assert smooth_points(3, thresholds) == 2
    assert smooth_points(20, thresholds) == 20


def test_the_fast_icon_chooser_picks_as_pick_icon() -> None:
    """The bot's table-driven icon choice agrees with `pick_icon` on every track position."""
    thresholds = tabletrip.make("lets-go-france", players=2).board.experience_points
    _, gaps = track_tables(thresholds)
    rnd = random.Random(8)
    for _ in range(2000):
        steps = [rnd.randrange(2 * FLIP + 3) for _ in ICONS]
        candidates = sorted(rnd.sample(range(len(ICONS)), rnd.randrange(1, len(ICONS) + 1)))
        choose = icon_chooser(SimpleNamespace(steps=steps), gaps)  # type: ignore[arg-type]
        assert choose("test", candidates) == pick_icon(steps, candidates, thresholds)


def test_a_step_back_is_paid_with_the_token_that_loses_least() -> None:
    """Map Icons, "Move an Experience Icon Back 1 Space": the bot pays with the token whose
    step back costs the least on its smoothed track (History on 1, below any threshold, not
    Food on 5 nor Art on 9, a step from its flip), then its Traveler follows the path."""
    state = new_state(2, seed=3, region="loire-valley")
    state.traveler[0] = state.game.space_index["azay-le-rideau"]
    state.single_done[0] = True
    state.trips[0].steps = [0, 9, 5, 1, 0, 0]
    state.apply(state.game.parse_action("dotted saumur", state))
    action = HeuristicBot(seed=1).act(state)
    assert action in state.legal_actions()
    assert action == ChooseIcon("history")
    state.apply(action)
    assert state.traveler[0] == state.game.space_index["saumur"]
