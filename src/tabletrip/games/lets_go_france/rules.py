"""Let's Go! To France rules: 14 rounds of drafting an itinerary, then the trip to Paris.

Every rule of the rulebook, its examples and "Card and Goal Tile Clarifications" included;
where it is silent the choice is in RULES_NOTES.md. Planning rounds are simultaneous in the
box: here seats play one after another and nobody sees another seat's new cards, tokens or
travels until every seat has played the round. The trip is resolved seat by seat; its
choices (an icon of your choice, a tie for the lowest, Wild tokens, goal tiles) are actions.

Phases: PLAN (a seat plays its cards; pending decisions queue after each card: Travel
actions, a Favourable Condition bonus, icon choices, the Research discard), TRIP, OVER.
"""

from __future__ import annotations

from importlib.resources.abc import Traversable
from itertools import combinations
from typing import Any

from tabletrip.core import Action, Deck, Game, GameInfo, JsonDict, OptionSpec, Result, Rng, State
from tabletrip.core.content import Content
from tabletrip.core.game import Concealed
from tabletrip.core.rng import mix_seed
from tabletrip.games.lets_go_france import final, hidden, legal, moves, views
from tabletrip.games.lets_go_france.actions import (
    CODEC,
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
    CONTENT_FILES,
    DAYS,
    ICONS,
    REGIONS,
    Activity,
    activities_of,
    cards_of,
    player_board_of,
    regions_of,
    shipped_file,
)
from tabletrip.games.lets_go_france.notation import parse_move
from tabletrip.games.lets_go_france.phases import OVER, PLAN, Pending
from tabletrip.games.lets_go_france.scoring import PlacedCard, Trip, day_highlight

GAME_ID = "lets-go-france"
DOUBLE_FLAG_SIDES = ("random", "a", "b")
RESEARCH_DRAW = 3
HIDDEN_MOVE = "a hidden move"  # another seat's move of the round, before it is revealed
_HIDDEN = Concealed("hidden", HIDDEN_MOVE)
# planning decisions that read alike round after round: hidden until the trip
_HIDDEN_WHILE_PLANNING = frozenset(
    {Travel, SkipTravel, DottedPath, Favour, ChooseIcon, ChooseRow, SpendWild}
)


class LetsGoGame(Game):
    """Let's Go! To France for 1 (solo against the travel agent) to 4 players."""

    info = GameInfo(
        id=GAME_ID,
        title="Let's Go! To France",
        min_players=1,
        max_players=4,
        options=(
            OptionSpec("region", "loire-valley", "the regional map", choices=REGIONS),
            OptionSpec(
                "double_flag_side",
                "random",
                "the side of the region's double-flag Goal tile (Setup 6): a, b or random",
                choices=DOUBLE_FLAG_SIDES,
            ),
            OptionSpec(
                "advanced_traveler",
                False,
                "solo: the travel agent also scores its lowest icon times its highest",
            ),
        ),
        summary="Draft a week in Paris day by day, travel a French region, then take the trip.",
        content=(
            "The cards, player board and regional maps were written for tabletrip, not the "
            "printed ones."
        ),
    )
    codec = CODEC

    def __init__(
        self, players: int, options: dict[str, Any], content: Content | None = None
    ) -> None:
        super().__init__(players, options, content)
        self.activities: tuple[Activity, ...] = cards_of(self.content)
        explore = activities_of(self.content).explore_the_city
        # an Explore the City card's points, and its points more as the Highlight of the Day
        self.explore: tuple[int, int] = (explore["points"], explore["highlight_points"])
        self.card_index = {a.key: a.id for a in self.activities}
        # per card id, the Place actions of its every day and slot, made when first listed
        self.placements: dict[str, tuple[tuple[Place, ...], ...]] = {}
        self.board = player_board_of(self.content)
        regions = regions_of(self.content)
        self.regions = regions
        self.region = next(r for r in regions.regions if r.id == options["region"])
        self.space_index = {s.id: i for i, s in enumerate(self.region.spaces)}
        count = len(self.region.spaces)
        self.solid: list[list[int]] = [[] for _ in range(count)]
        self.dotted: list[list[tuple[int, str]]] = [[] for _ in range(count)]
        for path in self.region.paths:
            a, b = self.space_index[path.a], self.space_index[path.b]
            if path.dotted:
                assert path.cost is not None
                self.dotted[a].append((b, path.cost))
                self.dotted[b].append((a, path.cost))
            else:
                self.solid[a].append(b)
                self.solid[b].append(a)
        self.starts = [i for i, s in enumerate(self.region.spaces) if s.start]
        self.single_tiles = regions.single_flag_tiles
        tile = next(t for t in regions.double_flag_tiles if t.region == self.region.id)
        self.double_faces = tile.faces  # the region's tile, both sides (Setup 6)
        self.goals = {f.id: f for t in self.single_tiles for f in t.faces}
        self.goals.update((f.id, f) for f in tile.faces)
        self.done = Done()
        self.research = UseResearch()
        self.skip_travel = SkipTravel()

    @classmethod
    def content_files(cls, options: dict[str, Any]) -> dict[str, Traversable]:
        """The Activity deck, the player board and the regional maps (every option uses all
        three: the region is one entry of the maps file)."""
        return cls.every_content_file()

    @classmethod
    def every_content_file(cls) -> dict[str, Traversable]:
        """The three data files."""
        return {name: shipped_file(name) for name in CONTENT_FILES}

    def new_game(self, seed: int = 0) -> LetsGoState:
        """Shuffle the deck, place each seat's Favourable Condition tokens, pick a goal tile."""
        rng = Rng(mix_seed(GAME_ID, self.players, self.options["region"], seed))
        state = LetsGoState(self, seed)
        state.rng = rng
        deck: Deck[int] = Deck(range(len(self.activities)))
        deck.shuffle(rng)
        state.deck = deck
        tile = self.single_tiles[rng.below(len(self.single_tiles))]
        state.single_goal = tile.faces[rng.below(2)].id
        side = self.options.get("double_flag_side", "random")
        if side == "random":  # its own stream: the deal does not depend on this option
            side = "ab"[Rng(mix_seed(GAME_ID, "double flag", self.region.id, seed)).below(2)]
        state.double_goal = self.double_faces["ab".index(side)].id
        seats = self.players + (1 if self.players == 1 else 0)  # solo: the travel agent
        state.favour_at = []
        for _ in range(seats):
            icons = list(range(len(ICONS)))
            rng.shuffle(icons)
            state.favour_at.append(icons)  # day -> icon of its token, -1 once moved
        state.init_seats(seats)
        if self.players == 1:
            agent = self.players
            for day, icon in enumerate(state.favour_at[agent]):
                state.trips[agent].steps[icon] = day + 1  # Solo Rules: 1 to 6 by day
        state.round = 0
        state.phase = PLAN
        state.begin_round()
        return state

    def parse_action(self, text: str, state: State) -> Action:
        """A legal action's notation, or its cards, days, towns and icons by name
        (notation.py)."""
        assert isinstance(state, LetsGoState)
        return parse_move(text, state)

    def static_info(self) -> JsonDict:
        """The card catalogue, the player board, the regional map and the goal tiles."""
        return views.static_info(self)

    def _state_from_json(self, data: JsonDict, seed: int) -> LetsGoState:
        return views.state_from_json(self, data, seed)


class LetsGoState(State):
    """A game in progress: per seat an itinerary, tokens, a Traveler and a trip in progress."""

    game: LetsGoGame
    rng: Rng
    deck: Deck[int]
    round: int
    phase: int
    seat: int
    to_play: int
    hands: list[list[int]]
    stacks: list[list[int]]
    days: list[list[list[tuple[int, bool]]]]  # seat -> day -> (card, explore) top first
    favour_at: list[list[int]]
    flipped: list[list[bool]]  # seat -> icon -> token turned to its "2" side
    rows: list[list[int]]  # seat -> reward row -> tokens placed
    moved: list[list[int]]  # seat -> icons of the tokens moved to reward rows
    trips: list[Trip]  # seat -> experience, energy, Wild and Research tokens, day scores
    points: list[int]  # point tokens and goal points
    traveler: list[int]
    explored: list[list[int]]
    single_done: list[bool]
    double_done: list[bool]
    pending: list[Pending]  # what the current seat owes, first first
    shown: list[JsonDict]  # what the others see of each seat until the round is revealed
    fresh: list[int]  # the cards placed this round, not revealed yet (every seat's)
    single_goal: str
    double_goal: str  # the face of the region's double-flag tile in play
    trip_day: int  # the day the trip has reached for the current seat (6: the goals)
    trip_step: int
    goal_cards: list[int]  # Provence's goal: the two cards drawn
    agent_order: list[int]  # solo: cards passed to the agent, in placement order

    def init_seats(self, seats: int) -> None:
        """Empty boards for `seats` seats (the players, and the solo travel agent)."""
        board = self.game.board
        self.hands = [[] for _ in range(seats)]
        self.stacks = [[] for _ in range(seats)]
        self.days = [[[] for _ in DAYS] for _ in range(seats)]
        self.flipped = [[False] * len(ICONS) for _ in range(seats)]
        self.rows = [[0] * len(board.reward_rows) for _ in range(seats)]
        self.moved = [[] for _ in range(seats)]
        self.trips = [
            Trip(board.experience_points, board.energy_points, board.time_chart)
            for _ in range(seats)
        ]
        self.points = [0] * seats
        self.traveler = [-1] * seats
        self.explored = [[] for _ in range(seats)]
        self.single_done = [False] * seats
        self.double_done = [False] * seats
        self.pending = []
        self.shown = []
        self.fresh = []
        self.trip_day = 0
        self.trip_step = 0
        self.goal_cards = []
        self.agent_order = []
        self.seat = 0
        self.to_play = 0

    # --- the contract --------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat deciding now."""
        return self.seat

    @property
    def is_over(self) -> bool:
        """Whether every trip has been taken."""
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current seat."""
        return legal.legal_actions(self)

    def random_action(self, rng: Rng) -> Action:
        """`rng.choice(self.legal_actions())`; while planning, the placements are counted, not
        listed (legal.random_planning_action)."""
        if self.phase == PLAN and not self.pending and self.to_play:
            return legal.random_planning_action(self, rng)
        return rng.choice(self.legal_actions())

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` is not legal now, in one line; None if it is."""
        if self.phase == OVER:
            return "the game is over"
        if isinstance(action, Place) and self.phase == PLAN and not self.pending:
            return legal.place_problem(self, action)  # checked directly: no list of every placement
        if isinstance(action, DiscardThree):  # the three cards may be named in any order
            action = DiscardThree(tuple(sorted(action.cards)))
        if action in self.legal_actions():
            return None

        return legal.why_not(self, action)

    def _apply(self, action: Action) -> None:
        moves.apply_action(self, action)

    @property
    def result(self) -> Result | None:
        """Scores from the trip: days, energy, experience, tokens, goals."""
        if self.phase != OVER:
            return None
        return final.final_result(self)

    def public_observation(self) -> JsonDict:
        """The table as a spectator sees it."""
        return views.public_observation(self)

    def observation(self, seat: int) -> JsonDict:
        """The table plus the seat's own hand and up-to-date board."""
        return views.observation(self, seat)

    def _state_json(self) -> JsonDict:
        return views.state_json(self)

    def clone(self) -> LetsGoState:
        """A copy sharing nothing mutable."""
        copy = LetsGoState.__new__(LetsGoState)
        self._copy_base(copy)
        copy.rng = Rng(self.rng.state)
        copy.deck = self.deck.clone()
        copy.round = self.round
        copy.phase = self.phase
        copy.seat = self.seat
        copy.to_play = self.to_play
        copy.hands = [h.copy() for h in self.hands]
        copy.stacks = [s.copy() for s in self.stacks]
        copy.days = [[col.copy() for col in seat] for seat in self.days]
        copy.favour_at = [f.copy() for f in self.favour_at]
        copy.flipped = [f.copy() for f in self.flipped]
        copy.rows = [r.copy() for r in self.rows]
        copy.moved = [m.copy() for m in self.moved]
        copy.trips = [t.clone() for t in self.trips]
        copy.points = self.points.copy()
        copy.traveler = self.traveler.copy()
        copy.explored = [e.copy() for e in self.explored]
        copy.single_done = self.single_done.copy()
        copy.double_done = self.double_done.copy()
        copy.pending = self.pending.copy()
        copy.shown = self.shown.copy()
        copy.fresh = self.fresh.copy()
        copy.single_goal = self.single_goal
        copy.double_goal = self.double_goal
        copy.trip_day = self.trip_day
        copy.trip_step = self.trip_step
        copy.goal_cards = self.goal_cards.copy()
        copy.agent_order = self.agent_order.copy()
        return copy

    def public_move(self, action: Action) -> str:
        """A move as the other seats know it now. While planning, a seat's moves of the round
        read `HIDDEN_MOVE` until the round is revealed; from then on its face-up cards show
        where they went and an Explore the City card shows face down. Its map and bonus
        decisions read alike round after round, so they show only once the trip begins. A
        Research token, its face-up discards and `done` are seen as they happen."""
        if self.phase == PLAN:
            if isinstance(action, Place):
                if self.game.card_index.get(action.card, -1) in self.fresh:
                    return HIDDEN_MOVE
            elif type(action) in _HIDDEN_WHILE_PLANNING:
                return HIDDEN_MOVE
        return action.public()

    def seen_move(self, action: Action) -> Action:
        """`State.seen_move` as `public_move` says, without building notations: every hidden
        move alike (not even its kind shows), an Explore the City card face down."""
        kind = type(action)
        if kind is Place:
            assert isinstance(action, Place)
            if self.phase == PLAN and self.game.card_index.get(action.card, -1) in self.fresh:
                return _HIDDEN
            return Concealed(action.kind, action.public()) if action.explore else action
        if self.phase == PLAN and kind in _HIDDEN_WHILE_PLANNING:
            return _HIDDEN
        return action  # its public form is its notation

    def seen_epoch(self) -> object:
        """Earlier moves show more when a round is revealed and when the trip begins."""
        return self.round, self.phase == PLAN

    def determinize(self, seat: int, rng: Rng) -> LetsGoState:
        """Deal anew what `seat` cannot see: the deck, others' hands and stacks, face-down
        Explore cards and others' unrevealed plays of this round (see hidden.py)."""
        return hidden.determinize(self, seat, rng)

    # --- round flow (used by moves.py) ----------------------------------------------------

    def begin_round(self) -> None:
        """Every seat draws as the round tracker says; the first seat plays."""
        spec = self.game.board.rounds[self.round]
        for seat in range(self.game.players):
            hand: list[int] = []
            for icon in spec.draw:
                if icon == "stack":
                    hand.extend(self.stacks[seat])
                    self.stacks[seat] = []
                else:
                    hand.extend(self.draw_cards(2 if icon == "deck2" else 4))
            self.hands[seat] = hand
        self.reveal()
        self.seat = 0
        self.to_play = spec.play

    def reveal(self) -> None:
        """Every seat has played the round: the table sees every board as it is now."""
        self.shown = [self.public_board(s) for s in range(len(self.days))]
        self.fresh = []

    def receiver(self, seat: int) -> int | None:
        """The seat whose board `seat` passes its cards to now (None solo: the travel agent's
        week is face up). Its stack holds only cards `seat` passed: the round tracker turns
        the passing direction only in a round that draws the stack (checked on loading)."""
        players = self.game.players
        if players == 1:
            return None
        rounds = self.game.board.rounds
        direction = rounds[min(self.round, len(rounds) - 1)].direction
        return (seat + 1) % players if direction == "left" else (seat - 1) % players

    def draw_cards(self, count: int) -> list[int]:
        """Cards from the deck (the face-up discards shuffled in if it runs out)."""
        return self.deck.draw_many(count, self.rng)

    def public_board(self, seat: int) -> JsonDict:
        """What everyone may see of a seat's board (Explore cards face down)."""
        return views.public_board(self, seat)

    def placed(self, seat: int, day: int) -> list[PlacedCard]:
        """A day's column as cards for scoring (Explore the City: no Activity)."""
        acts = self.game.activities
        return [PlacedCard(None if explore else acts[c]) for c, explore in self.days[seat][day]]

    def day_highlight(self, seat: int, day: int) -> Any:
        """The Highlight of the Day of a seat's day, or None."""
        return day_highlight(self.placed(seat, day))

    def discard_choices(self) -> list[tuple[int, ...]]:
        """The sets of 3 cards the current seat may discard after a Research token."""
        return sorted(set(combinations(sorted(self.hands[self.seat]), RESEARCH_DRAW)))


__all__ = ["GAME_ID", "LetsGoGame", "LetsGoState"]
