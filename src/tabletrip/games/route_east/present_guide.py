"""Route East's references for the terminal: the notation's forms and a rules summary.

`notation_forms` lists every form `parse_action` reads (notation.py), with what each field
means and which values it takes, from the game's own card catalogue; `rules_summary` tells
the race in a few short paragraphs for the game's player count and attractions. Both are
tabletrip's own words, not the rulebook's.
"""

from __future__ import annotations

import textwrap

from tabletrip.core.phrases import plural
from tabletrip.core.presentation import NotationForm
from tabletrip.games.route_east.content import HOSTEL, HOTEL, LODGING, MOVES_PER_TURN, TARGETED
from tabletrip.games.route_east.phases import (
    BANKRUPT_GRANT,
    FREE_PLAY_KINDS,
    HAND_LIMIT,
    PLAYS_PER_TURN,
    ROUND_LIMIT,
    TOLL_PRICE,
)
from tabletrip.games.route_east.rules import RouteEastGame

SUMMARY_WIDTH = 90

SPACE = (
    "<space>",
    "a space your piece can go to now: its name as printed (İzmit) or typed plainly "
    "(izmit: capitals and accents do not matter), or the start of it if only one reachable "
    "space begins so (izm); the board code the records write is read too",
)


def _cards(game: RouteEastGame, aimed: bool | None) -> str:
    """`pickpocket (Pickpocket), siphon (Siphon)`: the codes of the cards `play` takes,
    aimed at a player (`aimed`), at nobody (not `aimed`) or every card (None)."""
    shown = []
    for card in game.decks.action:
        kind = card.effect.kind
        if aimed is not None and (kind not in FREE_PLAY_KINDS or (kind in TARGETED) != aimed):
            continue
        shown.append(f"{card.id} ({card.name})")
    return ", ".join(shown) if shown else "none in this game"


def _seat(game: RouteEastGame) -> tuple[str, str]:
    last = game.players - 1
    return (
        "<seat>",
        "the player, counted from 0: 0 is Player 1, 1 is Player 2 and so on, up to "
        f"{last} for Player {last + 1}",
    )


def notation_forms(game: RouteEastGame) -> tuple[NotationForm, ...]:
    """Every form of the notation a person may type, with its fields."""
    seat = _seat(game)
    aimed = ("<card>", f"an Action Card aimed at a player: {_cards(game, True)}")
    on = (aimed, seat)
    forms = (
        NotationForm("ignition", "start the turn with an Ignition Card"),
        NotationForm("border", "at a Border, start the turn with a Border Card to cross"),
        NotationForm(
            "cross",
            "after the Border Card, cross into the next country with a Fuel Token (none "
            "if the card waves you through), paying any fee it names",
        ),
        NotationForm(
            "cross with border pass",
            "cross with a Border Pass instead of a Fuel Token (on a Border in the middle of "
            "your moves too)",
        ),
        NotationForm("stay", "after the Border Card, stay: no moving spaces this turn"),
        NotationForm("move <space>", "move one space along a road", (SPACE,)),
        NotationForm(
            "move <space> with magic roll",
            "pass a dirt road by playing a Magic Roll instead of rolling",
            (SPACE,),
        ),
        NotationForm("take", "spend a move to pick up an Action Card"),
        NotationForm(
            "play <card>",
            "play an Action Card during your moves (it costs no move)",
            (("<card>", f"an Action Card aimed at nobody: {_cards(game, False)}"),),
        ),
        NotationForm("play <card> on seat <seat>", "play an Action Card on a player", on),
        NotationForm("play <card> seat <seat>", "the same as play on seat, shorter", on),
        NotationForm("play <card> <seat>", "the same as play on seat, shortest", on),
        NotationForm(
            "train <space>",
            "play a Freight Train as your first move and ride to a place to stay; it ends the turn",
            (
                (
                    "<space>",
                    "where the train stops: a Hostel, Hotel or Border in this country within "
                    "its reach (an attraction if you have a Tent), named as for move",
                ),
            ),
        ),
        NotationForm(
            "discard <card>",
            f"over the hand limit of {HAND_LIMIT}, put a card under the Action deck",
            (("<card>", f"an Action Card in your hand: {_cards(game, None)}"),),
        ),
        NotationForm(
            "target seat <seat>",
            "choose the player your Ignition Card takes from",
            (seat,),
        ),
        NotationForm("hell no", "play Hell no! to cancel the card played against you"),
        NotationForm("accept", "let the card played against you (or your cancelled card) stand"),
        NotationForm(
            "end",
            "end the turn here; out of moves where you may not sleep, go back the way you came",
        ),
        NotationForm("camp", "play a Tent and spend the night on this attraction"),
        NotationForm("roll", "held at an Embassy: roll the die, a 6 lets you go"),
        NotationForm("sail", "on the Caspian boat: spend a move rolling for a 6"),
    )
    return tuple(
        NotationForm(f.form, f.meaning[:1].upper() + f.meaning[1:], f.fields) for f in forms
    )


def rules_summary(game: RouteEastGame) -> str:
    """The race in short paragraphs (blank lines between), for this game's options."""
    count = game.attraction_count
    hostel, hotel = LODGING[HOSTEL], LODGING[HOTEL]
    money = sum(value * n for value, n in game.decks.player_money.items())
    train = game.train_reach
    paragraphs = [
        f"Race from Istanbul to Shanghai. Each of the {game.players} players holds "
        f"{plural(count, 'Attraction Card')}, each in a different country and kept face down: "
        "visit them all, then be the first to reach Shanghai. Your last one still to visit "
        f"lies face up. You start with ${money} and 1 Fuel Token.",
        "A turn opens with an Ignition Card, read out and carried out at once; then you pay "
        f"for last night (a Hostel ${hostel}, a Hotel ${hotel}, a Border free, and nothing on "
        "your first turn). At a Border you may open with a Border Card instead, to cross into "
        "the next country: hand in a Fuel Token (or play a Border Pass) and any fee the card "
        "names, or stay and move no spaces today.",
        f"Then take your {MOVES_PER_TURN} moves (a card may change how many): each moves "
        "your piece one space along a road or picks up an Action Card, and up to "
        f"{PLAYS_PER_TURN} Action Cards may be played at no cost. Normal roads are free, a "
        f"dirt road needs an even roll (a miss still costs the move), a toll road costs "
        f"${TOLL_PRICE}. End the turn on a Hostel, Hotel or Border (on an attraction only "
        "with a Tent); out of moves anywhere else, go back the way you came. To enter "
        "another country you end a turn at its Border and cross on the next.",
        "Passing an ATM takes one Bank Card, passing a Fuel Station a Fuel Token; you cannot "
        "sleep on either. Landing on one of your attractions turns it face up and pays its "
        "bonus. Unable to pay, you go to the Embassy of your country with "
        f"${BANKRUPT_GRANT}: roll a 6 to leave (one roll a turn), free on the third turn. The "
        "Caspian Sea is crossed from its port Border by boat: your moves are rolls for a 6, "
        "and the boat lands by itself on your third turn.",
        f"Hold up to {HAND_LIMIT} Action Cards. They steal money or fuel, send a player to an "
        "Embassy, add a move, fuel or money, cross a Border without fuel, choose a dirt-road "
        f"roll, sleep on an attraction, or ride a Freight Train up to {train} spaces as your "
        "first move (it ends the turn). Hell no! cancels a card played against you, even a "
        "Hell no!.",
        "The first to reach Shanghai with every attraction visited wins at once: a race has "
        "no points and no tie-break, as nobody can arrive at the same moment. tabletrip stops "
        f"a race with no winner when a player would begin turn {ROUND_LIMIT + 1}.",
    ]
    return "\n\n".join(textwrap.fill(p, SUMMARY_WIDTH) for p in paragraphs)


__all__ = ["notation_forms", "rules_summary"]
