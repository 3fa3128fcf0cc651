"""En Route's legal moves as the steps a person chooses them in (`action_steps`).

The terminal builds a menu tree from these tuples, so every move of one decision is a path:
what to do first ("Place the first Round card face up", "Select a location and mark
tourists", "Chart 2 sections along Inkwell Gallery (...)"), then which card, which location,
which shape, which section. Moves that share a first step share its label exactly; every
move of one kind has as many steps as the others of its kind, so no move is a step towards
another. Long lists are split the way the map is read:

- 2 sections along the location: "Straight" or "L-shaped" (the rulebook's two shapes), then
  the sections by their crossroads;
- 1 section anywhere (the round's segment or a Route section bonus): the grid line it lies
  on ("Horizontal, along y = 3", "Vertical, along x = 2"), then the section;
- 1 tourist anywhere (no matching location free): the board's vertical coordinate (a row of
  the map), then the location, then the tourist's colour;
- a final route: its length and points with its two ends, then its crossroads in order.

Labels come from the same words as `action_words` (present_actions.py and present_words.py),
from the seat's observation and the static content only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletrip.core import Action
from tabletrip.core.phrases import listing, plural
from tabletrip.games.en_route.actions import (
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
)
from tabletrip.games.en_route.geometry import HORIZONTAL, SECTION_ENDS, crossroads_xy
from tabletrip.games.en_route.present_actions import (
    action_words,
    cafes_reached,
    card_phrase,
    final_board,
    mark_counts,
)
from tabletrip.games.en_route.present_words import (
    card_by_id,
    card_words,
    chain_words,
    objective_words,
    place_at,
    places_chain,
    route_words,
    seat_name,
    section_words,
    tourists_sentence,
)
from tabletrip.games.en_route.scoring import score_route

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteGame

Obs = Mapping[str, Any]
Steps = tuple[str, ...]
RENEW_STEP = "Renew your hand (once a game)"
MARK_STEP = "Select a location and mark tourists"
FALLBACK_STEP = "Mark 1 tourist in any free location (no matching location is free)"
ANYWHERE_STEP = "Chart 1 section anywhere"
BONUS_STEP = "Use a Route section bonus: 1 section anywhere"
COORDINATE_STEP = "Use a Coordinate change"
FINAL_STEP = "Choose your final route"


def action_steps(game: EnRouteGame, observation: Obs, action: Action) -> Steps:
    """A legal move of the observation's seat as menu steps: ("Place the first Round card
    face up", "Global Tourist card 3 (1 red, 1 green)")."""
    steps = _STEPS.get(type(action))
    if steps is None:
        raise TypeError(f"not an En Route action: {type(action).__name__}")
    return steps(game, observation, action)


def _card(game: EnRouteGame, card_id: str) -> str:
    """`Global Tourist card 3 (1 red, 1 green)`: a card as a menu item."""
    card = card_by_id(game.city, card_id)
    return "A card" if card is None else card_words(game.city, card)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- cards ----------------------------------------------------------------------------------


def _keep_objective(game: EnRouteGame, observation: Obs, action: KeepObjective) -> Steps:
    crossroads = dict(zip(game.city.objective_ids, game.city.objectives, strict=True))
    return ("Keep a Personal Objective", _capital(objective_words(crossroads.get(action.card, ()))))


def _play(game: EnRouteGame, observation: Obs, action: PlayCard) -> Steps:
    phase = observation["phase"]
    if phase == "first_card":
        first = "Place the first Round card face up"
    elif phase == "solo_play":
        first = "Place the first Round card"
    elif phase == "second_card":  # team mode: the teammate offers two cards face up
        active = seat_name(observation["active"])
        first = f"Offer a card face up to {active}, your teammate and the active player"
    else:
        first = "Place a card face up"
    return (first, _card(game, action.card))


def _play_hidden(game: EnRouteGame, observation: Obs, action: PlayHidden) -> Steps:
    if observation["phase"] == "second_card":
        first = f"Offer a card face down to {seat_name(observation['active'])}, the active player"
    else:
        first = "Place a card face down"
    return (first, _card(game, action.card))


def _keep_card(game: EnRouteGame, observation: Obs, action: KeepCard) -> Steps:
    card = _card(game, action.card)
    if observation["phase"] == "solo_take":
        return ("Take the second Round card from the Card Sequence", card)
    placer = next(
        (p["seat"] for p in observation.get("placed") or () if p["card"] == action.card), None
    )
    offered = "" if placer is None else f", offered by {seat_name(placer)}"
    return ("Keep the second Round card", card + offered)


def _choose(game: EnRouteGame, observation: Obs, action: ChooseRoundCards) -> Steps:
    first = "Choose your 2 Round cards"
    if game.players == 4:  # the beginning round: the other two placed cards are next round's
        first += " for this round (the other 2 are next round's)"
    pair = f"{_card(game, action.cards[0])} and {card_phrase(game, action.cards[1])}"
    return (first, pair)


def _rate(game: EnRouteGame, observation: Obs, action: Rate) -> Steps:
    city = game.city
    k = city.iconic_ids.index(action.landmark) if action.landmark in city.iconic_ids else -1
    if k < 0:
        return ("Rate an Iconic Landmark", action_words(game, observation, action))
    track = city.iconic_tracks[k]
    pp = (observation.get("ratings") or {}).get(action.landmark, track[0])
    first = f"Rate the {city.iconic_names[k]} (now {pp} PP)"
    if action.change == 0:
        return (first, f"Leave it at {pp} PP")
    marks = track.index(pp) if pp in track else 0
    after = track[max(0, min(len(track) - 1, marks + action.change))]
    return (first, f"{'Up' if action.change > 0 else 'Down'}, to {after} PP")


def _renew(game: EnRouteGame, observation: Obs, action: Renew) -> Steps:
    cards = listing([card_phrase(game, c) for c in action.cards])
    count = len(action.cards)
    return (RENEW_STEP, f"Put back {cards}, then draw {plural(count, 'card')}")


# --- the drawing turn -----------------------------------------------------------------------


def _seat_board(observation: Obs) -> int:
    return int(observation["sheets"][int(observation["seat"])]["board"])


def _change(game: EnRouteGame, observation: Obs, action: ChangeCoordinate) -> Steps:
    values = (observation.get("turn") or {}).get("values") or (0, 0)
    now = values[action.which]
    after = (now - 1 + action.delta) % 6 + 1
    which = ("First", "Second")[action.which] if action.which in (0, 1) else "A"
    return (COORDINATE_STEP, f"{which} Round card: {now} becomes {after}")


def _is_fallback_mark(game: EnRouteGame, observation: Obs) -> bool:
    """No location matching the Round cards is free (the Note of the Drawing phase)."""
    turn = observation.get("turn") or {}
    sheet = observation["sheets"][int(observation["seat"])]
    a, b = turn.get("values") or (0, 0)
    occupied = set(sheet["occupied"])
    return all(loc in occupied for loc in game.city.matching(sheet["board"], a, b))


def _mark(game: EnRouteGame, observation: Obs, action: Mark) -> Steps:
    city = game.city
    board = _seat_board(observation)
    where = f"At {place_at(city, board, action.location)}"
    counts = mark_counts(game, observation, action.tourist)
    marked = f"Mark {tourists_sentence(counts)}"
    if _is_fallback_mark(game, observation):
        _, vertical = city.coordinates(board, action.location)
        return (FALLBACK_STEP, f"Vertical {vertical}", where, marked)
    return (MARK_STEP, where, marked)


def _line(section: int) -> str:
    """`Horizontal, along y = 3` / `Vertical, along x = 2`: the grid line of a section."""
    x, y = crossroads_xy(SECTION_ENDS[section][0])
    return f"Horizontal, along y = {y}" if section < HORIZONTAL else f"Vertical, along x = {x}"


def _section_label(game: EnRouteGame, observation: Obs, section: int) -> str:
    return f"Section {section_words(section)}{cafes_reached(game, observation, (section,))}"


def _chart(game: EnRouteGame, observation: Obs, action: Chart) -> Steps:
    sections = action.sections
    if len(sections) == 1:
        section = sections[0]
        return (ANYWHERE_STEP, _line(section), _section_label(game, observation, section))
    location = int((observation.get("turn") or {}).get("location", 0))
    place = place_at(game.city, _seat_board(observation), location, "the location at ")
    ends = [c for s in sections for c in SECTION_ENDS[s]]
    middle = next(c for c in ends if ends.count(c) == 2)
    start, end = (c for c in ends if c != middle)
    straight = len({crossroads_xy(c)[0] for c in ends}) == 1 or (
        len({crossroads_xy(c)[1] for c in ends}) == 1
    )
    chain = chain_words((start, middle, end))
    reach = cafes_reached(game, observation, sections)
    return (
        f"Chart 2 sections along {place}",
        "Straight" if straight else "L-shaped",
        f"Sections {chain}{reach}",
    )


def _extra(game: EnRouteGame, observation: Obs, action: ExtraSection) -> Steps:
    section = action.section
    return (BONUS_STEP, _line(section), _section_label(game, observation, section))


def _cafe(game: EnRouteGame, observation: Obs, action: CafeTourists) -> Steps:
    return (action_words(game, observation, action),)


def _done(game: EnRouteGame, observation: Obs, action: Done) -> Steps:
    return ("End your drawing turn",)


# --- the final route ------------------------------------------------------------------------


def _final(game: EnRouteGame, observation: Obs, action: FinalRoute) -> Steps:
    trail = action.crossroads
    if len(trail) < 2:
        return ("Choose no final route (no section is drawn)",)
    points = score_route(final_board(game, observation), trail).total
    goals = " before Goals" if game.use_goals and not game.solo else ""
    shape = route_words(trail)
    shape = _capital(shape) if shape.startswith("a loop") else f"Route of {shape}"
    summary = f"{shape}, {points} PP{goals}"
    chain = places_chain(game.city, trail, game.use_cafes)
    return (FINAL_STEP, summary, f"Through {chain}")


_STEPS: dict[type[Action], Callable[[EnRouteGame, Obs, Any], Steps]] = {
    KeepObjective: _keep_objective,
    PlayCard: _play,
    PlayHidden: _play_hidden,
    KeepCard: _keep_card,
    ChooseRoundCards: _choose,
    Rate: _rate,
    Renew: _renew,
    ChangeCoordinate: _change,
    Mark: _mark,
    Chart: _chart,
    ExtraSection: _extra,
    CafeTourists: _cafe,
    Done: _done,
    FinalRoute: _final,
}


def step_counts(paths: Sequence[Steps]) -> dict[Steps, int]:
    """How many choices each step of a menu tree offers (for tests and tuning): the number
    of distinct next labels after each prefix."""
    nexts: dict[Steps, set[str]] = {}
    for path in paths:
        for end in range(len(path)):
            nexts.setdefault(path[:end], set()).add(path[end])
    return {prefix: len(labels) for prefix, labels in nexts.items()}
