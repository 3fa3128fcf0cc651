"""Route East's legal moves as the player chooses them: "Move to Bolu (Hostel, $25 a night)".

`action_words` says one legal action of the observation's seat in the rulebook's words, for
the move list, the board's menu and the hints; `action_steps` says it as the steps the
terminal asks it in: ("Move", "To Bolu (Hostel, $25 a night) on the toll road: pay $25"),
("Play an Action Card", "Pickpocket: steal $25 from another player", "On Player 2 (they
hold $150)"), ("End the turn", "At Erzincan (Hostel, $25 a night)").

Both read the seat's own observation (its place, its Action Cards and attractions, the card
drawn this turn, a card played against it), the board and the card catalogue, nothing else,
so the words never tell what the seat cannot see. The words carry what tells two choices
apart: the space and the road a move takes, a Magic Roll, the card and the player a card is
aimed at, the crossing's cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletrip.core import Action
from tabletrip.core.phrases import plural
from tabletrip.games.route_east.actions import (
    Accept,
    Camp,
    ChooseTarget,
    Cross,
    Discard,
    DrawBorder,
    DrawIgnition,
    EndTurn,
    FreightTrain,
    HellNo,
    Move,
    Play,
    RollToLeave,
    Sail,
    Stay,
    TakeAction,
)
from tabletrip.games.route_east.content import (
    ATM,
    ATTRACTION,
    BORDER,
    DIRT,
    EMBASSY,
    FINISH,
    FUEL,
    HOSTEL,
    HOTEL,
    NORMAL,
    START,
    TARGETED,
    TOLL,
    Board,
    Card,
    Decks,
    describe_effect,
)
from tabletrip.games.route_east.phases import TOLL_PRICE
from tabletrip.games.route_east.present_words import (
    action_card_name,
    capitalised,
    card_rule,
    money,
    move_words,
    other_side,
    player,
    printed,
    space_name,
)

Observation = Mapping[str, Any]

_CARDS: dict[int, tuple[Decks, dict[tuple[str, str], Card]]] = {}


def _drawn_cards(decks: Decks) -> dict[tuple[str, str], Card]:
    """Ignition and Border Cards by (name, text), as an observation shows the card drawn
    (worked out once per card catalogue)."""
    cached = _CARDS.get(id(decks))
    if cached is not None and cached[0] is decks:
        return cached[1]
    cards = {(c.name, c.text): c for c in (*decks.ignition, *decks.border)}
    _CARDS[id(decks)] = (decks, cards)
    return cards


def _drawn(decks: Decks, observation: Observation) -> Card | None:
    """The Ignition or Border Card drawn this turn, if any."""
    card = observation.get("card")
    if not card:
        return None
    return _drawn_cards(decks).get((card["name"], card["text"]))


def _article(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


class _Seat:
    """The observation's seat: where its piece is and what it knows of its own cards."""

    def __init__(self, board: Board, observation: Observation) -> None:
        seat = observation.get("seat")
        self.seat: int = observation["current_player"] if seat is None else seat
        info = observation["seats"][self.seat]
        self.info: Mapping[str, Any] = info
        self.here = board.index[info["space"]]
        self.country = board.countries.index(info["country"])
        own = observation.get("attractions") or ()
        self.to_visit = {board.index[a["space"]] for a in own if not a["visited"]}


def _place_note(board: Board, space: int, seat: _Seat) -> str:
    """What a space is to the seat, in short: `Hostel, $25 a night`, `Border to Georgia`,
    `ATM: a Bank Card`, `your attraction`; "" for a plain road space."""
    kind = board.kinds[space]
    if kind in (HOSTEL, HOTEL):
        return f"{'Hostel' if kind == HOSTEL else 'Hotel'}, {money(board.lodging[space])} a night"
    if kind == BORDER:
        far = other_side(board, space, seat.country)
        return f"Border to {board.country_names[far]}" if far is not None else "Border"
    if kind == ATTRACTION:
        return "your attraction" if space in seat.to_visit else "attraction"
    return {
        ATM: "ATM: a Bank Card",
        FUEL: "Fuel Station: a Fuel Token",
        EMBASSY: "pass through only",
        START: "the start line",
        FINISH: "the finish",
    }.get(kind, "")


def _to(board: Board, space: int, seat: _Seat) -> str:
    """`Bolu (Hostel, $25 a night)`: a space by name with what it is."""
    note = _place_note(board, space, seat)
    return space_name(board, space) + (f" ({note})" if note else "")


def _road_kind(board: Board, seat: _Seat, there: int) -> int:
    for space, kind, _ in board.steps.get((seat.here, seat.country), ()):
        if space == there:
            return kind
    return NORMAL


def _move(board: Board, seat: _Seat, action: Move) -> str:
    there = board.index.get(action.space)
    if there is None:
        return "Move one space"
    words = f"Move to {_to(board, there, seat)}"
    kind = _road_kind(board, seat, there)
    if kind == DIRT:
        how = " with a Magic Roll" if action.magic_roll else ": roll an even number"
        return f"{words} on the dirt road{how}"
    if kind == TOLL:
        return f"{words} on the toll road: pay {money(TOLL_PRICE)}"
    return words


def _beyond(board: Board, seat: _Seat) -> str:
    far = other_side(board, seat.here, seat.country)
    return board.country_names[far] if far is not None else "the next country"


def _cross(board: Board, decks: Decks, observation: Observation, seat: _Seat, action: Cross) -> str:
    beyond = _beyond(board, seat)
    if observation["phase"] == "moves":  # a Border Pass mid-turn: no Border Card
        return f"Play a Border Pass and cross into {beyond} now"
    go = f"Board the boat to {beyond}" if seat.here in board.ports else f"Cross into {beyond}"
    card = _drawn(decks, observation)
    effects = card.effects if card is not None else ()
    if action.border_pass:
        words = f"{go} with a Border Pass"
    elif any(e.kind == "no_fuel_needed" for e in effects):
        words = f"{go}, no Fuel Token needed"
    else:
        words = f"{go} with a Fuel Token"
    fee = sum(e.amount for e in effects if e.kind == "fee")
    return words + (f" and pay the {money(fee)} fee" if fee else "")


def _holding(observation: Observation, target: int, kind: str) -> str:
    """What a player may be robbed of: ` (they hold $150)`, ` (they hold 1 Fuel Token)`."""
    info = observation["seats"][target]
    if kind == "steal_money":
        return f" (they hold {money(info['money'])})"
    if kind == "steal_fuel":
        return f" (they hold {plural(info['fuel'], 'Fuel Token')})"
    return ""


def _does(decks: Decks, card_id: str) -> str:
    """What an Action Card does, from its text: `steal $25 from another player`."""
    index = decks.action_index.get(card_id)
    rule = card_rule(decks.action[index].text) if index is not None else ""
    _, colon, does = printed(rule).partition(": ")
    return does.split(". ")[0].rstrip(".") if colon else ""


def _play(decks: Decks, observation: Observation, action: Play) -> str:
    name = action_card_name(decks, action.card)
    index = decks.action_index.get(action.card)
    does = _does(decks, action.card)
    if action.target < 0:
        return f"Play {name}" + (f": {does}" if does else "")
    who = player(action.target)
    if "another player" in does:
        does = does.replace("another player", who, 1)
    else:
        does = f"{does} on {who}" if does else f"on {who}"
    kind = decks.action[index].effect.kind if index is not None else ""
    return f"Play {name}: {does}{_holding(observation, action.target, kind)}"


def _aim(decks: Decks, observation: Observation, action: ChooseTarget) -> str:
    card = _drawn(decks, observation)
    who = player(action.seat)
    if card is None:
        return f"Aim the Ignition Card at {who}"
    effect = next((e for e in card.effects if e.kind in TARGETED), None)
    if effect is None:
        return f"Aim {card.name} at {who}"
    what = money(effect.amount) if effect.kind == "steal_money" else "a Fuel Token"
    holding = _holding(observation, action.seat, effect.kind)
    return f"Aim {card.name} at {who}: steal {what}{holding}"


def _answer(observation: Observation, seat: _Seat, action: HellNo | Accept) -> str:
    attack = observation.get("attack")
    if not attack:
        return "Play Hell no!" if isinstance(action, HellNo) else "Accept"
    attacker = player(attack["attacker"])
    if attack["hell_nos"] % 2:  # the card's own player answers a Hell no!
        if isinstance(action, HellNo):
            return "Play Hell no! against the Hell no!: your card stands again"
        return "Accept that your card is cancelled"
    if isinstance(action, HellNo):
        return f"Play Hell no!: cancel the card {attacker} played against you"
    effect, amount = attack["effect"], attack["amount"]
    if effect == "steal_money":
        return f"Accept: {attacker} takes {money(amount)} from you"
    if effect == "steal_fuel":
        return f"Accept: {attacker} takes a Fuel Token from you"
    if effect == "send_embassy":
        return "Accept: you go to the Embassy"
    return f"Accept the card {attacker} played"


def _end(board: Board, seat: _Seat) -> str:
    if seat.info["status"] == "at_sea":
        return "End your turn on the boat"
    if board.rest[seat.here]:
        return f"End your turn at {_to(board, seat.here, seat)}"
    return "End your turn: go back the way you came to the last Hostel, Hotel or Border"


def _sail(board: Board, seat: _Seat) -> str:
    a, b = board.ports
    port = b if seat.country == board.country[a] else a
    return f"Roll the dice for the far shore: a 6 lands you at {space_name(board, port)}"


def action_words(board: Board, decks: Decks, observation: Observation, action: Action) -> str:
    """A legal action of the observation's seat as it chooses it, one line from a capital."""
    seat = _Seat(board, observation)
    if isinstance(action, DrawIgnition):
        if board.kinds[seat.here] == BORDER:
            return f"Draw an Ignition Card and travel on in {board.country_names[seat.country]}"
        return "Draw an Ignition Card"
    if isinstance(action, DrawBorder):
        if seat.here in board.ports:
            return f"Draw a Border Card to sail across the Caspian Sea to {_beyond(board, seat)}"
        return f"Draw a Border Card to cross into {_beyond(board, seat)}"
    if isinstance(action, Cross):
        return _cross(board, decks, observation, seat, action)
    if isinstance(action, Stay):
        return "Stay at the Border: no moving spaces this turn"
    if isinstance(action, Move):
        return _move(board, seat, action)
    if isinstance(action, TakeAction):
        return "Pick up an Action Card for 1 move"
    if isinstance(action, Play):
        return _play(decks, observation, action)
    if isinstance(action, FreightTrain):
        there = board.index.get(action.space)
        where = _to(board, there, seat) if there is not None else "its last stop"
        return f"Play a Freight Train and ride to {where}: it ends your turn"
    if isinstance(action, Discard):
        return f"Put {_article(action_card_name(decks, action.card))} under the Action deck"
    if isinstance(action, ChooseTarget):
        return _aim(decks, observation, action)
    if isinstance(action, HellNo | Accept):
        return _answer(observation, seat, action)
    if isinstance(action, EndTurn):
        return _end(board, seat)
    if isinstance(action, Camp):
        return f"Play a Tent and camp at {space_name(board, seat.here)}: a free night"
    if isinstance(action, RollToLeave):
        return "Roll the dice to leave the Embassy: a 6 lets you go"
    if isinstance(action, Sail):
        return _sail(board, seat)
    return capitalised(move_words(board, decks, str(action)))


# --- the steps a move is chosen in ---------------------------------------------------------

MOVE, PLAY, END = "Move", "Play an Action Card", "End the turn"
LABEL_DOES = 60  # a card's own words longer than this give way to its effect's short words
PUT_BACK = "Put a card under the Action deck"


def card_label(decks: Decks, card_id: str) -> str:
    """An Action Card as a menu item, its name and in short what it does: `Pickpocket: steal
    $25 from another player`, `Freight Train: ride up to 6 spaces`."""
    does = _does(decks, card_id)
    index = decks.action_index.get(card_id)
    if len(does) > LABEL_DOES and index is not None:
        does = describe_effect(decks.action[index].effect)
    name = action_card_name(decks, card_id)
    return f"{name}: {does}" if does else name


def _move_steps(board: Board, seat: _Seat, action: Move) -> tuple[str, ...]:
    there = board.index.get(action.space)
    if there is None:
        return (MOVE, "One space")
    to = f"To {_to(board, there, seat)}"
    kind = _road_kind(board, seat, there)
    if kind == DIRT:
        how = "With a Magic Roll" if action.magic_roll else "Roll for an even number"
        return (MOVE, f"{to} on the dirt road", how)
    if kind == TOLL:
        return (MOVE, f"{to} on the toll road: pay {money(TOLL_PRICE)}")
    return (MOVE, to)


def _cross_steps(
    board: Board, decks: Decks, observation: Observation, seat: _Seat, action: Cross
) -> tuple[str, ...]:
    beyond = _beyond(board, seat)
    if observation["phase"] == "moves":
        return (f"Cross into {beyond}", "Now, with a Border Pass")
    go = f"Board the boat to {beyond}" if seat.here in board.ports else f"Cross into {beyond}"
    card = _drawn(decks, observation)
    effects = card.effects if card is not None else ()
    if action.border_pass:
        how = "With a Border Pass"
    elif any(e.kind == "no_fuel_needed" for e in effects):
        how = "No Fuel Token needed"
    else:
        how = "With a Fuel Token"
    fee = sum(e.amount for e in effects if e.kind == "fee")
    return (go, how + (f" and pay the {money(fee)} fee" if fee else ""))


def _play_steps(decks: Decks, observation: Observation, action: Play) -> tuple[str, ...]:
    label = card_label(decks, action.card)
    if action.target < 0:
        return (PLAY, label)
    index = decks.action_index.get(action.card)
    kind = decks.action[index].effect.kind if index is not None else ""
    holding = _holding(observation, action.target, kind)
    return (PLAY, label, f"On {player(action.target)}{holding}")


def _end_steps(board: Board, seat: _Seat) -> tuple[str, ...]:
    if seat.info["status"] == "at_sea":
        return (END, "On the boat")
    if board.rest[seat.here]:
        return (END, f"At {_to(board, seat.here, seat)}")
    return (END, "Go back the way you came to the last Hostel, Hotel or Border")


def action_steps(
    board: Board, decks: Decks, observation: Observation, action: Action
) -> tuple[str, ...]:
    """A legal action of the observation's seat as the steps it is chosen in: moves that
    share a first choice (a space to move to, a card to play, how to end the turn) share its
    label; a choice alone in its kind is one step, its words."""
    seat = _Seat(board, observation)
    if isinstance(action, Move):
        return _move_steps(board, seat, action)
    if isinstance(action, Play):
        return _play_steps(decks, observation, action)
    if isinstance(action, FreightTrain):
        there = board.index.get(action.space)
        where = _to(board, there, seat) if there is not None else "its last stop"
        train = decks.action_of_kind.get("freight_train")
        label = card_label(decks, decks.action[train].id) if train is not None else "Freight Train"
        return (PLAY, label, f"Ride to {where}, ending your turn")
    if isinstance(action, Cross):
        return _cross_steps(board, decks, observation, seat, action)
    if isinstance(action, EndTurn):
        return _end_steps(board, seat)
    if isinstance(action, Camp):
        return (END, f"Camp at {space_name(board, seat.here)} with a Tent: a free night")
    if isinstance(action, Discard):
        return (PUT_BACK, card_label(decks, action.card))
    return (action_words(board, decks, observation, action),)


__all__ = ["action_steps", "action_words", "card_label"]
