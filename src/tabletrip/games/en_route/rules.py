"""En Route rules: First City (or any city file) in every mode and level.

Levels: simplified (no Goals, Personal Objectives or Cafés), intermediate (no Goals), full.
Modes: standard, advanced (ratings up or down, purple-corner boxes marked at setup), team
(2 v 2, no beginning rounds, the teammate places two cards face up), solo (Card Sequence,
hand of 2, Challenge table). Option `clockwise` plays the Drawing phase in turn order in the
open ("Turn Order Issues"); otherwise it is simultaneous: seats draw one after another and
nobody sees another's map change until every seat has drawn. Option `balance` hands out
Balance cards at setup. RULES_NOTES.md lists every choice where the rulebook is silent.

Phases: OBJECTIVE (keep 1 of 2 Personal Objectives), BEGIN_PLACE / BEGIN_CHOOSE (beginning
rounds of 3-4 player games), FIRST / SECOND / KEEP (tourist selection), SOLO_PLAY /
SOLO_TAKE (solo selection), RATE (Advanced ratings), DRAW (each seat's drawing turn: PLACE,
CHART, EXTRAS stages), FINAL (each seat chooses its final route).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources.abc import Traversable
from itertools import combinations
from typing import Any

from tabletrip.core import (
    Action,
    Deck,
    Game,
    GameInfo,
    JsonDict,
    OptionError,
    OptionSpec,
    Result,
    Rng,
    State,
)
from tabletrip.core.content import Content
from tabletrip.core.game import OPEN_MOVE
from tabletrip.core.rng import mix_seed
from tabletrip.games.en_route import endgame, hidden, knowledge, views
from tabletrip.games.en_route.actions import (
    CODEC,
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
    location_text,
)
from tabletrip.games.en_route.content import (
    City,
    builtin_cities,
    city_file,
    city_of,
    shipped_city,
)
from tabletrip.games.en_route.geometry import (
    LEGAL_SEGMENTS,
    LOCATIONS,
    SECTION_ENDS,
    SECTIONS,
    mask_indices,
)
from tabletrip.games.en_route.notation import parse_spelled
from tabletrip.games.en_route.phases import (
    BEGIN_CHOOSE,
    BEGIN_PLACE,
    CHART,
    DRAW,
    EXTRAS,
    FINAL,
    FIRST,
    KEEP,
    OBJECTIVE,
    OVER,
    PHASE_NAMES,
    PLACE,
    RATE,
    SECOND,
    SOLO_PLAY,
    SOLO_TAKE,
    STAGE_NAMES,
)
from tabletrip.games.en_route.route_search import best_routes, is_valid_trail
from tabletrip.games.en_route.scoring import FinalBoard
from tabletrip.games.en_route.sheet import TOURIST_TYPES, Sheet

GAME_ID = "en-route"
LEVELS = ("simplified", "intermediate", "full")
MODES = ("standard", "advanced", "team", "solo")
BALANCE_SIDES = {"route": "route_section", "coordinate": "coordinate_change"}
MAX_UPGRADES = 4
FINAL_CHOICES = 5  # final routes offered as legal actions (any valid one is accepted)


def parse_balance(text: str, players: int) -> list[list[str]]:
    """The `balance` option, `seat:side,...` (side `route` or `coordinate`), per seat."""
    per_seat: list[list[str]] = [[] for _ in range(players)]
    entries = [e.strip() for e in text.split(",") if e.strip()]
    for entry in entries:
        seat_text, _, side = entry.partition(":")
        side = BALANCE_SIDES.get(side.strip(), side.strip())
        if (
            not seat_text.strip().isdigit()
            or int(seat_text) >= players
            or side not in BALANCE_SIDES.values()
        ):
            raise OptionError(
                f"bad balance card {entry!r}: write seat:side, side route or coordinate, "
                f"seats 0 to {players - 1} (for example 1:route,2:coordinate)"
            )
        per_seat[int(seat_text)].append(side)
    return per_seat


class EnRouteGame(Game):
    """En Route for 1-4 players in a chosen city, level and mode."""

    info = GameInfo(
        id=GAME_ID,
        title="En Route",
        min_players=1,
        max_players=4,
        options=(
            OptionSpec("city", "first-city", "the city to tour", choices=builtin_cities()),
            OptionSpec(
                "level",
                "full",
                "simplified: no Goals, Objectives or Cafés; intermediate: no Goals; full: all",
                choices=LEVELS,
            ),
            OptionSpec(
                "mode",
                "standard",
                "standard; advanced (ratings up or down); team (4 players, 2 v 2); solo (1)",
                choices=MODES,
            ),
            OptionSpec(
                "clockwise",
                False,
                "play the Drawing phase in turn order, in the open (Turn Order Issues)",
            ),
            OptionSpec(
                "balance",
                "",
                "Balance cards at setup: seat:side,... with side route or coordinate",
            ),
            OptionSpec(
                "challenge", 1, "solo: the Challenge table cell, counted row by row", minimum=1
            ),
        ),
        summary="Draw a tour route on your city map, attracting tourists to its Landmarks.",
        content="First City and its cards were written for tabletrip, not the printed ones.",
    )
    codec = CODEC

    def __init__(
        self, players: int, options: dict[str, Any], content: Content | None = None
    ) -> None:
        super().__init__(players, options, content)
        self.city: City = city_of(self.content, options["city"])
        city = self.city
        level = options["level"]
        self.use_goals = level == "full"
        self.use_objectives = level != "simplified"
        self.use_cafes = level != "simplified"
        self.mode = options["mode"]
        self.advanced = self.mode == "advanced"
        self.solo = self.mode == "solo"
        self.team = self.mode == "team"
        self.balance = parse_balance(options["balance"], players)
        if sum(len(b) for b in self.balance) > len(city.balance_cards):
            raise OptionError(f"there are only {len(city.balance_cards)} Balance cards")
        cells = [cell for row in city.challenge_table for cell in row]
        if not 1 <= options["challenge"] <= len(cells):
            raise OptionError(f"challenge must be a cell from 1 to {len(cells)}")
        self.challenge = cells[options["challenge"] - 1]
        if self.solo and self.challenge[1] and not self.use_goals:
            raise OptionError("this Challenge cell needs Goals: play it at level full")
        self.card_index = {card.id: i for i, card in enumerate(city.deck)}
        self.iconic_index = {name: i for i, name in enumerate(city.iconic_ids)}
        self.hand_size = city.solo_hand_size if self.solo else city.hand_size
        self._final_cache: dict[tuple[Any, ...], list[FinalRoute]] = {}

    @classmethod
    def content_files(cls, options: dict[str, Any]) -> dict[str, Traversable]:
        """The one file of the chosen city."""
        return {city_file(options["city"]): shipped_city(options["city"])}

    @classmethod
    def every_content_file(cls) -> dict[str, Traversable]:
        """Every built-in city's file."""
        return {city_file(city): shipped_city(city) for city in builtin_cities()}

    @classmethod
    def player_range(
        cls, options: dict[str, Any], content: Content | None = None
    ) -> tuple[int, int]:
        """Solo: 1 player; team: 4; standard and advanced: 2-4."""
        return {"solo": (1, 1), "team": (4, 4)}.get(options["mode"], (2, 4))

    # --- setup -------------------------------------------------------------------------------

    def new_game(self, seed: int = 0) -> EnRouteState:
        """Deal boards, hands, objectives and Goals; mark purple corners in Advanced mode."""
        city = self.city
        players = self.players
        rng = Rng(mix_seed(GAME_ID, city.city, players, self.mode, seed))
        state = EnRouteState(self, seed)
        state.rng = rng
        deck: Deck[int] = Deck(range(len(city.deck)))
        deck.shuffle(rng)
        state.deck = deck
        boards = list(range(len(city.board_numbers)))
        rng.shuffle(boards)
        if self.team:  # teammates sit across: seats 0 and 2 take boards 1 and 3
            odd = [b for b in boards if city.board_numbers[b] % 2]
            even = [b for b in boards if not city.board_numbers[b] % 2]
            boards = [odd[0], even[0], odd[1], even[1]]
        state.sheets = [Sheet(boards[s], list(self.balance[s])) for s in range(players)]
        state.shown = [sheet.copy() for sheet in state.sheets]
        state.solo_slots = []
        state.solo_up = 0
        if self.solo:
            state.solo_slots = deck.draw_many(len(city.solo_rows), rng)
            state.solo_up = sum(1 << i for i, over in enumerate(city.solo_covered_by) if not over)
        state.hands = [deck.draw_many(self.hand_size, rng) for _ in range(players)]
        state.bottom_known = 0
        state.whereabouts = knowledge.unknown(players)
        state.objectives = [-1] * players
        state.objective_offers = [[] for _ in range(players)]
        state.objective_discards = [-1] * players
        if self.use_objectives:
            pile = list(range(len(city.objectives)))
            rng.shuffle(pile)
            state.objective_offers = [[pile.pop(), pile.pop()] for _ in range(players)]
        state.goals = []
        if self.use_goals:
            for letter in "ABC":
                cards = [i for i, g in enumerate(city.goals) if g.letter == letter]
                state.goals.append(cards[rng.below(len(cards))])
        state.marks = (
            list(city.iconic_advanced_marks) if self.advanced else [0] * len(city.iconic_ids)
        )
        state.finals = [None] * players
        state.round = 1
        state.active = 0
        state.queue = []
        state.placed = []
        state.round_cards = []
        state.begin_choice = [[] for _ in range(players)]
        state.rate_queue = []
        state.draws = []
        state.hidden_turns = []
        state.reset_turn()
        state.phase = OBJECTIVE
        state.seat = 0
        if self.use_objectives:
            state.queue = list(range(players))
        else:
            state.start_round()
        return state

    def static_info(self) -> JsonDict:
        """The city: landmarks, Iconic tracks, Cafés, Visit-Them-All points, boards, cards."""
        city = self.city
        return {
            "city": city.city,
            "name": city.name,
            "header": city.header,
            "landmarks": [
                {
                    "location": loc,
                    "color": city.landmark[loc],
                    "name": city.landmark_name[loc],
                    "pp": city.yellow_pp[loc],
                }
                for loc in range(LOCATIONS)
                if city.landmark[loc]
            ],
            "iconic": [
                {"id": i, "name": n, "location": loc, "track": list(track)}
                for i, n, loc, track in zip(
                    city.iconic_ids,
                    city.iconic_names,
                    city.iconic_locations,
                    city.iconic_tracks,
                    strict=True,
                )
            ],
            "cafes": [
                {
                    "crossroads": c.crossroads,
                    "name": c.name,
                    "bonus": c.bonus,
                    "tourists": dict(zip(TOURIST_TYPES, c.tourists, strict=True)),
                }
                for c in city.cafes
            ],
            "visit_them_all": {
                "name": city.vta_name,
                "crossroads": list(city.vta_crossroads),
                "scores": list(city.vta_scores),
            },
            "boards": [
                {"number": n, "columns": list(c), "rows": list(r)}
                for n, c, r in zip(
                    city.board_numbers, city.board_columns, city.board_rows, strict=True
                )
            ],
            "cards": [
                {
                    "id": c.id,
                    "kind": c.kind,
                    "number": c.number,
                    "tourists": dict(zip(TOURIST_TYPES, c.tourists, strict=True)),
                    "iconic": [city.iconic_ids[i] for i in c.iconic],
                }
                for c in city.deck
            ],
            "goals": [
                {
                    "id": g.id,
                    "letter": g.letter,
                    "text": g.text,
                    "achiever": g.achiever,
                    "winner": g.winner,
                }
                for g in city.goals
            ],
            "objectives": [
                {"id": i, "crossroads": list(o)}
                for i, o in zip(city.objective_ids, city.objectives, strict=True)
            ],
            "level": self.options["level"],
            "mode": self.mode,
            "challenge_table": [[list(cell) for cell in row] for row in city.challenge_table],
        }

    def parse_action(self, text: str, state: State) -> Action:
        """Exact notation; a final route, a chart or an extra section in any of its
        spellings (notation.py: a route from either end, sections' crossroads in either
        order)."""
        if isinstance(state, EnRouteState):
            spelled = parse_spelled(text, state)
            if spelled is not None:
                return spelled
        return super().parse_action(text, state)

    def final_choices(self, state: EnRouteState, seat: int) -> list[FinalRoute]:
        """The best final routes of a seat, best first, by steps 1-8 and what the Goals add
        (route_goals.py; cached: the maps no longer change)."""
        sheet = state.sheets[seat]
        key = (
            seat,
            sheet.sections,
            tuple(sheet.tourists),
            sheet.cafes_gained,
            sheet.cafes_used,
            tuple(state.marks),
            state.objectives[seat],
            endgame.rivals_key(state, seat),
        )
        cached = self._final_cache.get(key)
        if cached is None:
            if len(self._final_cache) > 256:
                self._final_cache.clear()
            drawn = mask_indices(sheet.sections)
            goals = endgame.route_goals(state, seat)
            routes = best_routes(state.final_board(seat), drawn, k=FINAL_CHOICES, goals=goals)
            cached = [FinalRoute(route.trail) for route in routes] or [FinalRoute(())]
            self._final_cache[key] = cached
        return cached

    def _state_from_json(self, data: JsonDict, seed: int) -> EnRouteState:
        state = EnRouteState(self, seed)
        state.rng = Rng(data["rng"])
        state.deck = Deck(data["deck"], data["discards"])
        state.hands = [list(h) for h in data["hands"]]
        state.sheets = [Sheet.from_json(s) for s in data["sheets"]]
        state.shown = [Sheet.from_json(s) for s in data["shown"]]
        state.objectives = list(data["objectives"])
        state.objective_offers = [list(o) for o in data["objective_offers"]]
        # States saved before these fields: nothing known (every card may be anywhere).
        state.objective_discards = list(data.get("objective_discards", [-1] * self.players))
        state.bottom_known = data.get("bottom_known", 0)
        state.whereabouts = [
            {card: where for card, where in known}
            for known in data.get("whereabouts", [[] for _ in range(self.players)])
        ]
        state.goals = list(data["goals"])
        state.marks = list(data["marks"])
        state.finals = [None if f is None else tuple(f) for f in data["finals"]]
        state.round = data["round"]
        state.active = data["active"]
        state.phase = PHASE_NAMES.index(data["phase"])
        state.seat = data["seat"]
        state.queue = list(data["queue"])
        state.placed = [tuple(p) for p in data["placed"]]
        state.round_cards = list(data["round_cards"])
        state.begin_choice = [list(c) for c in data["begin_choice"]]
        state.rate_queue = list(data["rate_queue"])
        state.draws = [tuple(d) for d in data["draws"]]
        state.hidden_turns = [tuple(d) for d in data["hidden_turns"]]
        turn = data["turn"]
        state.stage = STAGE_NAMES.index(turn["stage"])
        state.location = turn["location"]
        state.changes = list(turn["changes"])
        state.fallback = turn["fallback"]
        state.pending_cafes = list(turn["pending_cafes"])
        state.solo_slots = list(data["solo_slots"])
        state.solo_up = data["solo_up"]
        return state


class EnRouteState(State):
    """An En Route game in progress."""

    game: EnRouteGame
    rng: Rng
    deck: Deck[int]  # the City deck (top is the end); `discards` is the face-up discard pile
    hands: list[list[int]]
    sheets: list[Sheet]  # each seat's map as it really is
    shown: list[Sheet]  # each seat's map as the others have seen it (replaced, not changed)
    objectives: list[int]  # kept Personal Objective card per seat, -1 for none
    objective_offers: list[list[int]]
    objective_discards: list[int]  # the Personal Objective each seat discarded, -1 for none
    bottom_known: int  # the deck's bottom cards whose order all know (knowledge.py)
    whereabouts: list[knowledge.Whereabouts]  # per seat: where cards may be (knowledge.py)
    goals: list[int]  # the three Goal cards in play (A, B, C), or none
    marks: list[int]  # marked upgrade boxes per Iconic Landmark
    finals: list[tuple[int, ...] | None]
    round: int
    active: int
    phase: int
    seat: int
    queue: list[int]  # seats still to decide in this phase, the current one first
    placed: list[tuple[int, int, bool]]  # (seat, card, face up) placed this round
    round_cards: list[int]  # the two Round cards of a regular or solo round
    begin_choice: list[list[int]]  # beginning rounds: each seat's chosen pair, then the rest
    rate_queue: list[int]  # Advanced: Iconic Landmarks still to rate this round
    draws: list[tuple[int, ...]]  # drawing turns to play: (seat, card, card)
    hidden_turns: list[tuple[int, ...]]  # turns drawn and not yet shown to the others
    stage: int
    location: int
    changes: list[int]  # Coordinate change applied to each Round card this turn
    fallback: bool  # no matching location was free: 1 tourist and 1 section anywhere
    pending_cafes: list[int]  # New tourists Cafés reached this turn, to use or keep
    solo_slots: list[int]  # solo Card Sequence: card per position, -1 once taken
    solo_up: int  # bit mask of face-up Card Sequence positions

    # --- the contract --------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to decide now."""
        return self.seat

    @property
    def is_over(self) -> bool:
        """Whether every final route is chosen."""
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to decide (final routes: the best 5, best first)."""
        phase = self.phase
        if phase == OVER:
            return []
        if phase == DRAW:
            return self._draw_actions()
        return _PHASE_ACTIONS[phase](self)

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` is not legal now, in one line; None if it is."""
        if isinstance(action, FinalRoute) and self.phase == FINAL:
            return self._final_problem(action)
        if isinstance(action, Renew) and self._may_renew():
            return self._renew_problem(action)
        if isinstance(action, Chart | ExtraSection) and self.phase == DRAW:
            return self._section_problem(action)
        if action in self.legal_actions():
            return None
        return self._explain(action)

    def _apply(self, action: Action) -> None:
        _MOVES[type(action)](self, action)

    # --- phases: what may be done ---------------------------------------------------------

    def _objective_actions(self) -> list[Action]:
        ids = self.game.city.objective_ids
        return [KeepObjective(ids[o]) for o in sorted(self.objective_offers[self.seat])]

    def _may_renew(self) -> bool:
        return (
            self.phase in (FIRST, SECOND, BEGIN_PLACE, SOLO_PLAY)
            and not self.sheets[self.seat].renewed
            and bool(self.hands[self.seat])
            and bool(self.deck.cards)
        )

    def _renewals(self) -> list[Action]:
        if not self._may_renew():
            return []
        ids = [self.game.city.deck[c].id for c in sorted(self.hands[self.seat])]
        most = min(len(ids), len(self.deck.cards))
        return [Renew(cards) for n in range(1, most + 1) for cards in combinations(ids, n)]

    def _hand_cards(self, hidden: bool) -> list[Action]:
        deck = self.game.city.deck
        kind = PlayHidden if hidden else PlayCard
        return [kind(deck[c].id) for c in sorted(self.hands[self.seat])] + self._renewals()

    def _first_actions(self) -> list[Action]:
        return self._hand_cards(hidden=False)

    def _second_actions(self) -> list[Action]:
        return self._hand_cards(hidden=not self.game.team)

    def _begin_place_actions(self) -> list[Action]:
        return self._hand_cards(hidden=True)

    def _solo_play_actions(self) -> list[Action]:
        return self._hand_cards(hidden=False)

    def _keep_actions(self) -> list[Action]:
        deck = self.game.city.deck
        return [KeepCard(deck[card].id) for seat, card, _ in self.placed if seat != self.active]

    def _solo_take_actions(self) -> list[Action]:
        deck = self.game.city.deck
        return [
            KeepCard(deck[card].id)
            for i, card in enumerate(self.solo_slots)
            if card >= 0 and self.solo_up >> i & 1
        ]

    def _begin_choose_actions(self) -> list[Action]:
        deck = self.game.city.deck
        cards = sorted(deck[card].id for _, card, _ in self.placed)
        return [ChooseRoundCards(pair) for pair in combinations(cards, 2)]

    def _rate_actions(self) -> list[Action]:
        iconic = self.rate_queue[0]
        name = self.game.city.iconic_ids[iconic]
        marks = self.marks[iconic]
        changes = [c for c in (1, -1) if 0 <= marks + c <= MAX_UPGRADES]
        if len(changes) == 1:  # at the top or bottom it may also stay as it is
            changes.append(0)
        return [Rate(name, change) for change in changes]

    def _final_actions(self) -> list[Action]:
        return list(self.game.final_choices(self, self.seat))

    # --- the drawing turn ----------------------------------------------------------------------

    def _draw_actions(self) -> list[Action]:
        if self.pending_cafes:
            cafe = self.pending_cafes[0]
            return [CafeTourists(cafe, True), CafeTourists(cafe, False)]
        if self.stage == PLACE:
            return self._mark_actions() + self._coordinate_actions()
        actions: list[Action] = []
        if self.stage == CHART:
            actions += self._chart_actions()
        else:
            actions.append(Done())
        if self._route_bonuses():
            undrawn = self.sheets[self.seat].sections
            actions += [ExtraSection(s) for s in range(SECTIONS) if not undrawn >> s & 1]
        return actions

    def round_values(self) -> tuple[int, int]:
        """The coordinate numbers of this turn's Round cards after Coordinate changes."""
        _, a, b = self.draws[0]
        deck = self.game.city.deck
        return (
            (deck[a].number - 1 + self.changes[0]) % 6 + 1,
            (deck[b].number - 1 + self.changes[1]) % 6 + 1,
        )

    def round_tourists(self) -> tuple[tuple[int, int, int], tuple[str, ...]]:
        """The tourists the Round cards give, and the types among which the player chooses
        two more (a Repeat card: 2 of the other card's type; two Repeat cards: any type)."""
        _, a, b = self.draws[0]
        deck = self.game.city.deck
        first, second = deck[a], deck[b]
        if first.is_repeat and second.is_repeat:
            return (0, 0, 0), TOURIST_TYPES
        if first.is_repeat or second.is_repeat:
            shown = second.tourists if first.is_repeat else first.tourists
            types = tuple(t for t, n in zip(TOURIST_TYPES, shown, strict=True) if n)
            return shown, types  # RULES_NOTES: with two types shown, the player picks one
        both = tuple(x + y for x, y in zip(first.tourists, second.tourists, strict=True))
        return both, ()  # type: ignore[return-value]

    def matching_locations(self) -> list[int]:
        """Unoccupied locations matching the (changed) Round cards on the seat's board."""
        sheet = self.sheets[self.seat]
        a, b = self.round_values()
        return [
            loc
            for loc in self.game.city.matching(sheet.board, a, b)
            if not sheet.occupied >> loc & 1
        ]

    def _mark_actions(self) -> list[Action]:
        matches = self.matching_locations()
        if not matches:  # mark 1 tourist of any type in any unoccupied location
            occupied = self.sheets[self.seat].occupied
            free = [loc for loc in range(LOCATIONS) if not occupied >> loc & 1]
            return [Mark(loc, t) for loc in free for t in TOURIST_TYPES]
        _, choices = self.round_tourists()
        if len(choices) == 1:
            return [Mark(loc, "") for loc in matches]  # the repeated type is determined
        if not choices:
            return [Mark(loc, "") for loc in matches]
        return [Mark(loc, t) for loc in matches for t in choices]

    def _coordinate_actions(self) -> list[Action]:
        if not self._coordinate_bonuses():
            return []
        return [ChangeCoordinate(which, delta) for which in (0, 1) for delta in (1, -1)]

    def _chart_actions(self) -> list[Action]:
        drawn = self.sheets[self.seat].sections
        singles: list[Action] = [Chart((s,)) for s in range(SECTIONS) if not drawn >> s & 1]
        if self.fallback:
            return singles
        pairs: list[Action] = [
            Chart(pair)
            for pair in LEGAL_SEGMENTS[self.location]
            if not drawn >> pair[0] & 1 and not drawn >> pair[1] & 1
        ]
        return pairs + singles

    def _cafe_bonuses(self, bonus: str) -> list[int]:
        """Cafés of this kind the seat has circled and not crossed out, in index order."""
        if not self.game.use_cafes:
            return []
        sheet = self.sheets[self.seat]
        free = sheet.cafes_gained & ~sheet.cafes_used
        cafes = self.game.city.cafes
        return [k for k in range(len(cafes)) if free >> k & 1 and cafes[k].bonus == bonus]

    def _route_bonuses(self) -> int:
        sheet = self.sheets[self.seat]
        return sheet.balance.count("route_section") + len(self._cafe_bonuses("route_section"))

    def _coordinate_bonuses(self) -> int:
        sheet = self.sheets[self.seat]
        return sheet.balance.count("coordinate_change") + len(
            self._cafe_bonuses("coordinate_change")
        )

    # --- moves -------------------------------------------------------------------------------

    def _keep_objective(self, action: KeepObjective) -> None:
        """Setup: keep one Personal Objective, discard the other."""
        kept = self.game.city.objective_ids.index(action.card)
        self.objectives[self.seat] = kept
        self.objective_discards[self.seat] = next(
            (o for o in self.objective_offers[self.seat] if o != kept), -1
        )
        self.objective_offers[self.seat] = []
        self._next_in_queue(self.start_round)

    def _renew(self, action: Renew) -> None:
        """Once a game: cards under the deck, as many drawn, the deck shuffled."""
        index = self.game.card_index
        hand = self.hands[self.seat]
        cards = [index[c] for c in action.cards]
        for card in cards:
            hand.remove(card)
        hand.extend(knowledge.renew(self, self.seat, cards))
        self.sheets[self.seat].renewed = True
        shown = self.shown[self.seat].copy()  # shown maps are shared by clones: replaced
        shown.renewed = True
        self.shown[self.seat] = shown

    def _play(self, action: PlayCard | PlayHidden) -> None:
        """Place a card from the hand, as the phase says."""
        card = self.game.card_index[action.card]
        self.hands[self.seat].remove(card)
        phase = self.phase
        self.placed.append((self.seat, card, isinstance(action, PlayCard)))
        if phase == FIRST:
            self._ask_neighbours()
        elif phase == SOLO_PLAY:
            self.round_cards = [card]
            self.phase = SOLO_TAKE
        elif phase == BEGIN_PLACE:
            self._next_in_queue(self._reveal_beginning)
        else:
            self._next_in_queue(self._to_keep)

    def _ask_neighbours(self) -> None:
        """Second card: the neighbours (2 players: the opponent twice; team: the teammate)."""
        players = self.game.players
        active = self.active
        if self.game.team:
            self.queue = [(active + 2) % 4] * 2
        elif players == 2:
            self.queue = [(active + 1) % 2] * 2
        else:
            self.queue = [(active + 1) % players, (active - 1) % players]
        self.phase = SECOND
        self.seat = self.queue[0]

    def _to_keep(self) -> None:
        self.phase = KEEP
        self.seat = self.active

    def _keep_card(self, action: KeepCard) -> None:
        """Keep one placed card (or solo: a face-up Card Sequence card) as a Round card."""
        card = self.game.card_index[action.card]
        if self.phase == SOLO_TAKE:
            slot = self.solo_slots.index(card)
            self.solo_slots[slot] = -1
            self.round_cards.append(card)
        else:
            first = next(c for s, c, _ in self.placed if s == self.active)
            removed = [c for s, c, _ in self.placed if s != self.active and c != card]
            knowledge.removed(self, removed[0])  # the other neighbour card, face down
            # The kept card is now a Round card, face up for all; the other leaves the table.
            self.placed = [(s, c, True) for s, c, _ in self.placed if c != removed[0]]
            self.round_cards = [first, card]
        self._rate_round_cards()

    def _rate_round_cards(self) -> None:
        """Iconic symbols on the Round cards: upgrade (Standard) or the active player rates."""
        city = self.game.city
        symbols = [i for card in self.round_cards for i in city.deck[card].iconic]
        if self.game.advanced:
            self.rate_queue = symbols
            if symbols:
                self.phase = RATE
                self.seat = self.active
                return
        else:
            self._upgrade(symbols)
        self._start_drawing([(s, *self.round_cards) for s in self._drawing_order()])

    def _upgrade(self, symbols: list[int]) -> None:
        for iconic in symbols:
            self.marks[iconic] = min(MAX_UPGRADES, self.marks[iconic] + 1)

    def _rate(self, action: Rate) -> None:
        """Advanced: one Iconic symbol's rating goes up, down (or stays at an end)."""
        iconic = self.rate_queue.pop(0)
        self.marks[iconic] += action.change
        if not self.rate_queue:
            self._start_drawing([(s, *self.round_cards) for s in self._drawing_order()])

    def _drawing_order(self) -> list[int]:
        players = self.game.players
        return [(self.active + i) % players for i in range(players)]

    def _reveal_beginning(self) -> None:
        """Beginning round: the placed cards are revealed; their symbols upgrade ratings."""
        city = self.game.city
        self._upgrade([i for _, card, _ in self.placed for i in city.deck[card].iconic])
        self.placed = [(s, c, True) for s, c, _ in self.placed]
        self.phase = BEGIN_CHOOSE
        self.queue = list(range(self.game.players))
        self.seat = 0

    def _choose(self, action: ChooseRoundCards) -> None:
        """Beginning round: this seat's two Round cards (4 players: the other two next round)."""
        index = self.game.card_index
        pair = sorted(index[c] for c in action.cards)
        rest = sorted(c for _, c, _ in self.placed if c not in pair)
        self.begin_choice[self.seat] = pair + (rest if self.game.players == 4 else [])
        self._next_in_queue(
            lambda: self._start_drawing(
                [(s, *self.begin_choice[s][:2]) for s in range(self.game.players)]
            )
        )

    def _next_in_queue(self, then: Any) -> None:
        self.queue.pop(0)
        if self.queue:
            self.seat = self.queue[0]
        else:
            then()

    def _start_drawing(self, turns: list[tuple[int, ...]]) -> None:
        self.phase = DRAW
        self.draws = turns
        self.reset_turn()
        self.seat = turns[0][0]

    def reset_turn(self) -> None:
        """A drawing turn starts: select a location first."""
        self.stage = PLACE
        self.location = -1
        self.changes = [0, 0]
        self.fallback = False
        self.pending_cafes = []

    def _change_coordinate(self, action: ChangeCoordinate) -> None:
        """Use a Coordinate change bonus (a Balance card first: an unused Café scores 2 PP)."""
        self._spend("coordinate_change")
        self.changes[action.which] += action.delta

    def _spend(self, bonus: str) -> None:
        sheet = self.sheets[self.seat]
        if bonus in sheet.balance:
            sheet.balance.remove(bonus)
        else:
            sheet.cafes_used |= 1 << self._cafe_bonuses(bonus)[0]

    def _mark(self, action: Mark) -> None:
        """Mark the round's tourists (or 1 of a chosen type) in the selected location."""
        sheet = self.sheets[self.seat]
        self.fallback = not self.matching_locations()
        counts, choices = self.round_tourists()
        if self.fallback:
            counts = _single(action.tourist, 1)
        elif choices:
            repeated = _single(action.tourist or choices[0], 2)
            counts = (
                counts[0] + repeated[0],
                counts[1] + repeated[1],
                counts[2] + repeated[2],
            )
        sheet.add_tourists(action.location, counts)
        sheet.occupied |= 1 << action.location
        self.location = action.location
        self.stage = CHART

    def _chart(self, action: Chart) -> None:
        """Chart the round's route segment."""
        for section in action.sections:
            self._draw_section(section)
        self.stage = EXTRAS
        self._maybe_end_turn()

    def _extra(self, action: ExtraSection) -> None:
        """A Route section bonus: 1 section anywhere (Balance card first)."""
        self._spend("route_section")
        self._draw_section(action.section)
        self._maybe_end_turn()

    def _draw_section(self, section: int) -> None:
        sheet = self.sheets[self.seat]
        sheet.sections |= 1 << section
        if not self.game.use_cafes:
            return
        city = self.game.city
        for crossroads in SECTION_ENDS[section]:
            cafe = city.cafe_at[crossroads]
            if cafe >= 0 and not sheet.cafes_gained >> cafe & 1:
                sheet.cafes_gained |= 1 << cafe
                if city.cafes[cafe].bonus == "new_tourists":
                    self.pending_cafes.append(cafe)

    def _cafe(self, action: CafeTourists) -> None:
        """A New tourists Café: its tourists join this turn's location now, or it stays unused."""
        cafe = self.pending_cafes.pop(0)
        if action.use:
            sheet = self.sheets[self.seat]
            sheet.add_tourists(self.location, self.game.city.cafes[cafe].tourists)
            sheet.cafes_used |= 1 << cafe
        self._maybe_end_turn()

    def _done(self, action: Done) -> None:
        """End the drawing turn, keeping the bonuses."""
        self._end_turn()

    def _maybe_end_turn(self) -> None:
        if self.stage == EXTRAS and not self.pending_cafes and not self._route_bonuses():
            self._end_turn()

    def _end_turn(self) -> None:
        turn = self.draws.pop(0)
        seat = turn[0]
        if self._drawing_hidden():
            self.hidden_turns.append(turn)
        else:
            self.shown[seat] = self.sheets[seat].copy()
        self.reset_turn()
        if self.draws:
            self.seat = self.draws[0][0]
        else:
            self._end_round()

    def _drawing_hidden(self) -> bool:
        """Simultaneous drawing (and every beginning round) hides maps until the phase ends."""
        return self.is_beginning_round() or not (
            self.game.options["clockwise"] or self.game.players == 1
        )

    def is_beginning_round(self) -> bool:
        """Whether this round is one of the 3-4 player beginning rounds."""
        game = self.game
        if game.team or game.solo:
            return False
        return (game.players == 3 and self.round == 1) or (game.players == 4 and self.round <= 2)

    def _end_round(self) -> None:
        """Upkeep: reveal the maps, discard, refill hands, next active player, next round."""
        game = self.game
        last_beginning = self.is_beginning_round() and not (game.players == 4 and self.round == 1)
        if not self.is_beginning_round() or last_beginning:
            self.shown = [sheet.copy() for sheet in self.sheets]
            self.hidden_turns = []
        if not (self.is_beginning_round() and not last_beginning):
            self.deck.discard(card for _, card, _ in self.placed)
            if game.solo:
                self.deck.discard(self.round_cards[1:])
            self.placed = []
            for seat in self._refill_order():
                hand = self.hands[seat]
                hand.extend(knowledge.draw(self, seat, game.hand_size - len(hand)))
            if game.solo:
                self._flip_sequence()
        if not self.is_beginning_round():
            self.active = (self.active + 1) % game.players
        self.round += 1
        self.round_cards = []
        if self.round > game.city.rounds:
            self.phase = FINAL
            self.queue = list(range(game.players))
            self.seat = 0
        else:
            self.start_round()

    def _refill_order(self) -> list[int]:
        players = self.game.players
        return [(self.active + i) % players for i in range(players)]

    def _flip_sequence(self) -> None:
        covered = self.game.city.solo_covered_by
        for i, over in enumerate(covered):
            if self.solo_slots[i] >= 0 and all(self.solo_slots[j] < 0 for j in over):
                self.solo_up |= 1 << i

    def start_round(self) -> None:
        """The Tourist selection phase of the round about to be played."""
        game = self.game
        if game.solo:
            self.phase = SOLO_PLAY
            self.seat = 0
        elif self.is_beginning_round() and self.round == 2:
            self._start_drawing([(s, *self.begin_choice[s][2:]) for s in range(game.players)])
        elif self.is_beginning_round():
            self.phase = BEGIN_PLACE
            self.queue = list(range(game.players))
            self.seat = 0
        else:
            self.phase = FIRST
            self.seat = self.active

    def _final(self, action: FinalRoute) -> None:
        """Choose the final route; when every seat has, the game is scored."""
        self.finals[self.seat] = tuple(action.crossroads)

        def finish() -> None:
            self.phase = OVER

        self._next_in_queue(finish)

    # --- problems: why an action is refused --------------------------------------------------

    def _final_problem(self, action: FinalRoute) -> str | None:
        drawn = mask_indices(self.sheets[self.seat].sections)
        if not action.crossroads:
            return None if not drawn else "choose a final route along your drawn sections"
        if len(action.crossroads) == 1:
            return "a final route needs at least one section: give two crossroads or more"
        if not all(0 <= c < 49 for c in action.crossroads):
            return "crossroads are x,y with x and y from 0 to 6"
        if not is_valid_trail(drawn, action.crossroads):
            return (
                "a final route follows drawn sections from crossroads to neighbouring "
                "crossroads, each section at most once"
            )
        return None

    def _section_problem(self, action: Chart | ExtraSection) -> str | None:
        """Chart and Route section bonuses, checked directly (their lists are long)."""
        sheet = self.sheets[self.seat]
        sections = action.sections if isinstance(action, Chart) else (action.section,)
        if self.pending_cafes:
            return "first decide on the New tourists Café you just reached"
        if isinstance(action, Chart) and self.stage != CHART:
            return "chart once a turn, after marking tourists"
        if isinstance(action, ExtraSection) and (self.stage == PLACE or not self._route_bonuses()):
            return "no Route section bonus to use now"
        if not 1 <= len(sections) <= 2 or len(set(sections)) != len(sections):
            return "chart 1 section, or 2 different ones"
        if not all(0 <= s < SECTIONS for s in sections):
            return f"sections are numbered 0 to {SECTIONS - 1}"
        if any(sheet.sections >> s & 1 for s in sections):
            return "that section is already drawn: a route cannot repeat itself"
        if len(sections) == 2 and (
            self.fallback or tuple(sections) not in LEGAL_SEGMENTS[self.location]
        ):
            return (
                "2 sections must be straight or L-shaped, one along your location's edge "
                "(written in increasing order); or chart 1 section anywhere"
            )
        return None

    def _renew_problem(self, action: Renew) -> str | None:
        index = self.game.card_index
        hand = [self.game.city.deck[c].id for c in self.hands[self.seat]]
        if not action.cards or len(action.cards) > len(hand):
            return f"renew 1 to {len(hand)} cards of your hand"
        if any(c not in index for c in action.cards) or not set(action.cards) <= set(hand):
            return f"renew only cards in your hand ({', '.join(hand)})"
        if len(set(action.cards)) != len(action.cards):
            return "name each card once"
        if len(action.cards) > len(self.deck.cards):
            return "the City deck has too few cards"
        if list(action.cards) != sorted(action.cards):
            return "name the cards in order"
        return None

    def _explain(self, action: Action) -> str:
        """A one-line reason for an action that is not among the legal ones."""
        phase = PHASE_NAMES[self.phase].replace("_", " ")
        if isinstance(action, Renew):
            return "you may renew your hand once a game, when you place a card"
        if isinstance(action, PlayCard | PlayHidden):
            hand = ", ".join(self.game.city.deck[c].id for c in self.hands[self.seat])
            return f"play a card from your hand ({hand}) when the phase asks for one"
        if isinstance(action, Mark) and self.phase == DRAW and self.stage == PLACE:
            a, b = self.round_values()
            places = ", ".join(location_text(loc) for loc in self.matching_locations())
            return f"mark in an unoccupied location matching {a} and {b} ({places or 'none'})"
        if isinstance(action, Chart | ExtraSection) and self.phase == DRAW:
            return (
                "chart 2 new sections next to your location (straight or L-shaped), "
                "or 1 new section anywhere"
            )
        return f"{action} is not possible now (phase: {phase})"

    # --- the end -----------------------------------------------------------------------------

    def final_board(self, seat: int) -> FinalBoard:
        """Seat's map as the scoring steps 1-8 read it."""
        return endgame.final_board(self, seat)

    @property
    def result(self) -> Result | None:
        """PP per seat after every step; winners by the rulebook's tie-breaks (team, solo)."""
        return endgame.result(self) if self.phase == OVER else None

    # --- what each seat may know ------------------------------------------------------------

    def public_observation(self) -> JsonDict:
        """The table: round, phase, ratings, Goals, placed and Round cards, maps as shown."""
        return views.public_observation(self)

    def observation(self, seat: int) -> JsonDict:
        """The table, plus the seat's hand, objective, own map as it is, and its turn."""
        return views.observation(self, seat)

    def move_disclosure(self, action: Action, after: State) -> str | None:
        """A card placed face up, the card kept (both neighbour cards are face up by then) and
        an Advanced rating are open: every seat sees which move it was, and none draws,
        shuffles or reveals a hidden card. Nothing else is said to be open: face-down cards,
        choices, renewals and drawing turns are hidden; the last move of a round refills the
        hands."""
        kind = type(action)
        return OPEN_MOVE if kind is PlayCard or kind is KeepCard or kind is Rate else None

    # --- copies ------------------------------------------------------------------------------

    def _state_json(self) -> JsonDict:
        return {
            "rng": self.rng.state,
            "deck": list(self.deck.cards),
            "discards": list(self.deck.discards),
            "hands": [list(h) for h in self.hands],
            "sheets": [sheet.to_json() for sheet in self.sheets],
            "shown": [sheet.to_json() for sheet in self.shown],
            "objectives": list(self.objectives),
            "objective_offers": [list(o) for o in self.objective_offers],
            "objective_discards": list(self.objective_discards),
            "bottom_known": self.bottom_known,
            "whereabouts": [[[c, w] for c, w in sorted(t.items())] for t in self.whereabouts],
            "goals": list(self.goals),
            "marks": list(self.marks),
            "finals": [None if f is None else list(f) for f in self.finals],
            "round": self.round,
            "active": self.active,
            "phase": PHASE_NAMES[self.phase],
            "seat": self.seat,
            "queue": list(self.queue),
            "placed": [list(p) for p in self.placed],
            "round_cards": list(self.round_cards),
            "begin_choice": [list(c) for c in self.begin_choice],
            "rate_queue": list(self.rate_queue),
            "draws": [list(d) for d in self.draws],
            "hidden_turns": [list(d) for d in self.hidden_turns],
            "turn": {
                "stage": STAGE_NAMES[self.stage],
                "location": self.location,
                "changes": list(self.changes),
                "fallback": self.fallback,
                "pending_cafes": list(self.pending_cafes),
            },
            "solo_slots": list(self.solo_slots),
            "solo_up": self.solo_up,
        }

    def clone(self) -> EnRouteState:
        """A copy sharing nothing mutable."""
        copy = EnRouteState.__new__(EnRouteState)
        self._copy_base(copy)
        copy.rng = Rng(self.rng.state)
        copy.deck = self.deck.clone()
        copy.hands = [h.copy() for h in self.hands]
        copy.sheets = [sheet.copy() for sheet in self.sheets]
        copy.shown = self.shown.copy()  # replaced when they change, never changed in place
        copy.objectives = self.objectives.copy()
        copy.objective_offers = [o.copy() for o in self.objective_offers]
        copy.objective_discards = self.objective_discards.copy()
        copy.bottom_known = self.bottom_known
        copy.whereabouts = self.whereabouts.copy()  # replaced, never changed in place
        copy.goals = self.goals.copy()
        copy.marks = self.marks.copy()
        copy.finals = self.finals.copy()
        copy.round = self.round
        copy.active = self.active
        copy.phase = self.phase
        copy.seat = self.seat
        copy.queue = self.queue.copy()
        copy.placed = self.placed.copy()
        copy.round_cards = self.round_cards.copy()
        copy.begin_choice = [c.copy() for c in self.begin_choice]
        copy.rate_queue = self.rate_queue.copy()
        copy.draws = self.draws.copy()
        copy.hidden_turns = self.hidden_turns.copy()
        copy.stage = self.stage
        copy.location = self.location
        copy.changes = self.changes.copy()
        copy.fallback = self.fallback
        copy.pending_cafes = self.pending_cafes.copy()
        copy.solo_slots = self.solo_slots.copy()
        copy.solo_up = self.solo_up
        return copy

    def determinize(self, seat: int, rng: Rng) -> EnRouteState:
        """Deal anew what `seat` cannot see (see hidden.py)."""
        return hidden.determinize(self, seat, rng)


def _single(tourist: str, count: int) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    counts[TOURIST_TYPES.index(tourist)] = count
    return counts[0], counts[1], counts[2]


_PHASE_ACTIONS = {
    OBJECTIVE: EnRouteState._objective_actions,
    BEGIN_PLACE: EnRouteState._begin_place_actions,
    BEGIN_CHOOSE: EnRouteState._begin_choose_actions,
    FIRST: EnRouteState._first_actions,
    SECOND: EnRouteState._second_actions,
    KEEP: EnRouteState._keep_actions,
    SOLO_PLAY: EnRouteState._solo_play_actions,
    SOLO_TAKE: EnRouteState._solo_take_actions,
    RATE: EnRouteState._rate_actions,
    FINAL: EnRouteState._final_actions,
}
_MOVES: dict[type[Action], Callable[[EnRouteState, Any], None]] = {
    KeepObjective: EnRouteState._keep_objective,
    PlayCard: EnRouteState._play,
    PlayHidden: EnRouteState._play,
    Renew: EnRouteState._renew,
    KeepCard: EnRouteState._keep_card,
    ChooseRoundCards: EnRouteState._choose,
    Rate: EnRouteState._rate,
    ChangeCoordinate: EnRouteState._change_coordinate,
    Mark: EnRouteState._mark,
    Chart: EnRouteState._chart,
    ExtraSection: EnRouteState._extra,
    CafeTourists: EnRouteState._cafe,
    Done: EnRouteState._done,
    FinalRoute: EnRouteState._final,
}
