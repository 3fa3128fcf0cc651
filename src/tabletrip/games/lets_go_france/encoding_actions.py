"""Let's Go! To France's action encoding for research: every action a seat may take as one index,
and back.

Blocks follow the decisions (placing a card on a day and slot, face up or to Explore the City,
Research, the three cards discarded, Travel actions and dotted paths, Favourable Condition
bonuses, icons, reward rows, Wild tokens, goal and travel-agent choices); an index means the same
action in every state where it is legal, and the mask is built without listing every placement."""

from __future__ import annotations

from itertools import combinations
from math import comb

from tabletrip.core import Action, IllegalAction, State
from tabletrip.core.encoding import (
    ActionBlock,
    ActionEncoding,
)
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
from tabletrip.games.lets_go_france.content import (
    DAYS,
    ICONS,
    MAX_PER_DAY,
)
from tabletrip.games.lets_go_france.legal import anytime_actions
from tabletrip.games.lets_go_france.phases import PLAN, Owed
from tabletrip.games.lets_go_france.rules import RESEARCH_DRAW, LetsGoGame, LetsGoState

DAY_COUNT = len(DAYS)
ICON_COUNT = len(ICONS)
DISCARD_SIZE = 3
ICON_INDEX = {icon: i for i, icon in enumerate(ICONS)}
DAY_INDEX = {day: i for i, day in enumerate(DAYS)}
_FAVOURS = (Favour("flip"), Favour("row", 0), Favour("row", 1), Favour("row", 2), Favour("skip"))
_FAVOUR_INDEX = {favour: i for i, favour in enumerate(_FAVOURS)}


def _colex_subsets(size: int, count: int) -> list[tuple[int, ...]]:
    """Every `count`-subset of range(size) in colexicographic order: subset (a < b < c) at
    `C(a,1) + C(b,2) + C(c,3)`, so the subsets of range(n) come first."""
    return sorted(combinations(range(size), count), key=lambda subset: subset[::-1])


class LetsGoActions(ActionEncoding):
    """The action space of one configuration (module docstring: blocks and formulas)."""

    def __init__(self, game: LetsGoGame) -> None:
        self.game = game
        plays = [spec.play for spec in game.board.rounds]
        self.place_hand = 2 * max(plays)  # hand == 2 * play when cards are placed
        self.hand_max = self.place_hand + RESEARCH_DRAW  # a Research draw, before its discard
        spaces = game.region.spaces
        self.towns = len(spaces)
        self.seats = game.players + (1 if game.players == 1 else 0)
        place_size = self.place_hand * DAY_COUNT * MAX_PER_DAY * 2
        sizes = (
            (
                "place",
                place_size,
                "place hand card k (position in the hand sorted by card id) "
                "on day d (Monday 0) at slot s (0 top) face up (e=0) or to Explore the City (e=1): "
                "start + ((k * 6 + d) * 5 + s) * 2 + e",
            ),
            ("research", 1, "spend a Research token: draw 3 cards, then discard 3"),
            (
                "discard",
                comb(self.hand_max, DISCARD_SIZE),
                "after a Research token, discard the "
                "hand cards at sorted-hand positions a < b < c: start + C(a,1) + C(b,2) + C(c,3)",
            ),
            ("travel", self.towns, "a Travel action to town t (regional map order): start + t"),
            ("skip-travel", 1, "give up the Travel action"),
            (
                "dotted",
                self.towns,
                "pay a dotted path (a Research or Wild token, or a step back: then `icon`) to "
                "town t: start + t",
            ),
            (
                "favour",
                len(_FAVOURS),
                "Favourable Condition bonus: +0 flip the token, +1+r move "
                "it to reward row r (0-2), +4 skip",
            ),
            ("icon", ICON_COUNT, "choose experience icon i (ICONS order): start + i"),
            ("row", 3, "a goal's reward: the leftmost uncovered bonus of reward row r: start + r"),
            (
                "wild",
                ICON_COUNT,
                "spend a Wild token on icon i (on the trip, or while planning beside a dotted "
                "path paid with a step back): start + i",
            ),
            (
                "choose-card",
                2,
                "choose the i-th of the two cards (the card the travel agent "
                "takes first; Provence's goal card): start + i",
            ),
            (
                "choose-opponent",
                max(1, self.seats - 1),
                "score the Saturday Highlight of the seat "
                "j + 1 places after you (the travel agent in solo): start + j",
            ),
            ("done", 1, "end your part of the round (pass the rest) or leave a Wild token window"),
        )
        blocks: list[ActionBlock] = []
        start = 0
        for name, size, description in sizes:
            blocks.append(ActionBlock(name, start, size, description))
            start += size
        self.blocks = tuple(blocks)
        self.start = {block.name: block.start for block in blocks}
        self.space_ids = tuple(space.id for space in spaces)
        self.space_index = dict(game.space_index)
        keys = sorted(a.key for a in game.activities)
        self.key_rank = {key: rank for rank, key in enumerate(keys)}
        self.id_rank = [self.key_rank[a.key] for a in game.activities]
        self.keys = [a.key for a in game.activities]
        self.subsets = _colex_subsets(self.hand_max, DISCARD_SIZE)
        self.subset_index = {subset: i for i, subset in enumerate(self.subsets)}
        self.cards = (ChooseCard(0), ChooseCard(1))
        self.simple: dict[str, tuple[Action, ...]] = {  # blocks meaning the same in any state
            "research": (game.research,),
            "travel": tuple(Travel(s) for s in self.space_ids),
            "skip-travel": (game.skip_travel,),
            "dotted": tuple(DottedPath(s) for s in self.space_ids),
            "favour": _FAVOURS,
            "icon": tuple(ChooseIcon(icon) for icon in ICONS),
            "row": tuple(ChooseRow(r) for r in range(3)),
            "wild": tuple(SpendWild(icon) for icon in ICONS),
            "done": (game.done,),
        }
        self.fixed: dict[type, int] = {
            UseResearch: self.start["research"],
            SkipTravel: self.start["skip-travel"],
            Done: self.start["done"],
        }

    def index_names(self) -> list[str]:
        """Every index in the game's words (encoding_names.py)."""
        from tabletrip.games.lets_go_france.encoding_names import action_names

        return action_names(self)

    def _sorted_hand(self, state: LetsGoState) -> list[int]:
        """The mover's hand as card ids, sorted by card id string (observation order)."""
        return sorted(state.hands[state.seat], key=self.id_rank.__getitem__)

    def _position(self, key: str, state: LetsGoState) -> int:
        """Where card `key` stands in the mover's sorted hand."""
        rank = self.key_rank[key]
        ranks = self.id_rank
        return sum(1 for card in state.hands[state.seat] if ranks[card] < rank)

    def encode(self, action: Action, state: State) -> int:
        """The index of a legal action of the mover (see the module docstring)."""
        assert isinstance(state, LetsGoState)
        kind = type(action)
        fixed = self.fixed.get(kind)
        if fixed is not None:
            return fixed
        start = self.start
        if isinstance(action, Place):
            k = self._position(action.card, state)
            if k >= self.place_hand:
                raise ValueError(f"hand position {k} beyond the place block's {self.place_hand}")
            cell = (k * DAY_COUNT + DAY_INDEX[action.day]) * MAX_PER_DAY + action.slot
            return start["place"] + cell * 2 + int(action.explore)
        if isinstance(action, Travel):
            return start["travel"] + self.space_index[action.space]
        if isinstance(action, Favour):
            return start["favour"] + _FAVOUR_INDEX[action]
        if isinstance(action, ChooseIcon):
            return start["icon"] + ICON_INDEX[action.icon]
        if isinstance(action, DottedPath):
            return start["dotted"] + self.space_index[action.space]
        if isinstance(action, DiscardThree):
            positions = tuple(sorted(self._position(key, state) for key in action.cards))
            return start["discard"] + self.subset_index[positions]
        if isinstance(action, SpendWild):
            return start["wild"] + ICON_INDEX[action.icon]
        if isinstance(action, ChooseRow):
            return start["row"] + action.row
        if isinstance(action, ChooseCard):
            if state.pending and state.pending[0].kind is Owed.GOAL_OPPONENT:
                seats = len(state.days)
                return start["choose-opponent"] + (action.choice - state.seat - 1) % seats
            return start["choose-card"] + action.choice
        raise ValueError(f"no index for {action!r}")

    def decode(self, index: int, state: State) -> Action:
        """The action `index` stands for now; IllegalAction if it names nothing."""
        assert isinstance(state, LetsGoState)
        block = self.block_of(index)
        offset = index - block.start
        name = block.name
        if name == "place":
            cell, explore = divmod(offset, 2)
            cell, slot = divmod(cell, MAX_PER_DAY)
            k, day = divmod(cell, DAY_COUNT)
            hand = self._sorted_hand(state)
            if k >= len(hand):
                raise IllegalAction(f"no card at position {k} of a hand of {len(hand)}")
            return Place(self.keys[hand[k]], DAYS[day], slot, bool(explore))
        if name == "discard":
            hand = self._sorted_hand(state)
            positions = self.subsets[offset]
            if positions[-1] >= len(hand):
                raise IllegalAction(f"no card at position {positions[-1]} of a hand of {len(hand)}")
            return DiscardThree(tuple(self.keys[hand[p]] for p in positions))
        if name == "choose-card" or name == "choose-opponent":
            opponent = bool(state.pending) and state.pending[0].kind is Owed.GOAL_OPPONENT
            if opponent != (name == "choose-opponent"):
                raise IllegalAction(f"no {name.replace('-', ' ')} decision now")
            if not opponent:
                return self.cards[offset]
            seats = len(state.days)
            if offset >= seats - 1:
                raise IllegalAction(f"there are {seats - 1} opponents")
            return ChooseCard((state.seat + 1 + offset) % seats)
        return self.simple[name][offset]

    def legal_indices(self, state: State) -> list[int]:
        """The mask, built without making every placement (legal.py's planning rules)."""
        assert isinstance(state, LetsGoState)
        if state.phase != PLAN or state.pending:
            if state.pending and state.pending[0].kind is Owed.DISCARD3:
                count = comb(len(state.hands[state.seat]), DISCARD_SIZE)
                return list(range(self.start["discard"], self.start["discard"] + count))
            return super().legal_indices(state)
        seat = state.seat
        indices: list[int] = []
        if state.to_play:
            start = self.start["place"]
            lengths = [len(column) for column in state.days[seat]]
            for k in range(len(state.hands[seat])):
                for day, length in enumerate(lengths):
                    if length < MAX_PER_DAY:
                        first = start + (k * DAY_COUNT + day) * MAX_PER_DAY * 2
                        indices.extend(range(first, first + 2 * (length + 1)))
        indices.extend(self.encode(action, state) for action in anytime_actions(state))
        if not state.to_play:
            indices.append(self.start["done"])
        return sorted(set(indices))
