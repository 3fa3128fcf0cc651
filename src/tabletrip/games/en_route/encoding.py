"""En Route action and observation encodings for learning agents (issue 11).

`make_encoding(game)` builds both for one configuration (player count and options);
`describe_encoding` prints them as tables. The numbers below are First City's (36 cards,
8 Personal Objectives, 3 Iconic Landmarks, 8 Cafés, 9 Goals); another city file changes only
the sizes taken from its content. Geometry as in geometry.py: location `row * 6 + col` (0-35),
crossroads `y * 7 + x` (0-48, y grows downwards), section 0-83 (the 42 horizontal ones
`y * 6 + x`, from (x, y) to (x + 1, y), then the 42 vertical ones `42 + y * 7 + x`, from (x, y)
to (x, y + 1)). A card is its index in the city file's deck (`EnRouteGame.card_index`:
city-01..12 are 0-11, global-01..18 are 12-29, repeat-1..6 are 30-35). Relative seats count
in turn order from a reference seat: the player to move for actions, the observer for the
vector.

## Action space: 734 indices in every First City configuration

| block (start, size) | index |
|---|---|
| objective (0, 8) | keep Personal Objective card o (`objective-{o+1}`): `0 + o` |
| play (8, 36) | place hand card c, face up or down as the phase says: `8 + c` |
| keep (44, 36) | keep card c (a neighbour's placed card; solo: from the Card Sequence): `44 + c` |
| choose (80, 6) | beginning rounds: the cards placed by relative seats r1 < r2: `80 + q` |
| rate (86, 9) | Advanced: Iconic Landmark i up / down / stays: `86 + i * 3 + (0, 1, 2)` |
| renew (95, 7) | renew the hand cards in `mask`: `95 + mask - 1` (see below) |
| coordinate (102, 4) | change Round card w (0, 1) of the turn by +1 / -1: `102 + w * 2 + (0, 1)` |
| mark (106, 144) | select location l and mark tourist choice t there: `106 + l * 4 + t` |
| chart_one (250, 84) | chart 1 section s anywhere: `250 + s` |
| chart_two (334, 294) | chart 2 sections meeting at crossroads c: `334 + c * 6 + p` (see below) |
| extra (628, 84) | Route section bonus on section s: `628 + s` |
| cafe (712, 16) | New tourists Café k: use now / keep for 2 PP: `712 + k * 2 + (0, 1)` |
| done (728, 1) | end the drawing turn, keeping the bonuses |
| route (729, 5) | final route: the k-th candidate `legal_actions` lists: `729 + k` |

`q` numbers the seat pairs (0,1) (0,2) (0,3) (1,2) (1,3) (2,3) as 0-5. Mark: t = 0 marks what
the Round cards say, 1 / 2 / 3 red / green / blue where the player picks the type (two Repeat
cards, a Repeat with a two-type card, or no matching location free: 1 tourist anywhere).
A drawing turn is already split by the engine into small decisions (Coordinate changes, mark,
chart, bonuses, done), each its own index. Index worked out by hand: marking location c3r2
(col 2, row 1: location 8) as the cards say is `106 + 8 * 4 + 0 = 138`.

### The huge decisions

- **Final route.** Any trail over the drawn sections is valid (`apply` accepts a typed one),
  far too many to enumerate. The index is k for the k-th route of the documented candidate
  list `EnRouteGame.final_choices`: the best `FINAL_CHOICES` = 5 routes by the seat's own PP
  for scoring steps 1-8 plus what the Goals add (the PP a route surely earns; solo, the Goals
  the Challenge cell needs first: RULES_NOTES), found exactly by `route_search.best_routes`,
  best first (fewer when fewer trails exist; the empty route alone when nothing is drawn).
  That list is what `legal_actions` returns, so it never holds more than 5. The vector of the
  seat choosing holds the candidates themselves (fields `route_*`: sections and PP for steps
  1-8), computed from its observation by the same search. A valid route outside the list has
  no index (`encode` refuses it).
- **Renew** (1-3 hand cards): bit j of `mask` is the j-th hand card in card (deck index) order,
  at most 2**3 - 1 = 7 masks. Example: the hand {global-06, city-09, global-13} in card order is
  (city-09, global-06, global-13); renewing city-09 and global-13 is mask 0b101 = 5: index 99.
- **Chart.** 1 section is its section index. 2 sections (straight or L-shaped) always meet at
  exactly one crossroads c; p numbers their two directions from c, N (to y - 1), E (x + 1),
  S (y + 1), W (x - 1): p = 0 N+E, 1 N+S, 2 N+W, 3 E+S, 4 E+W, 5 S+W. Example: `chart 2,1-3,1
  3,1-4,1` meets at (3, 1), crossroads 10, going W and E: p = 4, index 334 + 64 = 398. 214 of
  the 294 slots are pairs on the map (a slot leaving the map decodes to `IllegalAction`).

Other indices outside the mask decode to the action they name, which `illegal_reason`
refuses, or raise `IllegalAction` (a hand position beyond the hand, a missing candidate, a
beginning-round pair outside the beginning rounds).

## Observation vector

Built from `observation(seat)` only (plus the city's static content). Per-seat data starts
with the observer and follows turn order. Every value lies in [0, 1]: one-hots and 0/1 sets,
small counts divided by a stated scale and clipped. Lengths: 1 player (solo) 1530, 2 players
1432, 3 players 1724, 4 players 2016 (the solo Card Sequence fields exist in solo only).

The Drawing phase is simultaneous unless `clockwise` or solo (RULES_NOTES: seats draw one after
another in a fixed order, their maps secret); the vector does not say who draws now (the
observation's `current_player` does), so there `to_move` is all zeros and
`simultaneous_drawing` is 1; the observer's own progress is `turn_status`, where a turn not
yet started reads as "selecting" with its Round cards, exactly as that turn opens.

## Bounds

`max_length` counts decisions by the rules: a Personal Objective and a hand renewal per seat;
per round the card selection (regular: first card, two second cards, keep; beginning rounds:
place and choose per seat; solo: 2) and, in Advanced, one rating per Iconic symbol on the two
Round cards; per seat and round mark, chart and done; per seat one decision per Café (each is
gained once) and per Balance card; a final route per seat. 2/3/4 players standard full: 122 /
183 / 244 (random games took at most about 100 / 125 / 150); solo 61 (48); Advanced adds 20.
`score_range` is 0 to the sum of each scoring step's maximum: every tourist a game can mark
(10 rounds of 2 cards of at most 3, plus the Cafés') times the most special Landmarks of one
colour, every yellow and gray Landmark at its best, every Café unused, all Visit-Them-All
points, an objective segment as long as every section one can draw, each Goal's Winner PP
(none in solo): 349 PP at level full, 327 intermediate or solo, 270 simplified.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from tabletrip.core import JsonDict
from tabletrip.core.encoding import (
    Encoding,
    Field,
    VectorWriter,
    WrittenObservations,
    scaled,
)
from tabletrip.games.en_route import route_goals
from tabletrip.games.en_route.encoding_actions import EnRouteActions
from tabletrip.games.en_route.encoding_names import position_names
from tabletrip.games.en_route.endgame import map_landmarks
from tabletrip.games.en_route.geometry import (
    CROSSROADS,
    LOCATIONS,
    MAP_SIZE,
    SECTIONS,
    section_between,
)
from tabletrip.games.en_route.phases import MAX_UPGRADES, PHASE_NAMES
from tabletrip.games.en_route.route_goals import MapFacts
from tabletrip.games.en_route.route_search import best_routes
from tabletrip.games.en_route.rules import FINAL_CHOICES, EnRouteGame
from tabletrip.games.en_route.scoring import CAFE_BONUS_PP, FinalBoard, score_route
from tabletrip.games.en_route.sheet import TOURIST_TYPES

TOURIST_SCALE = 6  # of one type in one location: First City's cards give at most 4, Cafés 2
SEQUENCE_STATES = ("taken", "face down", "face up")
TURN_STATUS = ("selecting", "charting", "bonuses", "drawn")


class EnRouteObservations(WrittenObservations):
    """One seat's observation as a fixed-length vector (the fields' descriptions say how)."""

    def __init__(self, game: EnRouteGame, score_top: float) -> None:
        city = game.city
        self.game = game
        self.city = city
        self.players = players = game.players
        self.solo = game.solo
        self.beginning_rounds = 0 if game.team or game.solo else {3: 1, 4: 2}.get(players, 0)
        self.score_top = score_top
        self.cards = len(city.deck)
        self.card_index = dict(game.card_index)
        self.card_numbers = tuple(card.number for card in city.deck)
        self.goal_index = {g.id: i for i, g in enumerate(city.goals)}
        self.objective_index = {o: i for i, o in enumerate(city.objective_ids)}
        self.iconic_ids = city.iconic_ids
        self.rating_marks = [
            {pp: marks for marks, pp in enumerate(track)} for track in city.iconic_tracks
        ]
        self.phase_index = {name: i for i, name in enumerate(PHASE_NAMES)}
        self.cafes = len(city.cafes)
        self.balance_top = max(1, len(city.balance_cards))
        self.hand_top = max(city.hand_size, city.solo_hand_size)
        self.slots = len(city.solo_rows)
        self._routes: dict[tuple[Any, ...], list[tuple[tuple[int, ...], int]]] = {}
        cards, p = self.cards, players
        fields = [
            Field("phase", len(PHASE_NAMES), 0, 1, "one-hot phase: " + ", ".join(PHASE_NAMES)),
            Field(
                "to_move",
                p,
                0,
                1,
                "one-hot relative seat to decide (0 = observer, then turn order); all zeros in a "
                "simultaneous Drawing phase (the vector leaves out who draws there)",
            ),
            Field("simultaneous_drawing", 1, 0, 1, "1 in a secret (simultaneous) Drawing phase"),
            Field(
                "still_to_draw",
                p,
                0,
                1,
                "open Drawing phase (clockwise, solo): relative seats still to draw this round",
            ),
            Field("active", p, 0, 1, "one-hot relative seat of the active player"),
            Field("round", 1, 0, 1, "(round - 1) / rounds: 0 in round 1, 1 at the final route"),
            Field(
                "ratings",
                len(city.iconic_ids) * (MAX_UPGRADES + 1),
                0,
                1,
                "per Iconic Landmark (city order): one-hot of its marked upgrade boxes 0-4",
            ),
            Field("goals", len(city.goals), 0, 1, "the Goal cards in play (city file order)"),
            Field("hand", cards, 0, 1, "the observer's hand, by card (deck index)"),
            Field("hand_sizes", p, 0, 1, f"cards in hand per relative seat / {self.hand_top}"),
            Field("objective", len(city.objectives), 0, 1, "one-hot kept Personal Objective"),
            Field(
                "objective_offer", len(city.objectives), 0, 1, "the 2 objectives offered at setup"
            ),
            Field("objective_crossroads", CROSSROADS, 0, 1, "the kept objective's 3 crossroads"),
            Field(
                "placed_cards",
                p * cards,
                0,
                1,
                "per relative seat (36 each): the cards it placed this round that the observer "
                "sees (face up, its own, or revealed)",
            ),
            Field("placed_hidden", p, 0, 1, "per relative seat: its face-down placed cards / 2"),
            Field("round_cards", cards, 0, 1, "the Round cards of a regular or solo round"),
            Field(
                "beginning_pair",
                cards,
                0,
                1,
                "beginning rounds: the observer's chosen pair for this round's drawing",
            ),
            Field(
                "beginning_next_pair",
                cards,
                0,
                1,
                "4-player round 1: the observer's other pair, its Round cards in round 2",
            ),
            Field(
                "turn_status",
                len(TURN_STATUS),
                0,
                1,
                "Drawing phase, the observer's own turn: one-hot selecting a location (or not "
                "started yet), charting, bonuses, drawn this round",
            ),
            Field(
                "turn_cards",
                2 * cards,
                0,
                1,
                "the observer's turn: one-hot Round card 0, then Round card 1 (the `which` of "
                "coordinate actions), until drawn",
            ),
            Field(
                "turn_values",
                2 * MAP_SIZE,
                0,
                1,
                "the turn's two coordinate numbers 1-6 after Coordinate changes, one-hot each",
            ),
            Field("turn_location", LOCATIONS, 0, 1, "the location marked this turn"),
            Field("turn_fallback", 1, 0, 1, "no matching location: 1 tourist, 1 section"),
            Field("pending_cafes", self.cafes, 0, 1, "New tourists Cafés to decide now"),
            Field(
                "map_tourists",
                p * LOCATIONS * 3,
                0,
                1,
                "per relative seat's map (own as it is, others as last shown), per location "
                f"(red, green, blue) tourists / {TOURIST_SCALE}",
            ),
            Field("map_occupied", p * LOCATIONS, 0, 1, "per relative seat: marked locations"),
            Field("map_sections", p * SECTIONS, 0, 1, "per relative seat: drawn sections"),
            Field("map_cafes_gained", p * self.cafes, 0, 1, "per relative seat: Cafés circled"),
            Field("map_cafes_used", p * self.cafes, 0, 1, "per relative seat: Café bonuses used"),
            Field(
                "map_balance",
                p * 2,
                0,
                1,
                "per relative seat: unused Balance cards (route section, coordinate change) / "
                f"{self.balance_top}",
            ),
            Field("map_renewed", p, 0, 1, "per relative seat: the hand was renewed"),
            Field(
                "map_board",
                p * len(city.board_numbers),
                0,
                1,
                "per relative seat: one-hot Player board (its coordinate alignment)",
            ),
            Field("deck_size", 1, 0, 1, f"cards in the City deck / {self.cards}"),
            Field("discards", cards, 0, 1, "the face-up discard pile"),
            Field("final_chosen", 1, 0, 1, "the observer has chosen its final route"),
            Field(
                "route_exists",
                FINAL_CHOICES,
                0,
                1,
                "the observer choosing its final route: candidate k exists (the `route` "
                "action block's k-th index)",
            ),
            Field(
                "route_sections",
                FINAL_CHOICES * SECTIONS,
                0,
                1,
                "candidate k's sections (84 per candidate)",
            ),
            Field(
                "route_points",
                FINAL_CHOICES,
                0,
                1,
                f"candidate k's PP for scoring steps 1-8 / {score_top:g}",
            ),
        ]
        if self.solo:
            fields += [
                Field(
                    "sequence_state",
                    self.slots * len(SEQUENCE_STATES),
                    0,
                    1,
                    "solo Card Sequence, per position: one-hot taken, face down, face up",
                ),
                Field(
                    "sequence_cards",
                    self.slots * cards,
                    0,
                    1,
                    "per Card Sequence position: one-hot face-up card",
                ),
            ]
        self.fields = tuple(fields)

    def position_names(self) -> list[str]:
        """Every position named in the game's words (encoding_names.py): `hand city-03 (...)`."""
        return position_names(self.fields, self.city, self.players, TURN_STATUS, SEQUENCE_STATES)

    def write(self, observation: JsonDict, w: VectorWriter) -> None:
        """Write the fields in order."""
        obs = observation
        players, cards = self.players, self.cards
        seat = obs["seat"]
        order = [(seat + r) % players for r in range(players)]
        rel = {s: r for r, s in enumerate(order)}
        card_index = self.card_index
        phase = obs["phase"]
        drawing = phase == "draw"
        hidden_drawing = drawing and not obs["drawing"]
        w.one_hot(self.phase_index[phase], len(PHASE_NAMES))
        to_move = None if hidden_drawing or phase == "over" else rel[obs["current_player"]]
        w.one_hot(to_move, players)
        w.value(1.0 if hidden_drawing else 0.0)
        w.indicator([rel[s] for s in obs["drawing"]], players)
        w.one_hot(rel[obs["active"]], players)
        w.value(scaled(obs["round"] - 1, obs["rounds"]))
        for i, iconic in enumerate(self.iconic_ids):
            marks = self.rating_marks[i][obs["ratings"][iconic]]
            w.one_hot(marks, MAX_UPGRADES + 1)
        w.indicator([self.goal_index[g] for g in obs["goals"]], len(self.goal_index))
        w.indicator([card_index[c] for c in obs["hand"]], cards)
        w.values(scaled(obs["hand_sizes"][s], self.hand_top) for s in order)
        objectives = len(self.objective_index)
        objective = obs["objective"]
        w.one_hot(None if objective is None else self.objective_index[objective["id"]], objectives)
        w.indicator([self.objective_index[o] for o in obs["objective_offer"]], objectives)
        w.indicator([] if objective is None else objective["crossroads"], CROSSROADS)
        self._placed(obs, order, w)
        w.indicator([card_index[c] for c in obs["round_cards"]], cards)
        self._beginning(obs, w)
        self._turn(obs, w)
        self._maps(obs, order, w)
        w.value(scaled(obs["deck_size"], cards))
        w.indicator([card_index[c] for c in obs["discards"]], cards)
        w.value(0.0 if obs["final_route"] is None else 1.0)
        self._candidates(obs, w)
        if self.solo:
            self._sequence(obs, w)

    def _placed(self, obs: JsonDict, order: list[int], w: VectorWriter) -> None:
        cards = self.cards
        seen: dict[int, list[int]] = {s: [] for s in order}
        hidden: dict[int, int] = dict.fromkeys(order, 0)
        for entry in obs["placed"]:
            if entry["card"] is None:
                hidden[entry["seat"]] += 1
            else:
                seen[entry["seat"]].append(self.card_index[entry["card"]])
        for s in order:
            w.indicator(seen[s], cards)
        w.values(scaled(hidden[s], 2) for s in order)

    def _is_beginning(self, obs: JsonDict) -> bool:
        return obs["round"] <= self.beginning_rounds and obs["phase"] in ("begin_choose", "draw")

    def _beginning(self, obs: JsonDict, w: VectorWriter) -> None:
        cards = self.cards
        choice = [self.card_index[c] for c in obs["round_choice"]]
        now: list[int] = []
        later: list[int] = []
        if self._is_beginning(obs) and choice:
            if obs["round"] == 1:
                now, later = choice[:2], choice[2:]
            else:
                now = choice[2:]
        w.indicator(now, cards)
        w.indicator(later, cards)

    def _turn(self, obs: JsonDict, w: VectorWriter) -> None:
        """Own drawing turn: from `turn` while it runs; else whether it is still to come."""
        cards = self.cards
        status: int | None = None
        turn_cards: list[int] = []
        values: list[int] = []
        location = None
        fallback = False
        pending: list[int] = []
        turn = obs.get("turn")
        if turn is not None:
            status = TURN_STATUS.index(
                {"place": "selecting", "chart": "charting", "extras": "bonuses"}[turn["stage"]]
            )
            turn_cards = [self.card_index[c] for c in turn["cards"]]
            values = list(turn["values"])
            location = turn["location"] if turn["location"] >= 0 else None
            fallback = bool(turn["fallback"])
            pending = list(turn["pending_cafes"])
        elif obs["phase"] == "draw":
            marked = len(obs["sheets"][obs["seat"]]["occupied"])
            if marked >= obs["round"]:
                status = TURN_STATUS.index("drawn")
            else:  # not started: the turn will open as below (the same as a fresh `turn`)
                status = 0
                if obs["round_cards"]:
                    names = obs["round_cards"]
                else:
                    choice = obs["round_choice"]
                    names = choice[:2] if obs["round"] == 1 else choice[2:]
                turn_cards = [self.card_index[c] for c in names]
                values = [self.card_numbers[c] for c in turn_cards]
        w.one_hot(status, len(TURN_STATUS))
        for k in range(2):
            w.one_hot(turn_cards[k] if turn_cards else None, cards)
        for k in range(2):
            w.one_hot(values[k] - 1 if values else None, MAP_SIZE)
        w.one_hot(location, LOCATIONS)
        w.value(1.0 if fallback else 0.0)
        w.indicator(pending, self.cafes)

    def _maps(self, obs: JsonDict, order: list[int], w: VectorWriter) -> None:
        sheets = [obs["sheets"][s] for s in order]
        for sheet in sheets:
            counts = [0.0] * (LOCATIONS * 3)
            for loc, tourists in sheet["tourists"].items():
                base = int(loc) * 3
                for i in range(3):
                    counts[base + i] = scaled(tourists[i], TOURIST_SCALE)
            w.values(counts)
        for sheet in sheets:
            w.indicator(sheet["occupied"], LOCATIONS)
        for sheet in sheets:
            w.indicator(sheet["sections"], SECTIONS)
        for sheet in sheets:
            w.indicator(sheet["cafes_gained"], self.cafes)
        for sheet in sheets:
            w.indicator(sheet["cafes_used"], self.cafes)
        for sheet in sheets:
            balance = sheet["balance"]
            w.value(scaled(balance.count("route_section"), self.balance_top))
            w.value(scaled(balance.count("coordinate_change"), self.balance_top))
        for sheet in sheets:
            w.value(1.0 if sheet["renewed"] else 0.0)
        boards = len(self.city.board_numbers)
        for sheet in sheets:
            w.one_hot(sheet["board"], boards)

    def _candidates(self, obs: JsonDict, w: VectorWriter) -> None:
        routes: list[tuple[tuple[int, ...], int]] = []
        if obs["phase"] == "final_route" and obs["current_player"] == obs["seat"]:
            routes = self.final_candidates(obs)
        w.values(1.0 if k < len(routes) else 0.0 for k in range(FINAL_CHOICES))
        for k in range(FINAL_CHOICES):
            w.indicator(routes[k][0] if k < len(routes) else (), SECTIONS)
        w.values(
            scaled(routes[k][1], self.score_top) if k < len(routes) else 0.0
            for k in range(FINAL_CHOICES)
        )

    def final_candidates(self, obs: JsonDict) -> list[tuple[tuple[int, ...], int]]:
        """The observer's final route candidates, as `legal_actions` lists them: (sections
        sorted, PP for steps 1-8) each, from its own map, the ratings, its objective and the
        Goals (with the other maps, for what they add: route_goals.py)."""
        seat = obs["seat"]
        sheet = obs["sheets"][seat]
        tourists = _flat_tourists(sheet)
        ratings = tuple(obs["ratings"][i] for i in self.iconic_ids)
        objective = obs["objective"]
        crossroads = tuple(objective["crossroads"]) if objective else ()
        unused = len(set(sheet["cafes_gained"]) - set(sheet["cafes_used"]))
        goals = [self.goal_index[g] for g in obs["goals"]]
        rivals = (
            tuple(goals),
            tuple(
                (
                    _mask(other["sections"]),
                    tuple(_flat_tourists(other)),
                    _mask(other["cafes_gained"]),
                )
                for s, other in enumerate(obs["sheets"])
                if s != seat
            ),
        )
        key = (tuple(sheet["sections"]), tuple(tourists), unused, ratings, crossroads, rivals)
        found = self._routes.get(key)
        if found is not None:
            return found
        board = self._final_board(tourists, ratings, unused, crossroads)
        listed = self._listed_by_engine(obs, tourists, ratings, rivals)
        if listed is not None:  # the same search's result: score each listed route only
            found = [
                (tuple(sorted(_trail_sections(trail))), score_route(board, trail).total)
                for trail in listed
            ]
        else:
            others = [
                MapFacts.from_observation(other)
                for s, other in enumerate(obs["sheets"])
                if s != seat
            ]
            needed = self.game.challenge[1] if self.solo else -1
            own = MapFacts.from_observation(sheet)
            worth = route_goals.for_seat(self.city, goals, own, others, needed)
            routes = best_routes(board, sheet["sections"], k=FINAL_CHOICES, goals=worth)
            found = [
                (tuple(sorted(route.sections)), route.score.total - route.score.goals)
                for route in routes
            ]
        if len(self._routes) > 256:
            self._routes.clear()
        self._routes[key] = found
        return found

    def _listed_by_engine(
        self,
        obs: JsonDict,
        tourists: list[int],
        ratings: tuple[int, ...],
        rivals: tuple[object, ...],
    ) -> list[tuple[int, ...]] | None:
        """The routes `EnRouteGame.final_choices` already found for this very map, if it
        still holds them (its cache key rebuilt from the observation), else None.

        Only saves running the search twice; on a miss the search runs here."""
        cache = getattr(self.game, "_final_cache", None)
        if not isinstance(cache, dict):
            return None
        sheet = obs["sheets"][obs["seat"]]
        objective = obs["objective"]
        key = (
            obs["seat"],
            _mask(sheet["sections"]),
            tuple(tourists),
            _mask(sheet["cafes_gained"]),
            _mask(sheet["cafes_used"]),
            tuple(self.rating_marks[i][pp] for i, pp in enumerate(ratings)),
            -1 if objective is None else self.objective_index[objective["id"]],
            rivals,
        )
        listed = cache.get(key)
        if not isinstance(listed, list):
            return None
        return [tuple(route.crossroads) for route in listed]

    def _final_board(
        self,
        tourists: list[int],
        ratings: tuple[int, ...],
        unused: int,
        crossroads: tuple[int, ...],
    ) -> FinalBoard:
        """The observer's map as scoring steps 1-8 read it (as `EnRouteState.final_board`)."""
        city = self.city
        return FinalBoard(
            tourists=tuple(
                (tourists[i * 3], tourists[i * 3 + 1], tourists[i * 3 + 2])
                for i in range(LOCATIONS)
            ),
            landmarks=map_landmarks(city, ratings),
            unused_cafe_bonuses=unused,
            visit_them_all=city.vta_crossroads,
            visit_them_all_points=city.vta_scores,
            objective=crossroads,
        )

    def _sequence(self, obs: JsonDict, w: VectorWriter) -> None:
        cards = self.cards
        sequence = obs["sequence"]
        for slot in range(self.slots):
            entry = sequence[slot] if slot < len(sequence) else None
            state = 0 if entry is None else (1 if entry == "face down" else 2)
            w.one_hot(state, len(SEQUENCE_STATES))
        for slot in range(self.slots):
            entry = sequence[slot] if slot < len(sequence) else None
            face_up = entry is not None and entry != "face down"
            w.one_hot(self.card_index[entry] if entry is not None and face_up else None, cards)


def _flat_tourists(sheet: JsonDict) -> list[int]:
    """A map's tourists as the state keeps them: location * 3 + type."""
    tourists = [0] * (LOCATIONS * 3)
    for loc, counts in sheet["tourists"].items():
        tourists[int(loc) * 3 : int(loc) * 3 + 3] = counts
    return tourists


def _mask(indices: list[int]) -> int:
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def _trail_sections(trail: tuple[int, ...]) -> list[int]:
    sections = [section_between(a, b) for a, b in pairwise(trail)]
    return [s for s in sections if s is not None]


def max_decisions(game: EnRouteGame) -> int:
    """An upper bound of the decisions (all seats) in one game of this configuration."""
    city = game.city
    players = game.players
    rounds = city.rounds
    # solo: a hand card and a Card Sequence card; else first, 2 second cards and keep, or
    # (beginning rounds) a placed card and a choice per seat
    selection = 2 if game.solo else max(4, 2 * players)
    symbols = max(len(card.iconic) for card in city.deck)
    rates = rounds * 2 * symbols if game.advanced else 0
    cafes = len(city.cafes) if game.use_cafes else 0
    balance = sum(len(b) for b in game.balance)
    objectives = players if game.use_objectives else 0
    renewals = players
    drawing = rounds * players * 3 + players * cafes + balance  # mark, chart, done; bonuses
    return objectives + renewals + rounds * selection + rates + drawing + players


def score_bounds(game: EnRouteGame) -> tuple[float, float]:
    """A true (low, high) bound of a seat's final PP, from the rules and the city."""
    city = game.city
    most_tourists = max(sum(card.tourists) for card in city.deck)
    cafe_tourists = sum(sum(c.tourists) for c in city.cafes) if game.use_cafes else 0
    tourists = city.rounds * 2 * most_tourists + cafe_tourists
    specials = max(sum(1 for color in city.landmark if color == t) for t in TOURIST_TYPES)
    yellow = sum(city.yellow_pp)
    gray = sum(max(track) for track in city.iconic_tracks)
    cafes = CAFE_BONUS_PP * len(city.cafes) if game.use_cafes else 0
    vta = max(city.vta_scores)
    route_cafes = sum(1 for c in city.cafes if c.bonus == "route_section") if game.use_cafes else 0
    sections = min(SECTIONS, city.rounds * 2 + route_cafes + len(city.balance_cards))
    objective = sections if game.use_objectives else 0
    goals = 0
    if game.use_goals and not game.solo:
        letters = {g.letter for g in city.goals}
        goals = sum(max(g.winner for g in city.goals if g.letter == x) for x in letters)
    high = tourists * specials + yellow + gray + cafes + vta + objective + goals
    return 0.0, float(high)


def make_encoding(game: EnRouteGame) -> Encoding:
    """The action and observation encodings of one En Route configuration."""
    low, high = score_bounds(game)
    return Encoding(
        EnRouteActions(game),
        EnRouteObservations(game, high),
        max_length=max_decisions(game),
        score_range=(low, high),
    )
