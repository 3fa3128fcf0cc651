"""En Route in its own words: what a seat sees, its score rows, the outcome, moves.

Everything here is built from an observation (a seat's or the public one) and the game's
static content (its City and the options every player knows before the game) only, so it can
never show what the seat may not see. Only what the level and mode have is shown: no Cafés,
Personal Objectives or Goals where the level leaves them out, the Card Sequence and the
Challenge in solo only, teammates in team mode only. This module builds the seat's own
sections (hand, Personal Objective, drawing turn, final route); present_public.py each seat's
map and the table; present_words.py names everything; present_score.py gives the score rows
and the outcome; present_actions.py the seat's legal moves in words and present_steps.py the
steps they are chosen in; present_guide.py the notation's forms and the rules summary;
present_lookups.py the `grid`, `landmarks` and `cafes` references.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletrip.core.phrases import listing
from tabletrip.core.presentation import (
    Block,
    Card,
    Cards,
    Document,
    Item,
    Items,
    Lookup,
    NotationForm,
    Presentation,
    ScoreRow,
    Section,
    Sentence,
    Value,
    Values,
)
from tabletrip.games.en_route.content import Card as CityCard
from tabletrip.games.en_route.geometry import (
    LOCATIONS,
    crossroads_on_route,
    locations_on_route,
)
from tabletrip.games.en_route.present_actions import action_words
from tabletrip.games.en_route.present_guide import notation_forms, rules_summary
from tabletrip.games.en_route.present_lookups import lookup, lookups
from tabletrip.games.en_route.present_public import (
    card_block,
    card_of,
    is_beginning_round,
    round_tourists,
    seat_section,
    table_sections,
)
from tabletrip.games.en_route.present_score import build_outcome, build_score_rows
from tabletrip.games.en_route.present_steps import action_steps
from tabletrip.games.en_route.present_words import (
    card_detail,
    card_title,
    crossroads_words,
    landmark_words,
    move_words,
    objective_crossroads,
    objective_words,
    place_at,
    route_words,
    tourists_sentence,
    tourists_words,
)
from tabletrip.games.en_route.rules import EnRouteGame
from tabletrip.games.en_route.scoring import CAFE_BONUS_PP, trail_sections

if TYPE_CHECKING:
    from tabletrip.core.actions import Action, JsonDict
    from tabletrip.core.game import Game, Result

Obs = Mapping[str, Any]

STEP_WORDS = {
    "place": "select a location and mark the tourists",
    "chart": "chart a route segment",
    "extras": "use a Route section bonus, or end the turn",
}


def _game(game: Game) -> EnRouteGame:
    """The game's static content and options: the presentation reads nothing else of it."""
    if not isinstance(game, EnRouteGame):
        raise TypeError(f"not an En Route game: {type(game).__name__}")
    return game


# --- the document ---------------------------------------------------------------------------


def build_document(game: EnRouteGame, observation: Obs) -> Document:
    """What the observation's seat (or a spectator, for the public observation) sees."""
    viewer = observation.get("seat")
    sections: list[Section] = []
    if viewer is not None:
        sections += _own_sections(game, observation, viewer)
    sections += [
        seat_section(game, observation, seat, viewer) for seat in range(len(observation["sheets"]))
    ]
    sections += table_sections(game, observation, viewer)
    return Document(tuple(sections))


def _own_sections(game: EnRouteGame, observation: Obs, seat: int) -> list[Section]:
    city = game.city
    sheet = observation["sheets"][seat]
    hand: list[Block] = [_hand_block(game, observation.get("hand") or [])]
    if observation["phase"] != "over":
        renewal = "used" if sheet["renewed"] else "still possible, once a game"
        hand.append(Sentence(f"A card's number is its coordinate. Hand renewal: {renewal}."))
    sections = [Section("Your hand", tuple(hand), "mine", seat)]
    offer = observation.get("objective_offer") or []
    if offer:
        items = tuple(
            Item(f"Personal Objective {n + 1}", objective_words(objective_crossroads(city, o)))
            for n, o in enumerate(offer)
        )
        keep = (
            "Keep one; the other leaves the game unseen. At the end, 2 of its crossroads on "
            "your final route score 1 PP for each section between them."
        )
        sections.append(
            Section("Choose a Personal Objective", (Items(items), Sentence(keep)), "mine", seat)
        )
    objective = observation.get("objective")
    if objective:
        sections.append(_objective_section(game, observation, seat, objective["crossroads"]))
    turn = observation.get("turn")
    if turn:
        sections.append(_turn_section(game, observation, seat, turn))
    else:
        chosen = _chosen_round_cards(game, observation)
        if chosen:
            sections.append(Section("Your Round cards", tuple(chosen), "mine", seat))
    final = observation.get("final_route")
    if final is not None:
        sections.append(_final_section(game, observation, seat, final))
    return sections


def hand_detail(game: EnRouteGame, card: CityCard) -> str:
    """What a card of the hand does when it is a Round card: its coordinate, its tourists,
    what its Iconic Landmark symbols do (Standard: raise the rating; Advanced: up or down)."""
    city = game.city
    parts = [f"coordinate {card.number}"]
    if card.is_repeat:
        parts.append(
            "repeats the other Round card's tourists: 2 more of that card's type (with a "
            "second Repeat card, 2 tourists of any one type)"
        )
    elif any(card.tourists):
        parts.append(tourists_sentence(card.tourists))
    change = "the active player rates it up or down" if game.advanced else "raises its rating"
    for k in card.iconic:
        parts.append(f"{city.iconic_names[k]} symbol: {change}")
    return "; ".join(parts)


def _hand_block(game: EnRouteGame, ids: Sequence[str]) -> Cards:
    """The seat's hand: each card by name, with what it does as its detail."""
    cards = [c for c in (card_of(game.city, i) for i in ids) if c]
    return Cards(
        tuple(Card(card_title(game.city, c), 1, detail=hand_detail(game, c)) for c in cards),
        empty="no cards",
    )


def _objective_section(
    game: EnRouteGame, observation: Obs, seat: int, crossroads: Sequence[int]
) -> Section:
    city = game.city
    final = observation.get("final_route")
    if final is not None:
        on = set(final)
        items = [
            Item(
                crossroads_words(city, c, game.use_cafes),
                "on your final route" if c in on else "not on your final route",
            )
            for c in crossroads
        ]
    else:
        reached = crossroads_on_route(observation["sheets"][seat]["sections"])
        items = [
            Item(
                crossroads_words(city, c, game.use_cafes),
                "reached by your route sections" if reached >> c & 1 else "not reached yet",
            )
            for c in crossroads
        ]
    rule = (
        "At the end, if at least 2 of these crossroads are on your final route, you score "
        "1 PP for each section of the longest stretch between two of them."
    )
    return Section("Your Personal Objective", (Items(tuple(items)), Sentence(rule)), "mine", seat)


def _chosen_round_cards(game: EnRouteGame, observation: Obs) -> list[Block]:
    """Beginning rounds: the Round cards this seat chose (4 players: this round's and next)."""
    choice = observation.get("round_choice") or []
    round_number = observation["round"]
    if not choice or not is_beginning_round(game, round_number):
        return []
    city = game.city
    if round_number == 2:
        return [card_block(city, choice[2:], "none"), Sentence("Your Round cards this round.")]
    blocks: list[Block] = [card_block(city, choice[:2], "none")]
    if len(choice) > 2:
        later = [c for c in (card_of(city, i) for i in choice[2:]) if c]
        words = listing([f"{card_title(city, c)} ({card_detail(city, c)})" for c in later])
        blocks.append(Sentence(f"Next round you use the other two: {words}."))
    return blocks


def _turn_section(game: EnRouteGame, observation: Obs, seat: int, turn: Obs) -> Section:
    city = game.city
    sheet = observation["sheets"][seat]
    first, second = (card_of(city, c) for c in turn["cards"])
    a, b = turn["values"]
    coordinates = f"{a} and {b}"
    if first and second:
        printed = (first.number, second.number)
        if printed != (a, b):
            coordinates += f" (changed from {printed[0]} and {printed[1]})"
    values = [Value("Coordinates", coordinates)]
    if first and second:
        values.append(Value("Tourists", round_tourists(first, second)))
    stage = turn["stage"]
    blocks: list[Block] = [card_block(city, turn["cards"], "none"), Values(tuple(values))]
    location = turn.get("location", -1)
    board = sheet["board"]
    if turn.get("pending_cafes"):
        for k in turn["pending_cafes"]:
            cafe = city.cafes[k]
            blocks.append(
                Sentence(
                    f"Your route reached {cafe.name}, a New tourists Café: add "
                    f"{tourists_words(cafe.tourists)} to {place_at(city, board, location)} now, "
                    f"or keep the bonus unused for {CAFE_BONUS_PP} PP at the end."
                )
            )
    elif stage == "place":
        occupied = set(sheet["occupied"])
        free = [loc for loc in city.matching(sheet["board"], a, b) if loc not in occupied]
        if free:
            places = listing([place_at(city, board, loc) for loc in free], "or")
            blocks.append(Sentence(f"Now: select a location and mark the tourists: {places}."))
        else:
            blocks.append(
                Sentence(
                    "Now: no matching location is free, so mark 1 tourist of any type in any "
                    "unoccupied location, then chart 1 section anywhere."
                )
            )
    elif stage == "chart" and turn.get("fallback"):
        blocks.append(Sentence("Now: chart 1 section anywhere on your map."))
    elif stage == "chart":
        blocks.append(
            Sentence(
                "Now: chart 2 sections (straight or L-shaped) along "
                f"{place_at(city, board, location)}, or 1 section anywhere."
            )
        )
    else:
        blocks.append(Sentence(f"Now: {STEP_WORDS.get(stage, 'finish the turn')}."))
    return Section("Your drawing turn", tuple(blocks), "mine", seat)


def _final_section(game: EnRouteGame, observation: Obs, seat: int, final: Sequence[int]) -> Section:
    city = game.city
    if len(final) < 2:
        return Section(
            "Your final route", (Sentence("No final route: no section was drawn."),), "mine", seat
        )
    on_route = locations_on_route(trail_sections(final))
    sheet = observation["sheets"][seat]
    tourists = [0, 0, 0]
    for loc, counts in sheet["tourists"].items():
        if on_route >> int(loc) & 1:
            tourists = [t + n for t, n in zip(tourists, counts, strict=True)]
    landmarks = [landmark_words(city, loc) for loc in range(LOCATIONS) if on_route >> loc & 1]
    landmarks = [lm for lm in landmarks if lm]
    blocks: list[Block] = [
        Values(
            (
                Value("Route", route_words(final)),
                Value("Tourists on it", tourists_sentence(tourists)),
            )
        ),
        Items(tuple(Item(lm) for lm in landmarks), empty="no Landmark on it"),
    ]
    return Section("Your final route", tuple(blocks), "mine", seat)


class EnRoutePresentation(Presentation):
    """En Route's presentation, for every level and mode (registered in the package)."""

    drawn_by = "tabletrip.games.en_route"

    def document(self, game: Game, observation: JsonDict) -> Document:
        """Your hand, objective and turn, each seat's map in words, then the table."""
        return build_document(_game(game), observation)

    def score_rows(self, game: Game, breakdown: JsonDict) -> list[ScoreRow]:
        """The final route, then the scoring steps of "End of the Game", the Goals spelt out."""
        return build_score_rows(_game(game), breakdown)

    def outcome(self, game: Game, result: Result, names: list[str]) -> str:
        """ "Ana wins with 105 PP." / team totals / "Challenge met: ..." in solo."""
        return build_outcome(_game(game), result, names)

    def action_words(self, game: Game, observation: JsonDict, action: Action) -> str:
        """ "Mark 2 blue and 1 red tourists at Inkwell Gallery (horizontal 4, vertical 6)",
        "Final route of 3 sections, 14 PP before Goals: (1, 3)–(1, 2)–Café Carousel (2, 0)"."""
        return action_words(_game(game), observation, action)

    def move_words(self, game: Game, move: str) -> str:
        """ "placed a card face down", "kept the ... as the second Round card"..."""
        return move_words(_game(game).city, move)

    def action_steps(self, game: Game, observation: JsonDict, action: Action) -> tuple[str, ...]:
        """ "Select a location and mark tourists", "At Inkwell Gallery (...)", "Mark 2 blue
        and 1 red tourists" (present_steps.py)."""
        return action_steps(_game(game), observation, action)

    def notation_help(self, game: Game) -> tuple[NotationForm, ...]:
        """`play <card>`, `mark <location>`, `chart <section> <section>`, `route ...`."""
        return notation_forms(_game(game))

    def rules_summary(self, game: Game) -> str:
        """The rules for this city, level and mode, in short paragraphs."""
        return rules_summary(_game(game))

    def lookups(self, game: Game) -> tuple[Lookup, ...]:
        """`grid`, `landmarks` and (with Cafés) `cafes`."""
        return lookups(_game(game))

    def lookup(self, game: Game, observation: JsonDict, name: str, query: str = "") -> Section:
        """One of `lookups`, as the observation's seat sees it (KeyError for another name)."""
        return lookup(_game(game), observation, name, query)
