"""Route East's legal moves in words, as the move list, the board's menu and the hints show
them: exact worked examples for every kind of decision, then the kit's check over games."""

from __future__ import annotations

import pytest

from contract import check_action_words
from route_east_situations import (
    action_on_top,
    attractions,
    border_with,
    give,
    ignition_with,
    index,
    moves_phase,
    new_state,
    spare_attraction,
    start_phase,
)
from tabletrip.core import Rng
from tabletrip.core.presentation import presentation_for, unreadable_parts
from tabletrip.games.route_east.actions import (
    CODEC,
    Cross,
    DrawBorder,
    DrawIgnition,
    HellNo,
    Move,
    TakeAction,
)
from tabletrip.games.route_east.phases import EMBASSY, STUCK
from tabletrip.games.route_east.rules import RouteEastState

PRESENTATION = presentation_for("route-east")


def said(state: RouteEastState) -> list[tuple[str, str]]:
    """(notation, words) of every legal action of the seat to move, from its observation."""
    assert PRESENTATION is not None
    observation = state.observation(state.current_player)
    return [
        (str(a), PRESENTATION.action_words(state.game, observation, a))
        for a in state.legal_actions()
    ]


def test_the_first_turn_draws_an_ignition_card() -> None:
    """ "On Your 1st Turn": draw an Ignition Card."""
    assert said(new_state(players=3, seed=1)) == [("ignition", "Draw an Ignition Card")]


def test_at_a_border_the_turn_opens_with_either_card() -> None:
    """ "2nd Turn Onwards": a Border Card to cross, an Ignition Card to stay in the country."""
    state = new_state(players=3, seed=1)
    start_phase(state, 0, index(state, "b-tr-ge-sarp"))
    assert said(state) == [
        ("ignition", "Draw an Ignition Card and travel on in Turkey"),
        ("border", "Draw a Border Card to cross into Georgia"),
    ]


def test_moves_name_the_space_what_it_is_and_the_road() -> None:
    """ "Roads": normal roads are free, toll roads cost $25; "Accommodation": the prices."""
    state = new_state(players=3, seed=1)
    moves_phase(state, 0, index(state, "tr-izmit"))
    assert said(state) == [
        ("move tr-istanbul", "Move to Istanbul (the start line)"),
        ("move tr-bolu", "Move to Bolu (Hostel, $25 a night) on the toll road: pay $25"),
        ("take", "Pick up an Action Card for 1 move"),
    ]
    moves_phase(state, 0, index(state, "tr-erzincan"))
    assert said(state) == [
        ("move tr-sivas", "Move to Sivas (Hostel, $25 a night)"),
        ("move tr-askale", "Move to Aşkale (ATM: a Bank Card)"),
        ("take", "Pick up an Action Card for 1 move"),
        ("end", "End your turn at Erzincan (Hostel, $25 a night)"),
    ]


def test_a_dirt_road_asks_for_an_even_roll_or_a_magic_roll() -> None:
    """ "Dirt roads: ROLL EVEN"; a Magic Roll chooses the number; the seat's own attraction
    is named as its own."""
    state = new_state(players=3, seed=1)
    moves_phase(state, 0, index(state, "tr-gumushane"))
    give(state, 0, "magic_roll")
    sumela = state.game.board.attraction_at[index(state, "tr-sumela")]
    assert said(state) == [
        ("move tr-erzurum", "Move to Erzurum (Hotel, $50 a night)"),
        (
            "move tr-sumela",
            "Move to Sumela Monastery (attraction) on the dirt road: roll an even number",
        ),
        (
            "move tr-sumela with magic roll",
            "Move to Sumela Monastery (attraction) on the dirt road with a Magic Roll",
        ),
        ("take", "Pick up an Action Card for 1 move"),
        ("end", "End your turn at Gümüşhane (Hostel, $25 a night)"),
    ]
    attractions(state, 0, [sumela, spare_attraction(state, sumela)])
    assert said(state)[1][1] == (
        "Move to Sumela Monastery (your attraction) on the dirt road: roll an even number"
    )


def test_cards_are_played_with_what_they_do_and_on_whom() -> None:
    """ "Action Cards": what each does; a theft names the player and what they hold."""
    state = new_state(players=3, seed=1)
    moves_phase(state, 0, index(state, "tr-erzincan"))
    for kind in ("steal_money", "steal_fuel", "send_embassy", "moves", "fuel", "collect"):
        give(state, 0, kind)
    state.money[1], state.fuel[2] = 150, 2
    plays = [(n, w) for n, w in said(state) if n.startswith("play")]
    assert plays == [
        ("play pickpocket on seat 1", "Play Pickpocket: steal $25 from Player 2 (they hold $150)"),
        ("play pickpocket on seat 2", "Play Pickpocket: steal $25 from Player 3 (they hold $450)"),
        (
            "play siphon on seat 1",
            "Play Siphon: steal a Fuel Token from Player 2 (they hold 1 Fuel Token)",
        ),
        (
            "play siphon on seat 2",
            "Play Siphon: steal a Fuel Token from Player 3 (they hold 2 Fuel Tokens)",
        ),
        (
            "play diplomatic-incident on seat 1",
            "Play Diplomatic Incident: send Player 2 to the Embassy of the country they are in",
        ),
        (
            "play diplomatic-incident on seat 2",
            "Play Diplomatic Incident: send Player 3 to the Embassy of the country they are in",
        ),
        ("play shortcut", "Play Shortcut: take 1 extra move this turn"),
        ("play jerrycan", "Play Jerrycan: take 1 Fuel Token from the supply"),
        ("play windfall", "Play Windfall: collect $50 from the bank"),
    ]


def test_crossing_says_how_and_at_what_cost() -> None:
    """ "Border Cards": a Fuel Token (or a Border Pass) and the card's fee, or stay."""
    state = new_state(players=3, seed=1)
    start_phase(state, 0, index(state, "b-tr-ge-sarp"))
    state.fuel[0] = 1
    give(state, 0, "border_pass")
    border_with(state, "fee")
    state.apply(DrawBorder())
    assert said(state) == [
        ("cross", "Cross into Georgia with a Fuel Token and pay the $25 fee"),
        ("cross with border pass", "Cross into Georgia with a Border Pass and pay the $25 fee"),
        ("stay", "Stay at the Border: no moving spaces this turn"),
        ("take", "Pick up an Action Card for 1 move"),
    ]
    state = new_state(players=3, seed=1)
    start_phase(state, 0, index(state, "b-tr-ge-sarp"))
    state.fuel[0] = 0
    border_with(state, "no_fuel_needed")
    state.apply(DrawBorder())
    assert said(state)[0] == ("cross", "Cross into Georgia, no Fuel Token needed")


def test_a_border_pass_crosses_mid_turn() -> None:
    """ "Borders": with a Border Pass a piece need not wait at the Border."""
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-hopa"))
    give(state, 0, "border_pass")
    state.apply(Move("b-tr-ge-sarp"))
    assert said(state) == [
        ("move tr-hopa", "Move to Hopa (Hostel, $25 a night)"),
        ("take", "Pick up an Action Card for 1 move"),
        ("end", "End your turn at Sarp (Border to Georgia)"),
        ("cross with border pass", "Play a Border Pass and cross into Georgia now"),
    ]


def test_the_caspian_sea_is_crossed_by_boat_and_dice() -> None:
    """ "Caspian Sea": a Border Card, the boat, then rolls for a 6 to the far port."""
    state = new_state(players=3, seed=1)
    start_phase(state, 0, state.game.board.ports[0])
    state.fuel[0] = 1
    assert said(state) == [
        ("ignition", "Draw an Ignition Card and travel on in Azerbaijan"),
        ("border", "Draw a Border Card to sail across the Caspian Sea to Turkmenistan"),
    ]
    border_with(state, "nothing")
    state.apply(DrawBorder())
    assert said(state)[0] == ("cross", "Board the boat to Turkmenistan with a Fuel Token")
    state.apply(Cross())
    assert said(state) == [
        ("sail", "Roll the dice for the far shore: a 6 lands you at Turkmenbashi Port")
    ]


def test_a_card_against_a_player_is_answered_in_words() -> None:
    """ "Ignition & Action Card Anarchy": Hell no! a card, and Hell no! the Hell no!."""
    state = new_state(players=3, seed=1)
    moves_phase(state, 0, index(state, "tr-erzincan"))
    give(state, 0, "steal_money")
    give(state, 0, "hell_no")
    give(state, 1, "hell_no")
    state.apply(state.game.play(state.game.decks.action_of_kind["steal_money"], 1))
    assert state.current_player == 1
    assert said(state) == [
        ("accept", "Accept: Player 1 takes $25 from you"),
        ("hell no", "Play Hell no!: cancel the card Player 1 played against you"),
    ]
    state.apply(HellNo())
    assert state.current_player == 0
    assert said(state) == [
        ("accept", "Accept that your card is cancelled"),
        ("hell no", "Play Hell no! against the Hell no!: your card stands again"),
    ]


def test_an_ignition_theft_is_aimed_at_a_player() -> None:
    """ "Money Worries": steal from another player, who may hold nothing to steal."""
    state = new_state(players=3, seed=1)
    start_phase(state, 0, index(state, "tr-erzincan"))
    state.money[1], state.money[2] = 200, 75
    ignition_with(state, "steal_money")
    state.apply(DrawIgnition())
    assert said(state) == [
        ("target seat 1", "Aim Arm-Wrestling Bet at Player 2: steal $25 (they hold $200)"),
        ("target seat 2", "Aim Arm-Wrestling Bet at Player 3: steal $25 (they hold $75)"),
    ]
    state = new_state(players=3, seed=1)
    state.fuel[1], state.fuel[2] = 0, 3
    ignition_with(state, "steal_fuel")
    state.apply(DrawIgnition())
    assert [w for _, w in said(state)] == [
        "Aim Fuel Swap at Player 2: steal a Fuel Token (they hold 0 Fuel Tokens)",
        "Aim Fuel Swap at Player 3: steal a Fuel Token (they hold 3 Fuel Tokens)",
    ]


def test_over_the_hand_limit_a_card_goes_under_the_deck() -> None:
    """ "Action Cards": hold up to 5; the others go to the bottom of the Action deck."""
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-erzincan"))
    give(state, 0, "tent")
    give(state, 0, "hell_no", 2)
    give(state, 0, "moves", 2)
    action_on_top(state, "magic_roll")
    state.apply(TakeAction())
    assert said(state) == [
        ("discard tent", "Put a Tent under the Action deck"),
        ("discard magic-roll", "Put a Magic Roll under the Action deck"),
        ("discard hell-no", "Put a Hell no! under the Action deck"),
        ("discard shortcut", "Put a Shortcut under the Action deck"),
    ]


def test_a_freight_train_a_tent_an_embassy_and_a_night_back() -> None:
    """ "Ignition & Action Card Anarchy" (Freight Train), "Attractions" (a Tent),
    "If You Run Out of Money" (a 6 to leave), "Dirt Roads" (back to a place to stay)."""
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-ankara"))
    give(state, 0, "freight_train")
    trains = dict(said(state))
    assert trains["train tr-bolu"] == (
        "Play a Freight Train and ride to Bolu (Hostel, $25 a night): it ends your turn"
    )
    goreme = index(state, "tr-goreme")
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, goreme, moves=0)
    give(state, 0, "tent")
    assert said(state) == [("camp", "Play a Tent and camp at Göreme: a free night")]
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-askale"), moves=0)
    state.path = [index(state, "tr-erzincan"), index(state, "tr-askale")]
    state.may_go_back = True
    assert said(state) == [
        ("end", "End your turn: go back the way you came to the last Hostel, Hotel or Border")
    ]
    state = new_state(players=2, seed=1)
    start_phase(state, 0, state.game.board.embassy[0])
    state.status[0], state.phase = STUCK, EMBASSY
    assert said(state) == [("roll", "Roll the dice to leave the Embassy: a 6 lets you go")]


def test_every_action_kind_has_its_own_words() -> None:
    """No kind falls back to the log's past-tense words."""
    kinds_seen: set[type] = set()
    for players, seed in ((2, 1), (3, 2), (4, 5)):
        state = new_state(players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            for notation, words in said(state):
                assert words[:1].isupper() and not unreadable_parts(words), (notation, words)
                assert not words.startswith(("Made a move", "Moved ", "Played ")), words
            kinds_seen |= {type(a) for a in state.legal_actions()}
            state.apply(rng.choice(state.legal_actions()))
    assert len(kinds_seen) >= len(CODEC.types) - 2  # the boat and a camp are rare at random


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (5, 6)])
def test_the_words_are_the_kits_along_a_game(players: int, seed: int) -> None:
    """Every few moves: readable, no two alike, the same when the hidden part is resampled."""
    state = new_state(players=players, seed=seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over:
        if step % 9 == 0:
            seat = state.current_player
            check_action_words(state, state.determinize(seat, Rng(step)), seat)
        state.apply(rng.choice(state.legal_actions()))
        step += 1
