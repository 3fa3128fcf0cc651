"""The ISMCTS bot finds the winning move in small hand-built Ticket to Ride endgames.

Every position is seat 0's last turn of a two-player game (the final round is running and
`final_turns == 1`), so the game ends with the move searched. The test then works out each
legal action's exact outcome on a copy of the true state (`final_result`) and checks that
exactly one action wins while many others are legal, so a random or naive choice would fail,
before asking the bot.

With `rollout="random"` the search has no policy to lean on. Progressive widening admits
about sqrt(root visits) root actions, and with random rollouts it picks each new one at
random, so the winning move is surely tried only when the budget is at least the square of
the number of legal actions; the budgets below are chosen that way (`assert_budget_covers`).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import tabletrip.bots
from tabletrip.bots.ismcts import IsmctsBot, SearchReport
from tabletrip.core import Action, Result
from tabletrip.games.ticket_to_ride import scoring
from tabletrip.games.ticket_to_ride.actions import Claim, DrawTickets, TakeFaceUp
from tabletrip.games.ticket_to_ride.rules import SECOND_DRAW, TicketToRideState
from ttr_situations import MapSituations, claim, ids, snapshot, ticket_id

USA = MapSituations("usa")
EUROPE = MapSituations("europe-express", locomotive_pile=12)
SEEDS = [0, 1, 2]


# --- positions --------------------------------------------------------------------------------


USA_SEAT_0 = [  # the ticket's path but for Denver-Omaha: 20 trains, 23 points
    ("Los Angeles", "Phoenix"),
    ("Phoenix", "Santa Fe"),
    ("Santa Fe", "Denver"),
    ("Omaha", "Chicago"),
    ("Chicago", "Pittsburgh", "black"),
    ("Pittsburgh", "New York", "green"),
]
USA_SEAT_1 = [("Helena", "Seattle"), ("Duluth", "Helena"), ("Calgary", "Winnipeg")]  # 45 points


def usa_ticket_position() -> tuple[TicketToRideState, Claim]:
    """USA, seat 0's last turn, one purple route short of Los Angeles-New York (21 points).

    Seat 0 holds Los Angeles-Phoenix-Santa Fe-Denver and Omaha-Chicago-Pittsburgh-New York
    and 5 purple cards; Denver-Omaha (purple, 4) completes the ticket and a 21-train path.
    Seat 1 holds three 6-train routes (a path of 12) and has run down its trains. Returns the
    state and the winning claim: 61-45. Every other move loses: the longest affordable
    route, Portland-San Francisco (purple, 5), by 12-55 (seat 1 keeps the longest path).
    """
    board = USA.new_state()
    routes = {
        seat: [USA.route_id(board, *ends) for ends in held]
        for seat, held in ((0, USA_SEAT_0), (1, USA_SEAT_1))
    }
    state = USA.turn_state(
        hands={0: {"purple": 5}},
        face_up=["red", "red", "blue", "white", "orange"],
        deck=["black"] * 10,
        routes=routes,
    )
    state.tickets[0] = [ticket_id(state, "Los Angeles", "New York")]
    state.trains[1] = 2  # seat 1 set off the final round (its other routes are not modelled)
    state.final_turns = 1
    assert state.scores_now() == [23, 45]
    return state, claim(state, USA.route_id(state, "Denver", "Omaha"), "purple")


EUROPE_SEAT_0 = [  # 23 trains, 32 points
    ("Berlin", "Praha"),
    ("Praha", "Wien"),
    ("Wien", "Zagreb"),
    ("Wien", "Budapest", "white"),
    ("Bordeaux", "Madrid"),
    ("Madrid", "Lisboa"),
    ("Marseille", "Barcelona"),
    ("Lyon", "Marseille"),
    ("Bucuresti", "Kyiv"),
]
EUROPE_SEAT_1 = [  # 25 trains, 29 points: most short gray routes, so seat 0 has few claims
    ("London", "Paris", "gray"),
    ("London", "Bruxelles"),
    ("London", "Amsterdam"),
    ("Bruxelles", "Amsterdam"),
    ("Hamburg", "Kobenhavn"),
    ("Kobenhavn", "Berlin"),
    ("Zurich", "Milano"),
    ("Lyon", "Milano"),
    ("Munchen", "Venezia"),
    ("Bucuresti", "Sofia"),
    ("Bordeaux", "Barcelona"),
    ("Athina", "Istanbul"),
]


def europe_points_position() -> tuple[TicketToRideState, Claim]:
    """Europe Express, seat 0's last turn with 4 green cards and 4 trains, 3 points behind.

    Scores 132-129, but seat 0's Hamburg-Beograd ticket (9 points) lacks two links,
    Hamburg-Berlin and Zagreb-Beograd, so it ends at 123 unless it claims more. Only the
    longest affordable route, Wien-Warszawa (green, 4: 7 points), wins (130-129); the
    3-train green routes (4 points) and the planned 2-train links (2 points) lose, and cards
    drawn score nothing. Returns the state and the winning claim.
    """
    board = EUROPE.new_state()
    routes = {
        seat: [EUROPE.route_id(board, *ends) for ends in held]
        for seat, held in ((0, EUROPE_SEAT_0), (1, EUROPE_SEAT_1))
    }
    state = EUROPE.turn_state(
        hands={0: {"green": 4}},
        face_up=["red", "red", "blue", "white", "black"],
        deck=["yellow"] * 10,
        routes=routes,
    )
    state.tickets[0] = [ticket_id(state, "Hamburg", "Beograd")]
    state.final_turns = 1  # seat 1, down to 2 trains, set off the final round
    assert state.trains == [4, 2]
    assert state.scores_now() == [132, 129]
    return state, claim(state, EUROPE.route_id(state, "Wien", "Warszawa"), "green")


def usa_second_draw_position() -> TicketToRideState:
    """The USA position after a first blind card: a face-up Locomotive may not be taken now."""
    state, _ = usa_ticket_position()
    state.face_up = ids(state, ["locomotive", "red", "blue", "white", "orange"])
    state.phase = SECOND_DRAW
    return state


# --- exact outcomes ---------------------------------------------------------------------------


def final_result(state: TicketToRideState, action: Action) -> Result:
    """The result if the seat to move plays `action` on its last turn (on a copy).

    The rest of the turn is the first legal action each time: a second card (which scores
    nothing) or keeping every ticket drawn.
    """
    after = state.clone()
    after.apply(action)
    for _ in range(3):
        if after.is_over:
            break
        after.apply(after.legal_actions()[0])
    assert after.result is not None, "not the last turn"
    return after.result


def winning_actions(state: TicketToRideState) -> list[Action]:
    """The legal actions after which the seat to move is the sole winner."""
    seat = state.current_player
    return [a for a in state.legal_actions() if final_result(state, a).winners == (seat,)]


def assert_tickets_cannot_score(state: TicketToRideState) -> None:
    """No ticket on the board is joined by the seat's routes: any ticket drawn costs points."""
    seat = state.current_player
    edges = state.edges(seat)
    joined = [
        state.game.board.ticket_name(t)
        for t in state.game.board.tickets
        if t.id not in state.tickets[seat] and scoring.connected(edges, t.a, t.b)
    ]
    assert not joined
    assert DrawTickets() in state.legal_actions()


def assert_budget_covers(state: TicketToRideState, iterations: int) -> None:
    """Random widening tries every root action within this budget (see the module notes)."""
    assert len(state.legal_actions()) ** 2 <= iterations


def make_bot(seed: int, iterations: int, rollout: str = "heuristic") -> IsmctsBot:
    bot = tabletrip.bots.make(
        "ismcts", game="ticket-to-ride", seed=seed, iterations=iterations, rollout=rollout
    )
    assert isinstance(bot, IsmctsBot)
    return bot


def candidate_for(report: SearchReport, action: Action) -> tuple[float, float]:
    """The (win rate, expected score) the search found for `action`."""
    found = [c for c in report.candidates if c.action == action]
    assert found, f"{action} was never tried"
    return found[0].win_rate, found[0].expected_score


# --- finding the winning move -------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_random_search_claims_the_route_that_completes_a_ticket_on_the_last_turn(
    seed: int,
) -> None:
    state, completing = usa_ticket_position()
    legal = state.legal_actions()
    assert len([a for a in legal if isinstance(a, Claim)]) > 40
    assert winning_actions(state) == [completing]
    longest = claim(state, USA.route_id(state, "Portland", "San Francisco", "purple"), "purple")
    assert longest in legal  # the naive last-turn move: the most route points ...
    assert final_result(state, longest).scores == (12, 55)  # ... loses
    assert final_result(state, completing).scores == (61, 45)
    assert_tickets_cannot_score(state)
    iterations = 3000
    assert_budget_covers(state, iterations)
    before = snapshot(state)

    bot = make_bot(seed, iterations, rollout="random")
    assert bot.act(state) == completing
    assert snapshot(state) == before
    report = bot.last_report
    assert report is not None and report.candidates[0].action == completing
    assert candidate_for(report, completing) == (1.0, 61.0)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_search_claims_the_longest_affordable_route_on_the_last_turn(seed: int) -> None:
    state, longest = europe_points_position()
    legal = state.legal_actions()
    claims = [a for a in legal if isinstance(a, Claim)]
    lengths = {state.game.board.routes[a.route].length for a in claims}
    assert lengths == {2, 3, 4} and len(legal) - len(claims) >= 6
    assert [a for a in claims if state.game.board.routes[a.route].length == 4] == [longest]
    assert winning_actions(state) == [longest]
    for action in legal:
        if not isinstance(action, (Claim, DrawTickets)):  # drawing cards scores nothing
            assert final_result(state, action).scores == (123, 129)
    assert_tickets_cannot_score(state)
    iterations = 400
    assert_budget_covers(state, iterations)

    bot = make_bot(seed, iterations, rollout="random")
    report = bot.search(state.determinize(0, bot.rng), 0)
    assert report.candidates[0].action == longest
    assert candidate_for(report, longest) == (1.0, 130.0)
    assert all(c.win_rate == 0.0 for c in report.candidates[1:])


@pytest.mark.parametrize("seed", SEEDS)
def test_heuristic_search_overrules_its_policy_s_claim_for_an_unfinishable_ticket(
    seed: int,
) -> None:
    state, longest = europe_points_position()
    policy = tabletrip.bots.make("heuristic", game="ticket-to-ride", seed=seed)
    planned = policy.act(state)
    # The policy claims a link of its ticket, which cannot be finished this turn: 125-129.
    assert isinstance(planned, Claim)
    assert planned.name in ("Hamburg-Berlin", "Zagreb-Beograd")
    assert final_result(state, planned).winners == (1,)
    assert winning_actions(state) == [longest]
    iterations = 400
    assert_budget_covers(state, iterations)

    bot = make_bot(seed, iterations)  # the default, heuristic rollouts
    assert bot.act(state) == longest
    report = bot.last_report
    assert report is not None
    assert candidate_for(report, longest) == (1.0, 130.0)
    assert candidate_for(report, planned) == (0.0, 125.0)


# --- the report -----------------------------------------------------------------------------


@pytest.mark.parametrize("rollout", ["heuristic", "random"])
def test_the_same_seed_position_and_budget_give_the_same_action_and_report(rollout: str) -> None:
    state, _ = europe_points_position()
    before = snapshot(state)
    runs = []
    for _ in range(2):
        bot = make_bot(7, 120, rollout)
        action = bot.act(state)
        acted = bot.last_report
        searched = bot.search(state.determinize(0, bot.rng), 0)
        assert acted is not None
        runs.append((action, acted.candidates, acted.iterations, searched.candidates))
    assert runs[0] == runs[1]
    assert snapshot(state) == before  # searching never touches the true state
    assert len(runs[0][1]) > 1


@pytest.mark.parametrize(
    "position",
    [
        lambda: usa_ticket_position()[0],
        lambda: europe_points_position()[0],
        usa_second_draw_position,
    ],
    ids=["usa-turn", "europe-turn", "usa-second-draw"],
)
@pytest.mark.parametrize("rollout", ["heuristic", "random"])
def test_every_root_candidate_is_legal_in_the_position(
    position: Callable[[], TicketToRideState], rollout: str
) -> None:
    state = position()
    legal = state.legal_actions()
    bot = make_bot(3, 200, rollout)
    report = bot.search(state.determinize(0, bot.rng), 0)
    actions = [c.action for c in report.candidates]
    assert len(actions) > 1
    assert len(set(actions)) == len(actions)
    assert all(a in legal for a in actions), [a for a in actions if a not in legal]
    assert sum(c.visits for c in report.candidates) == report.iterations
    assert sum(c.share for c in report.candidates) == pytest.approx(1.0)
    for c in report.candidates:
        assert c.visits > 0
        assert 0.0 <= c.value <= 1.0 and 0.0 <= c.win_rate <= 1.0
    if state.phase == SECOND_DRAW:  # a face-up Locomotive is refused as the second card
        assert TakeFaceUp("locomotive") not in actions
        assert len(actions) == len(legal)
