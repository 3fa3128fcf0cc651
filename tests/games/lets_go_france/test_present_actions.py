"""Let's Go! To France's legal moves in words (`action_words`): worked examples of every kind of
move, and every move of real games readable, distinct within its decision and the same however
what the seat cannot see is dealt."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletrip
from contract import check_action_words
from tabletrip.core import Rng
from tabletrip.games.lets_go_france.content import REGIONS
from tabletrip.games.lets_go_france.phases import TRIP, Owed, Pending
from tabletrip.games.lets_go_france.present import LetsGoPresentation
from tabletrip.games.lets_go_france.rules import LetsGoState

PRESENTATION = LetsGoPresentation()


def new_state(players: int, region: str = "loire-valley", **options: Any) -> LetsGoState:
    game = tabletrip.make("lets-go-france", players=players, region=region, **options)
    state = game.new_game(seed=3)
    assert isinstance(state, LetsGoState)
    return state


def card(state: LetsGoState, key: str) -> int:
    return state.game.card_index[key]


def space(state: LetsGoState, key: str) -> int:
    return state.game.space_index[key]


def words(state: LetsGoState) -> dict[str, str]:
    """The seat to move's legal moves, notation to words."""
    seat = state.current_player
    observation = state.observation(seat)
    return {
        str(action): PRESENTATION.action_words(state.game, observation, action)
        for action in state.legal_actions()
    }


# --- planning ---------------------------------------------------------------------------------


def test_a_placement_says_the_card_the_day_and_what_the_place_means() -> None:
    """ "Example: Card Placement": tucked under the top card, between two cards, or at the
    bottom as the new Highlight of the Day; face down, Explore the City and a Travel action."""
    state = new_state(2)
    state.hands[0] = [card(state, k) for k in ("baguette", "louvre-pyramid", "velib-bike-ride")]
    state.days[0][0] = [
        (card(state, "eiffel-tower"), False),
        (card(state, "arc-de-triomphe"), True),
    ]
    said = words(state)
    assert said["place baguette monday 0"] == (
        "Play Baguette at the top of Monday, tucked under Eiffel Tower"
    )
    assert said["place baguette monday 1"] == (
        "Play Baguette on Monday, 2nd from the top, between Eiffel Tower and Explore the City "
        "(Arc de Triomphe)"
    )
    assert said["place baguette monday 2"] == (
        "Play Baguette at the bottom of Monday, over Explore the City (Arc de Triomphe), as the "
        "new Highlight of the Day"
    )
    assert said["place baguette tuesday 0"] == "Play Baguette on Tuesday, its first card"
    assert said["explore velib-bike-ride tuesday 0"] == (
        "Play Vélib' Bike Ride face down to Explore the City on Tuesday, its first card, with a "
        "Travel action"
    )
    assert len(set(said.values())) == len(said)


def test_a_research_token_and_its_discards() -> None:
    """ "Use Research Tokens": draw 3 cards, then discard any 3."""
    state = new_state(2)
    state.trips[0].research = 2
    assert words(state)["research"] == (
        "Use a Research token (2 held): draw 3 cards, then discard any 3"
    )
    keys = ("baguette", "louvre-pyramid", "eiffel-tower", "musee-rodin")
    state.hands[0] = [card(state, k) for k in keys]
    state.pending = [Pending(Owed.DISCARD3)]
    said = words(state)
    assert len(said) == 4
    assert said["discard baguette eiffel-tower louvre-pyramid"] == (
        "Discard Baguette, Eiffel Tower and Louvre Pyramid"
    )


@pytest.mark.parametrize(
    ("players", "round_index", "words_said"),
    [
        (3, 0, "Pass Baguette face down to Player 2, on your left"),
        (3, 8, "Pass Baguette face down to Player 3, on your right"),  # from round 8: right
    ],
)
def test_passing_names_the_cards_and_the_neighbour(
    players: int, round_index: int, words_said: str
) -> None:
    """ "3. Pass Cards": to the player on the left in rounds 1 to 7, on the right from round 8."""
    state = new_state(players)
    state.round = round_index
    state.hands[0] = [card(state, "baguette")]
    state.to_play = 0
    assert words(state)["done"] == words_said


def test_solo_passing_and_the_order_the_travel_agent_takes_them() -> None:
    """ "Solo Rules": passed cards go face up into the travel agent's week in order (3 a day,
    4 on Saturday); with 2 cards you choose which it takes first."""
    state = new_state(1)
    filler = [c for c in range(20) if c not in state.hands[0]]
    state.days[1][0] = [(c, False) for c in filler[:3]]
    state.days[1][1] = [(c, False) for c in filler[3:5]]
    state.reveal()
    state.to_play = 0
    state.hands[0] = [card(state, "baguette")]
    assert words(state)["done"] == "Pass Baguette to the travel agent, into its Tuesday"
    state.hands[0] = [card(state, "louvre-pyramid"), card(state, "baguette")]
    assert words(state)["done"] == (
        "Pass Baguette and Louvre Pyramid to the travel agent (you then choose which it takes "
        "first)"
    )
    state.agent_order = [card(state, "baguette"), card(state, "louvre-pyramid")]
    state.pending = [Pending(Owed.AGENT_ORDER)]
    assert words(state) == {
        "choose 0": "Give Baguette to the travel agent first (into its Tuesday), then Louvre "
        "Pyramid (into its Wednesday)",
        "choose 1": "Give Louvre Pyramid to the travel agent first (into its Tuesday), then "
        "Baguette (into its Wednesday)",
    }


# --- the regional map -------------------------------------------------------------------------


def test_travel_names_the_town_and_what_it_gives() -> None:
    """ "Regional Map Board and Travel": a starting space first, then along a solid line; a
    dotted circle pays once; a flag activates its Goal tile."""
    state = new_state(2)
    state.pending = [Pending(Owed.TRAVEL)]
    said = words(state)
    assert said["travel tours"] == "Place your Traveler on Tours and gain a Food icon"
    assert said["travel orleans"] == "Place your Traveler on Orléans and gain a History icon"
    assert said["skip travel"] == "Let this Travel action go"
    state.traveler[0] = space(state, "tours")
    state.explored[0] = [space(state, "villandry")]
    said = words(state)
    assert said["travel amboise"] == "Travel to Amboise and gain Art and History icons"
    assert said["travel villandry"] == (
        "Travel to Villandry and gain no bonus (you explored it already)"
    )
    state.traveler[0] = space(state, "blois")
    assert words(state)["travel cheverny"] == (
        "Travel to Cheverny and gain an Architecture icon, activating the single-flag Goal tile"
    )
    state.single_done[0] = True
    assert words(state)["travel cheverny"] == "Travel to Cheverny and gain an Architecture icon"


def test_a_dotted_line_says_what_it_costs() -> None:
    """A dotted line is paid at any time: a Research token, a Wild token or a step back."""
    state = new_state(2)
    state.pending = [Pending(Owed.TRAVEL)]
    state.traveler[0] = space(state, "orleans")
    state.trips[0].research = 1
    said = words(state)
    assert said["travel blois"] == "Travel to Blois and gain a History icon and 1 point"
    assert said["dotted blois"] == (
        "Pay a Research token to take the dotted line to Blois and gain a History icon and 1 point"
    )
    state.traveler[0] = space(state, "azay-le-rideau")
    state.trips[0].steps[1] = 2
    assert words(state)["dotted saumur"] == (
        "Move an Experience token back 1 space to take the dotted line to Saumur and gain "
        "1 point, activating the single-flag Goal tile"
    )
    state.pending = [Pending(Owed.STEP_BACK, space(state, "saumur"))]
    assert words(state) == {
        "icon art": "Move your Art token back 1 space to pay for the dotted line"
    }


# --- bonuses and icons ------------------------------------------------------------------------


def test_a_favorable_condition_bonus_names_the_token_and_the_reward() -> None:
    """ "Gain Favorable Condition Bonuses": flip the token, or move it to the leftmost open
    space of a row and take that reward, or take nothing."""
    state = new_state(2)
    state.favour_at[0][0] = 4  # Monday's token: Nature
    state.rows[0][2] = 1
    state.pending = [Pending(Owed.FAVOUR, 0)]
    token = "Monday's Favorable Condition token (Nature)"
    assert words(state) == {
        "favour flip": f"Flip {token} to its 2 side",
        "favour row 0": f"Move {token} to the top bonus row and gain a Travel action",
        "favour row 1": (
            f"Move {token} to the middle bonus row and gain 1 Research token and 1 Wild token"
        ),
        "favour row 2": f"Move {token} to the bottom bonus row and gain 3 points",
        "favour skip": "Take no Favorable Condition bonus",
    }
    state.pending = [Pending(Owed.ROW)]
    assert words(state)["row 0"] == (
        "Gain the next bonus of the top bonus row: a Travel action (its space stays open)"
    )


def test_icons_of_your_choice_ties_for_the_lowest_and_wild_tokens() -> None:
    """ "2. Highlight of the Day Bonuses": an icon of your choice, the lowest token (a tie is
    yours to break), Wild tokens at any time."""
    state = new_state(2)
    state.pending = [Pending(Owed.ICON)]
    assert words(state)["icon food"] == "Move your Food token 1 space forward"
    state.trips[0].steps = [1, 0, 0, 2, 2, 2]
    state.trips[0].wild = 1
    state.pending = [Pending(Owed.LOWEST)]
    said = words(state)
    assert said["icon art"] == "Move your Art token, one of your lowest, 1 space forward"
    assert said["icon food"] == "Move your Food token, one of your lowest, 1 space forward"
    assert said["wild architecture"] == (
        "Spend a Wild token to move your Architecture token 1 space forward"
    )
    assert len(said) == 2 + 6
    state.phase = TRIP
    state.pending = [Pending(Owed.WILD_WINDOW)]
    said = words(state)
    assert said["done"] == "Keep your Wild tokens and go on with the trip"
    assert said["wild shopping"] == "Spend a Wild token to move your Shopping token 1 space forward"


# --- Goal tiles -------------------------------------------------------------------------------


def test_the_sud_ouest_run_of_one_icon_is_counted() -> None:
    """Sud-Ouest's double-flag tile, side A (`double_flag_side`): 3 points per card of the
    longest run of consecutive cards showing the icon chosen."""
    state = new_state(2, "sud-ouest", double_flag_side="a")
    state.days[0][0] = [
        (card(state, "eiffel-tower"), False),
        (card(state, "louvre-pyramid"), False),
    ]
    state.days[0][1] = [(card(state, "baguette"), False)]
    state.pending = [Pending(Owed.GOAL_ICON)]
    said = words(state)
    assert said["icon architecture"] == (
        "Score your longest run of Architecture cards: 2 cards, 6 points"
    )
    assert said["icon food"] == "Score your longest run of Food cards: 1 card, 3 points"
    assert said["icon art"] == "Score your longest run of Art cards: 0 cards, 0 points"


def test_the_provence_tile_names_the_two_cards_drawn() -> None:
    state = new_state(2, "provence-alpes-cote-dazur")
    state.goal_cards = [card(state, "baguette"), card(state, "louvre-pyramid")]
    state.pending = [Pending(Owed.GOAL_CARD)]
    assert words(state) == {
        "choose 0": "Score the Highlight of the Day of Baguette: 6 points, 2 Food icons, 1 more "
        "Time today",
        "choose 1": "Score the Highlight of the Day of Louvre Pyramid: 2 points, 1 Wild token",
    }


def test_the_brittany_tile_names_each_opponents_saturday() -> None:
    state = new_state(3, "brittany-normandy")
    state.phase = TRIP
    state.days[1][5] = [(card(state, "louvre-pyramid"), False)]
    state.days[2][5] = []
    state.pending = [Pending(Owed.GOAL_OPPONENT)]
    assert words(state) == {
        "choose 1": "Score Player 2's Saturday Highlight of the Day, Louvre Pyramid: 2 points, "
        "1 Wild token",
        "choose 2": "Score Player 3's Saturday Highlight of the Day (no cards on Saturday: "
        "nothing)",
    }


# --- real games -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "region"),
    [(1, REGIONS[0]), (2, REGIONS[1]), (3, REGIONS[2]), (4, REGIONS[3]), (1, "brittany-normandy")],
)
def test_every_move_of_a_game_reads_well(players: int, region: str) -> None:
    """At every decision of a random game: each legal move has one readable line, no two alike,
    the same in a world where what the seat cannot see is dealt anew (the kit's check)."""
    state = new_state(players, region)
    rnd = random.Random(players)
    decisions = 0
    while not state.is_over:
        seat = state.current_player
        if decisions % 3 == 0 or state.pending:
            check_action_words(state, state.determinize(seat, Rng(decisions)), seat)
        decisions += 1
        state.apply(rnd.choice(state.legal_actions()))
    assert decisions > 40
