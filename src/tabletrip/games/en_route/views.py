"""What each seat of an En Route game may know: the one place observations are built."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import JsonDict
from tabletrip.games.en_route.actions import DRAWING_MOVE
from tabletrip.games.en_route.geometry import LOCATIONS, mask_indices
from tabletrip.games.en_route.phases import DRAW, KEEP, OVER, PHASE_NAMES, STAGE_NAMES
from tabletrip.games.en_route.sheet import Sheet

if TYPE_CHECKING:
    from tabletrip.games.en_route.rules import EnRouteState


def public_observation(state: EnRouteState) -> JsonDict:
    """The table: round, phase, ratings, Goals, placed and Round cards, maps as shown."""
    game = state.game
    city = game.city
    deck = city.deck
    return {
        "city": city.city,
        "round": state.round,
        "rounds": city.rounds,
        "phase": PHASE_NAMES[state.phase],
        "active": state.active,
        "current_player": state.seat,
        "ratings": {
            city.iconic_ids[i]: city.iconic_rating(i, m) for i, m in enumerate(state.marks)
        },
        "goals": [city.goals[g].id for g in state.goals],
        "placed": [{"seat": s, "card": deck[c].id if up else None} for s, c, up in state.placed],
        "round_cards": [deck[c].id for c in state.round_cards],
        "deck_size": len(state.deck.cards),
        "discards": [deck[c].id for c in state.deck.discards],
        "hand_sizes": [len(h) for h in state.hands],
        "sequence": [
            None if c < 0 else (deck[c].id if state.solo_up >> i & 1 else "face down")
            for i, c in enumerate(state.solo_slots)
        ],
        # The seats still to draw, in the open Drawing phase only: in a simultaneous one the
        # seat to decide is public (and so who has finished), how a turn went is not.
        "drawing": (
            [s for s, _, _ in state.draws]
            if state.phase == DRAW and not state.drawing_hidden()
            else []
        ),
        "objectives": (
            [city.objective_ids[o] if o >= 0 else None for o in state.objectives]
            if state.phase == OVER
            else None
        ),
        # Revealed with the result, as the objectives are.
        "final_routes": (
            [list(route or ()) for route in state.finals] if state.phase == OVER else None
        ),
        "sheets": [sheet_json(sheet) for sheet in state.shown],
        "log": visible_log(state),
    }


def observation(state: EnRouteState, seat: int) -> JsonDict:
    """The table, plus the seat's hand, objective, own map as it is, and its turn."""
    game = state.game
    city = game.city
    deck = city.deck
    data = public_observation(state)
    data["seat"] = seat
    data["hand"] = [deck[c].id for c in state.hands[seat]]
    objective = state.objectives[seat]
    data["objective"] = (
        None
        if objective < 0
        else {
            "id": city.objective_ids[objective],
            "crossroads": list(city.objectives[objective]),
        }
    )
    data["objective_offer"] = [city.objective_ids[o] for o in state.objective_offers[seat]]
    data["placed"] = [
        {"seat": s, "card": deck[c].id if up or s == seat or sees_placed(state, seat) else None}
        for s, c, up in state.placed
    ]
    data["round_choice"] = [deck[c].id for c in state.begin_choice[seat]]
    data["sheets"][seat] = sheet_json(state.sheets[seat])
    final = state.finals[seat]
    data["final_route"] = None if final is None else list(final)
    if state.phase == DRAW and state.draws[0][0] == seat:
        _, a, b = state.draws[0]
        data["turn"] = {
            "cards": [deck[a].id, deck[b].id],
            "values": list(state.round_values()),
            "stage": STAGE_NAMES[state.stage],
            "location": state.location,
            "fallback": state.fallback,
            "pending_cafes": list(state.pending_cafes),
        }
    return data


LOG_LENGTH = 10


def visible_log(state: EnRouteState) -> list[list[object]]:
    """The last moves, as every seat saw them (its own too: a determinization for another
    seat knows them only so). Drawing moves are left out entirely (their number would tell
    how a secret turn went); the maps show the results when revealed."""
    shown: list[list[object]] = []
    node = state._history
    while node is not None and len(shown) < LOG_LENGTH:
        node, seat, action = node
        seen = state.public_move(action)
        if seen != DRAWING_MOVE:
            shown.append([seat, seen])
    shown.reverse()
    return shown


def sees_placed(state: EnRouteState, seat: int) -> bool:
    """The active player reveals the neighbours' cards to choose one: everyone sees them."""
    return state.phase == KEEP


def sheet_json(sheet: Sheet) -> JsonDict:
    """A map as a client draws it: tourists per location, sections, Cafés, bonuses."""
    return {
        "board": sheet.board,
        "tourists": {
            str(loc): list(sheet.tourists_at(loc))
            for loc in range(LOCATIONS)
            if sheet.occupied >> loc & 1 or any(sheet.tourists_at(loc))
        },
        "occupied": mask_indices(sheet.occupied),
        "sections": mask_indices(sheet.sections),
        "cafes_gained": mask_indices(sheet.cafes_gained),
        "cafes_used": mask_indices(sheet.cafes_used),
        "balance": list(sheet.balance),
        "renewed": sheet.renewed,
    }
