"""What each seat may know in Ticket to Ride, and determinizations that hold nothing more.

Four defects, each with a test that failed before the fix: `known_cards` after a claim
worked out from cards nobody saw; the ticket pile's size during the setup choice showing how
many tickets an earlier seat kept; determinized copies carrying the true history (kept
tickets named); determinized copies moving the tickets a seat returned, whose places under
the pile it knows. And a measurement over many determinizations of random games
that counts impossible worlds (it must find none).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tabletrip
from chi_square import chi_square, chi_square_limit
from tabletrip.core import RecordError, Rng
from tabletrip.core.encoding import encoding_for
from tabletrip.core.game import OPEN_MOVE, Concealed
from tabletrip.games.ticket_to_ride.actions import Claim, KeepTickets, TakeFaceUp
from tabletrip.games.ticket_to_ride.phases import KEEP_AT_SETUP, SETUP, TICKETS_OFFERED
from tabletrip.games.ticket_to_ride.rules import TicketToRideState
from ttr_situations import BLIND, LOCO, MapSituations, claim, find_route

USA = MapSituations("usa")
EXPRESS = MapSituations("europe-express", locomotive_pile=12)
COLORS = ("purple", "blue", "orange", "white", "green", "yellow", "black", "red")
PLENTY = [c for c in COLORS for _ in range(4)]  # a deck that never runs out in a few turns
ROW = ("red", "blue", "green", "yellow", "black")


def same_for(seat: int, a: TicketToRideState, b: TicketToRideState) -> None:
    """`seat` cannot tell the worlds apart: its observation, the public one, its vector, and
    its determinizations (same RNG seed, same copy) are the same in both."""
    assert a.observation(seat) == b.observation(seat)
    assert a.public_observation() == b.public_observation()
    encoding = encoding_for(a.game)
    vector = encoding.observations.encode
    assert vector(a.observation(seat)) == vector(b.observation(seat))
    for k in range(8):
        assert a.determinize(seat, Rng(k)).to_json() == b.determinize(seat, Rng(k)).to_json()


# --- known_cards after a claim ----------------------------------------------------------------


BOSTON_NEW_YORK = find_route(USA.new_state().game.board, "Boston", "New York", "red")  # 2, red


def audit_example(blind: str) -> TicketToRideState:
    """The audit's example: seat 1 holds one hidden red, takes a red face up, draws `blind`
    blind, then (after seat 0's two blind cards) pays 2 red for Boston-New York.

    Twin worlds keep the same 110 cards: the card seat 1 does not draw lies deeper in the deck.
    """
    other = "blue" if blind == "red" else "red"
    deck = ["white", blind, "green", "green", "yellow", other, *PLENTY]
    state = USA.turn_state(2, seat=1, hands={1: {"red": 1}}, face_up=ROW, deck=deck)
    state.apply(TakeFaceUp("red"))  # replaced face up by the white
    state.apply(BLIND)
    state.apply(BLIND)  # seat 0: two blind cards, the greens in both worlds
    state.apply(BLIND)
    state.apply(claim(state, BOSTON_NEW_YORK, "red"))
    return state


def test_known_cards_after_a_claim_do_not_depend_on_a_blind_card() -> None:
    """USA rulebook, The Game Turn > 1. Draw Train Car Cards (a card from the deck is drawn
    "blind": nobody else sees it) and 2. Claim a Route (the cards paid go face up to the
    discards); CONTRACT.md, Hidden information: hands are never in another seat's observation.

    Seat 1 held one hidden red, took a red face up and drew one card blind, then paid 2 red.
    Seat 0 saw one red taken and two red paid: it cannot know whether seat 1 still holds a
    red, so `known_cards` is empty in both worlds (1 seen - 2 paid, never below 0); before
    the fix it was `{'red': 1}` when the blind card was red, `{}` otherwise.
    """
    red, blue = audit_example("red"), audit_example("blue")
    assert red.hands[1] != blue.hands[1]  # seat 1 holds a red in one world, a blue in the other
    for state in (red, blue):
        assert state.public_observation()["seats"][1]["known_cards"] == {}
        assert state.public_observation()["seats"][1]["hand_size"] == 1
    same_for(0, red, blue)


def locomotive_example(hidden: str) -> TicketToRideState:
    """Seat 1 holds a hidden red and a hidden `hidden`, takes a face-up Locomotive, then pays
    Boston-New York with a red and one Locomotive (the seen one, or a hidden one)."""
    other = "blue" if hidden == LOCO else LOCO
    deck = ["white", "green", "green", other, *PLENTY]
    state = USA.turn_state(
        2, seat=1, hands={1: {"red": 1, hidden: 1}}, face_up=(LOCO, *ROW[1:]), deck=deck
    )
    state.apply(TakeFaceUp(LOCO))  # the whole draw
    state.apply(BLIND)
    state.apply(BLIND)
    state.apply(claim(state, BOSTON_NEW_YORK, "red", 1))
    return state


def test_a_paid_locomotive_may_be_the_one_seen_taken() -> None:
    """USA rulebook, The Game Turn > 1 (a face-up Locomotive is taken in view of all) and 2.
    Claim a Route (Locomotives paid go to the discards, like any card); CONTRACT.md, Hidden
    information.

    The Locomotive paid may be the one seen taken: afterwards nobody can say seat 1 still holds
    a Locomotive, whether its hidden card was one (it still holds one) or not.
    """
    loco, blue = locomotive_example(LOCO), locomotive_example("blue")
    assert loco.hands[1] != blue.hands[1]
    for state in (loco, blue):
        assert state.public_observation()["seats"][1]["known_cards"] == {}
    same_for(0, loco, blue)


def test_known_cards_lose_exactly_what_was_paid() -> None:
    """Claim a Route (both rulebooks): a claim takes from the cards seen taken exactly the
    cards of their kinds that were paid, never fewer than 0, kind by kind; the rest stay known
    (RULES_NOTES.md, Hidden information)."""
    state = USA.turn_state(
        2, seat=0, hands={0: {"red": 2, LOCO: 1, "blue": 2}}, face_up=ROW, deck=PLENTY
    )
    state.known[0] = state.hands[0].copy()
    state.known[0][state.game.card_index["red"]] = 2
    state.known[0][state.game.board.loco] = 1
    state.known[0][state.game.card_index["blue"]] = 1  # one of the two blue was drawn blind
    state.apply(claim(state, BOSTON_NEW_YORK, "red", 1))
    seen = state.public_observation()["seats"][0]["known_cards"]
    assert seen == {"red": 1, "blue": 1}  # 2 - 1 red, 1 - 1 Locomotive, blue untouched


def test_europe_express_locomotives_are_all_seen_and_stay_known_less_those_paid() -> None:
    """Europe Express rulebook, The Game Turn > 2. Draw a Locomotive Card (from the face-up
    Locomotive pile, in view of all) and 1. Claim a Route (used Locomotives go back to their
    pile): every Locomotive in a hand was seen taken, so exactly those not paid stay known."""
    board = EXPRESS.new_state().game.board
    london_paris = find_route(board, "London", "Paris")  # 2, gray
    deck = [c for c in ROW for _ in range(4)]  # colours of both maps
    state = EXPRESS.turn_state(2, seat=0, hands={0: {"red": 1}}, face_up=ROW, deck=deck)
    for _ in range(2):
        state.apply(state.game.take_locomotive)
        state.apply(BLIND)  # seat 1
        state.apply(BLIND)
    state.apply(claim(state, london_paris, "red", 1))
    assert state.public_observation()["seats"][0]["known_cards"] == {LOCO: 1}
    assert state.hands[0][board.loco] == 1


# --- the setup ticket choice ------------------------------------------------------------------


def after_first_keep(
    map_id: str, players: int, keep_all: bool, seed: int = 3
) -> tuple[TicketToRideState, int]:
    """A new game in which the first seat keeps all 3 of its tickets or only 2 of them."""
    state = tabletrip.make("ticket-to-ride", players=players, map=map_id).new_game(seed)
    assert isinstance(state, TicketToRideState)
    first = state.current_player
    offer = tuple(sorted(state.offers[first]))
    state.apply(state.game.keep(offer if keep_all else offer[:KEEP_AT_SETUP]))
    return state, first


@pytest.mark.parametrize("map_id", ["usa", "europe-express"])
def test_a_setup_keep_does_not_show_in_the_later_seats_views(map_id: str) -> None:
    """USA rulebook, Setup > 6 ("Each player looks at their Destination Tickets and decides
    which ones they want to keep"; Europe Express, Setup: the same); CONTRACT.md, Simultaneous
    phases: "a choice is hidden from the others until every seat has chosen"; RULES_NOTES.md,
    setup ticket choice.

    Until every seat has chosen, nothing a later seat sees depends on how many tickets an
    earlier one kept: not its ticket count, the log, the ticket pile's size (before the fix
    it grew by the tickets returned), the observation vector, nor the determinizations.
    """
    players = 3
    (three, first), (two, _) = (after_first_keep(map_id, players, k) for k in (True, False))
    assert len(three.tickets[first]) == 3 and len(two.tickets[first]) == 2
    later = [(first + i) % players for i in range(1, players)]
    for seat in later:
        same_for(seat, three, two)
    # The next seat chooses the same in both worlds: the last one still cannot tell.
    for state in (three, two):
        state.apply(state.legal_actions()[0])
    assert three.phase == two.phase == SETUP
    same_for(later[-1], three, two)
    assert three.public_observation()["ticket_pile_size"] == 30 - TICKETS_OFFERED * players


@pytest.mark.parametrize("map_id", ["usa", "europe-express"])
def test_determinizing_during_setup_deals_any_count_a_chosen_seat_could_keep(map_id: str) -> None:
    """USA rulebook, Setup > 6 ("You must keep at least two Tickets, but you may keep all three");
    CONTRACT.md, the contract: determinize resamples all the seat cannot see, consistently with
    its observation. A seat that has chosen is dealt 2 or 3 tickets at random, the pile the
    rest; its keep is only "keep tickets" in the copy's history."""
    state, first = after_first_keep(map_id, 3, keep_all=True)
    seat = state.current_player
    counts: Counter[int] = Counter()
    for k in range(60):
        copy = state.determinize(seat, Rng(k))
        kept = len(copy.tickets[first])
        counts[kept] += 1
        held = copy.ticket_pile + [t for s in copy.tickets + copy.offers for t in s]
        assert sorted(held) == list(range(30))
        assert len(copy.ticket_pile) == 30 - 3 * 3 + (3 - kept)
        [(actor, move)] = copy.history
        assert actor == first and move == Concealed(KeepTickets.kind, "keep tickets")
    assert set(counts) == {2, 3}, counts


def test_a_concealed_setup_keep_reads_as_it_was_seen() -> None:
    """CONTRACT.md, the contract (determinize: "nothing in it, its history included, holds what
    `seat` cannot know") and RULES_NOTES.md, setup ticket choice: a keep made during the setup
    choice is seen as "keep tickets" until every seat has chosen, then as "keep N tickets". A
    copy made during the choice never learns the count (its log keeps "keep tickets"); one
    made later has it."""
    state, first = after_first_keep("usa", 2, keep_all=False)
    seat = state.current_player
    during = state.determinize(seat, Rng(1))
    assert during.public_move(during.history[0][1]) == "keep tickets"
    state.apply(state.legal_actions()[0])
    during.apply(during.legal_actions()[0])
    assert state.public_observation()["log"][0] == [first, "keep 2 tickets"]
    assert during.public_observation()["log"][0] == [first, "keep tickets"]
    later = state.determinize(seat, Rng(1))
    assert later.history[0] == (first, Concealed(KeepTickets.kind, "keep 2 tickets"))
    assert later.observation(seat) == state.observation(seat)
    assert later.public_move(later.history[0][1]) == "keep 2 tickets"
    # A copy of a copy (as ISMCTS makes) keeps the concealed moves as they are.
    again = later.determinize(seat, Rng(2))
    assert again.history == later.history
    assert again.observation(seat) == state.observation(seat)


def test_the_log_shows_a_seat_its_own_keeps_as_the_others_saw_them() -> None:
    """USA rulebook, The Game Turn > 3. Draw Destination Tickets ("Keep your Destination
    Tickets secret"); CONTRACT.md, Hidden information; RULES_NOTES.md, Hidden information: the
    log is the table's, the seat's own keeps too read as a count (its tickets are listed in its
    observation), so it is the same in the real game and in a determinization for any seat."""
    state = USA.new_state(2, seed=4)
    while state.phase == SETUP:
        state.apply(state.legal_actions()[0])
    state.apply(state.game.draw_tickets)
    state.apply(state.legal_actions()[-1])  # the fewest: one ticket
    for seat in range(2):
        log = state.observation(seat)["log"]
        assert log == state.public_observation()["log"]
        assert log[-2:] == [[0, "tickets"], [0, "keep 1 ticket"]]
        for other in range(2):
            assert state.determinize(other, Rng(seat)).observation(seat)["log"] == log
    assert len(state.observation(0)["tickets"]) == len(state.tickets[0]) == 4


# --- the tickets a seat returned --------------------------------------------------------------


def keep_fewest(state: TicketToRideState) -> list[int]:
    """The current seat keeps the fewest tickets it may (the lowest ids); what it returns."""
    seat = state.current_player
    offer = sorted(state.offers[seat])
    least = KEEP_AT_SETUP if state.phase == SETUP else 1
    state.apply(state.game.keep(tuple(offer[:least])))
    return offer[least:]


def marks(state: TicketToRideState) -> list[int]:
    """Who put each of the ticket pile's bottom tickets there, bottom first (above them, the
    tickets dealt into it)."""
    return state.returned_by


def test_the_tickets_a_seat_returned_keep_their_places_in_its_determinizations() -> None:
    """USA rulebook, Setup > 6 ("Any unchosen Tickets are placed at the bottom of the
    Destination Ticket pile") and The Game Turn > 3 ("The Tickets you do not choose return to
    the bottom"); CONTRACT.md, the contract: determinize resamples what the seat cannot see,
    consistently with what it knows.

    Seat 0 returned one ticket at setup and two in the game: it knows where the three lie (at
    the bottom, in its order, under them only later returns), so each copy for seat 0 keeps
    them there, and deals only the rest anew: the other seats' returned tickets too (seat 0
    never saw them). Before the fix, a copy put them anywhere, even in another seat's hand.
    """
    state = USA.new_state(3, seed=5)
    returned = {seat: keep_fewest(state) for seat in range(3)}
    state.apply(state.game.draw_tickets)
    returned[0] += keep_fewest(state)
    state.apply(state.game.draw_tickets)
    returned[1] += keep_fewest(state)
    state.apply(BLIND)
    state.apply(BLIND)
    assert state.current_player == 0 and len(returned[0]) == 3
    places = {t: i for i, t in enumerate(state.ticket_pile)}
    # Bottom first: seat 1's 2 from the game, seat 0's 2, then from setup seats 2, 1 and 0.
    assert sorted(places[t] for t in returned[0]) == [2, 3, 6]
    others_moved = 0
    for k in range(40):
        copy = state.determinize(0, Rng(k))
        assert isinstance(copy, TicketToRideState)
        for ticket in returned[0]:
            assert copy.ticket_pile[places[ticket]] == ticket
        assert marks(copy) == marks(state)  # every place's returner is public
        others_moved += any(copy.ticket_pile[places[t]] != t for t in returned[1] + returned[2])
        again = copy.determinize(0, Rng(k + 100))  # a copy of a copy, as ISMCTS makes
        assert all(again.ticket_pile[places[t]] == t for t in returned[0])
    assert others_moved > 30


def test_during_setup_a_seat_s_returned_ticket_stays_above_the_later_returns() -> None:
    """USA rulebook, Setup > 6 (unchosen tickets go to the bottom of the pile); CONTRACT.md,
    Simultaneous phases (a choice is hidden until every seat has chosen).

    Seat 0 returned one ticket; seat 1, choosing next, returned none or one (hidden from seat
    0): seat 0's ticket lies at the bottom or just above seat 1's, and its copies put it there,
    over as many returns of seat 1 as they deal it. Twin worlds in which seat 1 kept 3 or 2
    give seat 0 (and seat 2) the same copies: seat 1's returned place is dealt anew.
    """
    worlds = []
    for keep_all in (True, False):
        state = USA.new_state(3, seed=6)
        [mine] = keep_fewest(state)
        for k in range(20):
            assert state.determinize(0, Rng(k)).ticket_pile[0] == mine
        offer = tuple(sorted(state.offers[1]))
        state.apply(state.game.keep(offer if keep_all else offer[:KEEP_AT_SETUP]))
        below: Counter[int] = Counter()
        for k in range(40):
            copy = state.determinize(0, Rng(k))
            under = TICKETS_OFFERED - len(copy.tickets[1])
            assert copy.ticket_pile[under] == mine
            assert marks(copy)[: under + 1] == [1] * under + [0]
            below[under] += 1
        assert set(below) == {0, 1}
        worlds.append(state)
    same_for(0, *worlds)
    same_for(2, *worlds)


def test_who_returned_the_pile_s_tickets_is_saved_with_the_state() -> None:
    """CONTRACT.md, the contract: `load(to_json())` round trips exactly, so the record of who put
    each ticket under the pile (`ticket_pile_returned_by`) is saved; a state saved before it
    existed loads with it unknown (RULES_NOTES.md, Hidden information: as if those tickets
    had been dealt into the pile) and records the returns made after; a malformed one is
    refused in one line."""
    state = USA.new_state(2, seed=7)
    returned = keep_fewest(state) + keep_fewest(state)
    data = state.to_json()
    saved = data["state"]["ticket_pile_returned_by"]
    assert saved == [1, 0]  # seat 1 chose last: its ticket lies under seat 0's
    assert data["state"]["ticket_pile"][:2] == returned[::-1]
    loaded = state.game.load(json.loads(json.dumps(data)))
    assert loaded.to_json() == data
    older = json.loads(json.dumps(data))
    del older["state"]["ticket_pile_returned_by"]
    old = state.game.load(older)
    assert isinstance(old, TicketToRideState)
    assert old.returned_by == []
    assert old.to_json()["state"]["ticket_pile_returned_by"] == []
    old.apply(old.game.draw_tickets)
    returned = keep_fewest(old)  # a new return below: known again
    assert old.returned_by == [0] * len(returned)
    too_many = [0] * (len(data["state"]["ticket_pile"]) + 1)
    for bad in (too_many, [1, 2], [1, -1], [1, "0"], {"0": 1}):
        broken = json.loads(json.dumps(data))
        broken["state"]["ticket_pile_returned_by"] = bad
        with pytest.raises(RecordError, match="ticket_pile_returned_by"):
            state.game.load(broken)


# --- measured: impossible worlds over many determinizations -----------------------------------


CONFIGS = [("usa", 2), ("usa", 3), ("usa", 5), ("europe-express", 2), ("europe-express", 4)]


def card_totals(state: TicketToRideState) -> list[int]:
    """How many cards of each kind the state holds in all (the Locomotive pile included)."""
    totals = [0] * len(state.game.board.card_names)
    for card in state.deck.cards + state.deck.discards + state.face_up:
        totals[card] += 1
    for held in state.hands:
        for card, n in enumerate(held):
            totals[card] += n
    totals[state.game.board.loco] += state.loco_pile
    return totals


def returns_below(state: TicketToRideState, seat: int) -> int:
    """How many tickets lie under those `seat` returned at setup: the returns of the seats that
    chose after it (while seats choose their first tickets; afterwards 0, the pile's places
    being counted from its bottom as they are, every count public)."""
    if state.phase != SETUP:
        return 0
    choosers = [actor for actor, _ in state.history]
    later = choosers[choosers.index(seat) + 1 :] if seat in choosers else []
    return sum(TICKETS_OFFERED - len(state.tickets[s]) for s in later)


def own_returns_misplaced(
    state: TicketToRideState, copy: TicketToRideState, seat: int, returned: list[int]
) -> bool:
    """Whether a ticket `seat` returned, still in the pile (`returned`, tracked from the moves
    by the test itself), lies elsewhere in `copy`: each must keep its place from the bottom
    of the pile (USA rulebook, Setup > 6 and The Game Turn > 3: tickets not kept go to the
    bottom), counted during the setup choice above the returns of the seats that chose later,
    whose counts the copy may deal otherwise."""
    real, dealt = returns_below(state, seat), returns_below(copy, seat)
    for ticket in returned:
        place = state.ticket_pile.index(ticket) - real + dealt
        if not 0 <= place < len(copy.ticket_pile) or copy.ticket_pile[place] != ticket:
            return True
    return False


def impossible(
    state: TicketToRideState, copy: TicketToRideState, seat: int, returned: list[int]
) -> list[str]:
    """What makes `copy` a world `seat` knows cannot be the real one (empty if none);
    `returned`: the tickets `seat` returned that are still in the pile."""
    problems = []
    if own_returns_misplaced(state, copy, seat, returned):
        problems.append("a ticket the seat returned is not at its place")
    board = state.game.board
    if copy.observation(seat) != state.observation(seat):
        problems.append("observation differs")
    if copy.public_observation() != state.public_observation():
        problems.append("public observation differs")
    if state.current_player == seat and sorted(map(str, copy.legal_actions())) != sorted(
        map(str, state.legal_actions())
    ):
        problems.append("other legal actions")
    # The history: the seat's own moves, the others' only as the seat saw them.
    true, seen = state.history, copy.history
    if len(true) != len(seen):
        problems.append("history length")
    for (actor, action), (seen_actor, seen_action) in zip(true, seen, strict=False):
        if seen_actor != actor:
            problems.append("history movers")
        elif actor == seat:
            if seen_action != action:
                problems.append("own move changed in the history")
        elif isinstance(seen_action, KeepTickets):
            problems.append("history names another seat's tickets")
        elif str(seen_action) != state.public_move(action):
            problems.append("history shows another seat's move otherwise than seen")
        elif seen_action != action and not isinstance(seen_action, Concealed):
            problems.append("history holds another move")
    # The seat's own things, and what everyone saw, are as they are.
    for name in ("face_up", "owner", "trains", "route_points", "known", "express"):
        if getattr(copy, name) != getattr(state, name):
            problems.append(f"{name} differs")
    if state.phase != SETUP and copy.returned_by != state.returned_by:
        problems.append("who put the pile's bottom tickets there differs")  # all public
    if copy.hands[seat] != state.hands[seat]:
        problems.append("own hand changed")
    if copy.tickets[seat] != state.tickets[seat] or copy.offers[seat] != state.offers[seat]:
        problems.append("own tickets changed")
    # The others hold what their public counts say, their seen cards among them.
    setup = state.phase == SETUP
    for other in range(state.game.players):
        if sum(copy.hands[other]) != sum(state.hands[other]):
            problems.append("hand size")
        if any(h < k for h, k in zip(copy.hands[other], copy.known[other], strict=True)):
            problems.append("fewer cards than seen taken")
        if len(copy.offers[other]) != len(state.offers[other]):
            problems.append("offer size")
        kept = len(copy.tickets[other])
        if not setup or other == seat:
            if kept != len(state.tickets[other]):
                problems.append("ticket count")
        elif state.offers[other]:
            if kept:
                problems.append("tickets before choosing")
        elif not KEEP_AT_SETUP <= kept <= TICKETS_OFFERED:
            problems.append("a setup keep the rules do not allow")
    # Nothing made or lost.
    held = copy.ticket_pile + [t for s in copy.tickets + copy.offers for t in s]
    if sorted(held) != list(range(len(board.tickets))):
        problems.append("tickets not conserved")
    if card_totals(copy) != [*board.color_counts, board.locomotives]:
        problems.append("cards not conserved")
    return problems


def test_determinizations_of_random_games_are_possible_worlds() -> None:
    """CONTRACT.md, the contract and Hidden information: `determinize(seat)` resamples all that
    the seat cannot see consistently with its observation, and "nothing in it, its history
    included, holds what `seat` cannot know".

    Over random games of both maps and several player counts, every seat's determinizations
    (at every setup step, then every 7th step; a copy of a copy too, as ISMCTS makes; each
    copy then played on as a twin of the real game) are checked for anything that makes them
    impossible worlds: another observation or legal actions, a history naming another seat's
    tickets or showing a move otherwise than it was seen, counts or cards that contradict
    what the seat sees, tickets or cards not conserved, an open move (a claim, say) after
    which the seat's view differs between the twins. It finds none. It also counts how often
    a seat that had chosen its setup tickets was dealt another count than it kept (the count
    is really resampled: before the fix, never). Before the fix it found, on these games,
    about 8,500 history entries naming another seat's tickets and 35 claims after which the
    twins' `known_cards` differed.

    It also finds no copy in which a ticket the seat returned, still in the pile, is not at
    its place (each keeps its place from the bottom; the test tracks them from the moves):
    before that fix it found 584 such copies and 581 such copies of copies.

    The counts are printed (`pytest -s` shows them) and named in any failure.
    Not counted (RULES_NOTES.md, Hidden information): once another seat has drawn a ticket
    the seat returned, a copy does not remember who has it (`checked` counts such draws).
    """
    problems: Counter[str] = Counter()
    checked: Counter[str] = Counter()
    for map_id, players in CONFIGS:
        game = tabletrip.make("ticket-to-ride", players=players, map=map_id)
        for seed in (1, 2):
            rng = Rng(seed * 1000 + players)
            state = game.new_game(seed)
            assert isinstance(state, TicketToRideState)
            step = 0
            returned: list[list[int]] = [[] for _ in range(players)]  # still in the pile
            while not state.is_over:
                if state.phase == SETUP or step % 7 == 0:
                    for seat in range(players):
                        check_seat(state, seat, rng, returned[seat], problems, checked)
                action = rng.choice(state.legal_actions())
                mover, offer = state.current_player, list(state.offers[state.current_player])
                state.apply(action)
                track_returns(state, action, mover, offer, returned, checked)
                step += 1
    print("\nTicket to Ride determinizations checked:", dict(sorted(checked.items())))
    print("impossible worlds found, by kind:", dict(problems) or "none")
    assert checked["setup copies with a chosen seat"] > 50
    assert checked["copies with concealed moves"] > 500
    assert checked["known cards after a claim"] > 50
    assert checked["twin claims by another seat"] > 20
    assert checked["copies with the seat's returns in the pile"] > 300
    # Both counts were dealt for seats that had chosen (about half of them another count).
    assert 0.25 < checked["setup count resampled"] / checked["setup counts dealt"] < 0.75
    assert not problems, (dict(problems), dict(checked))


def track_returns(
    state: TicketToRideState,
    action: object,
    mover: int,
    offer: list[int],
    returned: list[list[int]],
    checked: Counter[str],
) -> None:
    """Keep `returned` (per seat, the tickets it returned that are still in the pile) after
    `mover` played `action`, its offer having been `offer`: worked out from the moves alone."""
    if isinstance(action, KeepTickets):
        returned[mover].extend(t for t in offer if t not in action.tickets)
    elif state.offers[mover]:  # tickets drawn
        for seat, tickets in enumerate(returned):
            drawn = [t for t in tickets if t in state.offers[mover]]
            if drawn and seat != mover:
                checked["draws of another seat's returned tickets"] += 1
            returned[seat] = [t for t in tickets if t not in drawn]


def check_seat(
    state: TicketToRideState,
    seat: int,
    rng: Rng,
    returned: list[int],
    problems: Counter[str],
    checked: Counter[str],
) -> None:
    """Determinize `state` for `seat` (and the copy again), count what is impossible in it,
    then play the same moves on the copy and on the real game while both allow them."""
    copy = state.determinize(seat, rng)
    assert isinstance(copy, TicketToRideState)
    checked["copies"] += 1
    checked["copies with the seat's returns in the pile"] += bool(returned)
    problems.update(impossible(state, copy, seat, returned))
    again = copy.determinize(seat, rng)
    assert isinstance(again, TicketToRideState)
    checked["copies of copies"] += 1
    problems.update(f"copy of a copy: {p}" for p in impossible(state, again, seat, returned))
    if any(isinstance(a, Concealed) for _, a in copy.history):
        checked["copies with concealed moves"] += 1
    if any(sum(k) for s, k in enumerate(state.known) if s != seat) and any(
        isinstance(a, Claim) for _, a in state.history
    ):
        checked["known cards after a claim"] += 1
    if state.phase == SETUP:
        for other in range(state.game.players):
            if other != seat and not state.offers[other]:
                checked["setup copies with a chosen seat"] += 1
                checked["setup counts dealt"] += 1
                dealt = len(copy.tickets[other])
                checked["setup count resampled"] += dealt != len(state.tickets[other])
    # Twin worlds: the same moves on the state and the copy while both allow them. After a
    # move everyone sees whole (`move_disclosure`: open), the seat's views must stay equal.
    world = state.clone()
    for _ in range(8):
        if world.is_over or copy.is_over:
            break
        action = rng.choice(world.legal_actions())
        mover = world.current_player
        if copy.current_player != mover or copy.illegal_reason(action) is not None:
            break
        before = world.clone()
        world.apply(action)
        copy.apply(action)
        checked["twin moves"] += 1
        same = world.observation(seat) == copy.observation(seat)
        if before.move_disclosure(action, world) == OPEN_MOVE:
            checked["twin open moves"] += 1
            if isinstance(action, Claim) and mover != seat:
                checked["twin claims by another seat"] += 1
            if not same:
                problems["an open move told the twin worlds apart"] += 1
        if not same:
            break


def test_a_determinized_deck_and_ticket_pile_are_dealt_only_when_drawn() -> None:
    """CONTRACT.md, determinize: what no one holds yet (the train deck, the unknown top of the
    ticket pile) stays in no order in a copy (`Deck.loose`, `tickets_loose`) and is drawn at
    random when drawn: the blind card a copy deals is any of the cards the seat cannot place,
    each as likely as its count (chi-square), and a copy saved and loaded is the same copy."""
    state = USA.new_state(2, seed=8)
    keep_fewest(state)
    keep_fewest(state)
    view = state.determinize(0, Rng(1))
    assert isinstance(view, TicketToRideState)
    assert view.deck.loose == len(view.deck.cards) > 0
    assert view.tickets_loose == len(view.ticket_pile) - len(view.returned_by) > 0
    data = json.loads(json.dumps(view.to_json()))
    assert data["state"]["deck_loose"] == view.deck.loose
    assert state.to_json()["state"].get("deck_loose") is None  # the true deck is dealt
    assert state.game.load(data).to_json() == data
    unplaced = Counter(view.deck.cards)  # the deck and seat 1's unseen cards, as seat 0 sees
    for card, count in enumerate(view.hands[1]):
        unplaced[card] += count - view.known[1][card]
    drawn: Counter[int] = Counter()
    for k in range(3000):
        copy = state.determinize(0, Rng(k))
        copy.apply(BLIND)
        drawn[next(c for c, n in enumerate(copy.hands[0]) if n > state.hands[0][c])] += 1
    total = sum(unplaced.values())
    expected = {card: 3000 * n / total for card, n in unplaced.items()}
    assert chi_square(drawn, expected) < chi_square_limit(len(expected) - 1)


@pytest.mark.parametrize(("key", "value"), [("deck_loose", 500), ("ticket_pile_loose", -1)])
def test_a_bad_loose_count_in_a_saved_state_is_one_line(key: str, value: int) -> None:
    data = USA.new_state(2, seed=8).to_json()
    data["state"][key] = value
    with pytest.raises(RecordError, match=f"{key} must be a whole number"):
        USA.new_state(2, seed=8).game.load(data)
