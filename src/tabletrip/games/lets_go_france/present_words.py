"""Let's Go! To France's words: how its cards, tokens, spaces and bonuses read to a person.

The vocabulary is the rulebook's, capitalised as it prints it: Activity cards, the Highlight of
the Day, Time, the Experience Track and its icons, Favorable Condition tokens, Wild and
Research tokens, the Energy Tracker, the Traveler, Goal tiles, Explore the City. Everything
here is a pure function of static content (a card, a map space, a bonus-row space) or of a
count; the documents, score rows and moves in words (`present*.py`) are built from these.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tabletrip.core.phrases import listing, plural
from tabletrip.games.lets_go_france.content import (
    DAYS,
    ICONS,
    Activity,
    Formula,
    Highlight,
    RewardSpec,
    SpaceBonusSpec,
)

ICON_NAMES = {icon: icon.capitalize() for icon in ICONS}
DAY_NAMES = {day: day.capitalize() for day in DAYS}
EXPLORE = "Explore the City"
HIGHLIGHT = "Highlight of the Day"
FAVORABLE = "Favorable Condition"
AGENT = "the travel agent"
ROW_NAMES = ("top", "middle", "bottom")  # the three bonus rows, top first
TOP_BONUS_WORDS = {
    "none": "",
    "research": "a Research token",
    "travel": "a Travel action",
    "travel2": "2 Travel actions",
}
COST_WORDS = {  # a dotted line's cost (Quick Icon Guide, Map Icons)
    "research": "a Research token",
    "wild": "a Wild token",
    "experience": "an Experience token moved back 1 space",
}
DOTTED_PAY = {  # how a dotted line is paid, as an instruction
    "research": "pay a Research token",
    "wild": "pay a Wild token",
    "experience": "move an Experience token back 1 space",
}
FLAG_WORDS = {1: "single-flag", 2: "double-flag"}


def points(count: int) -> str:
    """`1 point`, `-2 points`."""
    return plural(count, "point") if abs(count) == 1 else f"{count} points"


def ordinal(number: int) -> str:
    """`1st`, `2nd`, `3rd`, `4th`, ... `11th`, `12th`."""
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number % 10, 'th')}"


def capital(text: str) -> str:
    """The text with its first letter capitalised (`the travel agent` at a sentence start)."""
    return text[:1].upper() + text[1:]


def rulebook_spelling(text: str) -> str:
    """Content text in the rulebook's spelling (it prints "Favorable", not "Favourable")."""
    return text.replace("Favourable", "Favorable").replace("favourable", "favorable")


def icon_name(icon: str | int) -> str:
    """`Architecture` for `architecture` or its index."""
    return ICON_NAMES[ICONS[icon] if isinstance(icon, int) else icon]


def day_name(day: str | int) -> str:
    """`Monday` for `monday` or its index."""
    return DAY_NAMES[DAYS[day] if isinstance(day, int) else day]


def icons_words(icons: Iterable[str | int]) -> str:
    """`2 Food and Art`: icons in order of first appearance, repeats counted."""
    counts: dict[str, int] = {}
    for icon in icons:
        name = icon_name(icon)
        counts[name] = counts.get(name, 0) + 1
    return listing([name if n == 1 else f"{n} {name}" for name, n in counts.items()])


def icon_gains(icons: Sequence[str | int]) -> str:
    """Icons gained on the Experience Track: `a History icon`, `2 Food icons`, `Art and
    Nature icons`."""
    if len(icons) == 1:
        name = icon_name(icons[0])
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} icon"
    return f"{icons_words(icons)} icons"


def seat_name(seat: int, players: int) -> str:
    """`Player 2`; the solo travel agent's board (seat `players` in solo) by its name."""
    if players == 1 and seat == 1:
        return AGENT
    return f"Player {seat + 1}"


# --- Activity cards ---------------------------------------------------------------------------


def formula_words(formula: Formula) -> str:
    """A Highlight's formula as the rulebook's clarifications say it."""
    each = points(formula.points)
    icon = icon_name(formula.icon) if formula.icon >= 0 else ""
    kind = formula.kind
    count = formula.count
    if kind == "sets":
        return f"{each} per set of {listing([icon_name(i) for i in formula.icons])}"
    if kind == "days_with_different_icons":
        return f"{each} per day so far with {count}+ different icons on cards"
    if kind == "days_with_icon":
        return f"{each} per day so far with {count}+ {icon} on cards"
    if kind == "days_under_time":
        return f"{each} per day so far with less than {count} Time"
    if kind == "time_on_cards_with_icon":
        return f"{each} per Time on cards that gain {icon}"
    if kind == "icons_today":
        return f"{each} per {icon} today"
    if kind == "cards_with_time":
        return f"{each} per card with {count}+ Time"
    if kind == "favourable_tokens":
        return f"{each} per {FAVORABLE} token on its 2 side that has gained a bonus"
    if kind == "research_tokens":
        return f"{each} per Research token"
    if kind == "lowest_icon":
        return f"{each} per space of your lowest Experience token"
    if kind == "highest_icon":
        return f"{each} per space of your highest Experience token"
    return f"{each} per {kind.replace('_', ' ')}"  # pragma: no cover - content checks kinds


def highlight_words(highlight: Highlight) -> str:
    """What a Highlight of the Day gives: `6 points, 2 Food, a Wild token`."""
    parts = []
    if highlight.points:
        parts.append(points(highlight.points))
    if highlight.icons:
        parts.append(icon_gains(highlight.icons))
    if highlight.any_icon:
        parts.append(
            "an Experience icon of your choice"
            if highlight.any_icon == 1
            else f"{highlight.any_icon} Experience icons of your choice"
        )
    if highlight.lowest_icon:
        parts.append(
            "your lowest Experience icon"
            if highlight.lowest_icon == 1
            else f"your lowest Experience icon {highlight.lowest_icon} times"
        )
    if highlight.wild:
        parts.append(plural(highlight.wild, "Wild token"))
    if highlight.research:
        parts.append(plural(highlight.research, "Research token"))
    if highlight.energy:
        side = "right" if highlight.energy > 0 else "left"
        parts.append(f"Energy Tracker {plural(abs(highlight.energy), 'space')} {side}")
    if highlight.time:  # before the formula: "gain 1 Time today, then score ..."
        parts.append(f"{highlight.time} more Time today")
    if highlight.formula is not None:
        parts.append(formula_words(highlight.formula))
    return ", ".join(parts) or "nothing"


def card_words(card: Activity) -> str:
    """A card's top and its Highlight: `Architecture and History, 2 points, 2 Time; Highlight
    of the Day: 6 points per day so far with 4+ different icons on cards`."""
    top = [icons_words(card.icons) or "no icon", points(card.points), f"{card.time} Time"]
    bonus = TOP_BONUS_WORDS[card.bonus]
    if bonus:
        top.append(f"gain {bonus} when played")
    return f"{', '.join(top)}; {HIGHLIGHT}: {highlight_words(card.highlight)}"


# --- the boards -------------------------------------------------------------------------------


def space_bonus_words(bonus: Sequence[SpaceBonusSpec]) -> str:
    """What arriving on a map space gives: `History and 1 point`."""
    icons = [b.icon for b in bonus if b.kind == "icon" for _ in range(b.amount) if b.icon]
    parts = [icon_gains(icons)] if icons else []
    for b in bonus:
        if b.kind == "any_icon":
            parts.append(
                "an Experience icon of your choice"
                if b.amount == 1
                else f"{b.amount} Experience icons of your choice"
            )
        elif b.kind == "research":
            parts.append(plural(b.amount, "Research token"))
        elif b.kind == "wild":
            parts.append(plural(b.amount, "Wild token"))
        elif b.kind == "points":
            parts.append(points(b.amount))
        elif b.kind == "energy":
            parts.append(f"Energy Tracker {plural(b.amount, 'space')} right")
    return listing(parts)


def reward_words(rewards: Sequence[RewardSpec]) -> str:
    """A bonus-row space: `Travel and 1 point`, `a Research token and a Wild token`."""
    parts = []
    for r in rewards:
        if r.kind == "points":
            parts.append(points(r.amount))
        elif r.kind == "travel":
            parts.append("a Travel action" if r.amount == 1 else f"{r.amount} Travel actions")
        elif r.kind == "research":
            parts.append(plural(r.amount, "Research token"))
        elif r.kind == "wild":
            parts.append(plural(r.amount, "Wild token"))
        elif r.kind == "any_icon":
            parts.append(
                "an Experience icon of your choice"
                if r.amount == 1
                else f"{r.amount} Experience icons of your choice"
            )
    merged = listing(parts)
    return merged.replace("a Travel action and a Travel action", "2 Travel actions")


def placed_name(card: Activity | None, explore: bool) -> str:
    """A card in a column by name; an Explore the City card by its face, and by its name to
    its owner (`card` None: face down to this viewer)."""
    if explore:
        return f"{EXPLORE} ({card.name})" if card else f"an {EXPLORE} card"
    return card.name if card else "a card"


def slot_words(day: str | int, names: Sequence[str], slot: int) -> str:
    """Where a new card goes in a day's column of cards `names` (top first), as "Example: Card
    Placement" says it: `on Monday, its first card`, `at the top of Monday, tucked under
    Baguette`, `on Monday, 2nd from the top, between Baguette and Louvre`, `at the bottom of
    Monday, over Louvre, as the new Highlight of the Day`."""
    name = day_name(day)
    if not names:
        return f"on {name}, its first card"
    if slot <= 0:
        return f"at the top of {name}, tucked under {names[0]}"
    if slot >= len(names):
        return f"at the bottom of {name}, over {names[-1]}, as the new {HIGHLIGHT}"
    between = f"between {names[slot - 1]} and {names[slot]}"
    return f"on {name}, {ordinal(slot + 1)} from the top, {between}"


def row_name(row: int) -> str:
    """`top bonus row` for bonus row 0 (the board prints them top to bottom)."""
    name = ROW_NAMES[row] if 0 <= row < len(ROW_NAMES) else ordinal(row + 1)
    return f"{name} bonus row"


def energy_words(energy: int, energy_points: Mapping[int, int]) -> str:
    """Where the Energy Tracker token stands: `on the center space`, `on the 2 point space`."""
    if energy == 0:
        return "on the center space"
    return f"on the {energy_points.get(energy, energy)} point space"


def time_chart_words(chart: Sequence[tuple[int, int]]) -> str:
    """The chart under the Energy Tracker, in words."""
    parts = []
    low = 0
    for most, move in chart:
        if move > 0:
            effect = f"{plural(move, 'space')} right"
        elif move < 0:
            effect = f"{plural(-move, 'space')} left"
        else:
            effect = "no move"
        if low == 0:
            span = f"up to {most} Time"
        elif most >= 99:
            span = f"{low}+ Time"
        elif most == low:
            span = f"{most} Time"
        else:
            span = f"{low} to {most} Time"
        parts.append(f"{span}: {effect}")
        low = most + 1
    return "; ".join(parts)
