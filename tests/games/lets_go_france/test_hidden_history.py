"""Let's Go! To France determinizations hold only what their seat could know, their move
history included (CONTRACT.md: "nothing in it, its history included, holds what `seat` cannot
know"; RULES_NOTES.md, "Hidden information").

A round's plays are hidden until every seat has played it ("Play Cards": simultaneously), so
another seat's moves of the round show only as hidden moves; once the round is revealed its
face-up cards show where they went, Explore the City cards stay face down, and its map and
bonus decisions show once the trip begins (they read alike round after round). Research
tokens, their discards (face up) and `done` are seen as they happen.

The measured test counts impossible worlds over many determinizations of random games: a
history naming a card the seat cannot see or reading otherwise than the seat saw it, cards
lost or doubled, what the seat sees moved, or a hand that does not fit the table.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import tabletrip
from tabletrip.core import Action, Rng, mix_seed
from tabletrip.core.game import Concealed
from tabletrip.games.lets_go_france.actions import (
    DiscardThree,
    Done,
    Place,
    SkipTravel,
    Travel,
    UseResearch,
)
from tabletrip.games.lets_go_france.content import DAYS, REGIONS
from tabletrip.games.lets_go_france.phases import PLAN, Owed
from tabletrip.games.lets_go_france.rules import LetsGoState

DECK = 124


def new_state(players: int, seed: int, region: str = "loire-valley", **options: Any) -> LetsGoState:
    state = tabletrip.make("lets-go-france", players=players, region=region, **options).new_game(
        seed
    )
    assert isinstance(state, LetsGoState)
    return state


def others_moves(view: LetsGoState, seat: int) -> list[Action]:
    return [action for actor, action in view.history if actor != seat]


def seat_0_explores_and_travels() -> LetsGoState:
    """2 players, round 1: seat 0 plays a card face down to Explore the City (its Travel
    action to Tours), then passes; seat 1 to play."""
    state = new_state(2, seed=2)
    card = state.game.activities[state.hands[0][0]].key
    state.apply(Place(card, "monday", 0, explore=True))
    state.apply(Travel("tours"))
    state.apply(Done())
    assert (state.phase, state.current_player) == (PLAN, 1)
    return state


# --- the history of a determinization ---------------------------------------------------------


def test_another_seats_moves_of_the_round_are_hidden_in_the_determinized_history() -> None:
    """Play Cards, simultaneous: until the round is revealed seat 1 knows only that seat 0
    made moves and passed; the card, the day, the Traveler's town are not in its history, and
    every hidden move reads alike."""
    state = seat_0_explores_and_travels()
    card = state.game.activities[state.days[0][0][0][0]].key
    view = state.determinize(1, Rng(0))
    moves = others_moves(view, 1)
    assert [type(m) for m in moves] == [Concealed, Concealed, Done]
    assert len({(m.move, m.seen) for m in moves[:2]}) == 1  # a Place and a Travel look alike
    text = json.dumps([m.to_json() for m in moves])
    assert card not in text and "tours" not in text and "monday" not in text
    assert [str(m) for m in moves] == [state.public_move(a) for _, a in state.history]


def test_a_revealed_round_shows_where_face_up_cards_went_and_explores_face_down() -> None:
    """End of Round: once every seat has played, the round's cards are seen on the boards (an
    Explore the City card face down); seat 0's history shows them to seat 1 from then on, the
    memo of seen histories following the reveal."""
    state = new_state(2, seed=4)
    state.apply(Place(state.game.activities[state.hands[0][0]].key, "tuesday", 0))
    while state.pending:
        state.apply(state.legal_actions()[-1])
    state.apply(Done())
    hidden = state.determinize(1, Rng(1))  # memoized before the reveal
    assert isinstance(others_moves(hidden, 1)[0], Concealed)
    face_down = state.game.activities[state.hands[1][0]].key
    state.apply(Place(face_down, "friday", 0, explore=True))
    while state.pending:
        state.apply(state.legal_actions()[-1])
    state.apply(Done())  # round 2 begins: round 1 is revealed
    assert state.round == 1
    played = state.history[0][1]
    assert isinstance(played, Place)
    view0 = state.determinize(0, Rng(2))
    view1 = state.determinize(1, Rng(2))
    assert others_moves(view1, 1)[0] == played  # seat 0's face-up card, seen by seat 1
    explored = [m for m in others_moves(view0, 0) if str(m).startswith("explore")]
    assert [str(m) for m in explored] == ["explore the city friday 0"]
    assert face_down not in json.dumps([m.to_json() for m in others_moves(view0, 0)])


def test_map_and_bonus_decisions_show_once_the_trip_begins() -> None:
    """The trip happens in the open: by then every planning decision of the others shows."""
    state = seat_0_explores_and_travels()
    rng = Rng(9)
    while state.phase == PLAN:
        state.apply(rng.choice(state.legal_actions()))
    view = state.determinize(1, Rng(3))
    moves = others_moves(view, 1)
    assert Travel("tours") in moves
    assert not any(isinstance(m, Concealed) and not str(m).startswith("explore") for m in moves)


def test_research_tokens_and_their_face_up_discards_are_seen_at_once() -> None:
    """Use Research Tokens: the 3 cards go to the face-up discard pile at once."""
    state = new_state(2, seed=2)
    state.trips[0].research = 1
    state.apply(UseResearch())
    discard = next(a for a in state.legal_actions() if isinstance(a, DiscardThree))
    state.apply(discard)
    view = state.determinize(1, Rng(0))
    assert others_moves(view, 1)[:2] == [UseResearch(), discard]


def test_skipping_a_travel_action_reads_like_any_hidden_move() -> None:
    state = new_state(2, seed=2)
    card = state.game.activities[state.hands[0][0]].key
    state.apply(Place(card, "monday", 0, explore=True))
    state.apply(SkipTravel())
    view = state.determinize(1, Rng(0))
    first, second = others_moves(view, 1)
    assert isinstance(second, Concealed) and (first.move, str(first)) == (second.move, str(second))


def test_the_cards_a_seat_passed_stay_in_the_stack_it_passed_them_to() -> None:
    """Pass Cards: a seat knows the cards it placed face down on its neighbour's board (the
    neighbour may not look at them); until they are drawn they lie there in every
    determinization for that seat, and its observation says which they are."""
    state = new_state(3, seed=2)
    card = state.game.activities[state.hands[0][0]].key
    passed = state.hands[0][1]
    state.apply(Place(card, "monday", 0))
    while state.pending:
        state.apply(state.legal_actions()[-1])
    state.apply(Done())
    assert state.stacks[1] == [passed]  # round 1 passes left: to seat 1
    assert state.observation(0)["passed"] == [state.game.activities[passed].key]
    assert state.observation(1)["passed"] == []
    assert "passed" not in state.public_observation()
    for k in range(12):
        assert state.determinize(0, Rng(k)).stacks[1] == [passed]
    assert any(state.determinize(1, Rng(k)).stacks[1] != [passed] for k in range(12))


# --- impossible worlds, measured --------------------------------------------------------------


def card_places(state: LetsGoState, seat: int) -> tuple[dict[int, tuple[Any, ...]], set[int]]:
    """Where each card `seat` can see lies, and the cards it cannot see."""
    acts = state.game.activities
    players = state.game.players
    planning = state.phase == PLAN
    seen: dict[int, tuple[Any, ...]] = {
        c: ("discard", i) for i, c in enumerate(state.deck.discards)
    }
    hidden = set(state.deck.cards)
    for stack in state.stacks:  # nobody may look at a passed stack
        hidden.update(stack)
    for s, hand in enumerate(state.hands):
        if s == seat:
            seen.update((c, ("hand",)) for c in hand)
        else:
            hidden.update(hand)
    for s, days in enumerate(state.days):
        mine = s == seat or s >= players  # the travel agent's week is face up
        shown = {e["card"] for col in state.shown[s]["days"] for e in col} if planning else set()
        for d, column in enumerate(days):
            for i, (card, explore) in enumerate(column):
                if mine:
                    seen[card] = ("board", s, d, i, explore)
                elif explore or (planning and acts[card].key not in shown):
                    hidden.add(card)
                else:
                    seen[card] = ("board", s, d) if planning else ("board", s, d, i)
    mine_now = state.seat == seat and state.pending and state.pending[0].kind is Owed.GOAL_CARD
    for i, card in enumerate(state.goal_cards):
        if mine_now:
            seen[card] = ("goal", i)
        else:
            hidden.add(card)
    seen.update((c, ("agent", i)) for i, c in enumerate(state.agent_order))
    return seen, hidden


def all_cards(state: LetsGoState) -> Counter[int]:
    cards: Counter[int] = Counter(state.deck.cards)
    cards.update(state.deck.discards)
    for pile in (*state.hands, *state.stacks, state.goal_cards, state.agent_order):
        cards.update(pile)
    for days in state.days:
        for column in days:
            cards.update(card for card, _ in column)
    return cards


def impossible(state: LetsGoState, view: LetsGoState, seat: int) -> list[str]:
    """What makes `view`, a determinization of `state` for `seat`, a world the seat knows is
    not the real one (empty: none)."""
    problems: list[str] = []
    index = state.game.card_index
    if all_cards(view) != Counter(range(DECK)):
        problems.append("cards lost or doubled")
    seen, hidden = card_places(state, seat)
    view_seen, view_hidden = card_places(view, seat)
    if view_seen != seen:
        problems.append("a card the seat sees is elsewhere")
    if view_hidden != hidden:
        problems.append("the cards the seat cannot see are others")
    if view.observation(seat) != state.observation(seat):
        problems.append("the observation differs")
    if view.public_observation() != state.public_observation():
        problems.append("the public observation differs")
    for other in range(state.game.players):
        if other == seat:
            continue
        counts = [
            len(s.hands[other]) + sum(len(column) for column in s.days[other])
            for s in (state, view)
        ]
        if counts[0] != counts[1] or len(view.stacks[other]) != len(state.stacks[other]):
            problems.append(f"seat {other}'s cards do not fit the table")
    receiver = state.receiver(seat)
    if receiver is not None and Counter(view.stacks[receiver]) != Counter(state.stacks[receiver]):
        problems.append("the cards the seat passed are elsewhere")
    if seat == state.current_player and view.legal_actions() != state.legal_actions():
        problems.append("other legal actions")
    true, known = state.history, view.history
    if len(true) != len(known):
        return [*problems, "a history of another length"]
    public_discards = {
        index[key] for _, a in true if isinstance(a, DiscardThree) for key in a.cards
    }
    allowed = set(seen) | public_discards
    for (actor, action), (known_actor, entry) in zip(true, known, strict=True):
        if known_actor != actor:
            problems.append("a history with other movers")
        elif actor == seat:
            if entry != action:
                problems.append(f"the seat's own move {action} changed")
            elif isinstance(action, Place):
                day = view.days[seat][DAYS.index(action.day)]
                if (index[action.card], action.explore) not in day:
                    problems.append(f"its own {action} is not on its board")
        else:
            if str(entry) != state.public_move(action):
                problems.append(f"seat {actor}'s {str(entry)!r} is not what seat {seat} saw")
            if entry != action and not isinstance(entry, Concealed):
                problems.append(f"seat {actor}'s {entry!r} was not played")
            words = json.dumps(entry.to_json()).replace('"', " ").split()
            named = {index[word] for word in words if word in index}
            if named - allowed:
                problems.append(f"seat {actor}'s {entry} names a card seat {seat} cannot see")
            if isinstance(entry, Place) and not entry.explore:
                where = [c for column in view.days[actor] for c, e in column if not e]
                if index[entry.card] not in where:
                    problems.append(f"seat {actor}'s {entry} is not on its board")
    return problems


def random_games() -> list[tuple[int, dict[str, Any]]]:
    games: list[tuple[int, dict[str, Any]]] = []
    for players in (1, 2, 3, 4):
        for region in REGIONS:
            games.append((players, {"region": region}))
    games.append((1, {"advanced_traveler": True, "double_flag_side": "b"}))
    return games


@pytest.mark.parametrize(("players", "options"), random_games())
def test_no_impossible_world_over_many_determinizations(
    players: int, options: dict[str, Any]
) -> None:
    """Measured: every determinization along a random game, for the seat to move and another,
    is a world its seat cannot rule out; 0 impossible worlds."""
    seed = players * 31 + len(json.dumps(options))
    state = new_state(players, seed, **options)
    rng = Rng(mix_seed("impossible worlds", players, seed))
    checked, found = 0, Counter[str]()
    step = 0
    while not state.is_over:
        if step % 2 == 0:
            for seat in {state.current_player, rng.below(players)}:
                view = state.determinize(seat, Rng(rng.next64()))
                for problem in impossible(state, view, seat):
                    found[problem] += 1
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    assert checked >= 25
    assert sum(found.values()) == 0, found.most_common(8)
