"""What each seat may know of a Let's Go! To France game, built in one place; state JSON.

Public: every board as it stood when the round began (a round's plays are revealed together
once every seat has played), Explore the City cards face down, the face-up discard pile, the
goal tiles, the solo travel agent's week (face up). Private to a seat: its hand and its own
board as it is now, including which card each of its Explore the City cards is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletrip.core import Deck, JsonDict, Rng
from tabletrip.games.lets_go_france.content import DAYS, ICONS
from tabletrip.games.lets_go_france.phases import PHASE_NAMES, Owed, Pending
from tabletrip.games.lets_go_france.scoring import DayFacts

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoGame, LetsGoState


def static_info(game: LetsGoGame) -> JsonDict:
    """The card catalogue, player board, regional map and goal tiles."""
    from tabletrip.games.lets_go_france.content import activities_of

    regions = game.regions
    return {
        "activities": [a.model_dump() for a in activities_of(game.content).activities],
        "player_board": game.board.model_dump(),
        "region": game.region.model_dump(),
        "single_flag_tiles": [t.model_dump() for t in regions.single_flag_tiles],
        "double_flag_tile": {  # the region's tile, both sides: the setup chose one
            "region": game.region.id,
            "faces": [face.model_dump() for face in game.double_faces],
        },
        "icons": list(ICONS),
        "days": list(DAYS),
    }


def public_board(state: LetsGoState, seat: int, reveal_explore: bool = False) -> JsonDict:
    """A seat's board as the table sees it (`reveal_explore`: its owner's view)."""
    acts = state.game.activities
    spaces = state.game.region.spaces
    trip = state.trips[seat]
    return {
        "days": [
            [
                {
                    "card": acts[c].key if not explore or reveal_explore else None,
                    "explore": explore,
                }
                for c, explore in column
            ]
            for column in state.days[seat]
        ],
        "favourable": [ICONS[i] if i >= 0 else None for i in state.favour_at[seat]],
        "flipped": [ICONS[i] for i in range(len(ICONS)) if state.flipped[seat][i]],
        "reward_rows": list(state.rows[seat]),
        "moved": [ICONS[i] for i in state.moved[seat]],
        "traveler": spaces[state.traveler[seat]].id if state.traveler[seat] >= 0 else None,
        "explored": [spaces[s].id for s in state.explored[seat]],
        "experience": dict(zip(ICONS, trip.steps, strict=True)),
        "energy": trip.energy,
        "wild": trip.wild,
        "research": trip.research,
        "points": state.points[seat],
        "goals": {"single_flag": state.single_done[seat], "double_flag": state.double_done[seat]},
    }


def public_observation(state: LetsGoState) -> JsonDict:
    """What every seat and a spectator may know."""
    game = state.game
    rounds = game.board.rounds
    spec = rounds[min(state.round, len(rounds) - 1)]
    players = game.players
    seats = len(state.days)
    during_trip = state.phase > 0
    boards = [public_board(state, s) for s in range(seats)] if during_trip else state.shown
    return {
        "phase": PHASE_NAMES[state.phase],
        "round": state.round + 1 if not during_trip else None,
        "round_plan": (
            None
            if during_trip
            else {"draw": list(spec.draw), "play": spec.play, "pass": spec.direction}
        ),
        "current_player": state.seat,
        "deck_size": len(state.deck.cards),
        "discards": [game.activities[c].key for c in state.deck.discards],
        "goals": {"single_flag": state.single_goal, "double_flag": state.double_goal},
        "stack_sizes": [len(state.stacks[s]) for s in range(players)],
        # planning is hidden until each round is revealed; the trip happens in the open
        "boards": [boards[s] for s in range(players)],
        "travel_agent": boards[players] if seats > players else None,
        "trip": {
            "day": state.trip_day if during_trip else None,
            "day_points": [list(state.trips[s].day_points) for s in range(seats)],
        },
        # the trip is narrated aloud; a planning seat's decisions stay its own
        "waiting_on": state.pending[0].kind.value if state.pending and during_trip else None,
        "over": state.phase == 2,
    }


def observation(state: LetsGoState, seat: int) -> JsonDict:
    """The public table plus the seat's hand and its own board as it is now."""
    data = public_observation(state)
    data["seat"] = seat
    data["hand"] = sorted(state.game.activities[c].key for c in state.hands[seat])
    data["my_board"] = public_board(state, seat, reveal_explore=True)
    receiver = state.receiver(seat) if seat < state.game.players else None
    acts = state.game.activities
    # the cards it placed face down on a neighbour's board, not drawn yet: it knows them
    data["passed"] = [] if receiver is None else sorted(acts[c].key for c in state.stacks[receiver])
    data["pending"] = None
    if state.pending and seat == state.seat:
        head = state.pending[0]
        data["pending"] = (
            [head.kind.value, DAYS[head.about]]
            if head.kind is Owed.FAVOUR and head.about is not None
            else [head.kind.value]
        )
        data["decisions_queued"] = len(state.pending)
    data["cards_to_play"] = state.to_play if seat == state.seat and state.phase == 0 else 0
    if state.pending and seat == state.seat and state.pending[0].kind is Owed.GOAL_CARD:
        data["goal_cards"] = [state.game.activities[c].key for c in state.goal_cards]
    if state.pending and seat == state.seat and state.pending[0].kind is Owed.AGENT_ORDER:
        data["agent_cards"] = [state.game.activities[c].key for c in state.agent_order]
    return data


# --- full state JSON ----------------------------------------------------------------------------


def _trip_json(trip: Any) -> JsonDict:
    return {
        "steps": list(trip.steps),
        "energy": trip.energy,
        "wild": trip.wild,
        "research": trip.research,
        "favourable_scored": trip.favourable_scored,
        "days": [
            [d.icons, d.time, d.card_times, [list(i) for i in d.card_icons]] for d in trip.days
        ],
        "day_points": list(trip.day_points),
        "day_energy_points": list(trip.day_energy_points),
    }


def state_json(state: LetsGoState) -> JsonDict:
    """Everything, hidden information included."""
    return {
        "rng": state.rng.state,
        "deck": state.deck.to_json(),
        "round": state.round,
        "phase": state.phase,
        "seat": state.seat,
        "to_play": state.to_play,
        "hands": [list(h) for h in state.hands],
        "stacks": [list(s) for s in state.stacks],
        "days": [[[[c, e] for c, e in col] for col in seat] for seat in state.days],
        "favour_at": [list(f) for f in state.favour_at],
        "flipped": [list(f) for f in state.flipped],
        "rows": [list(r) for r in state.rows],
        "moved": [list(m) for m in state.moved],
        "trips": [_trip_json(t) for t in state.trips],
        "points": list(state.points),
        "traveler": list(state.traveler),
        "explored": [list(e) for e in state.explored],
        "single_done": list(state.single_done),
        "double_done": list(state.double_done),
        "pending": [p.to_json() for p in state.pending],
        "shown": list(state.shown),
        "fresh": list(state.fresh),
        "single_goal": state.single_goal,
        "double_goal": state.double_goal,
        "trip_day": state.trip_day,
        "trip_step": state.trip_step,
        "goal_cards": list(state.goal_cards),
        "agent_order": list(state.agent_order),
    }


def state_from_json(game: LetsGoGame, data: JsonDict, seed: int) -> LetsGoState:
    """Rebuild a state from `state_json` output."""
    from tabletrip.games.lets_go_france.rules import LetsGoState
    from tabletrip.games.lets_go_france.scoring import Trip

    state = LetsGoState(game, seed)
    board = game.board
    state.rng = Rng(data["rng"])
    state.deck = Deck.from_json(data["deck"])
    for name in ("round", "phase", "seat", "to_play", "single_goal", "trip_day", "trip_step"):
        setattr(state, name, data[name])
    state.double_goal = data.get("double_goal", game.double_faces[0].id)  # older states: side a
    state.hands = [list(h) for h in data["hands"]]
    state.stacks = [list(s) for s in data["stacks"]]
    state.days = [[[(c, e) for c, e in col] for col in seat] for seat in data["days"]]
    state.favour_at = [list(f) for f in data["favour_at"]]
    state.flipped = [list(f) for f in data["flipped"]]
    state.rows = [list(r) for r in data["rows"]]
    state.moved = [list(m) for m in data["moved"]]
    state.trips = []
    for t in data["trips"]:
        trip = Trip(board.experience_points, board.energy_points, board.time_chart)
        trip.steps = list(t["steps"])
        trip.energy, trip.wild, trip.research = t["energy"], t["wild"], t["research"]
        trip.favourable_scored = t["favourable_scored"]
        trip.days = [
            DayFacts(list(i), tm, list(ct), [tuple(x) for x in ci]) for i, tm, ct, ci in t["days"]
        ]
        trip.day_points = list(t["day_points"])
        trip.day_energy_points = list(t["day_energy_points"])
        state.trips.append(trip)
    state.points = list(data["points"])
    state.traveler = list(data["traveler"])
    state.explored = [list(e) for e in data["explored"]]
    state.single_done = list(data["single_done"])
    state.double_done = list(data["double_done"])
    state.pending = [Pending.from_json(p) for p in data["pending"]]
    state.shown = list(data["shown"])
    state.fresh = list(data.get("fresh", ()))
    state.goal_cards = list(data["goal_cards"])
    state.agent_order = list(data["agent_order"])
    return state
