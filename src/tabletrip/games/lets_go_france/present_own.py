"""The viewer's own sections of a Let's Go! To France document (role "mine"): the decision it
owes now, its hand, its Itinerary, its tracks and tokens, its Traveler and its Goal tiles.

The viewer's board here is the one it holds now (`my_board`), its Explore the City cards
named; everything comes from its observation and the game's static content.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletrip.core.phrases import listing, plural
from tabletrip.core.presentation import Block, Cards, Item, Items, Section, Sentence, Value, Values
from tabletrip.games.lets_go_france.content import DAYS, MAX_PER_DAY
from tabletrip.games.lets_go_france.present_view import (
    View,
    card_of,
    day_items,
    explore_points,
    flag_spaces,
    goal_faces,
    goal_reached,
    goal_title,
    highlight_of,
    space_detail,
    tracks,
)
from tabletrip.games.lets_go_france.present_words import (
    AGENT,
    COST_WORDS,
    EXPLORE,
    FAVORABLE,
    HIGHLIGHT,
    capital,
    day_name,
    icon_name,
    points,
    rulebook_spelling,
    seat_name,
    time_chart_words,
)

# What the viewer decides now, by the kind of decision it owes (`observation["pending"]`).
DECISIONS = {
    "icon": "Choose an Experience icon: its token moves 1 space forward.",
    "row": (
        "Your Goal tile gives the bonus of the leftmost open space of a bonus row: choose the "
        f"row (the space stays open for a {FAVORABLE} token)."
    ),
    "discard3": (
        "You used a Research token and drew 3 cards: discard any 3 cards from your hand to the "
        "face-up discard pile."
    ),
    "agent_order": f"Your 2 cards go face up into {AGENT}'s week: choose the one it takes first.",
    "wild_window": (
        "You may spend Wild tokens now, each moving an Experience token of your choice 1 space "
        "forward, or go on with the trip (Wild tokens left score nothing)."
    ),
    "any": (
        f"Your {HIGHLIGHT} gives an Experience icon of your choice: choose the token that moves."
    ),
    "lowest": (
        "Several of your Experience tokens are tied for lowest: choose the one that moves, or "
        "spend a Wild token first."
    ),
    "goal_card": f"Your Goal tile drew 2 cards: choose the one whose {HIGHLIGHT} you score.",
    "goal_opponent": (
        f"Your Goal tile scores an opponent's Saturday {HIGHLIGHT} by your own track and "
        "tokens: choose whose."
    ),
    "goal_icon": (
        "Your Goal tile scores your longest run of consecutive cards showing one icon: choose "
        "the icon."
    ),
    "step_back": (
        "This dotted line is paid by moving an Experience token back 1 space: choose the token."
    ),
}


def own_sections(view: View, seat: int) -> list[Section]:
    """The viewer's decision (if it owes one), hand (while planning), Itinerary, tracks and
    tokens, Traveler and Goal tiles."""
    sections = []
    decision = decision_blocks(view, seat)
    if decision:
        sections.append(Section("Your decision", tuple(decision), "mine", seat))
    if view.phase == "plan":
        sections.append(Section("Your hand", tuple(_hand_blocks(view, seat)), "mine", seat))
    sections.append(Section("Your Itinerary", tuple(_itinerary(view, seat)), "mine", seat))
    sections.append(Section("Your tracks and tokens", tuple(tracks(view, seat)), "mine", seat))
    sections.append(Section("Your Traveler", tuple(_traveler_blocks(view, seat)), "mine", seat))
    sections.append(Section("Your Goal tiles", (_own_goals(view, seat),), "mine", seat))
    return sections


def _itinerary(view: View, seat: int) -> list[Block]:
    blocks: list[Block] = [Items(tuple(day_items(view, view.board(seat), reveal=True)))]
    if view.phase == "plan":
        once, more = explore_points(view.game)
        blocks.append(
            Sentence(
                "Cards are listed from the top of each day's column. A new card goes at the top, "
                f"between two cards or at the bottom, where it becomes the {HIGHLIGHT}; a day "
                f"holds {MAX_PER_DAY} cards at most. A card played face down is {EXPLORE}: it "
                f"gives a Travel action now and scores {points(once)} ({more} more as the "
                f"{HIGHLIGHT})."
            )
        )
    chart = time_chart_words(view.game.board.time_chart)
    blocks.append(Sentence(f"Each day's Time moves the Energy Tracker: {chart}."))
    return blocks


def _hand_blocks(view: View, seat: int) -> list[Block]:
    observation = view.observation
    hand = observation.get("hand") or []
    blocks: list[Block] = [Cards(tuple(card_of(view, k) for k in hand), empty="no cards")]
    play = int((observation.get("round_plan") or {}).get("play", 1))
    current = int(observation["current_player"])
    to_play = int(observation.get("cards_to_play") or 0)
    if current == seat and to_play:
        cards = plural(to_play, "more card" if to_play < play else "card")
        blocks.append(
            Sentence(f"Play {cards} into your Itinerary, then pass the rest {_pass_to(view)}.")
        )
    elif current == seat:
        blocks.append(
            Sentence(
                f"Your cards for the round are played: pass the rest {_pass_to(view)}. Until "
                "then you may still use a Research token or pay for a dotted line."
            )
        )
    elif current < seat:
        blocks.append(Sentence(f"You play after {view.names(range(current, seat))}."))
    else:
        blocks.append(Sentence("You have played this round."))
    passed = observation.get("passed") or []
    if passed:
        step = 1 if view.direction == "left" else -1
        receiver = seat_name((seat + step) % view.players, view.players)
        names = listing([view.cards[k].name for k in passed if k in view.cards])
        blocks.append(
            Sentence(f"You passed {names} face down to {receiver}, who has not drawn them yet.")
        )
    stack = observation["stack_sizes"][seat]
    if stack:
        blocks.append(
            Sentence(
                f"A face-down stack of {plural(stack, 'card')} waits on your board: you draw "
                "it when the Round Tracker says so, and may not look at it before."
            )
        )
    return blocks


def _pass_to(view: View) -> str:
    if view.players == 1:
        return f"to {AGENT}, face up into its week"
    return f"face down to the player on your {view.direction}"


def _traveler_blocks(view: View, seat: int) -> list[Block]:
    board = view.board(seat)
    here = board["traveler"]
    explored = list(board["explored"])
    placed = listing([view.space(s) for s in explored]) or "none yet"
    blocks: list[Block] = [
        Values((Value("Traveler", view.space(here)), Value("Exploration tokens placed", placed)))
    ]
    region = view.game.region
    if here is None:
        blocks.append(
            Sentence(
                "Your first Travel action places your Traveler on a starting space and gains "
                "its bonus:"
            )
        )
        starts = [s for s in region.spaces if s.start]
        blocks.append(Items(tuple(Item(s.name, space_detail(s, explored)) for s in starts)))
        return blocks
    items = []
    for path in region.paths:
        if here not in (path.a, path.b):
            continue
        other = view.spaces[path.b if path.a == here else path.a]
        line = (
            f"dotted line, pay {COST_WORDS.get(path.cost or '', 'its cost')} at any time"
            if path.dotted
            else "solid line, a Travel action"
        )
        items.append(Item(other.name, f"{line}; {space_detail(other, explored)}"))
    blocks.append(Sentence(f"From {view.space(here)} your Traveler can go to:"))
    blocks.append(Items(tuple(items), empty="nowhere"))
    return blocks


def _own_goals(view: View, seat: int) -> Items:
    board = view.board(seat)
    items = []
    for flag, face in goal_faces(view):
        if goal_reached(board, flag):
            status = "Activated."
        else:
            spaces = listing(flag_spaces(view, flag)).replace(" and ", " or ")
            status = f"Not activated yet: reach {spaces}."
        items.append(Item(goal_title(view, flag, face), f"{status} {rulebook_spelling(face.text)}"))
    return Items(tuple(items), empty="no Goal tiles")


# --- the decision the viewer owes ----------------------------------------------------------------


def decision_blocks(view: View, seat: int) -> list[Block]:
    """What the viewer must decide now, with the cards or boards it decides about ([] when it
    owes no decision)."""
    observation = view.observation
    pending = observation.get("pending")
    if not pending:
        return []
    kind = pending[0]
    board = view.board(seat)
    if kind == "travel":
        return [Sentence(_travel_decision(view, board))]
    if kind == "favour":
        return [Sentence(_favour_decision(board, pending[1] if len(pending) > 1 else ""))]
    text = DECISIONS.get(kind, "Make the choice the game asks for.")
    wild = int(board["wild"])
    if kind == "lowest" and not wild:
        text = text.replace(", or spend a Wild token first", "")
    if kind == "wild_window":
        text = f"You hold {plural(wild, 'Wild token')}. {text}"
    blocks: list[Block] = [Sentence(text)]
    if kind == "goal_card" and observation.get("goal_cards"):
        cards = tuple(card_of(view, k) for k in observation["goal_cards"])
        blocks.append(Cards(cards, empty="no cards drawn"))
    if kind == "agent_order" and observation.get("agent_cards"):
        cards = tuple(card_of(view, k) for k in observation["agent_cards"])
        blocks.append(Cards(cards, empty="no cards"))
    if kind == "goal_opponent":
        blocks.append(Items(tuple(_saturday_highlights(view, seat)), empty="no opponents"))
    return blocks


def _favour_decision(board: Mapping[str, Any], day: str) -> str:
    index = DAYS.index(day) if day in DAYS else -1
    icon = board["favourable"][index] if index >= 0 else None
    token = f"{day_name(index)}'s {FAVORABLE} token" if index >= 0 else f"a {FAVORABLE} token"
    if icon is not None:
        token += f" ({icon_name(icon)})"
    flip = "" if icon in board["flipped"] else "flip it to its 2 side, "
    return (
        f"Your card matches {token}: {flip}move it to the leftmost open space of a bonus row "
        "and take that bonus, or take no bonus."
    )


def _travel_decision(view: View, board: Mapping[str, Any]) -> str:
    here = board["traveler"]
    region = view.game.region
    if here is None:
        starts = listing([s.name for s in region.spaces if s.start]).replace(" and ", " or ")
        return (
            f"Take your Travel action: place your Traveler on a starting space ({starts}) and "
            "gain its bonus, or let the action go."
        )
    targets: list[str] = []
    for path in region.paths:
        if path.dotted or here not in (path.a, path.b):
            continue
        name = view.space(path.b if path.a == here else path.a)
        if name not in targets:
            targets.append(name)
    where = listing(targets).replace(" and ", " or ") or "nowhere"
    return (
        f"Take your Travel action: move your Traveler along a solid line from {view.space(here)} "
        f"to {where} and gain its bonus, or let the action go."
    )


def _saturday_highlights(view: View, seat: int) -> list[Item]:
    items = []
    seats = view.players + (1 if view.players == 1 else 0)
    for other in range(seats):
        if other == seat:
            continue
        column = view.board(other)["days"][len(DAYS) - 1]
        what = highlight_of(view, column[-1]) if column else "no cards on Saturday"
        items.append(Item(capital(seat_name(other, view.players)), what))
    return items
