"""Determinization for Let's Go! To France: a copy where all one seat cannot see is dealt anew.

Hidden from a seat: the deck's order, the other seats' hands, every passed stack (its own
too) but the one it passed its cards to (it knows them until they are drawn; once in the
neighbour's hand they are not kept apart: see RULES_NOTES.md), which card each of the other
seats' Explore the City cards is, the two cards another seat draws for a goal on the trip,
and, while planning, all the other seats did this round before it is revealed: their cards,
where they put them, and what the cards' bonuses, Travel actions, Research tokens and
Favourable Condition bonuses changed.

So while planning, each other seat that has played this round (or is playing it) is rebuilt
from `shown`, its board as the round began, exactly what the searching seat sees of it; a seat
still to play already is as `shown`. The cards the seat cannot see are pooled, sorted (the
sample never depends on their true order) and dealt back at random: to the stacks, the hands,
the face-down Explore the City cards, and this round's plays; what is left is the deck, in no
order (`Deck.loose`): each card is drawn at random when it is drawn. A seat that has finished
its part of the round plays its dealt cards again through the engine's own moves with simple
choices: face up, each on top of its emptiest day (earliest on ties), every Travel action and
Favourable Condition bonus declined (a Research bonus still gives its token). The seat on turn,
if it is not the searching seat, is back at the start of its turn with those cards in hand. The
copy is a position of the game (the same seat on turn, the same legal actions for the searching
seat) that depends only on the searching seat's observation and `rng`. Its move history is the
one the searching seat knows (`State.seen_history`): its own moves, and the others' as
`LetsGoState.public_move` shows them now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletrip.core import Rng
from tabletrip.games.lets_go_france.actions import Favour, Place
from tabletrip.games.lets_go_france.content import DAYS, ICONS, MAX_PER_DAY
from tabletrip.games.lets_go_france.moves import apply_action
from tabletrip.games.lets_go_france.phases import PLAN, Owed

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoState

_ICON = {name: i for i, name in enumerate(ICONS)}
_DECLINE_FAVOUR = Favour("skip")
_UNKNOWN = -1  # a face-down card not dealt yet


def determinize(state: LetsGoState, seat: int, rng: Rng) -> LetsGoState:
    """A copy consistent with `seat`'s observation, the rest resampled with `rng`."""
    copy = state.clone()
    players = copy.game.players
    others = [s for s in range(players) if s != seat]
    mover = copy.seat
    planning = copy.phase == PLAN
    pool = copy.deck.cards
    known = copy.receiver(seat)  # the stack `seat` passed its cards to: it knows them
    for s in range(players):  # nobody may look at the stack passed to them, not even `seat`
        if s != known:
            pool.extend(copy.stacks[s])
    hand_sizes: dict[int, int] = {}
    plays: dict[int, int] = {}  # seat -> cards it played this round (planning)
    undone: set[int] = set()  # cards of this round's plays taken back
    for s in others:
        pool.extend(copy.hands[s])
        hand_sizes[s] = len(copy.hands[s])
        if planning and (s == mover or _played_this_round(copy, s)):
            before = {c for column in copy.days[s] for c, _ in column}
            _restore(copy, s, copy.shown[s])
            after = {c for column in copy.days[s] for c, _ in column}  # face up at round start
            pool.extend(before - after)  # its Explore cards and this round's cards
            undone |= before - after
            plays[s] = len(before) - sum(len(column) for column in copy.days[s])
        else:
            pool.extend(c for column in copy.days[s] for c, explore in column if explore)
    if undone:  # the plays dealt in their place are added by `_play_again`
        copy.fresh = [c for c in copy.fresh if c not in undone]
    if planning and mover != seat:  # back to the start of its turn, its plays in hand
        hand_sizes[mover] += plays.pop(mover)
        copy.to_play = copy.game.board.rounds[copy.round].play
        copy.pending = []
    hidden_goal_cards = mover != seat and bool(copy.goal_cards)
    if hidden_goal_cards:
        pool.extend(copy.goal_cards)

    pool.sort()  # the deal depends on which cards are hidden, never on where they were
    take = rng.take  # each card dealt is drawn at random; the rest is the deck, in no order
    for s in range(players):
        if s != known:
            copy.stacks[s] = [take(pool) for _ in copy.stacks[s]]
    for s in others:
        copy.hands[s] = [take(pool) for _ in range(hand_sizes[s])]
        for column in copy.days[s]:
            for i, (_, explore) in enumerate(column):
                if explore:
                    column[i] = (take(pool), True)
    if hidden_goal_cards:
        copy.goal_cards = [take(pool) for _ in copy.goal_cards]
    copy.deck.loosen()  # drawn at random when drawn (Deck.loose), even by `_play_again` below,
    copy.rng = Rng(rng.next64())  # with the copy's own generator, never the true one
    for s, count in plays.items():
        if count:
            _play_again(copy, s, [take(pool) for _ in range(count)])
    state._conceal_history(copy, seat)  # the other seats' moves only as `seat` saw them
    return copy


def _played_this_round(state: LetsGoState, s: int) -> bool:
    """Whether seat `s` placed cards since the round began (every seat that has finished its
    part of the round has; a seat still to play is exactly as `shown`)."""
    now = sum(len(column) for column in state.days[s])
    return now > sum(len(column) for column in state.shown[s]["days"])


def _restore(state: LetsGoState, s: int, board: dict[str, Any]) -> None:
    """Put seat `s`'s board back as `board` (a `public_board`) shows it: its Explore the City
    cards become unknown cards, to be dealt."""
    game = state.game
    index = game.card_index
    space = game.space_index
    state.days[s] = [
        [
            (_UNKNOWN, True) if entry["explore"] else (index[entry["card"]], False)
            for entry in column
        ]
        for column in board["days"]
    ]
    state.favour_at[s] = [-1 if icon is None else _ICON[icon] for icon in board["favourable"]]
    flipped = set(board["flipped"])
    state.flipped[s] = [icon in flipped for icon in ICONS]
    state.rows[s] = list(board["reward_rows"])
    state.moved[s] = [_ICON[icon] for icon in board["moved"]]
    state.traveler[s] = -1 if board["traveler"] is None else space[board["traveler"]]
    state.explored[s] = [space[place] for place in board["explored"]]
    trip = state.trips[s]  # the copy's own (clone() copies every Trip)
    trip.steps = [board["experience"][icon] for icon in ICONS]
    trip.energy = board["energy"]
    trip.wild = board["wild"]
    trip.research = board["research"]
    state.points[s] = board["points"]
    state.single_done[s] = board["goals"]["single_flag"]
    state.double_done[s] = board["goals"]["double_flag"]


def _play_again(state: LetsGoState, s: int, cards: list[int]) -> None:
    """Seat `s` (done with this round) plays `cards` through the engine's moves: face up, on
    top of its emptiest day, every Travel action and Favourable Condition bonus declined."""
    game = state.game
    saved = state.seat, state.to_play, state.pending
    state.seat, state.to_play, state.pending = s, len(cards), []
    state.hands[s].extend(cards)
    columns = state.days[s]
    for card in cards:
        day = min(
            (d for d, column in enumerate(columns) if len(column) < MAX_PER_DAY),
            key=lambda d: len(columns[d]),
        )
        apply_action(state, Place(game.activities[card].key, DAYS[day], 0))
        while state.pending:
            kind = state.pending[0].kind
            assert kind in (Owed.TRAVEL, Owed.FAVOUR), kind
            apply_action(state, game.skip_travel if kind is Owed.TRAVEL else _DECLINE_FAVOUR)
    state.seat, state.to_play, state.pending = saved
