"""En Route's references for a person at the keyboard: the notation's forms and the rules.

`notation_forms` lists every form `EnRouteGame.parse_action` reads (actions.py writes them),
each field with the values it takes; `rules_summary` tells the rules of the game as its
options set it up (city, level, mode, number of players) in a few short paragraphs, in
tabletrip's own words. Both are built from the game's static content and options only.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from tabletrip.core.phrases import listing, plural
from tabletrip.core.presentation import NotationForm
from tabletrip.games.en_route.present_words import CARD_KINDS

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteGame

WIDTH = 90


def _id_ranges(game: EnRouteGame) -> str:
    """`city-01 to city-12 (First City cards), global-01 to global-18 (...)`."""
    city = game.city
    by_kind: dict[str, list[str]] = {}
    for card in city.deck:
        by_kind.setdefault(CARD_KINDS.get(card.kind, f"{city.name} card"), []).append(card.id)
    parts = [
        f"{ids[0]} to {ids[-1]} ({kind}s)" if len(ids) > 1 else f"{ids[0]} ({kind})"
        for kind, ids in by_kind.items()
    ]
    return listing(parts)


def notation_forms(game: EnRouteGame) -> tuple[NotationForm, ...]:
    """Every form of En Route's notation, with what each field means."""
    city = game.city
    card = (
        "<card>",
        f"a card by its id: {_id_ranges(game)}; each move of the list of moves shows its "
        "notation, the card's id included",
    )
    section = (
        "<section>",
        "a road section by its two crossroads x,y-x,y, either one first (2,3-3,3 or "
        "3,3-2,3); x counts the grid lines from the left, y from the top, both 0 to 6, as "
        "the grid labels them",
    )
    forms = [
        NotationForm(
            "play <card>",
            "place a card from your hand: the first Round card, a card offered to the active "
            "player, a beginning round card or (solo) your Round card",
            (card,),
        ),
        NotationForm(
            "keep <card>",
            "keep this card as the second Round card (solo: take it from the Card Sequence)",
            (card,),
        ),
        NotationForm(
            "renew <card> ...",
            "once a game: put 1 to 3 cards of your hand under the City deck and draw as many",
            (("<card> ...", "1 to 3 card ids of your hand, separated by spaces"),),
        ),
        NotationForm(
            "mark <location>",
            "select this location and mark the round's tourists there",
            (
                (
                    "<location>",
                    "c<column>r<row>, both 1 to 6 from the top-left as the grid labels them "
                    "(not the board's coordinate numbers): c3r2 is column 3, row 2",
                ),
            ),
        ),
        NotationForm(
            "mark <location> <tourist>",
            "the same where you choose the tourists' type (two Repeat cards, a Repeat card "
            "with a card of two types, or no matching location free)",
            (
                ("<location>", "c<column>r<row>, both 1 to 6, as above"),
                ("<tourist>", listing(["red", "green", "blue"], "or")),
            ),
        ),
        NotationForm(
            "chart <section>",
            "chart 1 route section anywhere on your map",
            (section,),
        ),
        NotationForm(
            "chart <section> <section>",
            "chart 2 sections, straight or L-shaped, at least one along your location; "
            "in either order",
            (section,),
        ),
        NotationForm(
            "extra <section>",
            "use a Route section bonus (a Café's or a Balance card's): 1 section anywhere",
            (section,),
        ),
        NotationForm("done", "end your drawing turn, keeping your bonuses for later"),
        NotationForm(
            "route <crossroads> ...",
            "your final route: the crossroads it passes, in order, from either end; any "
            "valid route is accepted, not only the listed ones",
            (
                (
                    "<crossroads> ...",
                    "crossroads x,y (0 to 6, as the grid labels them) separated by spaces, "
                    "each next to the one before along a drawn section: route 1,1 2,1 2,2",
                ),
            ),
        ),
        NotationForm("route", "no final route: only when you have drawn no section"),
    ]
    if game.use_objectives:
        ids = city.objective_ids
        forms.insert(
            0,
            NotationForm(
                "objective <objective>",
                "keep this one of your two Personal Objective cards",
                (
                    (
                        "<objective>",
                        f"a Personal Objective card by its id, {ids[0]} to {ids[-1]}; your "
                        "Personal Objectives to choose from show their crossroads",
                    ),
                ),
            ),
        )
    if not game.solo and game.players >= 3 and not game.team:
        forms.insert(
            3,
            NotationForm(
                "choose <card> <card>",
                "beginning round: the 2 placed cards that are your Round cards this round",
                (card,),
            ),
        )
    if game.advanced:
        iconic = listing(
            [f"{i} ({name})" for i, name in zip(city.iconic_ids, city.iconic_names, strict=True)],
            "or",
        )
        forms.append(
            NotationForm(
                "rate <landmark> <change>",
                "Advanced mode: move an Iconic Landmark's rating on the Round board",
                (
                    ("<landmark>", f"the Iconic Landmark: {iconic}"),
                    (
                        "<change>",
                        "up, down, or stays (only when the rating is already at its top or "
                        "its bottom)",
                    ),
                ),
            )
        )
    coordinate = game.use_cafes or any("coordinate_change" in sides for sides in game.balance)
    if coordinate:
        forms.append(
            NotationForm(
                "coordinate <which> <change>",
                "use a Coordinate change bonus before selecting your location",
                (
                    ("<which>", "1 for the first Round card, 2 for the second"),
                    ("<change>", "+1 or -1 (6 + 1 is 1, 1 - 1 is 6)"),
                ),
            )
        )
    if game.use_cafes:
        cafes = listing(
            [f"{k} {c.name}" for k, c in enumerate(city.cafes) if c.bonus == "new_tourists"],
            "or",
        )
        forms += [
            NotationForm(
                "cafe <cafe> use",
                "add the tourists of the New tourists Café you just reached to your location",
                (
                    (
                        "<cafe>",
                        f"the New tourists Café by its number in the city's list of Cafés, "
                        f"counted from 0: {cafes}",
                    ),
                ),
            ),
            NotationForm(
                "cafe <cafe> keep",
                "leave that Café's bonus unused, for 2 PP at the end",
                (("<cafe>", "the Café's number, as above"),),
            ),
        ]
    return tuple(forms)


# --- the rules summary ------------------------------------------------------------------------


def rules_summary(game: EnRouteGame) -> str:
    """The rules as this game's options set them, in short paragraphs (blank-line separated)."""
    paragraphs = [
        _goal(game),
        _selection(game),
        _drawing(game),
        _scoring(game),
        _ending(game),
    ]
    return "\n\n".join(
        "\n".join(textwrap.wrap(p, WIDTH, break_on_hyphens=False)) for p in paragraphs if p
    )


def _goal(game: EnRouteGame) -> str:
    city = game.city
    text = (
        f"En Route, {city.name}. Over {city.rounds} rounds every player marks tourists on "
        "their own map of the city and charts route sections along its roads. At the end each "
        "keeps one unbroken final route; the tourists and Landmarks along it score Prestige "
        "Points (PP)."
    )
    if game.solo:
        return text + (
            f" Solo: you win by reaching {game.challenge[0]} PP"
            + (f" and completing {plural(game.challenge[1], 'Goal')}" if game.challenge[1] else "")
            + ", the Challenge cell you chose."
        )
    if game.team:
        return text + (
            " Team mode: the players across from each other are teammates, and the team "
            "with more PP together wins."
        )
    return text + " The player with the most PP wins."


def _selection(game: EnRouteGame) -> str:
    if game.solo:
        text = (
            "A round: place a card from your hand as the first Round card, then take a "
            "face-up card of the Card Sequence as the second. "
        )
    elif game.team:
        text = (
            "A round: the active player places a card face up; their teammate offers two "
            "cards face up and the active player keeps one as the second Round card (the "
            "other goes under the City deck). "
        )
    else:
        offer = (
            "the opponent offers two cards face down"
            if game.players == 2
            else "each neighbour offers a card face down"
        )
        text = (
            f"A round: the active player places a card face up, {offer}, and the active "
            "player keeps one of the offered cards as the second Round card (the other goes "
            "under the City deck). The active player moves on clockwise each round. "
        )
    rating = (
        "For each Iconic Landmark symbol on the Round cards, the active player moves that "
        "Landmark's rating up or down (Advanced mode)."
        if game.advanced
        else "Each Iconic Landmark symbol on the Round cards raises that Landmark's rating."
    )
    text += rating
    if not game.solo and not game.team and game.players >= 3:
        rounds = (
            "The first round is a beginning round"
            if game.players == 3
            else "The first two rounds are beginning rounds"
        )
        text += (
            f" {rounds}: everyone places a card face down, then each player picks their own "
            "two Round cards among them, in secret."
        )
    text += (
        " Once a game you may renew your hand: put 1 to 3 cards under the City deck and draw "
        "as many."
    )
    return text


def _drawing(game: EnRouteGame) -> str:
    text = (
        "Drawing: the two cards' numbers are coordinates, and you decide which is horizontal "
        "and which vertical, so there are usually two locations to pick from. Select a free "
        "one, mark the tourists the cards show there (a Repeat card adds 2 more of the other "
        "card's type; two Repeat cards give 2 of any one type), then chart 2 sections, "
        "straight or L-shaped, along that location, or 1 section anywhere. With no matching "
        "location free, mark 1 tourist of any type anywhere free and chart 1 section anywhere."
    )
    if game.use_cafes:
        text += (
            " The first time your route reaches a Café you gain its bonus: New tourists, a "
            "Route section anywhere, or a Coordinate change (a Round card's number 1 up or "
            "down); an unused bonus is worth 2 PP at the end."
        )
    return text


def _scoring(game: EnRouteGame) -> str:
    city = game.city
    vta = ""
    if city.vta_name and city.vta_crossroads:
        worth = listing([f"{n} score {pp} PP" for n, pp in enumerate(city.vta_scores) if n >= 2])
        vta = (
            f" {city.vta_name} points (Visit-Them-All) on the route score together: "
            f"{worth} (1 alone scores {city.vta_scores[1]})."
        )
    text = (
        "The end: choose your final route, one unbroken line along your drawn sections, each "
        "used once; it may cross itself or loop. Tourists in locations it does not run along "
        "leave. Each red, green or blue tourist left scores 1 PP for every Landmark of its "
        "colour on the route; Popular (yellow) Landmarks score their PP; Iconic (gray) ones "
        "their rating." + vta
    )
    if game.use_cafes:
        text += " Unused Café bonuses score 2 PP each."
    if game.use_objectives:
        text += (
            " Personal Objective: with 2 of its 3 crossroads on the route, score 1 PP per "
            "section of the longest stretch between two of them."
        )
    if game.use_goals:
        text += (
            " Goals: no PP in solo, but they count for the Challenge."
            if game.solo
            else " Goals: meeting one scores its Achiever PP, the best result (ties included) "
            "its Winner PP."
        )
    return text


def _ending(game: EnRouteGame) -> str:
    if game.solo:
        return (
            "Solo: the game is won when both the PP and the number of completed Goals of your "
            "Challenge cell are reached; otherwise it is lost."
        )
    if game.team:
        return (
            "Ties: between teams with equal PP, the team whose teammates' scores are closer "
            "wins; if that is equal too, they share the victory."
        )
    return (
        "Ties: among players with equal PP, the longest final route wins, then the most "
        "tourists, then the most Landmarks on the final route; if still equal, they share "
        "the win."
    )
