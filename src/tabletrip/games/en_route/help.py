"""En Route decision help: what the seat to move must decide, in tabletrip's own words.

Two tables of texts, both data:

- `HELP`, by decision (the phase, with the variants of the modes and player counts), read by
  `decision_help`. The server sends this text to the seat to move only (which decision a seat
  faces may follow from hidden plays), and it is built from public facts alone all the same:
  the phase, the round, the active player, the Round cards on the table, the ratings. A
  drawing turn is secret while it is played (RULES_NOTES, "Simultaneous phases"), so its text
  covers the whole turn and never tells which step the seat has reached.
- `STEP_HELP`, by step of a drawing turn (select a location, chart, bonuses, a New tourists
  Café): the seat's own board (svg_table.py) shows the step it is at, with its numbers, to that
  seat only.

A text is 1-4 short sentences: the choices, what they do, the rules that limit them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.games.en_route.actions import Renew
from tabletrip.games.en_route.phases import (
    BEGIN_CHOOSE,
    BEGIN_PLACE,
    DRAW,
    FINAL,
    FIRST,
    KEEP,
    OBJECTIVE,
    OVER,
    PHASE_NAMES,
    RATE,
    SECOND,
    SOLO_PLAY,
    SOLO_TAKE,
)

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteState

HELP: dict[str, str] = {
    "objective": (
        "Keep one of the two Personal Objective cards dealt to you; the other leaves the game "
        "unseen. At the end, if your final route passes at least 2 of its 3 crossroads, you "
        "score 1 PP for each section of the longest stretch of route between two of them."
    ),
    "begin_place": (
        "Beginning round: place one card from your hand face down. When everybody has, the "
        "cards are turned up and each player picks two of them as their own Round cards."
    ),
    "begin_choose": (
        "Beginning round: pick 2 of the {placed} cards on the table as your Round cards for "
        "this round. Nobody sees your choice or your map until the beginning rounds are over."
    ),
    "begin_choose_4": (
        "Beginning round: pick 2 of the 4 cards on the table as your Round cards for this "
        "round; the other 2 will be yours next round. Nobody sees your choice or your map "
        "until the beginning rounds are over."
    ),
    "first_card": (
        "You are the active player: place a card from your hand face up as the first Round "
        "card. Your neighbours then offer a card each and you keep one of theirs as the "
        "second; the two set this round's coordinates and tourists for everybody."
    ),
    "first_card_2": (
        "You are the active player: place a card from your hand face up as the first Round "
        "card. Your opponent then offers two cards and you keep one as the second; the two "
        "set this round's coordinates and tourists for both of you."
    ),
    "first_card_team": (
        "You are the active player: place a card from your hand face up as the first Round "
        "card. Your teammate then offers two cards face up and you keep one as the second; "
        "the two set this round's coordinates and tourists for everybody."
    ),
    "second_card": (
        "Offer a card from your hand, face down, to {active}, the active player. They "
        "keep one of the offered cards as the second Round card and put the other under the "
        "City deck."
    ),
    "second_card_2": (
        "Offer a card from your hand, face down, to your opponent, the active player (you "
        "offer two, one at a time). They keep one as the second Round card and put the other "
        "under the City deck."
    ),
    "second_card_team": (
        "Offer a card face up to your teammate, the active player (you offer two, one at a "
        "time; you may talk about routes, not about your cards). They keep one as the second "
        "Round card."
    ),
    "keep_card": (
        "Keep one of the offered cards as the second Round card, next to your own first card; "
        "the other goes under the City deck. Mind the coordinates and tourists the pair gives "
        "everybody, you included."
    ),
    "solo_play": (
        "Place a card from your hand as the first Round card. Then you take a face-up card "
        "from the Card Sequence as the second."
    ),
    "solo_take": (
        "Take a face-up card from the Card Sequence as the second Round card. Cards no longer "
        "covered turn face up at the end of the round."
    ),
    "rate": (
        "Advanced mode: a Round card shows {landmark}, now worth {pp} PP. Move its rating one "
        "box up or down; it may stay only when it is already at the top or the bottom."
    ),
    "draw": (
        "Your drawing turn, in order: select an empty location whose coordinates are the two "
        "Round cards' numbers (either way round) and mark the round's tourists there; chart 2 "
        "sections in a straight line or an L along its edge, or 1 section anywhere; then use "
        "Route section bonuses or finish with done. If no matching location is free, mark 1 "
        "tourist of any type in any empty location and chart just 1 section. Coordinate "
        "changes are spent before selecting; a New tourists Café you reach is used at once or "
        "kept for 2 PP."
    ),
    "draw_beginning": (
        "Your drawing turn, with the two Round cards you chose, in order: select an empty "
        "location whose coordinates are their numbers (either way round) and mark their "
        "tourists there; chart 2 sections in a straight line or an L along its edge, or 1 "
        "section anywhere; then use Route section bonuses or finish with done. Nobody sees your "
        "map until the beginning rounds are over."
    ),
    "final_route": (
        "Choose your final route: one unbroken line along your drawn sections, each used "
        "once (it may cross itself or loop). Tourists off it leave; its Landmarks, "
        "Visit-Them-All points and objective crossroads score. The best routes are listed "
        "first, and any other valid route may be typed."
    ),
    "renew": (
        "Once a game you may instead renew your hand: 1 to 3 cards go under the City deck and "
        "you draw as many."
    ),
}


# The steps of a drawing turn, shown on the seat's own board only (see the module docstring).
STEP_HELP: dict[str, str] = {
    "place": (
        "Now: select an empty location whose coordinates are {a} and {b}, either way round, "
        "and mark {tourists} there. A location that already holds tourists cannot be chosen."
    ),
    "place_fallback": (
        "Now: no empty location matches {a} and {b}, so mark 1 tourist of any type in any "
        "empty location; then you chart just 1 section, anywhere."
    ),
    "coordinate": (
        "You may first spend a Coordinate change: one Round card's number moves by 1 (6 and 1 "
        "wrap around), for your map only."
    ),
    "chart": (
        "Now: chart 2 sections in a straight line or an L, at least one along an edge of "
        "{location}, or 1 section anywhere. A drawn section cannot be drawn again."
    ),
    "chart_fallback": "Now: chart 1 section anywhere on your map.",
    "route_bonus": "You may also spend a Route section bonus on 1 extra section anywhere.",
    "extras": (
        "Now: spend a Route section bonus on 1 more section anywhere, or end your turn with "
        "done. A Café bonus kept unused scores 2 PP at the end; a Balance card scores nothing."
    ),
    "cafe": (
        "Now: your route reached {cafe}, a New tourists Café. Add {tourists} to {location} "
        "now, or never; left unused, it scores 2 PP at the end."
    ),
}


def _variant(state: EnRouteState, key: str) -> str:
    """`key` itself, or its team (`_team`) or 2-player (`_2`) variant."""
    game = state.game
    if game.team and f"{key}_team" in HELP:
        return HELP[f"{key}_team"]
    if game.players == 2 and f"{key}_2" in HELP:
        return HELP[f"{key}_2"]
    return HELP[key]


def decision_help(state: EnRouteState) -> str:
    """The help text of the decision the seat to move faces now ("" once the game is over).

    Built from public facts only: every viewer may be shown it (see the module docstring).
    """
    phase = state.phase
    if phase == OVER:
        return ""
    game = state.game
    parts: list[str] = []
    if phase == OBJECTIVE:
        parts.append(HELP["objective"])
    elif phase == BEGIN_PLACE:
        parts.append(HELP["begin_place"])
    elif phase == BEGIN_CHOOSE:
        key = "begin_choose_4" if game.players == 4 else "begin_choose"
        parts.append(HELP[key].format(placed=len(state.placed)))
    elif phase in (FIRST, SECOND):
        key = "first_card" if phase == FIRST else "second_card"
        parts.append(_variant(state, key).format(active=f"Player {state.active + 1}"))
    elif phase == KEEP:
        parts.append(HELP["keep_card"])
    elif phase == SOLO_PLAY:
        parts.append(HELP["solo_play"])
    elif phase == SOLO_TAKE:
        parts.append(HELP["solo_take"])
    elif phase == RATE:
        iconic = state.rate_queue[0]
        city = game.city
        parts.append(
            HELP["rate"].format(
                landmark=city.iconic_names[iconic],
                pp=city.iconic_rating(iconic, state.marks[iconic]),
            )
        )
    elif phase == DRAW:
        parts.append(HELP["draw_beginning" if state.is_beginning_round() else "draw"])
    elif phase == FINAL:
        parts.append(HELP["final_route"])
    else:  # a phase added later without a text: say at least where the game is
        parts.append(f"Decide for the {PHASE_NAMES[phase].replace('_', ' ')} phase.")
    # Whether the hand may be renewed is public: renewals are marked on the maps as they happen.
    if phase in (FIRST, SECOND, BEGIN_PLACE, SOLO_PLAY) and any(
        isinstance(a, Renew) for a in state.legal_actions()
    ):
        parts.append(HELP["renew"])
    return " ".join(parts)
