"""En Route's public parts in words: each seat's map and the table (present.py builds the
whole document, with the seat's own sections, from these).

A seat's section says what its map shows as the observation has it (for the other seats: as
last shown, since a secret Drawing phase is shown only when every seat has drawn): its board,
tourists by location with the board's coordinates, route segments as the crossroads they join,
Cafés, Balance cards, the Hand Craft Festival points reached. The table: the round, the phase
and who decides, the cards placed and the Round cards, the solo Card Sequence and Challenge,
the Iconic Landmarks' ratings and the Goals in play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletrip.core.phrases import listing, plural
from tabletrip.core.presentation import (
    Block,
    Card,
    Cards,
    Item,
    Items,
    Section,
    Sentence,
    Table,
    Value,
    Values,
)
from tabletrip.games.en_route.content import TOURIST_TYPES
from tabletrip.games.en_route.content import Card as CityCard
from tabletrip.games.en_route.geometry import LOCATIONS, crossroads_on_route, locations_on_route
from tabletrip.games.en_route.phases import MAX_UPGRADES
from tabletrip.games.en_route.present_words import (
    BONUS_NAMES,
    LEVEL_NAMES,
    MODE_NAMES,
    card_by_id,
    card_detail,
    card_title,
    goal_by_id,
    goal_needed,
    landmark_words,
    location_at,
    objective_crossroads,
    objective_words,
    seat_name,
    seat_words,
    segment_words,
    segments,
    teammate,
    tourists_sentence,
    tourists_words,
)
from tabletrip.games.en_route.scoring import CAFE_BONUS_PP

if TYPE_CHECKING:
    from tabletrip.games.en_route.content import City
    from tabletrip.games.en_route.rules import EnRouteGame

Obs = Mapping[str, Any]

PHASE_NAMES = {
    "objective": "Setup: Personal Objectives",
    "begin_place": "Beginning round: Tourist selection phase",
    "begin_choose": "Beginning round: Tourist selection phase",
    "first_card": "Tourist selection phase",
    "second_card": "Tourist selection phase",
    "keep_card": "Tourist selection phase",
    "solo_play": "Tourist selection phase",
    "solo_take": "Tourist selection phase",
    "rate": "Tourist selection phase: Iconic Landmark ratings",
    "draw": "Drawing phase",
    "final_route": "End of the game: the final route",
    "over": "Game over",
}


def card_of(city: City, card_id: str | None) -> CityCard | None:
    """The City deck card of a notation id (None for a face-down card or an unknown id)."""
    return None if card_id is None else card_by_id(city, card_id)


def card_block(city: City, ids: Sequence[str | None], empty: str) -> Cards:
    """Cards by name, with what each shows as the detail."""
    cards = [card_of(city, i) for i in ids]
    return Cards(
        tuple(Card(card_title(city, c), 1, detail=card_detail(city, c)) for c in cards if c),
        empty=empty,
    )


def is_beginning_round(game: EnRouteGame, round_number: int) -> bool:
    """A 3-4 player beginning round (no active player; each seat chooses its own cards)."""
    if game.team or game.solo:
        return False
    return (game.players == 3 and round_number == 1) or (game.players == 4 and round_number <= 2)


def drawing_hidden(game: EnRouteGame, round_number: int) -> bool:
    """Maps drawn this Drawing phase are shown only when every seat has drawn."""
    clockwise = bool(game.options.get("clockwise"))
    return is_beginning_round(game, round_number) or not (clockwise or game.players == 1)


def round_tourists(first: CityCard, second: CityCard) -> str:
    """The tourists two Round cards give ("Repeat Cards": the other card's type twice more)."""
    if first.is_repeat and second.is_repeat:
        return "2 tourists of any one type, each player's own choice"
    if first.is_repeat or second.is_repeat:
        shown = second.tourists if first.is_repeat else first.tourists
        types = [t for t, n in zip(TOURIST_TYPES, shown, strict=True) if n]
        if len(types) == 1:
            index = TOURIST_TYPES.index(types[0])
            total = [n + (2 if i == index else 0) for i, n in enumerate(shown)]
            return tourists_sentence(total)
        return f"{tourists_sentence(shown)}, and 2 more of {listing(types, 'or')}"
    both = [a + b for a, b in zip(first.tourists, second.tourists, strict=True)]
    return tourists_sentence(both)


# --- each seat's map ------------------------------------------------------------


def _seat_title(game: EnRouteGame, seat: int, viewer: int | None) -> str:
    title = seat_name(seat) + (" (you)" if seat == viewer else "")
    if game.team:
        mate = teammate(seat)
        title += f", in a team with {seat_words(mate, viewer)}"
    return title


def seat_section(game: EnRouteGame, observation: Obs, seat: int, viewer: int | None) -> Section:
    """One seat's public area: its map in words."""
    city = game.city
    sheet = observation["sheets"][seat]
    tourists: dict[int, Sequence[int]] = {int(k): v for k, v in sheet["tourists"].items()}
    totals = [sum(t[i] for t in tourists.values()) for i in range(3)]
    sections = list(sheet["sections"])
    values = [Value("Player board", city.board_numbers[sheet["board"]])]
    if len(observation["hand_sizes"]) > 1:
        values.append(Value("Cards in hand", observation["hand_sizes"][seat]))
    values.append(
        Value("Tourists", f"{sum(totals)}: {tourists_words(totals)}" if sum(totals) else "none")
    )
    values.append(Value("Route sections", len(sections)))
    if game.use_cafes:
        unused = len(set(sheet["cafes_gained"]) - set(sheet["cafes_used"]))
        values.append(Value("Cafés visited", len(sheet["cafes_gained"])))
        worth = f"{unused}, {unused * CAFE_BONUS_PP} PP at the end" if unused else "none"
        values.append(Value("Unused Café bonuses", worth))
    if city.vta_crossroads and city.vta_name:
        reached = crossroads_on_route(sections)
        count = sum(1 for c in city.vta_crossroads if reached >> c & 1)
        values.append(Value(f"{city.vta_name} points reached", count, of=len(city.vta_crossroads)))
    if game.balance[seat]:
        left = [BONUS_NAMES[side] for side in sheet["balance"]]
        values.append(Value("Balance cards", listing(left) if left else "all used"))
    if observation["phase"] != "over":
        values.append(Value("Hand renewal", "used" if sheet["renewed"] else "not yet"))
    revealed = observation.get("objectives")
    if revealed and revealed[seat]:
        crossroads = objective_crossroads(city, revealed[seat])
        values.append(Value("Personal Objective", objective_words(crossroads)))
    blocks: list[Block] = [Values(tuple(values))]
    if (
        seat != viewer
        and observation["phase"] == "draw"
        and drawing_hidden(game, observation["round"])
    ):
        blocks.append(
            Sentence("Its map as last shown: this Drawing phase is shown once everyone has drawn.")
        )
    blocks.append(_tourist_table(city, sheet["board"], tourists))
    blocks.append(
        Items(
            tuple(Item(*segment_words(group)) for group in segments(sections)),
            empty="no route sections yet",
        )
    )
    along = [
        landmark_words(city, loc)
        for loc in range(LOCATIONS)
        if locations_on_route(sections) >> loc & 1 and city.landmark[loc]
    ]
    if along:
        blocks.append(Sentence(f"Landmarks along its route sections: {', '.join(along)}."))
    if game.use_cafes:
        blocks.append(_cafe_items(city, sheet))
    return Section(_seat_title(game, seat, viewer), tuple(blocks), "seat", seat)


def _tourist_table(city: City, board: int, tourists: Mapping[int, Sequence[int]]) -> Table:
    """Tourists by location, each named by the coordinates its seat's board prints."""
    rows = tuple(
        (
            location_at(city, board, loc),
            landmark_words(city, loc) or "none",
            tourists_words(counts) or "none",
        )
        for loc, counts in sorted(tourists.items())
    )
    return Table(("Location", "Landmark", "Tourists"), rows, empty="no tourists marked yet")


def _cafe_items(city: City, sheet: Obs) -> Items:
    used = set(sheet["cafes_used"])
    items = []
    for k in sheet["cafes_gained"]:
        cafe = city.cafes[k]
        bonus = BONUS_NAMES.get(cafe.bonus, "a")
        if cafe.bonus == "new_tourists":
            bonus += f" ({tourists_words(cafe.tourists)})"
        status = "bonus used" if k in used else f"bonus unused, {CAFE_BONUS_PP} PP at the end"
        items.append(Item(cafe.name, f"{bonus} bonus, {status}"))
    return Items(tuple(items), empty="no Café visited yet")


# --- the table --------------------------------------------------------------------------------


def table_sections(game: EnRouteGame, observation: Obs, viewer: int | None) -> list[Section]:
    """What is shared: the round, the cards on the table, the Card Sequence, ratings, Goals."""
    sections = [Section("The round", tuple(_round_blocks(game, observation, viewer)), "table")]
    cards = _cards_blocks(game, observation)
    if cards:
        sections.append(Section("Cards on the table", tuple(cards), "table"))
    if game.solo and any(c is not None for c in observation.get("sequence") or ()):
        sections.append(Section("Card Sequence", (_sequence_items(game, observation),), "table"))
    sections.append(Section("Iconic Landmarks", _iconic_blocks(game, observation), "table"))
    goals = observation.get("goals") or []
    if goals:
        sections.append(Section("Goals", (_goal_items(game, goals),), "table"))
    return sections


def _round_blocks(game: EnRouteGame, observation: Obs, viewer: int | None) -> list[Block]:
    city = game.city
    phase = observation["phase"]
    rounds = observation["rounds"]
    round_number = min(observation["round"], rounds)
    values = [Value("Round", round_number, of=rounds), Value("Phase", PHASE_NAMES[phase])]
    regular = phase in ("first_card", "second_card", "keep_card", "rate", "draw")
    if game.players > 1 and regular:
        if is_beginning_round(game, round_number):
            values.append(Value("Active player", "none in a beginning round"))
        else:
            values.append(Value("Active player", seat_words(observation["active"], viewer)))
    values.append(Value("City deck", plural(observation["deck_size"], "card")))
    values.append(Value("Discard pile", plural(len(observation["discards"]), "card")))
    if game.solo:
        pp, goals = game.challenge
        needed = f"{pp} PP" + (f" and {plural(goals, 'Goal')} completed" if goals else "")
        values.append(Value("Challenge", needed))
    setting = f"{city.name}, {LEVEL_NAMES[game.options['level']]}, {MODE_NAMES[game.mode]}"
    if game.players > 1:
        if game.options.get("clockwise"):
            setting += "; the Drawing phase is played in turn, in the open"
        else:
            setting += "; the Drawing phase is played in secret, maps shown when all have drawn"
    blocks: list[Block] = [Values(tuple(values)), Sentence(setting + ".")]
    blocks.append(Sentence(_turn_sentence(game, observation, viewer)))
    drawing = observation.get("drawing") or []
    if drawing:
        blocks.append(
            Sentence(f"Still to draw: {listing([seat_words(s, viewer) for s in drawing])}.")
        )
    return blocks


def _turn_sentence(game: EnRouteGame, observation: Obs, viewer: int | None) -> str:
    phase = observation["phase"]
    if phase == "over":
        return "The game is over: every final route is chosen and scored."
    current = observation["current_player"]
    if game.team:
        offer = "place a card face up for their teammate, the active player"
        neighbours = "one of their teammate's two cards"
    elif game.players == 2:
        offer = "place a card face down for the active player (two in all)"
        neighbours = "one of their opponent's two cards"
    else:
        offer = "place a card face down for the active player"
        neighbours = "one of the neighbours' cards"
    what = {
        "objective": "keep one of their two Personal Objective cards",
        "begin_place": "place a card face down (every player places one)",
        "begin_choose": "choose 2 of the placed cards as their own Round cards",
        "first_card": "place the first Round card face up",
        "second_card": offer,
        "keep_card": f"keep {neighbours} as the second Round card",
        "solo_play": "place a Round card from the hand",
        "solo_take": "take a face-up card of the Card Sequence as the second Round card",
        "rate": "rate an Iconic Landmark up or down for a symbol on the Round cards",
        "draw": "select a location, mark the tourists and chart a route segment",
        "final_route": "choose a final route",
    }.get(phase, "decide")
    if current == viewer:
        return f"Your turn: {what.replace('their ', 'your ').replace(' the hand', ' your hand')}."
    return f"{seat_name(current)} to {what}."


def _cards_blocks(game: EnRouteGame, observation: Obs) -> list[Block]:
    city = game.city
    blocks: list[Block] = []
    round_cards = observation.get("round_cards") or []
    if round_cards:
        blocks.append(card_block(city, round_cards, "none"))
        cards = [card_of(city, c) for c in round_cards]
        if len(cards) == 2 and cards[0] and cards[1]:
            blocks.append(
                Sentence(
                    f"Round cards: coordinates {cards[0].number} and {cards[1].number}; "
                    f"{round_tourists(cards[0], cards[1])}."
                )
            )
        elif cards and cards[0]:
            blocks.append(Sentence("The first Round card is placed."))
    placed = [p for p in observation.get("placed") or () if p["card"] not in round_cards]
    if placed:
        rows = []
        first = observation["phase"] in ("second_card", "keep_card") and not game.solo
        for p in placed:
            card = card_of(city, p["card"])
            shown = (card_title(city, card), card_detail(city, card)) if card else ("face down", "")
            who = seat_name(p["seat"])
            if first and p["seat"] == observation["active"]:
                who += ", the first Round card"
            rows.append((who, *shown))
        blocks.append(Table(("Placed by", "Card", "Shows"), tuple(rows)))
    return blocks


def _sequence_items(game: EnRouteGame, observation: Obs) -> Items:
    city = game.city
    rows: dict[int, list[str]] = {}
    for position, card_id in enumerate(observation.get("sequence") or ()):
        if card_id is None:
            shown = "taken"
        elif card_id == "face down":
            shown = "face down"
        else:
            card = card_of(city, card_id)
            shown = f"{card_title(city, card)} ({card_detail(city, card)})" if card else "face up"
        rows.setdefault(city.solo_rows[position], []).append(shown)
    last = max(rows, default=0)
    items = tuple(
        Item(
            f"Row {row}" + (" (top)" if row == 1 else " (lower)" if row == last else ""),
            "; ".join(rows[row]),
        )
        for row in sorted(rows)
    )
    return Items(items, empty="every card taken")


def _iconic_blocks(game: EnRouteGame, observation: Obs) -> tuple[Block, ...]:
    city = game.city
    ratings = observation.get("ratings") or {}
    viewer = observation.get("seat")
    # Each board prints its own coordinates: a seat reads where a Landmark is on its own map.
    board = None if viewer is None else observation["sheets"][viewer]["board"]
    rows = []
    for k, iconic in enumerate(city.iconic_ids):
        track = city.iconic_tracks[k]
        pp = ratings.get(iconic, track[0])
        marks = track.index(pp) if pp in track else 0
        where = () if board is None else (location_at(city, board, city.iconic_locations[k]),)
        rows.append(
            (
                city.iconic_names[k],
                *where,
                f"{pp} PP",
                f"{marks} of {MAX_UPGRADES}",
                ", ".join(str(v) for v in track) + " PP",
            )
        )
    columns = ("Iconic Landmark", *(() if board is None else ("On your map",)))
    table = Table((*columns, "Rating", "Upgrades", "Track"), tuple(rows))
    if game.advanced:
        rule = (
            "Advanced mode: for each Iconic symbol on the Round cards the active player rates "
            "that Landmark up or down (in beginning rounds it only goes up)."
        )
    else:
        rule = "Each Iconic symbol on the Round cards upgrades that Landmark's rating."
    return (table, Sentence(rule))


def _goal_items(game: EnRouteGame, goals: Sequence[str]) -> Items:
    items = []
    for goal_id in goals:
        goal = goal_by_id(game.city, goal_id)
        if goal is None:
            continue
        if game.solo:
            detail = f"{goal.text} Complete it for the Challenge ({goal_needed(goal)})."
        else:
            detail = f"{goal.text} Goal Achiever {goal.achiever} PP, Goal Winner {goal.winner} PP."
        items.append(Item(f"Goal {goal.id}", detail))
    return Items(tuple(items), empty="no Goals")
