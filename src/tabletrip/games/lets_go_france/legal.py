"""Let's Go! To France: the legal actions now, and why another action is not one of them.

A decision the seat owes (`state.pending[0]`) comes first; otherwise, while planning, the
seat places cards, uses Research tokens and dotted paths, and ends its part of the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Action, Rng
from tabletrip.core.phrases import first_few
from tabletrip.games.lets_go_france.actions import (
    ChooseCard,
    ChooseIcon,
    ChooseRow,
    DiscardThree,
    DottedPath,
    Favour,
    Place,
    SpendWild,
    Travel,
)
from tabletrip.games.lets_go_france.content import DAYS, ICONS, MAX_PER_DAY
from tabletrip.games.lets_go_france.phases import PLAN, TRIP, Owed, Pending

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoState


_ICON_CHOICES = tuple(ChooseIcon(icon) for icon in ICONS)
_WILDS = tuple(SpendWild(icon) for icon in ICONS)

PENDING_WORDS = {  # keyed by Owed: every decision a seat can owe
    Owed.TRAVEL: "take or skip your Travel action (`travel <place>`, `skip travel`)",
    Owed.FAVOUR: "choose your Favourable Condition bonus (`favour flip`, `favour row N`, "
    "`favour skip`)",
    Owed.ICON: "choose an experience icon (`icon <name>`)",
    Owed.ROW: "choose a reward row for your goal (`row N`)",
    Owed.DISCARD3: "discard 3 cards after your Research token (`discard a b c`)",
    Owed.AGENT_ORDER: "choose which passed card the travel agent takes first (`choose 0/1`)",
    Owed.WILD_WINDOW: "spend Wild tokens (`wild <icon>`) or go on (`done`)",
    Owed.ANY: "choose the experience icon your Highlight gives (`icon <name>`)",
    Owed.LOWEST: "choose which of your lowest tokens moves (`icon <name>`), or spend a Wild token",
    Owed.GOAL_CARD: "choose one of the two drawn cards (`choose 0` or `choose 1`)",
    Owed.GOAL_OPPONENT: "choose whose Saturday Highlight you score (`choose <seat>`)",
    Owed.GOAL_ICON: "choose the icon of your longest run (`icon <name>`)",
    Owed.STEP_BACK: "choose the Experience token that moves back 1 space to pay the dotted path "
    "(`icon <name>`)",
}


def legal_actions(state: LetsGoState) -> list[Action]:
    """Every legal action of the current seat."""
    if state.phase > TRIP:
        return []
    if state.pending:
        owed = _owed(state, state.pending[0])
        if state.phase == PLAN and state.pending[0].kind in (Owed.TRAVEL, Owed.FAVOUR):
            owed.extend(anytime_actions(state))  # Research and dotted lines "at any time"
        return owed
    if state.phase == TRIP:  # pragma: no cover - the trip always waits on a decision
        return []
    return _planning(state)


def _owed(state: LetsGoState, head: Pending) -> list[Action]:
    seat = state.seat
    game = state.game
    kind = head.kind
    trip = state.trips[seat]
    if kind is Owed.TRAVEL:
        here = state.traveler[seat]
        spaces = game.starts if here < 0 else sorted(game.solid[here])
        ids = game.region.spaces
        return [*(Travel(ids[s].id) for s in spaces), game.skip_travel]
    if kind is Owed.FAVOUR:
        day = head.about
        assert day is not None
        icon = state.favour_at[seat][day]
        actions: list[Action] = []
        if not state.flipped[seat][icon]:
            actions.append(Favour("flip"))
        actions.extend(Favour("row", r) for r in open_rows(state, seat))
        actions.append(Favour("skip"))
        return actions
    if kind in (Owed.ICON, Owed.ANY, Owed.GOAL_ICON):
        return list(_ICON_CHOICES)
    if kind is Owed.ROW:
        return [ChooseRow(r) for r in open_rows(state, seat)]
    if kind is Owed.DISCARD3:
        return [
            DiscardThree(tuple(sorted(game.activities[c].key for c in combo)))
            for combo in state.discard_choices()
        ]
    if kind is Owed.AGENT_ORDER:
        return [ChooseCard(0), ChooseCard(1)]
    if kind is Owed.WILD_WINDOW:
        return [*_WILDS, game.done]
    if kind is Owed.LOWEST:
        low = trip.lowest()
        return [*(_ICON_CHOICES[i] for i in low), *(_WILDS if trip.wild else ())]
    if kind is Owed.GOAL_CARD:
        return [ChooseCard(i) for i in range(len(state.goal_cards))]
    if kind is Owed.GOAL_OPPONENT:
        return [ChooseCard(s) for s in range(len(state.days)) if s != seat]
    if kind is Owed.STEP_BACK:
        return [_ICON_CHOICES[i] for i in range(len(ICONS)) if trip.can_step_back(i)]
    raise AssertionError(f"unknown decision {kind!r}")  # pragma: no cover


def open_rows(state: LetsGoState, seat: int) -> list[int]:
    """The reward rows with an uncovered space."""
    rows = state.game.board.reward_rows
    return [r for r in range(len(rows)) if state.rows[seat][r] < len(rows[r])]


def placements(state: LetsGoState, key: str) -> tuple[tuple[Place, ...], ...]:
    """Per day, every Place of the card `key`, slot by slot, face up then face down: made once
    per game (a planning turn lists hundreds)."""
    table = state.game.placements
    found = table.get(key)
    if found is None:
        found = table[key] = tuple(
            tuple(
                Place(key, day, slot, explore=explore)
                for slot in range(MAX_PER_DAY)
                for explore in (False, True)
            )
            for day in DAYS
        )
    return found


def _hand_keys(state: LetsGoState) -> list[str]:
    """The distinct cards of the planning seat's hand, by id, sorted."""
    activities = state.game.activities
    return sorted({activities[c].key for c in state.hands[state.seat]})


def _planning(state: LetsGoState) -> list[Action]:
    actions: list[Action] = []
    if state.to_play:
        keys = _hand_keys(state)
        for day, column in enumerate(state.days[state.seat]):
            if len(column) >= MAX_PER_DAY:
                continue
            shown = 2 * (len(column) + 1)  # each slot of the column, face up and face down
            for key in keys:
                actions.extend(placements(state, key)[day][:shown])
    actions.extend(anytime_actions(state))
    if not state.to_play:
        actions.append(state.game.done)
    return actions


def random_planning_action(state: LetsGoState, rng: Rng) -> Action:
    """`rng.choice(_planning(state))` while cards are to be placed, counting the placements
    instead of listing them (a planning turn has hundreds)."""
    keys = _hand_keys(state)
    spans = []
    for day, column in enumerate(state.days[state.seat]):
        if len(column) < MAX_PER_DAY:
            spans.append((day, 2 * (len(column) + 1)))
    others = anytime_actions(state)
    total = len(others) + len(keys) * sum(shown for _, shown in spans)
    index = rng.below(total)
    for day, shown in spans:
        block = len(keys) * shown
        if index < block:
            key, place = divmod(index, shown)
            return placements(state, keys[key])[day][place]
        index -= block
    return others[index]


def anytime_actions(state: LetsGoState) -> list[Action]:
    """What a planning seat may do at any time before passing: a Research token, a dotted
    line it can pay for, and beside a line paid with a step back a Wild token (elsewhere a
    Wild token spent while planning changes nothing the trip's windows could not: see
    RULES_NOTES.md)."""
    game = state.game
    seat = state.seat
    trip = state.trips[seat]
    actions: list[Action] = []
    if trip.research and len(state.deck.cards) + len(state.deck.discards) >= 3:
        actions.append(game.research)
    here = state.traveler[seat]
    if here >= 0:
        step_back = False
        for there, cost in game.dotted[here]:
            if cost == "experience":
                step_back = True
                payable = any(trip.can_step_back(i) for i in range(len(ICONS)))
            else:
                payable = (trip.research if cost == "research" else trip.wild) > 0
            if payable:
                actions.append(DottedPath(game.region.spaces[there].id))
        if step_back and trip.wild:
            actions.extend(_WILDS)
    return actions


def why_not(state: LetsGoState, action: Action) -> str:
    """One line: why `action` is not legal now, and what is expected instead."""
    legal = legal_actions(state)
    examples = first_few([str(a) for a in legal], 4)
    if state.pending:
        need = PENDING_WORDS.get(state.pending[0].kind, "make the pending choice")
        return f"first {need}: try {examples}"
    if isinstance(action, Place):
        return place_problem(state, action) or f"`{action}` is not legal now: try {examples}"
    if type(action).__name__ == "Done" and state.phase == PLAN and state.to_play:
        cards = "card" if state.to_play == 1 else "cards"
        return f"`done` comes after you play {state.to_play} more {cards}: try {examples}"
    return f"`{action}` is not legal now: try {examples}"


def place_problem(state: LetsGoState, action: Place) -> str | None:
    """Why a placement is not legal while planning with no decision owed; None if it is."""
    game = state.game
    card = game.card_index.get(action.card)
    if not state.to_play:
        return "you have played your cards this round: `done` passes the rest"
    if card is None or card not in state.hands[state.seat]:
        return f"{action.card!r} is not in your hand"
    if action.day not in DAYS:
        return f"{action.day!r} is not a day: days are {', '.join(DAYS)}"
    column = state.days[state.seat][DAYS.index(action.day)]
    if len(column) >= MAX_PER_DAY:
        return f"{action.day} already holds {MAX_PER_DAY} cards"
    if not 0 <= action.slot <= len(column):
        return f"{action.day} has {len(column)} cards: a slot is 0 (top) to {len(column)} (bottom)"
    return None
