"""Let's Go! To France action and observation encodings (encoding.py, issue 11).

The generic kit over random games (every player count, region and option), then the module
docstring's formulas worked by hand, vectors checked by value in built situations, and the
mask against the legal actions. Situations are built by setting a new game's plain fields,
as in test_rules_planning.py.
"""

from __future__ import annotations

import random
from math import comb

import pytest

import tabletrip
from encoding_kit import check_encoding_playout
from tabletrip.core import Action, IllegalAction
from tabletrip.core.encoding import describe_encoding, encoding_for
from tabletrip.core.phrases import listing
from tabletrip.games.lets_go_france.actions import (
    ChooseCard,
    ChooseIcon,
    ChooseRow,
    DiscardThree,
    Done,
    DottedPath,
    Favour,
    Place,
    SkipTravel,
    SpendWild,
    Travel,
    UseResearch,
)
from tabletrip.games.lets_go_france.content import DAYS, FORMULA_KINDS, ICONS, REGIONS
from tabletrip.games.lets_go_france.encoding import (
    CARD_SIZE,
    DAY_SIZE,
    SLOT_SIZE,
    _highlight_features,
    _top_features,
)
from tabletrip.games.lets_go_france.phases import TRIP, Owed, Pending
from tabletrip.games.lets_go_france.present_words import ROW_NAMES, ordinal
from tabletrip.games.lets_go_france.rules import LetsGoState

LOIRE = "loire-valley"
BRITTANY = "brittany-normandy"


def new_state(players: int = 2, region: str = LOIRE, seed: int = 0, **options: object):
    """A fresh game (round 1, seat 0 to play) and its encoding."""
    game = tabletrip.make("lets-go-france", players=players, region=region, **options)
    state = game.new_game(seed)
    assert isinstance(state, LetsGoState)
    return state, encoding_for(game)


def vector_fields(encoding, state: LetsGoState, seat: int) -> dict[str, list[float]]:
    """Seat's vector cut into its named fields."""
    vector = encoding.observations.encode(state.observation(seat))
    return {name: vector[s] for name, s in encoding.observations.field_slices().items()}


def sorted_hand(state: LetsGoState, seat: int) -> list[str]:
    """A seat's hand as card ids in the order the action space counts them."""
    return sorted(state.game.activities[c].key for c in state.hands[seat])


# --- the kit over random games ------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("region", REGIONS)
def test_kit_every_region_and_player_count(players: int, region: str) -> None:
    """check_encoding_playout: round trips, mask, hidden-data invariance, bounds, length."""
    state, _ = new_state(players, region)
    every = {1: 1, 2: 3, 3: 5, 4: 7}[players]
    for seed in (players, 10 + players):
        check_encoding_playout(state.game, seed, every=every)


@pytest.mark.parametrize("advanced", [False, True])
def test_kit_solo_advanced_traveler(advanced: bool) -> None:
    """Solo Rules, Advanced Traveler Mode on and off (the option changes only the agent)."""
    state, _ = new_state(1, "sud-ouest", advanced_traveler=advanced)
    for seed in (3, 4):
        check_encoding_playout(state.game, seed, every=3)


# --- the action space (module docstring, "Action space") ---------------------------------------


def test_block_sizes_follow_the_docstring() -> None:
    """place 4 x 6 x 5 x 2, discard C(7, 3), a town per travel and dotted, Q - 1 opponents."""
    state, encoding = new_state(4, BRITTANY)
    sizes = {block.name: block.size for block in encoding.actions.blocks}
    towns = len(state.game.region.spaces)
    assert sizes == {
        "place": 240,
        "research": 1,
        "discard": 35,
        "travel": towns,
        "skip-travel": 1,
        "dotted": towns,
        "favour": 5,
        "icon": 6,
        "row": 3,
        "wild": 6,
        "choose-card": 2,
        "choose-opponent": 3,
        "done": 1,
    }
    assert encoding.actions.size == 300 + 2 * towns + 3
    assert "| place |" in describe_encoding(encoding)


def test_place_index_worked_by_hand() -> None:
    """place: start + ((k * 6 + day) * 5 + slot) * 2 + explore, k a sorted-hand position."""
    state, encoding = new_state(2)
    actions = encoding.actions
    hand = sorted_hand(state, 0)
    assert len(hand) == 2 and actions.blocks[0].start == 0
    # the second card in id order, face down on Wednesday's empty column: ((1*6+2)*5+0)*2+1 = 81
    assert actions.decode(81, state) == Place(hand[1], "wednesday", 0, True)
    assert actions.encode(Place(hand[1], "wednesday", 0, True), state) == 81
    # the first card face up on Saturday: ((0*6+5)*5+0)*2+0 = 50
    assert actions.decode(50, state) == Place(hand[0], "saturday", 0, False)
    # slot 1 of an empty day is refused by the rules; hand position 2 does not exist
    assert state.illegal_reason(actions.decode(52, state)) is not None
    with pytest.raises(IllegalAction):
        actions.decode(((2 * 6 + 0) * 5 + 0) * 2, state)


def test_place_slot_counts_from_the_top_of_the_column() -> None:
    """Card Placement: with 2 cards on Monday, slot 2 is the bottom (the new Highlight)."""
    state, encoding = new_state(2)
    acts = state.game.activities
    state.days[0][0] = [(acts[0].id, False), (acts[1].id, False)]
    hand = sorted_hand(state, 0)
    bottom = encoding.actions.decode(((0 * 6 + 0) * 5 + 2) * 2, state)
    assert bottom == Place(hand[0], "monday", 2, False)
    state.apply(bottom)
    assert state.days[0][0][-1][0] == state.game.card_index[hand[0]]


def test_discard_three_is_the_colex_rank_of_hand_positions() -> None:
    """Use Research Tokens: 4 cards + 3 drawn = 7; discard (a, b, c) at C(a,1)+C(b,2)+C(c,3)."""
    state, encoding = new_state(2)
    actions = encoding.actions
    state.hands[0] = list(state.deck.draw_many(4, state.rng))
    state.trips[0].research = 1
    state.apply(UseResearch())
    hand = sorted_hand(state, 0)
    assert len(hand) == 7
    start = actions.blocks[2].start
    assert actions.blocks[2].name == "discard"
    assert actions.legal_indices(state) == list(range(start, start + 35))
    cases = {(0, 1, 2): 0, (0, 1, 3): 1, (0, 2, 5): 0 + 1 + 10, (4, 5, 6): 34}
    for positions, rank in cases.items():
        assert rank == sum(comb(p, i + 1) for i, p in enumerate(positions))
        action = DiscardThree(tuple(hand[p] for p in positions))
        assert actions.encode(action, state) == start + rank
        assert actions.decode(start + rank, state) == action


def test_discard_of_a_smaller_hand_uses_the_first_indices() -> None:
    """A hand of 5 (2 left + 3 drawn): exactly the first C(5, 3) = 10 discard indices."""
    state, encoding = new_state(2)
    state.hands[0] = list(state.deck.draw_many(2, state.rng))
    state.trips[0].research = 1
    state.apply(UseResearch())
    start = encoding.actions.blocks[2].start
    assert encoding.actions.legal_indices(state) == list(range(start, start + 10))
    with pytest.raises(IllegalAction):
        encoding.actions.decode(start + 10, state)  # (0, 1, 5): no sixth card


def test_choose_opponent_counts_seats_after_the_mover() -> None:
    """Brittany and Normandy's goal: j = 0 is the next seat, wrapping round the table."""
    state, encoding = new_state(3, BRITTANY)
    actions = encoding.actions
    state.phase, state.seat, state.pending = TRIP, 1, [Pending(Owed.GOAL_OPPONENT)]
    start = next(b.start for b in actions.blocks if b.name == "choose-opponent")
    assert actions.decode(start, state) == ChooseCard(2)
    assert actions.decode(start + 1, state) == ChooseCard(0)
    assert actions.legal_indices(state) == [start, start + 1]
    card = next(b.start for b in actions.blocks if b.name == "choose-card")
    with pytest.raises(IllegalAction):
        actions.decode(card, state)  # no choice between two cards now


def test_fixed_blocks_decode_by_name() -> None:
    """travel, dotted, favour, wild: start + the town, the option, the icon."""
    state, encoding = new_state(2)
    actions = encoding.actions
    start = {b.name: b.start for b in actions.blocks}
    towns = [s.id for s in state.game.region.spaces]
    assert actions.decode(start["travel"] + 3, state) == Travel(towns[3])
    assert actions.decode(start["dotted"] + 5, state) == DottedPath(towns[5])
    assert actions.decode(start["favour"] + 2, state) == Favour("row", 1)
    assert actions.decode(start["wild"] + ICONS.index("food"), state) == SpendWild("food")


def test_mask_is_the_legal_actions_at_the_start() -> None:
    """Round 1: 2 cards x 6 empty days x slot 0 x face up or down = 24 placements."""
    state, encoding = new_state(3)
    actions = encoding.actions
    legal = state.legal_actions()
    mask = actions.legal_indices(state)
    assert mask == sorted(actions.encode(a, state) for a in legal)
    assert len(mask) == len(legal) == 24
    assert [actions.decode(i, state) for i in mask] == sorted(
        legal, key=lambda a: actions.encode(a, state)
    )


def test_mask_offers_a_wild_token_and_a_step_back_beside_a_step_back_path() -> None:
    """Map Icons and Wild tokens while planning: beside a dotted path paid with a step back,
    the mask holds the Wild tokens and the dotted path like the legal actions."""
    state, encoding = new_state(2)
    state.traveler[0] = state.game.space_index["azay-le-rideau"]
    state.trips[0].steps = [0, 2, 0, 0, 0, 0]
    state.trips[0].wild = 1
    actions = encoding.actions
    legal = state.legal_actions()
    assert any(isinstance(a, SpendWild) for a in legal)
    assert DottedPath("saumur") in legal
    assert actions.legal_indices(state) == sorted(actions.encode(a, state) for a in legal)


# --- the observation vector (module docstring, "Observation vector") ---------------------------


def test_vector_holds_the_hand_in_action_order() -> None:
    """hand slot k is the card place index k names: present, top and highlight features."""
    state, encoding = new_state(2)
    fields = vector_fields(encoding, state, 0)
    acts = {a.key: a for a in state.game.activities}
    for k, key in enumerate(sorted_hand(state, 0)):
        slot = fields["hand"][k * CARD_SIZE : (k + 1) * CARD_SIZE]
        assert slot == [1.0, *_top_features(acts[key]), *_highlight_features(acts[key])]
    assert fields["hand"][2 * CARD_SIZE :] == [0.0] * (5 * CARD_SIZE)
    assert fields["cards_to_play"] == [0.5]
    assert fields["phase"] == [1.0, 0.0, 0.0]
    assert fields["round"][0] == 1.0 and sum(fields["round"]) == 1.0


def test_vector_is_seat_relative() -> None:
    """Per-seat fields start with the observer; to_move is relative to it."""
    state, encoding = new_state(3)
    favour = state.favour_at
    for seat in range(3):
        fields = vector_fields(encoding, state, seat)
        assert fields["to_move"] == [1.0 if (0 - seat) % 3 == i else 0.0 for i in range(3)]
        for i in range(3):
            other = (seat + i) % 3
            block = fields["favourable"][i * 36 : (i + 1) * 36]
            for day in range(6):
                icons = block[day * 6 : (day + 1) * 6]
                assert icons.index(1.0) == favour[other][day]


def test_vector_shows_a_placed_card_and_hides_it_from_the_others_until_revealed() -> None:
    """Simultaneous play: seat 0's own board shows its card at once, seat 1 sees it after the
    round; a card played face down shows no features."""
    state, encoding = new_state(2)
    acts = {a.key: a for a in state.game.activities}
    first, _ = sorted_hand(state, 0)
    state.apply(Place(first, "tuesday", 0, False))
    while state.pending:
        state.apply(state.legal_actions()[-1])  # skip travel / favour
    tuesday = slice(DAY_SIZE, DAY_SIZE + SLOT_SIZE)
    own = vector_fields(encoding, state, 0)["days"]
    assert own[tuesday] == [1.0, 0.0, *_top_features(acts[first])]
    highlight = own[2 * DAY_SIZE - 33 : 2 * DAY_SIZE]
    assert highlight == list(_highlight_features(acts[first]))
    theirs = vector_fields(encoding, state, 1)["days"]
    assert theirs[6 * DAY_SIZE + DAY_SIZE :][:SLOT_SIZE] == [0.0] * SLOT_SIZE
    state.apply(state.legal_actions()[-1])  # done: seat 1 plays
    hand = sorted_hand(state, 1)
    state.apply(Place(hand[0], "monday", 0, True))
    state.apply(state.legal_actions()[-1])  # skip the Explore the City Travel action
    state.apply(state.legal_actions()[-1])  # done: round 2 reveals round 1
    theirs = vector_fields(encoding, state, 1)["days"]
    assert theirs[6 * DAY_SIZE + DAY_SIZE :][:SLOT_SIZE] == [1.0, 0.0, *_top_features(acts[first])]
    mine = vector_fields(encoding, state, 0)["days"]
    assert mine[6 * DAY_SIZE :][:SLOT_SIZE] == [1.0, 1.0] + [0.0] * 11  # face down
    assert mine[7 * DAY_SIZE - 34 : 7 * DAY_SIZE] == [1.0] + [0.0] * 33  # its 5-point Highlight


def test_solo_vector_holds_the_travel_agent_last() -> None:
    """Solo Rules: the agent's experience tokens start at 1 to 6 by Favourable Condition day."""
    state, encoding = new_state(1)
    fields = vector_fields(encoding, state, 0)
    agent = fields["experience"][6:12]
    steps = state.trips[1].steps
    assert agent == [s / 20 for s in steps] and sorted(steps) == [1, 2, 3, 4, 5, 6]
    assert fields["experience"][:6] == [0.0] * 6
    assert len(fields["to_move"]) == 1 and len(fields["stacks"]) == 1


@pytest.mark.parametrize("side", [0, 1])
def test_vector_shows_the_double_flag_side_in_play(side: int) -> None:
    """Setup 6: the side of the region's double-flag tile chosen is on the table."""
    state, encoding = new_state(2, double_flag_side="ab"[side])
    assert vector_fields(encoding, state, 1)["double_goal"] == [float(side == 0), float(side)]


def test_vector_shows_the_decision_owed() -> None:
    """A Favourable Condition bonus owed: my_decision `favour` and its day."""
    state, encoding = new_state(2)
    state.pending = [Pending(Owed.FAVOUR, DAYS.index("friday"))]
    fields = vector_fields(encoding, state, 0)
    assert fields["my_decision"][1] == 1.0 and sum(fields["my_decision"]) == 1.0
    assert fields["my_decision_day"] == [0.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    assert sum(vector_fields(encoding, state, 1)["my_decision"]) == 0.0


def test_bounds_are_derived_for_every_configuration() -> None:
    """max_length grows with the players; the lowest score is six days of energy at -3."""
    lengths = [new_state(p)[1].max_length for p in (1, 2, 3, 4)]
    assert lengths == sorted(lengths) and lengths[0] > 100
    for region in REGIONS:
        low, high = new_state(2, region)[1].score_range
        assert low == -18 and high > 300


# --- names of indices and positions (encoding_names.py) -----------------------------------------


def block_start(encoding, name: str) -> int:
    """The first index of the named action block."""
    return next(b.start for b in encoding.actions.blocks if b.name == name)


def seat_label(relative: int, players: int) -> str:
    """How a name says a seat relative to the observer."""
    if relative == 0:
        return "you"
    return "the travel agent" if players == 1 else f"seat +{relative}"


def expected_action_name(action: Action, state: LetsGoState) -> str:
    """The name an action's index must carry, built from the action and the content."""
    game = state.game
    towns = {space.id: space.name for space in game.region.spaces}
    hand = sorted_hand(state, state.seat)
    if isinstance(action, Place):
        explore = "face down to Explore the City" if action.explore else "face up"
        return (
            f"place {ordinal(hand.index(action.card) + 1)} card of the hand on "
            f"{action.day.capitalize()}, {ordinal(action.slot + 1)} from the top, {explore}"
        )
    if isinstance(action, DiscardThree):
        places = sorted(hand.index(card) + 1 for card in action.cards)
        return f"discard the {listing([ordinal(p) for p in places])} cards of the hand"
    if isinstance(action, Travel):
        return f"travel to {towns[action.space]}"
    if isinstance(action, DottedPath):
        return f"dotted path to {towns[action.space]}"
    if isinstance(action, ChooseIcon):
        return f"icon {action.icon.capitalize()}"
    if isinstance(action, SpendWild):
        return f"wild token on {action.icon.capitalize()}"
    if isinstance(action, ChooseRow):
        return f"row the leftmost uncovered bonus of the {ROW_NAMES[action.row]} bonus row"
    if isinstance(action, Favour):
        token = "the Favorable Condition token"
        return {
            "flip": f"favour flip {token}",
            "row": f"favour move {token} to the {ROW_NAMES[action.row]} bonus row",
            "skip": "favour skip the bonus",
        }[action.choice]
    if isinstance(action, ChooseCard):
        if state.pending and state.pending[0].kind is Owed.GOAL_OPPONENT:
            relative = (action.choice - state.seat) % len(state.days)
            label = seat_label(relative, game.players)
            return f"choose-opponent the Saturday Highlight of the Day of {label}"
        return f"choose-card the {ordinal(action.choice + 1)} of the two cards"
    return {
        UseResearch: "research (spend a Research token: draw 3 cards, then discard 3)",
        SkipTravel: "skip-travel (give up the Travel action)",
        Done: "done (end your part of the round, or leave a Wild token window)",
    }[type(action)]


def test_every_legal_action_index_is_named_after_its_action() -> None:
    """Random playouts in every region at 1, 2 and 4 players, reaching every block: the name of
    each legal action's index says that action (the name of the index one off says another
    day, slot, side, hand card, town, icon or row)."""
    seen: set[str] = set()
    for region in REGIONS:
        for players in (1, 2, 4):
            first, encoding = new_state(players, region)
            names = encoding.actions.index_names()
            for seed in range(3):
                state = first.game.new_game(seed)
                rng = random.Random(seed)
                while not state.is_over:
                    for action in state.legal_actions():
                        index = encoding.actions.encode(action, state)
                        expected = expected_action_name(action, state)
                        assert names[index] == expected, f"{action} is named {names[index]!r}"
                        seen.add(encoding.actions.block_of(index).name)
                    state.apply(rng.choice(state.legal_actions()))
    assert seen == {block.name for block in encoding.actions.blocks}


def test_place_and_discard_names_worked_by_hand() -> None:
    """Index 81: the 2nd card face down on Wednesday's top; discard (0, 2, 5) at rank 11."""
    _, encoding = new_state(2)
    names = encoding.actions.index_names()
    assert names[81] == (
        "place 2nd card of the hand on Wednesday, 1st from the top, face down to Explore the City"
    )
    assert names[50] == "place 1st card of the hand on Saturday, 1st from the top, face up"
    discard = block_start(encoding, "discard")
    assert names[discard + 11] == "discard the 1st, 3rd and 6th cards of the hand"
    assert names[discard + 34] == "discard the 5th, 6th and 7th cards of the hand"


@pytest.mark.parametrize("region", REGIONS)
def test_town_names_follow_each_regional_map(region: str) -> None:
    """travel, dotted and the traveler field name the region's towns in map order."""
    state, encoding = new_state(3, region)
    spaces = state.game.region.spaces
    names = encoding.actions.index_names()
    travel, dotted = block_start(encoding, "travel"), block_start(encoding, "dotted")
    for t, space in enumerate(spaces):
        assert names[travel + t] == f"travel to {space.name}"
        assert names[dotted + t] == f"dotted path to {space.name}"
    traveler = encoding.observations.field_slices()["traveler"]
    positions = encoding.observations.position_names()[traveler]
    assert positions[len(spaces) + 2] == f"traveler {spaces[2].name}, seat +1"


@pytest.mark.parametrize(
    ("players", "opponents"), [(1, ["the travel agent"]), (3, ["seat +1", "seat +2"])]
)
def test_choose_opponent_names_the_seats_after_the_mover(
    players: int, opponents: list[str]
) -> None:
    """Brittany and Normandy's goal: index j names the seat j + 1 after you."""
    _, encoding = new_state(players, BRITTANY)
    start = block_start(encoding, "choose-opponent")
    names = encoding.actions.index_names()[start : start + len(opponents)]
    assert names == [f"choose-opponent the Saturday Highlight of the Day of {o}" for o in opponents]


def test_catalogue_and_goal_positions_name_the_content() -> None:
    """discard_pile in catalogue order, the single-flag faces tile by tile, the region's two
    double-flag sides: each named by the content's own name and text."""
    state, encoding = new_state(2, "sud-ouest")
    game = state.game
    names = encoding.observations.position_names()
    slices = encoding.observations.field_slices()
    assert names[slices["discard_pile"]] == [f"discard_pile {a.name}" for a in game.activities]
    singles = names[slices["single_goal"]]
    faces = [face for tile in game.single_tiles for face in tile.faces]
    assert len(singles) == len(faces) == 6
    for i, (name, face) in enumerate(zip(singles, faces, strict=True)):
        assert name.startswith(f"single_goal tile {i // 2 + 1} side {'AB'[i % 2]}: ")
        assert name.endswith(face.text.replace("Favourable", "Favorable"))
    doubles = names[slices["double_goal"]]
    assert doubles == [
        f"double_goal side {side}: {face.text.replace('Favourable', 'Favorable')}"
        for side, face in zip("AB", game.double_faces, strict=True)
    ]


def named_vector(encoding, state: LetsGoState, seat: int) -> dict[str, float]:
    """Seat's vector by position name."""
    vector = encoding.observations.encode(state.observation(seat))
    return dict(zip(encoding.observations.position_names(), vector, strict=True))


def lit(named: dict[str, float], field: str) -> list[str]:
    """The names of a field's nonzero positions."""
    return [name for name, value in named.items() if name.startswith(f"{field} ") and value]


def test_per_space_and_per_seat_positions_name_what_they_hold() -> None:
    """The lit positions of traveler, explored, discard_pile, favourable and to_move name the
    town, card, icon and seat the state holds, for the observer and from the other side."""
    state, encoding = new_state(2, BRITTANY)
    game = state.game
    spaces = game.region.spaces
    state.traveler = [3, 7]
    state.explored = [[5], []]
    state.deck.discards.append(game.activities[10].id)
    state.reveal()
    mine, theirs = named_vector(encoding, state, 0), named_vector(encoding, state, 1)
    assert lit(mine, "traveler") == [
        f"traveler {spaces[3].name}, you",
        f"traveler {spaces[7].name}, seat +1",
    ]
    assert lit(theirs, "traveler") == [
        f"traveler {spaces[7].name}, you",
        f"traveler {spaces[3].name}, seat +1",
    ]
    assert lit(theirs, "explored") == [f"explored {spaces[5].name}, seat +1"]
    assert lit(mine, "discard_pile") == [f"discard_pile {game.activities[10].name}"]
    assert lit(theirs, "to_move") == ["to_move seat +1"]
    monday = [name for name in lit(mine, "favourable") if " Monday " in name]
    assert monday == [
        f"favourable Monday {ICONS[state.favour_at[0][0]].capitalize()}, you",
        f"favourable Monday {ICONS[state.favour_at[1][0]].capitalize()}, seat +1",
    ]


def test_card_feature_names_read_every_card_of_the_catalogue() -> None:
    """Each card alone in the hand: the positions named after its icons, points, Time, bonus
    and Highlight hold those amounts on their documented scales."""
    state, encoding = new_state(2)
    for card in state.game.activities:
        state.hands[0] = [card.id]
        named = named_vector(encoding, state, 0)
        slot = "hand 1st card: "
        assert named[slot + "present"] == 1.0 and not lit(named, "hand 2nd")
        for i, icon in enumerate(ICONS):
            assert named[f"{slot}{icon.capitalize()} icons"] == min(card.icons.count(i) / 3, 1)
            highlight = card.highlight.icons.count(i)
            assert named[f"{slot}Highlight of the Day {icon.capitalize()} icons"] == min(
                highlight / 3, 1
            )
        assert named[slot + "points"] == card.points / 5
        assert named[slot + "Time"] == card.time / 4
        bonus = {
            "gain a Research token when played": "research",
            "gain a Travel action when played": "travel",
            "gain 2 Travel actions when played": "travel2",
        }
        for words, kind in bonus.items():
            assert named[slot + words] == float(card.bonus == kind)
        assert named[slot + "Highlight of the Day points"] == card.highlight.points / 12
        assert named[slot + "Highlight of the Day Wild tokens"] == card.highlight.wild / 3
        formula = card.highlight.formula
        kinds = lit(named, "hand 1st card: Highlight of the Day formula:")
        words = FORMULA_KINDS[formula.kind].replace("Favourable", "Favorable") if formula else ""
        assert kinds == ([f"{slot}Highlight of the Day formula: {words}"] if formula else [])


def test_day_positions_name_the_slot_and_the_highlight() -> None:
    """A card placed face up on an empty Tuesday: Tuesday's 1st slot is occupied and shows its
    top, Tuesday's bottom card its Highlight, for you at once and for seat +1 after the round."""
    state, encoding = new_state(2)
    card = state.game.activities[state.game.card_index[sorted_hand(state, 0)[0]]]
    state.apply(Place(card.key, "tuesday", 0, False))
    where = "days Tuesday 1st card from the top: "
    highlight = "days Tuesday bottom card: Highlight of the Day points"
    mine = named_vector(encoding, state, 0)
    assert [name for name in lit(mine, "days") if "occupied" in name] == [where + "occupied, you"]
    assert mine[where + "face down, you"] == 0.0
    assert mine[where + "points, you"] == card.points / 5
    assert mine[highlight + ", you"] == card.highlight.points / 12
    assert mine["days Tuesday Highlight of the Day is Explore the City, you"] == 0.0
    assert not lit(named_vector(encoding, state, 1), "days")
    while state.pending:
        state.apply(state.legal_actions()[-1])  # skip travel / favour
    state.apply(state.legal_actions()[-1])  # done: seat 1 plays
    state.apply(Place(sorted_hand(state, 1)[0], "monday", 0, True))
    state.apply(state.legal_actions()[-1])  # skip the Explore the City Travel action
    state.apply(state.legal_actions()[-1])  # done: round 2 reveals round 1
    theirs = named_vector(encoding, state, 1)
    occupied = [name for name in lit(theirs, "days") if "occupied" in name]
    assert occupied == [
        "days Monday 1st card from the top: occupied, you",
        where + "occupied, seat +1",
    ]
    assert theirs[where + "points, seat +1"] == card.points / 5
    assert theirs[highlight + ", seat +1"] == card.highlight.points / 12
    assert theirs["days Monday Highlight of the Day is Explore the City, you"] == 1.0
