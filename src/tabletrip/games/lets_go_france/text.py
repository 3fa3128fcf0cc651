"""Let's Go! To France in a terminal: one seat's view (or a spectator's) as plain text.

A pure function of an observation and static content (the cards by id, the regional map, the
player board, the goal tiles), so it cannot show what the seat may not know: another seat's
hand, which card a face-down Explore the City card is, or another seat's plays of the round
before the round is revealed. Cards and places keep their ids beside their names, since the
notation a player types names them (`place baguette monday 2`, `travel tours`); icons are
written as two letters (view_content.py), explained in the last line.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from tabletrip.core.phrases import plural
from tabletrip.core.render import wrap as _wrap
from tabletrip.core.render import wrap_items as _wrap_items
from tabletrip.games.lets_go_france.content import (
    DAYS,
    ICONS,
    MAX_PER_DAY,
    Activity,
    Highlight,
    RewardSpec,
    SpaceBonusSpec,
)
from tabletrip.games.lets_go_france.legal import PENDING_WORDS
from tabletrip.games.lets_go_france.present_words import COST_WORDS
from tabletrip.games.lets_go_france.scoring import experience_points
from tabletrip.games.lets_go_france.view_content import (
    DAY_NAMES,
    DAY_SHORT,
    ICON_CODES,
    Content,
    game_content,
    seat_colour,
)

if TYPE_CHECKING:
    from tabletrip.core import Result
    from tabletrip.games.lets_go_france.rules import LetsGoState

WIDTH = 100
AGENT = "the travel agent"
ICON_LEGEND = ", ".join(f"{code} {icon}" for icon, code in ICON_CODES.items())
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


# --- short words -------------------------------------------------------------------------------


def seat_name(seat: int, players: int | None = None) -> str:
    """`seat 0 (blue)`; the solo travel agent's board (seat `players` in solo) by its name."""
    if players == 1 and seat == 1:
        return AGENT
    return f"seat {seat} ({seat_colour(seat)})"


def icons_code(icons: Iterable[int | str]) -> str:
    """`ArHi` for architecture and history (indices or names)."""
    return "".join(ICON_CODES[ICONS[i] if isinstance(i, int) else i] for i in icons)


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
        parts.append(plural(highlight.points, "pt"))
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
        f"{card.name} ({card.key}): {icons}, {plural(card.points, 'pt')}, {card.time} time{top}; "
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
            parts.append(plural(b.amount, "pt"))
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
    """`single flag` or `double flag`: a map space's or a Goal tile's flag."""
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
        where = DAY_NAMES[day] if day < len(DAYS) else "the goals at the end of the trip"
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
        f"{plural(play, 'card')} and passes {play} {to}."
    )
    current = observation["current_player"]
    if current == seat:
        hand = len(observation.get("hand") or ())
        pending = observation.get("pending") or [None]
        held = hand - (3 if pending[0] == "discard3" else 0)
        left = max(0, held - play)
        todo = (
            f"play {plural(left, 'more card')} (`place <card> <day> <slot>`, or "
            "`explore ...` face down)"
            if left
            else f"your cards are played: `done` passes the other {plural(held, 'card')}"
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
    lines = [f"Your hand ({plural(len(hand), 'card')}):" + ("" if hand else " none")]
    for key in hand:
        lines += _wrap(f"  - {card_text(content.activities[key])}", indent="      ")
    stack = observation["stack_sizes"][observation["seat"]] if observation["stack_sizes"] else 0
    if stack and observation["phase"] == "plan":
        lines.append(f"  (a face-down stack of {plural(stack, 'card')} waits on your board)")
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
            text = f"Explore the City, {plural(content.explore_highlight, 'pt')}"
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
    return f"{', '.join(parts)} ({plural(total, 'pt')})"


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


__all__ = [
    "WIDTH",
    "card_text",
    "itinerary_lines",
    "render_observation_text",
    "render_text",
    "seat_name",
]
