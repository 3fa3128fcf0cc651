"""En Route's action encoding for research: every action a seat may take as one index, and back.

The blocks follow the phases (objective, Round cards, rating, renewal, the drawing turn's marks,
Coordinate changes, sections, bonuses, the New tourists Café, the final route); an index means
the same action in every state where it is legal, and the mask is the legal actions' indices."""

from __future__ import annotations

from itertools import combinations

from tabletrip.core import Action, IllegalAction, State
from tabletrip.core.encoding import (
    ActionBlock,
    ActionEncoding,
)
from tabletrip.games.en_route.actions import (
    CafeTourists,
    ChangeCoordinate,
    Chart,
    ChooseRoundCards,
    Done,
    ExtraSection,
    FinalRoute,
    KeepCard,
    KeepObjective,
    Mark,
    PlayCard,
    PlayHidden,
    Rate,
    Renew,
)
from tabletrip.games.en_route.geometry import (
    CROSSROADS,
    CROSSROADS_SIZE,
    LOCATIONS,
    SECTIONS,
    crossroads_xy,
    horizontal_section,
    vertical_section,
)
from tabletrip.games.en_route.phases import BEGIN_PLACE, FINAL, SECOND
from tabletrip.games.en_route.rules import FINAL_CHOICES, EnRouteGame, EnRouteState
from tabletrip.games.en_route.sheet import TOURIST_TYPES

MAX_SEATS = 4  # the beginning-round pairs are of relative seats 0-3
DIRECTION_PAIRS = tuple(combinations(range(4), 2))  # (N,E) (N,S) (N,W) (E,S) (E,W) (S,W)
SEAT_PAIRS = tuple(combinations(range(MAX_SEATS), 2))
RATE_CODES = {1: 0, -1: 1, 0: 2}  # up, down, stays
RATE_CHANGES = (1, -1, 0)
TOURIST_CODES: dict[str, int] = {"": 0, **{t: i + 1 for i, t in enumerate(TOURIST_TYPES)}}
MARK_TOURISTS = ("", *TOURIST_TYPES)


def _direction_sections(crossroads: int) -> tuple[int | None, ...]:
    """The section leaving `crossroads` towards N, E, S, W, or None off the map."""
    x, y = crossroads_xy(crossroads)
    last = CROSSROADS_SIZE - 1
    return (
        vertical_section(x, y - 1) if y > 0 else None,
        horizontal_section(x, y) if x < last else None,
        vertical_section(x, y) if y < last else None,
        horizontal_section(x - 1, y) if x > 0 else None,
    )


def _chart_pairs() -> tuple[tuple[int, int] | None, ...]:
    """Per `crossroads * 6 + p`: the sorted pair of sections, None when one leaves the map."""
    pairs: list[tuple[int, int] | None] = []
    for crossroads in range(CROSSROADS):
        ends = _direction_sections(crossroads)
        for a, b in DIRECTION_PAIRS:
            first, second = ends[a], ends[b]
            pairs.append(
                None
                if first is None or second is None
                else (min(first, second), max(first, second))
            )
    return tuple(pairs)


CHART_PAIRS = _chart_pairs()
"""The 294 `chart_two` slots: slot `crossroads * 6 + p` holds its section pair (or None)."""


class EnRouteActions(ActionEncoding):
    """The 734-index First City action space (the module docstring's table)."""

    def __init__(self, game: EnRouteGame) -> None:
        city = game.city
        self.city = city
        self.players = game.players
        self.card_ids = tuple(card.id for card in city.deck)
        self.card_index = dict(game.card_index)
        self.objective_ids = city.objective_ids
        self.objective_index = {o: i for i, o in enumerate(city.objective_ids)}
        self.iconic_ids = city.iconic_ids
        self.iconic_index = dict(game.iconic_index)
        self.team = game.team
        cards = len(city.deck)
        sizes = (
            ("objective", len(city.objective_ids), "keep Personal Objective card o: start + o"),
            (
                "play",
                cards,
                "place card c (deck index) from the hand, face up or down as the phase says: "
                "start + c",
            ),
            (
                "keep",
                cards,
                "keep card c as the second Round card (a neighbour's placed card; solo: a "
                "face-up Card Sequence card): start + c",
            ),
            (
                "choose",
                len(SEAT_PAIRS),
                "beginning rounds: use the two cards placed by relative seats r1 < r2, "
                "pair order (0,1) (0,2) (0,3) (1,2) (1,3) (2,3): start + pair",
            ),
            (
                "rate",
                len(city.iconic_ids) * 3,
                "Advanced: Iconic Landmark i's rating goes up, down or stays: "
                "start + i * 3 + (0 up, 1 down, 2 stays)",
            ),
            (
                "renew",
                2 ** max(city.hand_size, city.solo_hand_size) - 1,
                "renew the hand cards in mask (bit j: the j-th hand card in deck order): "
                "start + mask - 1",
            ),
            (
                "coordinate",
                4,
                "Coordinate change of the turn's Round card w (0 or 1): start + w * 2 + "
                "(0 for +1, 1 for -1)",
            ),
            (
                "mark",
                LOCATIONS * len(MARK_TOURISTS),
                "select location l (row * 6 + col) and mark tourists; t 0 as the cards say, "
                "1 red, 2 green, 3 blue (a type the player chooses): start + l * 4 + t",
            ),
            ("chart_one", SECTIONS, "chart 1 section s anywhere: start + s"),
            (
                "chart_two",
                len(CHART_PAIRS),
                "chart the 2 sections meeting at crossroads c (y * 7 + x), direction pair p "
                "(0 N+E, 1 N+S, 2 N+W, 3 E+S, 4 E+W, 5 S+W; N is y - 1): start + c * 6 + p",
            ),
            ("extra", SECTIONS, "use a Route section bonus on section s: start + s"),
            (
                "cafe",
                len(city.cafes) * 2,
                "New tourists Café k just reached: start + k * 2 + (0 use now, 1 keep for 2 PP)",
            ),
            ("done", 1, "end the drawing turn, keeping the remaining bonuses"),
            (
                "route",
                FINAL_CHOICES,
                "final route: the k-th candidate of final_choices (best 5 by own PP for steps "
                "1-8 and the Goals, best first; field route_* of the vector): start + k",
            ),
        )
        blocks: list[ActionBlock] = []
        start = 0
        for name, size, text in sizes:
            blocks.append(ActionBlock(name, start, size, text))
            start += size
        self.blocks = tuple(blocks)
        self.start = {block.name: block.start for block in blocks}
        self.pair_slot = {pair: i for i, pair in enumerate(CHART_PAIRS) if pair is not None}
        self.seat_pair_index = {pair: i for i, pair in enumerate(SEAT_PAIRS)}
        self._decoders = {block.name: getattr(self, f"_decode_{block.name}") for block in blocks}

    def index_names(self) -> list[str]:
        """Every index named in the game's words (encoding_names.py): `play city-03 (...)`."""
        from tabletrip.games.en_route.encoding_names import action_names  # it imports this

        return action_names(self.blocks, self.city)

    # --- encode --------------------------------------------------------------------------------

    def encode(self, action: Action, state: State) -> int:
        """The index of a legal action of the player to move (see the module's table)."""
        assert isinstance(state, EnRouteState)
        start = self.start
        if isinstance(action, Mark):
            return start["mark"] + action.location * 4 + TOURIST_CODES[action.tourist]
        if isinstance(action, Chart):
            if len(action.sections) == 1:
                return start["chart_one"] + action.sections[0]
            return start["chart_two"] + self.pair_slot[(action.sections[0], action.sections[1])]
        if isinstance(action, ExtraSection):
            return start["extra"] + action.section
        if isinstance(action, PlayCard | PlayHidden):
            return start["play"] + self.card_index[action.card]
        if isinstance(action, Renew):
            hand = sorted(state.hands[state.seat])
            position = {self.card_ids[c]: j for j, c in enumerate(hand)}
            mask = sum(1 << position[card] for card in action.cards)
            return start["renew"] + mask - 1
        if isinstance(action, KeepCard):
            return start["keep"] + self.card_index[action.card]
        if isinstance(action, Done):
            return start["done"]
        if isinstance(action, CafeTourists):
            return start["cafe"] + action.cafe * 2 + (0 if action.use else 1)
        if isinstance(action, ChangeCoordinate):
            return start["coordinate"] + action.which * 2 + (0 if action.delta > 0 else 1)
        if isinstance(action, Rate):
            return (
                start["rate"] + self.iconic_index[action.landmark] * 3 + RATE_CODES[action.change]
            )
        if isinstance(action, ChooseRoundCards):
            placer = {self.card_ids[c]: s for s, c, _ in state.placed}
            mover, players = state.seat, self.players
            rel = sorted((placer[card] - mover) % players for card in action.cards)
            return start["choose"] + self.seat_pair_index[(rel[0], rel[1])]
        if isinstance(action, KeepObjective):
            return start["objective"] + self.objective_index[action.card]
        if isinstance(action, FinalRoute):
            candidates = state.legal_actions() if state.phase == FINAL else []
            if action not in candidates:
                raise IllegalAction(f"{action} is not among the {FINAL_CHOICES} listed routes")
            return start["route"] + candidates.index(action)
        raise IllegalAction(f"{action} has no action index")

    # --- decode --------------------------------------------------------------------------------

    def decode(self, index: int, state: State) -> Action:
        """The action `index` names in `state`; IllegalAction if it names none."""
        assert isinstance(state, EnRouteState)
        block = self.block_of(index)
        return self._decoders[block.name](index - block.start, state)

    def _decode_objective(self, offset: int, state: EnRouteState) -> Action:
        return KeepObjective(self.objective_ids[offset])

    def _decode_play(self, offset: int, state: EnRouteState) -> Action:
        hidden = state.phase == BEGIN_PLACE or (state.phase == SECOND and not self.team)
        return (PlayHidden if hidden else PlayCard)(self.card_ids[offset])

    def _decode_keep(self, offset: int, state: EnRouteState) -> Action:
        return KeepCard(self.card_ids[offset])

    def _decode_choose(self, offset: int, state: EnRouteState) -> Action:
        r1, r2 = SEAT_PAIRS[offset]
        players = self.players
        placed = {s: c for s, c, _ in state.placed}
        seats = [(state.seat + r) % players for r in (r1, r2)]
        if r2 >= players or len(state.placed) != players or not all(s in placed for s in seats):
            raise IllegalAction("choose Round cards only in a beginning round, once all are placed")
        return ChooseRoundCards(tuple(sorted(self.card_ids[placed[s]] for s in seats)))  # type: ignore[arg-type]

    def _decode_rate(self, offset: int, state: EnRouteState) -> Action:
        iconic, code = divmod(offset, 3)
        return Rate(self.iconic_ids[iconic], RATE_CHANGES[code])

    def _decode_renew(self, offset: int, state: EnRouteState) -> Action:
        mask = offset + 1
        hand = sorted(state.hands[state.seat])
        if mask >> len(hand):
            raise IllegalAction(f"renew mask {mask} names cards beyond the {len(hand)} held")
        return Renew(tuple(self.card_ids[c] for j, c in enumerate(hand) if mask >> j & 1))

    def _decode_coordinate(self, offset: int, state: EnRouteState) -> Action:
        which, code = divmod(offset, 2)
        return ChangeCoordinate(which, 1 if code == 0 else -1)

    def _decode_mark(self, offset: int, state: EnRouteState) -> Action:
        location, code = divmod(offset, 4)
        return Mark(location, MARK_TOURISTS[code])

    def _decode_chart_one(self, offset: int, state: EnRouteState) -> Action:
        return Chart((offset,))

    def _decode_chart_two(self, offset: int, state: EnRouteState) -> Action:
        pair = CHART_PAIRS[offset]
        if pair is None:
            raise IllegalAction(f"chart_two slot {offset} leaves the map")
        return Chart(pair)

    def _decode_extra(self, offset: int, state: EnRouteState) -> Action:
        return ExtraSection(offset)

    def _decode_cafe(self, offset: int, state: EnRouteState) -> Action:
        cafe, code = divmod(offset, 2)
        return CafeTourists(cafe, code == 0)

    def _decode_done(self, offset: int, state: EnRouteState) -> Action:
        return Done()

    def _decode_route(self, offset: int, state: EnRouteState) -> Action:
        candidates = state.legal_actions() if state.phase == FINAL else []
        if offset >= len(candidates):
            raise IllegalAction(f"there is no final route candidate {offset} now")
        return candidates[offset]
