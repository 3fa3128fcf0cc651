"""The generic ISMCTS bot (`tabletrip.bots.ismcts`) on small hand-built Let's Go! positions.

Each position is a late decision whose alternatives the engine itself scores: every legal
action is played out (exhaustively over the deciding seat's later choices, the other seat's
trip having none), so the tests know the best final score of every root action and that it
is unique. The rival's point tokens are then set so that the best action wins the game and
every other action loses it. The bot's reward is mostly its win share; its margin part is
scaled by the largest margin the search has seen, so a 3-point difference in a game already
won or lost is too faint for these budgets (in the favour bonus position with the rival 30
points ahead, or 25 behind, 2,000 random-rollout iterations take row 2; 20,000 take row 1,
with 10% more visits than row 2).

Most searches use random rollouts, so it is the search, not the heuristic policy, that finds
the move; one test also runs the default heuristic rollouts. The last test crosses a
simultaneous planning round: the second seat's search must not see the first seat's card.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import tabletrip
import tabletrip.bots
from tabletrip.bots import RandomBot
from tabletrip.bots.ismcts import IsmctsBot, SearchReport
from tabletrip.core import Action, Rng
from tabletrip.games.lets_go_france.actions import (
    ChooseIcon,
    Done,
    Favour,
    Place,
    SpendWild,
)
from tabletrip.games.lets_go_france.content import DAYS, ICONS
from tabletrip.games.lets_go_france.moves import advance_trip, start_trip
from tabletrip.games.lets_go_france.phases import PLAN, TRIP, Owed, Pending
from tabletrip.games.lets_go_france.rules import LetsGoState

ARCH, ART, FOOD, HIST, NATURE, SHOP = range(6)
MON, TUE, WED, THU, FRI, SAT = range(6)


# --- building positions -------------------------------------------------------------------------


def new_state(players: int = 2, region: str = "loire-valley", seed: int = 0) -> LetsGoState:
    state = tabletrip.make("lets-go-france", players=players, region=region).new_game(seed)
    assert isinstance(state, LetsGoState)
    return state


def take(state: LetsGoState, key: str) -> int:
    """The card `key`, taken out of the deck, the discards, the hands and the stacks."""
    card = state.game.card_index[key]
    for pile in [state.deck.cards, state.deck.discards, *state.hands, *state.stacks]:
        if card in pile:
            pile.remove(card)
    return card


def put(state: LetsGoState, seat: int, day: int, *keys: str) -> None:
    """A day's column, top first, of face-up cards."""
    state.days[seat][day] = [(take(state, key), False) for key in keys]


def emptied(state: LetsGoState) -> LetsGoState:
    """No hands, no stacks, empty weeks (the hands' cards go back to the deck)."""
    state.deck.cards.extend(card for hand in state.hands for card in hand)
    state.hands = [[] for _ in state.hands]
    state.stacks = [[] for _ in state.stacks]
    state.days = [[[] for _ in DAYS] for _ in state.days]
    state.pending = []
    return state


def last_round() -> LetsGoState:
    """Round 14 of 14, seat 1 to play its last card (the baguette); seat 0 has played.

    Seat 1 has played 18 cards: Monday to Wednesday full of face-down Explore the City cards
    (no icons, no choices on the trip), Thursday the Sainte-Chapelle over the Place Vendome,
    Friday the Galerie Vivienne; Saturday is empty. Food's Favourable Condition token is on
    Monday (full), so the baguette earns no bonus anywhere. Seat 0's week is empty.
    """
    state = emptied(new_state())
    state.round = len(state.game.board.rounds) - 1
    fillers = iter(list(state.deck.cards))
    for day in (MON, TUE, WED):
        column = []
        for _ in range(5):
            card = next(fillers)
            state.deck.cards.remove(card)
            column.append((card, True))
        state.days[1][day] = column
    put(state, 1, THU, "sainte-chapelle", "place-vendome")
    put(state, 1, FRI, "galerie-vivienne")
    state.favour_at[1] = [FOOD, ARCH, ART, HIST, NATURE, SHOP]
    state.hands[1] = [take(state, "baguette")]
    state.seat, state.to_play = 1, 1
    state.shown = [state.public_board(s) for s in range(len(state.days))]  # nothing new
    return state


def favour_choice() -> LetsGoState:
    """The last round again, food's token now on Saturday: the baguette placed there earns a
    Favourable Condition bonus. Flipping pays nothing this late; reward row 0 is a Travel
    action (an icon from a starting space), row 2 is 2 points, row 1 is a Research token (1
    point if kept) and a Wild token. Nature is on 9 (from the map), so that Wild token spent
    on the trip takes it to 10: 4 more points. Row 1 is best, but only a search that reaches
    the trip's Wild token windows sees it."""
    state = last_round()
    state.favour_at[1] = [SHOP, ARCH, ART, HIST, NATURE, FOOD]
    state.trips[1].steps[NATURE] = 9
    state.apply(Place("baguette", "saturday", 0))
    assert state.pending == [Pending(Owed.FAVOUR, SAT)]
    return state


def longest_run_goal() -> LetsGoState:
    """Sud-Ouest, after seat 0's Saturday: name the icon of its longest run (3 points a card).

    Monday: three Nature cards; Tuesday: two Food cards. Nature scores 9, Food 6, the rest 0.
    """
    state = emptied(new_state(region="sud-ouest"))
    state.round = len(state.game.board.rounds)
    put(state, 0, MON, "jardin-des-tuileries", "parc-andre-citroen", "square-du-vert-galant")
    put(state, 0, TUE, "baguette", "chocolatier")
    state.double_goal, state.double_done[0] = "longest-icon-run", True
    start_trip(state)
    advance_trip(state)
    assert (state.phase, state.seat, state.pending) == (TRIP, 0, [Pending(Owed.GOAL_ICON)])
    return state


def last_wild_token() -> LetsGoState:
    """Seat 1's trip after Saturday and the goals, one Wild token left: its last chance.

    Experience: Architecture 9, Art 1, Food 3, History 0, Nature 5, Shopping 2. One more step
    scores 4 on Architecture (10), 2 on Food (4), 1 on Art (2) and nothing elsewhere.
    """
    state = emptied(new_state())
    state.round = len(state.game.board.rounds)
    state.trips[1].steps = [9, 1, 3, 0, 5, 2]
    state.trips[1].wild = 1
    start_trip(state)
    advance_trip(state)
    while (state.trip_day, state.trip_step) != (len(DAYS), 3):
        assert state.seat == 1 and state.pending == [Pending(Owed.WILD_WINDOW)]
        state.apply(Done())
    assert state.pending == [Pending(Owed.WILD_WINDOW)]
    return state


# --- the engine's own verdict ---------------------------------------------------------------


def best_score(state: LetsGoState, seat: int) -> int:
    """The best final score `seat` can reach from here, over all its own choices (the other
    seats must have none left)."""
    if state.is_over:
        result = state.result
        assert result is not None
        return result.scores[seat]
    assert state.current_player == seat, "only the deciding seat may have choices left"
    return max(best_score(after(state, action), seat) for action in state.legal_actions())


def after(state: LetsGoState, action: Action) -> LetsGoState:
    copy = state.clone()
    copy.apply(action)
    return copy


def final_scores(state: LetsGoState) -> tuple[int, ...]:
    """The final scores when every remaining decision takes the first legal action."""
    copy = state.clone()
    while not copy.is_over:
        copy.apply(copy.legal_actions()[0])
    result = copy.result
    assert result is not None
    return tuple(result.scores)


def verdict(state: LetsGoState) -> dict[Action, int]:
    """Each legal action of the seat to move, with the best final score it leads to; the rival
    (the other seat) is then given points so that only the best action wins."""
    seat = state.current_player
    rival = 1 - seat
    outcomes = {action: best_score(after(state, action), seat) for action in state.legal_actions()}
    assert len(outcomes) >= 4
    best, second = sorted(outcomes.values(), reverse=True)[:2]
    assert best - second >= 2, "the best action must be unique and clearly better"
    state.points[rival] += (best + second) // 2 - final_scores(state)[rival]
    assert second < final_scores(state)[rival] < best
    return outcomes


def best_action(outcomes: dict[Action, int]) -> Action:
    return max(outcomes, key=outcomes.__getitem__)


def ismcts(seed: int, iterations: int, rollout: str = "random") -> IsmctsBot:
    bot = tabletrip.bots.make(
        "ismcts", game="lets-go-france", seed=seed, iterations=iterations, rollout=rollout
    )
    assert isinstance(bot, IsmctsBot)
    return bot


def searched(state: LetsGoState, bot: IsmctsBot) -> SearchReport:
    """The bot's report from one search of a determinization for the seat to move."""
    seat = state.current_player
    return bot.search(state.determinize(seat, bot.rng), seat)


def assert_legal(state: LetsGoState, report: SearchReport) -> None:
    legal = state.legal_actions()
    actions = [c.action for c in report.candidates]
    assert all(action in legal for action in actions), [str(a) for a in actions]
    assert len(set(actions)) == len(actions)
    assert sum(c.visits for c in report.candidates) <= report.iterations


# --- forced moves -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_rollouts_name_the_icon_of_the_longest_run_for_the_sud_ouest_goal(
    seed: int,
) -> None:
    state = longest_run_goal()
    outcomes = verdict(state)
    assert len(outcomes) == len(ICONS)
    assert best_action(outcomes) == ChooseIcon("nature")
    bot = ismcts(seed, iterations=150)
    report = searched(state, bot)
    assert report.candidates[0].action == ChooseIcon("nature")
    for candidate in report.candidates:  # nothing is left to chance after the goal
        assert candidate.expected_score == outcomes[candidate.action]
        assert candidate.win_rate == (1.0 if candidate.action == ChooseIcon("nature") else 0.0)
    assert ismcts(seed, iterations=150).act(state) == ChooseIcon("nature")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_rollouts_spend_the_last_wild_token_where_it_reaches_a_threshold(
    seed: int,
) -> None:
    state = last_wild_token()
    outcomes = verdict(state)
    assert set(outcomes) == {*(SpendWild(icon) for icon in ICONS), Done()}
    assert best_action(outcomes) == SpendWild("architecture")
    action = ismcts(seed, iterations=150).act(state)
    assert action == SpendWild("architecture")


@pytest.mark.parametrize(("rollout", "iterations"), [("random", 200), ("heuristic", 100)])
@pytest.mark.parametrize("seed", [0, 1])
def test_the_last_card_of_the_game_goes_where_the_trip_scores_most(
    rollout: str, iterations: int, seed: int
) -> None:
    """Alone on Saturday the baguette is a 6-point Highlight; at the bottom of Thursday or
    Friday it would replace a Highlight, on top it is only a card, face down only 5 points."""
    state = last_round()
    outcomes = verdict(state)
    assert len(outcomes) == 12  # Thursday 3 slots, Friday 2, Saturday 1; face up or down
    assert best_action(outcomes) == Place("baguette", "saturday", 0)
    bot = ismcts(seed, iterations, rollout)
    assert bot.act(state) == Place("baguette", "saturday", 0)
    assert bot.last_report is not None
    assert_legal(state, bot.last_report)


@pytest.mark.parametrize(("rollout", "iterations"), [("random", 400), ("heuristic", 200)])
def test_the_reward_row_whose_wild_token_pays_on_the_trip_is_taken(
    rollout: str, iterations: int
) -> None:
    state = favour_choice()
    outcomes = verdict(state)
    assert set(outcomes) == {Favour("flip"), Favour("skip"), *(Favour("row", r) for r in range(3))}
    assert best_action(outcomes) == Favour("row", 1)
    assert outcomes[Favour("row", 1)] - outcomes[Favour("row", 2)] == 3  # 1 + 4, not 2
    action = ismcts(3, iterations, rollout).act(state)
    assert action == Favour("row", 1)


# --- determinism and legality ---------------------------------------------------------------


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_the_same_seed_and_budget_give_the_same_action_and_report(rollout: str) -> None:
    """Research draws and the determinizations are chance: the bot's seed fixes them all."""
    state = favour_choice()
    verdict(state)
    reports = []
    for _ in range(2):
        bot = ismcts(7, iterations=120, rollout=rollout)
        action = bot.act(state)
        assert bot.last_report is not None
        reports.append((action, bot.last_report.candidates, bot.last_report.iterations))
    assert reports[0] == reports[1]
    first, second = (
        searched(state, ismcts(7, 120, rollout)),
        searched(state, ismcts(7, 120, rollout)),
    )
    assert (first.candidates, first.iterations) == (second.candidates, second.iterations)
    assert len(first.candidates) >= 2


def mid_game(seed: int) -> LetsGoState:
    """Random play from a new 2-player game until a planning seat has many choices."""
    state = new_state(seed=seed)
    bot = RandomBot(seed)
    while not (state.round >= 7 and len(state.legal_actions()) > 10):
        state.apply(bot.act(state))
    assert state.phase == PLAN
    return state


POSITIONS: dict[str, Callable[[], LetsGoState]] = {
    "longest run goal": longest_run_goal,
    "last wild token": last_wild_token,
    "last card": last_round,
    "favour bonus": favour_choice,
    "mid game": lambda: mid_game(3),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_root_candidate_of_the_report_is_legal_in_the_position(name: str) -> None:
    state = POSITIONS[name]()
    for rollout in ("random", "heuristic"):
        report = searched(state, ismcts(11, iterations=40, rollout=rollout))
        assert len(report.candidates) >= 2
        assert_legal(state, report)
        assert abs(sum(c.share for c in report.candidates) - 1.0) < 1e-9


# --- a simultaneous planning round --------------------------------------------------------------


def test_the_second_seat_searches_card_play_without_seeing_the_first_seats_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 1: seat 0 plays the Musee Carnavalet face up on Monday (no bonus) and passes;
    seat 1's search samples that card among the cards it cannot see, every iteration."""
    state = new_state(seed=0)
    hidden = take(state, "musee-carnavalet")
    passed = take(state, "haussmann-boulevards")
    state.deck.cards.extend(state.hands[0])
    state.hands[0] = [hidden, passed]
    state.favour_at[0] = [ARCH, HIST, ART, FOOD, NATURE, SHOP]
    state.apply(Place("musee-carnavalet", "monday", 0))
    assert state.pending == []
    state.apply(Done())
    assert (state.phase, state.current_player) == (PLAN, 1)
    assert state.days[0][MON] == [(hidden, False)]
    assert state.observation(1)["boards"][0]["days"][MON] == []  # not revealed yet
    hand = list(state.hands[1])

    samples: list[tuple[list[int], int]] = []  # (seat 1's hand, seat 0's Monday card)
    determinize = LetsGoState.determinize

    def recording(self: LetsGoState, seat: int, rng: Rng) -> LetsGoState:
        view = determinize(self, seat, rng)
        samples.append((list(view.hands[1]), view.days[0][MON][0][0]))  # before it is played
        return view

    monkeypatch.setattr(LetsGoState, "determinize", recording)
    bot = ismcts(5, iterations=80)
    action = bot.act(state)
    monkeypatch.undo()

    legal = state.legal_actions()
    assert len(legal) > 10
    assert action in legal
    assert bot.last_report is not None
    assert_legal(state, bot.last_report)
    assert len(samples) > 80  # the bot's view, then one determinization per iteration
    assert all(sample_hand == hand for sample_hand, _ in samples)  # its own hand: known
    seen = [card for _, card in samples]
    assert len(set(seen)) > 20
    assert seen.count(hidden) <= len(seen) // 10
