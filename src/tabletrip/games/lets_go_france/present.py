"""Let's Go! To France in its own words: what a seat sees, its score rows, the outcome, moves.

The document is built in `present_document.py` from the observation and static content only;
the words for cards, tokens and spaces are in `present_words.py`, a legal move in words in
`present_actions.py`, the steps a move is chosen in `present_steps.py`, the notation's forms
and the rules summary in `present_guide.py`, the `itinerary` and `map`
lookups in `present_lookups.py`. Score rows follow the
rulebook's "Final Score" (the itinerary's days, the Energy Tracker's day points, the
Experience Track, Favorable Condition tokens, point tokens and Goal tiles, Research tokens
left); the solo travel agent's breakdown reads as its own rows (Solo Scoring). Moves are read
from their public notation (actions.py, `LetsGoState.public_move`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletrip.core.phrases import listing, plural
from tabletrip.core.presentation import (
    Document,
    Lookup,
    NotationForm,
    Presentation,
    ScoreRow,
    Section,
)
from tabletrip.games.lets_go_france.content import DAYS, ICONS
from tabletrip.games.lets_go_france.final import AGENT_TRAVEL_POINTS, FAVOURABLE_POINTS
from tabletrip.games.lets_go_france.present_actions import build_action_words
from tabletrip.games.lets_go_france.present_document import build_document
from tabletrip.games.lets_go_france.present_guide import build_rules_summary, notation_forms
from tabletrip.games.lets_go_france.present_lookups import build_lookup, lookup_names
from tabletrip.games.lets_go_france.present_steps import build_action_steps
from tabletrip.games.lets_go_france.present_words import (
    AGENT,
    COST_WORDS,
    FAVORABLE,
    HIGHLIGHT,
    capital,
    day_name,
    icon_name,
    ordinal,
    points,
    row_name,
    seat_name,
)
from tabletrip.games.lets_go_france.rules import HIDDEN_MOVE, LetsGoGame

if TYPE_CHECKING:
    from tabletrip.core.actions import Action, JsonDict
    from tabletrip.core.game import Game, Result


def _game(game: Game) -> LetsGoGame:
    """The game's static content: the presentation reads nothing else of it."""
    if not isinstance(game, LetsGoGame):
        raise TypeError(f"not a Let's Go! To France game: {type(game).__name__}")
    return game


# --- score rows -------------------------------------------------------------------------------


def _per_day(values: Sequence[Any], signed: bool = False) -> str:
    shown = [f"{v:+d}" if signed else str(v) for v in values]
    return ", ".join(f"{day_name(d)} {v}" for d, v in enumerate(shown) if d < len(DAYS))


def build_score_rows(game: LetsGoGame, breakdown: Mapping[str, Any]) -> list[ScoreRow]:
    """One breakdown (a player's, or the solo travel agent's) in the rulebook's scoring order;
    the rows add up to its total, counts stay in the details."""
    if "travel_icons" in breakdown:
        return _agent_rows(game, breakdown)
    days = breakdown.get("day_points") or []
    energy = breakdown.get("day_energy_points") or []
    flipped = breakdown["favourable_conditions"] // FAVOURABLE_POINTS
    research = breakdown["research_tokens"]
    moved = breakdown.get("experience_moved")
    return [
        ScoreRow("Itinerary days", breakdown["days"], _per_day(days)),
        ScoreRow("Energy Tracker", breakdown["energy"], _per_day(energy, signed=True)),
        ScoreRow(
            "Experience Track",
            breakdown["experience"],
            f"{plural(moved, 'space')} moved" if isinstance(moved, int) else "",
        ),
        ScoreRow(
            f"{FAVORABLE} tokens",
            breakdown["favourable_conditions"],
            f"{plural(flipped, 'token')} flipped and moved to a bonus row, "
            f"{FAVOURABLE_POINTS} points each",
        ),
        ScoreRow(
            "Point tokens and Goal tiles",
            breakdown["tokens_and_goals"],
            "from bonus rows, the regional map and Goal tiles",
        ),
        ScoreRow("Research tokens left", research, f"{plural(research, 'token')}, 1 point each"),
    ]


def _agent_rows(game: LetsGoGame, breakdown: Mapping[str, Any]) -> list[ScoreRow]:
    flipped = breakdown["favourable_conditions"] // FAVOURABLE_POINTS
    travel = breakdown["travel_icons"] // AGENT_TRAVEL_POINTS
    research = breakdown["research_tokens"]
    rows = [
        ScoreRow(
            "Itinerary days", breakdown["days"], f"each {HIGHLIGHT} activated and scored twice"
        ),
        ScoreRow("Energy Tracker", breakdown["energy"]),
        ScoreRow("Experience Track", breakdown["experience"]),
        ScoreRow(
            f"{FAVORABLE} tokens flipped",
            breakdown["favourable_conditions"],
            f"{plural(flipped, 'token')}, {FAVOURABLE_POINTS} points each",
        ),
        ScoreRow(
            "Travel icons",
            breakdown["travel_icons"],
            f"{plural(travel, 'icon')} in its week, {AGENT_TRAVEL_POINTS} points each",
        ),
        ScoreRow("Research tokens left", research, f"{plural(research, 'token')}, 1 point each"),
    ]
    if game.options.get("advanced_traveler") or breakdown.get("advanced_traveler"):
        rows.append(
            ScoreRow(
                "Advanced Traveler Mode",
                breakdown.get("advanced_traveler", 0),
                "its lowest icon times its highest",
            )
        )
    return rows


# --- the outcome ------------------------------------------------------------------------------


def build_outcome(game: LetsGoGame, result: Result, names: Sequence[str]) -> str:
    """Who won and with how many points; between players tied on points, the tie-break "Final
    Score" gives (the spaces moved on the Experience Track) or that the tie stands; solo, how
    the trip compares with the travel agent's."""
    scores = [int(s) for s in result.scores]
    if game.players == 1:
        return _solo_outcome(game, result, names[0] if names else "You")
    winners = list(result.winners)
    if not winners:
        return "The game is over without a winner."
    score = scores[winners[0]]
    who = listing([names[w] for w in winners])
    tied = [s for s, v in enumerate(scores) if v == score]
    if len(tied) == 1:
        return f"{who} wins with {points(score)}."
    spaces = {s: result.breakdown[s].get("experience_moved") for s in tied}
    if not all(isinstance(m, int) for m in spaces.values()):
        if len(winners) > 1:
            return f"{who} share the victory with {points(score)}."
        return f"{who} wins with {points(score)} on the Experience Track tie-break."
    best = spaces[winners[0]]
    behind = [s for s in tied if s not in winners]
    if not behind:
        return (
            f"{who} share the victory with {points(score)}: tied on points and on the "
            f"Experience Track tie-break, {best} spaces moved each."
        )
    rest = listing([names[s] for s in behind])
    fewer = listing([str(spaces[s]) for s in behind])
    if len(winners) == 1:
        return (
            f"{who} wins with {points(score)}, tied on points with {rest} but ahead on the "
            f"Experience Track tie-break: {best} spaces moved to {fewer}."
        )
    return (
        f"{who} share the victory with {points(score)}, tied on points and on the Experience "
        f"Track tie-break ({best} spaces moved each); {rest}, also on {points(score)}, moved "
        f"{fewer}."
    )


def _solo_outcome(game: LetsGoGame, result: Result, name: str) -> str:
    mine = int(result.scores[0])
    agent = (result.breakdown[0] or {}).get("travel_agent") or {}
    theirs = int(agent.get("total", 0))
    mode = " in Advanced Traveler Mode" if game.options.get("advanced_traveler") else ""
    if result.winners:
        return f"{name} beats {AGENT}{mode}, {points(mine)} to {theirs}."
    if mine == theirs:
        return f"{name} ties {AGENT}{mode} at {points(mine)}: a win takes more points than {AGENT}."
    return f"{capital(AGENT)} wins{mode}, {points(theirs)} to {name}'s {mine}."


# --- moves in words ---------------------------------------------------------------------------

_PLACE = re.compile(r"^place ([a-z0-9-]+) ([a-z]+) (\d+)$")
_EXPLORE = re.compile(r"^explore (?:the city|[a-z0-9-]+) ([a-z]+) (\d+)$")
_ONE = re.compile(r"^(travel|dotted|icon|wild|row|choose|favour row) ([a-z0-9-]+)$")
_UNREADABLE = re.compile(r"\b[a-z]\d+\b|\b[a-z]+(?:_[a-z0-9]+)+\b")


def _where(day: str, slot: str) -> str:
    where = day_name(day) if day in DAYS else "a day"
    position = int(slot)
    if position == 0:
        return f"at the top of {where}"
    return f"on {where}, {ordinal(position + 1)} from the top"


def _card_name(game: LetsGoGame, key: str) -> str:
    index = game.card_index.get(key)
    return game.activities[index].name if index is not None else "a card"


def _space_name(game: LetsGoGame, space: str) -> str:
    index = game.space_index.get(space)
    return game.region.spaces[index].name if index is not None else "another place"


def _dotted_words(game: LetsGoGame, space: str) -> str:
    name = _space_name(game, space)
    costs = {p.cost for p in game.region.paths if p.dotted and space in (p.a, p.b)}
    if costs == {"experience"}:
        return f"moved an Experience token back 1 space to take the dotted line to {name}"
    if len(costs) == 1:
        cost = COST_WORDS.get(next(iter(costs)) or "", "")
        if cost:
            return f"paid {cost} to take the dotted line to {name}"
    return f"took a dotted line to {name}"


def _choice_words(game: LetsGoGame, choice: int) -> str:
    """`choose N`: which of two cards the travel agent takes first (solo), which of the two
    cards drawn for Provence's Goal tile scores, or whose Saturday Highlight Brittany and
    Normandy's Goal tile scores; the game and its region tell which it can be."""
    region = game.region.id
    nth = ("first", "second")[choice] if choice in (0, 1) else "other"
    if region == "brittany-normandy":
        if game.players > 1:
            return f"chose {seat_name(choice, game.players)}'s Saturday {HIGHLIGHT}"
        if choice == 1:  # solo: the agent's second card first, or the agent's Saturday
            return "made a choice"
    if game.players > 1:
        return f"chose the {nth} of the two cards drawn for the Goal tile"
    if region == "provence-alpes-cote-dazur":
        return f"chose the {nth} of two cards"
    return f"chose the {nth} of two cards to go first into {AGENT}'s week"


def build_move_words(game: LetsGoGame, move: str) -> str:
    """A move's public notation in words that read after the mover's name."""
    text = " ".join(move.split())
    if text == HIDDEN_MOVE:
        return "made a hidden move"
    if text == "research":
        return "used a Research token to draw 3 cards"
    if text == "skip travel":
        return "let a Travel action go"
    if text == "done":
        return "was done"
    if text == "favour flip":
        return f"flipped a {FAVORABLE} token to its 2 side"
    if text == "favour skip":
        return f"took no {FAVORABLE} bonus"
    placed = _PLACE.match(text)
    if placed:
        key, day, slot = placed.groups()
        return f"placed {_card_name(game, key)} {_where(day, slot)}"
    explored = _EXPLORE.match(text)
    if explored:
        day, slot = explored.groups()
        return f"explored the city {_where(day, slot)}"
    if text.startswith("discard "):
        names = [_card_name(game, key) for key in text.split()[1:]]
        return f"discarded {listing(names)}"
    one = _ONE.match(text)
    if one:
        words = _one_word(game, one.group(1), one.group(2))
        if words:
            return words
    return _fallback(text)


def _one_word(game: LetsGoGame, verb: str, arg: str) -> str:
    if verb == "travel":
        return f"traveled to {_space_name(game, arg)}"
    if verb == "dotted":
        return _dotted_words(game, arg)
    if verb in ("icon", "wild") and arg in ICONS:
        if verb == "wild":
            return f"spent a Wild token on {icon_name(arg)}"
        return f"chose {icon_name(arg)}"
    if arg.isdigit():
        number = int(arg)
        if verb == "favour row":
            return f"moved a {FAVORABLE} token to the {row_name(number)} and took its bonus"
        if verb == "row":
            return f"took a bonus of the {row_name(number)} with a Goal tile"
        if verb == "choose":
            return _choice_words(game, number)
    return ""


def _fallback(text: str) -> str:
    cleaned = " ".join(_UNREADABLE.sub("", text).replace("_", " ").split())
    return f"played {cleaned}" if cleaned else "made a move"


class LetsGoPresentation(Presentation):
    """Let's Go! To France's presentation (registered in the package)."""

    drawn_by = "tabletrip.games.lets_go_france"

    def document(self, game: Game, observation: JsonDict) -> Document:
        """Your decision, hand, Itinerary, tracks, Traveler and Goal tiles; each player's
        board; the round or the trip, the travel agent (solo), the map and the Goal tiles."""
        return build_document(_game(game), observation)

    def score_rows(self, game: Game, breakdown: JsonDict) -> list[ScoreRow]:
        """Days, Energy Tracker, Experience Track, Favorable Condition tokens, point tokens and
        Goal tiles, Research tokens left (the travel agent's breakdown: its own rows)."""
        return build_score_rows(_game(game), breakdown)

    def outcome(self, game: Game, result: Result, names: list[str]) -> str:
        """ "Ana wins with 121 points." / solo: "Ana beats the travel agent, 98 points to
        90.\""""
        return build_outcome(_game(game), result, names)

    def move_words(self, game: Game, move: str) -> str:
        """ "placed Musée Rodin on Saturday, 2nd from the top", "traveled to Tours"..."""
        return build_move_words(_game(game), move)

    def action_words(self, game: Game, observation: JsonDict, action: Action) -> str:
        """ "Play Baguette at the bottom of Monday, over Louvre, as the new Highlight of the
        Day", "Travel to Amboise and gain Art and History icons" (present_actions.py)."""
        return build_action_words(_game(game), observation, action)

    def action_steps(self, game: Game, observation: JsonDict, action: Action) -> tuple[str, ...]:
        """("Play Rue Mouffetard", "Face up", "On Monday", "At the top, tucked under Grand
        Palais"); other decisions in a step or two (present_steps.py)."""
        return build_action_steps(_game(game), observation, action)

    def notation_help(self, game: Game) -> tuple[NotationForm, ...]:
        """`place <card> <day> <slot>`, `travel <place>`, `favour row <row>`, ..."""
        return notation_forms()

    def rules_summary(self, game: Game) -> str:
        """The rules for this game's region and mode (present_guide.py)."""
        return build_rules_summary(_game(game))

    def lookups(self, game: Game) -> tuple[Lookup, ...]:
        """`itinerary` and `map` (present_lookups.py)."""
        return lookup_names()

    def lookup(self, game: Game, observation: JsonDict, name: str, query: str = "") -> Section:
        """A week's itinerary or the regional map, as the observation's seat may see it."""
        return build_lookup(_game(game), observation, name, query)


__all__ = ["LetsGoPresentation", "build_move_words", "build_outcome", "build_score_rows"]
