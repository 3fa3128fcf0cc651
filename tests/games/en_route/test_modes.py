"""En Route modes: beginning rounds (3-4 players), Advanced, Team and Solo, each rule with a
test that names its rulebook section."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

import pytest

import tabletrip
from en_route_situations import (
    all_cards,
    at_final,
    finish,
    give,
    ids,
    index,
    new_state,
    refused,
    trail,
)
from tabletrip.core import OptionError, Rng
from tabletrip.games.en_route.actions import (
    ChooseRoundCards,
    KeepCard,
    Mark,
    PlayCard,
    PlayHidden,
    Rate,
    Renew,
)
from tabletrip.games.en_route.geometry import section_between
from tabletrip.games.en_route.phases import (
    BEGIN_CHOOSE,
    BEGIN_PLACE,
    DRAW,
    FINAL,
    FIRST,
    KEEP,
    RATE,
    SECOND,
    SOLO_PLAY,
    SOLO_TAKE,
)
from tabletrip.games.en_route.rules import EnRouteState

# --- helpers ------------------------------------------------------------------------------------


def step(state: EnRouteState) -> None:
    """Play the first legal action that is not a hand renewal."""
    state.apply(next(a for a in state.legal_actions() if not isinstance(a, Renew)))


def play_until(state: EnRouteState, done: Any) -> None:
    while not done(state):
        step(state)


def actives(state: EnRouteState) -> dict[int, int]:
    """Play the whole game; the active player of each regular round."""
    seen: dict[int, int] = {}
    while state.phase != FINAL:
        if state.phase == FIRST:
            seen.setdefault(state.round, state.active)
        step(state)
    return seen


def draw_trail(state: EnRouteState, seat: int, route: tuple[int, ...]) -> None:
    for a, b in pairwise(route):
        section = section_between(a, b)
        assert section is not None
        state.sheets[seat].sections |= 1 << section


# --- Beginning rounds: 3 players ---------------------------------------------------------------


def test_three_players_begin_with_a_special_round() -> None:
    """En Route rulebook, Beginning Rounds > 3 Players, step 1: each player chooses 1 card from
    their hand and places it face down; no active player chooses."""
    state = new_state(3, 1, level="intermediate")
    assert state.phase == BEGIN_PLACE and state.round == 1
    placed = []
    for seat in range(3):
        assert state.seat == seat
        plays = [a for a in state.legal_actions() if not isinstance(a, Renew)]
        assert plays and all(isinstance(a, PlayHidden) for a in plays)
        if seat == 1:  # the first card is face down: not shown to the others
            assert state.observation(1)["placed"] == [{"seat": 0, "card": None}]
            assert state.public_observation()["placed"] == [{"seat": 0, "card": None}]
        placed.append(plays[0].card)
        state.apply(plays[0])
    # All revealed at once, none discarded.
    assert state.phase == BEGIN_CHOOSE
    assert [p["card"] for p in state.public_observation()["placed"]] == placed


def test_three_player_beginning_round_upgrades_every_placed_symbol() -> None:
    """En Route rulebook, Beginning Rounds > 3 Players, step 1: if any of the placed cards contain
    Iconic Landmarks, upgrade their rating (for each card)."""
    state = new_state(3, 1, level="simplified")
    give(state, 0, ["city-01", "global-01", "global-02"])
    give(state, 1, ["city-04", "global-03", "global-04"])
    give(state, 2, ["city-12", "global-05", "global-06"])
    for card in ("city-01", "city-04", "city-12"):
        state.apply(PlayHidden(card))
    assert state.marks == [2, 0, 1]


def test_three_player_beginning_round_each_chooses_two_of_three() -> None:
    """En Route rulebook, Beginning Rounds > 3 Players, steps 1-2: each player independently
    chooses any 2 of the 3 placed cards as their own Round cards and draws with them."""
    state = new_state(3, 1, level="simplified")
    give(state, 0, ["global-01", "global-07", "global-08"])
    give(state, 1, ["global-10", "global-11", "global-12"])
    give(state, 2, ["global-16", "global-17", "global-18"])
    for card in ("global-01", "global-10", "global-16"):
        state.apply(PlayHidden(card))
    choices = state.legal_actions()
    assert len(choices) == 3 and all(isinstance(a, ChooseRoundCards) for a in choices)
    state.apply(ChooseRoundCards(("global-01", "global-10")))
    assert state.observation(0)["round_choice"] == ["global-01", "global-10"]
    assert state.observation(1)["round_choice"] == []  # the choice is secret
    state.apply(ChooseRoundCards(("global-10", "global-16")))
    state.apply(ChooseRoundCards(("global-01", "global-16")))
    assert state.phase == DRAW
    cards = {s: tuple(ids(state, [a, b])) for s, a, b in state.draws}
    assert cards == {
        0: ("global-01", "global-10"),
        1: ("global-10", "global-16"),
        2: ("global-01", "global-16"),
    }
    for seat, (a, b) in cards.items():
        assert state.seat == seat
        board = state.sheets[seat].board
        numbers = [state.game.city.deck[index(state, c)].number for c in (a, b)]
        offered = {m.location for m in state.legal_actions() if isinstance(m, Mark)}
        assert offered == set(state.game.city.matching(board, *numbers))
        step(state)
        step(state)


def test_three_player_beginning_round_maps_are_secret_until_it_ends() -> None:
    """En Route rulebook, Beginning Rounds: turns are done in secret; players may not look at
    other boards until the end of the beginning rounds (even with Turn Order Issues)."""
    state = new_state(3, 2, level="simplified", clockwise=True)
    play_until(state, lambda s: s.phase == DRAW)
    empty = state.observation(1)["sheets"][0]
    step(state)
    step(state)  # seat 0 has drawn
    assert state.seat == 1
    assert state.observation(1)["sheets"][0] == empty
    assert state.observation(0)["sheets"][0] != empty
    view = state.determinize(1, Rng(3))
    assert view.sheets[0] == state.shown[0] != state.sheets[0]
    assert view.observation(1) == state.observation(1)
    play_until(state, lambda s: s.phase == FIRST)
    assert state.observation(1)["sheets"][0] == state.observation(0)["sheets"][0]


def test_three_player_beginning_round_upkeep() -> None:
    """En Route rulebook, Beginning Rounds > 3 Players, step 3: move the 3 placed cards to the
    discard pile, then each player fills their hand back up to 3; then the first active player
    starts a regular round."""
    state = new_state(3, 2, level="simplified")
    play_until(state, lambda s: s.phase == BEGIN_CHOOSE)
    placed = sorted(c for _, c, _ in state.placed)
    play_until(state, lambda s: s.phase == FIRST)
    assert sorted(state.deck.discards) == placed
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    assert state.round == 2 and state.active == 0 and state.seat == 0
    assert all_cards(state) == list(range(36))


def test_three_players_nine_regular_rounds_each_active_three_times() -> None:
    """En Route rulebook, Beginning Rounds > 3 Players: in the remaining 9 rounds, each person
    is the active player 3 times, the first active player first."""
    state = new_state(3, 4, level="simplified")
    seen = actives(state)
    assert list(seen) == list(range(2, 11))
    assert [seen[r] for r in range(2, 11)] == [0, 1, 2] * 3


# --- Beginning rounds: 4 players ---------------------------------------------------------------


def test_four_players_two_beginning_rounds() -> None:
    """En Route rulebook, Beginning Rounds > 4 Players: in round one each player chooses 2 of
    the 4 placed cards; the remaining 2 are their Round cards in round two; the Round cards are
    not discarded after round one; after round two the 4 cards go to the discard pile and the
    hands are refilled to 3."""
    state = new_state(4, 3, level="simplified")
    give(state, 0, ["global-01", "global-02", "global-03"])
    give(state, 1, ["global-04", "global-05", "global-06"])
    give(state, 2, ["global-07", "global-08", "global-09"])
    give(state, 3, ["global-10", "global-11", "global-12"])
    for card in ("global-01", "global-04", "global-07", "global-10"):
        state.apply(PlayHidden(card))
    assert state.phase == BEGIN_CHOOSE
    assert len(state.legal_actions()) == 6
    pairs = [
        ("global-01", "global-04"),
        ("global-07", "global-10"),
        ("global-01", "global-07"),
        ("global-04", "global-10"),
    ]
    for pair in pairs:
        state.apply(ChooseRoundCards(pair))
    assert {s: tuple(ids(state, [a, b])) for s, a, b in state.draws} == dict(enumerate(pairs))
    play_until(state, lambda s: s.round == 2)
    # Round one upkeep: nothing happens.
    assert state.deck.discards == [] and [len(h) for h in state.hands] == [2] * 4
    assert state.phase == DRAW
    rest = {
        0: ("global-07", "global-10"),
        1: ("global-01", "global-04"),
        2: ("global-04", "global-10"),
        3: ("global-01", "global-07"),
    }
    assert {s: tuple(ids(state, [a, b])) for s, a, b in state.draws} == rest
    assert all_cards(state) == list(range(36))
    play_until(state, lambda s: s.round == 3)
    assert sorted(ids(state, state.deck.discards)) == [
        "global-01",
        "global-04",
        "global-07",
        "global-10",
    ]
    assert [len(h) for h in state.hands] == [3] * 4
    assert state.phase == FIRST and state.active == 0


def test_four_player_maps_are_secret_until_round_two_ends() -> None:
    """En Route rulebook, Beginning Rounds: players may not look at other players' boards until
    the end of all the beginning rounds."""
    state = new_state(4, 3, level="simplified")
    empty = state.observation(2)["sheets"][0]
    play_until(state, lambda s: s.round == 2 and s.seat == 2)
    assert state.observation(2)["sheets"][0] == empty
    assert state.observation(0)["sheets"][0] != empty
    play_until(state, lambda s: s.round == 2 and s.draws[0][0] == 3)
    assert state.observation(2)["sheets"][0] == empty
    view = state.determinize(3, Rng(1))
    assert view.sheets[0] == state.shown[0]
    assert view.observation(3) == state.observation(3)
    play_until(state, lambda s: s.round == 3)
    assert state.observation(2)["sheets"][0] == state.observation(0)["sheets"][0]
    assert len(state.observation(2)["sheets"][0]["occupied"]) == 2


def test_four_players_eight_regular_rounds_each_active_twice() -> None:
    """En Route rulebook, Beginning Rounds > 4 Players: in the remaining 8 rounds, each person
    will be the active player 2 times."""
    state = new_state(4, 4, level="simplified")
    seen = actives(state)
    assert [seen[r] for r in range(3, 11)] == [0, 1, 2, 3] * 2
    assert sorted(seen) == list(range(3, 11))


def test_two_players_have_no_beginning_round() -> None:
    """En Route rulebook, Beginning Rounds: only a three- or four-player game starts with
    beginning rounds."""
    state = new_state(2, 4, level="simplified")
    assert state.phase == FIRST
    seen = actives(state)
    assert [seen[r] for r in range(1, 11)] == [0, 1] * 5


# --- Advanced mode ----------------------------------------------------------------------------


def test_advanced_marks_purple_corners_at_setup() -> None:
    """En Route rulebook, Setup > General Setup 2 / Advanced Mode: mark each upgrade box with a
    purple corner right after placing the Round board (Standard: mark nothing)."""
    advanced = tabletrip.make("en-route", players=2, mode="advanced").new_game(0)
    assert advanced.marks == [1, 1, 1]
    assert advanced.public_observation()["ratings"] == {"school": 6, "observatory": 5, "tower": 7}
    standard = tabletrip.make("en-route", players=2).new_game(0)
    assert standard.marks == [0, 0, 0]


def advanced_keep(first: str, second: str, marks: list[int]) -> EnRouteState:
    """Advanced, 2 players: seat 0 keeps `second` to go with `first`."""
    state = new_state(2, 0, level="simplified", mode="advanced")
    state.marks = marks
    give(state, 0, [first, "global-16", "global-17"])
    give(state, 1, [second, "global-18", "global-15"])
    state.apply(PlayCard(first))
    state.apply(PlayHidden(second))
    state.apply(PlayHidden("global-18"))
    state.apply(KeepCard(second))
    return state


def test_advanced_active_chooses_up_or_down_per_symbol() -> None:
    """En Route rulebook, Round Order > 1 (Advanced mode) / Advanced Mode > Gameplay: for each
    Iconic symbol on the Round cards the active player upgrades or downgrades the rating, each
    separately."""
    state = advanced_keep("city-01", "city-04", [2, 1, 1])
    assert state.phase == RATE and state.seat == 0
    assert state.legal_actions() == [Rate("school", 1), Rate("school", -1)]
    refused(state, Rate("school", 0))  # not at the top or bottom: it must change
    refused(state, Rate("tower", 1))
    state.apply(Rate("school", -1))
    assert state.marks == [1, 1, 1] and state.phase == RATE
    state.apply(Rate("school", -1))
    assert state.marks == [0, 1, 1]
    assert state.phase == DRAW


def test_advanced_rating_may_stay_only_at_the_top_or_bottom() -> None:
    """En Route rulebook, Advanced Mode > Gameplay: the player can leave the rating unchanged
    only if it is already at the maximum or minimum."""
    state = advanced_keep("city-02", "city-12", [0, 4, 0])
    assert state.legal_actions() == [Rate("observatory", -1), Rate("observatory", 0)]
    state.apply(Rate("observatory", 0))
    assert state.legal_actions() == [Rate("tower", 1), Rate("tower", 0)]
    state.apply(Rate("tower", 0))
    assert state.marks == [0, 4, 0]


def test_advanced_removed_card_symbol_is_not_rated() -> None:
    """En Route rulebook, Round Order > 1 (Advanced mode): only the symbols on the Round cards
    are rated; with none the drawing starts at once."""
    state = new_state(2, 0, level="simplified", mode="advanced")
    give(state, 0, ["global-01", "global-16", "global-17"])
    give(state, 1, ["global-02", "city-12", "global-15"])
    state.apply(PlayCard("global-01"))
    state.apply(PlayHidden("global-02"))
    state.apply(PlayHidden("city-12"))
    state.apply(KeepCard("global-02"))
    assert state.phase == DRAW and state.marks == [1, 1, 1]


def test_advanced_beginning_rounds_only_upgrade() -> None:
    """En Route rulebook, Advanced Mode > Beginning rounds: as in a Standard game, in the
    beginning rounds the rating of Landmarks can only upgrade."""
    state = new_state(3, 0, level="simplified", mode="advanced")
    give(state, 0, ["city-01", "global-01", "global-02"])
    give(state, 1, ["city-04", "global-03", "global-04"])
    give(state, 2, ["city-12", "global-05", "global-06"])
    for card in ("city-01", "city-04", "city-12"):
        state.apply(PlayHidden(card))
    assert state.phase == BEGIN_CHOOSE
    assert state.marks == [3, 1, 2]


# --- Team mode --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_team_boards_one_and_three_against_two_and_four(seed: int) -> None:
    """En Route rulebook, Team Mode > setup: teammates sit across; one pair has the Player
    boards numbered 1 and 3, the other 2 and 4."""
    state = tabletrip.make("en-route", players=4, mode="team").new_game(seed)
    numbers = [state.game.city.board_numbers[sheet.board] for sheet in state.sheets]
    assert {numbers[0], numbers[2]} == {1, 3}
    assert {numbers[1], numbers[3]} == {2, 4}


def test_team_mode_needs_four_players() -> None:
    """En Route rulebook, Team Mode: a two-on-two team mode."""
    with pytest.raises(OptionError):
        tabletrip.make("en-route", players=3, mode="team")


def test_team_mode_has_no_beginning_rounds() -> None:
    """En Route rulebook, Team Mode > Gameplay: 10 regular rounds, no special beginning rounds;
    the active player changes clockwise, so the teams take turns choosing the Round cards."""
    state = new_state(4, 5, mode="team", level="simplified")
    assert state.phase == FIRST and state.round == 1 and state.active == 0
    seen = actives(state)
    assert [seen[r] for r in range(1, 11)] == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]


def test_teammate_places_two_cards_face_up() -> None:
    """En Route rulebook, Team Mode > Gameplay: the active player places the first Round card,
    then their teammate places the two other cards face up; the active player keeps one."""
    state = new_state(4, 5, mode="team", level="simplified")
    give(state, 1, ["global-01", "global-02", "global-03"])
    give(state, 3, ["global-04", "global-05", "global-06"])
    state.active = state.seat = 1
    state.apply(PlayCard("global-01"))
    for card in ("global-04", "global-05"):
        assert state.phase == SECOND and state.seat == 3
        plays = [a for a in state.legal_actions() if not isinstance(a, Renew)]
        assert all(isinstance(a, PlayCard) for a in plays)
        state.apply(PlayCard(card))
    assert [p["card"] for p in state.public_observation()["placed"]] == [
        "global-01",
        "global-04",
        "global-05",
    ]
    assert state.phase == KEEP and state.seat == 1
    assert state.legal_actions() == [KeepCard("global-04"), KeepCard("global-05")]
    state.apply(KeepCard("global-05"))
    assert ids(state, state.round_cards) == ["global-01", "global-05"]
    assert state.deck.cards[0] == index(state, "global-04")


def team_final(pp: list[int]) -> EnRouteState:
    """Team mode at the end; each seat's one-section route is worth the given yellow PP."""
    yellow = {
        8: ((4, 0), (5, 0)),  # Grand Clockwork Fountain
        6: ((3, 6), (4, 6)),  # Floating Tea House
        4: ((0, 4), (0, 5)),  # Town Hall Sundial
        0: ((0, 1), (0, 2)),  # no Landmark
    }
    state = new_state(4, 0, mode="team", level="simplified")
    at_final(state)
    routes = {}
    for seat, points in enumerate(pp):
        routes[seat] = trail(*yellow[points])
        draw_trail(state, seat, routes[seat])
    finish(state, routes)
    assert state.result is not None
    assert list(state.result.scores) == pp
    return state


@pytest.mark.parametrize(
    ("pp", "winners"),
    [
        ([8, 6, 0, 0], (0, 2)),  # team 0+2 has the most total PP
        ([0, 8, 6, 0], (1, 3)),  # the team total counts, not the best player
        ([8, 6, 4, 6], (1, 3)),  # 12 each: the lower difference (0 < 4) wins
        ([8, 8, 4, 4], (0, 1, 2, 3)),  # same totals and differences: shared
    ],
)
def test_team_totals_decide(pp: list[int], winners: tuple[int, ...]) -> None:
    """En Route rulebook, Team Mode > End of the game: the team with the most total PP wins; in
    case of a tie, the team with the lowest PP difference between the teammates; else they
    share the victory."""
    state = team_final(pp)
    assert state.result is not None
    assert state.result.winners == winners


# --- Solo mode --------------------------------------------------------------------------------


def test_solo_setup() -> None:
    """En Route rulebook, Solo Mode > Solo Game Setup 5-6: the Card Sequence of 10 cards in 4
    rows with the 3 cards of the lower row revealed; a hand of 2 cards (not 3)."""
    state = tabletrip.make("en-route", players=1, mode="solo").new_game(3)
    city = state.game.city
    assert len(state.solo_slots) == 10 and min(state.solo_slots) >= 0
    assert Counter(city.solo_rows) == {1: 1, 2: 2, 3: 4, 4: 3}
    up = [i for i in range(10) if state.solo_up >> i & 1]
    assert up == [i for i, row in enumerate(city.solo_rows) if row == 4]
    seen = state.observation(0)["sequence"]
    assert [c != "face down" for c in seen] == [i in up for i in range(10)]
    assert len(state.hands[0]) == 2
    assert len(state.deck.cards) == 36 - 10 - 2
    assert len(state.objective_offers[0]) == 2  # Personal Objectives as usual
    assert len(state.goals) == 3


def test_solo_round_cards_from_hand_and_sequence() -> None:
    """En Route rulebook, Solo Mode > Gameplay 1: place one Round card from your hand, then
    choose a face-up card from the Card Sequence as the other Round card."""
    state = new_state(1, 3, mode="solo")
    assert state.phase == SOLO_PLAY
    hand = ids(state, state.hands[0])
    plays = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
    assert sorted(a.card for a in plays) == sorted(hand)
    state.apply(PlayCard(hand[0]))
    assert state.phase == SOLO_TAKE
    up = [i for i in range(10) if state.solo_up >> i & 1]
    assert state.legal_actions() == [KeepCard(ids(state, [state.solo_slots[i]])[0]) for i in up]
    hidden = ids(state, [state.solo_slots[0]])[0]
    refused(state, KeepCard(hidden))  # a face-down card
    taken = state.solo_slots[7]
    state.apply(KeepCard(ids(state, [taken])[0]))
    assert state.round_cards == [index(state, hand[0]), taken]
    assert state.solo_slots[7] == -1
    assert state.phase in (DRAW, RATE)


def test_solo_iconic_symbols_upgrade() -> None:
    """En Route rulebook, Solo Mode > Gameplay 1 / Round Order > 1 (Standard game): the Iconic
    symbols on both Round cards upgrade the ratings, as usual."""
    state = new_state(1, 3, mode="solo")
    give(state, 0, ["city-01", "global-01"])
    tower = index(state, "city-12")
    for pile in (state.deck.cards, state.deck.discards):
        if tower in pile:
            pile.remove(tower)
    state.solo_slots = [-1 if c == tower else c for c in state.solo_slots]
    state.deck.put_bottom([state.solo_slots[8]])
    state.solo_slots[8] = tower
    assert sorted(all_cards(state)) == list(range(36))
    state.apply(PlayCard("city-01"))
    state.apply(KeepCard("city-12"))
    assert state.marks == [1, 0, 1]


def test_solo_upkeep_discards_refills_two_and_flips_uncovered_cards() -> None:
    """En Route rulebook, Solo Mode > Gameplay 3: move the Round cards to the discard pile, draw
    back up to 2 cards, then flip face up each face-down Sequence card no longer covered."""
    state = new_state(1, 3, mode="solo", level="full")
    hand = ids(state, state.hands[0])
    state.apply(PlayCard(hand[0]))
    taken = state.solo_slots[7]  # covers position 3 alone, and position 4 with 8
    state.apply(KeepCard(ids(state, [taken])[0]))
    play_until(state, lambda s: s.round == 2)
    assert sorted(state.deck.discards) == sorted([index(state, hand[0]), taken])
    assert len(state.hands[0]) == 2
    assert state.solo_up >> 3 & 1  # uncovered: flipped
    assert not state.solo_up >> 4 & 1  # still under position 8
    assert state.phase == SOLO_PLAY


def test_solo_lasts_ten_rounds_one_sequence_card_each() -> None:
    """En Route rulebook, Solo Mode > Gameplay: the game lasts 10 rounds; the cards of the
    Card Sequence keep track of the rounds."""
    state = new_state(1, 6, mode="solo")
    play_until(state, lambda s: s.phase == FINAL)
    assert state.solo_slots == [-1] * 10
    assert state.round == 11
    assert all_cards(state) == list(range(36))


def solo_final(red: int, challenge: int) -> EnRouteState:
    """Solo at the end: a one-section route by the Merry-Go-Market (red) with `red` red
    tourists; Goals A1 (16+ sections: no), B1 (8+ red: yes), C3 (3+ blue Landmarks: no)."""
    state = new_state(1, 0, mode="solo", challenge=challenge)
    goal_ids = [g.id for g in state.game.city.goals]
    state.goals = [goal_ids.index("A1"), goal_ids.index("B1"), goal_ids.index("C3")]
    at_final(state)
    route = trail((1, 0), (2, 0))
    draw_trail(state, 0, route)
    state.sheets[0].add_tourists(1, (red, 0, 0))
    finish(state, {0: route})
    return state


def test_solo_win_needs_the_cells_pp_and_goals() -> None:
    """En Route rulebook, Solo Mode > Winning Conditions / End of the Game: you win if you reach
    the PP of the chosen Challenge cell and complete its number of Goals; Goals give no PP."""
    state = solo_final(70, challenge=1)  # 70 PP, 1 Goal
    assert state.result is not None
    data = state.result.breakdown[0]
    assert data["red"] == 70 and data["goals"] == 0 and data["total"] == 70
    assert data["challenge_met"] is True
    assert state.result.winners == (0,)
    assert [r["achieved"] for r in data["goal_results"].values()] == [False, True, False]


@pytest.mark.parametrize(("red", "challenge"), [(69, 1), (70, 5), (200, 9)])
def test_solo_loss(red: int, challenge: int) -> None:
    """En Route rulebook, Solo Mode > Winning Conditions: otherwise the tourists will be
    disappointed (too few PP, or too few Goals completed)."""
    state = solo_final(red, challenge)
    assert state.result is not None
    assert state.result.breakdown[0]["challenge_met"] is False
    assert state.result.winners == ()


def test_solo_challenge_cells_count_row_by_row() -> None:
    """En Route rulebook, Solo Game Setup 2: choose any cell of the Challenge table (it sets the
    PP and the number of Goals)."""
    game = tabletrip.make("en-route", players=1, mode="solo", challenge=6)
    assert game.challenge == game.city.challenge_table[1][1]
    with pytest.raises(OptionError):
        tabletrip.make("en-route", players=1, mode="solo", challenge=13)
    with pytest.raises(OptionError):  # every First City cell needs Goals: the full game
        tabletrip.make("en-route", players=1, mode="solo", level="intermediate")
    with pytest.raises(OptionError):
        tabletrip.make("en-route", players=2, mode="solo")
