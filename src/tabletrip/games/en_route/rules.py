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

from importlib.resources.abc import Traversable
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
    Chart,
    ExtraSection,
    FinalRoute,
    KeepCard,
    PlayCard,
    Rate,
    Renew,
)
from tabletrip.games.en_route.content import (
    City,
    builtin_cities,
    city_file,
    city_of,
    shipped_city,
)
from tabletrip.games.en_route.geometry import (
    LOCATIONS,
    mask_indices,
)
from tabletrip.games.en_route.legal import (
    PHASE_ACTIONS,
    draw_actions,
    explain,
    final_problem,
    may_renew,
    renew_problem,
    section_problem,
)
from tabletrip.games.en_route.moves import MOVE_FUNCTIONS, reset_turn, start_round
from tabletrip.games.en_route.notation import parse_spelled
from tabletrip.games.en_route.phases import (
    DRAW,
    FINAL,
    OBJECTIVE,
    OVER,
    PHASE_NAMES,
    STAGE_NAMES,
)
from tabletrip.games.en_route.route_search import best_routes
from tabletrip.games.en_route.scoring import FinalBoard, Landmark
from tabletrip.games.en_route.sheet import TOURIST_TYPES, Sheet

GAME_ID = "en-route"
LEVELS = ("simplified", "intermediate", "full")
MODES = ("standard", "advanced", "team", "solo")
BALANCE_SIDES = {"route": "route_section", "coordinate": "coordinate_change"}
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
        # Each map's Landmarks as scoring reads them, by the Iconic ratings (endgame.py).
        self.landmark_boards: dict[tuple[int, ...], tuple[Landmark | None, ...]] = {}

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
        reset_turn(state)
        state.phase = OBJECTIVE
        state.seat = 0
        if self.use_objectives:
            state.queue = list(range(players))
        else:
            start_round(state)
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
            return draw_actions(self)
        return PHASE_ACTIONS[phase](self)

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` is not legal now, in one line; None if it is."""
        if isinstance(action, FinalRoute) and self.phase == FINAL:
            return final_problem(self, action)
        if isinstance(action, Renew) and may_renew(self):
            return renew_problem(self, action)
        if isinstance(action, Chart | ExtraSection) and self.phase == DRAW:
            return section_problem(self, action)
        if action in self.legal_actions():
            return None
        return explain(self, action)

    def _apply(self, action: Action) -> None:
        MOVE_FUNCTIONS[type(action)](self, action)

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

    def drawing_hidden(self) -> bool:
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

    def cafe_bonuses(self, bonus: str) -> list[int]:
        """Cafés of this kind the seat has circled and not crossed out, in index order."""
        if not self.game.use_cafes:
            return []
        sheet = self.sheets[self.seat]
        free = sheet.cafes_gained & ~sheet.cafes_used
        cafes = self.game.city.cafes
        return [k for k in range(len(cafes)) if free >> k & 1 and cafes[k].bonus == bonus]

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
