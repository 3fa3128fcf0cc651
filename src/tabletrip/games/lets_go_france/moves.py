"""Let's Go! To France moves: what each action does, the round flow and the trip's progress.

One small function per action kind; `apply_action` dispatches. Planning: a played card's top
bonus and Favourable Condition bonus queue decisions on `state.pending`; the seat ends its
part of the round with `done`, passing what is left. The trip runs automatic steps in
`advance_trip` until a decision is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletrip.core import Action
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
from tabletrip.games.lets_go_france.content import DAYS, ICONS
from tabletrip.games.lets_go_france.phases import Owed, Pending
from tabletrip.games.lets_go_france.scoring import Trip, day_highlight

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoState

TRIP_DAYS = len(DAYS)
TUESDAY, SATURDAY = 1, 5
AGENT_DAY_SIZES = (3, 3, 3, 3, 3, 4)  # Solo Rules: where passed cards go in the agent's week
TRACK_FORMULAS = frozenset({"sets", "lowest_icon", "highest_icon"})  # they read the track


def apply_action(state: LetsGoState, action: Action) -> None:
    """Carry out a legal action."""
    _MOVES[type(action)](state, action)
    if state.phase == 1:  # TRIP
        advance_trip(state)


# --- planning -----------------------------------------------------------------------------------


def _place(state: LetsGoState, action: Place) -> None:
    """Play a card into a day's column; take its top bonus, then its Favourable Condition."""
    game = state.game
    seat = state.seat
    card = game.card_index[action.card]
    day = DAYS.index(action.day)
    state.hands[seat].remove(card)
    state.days[seat][day].insert(action.slot, (card, action.explore))
    state.fresh.append(card)
    state.to_play -= 1
    if action.explore:
        state.pending.append(Pending(Owed.TRAVEL))  # Explore the City: an immediate Travel action
        return
    activity = game.activities[card]
    if activity.bonus == "research":
        state.trips[seat].research += 1
    elif activity.bonus in ("travel", "travel2"):
        state.pending.extend([Pending(Owed.TRAVEL)] * (2 if activity.bonus == "travel2" else 1))
    token = state.favour_at[seat][day]
    if token >= 0 and token in activity.icons:
        state.pending.append(Pending(Owed.FAVOUR, day))


def _research(state: LetsGoState, action: UseResearch) -> None:
    """Spend a Research token: draw 3, then discard 3 (the next decision)."""
    seat = state.seat
    state.trips[seat].research -= 1
    state.hands[seat].extend(state.draw_cards(3))
    state.pending.insert(0, Pending(Owed.DISCARD3))


def _discard(state: LetsGoState, action: DiscardThree) -> None:
    """Discard 3 cards face up."""
    index = state.game.card_index
    hand = state.hands[state.seat]
    for key in action.cards:
        hand.remove(index[key])
        state.deck.discard((index[key],))
    state.pending.pop(0)


def _travel(state: LetsGoState, action: Travel) -> None:
    """Move the Traveler (or place it on a starting space) and take the space's bonus."""
    state.pending.pop(0)
    arrive(state, state.seat, state.game.space_index[action.space])


def _skip_travel(state: LetsGoState, action: SkipTravel) -> None:
    state.pending.pop(0)


def _dotted(state: LetsGoState, action: DottedPath) -> None:
    """Pay a dotted path's token and move along it; a step back is paid first (which token
    moves back is the next decision)."""
    game = state.game
    seat = state.seat
    there = game.space_index[action.space]
    cost = next(c for b, c in game.dotted[state.traveler[seat]] if b == there)
    trip = state.trips[seat]
    if cost == "experience":
        state.pending.insert(0, Pending(Owed.STEP_BACK, there))
        return
    if cost == "research":
        trip.research -= 1
    else:
        trip.wild -= 1
    arrive(state, seat, there)


def arrive(state: LetsGoState, seat: int, space: int) -> None:
    """The Traveler reaches `space`: its bonus (a dotted circle only once), then its flag."""
    region = state.game.region
    spec = region.spaces[space]
    state.traveler[seat] = space
    if spec.explore_once:
        if space in state.explored[seat]:
            return  # the Exploration token shows it was visited: no bonus, no flag again
        state.explored[seat].append(space)
    for bonus in spec.bonus:
        gain_reward(state, seat, bonus.kind, bonus.amount, bonus.icon)
    if spec.flag == 1 and not state.single_done[seat]:
        state.single_done[seat] = True
        activate_goal(state, seat, state.single_goal)
    elif spec.flag == 2 and not state.double_done[seat]:
        state.double_done[seat] = True
        activate_goal(state, seat, state.double_goal)


def gain_reward(state: LetsGoState, seat: int, kind: str, amount: int, icon: str | None) -> None:
    """A bonus from a map space or a reward row."""
    trip = state.trips[seat]
    if kind == "icon":
        assert icon is not None
        trip.gain_icon(ICONS.index(icon), amount)
    elif kind == "any_icon":
        state.pending.extend([Pending(Owed.ICON)] * amount)
    elif kind == "research":
        trip.research += amount
    elif kind == "wild":
        trip.wild += amount
    elif kind == "points":
        state.points[seat] += amount
    elif kind == "energy":
        trip.move_energy(amount)
    elif kind == "travel":
        state.pending.extend([Pending(Owed.TRAVEL)] * amount)


def goal_spec(state: LetsGoState, goal_id: str) -> Any:
    """The Goal tile face with this id."""
    return state.game.goals[goal_id]


def activate_goal(state: LetsGoState, seat: int, goal_id: str) -> None:
    """A flag reached: an immediate goal acts now; the others wait for their day."""
    goal = goal_spec(state, goal_id)
    if goal.timing != "immediately":
        return
    if goal.effect == "any_icons":
        state.pending.extend([Pending(Owed.ICON)] * goal.count)
    elif goal.effect == "reward_space":
        if any(_open_space(state, seat, r) is not None for r in range(3)):
            state.pending.append(Pending(Owed.ROW))
    elif goal.effect == "wild_tokens":
        state.trips[seat].wild += goal.count
    elif goal.effect == "research_tokens":
        state.trips[seat].research += goal.count
    elif goal.effect == "point_tokens":
        state.points[seat] += goal.count


def _open_space(state: LetsGoState, seat: int, row: int) -> int | None:
    """The leftmost uncovered space of a reward row, or None when the row is full."""
    used = state.rows[seat][row]
    return used if used < len(state.game.board.reward_rows[row]) else None


def take_row_reward(state: LetsGoState, seat: int, row: int) -> None:
    """Gain the bonus of a row's leftmost uncovered space."""
    space = _open_space(state, seat, row)
    assert space is not None
    for reward in state.game.board.reward_rows[row][space]:
        gain_reward(state, seat, reward.kind, reward.amount, None)


def _favour(state: LetsGoState, action: Favour) -> None:
    """Flip the day's token, or move it to a reward row's leftmost open space and take it."""
    seat = state.seat
    day = state.pending.pop(0).about
    assert day is not None
    icon = state.favour_at[seat][day]
    if action.choice == "flip":
        state.flipped[seat][icon] = True
    elif action.choice == "row":
        take_row_reward(state, seat, action.row)
        state.rows[seat][action.row] += 1
        state.moved[seat].append(icon)
        state.favour_at[seat][day] = -1


def _choose_row(state: LetsGoState, action: ChooseRow) -> None:
    """A goal's reward: a row's leftmost uncovered bonus (the space stays open)."""
    state.pending.pop(0)
    take_row_reward(state, state.seat, action.row)


def _choose_icon(state: LetsGoState, action: ChooseIcon) -> None:
    """An icon of your choice, a lowest-token tie, or a goal's icon."""
    seat = state.seat
    head = state.pending.pop(0)
    icon = ICONS.index(action.icon)
    if head.kind is Owed.GOAL_ICON:
        state.points[seat] += longest_run_points(state, seat, icon)
    elif head.kind is Owed.STEP_BACK:  # the dotted path is paid: along it
        assert head.about is not None
        state.trips[seat].step_back(icon)
        arrive(state, seat, head.about)
    else:
        state.trips[seat].gain_icon(icon)


def _done(state: LetsGoState, action: Done) -> None:
    """Planning: pass what is left and let the next seat play. Trip: go on."""
    if state.phase == 1:  # TRIP: leaving the Wild token window
        state.pending.pop(0)
        return
    seat = state.seat
    players = state.game.players
    left = state.hands[seat]
    state.hands[seat] = []
    if players == 1:
        pass_to_agent(state, left)
        if state.pending:  # two cards: you choose which the agent takes first
            return
    else:
        direction = state.game.board.rounds[state.round].direction
        neighbour = (seat + 1) % players if direction == "left" else (seat - 1) % players
        state.stacks[neighbour].extend(left)
    next_seat_or_round(state)


def next_seat_or_round(state: LetsGoState) -> None:
    """After a seat's part of the round: the next seat, the next round, or the trip."""
    seat = state.seat
    players = state.game.players
    if seat + 1 < players:
        state.seat = seat + 1
        state.to_play = state.game.board.rounds[state.round].play
        return
    state.round += 1
    if state.round < len(state.game.board.rounds):
        state.begin_round()
    else:
        state.reveal()
        start_trip(state)


def _choose_card(state: LetsGoState, action: ChooseCard) -> None:
    """Solo: which passed card the agent takes first; goals: a drawn card or an opponent."""
    seat = state.seat
    kind = state.pending.pop(0).kind
    if kind is Owed.AGENT_ORDER:
        first = state.agent_order.pop(action.choice)
        state.agent_order.insert(0, first)
        for card in state.agent_order:
            agent_place(state, card)
        state.agent_order = []
        next_seat_or_round(state)
    elif kind is Owed.GOAL_CARD:
        chosen = state.goal_cards[action.choice]
        state.deck.discard(state.goal_cards)
        state.goal_cards = []
        score_highlight_again(state, seat, (chosen, False))
    elif kind is Owed.GOAL_OPPONENT:
        column = state.days[action.choice][SATURDAY]
        if column:
            score_highlight_again(state, seat, column[-1])


# --- solo: the travel agent ---------------------------------------------------------------------


def pass_to_agent(state: LetsGoState, cards: list[int]) -> None:
    """Solo: passed cards go face up into the agent's week (you order two); you take as many
    face-down cards from the deck as if they had been passed to you."""
    state.stacks[0].extend(state.draw_cards(len(cards)))
    if len(cards) == 2:
        state.agent_order = list(cards)
        state.pending.append(Pending(Owed.AGENT_ORDER))
        return
    for card in cards:
        agent_place(state, card)


def agent_place(state: LetsGoState, card: int) -> None:
    """The next place in the agent's week, Monday's top to Saturday's bottom: 3, 3, 3, 3, 3, 4;
    a matching icon flips its Favourable Condition token; Research bonuses are kept."""
    agent = state.game.players
    columns = state.days[agent]
    day = next(d for d, size in enumerate(AGENT_DAY_SIZES) if len(columns[d]) < size)
    columns[day].append((card, False))
    activity = state.game.activities[card]
    if state.favour_at[agent][day] in activity.icons:
        state.flipped[agent][state.favour_at[agent][day]] = True
    if activity.bonus == "research":
        state.trips[agent].research += 1


# --- the trip -----------------------------------------------------------------------------------


def start_trip(state: LetsGoState) -> None:
    """Final round: seat by seat, Monday to Saturday."""
    state.phase = 1
    state.seat = 0
    state.trip_day = 0
    state.trip_step = 0
    for seat in range(len(state.days)):
        trip = state.trips[seat]
        trip.favourable_scored = sum(state.flipped[seat][icon] for icon in state.moved[seat])


def advance_trip(state: LetsGoState) -> None:
    """Run the trip's automatic steps until a decision is pending or every trip is over."""
    players = state.game.players
    while state.phase == 1:
        resolve_forced(state)
        if state.pending:
            head = state.pending[0]
            if head.kind is not Owed.SCORE_HIGHLIGHT:
                return  # a decision
            state.pending.pop(0)
            assert head.about is not None
            state.points[state.seat] += highlight_score(state, head.about)
            continue
        seat = state.seat
        trip = state.trips[seat]
        day = state.trip_day
        if day < TRIP_DAYS:
            cards = state.placed(seat, day)
            if state.trip_step == 0:  # the Wild token window before the day
                state.trip_step = 1
                if trip.wild:
                    state.pending.append(Pending(Owed.WILD_WINDOW))
            elif state.trip_step == 1:  # 1. experience track, 2. the Highlight's gains
                state.trip_step = 2
                trip.move_day_icons(cards)
                highlight = day_highlight(cards)
                if highlight is not None:
                    queue_highlight_gains(state, seat, highlight)
            elif state.trip_step == 2:  # Wild tokens "at any time": before the points too,
                state.trip_step = 3  # where the Highlight's formula reads the track
                highlight = day_highlight(cards)
                formula = highlight.formula if highlight is not None else None
                if trip.wild and formula is not None and formula.kind in TRACK_FORMULAS:
                    state.pending.append(Pending(Owed.WILD_WINDOW))
            else:  # 3. points, 4. time -> energy; then a goal acting at the end of the day
                trip.finish_day(cards)
                state.trip_day += 1
                state.trip_step = 0
                if day == TUESDAY:
                    day_end_goals(state, seat, "end_of_tuesday")
        elif state.trip_step < 3:  # after Saturday: Wild tokens, the goals, Wild tokens
            step = state.trip_step
            state.trip_step += 1
            if step == 1:
                day_end_goals(state, seat, "end_of_saturday")
            elif trip.wild:
                state.pending.append(Pending(Owed.WILD_WINDOW))
        else:
            next_traveller(state, players)


def next_traveller(state: LetsGoState, players: int) -> None:
    """The next seat's trip, the agent's (solo), or the end."""
    if state.seat + 1 < players:
        state.seat += 1
        state.trip_day = 0
        state.trip_step = 0
        return
    if players == 1:
        from tabletrip.games.lets_go_france.final import agent_trip

        agent_trip(state)
    state.phase = 2  # OVER


def queue_highlight_gains(state: LetsGoState, seat: int, highlight: Any) -> None:
    """A Highlight's plain gains now; icon choices and lowest icons as decisions."""
    trip = state.trips[seat]
    trip.plain_gains(highlight)
    state.pending.extend([Pending(Owed.ANY)] * highlight.any_icon)
    state.pending.extend([Pending(Owed.LOWEST)] * highlight.lowest_icon)
    resolve_forced(state)


def resolve_forced(state: LetsGoState) -> None:
    """Take the lowest icon by itself when nothing is left to choose, and close a Wild token
    window once no Wild token is left to spend in it (one spent on an earlier choice, such as
    a lowest icon, may have been the last)."""
    trip = state.trips[state.seat]
    while state.pending:
        kind = state.pending[0].kind
        if kind is Owed.WILD_WINDOW and not trip.wild:
            state.pending.pop(0)
            continue
        if kind is not Owed.LOWEST:
            return
        low = trip.lowest()
        if len(low) > 1 or trip.wild:
            return
        trip.gain_icon(low[0])
        state.pending.pop(0)


def score_highlight_again(state: LetsGoState, seat: int, entry: tuple[int, bool]) -> None:
    """Goal tiles' "score" a card's Highlight: its icons, tokens and points (after the icons
    are chosen), no time, no top icons; an Explore the City card's 5 points."""
    card, explore = entry
    if explore:
        state.points[seat] += 5
        return
    highlight = state.game.activities[card].highlight
    queue_highlight_gains(state, seat, highlight)
    formula = highlight.formula
    if state.trips[seat].wild and formula is not None and formula.kind in TRACK_FORMULAS:
        # Wild tokens "at any time": before its points
        state.pending.append(Pending(Owed.WILD_WINDOW))
    state.pending.append(Pending(Owed.SCORE_HIGHLIGHT, card))


def highlight_score(state: LetsGoState, card: int) -> int:
    """A Highlight's points and formula for the current seat, by its trip so far."""
    return state.trips[state.seat].highlight_points(state.game.activities[card].highlight)


def day_end_goals(state: LetsGoState, seat: int, timing: str) -> None:
    """The goal tiles a seat activated that act at this moment."""
    goals = ((state.single_goal, state.single_done), (state.double_goal, state.double_done))
    for goal_id, done in goals:
        if not done[seat]:
            continue
        goal = goal_spec(state, goal_id)
        if goal.timing != timing:
            continue
        _GOAL_EFFECTS[goal.effect](state, seat, goal)


def _highlight_again(state: LetsGoState, seat: int, goal: Any) -> None:
    column = state.days[seat][DAYS.index(goal.day)]
    if column:
        score_highlight_again(state, seat, column[-1])


def _draw_highlight(state: LetsGoState, seat: int, goal: Any) -> None:
    state.goal_cards = state.draw_cards(2)
    if state.goal_cards:
        state.pending.append(Pending(Owed.GOAL_CARD))


def _opponent_highlight(state: LetsGoState, seat: int, goal: Any) -> None:
    if len(state.days) > 1:
        state.pending.append(Pending(Owed.GOAL_OPPONENT))


def _one_time_cards(state: LetsGoState, seat: int, goal: Any) -> None:
    """Gain 2 points, then 1 per card with exactly 1 time in total (a Highlight's time counts)."""
    count = sum(t == 1 for facts in state.trips[seat].days for t in facts.card_times)
    state.points[seat] += goal.points + count


def _lowest_icon_points(state: LetsGoState, seat: int, goal: Any) -> None:
    state.points[seat] += goal.points * min(state.trips[seat].steps)


def _highest_icon_points(state: LetsGoState, seat: int, goal: Any) -> None:
    state.points[seat] += goal.points * max(state.trips[seat].steps)


def _moved_token_points(state: LetsGoState, seat: int, goal: Any) -> None:
    state.points[seat] += goal.points * len(state.moved[seat])


def _longest_icon_run(state: LetsGoState, seat: int, goal: Any) -> None:
    state.pending.append(Pending(Owed.GOAL_ICON))


def longest_run_points(state: LetsGoState, seat: int, icon: int) -> int:
    """Sud-Ouest: 3 points per card in the longest run of consecutive cards (Monday's top to
    Saturday's bottom) showing `icon` at the top."""
    best = run = 0
    acts = state.game.activities
    for column in state.days[seat]:
        for card, explore in column:
            run = run + 1 if not explore and icon in acts[card].icons else 0
            best = max(best, run)
    return goal_spec(state, state.double_goal).points * best


_GOAL_EFFECTS: dict[str, Callable[[LetsGoState, int, Any], None]] = {
    "highlight_again": _highlight_again,
    "draw_highlight": _draw_highlight,
    "opponent_highlight": _opponent_highlight,
    "one_time_cards": _one_time_cards,
    "lowest_icon_points": _lowest_icon_points,
    "highest_icon_points": _highest_icon_points,
    "moved_token_points": _moved_token_points,
    "longest_icon_run": _longest_icon_run,
}


def _spend_wild(state: LetsGoState, action: SpendWild) -> None:
    """On the trip: a Wild token moves a token of your choice."""
    trip: Trip = state.trips[state.seat]
    trip.spend_wild(ICONS.index(action.icon))
    resolve_forced(state)


def _trip_choice(state: LetsGoState, action: ChooseIcon) -> None:
    """On the trip: an icon of your choice, or which tied lowest token moves."""
    state.pending.pop(0)
    state.trips[state.seat].gain_icon(ICONS.index(action.icon))
    resolve_forced(state)


def _icon(state: LetsGoState, action: ChooseIcon) -> None:
    if state.phase == 1 and state.pending[0].kind in (Owed.ANY, Owed.LOWEST):
        _trip_choice(state, action)
    else:
        _choose_icon(state, action)


_MOVES: dict[type, Callable[[Any, Any], None]] = {
    Place: _place,
    UseResearch: _research,
    DiscardThree: _discard,
    Travel: _travel,
    SkipTravel: _skip_travel,
    DottedPath: _dotted,
    Favour: _favour,
    ChooseIcon: _icon,
    ChooseRow: _choose_row,
    SpendWild: _spend_wild,
    ChooseCard: _choose_card,
    Done: _done,
}
