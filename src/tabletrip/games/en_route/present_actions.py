"""En Route's legal moves in words, as the seat to move chooses them (`action_words`).

What the move list, the board's menu and the hints show instead of notation: imperative, in
the rulebook's vocabulary, one line. Cards by kind, number and what they show ("Place the
Global Tourist card 3 (1 red, 1 green) face up as the first Round card"); a location by its
Landmark and the coordinates the seat's board prints by it, horizontal then vertical ("Mark 2
blue and 1 red tourists at Inkwell Gallery (horizontal 4, vertical 6)"); sections and routes
by their crossroads, named after the Café or Visit-Them-All point there ("Final route of 3
sections, 14 PP before Goals: (1, 3)–(1, 2)–Café Carousel (2, 0)–(3, 0)"). The words carry
what tells two moves of one decision apart: the card, the placer, the coordinate changed and
to what, the tourists marked, every crossroads of a route.

Built from the seat's observation (its own hand, objective, map and drawing turn), the game's
static content and the action only, so they never tell what the seat may not know.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

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
from tabletrip.games.en_route.content import TOURIST_TYPES, Card
from tabletrip.games.en_route.endgame import map_landmarks
from tabletrip.games.en_route.geometry import LOCATIONS, SECTION_ENDS
from tabletrip.games.en_route.present_words import (
    card_words,
    objective_words,
    place_at,
    places_chain,
    seat_name,
    section_words,
    segment_words,
    tourists_sentence,
    tourists_words,
)
from tabletrip.games.en_route.scoring import CAFE_BONUS_PP, FinalBoard, score_route

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteGame

Obs = Mapping[str, Any]
ORDINALS = ("first", "second")


class _Lookups:
    """What the words look up by notation id, built once per game."""

    def __init__(self, game: EnRouteGame) -> None:
        city = game.city
        self.cards: dict[str, Card] = {card.id: card for card in city.deck}
        self.objectives = dict(zip(city.objective_ids, city.objectives, strict=True))
        self.iconic = {iconic: k for k, iconic in enumerate(city.iconic_ids)}


_LOOKUPS: WeakKeyDictionary[EnRouteGame, _Lookups] = WeakKeyDictionary()


def _lookups(game: EnRouteGame) -> _Lookups:
    found = _LOOKUPS.get(game)
    if found is None:
        found = _LOOKUPS[game] = _Lookups(game)
    return found


def action_words(game: EnRouteGame, observation: Obs, action: Action) -> str:
    """A legal move of the observation's seat in words: "Keep the Personal Objective with
    crossroads (1, 1), (5, 5) and (2, 5)", "Chart 2 sections: (1, 2)–(2, 2)–(2, 3)"."""
    words = _WORDS.get(type(action))
    if words is None:
        raise TypeError(f"not an En Route action: {type(action).__name__}")
    return words(game, observation, action)


def card_phrase(game: EnRouteGame, card_id: str) -> str:
    """`the Global Tourist card 3 (1 red, 1 green)`."""
    card = _lookups(game).cards.get(card_id)
    return "a card" if card is None else f"the {card_words(game.city, card)}"


def _seat(observation: Obs) -> int:
    return int(observation["seat"])


# --- cards --------------------------------------------------------------------------------


def _keep_objective(game: EnRouteGame, observation: Obs, action: KeepObjective) -> str:
    crossroads = _lookups(game).objectives.get(action.card, ())
    return f"Keep the Personal Objective with {objective_words(crossroads)}"


def _play(game: EnRouteGame, observation: Obs, action: PlayCard) -> str:
    card = card_phrase(game, action.card)
    phase = observation["phase"]
    if phase == "first_card":
        return f"Place {card} face up as the first Round card"
    if phase == "solo_play":
        return f"Place {card} as the first Round card"
    if phase == "second_card":  # team mode: the teammate offers two cards face up
        active = seat_name(observation["active"])
        return f"Offer {card} face up to {active}, your teammate and the active player"
    return f"Place {card} face up"


def _play_hidden(game: EnRouteGame, observation: Obs, action: PlayHidden) -> str:
    card = card_phrase(game, action.card)
    if observation["phase"] == "second_card":
        active = seat_name(observation["active"])
        return f"Offer {card} face down to {active}, the active player"
    return f"Place {card} face down"


def _keep_card(game: EnRouteGame, observation: Obs, action: KeepCard) -> str:
    card = card_phrase(game, action.card)
    if observation["phase"] == "solo_take":
        return f"Take {card} from the Card Sequence as the second Round card"
    placer = next(
        (p["seat"] for p in observation.get("placed") or () if p["card"] == action.card), None
    )
    offered = "" if placer is None else f", offered by {seat_name(placer)},"
    return f"Keep {card}{offered} as the second Round card"


def _choose(game: EnRouteGame, observation: Obs, action: ChooseRoundCards) -> str:
    first, second = (card_phrase(game, c) for c in action.cards)
    words = f"Choose {first} and {second} as your Round cards"
    if game.players == 4:  # the beginning round: the other two placed cards are next round's
        return f"{words} this round, the other 2 next round"
    return words


def _rate(game: EnRouteGame, observation: Obs, action: Rate) -> str:
    city = game.city
    k = _lookups(game).iconic.get(action.landmark)
    if k is None:
        return "Rate an Iconic Landmark"
    name = city.iconic_names[k]
    track = city.iconic_tracks[k]
    pp = (observation.get("ratings") or {}).get(action.landmark, track[0])
    if action.change == 0:
        return f"Leave the rating of the {name} at {pp} PP"
    marks = track.index(pp) if pp in track else 0
    after = track[max(0, min(len(track) - 1, marks + action.change))]
    direction = "up" if action.change > 0 else "down"
    return f"Rate the {name} {direction}, from {pp} to {after} PP"


def _renew(game: EnRouteGame, observation: Obs, action: Renew) -> str:
    cards = listing([card_phrase(game, c) for c in action.cards])
    count = len(action.cards)
    return (
        f"Renew your hand: put {cards} under the City deck and draw {plural(count, 'card')}"
        " (once a game)"
    )


# --- the drawing turn ---------------------------------------------------------------------


def _turn(observation: Obs) -> Obs:
    return observation.get("turn") or {}


def _board(observation: Obs) -> int:
    return int(observation["sheets"][_seat(observation)]["board"])


def _change(game: EnRouteGame, observation: Obs, action: ChangeCoordinate) -> str:
    values = _turn(observation).get("values") or (0, 0)
    now = values[action.which]
    after = (now - 1 + action.delta) % 6 + 1
    which = ORDINALS[action.which] if 0 <= action.which < len(ORDINALS) else "a"
    return f"Use a Coordinate change: {now} becomes {after} on the {which} Round card"


def mark_counts(game: EnRouteGame, observation: Obs, tourist: str) -> tuple[int, ...]:
    """The tourists a Mark action puts down, as the rules count them ("Repeat Cards"; the
    Note of the Drawing phase: 1 tourist of the chosen type when no matching location is free)."""
    turn = _turn(observation)
    sheet = observation["sheets"][_seat(observation)]
    a, b = turn["values"]
    occupied = set(sheet["occupied"])
    chosen = TOURIST_TYPES.index(tourist) if tourist in TOURIST_TYPES else -1
    if all(loc in occupied for loc in game.city.matching(sheet["board"], a, b)):
        return tuple(1 if i == chosen else 0 for i in range(3))
    cards = _lookups(game).cards
    first, second = (cards[c] for c in turn["cards"])
    if first.is_repeat and second.is_repeat:
        return tuple(2 if i == chosen else 0 for i in range(3))
    if first.is_repeat or second.is_repeat:
        shown = second.tourists if first.is_repeat else first.tourists
        if chosen < 0:  # the repeated type is the one type shown
            chosen = next(i for i, n in enumerate(shown) if n)
        return tuple(n + (2 if i == chosen else 0) for i, n in enumerate(shown))
    return tuple(x + y for x, y in zip(first.tourists, second.tourists, strict=True))


def _mark(game: EnRouteGame, observation: Obs, action: Mark) -> str:
    counts = mark_counts(game, observation, action.tourist)
    where = place_at(game.city, _board(observation), action.location)
    return f"Mark {tourists_sentence(counts)} at {where}"


def cafes_reached(game: EnRouteGame, observation: Obs, sections: Sequence[int]) -> str:
    """`, reaching Café Carousel`: the Cafés these sections would visit for the first time."""
    if not game.use_cafes:
        return ""
    city = game.city
    gained = set(observation["sheets"][_seat(observation)]["cafes_gained"])
    found = {
        city.cafe_at[c]
        for s in sections
        for c in SECTION_ENDS[s]
        if city.cafe_at[c] >= 0 and city.cafe_at[c] not in gained
    }
    names = [city.cafes[k].name for k in sorted(found)]
    return f", reaching {listing(names)}" if names else ""


def _chart(game: EnRouteGame, observation: Obs, action: Chart) -> str:
    reach = cafes_reached(game, observation, action.sections)
    if len(action.sections) == 1:
        return f"Chart 1 section anywhere: {section_words(action.sections[0])}{reach}"
    chain, _ = segment_words(sorted(action.sections))
    return f"Chart {plural(len(action.sections), 'section')}: {chain}{reach}"


def _extra(game: EnRouteGame, observation: Obs, action: ExtraSection) -> str:
    reach = cafes_reached(game, observation, (action.section,))
    return f"Use a Route section bonus: chart {section_words(action.section)}{reach}"


def _cafe(game: EnRouteGame, observation: Obs, action: CafeTourists) -> str:
    cafe = game.city.cafes[action.cafe]
    if not action.use:
        return f"Keep the bonus of {cafe.name} unused, for {CAFE_BONUS_PP} PP at the end"
    location = _turn(observation).get("location", 0)
    where = place_at(game.city, _board(observation), location, "the location at ")
    return f"Add the tourists of {cafe.name} ({tourists_words(cafe.tourists)}) to {where}"


def _done(game: EnRouteGame, observation: Obs, action: Done) -> str:
    return "End your drawing turn"


# --- the final route ------------------------------------------------------------------------


def final_board(game: EnRouteGame, observation: Obs) -> FinalBoard:
    """The seat's map as the scoring steps 1-8 read it, from its observation."""
    city = game.city
    sheet = observation["sheets"][_seat(observation)]
    ratings = observation.get("ratings") or {}
    tourists = [(0, 0, 0)] * LOCATIONS
    for loc, counts in sheet["tourists"].items():
        tourists[int(loc)] = (counts[0], counts[1], counts[2])
    objective = observation.get("objective") or {}
    tracks = zip(city.iconic_ids, city.iconic_tracks, strict=True)
    ratings_pp = [ratings.get(iconic, track[0]) for iconic, track in tracks]
    return FinalBoard(
        tourists=tuple(tourists),
        landmarks=map_landmarks(city, ratings_pp),
        unused_cafe_bonuses=len(set(sheet["cafes_gained"]) - set(sheet["cafes_used"])),
        visit_them_all=city.vta_crossroads,
        visit_them_all_points=city.vta_scores,
        objective=tuple(objective.get("crossroads") or ()),
    )


def _final(game: EnRouteGame, observation: Obs, action: FinalRoute) -> str:
    trail = action.crossroads
    if len(trail) < 2:
        return "Choose no final route (no section is drawn)"
    points = score_route(final_board(game, observation), trail).total
    goals = " before Goals" if game.use_goals and not game.solo else ""
    length = plural(len(trail) - 1, "section")
    chain = places_chain(game.city, trail, game.use_cafes)
    return f"Final route of {length}, {points} PP{goals}: {chain}"


_WORDS: dict[type[Action], Callable[[EnRouteGame, Obs, Any], str]] = {
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
