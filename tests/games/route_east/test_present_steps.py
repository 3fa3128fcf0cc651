"""Route East's moves as the terminal asks them, step by step, and its notation as typed:
exact step trees for each kind of decision, the kit's tree check along games, every legal
move's notation matching a documented form, and places typed by plain name."""

from __future__ import annotations

import re

import pytest

from contract import check_action_steps
from route_east_situations import (
    action_on_top,
    border_with,
    give,
    index,
    moves_phase,
    new_state,
    start_phase,
)
from tabletrip.core import IllegalAction, Rng
from tabletrip.core.presentation import NotationForm, presentation_for, unreadable_parts
from tabletrip.games.route_east.actions import DrawBorder, FreightTrain, Move, TakeAction
from tabletrip.games.route_east.rules import RouteEastState

PRESENTATION = presentation_for("route-east")


def steps(state: RouteEastState) -> list[tuple[str, tuple[str, ...]]]:
    """(notation, steps) of every legal action of the seat to move, from its observation."""
    assert PRESENTATION is not None
    observation = state.observation(state.current_player)
    return [
        (str(a), PRESENTATION.action_steps(state.game, observation, a))
        for a in state.legal_actions()
    ]


def test_a_turn_of_moves_is_asked_by_kind_then_by_choice() -> None:
    """ "Turns": each move goes 1 space or picks up an Action Card, up to 2 cards are
    played, the turn ends on a Hostel; "Roads": the toll road's $25."""
    state = new_state(players=3, seed=1)
    moves_phase(state, 0, index(state, "tr-erzincan"))
    give(state, 0, "steal_money")
    give(state, 0, "moves")
    state.money[1] = 150
    assert steps(state) == [
        ("move tr-sivas", ("Move", "To Sivas (Hostel, $25 a night)")),
        ("move tr-askale", ("Move", "To Aşkale (ATM: a Bank Card)")),
        ("take", ("Pick up an Action Card for 1 move",)),
        (
            "play pickpocket on seat 1",
            (
                "Play an Action Card",
                "Pickpocket: steal $25 from another player",
                "On Player 2 (they hold $150)",
            ),
        ),
        (
            "play pickpocket on seat 2",
            (
                "Play an Action Card",
                "Pickpocket: steal $25 from another player",
                "On Player 3 (they hold $450)",
            ),
        ),
        ("play shortcut", ("Play an Action Card", "Shortcut: take 1 extra move this turn")),
        ("end", ("End the turn", "At Erzincan (Hostel, $25 a night)")),
    ]
    moves_phase(state, 0, index(state, "tr-izmit"))
    assert steps(state)[1] == (
        "move tr-bolu",
        ("Move", "To Bolu (Hostel, $25 a night) on the toll road: pay $25"),
    )


def test_a_dirt_road_asks_how_to_pass_it() -> None:
    """ "Dirt Roads": roll an even number, or choose the roll with a Magic Roll."""
    state = new_state(players=3, seed=1)
    moves_phase(state, 0, index(state, "tr-gumushane"))
    give(state, 0, "magic_roll")
    road = ("Move", "To Sumela Monastery (attraction) on the dirt road")
    by_notation = dict(steps(state))
    assert by_notation["move tr-sumela"] == (*road, "Roll for an even number")
    assert by_notation["move tr-sumela with magic roll"] == (*road, "With a Magic Roll")


def test_a_freight_train_asks_for_its_stop() -> None:
    """ "Ignition & Action Card Anarchy": a Freight Train on the first move ends the turn."""
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-ankara"))
    give(state, 0, "freight_train")
    trains = {n: s for n, s in steps(state) if n.startswith("train")}
    assert trains["train tr-bolu"] == (
        "Play an Action Card",
        "Freight Train: ride up to 6 spaces",
        "Ride to Bolu (Hostel, $25 a night), ending your turn",
    )
    assert len({s[:2] for s in trains.values()}) == 1  # one card, then its stops


def test_a_border_is_crossed_in_two_steps() -> None:
    """ "Border Cards": cross with a Fuel Token or a Border Pass and the card's fee, or stay;
    "Borders": a Border Pass crosses in the middle of the moves."""
    state = new_state(players=3, seed=1)
    start_phase(state, 0, index(state, "b-tr-ge-sarp"))
    state.fuel[0] = 1
    give(state, 0, "border_pass")
    border_with(state, "fee")
    assert steps(state) == [
        ("ignition", ("Draw an Ignition Card and travel on in Turkey",)),
        ("border", ("Draw a Border Card to cross into Georgia",)),
    ]
    state.apply(DrawBorder())
    assert steps(state) == [
        ("cross", ("Cross into Georgia", "With a Fuel Token and pay the $25 fee")),
        (
            "cross with border pass",
            ("Cross into Georgia", "With a Border Pass and pay the $25 fee"),
        ),
        ("stay", ("Stay at the Border: no moving spaces this turn",)),
        ("take", ("Pick up an Action Card for 1 move",)),
    ]
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-hopa"))
    give(state, 0, "border_pass")
    state.apply(Move("b-tr-ge-sarp"))
    assert dict(steps(state))["cross with border pass"] == (
        "Cross into Georgia",
        "Now, with a Border Pass",
    )


def test_ending_the_turn_and_a_tent_share_a_step() -> None:
    """ "Attractions": a Tent lets you stay the night on an attraction."""
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-goreme"), moves=0)
    give(state, 0, "tent")
    assert steps(state) == [("camp", ("End the turn", "Camp at Göreme with a Tent: a free night"))]


def test_over_the_hand_limit_the_card_is_chosen_by_what_it_does() -> None:
    """ "Action Cards": hold up to 5; the others go under the Action deck."""
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-erzincan"))
    give(state, 0, "tent")
    give(state, 0, "hell_no", 2)
    give(state, 0, "moves", 2)
    action_on_top(state, "magic_roll")
    state.apply(TakeAction())
    assert steps(state) == [
        ("discard tent", ("Put a card under the Action deck", "Tent: sleep at an attraction")),
        (
            "discard magic-roll",
            ("Put a card under the Action deck", "Magic Roll: choose the number you roll"),
        ),
        (
            "discard hell-no",
            ("Put a card under the Action deck", "Hell no!: their card has no effect"),
        ),
        (
            "discard shortcut",
            ("Put a card under the Action deck", "Shortcut: take 1 extra move this turn"),
        ),
    ]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (5, 6)])
def test_the_step_trees_pass_the_kit_along_a_game(players: int, seed: int) -> None:
    """Every few moves: readable steps, a choice is a move or a step towards several, never
    both, and nothing changes when the hidden part is resampled."""
    state = new_state(players=players, seed=seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over:
        if step % 5 == 0:
            seat = state.current_player
            check_action_steps(state, state.determinize(seat, Rng(step)), seat)
        for action in state.legal_actions():
            if isinstance(action, Move | FreightTrain):  # the place's printed name is a word
                name = state.game.board.space_names[state.game.board.index[action.space]]
                observation = state.observation(state.current_player)
                assert PRESENTATION is not None
                said = " ".join(PRESENTATION.action_steps(state.game, observation, action))
                assert name in said, (action, said)
        state.apply(rng.choice(state.legal_actions()))
        step += 1


# --- the notation's forms ---------------------------------------------------------------------


def _pattern(form: NotationForm) -> re.Pattern[str]:
    """A form as a pattern: its literal words as they are, each `<field>` one word."""
    parts = [r"\S+" if re.fullmatch(r"<[a-z]+>", w) else re.escape(w) for w in form.form.split()]
    return re.compile(r"\s+".join(parts))


def forms_of(players: int, **options: object) -> list[NotationForm]:
    """The notation forms of a game."""
    assert PRESENTATION is not None
    return list(PRESENTATION.notation_help(new_state(players=players, **options).game))


def test_the_notation_help_names_every_field() -> None:
    """Each `<field>` of a form is explained, seats counted from 0 said as players."""
    forms = forms_of(3)
    for form in forms:
        named = set(re.findall(r"<[a-z]+>", form.form))
        assert named == {f for f, _ in form.fields}, form
        texts = [form.meaning, *(t for field in form.fields for t in field)]
        for text in texts:
            assert not unreadable_parts(text), (form.form, text)
        assert form.meaning[:1].isupper()
    by_form = {f.form: f for f in forms}
    seat = dict(by_form["play <card> on seat <seat>"].fields)["<seat>"]
    assert "0 is Player 1, 1 is Player 2" in seat and "up to 2 for Player 3" in seat
    card = dict(by_form["play <card>"].fields)["<card>"]
    assert "shortcut (Shortcut)" in card and "pickpocket" not in card
    space = dict(by_form["move <space>"].fields)["<space>"]
    assert "İzmit" in space and "izmit" in space


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, {}, 1), (3, {}, 2), (4, {"attractions": 6}, 3), (5, {"attractions": 2}, 4)],
)
def test_every_legal_notation_matches_a_form(
    players: int, options: dict[str, object], seed: int
) -> None:
    """Along a random game, `str(action)` of each legal move fits one documented form, and
    `parse_action` reads it back."""
    patterns = [_pattern(f) for f in forms_of(players, **options)]
    state = new_state(players=players, seed=seed, **options)
    rng = Rng(seed)
    seen: set[str] = set()
    while not state.is_over:
        legal = state.legal_actions()
        for action in legal:
            text = str(action)
            assert any(p.fullmatch(text) for p in patterns), text
            seen.add(text.split()[0])
        action = rng.choice(legal)
        assert state.game.parse_action(str(action), state) == action
        state.apply(action)
    assert {"ignition", "move", "take", "end"} <= seen


# --- places typed by name ---------------------------------------------------------------------


def test_a_move_is_typed_by_plain_name_or_its_start() -> None:
    """The issue's `move izmit`: case and accents do not matter, an unambiguous start will
    do, the notation's code still works."""
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-istanbul"))
    game = state.game
    wanted = Move("tr-izmit")
    for typed in ("move izmit", "move İzmit", "MOVE IZMIT", "move izm", "move tr-izmit"):
        assert game.parse_action(typed, state) == wanted, typed
    moves_phase(state, 0, index(state, "tr-erzincan"))
    assert game.parse_action("move askale", state) == Move("tr-askale")
    assert game.parse_action("move Sivas", state) == Move("tr-sivas")


def test_a_place_that_does_not_fit_lists_the_reachable_spaces() -> None:
    """One line that says what is wrong and which spaces would be right."""
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-erzincan"))
    with pytest.raises(IllegalAction) as refused:
        state.game.parse_action("move tbilisi", state)
    message = str(refused.value)
    assert "\n" not in message
    assert message == "'move tbilisi' is not a legal action now: you can move to Sivas and Aşkale"


def test_an_ambiguous_start_asks_for_more_of_the_name() -> None:
    """Two reachable spaces that begin alike (a Freight Train's stops, attractions among them
    with a Tent): the answer names both."""
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-erzincan"))
    give(state, 0, "freight_train")
    give(state, 0, "tent")
    with pytest.raises(IllegalAction, match="it could be Göreme and Göbekli Tepe"):
        state.game.parse_action("train go", state)
    assert state.game.parse_action("train goreme", state) == FreightTrain("tr-goreme")
    assert state.game.parse_action("train tepe", state) == FreightTrain("tr-gobekli")


def test_a_magic_roll_is_typed_after_the_place() -> None:
    """ "Dirt Roads" with a Magic Roll: `move sumela with magic roll`."""
    state = new_state(players=2, seed=1)
    moves_phase(state, 0, index(state, "tr-gumushane"))
    give(state, 0, "magic_roll")
    game = state.game
    assert game.parse_action("move sumela", state) == Move("tr-sumela")
    assert game.parse_action("move Sumela with magic roll", state) == Move(
        "tr-sumela", magic_roll=True
    )
