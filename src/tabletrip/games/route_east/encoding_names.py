"""Route East's names for every action index and observation position, in the game's words.

`RouteEastActions.index_names` and `RouteEastObservations.position_names` (see `encoding.py`)
call these. Everything is named from the configured game's own content: spaces as printed
(`move İzmit`, a nameless road space as `move the road between Beyneu and Shalkar`), Action
cards (`play Pickpocket on seat +2`, `discard Hell no!`), Ignition and Border cards
(`card Ignition: Tailwind`), attractions (`visited seat +1: Palmyra`) and countries. Seats
count from the player to move in actions and from the observing seat in the vector, so a seat
is `you` or `seat +k`, as the encoding's docstring counts them. Where own content prints two
things alike, each such name is followed by its id in brackets (`move Bolu (tr-bolu)`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from tabletrip.core.encoding import ActionBlock, Field, block_names, field_names, relative_seat
from tabletrip.games.route_east.content import TARGETED, Board, Decks
from tabletrip.games.route_east.phases import PHASE_NAMES, STATUS_NAMES
from tabletrip.games.route_east.present_words import space_name
from tabletrip.games.route_east.rules import RouteEastGame

STATUS_WORDS = {
    "free": "free",
    "sent_to_embassy": "sent to an Embassy",
    "stuck_at_embassy": "stuck at an Embassy",
    "at_sea": "at sea",
}
"""A seat's status (`STATUS_NAMES`) in words."""

DECK_WORDS = {
    "ignition": "Ignition deck",
    "border": "Border deck",
    "action": "Action deck",
    "action_discards": "Action discard pile",
    "atm": "ATM pile",
}
"""A pile of cards counted in the `decks` field, by its key in the observation."""

ATTACK_WORDS = {
    "steal_money": "steal money",
    "steal_fuel": "steal a Fuel Token",
    "send_embassy": "send to an Embassy",
}
"""What a card aimed at a player does (`TARGETED`), in words."""

PER_SEAT_VALUES = (
    "money",
    "money_low",
    "fuel",
    "action_cards",
    "status_turns",
    "attractions",
    "turns",
    "bankruptcies",
)
"""Fields of one value per seat, named by the seat alone."""

RELATIVE_SEAT_FIELDS = ("to_move", "turn_of", "attacker", "attack_target", "winner")
"""Fields one-hot over the seats, named by the seat alone."""


def distinct(names: Sequence[str], ids: Sequence[str]) -> list[str]:
    """Each name (its id if it has none), followed by its id in brackets if another is alike."""
    named = [name or id_ for name, id_ in zip(names, ids, strict=True)]
    counts = Counter(named)
    return [
        f"{name} ({id_})" if counts[name] > 1 else name
        for name, id_ in zip(named, ids, strict=True)
    ]


def space_words(board: Board) -> list[str]:
    """Every space as printed, in board order."""
    printed = [space_name(board, space) for space in range(len(board.space_ids))]
    return distinct(printed, board.space_ids)


def action_card_words(decks: Decks) -> list[str]:
    """Every Action card kind by its printed name, in content order."""
    return distinct([card.name for card in decks.action], [card.id for card in decks.action])


def attraction_words(board: Board) -> list[str]:
    """Every attraction by its name, in id order."""
    spaces = [board.space_ids[attraction.space] for attraction in board.attractions]
    return distinct([attraction.name for attraction in board.attractions], spaces)


def country_words(board: Board) -> list[str]:
    """Every country by its name, in content order."""
    return distinct(board.country_names, board.countries)


def attack_words(decks: Decks) -> list[str]:
    """What each kind of card aimed at a player does (sorted as the encoding sorts them),
    with the Action cards that do it: `steal money (Pickpocket)`."""
    words: list[str] = []
    for kind in sorted(TARGETED):
        cards = [card.name for card in decks.action if card.effect.kind == kind]
        words.append(f"{ATTACK_WORDS[kind]} ({', '.join(cards)})" if cards else ATTACK_WORDS[kind])
    return words


def drawn_card_words(decks: Decks) -> list[str]:
    """The Ignition cards, then the Border cards, by name (the `card` field's order)."""
    return [f"Ignition: {card.name}" for card in decks.ignition] + [
        f"Border: {card.name}" for card in decks.border
    ]


def action_index_names(game: RouteEastGame, blocks: Sequence[ActionBlock]) -> list[str]:
    """A name for every action index of `RouteEastActions`, block by block."""
    players = game.players
    spaces = space_words(game.board)
    cards = action_card_words(game.decks)
    aims = [""] + [f" on {relative_seat(k)}" for k in range(1, players)]
    names_of_block: Mapping[str, Sequence[str]] = {
        "move": spaces,
        "magic-move": spaces,
        "train": spaces,
        "play": [card + aim for card in cards for aim in aims],
        "discard": cards,
        "target": [relative_seat(k) for k in range(1, players)],
    }
    return block_names(blocks, names_of_block)


def observation_position_names(
    game: RouteEastGame, fields: Sequence[Field], deck_keys: Sequence[str]
) -> list[str]:
    """A name for every position of `RouteEastObservations`, field by field; `deck_keys` are
    the piles the `decks` field counts, in its order."""
    board, decks = game.board, game.decks
    seats = [relative_seat(k) for k in range(game.players)]
    spaces = space_words(board)
    countries = country_words(board)
    attractions = attraction_words(board)
    statuses = [STATUS_WORDS[status] for status in STATUS_NAMES]

    def each_seat(things: Sequence[str]) -> list[str]:
        return [f"{seat}: {thing}" for seat in seats for thing in things]

    names_of_field: dict[str, Sequence[str]] = {
        "phase": PHASE_NAMES,
        "card": drawn_card_words(decks),
        "attack_kind": attack_words(decks),
        "decks": [DECK_WORDS[key] for key in deck_keys],
        "hand": action_card_words(decks),
        "own_unvisited": attractions,
        "own_unvisited_countries": countries,
        "space": each_seat(spaces),
        "country": each_seat(countries),
        "status": each_seat(statuses),
        "visited": each_seat(attractions),
        "last_attraction": each_seat(attractions),
    }
    for name in (*RELATIVE_SEAT_FIELDS, *PER_SEAT_VALUES):
        names_of_field[name] = seats
    return field_names(fields, names_of_field)
