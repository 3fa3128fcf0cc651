"""Determinization (hidden.py) hides all a seat cannot see, its own plays aside.

While planning, a round's plays stay hidden until every seat has played it: a determinization
for one seat must not carry the other seats' unrevealed cards, tokens, travels or bonuses of
the round, and must be the same for every true state that seat cannot tell apart. Positions
come from seeded random playouts at 1 to 4 players.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import tabletrip
from tabletrip.core import Action, Rng, mix_seed
from tabletrip.games.lets_go_france.actions import Done, Place, UseResearch
from tabletrip.games.lets_go_france.content import REGIONS
from tabletrip.games.lets_go_france.hidden import _restore
from tabletrip.games.lets_go_france.phases import PLAN
from tabletrip.games.lets_go_france.rules import LetsGoState

ROUNDS = 14


def new_state(players: int, seed: int, region: str = "loire-valley") -> LetsGoState:
    state = tabletrip.make("lets-go-france", players=players, region=region).new_game(seed)
    assert isinstance(state, LetsGoState)
    return state


def state_of(state: LetsGoState) -> str:
    return json.dumps(state.to_json()["state"], sort_keys=True)


def random_action(state: LetsGoState, rng: Rng, *, quiet: bool = False) -> Action:
    """A random legal action; `quiet`: no Research token (its draw and discards are public)."""
    actions = state.legal_actions()
    if quiet:
        actions = [a for a in actions if not isinstance(a, UseResearch)]
    return rng.choice(actions)


def play_out(state: LetsGoState, rng: Rng) -> None:
    while not state.is_over:
        state.apply(random_action(state, rng))


def positions(players: int, seed: int, every: int) -> Iterator[LetsGoState]:
    """Copies of a random game's states, one every `every` actions, the trip's included."""
    state = new_state(players, seed, region=REGIONS[(players + seed) % len(REGIONS)])
    rng = Rng(mix_seed("positions", players, seed))
    step = 0
    while not state.is_over:
        if step % every == every - 1:
            yield state.clone()
        state.apply(random_action(state, rng))
        step += 1


def round_start(players: int, seed: int, round_: int) -> LetsGoState:
    """A random game at the start of round `round_` (0-13): seat 0 to play, nothing played."""
    state = new_state(players, seed)
    rng = Rng(mix_seed("round start", players, seed))
    while state.round < round_:
        state.apply(random_action(state, rng))
    assert (state.phase, state.seat, state.pending) == (PLAN, 0, [])
    return state


# --- the reported leak ------------------------------------------------------------------------


def shakespeare_played(instead: str | None = None) -> LetsGoState:
    """2 players, seed 2: seat 0 plays Shakespeare and Company (a Research bonus) on Monday
    (or `instead`, the other card of its hand) and passes; seat 1 to play."""
    state = new_state(2, seed=2)
    acts = state.game.activities
    assert sorted(acts[c].key for c in state.hands[0]) == [
        "gare-saint-lazare",
        "shakespeare-and-company",
    ]
    state.apply(Place(instead or "shakespeare-and-company", "monday", 0))
    while state.pending:
        state.apply(state.legal_actions()[-1])  # skip any Travel action or bonus
    state.apply(Done())
    assert (state.phase, state.current_player) == (PLAN, 1)
    return state


def test_another_seats_research_bonus_of_the_round_is_not_in_the_determinization() -> None:
    state = shakespeare_played()
    assert state.trips[0].research == 1
    assert state.observation(1)["boards"][0]["research"] == 0
    acts = state.game.activities
    research_bonus = 0
    for k in range(60):
        view = state.determinize(1, Rng(k))
        new = [c for column in view.days[0] for c, _ in column]
        assert len(new) == 1  # seat 0's one card of the round, dealt anew
        gives = acts[new[0]].bonus == "research"
        assert view.trips[0].research == int(gives)  # only its own bonus
        research_bonus += gives
    assert research_bonus < 20  # not the true card every time


def test_the_same_determinization_whichever_card_seat_0_played() -> None:
    played = shakespeare_played()
    other = shakespeare_played(instead="gare-saint-lazare")
    assert state_of(played) != state_of(other)
    assert played.observation(1) == other.observation(1)
    for k in range(5):
        assert state_of(played.determinize(1, Rng(k))) == state_of(other.determinize(1, Rng(k)))


# --- the same observation, the same determinization -----------------------------------------


def two_worlds(
    players: int, seed: int, mover_differs: bool
) -> tuple[LetsGoState, LetsGoState, int]:
    """Two true states of one game, the same round started, that differ only in some seats'
    hidden plays of the round (no Research token: its draw and discards are public). Seats
    before the mover have finished their part of the round, the mover is partway through its
    turn; each seat plays alike in both worlds or with another random stream per world.
    `mover_differs`: the mover's part differs, the seats before it play alike; otherwise the
    mover plays alike and at least the seat before it differs."""
    rng = Rng(mix_seed("two worlds", players, seed, mover_differs))
    state = round_start(players, seed, rng.below(ROUNDS))
    mover = 1 + rng.below(players - 1)
    worlds = (state, state.clone())
    streams = [Rng(mix_seed("own", seed, w)) for w in range(2)]
    for seat in range(mover + 1):
        if seat == mover:
            differs = mover_differs
        else:
            differs = not mover_differs and (seat == mover - 1 or rng.below(2) == 1)
        own = rng.next64()
        for w, world in enumerate(worlds):
            assert world.current_player == seat
            stream = streams[w] if differs else Rng(own)
            turn = 1 + stream.below(4) if seat == mover else None  # the mover's actions
            while turn is None or turn > 0:
                action = random_action(world, stream, quiet=True)
                if seat == mover and isinstance(action, Done):
                    break
                world.apply(action)
                if isinstance(action, Done):
                    break
                if turn is not None:
                    turn -= 1
    assert worlds[0].current_player == worlds[1].current_player == mover
    return worlds[0], worlds[1], mover


@pytest.mark.parametrize("mover_differs", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_true_states_a_seat_cannot_tell_apart_give_it_the_same_determinizations(
    players: int, mover_differs: bool
) -> None:
    differing_worlds = 0
    for seed in range(8):
        first, second, mover = two_worlds(players, seed, mover_differs)
        differing_worlds += state_of(first) != state_of(second)
        viewers = [v for v in range(players) if first.observation(v) == second.observation(v)]
        if mover_differs:
            assert viewers == [v for v in range(players) if v != mover]
        else:
            assert mover in viewers
        for viewer in viewers:
            for k in range(2):
                a = first.determinize(viewer, Rng(k))
                b = second.determinize(viewer, Rng(k))
                assert state_of(a) == state_of(b), (seed, viewer, k)
                assert a.observation(viewer) == first.observation(viewer)
    assert differing_worlds >= 6


# --- a consistent, playable position -----------------------------------------------------------


def own_parts(state: LetsGoState, seat: int) -> dict[str, Any]:
    trip = state.trips[seat]
    return {
        "hand": sorted(state.hands[seat]),
        "days": state.days[seat],
        "favour_at": state.favour_at[seat],
        "flipped": state.flipped[seat],
        "rows": state.rows[seat],
        "moved": state.moved[seat],
        "trip": (trip.steps, trip.energy, trip.wild, trip.research, trip.favourable_scored),
        "trip_days": (trip.days, trip.day_points, trip.day_energy_points),
        "points": state.points[seat],
        "traveler": state.traveler[seat],
        "explored": state.explored[seat],
        "goals": (state.single_done[seat], state.double_done[seat]),
    }


def assert_others_as_shown(view: LetsGoState, seat: int) -> None:
    """While planning, every other seat in `view` is its board as the round began plus, for
    a seat that played this round, face-up cards whose only effect is a Research bonus."""
    acts = view.game.activities
    for other in range(view.game.players):
        if other == seat:
            continue
        board = view.public_board(other)
        shown = view.shown[other]
        new = []
        for column, was in zip(board["days"], shown["days"], strict=True):
            assert column[len(column) - len(was) :] == was  # this round's cards on top
            new.extend(column[: len(column) - len(was)])
        assert all(not entry["explore"] for entry in new)
        bonus = sum(acts[view.game.card_index[entry["card"]]].bonus == "research" for entry in new)
        assert board["research"] == shown["research"] + bonus
        assert {**board, "days": None, "research": None} == {
            **shown,
            "days": None,
            "research": None,
        }


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_determinizations_are_consistent_and_play_to_the_end(players: int) -> None:
    checked = 0
    for seed in range(2):
        for state in positions(players, seed, every=11):
            for seat in sorted({state.current_player, (state.current_player + 1) % players}):
                before = state_of(state)
                view = state.determinize(seat, Rng(mix_seed(seed, checked)))
                assert state_of(state) == before, "determinize changed the true state"
                assert view.current_player == state.current_player
                assert view.observation(seat) == state.observation(seat)
                assert view.public_observation() == state.public_observation()
                assert own_parts(view, seat) == own_parts(state, seat)
                if seat == state.current_player:
                    assert view.legal_actions() == state.legal_actions()
                    assert (view.to_play, view.pending) == (state.to_play, state.pending)
                if state.phase == PLAN:
                    assert_others_as_shown(view, seat)
                play_out(view, Rng(checked))
                assert view.result is not None
                checked += 1
    assert checked >= 6 * players, checked


def test_the_seat_to_move_starts_its_turn_again_in_another_seats_determinization() -> None:
    """Seat 0 has played its card; seat 1 has placed one and still owes a decision or a card:
    for seat 0 it is back at the start of its turn, its cards in hand."""
    state = new_state(2, seed=5)
    rng = Rng(5)
    while not (state.current_player == 1 and state.round >= 5 and state.to_play == 1):
        state.apply(random_action(state, rng, quiet=True))
    play = state.game.board.rounds[state.round].play
    assert play == 2
    hand = len(state.hands[1])
    view = state.determinize(0, Rng(0))
    assert (view.current_player, view.to_play, view.pending) == (1, play, [])
    assert len(view.hands[1]) == hand + 1
    assert view.public_board(1) == state.shown[1]
    play_out(view, Rng(1))


# --- the board as the round began --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_a_board_rebuilt_from_what_the_table_saw_is_the_board(players: int) -> None:
    """At the start of a round every board is exactly as `shown`: rebuilding it from there
    changes nothing but its face-down Explore the City cards (unknown until dealt)."""
    for round_ in (0, 6, 13):
        state = round_start(players, seed=round_, round_=round_)
        for seat in range(players):
            copy = state.clone()
            _restore(copy, seat, copy.shown[seat])
            for day, column in enumerate(copy.days[seat]):
                for i, (card, explore) in enumerate(column):
                    if explore:
                        assert card == -1
                        column[i] = state.days[seat][day][i]
            assert state_of(copy) == state_of(state)
