"""En Route's legal actions, phase by phase, and why an action is refused.

`PHASE_ACTIONS` lists each phase's actions (a drawing turn's are `draw_actions`); the final
route's candidates come from the route search (`EnRouteGame.final_choices`), and any valid
final route typed in full is accepted (`final_problem`). A refusal names the rule in one line.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from tabletrip.core import (
    Action,
)
from tabletrip.games.en_route.actions import (
    CafeTourists,
    ChangeCoordinate,
    Chart,
    ChooseRoundCards,
    Done,
    ExtraSection,
    FinalRoute,
    KeepCard,
    KeepObjective,
    Mark,
    PlayCard,
    PlayHidden,
    Rate,
    Renew,
    location_text,
)
from tabletrip.games.en_route.geometry import (
    LEGAL_SEGMENTS,
    LOCATIONS,
    SECTIONS,
    mask_indices,
)
from tabletrip.games.en_route.phases import (
    BEGIN_CHOOSE,
    BEGIN_PLACE,
    CHART,
    DRAW,
    FINAL,
    FIRST,
    KEEP,
    MAX_UPGRADES,
    OBJECTIVE,
    PHASE_NAMES,
    PLACE,
    RATE,
    SECOND,
    SOLO_PLAY,
    SOLO_TAKE,
)
from tabletrip.games.en_route.route_search import is_valid_trail
from tabletrip.games.en_route.sheet import TOURIST_TYPES

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteState


# --- phases: what may be done ---------------------------------------------------------


def _objective_actions(state: EnRouteState) -> list[Action]:
    ids = state.game.city.objective_ids
    return [KeepObjective(ids[o]) for o in sorted(state.objective_offers[state.seat])]


def may_renew(state: EnRouteState) -> bool:
    return (
        state.phase in (FIRST, SECOND, BEGIN_PLACE, SOLO_PLAY)
        and not state.sheets[state.seat].renewed
        and bool(state.hands[state.seat])
        and bool(state.deck.cards)
    )


def _renewals(state: EnRouteState) -> list[Action]:
    if not may_renew(state):
        return []
    ids = [state.game.city.deck[c].id for c in sorted(state.hands[state.seat])]
    most = min(len(ids), len(state.deck.cards))
    return [Renew(cards) for n in range(1, most + 1) for cards in combinations(ids, n)]


def _hand_cards(state: EnRouteState, hidden: bool) -> list[Action]:
    deck = state.game.city.deck
    kind = PlayHidden if hidden else PlayCard
    return [kind(deck[c].id) for c in sorted(state.hands[state.seat])] + _renewals(state)


def _first_actions(state: EnRouteState) -> list[Action]:
    return _hand_cards(state, hidden=False)


def _second_actions(state: EnRouteState) -> list[Action]:
    return _hand_cards(state, hidden=not state.game.team)


def _begin_place_actions(state: EnRouteState) -> list[Action]:
    return _hand_cards(state, hidden=True)


def _solo_play_actions(state: EnRouteState) -> list[Action]:
    return _hand_cards(state, hidden=False)


def _keep_actions(state: EnRouteState) -> list[Action]:
    deck = state.game.city.deck
    return [KeepCard(deck[card].id) for seat, card, _ in state.placed if seat != state.active]


def _solo_take_actions(state: EnRouteState) -> list[Action]:
    deck = state.game.city.deck
    return [
        KeepCard(deck[card].id)
        for i, card in enumerate(state.solo_slots)
        if card >= 0 and state.solo_up >> i & 1
    ]


def _begin_choose_actions(state: EnRouteState) -> list[Action]:
    deck = state.game.city.deck
    cards = sorted(deck[card].id for _, card, _ in state.placed)
    return [ChooseRoundCards(pair) for pair in combinations(cards, 2)]


def _rate_actions(state: EnRouteState) -> list[Action]:
    iconic = state.rate_queue[0]
    name = state.game.city.iconic_ids[iconic]
    marks = state.marks[iconic]
    changes = [c for c in (1, -1) if 0 <= marks + c <= MAX_UPGRADES]
    if len(changes) == 1:  # at the top or bottom it may also stay as it is
        changes.append(0)
    return [Rate(name, change) for change in changes]


def _final_actions(state: EnRouteState) -> list[Action]:
    return list(state.game.final_choices(state, state.seat))


# --- the drawing turn ----------------------------------------------------------------------


def draw_actions(state: EnRouteState) -> list[Action]:
    if state.pending_cafes:
        cafe = state.pending_cafes[0]
        return [CafeTourists(cafe, True), CafeTourists(cafe, False)]
    if state.stage == PLACE:
        return _mark_actions(state) + _coordinate_actions(state)
    actions: list[Action] = []
    if state.stage == CHART:
        actions += _chart_actions(state)
    else:
        actions.append(Done())
    if route_bonuses(state):
        undrawn = state.sheets[state.seat].sections
        actions += [extra for s, extra in enumerate(_EXTRA_SECTIONS) if not undrawn >> s & 1]
    return actions


def _mark_actions(state: EnRouteState) -> list[Action]:
    matches = state.matching_locations()
    if not matches:  # mark 1 tourist of any type in any unoccupied location
        occupied = state.sheets[state.seat].occupied
        free = [loc for loc in range(LOCATIONS) if not occupied >> loc & 1]
        return [Mark(loc, t) for loc in free for t in TOURIST_TYPES]
    _, choices = state.round_tourists()
    if len(choices) == 1:
        return [Mark(loc, "") for loc in matches]  # the repeated type is determined
    if not choices:
        return [Mark(loc, "") for loc in matches]
    return [Mark(loc, t) for loc in matches for t in choices]


def _coordinate_actions(state: EnRouteState) -> list[Action]:
    if not _coordinate_bonuses(state):
        return []
    return [ChangeCoordinate(which, delta) for which in (0, 1) for delta in (1, -1)]


# Actions are frozen values: each is made once and the lists share them (random play lists a
# drawing turn's ~100 charts at every step).
_SINGLE_CHARTS: tuple[Chart, ...] = tuple(Chart((s,)) for s in range(SECTIONS))
_PAIR_CHARTS: tuple[tuple[tuple[int, int, Chart], ...], ...] = tuple(
    tuple((pair[0], pair[1], Chart(pair)) for pair in segments) for segments in LEGAL_SEGMENTS
)
_EXTRA_SECTIONS: tuple[ExtraSection, ...] = tuple(ExtraSection(s) for s in range(SECTIONS))


def _chart_actions(state: EnRouteState) -> list[Action]:
    drawn = state.sheets[state.seat].sections
    singles: list[Action] = [chart for s, chart in enumerate(_SINGLE_CHARTS) if not drawn >> s & 1]
    if state.fallback:
        return singles
    pairs: list[Action] = [
        chart
        for a, b, chart in _PAIR_CHARTS[state.location]
        if not drawn >> a & 1 and not drawn >> b & 1
    ]
    return pairs + singles


def route_bonuses(state: EnRouteState) -> int:
    sheet = state.sheets[state.seat]
    return sheet.balance.count("route_section") + len(state.cafe_bonuses("route_section"))


def _coordinate_bonuses(state: EnRouteState) -> int:
    sheet = state.sheets[state.seat]
    return sheet.balance.count("coordinate_change") + len(state.cafe_bonuses("coordinate_change"))


# --- problems: why an action is refused --------------------------------------------------


def final_problem(state: EnRouteState, action: FinalRoute) -> str | None:
    drawn = mask_indices(state.sheets[state.seat].sections)
    if not action.crossroads:
        return None if not drawn else "choose a final route along your drawn sections"
    if len(action.crossroads) == 1:
        return "a final route needs at least one section: give two crossroads or more"
    if not all(0 <= c < 49 for c in action.crossroads):
        return "crossroads are x,y with x and y from 0 to 6"
    if not is_valid_trail(drawn, action.crossroads):
        return (
            "a final route follows drawn sections from crossroads to neighbouring "
            "crossroads, each section at most once"
        )
    return None


def section_problem(state: EnRouteState, action: Chart | ExtraSection) -> str | None:
    """Chart and Route section bonuses, checked directly (their lists are long)."""
    sheet = state.sheets[state.seat]
    sections = action.sections if isinstance(action, Chart) else (action.section,)
    if state.pending_cafes:
        return "first decide on the New tourists Café you just reached"
    if isinstance(action, Chart) and state.stage != CHART:
        return "chart once a turn, after marking tourists"
    if isinstance(action, ExtraSection) and (state.stage == PLACE or not route_bonuses(state)):
        return "no Route section bonus to use now"
    if not 1 <= len(sections) <= 2 or len(set(sections)) != len(sections):
        return "chart 1 section, or 2 different ones"
    if not all(0 <= s < SECTIONS for s in sections):
        return f"sections are numbered 0 to {SECTIONS - 1}"
    if any(sheet.sections >> s & 1 for s in sections):
        return "that section is already drawn: a route cannot repeat itself"
    if len(sections) == 2 and (
        state.fallback or tuple(sections) not in LEGAL_SEGMENTS[state.location]
    ):
        return (
            "2 sections must be straight or L-shaped, one along your location's edge "
            "(written in increasing order); or chart 1 section anywhere"
        )
    return None


def renew_problem(state: EnRouteState, action: Renew) -> str | None:
    index = state.game.card_index
    hand = [state.game.city.deck[c].id for c in state.hands[state.seat]]
    if not action.cards or len(action.cards) > len(hand):
        return f"renew 1 to {len(hand)} cards of your hand"
    if any(c not in index for c in action.cards) or not set(action.cards) <= set(hand):
        return f"renew only cards in your hand ({', '.join(hand)})"
    if len(set(action.cards)) != len(action.cards):
        return "name each card once"
    if len(action.cards) > len(state.deck.cards):
        return "the City deck has too few cards"
    if list(action.cards) != sorted(action.cards):
        return "name the cards in order"
    return None


def explain(state: EnRouteState, action: Action) -> str:
    """A one-line reason for an action that is not among the legal ones."""
    phase = PHASE_NAMES[state.phase].replace("_", " ")
    if isinstance(action, Renew):
        return "you may renew your hand once a game, when you place a card"
    if isinstance(action, PlayCard | PlayHidden):
        hand = ", ".join(state.game.city.deck[c].id for c in state.hands[state.seat])
        return f"play a card from your hand ({hand}) when the phase asks for one"
    if isinstance(action, Mark) and state.phase == DRAW and state.stage == PLACE:
        a, b = state.round_values()
        places = ", ".join(location_text(loc) for loc in state.matching_locations())
        return f"mark in an unoccupied location matching {a} and {b} ({places or 'none'})"
    if isinstance(action, Chart | ExtraSection) and state.phase == DRAW:
        return (
            "chart 2 new sections next to your location (straight or L-shaped), "
            "or 1 new section anywhere"
        )
    return f"{action} is not possible now (phase: {phase})"


PHASE_ACTIONS = {
    OBJECTIVE: _objective_actions,
    BEGIN_PLACE: _begin_place_actions,
    BEGIN_CHOOSE: _begin_choose_actions,
    FIRST: _first_actions,
    SECOND: _second_actions,
    KEEP: _keep_actions,
    SOLO_PLAY: _solo_play_actions,
    SOLO_TAKE: _solo_take_actions,
    RATE: _rate_actions,
    FINAL: _final_actions,
}
