"""Ticket to Ride in a terminal: one seat's view as plain text, in 80 columns.

Built from the seat's observation (or the public one for a spectator) and `static_info()`
only, so it cannot show what the seat may not know. It shows the notation a person types
(`r12` for a route, `t3` for a ticket) next to the names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletrip.core.render import wrap, wrap_items
from tabletrip.games.ticket_to_ride.layout import seat_color
from tabletrip.games.ticket_to_ride.present_words import map_title

if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideState

WIDTH = 80
PHASE_TEXT = {
    "setup": "setup: every seat keeps at least 2 of its 3 destination tickets",
    "turn": "draw train cards, claim a route or draw destination tickets",
    "second_draw": "take a second train card",
    "keep": "keep at least 1 of the destination tickets drawn",
}
CHECK, CROSS = "\u2713", "\u2717"


def seat_name(seat: int) -> str:
    """`seat 0 (blue)`: the seat index and its train colour, always in words."""
    return f"seat {seat} ({seat_color(seat)})"


def cards_text(cards: Mapping[str, int]) -> str:
    """`2 purple, 1 locomotive` from colour counts; `none` when empty."""
    return ", ".join(f"{n} {name}" for name, n in cards.items() if n) or "none"


def _wrap(text: str, indent: str = "    ") -> list[str]:
    return wrap(text, indent, WIDTH)


def _wrap_items(prefix: str, items: Sequence[str]) -> list[str]:
    return wrap_items(prefix, items, width=WIDTH)


def render_text(state: TicketToRideState, seat: int | None) -> str:
    """What `seat` sees (None: a spectator), from its observation only, in 80 columns."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    return render_observation_text(observation, state.game.static_info())


def render_observation_text(observation: Mapping[str, Any], static_info: Mapping[str, Any]) -> str:
    """The terminal view of one observation (a seat's or the public one) of a map."""
    seat = observation.get("seat")
    lines = _header_lines(observation, static_info, seat)
    lines.append("")
    lines += _table_lines(observation, static_info)
    if seat is not None:
        lines.append("")
        lines += _own_lines(observation, static_info)
    lines.append("")
    lines += _seat_lines(observation, static_info, seat)
    lines.append("")
    lines += _log_lines(observation)
    return "\n".join(lines)


def _header_lines(
    observation: Mapping[str, Any], static_info: Mapping[str, Any], seat: int | None
) -> list[str]:
    map_id = observation["map"]
    title = f"Ticket to Ride: {map_title(map_id)} map"
    viewer = "spectator view" if seat is None else f"you are {seat_name(seat)}"
    lines = _wrap(f"{title}, {viewer}")
    final = observation.get("final_turns_left")
    if final == 0:
        lines.append("Game over (the scores below are before tickets and bonuses).")
        return lines
    current = observation["current_player"]
    who = "you" if current == seat else seat_name(current)
    phase = observation["phase"]
    lines += _wrap(f"To play: {who}; {PHASE_TEXT.get(phase, phase)}")
    if final is not None:
        lines.append(f"Final round: {final} turn{'s' if final != 1 else ''} left.")
    return lines


def _table_lines(observation: Mapping[str, Any], static_info: Mapping[str, Any]) -> list[str]:
    lines = _wrap_items("Face-up cards:", observation["face_up"] or ["none"])
    discards = sum(observation["discards"].values())
    piles = [
        f"train deck {observation['deck_size']}",
        f"discards {discards}",
        f"destination tickets {observation['ticket_pile_size']}",
    ]
    if static_info.get("locomotive_pile"):
        piles.append(f"Locomotive pile {observation['locomotive_pile']}")
    lines += _wrap("Piles: " + ", ".join(piles))
    if static_info.get("express_bonus"):
        left = observation["express_bonus_left"]
        cities = "-".join(static_info.get("express_cities", ()))
        bonus = ", ".join(str(v) for v in left) if left else "none"
        lines += _wrap(f"Europe Express bonus ({cities}) cards left: {bonus}")
    return lines


def _own_lines(observation: Mapping[str, Any], static_info: Mapping[str, Any]) -> list[str]:
    hand = observation["hand"]
    lines = _wrap(f"Your hand ({sum(hand.values())} cards): {cards_text(hand)}")
    tickets = observation["tickets"]
    done = sum(t["points"] for t in tickets if t["completed"])
    open_points = sum(t["points"] for t in tickets if not t["completed"])
    lines.append(
        f"Your destination tickets ({len(tickets)}): "
        f"{CHECK} done +{done}, {CROSS} not yet connected -{open_points}"
    )
    for ticket in tickets:
        mark = CHECK if ticket["completed"] else CROSS
        lines += _wrap(f"  {mark} t{ticket['id']} {ticket['a']}-{ticket['b']} ({ticket['points']})")
    offer = observation["offer"]
    if offer:
        least = min(2 if observation["phase"] == "setup" else 1, len(offer))
        lines.append(f"Tickets offered to you (keep at least {least}):")
        for ticket in offer:
            lines += _wrap(f"  t{ticket['id']} {ticket['a']}-{ticket['b']} ({ticket['points']})")
    routes = static_info["routes"]
    own = observation["seats"][observation["seat"]]["routes"]
    if own:
        names = [
            f"r{r} {routes[r]['a']}-{routes[r]['b']} ({routes[r]['length']} {routes[r]['color']})"
            for r in own
        ]
        lines += _wrap_items("Your routes:", names)
    return lines


def _seat_lines(
    observation: Mapping[str, Any], static_info: Mapping[str, Any], seat: int | None
) -> list[str]:
    express = bool(static_info.get("express_bonus"))
    current = observation["current_player"]
    header = f"  {'Seat':<22}{'Score':>6}{'Trains':>7}{'Cards':>6}{'Tickets':>8}{'Routes':>7}"
    lines = [header + (f"{'Express':>8}" if express else "")]
    for index, info in enumerate(observation["seats"]):
        name = seat_name(index) + (" you" if index == seat else "")
        tickets = "?" if info["ticket_count"] is None else str(info["ticket_count"])
        row = (
            f"{'>' if index == current else ' '} {name:<22}{info['score']:>6}{info['trains']:>7}"
            f"{info['hand_size']:>6}{tickets:>8}{len(info['routes']):>7}"
        )
        if express:
            row += f"{info['express_bonus'] or '-':>8}"
        lines.append(row)
        notes = []
        if info["known_cards"]:
            notes.append(f"known cards: {cards_text(info['known_cards'])}")
        if info["choosing_tickets"]:
            notes.append(f"choosing from {info['choosing_tickets']} tickets")
        if notes:
            lines += _wrap("    " + "; ".join(notes), indent="      ")
    return lines


def _log_lines(observation: Mapping[str, Any]) -> list[str]:
    log = observation["log"]
    if not log:
        return ["Recent moves: none yet"]
    lines = ["Recent moves:"]
    for mover, text in log:
        lines += _wrap(f"  {seat_name(mover)}: {text}", indent="      ")
    return lines
