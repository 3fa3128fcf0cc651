"""Let's Go! To France: a fixed action space and observation vector for learning agents.

One configuration (1-4 players, a region, Advanced Traveler on or off) has one encoding.
Below `S` is the number of towns on the configured regional map (14-16), `P` the number of
players and `Q` the seats on the table: the players, plus the travel agent in solo (`Q = 2`).
`describe_encoding(encoding_for(game))` prints the tables with the numbers filled in.

Action space
------------
The indices form contiguous blocks, in this order (`start` is the block's first index):

| block | size | index |
|---|---|---|
| place | 240 | `start + ((k * 6 + day) * 5 + slot) * 2 + explore` |
| research | 1 | spend a Research token (draw 3, then discard 3) |
| discard | 35 | `start + C(a,1) + C(b,2) + C(c,3)`: the hand cards at positions a < b < c |
| travel | S | `start + town`: a Travel action to that town |
| skip-travel | 1 | give up the Travel action |
| dotted | S | `start + town`: pay a dotted path to that town (a step back: then `icon`) |
| favour | 5 | `start + 0` flip, `+ 1 + r` move to reward row r (0-2), `+ 4` skip |
| icon | 6 | `start + icon`: choose that experience icon |
| row | 3 | `start + r`: a goal's reward from reward row r |
| wild | 6 | `start + icon`: a Wild token moves that icon's token (trip; step-back path) |
| choose-card | 2 | `start + i`: the i-th of the two cards (travel agent's order, Provence's goal) |
| choose-opponent | Q - 1 | `start + j`: the seat j + 1 places after you (Brittany-Normandy goal) |
| done | 1 | end your part of the round / leave a Wild token window |

Cards are never indexed by their catalogue id: `k`, `a`, `b`, `c` are positions in the mover's
hand sorted by card id (the order of `observation["hand"]`, so `hand` slot k of the vector is
the card `k` names). Placing happens only with the round's cards in hand: 2 x (cards to play)
<= 4 cards (the round tracker keeps `hand == 2 * play`; a Research token's draw 3 is discarded
before anything else can be played), so `k` runs 0-3. `day` is Monday 0 to Saturday 5, `slot`
counts from the top of the day's column (0 tucks the card under the top, the column's length
puts it at the bottom as the new Highlight of the Day; a column holds 5 cards, so 0-4), and
`explore` is 1 for a card played face down to Explore the City.

Discarding three of the hand after a Research token is a subset of at most 4 + 3 = 7 cards: its
index is the colexicographic rank of the three positions (a < b < c), `C(a,1) + C(b,2) +
C(c,3)` with `C` the binomial coefficient, so a hand of n cards uses exactly the first C(n, 3)
indices of the block. Example: positions 0, 1, 2 -> 0; 0, 1, 3 -> 1; 4, 5, 6 -> 34.

Towns are numbered in the order of the regional map's `spaces` (`static_info()["region"]`),
icons in `ICONS` order (architecture, art, food, history, nature, shopping). The index of a
`choose-opponent` is relative to the mover, like the observation (in solo, j = 0 is the travel
agent). An index outside the mask decodes to `IllegalAction` (no such hand card, no such
decision now) or to an action the rules refuse.

Observation vector
------------------
Built from `observation(seat)` only. Per-seat data runs over the seats on the table in turn
order starting with the observer (the observer, the next seat, ...), then the travel agent in
solo. The observer's own board is its up-to-date `my_board`; the others are as the table sees
them (while planning, as the round began). Cards face down (Explore the City) show no card
features, the observer's own included: they play as Explore the City whatever card they are.

A card is described by features rather than by its id (two cards with equal features play
alike). Its top part, 11 values: top icon counts by icon / 3 (6), points / 5, time / 4, top
bonus research / travel / travel2 (3, one-hot, all 0 for none). Its Highlight of the Day, 33
values: points / 12, icon counts by icon / 3 (6), any icon / 3, lowest icon / 3, Wild / 3,
Research / 3, energy +1, energy -1, time / 2, formula kind one-hot (11, `FORMULA_KINDS`
order), formula points / 10, formula icons (6: the icons of a set, or the formula's icon),
formula count / 10. The scales are the content schema's maxima; every value is clipped to
[0, 1] (`scaled`). A hand (and goal or agent) card slot is `present, top(11), highlight(33)`
= 45 values; a board slot is `occupied, face down, top(11)` = 13 values (only a column's bottom
card is ever the Highlight of the Day: a card tucked above never becomes the bottom again),
and each day adds `Explore the City Highlight` and the bottom card's highlight(33): 99 values.

The fields, in order. The table: phase (plan, trip, over), round (1-14), the round's draw
icons, cards played, pass direction, the seat to move (relative, players only), the deck size,
the face-up discard pile (a set over the catalogue's 124 cards, `static_info` order), the
single-flag goal face in play, the double-flag tile's side in play, the trip's day
(Monday-Saturday, then the end-of-trip goals), the decision the traveller owes on the trip
(public). The observer's own: the decision it
owes (13 kinds), a Favourable Condition bonus's day, decisions queued, cards still to play,
its hand (7 card slots), the two goal cards or two cards passed to the travel agent it
chooses between. Per seat: the days (6 x 99), Favourable Condition tokens per day (icon
one-hot), flipped and moved tokens by icon, tokens on each reward row, the Traveler's town,
explored towns, experience steps, the energy space (one-hot -3..3), Wild and Research
tokens, point tokens, goals activated, each resolved day's points and whether it is resolved;
per player, its passed stack. Sizes: 2,100-2,108 values solo, 2,102-2,110 at 2 players,
2,807-2,819 at 3, 3,512-3,528 at 4 (by the region's towns); 329-335 actions.

Amounts use documented scales and are clipped to [0, 1]: experience steps / 20 (a token
flips at 10 and scores again up to 20), Wild and Research tokens / 5, point tokens / 30, a
day's points / 30, the deck / 124 cards, passed stacks / 4, decisions queued / 10.

Bounds
------
`max_length` and `score_range` are derived from the rules and content (`_bounds`): true
bounds, and loose, because Travel actions, towns' Research and Wild tokens and dotted paths
(paid with tokens or steps back) chain and Highlight formulas multiply what they count (see
`_bounds`). `max_length` is 642-1,696 decisions per player by region (2,548-6,764 at 4
players); measured over 200 random and 8 heuristic-bot games at 4 players: at most 285 and
300 decisions in a game. `score_range` is (-18, 10,650-22,791 by region); measured final
scores: 59-119 (random), 137-207 (heuristic bots).
"""

from __future__ import annotations

from tabletrip.core import JsonDict
from tabletrip.core.encoding import (
    Encoding,
    Field,
    VectorWriter,
    WrittenObservations,
    one_hot,
    scaled,
)
from tabletrip.games.lets_go_france.content import (
    FORMULA_KINDS,
    ICONS,
    MAX_PER_DAY,
    REWARD_KINDS,
    Activity,
)
from tabletrip.games.lets_go_france.encoding_actions import (
    DAY_COUNT,
    DAY_INDEX,
    ICON_COUNT,
    ICON_INDEX,
    LetsGoActions,
)
from tabletrip.games.lets_go_france.legal import PENDING_WORDS
from tabletrip.games.lets_go_france.phases import PHASE_NAMES
from tabletrip.games.lets_go_france.rules import RESEARCH_DRAW, LetsGoGame
from tabletrip.games.lets_go_france.scoring import experience_points

PENDING_KINDS = tuple(PENDING_WORDS)  # the 13 decisions a seat can owe, in legal.py's order
FORMULAS = tuple(FORMULA_KINDS)
TOP_SIZE = 11
HIGHLIGHT_SIZE = 33
CARD_SIZE = 1 + TOP_SIZE + HIGHLIGHT_SIZE  # a hand slot: present, top, highlight
SLOT_SIZE = 2 + TOP_SIZE  # a board slot: occupied, face down, top
DAY_SIZE = MAX_PER_DAY * SLOT_SIZE + 1 + HIGHLIGHT_SIZE
DRAW_ICONS = ("deck2", "deck4", "stack")
EXPERIENCE_SCALE = 20
TOKEN_SCALE = 5
POINTS_SCALE = 30
DAY_POINTS_SCALE = 30
STACK_SCALE = 4
QUEUE_SCALE = 10


def _top_features(card: Activity) -> tuple[float, ...]:
    """A card's top part: icons by icon / 3, points / 5, time / 4, top bonus one-hot."""
    icons = [0.0] * ICON_COUNT
    for icon in card.icons:
        icons[icon] += 1
    return (
        *(scaled(count, 3) for count in icons),
        scaled(card.points, 5),
        scaled(card.time, 4),
        float(card.bonus == "research"),
        float(card.bonus == "travel"),
        float(card.bonus == "travel2"),
    )


def _highlight_features(card: Activity) -> tuple[float, ...]:
    """A card's Highlight of the Day (33 values, see the module docstring)."""
    h = card.highlight
    icons = [0.0] * ICON_COUNT
    for icon in h.icons:
        icons[icon] += 1
    formula = h.formula
    kind = (
        one_hot(FORMULAS.index(formula.kind), len(FORMULAS))
        if formula
        else one_hot(None, len(FORMULAS))
    )
    formula_icons = [0.0] * ICON_COUNT
    if formula is not None:
        for icon in (*formula.icons, *((formula.icon,) if formula.icon >= 0 else ())):
            formula_icons[icon] = 1.0
    return (
        scaled(h.points, 12),
        *(scaled(count, 3) for count in icons),
        scaled(h.any_icon, 3),
        scaled(h.lowest_icon, 3),
        scaled(h.wild, 3),
        scaled(h.research, 3),
        float(h.energy > 0),
        float(h.energy < 0),
        scaled(h.time, 2),
        *kind,
        scaled(formula.points, 10) if formula else 0.0,
        *formula_icons,
        scaled(formula.count, 10) if formula else 0.0,
    )


class LetsGoObservations(WrittenObservations):
    """The observation vector of one configuration (module docstring: fields and scales)."""

    def __init__(self, game: LetsGoGame) -> None:
        self.game = game
        self.players = players = game.players
        self.seats = seats = players + (1 if players == 1 else 0)
        spaces = game.region.spaces
        self.space_index = {space.id: i for i, space in enumerate(spaces)}
        self.towns = towns = len(spaces)
        self.goal_faces = [face.id for tile in game.single_tiles for face in tile.faces]
        self.double_faces = [face.id for face in game.double_faces]
        self.rounds = len(game.board.rounds)
        self.row_lengths = [len(row) for row in game.board.reward_rows]
        self.card_index = dict(game.card_index)
        self.catalogue = len(game.activities)
        self.top = {a.key: _top_features(a) for a in game.activities}
        self.highlight = {a.key: _highlight_features(a) for a in game.activities}
        self.hand_max = 2 * max(spec.play for spec in game.board.rounds) + RESEARCH_DRAW
        order = "per seat: the observer first, then the following seats in turn order" + (
            ", then the travel agent" if players == 1 else ""
        )
        per_player = "per player: the observer first, then the following players in turn order"
        self.fields = (
            Field("phase", 3, 0, 1, "one-hot: planning, the trip, game over"),
            Field("round", self.rounds, 0, 1, "one-hot planning round 1-14 (0 on the trip)"),
            Field("round_draw", 3, 0, 1, "the round's draw icons: 2 cards, 4 cards, the stack"),
            Field("round_play", 2, 0, 1, "one-hot: the round plays (and passes) 1 or 2 cards"),
            Field("round_pass_right", 1, 0, 1, "1 if this round's cards pass right, 0 left"),
            Field("to_move", players, 0, 1, f"one-hot seat to move, {per_player}"),
            Field("deck_size", 1, 0, 1, f"cards in the deck / {self.catalogue}"),
            Field(
                "discard_pile",
                self.catalogue,
                0,
                1,
                "the face-up discard pile, by catalogue order (static_info activities)",
            ),
            Field(
                "single_goal",
                len(self.goal_faces),
                0,
                1,
                "one-hot single-flag goal face in "
                "play (static_info single_flag_tiles, faces in order)",
            ),
            Field(
                "double_goal",
                2,
                0,
                1,
                "one-hot side of the region's double-flag goal tile in play "
                "(static_info double_flag_tile faces)",
            ),
            Field(
                "trip_day",
                DAY_COUNT + 1,
                0,
                1,
                "one-hot day the trip has reached (Monday-"
                "Saturday, then the end-of-trip goals); 0 while planning",
            ),
            Field(
                "waiting_on",
                len(PENDING_KINDS),
                0,
                1,
                "one-hot decision the traveller on "
                f"the trip owes (public), {', '.join(PENDING_KINDS)}",
            ),
            Field(
                "my_decision",
                len(PENDING_KINDS),
                0,
                1,
                "one-hot decision the observer owes now (same order); 0 when none",
            ),
            Field(
                "my_decision_day",
                DAY_COUNT,
                0,
                1,
                "one-hot day of the Favourable Condition bonus the observer owes",
            ),
            Field("decisions_queued", 1, 0, 1, f"decisions the observer owes / {QUEUE_SCALE}"),
            Field("cards_to_play", 1, 0, 1, "cards the observer still plays this round / 2"),
            Field(
                "hand",
                self.hand_max * CARD_SIZE,
                0,
                1,
                "the observer's hand sorted by card "
                "id, slot k = hand position k of the action space: present, top features "
                "(11), highlight features (33)",
            ),
            Field(
                "goal_cards",
                2 * CARD_SIZE,
                0,
                1,
                "Provence's goal: the two drawn cards (as hand slots) while the observer chooses",
            ),
            Field(
                "agent_cards",
                2 * CARD_SIZE,
                0,
                1,
                "solo: the two cards passed to the "
                "travel agent (as hand slots) while the observer orders them",
            ),
            Field(
                "days",
                seats * DAY_COUNT * DAY_SIZE,
                0,
                1,
                f"{order}; per day Monday-"
                "Saturday: 5 slots top to bottom (occupied, face down, top features (11)), "
                "the Highlight is Explore the City, the bottom card's highlight features (33)",
            ),
            Field(
                "favourable",
                seats * DAY_COUNT * ICON_COUNT,
                0,
                1,
                f"{order}; per day: "
                "one-hot icon of its Favourable Condition token (0 once moved to a row)",
            ),
            Field(
                "flipped",
                seats * ICON_COUNT,
                0,
                1,
                f"{order}: Favourable Condition tokens flipped, by icon",
            ),
            Field(
                "moved",
                seats * ICON_COUNT,
                0,
                1,
                f"{order}: Favourable Condition tokens moved to a reward row, by icon",
            ),
            Field(
                "reward_rows",
                seats * 3,
                0,
                1,
                f"{order}: tokens on reward rows 0-2 / the row's length",
            ),
            Field(
                "traveler",
                seats * towns,
                0,
                1,
                f"{order}: one-hot town of the Traveler "
                "(regional map order; 0 before its first Travel action)",
            ),
            Field("explored", seats * towns, 0, 1, f"{order}: towns holding its Exploration token"),
            Field(
                "experience",
                seats * ICON_COUNT,
                0,
                1,
                f"{order}: experience steps by icon / {EXPERIENCE_SCALE}, clipped",
            ),
            Field("energy", seats * 7, 0, 1, f"{order}: one-hot energy space -3..3"),
            Field("wild", seats, 0, 1, f"{order}: Wild tokens / {TOKEN_SCALE}, clipped"),
            Field("research", seats, 0, 1, f"{order}: Research tokens / {TOKEN_SCALE}, clipped"),
            Field(
                "points",
                seats,
                0,
                1,
                f"{order}: point tokens and goal points / {POINTS_SCALE}, clipped",
            ),
            Field(
                "goals_done", seats * 2, 0, 1, f"{order}: single-flag, double-flag goal activated"
            ),
            Field(
                "day_points",
                seats * DAY_COUNT,
                0,
                1,
                f"{order}: each resolved day's points / {DAY_POINTS_SCALE}, clipped",
            ),
            Field(
                "day_resolved", seats * DAY_COUNT, 0, 1, f"{order}: the trip has resolved that day"
            ),
            Field(
                "stacks",
                players,
                0,
                1,
                f"{per_player}: cards in the stack passed to it / {STACK_SCALE}",
            ),
        )

    def position_names(self) -> list[str]:
        """Every position in the game's words (encoding_names.py)."""
        from tabletrip.games.lets_go_france.encoding_names import observation_names

        return observation_names(self)

    def _cards(self, keys: list[str], slots: int, w: VectorWriter) -> None:
        """Hand slots: present, top features, highlight features (zeros for no card)."""
        for key in keys[:slots]:
            w.value(1.0)
            w.values(self.top[key])
            w.values(self.highlight[key])
        w.skip(CARD_SIZE * max(0, slots - len(keys)))

    def _day(self, column: list[JsonDict], w: VectorWriter) -> None:
        for entry in column:
            w.value(1.0)
            if entry["explore"]:
                w.value(1.0)
                w.skip(TOP_SIZE)
            else:
                w.skip(1)
                w.values(self.top[entry["card"]])
        w.skip(SLOT_SIZE * (MAX_PER_DAY - len(column)))
        bottom = column[-1] if column else None
        if bottom is None:
            w.skip(1 + HIGHLIGHT_SIZE)
        elif bottom["explore"]:
            w.value(1.0)
            w.skip(HIGHLIGHT_SIZE)
        else:
            w.skip(1)
            w.values(self.highlight[bottom["card"]])

    def write(self, observation: JsonDict, w: VectorWriter) -> None:
        """Write the fields in order."""
        seat = observation["seat"]
        players = self.players
        boards = list(observation["boards"])
        boards[seat] = observation["my_board"]
        order = [(seat + i) % players for i in range(players)]
        seat_boards = [boards[s] for s in order]
        day_points = observation["trip"]["day_points"]
        seat_points = [day_points[s] for s in order]
        if observation["travel_agent"] is not None:
            seat_boards.append(observation["travel_agent"])
            seat_points.append(day_points[players])
        phase = PHASE_NAMES.index(observation["phase"])
        plan = observation["round_plan"]
        rnd = observation["round"]
        trip_day = observation["trip"]["day"]
        pending = observation["pending"]
        waiting = observation["waiting_on"]
        w.one_hot(phase, 3)
        w.one_hot(rnd - 1 if rnd is not None else None, self.rounds)
        w.values(float(plan is not None and icon in plan["draw"]) for icon in DRAW_ICONS)
        w.one_hot(plan["play"] - 1 if plan is not None else None, 2)
        w.value(float(plan is not None and plan["pass"] == "right"))
        w.one_hot((observation["current_player"] - seat) % players, players)
        w.value(scaled(observation["deck_size"], self.catalogue))
        w.indicator([self.card_index[key] for key in observation["discards"]], self.catalogue)
        w.one_hot(self.goal_faces.index(observation["goals"]["single_flag"]), len(self.goal_faces))
        w.one_hot(self.double_faces.index(observation["goals"]["double_flag"]), 2)
        w.one_hot(trip_day, DAY_COUNT + 1)
        w.one_hot(PENDING_KINDS.index(waiting) if waiting else None, len(PENDING_KINDS))
        w.one_hot(PENDING_KINDS.index(pending[0]) if pending else None, len(PENDING_KINDS))
        w.one_hot(DAY_INDEX[pending[1]] if pending and len(pending) > 1 else None, DAY_COUNT)
        w.value(scaled(observation.get("decisions_queued", 0), QUEUE_SCALE))
        w.value(scaled(observation["cards_to_play"], 2))
        self._cards(observation["hand"], self.hand_max, w)
        self._cards(observation.get("goal_cards", []), 2, w)
        self._cards(observation.get("agent_cards", []), 2, w)
        for board in seat_boards:
            for column in board["days"]:
                self._day(column, w)
        for board in seat_boards:
            for icon in board["favourable"]:
                w.one_hot(ICON_INDEX[icon] if icon is not None else None, ICON_COUNT)
        for board in seat_boards:
            w.indicator([ICON_INDEX[icon] for icon in board["flipped"]], ICON_COUNT)
        for board in seat_boards:
            w.indicator([ICON_INDEX[icon] for icon in board["moved"]], ICON_COUNT)
        for board in seat_boards:
            w.values(
                scaled(used, length)
                for used, length in zip(board["reward_rows"], self.row_lengths, strict=True)
            )
        towns = self.towns
        for board in seat_boards:
            place = board["traveler"]
            w.one_hot(self.space_index[place] if place is not None else None, towns)
        for board in seat_boards:
            w.indicator([self.space_index[p] for p in board["explored"]], towns)
        for board in seat_boards:
            steps = board["experience"]
            w.values(scaled(steps[icon], EXPERIENCE_SCALE) for icon in ICONS)
        for board in seat_boards:
            w.one_hot(board["energy"] + 3, 7)
        for name, scale in (("wild", TOKEN_SCALE), ("research", TOKEN_SCALE)):
            w.values(scaled(board[name], scale) for board in seat_boards)
        w.values(scaled(board["points"], POINTS_SCALE) for board in seat_boards)
        for board in seat_boards:
            goals = board["goals"]
            w.value(float(goals["single_flag"]))
            w.value(float(goals["double_flag"]))
        for points in seat_points:
            w.values(scaled(p, DAY_POINTS_SCALE) for p in points)
            w.skip(DAY_COUNT - len(points))
        for points in seat_points:
            w.values((1.0,) * len(points))
            w.skip(DAY_COUNT - len(points))
        stacks = observation["stack_sizes"]
        w.values(scaled(stacks[s], STACK_SCALE) for s in order)


def _bounds(game: LetsGoGame) -> tuple[int, tuple[float, float]]:
    """(max decisions in a game, (lowest, highest) final score of a player), from the rules.

    Per player, while planning: P cards placed (the round tracker's plays, 19) and R `done`s
    (14; solo adds one `choose` per round passing 2 cards). Travel decisions T: 1 per card
    (a Travel icon, Explore the City), 1 more per travel2 card of the catalogue, plus the
    reward rows' Travel icons and a goal's reward space. At most one Favourable Condition
    bonus per card. Research and Wild tokens gained while planning, K: the catalogue's
    Research-bonus cards, a town's tokens per arrival by Travel action, each dotted-circle
    town's tokens once (the only dotted-path ends that give any), the reward rows' and the
    goal's. Each token spent is a `research` + `discard` or a `dotted` move: at most 2K
    decisions and K dotted arrivals. An icon decision per any-icon bonus of the T + K
    arrivals, the rows' and the goal's. On the trip, per day: two Wild token windows (`done`)
    and the Highlight's icon choices; after Saturday two windows and a goal's choice and
    re-scored Highlight; every Wild token spent, at most all tokens W ever gained (K and the
    Highlights'). The score: days (cards' points, each day's best Highlight with its formula
    at its largest count), energy, experience, Favourable Conditions, point tokens (rows,
    towns per arrival, goals), Research tokens left; formulas reading the experience track
    count at most every step ever gained, S. The lowest: every day's energy space at -3.
    """
    board = game.board
    acts = game.activities
    spaces = game.region.spaces
    rows = [space for row in board.reward_rows for space in row]
    faces = [face for tile in game.single_tiles for face in tile.faces]

    def amount(rewards: list, kinds: tuple[str, ...]) -> int:
        return sum(r.amount for r in rewards if r.kind in kinds)

    def town(space: object, kinds: tuple[str, ...]) -> int:
        return sum(b.amount for b in space.bonus if b.kind in kinds)  # type: ignore[attr-defined]

    tokens = ("research", "wild")
    placed = sum(spec.play for spec in board.rounds)
    rounds = len(board.rounds)
    # a card placed gives at most 1 Travel action (Travel icon, Explore the City), a travel2
    # card 2: one more for each of the catalogue's travel2 cards placed
    card_travels = placed + min(placed, sum(a.bonus == "travel2" for a in acts))
    card_research = min(placed, sum(a.bonus == "research" for a in acts))

    def goal_max(effect_value: dict[str, int]) -> int:
        single = max(effect_value.get(face.effect, 0) for face in faces)
        return single + max(effect_value.get(face.effect, 0) for face in game.double_faces)

    def face(effect: str, attribute: str) -> int:
        """The largest `attribute` of a goal face with this effect (0: none)."""
        goals = [*faces, *game.double_faces]
        return max((getattr(g, attribute) for g in goals if g.effect == effect), default=0)

    row_max = {kind: max(amount(space, (kind,)) for space in rows) for kind in REWARD_KINDS}
    goal_travel = goal_max({"reward_space": row_max["travel"]})
    goal_tokens = goal_max(
        {
            "reward_space": max(amount(space, tokens) for space in rows),
            "wild_tokens": face("wild_tokens", "count"),
            "research_tokens": face("research_tokens", "count"),
        }
    )
    goal_icons = goal_max(
        {
            "reward_space": row_max["any_icon"],
            "any_icons": face("any_icons", "count"),
        }
    )
    rescore = goal_max({"highlight_again": 1, "draw_highlight": 1, "opponent_highlight": 1})
    travels = card_travels + sum(amount(s, ("travel",)) for s in rows) + goal_travel
    gained = (
        card_research
        + travels * max(town(s, tokens) for s in spaces)
        + sum(town(s, tokens) for s in spaces if s.explore_once)
        + sum(amount(s, tokens) for s in rows)
        + goal_tokens
    )
    # A step back pays a dotted path: at most the steps gained otherwise while planning (the
    # towns' by Travel actions and token-paid arrivals, the dotted circles' once, the rows',
    # the goal's, Wild tokens); twice that and one more where a town at the end of such a path
    # gives a step on every visit (the content makes a round trip give back less than 2).
    plan_steps = (
        (travels + gained) * max(town(s, ("icon", "any_icon")) for s in spaces)
        + sum(town(s, ("icon", "any_icon", "wild")) for s in spaces if s.explore_once)
        + sum(amount(s, ("any_icon",)) for s in rows)
        + goal_icons
        + gained
    )
    by_id = {s.id: s for s in spaces}
    step_paths = [p for p in game.region.paths if p.cost == "experience"]
    refund = any(
        not by_id[t].explore_once and town(by_id[t], ("icon", "any_icon", "wild"))
        for p in step_paths
        for t in (p.a, p.b)
    )
    step_backs = 0 if not step_paths else 2 * plan_steps + 1 if refund else plan_steps
    arrivals = travels + gained + step_backs
    icon_decisions = (
        arrivals * max(town(s, ("any_icon",)) for s in spaces)
        + sum(amount(s, ("any_icon",)) for s in rows)
        + goal_icons
    )
    agent_orders = sum(spec.play == 2 for spec in board.rounds) if game.players == 1 else 0
    planning = (
        placed
        + rounds
        + agent_orders
        + travels
        + placed
        + 2 * gained
        + 2 * step_backs
        + icon_decisions
        + goal_max({"reward_space": 1})
    )
    highlights = [a.highlight for a in acts]
    choices = max(h.any_icon + h.lowest_icon for h in highlights)
    wild_all = gained + (DAY_COUNT + rescore) * max(h.wild + h.research for h in highlights)
    goal_choices = goal_max({"draw_highlight": 1, "opponent_highlight": 1, "longest_icon_run": 1})
    trip = DAY_COUNT * (2 + choices) + 2 + goal_choices + rescore * choices + wild_all
    max_length = game.players * (planning + trip)

    steps = (
        placed * max(len(a.icons) for a in acts)
        + (DAY_COUNT + rescore) * max(len(h.icons) + h.any_icon + h.lowest_icon for h in highlights)
        + arrivals * max(town(s, ("icon", "any_icon")) for s in spaces)
        + sum(amount(s, ("any_icon",)) for s in rows)
        + goal_icons
        + wild_all
    )
    card_time = max(a.time for a in acts) + max(h.time for h in highlights)
    counts = {
        "sets": steps,
        "lowest_icon": steps,
        "highest_icon": steps,
        "days_with_different_icons": DAY_COUNT,
        "days_with_icon": DAY_COUNT,
        "days_under_time": DAY_COUNT,
        "time_on_cards_with_icon": placed * card_time,
        "icons_today": MAX_PER_DAY * max(len(a.icons) for a in acts)
        + max(len(h.icons) for h in highlights),
        "cards_with_time": placed,
        "favourable_tokens": ICON_COUNT,
        "research_tokens": wild_all,
    }
    highlight_value = max(
        5,  # Explore the City as the Highlight of the Day
        *(
            h.points + (h.formula.points * counts[h.formula.kind] if h.formula else 0)
            for h in highlights
        ),
    )
    goal_points = goal_max(
        {
            "reward_space": row_max["points"],
            "one_time_cards": face("one_time_cards", "points") + placed,
            "lowest_icon_points": face("lowest_icon_points", "points") * steps,
            "highlight_again": highlight_value,
            "draw_highlight": highlight_value,
            "opponent_highlight": highlight_value,
            "longest_icon_run": face("longest_icon_run", "points") * placed,
            "point_tokens": face("point_tokens", "count"),
            "highest_icon_points": face("highest_icon_points", "points") * steps,
            "moved_token_points": face("moved_token_points", "points") * ICON_COUNT,
        }
    )
    experience = max(experience_points(s, board.experience_points) for s in range(3 * 10))
    high = (
        placed * max(1, *(a.points for a in acts))
        + DAY_COUNT * highlight_value
        + DAY_COUNT * max(board.energy_points.values())
        + ICON_COUNT * experience
        + 2 * ICON_COUNT  # Favourable Condition tokens flipped and moved
        + sum(amount(s, ("points",)) for s in rows)
        + arrivals * max(town(s, ("points",)) for s in spaces)
        + goal_points
        + wild_all  # Research tokens left
    )
    low = DAY_COUNT * min(0, *board.energy_points.values())
    return max_length, (float(low), float(high))


def make_encoding(game: LetsGoGame) -> Encoding:
    """The action and observation encodings of one Let's Go! To France configuration."""
    max_length, score_range = _bounds(game)
    return Encoding(LetsGoActions(game), LetsGoObservations(game), max_length, score_range)
