"""The ISMCTS bot and the levels: legal, deterministic, finds the best move, scores per mover.

Per game, hand-built positions where the search must find a forced best move are in
tests/games/<game>/test_ismcts.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import tabletrip
from tabletrip import bots
from tabletrip.bots import levels
from tabletrip.bots.ismcts import IsmctsBot, Node, Outcome
from tabletrip.core import Action, OptionError, State
from tinygame import GAME_ID, Draw, HighCardState, Play

GAMES = ("ticket-to-ride", "en-route", "route-east", "lets-go-france")


def high_card(players: int = 2, seed: int = 0, **options: object) -> HighCardState:
    state = tabletrip.make(GAME_ID, players=players, **options).new_game(seed=seed)
    assert isinstance(state, HighCardState)
    return state


def play_out(state: State, players: list[bots.Bot]) -> State:
    """Play to the end, checking that every action is legal."""
    while not state.is_over:
        action = players[state.current_player].act(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state


# --- the reward ------------------------------------------------------------------------------


def test_a_win_is_worth_more_than_any_loss_and_a_close_loss_more_than_a_wide_one() -> None:
    outcome = Outcome(margin_weight=0.5)
    won, lost, far = outcome.rewards([30, 20, 10], [0])
    # Margins over the best other seat: +10, -10, -20, scaled by the largest (20).
    assert (won, lost, far) == pytest.approx((0.5 + 0.5 * 0.75, 0.5 * 0.25, 0.0))


def test_a_shared_win_is_shared() -> None:
    outcome = Outcome(margin_weight=0.0)
    assert outcome.rewards([10, 10, 3], [0, 1]) == [0.5, 0.5, 0.0]


def test_a_solo_reward_grows_with_the_score() -> None:
    outcome = Outcome(margin_weight=1.0)
    high = outcome.rewards([40], [])[0]
    low = outcome.rewards([10], [])[0]
    assert (high, low) == pytest.approx((1.0, 0.625))


# --- parameters and levels -------------------------------------------------------------------


def test_the_levels_make_the_heuristic_and_search_bots() -> None:
    for game in GAMES:
        assert isinstance(bots.make("easy", game=game), bots.Bot)
        assert not isinstance(bots.make("easy", game=game), IsmctsBot)
        medium = bots.make("medium", game=game)
        hard = bots.make("hard", game=game)
        assert isinstance(medium, IsmctsBot)
        assert isinstance(hard, IsmctsBot)
        assert medium.iterations == levels.search_settings(game, "medium")["iterations"]
        assert hard.seconds == 1.0
        assert bots.strongest(game) == "hard"
        assert bots.names(game).index("easy") < bots.names(game).index("medium")


def test_a_level_takes_overrides() -> None:
    bot = bots.make("hard", game=GAME_ID, seconds=0.0, iterations=30)
    assert isinstance(bot, IsmctsBot)
    assert (bot.seconds, bot.iterations) == (0.0, 30)


def test_only_search_levels_can_be_tuned() -> None:
    with pytest.raises(ValueError, match="only search levels"):
        bots.tune(GAME_ID, "easy", iterations=3)


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"rollout": "greedy"}, "rollout must be one of heuristic, random"),
        ({"iterations": 0, "seconds": 0}, "give a budget"),
        ({"depth": 3}, "unexpected keyword argument 'depth'"),
    ],
)
def test_bad_parameters_are_one_clear_error(params: dict[str, object], words: str) -> None:
    with pytest.raises(OptionError, match="bad parameters for bot 'ismcts'") as caught:
        bots.make("ismcts", game=GAME_ID, **params)
    assert words in str(caught.value)


def test_hard_plays_at_least_twice_the_steps_of_a_step_budgeted_medium() -> None:
    bots.tune(GAME_ID, "medium", iterations=0, steps=400)
    try:
        hard = levels.search_settings(GAME_ID, "hard")
        assert (hard["min_steps"], hard["min_iterations"]) == (800, 0)
        bot = bots.make("hard", game=GAME_ID)
        assert isinstance(bot, IsmctsBot) and bot.min_steps == 800
    finally:
        levels._tuned.pop((GAME_ID, "medium"))


# --- the search ------------------------------------------------------------------------------


def test_it_plays_the_highest_card_on_its_last_turn() -> None:
    state = high_card(players=2, seed=3, rounds=1)
    hand = state.hands[0]
    assert len(state.legal_actions()) == 3  # draw or play either card
    bot = IsmctsBot(seed=1, iterations=60, rollout="random")
    assert bot.act(state) == Play(max(hand))
    report = bot.last_report
    assert report is not None
    assert report.candidates[0].action == Play(max(hand))
    assert report.candidates[0].expected_score == max(hand)  # nothing is random after it


def test_a_forced_move_is_played_without_searching() -> None:
    state = high_card(players=1, seed=0, rounds=1)
    state.hands[0] = []
    state.deck.cards.clear()
    state.deck.discards.clear()
    bot = IsmctsBot(seed=0, iterations=50, rollout="random")
    action = bot.act(state)
    assert action in state.legal_actions() and len(state.legal_actions()) == 1
    assert bot.last_report is not None and bot.last_report.iterations == 0


def test_searching_a_finished_game_is_an_error() -> None:
    state = play_out(high_card(rounds=1), [bots.RandomBot(seed=s) for s in range(2)])
    with pytest.raises(ValueError, match="the game is over"):
        IsmctsBot(iterations=5).search(state, 0)


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    def game(bot_seed: int) -> list[object]:
        players: list[bots.Bot] = [
            IsmctsBot(seed=bot_seed + seat, iterations=25, rollout="random") for seat in range(3)
        ]
        return play_out(high_card(players=3, seed=8, rounds=6), players).history

    assert game(1) == game(1)
    assert len({str(game(seed)) for seed in (1, 20, 40, 60)}) > 1


def test_each_node_scores_for_the_seat_that_moved_into_it() -> None:
    state = high_card(players=3, seed=2, rounds=2)
    bot = IsmctsBot(seed=4, iterations=200, rollout="random", early_stop=False)
    root = Node(None, 0)
    outcome = Outcome(bot.margin_weight)
    policies = bot._rollout_policies(state)
    for _ in range(200):
        bot._iterate(root, state.determinize(0, bot.rng), 0, policies, outcome)
    assert root.visits == 200
    assert sum(child.visits for child in root.children.values()) == 200
    for child in root.children.values():
        assert child.mover == 0
        for grandchild in child.children.values():
            assert grandchild.mover == 1  # seat 1 acts next
            assert grandchild.available >= grandchild.visits


def test_it_beats_random_at_high_card() -> None:
    wins = 0
    for seed in range(12):
        players: list[bots.Bot] = [
            IsmctsBot(seed=seed, iterations=40, rollout="random"),
            bots.RandomBot(seed=seed),
        ]
        result = play_out(high_card(seed=seed, rounds=4), players).result
        assert result is not None
        wins += 0 in result.winners
    assert wins >= 9


def test_the_report_lists_legal_candidates_whose_shares_add_up() -> None:
    state = high_card(players=2, seed=5, rounds=3)
    bot = IsmctsBot(seed=2, iterations=80, rollout="random", early_stop=False)
    report = bot.search(state.determinize(0, bot.rng), 0)
    legal = state.legal_actions()
    assert report.iterations == 80
    assert all(candidate.action in legal for candidate in report.candidates)
    assert sum(candidate.share for candidate in report.candidates) == pytest.approx(1.0)
    assert sum(candidate.visits for candidate in report.candidates) == 80
    assert Draw() in legal


def test_a_step_budget_spends_more_playouts_where_they_are_short() -> None:
    def search(state: HighCardState) -> tuple[int, int]:
        bot = IsmctsBot(seed=2, iterations=0, steps=300, rollout="random", early_stop=False)
        report = bot.search(state, 0)
        return report.iterations, report.steps

    early = high_card(players=2, seed=5, rounds=8)
    late = high_card(players=2, seed=5, rounds=8)
    random_players = [bots.RandomBot(seed=s) for s in range(2)]
    while len(late.history) < 14:
        late.apply(random_players[late.current_player].act(late))
    early_iterations, early_steps = search(early)
    late_iterations, late_steps = search(late)
    assert late_iterations > 3 * early_iterations
    # The budget is spent, and overshot by less than one playout of the whole game (16 turns).
    assert 300 <= early_steps < 300 + 16 and 300 <= late_steps < 300 + 16
    assert search(early) == (early_iterations, early_steps)  # deterministic
    floored = IsmctsBot(seed=2, steps=1, min_iterations=5, rollout="random", early_stop=False)
    assert floored.search(early, 0).iterations == 5


@pytest.mark.parametrize("game_id", GAMES)
def test_only_legal_actions_over_a_whole_game_of_every_game(game_id: str) -> None:
    game = tabletrip.make(game_id, players=2)
    players: list[bots.Bot] = [
        bots.make("ismcts", game=game_id, seed=3, iterations=3, rollout="random"),
        bots.make("heuristic", game=game_id, seed=4),
    ]
    state = play_out(game.new_game(seed=11), players)
    assert state.result is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_heuristic_rollouts_choose_legal_actions_in_every_game(game_id: str) -> None:
    state = tabletrip.make(game_id, players=3).new_game(seed=5)
    bot = bots.make("ismcts", game=game_id, seed=1, iterations=2)
    heuristic = [bots.make("heuristic", game=game_id, seed=s) for s in range(3)]
    for _ in range(12):
        if state.current_player == 0:
            action = bot.act(state)
        else:
            action = heuristic[state.current_player].act(state)
        assert action in state.legal_actions()
        state.apply(action)


def test_a_seat_that_moves_twice_in_a_row_owns_both_nodes() -> None:
    """Ticket to Ride: a face-down draw is followed by the same seat's second draw."""
    game = tabletrip.make("ticket-to-ride", players=2)
    state = game.new_game(seed=4)
    heuristic = [bots.make("heuristic", game="ticket-to-ride", seed=s) for s in range(2)]
    while state.current_player != 0 or "blind" not in map(str, state.legal_actions()):
        state.apply(heuristic[state.current_player].act(state))
    bot = IsmctsBot(seed=2, iterations=300, rollout="random", widening=100.0)
    root = Node(None, 0)
    outcome = Outcome(bot.margin_weight)
    policies = bot._rollout_policies(state)
    for _ in range(300):
        bot._iterate(root, state.determinize(0, bot.rng), 0, policies, outcome)
    blind = next(child for child in root.children.values() if str(child.action) == "blind")
    assert blind.children, "the second draw was searched"
    assert {child.mover for child in blind.children.values()} == {0}
    claims = [c for c in root.children.values() if str(c.action).startswith("claim")]
    assert any(child.mover == 1 for claim in claims for child in claim.children.values())


# --- the duel (verify) -----------------------------------------------------------------------


class LowCardPolicy(bots.Bot):
    """A poor 'heuristic' for High Card: plays its lowest card, draws when it has none."""

    name = "heuristic"

    def choose(self, view: State, seat: int) -> Action:
        plays = [a for a in view.legal_actions() if isinstance(a, Play)]
        return min(plays, key=lambda a: a.card) if plays else view.legal_actions()[0]


@pytest.fixture
def poor_policy() -> Iterator[None]:
    """High Card's rollout policy is LowCardPolicy for the test's duration."""
    bots.register(LowCardPolicy, game=GAME_ID)
    yield
    bots._per_game.pop((GAME_ID, "heuristic"))


def test_a_duel_overrules_the_policy_only_with_paired_evidence(poor_policy: None) -> None:
    state = high_card(players=2, seed=3, rounds=1)
    low, high = sorted(state.hands[0])
    assert low < high
    bot = IsmctsBot(seed=1, iterations=40, verify=8, exploration=2.0)
    assert bot.act(state) == Play(high)
    duel = bot.last_report.duel if bot.last_report else None
    assert duel is not None and duel.won
    assert (duel.challenger, duel.defender) == (Play(high), Play(low))
    # Same samples for both moves: the difference is exactly what the cards are worth.
    assert duel.pairs == 8 and duel.standard_error < duel.mean_difference
    assert bot.last_report is not None and bot.last_report.iterations == 40


def test_a_lost_duel_keeps_the_policy_choice(poor_policy: None) -> None:
    state = high_card(players=2, seed=3, rounds=1)
    low = min(state.hands[0])
    # An impossible bar: the challenger must beat the policy by 1000 standard errors.
    bot = IsmctsBot(seed=1, iterations=40, verify=8, exploration=2.0, verify_z=1000.0)
    assert bot.act(state) == Play(low)
    duel = bot.last_report.duel if bot.last_report else None
    assert duel is not None and not duel.won and duel.mean_difference > 0
    assert bot.last_report is not None and bot.last_report.candidates[0].action == Play(low)


def test_no_duel_without_a_policy() -> None:
    state = high_card(players=2, seed=3, rounds=1)
    bot = IsmctsBot(seed=1, iterations=40, verify=8, rollout="random")
    bot.act(state)
    assert bot.last_report is not None and bot.last_report.duel is None


class HighCardPolicy(bots.Bot):
    """A good 'heuristic' for High Card: plays its highest card."""

    name = "heuristic"

    def choose(self, view: State, seat: int) -> Action:
        plays = [a for a in view.legal_actions() if isinstance(a, Play)]
        return max(plays, key=lambda a: a.card) if plays else view.legal_actions()[0]


def test_no_duel_when_the_search_agrees_with_the_policy() -> None:
    bots.register(HighCardPolicy, game=GAME_ID)
    try:
        state = high_card(players=2, seed=3, rounds=1)
        bot = IsmctsBot(seed=1, iterations=40, verify=8)
        assert bot.act(state) == Play(max(state.hands[0]))
        assert bot.last_report is not None and bot.last_report.duel is None
        assert bot.last_report.iterations <= 40 - 2 * 8  # no duel playouts were spent
    finally:
        bots._per_game.pop((GAME_ID, "heuristic"))


def test_a_time_budget_keeps_dueling_until_it_is_spent(poor_policy: None) -> None:
    state = high_card(players=2, seed=3, rounds=1)
    bot = IsmctsBot(seed=1, iterations=0, seconds=0.2, verify=4, exploration=2.0)
    bot.act(state)
    duel = bot.last_report.duel if bot.last_report else None
    assert duel is not None and duel.pairs >= 4


def test_verify_must_leave_room_for_the_tree() -> None:
    with pytest.raises(OptionError, match="verify takes 2 playouts a pair"):
        bots.make("ismcts", game=GAME_ID, iterations=10, verify=5)
