"""En Route's action indices and vector positions named in the game's words (`--names`).

An index or position is named after its block or field, then what it stands for, as the
presentation names it (present_words.py): a card by its id and what it shows (`play city-03
(First City card 2, 2 blue, Tele-Vision Tower symbol)`), a location by its Landmark and grid
place (`mark Inkwell Gallery (c4r4) as the Round cards say`), a section by its crossroads
(`chart_one (2, 3)–(3, 3)`), a Café by its name and crossroads. Where an index means a place
rather than a thing (a hand card in deck order, a placer's relative seat, a listed final route)
it is named by that place, counted from 1 as a person counts (`renew hand cards 1 and 3 (in deck
order)`; `route candidate 1` is the best listed route, index `start + 0`). Relative seats are
`you` (the player to move for actions, the observer for the vector), then `seat +1`, `seat +2`,
... in turn order.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletrip.core.encoding import ActionBlock, Field, block_names, field_names, relative_seat
from tabletrip.core.phrases import listing, plural
from tabletrip.games.en_route.content import City, Goal
from tabletrip.games.en_route.encoding_actions import (
    CHART_PAIRS,
    DIRECTION_PAIRS,
    MARK_TOURISTS,
    RATE_CHANGES,
    SEAT_PAIRS,
)
from tabletrip.games.en_route.geometry import (
    CROSSROADS,
    LOCATIONS,
    MAP_SIZE,
    SECTIONS,
    other_end,
)
from tabletrip.games.en_route.phases import MAX_UPGRADES, PHASE_NAMES
from tabletrip.games.en_route.present_words import (
    BONUS_NAMES,
    card_detail,
    card_title,
    chain_words,
    crossroads_name,
    crossroads_place,
    goal_value,
    objective_words,
    place_words,
    section_words,
    tourists_words,
)
from tabletrip.games.en_route.rules import FINAL_CHOICES
from tabletrip.games.en_route.sheet import TOURIST_TYPES

DIRECTION_LETTERS = ("N", "E", "S", "W")
RATE_WORDS = {1: "up", -1: "down", 0: "stays"}
BALANCE_WORDS = (BONUS_NAMES["route_section"], BONUS_NAMES["coordinate_change"])


def card_label(city: City, card: int) -> str:
    """`city-03 (First City card 2, 2 blue, Tele-Vision Tower symbol)`: a deck card's id, kind,
    coordinate number and what it shows (`repeat-1 (Repeat card 1)`)."""
    shown = city.deck[card]
    if shown.is_repeat:
        return f"{shown.id} ({card_title(city, shown)})"
    return f"{shown.id} ({card_title(city, shown)}, {card_detail(city, shown)})"


def cafe_label(city: City, cafe: int) -> str:
    """`Café Carousel (2, 0), New tourists 1 red`: a Café, its crossroads and its bonus."""
    found = city.cafes[cafe]
    gift = tourists_words(found.tourists)
    bonus = BONUS_NAMES[found.bonus] + (f" {gift}" if gift else "")
    return f"{found.name} {crossroads_name(found.crossroads)}, {bonus}"


def iconic_label(city: City, iconic: int) -> str:
    """`School of Illusion and Pottery (c2r4)`: an Iconic Landmark and its location."""
    return place_words(city, city.iconic_locations[iconic])


def objective_label(city: City, objective: int) -> str:
    """`objective-1: crossroads (1, 1), (5, 5) and (2, 5)`."""
    return f"{city.objective_ids[objective]}: {objective_words(city.objectives[objective])}"


def chart_two_label(slot: int) -> str:
    """A `chart_two` slot as the crossroads its two sections join, through the one they share,
    in reading order: `(2, 1)–(3, 1)–(4, 1)`; a slot leaving the map by crossroads and
    directions: `(0, 0) N+E, off the map`."""
    crossroads, pair = divmod(slot, len(DIRECTION_PAIRS))
    sections = CHART_PAIRS[slot]
    if sections is None:
        directions = "+".join(DIRECTION_LETTERS[d] for d in DIRECTION_PAIRS[pair])
        return f"{crossroads_name(crossroads)} {directions}, off the map"
    near, far = sorted(other_end(section, crossroads) for section in sections)
    return chain_words((near, crossroads, far))


def goal_label(goal: Goal) -> str:
    """`A1: at least 16 route sections`: a Goal card's id and what it asks."""
    bound = "at least" if goal.sign == "+" else "at most"
    return f"{goal.id}: {bound} {goal_value(goal, goal.threshold)}"


def hand_places(mask: int) -> str:
    """`hand cards 1 and 3 (in deck order)`: the hand places a renewal mask's bits stand for."""
    places = [str(bit + 1) for bit in range(mask.bit_length()) if mask >> bit & 1]
    cards = "hand card" if len(places) == 1 else "hand cards"
    return f"{cards} {listing(places)} (in deck order)"


def candidate_word(candidate: int) -> str:
    """`candidate 1`: the k-th listed final route (k from 0), counted from 1."""
    return f"candidate {candidate + 1}"


def action_entry_names(city: City) -> dict[str, list[str]]:
    """Per action block but `done`, what each index stands for, in index order."""
    cards = range(len(city.deck))
    cafe_choices = ("use now", "keep for 2 PP")
    return {
        "objective": [f"keep {objective_label(city, o)}" for o in range(len(city.objectives))],
        "play": [card_label(city, c) for c in cards],
        "keep": [card_label(city, c) for c in cards],
        "choose": [
            f"cards placed by {relative_seat(first)} and {relative_seat(second)}"
            for first, second in SEAT_PAIRS
        ],
        "rate": [
            f"{iconic_label(city, i)} {RATE_WORDS[change]}"
            for i in range(len(city.iconic_ids))
            for change in RATE_CHANGES
        ],
        "renew": [
            hand_places(mask) for mask in range(1, 2 ** max(city.hand_size, city.solo_hand_size))
        ],
        "coordinate": [
            f"Round card {which + 1} {delta}" for which in range(2) for delta in ("+1", "-1")
        ],
        "mark": [
            f"{place_words(city, location)} "
            + (f"choosing {tourist}" if tourist else "as the Round cards say")
            for location in range(LOCATIONS)
            for tourist in MARK_TOURISTS
        ],
        "chart_one": [section_words(s) for s in range(SECTIONS)],
        "chart_two": [chart_two_label(slot) for slot in range(len(CHART_PAIRS))],
        "extra": [section_words(s) for s in range(SECTIONS)],
        "cafe": [
            f"{cafe_label(city, k)}: {choice}"
            for k in range(len(city.cafes))
            for choice in cafe_choices
        ],
        "route": [candidate_word(k) for k in range(FINAL_CHOICES)],
    }


def action_names(blocks: Sequence[ActionBlock], city: City) -> list[str]:
    """Every action index named in the game's words, in index order."""
    return block_names(blocks, action_entry_names(city))


def _per_seat(players: int, entries: Sequence[str]) -> list[str]:
    """`you: <entry>` for each entry, then the same for `seat +1`, ... (seat-major order)."""
    return [f"{relative_seat(r)}: {entry}" for r in range(players) for entry in entries]


def position_entry_names(
    city: City, players: int, turn_status: Sequence[str], sequence_states: Sequence[str]
) -> dict[str, list[str]]:
    """Per vector field but the single flags, what each position stands for, in order (the
    words of the one-hot `turn_status` and `sequence_state` values as the encoding has them)."""
    cards = [card_label(city, c) for c in range(len(city.deck))]
    locations = [place_words(city, location) for location in range(LOCATIONS)]
    sections = [section_words(s) for s in range(SECTIONS)]
    cafes = [cafe_label(city, k) for k in range(len(city.cafes))]
    seats = [relative_seat(r) for r in range(players)]
    objectives = [objective_label(city, o) for o in range(len(city.objectives))]
    round_cards = [f"Round card {which + 1}" for which in range(2)]
    candidates = [candidate_word(k) for k in range(FINAL_CHOICES)]
    sequence = [f"position {slot + 1} (row {row})" for slot, row in enumerate(city.solo_rows)]
    return {
        "phase": list(PHASE_NAMES),
        "to_move": seats,
        "still_to_draw": seats,
        "active": seats,
        "ratings": [
            f"{iconic_label(city, i)}: "
            f"{plural(marks, 'upgrade box', 'upgrade boxes')} marked, {track[marks]} PP"
            for i, track in enumerate(city.iconic_tracks)
            for marks in range(MAX_UPGRADES + 1)
        ],
        "goals": [goal_label(goal) for goal in city.goals],
        "hand": cards,
        "hand_sizes": seats,
        "objective": objectives,
        "objective_offer": objectives,
        "objective_crossroads": [crossroads_place(city, c) for c in range(CROSSROADS)],
        "placed_cards": _per_seat(players, cards),
        "placed_hidden": seats,
        "round_cards": cards,
        "beginning_pair": cards,
        "beginning_next_pair": cards,
        "turn_status": list(turn_status),
        "turn_cards": [f"{which}: {card}" for which in round_cards for card in cards],
        "turn_values": [
            f"{which} number {n}" for which in round_cards for n in range(1, MAP_SIZE + 1)
        ],
        "turn_location": locations,
        "pending_cafes": cafes,
        "map_tourists": _per_seat(
            players, [f"{place} {tourist}" for place in locations for tourist in TOURIST_TYPES]
        ),
        "map_occupied": _per_seat(players, locations),
        "map_sections": _per_seat(players, sections),
        "map_cafes_gained": _per_seat(players, cafes),
        "map_cafes_used": _per_seat(players, cafes),
        "map_balance": _per_seat(players, BALANCE_WORDS),
        "map_renewed": seats,
        "map_board": _per_seat(players, [f"Player board {n}" for n in city.board_numbers]),
        "discards": cards,
        "route_exists": candidates,
        "route_sections": [f"{k}: {s}" for k in candidates for s in sections],
        "route_points": candidates,
        "sequence_state": [f"{slot}: {state}" for slot in sequence for state in sequence_states],
        "sequence_cards": [f"{slot}: {card}" for slot in sequence for card in cards],
    }


def position_names(
    fields: Sequence[Field],
    city: City,
    players: int,
    turn_status: Sequence[str],
    sequence_states: Sequence[str],
) -> list[str]:
    """Every vector position named in the game's words, in vector order; a field of one flag
    or scaled count (`round`, `deck_size`) by its name alone."""
    entries = position_entry_names(city, players, turn_status, sequence_states)
    return field_names(fields, entries)
