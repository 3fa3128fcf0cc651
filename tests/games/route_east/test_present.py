"""Route East's presentation: documents, score rows, outcomes, moves and events in words."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache

import pytest

import tabletrip
from presentation_helpers import all_text, assert_readable, block, section, sentences, values
from tabletrip.core import Rng
from tabletrip.core.document_text import render_document
from tabletrip.core.game import Result
from tabletrip.core.presentation import (
    Cards,
    Document,
    Table,
    presentation_for,
    unreadable_parts,
)
from tabletrip.games.route_east.actions import (
    CODEC,
    Accept,
    Camp,
    ChooseTarget,
    Cross,
    Discard,
    DrawBorder,
    DrawIgnition,
    EndTurn,
    FreightTrain,
    HellNo,
    Move,
    Play,
    RollToLeave,
    Sail,
    Stay,
    TakeAction,
)
from tabletrip.games.route_east.bots import HeuristicBot
from tabletrip.games.route_east.present import RouteEastPresentation
from tabletrip.games.route_east.present_words import event_words, space_name, turn_rolls
from tabletrip.games.route_east.rules import RouteEastGame, RouteEastState

PRESENTATION = RouteEastPresentation()
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def make(players: int, attractions: int | None = None) -> RouteEastGame:
    options = {"attractions": attractions} if attractions else {}
    game = tabletrip.make("route-east", players=players, **options)
    assert isinstance(game, RouteEastGame)
    return game


def playout(
    players: int, seed: int, attractions: int | None = None, wander: float = 0.1
) -> Iterator[RouteEastState]:
    """Every position of a game played by the heuristic bot, now and then a random move."""
    state = make(players, attractions).new_game(seed=seed)
    bot = HeuristicBot(seed=seed)
    rnd = random.Random(seed)
    while not state.is_over:
        yield state
        legal = state.legal_actions()
        state.apply(rnd.choice(legal) if rnd.random() < wander else bot.act(state))
    yield state


def play_until(
    players: int, seed: int, done: Callable[[RouteEastState], bool], attractions: int | None = None
) -> RouteEastState:
    for state in playout(players, seed, attractions):
        if done(state):
            return state
    raise AssertionError("the game ended before the position was reached")


@cache
def position(kind: str) -> RouteEastState:
    """A position of the kind named, from the first of a few games that reaches one."""
    tests: dict[str, Callable[[RouteEastState], bool]] = {
        "cross": lambda s: s.public_observation()["phase"] == "cross",
        "discard": lambda s: s.public_observation()["phase"] == "discard",
        "respond": lambda s: s.public_observation()["phase"] == "respond",
        "embassy": lambda s: s.public_observation()["phase"] == "embassy",
        "at_sea": lambda s: (
            s.public_observation()["seats"][s.seat]["status"] == "at_sea"
            and s.public_observation()["phase"] == "moves"
        ),
        "rolled": lambda s: bool(
            turn_rolls(s.public_observation()["events"], s.public_observation()["turn_of"])
        ),
        "hand": lambda s: sum(s.observation(s.current_player)["hand"].values()) >= 3,
    }
    for seed in range(6):
        for state in playout(3, seed):
            if not state.is_over and tests[kind](state):
                return state.clone()
    raise AssertionError(f"no {kind} position in six games")


@cache
def finished(players: int, seed: int, attractions: int | None = None) -> RouteEastState:
    return play_until(players, seed, lambda s: s.is_over, attractions)


def document_of(state: RouteEastState, seat: int | None) -> Document:
    observation = state.public_observation() if seat is None else state.observation(seat)
    return PRESENTATION.document(state.game, observation)


# --- registration ---------------------------------------------------------------------------


def test_the_game_registers_its_presentation() -> None:
    assert isinstance(presentation_for("route-east"), RouteEastPresentation)


def test_another_game_is_refused() -> None:
    other = tabletrip.make("ticket-to-ride", players=2)
    with pytest.raises(TypeError, match="not a Route East game"):
        PRESENTATION.move_words(other, "end")


# --- documents --------------------------------------------------------------------------------


def test_first_turn_document_of_a_seat() -> None:
    game = make(3)
    state = game.new_game(seed=5)
    seat = state.current_player
    observation = state.observation(seat)
    document = PRESENTATION.document(game, observation)
    seats = [
        f"Player {s + 1} ({c}{', you' if s == seat else ''})"
        for s, c in enumerate(("red", "blue", "green"))
    ]
    assert [s.title for s in document.sections] == [
        "Your hand",
        "Your Attraction Cards",
        *seats,
        "This turn",
        "The piles",
        "Recent events, newest last",
    ]
    assert [s.role for s in document.sections] == ["mine"] * 2 + ["seat"] * 3 + ["table"] * 3
    assert [s.seat for s in document.sections[2:5]] == [0, 1, 2]
    hand = section(document, "Your hand")
    assert block(hand, Cards).cards == () and block(hand, Cards).empty == "no Action Cards"
    table = block(section(document, "Your Attraction Cards"), Table)
    assert table.columns == ("Attraction", "Country", "Bonus", "Card", "Spaces away")
    mine = observation["attractions"]
    assert [row[0] for row in table.rows] == [a["name"] for a in mine]
    countries = dict(zip(game.board.countries, game.board.country_names, strict=True))
    assert [row[1] for row in table.rows] == [countries[a["country"]] for a in mine]
    assert {row[3] for row in table.rows} == {"face down"}
    assert all(row[4].isdigit() and int(row[4]) > 0 for row in table.rows)
    me = values(document.sections[2 + seat])
    assert me["Where"] == "Istanbul"
    assert me["Place"] == "the start line, free night"
    assert me["Country"] == "Turkey"
    assert me["Money"] == "$450"
    assert me["Fuel Tokens"] == "1"
    assert me["Attractions visited"] == "0 of 2"
    assert me["Action Cards in hand"] == "0"
    turn = section(document, "This turn")
    assert sentences(turn)[0] == "Your turn: draw an Ignition Card."
    piles = values(section(document, "The piles"))
    decks = observation["decks"]
    assert piles["Ignition Cards"] == f"{decks['ignition']} cards"
    assert piles["ATM"] == f"{decks['atm']} Bank Cards"
    assert piles["Fuel Tokens on the oil rig"] == str(observation["fuel_supply"])
    assert_readable(document)


def test_two_players_hold_three_attractions_and_more_can_be_played() -> None:
    for players, attractions, held in ((2, None, 3), (4, None, 2), (3, 6, 6), (5, 4, 4)):
        state = make(players, attractions).new_game(seed=2)
        document = document_of(state, 0)
        assert len(block(section(document, "Your Attraction Cards"), Table).rows) == held
        for seat in range(players):
            info = values(document.sections[2 + seat])
            assert info["Attractions visited"] == f"0 of {held}"


def test_a_spectator_sees_no_hand_and_no_face_down_attraction() -> None:
    state = play_until(4, 3, lambda s: s.turns[0] >= 12)
    document = document_of(state, None)
    assert not [s for s in document.sections if s.role == "mine"]
    assert [s.title for s in document.sections[:4]] == [
        "Player 1 (red)",
        "Player 2 (blue)",
        "Player 3 (green)",
        "Player 4 (yellow)",
    ]
    text = all_text(document)
    assert "you" not in " ".join(s.title for s in document.sections)
    board = state.game.board
    for seat in range(4):
        for a in state.unvisited(seat):
            if len(state.unvisited(seat)) > 1:  # face down: nobody else may read it
                assert board.attractions[a].name not in text
    assert_readable(document)


def test_a_seat_reads_its_own_attractions_but_not_the_others_face_down_ones() -> None:
    state = play_until(3, 4, lambda s: s.turns[0] >= 8)
    board = state.game.board
    document = document_of(state, 1)
    text = all_text(document)
    for a in state.attractions[1]:
        assert board.attractions[a].name in text
    for seat in (0, 2):
        unvisited = state.unvisited(seat)
        if len(unvisited) > 1:
            for a in unvisited:
                assert board.attractions[a].name not in text


def test_the_document_does_not_change_when_the_hidden_part_is_resampled() -> None:
    state = play_until(3, 6, lambda s: s.turns[0] >= 10)
    for seat in range(3):
        view = state.determinize(seat, Rng(11))
        assert document_of(view, seat).to_json() == document_of(state, seat).to_json()


def test_the_hand_names_each_action_card_with_what_it_does() -> None:
    state = position("hand")
    seat = state.current_player
    observation = state.observation(seat)
    decks = state.game.decks
    cards = block(section(document_of(state, seat), "Your hand"), Cards).cards
    by_id = {c.id: c for c in decks.action}
    assert [(c.name, c.count) for c in cards] == [
        (by_id[card].name, n) for card, n in observation["hand"].items()
    ]
    for card in cards:
        assert card.detail.startswith("Play ")
        assert card.detail in next(c.text for c in decks.action if c.name == card.name)


def test_the_card_drawn_and_the_moves_of_the_turn() -> None:
    state = position("cross")
    seat = state.current_player
    document = document_of(state, seat)
    turn = section(document, "This turn")
    observation = state.observation(seat)
    card = observation["card"]
    assert card["deck"] == "border"
    here = state.game.board.index[observation["seats"][seat]["space"]]
    far = next(c for c in state.game.board.border_countries[here] or () if c != state.country[seat])
    assert sentences(turn)[0] == (
        f"Your turn: cross into {state.game.board.country_names[far]} "
        "(a Fuel Token or a Border Pass) or stay at the Border."
    )
    assert f"Border Card drawn: {card['name']}." in sentences(turn)[1]
    moves = values(turn)
    left, used = observation["moves_left"], observation["moves_used"]
    assert moves["Moves left"] == f"{left} of {left + used}"
    assert moves["Action Cards played"] == f"{observation['action_cards_played']} of 2"
    place = values(document.sections[2 + seat])["Place"]
    assert place.startswith("Border to ") and place.endswith(", free night")


def test_a_hand_over_the_limit_says_how_many_go_back() -> None:
    state = position("discard")
    seat = state.current_player
    over = sum(state.hands[seat]) - 5
    hand = section(document_of(state, seat), "Your hand")
    word = "card" if over == 1 else "cards"
    assert sentences(hand) == [f"Over the limit of 5: put {over} {word} under the Action deck."]
    turn = section(document_of(state, None), "This turn")
    assert "until 5 are left" in sentences(turn)[0]


def test_a_card_aimed_at_a_player_asks_for_an_answer() -> None:
    state = position("respond")
    observation = state.public_observation()
    attack = observation["attack"]
    target = document_of(state, attack["target"])
    said = " ".join(sentences(section(target, "This turn")))
    assert "To decide now: you." in said or attack["hell_nos"] % 2 == 1
    assert "may accept or say Hell no!" in said
    spectator = " ".join(sentences(section(document_of(state, None), "This turn")))
    assert f"Player {attack['attacker'] + 1} played a card to" in spectator


def test_a_seat_at_an_embassy_and_one_at_sea() -> None:
    state = position("embassy")
    seat = state.seat
    own = document_of(state, seat)
    status = " ".join(sentences(own.sections[2 + seat]))
    assert "after running out of money: one roll a turn, a 6 to leave" in status
    assert values(own.sections[2 + seat])["Place"] == "Embassy, pass through only"
    assert sentences(section(own, "This turn"))[0] == (
        "Your turn: roll the dice at the Embassy: a 6 to leave."
    )
    state = position("at_sea")
    seat = state.seat
    spectator = document_of(state, None)
    info = values(spectator.sections[seat])
    assert info["Where"] == "Caspian Sea Ferry"
    assert "Sailing from" in info and "Country" not in info
    assert "On the Caspian Sea ferry, rolling for a 6 to land" in " ".join(
        sentences(spectator.sections[seat])
    )


def test_the_rolls_of_the_turn_are_shown() -> None:
    state = position("rolled")
    observation = state.public_observation()
    rolls = turn_rolls(observation["events"], observation["turn_of"])
    shown = values(section(document_of(state, None), "This turn"))["Rolls this turn"]
    assert shown == ", ".join(f"{n} ({what})" for n, what in rolls)


def test_turn_rolls_are_exactly_the_rolls_of_the_turn_under_way() -> None:
    """Against the engine's own events, followed move by move."""
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        state = make(players).new_game(seed=seed)
        bot = HeuristicBot(seed=seed)
        truth: list[int] = []
        turn = (state.seat, state.turns[state.seat])
        while not state.is_over:
            before = state.events
            state.apply(bot.act(state))
            new = [e for e in state.events if not any(e is old for old in before)]
            if (state.seat, state.turns[state.seat]) != turn:
                turn = (state.seat, state.turns[state.seat])
                truth = []
            truth += [e[2] for e in new if e[0] == "roll" and e[1] == state.seat]
            observation = state.public_observation()
            if not state.is_over:
                assert [n for n, _ in turn_rolls(observation["events"], state.seat)] == truth


def test_finished_game_document_and_score_rows() -> None:
    state = finished(2, 3)
    result = state.result
    assert result is not None and result.winners
    winner = result.winners[0]
    document = document_of(state, winner)
    race = section(document, "The race")
    assert sentences(race) == [
        "The race is over: You reached Shanghai first with every attraction visited."
    ]
    assert values(document.sections[2 + winner])["Where"] == "Shanghai"
    assert values(document.sections[2 + winner])["Place"] == "the finish line"
    loser = 1 - winner
    done = result.breakdown[loser]["attractions_visited"] == result.breakdown[loser]["attractions"]
    racing = "Every attraction visited: racing to Shanghai."
    assert (racing in sentences(document.sections[2 + loser])) == done
    assert racing not in sentences(document.sections[2 + winner])
    spectator = sentences(section(document_of(state, None), "The race"))
    assert spectator == [
        f"The race is over: Player {winner + 1} reached Shanghai first with every "
        "attraction visited."
    ]
    labels = None
    for seat, breakdown in enumerate(result.breakdown):
        rows = PRESENTATION.score_rows(state.game, breakdown)
        assert sum(r.points or 0 for r in rows) == result.scores[seat]
        if labels is None:
            labels = [r.label for r in rows]
        assert [r.label for r in rows] == labels  # one table row per label, every seat
        by = {r.label: r for r in rows}
        race_row = by["Reached Shanghai first"]
        assert race_row.points == (1 if seat == winner else 0)
        if seat == winner:
            assert race_row.detail == "won the race: 1 for the winner, 0 for the others"
            assert by["Attractions visited"].detail == f"all {breakdown['attractions']}"
        else:
            assert race_row.detail == "no: another player got there first"
        assert by["Turns taken"].detail == f"{breakdown['turns']} turns"
        assert by["Money left"].detail == f"${breakdown['money']}"
        for row in rows:
            assert not unreadable_parts(f"{row.label} {row.detail}")
            if row.label != "Reached Shanghai first":
                assert row.points is None  # a fact of the journey, not a scoring step
    outcome = PRESENTATION.outcome(state.game, result, NAMES[:2])
    turns = result.breakdown[winner]["turns"]
    held = result.breakdown[winner]["attractions"]
    assert outcome == (
        f"{NAMES[winner]} reached Shanghai first, with all {held} attractions visited, "
        f"in {turns} turns."
    )
    assert_readable(document)


def test_a_race_stopped_at_the_turn_limit() -> None:
    game = make(2)
    breakdown = {
        "finished": 0,
        "attractions_visited": 1,
        "attractions": 3,
        "turns": 150,
        "bankruptcies": 1,
        "embassy_stays": 2,
        "money": 0,
        "fuel": 0,
        "turn_limit_reached": True,
        "total": 0,
    }
    result = Result((0, 0), (), (breakdown, dict(breakdown)))
    assert PRESENTATION.outcome(game, result, ["Ana", "Bo"]) == (
        "Nobody reached Shanghai: the race stopped at the turn limit (150 turns each), so "
        "nobody wins and the tie stands (a race has no tie-break)."
    )
    listed = PRESENTATION.score_rows(game, breakdown)
    assert [(r.label, r.points) for r in listed] == [
        ("Reached Shanghai first", 0),
        ("Attractions visited", None),
        ("Turns taken", None),
        ("Ran out of money", None),
        ("Sent to an Embassy", None),
        ("Money left", None),
        ("Fuel Tokens left", None),
    ]
    rows = {r.label: r for r in listed}
    assert rows["Reached Shanghai first"].points == 0
    assert rows["Reached Shanghai first"].detail.startswith("no: the turn limit")
    assert rows["Attractions visited"].detail == "1 of 3"
    assert rows["Ran out of money"].detail == "1 time"
    assert rows["Sent to an Embassy"].detail == "2 times"
    assert rows["Fuel Tokens left"].detail == "0"


@pytest.mark.parametrize(
    ("players", "attractions", "seed"),
    [(2, None, 7), (3, 2, 8), (4, 5, 9), (5, 6, 10), (3, 3, 11)],
)
def test_every_position_reads_well(players: int, attractions: int | None, seed: int) -> None:
    """Seat and spectator documents, the moves and the end, all without ids or keys."""
    state = None
    for i, state in enumerate(playout(players, seed, attractions, wander=0.2)):
        if i % 11:
            continue
        for seat in (state.current_player, None):
            assert_readable(document_of(state, seat))
        for _, move in state.recent_history(4):
            words = PRESENTATION.move_words(state.game, state.public_move(move))
            assert words and not unreadable_parts(words), (move, words)
    assert state is not None and state.is_over
    assert_readable(document_of(state, None))
    result = state.result
    assert result is not None
    outcome = PRESENTATION.outcome(state.game, result, NAMES[:players])
    assert outcome and not unreadable_parts(outcome) and "\n" not in outcome


def test_the_document_draws_as_terminal_text() -> None:
    state = position("hand")
    text = render_document(document_of(state, state.current_player))
    assert text.startswith("Your hand\n")
    assert "Your Attraction Cards" in text and "Recent events, newest last" in text


# --- places, moves and events in words ---------------------------------------------------------


def test_a_nameless_road_space_is_named_by_its_ends() -> None:
    board = make(2).board
    assert space_name(board, board.index["kz-road-2"]) == "the road between Beyneu and Shalkar"
    assert space_name(board, board.index["tr-izmit"]) == "İzmit"


def test_every_action_kind_has_words() -> None:
    game = make(3)
    cases = [
        (DrawIgnition(), "drew an Ignition Card"),
        (DrawBorder(), "drew a Border Card"),
        (Cross(), "crossed the Border"),
        (Cross(border_pass=True), "crossed the Border with a Border Pass"),
        (Stay(), "stayed at the Border"),
        (Move("tr-izmit"), "moved to İzmit"),
        (Move("tr-sumela"), "tried the dirt road to Sumela Monastery"),
        (Move("tr-trabzon"), "headed for Trabzon"),
        (
            Move("tr-sumela", magic_roll=True),
            "played a Magic Roll to pass the dirt road to Sumela Monastery",
        ),
        (TakeAction(), "picked up an Action Card"),
        (Play("shortcut"), "played Shortcut"),
        (Play("pickpocket", 2), "played Pickpocket on Player 3"),
        (Play("hell-no"), "played Hell no!"),
        (FreightTrain("tr-ankara"), "rode a Freight Train to Ankara"),
        (Discard("tent"), "discarded a card"),
        (ChooseTarget(0), "aimed the Ignition Card at Player 1"),
        (HellNo(), "said Hell no!"),
        (Accept(), "accepted"),
        (EndTurn(), "ended the turn"),
        (Camp(), "camped in a Tent"),
        (RollToLeave(), "rolled the dice to leave the Embassy"),
        (Sail(), "rolled the dice on the Caspian Sea"),
    ]
    assert {type(a) for a, _ in cases} == set(CODEC.types)
    for action, words in cases:
        assert PRESENTATION.move_words(game, action.public()) == words, action
    # the mover's own log holds the full notation of a discard
    assert PRESENTATION.move_words(game, str(Discard("tent"))) == "discarded a Tent"
    assert PRESENTATION.move_words(game, str(Discard("hell-no"))) == "discarded a Hell no!"


def test_unknown_notation_reads_without_ids() -> None:
    game = make(2)
    assert PRESENTATION.move_words(game, "move xx-nowhere") == "moved one space"
    assert PRESENTATION.move_words(game, "train xx-nowhere") == "rode a Freight Train"
    assert PRESENTATION.move_words(game, "play new-card") == "played New card"
    assert PRESENTATION.move_words(game, "wave tr-bolu r12 some_key") == "made a move: wave"
    assert PRESENTATION.move_words(game, "r12") == "made a move"


def test_events_name_players_and_places() -> None:
    board = make(3).board
    cases = [
        (
            "seat 1 went back to tr-bolu (Bolu) for the night",
            "Player 2 went back to Bolu for the night",
        ),
        (
            "seat 0 rode a Freight Train to kz-road-2",
            "Player 1 rode a Freight Train to the road between Beyneu and Shalkar",
        ),
        ("seat 2 took $25 from seat 0", "Player 3 took $25 from Player 1"),
        ("seat 0's card was cancelled by Hell no!", "Player 1's card was cancelled by Hell no!"),
        ("seat 1 rolled 3: stuck on the dirt road", "Player 2 rolled a 3: stuck on the dirt road"),
        ("seat 0 took a $100 Bank card at the ATM", "Player 1 took a $100 Bank Card at the ATM"),
        (
            "seat 2 drew Ignition card Travel Tips: Take 1 Action card free.",
            "Player 3 drew Ignition Card Travel Tips: Take 1 Action Card free.",
        ),
        (
            "rolls for first player: seat 0 4, seat 1 6",
            "Rolls for the first player: Player 1 rolled 4, Player 2 rolled 6",
        ),
        (
            "the turn limit was reached: the game stops with no winner",
            "The turn limit was reached: the game stops with no winner",
        ),
        ("seat 1: odd_kind", "Player 2: odd kind"),
    ]
    for event, words in cases:
        assert event_words(board, event) == words


def test_turn_rolls_stop_where_the_turn_began() -> None:
    events = [
        "seat 0 rolled 2: passes the dirt road",
        "seat 1 drew Ignition card Open Road: A plain day.",
        "seat 1 rolled 3: stuck on the dirt road",
        "seat 0 said Hell no!",
        "seat 1 rolled 4: passes the dirt road",
    ]
    assert turn_rolls(events, 1) == [(3, "stuck at the dirt road"), (4, "passed the dirt road")]
    assert turn_rolls(events, 0) == []  # seat 1's turn began after seat 0's roll
    embassy = [
        "seat 1 drew Ignition card Open Road: A plain day.",
        "seat 0 rolled 6: leaves the Embassy",
        "seat 0 drew Ignition card Tailwind: 1 extra move.",
    ]
    assert turn_rolls(embassy, 0) == [(6, "leaves the Embassy")]
    sea = [
        "seat 0 rolled 2: still at sea",
        "seat 1 drew Border card Fast Lane: Cross.",
        "seat 0 rolled 5: still at sea",
        "seat 0 rolled 6: reaches the far shore",
    ]
    assert turn_rolls(sea, 0) == [(5, "still at sea"), (6, "reached the far shore")]
