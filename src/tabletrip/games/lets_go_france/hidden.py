"""Determinization for Let's Go! To France: a copy where all one seat cannot see is dealt anew.

Hidden from a seat: the deck's order, the other seats' hands, every passed stack (its own
too; the cards it passed itself are known to it but not kept apart: see RULES_NOTES.md),
which card each of the other seats' Explore the City cards is, and which cards they played
this round before the round is revealed. Those cards are pooled with the deck, shuffled and
dealt back to the same places. (Where others placed their cards this round stays as it was:
a known limit, written in RULES_NOTES.md.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Rng

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoState


def determinize(state: LetsGoState, seat: int, rng: Rng) -> LetsGoState:
    """A copy consistent with `seat`'s observation, the rest resampled with `rng`."""
    copy = state.clone()
    players = copy.game.players
    others = [s for s in range(players) if s != seat]
    pool = copy.deck.cards
    slots: list[tuple[str, int, int, int]] = []  # (where, seat, day or -1, index)
    for s in range(players):  # nobody may look at the stack passed to them, not even `seat`
        for i in range(len(copy.stacks[s])):
            slots.append(("stack", s, -1, i))
    for s in others:
        for i in range(len(copy.hands[s])):
            slots.append(("hand", s, -1, i))
        shown_days = copy.shown[s]["days"] if copy.phase == 0 else None
        for day, column in enumerate(copy.days[s]):
            new = _new_this_round(copy, shown_days[day], column) if shown_days else set()
            for i, (_, explore) in enumerate(column):
                if explore or i in new:
                    slots.append(("day", s, day, i))
    for where, s, day, i in slots:
        if where == "hand":
            pool.append(copy.hands[s][i])
        elif where == "stack":
            pool.append(copy.stacks[s][i])
        else:
            pool.append(copy.days[s][day][i][0])
    rng.shuffle(pool)
    for where, s, day, i in slots:
        card = pool.pop()
        if where == "hand":
            copy.hands[s][i] = card
        elif where == "stack":
            copy.stacks[s][i] = card
        else:
            copy.days[s][day][i] = (card, copy.days[s][day][i][1])
    copy.rng = Rng(rng.next64())
    return copy


def _new_this_round(
    state: LetsGoState, shown_column: list[dict[str, object]], column: list[tuple[int, bool]]
) -> set[int]:
    """The indices of a column's cards placed after the round's snapshot: the snapshot's cards
    appear in the column in order, the others are new (cards are unique)."""
    acts = state.game.activities
    new = set()
    j = 0
    for i, (card, explore) in enumerate(column):
        if j < len(shown_column):
            seen = shown_column[j]
            key = None if explore else acts[card].key
            if seen["explore"] == explore and (explore or seen["card"] == key):
                j += 1
                continue
        new.add(i)
    return new
