"""Route East's action and observation encodings for learning agents (issue 11).

Sections named are those of `tabletrip/games/route_east/encoding.py`'s docstring ("Action
space", "Observation vector", "Bounds") and of the rulebook.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tabletrip
from encoding_kit import (
    check_encoding_playout,
    check_names,
    check_refused,
    check_state,
    check_vectors,
)
from route_east_situations import (
    at,
    attractions,
    empty_hands,
    give,
    ignition_on_top,
    moves_phase,
    new_state,
    space_of_kind,
    start_phase,
)
from tabletrip.core import Action, IllegalAction, JsonDict, Rng
from tabletrip.core.encoding import Encoding, describe_encoding, encoding_for, has_encoding
from tabletrip.games.route_east import RouteEastState
from tabletrip.games.route_east.actions import (
    Camp,
    ChooseTarget,
    Cross,
    Discard,
    DrawIgnition,
    FreightTrain,
    HellNo,
    Move,
    Play,
    Sail,
    Stay,
)
from tabletrip.games.route_east.bots import HeuristicBot
from tabletrip.games.route_east.content import shipped_file
from tabletrip.games.route_east.encoding import bonus_decisions, decisions_per_turn
from tabletrip.games.route_east.encoding_names import STATUS_WORDS
from tabletrip.games.route_east.phases import PHASE_NAMES
from tabletrip.games.route_east.present_words import action_card_name, space_name


def encoding(players: int, **options: Any) -> Encoding:
    """The encodings of one configuration."""
    return encoding_for(tabletrip.make("route-east", players=players, **options))


# --- the generic kit over random games ("Bounds": every playout ends within max_length) --------


# Every player count, every value of `attractions` (and its default); `every` keeps the file
# fast (a checked state costs 1-5 ms, a random game is 950-2500 decisions).
@pytest.mark.parametrize(
    ("players", "options", "seed", "every"),
    [
        (2, {}, 1, 17),
        (3, {}, 2, 29),
        (4, {}, 3, 41),
        (5, {}, 4, 53),
        (2, {"attractions": 2}, 5, 31),
        (3, {"attractions": 3}, 6, 37),
        (4, {"attractions": 4}, 7, 59),
        (5, {"attractions": 5}, 8, 67),
        (2, {"attractions": 6}, 9, 31),
        (5, {"attractions": 6}, 10, 71),
    ],
)
def test_random_games_pass_the_encoding_kit(
    players: int, options: dict[str, Any], seed: int, every: int
) -> None:
    """The generic checks (encoding_kit) for every configuration ("Bounds" included)."""
    game = tabletrip.make("route-east", players=players, **options)
    decisions = check_encoding_playout(game, seed, every=every)
    # Random play never finishes the race: the engine's turn limit stops it ("Bounds").
    assert decisions > 150 * players


RARE = (ChooseTarget, Cross, Stay, FreightTrain, Discard, HellNo, Sail, "magic", "camp")


def rare_kinds(state: RouteEastState) -> set[object]:
    """The rarely legal kinds of decision open now (a Magic Roll move, a Tent's camp...)."""
    found: set[object] = set()
    for action in state.legal_actions():
        if isinstance(action, Move) and action.magic_roll:
            found.add("magic")
        elif isinstance(action, Camp):
            found.add("camp")
        elif type(action) in RARE:
            found.add(type(action))
    return found


@pytest.mark.parametrize(("players", "options", "seed"), [(2, {}, 1), (5, {}, 3)])
def test_heuristic_races_pass_the_kit_up_to_the_win(
    players: int, options: dict[str, Any], seed: int
) -> None:
    """Bots cross Borders, sail the Caspian Sea and win ("Overview"): random play never does.
    Every 37th state is checked, and the first states where a rare decision is open."""
    enc = encoding(players, **options)
    state = new_state(players, seed=seed, **options)
    bots = [HeuristicBot(seed=seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    seen: dict[object, int] = {}
    decisions = 0
    while not state.is_over:
        rare = [k for k in rare_kinds(state) if seen.get(k, 0) < 2]
        if decisions % 37 == 0 or rare:
            check_state(enc, state, Rng(decisions), rng)
            for kind in rare:
                seen[kind] = seen.get(kind, 0) + 1
        state.apply(bots[state.current_player].act(state))
        decisions += 1
    assert decisions <= enc.max_length
    check_vectors(enc, state)
    assert state.winner >= 0
    slices = enc.observations.field_slices()
    for seat in range(players):
        vector = enc.observations.encode(state.observation(seat))
        assert vector[slices["over"]] == [1.0]
        winner = [0.0] * players
        winner[(state.winner - seat) % players] = 1.0
        assert vector[slices["winner"]] == winner
    assert {ChooseTarget, Cross, Discard, HellNo, FreightTrain} <= set(seen)
    if players == 5:
        assert Sail in seen


# --- "Action space": documented indices, worked out by hand ---------------------------------


def test_the_space_size_follows_the_documented_formula() -> None:
    """991 + 12 * P indices: 12 single actions, 3 blocks of 323 spaces, 11 * P plays,
    11 discards, P - 1 targets."""
    assert [encoding(p).actions.size for p in (2, 3, 4, 5)] == [1015, 1027, 1039, 1051]
    assert encoding(2, attractions=6).actions.size == 1015
    assert has_encoding("route-east")
    table = describe_encoding(encoding(3))
    assert "| 981-1013 | play |" in table and "| 1025-1026 | target |" in table


def test_documented_indices_decode_to_the_actions_they_say() -> None:
    """The docstring's formulas ("Action space"), worked out by hand for 3 players."""
    enc = encoding(3).actions
    state = new_state(3, seed=4)
    game = state.game
    moves_phase(state, 1, space_of_kind(game.board, "hostel"))
    assert game.board.space_ids[1] == "tr-izmit" and game.board.space_ids[3] == "tr-ankara"
    assert [c.id for c in game.decks.action][4:6] == ["hell-no", "pickpocket"]
    assert state.current_player == 1
    # Single actions: 0 ignition ... 11 hell no.
    assert enc.decode(0, state) == DrawIgnition()
    assert enc.decode(11, state) == HellNo()
    # Move to space s: 12 + s; with a Magic Roll 12 + 323 + s; Freight Train 12 + 646 + s.
    assert enc.decode(13, state) == Move("tr-izmit")
    assert enc.decode(336, state) == Move("tr-izmit", magic_roll=True)
    assert enc.decode(661, state) == FreightTrain("tr-ankara")
    # Play card c aimed k seats after the mover: 12 + 969 + c * 3 + k. Pickpocket is card 5,
    # two seats after seat 1 is seat 0.
    assert enc.decode(12 + 969 + 5 * 3 + 2, state) == Play("pickpocket", 0)
    assert enc.encode(Play("pickpocket", 0), state) == 998
    assert enc.decode(12 + 969 + 5 * 3 + 0, state) == Play("pickpocket")  # must be aimed
    assert state.illegal_reason(Play("pickpocket")) is not None
    # Discard card c: 12 + 969 + 33 + c; the theft's target k seats on: 1014 + 11 + k - 1.
    assert enc.decode(1018, state) == Discard("hell-no")
    assert enc.decode(1025, state) == ChooseTarget(2)
    assert enc.decode(1026, state) == ChooseTarget(0)
    assert enc.block_of(998).name == "play" and enc.block_of(1026).name == "target"
    with pytest.raises(IllegalAction):
        enc.decode(1027, state)


def test_seats_in_actions_count_from_the_player_to_move() -> None:
    """The same index aims at "the next seat" whoever plays ("Action space")."""
    enc = encoding(4).actions
    for mover in range(4):
        state = new_state(4, seed=2)
        moves_phase(state, mover, state.game.board.start)
        empty_hands(state)
        give(state, mover, "steal_money")
        index = enc.encode(Play("pickpocket", (mover + 1) % 4), state)
        assert index == 12 + 969 + 5 * 4 + 1
        assert Play("pickpocket", (mover + 1) % 4) in state.legal_actions()


def test_the_mask_is_exactly_the_legal_actions_in_every_phase() -> None:
    """Over the whole space: mask indices decode to the legal actions, every other index is
    refused (first state of each phase of a random 3-player game)."""
    enc = encoding(3)
    state = new_state(3, seed=11)
    rng = random.Random(11)
    phases: set[str] = set()
    while not state.is_over and len(phases) < len(PHASE_NAMES):
        phase = PHASE_NAMES[state.phase]
        if phase not in phases:
            phases.add(phase)
            mask = enc.actions.legal_indices(state)
            decoded = [enc.actions.decode(i, state) for i in mask]
            assert set(decoded) == set(state.legal_actions())
            for index in set(range(enc.actions.size)) - set(mask):
                check_refused(enc, state, index)
        state.apply(rng.choice(state.legal_actions()))
    assert len(phases) == len(PHASE_NAMES)


# --- "Observation vector": a hand-built table, checked value by value ------------------------


def test_a_hand_built_table_reads_as_documented() -> None:
    """Hands, money, Fuel, places and attractions by value ("Observation vector"); a seat's
    last attraction is face up ("Attraction Cards"), its other cards are its own."""
    state = new_state(3, seed=5)
    board = state.game.board
    empty_hands(state)
    give(state, 1, "hell_no", 2)
    give(state, 1, "tent")
    hostel = space_of_kind(board, "hostel")
    at(state, 2, hostel)
    state.money[1] = 75
    state.fuel[2] = 3
    a, b = state.attractions[2]
    attractions(state, 2, [a, b], visited=1)  # one left: face up ("Attraction Cards")
    enc = encoding(3).observations
    where = enc.field_slices()
    assert state.current_player == state.seat
    mover = state.seat

    vector = enc.encode(state.observation(1))  # seat 1 sees: itself, then seats 2 and 0
    assert len(vector) == enc.size == 119 + 420 * 3
    assert vector[where["phase"]] == [1.0 if p == "start" else 0.0 for p in PHASE_NAMES]
    to_move = [0.0] * 3
    to_move[(mover - 1) % 3] = 1.0
    assert vector[where["to_move"]] == to_move
    hand = vector[where["hand"]]
    assert hand[0] == pytest.approx(1 / 6) and hand[4] == pytest.approx(2 / 6)
    assert sum(hand) == pytest.approx(3 / 6)
    own = [float(i in state.attractions[1]) for i in range(len(board.attractions))]
    assert vector[where["own_unvisited"]] == own
    spaces = vector[where["space"]]
    assert spaces[323 + hostel] == 1.0 and sum(spaces[323:646]) == 1.0  # seat 2: block 1
    assert spaces[board.start] == 1.0  # seat 1 is still on the start line
    assert vector[where["money"]][0] == pytest.approx(0.075)
    assert vector[where["money_low"]][0] == pytest.approx(0.75)
    assert vector[where["money"]][1] == pytest.approx(0.45)  # $450 each at the start
    assert vector[where["fuel"]][1] == pytest.approx(3 / 5)
    assert vector[where["action_cards"]] == [pytest.approx(0.5), 0.0, 0.0]
    visited = vector[where["visited"]]
    last = vector[where["last_attraction"]]
    assert visited[32 + a] == 1.0 and sum(visited) == 1.0
    assert last[32 + b] == 1.0 and sum(last) == 1.0

    other = enc.encode(state.observation(0))  # seat 0: itself, seats 1 and 2
    assert sum(other[where["hand"]]) == 0.0  # seat 1's cards are its own
    assert other[where["action_cards"]] == [0.0, pytest.approx(0.5), 0.0]
    assert other[where["last_attraction"]][64 + b] == 1.0


def test_an_attack_and_the_card_drawn_are_seat_relative() -> None:
    """Seat 0 draws Tailwind ("Ignition Cards") and plays a Pickpocket on seat 2, who sees
    the attacker as the next seat ("Observation vector")."""
    state = new_state(3, seed=6)
    empty_hands(state)
    start_phase(state, 0, state.game.board.start)
    tailwind = ignition_on_top(state, "Tailwind")
    state.apply(DrawIgnition())
    give(state, 0, "steal_money")
    state.apply(Play("pickpocket", 2))
    enc = encoding(3).observations
    where = enc.field_slices()
    vector = enc.encode(state.observation(2))
    assert vector[where["phase"]][PHASE_NAMES.index("respond")] == 1.0
    assert vector[where["to_move"]] == [1.0, 0.0, 0.0]  # the victim answers
    assert vector[where["turn_of"]] == [0.0, 1.0, 0.0]
    assert vector[where["attacker"]] == [0.0, 1.0, 0.0]
    assert vector[where["attack_target"]] == [1.0, 0.0, 0.0]
    assert vector[where["attack_kind"]] == [0.0, 0.0, 1.0]  # send_embassy, steal_fuel, money
    assert vector[where["attack_amount"]] == [1.0]  # $25 of the $25 scale
    assert vector[where["plays"]] == [0.5]
    assert vector[where["moves_left"]] == [pytest.approx(0.4)]  # 3 + 1 of Tailwind, / 10
    card = [0.0] * 37
    card[tailwind] = 1.0
    assert vector[where["card"]] == card


# --- "Bounds" ----------------------------------------------------------------------------------


def test_max_length_and_score_range_are_derived_from_the_rules() -> None:
    """The engine's turn limit times a turn's most decisions, plus attraction bonuses; a race
    is won (1) or not (0) ("Bounds", RULES_NOTES.md "End of the game")."""
    game = tabletrip.make("route-east", players=2)
    # 1 Embassy roll + 1 card + 1 victim + 3 attacks x (10 Hell no! + accept) + 1 discard
    # + 1 cross or stay + 2 x (3 + 1 card bonus + 2 Shortcuts) moves + 2 plays + 1 end.
    assert decisions_per_turn(game) == 1 + 1 + 1 + 3 * 11 + 1 + 1 + 2 * 6 + 2 + 1 == 53
    assert bonus_decisions(game) == 4  # a +2 moves attraction: two moves, two discards
    assert encoding(2).max_length == 2 * (150 * 53 + 3 * 4) == 15_924
    assert encoding(5, attractions=6).max_length == 5 * (150 * 53 + 6 * 4) == 39_870
    assert encoding(4).score_range == (0.0, 1.0)


# --- names of indices and positions ("Names") ------------------------------------------------


def seat_words(k: int) -> str:
    """A seat `k` places after the observer or the mover, as the docstring names it."""
    return "you" if k == 0 else f"seat +{k}"


def action_name(action: Action, state: RouteEastState) -> str:
    """The name an action's index should have, worked out from the action and the content."""
    board, decks = state.game.board, state.game.decks
    players, mover = state.num_players, state.current_player
    if isinstance(action, Move):
        block = "magic-move" if action.magic_roll else "move"
        return f"{block} {space_name(board, board.index[action.space])}"
    if isinstance(action, FreightTrain):
        return f"train {space_name(board, board.index[action.space])}"
    if isinstance(action, Play):
        card = action_card_name(decks, action.card)
        if action.target < 0:
            return f"play {card}"
        return f"play {card} on {seat_words((action.target - mover) % players)}"
    if isinstance(action, Discard):
        return f"discard {action_card_name(decks, action.card)}"
    if isinstance(action, ChooseTarget):
        return f"target {seat_words((action.seat - mover) % players)}"
    if isinstance(action, Cross) and action.border_pass:
        return "cross-pass"
    return action.kind


def sampled_states(players: int, seed: int, every: int = 10) -> Iterator[RouteEastState]:
    """Every `every`-th state of a seeded random game."""
    state = new_state(players, seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_over:
        if decisions % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22)])
def test_every_legal_action_is_named_for_what_it_does(players: int, seed: int) -> None:
    """Each legal action's index carries the name of its space, card or seat ("Names"): a
    name shifted by one index would name the neighbouring space or card. Every decision of
    two random games: a lookup per legal action is cheap, and thefts' targets are rare."""
    enc = encoding(players).actions
    names = enc.index_names()
    kinds: set[str] = set()
    for state in sampled_states(players, seed, every=1):
        for action in state.legal_actions():
            assert names[enc.encode(action, state)] == action_name(action, state), action
            kinds.add(action.kind)
    assert {"move", "train", "play", "discard", "target", "hell-no", "end"} <= kinds


def expected_position_names(observation: JsonDict, state: RouteEastState) -> dict[str, set[str]]:
    """For the fields naming a space, card, attraction, country, status or seat: the names of
    the positions the observation sets, worked out from the observation itself."""
    board, decks = state.game.board, state.game.decks
    players, seat = state.num_players, observation["seat"]
    country = dict(zip(board.countries, board.country_names, strict=True))

    def relative(field: str, who: int | None) -> set[str]:
        return set() if who is None else {f"{field} {seat_words((who - seat) % players)}"}

    card, attack = observation["card"], observation["attack"]
    expected = {
        "phase": {f"phase {observation['phase']}"},
        "to_move": relative("to_move", observation["current_player"]),
        "turn_of": relative("turn_of", observation["turn_of"]),
        "winner": relative("winner", observation["winner"]),
        "attacker": relative("attacker", attack and attack["attacker"]),
        "attack_target": relative("attack_target", attack and attack["target"]),
        "card": set() if card is None else {f"card {card['deck'].title()}: {card['name']}"},
        "hand": {f"hand {action_card_name(decks, card_id)}" for card_id in observation["hand"]},
        "own_unvisited": set(),
        "own_unvisited_countries": set(),
        "space": set(),
        "country": set(),
        "status": set(),
        "visited": set(),
        "last_attraction": set(),
    }
    for attraction in observation["attractions"]:
        if not attraction["visited"]:
            expected["own_unvisited"].add(f"own_unvisited {attraction['name']}")
            name = country[attraction["country"]]
            expected["own_unvisited_countries"].add(f"own_unvisited_countries {name}")
    for k in range(players):
        data, who = observation["seats"][(seat + k) % players], seat_words(k)
        place = space_name(board, board.index[data["space"]])
        expected["space"].add(f"space {who}: {place}")
        expected["country"].add(f"country {who}: {country[data['country']]}")
        expected["status"].add(f"status {who}: {STATUS_WORDS[data['status']]}")
        expected["visited"] |= {f"visited {who}: {a['name']}" for a in data["visited"]}
        if data["last_attraction"] is not None:
            name = data["last_attraction"]["name"]
            expected["last_attraction"].add(f"last_attraction {who}: {name}")
    return expected


@pytest.mark.parametrize(("players", "seed"), [(2, 23), (3, 24)])
def test_positions_set_in_a_vector_are_named_for_what_the_observation_holds(
    players: int, seed: int
) -> None:
    """Where a seat's vector holds a 1 (or a count) in a per-space, per-card, per-attraction,
    per-country or per-seat field, that position's name says what the observation holds."""
    enc = encoding(players).observations
    names = enc.position_names()
    where = enc.field_slices()
    for state in sampled_states(players, seed):
        for seat in range(players):
            observation = state.observation(seat)
            vector = enc.encode(observation)
            for field, expected in expected_position_names(observation, state).items():
                part = where[field]
                found = {names[part][i] for i, value in enumerate(vector[part]) if value}
                assert found == expected, field


def test_names_match_the_content_at_documented_indices() -> None:
    """Spot checks at the docstring's formulas ("Action space"), names read from the content:
    spaces as printed (a nameless one by the towns its roads join), cards, seats."""
    game = tabletrip.make("route-east", players=3)
    board, decks = game.board, game.decks
    enc = encoding(3)
    names = enc.actions.index_names()
    izmit, ankara = board.index["tr-izmit"], board.index["tr-ankara"]
    pickpocket, hell_no = decks.action_index["pickpocket"], decks.action_index["hell-no"]
    assert names[:12] == [block.name for block in enc.actions.blocks[:12]]
    assert names[12 + izmit] == f"move {board.space_names[izmit]}" == "move İzmit"
    assert names[12 + 323 + izmit] == f"magic-move {board.space_names[izmit]}"
    assert names[12 + 646 + ankara] == f"train {board.space_names[ankara]}"
    play = 12 + 969 + pickpocket * 3
    assert names[play : play + 3] == [
        f"play {decks.action[pickpocket].name}",
        f"play {decks.action[pickpocket].name} on seat +1",
        f"play {decks.action[pickpocket].name} on seat +2",
    ]
    assert names[12 + 969 + 33 + hell_no] == f"discard {decks.action[hell_no].name}"
    assert names[1025:] == ["target seat +1", "target seat +2"]
    nameless = board.space_names.index("")
    ends = [b if a == nameless else a for a, b, _, _ in board.roads if nameless in (a, b)]
    towns = [board.space_names[end] for end in ends if board.space_names[end]]
    road = names[12 + nameless]
    assert towns and road.startswith("move the road between ")
    assert all(town in road for town in towns)

    positions = enc.observations.position_names()
    where = enc.observations.field_slices()
    assert positions[where["hand"]] == [f"hand {card.name}" for card in decks.action]
    assert positions[where["own_unvisited"]] == [
        f"own_unvisited {a.name}" for a in board.attractions
    ]
    tailwind = next(i for i, card in enumerate(decks.ignition) if card.name == "Tailwind")
    assert positions[where["card"]][tailwind] == "card Ignition: Tailwind"
    assert positions[where["card"]][len(decks.ignition)] == f"card Border: {decks.border[0].name}"
    assert (
        positions[where["space"]][2 * 323 + izmit] == f"space seat +2: {board.space_names[izmit]}"
    )
    attraction = board.attractions[5]
    assert positions[where["visited"]][32 + 5] == f"visited seat +1: {attraction.name}"
    country = board.country_names[attraction.country]
    assert positions[where["country"]][16 + attraction.country] == f"country seat +1: {country}"
    assert positions[where["money"]] == ["money you", "money seat +1", "money seat +2"]


def test_own_content_names_its_own_towns_and_cards(tmp_path: Path) -> None:
    """Names come from the configured game's content ("Names"): a renamed card and town, and
    two towns printed alike, each told apart by its id."""
    board_data = json.loads(shipped_file("board.json").read_text(encoding="utf-8"))
    for space in board_data["spaces"]:
        if space["id"] in ("tr-izmit", "tr-bolu"):
            space["name"] = "Nicomedia"
    cards_data = json.loads(shipped_file("cards.json").read_text(encoding="utf-8"))
    for card in cards_data["action"]:
        if card["id"] == "pickpocket":
            card["name"] = "Cutpurse"
    (tmp_path / "board.json").write_text(json.dumps(board_data), encoding="utf-8")
    (tmp_path / "cards.json").write_text(json.dumps(cards_data), encoding="utf-8")
    game = tabletrip.make("route-east", players=2, content=str(tmp_path))
    encoding_for(tabletrip.make("route-east", players=2))  # the shipped content's, cached
    own = encoding_for(game)  # one encoding per content too: not the cached shipped one
    check_names(own)
    names = own.actions.index_names()
    izmit, bolu = game.board.index["tr-izmit"], game.board.index["tr-bolu"]
    assert names[12 + izmit] == "move Nicomedia (tr-izmit)"
    assert names[12 + bolu] == "move Nicomedia (tr-bolu)"
    pickpocket = game.decks.action_index["pickpocket"]
    assert names[12 + 969 + pickpocket * 2 + 1] == "play Cutpurse on seat +1"
    positions = own.observations.position_names()
    assert positions[own.observations.field_slices()["hand"]][pickpocket] == "hand Cutpurse"
    assert "steal money (Cutpurse)" in " ".join(positions)
