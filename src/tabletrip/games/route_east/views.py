"""What each seat may know of a Route East game, built in one place.

Public: every piece's space and country, money and Fuel Tokens (paid and taken in the open,
see RULES_NOTES.md), how many Action cards each holds, visited attractions (turned face up),
the last attraction once a seat has one left (placed face up), the card drawn this turn (read
aloud), and the recent events. Private to a seat: its Action cards and its attractions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletrip.core import JsonDict
from tabletrip.core.memo import Memo
from tabletrip.games.route_east.content import SPACE_KINDS, Attraction, Board, describe_effect
from tabletrip.games.route_east.layout import board_layout

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastGame, RouteEastState

LOG_LENGTH = 3  # about the last three turns of every seat


def attraction_json(board: Board, attraction: Attraction) -> JsonDict:
    """An Attraction card: place, country, space and bonus."""
    return {
        "id": attraction.id,
        "name": attraction.name,
        "country": board.countries[attraction.country],
        "space": board.space_ids[attraction.space],
        "bonus": describe_effect(attraction.bonus),
    }


def static_info(game: RouteEastGame) -> JsonDict:
    """The board and the card catalogue, for clients that draw the game."""
    board, decks = game.board, game.decks
    xy = board_layout(board).points  # the drawing positions of the SVG board
    return {
        "header": board.header,
        "countries": [
            {"id": c, "name": n} for c, n in zip(board.countries, board.country_names, strict=True)
        ],
        "spaces": [
            {
                "id": board.space_ids[s],
                "name": board.space_names[s],
                "kind": SPACE_KINDS[board.kinds[s]],
                "country": board.countries[board.country[s]] if board.country[s] >= 0 else None,
                "countries": (
                    [board.countries[c] for c in pair]
                    if (pair := board.border_countries[s]) is not None
                    else None
                ),
                "lon": board.lonlat[s][0],
                "lat": board.lonlat[s][1],
                "x": round(xy[s][0], 1),
                "y": round(xy[s][1], 1),
                "lodging": board.lodging[s],
            }
            for s in range(len(board.space_ids))
        ],
        "roads": [
            {
                "a": board.space_ids[a],
                "b": board.space_ids[b],
                "kind": ("normal", "dirt", "toll")[kind],
                "no_trains": no_trains,
            }
            for a, b, kind, no_trains in board.roads
        ],
        "sea": {
            "boat": board.space_ids[board.boat],
            "ports": [board.space_ids[p] for p in board.ports],
        },
        "attractions": [attraction_json(board, a) for a in board.attractions],
        "ignition_cards": [_card_json(c) for c in decks.ignition],
        "border_cards": [_card_json(c) for c in decks.border],
        "action_cards": [
            {
                "id": c.id,
                "name": c.name,
                "text": c.text,
                "count": c.count,
                "effect": describe_effect(c.effect),
            }
            for c in decks.action
        ],
        "attractions_each": game.attraction_count,
    }


def _card_json(card: Any) -> JsonDict:
    return {
        "name": card.name,
        "text": card.text,
        "count": card.count,
        "effects": [describe_effect(e) for e in card.effects],
    }


def describe_event(state: RouteEastState, event: tuple[Any, ...]) -> str:
    """One public event in words (remembered per game: every observation of a room describes
    the same recent events again)."""
    return _event_line(state.game, event)


def _event_line(game: RouteEastGame, event: tuple[Any, ...]) -> str:
    try:
        return _described(game, event)
    except TypeError:  # an event read back from JSON may hold lists: not a key
        return _describe(game, event)


def _describe(game: RouteEastGame, event: tuple[Any, ...]) -> str:
    board, decks = game.board, game.decks
    kind = event[0]
    if kind == "first_roll":
        rolls, seats = event[1], event[2]
        return "rolls for first player: " + ", ".join(
            f"seat {s} {r}" for s, r in zip(seats, rolls, strict=True)
        )
    seat = event[1]
    who = f"seat {seat}"
    if kind == "ignition":
        card = decks.ignition[event[2]]
        return f"{who} drew Ignition card {card.name}: {card.text}"
    if kind == "border":
        card = decks.border[event[2]]
        return f"{who} drew Border card {card.name}: {card.text}"
    if kind == "roll":
        value, purpose = event[2], event[3]
        outcome = {
            "dirt": "passes the dirt road" if value % 2 == 0 else "stuck on the dirt road",
            "sea": "reaches the far shore" if value == 6 else "still at sea",
            "embassy": "leaves the Embassy" if value == 6 else "stays at the Embassy",
        }[purpose]
        return f"{who} rolled {value}: {outcome}"
    if kind == "play":
        card = decks.action[event[2]]
        target = f" on seat {event[3]}" if event[3] >= 0 else ""
        return f"{who} played {card.name}{target}"
    texts = {
        "board": f"{who} crossed the Border and boarded the Caspian boat",
        "land": f"{who} landed on the far shore of the Caspian Sea",
        "toll": f"{who} paid a $25 toll",
        "camp": f"{who} pitched a Tent for the night",
        "bankrupt": f"{who} ran out of money: to the Embassy with $100",
        "embassy": f"{who} was sent to the Embassy",
        "hell_no": f"{who} said Hell no!",
        "win": f"{who} reached Shanghai with every attraction visited and wins",
        "limit": "the turn limit was reached: the game stops with no winner",
        "fuel": f"{who} took a Fuel Token at the Fuel Station",
    }
    if kind in texts:
        return texts[kind]
    if kind == "cross":
        return f"{who} crossed into {board.country_names[event[2]]}"
    if kind == "atm":
        return f"{who} took a ${event[2]} Bank card at the ATM"
    if kind == "attraction":
        attraction = board.attractions[event[2]]
        return (
            f"{who} visited {attraction.name} ({board.country_names[attraction.country]}): "
            f"{describe_effect(attraction.bonus)}"
        )
    if kind == "lodging":
        return f"{who} paid ${event[2]} for the night"
    if kind == "back":
        return f"{who} went back to {board.space_label(event[2])} for the night"
    if kind == "train":
        return f"{who} rode a Freight Train to {board.space_label(event[2])}"
    if kind == "stolen":
        target, what, amount = event[2], event[3], event[4]
        thing = f"${amount}" if what == "money" else "a Fuel Token"
        return f"{who} took {thing} from seat {target}"
    if kind == "cancelled":
        return f"seat {seat}'s card was cancelled by Hell no!"
    return f"{who}: {kind}"  # pragma: no cover - every event kind is described above


_described: Memo[RouteEastGame, tuple[Any, ...], str] = Memo(_describe)


def _log_lines(events: tuple[Any, ...], game: RouteEastGame) -> list[str]:
    return [_event_line(game, event) for event in events]


# The recent-events log is a tuple that clones share and a new event replaces: each one is
# described once (by identity), however many observations show it.
_described_logs: Memo[tuple[Any, ...], RouteEastGame, list[str]] = Memo(
    _log_lines, per_object=4, objects=512
)


def _events_described(state: RouteEastState) -> list[str]:
    """The recent events in words (a list of the observation's own)."""
    return list(_described_logs(state.events, state.game))


def public_observation(state: RouteEastState) -> JsonDict:
    """What every seat and a spectator may know."""
    data = _table(state)
    data["log"] = [[s, a.public()] for s, a in state.recent_history(_log_length(state))]
    return data


def _log_length(state: RouteEastState) -> int:
    return LOG_LENGTH * state.game.players * 6


def _table(state: RouteEastState) -> JsonDict:
    """The public observation but its log (each observation builds its own log)."""
    from tabletrip.games.route_east.phases import PHASE_NAMES, STATUS_NAMES

    game = state.game
    board, decks = game.board, game.decks
    players = game.players
    card = None
    if state.card >= 0:
        deck_name = "ignition" if state.card_deck == 1 else "border"
        spec = (decks.ignition if state.card_deck == 1 else decks.border)[state.card]
        card = {"deck": deck_name, **_card_json(spec)}
    attack = None
    if state.attack is not None:
        kind, amount, attacker, target = state.attack
        attack = {
            "effect": kind,
            "amount": amount,
            "attacker": attacker,
            "target": target,
            "hell_nos": state.hell_nos,
        }
    seats = []
    for seat in range(players):
        unvisited = state.unvisited(seat)
        visited = [a for a in state.attractions[seat] if a not in unvisited]
        here = state.pos[seat]
        seats.append(
            {
                "space": board.space_ids[here],
                "space_name": board.space_names[here],
                "country": board.countries[state.country[seat]],
                "money": state.money[seat],
                "fuel": state.fuel[seat],
                "action_cards": sum(state.hands[seat]),
                "status": STATUS_NAMES[state.status[seat]],
                # turns already rolled for a 6 at the Embassy, or begun on the boat
                "status_turns": state.status_turns[seat],
                "attractions": len(state.attractions[seat]),
                "visited": [attraction_json(board, board.attractions[a]) for a in visited],
                "last_attraction": (
                    attraction_json(board, board.attractions[unvisited[0]])
                    if len(unvisited) == 1
                    else None
                ),
                "turns": state.turns[seat],
                "bankruptcies": state.bankruptcies[seat],
            }
        )
    return {
        "phase": PHASE_NAMES[state.phase],
        "current_player": state.current_player,
        "turn_of": state.seat,
        "moves_left": state.moves_left,
        "moves_used": state.moves_used,
        "action_cards_played": state.plays,
        "declined_crossing": state.stayed,
        "card": card,
        "attack": attack,
        "decks": {
            "ignition": len(state.ignition.cards),
            "border": len(state.border.cards),
            "action": len(state.action.cards),
            "action_discards": len(state.action.discards),
            "atm": len(state.atm.cards),
        },
        "fuel_supply": state.fuel_supply,
        "seats": seats,
        "events": _events_described(state),
        "over": state.over,
        "winner": state.winner if state.winner >= 0 else None,
    }


def observation(state: RouteEastState, seat: int) -> JsonDict:
    """The public table plus the seat's own Action cards and attractions."""
    board, decks = state.game.board, state.game.decks
    data = _table(state)
    data["seat"] = seat
    hand = state.hands[seat]
    data["hand"] = {decks.action[c].id: n for c, n in enumerate(hand) if n}
    unvisited = set(state.unvisited(seat))
    data["attractions"] = [
        {**attraction_json(board, board.attractions[a]), "visited": a not in unvisited}
        for a in state.attractions[seat]
    ]
    data["log"] = [
        [s, str(a) if s == seat else a.public()]
        for s, a in state.recent_history(_log_length(state))
    ]
    return data
