"""Bots by name: the registry of bots, the random bot, and the determinized-view protocol."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletrip
from tabletrip import bots
from tabletrip.core import Action, Deck, OptionError, Rng, State, mix_seed, registry
from tinygame import GAME_ID, Draw, HighCardGame, HighCardState, Pass, Play


class StrongBot(bots.RandomBot):
    """A 'stronger' bot for High Card only (plays like random; only its strength differs)."""

    name = "strong"
    strength = 10


class MiddleBot(bots.RandomBot):
    name = "middle"
    strength = 5


class SpyBot(bots.Bot):
    """Remembers the view it was given."""

    name = "spy"
    views: ClassVar[list[tuple[State, int]]] = []

    def choose(self, view: State, seat: int) -> Action:
        self.views.append((view, seat))
        return view.legal_actions()[0]


class OtherCard(HighCardGame):
    info = replace(HighCardGame.info, id="other-card")


@pytest.fixture
def only_random(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bot registries holding only the random bot (more generic bots may come later)."""
    monkeypatch.setattr(bots, "_generic", {"random": bots.RandomBot})
    monkeypatch.setattr(bots, "_per_game", {})


@pytest.fixture
def more_bots(only_random: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Per-game bots for High Card, and a second game, registered for one test only."""
    monkeypatch.setitem(registry._games, "other-card", OtherCard)
    monkeypatch.setitem(bots._per_game, (GAME_ID, "strong"), StrongBot)
    monkeypatch.setitem(bots._per_game, (GAME_ID, "middle"), MiddleBot)


def _snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _play(seed: int, players: int = 2, bot_seed: int = 0, **options: Any) -> State:
    state = tabletrip.make(GAME_ID, players=players, **options).new_game(seed=seed)
    players_bots = [bots.make("random", seed=bot_seed + seat) for seat in range(players)]
    while not state.is_over:
        seat = state.current_player
        action = players_bots[seat].act(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state


# --- names and make ---------------------------------------------------------------------------


def test_names_include_random() -> None:
    assert "random" in bots.names()
    assert "random" in bots.names(GAME_ID)


def test_names_of_an_unknown_game_is_an_option_error() -> None:
    with pytest.raises(OptionError, match="unknown game 'no-such-game'"):
        bots.names("no-such-game")


@pytest.mark.usefixtures("more_bots")
def test_names_are_weakest_first_and_per_game() -> None:
    assert bots.names(GAME_ID) == ["random", "middle", "easy", "strong", "medium", "hard"]
    assert "strong" not in bots.names()
    assert "strong" not in bots.names("other-card")
    assert bots.strongest(GAME_ID) == "hard"
    assert bots.strongest("other-card") == "hard"


@pytest.mark.usefixtures("only_random")
def test_the_levels_are_there_when_random_is_the_only_bot() -> None:
    assert bots.names(GAME_ID) == ["random", "easy", "medium", "hard"]
    assert bots.strongest(GAME_ID) == "hard"
    assert isinstance(bots.make("easy", game=GAME_ID), bots.RandomBot)  # no heuristic here
    assert isinstance(bots.make("hard", game=GAME_ID), bots.IsmctsBot)


@pytest.mark.usefixtures("more_bots")
def test_make_a_per_game_bot() -> None:
    bot = bots.make("strong", game=GAME_ID, seed=3)
    assert isinstance(bot, StrongBot)
    assert bot.seed == 3
    with pytest.raises(OptionError, match="unknown bot 'strong' for other-card: bots are random"):
        bots.make("strong", game="other-card")
    with pytest.raises(OptionError, match="unknown bot 'strong': bots are random"):
        bots.make("strong")


def test_make_random() -> None:
    bot = bots.make("random", seed=12)
    assert isinstance(bot, bots.RandomBot)
    assert bot.name == "random"
    assert bot.seed == 12
    assert bot.rng.state == mix_seed("bot", "random", 12)
    assert isinstance(bots.make("random", game=GAME_ID), bots.RandomBot)


def test_unknown_bot_lists_the_names() -> None:
    with pytest.raises(OptionError) as caught:
        bots.make("alphazero")
    message = str(caught.value)
    assert message == "unknown bot 'alphazero': bots are " + ", ".join(bots.names())
    assert "random" in message


@pytest.mark.usefixtures("only_random")
def test_register_a_generic_bot() -> None:
    assert bots.register(MiddleBot) is MiddleBot
    assert bots.names() == ["random", "middle", "easy", "medium", "hard"]
    assert bots.names(GAME_ID) == ["random", "middle", "easy", "medium", "hard"]
    assert isinstance(bots.make("middle"), MiddleBot)


@pytest.mark.usefixtures("more_bots")
def test_unknown_bot_for_a_game_lists_its_names() -> None:
    with pytest.raises(OptionError) as caught:
        bots.make("alphazero", game=GAME_ID)
    assert (
        str(caught.value) == "unknown bot 'alphazero' for high-card: "
        "bots are random, middle, easy, strong, medium, hard"
    )


def test_bad_parameters_are_an_option_error() -> None:
    with pytest.raises(OptionError) as caught:
        bots.make("random", seed=1, depth=3, budget=2)
    message = str(caught.value)
    assert message.startswith("bad parameters for bot 'random': ")
    assert "['budget', 'depth']" in message
    assert "\n" not in message


# --- the random bot ---------------------------------------------------------------------------


def test_same_seed_same_choices() -> None:
    a = _play(seed=4, players=3, bot_seed=100, rounds=6)
    b = _play(seed=4, players=3, bot_seed=100, rounds=6)
    assert a.history == b.history
    assert _snapshot(a) == _snapshot(b)


def test_other_seeds_other_choices() -> None:
    games = {
        json.dumps([[s, a.to_json()] for s, a in _play(4, 2, seed, rounds=8).history])
        for seed in range(0, 50, 2)
    }
    assert len(games) > 10


def test_act_does_not_change_the_state() -> None:
    state = tabletrip.make(GAME_ID, players=3).new_game(seed=2)
    before = _snapshot(state)
    bot = bots.make("random", seed=1)
    for _ in range(20):
        assert bot.act(state) in state.legal_actions()
    assert _snapshot(state) == before


def test_random_bot_tries_every_legal_action() -> None:
    state = tabletrip.make(GAME_ID, players=2).new_game(seed=1)
    legal = state.legal_actions()
    assert legal == [Draw(), Play(1), Play(12)]
    bot = bots.make("random", seed=9)
    counts = Counter(bot.act(state) for _ in range(600))
    assert set(counts) == set(legal)
    assert all(120 < n < 280 for n in counts.values()), counts


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 3),
    rounds=st.integers(1, 8),
    variant=st.sampled_from(["plain", "bonus"]),
)
def test_random_bots_only_play_legal_actions_over_whole_games(
    seed: int, players: int, rounds: int, variant: str
) -> None:
    state = _play(seed, players, bot_seed=seed, rounds=rounds, variant=variant)
    assert state.is_over
    assert len(state.history) == players * rounds
    assert tabletrip.replay(state.record).result == state.result


def test_random_bot_passes_when_nothing_else_is_legal() -> None:
    # Seat 0 holds nothing and deck and discards are empty: Pass is the only legal action.
    game = tabletrip.make(GAME_ID, players=2)
    state = HighCardState(game, 0, Rng(0), Deck(), [[], list(range(1, 13))], [0, 0], 0)
    assert state.legal_actions() == [Pass()]
    assert bots.make("random", seed=5).act(state) == Pass()


# --- the protocol: a determinized view only ---------------------------------------------------


def test_a_bot_sees_a_determinized_copy_only() -> None:
    SpyBot.views.clear()
    state = tabletrip.make(GAME_ID, players=3).new_game(seed=3)
    before = _snapshot(state)
    spy = SpyBot(seed=1)
    seen_hands = set()
    for _ in range(30):
        spy.act(state)
    assert _snapshot(state) == before
    assert len(SpyBot.views) == 30
    for view, seat in SpyBot.views:
        assert view is not state
        assert seat == state.current_player == 0
        assert view.observation(0) == state.observation(0)
        seen_hands.add(json.dumps(view.hands[1:]))  # type: ignore[attr-defined]
    assert len(seen_hands) > 1  # the other seats' hands were resampled, not shown


def test_a_bot_s_view_carries_no_history_that_could_name_hidden_cards() -> None:
    SpyBot.views.clear()
    state = tabletrip.make(GAME_ID, players=2).new_game(seed=3)
    for _ in range(3):
        state.apply(state.legal_actions()[-1])  # play cards: the history names them
    SpyBot(seed=1).act(state)
    view, _ = SpyBot.views[-1]
    assert state.history and view.history == []


def test_a_bot_with_parameters_refuses_unknown_ones_directly() -> None:
    with pytest.raises(TypeError, match="takes no parameters"):
        bots.RandomBot(seed=0, style="bold")


# --- the checked bot's safety net --------------------------------------------------------------


class PlanBot(bots.CheckedBot):
    """Plays whatever it is told to plan, through CheckedBot's check."""

    name = "plan"
    plan: Action | None = None

    def decide(self, view: State, seat: int) -> Action | None:
        return self.plan


def test_a_checked_bot_plays_its_decision_when_it_is_legal() -> None:
    state = tabletrip.make(GAME_ID, players=2).new_game(seed=3)
    bot = PlanBot(seed=0)
    bot.plan = state.legal_actions()[-1]
    assert bot.act(state) == state.legal_actions()[-1]


@pytest.mark.parametrize("plan", [None, Play(card=99)], ids=["nothing", "illegal"])
def test_a_checked_bot_falls_back_to_a_legal_move(plan: Action | None) -> None:
    state = tabletrip.make(GAME_ID, players=2).new_game(seed=3)
    bot = PlanBot(seed=0)
    bot.plan = plan
    assert bot.act(state) == state.legal_actions()[0]


def test_every_game_s_heuristic_bot_is_a_checked_bot() -> None:
    for game in ("ticket-to-ride", "en-route", "route-east", "lets-go-france"):
        assert isinstance(bots.make("easy", game=game), bots.CheckedBot), game


def _moves(bot_spec: str, game_id: str, seed: int, limit: int = 400) -> list[str]:
    """The moves of a game where every seat is the bot of `bot_spec` (seat-seeded)."""
    from tabletrip.sim.lineup import make_bot

    game = tabletrip.make(game_id, players=2)
    state = game.new_game(seed=seed)
    players = [make_bot(bot_spec, game_id, seed=seed * 10 + seat) for seat in range(2)]
    played = []
    while not state.is_over and len(played) < limit:
        action = players[state.current_player].act(state)
        played.append(str(action))
        state.apply(action)
    return played


@pytest.mark.parametrize("game_id", ["ticket-to-ride", "en-route", "route-east", "lets-go-france"])
def test_easy_with_epsilon_zero_plays_exactly_as_easy(game_id: str) -> None:
    """Issue 28's opponents between random and easy: epsilon 0 changes nothing."""
    assert _moves("easy:epsilon=0", game_id, 4) == _moves("easy", game_id, 4)


@pytest.mark.parametrize("game_id", ["ticket-to-ride", "lets-go-france"])
def test_easy_with_epsilon_plays_some_random_moves_and_stays_legal(game_id: str) -> None:
    easy = _moves("easy", game_id, 5)
    some = _moves("easy:epsilon=0.5", game_id, 5)
    again = _moves("easy:epsilon=0.5", game_id, 5)
    assert some == again  # seeded
    assert some != easy  # legal (apply checked every move) and not the heuristic's game


def test_epsilon_one_draws_uniformly_among_the_legal_moves() -> None:
    """With epsilon 1 every move is a uniform draw: at the first Ticket to Ride decision (which
    tickets to keep, 7 ways) each way comes up about equally often."""
    from tabletrip.sim.lineup import make_bot

    state = tabletrip.make("ticket-to-ride", players=2).new_game(seed=1)
    legal = [str(a) for a in state.legal_actions()]
    counts = Counter(
        str(make_bot("easy:epsilon=1", "ticket-to-ride", seed).act(state)) for seed in range(1400)
    )
    assert set(counts) == set(legal)
    expected = 1400 / len(legal)
    chi_square = sum((counts[a] - expected) ** 2 / expected for a in legal)
    assert chi_square < 22.5  # p ~ 0.001 at 6 degrees of freedom


@pytest.mark.parametrize("value", ["-0.1", "1.5", "often", "true"])
def test_an_epsilon_outside_0_to_1_is_one_line(value: str) -> None:
    from tabletrip.sim.lineup import make_bot

    shown = {"true": "True"}.get(value, value)
    with pytest.raises(OptionError, match=rf"^epsilon {re.escape(shown)} must be between 0 and 1"):
        make_bot(f"easy:epsilon={value}", "route-east", seed=0)
