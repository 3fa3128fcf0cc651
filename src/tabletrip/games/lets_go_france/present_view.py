"""An observation read with Let's Go! To France's static content, and the blocks every part of
the document shares: a day's column, the tracks and tokens, the bonus rows, the Goal tiles.

Everything is read from the observation (a seat's or the public one) and the game's static
content (cards by key, map spaces, the player board, the Goal tiles): nothing here can show
what the observation does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletrip.core.phrases import listing
from tabletrip.core.presentation import Block, Card, Item, Items, Progress, Sentence, Value, Values
from tabletrip.games.lets_go_france.content import (
    DAYS,
    ICONS,
    MAX_PER_DAY,
    Activity,
    GoalSpec,
    MapSpaceSpec,
)
from tabletrip.games.lets_go_france.final import FAVOURABLE_POINTS
from tabletrip.games.lets_go_france.moves import AGENT_DAY_SIZES
from tabletrip.games.lets_go_france.present_words import (
    EXPLORE,
    FAVORABLE,
    FLAG_WORDS,
    HIGHLIGHT,
    capital,
    card_words,
    day_name,
    energy_words,
    highlight_words,
    icon_name,
    points,
    reward_words,
    row_name,
    seat_name,
    space_bonus_words,
)
from tabletrip.games.lets_go_france.rules import LetsGoGame
from tabletrip.games.lets_go_france.scoring import FLIP, experience_points

EXPLORATION_TOKENS = 6  # Setup 1: each player takes 6 Exploration tokens


@dataclass(frozen=True, slots=True)
class View:
    """One observation with the static content it is read with."""

    game: LetsGoGame
    observation: Mapping[str, Any]
    cards: Mapping[str, Activity]
    spaces: Mapping[str, MapSpaceSpec]

    @property
    def viewer(self) -> int | None:
        """The observing seat (None: a spectator)."""
        seat = self.observation.get("seat")
        return seat if isinstance(seat, int) else None

    @property
    def players(self) -> int:
        """How many players (the solo travel agent is not one)."""
        return len(self.observation["boards"])

    @property
    def phase(self) -> str:
        """`plan`, `trip` or `over`."""
        return str(self.observation["phase"])

    @property
    def direction(self) -> str:
        """Which way cards pass this round: `left` or `right`."""
        return str((self.observation.get("round_plan") or {}).get("pass", "left"))

    def board(self, seat: int) -> Mapping[str, Any]:
        """A seat's board: the viewer's own as it is now, any other as the table sees it (the
        solo travel agent's is seat `players`)."""
        if seat == self.viewer:
            return self.observation["my_board"]
        if seat == self.players:
            return self.observation["travel_agent"]
        return self.observation["boards"][seat]

    def name(self, seat: int) -> str:
        """`Player 2`, `you`, or the travel agent."""
        return "you" if seat == self.viewer else seat_name(seat, self.players)

    def names(self, seats: Iterable[int]) -> str:
        """`you and Player 3`."""
        return listing([self.name(s) for s in seats])

    def title(self, seat: int) -> str:
        """A seat section's title: `Player 2`, `Player 1 (you)`."""
        return seat_name(seat, self.players) + (" (you)" if seat == self.viewer else "")

    def space(self, space: str | None) -> str:
        """A map space's name (`not on the map yet` for none)."""
        if space is None:
            return "not on the map yet"
        spec = self.spaces.get(space)
        return spec.name if spec else "an unknown place"


def make_view(game: LetsGoGame, observation: Mapping[str, Any]) -> View:
    """The observation with the game's cards and map spaces by key."""
    return View(
        game,
        observation,
        {a.key: a for a in game.activities},
        {s.id: s for s in game.region.spaces},
    )


def explore_points(game: LetsGoGame) -> tuple[int, int]:
    """An Explore the City card's points, and its points more as the Highlight of the Day."""
    return game.explore


def card_of(view: View, key: str) -> Card:
    """An Activity card by name, with what it gives."""
    card = view.cards.get(key)
    if card is None:
        return Card("an unknown card")
    return Card(card.name, 1, "", card_words(card))


# --- a day's column ---------------------------------------------------------------------------


def day_items(
    view: View, board: Mapping[str, Any], reveal: bool, agent: bool = False
) -> list[Item]:
    """One item a day: its Favorable Condition token, its cards from the top (the bottom one
    with its Highlight of the Day), its Time and how full it is. `reveal`: name the cards
    played face down (the viewer's own board)."""
    items = []
    for day, column in enumerate(board["days"]):
        capacity = AGENT_DAY_SIZES[day] if agent else MAX_PER_DAY
        parts = [_token_words(board, day)]
        if column:
            names = [_placed_name(view, cell, reveal) for cell in column[:-1]]
            names.append(_bottom_name(view, column[-1], reveal))
            parts.append(("top to bottom: " if len(names) > 1 else "") + ", ".join(names))
            parts.append(f"{day_time(view, column)} Time")
        else:
            parts.append("no cards yet" if view.phase == "plan" else "no cards")
        parts.append(f"{len(column)} of {capacity} cards")
        items.append(Item(day_name(day), "; ".join(parts)))
    return items


def _token_words(board: Mapping[str, Any], day: int) -> str:
    icon = board["favourable"][day]
    if icon is None:
        return f"{FAVORABLE} token moved to a bonus row"
    flipped = ", flipped to its 2 side" if icon in board["flipped"] else ""
    return f"{FAVORABLE} token {icon_name(icon)}{flipped}"


def _placed_name(view: View, cell: Mapping[str, Any], reveal: bool) -> str:
    key = cell.get("card")
    card = view.cards.get(key) if isinstance(key, str) else None
    if cell.get("explore"):
        if reveal and card is not None:
            return f"{EXPLORE} ({card.name}, face down)"
        return f"{EXPLORE} (face down)"
    return card.name if card else "an unknown card"


def _bottom_name(view: View, cell: Mapping[str, Any], reveal: bool) -> str:
    if cell.get("explore"):
        key = cell.get("card")
        card = view.cards.get(key) if reveal and isinstance(key, str) else None
        hidden = f"{card.name}, face down" if card else "face down"
        return f"{EXPLORE} ({hidden}; {HIGHLIGHT}: {points(explore_points(view.game)[1])})"
    card = view.cards.get(cell.get("card") or "")
    if card is None:
        return "an unknown card"
    return f"{card.name} ({HIGHLIGHT}: {highlight_words(card.highlight)})"


def highlight_of(view: View, cell: Mapping[str, Any]) -> str:
    """The Highlight of the Day a bottom card shows: `Baguette: 6 points, 2 Food icons`."""
    if cell.get("explore"):
        return f"{EXPLORE}, {points(explore_points(view.game)[1])}"
    card = view.cards.get(cell.get("card") or "")
    if card is None:
        return "an unknown card"
    return f"{card.name}: {highlight_words(card.highlight)}"


def day_time(view: View, column: Sequence[Mapping[str, Any]]) -> int:
    """A day's Time: its face-up cards' and its Highlight of the Day's."""
    total = 0
    for cell in column:
        card = view.cards.get(cell.get("card") or "")
        if card is not None and not cell.get("explore"):
            total += card.time
    bottom = column[-1]
    card = view.cards.get(bottom.get("card") or "")
    if card is not None and not bottom.get("explore"):
        total += card.highlight.time
    return total


# --- tracks and tokens ------------------------------------------------------------------------


def tracks(view: View, seat: int, full: bool = True) -> list[Block]:
    """The seat's values (Experience Track points, Energy Tracker, tokens), a bar per
    Experience token, and with `full` how the track scores and the bonus rows."""
    board = view.board(seat)
    thresholds = view.game.board.experience_points
    bars: list[Block] = []
    total = 0
    for icon in ICONS:
        steps = int(board["experience"][icon])
        score = experience_points(steps, thresholds)
        total += score
        name = icon_name(icon) + (", flipped to its 10 side" if steps >= FLIP else "")
        shown = min(steps - FLIP, FLIP) if steps >= FLIP else steps
        bars.append(Progress(f"{name} ({points(score)})", shown, FLIP, "spaces"))
    agent = seat == view.players
    values = [
        Value("Experience Track", points(total)),
        Value("Spaces moved on the Experience Track", sum(board["experience"].values())),
        Value("Energy Tracker", energy_words(board["energy"], view.game.board.energy_points)),
    ]
    if not agent:  # the travel agent's Wild tokens move its farthest token at once
        values.append(Value("Wild tokens", board["wild"]))
    values.append(Value("Research tokens", board["research"]))
    if not agent:
        both = len(set(board["moved"]) & set(board["flipped"]))
        values += [
            Value("Point tokens", board["points"]),
            Value(
                f"{FAVORABLE} tokens flipped and moved",
                f"{both} ({points(FAVOURABLE_POINTS * both)})",
            ),
            Value("Exploration tokens left", max(0, EXPLORATION_TOKENS - len(board["explored"]))),
        ]
    blocks: list[Block] = [Values(tuple(values)), *bars]
    if full:
        marks = [f"{score} at {space}" for space, score in sorted(thresholds.items())]
        marks[0] = f"{points(thresholds[min(thresholds)])} at space {min(thresholds)}"
        blocks.append(
            Sentence(
                f"An Experience token scores {listing(marks)}; at {FLIP} it flips to its 10 "
                "side and starts again from 0."
            )
        )
        blocks.append(Items(tuple(bonus_rows(view, board)), empty="no bonus rows"))
    return blocks


def bonus_rows(view: View, board: Mapping[str, Any]) -> list[Item]:
    """The three rows a Favorable Condition token can move to: covered, next, then the rest."""
    items = []
    for r, row in enumerate(view.game.board.reward_rows):
        used = int(board["reward_rows"][r])
        parts = []
        for k, space in enumerate(row):
            what = reward_words(space)
            if k < used:
                parts.append(f"covered: {what}")
            elif k == used:
                parts.append(f"next: {what}")
            else:
                parts.append(f"then {what}")
        if used >= len(row):
            parts.append("full")
        items.append(Item(capital(row_name(r)), "; ".join(parts)))
    return items


def trip_so_far(view: View, seat: int) -> str:
    """The days of the trip a seat has activated and their points ("" before the trip)."""
    days = view.observation["trip"]["day_points"][seat]
    if not days:
        return ""
    shown = ", ".join(f"{day_name(d)} {p}" for d, p in enumerate(days))
    lead = "Trip" if len(days) == len(DAYS) else "Trip so far"
    return f"{lead}: {shown} ({points(sum(days))} on the days, the Energy Tracker apart)."


# --- the regional map and the Goal tiles ------------------------------------------------------


def space_detail(space: MapSpaceSpec, explored: Sequence[str]) -> str:
    """What a space gives and is: `gives a History icon; single-flag space; dotted circle`."""
    parts = [f"gives {space_bonus_words(space.bonus)}"]
    if space.flag:
        parts.append(f"{FLAG_WORDS[space.flag]} space")
    if space.explore_once:
        parts.append(
            "dotted circle, explored: no more bonus"
            if space.id in explored
            else "dotted circle: its bonus only on the first visit"
        )
    return "; ".join(parts)


def goal_faces(view: View) -> list[tuple[int, GoalSpec]]:
    """The Goal tiles in play, by flag (1, 2), with the side showing."""
    goals = view.observation["goals"]
    faces = []
    for flag, key in ((1, "single_flag"), (2, "double_flag")):
        face = view.game.goals.get(goals[key])
        if face is not None:
            faces.append((flag, face))
    return faces


def goal_title(view: View, flag: int, face: GoalSpec) -> str:
    """`Single-flag Goal tile`, `Double-flag Goal tile (Loire Valley, side B)`."""
    if flag == 2:
        sides = [f.id for f in view.game.double_faces]
        side = f", side {'AB'[sides.index(face.id)]}" if face.id in sides else ""
        return f"Double-flag Goal tile ({view.game.region.name}{side})"
    return "Single-flag Goal tile"


def flag_spaces(view: View, flag: int) -> list[str]:
    """The names of the map's spaces with that flag."""
    return [s.name for s in view.game.region.spaces if s.flag == flag]


def goal_reached(board: Mapping[str, Any], flag: int) -> bool:
    """Whether a board's Traveler has activated the Goal tile with that flag."""
    return bool(board["goals"]["single_flag" if flag == 1 else "double_flag"])
