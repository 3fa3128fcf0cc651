"""Let's Go! To France's encoding in the game's words: a name for every action index and every
observation-vector position (`tabletrip encoding lets-go-france --names`).

Names come from the configured game's content: the regional map's towns, the Activity cards,
the Goal tiles, the round tracker and the reward rows, in the words of `present_words`. An
index that means a place in the mover's sorted hand is named by that place (`place 3rd card
of the hand on Tuesday, ...`); a per-seat position names its seat relative to the observer
(`you`, `seat +1`, ..., `the travel agent` in solo), as the module docstring of `encoding.py`
orders them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from tabletrip.core.encoding import block_names, field_names, relative_seat
from tabletrip.core.phrases import listing, plural
from tabletrip.games.lets_go_france.content import (
    DAYS,
    FORMULA_KINDS,
    ICONS,
    MAX_PER_DAY,
    TOP_BONUSES,
)
from tabletrip.games.lets_go_france.encoding import (
    DRAW_ICONS,
    PENDING_KINDS,
    LetsGoObservations,
)
from tabletrip.games.lets_go_france.encoding_actions import LetsGoActions
from tabletrip.games.lets_go_france.legal import PENDING_WORDS
from tabletrip.games.lets_go_france.phases import PHASE_NAMES, Owed
from tabletrip.games.lets_go_france.present_words import (
    AGENT,
    EXPLORE,
    FAVORABLE,
    FLAG_WORDS,
    HIGHLIGHT,
    TOP_BONUS_WORDS,
    day_name,
    icon_name,
    ordinal,
    row_name,
    rulebook_spelling,
)
from tabletrip.games.lets_go_france.rules import LetsGoGame

PHASE_WORDS = {"plan": "planning", "trip": "the trip", "over": "game over"}
DRAW_WORDS = {
    "deck2": "2 cards from the deck",
    "deck4": "4 cards from the deck",
    "stack": "the stack passed to you",
}
ENERGY_SPACES = range(-3, 4)
_NOTATION = re.compile(r"\s*\(`[^)]*\)")


def seat_words(relative: int, players: int) -> str:
    """A seat as the observer sees it: `you`, `seat +1`, ...; the travel agent in solo."""
    return AGENT if relative and players == 1 else relative_seat(relative)


def distinct_names(names: Sequence[str], keys: Sequence[str]) -> list[str]:
    """Each name, with its key in brackets where another entry has the same name."""
    counts = Counter(names)
    return [
        name if counts[name] == 1 else f"{name} ({key})"
        for name, key in zip(names, keys, strict=True)
    ]


def town_names(game: LetsGoGame) -> list[str]:
    """The regional map's towns by name, in the map's order (the encoding's town order)."""
    spaces = game.region.spaces
    return distinct_names([s.name for s in spaces], [s.id for s in spaces])


def card_names(game: LetsGoGame) -> list[str]:
    """The Activity cards by name, in catalogue order."""
    cards = game.activities
    return distinct_names([a.name for a in cards], [a.key for a in cards])


def decision_words(kind: Owed) -> str:
    """A decision a seat can owe, in the help's words without the notation hints."""
    return rulebook_spelling(_NOTATION.sub("", PENDING_WORDS[kind]))


def top_feature_names() -> list[str]:
    """The 11 top-part features of a card (`_top_features` order)."""
    return [
        *(f"{icon_name(icon)} icons" for icon in ICONS),
        "points",
        "Time",
        *(f"gain {TOP_BONUS_WORDS[bonus]} when played" for bonus in TOP_BONUSES[1:]),
    ]


def highlight_feature_names() -> list[str]:
    """The 33 Highlight of the Day features of a card (`_highlight_features` order)."""
    parts = [
        "points",
        *(f"{icon_name(icon)} icons" for icon in ICONS),
        "Experience icons of your choice",
        "lowest Experience icon",
        "Wild tokens",
        "Research tokens",
        "Energy Tracker right",
        "Energy Tracker left",
        "more Time today",
        *(f"formula: {rulebook_spelling(text)}" for text in FORMULA_KINDS.values()),
        "formula points",
        *(f"formula icon {icon_name(icon)}" for icon in ICONS),
        "formula count",
    ]
    return [f"{HIGHLIGHT} {part}" for part in parts]


def card_slot_names(slot: str) -> list[str]:
    """A hand-like card slot's 45 names: present, top features, Highlight features."""
    features = ["present", *top_feature_names(), *highlight_feature_names()]
    return [f"{slot}: {feature}" for feature in features]


def day_names(day: str) -> list[str]:
    """A day column's 99 names: 5 slots top to bottom, then its Highlight of the Day."""
    names: list[str] = []
    for slot in range(MAX_PER_DAY):
        where = f"{day_name(day)} {ordinal(slot + 1)} card from the top"
        names += [f"{where}: occupied", f"{where}: face down"]
        names += [f"{where}: {feature}" for feature in top_feature_names()]
    names.append(f"{day_name(day)} {HIGHLIGHT} is {EXPLORE}")
    names += [f"{day_name(day)} bottom card: {feature}" for feature in highlight_feature_names()]
    return names


def action_names(actions: LetsGoActions) -> list[str]:
    """A name for every action index of the configuration (see `encoding_actions.py`)."""
    game = actions.game
    towns = town_names(game)
    hand_cards = [f"{ordinal(k + 1)} card of the hand" for k in range(actions.place_hand)]
    places = [
        f"{card} on {day_name(day)}, {ordinal(slot + 1)} from the top, "
        + (f"face down to {EXPLORE}" if explore else "face up")
        for card in hand_cards
        for day in DAYS
        for slot in range(MAX_PER_DAY)
        for explore in (False, True)
    ]
    discards = [
        f"the {listing([ordinal(p + 1) for p in subset])} cards of the hand"
        for subset in actions.subsets
    ]
    favours = [
        f"flip the {FAVORABLE} token",
        *(f"move the {FAVORABLE} token to the {row_name(r)}" for r in range(3)),
        "skip the bonus",
    ]
    sizes = {block.name: block.size for block in actions.blocks}
    opponents = [
        f"the Saturday {HIGHLIGHT} of {seat_words(j + 1, game.players)}"
        for j in range(sizes["choose-opponent"])
    ]
    words: dict[str, list[str]] = {
        "place": places,
        "research": ["(spend a Research token: draw 3 cards, then discard 3)"],
        "discard": discards,
        "travel": [f"to {town}" for town in towns],
        "skip-travel": ["(give up the Travel action)"],
        "dotted": [f"path to {town}" for town in towns],
        "favour": favours,
        "icon": [icon_name(icon) for icon in ICONS],
        "row": [f"the leftmost uncovered bonus of the {row_name(r)}" for r in range(3)],
        "wild": [f"token on {icon_name(icon)}" for icon in ICONS],
        "choose-card": [f"the {ordinal(i + 1)} of the two cards" for i in range(2)],
        "choose-opponent": opponents,
        "done": ["(end your part of the round, or leave a Wild token window)"],
    }
    return block_names(actions.blocks, words)


def observation_names(observations: LetsGoObservations) -> list[str]:
    """A name for every vector position of the configuration (see `encoding.py`)."""
    game = observations.game
    players = game.players
    seats = [seat_words(i, players) for i in range(observations.seats)]
    player_seats = seats[:players]
    towns = town_names(game)
    icons = [icon_name(icon) for icon in ICONS]
    days = [day_name(day) for day in DAYS]
    decisions = [decision_words(kind) for kind in PENDING_KINDS]
    rows = [row_name(r) for r in range(len(game.board.reward_rows))]
    single_goals = [
        f"tile {t + 1} side {'AB'[s]}: {rulebook_spelling(face.text)}"
        for t, tile in enumerate(game.single_tiles)
        for s, face in enumerate(tile.faces)
    ]

    def per_seat(parts: Sequence[str]) -> list[str]:
        return [f"{part}, {seat}" for seat in seats for part in parts]

    hand = [f"{ordinal(k + 1)} card" for k in range(observations.hand_max)]
    words: dict[str, list[str]] = {
        "phase": [PHASE_WORDS[phase] for phase in PHASE_NAMES],
        "round": [
            f"{number} (play {spec.play}, pass {spec.direction})"
            for number, spec in enumerate(game.board.rounds, 1)
        ],
        "round_draw": [DRAW_WORDS[icon] for icon in DRAW_ICONS],
        "round_play": [plural(count, "card") for count in (1, 2)],
        "to_move": player_seats,
        "discard_pile": card_names(game),
        "single_goal": single_goals,
        "double_goal": [
            f"side {'AB'[s]}: {rulebook_spelling(face.text)}"
            for s, face in enumerate(game.double_faces)
        ],
        "trip_day": [*days, "the end-of-trip goals"],
        "waiting_on": decisions,
        "my_decision": decisions,
        "my_decision_day": days,
        "hand": [name for card in hand for name in card_slot_names(card)],
        "goal_cards": [
            name for i in (1, 2) for name in card_slot_names(f"{ordinal(i)} drawn card")
        ],
        "agent_cards": [
            name for i in (1, 2) for name in card_slot_names(f"{ordinal(i)} passed card")
        ],
        "days": per_seat([name for day in DAYS for name in day_names(day)]),
        "favourable": per_seat([f"{day} {icon}" for day in days for icon in icons]),
        "flipped": per_seat(icons),
        "moved": per_seat(icons),
        "reward_rows": per_seat(rows),
        "traveler": per_seat(towns),
        "explored": per_seat(towns),
        "experience": per_seat(icons),
        "energy": per_seat([f"space {e:+d}" if e else "the center space" for e in ENERGY_SPACES]),
        "wild": seats,
        "research": seats,
        "points": seats,
        "goals_done": per_seat([f"{FLAG_WORDS[flag]} Goal tile" for flag in (1, 2)]),
        "day_points": per_seat(days),
        "day_resolved": per_seat(days),
        "stacks": player_seats,
    }
    return field_names(observations.fields, words)
