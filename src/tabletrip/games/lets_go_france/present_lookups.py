"""Let's Go! To France's lookups, the references a player may ask for at any decision:

- `itinerary`: a week as text.py draws it, six day columns side by side (each day's
  Favorable Condition token, its cards top to bottom, the Highlight of the Day, its Time),
  with the marks the board's itinerary uses and their legend, then each day's Highlight of
  the Day in full. Your own by default; `itinerary 2` (or `player 2`, `agent`) another
  player's as your observation shows it (as it stood when the round began, its Explore the
  City cards face down); a day's name (`itinerary mon`) that day card by card.
- `map`: the regional map's spaces, what each gives and is, the lines from it and who is
  there (Travelers, Exploration tokens); `map chin` the spaces whose name starts so.

Both are built from the observation and static content only (`present_view.View`).
Queries match case- and accent-insensitively as word prefixes.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from itertools import zip_longest
from typing import Any

from tabletrip.core.phrases import listing
from tabletrip.core.presentation import Block, Diagram, Lookup, Section, Sentence, Table
from tabletrip.core.words import matches_words, words
from tabletrip.games.lets_go_france.content import DAYS, ICONS, MAX_PER_DAY
from tabletrip.games.lets_go_france.moves import AGENT_DAY_SIZES
from tabletrip.games.lets_go_france.present_document import space_lines
from tabletrip.games.lets_go_france.present_view import (
    View,
    day_time,
    explore_points,
    highlight_of,
    make_view,
)
from tabletrip.games.lets_go_france.present_words import (
    EXPLORE,
    FAVORABLE,
    FLAG_WORDS,
    HIGHLIGHT,
    TOP_BONUS_WORDS,
    capital,
    day_name,
    icon_name,
    icons_words,
    ordinal,
    space_bonus_words,
)
from tabletrip.games.lets_go_france.rules import LetsGoGame
from tabletrip.games.lets_go_france.svg_itinerary import band_words
from tabletrip.games.lets_go_france.view_content import ICON_CODES

Observation = Mapping[str, Any]
ITINERARY = "itinerary"
MAP = "map"
LOOKUPS = (
    Lookup(
        ITINERARY,
        "a week's six days side by side: each day's cards top to bottom, its Highlight of the "
        "Day, Time and Favorable Condition token; yours, or another player's (`itinerary 2`), "
        "or one day card by card (`itinerary monday`)",
        filtered=True,
    ),
    Lookup(
        MAP,
        "the regional map's spaces: what each gives, the lines from it and who is there; a "
        "word narrows it to the spaces it names (`map tours`)",
        filtered=True,
    ),
)
COLUMN = 16  # characters per day column, the gap included: six fit in 96
STAR = "\u2605"
BONUS_MARKS = {"none": "", "research": "+R", "travel": "T\u2192", "travel2": "TT\u2192"}
LEGEND = (
    f"Each day's cards from the top of its column; {STAR} the {HIGHLIGHT}, the bottom card's "
    "bonus; 2/5 the cards a day holds, of 5.",
    "Icons: " + ", ".join(f"{code} {icon_name(icon)}" for icon, code in ICON_CODES.items()) + ".",
    "On a card: 2p points, 1t Time, +R Research token, T\u2192 Travel (TT\u2192: 2).",
    f"[Na] the day's {FAVORABLE} token (its icon), [Na 2] flipped to its 2 side, [moved] moved "
    "to a bonus row.",
    f"{EXPLORE}: a card played face down (named only to its owner).",
)


def build_lookup(game: LetsGoGame, observation: Observation, name: str, query: str) -> Section:
    """The lookup `name` as the observation's seat may see it; KeyError for another name."""
    view = make_view(game, observation)
    if name == ITINERARY:
        return _itinerary(view, query)
    if name == MAP:
        return _map(view, query)
    raise KeyError(name)


# --- the itinerary ------------------------------------------------------------------------------


def _seats(view: View) -> list[int]:
    """The boards one may look up: each player's and the solo travel agent's."""
    agent = [view.players] if view.observation.get("travel_agent") is not None else []
    return [*range(view.players), *agent]


def _whose(view: View, word: str) -> int | None:
    """The seat a query word names: `2`, `you`, `me`, `mine`, `agent`, `travel`."""
    if word.isdigit():
        seat = int(word) - 1
        return seat if 0 <= seat < view.players else None
    if view.viewer is not None and any(w.startswith(word) for w in ("you", "your", "me", "mine")):
        return view.viewer
    if view.players == 1 and any(w.startswith(word) for w in ("agent", "travel")):
        return view.players
    return None


def _read_query(view: View, query: str) -> tuple[int, int | None, bool]:
    """The seat and the day a query names (the viewer's board and every day by default),
    and whether every word was understood."""
    seat = view.viewer if view.viewer is not None else 0
    day: int | None = None
    understood = True
    for word in words(query):
        if word in ("player", "players", "itinerary", "the", "s"):
            continue
        whose = _whose(view, word)
        days = [d for d in range(len(DAYS)) if DAYS[d].startswith(word)]
        if whose is not None:
            seat = whose
        elif days:
            day = days[0]
        else:
            understood = False
    return seat, day, understood


def _title(view: View, seat: int) -> str:
    if seat == view.viewer:
        return "Your Itinerary"
    name = capital(view.name(seat))
    if seat == view.players:
        return f"{name}'s week"
    if view.phase == "plan":
        return f"{name}'s Itinerary, as it stood when round {view.observation['round']} began"
    return f"{name}'s Itinerary"


def _itinerary(view: View, query: str) -> Section:
    seat, day, understood = _read_query(view, query)
    if not understood:
        names = ", ".join(capital(view.name(s)) for s in _seats(view))
        text = (
            f"Nothing of the Itinerary matches “{query.strip()}”: name a player ({names}) or a "
            "day (Monday to Saturday)."
        )
        return Section("Itinerary", (Sentence(text),), "table")
    board = view.board(seat)
    reveal = seat == view.viewer or seat == view.players
    role = "mine" if seat == view.viewer else "seat"
    agent = seat == view.players
    if day is not None:
        day_blocks = _day_blocks(view, board, day, reveal)
        return Section(f"{_title(view, seat)}: {day_name(day)}", tuple(day_blocks), role, seat)
    lines = diagram_lines(view, board, reveal, agent)
    blocks: list[Block] = [Diagram(tuple(lines), LEGEND), _days_table(view, board, agent)]
    return Section(_title(view, seat), tuple(blocks), role, seat)


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "~"


def _wrapped(text: str, width: int, most: int) -> list[str]:
    lines = textwrap.wrap(text, width, break_on_hyphens=True) or [""]
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
    return [_fit(line, width) for line in lines]


def _token_mark(board: Mapping[str, Any], day: int) -> str:
    icon = board["favourable"][day]
    if icon is None:
        return "[moved]"
    return f"[{ICON_CODES[icon]}" + (" 2]" if icon in board["flipped"] else "]")


def _card_lines(view: View, cell: Mapping[str, Any], bottom: bool, reveal: bool) -> list[str]:
    """One card of a column: its name (two lines at most), its marks, and at the bottom its
    Highlight of the Day (three lines at most)."""
    width = COLUMN - 1
    once, more = explore_points(view.game)
    key = cell.get("card")
    card = view.cards.get(key) if isinstance(key, str) else None
    if cell.get("explore"):
        named = f"({card.name})" if reveal and card is not None else "face down"
        first, last = EXPLORE.rsplit(" ", 1)  # "Explore the" / "City 1p"
        lines = [first, f"{last} {once}p", *_wrapped(named, width, 2)]
        if bottom:
            lines += _wrapped(f"{STAR} {more} points", width, 3)
        return lines
    if card is None:
        return ["a card"]
    codes = "".join(ICON_CODES[ICONS[i]] for i in card.icons) or "--"
    marks = f"{codes} {card.points}p {card.time}t"
    bonus = BONUS_MARKS[card.bonus]
    if bonus:
        marks += " " + bonus
    if len(marks) > width:
        marks = marks.replace("p ", "p")
    lines = [*_wrapped(card.name, width, 2), _fit(marks, width)]
    if bottom:
        lines += _wrapped(f"{STAR} {band_words(card.highlight)}", width, 3)
    return lines


def diagram_lines(
    view: View, board: Mapping[str, Any], reveal: bool, agent: bool = False
) -> list[str]:
    """The six days side by side, each column its day and card count, its Favorable Condition
    token, its cards from the top (the bottom one with its Highlight of the Day) and Time."""
    width = COLUMN - 1
    columns: list[list[str]] = []
    for day, column in enumerate(board["days"]):
        size = AGENT_DAY_SIZES[day] if agent else MAX_PER_DAY
        lines = [f"{day_name(day)} {len(column)}/{size}", _token_mark(board, day), "-" * width]
        for i, cell in enumerate(column):
            bottom = i == len(column) - 1
            lines += _card_lines(view, cell, bottom, reveal)
            if not bottom:
                lines.append("")
        if column:
            lines += ["-" * width, f"{day_time(view, column)} Time"]
        else:
            lines.append("no cards yet" if view.phase == "plan" else "no cards")
        columns.append(lines)
    return [
        "".join(cell.ljust(COLUMN) for cell in row).rstrip()
        for row in zip_longest(*columns, fillvalue="")
    ]


def _token_words(board: Mapping[str, Any], day: int) -> str:
    icon = board["favourable"][day]
    if icon is None:
        return "moved to a bonus row"
    return icon_name(icon) + (", flipped to its 2 side" if icon in board["flipped"] else "")


def _days_table(view: View, board: Mapping[str, Any], agent: bool) -> Table:
    rows = []
    for day, column in enumerate(board["days"]):
        size = AGENT_DAY_SIZES[day] if agent else MAX_PER_DAY
        if column:
            highlight = highlight_of(view, column[-1])
            time = day_time(view, column)
        else:
            highlight, time = "none yet", 0
        rows.append(
            (day_name(day), _token_words(board, day), f"{len(column)} of {size}", time, highlight)
        )
    columns = ("Day", f"{FAVORABLE} token", "Cards", "Time", HIGHLIGHT)
    return Table(columns, tuple(rows))


def _place_name(slot: int, count: int) -> str:
    if slot == count - 1:
        return f"Bottom ({HIGHLIGHT})"
    return "Top" if slot == 0 else f"{ordinal(slot + 1)} from the top"


def _day_blocks(view: View, board: Mapping[str, Any], day: int, reveal: bool) -> list[Block]:
    """One day card by card: where it is, its icons, points, Time and bonus when played."""
    column = board["days"][day]
    rows: list[tuple[str | int, ...]] = []
    once = explore_points(view.game)[0]
    for slot, cell in enumerate(column):
        key = cell.get("card")
        card = view.cards.get(key) if isinstance(key, str) else None
        where = _place_name(slot, len(column))
        if cell.get("explore"):
            named = f" ({card.name})" if reveal and card is not None else " (face down)"
            rows.append((where, EXPLORE + named, "none", once, 0, "a Travel action"))
        elif card is not None:
            icons = icons_words(card.icons) or "none"
            bonus = TOP_BONUS_WORDS[card.bonus] or "nothing"
            rows.append((where, card.name, icons, card.points, card.time, bonus))
    columns = ("Place", "Card", "Icons", "Points", "Time", "When played")
    blocks: list[Block] = [
        Table(columns, tuple(rows), empty="no cards yet"),
        Sentence(f"{FAVORABLE} token: {_token_words(board, day)}."),
    ]
    if column:
        bottom = column[-1]
        text = highlight_of(view, bottom)
        blocks.append(Sentence(f"{HIGHLIGHT}: {text}. Time: {day_time(view, column)}."))
    return blocks


# --- the regional map ---------------------------------------------------------------------------


def _kind(space: Any) -> str:
    parts = []
    if space.start:
        parts.append("starting space")
    if space.flag:
        parts.append(f"{FLAG_WORDS[space.flag]} Goal space")
    if space.explore_once:
        parts.append("dotted circle (its bonus once for each player)")
    return ", ".join(parts) or "town"


def _lines_from(view: View, space: str) -> str:
    solid, dotted = space_lines(view, space)
    return ", ".join(solid + dotted) or "none"


def _who_is_there(view: View, space: str) -> str:
    parts = []
    seats = range(view.players)
    here = [s for s in seats if view.board(s)["traveler"] == space]
    explored = [s for s in seats if space in view.board(s)["explored"]]
    if here:
        whose = ["your" if s == view.viewer else f"{capital(view.name(s))}'s" for s in here]
        parts.append(f"{capital(listing(whose))} Traveler" + ("s" if len(here) > 1 else ""))
    if explored:
        parts.append(f"explored by {view.names(explored)}")
    return "; ".join(parts) or "nobody"


def _map(view: View, query: str) -> Section:
    region = view.game.region
    rows = []
    for space in region.spaces:
        if query.strip() and not matches_words(query, space.name):
            continue
        rows.append(
            (
                space.name,
                _kind(space),
                space_bonus_words(space.bonus),
                _lines_from(view, space.id),
                _who_is_there(view, space.id),
            )
        )
    columns = ("Space", "What it is", "Gives", "Lines to", "Who is there")
    shown = query.strip()
    empty = f"no space of the map is called “{shown}”" if shown else "no spaces"
    blocks: list[Block] = [Table(columns, tuple(rows), empty=empty)]
    if view.viewer is not None:
        here = view.board(view.viewer)["traveler"]
        blocks.append(Sentence(f"Your Traveler: {view.space(here)}."))
    blocks.append(
        Sentence(
            "A Travel action moves a Traveler along a solid line; a dotted line may be taken at "
            "any time by paying its cost."
        )
    )
    return Section(f"Regional map: {region.name}", tuple(blocks), "table")


def lookup_names() -> tuple[Lookup, ...]:
    """The lookups this game offers."""
    return LOOKUPS


__all__ = ["LOOKUPS", "build_lookup", "diagram_lines", "lookup_names"]
