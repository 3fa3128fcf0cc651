"""Let's Go! To France's board as the web table draws it: one seat's view (or a spectator's)
as an SVG, and the board elements each action is about (`action_targets`).

A pure function of an observation and static content, so it cannot show what the seat may not
know: the viewer's itinerary (a spectator's: the board of the seat to play, as revealed), its
tracks and the cards it holds or chooses between, beside the regional map with every Traveler
and Exploration token. The pieces are drawn in svg_itinerary.py, svg_tracks.py and
svg_map.py; the `data-target` keys are those of svg_keys.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletrip.core import Action
from tabletrip.core.phrases import plural
from tabletrip.core.render import svg_number as num
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
    UseResearch,
)
from tabletrip.games.lets_go_france.content import DAYS
from tabletrip.games.lets_go_france.phases import Owed
from tabletrip.games.lets_go_france.present_words import AGENT, HIGHLIGHT, seat_name
from tabletrip.games.lets_go_france.svg_itinerary import (
    CARD_W,
    COL_GAP,
    HL_H,
    TOP_H,
    card_svg,
    itinerary_body,
)
from tabletrip.games.lets_go_france.svg_keys import (
    RESEARCH,
    WILD,
    choice_target,
    day_target,
    favour_target,
    hand_target,
    icon_target,
    path_keys,
    row_target,
    slot_target,
    space_target,
)
from tabletrip.games.lets_go_france.svg_map import map_body
from tabletrip.games.lets_go_france.svg_parts import INK, seat_label, svg_text, wrap_svg
from tabletrip.games.lets_go_france.view_content import Content, game_content, seat_colour

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoState


def page_svg(state: LetsGoState, seat: int | None) -> str:
    """The board as `seat` sees it (None: a spectator) on the page: as wide as the page, every
    element a move can be about marked `data-target`."""
    return render_svg(state, seat, width=None)


def render_svg(state: LetsGoState, seat: int | None = None, width: int | None = 1800) -> str:
    """What `seat` sees (None: a spectator), from its observation only: its itinerary (a
    spectator: the board of the seat to play, as revealed) and its hand beside the regional
    map (`width` None: as wide as the page)."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    return observation_svg(observation, game_content(state.game), width)


def _offer_svg(
    observation: Mapping[str, Any], content: Content, left: float, top: float
) -> tuple[float, list[str]]:
    """Under a seat's itinerary: the cards it must choose between (a goal tile's two, the two
    passed to the solo travel agent), else its hand; each card a target. Its height and
    elements (none for a spectator or an empty hand)."""
    if observation.get("goal_cards"):
        cards = observation["goal_cards"]
        title = f"Drawn for your Goal tile: choose the {HIGHLIGHT} to score"
    elif observation.get("agent_cards"):
        cards = observation["agent_cards"]
        title = f"Passed to {AGENT}: choose the card it takes first"
    else:
        cards = observation.get("hand") or []
        to_play = observation.get("cards_to_play") or 0
        title = f"Your hand ({plural(len(cards), 'card')})" + (
            f": play {to_play}" if to_play else ""
        )
    if not cards:
        return 0.0, []
    choosing = cards is not observation.get("hand")
    out = ['<g class="offer">', svg_text(left, top + 16, title, 13, font_weight="bold", fill=INK)]
    card_h = TOP_H + HL_H + 4
    y = top + 26
    for k, key in enumerate(cards):
        x = left + (k % 6) * (CARD_W + COL_GAP)
        if k and k % 6 == 0:
            y += card_h + 10
        target = choice_target(k) if choosing else hand_target(key)
        cell = {"card": key, "explore": False}
        out += card_svg(x, y, cell, content, True, "", 0, target=target)
    out.append("</g>")
    return y + card_h + 12 - top, out


def observation_svg(
    observation: Mapping[str, Any], content: Content, width: int | None = 1800
) -> str:
    """The viewer's itinerary, tracks and hand, and the map with every Traveler and Exploration
    token the observation shows, side by side."""
    seat = observation.get("seat")
    players = len(observation["stack_sizes"])
    boards = list(observation["boards"][:players])
    if seat is not None:
        boards[seat] = observation["my_board"]
        shown = seat
        whose = f"Your Itinerary ({seat_name(seat, players)}, {seat_colour(seat)})"
    else:
        shown = min(observation["current_player"], players - 1)
        whose = f"Itinerary of {seat_label(shown, players)}"
    if observation["phase"] == "plan":
        whose += f", round {observation['round']} of {len(content.board.rounds)}"
    it_w, it_h, itinerary = itinerary_body(boards[shown], content, whose)
    if seat is not None:
        offer_h, offer = _offer_svg(observation, content, 12.0, it_h - 12)
        it_h += offer_h
        itinerary += offer
    travelers = {s: b["traveler"] for s, b in enumerate(boards)}
    explored = {s: b["explored"] for s, b in enumerate(boards)}
    map_w, map_h, region = map_body(content.region, travelers, explored, seat, players)
    total_w = it_w + map_w
    total_h = max(it_h, map_h)
    title = "Let's Go! To France"
    if seat is not None:
        title += f", as {seat_label(seat, players)} sees it"
    body = [
        f'<svg x="0" y="0" width="{num(it_w)}" height="{num(it_h)}" '
        f'viewBox="0 0 {num(it_w)} {num(it_h)}" class="itinerary">',
        *itinerary,
        "</svg>",
        f'<svg x="{num(it_w)}" y="0" width="{num(map_w)}" height="{num(map_h)}" '
        f'viewBox="0 0 {num(map_w)} {num(map_h)}" class="map">',
        *region,
        "</svg>",
    ]
    return wrap_svg(body, total_w, total_h, width, title)


# --- what each action is about ------------------------------------------------------------------


def action_targets(state: LetsGoState, action: Action) -> tuple[str, ...]:
    """The keys of the board elements `action` is about (see the module docstring)."""
    if isinstance(action, Place):
        return (
            hand_target(action.card),
            day_target(action.day),
            slot_target(action.day, action.slot),
        )
    if isinstance(action, DiscardThree):
        return tuple(dict.fromkeys(hand_target(card) for card in action.cards))
    if isinstance(action, Travel | DottedPath):
        return _travel_targets(state, action.space, isinstance(action, DottedPath))
    if isinstance(action, Favour):
        return _favour_targets(state, action)
    if isinstance(action, ChooseRow):
        return (row_target(action.row),)
    if isinstance(action, ChooseIcon):
        return (icon_target(action.icon),)
    if isinstance(action, SpendWild):
        return (icon_target(action.icon), WILD)
    if isinstance(action, UseResearch):
        return (RESEARCH,)
    if isinstance(action, ChooseCard):
        head = state.pending[0].kind if state.pending else None
        chosen = head in (Owed.GOAL_CARD, Owed.AGENT_ORDER)
        return (choice_target(action.choice),) if chosen else ()
    return ()


def _travel_targets(state: LetsGoState, space: str, dotted: bool) -> tuple[str, ...]:
    """The town a Travel action or a dotted path goes to, and the path from the Traveler."""
    game = state.game
    if space not in game.space_index:
        return ()
    here = state.traveler[state.seat]
    if here < 0:
        return (space_target(space),)
    path = path_keys(game.region).get((game.region.spaces[here].id, space, dotted))
    return (space_target(space),) + ((path,) if path else ())


def _favour_targets(state: LetsGoState, action: Favour) -> tuple[str, ...]:
    """`flip`: the day's token; `row`: the token and the row it moves to; `skip`: nothing."""
    head = state.pending[0] if state.pending else None
    if action.choice == "skip" or head is None or head.kind is not Owed.FAVOUR:
        return ()
    assert head.about is not None
    token = favour_target(DAYS[head.about])
    if action.choice == "row":
        return (token, row_target(action.row))
    return (token,)


__all__ = ["action_targets", "observation_svg", "page_svg", "render_svg"]
