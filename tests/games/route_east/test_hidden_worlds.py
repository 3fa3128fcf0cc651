"""Route East determinization: every world it deals is one the seat cannot rule out.

Contract rule (CONTRACT.md): `determinize(seat)` resamples only what `seat` cannot see, and
nothing in the copy, its history included, holds what `seat` cannot know. RULES_NOTES.md,
"Hidden information": the others' Action cards and face-down attractions, the deck orders.

Over many determinizations of random games (2 to 5 players, 2 to 6 attractions) this counts
the impossible worlds: a history that names another seat's discarded card, a hand or deck that
contradicts what the seat saw (its own cards put under the Action deck moved, cards not
conserved, a hand of another size), attractions that cannot be (two in one country, one the
seat saw its owner stand on without turning it face up, a face-up card changed), or a turn's
player without the Tent its own moves showed it holds. There must be none.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

import tabletrip
from chi_square import chi_square, chi_square_limit
from route_east_situations import (
    between,
    card_id,
    give,
    moves_phase,
    new_state,
    sid,
)
from tabletrip.core import Rng
from tabletrip.core.game import DRAWING_MOVE, OPEN_MOVE, Concealed
from tabletrip.games.route_east.actions import Discard, FreightTrain, Move, TakeAction
from tabletrip.games.route_east.nights import tent_needed
from tabletrip.games.route_east.rules import DISCARD, RouteEastState


@dataclass
class Tally:
    """Determinizations made, impossible ones and why, and how often each fact was at stake."""

    worlds: int = 0
    impossible_worlds: int = 0
    impossible: Counter[str] = field(default_factory=Counter)
    at_stake: Counter[str] = field(default_factory=Counter)


def track_landings(before: RouteEastState, action: object, after: RouteEastState) -> int:
    """The attraction id whose space the mover stood on by this move (-1 if none): what every
    seat saw, tracked here apart from the engine."""
    if not isinstance(action, Move | FreightTrain):
        return -1
    board = after.game.board
    there = board.index[action.space]
    mover = before.seat
    if after.pos[mover] != there or there not in board.attraction_at:
        return -1
    return board.attraction_at[there]


def why_impossible(
    state: RouteEastState,
    view: RouteEastState,
    seat: int,
    landed: list[int],
    tally: Tally,
) -> list[str]:
    """What in the determinization `view` of `state` for `seat` cannot be (empty: nothing)."""
    problems: list[str] = []
    board = state.game.board
    players = state.game.players
    true, seen = state.history, view.history
    if len(true) != len(seen):
        problems.append("history length")
    for (actor, action), (seen_actor, seen_action) in zip(true, seen, strict=False):
        if actor != seat and type(action) is Discard:
            tally.at_stake["another seat's discard in the history"] += 1
        if seen_actor != actor:
            problems.append("history movers")
        elif actor == seat:
            if seen_action != action:
                problems.append("own move changed in the history")
        elif str(seen_action) != state.public_move(action) or type(seen_action) is Discard:
            problems.append(f"history names what seat {seat} did not see: {seen_action!r}")
        elif seen_action != action and not isinstance(seen_action, Concealed):
            problems.append("another seat's move changed in the history")
    if view.observation(seat) != state.observation(seat):
        problems.append("observation differs")
    if view.public_observation() != state.public_observation():
        problems.append("public observation differs")
    # Action cards: own hand, hand sizes, conservation, the discard pile, own cards put under.
    if view.hands[seat] != state.hands[seat]:
        problems.append("own hand changed")
    if [sum(h) for h in view.hands] != [sum(h) for h in state.hands]:
        problems.append("a hand of another size")

    def all_cards(s: RouteEastState) -> Counter[int]:
        cards: Counter[int] = Counter(s.action.cards)
        cards.update(s.action.discards)
        for hand in s.hands:
            cards.update({c: n for c, n in enumerate(hand) if n})
        return cards

    if all_cards(view) != all_cards(state):
        problems.append("Action cards not conserved")
    if view.action.discards != state.action.discards:
        problems.append("the played cards changed")
    for i, putter in enumerate(state.under):
        if putter == seat:
            tally.at_stake["own card under the Action deck"] += 1
            if view.action.cards[i] != state.action.cards[i]:
                problems.append("own card put under the Action deck moved")
    for name in ("ignition", "border", "atm"):
        mine, theirs = getattr(view, name), getattr(state, name)
        if Counter(mine.cards) != Counter(theirs.cards) or mine.discards != theirs.discards:
            problems.append(f"{name} pile changed")
    # Attractions.
    if view.attractions[seat] != state.attractions[seat]:
        problems.append("own attractions changed")
    held: Counter[int] = Counter(a for hand in view.attractions for a in hand)
    if any(n > 1 for n in held.values()):
        problems.append("an attraction held twice")
    for s in range(players):
        cards = view.attractions[s]
        if len(cards) != len(state.attractions[s]) or view.visited[s] != state.visited[s]:
            problems.append("attraction count or visits changed")
        if len({board.attractions[a].country for a in cards}) != len(cards):
            problems.append(f"seat {s} holds two attractions in one country")
        unvisited = view.unvisited(s)
        if len(unvisited) == 1 and unvisited != state.unvisited(s):
            problems.append("a face-up last attraction changed")
        if s != seat and len(unvisited) >= 2:
            if landed[s] & ~view.visited[s]:
                tally.at_stake["another seat stood on an attraction not its own"] += 1
            if any(landed[s] >> a & 1 for a in unvisited):
                problems.append("a hidden attraction its owner stood on without turning it up")
    # The turn's player showed it holds a Tent by walking where only a Tent gives a night.
    mover = state.seat
    if mover != seat and not state.is_over and tent_needed(state, state.moves_left):
        tally.at_stake["the turn's player counts on a Tent"] += 1
        if not any(view.hands[mover][c] for c in state.game.cards_of_kind["tent"]):
            problems.append("the turn's player holds no Tent, yet its moves showed one")
    return problems


def count_worlds(players: int, attractions: int, seed: int, tally: Tally) -> None:
    """Play one random game, determinizing for every seat every few moves."""
    game = tabletrip.make("route-east", players=players, attractions=attractions)
    state = game.new_game(seed)
    assert isinstance(state, RouteEastState)
    rng = Rng(seed * 7 + players)
    landed = [0] * players
    for step in range(900):
        if state.is_over:
            break
        if step % 3 == 0:
            for seat in range(players):
                view = state.determinize(seat, rng)
                assert isinstance(view, RouteEastState)
                tally.worlds += 1
                problems = why_impossible(state, view, seat, landed, tally)
                tally.impossible_worlds += bool(problems)
                tally.impossible.update(set(problems))
        actions = state.legal_actions()
        # Random play, leaning to picking up cards and camping so discards and Tents occur.
        keen = [a for a in actions if type(a) in (TakeAction,) or str(a) == "camp"]
        action = rng.choice(keen if keen and rng.below(3) == 0 else actions)
        before = state.clone()
        state.apply(action)
        attraction = track_landings(before, action, state)
        if attraction >= 0:
            landed[before.seat] |= 1 << attraction


def test_no_impossible_world_over_many_determinizations() -> None:
    """Contract: determinize deals only worlds the seat cannot rule out; counted over random
    games of 2 to 5 players with 2 to 6 attractions each, none is impossible."""
    tally = Tally()
    for players, attractions, seed in (
        (2, 3, 1),
        (2, 6, 2),
        (3, 2, 3),
        (3, 5, 4),
        (4, 2, 5),
        (4, 6, 6),
        (5, 2, 7),
        (5, 6, 8),
    ):
        count_worlds(players, attractions, seed, tally)
    assert tally.worlds > 2000
    for fact in (
        "another seat's discard in the history",
        "own card under the Action deck",
        "another seat stood on an attraction not its own",
        "the turn's player counts on a Tent",
    ):
        assert tally.at_stake[fact] > 0, f"never at stake: {fact}"
    assert tally.impossible_worlds == 0, dict(tally.impossible)


# --- the facts one at a time ---------------------------------------------------------------


def test_another_seats_discard_is_not_named_in_the_determinized_history() -> None:
    """Action Cards: discards go under the Action deck face down; the others see only that a
    card went ("discard a card"), and so does the history of their determinizations."""
    state = new_state()
    moves_phase(state, 0, between(state.game.board, "atm")[0])
    give(state, 0, "tent", 5)
    state.apply(TakeAction())
    assert state.phase == DISCARD
    state.apply(Discard(card_id(state, "tent")))
    view = state.determinize(1, Rng(3))
    last_seat, last = view.history[-1]
    assert last_seat == 0 and str(last) == "discard a card" and isinstance(last, Concealed)
    assert "tent" not in repr(view.history[-1])
    own = state.determinize(0, Rng(3))
    assert own.history[-1] == (0, Discard(card_id(state, "tent")))


def tent_put_under_by_seat_0() -> RouteEastState:
    """Seat 0, on a hostel, took an Action card and discarded a Tent under the Action deck."""
    state = new_state()
    hostel = between(state.game.board, "atm")[0]
    moves_phase(state, 0, hostel)
    give(state, 0, "tent", 5)
    state.apply(TakeAction())
    state.apply(Discard(card_id(state, "tent")))
    return state


def test_your_own_discard_stays_where_you_put_it() -> None:
    """Action Cards: you discard "to the bottom of the Action Card deck": you know that card is
    there, so every world you imagine has it there; the others' worlds may not."""
    state = tent_put_under_by_seat_0()
    tent = state.game.decks.action_of_kind["tent"]
    assert state.action.cards[0] == tent
    rng = Rng(5)
    assert all(state.determinize(0, rng).action.cards[0] == tent for _ in range(30))
    assert any(state.determinize(1, rng).action.cards[0] != tent for _ in range(30))


def test_the_turns_player_counting_on_a_tent_holds_one_in_every_world() -> None:
    """Turns: only a Tent lets a turn end on an attraction, so a player who walked onto one
    with no move left to reach a bed showed the table it holds a Tent: the others' worlds
    give it one."""
    state = new_state()
    bed, sight, _ = between(state.game.board, "attraction")
    moves_phase(state, 0, bed, moves=1)
    for hand in state.hands:
        for card, count in enumerate(hand):
            state.action.cards.extend([card] * count)
            hand[card] = 0
    give(state, 0, "tent")
    state.apply(Move(sid(state, sight)))
    assert state.seat == 0 and "camp" in [str(a) for a in state.legal_actions()]
    tent = state.game.decks.action_of_kind["tent"]
    rng = Rng(9)
    for _ in range(40):
        view = state.determinize(1, rng)
        assert view.hands[0][tent] == 1
        assert view.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("players", [2, 4])
def test_an_attraction_stood_on_unturned_is_not_its_owners(players: int) -> None:
    """Attractions: "When you land on your attraction, you must turn the Attraction Card face
    up": a seat that stood on one and turned nothing up does not hold it, in any world."""
    state = new_state(players, attractions=3)
    board = state.game.board
    bed, sight, _ = between(board, "attraction")
    other = board.attraction_at[sight]
    state.attractions[0] = [a for a in state.attractions[0] if a != other]
    while len(state.attractions[0]) < 3:  # seat 0 holds three cards, none of them `other`
        state.attractions[0].append(
            next(
                a.id
                for a in board.attractions
                if a.id != other
                and all(a.id not in h for h in state.attractions)
                and a.country not in {board.attractions[b].country for b in state.attractions[0]}
            )
        )
    for s in range(1, players):
        state.attractions[s] = [a for a in state.attractions[s] if a != other]
    moves_phase(state, 0, bed, moves=2)
    state.apply(Move(sid(state, sight)))
    assert state.pos[0] == sight and state.visited[0] == 0  # everyone saw nothing turned up
    rng = Rng(11)
    for _ in range(60):
        assert other not in state.determinize(1, rng).attractions[0]


def test_landing_on_an_attraction_with_cards_face_down_is_not_an_open_move() -> None:
    """Attractions: landing on your attraction turns it face up, so a move onto an attraction,
    while some of yours are face down, shows the table whether it was yours: it is no open move
    (a server may not take it back unchecked). A move between two Hostels stays open."""
    state = new_state(2, attractions=3)
    board = state.game.board
    bed, sight, far = between(board, "attraction", bonus="collect")
    mine = board.attraction_at[sight]
    for seat in range(2):
        state.attractions[seat] = [a for a in state.attractions[seat] if a != mine]
    for holds_it, expected in ((True, DRAWING_MOVE), (False, None)):
        world = state.clone()
        if holds_it:
            world.attractions[0][0] = mine
        moves_phase(world, 0, bed, moves=3)
        action = Move(sid(world, sight))
        after = world.clone()
        after.apply(action)
        assert world.move_disclosure(action, after) == expected
        step = Move(sid(after, far))
        later = after.clone()
        later.apply(step)
        assert after.move_disclosure(step, later) == OPEN_MOVE


def test_the_decks_of_a_world_are_drawn_at_random_only_when_drawn() -> None:
    """CONTRACT.md, determinize: a world's decks are in no order (`Deck.loose`): each card is
    drawn at random when it is drawn, as from a shuffled deck (chi-square over the Border
    deck's first card), and the cards you put under the Action deck stay below the loose ones."""
    state = tent_put_under_by_seat_0()
    view = state.determinize(0, Rng(3))
    for deck in (view.ignition, view.border, view.atm):
        assert deck.loose == len(deck.cards) > 0 and deck.cards == sorted(deck.cards)
    assert view.action.loose == len(view.action.cards) - len(view.under) > 0
    counts = Counter(state.border.cards)
    drawn = Counter(state.determinize(0, Rng(k)).border.draw(Rng(k)) for k in range(3000))
    total = sum(counts.values())
    expected = {card: 3000 * n / total for card, n in counts.items()}
    assert chi_square(drawn, expected) < chi_square_limit(len(counts) - 1)


def test_a_determinization_is_the_same_from_the_remembered_deal() -> None:
    """`determinize` remembers what it deals from on the state until a move is played: the
    same generator gives the same world from a fresh copy of the state, which has no memo."""
    game = tabletrip.make("route-east", players=3)
    state = game.new_game(11)
    rng = Rng(4)
    for step in range(300):
        if state.is_over:
            break
        seat = step % 3
        state.determinize(seat, Rng(step))  # fills the memo for this position and seat
        again = state.determinize(seat, Rng(step))
        fresh = game.load(state.to_json()).determinize(seat, Rng(step))
        assert isinstance(fresh, RouteEastState)
        assert again.hands == fresh.hands and again.attractions == fresh.attractions
        for pile in ("action", "ignition", "border", "atm"):
            assert getattr(again, pile).to_json() == getattr(fresh, pile).to_json()
        assert again.rng.state == fresh.rng.state
        state.apply(state.random_action(rng))
