"""Route East's words for places, players, moves and events, shared by its presentation.

Everything here reads the board's static content (`Board`, `Decks`) and public text only:
the notation of a move as the log holds it, and the event lines of an observation. Spaces are
named as printed ("Bolu", "Sarp"), never by their ids; players as "Player 1".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tabletrip.core.memo import Memo
from tabletrip.core.phrases import listing
from tabletrip.core.presentation import unreadable_parts
from tabletrip.games.route_east.content import (
    ATM,
    ATTRACTION,
    BOAT,
    BORDER,
    DIRT,
    EMBASSY,
    FINISH,
    FUEL,
    HOSTEL,
    HOTEL,
    START,
    Board,
    Decks,
)
from tabletrip.games.route_east.roads import road_distances

PIECE_COLOURS = ("red", "blue", "green", "yellow", "purple")  # as the board draws the pieces


def money(amount: int) -> str:
    """`$125`."""
    return f"${amount}"


def player(seat: int) -> str:
    """`Player 1` (seats count from 1 for a person)."""
    return f"Player {seat + 1}"


def piece_colour(seat: int) -> str:
    """The colour of a seat's playing piece on the board."""
    return PIECE_COLOURS[seat % len(PIECE_COLOURS)]


def capitalised(text: str) -> str:
    """The first letter in capitals: `collect $50` -> `Collect $50`."""
    return text[:1].upper() + text[1:]


def seat_title(seat: int, viewer: int | None) -> str:
    """`Player 2 (blue)`, `Player 1 (red, you)`: a seat with its piece's colour."""
    you = ", you" if seat == viewer else ""
    return f"{player(seat)} ({piece_colour(seat)}{you})"


# --- places ---------------------------------------------------------------------------------


def space_name(board: Board, space: int) -> str:
    """A space as printed; a nameless road space as `the road between Beyneu and Shalkar`."""
    name = board.space_names[space]
    if name:
        return name
    ends = [b if a == space else a for a, b, _, _ in board.roads if space in (a, b)]
    named = [board.space_names[s] for s in ends if board.space_names[s]]
    if named:
        return f"the road between {listing(named)}"
    return "a road space"


KIND_WORDS = {
    "plain": "road",
    "hostel": "Hostel",
    "hotel": "Hotel",
    "border": "Border",
    "embassy": "Embassy",
    "atm": "ATM",
    "fuel": "Fuel Station",
    "attraction": "attraction",
    "start": "start line",
    "finish": "finish",
    "boat": "Caspian boat",
}
"""A space kind (`SPACE_KINDS`) as the board and the terminal name it."""


def night_words(board: Board, space: int) -> str:
    """What a night on a space costs: `$25 a night`, `free night`, or `no night here`."""
    kind = board.kinds[space]
    if kind in (HOSTEL, HOTEL):
        return f"${board.lodging[space]} a night"
    if kind in (BORDER, START):
        return "free night"
    if kind == FINISH:
        return "the finish"
    if kind == ATTRACTION:
        return "no night (a Tent allows one)"
    if kind == BOAT:
        return "at sea"
    return "no night here"


def space_index(board: Board, space_id: str) -> int | None:
    """The index of a space id of the notation, or None for an id the board does not hold."""
    return board.index.get(space_id)


def other_side(board: Board, space: int, country: int) -> int | None:
    """The country across a Border from `country`, or None off a Border."""
    pair = board.border_countries[space]
    if pair is None:
        return None
    return pair[1] if pair[0] == country else pair[0]


def place_words(board: Board, space: int, country: int) -> str:
    """What a space is, for a piece in `country`: `Hostel, $25 a night`, `Border to Georgia,
    free night`, `ATM, no night here`."""
    kind = board.kinds[space]
    if kind in (HOSTEL, HOTEL):
        return f"{'Hostel' if kind == HOSTEL else 'Hotel'}, {money(board.lodging[space])} a night"
    if kind == BORDER:
        far = other_side(board, space, country)
        beyond = f" to {board.country_names[far]}" if far is not None else ""
        port = ", the Caspian port the boat sails from" if space in board.ports else ""
        return f"Border{beyond}{port}, free night"
    if kind == START:
        return "the start line, free night"
    if kind == FINISH:
        return "the finish line"
    if kind == BOAT:
        return "the boat across the Caspian Sea"
    if kind == EMBASSY:
        return "Embassy, pass through only"
    if kind == ATM:
        return "ATM, no night here"
    if kind == FUEL:
        return "Fuel Station, no night here"
    if kind == ATTRACTION:
        return "attraction, no night here without a Tent"
    return "road space, no night here"


def spaces_away(board: Board, source: int) -> tuple[int, ...]:
    """Fewest spaces from `source` to every space along roads (see `roads.road_distances`)."""
    return road_distances(board, source)


# --- cards ----------------------------------------------------------------------------------

_CARD_KINDS = re.compile(r"\b(Action|Ignition|Border|Bank|Attraction) card")


def printed(text: str) -> str:
    """Card kinds capitalised as the rulebook prints them: `Action card` -> `Action Card`."""
    return _CARD_KINDS.sub(r"\1 Card", text)


_SENTENCE_END = re.compile(r"(?<=[.!])\s+")


def card_rule(text: str) -> str:
    """What a card does, in short: the sentence of its text that says when to play it and
    what it does ("Play during your moves: ..."), or the whole text if none does."""
    for sentence in _SENTENCE_END.split(text.strip()):
        if sentence.startswith("Play"):
            return sentence
    return text.strip()


def action_card_name(decks: Decks, card_id: str) -> str:
    """An Action Card's printed name from its id (`hell-no` -> `Hell no!`)."""
    index = decks.action_index.get(card_id)
    if index is not None:
        return decks.action[index].name
    return capitalised(card_id.replace("-", " ").replace("_", " "))


# --- moves in words -------------------------------------------------------------------------

_SEAT = re.compile(r"\bseat (\d+)\b")


def _target_words(text: str) -> str:
    return _SEAT.sub(lambda m: player(int(m.group(1))), text)


def _move_to(board: Board, space_id: str, magic: bool) -> str:
    space = space_index(board, space_id)
    if space is None:
        return "used a Magic Roll on a dirt road" if magic else "moved one space"
    where = space_name(board, space)
    if magic:
        return f"played a Magic Roll to pass the dirt road to {where}"
    kinds = {kind for a, b, kind, _ in board.roads if space in (a, b)}
    if kinds == {DIRT}:
        return f"tried the dirt road to {where}"  # a roll decides: the events tell
    if DIRT in kinds:
        return f"headed for {where}"  # the notation does not say which road
    return f"moved to {where}"


def move_words(board: Board, decks: Decks, move: str) -> str:
    """A move's notation (public, or the mover's own) in words read after the mover's name."""
    text = " ".join(move.split())
    simple = {
        "ignition": "drew an Ignition Card",
        "border": "drew a Border Card",
        "cross": "crossed the Border",
        "cross with border pass": "crossed the Border with a Border Pass",
        "stay": "stayed at the Border",
        "take": "picked up an Action Card",
        "discard a card": "discarded a card",
        "hell no": "said Hell no!",
        "accept": "accepted",
        "end": "ended the turn",
        "camp": "camped in a Tent",
        "roll": "rolled the dice to leave the Embassy",
        "sail": "rolled the dice on the Caspian Sea",
    }
    if text in simple:
        return simple[text]
    words = text.split(" ")
    head, rest = words[0], " ".join(words[1:])
    if head == "move" and rest:
        magic = rest.endswith(" with magic roll")
        return _move_to(board, rest.removesuffix(" with magic roll"), magic)
    if head == "train" and rest:
        space = space_index(board, rest)
        where = f" to {space_name(board, space)}" if space is not None else ""
        return f"rode a Freight Train{where}"
    if head == "play" and rest:
        card, _, target = rest.partition(" on ")
        name = action_card_name(decks, card)
        return f"played {name}" + (f" on {_target_words(target)}" if target else "")
    if head == "discard" and rest:  # the mover's own notation names the card
        name = action_card_name(decks, rest)
        return f"discarded {'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
    if head == "target" and rest:
        return f"aimed the Ignition Card at {_target_words(rest)}"
    return _fallback(board, text)


def _fallback(board: Board, text: str) -> str:
    kept = [w for w in text.split(" ") if w not in board.index and not unreadable_parts(w)]
    cleaned = " ".join(kept).replace("-", " ")
    return f"made a move: {cleaned}" if cleaned else "made a move"


# --- events in words ------------------------------------------------------------------------

_SPACE_ID = re.compile(r"\b([a-z0-9]+(?:-[a-z0-9]+)+)(?: \([^()]*\))?")
_FIRST_ROLLS = re.compile(r"seat (\d+) (\d+)")
_ROLL = re.compile(r"^seat (\d+) rolled (\d+): (.+)$")
_TURN_START = re.compile(
    r"^seat (\d+) (?:drew (?:Ignition|Border) card|landed on the far shore|"
    r"rolled \d+: (?:leaves the Embassy|stays at the Embassy|still at sea|reaches the far shore))"
)
_CARD_DRAWN = re.compile(r"^seat (\d+) drew (?:Ignition|Border) card")
ROLL_WORDS = {
    "passes the dirt road": "passed the dirt road",
    "stuck on the dirt road": "stuck at the dirt road",
    "reaches the far shore": "reached the far shore",
    "still at sea": "still at sea",
    "leaves the Embassy": "leaves the Embassy",
    "stays at the Embassy": "stays at the Embassy",
}


def event_words(board: Board, event: str) -> str:
    """One event line of an observation with players and places named as a person reads
    them: `Player 2 went back to Bolu for the night`.

    Remembered per board: every view shows the last events again, for every viewer."""
    return _remembered_event_words(board, event)


def _event_words(board: Board, event: str) -> str:
    text = event
    if text.startswith("rolls for first player: "):
        rolls = _FIRST_ROLLS.findall(text)
        said = ", ".join(f"{player(int(s))} rolled {r}" for s, r in rolls)
        return f"Rolls for the first player: {said}"

    def place(match: re.Match[str]) -> str:
        space = space_index(board, match.group(1))
        return match.group(0) if space is None else space_name(board, space)

    text = _SPACE_ID.sub(place, text)
    text = re.sub(r"\bseat (\d+)'s\b", lambda m: player(int(m.group(1))) + "'s", text)
    text = _target_words(text)
    text = re.sub(r"\brolled (\d+):", r"rolled a \1:", text)
    text = printed(text)
    for bad in unreadable_parts(text):  # an event kind the words above do not know
        text = text.replace(bad, bad.replace("_", " "))
    return capitalised(text)


_remembered_event_words: Memo[Board, str, str] = Memo(_event_words)


def turn_rolls(events: Sequence[str], seat: int) -> list[tuple[int, str]]:
    """The rolls `seat` made in its turn now under way: (number, what came of it), oldest first.

    The events run back to where the turn began: the seat's Ignition or Border Card, or the
    start of another seat's turn (a turn on the boat or at an Embassy draws no card).
    """
    rolls: list[tuple[int, str]] = []
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if event.startswith("rolls for first player"):
            break
        start = _TURN_START.match(event)
        if start and int(start.group(1)) != seat:
            break
        roll = _ROLL.match(event)
        if roll and int(roll.group(1)) == seat:
            outcome = roll.group(3)
            rolls.append((int(roll.group(2)), ROLL_WORDS.get(outcome, outcome)))
        drawn = _CARD_DRAWN.match(event)
        if drawn and int(drawn.group(1)) == seat:
            # A 6 at the Embassy opens the turn just before its Ignition Card.
            before = _ROLL.match(events[i - 1]) if i else None
            if before and int(before.group(1)) == seat and before.group(3) == "leaves the Embassy":
                rolls.append((int(before.group(2)), ROLL_WORDS[before.group(3)]))
            break
    rolls.reverse()
    return rolls
