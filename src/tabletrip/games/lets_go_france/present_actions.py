"""Let's Go! To France's legal moves in words, as the player to move chooses them: what the move
list, the board's menus and the hints show instead of the notation.

"Play Baguette at the bottom of Monday, over Louvre, as the new Highlight of the Day", "Travel
to Amboise and gain Art and History icons", "Flip Tuesday's Favorable Condition token (Food)
to its 2 side", "Give Baguette to the travel agent first (into its Wednesday), then Musée
Rodin (into its Thursday)". Each is built from the seat's own observation (its hand, its board
as it is now, the decision it owes, the cards it chooses between) and the game's static
content only, so it reads the same however what the seat cannot see is dealt; the words carry
what tells two moves of one decision apart (the card, the day and the place in it, the town,
the bonus row, the icon).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tabletrip.core import Action
from tabletrip.core.phrases import listing, plural
from tabletrip.games.lets_go_france.actions import (
    ChooseCard,
    ChooseIcon,
    ChooseRow,
    DiscardThree,
    Done,
    DottedPath,
    Favour,
    Place,
    SkipTravel,
    SpendWild,
    Travel,
    UseResearch,
)
from tabletrip.games.lets_go_france.content import DAYS, ICONS, MapSpaceSpec
from tabletrip.games.lets_go_france.moves import AGENT_DAY_SIZES
from tabletrip.games.lets_go_france.present_view import explore_points
from tabletrip.games.lets_go_france.present_words import (
    AGENT,
    DOTTED_PAY,
    EXPLORE,
    FAVORABLE,
    FLAG_WORDS,
    HIGHLIGHT,
    day_name,
    highlight_words,
    icon_name,
    placed_name,
    points,
    reward_words,
    row_name,
    seat_name,
    slot_words,
    space_bonus_words,
)
from tabletrip.games.lets_go_france.rules import LetsGoGame

Observation = Mapping[str, Any]
SATURDAY = len(DAYS) - 1


def build_action_words(game: LetsGoGame, observation: Observation, action: Action) -> str:
    """A legal move of the observation's seat in words: one line, starting with a capital."""
    words = _WORDS.get(type(action))
    if words is None:  # pragma: no cover - every action kind has its words
        return "Make this move"
    return words(game, observation, action)


# --- reading the observation ------------------------------------------------------------------


def _board(observation: Observation) -> Mapping[str, Any]:
    return observation["my_board"]


def _pending(observation: Observation) -> str:
    pending = observation.get("pending")
    return str(pending[0]) if pending else ""


def _players(observation: Observation) -> int:
    return len(observation["boards"])


def _card(game: LetsGoGame, key: str) -> str:
    index = game.card_index.get(key)
    return game.activities[index].name if index is not None else "a card"


def _cell(game: LetsGoGame, cell: Mapping[str, Any]) -> str:
    index = game.card_index.get(cell.get("card") or "")
    card = game.activities[index] if index is not None else None
    return placed_name(card, bool(cell.get("explore")))


def _space(game: LetsGoGame, space: str) -> MapSpaceSpec | None:
    index = game.space_index.get(space)
    return game.region.spaces[index] if index is not None else None


# --- planning ---------------------------------------------------------------------------------


def _place(game: LetsGoGame, observation: Observation, action: Place) -> str:
    """`Play Baguette at the top of Monday, tucked under Louvre`; face down, Explore the City."""
    day = DAYS.index(action.day) if action.day in DAYS else 0
    column = _board(observation)["days"][day]
    where = slot_words(day, [_cell(game, c) for c in column], action.slot)
    card = _card(game, action.card)
    if action.explore:
        return f"Play {card} face down to {EXPLORE} {where}, with a Travel action"
    return f"Play {card} {where}"


def _research(game: LetsGoGame, observation: Observation, action: UseResearch) -> str:
    left = int(_board(observation)["research"])
    return f"Use a Research token ({left} held): draw 3 cards, then discard any 3"


def _discard(game: LetsGoGame, observation: Observation, action: DiscardThree) -> str:
    return f"Discard {listing([_card(game, key) for key in action.cards])}"


def _done(game: LetsGoGame, observation: Observation, action: Done) -> str:
    """Planning: pass the rest of the hand; the trip: go on without spending Wild tokens."""
    if observation["phase"] != "plan":
        return "Keep your Wild tokens and go on with the trip"
    hand = [_card(game, key) for key in observation.get("hand") or ()]
    if not hand:
        return "End your part of the round"
    cards = listing(hand)
    players = _players(observation)
    if players == 1:
        if len(hand) == 1:
            days = _agent_days(observation, 1)
            return f"Pass {cards} to {AGENT}, into its {days[0]}"
        return f"Pass {cards} to {AGENT} (you then choose which it takes first)"
    direction = str((observation.get("round_plan") or {}).get("pass", "left"))
    seat = int(observation["seat"])
    receiver = (seat + 1) % players if direction == "left" else (seat - 1) % players
    return f"Pass {cards} face down to {seat_name(receiver, players)}, on your {direction}"


def _agent_days(observation: Observation, count: int) -> list[str]:
    """The days of the travel agent's week its next `count` cards go into (Solo Rules: 3 a
    day from the top of Monday, 4 on Saturday)."""
    agent = observation.get("travel_agent") or {}
    filled = [len(column) for column in agent.get("days") or [[] for _ in DAYS]]
    days = []
    for _ in range(count):
        day = next((d for d, size in enumerate(AGENT_DAY_SIZES) if filled[d] < size), SATURDAY)
        filled[day] += 1
        days.append(day_name(day))
    return days


# --- the regional map -------------------------------------------------------------------------


def _arrival(game: LetsGoGame, board: Mapping[str, Any], space: MapSpaceSpec) -> str:
    """What reaching `space` gives this seat: its bonus (none on a dotted circle it explored)
    and a Goal tile it activates."""
    if space.explore_once and space.id in board["explored"]:
        return "gain no bonus (you explored it already)"
    gain = f"gain {space_bonus_words(space.bonus)}"
    if space.flag:
        key = "single_flag" if space.flag == 1 else "double_flag"
        if not board["goals"][key]:
            gain += f", activating the {FLAG_WORDS[space.flag]} Goal tile"
    return gain


def _travel(game: LetsGoGame, observation: Observation, action: Travel) -> str:
    board = _board(observation)
    space = _space(game, action.space)
    if space is None:
        return "Travel to another place"
    if board["traveler"] is None:
        return f"Place your Traveler on {space.name} and {_arrival(game, board, space)}"
    return f"Travel to {space.name} and {_arrival(game, board, space)}"


def _dotted(game: LetsGoGame, observation: Observation, action: DottedPath) -> str:
    board = _board(observation)
    space = _space(game, action.space)
    here = game.space_index.get(board["traveler"] or "", -1)
    if space is None or here < 0:
        return "Take a dotted line"
    there = game.space_index[space.id]
    cost = next((c for b, c in game.dotted[here] if b == there), "")
    pay = DOTTED_PAY.get(cost, "pay its cost")
    return (
        f"{pay[:1].upper()}{pay[1:]} to take the dotted line to {space.name} and "
        f"{_arrival(game, board, space)}"
    )


def _skip_travel(game: LetsGoGame, observation: Observation, action: SkipTravel) -> str:
    return "Let this Travel action go"


# --- bonuses and icons ------------------------------------------------------------------------


def _next_reward(game: LetsGoGame, board: Mapping[str, Any], row: int) -> str:
    spaces = game.board.reward_rows[row]
    used = int(board["reward_rows"][row])
    return reward_words(spaces[used]) if used < len(spaces) else "nothing (the row is full)"


def _favour(game: LetsGoGame, observation: Observation, action: Favour) -> str:
    if action.choice == "skip":
        return f"Take no {FAVORABLE} bonus"
    board = _board(observation)
    pending = observation.get("pending") or []
    token = f"the {FAVORABLE} token"
    if len(pending) > 1 and pending[1] in DAYS:
        day = DAYS.index(pending[1])
        icon = board["favourable"][day]
        token = f"{day_name(day)}'s {FAVORABLE} token"
        if icon is not None:
            token += f" ({icon_name(icon)})"
    if action.choice == "flip":
        return f"Flip {token} to its 2 side"
    reward = _next_reward(game, board, action.row)
    return f"Move {token} to the {row_name(action.row)} and gain {reward}"


def _row(game: LetsGoGame, observation: Observation, action: ChooseRow) -> str:
    reward = _next_reward(game, _board(observation), action.row)
    return f"Gain the next bonus of the {row_name(action.row)}: {reward} (its space stays open)"


def _icon(game: LetsGoGame, observation: Observation, action: ChooseIcon) -> str:
    """An icon of your choice, a tie for the lowest, a step back or the Goal tile's icon."""
    name = icon_name(action.icon) if action.icon in ICONS else "an"
    kind = _pending(observation)
    if kind == "step_back":
        return f"Move your {name} token back 1 space to pay for the dotted line"
    if kind == "lowest":
        return f"Move your {name} token, one of your lowest, 1 space forward"
    if kind == "goal_icon":
        return _run_words(game, observation, action.icon)
    return f"Move your {name} token 1 space forward"


def _run_words(game: LetsGoGame, observation: Observation, icon: str) -> str:
    """Sud-Ouest's Goal tile: points per card of the longest run of cards showing `icon`."""
    goal = game.goals.get(observation["goals"]["double_flag"])
    each = goal.points if goal is not None else 0
    index = ICONS.index(icon) if icon in ICONS else -1
    best = run = 0
    for column in _board(observation)["days"]:
        for cell in column:
            key = game.card_index.get(cell.get("card") or "")
            shows = key is not None and not cell.get("explore")
            run = (
                run + 1 if key is not None and shows and index in game.activities[key].icons else 0
            )
            best = max(best, run)
    return (
        f"Score your longest run of {icon_name(icon)} cards: "
        f"{plural(best, 'card')}, {points(each * best)}"
    )


def _wild(game: LetsGoGame, observation: Observation, action: SpendWild) -> str:
    name = icon_name(action.icon) if action.icon in ICONS else "an"
    return f"Spend a Wild token to move your {name} token 1 space forward"


# --- cards to choose --------------------------------------------------------------------------


def _choose(game: LetsGoGame, observation: Observation, action: ChooseCard) -> str:
    """Solo: which passed card the travel agent takes first; Goal tiles: a drawn card or an
    opponent's Saturday."""
    kind = _pending(observation)
    choice = action.choice
    if kind == "agent_order":
        cards = [_card(game, key) for key in observation.get("agent_cards") or ()]
        if len(cards) == 2 and choice in (0, 1):
            first, then = cards[choice], cards[1 - choice]
            days = _agent_days(observation, 2)
            return (
                f"Give {first} to {AGENT} first (into its {days[0]}), "
                f"then {then} (into its {days[1]})"
            )
    if kind == "goal_card":
        keys = observation.get("goal_cards") or []
        if 0 <= choice < len(keys):
            index = game.card_index.get(keys[choice])
            if index is not None:
                card = game.activities[index]
                return f"Score the {HIGHLIGHT} of {card.name}: {highlight_words(card.highlight)}"
    if kind == "goal_opponent":
        return _opponent_words(game, observation, choice)
    return f"Choose the {('first', 'second')[choice] if choice in (0, 1) else 'other'} option"


def _opponent_words(game: LetsGoGame, observation: Observation, seat: int) -> str:
    players = _players(observation)
    if seat == players:
        board = observation.get("travel_agent") or {}
    elif 0 <= seat < players:
        board = observation["boards"][seat]
    else:
        board = {}
    whose = seat_name(seat, players)
    column = (board.get("days") or [[]] * len(DAYS))[SATURDAY]
    if not column:
        return f"Score {whose}'s Saturday {HIGHLIGHT} (no cards on Saturday: nothing)"
    bottom = column[-1]
    index = game.card_index.get(bottom.get("card") or "")
    if bottom.get("explore") or index is None:
        more = points(explore_points(game)[1])
        return f"Score {whose}'s Saturday {HIGHLIGHT}: {_cell(game, bottom)}, {more}"
    card = game.activities[index]
    return f"Score {whose}'s Saturday {HIGHLIGHT}, {card.name}: {highlight_words(card.highlight)}"


_WORDS: dict[type, Callable[[LetsGoGame, Observation, Any], str]] = {
    Place: _place,
    UseResearch: _research,
    DiscardThree: _discard,
    Travel: _travel,
    SkipTravel: _skip_travel,
    DottedPath: _dotted,
    Favour: _favour,
    ChooseIcon: _icon,
    ChooseRow: _row,
    SpendWild: _wild,
    ChooseCard: _choose,
    Done: _done,
}


__all__ = ["build_action_words"]
