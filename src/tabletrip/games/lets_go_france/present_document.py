"""What a Let's Go! To France seat (or a spectator) sees, as a presentation `Document`.

Built from the observation and the game's static content only (the Activity cards, the
player board, the regional map, the Goal tiles), so it cannot show what the seat may not
see: another seat's hand, which card an Explore the City card is, another seat's plays of the
round before the round is revealed. The viewer's own board is the one it holds now
(`my_board`); every other board is the one the table sees.

Sections: the viewer's own (role "mine", `present_own.py`); one per player (role "seat");
then the table: the round or the trip, the solo travel agent, the discard pile, the regional
map and the Goal tiles in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletrip.core.phrases import listing, plural
from tabletrip.core.presentation import (
    Block,
    Card,
    Cards,
    Document,
    Item,
    Items,
    Section,
    Sentence,
    Table,
    Value,
    Values,
)
from tabletrip.games.lets_go_france.content import DAYS
from tabletrip.games.lets_go_france.final import AGENT_TRAVEL_POINTS, FAVOURABLE_POINTS
from tabletrip.games.lets_go_france.present_own import own_sections
from tabletrip.games.lets_go_france.present_view import (
    View,
    day_items,
    flag_spaces,
    goal_faces,
    goal_reached,
    goal_title,
    make_view,
    tracks,
    trip_so_far,
)
from tabletrip.games.lets_go_france.present_words import (
    AGENT,
    COST_WORDS,
    FAVORABLE,
    FLAG_WORDS,
    HIGHLIGHT,
    capital,
    day_name,
    energy_words,
    points,
    rulebook_spelling,
    seat_name,
    space_bonus_words,
)
from tabletrip.games.lets_go_france.rules import LetsGoGame
from tabletrip.games.lets_go_france.scoring import experience_points

TRIP_GOALS = len(DAYS)  # the trip's "day" once Saturday is done: the Goal tiles that act then
NOT_YET = "–"  # a trip day not activated yet
DRAW_WORDS = {
    "deck2": "2 cards from the deck",
    "deck4": "4 cards from the deck",
    "stack": "the stack passed to you",
}
TRAVEL_ICONS = {"travel": 1, "travel2": 2}
# What another player is deciding on the trip (`waiting_on`; planning decisions stay hidden).
WAITING = {
    "wild_window": "whether to spend Wild tokens",
    "any": f"the icon their {HIGHLIGHT} gives",
    "lowest": "which of their lowest Experience tokens moves",
    "goal_card": f"which drawn card's {HIGHLIGHT} to score",
    "goal_opponent": f"whose Saturday {HIGHLIGHT} to score",
    "goal_icon": "the icon of their longest run",
}


def build_document(game: LetsGoGame, observation: Mapping[str, Any]) -> Document:
    """What the observation's seat (or a spectator, for the public observation) sees."""
    view = make_view(game, observation)
    sections: list[Section] = []
    if view.viewer is not None:
        sections += own_sections(view, view.viewer)
    sections += [_seat_section(view, seat) for seat in range(view.players)]
    sections += _table_sections(view)
    return Document(tuple(sections))


# --- each player's public area ----------------------------------------------------------------


def _seat_section(view: View, seat: int) -> Section:
    blocks: list[Block] = []
    if seat == view.viewer:
        blocks += _own_summary(view, seat)
    else:
        board = view.board(seat)
        flags = [FLAG_WORDS[f] for f in (1, 2) if goal_reached(board, f)]
        facts = [
            Value("Traveler", view.space(board["traveler"])),
            Value("Goal flags reached", listing(flags) or "none yet"),
        ]
        stack = view.observation["stack_sizes"][seat] if view.phase == "plan" else 0
        if stack:
            facts.append(Value("Stack passed to them", plural(stack, "card")))
        blocks.append(Values(tuple(facts)))
        blocks += tracks(view, seat, full=False)
        blocks.append(Items(tuple(day_items(view, board, reveal=False))))
        if view.phase == "plan":
            blocks.append(Sentence(_seen_since(view, seat)))
    trip = trip_so_far(view, seat)
    if trip:
        blocks.append(Sentence(trip))
    return Section(view.title(seat), tuple(blocks), "seat", seat)


def _own_summary(view: View, seat: int) -> list[Block]:
    """The viewer's own area: its sections above hold the rest."""
    board = view.board(seat)
    thresholds = view.game.board.experience_points
    experience = sum(experience_points(int(s), thresholds) for s in board["experience"].values())
    energy = energy_words(board["energy"], view.game.board.energy_points)
    blocks: list[Block] = [
        Values(
            (
                Value("Traveler", view.space(board["traveler"])),
                Value("Experience Track", points(experience)),
                Value("Energy Tracker", energy),
                Value("Point tokens", board["points"]),
            )
        )
    ]
    if view.phase == "plan":
        blocks.append(
            Sentence(
                "The other players see your board as it stood when this round began; your new "
                "cards show when every player has played the round."
            )
        )
    return blocks


def _seen_since(view: View, seat: int) -> str:
    observation = view.observation
    base = f"As it stood when round {observation['round']} began"
    if seat < int(observation["current_player"]):
        return (
            f"{base}; {seat_name(seat, view.players)} has played this round (shown when it ends)."
        )
    return base + "."


# --- the table --------------------------------------------------------------------------------


def _table_sections(view: View) -> list[Section]:
    sections = [_round_section(view)]
    if view.observation.get("travel_agent") is not None:
        sections.append(_agent_section(view))
    discards = tuple(
        Card(view.cards[k].name) for k in view.observation["discards"] if k in view.cards
    )
    sections.append(Section("Discard pile", (Cards(discards, empty="no cards"),), "table"))
    sections.append(_map_section(view))
    sections.append(_goals_section(view))
    return sections


def _round_section(view: View) -> Section:
    observation = view.observation
    rounds = view.game.board.rounds
    deck = Value("Deck", plural(observation["deck_size"], "card"))
    discards = Value("Discard pile", plural(len(observation["discards"]), "card"))
    if view.phase != "plan":
        blocks: list[Block] = [Values((deck, discards)), Sentence(_trip_words(view))]
        blocks.append(_trip_table(view))
        return Section("The trip to Paris", tuple(blocks), "table")
    number = int(observation["round"])
    plan = observation["round_plan"] or {}
    direction = view.direction
    if view.players == 1:
        passing = f"to {AGENT}"
    else:
        same = [i + 1 for i, r in enumerate(rounds) if r.direction == direction]
        passing = f"to the {direction} (rounds {same[0]} to {same[-1]})"
    draw = listing([DRAW_WORDS.get(d, "cards") for d in plan.get("draw", ())])
    play = int(plan.get("play", 1))
    to = f"to {AGENT}" if view.players == 1 else f"to the player on your {direction}"
    blocks = [
        Values(
            (Value("Round", number, of=len(rounds)), Value("Cards pass", passing), deck, discards)
        ),
        Sentence(
            f"Round {number} of {len(rounds)}: draw {draw}, play {plural(play, 'card')} and "
            f"pass {play} {to}."
        ),
        Sentence(_turn_words(view)),
    ]
    return Section("The round", tuple(blocks), "table")


def _turn_words(view: View) -> str:
    current = int(view.observation["current_player"])
    if current == view.viewer:
        text = "Your turn to play this round."
    else:
        text = f"{seat_name(current, view.players)} is playing this round."
    if view.players > 1 and current > 0:
        text += (
            f" Already played: {view.names(range(current))}; cards played this round show when "
            "every player has played it."
        )
    return text


def _trip_words(view: View) -> str:
    observation = view.observation
    if view.phase == "over":
        return "Every trip has been taken: the scores are final."
    current = int(observation["current_player"])
    day = observation["trip"]["day"] or 0
    where = day_name(day) if day < TRIP_GOALS else "the Goal tiles that act at the end of the trip"
    who = "You are" if current == view.viewer else f"{seat_name(current, view.players)} is"
    text = (
        "Final round: each player activates their Itinerary from Monday to Saturday, one after "
        f"another. {who} on {where}."
    )
    waiting = observation.get("waiting_on")
    if waiting and current != view.viewer:
        what = WAITING.get(waiting, "a choice")
        text += f" Waiting on {seat_name(current, view.players)}: {what}."
    return text


def _trip_table(view: View) -> Table:
    day_points = view.observation["trip"]["day_points"]
    seats = range(len(day_points))
    columns = ("Day", *(capital(view.name(s)) for s in seats))
    rows: list[tuple[str | int, ...]] = []
    for day in range(len(DAYS)):
        cells: list[str | int] = [day_name(day)]
        for s in seats:
            cells.append(day_points[s][day] if day < len(day_points[s]) else NOT_YET)
        rows.append(tuple(cells))
    total = "All days" if view.phase == "over" else "Days so far"
    rows.append((total, *(sum(day_points[s]) for s in seats)))
    return Table(columns, tuple(rows))


def _agent_section(view: View) -> Section:
    agent = view.players
    board = view.board(agent)
    travel = sum(
        TRAVEL_ICONS.get(view.cards[c["card"]].bonus, 0)
        for column in board["days"]
        for c in column
        if c.get("card") in view.cards
    )
    flipped = len(board["flipped"])
    blocks: list[Block] = [
        Values(
            (
                Value(
                    f"{FAVORABLE} tokens flipped",
                    f"{flipped} ({points(FAVOURABLE_POINTS * flipped)})",
                ),
                Value(
                    "Travel icons in its week", f"{travel} ({points(AGENT_TRAVEL_POINTS * travel)})"
                ),
            )
        ),
        *tracks(view, agent, full=False),
        Items(tuple(day_items(view, board, reveal=True, agent=True))),
    ]
    rules = (
        f"Cards passed to {AGENT} go face up into its week in order, from the top of Monday to "
        f"the bottom of Saturday: 3 a day, 4 on Saturday. On its trip each {HIGHLIGHT} is "
        f"activated and scored twice, and it scores {FAVOURABLE_POINTS} points per flipped "
        f"{FAVORABLE} token and {AGENT_TRAVEL_POINTS} per Travel icon in its week."
    )
    if view.game.options.get("advanced_traveler"):
        rules += " Advanced Traveler Mode: it also scores its lowest icon times its highest."
    blocks.append(Sentence(rules))
    trip = trip_so_far(view, agent)
    if trip:
        blocks.append(Sentence(trip))
    return Section(capital(AGENT), tuple(blocks), "table")


def _map_section(view: View) -> Section:
    region = view.game.region
    boards = {s: view.board(s) for s in range(view.players)}
    items = []
    for space in region.spaces:
        parts = [f"gives {space_bonus_words(space.bonus)}"]
        if space.start:
            parts.append("starting space")
        if space.flag:
            parts.append(f"{FLAG_WORDS[space.flag]} space")
        if space.explore_once:
            explored = [s for s, b in boards.items() if space.id in b["explored"]]
            parts.append(
                f"dotted circle, explored by {view.names(explored)}"
                if explored
                else "dotted circle: its bonus once for each player"
            )
        solid, dotted = space_lines(view, space.id)
        if solid:
            parts.append("lines to " + listing(solid))
        if dotted:
            parts.append("dotted lines to " + listing(dotted))
        here = [s for s, b in boards.items() if b["traveler"] == space.id]
        if here:
            parts.append(f"Traveler here: {view.names(here)}")
        items.append(Item(space.name, "; ".join(parts)))
    blocks: list[Block] = [
        Items(tuple(items)),
        Sentence(
            "A Travel action moves a Traveler along a solid line; a dotted line may be taken at "
            "any time by paying its cost. A dotted circle gives its bonus only on a player's "
            "first visit (an Exploration token marks it)."
        ),
    ]
    return Section(f"Regional map: {region.name}", tuple(blocks), "table")


def space_lines(view: View, space: str) -> tuple[list[str], list[str]]:
    """The spaces a line leads to from `space`: by solid lines, then by dotted ones (each
    with what it costs)."""
    solid: list[str] = []
    dotted: list[str] = []
    for path in view.game.region.paths:
        if space not in (path.a, path.b):
            continue
        other = view.space(path.b if path.a == space else path.a)
        if path.dotted:
            dotted.append(f"{other} (pay {COST_WORDS.get(path.cost or '', 'its cost')})")
        elif other not in solid:
            solid.append(other)
    return solid, dotted


def _goals_section(view: View) -> Section:
    items = []
    for flag, face in goal_faces(view):
        done = [s for s in range(view.players) if goal_reached(view.board(s), flag)]
        who = f"Activated by {view.names(done)}." if done else "Not activated yet."
        spaces = listing(flag_spaces(view, flag))
        text = rulebook_spelling(face.text)
        detail = f"{text} {capital(FLAG_WORDS[flag])} spaces: {spaces}. {who}"
        items.append(Item(goal_title(view, flag, face), detail))
    blocks: list[Block] = [
        Items(tuple(items), empty="no Goal tiles"),
        Sentence(
            "A Goal tile is activated when a Traveler reaches a space with its flag; each "
            "player may activate each Goal tile once."
        ),
    ]
    return Section("Goal tiles", tuple(blocks), "table")
