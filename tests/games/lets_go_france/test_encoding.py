"""Let's Go! To France action and observation encodings (encoding.py, issue 11).

The generic kit over random games (every player count, region and option), then the module
docstring's formulas worked by hand, vectors checked by value in built situations, and the
mask against the legal actions. Situations are built by setting a new game's plain fields,
as in test_rules_planning.py.
"""

from __future__ import annotations

from math import comb

import pytest

import tabletrip
from encoding_kit import check_encoding_playout
from tabletrip.core import IllegalAction
from tabletrip.core.encoding import describe_encoding, encoding_for
from tabletrip.games.lets_go_france.actions import (
    ChooseCard,
    DiscardThree,
    DottedPath,
    Favour,
    Place,
    SpendWild,
    Travel,
    UseResearch,
)
from tabletrip.games.lets_go_france.content import DAYS, ICONS, REGIONS
from tabletrip.games.lets_go_france.encoding import (
    CARD_SIZE,
    DAY_SIZE,
    SLOT_SIZE,
    _highlight_features,
    _top_features,
)
from tabletrip.games.lets_go_france.phases import TRIP, Owed, Pending
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
