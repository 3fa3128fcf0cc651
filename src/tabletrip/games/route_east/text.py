"""Route East in a terminal: what one seat sees, as plain text in 100 columns.

Built from the seat's observation (or the public one for a spectator) and the board (static,
known to all), so it cannot show what the seat may not know. It speaks the notation a person
types: spaces by their ids (`move tr-ankara`) beside their names, and seats by their numbers
(`play pickpocket on seat 2`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletrip.core.render import wrap as _wrap
from tabletrip.core.render import wrap_items as _wrap_items
from tabletrip.games.route_east.content import (
    BOAT,
    EMBASSY,
    ROAD_KINDS,
    SPACE_KINDS,
    TOLL,
    Board,
)
from tabletrip.games.route_east.present_words import KIND_WORDS, night_words, piece_colour
from tabletrip.games.route_east.roads import road_distances

if TYPE_CHECKING:
    from tabletrip.games.route_east.rules import RouteEastState

WIDTH = 100
CHECK, CROSS = "\u2713", "\u2717"
EVENTS_SHOWN = 12
PHASE_TEXT = {
    "start": "draw an Ignition card (or, at a Border, a Border card to cross)",
    "cross": "the Border card is drawn: cross the Border or stay",
    "moves": "move, take Action cards (1 move each), play up to 2, or end the turn",
    "target": "choose the player the card is aimed at",
    "respond": "a card is aimed at a player: accept it or say Hell no!",
    "discard": "put Action cards back until 5 are left",
    "embassy": "roll for a 6 to leave the Embassy",
}
STATUS_TEXT = {
    "free": "",
    "sent_to_embassy": "sent to the Embassy (leaves with an Ignition card)",
    "stuck_at_embassy": "stuck at the Embassy",
    "at_sea": "on the Caspian boat",
}


def seat_name(seat: int) -> str:
    """`seat 0 (red)`: the seat as the notation names it, and its piece's colour."""
    return f"seat {seat} ({piece_colour(seat)})"


# --- text -----------------------------------------------------------------------------------


def render_text(state: RouteEastState, seat: int | None) -> str:
    """What `seat` sees (None: a spectator), from its observation only, in 100 columns."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    game = state.game
    return render_observation_text(
        observation,
        game.board,
        action_names={c.id: c.name for c in game.decks.action},
        attractions_each=game.attraction_count,
        over=state.is_over,
    )


def render_observation_text(
    observation: Mapping[str, Any],
    board: Board,
    action_names: Mapping[str, str] | None = None,
    attractions_each: int | None = None,
    over: bool = False,
) -> str:
    """The terminal view of one observation (a seat's or the public one) on `board`."""
    seat = observation.get("seat")
    lines = _header_lines(observation, seat, attractions_each, over)
    if seat is not None:
        lines.append("")
        lines += _own_lines(observation, board, seat, action_names or {})
    lines.append("")
    lines += _seat_lines(observation, board, seat)
    lines.append("")
    lines += _event_lines(observation)
    return "\n".join(lines)


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else seat_name(seat)


def _header_lines(
    observation: Mapping[str, Any],
    seat: int | None,
    attractions_each: int | None,
    over: bool,
) -> list[str]:
    players = len(observation["seats"])
    setting = f"{players} players"
    if attractions_each:
        setting += f", {attractions_each} attractions each"
    viewer = "spectator view" if seat is None else f"you are {seat_name(seat)}"
    lines = _wrap(f"Route East, Istanbul to Shanghai ({setting}); {viewer}")
    winner = observation.get("winner")
    if winner is not None:
        lines += _wrap(f"Game over: {_who(winner, seat)} reached Shanghai first and won.")
        return lines
    if over:
        lines.append("Game over: the turn limit was reached with no winner.")
        return lines
    turn_of = observation["turn_of"]
    current = observation["current_player"]
    phase = observation["phase"]
    info = observation["seats"][turn_of]
    head = (
        f"Your turn {info['turns']}"
        if turn_of == seat
        else f"Turn {info['turns']} of {seat_name(turn_of)}"
    )
    doing = PHASE_TEXT.get(phase, phase)
    if phase == "moves" and info["status"] == "at_sea":
        doing = "on the Caspian boat, every move is a roll for a 6 to land"
    lines += _wrap(f"{head}: {doing}")
    if current != turn_of:
        lines += _wrap(f"To decide now: {_who(current, seat)}")
    card = observation.get("card")
    if card:
        deck = "Ignition" if card["deck"] == "ignition" else "Border"
        lines += _wrap(f"{deck} card this turn: {card['name']}: {card['text']}")
    if phase in ("moves", "cross", "discard", "target", "respond"):
        moves = [
            f"moves left {observation['moves_left']} (used {observation['moves_used']})",
            f"Action cards played {observation['action_cards_played']} of 2",
        ]
        if observation.get("declined_crossing"):
            moves.append("stayed at the Border (no moving today)")
        lines += _wrap("This turn: " + "; ".join(moves))
    attack = observation.get("attack")
    if attack:
        lines += _attack_lines(attack, seat)
    return lines


ATTACK_TEXT = {
    "steal_money": "take ${amount} from {target}",
    "steal_fuel": "take a Fuel Token from {target}",
    "send_embassy": "send {target} to the Embassy",
}


def _attack_lines(attack: Mapping[str, Any], seat: int | None) -> list[str]:
    attacker, target = attack["attacker"], attack["target"]
    template = ATTACK_TEXT.get(attack["effect"], attack["effect"] + " {target}")
    what = template.format(amount=attack["amount"], target=_who(target, seat))
    hell_nos = attack["hell_nos"]
    answer = target if hell_nos % 2 == 0 else attacker
    state = "in force" if hell_nos % 2 == 0 else "cancelled"
    said = f"{hell_nos} Hell no!{'s' if hell_nos != 1 else ''} so far, the card is {state}"
    return _wrap(
        f"Pending: {_who(attacker, seat)} wants to {what}; {said}; "
        f"{_who(answer, seat)} to accept or say Hell no!"
    )


def _space_text(board: Board, space: int, country: int, mine: Mapping[int, bool]) -> str:
    """`tr-bolu Bolu: Hostel, $25 a night` (a Border names the country beyond it)."""
    kind = board.kinds[space]
    name = board.space_names[space]
    text = (
        board.space_ids[space] + (f" {name}" if name else "") + ": " + KIND_WORDS[SPACE_KINDS[kind]]
    )
    pair = board.border_countries[space]
    if pair is not None:
        far = pair[1] if pair[0] == country else pair[0]
        text += f" to {board.country_names[far]}"
        if space in board.ports:
            text += " (Caspian port: the boat sails from here)"
    if kind == EMBASSY:
        text += " (pass only)"
    text += f", {night_words(board, space)}"
    if space in mine:
        text += ", YOUR ATTRACTION" + (" (visited)" if mine[space] else "")
    return text


def _road_text(kind: int, no_trains: bool) -> str:
    parts = []
    if kind == TOLL:
        parts.append("toll $25")
    elif kind != 0:
        parts.append(f"{ROAD_KINDS[kind]} road: roll even")
    if no_trains:
        parts.append("No Trains")
    return f" [{', '.join(parts)}]" if parts else ""


def _own_lines(
    observation: Mapping[str, Any], board: Board, seat: int, action_names: Mapping[str, str]
) -> list[str]:
    info = observation["seats"][seat]
    here = board.index[info["space"]]
    country = board.countries.index(info["country"])
    mine = {board.index[a["space"]]: a["visited"] for a in observation.get("attractions") or ()}
    status = _status_text(info)
    lines = _wrap(
        f"You: {_space_text(board, here, country, mine)}, in {board.country_names[country]}"
        + (f"; {status}" if status else "")
    )
    lines += _wrap(
        f"Money ${info['money']}, Fuel Tokens {info['fuel']} (supply {observation['fuel_supply']})"
    )
    hand = observation.get("hand") or {}
    count = sum(hand.values())
    cards = [(f"{n}x " if n > 1 else "") + action_names.get(card, card) for card, n in hand.items()]
    lines += _wrap_items(f"Your Action cards ({count} of 5):", cards or ["none"])
    lines += _surroundings_lines(board, here, country, mine)
    lines += _attraction_lines(observation, board, here)
    return lines


def _surroundings_lines(
    board: Board, here: int, country: int, mine: Mapping[int, bool]
) -> list[str]:
    """The spaces one and two roads away that a piece in `country` may move to."""
    if board.kinds[here] == BOAT:
        a, b = board.ports
        return [
            f"At sea: every move is a roll for a 6 to land at {board.space_ids[b]}"
            f" (or {board.space_ids[a]}, the way you came back)"
        ]
    first = board.steps.get((here, country), ())
    if not first:
        return ["No road leads on from here in this country."]
    lines = [f"Roads from here ({board.country_names[country]} side):"]
    for there, kind, no_trains in first:
        lines += _wrap(
            f"  1 {_space_text(board, there, country, mine)}{_road_text(kind, no_trains)}",
            indent="        ",
        )
        for beyond, kind2, no_trains2 in board.steps.get((there, country), ()):
            if beyond == here:
                continue
            lines += _wrap(
                f"    2 {_space_text(board, beyond, country, mine)}{_road_text(kind2, no_trains2)}",
                indent="          ",
            )
    return lines


def _attraction_lines(observation: Mapping[str, Any], board: Board, here: int) -> list[str]:
    attractions = observation.get("attractions") or []
    if not attractions:
        return []
    dist = road_distances(board, here)
    done = sum(1 for a in attractions if a["visited"])
    lines = [f"Your attractions ({done} of {len(attractions)} visited; roads from you):"]
    country_names = dict(zip(board.countries, board.country_names, strict=True))
    for a in attractions:
        mark = CHECK if a["visited"] else CROSS
        space = board.index[a["space"]]
        far = "visited" if a["visited"] else f"{dist[space]} roads" if dist[space] > 0 else "here"
        lines += _wrap(
            f"  {mark} {a['name']} ({country_names[a['country']]}, {a['space']}, "
            f"bonus {a['bonus']}): {far}",
            indent="      ",
        )
    if done == len(attractions):
        lines.append(
            f"  then Shanghai ({board.space_ids[board.finish]}): {dist[board.finish]} roads"
        )
    return lines


def _status_text(info: Mapping[str, Any]) -> str:
    status = info["status"]
    text = STATUS_TEXT.get(status, status)
    turns = info["status_turns"]
    if status == "stuck_at_embassy":
        text += f", {turns} of 2 turns rolled for a 6"
    elif status == "at_sea":
        text += f", turn {turns} of 2 rolling for a 6"
    return text


def _seat_lines(observation: Mapping[str, Any], board: Board, seat: int | None) -> list[str]:
    turn_of = observation["turn_of"]
    country_names = dict(zip(board.countries, board.country_names, strict=True))
    header = (
        f"  {'Seat':<20}{'Space':<28}{'Country':<13}{'Money':>6}{'Fuel':>5}{'Cards':>6}"
        f"{'Visited':>8}"
    )
    lines = [header]
    for index, info in enumerate(observation["seats"]):
        name = seat_name(index) + (" you" if index == seat else "")
        seen = f"{len(info['visited'])}/{info['attractions']}"
        space = info["space"]
        kind = KIND_WORDS[SPACE_KINDS[board.kinds[board.index[space]]]]
        where = f"{space} {kind}" if len(space) + len(kind) < 27 else space
        lines.append(
            f"{'>' if index == turn_of else ' '} {name:<20}{where:<28}"
            f"{country_names[info['country']]:<13}{'$' + str(info['money']):>6}"
            f"{info['fuel']:>5}{info['action_cards']:>6}{seen:>8}"
        )
        notes = []
        status = _status_text(info)
        if status:
            notes.append(status)
        if info["visited"]:
            notes.append("visited: " + ", ".join(a["name"] for a in info["visited"]))
        last = info.get("last_attraction")
        if last:
            notes.append(
                f"last attraction, face up: {last['name']} ({country_names[last['country']]}, "
                f"{last['space']})"
            )
        if info.get("bankruptcies"):
            notes.append(f"ran out of money {info['bankruptcies']}x")
        if notes:
            lines += _wrap("    " + "; ".join(notes), indent="      ")
    lines.append("  (Visited: attractions visited of those held; Cards: Action cards held)")
    return lines


def _event_lines(observation: Mapping[str, Any]) -> list[str]:
    events = observation.get("events") or []
    if not events:
        return ["Recent events: none yet"]
    shown = events[-EVENTS_SHOWN:]
    lines = [f"Recent events (last {len(shown)}, newest last):"]
    for text in shown:
        lines += _wrap(f"  {text}", indent="      ")
    return lines


__all__ = ["WIDTH", "render_observation_text", "render_text", "seat_name"]
