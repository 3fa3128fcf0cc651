"""En Route in a terminal: one seat's view as plain text (`render_text`).

A pure function of public data: the seat's observation (or the public one for a spectator),
`static_info()` and the game's options (level and mode, fixed and known to all before the
game), so it cannot show what the seat may not know.

The text maps follow the notation of `actions.py`, which a terminal player types: locations are
`c<col>r<row>` (1-6, from the top-left as drawn), crossroads are `x,y` (0-6); each map also
prints its board's coordinate numbers (what the Round cards refer to) along the top and the
left. Everything a colour could say is also said with a letter: R, G, B Special Landmarks,
Y<PP> Popular, I<PP> Iconic, and tourists as `2r1g1b`. The board a browser draws is svg.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletrip.core.render import wrap, wrap_items

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteState

WIDTH = 100
MAP_SIZE = 6
GRID = MAP_SIZE + 1  # crossroads per side
HORIZONTAL = GRID * MAP_SIZE  # 42 horizontal sections, then 42 vertical ones
SECTIONS = 2 * HORIZONTAL
TOURIST_TYPES = ("red", "green", "blue")
TOURIST_LETTERS = ("r", "g", "b")
SPECIAL_LETTERS = {"red": "R", "green": "G", "blue": "B"}
TEAMS = ((0, 2), (1, 3))  # team mode: teammates sit across

PHASE_TEXT = {
    "objective": "every seat keeps 1 of its 2 Personal Objectives",
    "begin_place": "beginning round: every seat places a card face down",
    "begin_choose": "beginning round: every seat chooses 2 placed cards as its Round cards",
    "first_card": "the active player places the first Round card face up",
    "second_card": "the neighbours place their cards",
    "keep_card": "the active player keeps one neighbour's card as the second Round card",
    "solo_play": "place a Round card from your hand",
    "solo_take": "take a face-up card of the Card Sequence as the second Round card",
    "rate": "Advanced: the active player rates an Iconic Landmark up or down",
    "draw": "drawing phase: select a location, mark tourists, chart a route segment",
    "final_route": "every seat chooses its final route",
    "over": "game over",
}
STAGE_TEXT = {
    "place": "select a location",
    "chart": "chart 2 sections next to your location (straight or L-shaped), or 1 anywhere",
    "extras": "use a Route section bonus, or finish with done",
}
BONUS_TEXT = {
    "new_tourists": "new tourists",
    "route_section": "route section",
    "coordinate_change": "coordinate change",
}

# Crossroads marks of the text maps (one character each).
CAFE, CAFE_GAINED, CAFE_USED = "c", "C", "x"
VTA, VTA_REACHED = "v", "V"
OBJECTIVE, OBJECTIVE_REACHED = "o", "O"
CROSSROADS, CROSSROADS_ON_ROUTE = ".", "+"
CANDIDATE, SELECTED = "?", "*"
CELL = 6  # characters per location in a text map
MARGIN = 5  # the row labels left of a text map
MAP_COLUMNS = MARGIN + GRID + MAP_SIZE * CELL  # 48
GAP = "   "


# --- small shared helpers ----------------------------------------------------------------


def section_ends(section: int) -> tuple[int, int]:
    """The two crossroads (indices y * 7 + x) of a section (geometry.py's numbering)."""
    if section < HORIZONTAL:
        y, x = divmod(section, MAP_SIZE)
        return y * GRID + x, y * GRID + x + 1
    y, x = divmod(section - HORIZONTAL, GRID)
    return y * GRID + x, (y + 1) * GRID + x


def location_name(location: int) -> str:
    """`c<col>r<row>`, 1-based, as in the notation."""
    row, col = divmod(location, MAP_SIZE)
    return f"c{col + 1}r{row + 1}"


def crossroads_name(crossroads: int) -> str:
    """`x,y` with 0-6."""
    y, x = divmod(crossroads, GRID)
    return f"{x},{y}"


def tourists_text(counts: Sequence[int], short: bool = True) -> str:
    """`2r1b` (short) or `2 red, 1 blue`; empty when there are none."""
    if short:
        return "".join(f"{n}{t}" for n, t in zip(counts, TOURIST_LETTERS, strict=True) if n)
    return ", ".join(f"{n} {t}" for n, t in zip(counts, TOURIST_TYPES, strict=True) if n)


def seat_name(seat: int, team: bool = False) -> str:
    """`seat 2`, with its team in team mode."""
    if team:
        mates = TEAMS[seat % 2]
        return f"seat {seat} (team {mates[0]}+{mates[1]})"
    return f"seat {seat}"


class _Catalogue:
    """Look-ups into `static_info` by id."""

    def __init__(self, static_info: Mapping[str, Any]) -> None:
        self.info = static_info
        self.cards = {c["id"]: c for c in static_info["cards"]}
        self.goals = {g["id"]: g for g in static_info["goals"]}
        self.iconic = {i["id"]: i for i in static_info["iconic"]}
        self.landmarks = {lm["location"]: lm for lm in static_info["landmarks"]}
        self.iconic_at = {i["location"]: i for i in static_info["iconic"]}
        self.cafes = {c["crossroads"]: c for c in static_info["cafes"]}
        self.cafe_index = {c["crossroads"]: k for k, c in enumerate(static_info["cafes"])}
        vta = static_info.get("visit_them_all") or {}
        self.vta = set(vta.get("crossroads") or ())
        self.vta_name = vta.get("name") or "Visit-Them-All"

    def card_text(self, card_id: str) -> str:
        """`city-03 [2] 2 blue, Tele-Vision Tower`: id, coordinate number, tourists, symbols."""
        card = self.cards[card_id]
        parts = [tourists_text(tourist_counts(card["tourists"]), short=False)]
        if card["kind"] == "repeat":
            parts = ["Repeat"]
        parts += [self.iconic[i]["name"] for i in card["iconic"]]
        return f"{card_id} [{card['number']}] " + ", ".join(p for p in parts if p)

    def objective_crossroads(self, objective_id: str) -> list[int] | None:
        """The crossroads of a Personal Objective card by id, when static_info names them."""
        for index, entry in enumerate(self.info.get("objectives") or ()):
            if isinstance(entry, Mapping):
                if entry.get("id") == objective_id:
                    return list(entry["crossroads"])
            elif objective_id == f"objective-{index + 1}":  # unnamed list: ids in file order
                return list(entry)
        return None

    def board_numbers(self, board: int | None) -> tuple[list[int], list[int]] | None:
        """(column numbers, row numbers) printed on a board, or None."""
        boards = self.info.get("boards") or ()
        if board is None or not 0 <= board < len(boards):
            return None
        return list(boards[board]["columns"]), list(boards[board]["rows"])

    def landmark_label(self, location: int, ratings: Mapping[str, int] | None) -> str:
        """`R`, `G`, `B`, `Y8` or `I6` (an Iconic Landmark with its PP now); "" for none."""
        landmark = self.landmarks.get(location)
        if landmark is None:
            return ""
        color = landmark["color"]
        if color in SPECIAL_LETTERS:
            return SPECIAL_LETTERS[color]
        if color == "yellow":
            return f"Y{landmark['pp']}"
        iconic = self.iconic_at.get(location)
        if iconic is not None and ratings and iconic["id"] in ratings:
            return f"I{ratings[iconic['id']]}"
        return "I"

    def iconic_rating(self, iconic_id: str, ratings: Mapping[str, int]) -> str:
        """`School of Illusion and Pottery 6 PP (1 upgrade)`."""
        iconic = self.iconic[iconic_id]
        pp = ratings.get(iconic_id)
        track = iconic["track"]
        marks = track.index(pp) if pp in track else None
        upgrades = "" if marks is None else f" ({marks} upgrade{'s' if marks != 1 else ''})"
        return f"{iconic['name']} {pp} PP{upgrades}"


Catalogue = _Catalogue
"""Look-ups into `static_info` by id (the lookups of present_lookups.py draw maps with it)."""


def tourist_counts(tourists: Mapping[str, int] | Sequence[int]) -> tuple[int, int, int]:
    """(red, green, blue) from `{"red": 1}` or a list."""
    if isinstance(tourists, Mapping):
        return (tourists.get("red", 0), tourists.get("green", 0), tourists.get("blue", 0))
    return (tourists[0], tourists[1], tourists[2])


def sheet_tourists(sheet: Mapping[str, Any]) -> dict[int, tuple[int, int, int]]:
    """{location: (red, green, blue)} of a map as an observation shows it."""
    return {int(loc): tourist_counts(t) for loc, t in (sheet.get("tourists") or {}).items()}


def reached_crossroads(sections: Iterable[int]) -> set[int]:
    """Crossroads reached by drawn sections."""
    return {c for s in sections for c in section_ends(s)}


def matching_locations(
    catalogue: _Catalogue, board: int | None, a: int, b: int, occupied: Iterable[int]
) -> list[int]:
    """Unoccupied locations whose {column number, row number} on `board` is {a, b}."""
    numbers = catalogue.board_numbers(board)
    if numbers is None:
        return []
    columns, rows = numbers
    taken = set(occupied)
    return [
        row * MAP_SIZE + col
        for row in range(MAP_SIZE)
        for col in range(MAP_SIZE)
        if {columns[col], rows[row]} == {a, b} and row * MAP_SIZE + col not in taken
    ]


def _wrap(text: str, width: int = WIDTH, indent: str = "    ") -> list[str]:
    return wrap(text, indent, width)


def _wrap_items(prefix: str, items: Sequence[str]) -> list[str]:
    return wrap_items(prefix, items, width=WIDTH, separator=";")


# --- text -------------------------------------------------------------------------------


def render_text(state: EnRouteState, seat: int | None) -> str:
    """What `seat` sees (None: a spectator), from its observation only, in about 100 columns."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    return render_observation_text(observation, state.game.static_info(), state.game.options)


def render_observation_text(
    observation: Mapping[str, Any],
    static_info: Mapping[str, Any],
    options: Mapping[str, Any] | None = None,
) -> str:
    """The terminal view of one observation (a seat's or the public one)."""
    catalogue = _Catalogue(static_info)
    options = options or {}
    seat = observation.get("seat")
    lines = _header_lines(observation, static_info, options, seat)
    lines += _table_lines(observation, catalogue)
    if seat is not None:
        lines.append("")
        lines += _own_lines(observation, catalogue)
    lines.append("")
    lines += _legend_lines(observation, options)
    lines.append("")
    lines += _map_lines(observation, catalogue, options, seat)
    lines.append("")
    lines += _log_lines(observation, options)
    return "\n".join(lines)


def _header_lines(
    observation: Mapping[str, Any],
    static_info: Mapping[str, Any],
    options: Mapping[str, Any],
    seat: int | None,
) -> list[str]:
    team = options.get("mode") == "team"
    players = len(observation["sheets"])
    setting = [f"{players} player{'s' if players != 1 else ''}"]
    if options.get("level"):
        setting.append(f"{options['level']} level")
    if options.get("mode"):
        setting.append(f"{options['mode']} mode")
    viewer = "spectator view" if seat is None else f"you are {seat_name(seat, team)}"
    board = None if seat is None else observation["sheets"][seat]["board"]
    if board is not None:
        viewer += f" on board {static_info['boards'][board]['number']}"
    lines = _wrap(f"En Route: {static_info['name']} ({', '.join(setting)}); {viewer}")
    phase = observation["phase"]
    if phase == "over":
        lines.append(f"Round {observation['rounds']} of {observation['rounds']}: game over.")
        return lines
    current = observation["current_player"]
    who = "you" if current == seat else seat_name(current, team)
    active = observation["active"]
    active_text = "you" if active == seat else seat_name(active, team)
    shown_round = min(observation["round"], observation["rounds"])
    head = f"Round {shown_round} of {observation['rounds']}"
    if phase in ("first_card", "second_card", "keep_card", "rate", "draw") and players > 1:
        head += f", active player {active_text}"
    lines += _wrap(f"{head}: {PHASE_TEXT.get(phase, phase)}; to decide: {who}")
    drawing = observation.get("drawing") or []
    if drawing:
        lines += _wrap("Still to draw: " + ", ".join(seat_name(s, team) for s in drawing))
    chosen = observation.get("final_chosen") or []
    if phase == "final_route" and any(chosen):
        done = [seat_name(s, team) for s, c in enumerate(chosen) if c]
        lines += _wrap("Final route chosen by: " + ", ".join(done))
    return lines


def _table_lines(observation: Mapping[str, Any], catalogue: _Catalogue) -> list[str]:
    ratings = observation.get("ratings") or {}
    lines = _wrap_items(
        "Iconic ratings:", [catalogue.iconic_rating(i, ratings) for i in catalogue.iconic]
    )
    goals = observation.get("goals") or []
    if goals:
        lines.append("Goals:")
        for goal_id in goals:
            goal = catalogue.goals[goal_id]
            lines += _wrap(
                f"  {goal_id}: {goal['text']} ({goal['achiever']} PP, best {goal['winner']} PP)",
                indent="      ",
            )
    round_cards = observation.get("round_cards") or []
    placed = [p for p in observation.get("placed") or () if p["card"] not in round_cards]
    if placed:
        items = [
            f"seat {p['seat']} {catalogue.card_text(p['card']) if p['card'] else 'face down'}"
            for p in placed
        ]
        lines += _wrap_items("Placed:", items)
    if round_cards:
        lines += _wrap_items("Round cards:", [catalogue.card_text(c) for c in round_cards])
    sequence = observation.get("sequence") or []
    if sequence:
        slots = [
            f"[{i}] "
            + ("taken" if c is None else c if c == "face down" else catalogue.card_text(c))
            for i, c in enumerate(sequence)
        ]
        lines += _wrap_items("Card Sequence:", slots)
    piles = f"City deck {observation['deck_size']}, discards {len(observation['discards'])}"
    hands = observation.get("hand_sizes") or []
    if len(hands) > 1:
        piles += "; hands " + ", ".join(f"seat {s} {n}" for s, n in enumerate(hands))
    lines += _wrap(piles)
    return lines


def _own_lines(observation: Mapping[str, Any], catalogue: _Catalogue) -> list[str]:
    hand = observation.get("hand") or []
    lines = _wrap_items(
        f"Your hand ({len(hand)}):", [catalogue.card_text(c) for c in hand] or ["-"]
    )
    lines += _choice_lines(observation, catalogue)
    objective = observation.get("objective")
    if objective:
        points = " ".join(crossroads_name(c) for c in objective["crossroads"])
        lines += _wrap(
            f"Your Personal Objective: {objective['id']}, crossroads {points} "
            f"({OBJECTIVE} on your map, {OBJECTIVE_REACHED} once a section reaches it)"
        )
    offer = observation.get("objective_offer") or []
    if offer:
        items = []
        for objective_id in offer:
            crossroads = catalogue.objective_crossroads(objective_id)
            where = (
                ""
                if crossroads is None
                else ": " + " ".join(crossroads_name(c) for c in crossroads)
            )
            items.append(objective_id + where)
        lines += _wrap_items("Personal Objectives offered (keep one):", items)
    turn = observation.get("turn")
    if turn:
        lines += _turn_lines(observation, turn, catalogue)
    final = observation.get("final_route")
    if final:
        lines += _wrap("Your final route: " + " ".join(crossroads_name(c) for c in final))
    return lines


def _choice_lines(observation: Mapping[str, Any], catalogue: _Catalogue) -> list[str]:
    """Beginning rounds: the Round cards this seat chose (4 players: this round's and next)."""
    choice = observation.get("round_choice") or []
    players = len(observation["sheets"])
    if not choice or observation["round"] > players - 2:
        return []
    now, later = choice[:2], choice[2:]
    if observation["round"] == 2:
        now, later = later, []
    lines = _wrap_items("Your Round cards this round:", [catalogue.card_text(c) for c in now])
    if later:
        lines += _wrap_items(
            "Your Round cards next round:", [catalogue.card_text(c) for c in later]
        )
    return lines


def _turn_lines(
    observation: Mapping[str, Any], turn: Mapping[str, Any], catalogue: _Catalogue
) -> list[str]:
    cards = turn["cards"]
    values = turn["values"]
    numbers = [catalogue.cards[c]["number"] for c in cards]
    coordinates = f"coordinates {values[0]} and {values[1]}"
    if list(values) != numbers:
        coordinates += f" (changed from {numbers[0]} and {numbers[1]})"
    stage = turn["stage"]
    lines = _wrap(f"Your drawing turn: Round cards {cards[0]} and {cards[1]}, {coordinates}")
    sheet = observation["sheets"][observation["seat"]]
    if turn.get("pending_cafes"):
        cafes = catalogue.info["cafes"]
        for k in turn["pending_cafes"]:
            cafe = cafes[k]
            gift = tourists_text(tourist_counts(cafe["tourists"]), short=False)
            lines += _wrap(
                f"  New tourists Café reached: {cafe['name']} ({gift}): use it now on "
                f"{location_name(turn['location'])}, or keep it for 2 PP"
            )
        return lines
    if stage == "place":
        free = matching_locations(
            catalogue, sheet["board"], values[0], values[1], sheet.get("occupied") or ()
        )
        where = ", ".join(location_name(loc) for loc in free)
        if free:
            text = f"  Now: select a location ({CANDIDATE} on your map): {where}"
        else:
            text = "  Now: no matching location is free: mark 1 tourist of any type anywhere"
    elif turn.get("fallback") and stage == "chart":
        text = f"  Now: chart 1 section anywhere (you marked {location_name(turn['location'])})"
    else:
        text = f"  Now: {STAGE_TEXT.get(stage, stage)}"
        if stage == "chart":
            text += f" ({SELECTED} {location_name(turn['location'])})"
    return lines + _wrap(text)


def _legend_lines(observation: Mapping[str, Any], options: Mapping[str, Any]) -> list[str]:
    parts = [
        "R G B red / green / blue Special Landmark, Y8 Popular worth 8 PP, I6 Iconic worth 6 PP "
        "now; 2r1g1b: 2 red, 1 green, 1 blue tourists; --- and | drawn sections, + crossroads "
        "on them"
    ]
    if options.get("level") != "simplified":
        parts.append(f"{CAFE} Café ({CAFE_GAINED} visited: bonus unused, {CAFE_USED}: bonus used)")
    parts.append(f"{VTA} Visit-Them-All point ({VTA_REACHED} reached)")
    if observation.get("objective"):
        parts.append(f"{OBJECTIVE} your objective crossroads ({OBJECTIVE_REACHED} reached)")
    if observation.get("turn"):
        parts.append(f"{CANDIDATE} a location you may select, {SELECTED} the one selected")
    parts.append("locations c<col>r<row>, crossroads x,y; the board's numbers outside")
    return _wrap("Key: " + "; ".join(parts))


def _map_lines(
    observation: Mapping[str, Any],
    catalogue: _Catalogue,
    options: Mapping[str, Any],
    seat: int | None,
) -> list[str]:
    sheets = observation["sheets"]
    team = options.get("mode") == "team"
    order = list(range(len(sheets)))
    if seat is not None:
        order.remove(seat)
        order.insert(0, seat)
    blocks = []
    for s in order:
        board = sheets[s]["board"]
        number = catalogue.info["boards"][board]["number"]
        if s == seat:
            title = f"Your map: seat {s}, board {number}"
        else:
            who = seat_name(s, team)
            if team and seat is not None and s % 2 == seat % 2:
                who += ", your teammate"
            title = f"{who[0].upper()}{who[1:]}, board {number}"
        blocks.append(
            map_block(
                sheets[s],
                catalogue,
                observation.get("ratings") or {},
                title,
                objective=(observation.get("objective") or {}).get("crossroads", ())
                if s == seat
                else (),
                turn=observation.get("turn") if s == seat else None,
                cafes=options.get("level") != "simplified",
            )
        )
    return list(side_by_side(blocks))


def side_by_side(blocks: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """Text maps two to a row, a blank line between rows."""
    lines: list[str] = []
    for i in range(0, len(blocks), 2):
        pair = blocks[i : i + 2]
        if lines:
            lines.append("")
        height = max(len(b) for b in pair)
        for row in range(height):
            parts = [b[row] if row < len(b) else "" for b in pair]
            lines.append(GAP.join(p.ljust(MAP_COLUMNS) for p in parts).rstrip())
    return tuple(lines)


def map_block(
    sheet: Mapping[str, Any],
    catalogue: _Catalogue,
    ratings: Mapping[str, int],
    title: str,
    objective: Sequence[int] = (),
    turn: Mapping[str, Any] | None = None,
    cafes: bool = True,
) -> list[str]:
    """One map as text lines of at most MAP_COLUMNS characters: title, grid, summary."""
    sections = set(sheet.get("sections") or ())
    tourists = sheet_tourists(sheet)
    reached = reached_crossroads(sections)
    gained = set(sheet.get("cafes_gained") or ())
    used = set(sheet.get("cafes_used") or ())
    numbers = catalogue.board_numbers(sheet.get("board"))
    candidates: set[int] = set()
    selected = -1
    if turn:
        if turn["stage"] == "place":
            candidates = set(
                matching_locations(
                    catalogue,
                    sheet.get("board"),
                    turn["values"][0],
                    turn["values"][1],
                    sheet.get("occupied") or (),
                )
            )
        else:
            selected = turn["location"]

    def crossroads_mark(c: int) -> str:
        if cafes and c in catalogue.cafes:
            k = catalogue.cafe_index[c]
            return CAFE_USED if k in used else CAFE_GAINED if k in gained else CAFE
        if c in catalogue.vta:
            return VTA_REACHED if c in reached else VTA
        if c in objective:
            return OBJECTIVE_REACHED if c in reached else OBJECTIVE
        return CROSSROADS_ON_ROUTE if c in reached else CROSSROADS

    lines = [title[:MAP_COLUMNS]]
    if numbers is not None:
        top = " " * (MARGIN + 1) + "".join(f"{n:^{CELL}} " for n in numbers[0])
        lines.append(top.rstrip())
    labels = " " * MARGIN + "".join(
        f"{x}" + (f"{'c' + str(x + 1):^{CELL}}" if x < MAP_SIZE else "") for x in range(GRID)
    )
    lines.append(labels)
    for y in range(GRID):
        row_line = f"{y:>{MARGIN - 1}} "
        for x in range(GRID):
            row_line += crossroads_mark(y * GRID + x)
            if x < MAP_SIZE:
                row_line += "-" * CELL if y * MAP_SIZE + x in sections else " " * CELL
        lines.append(row_line.rstrip())
        if y == MAP_SIZE:
            break
        number = f"{numbers[1][y]}" if numbers is not None else ""
        first = f"{number:>2} r{y + 1}"
        second = " " * MARGIN
        for x in range(GRID):
            road = "|" if HORIZONTAL + y * GRID + x in sections else " "
            first += road
            second += road
            if x == MAP_SIZE:
                break
            location = y * MAP_SIZE + x
            label = catalogue.landmark_label(location, ratings)
            flag = CANDIDATE if location in candidates else SELECTED if location == selected else ""
            first += f"{label:<3}{flag:^3}"
            counts = tourists.get(location)
            text = tourists_text(counts) if counts else ""
            second += (text if len(text) >= CELL else f" {text}").ljust(CELL)
        lines.append(first.rstrip())
        lines.append(second.rstrip())
    lines += _summary_lines(sheet, tourists, sections, gained, used, cafes)
    return lines


def _summary_lines(
    sheet: Mapping[str, Any],
    tourists: Mapping[int, tuple[int, int, int]],
    sections: set[int],
    gained: set[int],
    used: set[int],
    cafes: bool,
) -> list[str]:
    totals = [sum(t[i] for t in tourists.values()) for i in range(3)]
    parts = [
        f"tourists {tourists_text(totals) or 0} in {len(tourists)} locations",
        f"{len(sections)} section{'s' if len(sections) != 1 else ''}",
    ]
    if cafes and gained:
        unused = len(gained - used)
        parts.append(
            f"Cafés {len(gained)} visited, {unused} bonus{'es' if unused != 1 else ''} unused"
        )
    balance = sheet.get("balance") or []
    if balance:
        parts.append("Balance: " + ", ".join(BONUS_TEXT.get(b, b) for b in balance))
    if sheet.get("renewed"):
        parts.append("hand renewed")
    return _wrap("; ".join(parts), MAP_COLUMNS, indent="  ")


def _log_lines(observation: Mapping[str, Any], options: Mapping[str, Any]) -> list[str]:
    log = observation.get("log") or []
    if not log:
        return ["Recent moves: none yet"]
    team = options.get("mode") == "team"
    lines = ["Recent moves:"]
    for mover, text in log:
        lines += _wrap(f"  {seat_name(mover, team)}: {text}", indent="      ")
    return lines
