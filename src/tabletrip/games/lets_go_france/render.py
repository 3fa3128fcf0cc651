"""Let's Go! To France pictures: one seat's terminal view (plain text) and its boards (SVG).

Both are pure functions of an observation (a seat's, or the public one for a spectator) and
static content (the cards by id, the regional map, the player board, the goal tiles), so they
cannot show what the seat may not know: another seat's hand, which card a face-down Explore
the City card is, or another seat's plays of the round before the round is revealed.

Icons are written as two letters everywhere (`Ar` architecture, `At` art, `Fo` food, `Hi`
history, `Na` nature, `Sh` shopping), in the SVG on a coloured disc, so colour is never the
only clue. In the SVG every map space is a `<g data-space="<id>">`, every path a
`<g data-path="<a>|<b>">`, every day column a `<g data-day="<day>">` (ids as in the content
files and the notation: `travel tours`, `place baguette monday 2`), each with a `<title>`;
they, the places for a new card, the viewer's hand, the tokens, tracks and reward rows carry
the `data-target` keys of web.py, so a web page can make them clickable.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core.render import geo_coordinates, spread_points
from tabletrip.core.render import svg_number as _num
from tabletrip.core.render import wrap as _wrap
from tabletrip.core.render import wrap_items as _wrap_items
from tabletrip.games.lets_go_france.content import (
    DAYS,
    ICONS,
    MAX_PER_DAY,
    Activity,
    GoalSpec,
    Highlight,
    MapSpaceSpec,
    PlayerBoardSpec,
    RegionSpec,
    RewardSpec,
    SpaceBonusSpec,
    activities_from_spec,
    load_activities,
    load_player_board,
    load_regions,
)
from tabletrip.games.lets_go_france.legal import PENDING_WORDS
from tabletrip.games.lets_go_france.scoring import experience_points
from tabletrip.games.lets_go_france.web import (
    RESEARCH,
    WILD,
    choice_target,
    day_target,
    favour_target,
    hand_target,
    icon_target,
    path_target,
    row_target,
    slot_target,
    space_target,
)

if TYPE_CHECKING:
    from tabletrip.core import Result
    from tabletrip.games.lets_go_france.rules import LetsGoGame, LetsGoState

WIDTH = 100
SEAT_COLORS = ("blue", "red", "green", "yellow")
AGENT = "the travel agent"
ICON_CODES = {
    "architecture": "Ar",
    "art": "At",
    "food": "Fo",
    "history": "Hi",
    "nature": "Na",
    "shopping": "Sh",
}
ICON_LEGEND = ", ".join(f"{code} {icon}" for icon, code in ICON_CODES.items())
DAY_NAMES = tuple(day.capitalize() for day in DAYS)
DAY_SHORT = tuple(day[:3].capitalize() for day in DAYS)
BONUS_WORDS = {
    "none": "",
    "research": "+1 Research token",
    "travel": "a Travel action",
    "travel2": "2 Travel actions",
}
BONUS_CODES = {"none": "", "research": "R", "travel": "T", "travel2": "TT"}
DRAW_WORDS = {
    "deck2": "2 cards from the deck",
    "deck4": "4 cards from the deck",
    "stack": "the stack passed to them",
}
WAITING_WORDS = {
    "travel": "a Travel action",
    "favour": "a Favourable Condition bonus",
    "icon": "an experience icon of their choice",
    "row": "a reward row for a goal",
    "discard3": "the discards after a Research token",
    "agent_order": "which card the travel agent takes first",
    "wild_window": "whether to spend Wild tokens before the day",
    "any": "the icon a Highlight gives",
    "lowest": "which lowest token moves",
    "goal_card": "which drawn card's Highlight to score",
    "goal_opponent": "whose Saturday Highlight to score",
    "goal_icon": "the icon of the longest run",
    "step_back": "which Experience token moves back to pay a dotted path",
}
COLUMN = 16  # characters per day column in the text itinerary
DISCARDS_SHOWN = 6


# --- static content ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Content:
    """What every seat knows before the game starts: the cards, the map, the player board."""

    activities: Mapping[str, Activity]
    region: RegionSpec
    board: PlayerBoardSpec
    goals: Mapping[str, GoalSpec]
    explore_points: int
    explore_highlight: int

    @property
    def spaces(self) -> dict[str, MapSpaceSpec]:
        return {s.id: s for s in self.region.spaces}

    def neighbours(self, space: str) -> tuple[list[str], list[tuple[str, str]]]:
        """The spaces one solid path away, and one dotted path away with its cost."""
        solid: list[str] = []
        dotted: list[tuple[str, str]] = []
        for path in self.region.paths:
            if space not in (path.a, path.b):
                continue
            other = path.b if path.a == space else path.a
            if path.dotted:
                dotted.append((other, path.cost or ""))
            elif other not in solid:
                solid.append(other)
        return solid, dotted


_CONTENT: dict[str, Content] = {}


def content_for(region: str) -> Content:
    """The static content of a game on `region` (cached)."""
    cached = _CONTENT.get(region)
    if cached is not None:
        return cached
    spec = load_activities()
    regions = load_regions()
    goals: dict[str, GoalSpec] = {}
    for tile in regions.single_flag_tiles:
        for face in tile.faces:
            goals[face.id] = face
    for double in regions.double_flag_tiles:
        for face in double.faces:
            goals[face.id] = face
    content = Content(
        activities={a.key: a for a in activities_from_spec(spec)},
        region=next(r for r in regions.regions if r.id == region),
        board=load_player_board(),
        goals=goals,
        explore_points=spec.explore_the_city.get("points", 1),
        explore_highlight=spec.explore_the_city.get("highlight_points", 5),
    )
    _CONTENT[region] = content
    return content


def game_content(game: LetsGoGame) -> Content:
    """The static content of `game`."""
    return content_for(game.region.id)


# --- words shared by text and SVG ------------------------------------------------------------


def seat_name(seat: int, players: int | None = None) -> str:
    """`seat 0 (blue)`; the solo travel agent's board (seat `players` in solo) by its name."""
    if players == 1 and seat == 1:
        return AGENT
    return f"seat {seat} ({SEAT_COLORS[seat % len(SEAT_COLORS)]})"


def icons_code(icons: Iterable[int | str]) -> str:
    """`ArHi` for architecture and history (indices or names)."""
    return "".join(ICON_CODES[ICONS[i] if isinstance(i, int) else i] for i in icons)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def formula_text(formula: Any) -> str:
    """A Highlight's formula in short words: `5 per day with 2+ Ar`."""
    p = formula.points
    icon = ICON_CODES[ICONS[formula.icon]] if formula.icon >= 0 else ""
    kind = formula.kind
    if kind == "sets":
        return f"{p} per set of {'+'.join(ICON_CODES[ICONS[i]] for i in formula.icons)}"
    if kind == "days_with_different_icons":
        return f"{p} per day with {formula.count}+ different icons"
    if kind == "days_with_icon":
        return f"{p} per day with {formula.count}+ {icon}"
    if kind == "days_under_time":
        return f"{p} per day under {formula.count} time"
    if kind == "time_on_cards_with_icon":
        return f"{p} per time on {icon} cards"
    if kind == "icons_today":
        return f"{p} per {icon} today"
    if kind == "cards_with_time":
        return f"{p} per card with {formula.count}+ time"
    if kind == "favourable_tokens":
        return f"{p} per Favourable token flipped and moved"
    if kind == "research_tokens":
        return f"{p} per unspent Research token"
    if kind == "lowest_icon":
        return f"{p} per step of your lowest icon"
    if kind == "highest_icon":
        return f"{p} per step of your highest icon"
    return f"{p} per {kind}"  # pragma: no cover - every kind is named above


def highlight_parts(highlight: Highlight) -> list[str]:
    """A Highlight of the Day in short words, one part a gain: `3 pts`, `+Ar`, `+1 Wild`."""
    parts = []
    if highlight.points:
        parts.append(f"{highlight.points} pts")
    if highlight.formula is not None:
        parts.append(formula_text(highlight.formula))
    if highlight.icons:
        parts.append("+" + "+".join(ICON_CODES[ICONS[i]] for i in highlight.icons))
    if highlight.any_icon:
        parts.append(f"+{highlight.any_icon} any icon")
    if highlight.lowest_icon:
        parts.append(f"+{highlight.lowest_icon} lowest icon")
    if highlight.wild:
        parts.append(f"+{highlight.wild} Wild")
    if highlight.research:
        parts.append(f"+{highlight.research} Research")
    if highlight.energy:
        parts.append(f"energy {highlight.energy:+d}")
    if highlight.time:
        parts.append(f"+{highlight.time} time")
    return parts or ["nothing"]


def highlight_text(highlight: Highlight) -> str:
    """`3 pts, +Ar, +1 Wild`."""
    return ", ".join(highlight_parts(highlight))


def card_text(card: Activity) -> str:
    """A card in a line: name, icons, points, time, top bonus, Highlight."""
    icons = "+".join(ICON_CODES[ICONS[i]] for i in card.icons) or "no icon"
    bonus = BONUS_WORDS[card.bonus]
    top = f", top: {bonus}" if bonus else ""
    return (
        f"{card.name} ({card.key}): {icons}, {_plural(card.points, 'pt')}, {card.time} time{top}; "
        f"Highlight: {highlight_text(card.highlight)}"
    )


def space_bonus_text(bonus: Sequence[SpaceBonusSpec]) -> str:
    """`Hi + Research`: what arriving on a space gives."""
    parts = []
    for b in bonus:
        many = f"{b.amount}x " if b.amount > 1 else ""
        if b.kind == "icon":
            parts.append(many + ICON_CODES[b.icon or ""])
        elif b.kind == "any_icon":
            parts.append(many + "any icon")
        elif b.kind == "points":
            parts.append(f"{b.amount} pts")
        elif b.kind == "energy":
            parts.append(f"energy +{b.amount}")
        else:
            parts.append(many + b.kind.capitalize())
    return " + ".join(parts)


def reward_text(rewards: Sequence[RewardSpec]) -> str:
    """`Travel + 1 pt`: a reward-row space."""
    parts = []
    for r in rewards:
        if r.kind == "points":
            parts.append(f"{r.amount} pt" + ("s" if r.amount != 1 else ""))
        elif r.kind == "any_icon":
            parts.append("any icon" if r.amount == 1 else f"{r.amount} any icons")
        else:
            word = r.kind.capitalize()
            parts.append(word if r.amount == 1 else f"{r.amount} {word}")
    return " + ".join(parts)


def flag_text(flag: int) -> str:
    return {1: "single flag", 2: "double flag"}.get(flag, "")


# --- text ------------------------------------------------------------------------------------


def render_text(state: LetsGoState, seat: int | None) -> str:
    """What `seat` sees (None: a spectator), from its observation only, in 100 columns."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    result = state.result if state.is_over else None
    return render_observation_text(observation, game_content(state.game), result)


def render_observation_text(
    observation: Mapping[str, Any], content: Content, result: Result | None = None
) -> str:
    """The terminal view of one observation (a seat's or the public one)."""
    seat = observation.get("seat")
    players = len(observation["stack_sizes"])
    lines = _header_lines(observation, content, seat, players, result)
    if seat is not None:
        lines.append("")
        lines += _hand_lines(observation, content)
        lines.append("")
        lines += _own_board_lines(observation, content, seat)
        lines.append("")
        lines += _map_lines(observation, content, seat)
    else:
        lines.append("")
        lines += _travelers_lines(observation, content, None, players)
    boards = observation["boards"]
    for other in range(players):
        if other == seat:
            continue
        lines.append("")
        lines += _other_lines(observation, content, other, boards[other], players, seat)
    agent = observation.get("travel_agent")
    if agent is not None:
        lines.append("")
        lines += _other_lines(observation, content, players, agent, players, seat)
    trip = _trip_lines(observation, players, seat)
    if trip:
        lines.append("")
        lines += trip
    lines.append("")
    lines += _wrap(f"Icons: {ICON_LEGEND}; top bonus R Research, T Travel, TT 2 Travels.")
    return "\n".join(lines)


def _who(seat: int, viewer: int | None, players: int) -> str:
    return "you" if seat == viewer else seat_name(seat, players)


def _header_lines(
    observation: Mapping[str, Any],
    content: Content,
    seat: int | None,
    players: int,
    result: Result | None,
) -> list[str]:
    setting = "solo against the travel agent" if players == 1 else f"{players} players"
    viewer = "spectator view" if seat is None else f"you are {seat_name(seat)}"
    lines = _wrap(f"Let's Go! To France, {content.region.name} map, {setting}; {viewer}")
    current = observation["current_player"]
    phase = observation["phase"]
    if phase == "over":
        lines += _final_lines(observation, seat, players, result)
    elif phase == "trip":
        day = observation["trip"]["day"] or 0
        where = DAY_NAMES[day] if day < len(DAYS) else "the end-of-trip goals"
        lines += _wrap(
            f"The trip to Paris: {_who(current, seat, players)} "
            f"{'are' if current == seat else 'is'} on {where} (seats travel one after another)."
        )
    else:
        lines += _round_lines(observation, seat, players)
    waiting = observation.get("waiting_on")
    pending = observation.get("pending")
    if pending:
        lines += _wrap(f"You must now: {PENDING_WORDS.get(pending[0], pending[0])}")
        lines += _choice_lines(observation, content)
    elif waiting and current != seat and phase != "over":
        lines += _wrap(
            f"Waiting on {seat_name(current, players)}: {WAITING_WORDS.get(waiting, waiting)}"
        )
    goals = observation["goals"]
    for flag, key in ((1, "single_flag"), (2, "double_flag")):
        goal = content.goals.get(goals[key])
        if goal is not None:
            lines += _wrap(f"Goal tile, {flag_text(flag)}: {goal.text}")
    discards = observation["discards"]
    deck = f"Deck: {observation['deck_size']} cards; face-up discards: {len(discards)}"
    if discards:
        names = [content.activities[k].name for k in discards[-DISCARDS_SHOWN:]]
        more = " (newest last)" if len(discards) <= DISCARDS_SHOWN else " (last 6, newest last)"
        lines += _wrap_items(deck + more + ":", names)
    else:
        lines.append(deck)
    return lines


def _round_lines(observation: Mapping[str, Any], seat: int | None, players: int) -> list[str]:
    plan = observation["round_plan"]
    rounds = 14
    draw = " and ".join(DRAW_WORDS.get(d, d) for d in plan["draw"])
    play = plan["play"]
    if players == 1:
        to = "to the travel agent"
    else:
        step = 1 if plan["pass"] == "left" else -1
        to = f"to the {plan['pass']}"
        if seat is not None:
            to += f" ({seat_name((seat + step) % players)} gets yours)"
    lines = _wrap(
        f"Round {observation['round']} of {rounds}: each seat draws {draw}, plays "
        f"{_plural(play, 'card')} and passes {play} {to}."
    )
    current = observation["current_player"]
    if current == seat:
        hand = len(observation.get("hand") or ())
        pending = observation.get("pending") or [None]
        held = hand - (3 if pending[0] == "discard3" else 0)
        left = max(0, held - play)
        todo = (
            f"play {_plural(left, 'more card')} (`place <card> <day> <slot>`, or "
            "`explore ...` face down)"
            if left
            else f"your cards are played: `done` passes the other {_plural(held, 'card')}"
        )
        lines += _wrap(f"Your part of the round: {todo}; `research` and `dotted <place>` too.")
    else:
        lines += _wrap(f"Playing now: {seat_name(current, players)}.")
    if players > 1 and current > 0:
        done = ", ".join(_who(s, seat, players) for s in range(current))
        lines += _wrap(
            f"Already played this round: {done} (new cards are revealed when the round ends)."
        )
    return lines


def _choice_lines(observation: Mapping[str, Any], content: Content) -> list[str]:
    """The cards a pending choice is about (a goal's drawn cards, the agent's two cards)."""
    lines = []
    for key, what in (("goal_cards", "Drawn for your goal"), ("agent_cards", "Passed to agent")):
        cards = observation.get(key)
        if not cards:
            continue
        lines.append(f"{what}:")
        for i, card in enumerate(cards):
            lines += _wrap(f"  {i}: {card_text(content.activities[card])}", indent="       ")
    return lines


def _final_lines(
    observation: Mapping[str, Any], seat: int | None, players: int, result: Result | None
) -> list[str]:
    if result is None:
        return ["Game over."]
    scores = [f"{_who(s, seat, players)} {score}" for s, score in enumerate(result.scores)]
    if players == 1:
        agent = result.breakdown[0].get("travel_agent") if result.breakdown else None
        if agent:
            scores.append(f"{AGENT} {agent['total']}")
    nobody = AGENT if players == 1 else "nobody"
    winners = ", ".join(_who(s, seat, players) for s in result.winners) or nobody
    return _wrap(f"Game over. Final scores: {', '.join(scores)}. Winner: {winners}.")


def _hand_lines(observation: Mapping[str, Any], content: Content) -> list[str]:
    hand = observation.get("hand") or []
    lines = [f"Your hand ({_plural(len(hand), 'card')}):" + ("" if hand else " none")]
    for key in hand:
        lines += _wrap(f"  - {card_text(content.activities[key])}", indent="      ")
    stack = observation["stack_sizes"][observation["seat"]] if observation["stack_sizes"] else 0
    if stack and observation["phase"] == "plan":
        lines.append(f"  (a face-down stack of {_plural(stack, 'card')} waits on your board)")
    return lines


def _token_cell(board: Mapping[str, Any], day: int) -> str:
    """`cond Na` / `cond Na=2` (flipped) / `cond moved`: the day's Favourable Condition."""
    icon = board["favourable"][day]
    if icon is None:
        return "cond: moved"
    return f"cond {ICON_CODES[icon]}" + ("=2" if icon in board["flipped"] else "")


def _card_cell(cell: Mapping[str, Any], content: Content, bottom: bool, compact: bool) -> list[str]:
    """One card in a day column: its name (two lines at most) and its numbers."""
    width = COLUMN - 1
    mark = "*" if bottom else ""
    key = cell["card"]
    if cell["explore"]:
        if compact:
            return [_fit(mark + "?? face down", width)]
        if key is None:
            return [mark + "Explore City", "(face down)", f"{content.explore_points}p"]
        name = content.activities[key].name
        return [
            *_name_lines(mark + "[E]" + name, width),
            f"explore {content.explore_points}p",
        ]
    card = content.activities[key]
    code = icons_code(card.icons)
    if compact:
        return _name_lines(f"{mark}{code or '--'} {card.name}", width)
    numbers = f"{code or '--'} {card.points}p {card.time}t"
    bonus = BONUS_CODES[card.bonus]
    if bonus:
        numbers += " " + bonus
    return [*_name_lines(mark + card.name, width), numbers]


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "~"


def _name_lines(name: str, width: int) -> list[str]:
    lines = textwrap.wrap(name, width, break_on_hyphens=True) or [""]
    if len(lines) > 2:
        lines = [lines[0], _fit(" ".join(lines[1:]), width)]
    return [_fit(line, width) for line in lines]


def itinerary_lines(board: Mapping[str, Any], content: Content, compact: bool) -> list[str]:
    """The six days side by side, cards top to bottom, the Highlight of the Day marked `*`."""
    columns: list[list[str]] = []
    for day, column in enumerate(board["days"]):
        lines = [DAY_NAMES[day].upper() + f" {len(column)}/{MAX_PER_DAY}", _token_cell(board, day)]
        lines.append("-" * (COLUMN - 1))
        for i, cell in enumerate(column):
            lines += _card_cell(cell, content, i == len(column) - 1, compact)
            if not compact and i < len(column) - 1:
                lines.append("")
        columns.append(lines)
    return [
        ("  " + "".join(cell.ljust(COLUMN) for cell in row)).rstrip()
        for row in zip_longest(*columns, fillvalue="")
    ]


def _own_board_lines(observation: Mapping[str, Any], content: Content, seat: int) -> list[str]:
    board = observation["my_board"]
    lines = [
        "Your itinerary (top to bottom; * Highlight of the Day; [E] Explore the City, face "
        "down to others;",
        "  cond: the day's Favourable Condition token, =2 flipped; p points, t time):",
    ]
    lines += itinerary_lines(board, content, compact=False)
    highlights = []
    for day, column in enumerate(board["days"]):
        if not column:
            continue
        cell = column[-1]
        if cell["explore"]:
            text = f"Explore the City, {content.explore_highlight} pts"
        else:
            card = content.activities[cell["card"]]
            text = f"{card.name}: {highlight_text(card.highlight)}"
        highlights.append(f"{DAY_SHORT[day]} {text}")
    if highlights:
        lines.append("Highlights of the Day:")
        lines += [line for h in highlights for line in _wrap(f"  {h}", indent="      ")]
    lines += _tracks_lines(board, content, "Your")
    return lines


def _experience_text(board: Mapping[str, Any], content: Content) -> str:
    thresholds = content.board.experience_points
    parts = []
    total = 0
    for icon in ICONS:
        steps = board["experience"][icon]
        points = experience_points(steps, thresholds)
        total += points
        parts.append(f"{ICON_CODES[icon]} {steps}" + (f"={points}p" if points else ""))
    return f"{', '.join(parts)} ({_plural(total, 'pt')})"


def _tracks_lines(board: Mapping[str, Any], content: Content, whose: str) -> list[str]:
    thresholds = content.board.experience_points
    marks = ", ".join(f"{space}: {points}" for space, points in sorted(thresholds.items()))
    lines = [f"{whose} experience track (steps; a token scores at {marks}, flips at 10):"]
    lines += _wrap("  " + _experience_text(board, content))
    energy = board["energy"]
    energy_points = content.board.energy_points.get(energy, 0)
    lines += _wrap(
        f"Energy {energy:+d} (scores {energy_points} a day); Wild tokens {board['wild']}; "
        f"Research tokens {board['research']}; point tokens {board['points']}"
    )
    moved = board["moved"]
    if moved:
        words = [
            ICON_CODES[i] + (" flipped: 2 pts" if i in board["flipped"] else " not flipped")
            for i in moved
        ]
        lines += _wrap_items("Favourable Condition tokens moved to reward rows:", words)
    rows = []
    for r, row in enumerate(content.board.reward_rows):
        used = board["reward_rows"][r]
        cells = [("[x] " if k < used else "[ ] ") + reward_text(cell) for k, cell in enumerate(row)]
        rows.append(f"  row {r}: " + " | ".join(cells))
    lines.append("Reward rows ([x] covered):")
    lines += rows
    goals = board["goals"]
    lines.append(
        "Goal flags reached: "
        + ", ".join(
            f"{flag_text(f)} {'yes' if goals[k] else 'no'}"
            for f, k in ((1, "single_flag"), (2, "double_flag"))
        )
    )
    return lines


def _space_text(content: Content, space: str, explored: Sequence[str]) -> str:
    spec = content.spaces[space]
    notes = []
    if spec.start:
        notes.append("start")
    if spec.flag:
        notes.append(flag_text(spec.flag))
    if spec.explore_once:
        notes.append("dotted circle, explored: no bonus" if space in explored else "dotted circle")
    extra = f" [{', '.join(notes)}]" if notes else ""
    return f"{space} {spec.name}: {space_bonus_text(spec.bonus)}{extra}"


def _map_lines(observation: Mapping[str, Any], content: Content, seat: int) -> list[str]:
    board = observation["my_board"]
    here = board["traveler"]
    explored = board["explored"]
    players = len(observation["stack_sizes"])
    lines = [f"Regional map, {content.region.name}:"]
    if here is None:
        lines += _wrap(
            "  Your Traveler is not on the map yet: your first Travel action places it on a "
            "starting space:",
            indent="  ",
        )
        for space in (s.id for s in content.region.spaces if s.start):
            lines += _wrap(f"    {_space_text(content, space, explored)}", indent="        ")
    else:
        lines += _wrap(f"  Your Traveler: {_space_text(content, here, explored)}", indent="    ")
        solid, dotted = content.neighbours(here)
        lines.append("  Solid paths (a Travel action) to:")
        for space in solid:
            lines += _wrap(f"    {_space_text(content, space, explored)}", indent="        ")
        if dotted:
            lines.append("  Dotted paths (pay the cost, any time of your turn) to:")
            for space, cost in dotted:
                lines += _wrap(
                    f"    {_space_text(content, space, explored)}; costs {COST_WORDS[cost]}",
                    indent="        ",
                )
    names = [content.spaces[s].name for s in explored]
    lines += _wrap_items("  You explored (Exploration tokens):", names or ["nowhere yet"])
    flags = [f"{s.name} ({flag_text(s.flag)})" for s in content.region.spaces if s.flag]
    lines += _wrap_items("  Flag spaces:", flags)
    lines += _travelers_lines(observation, content, seat, players)
    return lines


def _travelers_lines(
    observation: Mapping[str, Any], content: Content, seat: int | None, players: int
) -> list[str]:
    items = []
    for s in range(players):
        board = observation["my_board"] if s == seat else observation["boards"][s]
        where = board["traveler"]
        name = content.spaces[where].name if where else "not on the map"
        items.append(f"{_who(s, seat, players)}: {name}")
    return _wrap_items("  Travelers:", items)


def _other_lines(
    observation: Mapping[str, Any],
    content: Content,
    other: int,
    board: Mapping[str, Any],
    players: int,
    seat: int | None,
) -> list[str]:
    phase = observation["phase"]
    if phase == "plan":
        when = f"as revealed at the start of round {observation['round']}"
    else:
        when = "as planned (before the trip)"
    name = seat_name(other, players)
    lines = _wrap(f"{name[0].upper()}{name[1:]}, {when}:")
    where = board["traveler"]
    facts = []
    if other < players:
        facts.append(f"Traveler {content.spaces[where].name if where else 'not on the map'}")
        if board["explored"]:
            facts.append("explored " + ", ".join(content.spaces[s].name for s in board["explored"]))
    facts.append(f"experience {_experience_text(board, content)}")
    facts.append(f"energy {board['energy']:+d}")
    facts.append(f"Wild {board['wild']}, Research {board['research']}, points {board['points']}")
    if board["moved"]:
        moved = [ICON_CODES[i] + ("=2" if i in board["flipped"] else "") for i in board["moved"]]
        facts.append("moved to rows " + " ".join(moved))
    facts.append("reward rows " + "/".join(str(n) for n in board["reward_rows"]))
    if other < players:
        goals = board["goals"]
        flags = [flag_text(f) for f, k in ((1, "single_flag"), (2, "double_flag")) if goals[k]]
        facts.append("flags " + (" and ".join(flags) if flags else "none"))
        stack = observation["stack_sizes"][other]
        if stack and phase == "plan":
            facts.append(f"stack passed to them {stack}")
    lines += _wrap("  " + "; ".join(facts), indent="    ")
    lines += itinerary_lines(board, content, compact=True)
    return lines


def _trip_lines(observation: Mapping[str, Any], players: int, seat: int | None) -> list[str]:
    trip = observation["trip"]
    points = trip["day_points"]
    if not any(points):
        return []
    lines = ["Trip points by day:"]
    for s, days in enumerate(points):
        if not days:
            continue
        name = _who(s, seat, players) if s < players else AGENT
        shown = ", ".join(f"{DAY_SHORT[d]} {p}" for d, p in enumerate(days))
        lines += _wrap(f"  {name}: {shown} ({sum(days)} so far)", indent="      ")
    return lines


# --- SVG -------------------------------------------------------------------------------------

BACKGROUND = "#f7f3ea"
INK = "#222222"
PAPER = "#fffdf8"
MUTED = "#7a6f60"
ICON_FILL = {  # (fill, text) per icon; the two letters tell the icon without the colour
    "architecture": ("#8d6e63", "#ffffff"),
    "art": ("#8e24aa", "#ffffff"),
    "food": ("#e53935", "#ffffff"),
    "history": ("#f2b705", "#000000"),
    "nature": ("#2e7d32", "#ffffff"),
    "shopping": ("#1e6fd9", "#ffffff"),
}
SEAT_FILL = {
    "blue": ("#1f5fbf", "#ffffff"),
    "red": ("#d62728", "#ffffff"),
    "green": ("#1e8c3a", "#ffffff"),
    "yellow": ("#ffcc00", "#000000"),
}
COST_FILL = {
    "research": ("#3f7cc4", "R"),
    "wild": ("#7b3fa0", "W"),
    "experience": ("#b5562e", "-1"),
}
COST_WORDS = {  # a dotted path's cost (Quick Icon Guide, Map Icons)
    "research": "a Research token",
    "wild": "a Wild token",
    "experience": "an Experience token moved back 1 space",
}
COST_LEGEND = {"research": "Research", "wild": "Wild", "experience": "a step back"}
HIGHLIGHT = "#fbe7a1"
EXPLORE_FILL = "#c9dbe8"
FONT = "DejaVu Sans, Verdana, sans-serif"

CARD_W = 168.0
COL_GAP = 10.0
TOP_H = 46.0  # the visible upper section of a card under another
HL_H = 44.0  # the Highlight of the Day band of the bottom card
HEAD_H = 54.0  # day name and Favourable Condition token

Point = tuple[float, float]


def _hit_rect(x: float, y: float, w: float, h: float) -> str:
    """A transparent area that catches clicks on a target (a page may paint it)."""
    return (
        f'<rect class="hit" x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
        'rx="4" fill="#000000" fill-opacity="0"/>'
    )


def _target(key: str, title: str, classes: str = "target") -> str:
    """The opening of a target group: `<g data-target>` and its title."""
    return (
        f"<g class={quoteattr(classes)} data-target={quoteattr(key)}><title>{escape(title)}</title>"
    )


def _text(x: float, y: float, text: str, size: float, **style: str) -> str:
    extra = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in style.items())
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}"{extra}>{escape(text)}</text>'
    )


def _text_width(text: str, size: float, bold: bool = False) -> float:
    return len(text) * size * (0.64 if bold else 0.57)


def _clip(text: str, size: float, width: float, bold: bool = False) -> str:
    """`text` cut with `…` to fit `width`."""
    if _text_width(text, size, bold) <= width:
        return text
    keep = max(1, int(width / (size * (0.64 if bold else 0.57))) - 1)
    return text[:keep].rstrip() + "\u2026"


def _split(text: str, size: float, width: float, lines: int, bold: bool = False) -> list[str]:
    """`text` wrapped to `width`, at most `lines` lines (the last clipped)."""
    chars = max(4, int(width / (size * (0.64 if bold else 0.57))))
    out = textwrap.wrap(text, chars, break_on_hyphens=False) or [""]
    if len(out) > lines:
        out = [*out[: lines - 1], _clip(" ".join(out[lines - 1 :]), size, width, bold)]
    return out


def icon_symbol(icon: str, x: float, y: float, r: float = 7.5) -> str:
    """An experience icon: a disc in its colour with its two letters, titled with its name."""
    fill, ink = ICON_FILL[icon]
    return (
        f'<g class="icon" data-icon="{icon}"><title>{icon}</title>'
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{fill}" stroke="{INK}" '
        f'stroke-width="0.6"/>'
        + _text(
            x,
            y + r * 0.4,
            ICON_CODES[icon],
            r * 1.05,
            font_weight="bold",
            text_anchor="middle",
            fill=ink,
        )
        + "</g>"
    )


def _badge(x: float, y: float, text: str, fill: str, ink: str, title: str, r: float = 8) -> str:
    return (
        f"<g><title>{escape(title)}</title>"
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{fill}" stroke="{INK}" '
        f'stroke-width="0.6"/>'
        + _text(x, y + r * 0.38, text, r * 1.05, font_weight="bold", text_anchor="middle", fill=ink)
        + "</g>"
    )


def _points_badge(x: float, y: float, points: int) -> str:
    return _badge(x, y, str(points), "#ffffff", INK, f"{points} points")


def _time_badge(x: float, y: float, time: int) -> str:
    """Time: a stopwatch (a ring with a stem) holding the number."""
    return (
        f"<g><title>{time} time</title>"
        f'<rect x="{_num(x - 1.5)}" y="{_num(y - 11)}" width="3" height="3" fill="{INK}"/>'
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="8" fill="#e8e8e8" stroke="{INK}" '
        'stroke-width="1.2"/>'
        + _text(x, y + 3.2, str(time), 8.5, font_weight="bold", text_anchor="middle", fill=INK)
        + "</g>"
    )


def _bonus_tag(x: float, y: float, bonus: str) -> str:
    """A top bonus: `+R` (a Research token) or a ticket `T`/`TT` (Travel actions)."""
    if bonus == "none":
        return ""
    text = {"research": "+R", "travel": "T\u2192", "travel2": "TT\u2192"}[bonus]
    fill = "#3f7cc4" if bonus == "research" else "#e07b24"
    w = _text_width(text, 8.5, True) + 6
    return (
        f"<g><title>top bonus: {escape(BONUS_WORDS[bonus])}</title>"
        f'<rect x="{_num(x - w / 2)}" y="{_num(y - 6.5)}" width="{_num(w)}" height="13" rx="2" '
        f'fill="{fill}" stroke="{INK}" stroke-width="0.6"/>'
        + _text(x, y + 3, text, 8.5, font_weight="bold", text_anchor="middle", fill="#ffffff")
        + "</g>"
    )


def _card_svg(
    x: float,
    y: float,
    cell: Mapping[str, Any],
    content: Content,
    bottom: bool,
    day: str,
    slot: int,
    target: str | None = None,
) -> list[str]:
    """One card at (x, y): its upper section; the bottom card also its Highlight band. A card
    in a day's column has its `data-day` and `data-slot`; one with a `target` key (a card in
    the hand, a card to choose) is a clickable target instead."""
    height = TOP_H + (HL_H if bottom else 0) + 4
    key = cell["card"]
    explore = cell["explore"]
    card = content.activities[key] if key is not None else None
    if explore:
        title = "Explore the City (face down)" + (f": {card.name}" if card else "")
    else:
        assert card is not None
        title = card_text(card)
    classes = "card" + (" explore" if explore else "") + (" highlight" if bottom else "")
    where = (
        f" data-target={quoteattr(target)}"
        if target
        else f' data-day={quoteattr(day)} data-slot="{slot}"'
    )
    out = [
        f"<g class={quoteattr(classes)}{where}"
        + (f" data-card={quoteattr(key)}" if key else "")
        + ">",
        f"<title>{escape(title)}</title>",
        *([_hit_rect(x - 3, y - 3, CARD_W + 6, height + 6)] if target else []),
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(CARD_W)}" height="{_num(height)}" rx="5" '
        f'fill="{EXPLORE_FILL if explore else PAPER}" stroke="{INK}" stroke-width="0.9"/>',
    ]
    if explore:
        out.append(
            _text(x + 7, y + 15, "Explore the City", 10.5, font_weight="bold", fill="#23435c")
        )
        sub = f"({card.name})" if card else "face down"
        out.append(
            _text(x + 7, y + 29, _clip(sub, 9, CARD_W - 40), 9, font_style="italic", fill=INK)
        )
        out.append(_points_badge(x + CARD_W - 14, y + 24, content.explore_points))
        if bottom:
            out += _band(x, y + TOP_H, [f"{content.explore_highlight} pts"], "Highlight")
        out.append("</g>")
        return out
    assert card is not None
    out.append(
        _text(x + 6, y + 13, _clip(card.name, 10.5, CARD_W - 12, True), 10.5, font_weight="bold")
    )
    for k, icon in enumerate(card.icons):
        out.append(icon_symbol(ICONS[icon], x + 14 + k * 18, y + 29))
    right = x + CARD_W - 13
    out.append(_points_badge(right, y + 29, card.points))
    out.append(_time_badge(right - 21, y + 30, card.time))
    if card.bonus != "none":
        out.append(_bonus_tag(right - 47, y + 29, card.bonus))
    if bottom:
        out += _band(x, y + TOP_H, highlight_parts(card.highlight), "Highlight")
    out.append("</g>")
    return out


def _band(x: float, y: float, parts: Sequence[str], label: str) -> list[str]:
    """The Highlight of the Day: a gold band with its gains in words."""
    out = [
        f'<rect x="{_num(x + 3)}" y="{_num(y)}" width="{_num(CARD_W - 6)}" height="{_num(HL_H)}" '
        f'rx="3" fill="{HIGHLIGHT}" stroke="#b08a1e" stroke-width="0.8"/>',
        _text(x + 8, y + 11, f"\u2605 {label} of the Day", 8.5, font_weight="bold", fill="#6b5200"),
    ]
    for k, line in enumerate(_split(", ".join(parts), 9, CARD_W - 16, 2)):
        out.append(_text(x + 8, y + 24 + k * 12, line, 9, fill=INK))
    return out


def _token_svg(x: float, y: float, board: Mapping[str, Any], day: int) -> list[str]:
    """The day's Favourable Condition token: a square with the icon's letters, `2` flipped;
    a dashed empty square once it moved to a reward row."""
    icon = board["favourable"][day]
    s = 20.0
    if icon is None:
        return [
            "<g><title>Favourable Condition token moved to a reward row</title>",
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(s)}" height="{_num(s)}" fill="none" '
            f'stroke="{MUTED}" stroke-dasharray="2 2"/>',
            _text(x + s + 5, y + 14, "moved", 9, fill=MUTED, font_style="italic"),
            "</g>",
        ]
    fill, ink = ICON_FILL[icon]
    flipped = icon in board["flipped"]
    title = f"Favourable Condition: {icon}" + (" (flipped to its 2 side)" if flipped else "")
    out = [
        _target(favour_target(DAYS[day]), title, "favour"),
        _hit_rect(x - 3, y - 3, s + 24, s + 6),
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(s)}" height="{_num(s)}" rx="2" '
        f'fill="{fill}" stroke="{INK}" stroke-width="{1.6 if flipped else 0.7}"/>',
        _text(
            x + s / 2,
            y + 14,
            ICON_CODES[icon],
            10,
            font_weight="bold",
            text_anchor="middle",
            fill=ink,
        ),
    ]
    if flipped:
        out.append(_badge(x + s + 9, y + s / 2, "2", "#ffffff", INK, "flipped: 2 side", r=7))
    out.append("</g>")
    return out


def itinerary_svg(
    board: Mapping[str, Any], content: Content, title: str = "Itinerary", width: int = 1100
) -> str:
    """One player board's six days as an SVG (a `board` of an observation: `my_board` shows
    Explore the City cards to their owner, a public board keeps them face down)."""
    w, h, body = _itinerary_body(board, content, title)
    return _wrap_svg(body, w, h, width, title)


def _itinerary_body(
    board: Mapping[str, Any], content: Content, title: str
) -> tuple[float, float, list[str]]:
    """The six columns, each a `<g data-day>` (its background the day's target, then its
    Favourable Condition token, its cards and the places for a new card, each a target apart:
    never one inside another), and a strip of the board's tracks under them."""
    pad = 12.0
    out = [_text(pad, 22, title, 15, font_weight="bold", fill=INK)]
    top = 34.0
    tallest = 0.0
    for day, column in enumerate(board["days"]):
        x = pad + day * (CARD_W + COL_GAP)
        body: list[str] = []
        y = top + HEAD_H
        for slot, cell in enumerate(column):
            bottom = slot == len(column) - 1
            body += _card_svg(x, y, cell, content, bottom, DAYS[day], slot)
            y += TOP_H
        end = y + (HL_H + 4 if column else 0)
        tallest = max(tallest, end)
        count = f"{len(column)}/{MAX_PER_DAY} cards"
        height = HEAD_H + MAX_PER_DAY * TOP_H + HL_H + 10
        title = f"{DAY_NAMES[day]}: {count}"
        out += [
            f'<g class="day" data-day={quoteattr(DAYS[day])}>',
            f"<title>{title}</title>",
            _target(day_target(DAYS[day]), title, "column"),
            f'<rect x="{_num(x - 3)}" y="{_num(top)}" width="{_num(CARD_W + 6)}" '
            f'height="{_num(height)}" rx="6" fill="#efe8d8" stroke="#d8ccb0" stroke-width="0.8"/>',
            _hit_rect(x - 3, top, CARD_W + 6, height),
            _text(x + 4, top + 17, DAY_NAMES[day], 13, font_weight="bold", fill=INK),
            _text(x + CARD_W - 4, top + 17, count, 9, text_anchor="end", fill=MUTED),
            "</g>",
            *_token_svg(x + 4, top + 26, board, day),
            *body,
            *_slots_svg(x, top + HEAD_H, column, day),
            "</g>",
        ]
    tallest = max(tallest, top + HEAD_H + MAX_PER_DAY * TOP_H + HL_H + 10)
    width = pad * 2 + 6 * CARD_W + 5 * COL_GAP
    out += _card_legend(width - pad, 22)
    strip_h, strip = _tracks_svg(board, content, pad, tallest + 10)
    out += strip
    return width, tallest + 10 + strip_h + pad, out


def _slots_svg(x: float, top: float, column: Sequence[Any], day: int) -> list[str]:
    """The places a new card may take in a day's column (none once it is full): a band across
    the column at each card's upper edge and below the last card, marked by a small arrow on
    the column's edge."""
    if len(column) >= MAX_PER_DAY:
        return []
    out = []
    name = DAY_NAMES[day]
    for slot in range(len(column) + 1):
        if not column:
            where = "the first card of the day"
        elif slot == 0:
            where = "at the top (tucked under the first card)"
        elif slot == len(column):
            where = "at the bottom: the new Highlight of the Day"
        else:
            where = f"between cards {slot} and {slot + 1}"
        y = top + slot * TOP_H
        out += [
            _target(slot_target(DAYS[day], slot), f"{name}, place {slot}: {where}", "slot"),
            _hit_rect(x - 3, y - 8, CARD_W + 6, 16),
            f'<path d="M{_num(x - 5)} {_num(y - 5)} L{_num(x + 2)} {_num(y)} '
            f'L{_num(x - 5)} {_num(y + 5)} Z" fill="{MUTED}"/>',
            "</g>",
        ]
    return out


def _card_legend(right: float, y: float) -> list[str]:
    """What a card's marks mean, right-aligned on the title line."""
    items = [
        (_points_badge(8, -4, 2), "points"),
        (_time_badge(8, -4, 2), "time"),
        (_bonus_tag(12, -4, "research"), "Research token"),
        (_bonus_tag(14, -4, "travel"), "Travel (TT: 2)"),
        (_token_svg_mark(), "Favourable Condition (2: flipped)"),
    ]
    widths = [28 + _text_width(text, 9) + 14 for _, text in items]
    x = right - sum(widths)
    out = ['<g class="legend">']
    for (symbol, text), w in zip(items, widths, strict=True):
        out.append(f'<g transform="translate({_num(x)} {_num(y)})">{symbol}</g>')
        out.append(_text(x + 28, y, text, 9, fill=INK))
        x += w
    out.append("</g>")
    return out


def _token_svg_mark() -> str:
    return (
        f'<rect x="0" y="-13" width="18" height="18" rx="2" fill="{ICON_FILL["nature"][0]}" '
        f'stroke="{INK}"/>'
        + _text(9, 0, "Na", 9, font_weight="bold", text_anchor="middle", fill="#ffffff")
    )


def _tracks_svg(
    board: Mapping[str, Any], content: Content, left: float, top: float
) -> tuple[float, list[str]]:
    """The experience track (a row of 11 spaces per icon, the token's place marked), the energy
    track, the tokens and the reward rows."""
    out = ['<g class="tracks">']
    thresholds = content.board.experience_points
    cell = 17.0
    out.append(_text(left, top + 10, "Experience track", 10, font_weight="bold"))
    for r, icon in enumerate(ICONS):
        y = top + 18 + r * (cell + 2)
        steps = board["experience"][icon]
        out.append(_target(icon_target(icon), f"Experience track: {icon}", "track"))
        out.append(_hit_rect(left - 1, y - 1, 20 + 11 * cell + 2, cell + 2))
        out.append(icon_symbol(icon, left + 8, y + cell / 2, 7.5))
        flipped = steps >= 10
        place = min(steps - 10, 10) if flipped else steps
        for k in range(11):
            x = left + 20 + k * cell
            fill = "#f4e4a8" if k in thresholds else "#ffffff"
            out.append(
                f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(cell)}" height="{_num(cell)}" '
                f'fill="{fill}" stroke="#b7ab93" stroke-width="0.6"/>'
            )
            if k in thresholds and k != place:
                out.append(
                    _text(
                        x + cell / 2,
                        y + cell - 4,
                        str(thresholds[k]),
                        7,
                        text_anchor="middle",
                        fill=MUTED,
                    )
                )
        x = left + 20 + place * cell + cell / 2
        fill, ink = ICON_FILL[icon]
        label = str(steps)
        out.append(
            f"<g><title>{icon}: {steps} steps, "
            f"{experience_points(steps, thresholds)} points</title>"
            f'<circle cx="{_num(x)}" cy="{_num(y + cell / 2)}" r="7.5" fill="{fill}" '
            f'stroke="{INK}" stroke-width="{1.8 if flipped else 0.8}"/>'
            + _text(
                x, y + cell / 2 + 3, label, 8, font_weight="bold", text_anchor="middle", fill=ink
            )
            + "</g>"
        )
        out.append("</g>")
    x0 = left + 20 + 11 * cell + 30
    out.append(_text(x0, top + 10, "Energy", 10, font_weight="bold"))
    energy = board["energy"]
    for k, value in enumerate(range(-3, 4)):
        x = x0 + k * 22
        here = value == energy
        out.append(
            f'<rect x="{_num(x)}" y="{_num(top + 18)}" width="20" height="20" rx="3" '
            f'fill="{"#ffd54f" if here else "#ffffff"}" stroke="{INK}" '
            f'stroke-width="{1.6 if here else 0.6}"/>'
        )
        out.append(
            _text(
                x + 10,
                top + 32,
                f"{value:+d}" if value else "0",
                9,
                text_anchor="middle",
                font_weight="bold" if here else "normal",
            )
        )
    tokens = [
        ("W", "#7b3fa0", board["wild"], "Wild tokens"),
        ("R", "#3f7cc4", board["research"], "Research tokens"),
        ("P", "#ffffff", board["points"], "point tokens"),
    ]
    keys = {"W": WILD, "R": RESEARCH}
    for k, (letter, fill, count, words) in enumerate(tokens):
        x = x0 + k * 62
        ink = INK if fill == "#ffffff" else "#ffffff"
        if letter in keys:
            out.append(_target(keys[letter], f"{words}: {count}", "tokens"))
            out.append(_hit_rect(x - 3, top + 48, 56, 38))
        out.append(_badge(x + 9, top + 60, letter, fill, ink, words, r=9))
        out.append(_text(x + 22, top + 64, f"\u00d7{count}", 11, font_weight="bold"))
        out.append(_text(x, top + 82, words.split()[0], 8, fill=MUTED))
        if letter in keys:
            out.append("</g>")
    goals = board["goals"]
    flags = [flag_text(f) for f, k in ((1, "single_flag"), (2, "double_flag")) if goals[k]]
    out.append(_text(x0, top + 104, "Flags reached: " + (", ".join(flags) if flags else "none"), 9))
    x1 = x0 + 7 * 22 + 40
    out.append(
        _text(x1, top + 10, "Reward rows (Favourable Condition tokens)", 10, font_weight="bold")
    )
    for r, row in enumerate(content.board.reward_rows):
        y = top + 18 + r * 26
        used = board["reward_rows"][r]
        out.append(_target(row_target(r), f"Reward row {r}: {used} of {len(row)} covered", "row"))
        out.append(_hit_rect(x1 - 2, y - 2, len(row) * 118 - 2, 25))
        for k, rewards in enumerate(row):
            x = x1 + k * 118
            covered = k < used
            out.append(
                f"<g><title>{escape(reward_text(rewards))}"
                f"{' (covered)' if covered else ''}</title>"
                f'<rect x="{_num(x)}" y="{_num(y)}" width="112" height="21" rx="3" '
                f'fill="{"#d9d2c3" if covered else "#ffffff"}" stroke="{INK}" '
                'stroke-width="0.6"/>'
                + _text(
                    x + 6,
                    y + 14,
                    ("\u2714 " if covered else "") + reward_text(rewards),
                    9,
                    fill=INK,
                )
                + "</g>"
            )
        out.append("</g>")
    moved = board["moved"]
    if moved:
        words = " ".join(ICON_CODES[i] + ("=2" if i in board["flipped"] else "") for i in moved)
        out.append(_text(x1, top + 104, f"Moved tokens: {words}", 9))
    out.append("</g>")
    return 18 + 6 * (cell + 2) + 6, out


def _wrap_svg(body: Sequence[str], w: float, h: float, width: int | None, title: str) -> str:
    """The whole SVG; `width` None leaves the size to the page (`width="100%"`)."""
    size = 'width="100%"' if width is None else f'width="{width}" height="{_num(width * h / w)}"'
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {_num(w)} {_num(h)}" '
            f'font-family="{FONT}">',
            f"<title>{escape(title)}</title>",
            f'<rect width="{_num(w)}" height="{_num(h)}" fill="{BACKGROUND}"/>',
            *body,
            "</svg>",
        ]
    )


# --- the regional map ----------------------------------------------------------------------

MAP_W = 760.0  # the towns fit in MAP_W x MAP_H layout units
MAP_H = 560.0
MIN_GAP = 92.0  # no two towns closer (a name and a bonus row each)
NODE_R = 10.0


def map_points(region: RegionSpec, width: float = MAP_W, height: float = MAP_H) -> dict[str, Point]:
    """Each town's drawing point from its longitude and latitude, scaled to fit `width` by
    `height`, then towns closer than `MIN_GAP` pushed apart (each held near its place)."""
    pts = geo_coordinates([(s.lon, s.lat) for s in region.spaces], 1000.0)
    span_x = max(x for x, _ in pts) or 1.0
    span_y = max(y for _, y in pts) or 1.0
    scale = min(width / span_x, height / span_y)
    spread = spread_points(
        [(x * scale, y * scale) for x, y in pts], MIN_GAP, rounds=200, push_rate=0.5
    )
    left = min(x for x, _ in spread)
    top = min(y for _, y in spread)
    return {
        s.id: (round(x - left, 1), round(y - top, 1))
        for s, (x, y) in zip(region.spaces, spread, strict=True)
    }


def map_svg(
    region: RegionSpec,
    travelers: Mapping[int, str | None] | None = None,
    explored: Mapping[int, Sequence[str]] | None = None,
    viewer: int | None = None,
    players: int | None = None,
    width: int = 700,
) -> str:
    """The regional map: towns at their longitude and latitude (bonus, start, dotted circle,
    flags), solid and dotted paths (a dotted path's cost on it), each seat's Traveler and
    Exploration tokens."""
    w, h, body = _map_body(region, travelers or {}, explored or {}, viewer, players)
    return _wrap_svg(body, w, h, width, f"Regional map: {region.name}")


def _map_body(
    region: RegionSpec,
    travelers: Mapping[int, str | None],
    explored: Mapping[int, Sequence[str]],
    viewer: int | None,
    players: int | None,
) -> tuple[float, float, list[str]]:
    pad_x, pad_top = 70.0, 56.0
    pts = {k: (x + pad_x, y + pad_top) for k, (x, y) in map_points(region).items()}
    out = [_text(12, 22, f"Regional map: {region.name}", 15, font_weight="bold", fill=INK)]
    solid_pairs = {frozenset((p.a, p.b)) for p in region.paths if not p.dotted}
    out.append('<g id="paths">')
    for path in region.paths:
        out += _path_svg(path, pts, bend=path.dotted and frozenset((path.a, path.b)) in solid_pairs)
    out.append("</g>")
    out.append('<g id="spaces">')
    tokens: dict[str, list[int]] = {}
    for seat, places in explored.items():
        for space in places:
            tokens.setdefault(space, []).append(seat)
    for space in region.spaces:
        out += _space_svg(space, pts[space.id], tokens.get(space.id, []), players)
    out.append("</g>")
    out += _travelers_svg(pts, travelers, viewer, players)
    bottom = max(y for _, y in pts.values()) + 44
    right = max(x for x, _ in pts.values()) + pad_x
    legend_h, legend = _map_legend(12, bottom, right - 24, players or 0, viewer)
    out += legend
    return right, bottom + legend_h + 8, out


def _path_svg(path: Any, pts: Mapping[str, Point], bend: bool) -> list[str]:
    (ax, ay), (bx, by) = pts[path.a], pts[path.b]
    title = f"{path.a} - {path.b}: " + (
        f"dotted path, pay {COST_WORDS[path.cost]}"
        if path.dotted
        else "solid path, a Travel action"
    )
    classes = "path dotted" if path.dotted else "path solid"
    key = path_target(path.a, path.b, path.dotted)
    out = [
        f"<g class={quoteattr(classes)} data-path={quoteattr(f'{path.a}|{path.b}')} "
        f"data-target={quoteattr(key)}><title>{escape(title)}</title>"
    ]
    mx, my = (ax + bx) / 2, (ay + by) / 2
    if bend:
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length, (bx - ax) / length
        cx, cy = mx + nx * 36, my + ny * 36
        d = f"M{_num(ax)} {_num(ay)} Q{_num(cx)} {_num(cy)} {_num(bx)} {_num(by)}"
        mx, my = (ax + 2 * cx + bx) / 4, (ay + 2 * cy + by) / 4
    else:
        d = f"M{_num(ax)} {_num(ay)} L{_num(bx)} {_num(by)}"
    out.append(
        f'<path class="hit" d="{d}" fill="none" stroke="#000000" stroke-opacity="0" '
        'stroke-width="12" stroke-linecap="round"/>'
    )
    if path.dotted:
        out.append(
            f'<path d="{d}" fill="none" stroke="#5a4a3a" stroke-width="2.2" '
            'stroke-dasharray="1 5" stroke-linecap="round"/>'
        )
        fill, letter = COST_FILL[path.cost]
        out.append(_badge(mx, my, letter, fill, "#ffffff", f"costs {COST_WORDS[path.cost]}", r=7))
    else:
        out.append(f'<path d="{d}" fill="none" stroke="#5a4a3a" stroke-width="2.6"/>')
    out.append("</g>")
    return out


def _bonus_symbols(bonus: Sequence[SpaceBonusSpec], x: float, y: float) -> list[str]:
    """A space's bonus under its name: icon discs, `?` (any icon), R, W, points, energy."""
    items: list[tuple[str, str]] = []  # ("icon", name) or ("badge", text)
    for b in bonus:
        for _ in range(b.amount if b.kind in ("icon", "any_icon", "research", "wild") else 1):
            if b.kind == "icon":
                items.append(("icon", b.icon or ""))
            elif b.kind == "any_icon":
                items.append(("any", "?"))
            elif b.kind == "research":
                items.append(("research", "R"))
            elif b.kind == "wild":
                items.append(("wild", "W"))
            elif b.kind == "points":
                items.append(("points", str(b.amount)))
            else:
                items.append(("energy", f"E+{b.amount}"))
    step = 15.0
    start = x - step * (len(items) - 1) / 2
    out = []
    for k, (kind, value) in enumerate(items):
        cx = start + k * step
        if kind == "icon":
            out.append(icon_symbol(value, cx, y, 6.5))
        elif kind == "any":
            out.append(_badge(cx, y, "?", "#ffffff", INK, "an icon of your choice", r=6.5))
        elif kind in ("research", "wild"):
            fill, letter = COST_FILL[kind]
            out.append(_badge(cx, y, letter, fill, "#ffffff", f"a {kind.capitalize()} token", 6.5))
        elif kind == "points":
            out.append(_badge(cx, y, value, "#ffffff", INK, f"{value} points", r=6.5))
        else:
            out.append(
                f"<g><title>energy {value[1:]}</title>"
                f'<rect x="{_num(cx - 8)}" y="{_num(y - 6.5)}" width="16" height="13" rx="6" '
                f'fill="#ffd54f" stroke="{INK}" stroke-width="0.6"/>'
                + _text(cx, y + 3, value, 7.5, font_weight="bold", text_anchor="middle")
                + "</g>"
            )
    return out


def _space_svg(
    space: MapSpaceSpec, point: Point, explorers: Sequence[int], players: int | None
) -> list[str]:
    x, y = point
    notes = [f"{space.id} {space.name}", "bonus: " + space_bonus_text(space.bonus)]
    if space.start:
        notes.append("starting space")
    if space.explore_once:
        notes.append("dotted circle: its bonus (and flag) only the first time")
    if space.flag:
        notes.append(f"{flag_text(space.flag)} goal space")
    if explorers:
        notes.append("explored by " + ", ".join(seat_name(s, players) for s in explorers))
    classes = (
        "space" + (" start" if space.start else "") + (" explore" if space.explore_once else "")
    )
    out = [
        f"<g class={quoteattr(classes)} data-space={quoteattr(space.id)} "
        f"data-target={quoteattr(space_target(space.id))}>",
        f"<title>{escape('; '.join(notes))}</title>",
        f'<circle class="hit" cx="{_num(x)}" cy="{_num(y)}" r="{_num(NODE_R + 9)}" '
        'fill="#000000" fill-opacity="0"/>',
    ]
    if space.start:
        s = NODE_R + 5
        out.append(
            f'<rect x="{_num(x - s)}" y="{_num(y - s)}" width="{_num(2 * s)}" '
            f'height="{_num(2 * s)}" fill="#ffffff" fill-opacity="0.6" stroke="{INK}" '
            'stroke-width="1.2" stroke-dasharray="3 2"/>'
        )
    out.append(
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(NODE_R)}" fill="#fff3d6" '
        f'stroke="{INK}" stroke-width="1.4"/>'
    )
    if space.explore_once:
        out.append(
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(NODE_R - 4)}" fill="none" '
            f'stroke="{INK}" stroke-width="1" stroke-dasharray="1.6 1.6"/>'
        )
    if space.flag:
        out += _flag_svg(x + NODE_R * 0.4, y - NODE_R - 1, space.flag)
    out.append(
        _text(
            x,
            y + NODE_R + 13,
            space.name,
            10.5,
            font_weight="bold",
            text_anchor="middle",
            fill=INK,
            stroke=BACKGROUND,
            stroke_width="3",
            paint_order="stroke",
        )
    )
    out += _bonus_symbols(space.bonus, x, y + NODE_R + 25)
    for k, seat in enumerate(explorers):
        out.append(_seat_chip(x - NODE_R - 8 - k * 11, y, seat, "Exploration token"))
    out.append("</g>")
    return out


def _flag_svg(x: float, y: float, flag: int) -> list[str]:
    """One or two small pennants on a pole, and the flag count written beside them."""
    out = []
    for k in range(flag):
        fx = x + k * 7
        out.append(
            f'<path d="M{_num(fx)} {_num(y)} L{_num(fx)} {_num(y - 14)} '
            f'L{_num(fx + 9)} {_num(y - 10.5)} L{_num(fx)} {_num(y - 7)}" fill="#c62828" '
            f'stroke="{INK}" stroke-width="0.8"/>'
        )
    out.append(_text(x + flag * 7 + 6, y - 7, str(flag), 8, font_weight="bold", fill="#c62828"))
    return out


def _seat_chip(x: float, y: float, seat: int, what: str) -> str:
    fill, ink = SEAT_FILL[SEAT_COLORS[seat % len(SEAT_COLORS)]]
    return (
        f"<g><title>{escape(what)} of seat {seat}</title>"
        f'<rect x="{_num(x - 5)}" y="{_num(y - 5)}" width="10" height="10" rx="1.5" '
        f'fill="{fill}" stroke="{INK}" stroke-width="0.7"/>'
        + _text(x, y + 3.3, str(seat), 8, font_weight="bold", text_anchor="middle", fill=ink)
        + "</g>"
    )


def _travelers_svg(
    pts: Mapping[str, Point],
    travelers: Mapping[int, str | None],
    viewer: int | None,
    players: int | None,
) -> list[str]:
    """Each seat's Traveler: a pin in its colour with its number, side by side on a space."""
    out = ['<g id="travelers">']
    together: dict[str, list[int]] = {}
    for seat, space in sorted(travelers.items()):
        if space is not None:
            together.setdefault(space, []).append(seat)
    r = 7.5
    for space, seats in together.items():
        x, y = pts[space]
        for k, seat in enumerate(seats):
            px = x + (k - (len(seats) - 1) / 2) * r * 2.2
            py = y - NODE_R - r - 6
            fill, ink = SEAT_FILL[SEAT_COLORS[seat % len(SEAT_COLORS)]]
            who = seat_name(seat, players) + (" (you)" if seat == viewer else "")
            out.append(
                f'<g class="traveler" data-seat="{seat}" data-space={quoteattr(space)}>'
                f"<title>{escape(f'Traveler of {who} at {space}')}</title>"
                f'<path d="M{_num(x)} {_num(y - 2)} L{_num(px - r * 0.6)} {_num(py + r * 0.6)} '
                f'L{_num(px + r * 0.6)} {_num(py + r * 0.6)} Z" fill="{fill}" stroke="{INK}" '
                'stroke-width="0.7"/>'
                f'<circle cx="{_num(px)}" cy="{_num(py)}" r="{_num(r)}" fill="{fill}" '
                f'stroke="{INK}" stroke-width="{2 if seat == viewer else 0.8}"/>'
                + _text(
                    px, py + 3.6, str(seat), 10, font_weight="bold", text_anchor="middle", fill=ink
                )
                + "</g>"
            )
    out.append("</g>")
    return out


def _map_legend(
    left: float, top: float, width: float, players: int, viewer: int | None
) -> tuple[float, list[str]]:
    """Under the map: what the marks mean, and the seats' colours."""
    items: list[tuple[float, str, str]] = []
    items.append(
        (
            22.0,
            '<rect x="2" y="-9" width="18" height="18" fill="none" stroke="#222" '
            'stroke-dasharray="3 2"/>',
            "starting space",
        )
    )
    items.append(
        (
            16.0,
            f'<circle cx="8" cy="0" r="7" fill="#fff3d6" stroke="{INK}"/>'
            f'<circle cx="8" cy="0" r="3.5" fill="none" stroke="{INK}" '
            'stroke-dasharray="1.2 1.2"/>',
            "dotted circle (bonus once)",
        )
    )
    items.append((20.0, "".join(_flag_svg(2, 6, 1)), "single flag"))
    items.append((26.0, "".join(_flag_svg(2, 6, 2)), "double flag"))
    items.append(
        (26.0, '<path d="M0 0 L26 0" stroke="#5a4a3a" stroke-width="2.6"/>', "solid: Travel")
    )
    for cost, (fill, letter) in COST_FILL.items():
        items.append(
            (
                26.0,
                '<path d="M0 0 L26 0" stroke="#5a4a3a" stroke-width="2.2" stroke-dasharray="1 5" '
                'stroke-linecap="round"/>' + _badge(13, 0, letter, fill, "#ffffff", cost, r=6),
                f"dotted: pay {COST_LEGEND[cost]}",
            )
        )
    items.append((12.0, _seat_chip(6, 0, 0, "Exploration token"), "Exploration token of seat"))
    for seat in range(players):
        fill, ink = SEAT_FILL[SEAT_COLORS[seat % len(SEAT_COLORS)]]
        chip = (
            f'<circle cx="7" cy="0" r="7" fill="{fill}" stroke="{INK}" '
            f'stroke-width="{2 if seat == viewer else 0.8}"/>'
            + _text(7, 3.4, str(seat), 9.5, font_weight="bold", text_anchor="middle", fill=ink)
        )
        items.append((14.0, chip, seat_name(seat) + (" you" if seat == viewer else "")))
    return _legend_rows(left, top, width, items)


def _legend_rows(
    left: float, top: float, width: float, items: Sequence[tuple[float, str, str]]
) -> tuple[float, list[str]]:
    row_h, size = 20.0, 9.0
    x, y = 0.0, row_h / 2
    placed = []
    for symbol_w, symbol, text in items:
        item_w = symbol_w + 5 + _text_width(text, size) + 14
        if x + item_w > width and x > 0:
            x, y = 0.0, y + row_h
        placed.append((x, y, symbol_w, symbol, text))
        x += item_w
    out = ['<g class="legend">']
    for x, y, symbol_w, symbol, text in placed:
        out.append(f'<g transform="translate({_num(left + x)} {_num(top + y)})">{symbol}</g>')
        out.append(_text(left + x + symbol_w + 5, top + y + 3.2, text, size, fill=INK))
    out.append("</g>")
    return y + row_h / 2, out


# --- the whole picture ---------------------------------------------------------------------------


def render_svg(state: LetsGoState, seat: int | None = None, width: int | None = 1800) -> str:
    """What `seat` sees (None: a spectator), from its observation only: its itinerary (a
    spectator: the board of the seat to play, as revealed) and its hand beside the regional
    map (`width` None: as wide as the page)."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    return observation_svg(observation, game_content(state.game), width)


def _offer_svg(
    observation: Mapping[str, Any], content: Content, left: float, top: float
) -> tuple[float, list[str]]:
    """Under a seat's itinerary: the cards it must choose between (a goal tile's two, the two
    passed to the solo travel agent), else its hand; each card a target. Its height and
    elements (none for a spectator or an empty hand)."""
    if observation.get("goal_cards"):
        cards = observation["goal_cards"]
        title = "Drawn for your goal tile: choose the Highlight of the Day to score"
    elif observation.get("agent_cards"):
        cards = observation["agent_cards"]
        title = "Passed to the travel agent: choose the card it takes first"
    else:
        cards = observation.get("hand") or []
        to_play = observation.get("cards_to_play") or 0
        title = f"Your hand ({_plural(len(cards), 'card')})" + (
            f": play {to_play}" if to_play else ""
        )
    if not cards:
        return 0.0, []
    choosing = cards is not observation.get("hand")
    out = ['<g class="offer">', _text(left, top + 16, title, 13, font_weight="bold", fill=INK)]
    card_h = TOP_H + HL_H + 4
    y = top + 26
    for k, key in enumerate(cards):
        x = left + (k % 6) * (CARD_W + COL_GAP)
        if k and k % 6 == 0:
            y += card_h + 10
        target = choice_target(k) if choosing else hand_target(key)
        cell = {"card": key, "explore": False}
        out += _card_svg(x, y, cell, content, True, "", 0, target=target)
    out.append("</g>")
    return y + card_h + 12 - top, out


def observation_svg(
    observation: Mapping[str, Any], content: Content, width: int | None = 1800
) -> str:
    """The viewer's itinerary, tracks and hand, and the map with every Traveler and Exploration
    token the observation shows, side by side."""
    seat = observation.get("seat")
    players = len(observation["stack_sizes"])
    boards = list(observation["boards"][:players])
    if seat is not None:
        boards[seat] = observation["my_board"]
        shown, whose = seat, "Your itinerary"
    else:
        shown = min(observation["current_player"], players - 1)
        whose = f"Itinerary of {seat_name(shown)}"
    whose += f", {seat_name(shown)}" if seat is not None else ""
    if observation["phase"] == "plan":
        whose += f", round {observation['round']} of 14"
    it_w, it_h, itinerary = _itinerary_body(boards[shown], content, whose)
    if seat is not None:
        offer_h, offer = _offer_svg(observation, content, 12.0, it_h - 12)
        it_h += offer_h
        itinerary += offer
    travelers = {s: b["traveler"] for s, b in enumerate(boards)}
    explored = {s: b["explored"] for s, b in enumerate(boards)}
    map_w, map_h, region = _map_body(content.region, travelers, explored, seat, players)
    total_w = it_w + map_w
    total_h = max(it_h, map_h)
    title = "Let's Go! To France" + (f", as {seat_name(seat)} sees it" if seat is not None else "")
    body = [
        f'<svg x="0" y="0" width="{_num(it_w)}" height="{_num(it_h)}" '
        f'viewBox="0 0 {_num(it_w)} {_num(it_h)}" class="itinerary">',
        *itinerary,
        "</svg>",
        f'<svg x="{_num(it_w)}" y="0" width="{_num(map_w)}" height="{_num(map_h)}" '
        f'viewBox="0 0 {_num(map_w)} {_num(map_h)}" class="map">',
        *region,
        "</svg>",
    ]
    return _wrap_svg(body, total_w, total_h, width, title)


__all__ = [
    "Content",
    "content_for",
    "game_content",
    "itinerary_svg",
    "map_svg",
    "observation_svg",
    "render_observation_text",
    "render_svg",
    "render_text",
    "seat_name",
]
