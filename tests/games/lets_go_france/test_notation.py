"""notation.py: Let's Go! moves typed by a person, by the notation or by name."""

from __future__ import annotations

import pytest

import tabletrip
from tabletrip.core import IllegalAction
from tabletrip.games.lets_go_france.actions import ChooseIcon, Place, Travel
from tabletrip.games.lets_go_france.phases import TRIP, Owed, Pending
from tabletrip.games.lets_go_france.rules import LetsGoGame, LetsGoState


def _game() -> tuple[LetsGoGame, LetsGoState]:
    game = tabletrip.make("lets-go-france", players=2)
    assert isinstance(game, LetsGoGame)
    state = game.new_game(seed=1)
    return game, state


def _a_place(state: LetsGoState) -> Place:
    return next(a for a in state.legal_actions() if isinstance(a, Place) and not a.explore)


def test_every_legal_move_reads_back_from_its_notation() -> None:
    game, state = _game()
    for action in state.legal_actions():
        assert game.parse_action(str(action).upper(), state) == action


@pytest.mark.parametrize("spaced", [False, True])
def test_a_card_and_a_day_by_any_start_of_their_names(spaced: bool) -> None:
    game, state = _game()
    place = _a_place(state)
    name = game.activities[game.card_index[place.card]].name
    card = name if spaced else name.split()[0][:4]
    typed = f"place {card} {place.day[:3]} {place.slot}"
    assert game.parse_action(typed, state) == place


def test_the_slot_may_be_left_out_where_the_day_allows_one() -> None:
    game, state = _game()
    place = _a_place(state)
    assert place.slot == 0  # an empty itinerary: one slot a day
    assert game.parse_action(f"place {place.card} {place.day}", state) == place


def test_a_town_by_its_name_accents_aside() -> None:
    game, state = _game()
    state.pending = [Pending(Owed.TRAVEL)]
    travels = [a for a in state.legal_actions() if isinstance(a, Travel)]
    town = travels[0]
    name = game.region.spaces[game.space_index[town.space]].name
    assert game.parse_action(f"travel {name.upper()}", state) == town


def test_an_icon_by_the_start_of_its_name() -> None:
    game, state = _game()
    state.phase, state.pending = TRIP, [Pending(Owed.ANY)]
    icons = [a for a in state.legal_actions() if isinstance(a, ChooseIcon)]
    first = icons[0]
    others = [a.icon for a in icons[1:]]
    short = next(
        first.icon[:n]
        for n in range(1, 20)
        if not any(o.startswith(first.icon[:n]) for o in others)
    )
    assert game.parse_action(f"icon {short}", state) == first


def test_a_discard_in_any_order() -> None:
    game, state = _game()
    state.trips[state.seat].research = 1
    state.apply(game.research)  # draw 3, then discard 3
    assert state.pending == [Pending(Owed.DISCARD3)]
    discard = state.legal_actions()[0]
    cards = str(discard).split()[1:]
    assert game.parse_action("discard " + " ".join(reversed(cards)), state) == discard


def test_text_that_fits_several_moves_says_so_in_one_line() -> None:
    game, state = _game()
    place = _a_place(state)
    with pytest.raises(IllegalAction, match=r"it could be .*; say which") as refused:
        game.parse_action(f"place {place.card} t", state)  # Tuesday or Thursday
    assert "\n" not in str(refused.value)


def test_text_that_fits_nothing_lists_what_is_legal() -> None:
    game, state = _game()
    with pytest.raises(IllegalAction, match="is not a legal move now: try place "):
        game.parse_action("place nowhere monday 0", state)
    with pytest.raises(IllegalAction, match="try"):
        game.parse_action("", state)
