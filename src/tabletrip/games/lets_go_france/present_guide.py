"""Let's Go! To France's rules in a few short paragraphs, for the terminal's `rules`: the goal, a
round, placing cards, the bonuses, travel on the regional map, the trip, the final score and
ties, for the game's options (its region, solo against the travel agent, Advanced Traveler
Mode). The numbers come from the static content (the Round Tracker, the Time chart, the
Experience Track), so the summary says what this game plays.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from tabletrip.core.phrases import listing
from tabletrip.core.presentation import NotationForm
from tabletrip.games.lets_go_france.content import DAYS, ICONS, MAX_PER_DAY
from tabletrip.games.lets_go_france.final import AGENT_TRAVEL_POINTS, FAVOURABLE_POINTS
from tabletrip.games.lets_go_france.present_view import explore_points
from tabletrip.games.lets_go_france.present_words import (
    EXPLORE,
    FAVORABLE,
    HIGHLIGHT,
    ROW_NAMES,
    points,
    time_chart_words,
)
from tabletrip.games.lets_go_france.rules import LetsGoGame
from tabletrip.games.lets_go_france.scoring import FLIP

WIDTH = 90


def _spans(rounds: Sequence[int]) -> str:
    """`1 to 4 and 10 to 14`: round numbers as runs."""
    runs: list[list[int]] = []
    for number in rounds:
        if runs and runs[-1][-1] == number - 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return listing([f"{r[0]} to {r[-1]}" if len(r) > 1 else str(r[0]) for r in runs])


def _round_paragraph(game: LetsGoGame) -> str:
    rounds = game.board.rounds
    total = len(rounds)
    one = [i + 1 for i, r in enumerate(rounds) if r.play == 1]
    two = [i + 1 for i, r in enumerate(rounds) if r.play == 2]
    left = [i + 1 for i, r in enumerate(rounds) if r.direction == "left"]
    right = [i + 1 for i, r in enumerate(rounds) if r.direction == "right"]
    text = (
        f"A round: every player draws (from the deck or the stack passed to them, as the "
        f"Round Tracker says), plays 1 card (rounds {_spans(one)}) or "
        f"2 (rounds {_spans(two)}) into their Itinerary, and passes the rest on, for "
        f"{total} rounds."
    )
    if game.players == 1:
        return text + (
            " Solo, the cards you pass go face up into the travel agent's week in order (3 a "
            "day from the top of Monday, 4 on Saturday; you order two), and a card from the "
            "deck takes their place on your stack."
        )
    return text + (
        f" Cards pass face down to the left in rounds {_spans(left)}, to the right in rounds "
        f"{_spans(right)}. Here players take their turn of a round one after another, and "
        "what they play shows when the round ends."
    )


def build_rules_summary(game: LetsGoGame) -> str:
    """The rules of this game (its options applied), paragraphs separated by blank lines."""
    region = game.region.name
    once, more = explore_points(game)
    thresholds = game.board.experience_points
    marks = listing([f"{score} at space {space}" for space, score in sorted(thresholds.items())])
    chart = time_chart_words(game.board.time_chart)
    energy = sorted(game.board.energy_points.values())
    if game.players == 1:
        goal = (
            f"Let's Go! To France, solo on the {region} map: plan a week in Paris by drafting "
            "Activity cards, then take the trip and beat the travel agent."
        )
    else:
        goal = (
            f"Let's Go! To France for {game.players} players on the {region} map: plan a week "
            "in Paris by drafting Activity cards, then take the trip. The most points wins."
        )
    paragraphs = [
        goal,
        _round_paragraph(game),
        f"Placing a card: it goes into a day's column ({MAX_PER_DAY} cards at most), at the "
        "top, between two cards or at the bottom, where it becomes the "
        f"{HIGHLIGHT}; a placed card never moves. Played face down it is {EXPLORE}: a Travel "
        f"action now, and {points(once)} on the trip ({more} more as the {HIGHLIGHT}).",
        "Bonuses: a card's top bonus comes at once, a Research token (spend one any time in "
        "your turn: draw 3 cards, discard 3) or 1 or 2 Travel actions. A card whose icon "
        f"matches the day's {FAVORABLE} token lets you flip that token to its 2 side or move "
        "it to the leftmost open space of a bonus row for its bonus; flipped and moved, it "
        f"scores {FAVOURABLE_POINTS} points.",
        "Travel: your first Travel action puts your Traveler on a starting space of the "
        "regional map, later ones move it along a solid line; a dotted line may be taken at "
        "any time by paying its cost. Each space gives its bonus (a dotted circle only on "
        "your first visit), and a flag space activates that Goal tile.",
        "The trip: each Itinerary is activated from Monday to Saturday. A day moves your "
        "Experience tokens by its cards' icons, gives its "
        f"{HIGHLIGHT} (by what you gained so far), scores its cards' points and "
        f"moves the Energy Tracker by its Time ({chart}), which then scores its space "
        f"({energy[0]} to {energy[-1]}). A Wild token moves any Experience token 1 space.",
        "Final score: the days, the Energy Tracker's points, the Experience Track (a token "
        f"scores {marks}; at {FLIP} it flips and starts again), {FAVORABLE} tokens, point "
        "tokens and Goal tiles, and 1 point per Research token left.",
    ]
    if game.players == 1:
        agent = (
            "The travel agent scores its week as you do, every "
            f"{HIGHLIGHT} twice (a Wild token moves its farthest token), plus "
            f"{FAVOURABLE_POINTS} points per flipped {FAVORABLE} token and "
            f"{AGENT_TRAVEL_POINTS} per Travel icon in its week."
        )
        if game.options.get("advanced_traveler"):
            agent += " Advanced Traveler Mode: it also scores its lowest icon times its highest."
        paragraphs.append(agent + " A tie with it is not a win.")
    else:
        paragraphs.append(
            "Ties: the tied player whose Experience tokens moved the most spaces in all wins; "
            "still tied, they share the victory."
        )
    return "\n\n".join(textwrap.fill(p, WIDTH) for p in paragraphs)


# --- the notation -----------------------------------------------------------------------------

_CARD = (
    "<card>",
    "an Activity card in your hand by its short name, in lower case with hyphens (baguette, "
    "wine-tasting), as the full list of moves writes it",
)
_PLACE = (
    "<place>",
    "a space of the regional map by its short name, in lower case with hyphens (tours, "
    "chinon), as the full list of moves writes it",
)
_ICON = ("<icon>", "an Experience icon: " + ", ".join(ICONS))
_ROW = (
    "<row>",
    "a bonus row of your player board: "
    + ", ".join(f"{r} the {name} row" for r, name in enumerate(ROW_NAMES)),
)


def notation_forms() -> tuple[NotationForm, ...]:
    """Every form of the notation `parse_action` reads, with what each field means."""
    day = ("<day>", "a day of your Itinerary: " + ", ".join(DAYS))
    last = MAX_PER_DAY - 1
    slot = (
        "<slot>",
        "the place in the day's column, counted from the top: 0 the top (tucked under the "
        "top card), 1 under the first card, ... and the number of cards already there the "
        f"bottom, where the card becomes the {HIGHLIGHT}; an empty day takes only 0, a day "
        f"holds {MAX_PER_DAY} cards, so {last} is the most there is",
    )
    return (
        NotationForm(
            "place <card> <day> <slot>",
            "play a card from your hand face up into a day of your Itinerary",
            (_CARD, day, slot),
        ),
        NotationForm(
            "explore <card> <day> <slot>",
            f"play a card face down as {EXPLORE}, with a Travel action",
            (_CARD, day, slot),
        ),
        NotationForm("research", "spend a Research token: draw 3 cards, then discard 3"),
        NotationForm(
            "discard <card> <card> <card>",
            "after a Research token: discard these 3 cards from your hand, in any order",
            (_CARD,),
        ),
        NotationForm(
            "travel <place>",
            "a Travel action: place your Traveler on a starting space, then move it along a "
            "solid line",
            (_PLACE,),
        ),
        NotationForm("skip travel", "let a Travel action go"),
        NotationForm(
            "dotted <place>", "pay a dotted line's cost to move your Traveler along it", (_PLACE,)
        ),
        NotationForm("favour flip", f"flip the day's {FAVORABLE} token to its 2 side"),
        NotationForm(
            "favour row <row>",
            f"move the day's {FAVORABLE} token to a bonus row and take the bonus of its "
            "leftmost open space",
            (_ROW,),
        ),
        NotationForm("favour skip", f"take no {FAVORABLE} bonus"),
        NotationForm(
            "icon <icon>",
            "choose an Experience icon: one of your choice, one of your tied lowest, the one a "
            "dotted line moves back, or the icon of a Goal tile's longest run",
            (_ICON,),
        ),
        NotationForm(
            "row <row>",
            "a Goal tile's reward: the bonus of a row's leftmost open space (the space stays open)",
            (_ROW,),
        ),
        NotationForm(
            "wild <icon>", "spend a Wild token to move that Experience token 1 space", (_ICON,)
        ),
        NotationForm(
            "choose <choice>",
            "choose one of the cards or players offered",
            (
                (
                    "<choice>",
                    "0 or 1: the first or the second of the two cards shown (drawn for the "
                    "Goal tile, or passed to the travel agent: the one it takes first); for "
                    f"Brittany and Normandy's Goal tile, whose Saturday {HIGHLIGHT}: the "
                    "player's number less one (0 is Player 1; solo, 1 is the travel agent)",
                ),
            ),
        ),
        NotationForm(
            "done",
            "pass the rest of your hand once your cards are played; on the trip, go on "
            "without spending Wild tokens",
        ),
    )


__all__ = ["build_rules_summary", "notation_forms"]
