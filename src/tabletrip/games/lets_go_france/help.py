"""Let's Go! To France: what the player to move decides now, in tabletrip's own plain words.

`HELP` holds one short text per kind of decision: the planning steps (play cards, pass the
rest) and each decision a seat can owe (`state.pending`: a Travel action, a Favourable
Condition bonus, icon choices, the discards after a Research token, the goal tiles' choices,
Wild tokens on the trip). `decision_kind` says which one a state is at; a few texts name the
round's numbers (`{cards}`, `{to}`). The texts explain the choices and the rules that
limit them; they are written for tabletrip, not taken from the rulebook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.games.lets_go_france.phases import OVER, PLAN, Owed

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoState

HELP: dict[str, str] = {
    "place": (
        "Play {cards} from your hand into your week: choose a day (five cards at most) and "
        "where the card goes in that day's column, knowing that the card at the bottom is the "
        "day's Highlight of the Day. A card laid face down is Explore the City: worth 1 point "
        "(5 more as a Highlight) and a Travel action now. A card's top bonus, and its icon "
        "matching the day's Favourable Condition token, reward you at once."
    ),
    "pass": (
        "Your cards for this round are down. Say done to pass the rest of your hand {to}; "
        "until then you may still spend a Research token (draw 3 cards, then "
        "discard 3) or pay the cost of a dotted path from your Traveler (a Research or Wild "
        "token, or a step back of an experience token) to follow it."
    ),
    "travel_first": (
        "You have a Travel action: put your Traveler on one of the starting towns of the "
        "regional map and take that town's bonus, or let the action go."
    ),
    "travel": (
        "You have a Travel action: move your Traveler along one solid path to the next town "
        "and take its bonus (a town in a dotted circle pays only on your first visit), or let "
        "the action go. Reaching a flag puts its goal tile to work for you."
    ),
    "favour": (
        "The card you played shows the icon of this day's Favourable Condition token. Choose "
        "one reward: turn the token to its 2 side, or move it to the first open space of a "
        "reward row and take that reward now, or neither. A token that ends both turned and "
        "moved is worth 2 more points at the end."
    ),
    "icon": (
        "You gain an experience icon of your choice: pick the token that moves one space "
        "along your experience track."
    ),
    "row": (
        "Your goal tile grants the reward of the first open space of one reward row: pick the "
        "row. The space stays open for a Favourable Condition token later."
    ),
    "discard3": (
        "You spent a Research token and drew 3 cards: now put any 3 cards from your hand on "
        "the face-up discard pile."
    ),
    "agent_order": (
        "Your two leftover cards go to the travel agent, whose week fills in order from the top "
        "of Monday to the bottom of Saturday: choose which of them it takes first."
    ),
    "wild_window": (
        "You may spend Wild tokens now, each moving an experience token of your choice one "
        "space; Wild tokens left at the end score nothing. Say done to go on with the trip."
    ),
    "any": (
        "This Highlight of the Day gives an experience icon of your choice: pick the token "
        "that moves one space (it cannot be taken as a Wild token instead)."
    ),
    "lowest": (
        "This Highlight moves your lowest experience token, and several are tied for lowest: "
        "pick the one that moves. You may first spend a Wild token, which can change which "
        "tokens are lowest."
    ),
    "goal_card": (
        "Your goal tile drew two cards: choose the one whose Highlight of the Day you score "
        "now, by your own track and tokens (its icons, tokens and points, but no time)."
    ),
    "goal_opponent": (
        "Your goal tile lets you score the Highlight of the Day that closes another player's "
        "Saturday, counted by your own track and tokens: choose whose."
    ),
    "goal_icon": (
        "Your goal tile scores points for each card in your longest unbroken run of cards "
        "showing one icon at the top, from Monday to Saturday: choose the icon."
    ),
    "step_back": (
        "This dotted path is paid by moving one of your experience tokens back one space: "
        "pick the token (one on a 0 space cannot move back). Then your Traveler follows the "
        "path and takes the bonus of the town it reaches."
    ),
    "over": "Every trip has been taken: the game is over and the scores are final.",
}


def decision_kind(state: LetsGoState) -> str:
    """Which `HELP` text fits the decision the player to move faces now."""
    if state.phase == OVER:
        return "over"
    if state.pending:
        kind = state.pending[0].kind
        if kind is Owed.TRAVEL and state.traveler[state.seat] < 0:
            return "travel_first"
        return kind.value
    if state.phase == PLAN and state.to_play:
        return "place"
    return "pass"


def decision_help(state: LetsGoState) -> str:
    """The `HELP` text of the decision the player to move faces now, the round's numbers in."""
    kind = decision_kind(state)
    text = HELP[kind]
    if kind == "place":
        cards = "1 card" if state.to_play == 1 else f"{state.to_play} cards"
        return text.format(cards=cards)
    if kind == "pass":
        if state.game.players == 1:
            to = "to the travel agent, face up into its week"
        else:
            direction = state.game.board.rounds[state.round].direction
            to = f"face down to the player on your {direction}"
        return text.format(to=to)
    return text


__all__ = ["HELP", "decision_help", "decision_kind"]
