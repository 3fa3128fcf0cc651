"""Route East in its own words: what a seat sees, its score rows, the outcome, moves.

The legal moves as a player chooses them are in present_actions.py, the words for places,
players, logged moves and events in present_words.py.

Everything here is built from an observation (a seat's or the public one) and the game's
static content (the board and the card catalogue) only, so it never shows what the seat may
not see: the seat's own Action Cards and face-down attractions come from its observation, the
others' only as counts and face-up cards. Route East is a race, not a score: the first to
Shanghai with every attraction visited wins (1, the others 0), and the rows say so; the facts
of each journey (turns, money, Fuel Tokens) are rows without points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletrip.core.phrases import plural
from tabletrip.core.presentation import (
    Block,
    Card,
    Cards,
    Document,
    Item,
    Items,
    Lookup,
    NotationForm,
    Presentation,
    ScoreRow,
    Section,
    Sentence,
    Table,
    Value,
    Values,
)
from tabletrip.games.route_east.content import BORDER, Board, Decks
from tabletrip.games.route_east.phases import (
    EMBASSY_ROLL_TURNS,
    HAND_LIMIT,
    PLAYS_PER_TURN,
    ROUND_LIMIT,
    SEA_ROLL_TURNS,
)
from tabletrip.games.route_east.present_actions import action_steps, action_words
from tabletrip.games.route_east.present_guide import notation_forms, rules_summary
from tabletrip.games.route_east.present_lookups import where_section
from tabletrip.games.route_east.present_words import (
    action_card_name,
    capitalised,
    card_rule,
    event_words,
    money,
    move_words,
    other_side,
    place_words,
    player,
    printed,
    seat_title,
    space_name,
    spaces_away,
    turn_rolls,
)
from tabletrip.games.route_east.rules import RouteEastGame

if TYPE_CHECKING:
    from tabletrip.core.actions import Action, JsonDict
    from tabletrip.core.game import Game, Result

EVENTS_SHOWN = 10
ATTACK_WORDS = {
    "steal_money": "steal {amount} from {target}",
    "steal_fuel": "steal a Fuel Token from {target}",
    "send_embassy": "send {target} to an Embassy",
}


def _route_east(game: Game) -> RouteEastGame:
    """The game as Route East's (TypeError for another game's)."""
    if not isinstance(game, RouteEastGame):
        raise TypeError(f"not a Route East game: {type(game).__name__}")
    return game


def _content(game: Game) -> tuple[Board, Decks]:
    """The board and the card catalogue: the presentation reads nothing else of the game."""
    route_east = _route_east(game)
    return route_east.board, route_east.decks


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else player(seat)


# --- the document ---------------------------------------------------------------------------


def build_document(board: Board, decks: Decks, observation: Mapping[str, Any]) -> Document:
    """What the observation's seat (or a spectator, for the public observation) sees."""
    viewer = observation.get("seat")
    sections: list[Section] = []
    if viewer is not None:
        sections += _own_sections(board, decks, observation, viewer)
    sections += [
        _seat_section(board, observation, seat, viewer) for seat in range(len(observation["seats"]))
    ]
    sections += _table_sections(board, observation, viewer)
    return Document(tuple(sections))


def _own_sections(
    board: Board, decks: Decks, observation: Mapping[str, Any], seat: int
) -> list[Section]:
    hand: Mapping[str, int] = observation.get("hand") or {}
    cards = []
    for card_id, count in hand.items():
        index = decks.action_index.get(card_id)
        rule = printed(card_rule(decks.action[index].text)) if index is not None else ""
        cards.append(Card(action_card_name(decks, card_id), count, "", rule))
    held = sum(hand.values())
    blocks: list[Block] = [Cards(tuple(cards), empty="no Action Cards")]
    if observation["phase"] == "discard" and observation["turn_of"] == seat and held > HAND_LIMIT:
        blocks.append(
            Sentence(
                f"Over the limit of {HAND_LIMIT}: put {plural(held - HAND_LIMIT, 'card')} "
                "under the Action deck."
            )
        )
    else:
        blocks.append(
            Sentence(
                f"You may hold {HAND_LIMIT} Action Cards and play {PLAYS_PER_TURN} a turn; "
                "picking one up costs a move."
            )
        )
    sections = [Section("Your hand", tuple(blocks), "mine", seat)]
    attractions = observation.get("attractions") or []
    if attractions:
        sections.append(_attractions_section(board, observation, seat, attractions))
    return sections


def _attractions_section(
    board: Board,
    observation: Mapping[str, Any],
    seat: int,
    attractions: Sequence[Mapping[str, Any]],
) -> Section:
    here = board.index[observation["seats"][seat]["space"]]
    away = spaces_away(board, here)
    names = dict(zip(board.countries, board.country_names, strict=True))
    left = [a for a in attractions if not a["visited"]]
    rows = []
    for a in attractions:
        if a["visited"]:
            card, distance = "visited", "-"
        else:
            card = "face up, your last" if len(left) == 1 else "face down"
            steps = away[board.index[a["space"]]]
            distance = "here" if steps == 0 else str(steps) if steps > 0 else "no road"
        rows.append(
            (a["name"], names[a["country"]], capitalised(printed(a["bonus"])), card, distance)
        )
    to_finish = away[board.finish]
    finish = space_name(board, board.finish)
    if left:
        plan = f"{len(left)} still to visit, then on to {finish}."
    else:
        plan = f"Every attraction visited: now race to {finish}, {plural(to_finish, 'space')} away."
    table = Table(("Attraction", "Country", "Bonus", "Card", "Spaces away"), tuple(rows))
    return Section("Your Attraction Cards", (table, Sentence(plan)), "mine", seat)


def _seat_section(
    board: Board, observation: Mapping[str, Any], seat: int, viewer: int | None
) -> Section:
    info = observation["seats"][seat]
    here = board.index[info["space"]]
    country = board.countries.index(info["country"])
    values = [
        Value("Where", space_name(board, here)),
        Value("Place", place_words(board, here, country)),
        Value("Sailing from" if here == board.boat else "Country", board.country_names[country]),
        Value("Money", money(info["money"])),
        Value("Fuel Tokens", info["fuel"]),
        Value("Action Cards in hand", info["action_cards"]),
        Value("Attractions visited", len(info["visited"]), of=info["attractions"]),
        Value("Turns taken", info["turns"]),
    ]
    if info.get("bankruptcies"):
        values.append(Value("Ran out of money", plural(info["bankruptcies"], "time")))
    blocks: list[Block] = [Values(tuple(values))]
    status = _status_sentence(board, info, seat, viewer)
    if status:
        blocks.append(Sentence(status))
    elif here != board.finish and info["attractions"] == len(info["visited"]):
        blocks.append(
            Sentence(f"Every attraction visited: racing to {space_name(board, board.finish)}.")
        )
    names = dict(zip(board.countries, board.country_names, strict=True))
    shown = [
        Item(a["name"], f"{names[a['country']]}, visited (bonus: {printed(a['bonus'])})")
        for a in info["visited"]
    ]
    last = info.get("last_attraction")
    if last:
        shown.append(Item(last["name"], f"{names[last['country']]}, the last to visit (face up)"))
    blocks.append(Items(tuple(shown), empty="no attraction face up yet"))
    return Section(seat_title(seat, viewer), tuple(blocks), "seat", seat)


def _status_sentence(board: Board, info: Mapping[str, Any], seat: int, viewer: int | None) -> str:
    status, turns = info["status"], info["status_turns"]
    who = capitalised(_who(seat, viewer))
    where = space_name(board, board.index[info["space"]])
    if status == "sent_to_embassy":
        return (
            f"{who} {'were' if seat == viewer else 'was'} sent to {where} by a card: the next "
            "turn starts as usual with an Ignition Card, and the night there is free."
        )
    if status == "stuck_at_embassy":
        return (
            f"Held at {where} after running out of money: one roll a turn, a 6 to leave "
            f"({turns} of {EMBASSY_ROLL_TURNS} turns rolled); free to go on the third."
        )
    if status == "at_sea":
        return (
            f"On the Caspian Sea ferry, rolling for a 6 to land (turn {turns} of "
            f"{SEA_ROLL_TURNS}); it lands by itself on the third."
        )
    return ""


def _table_sections(
    board: Board, observation: Mapping[str, Any], viewer: int | None
) -> list[Section]:
    decks = observation["decks"]
    piles = Values(
        (
            Value("Ignition Cards", plural(decks["ignition"], "card")),
            Value("Border Cards", plural(decks["border"], "card")),
            Value("Action Cards", plural(decks["action"], "card")),
            Value("Action Cards played", plural(decks["action_discards"], "card")),
            Value("ATM", plural(decks["atm"], "Bank Card")),
            Value("Fuel Tokens on the oil rig", observation["fuel_supply"]),
        )
    )
    title = "The race" if observation.get("over") else "This turn"
    sections = [
        Section(title, tuple(_turn_blocks(board, observation, viewer)), "table"),
        Section("The piles", (piles,), "table"),
    ]
    events = observation.get("events") or []
    shown = tuple(Item(event_words(board, e)) for e in events[-EVENTS_SHOWN:])
    sections.append(
        Section("Recent events, newest last", (Items(shown, empty="nothing yet"),), "table")
    )
    return sections


def _turn_blocks(board: Board, observation: Mapping[str, Any], viewer: int | None) -> list[Block]:
    if observation.get("over"):
        winner = observation.get("winner")
        if winner is not None:
            who = "You" if winner == viewer else player(winner)
            return [
                Sentence(
                    f"The race is over: {who} reached {space_name(board, board.finish)} "
                    "first with every attraction visited."
                )
            ]
        return [
            Sentence(
                f"The race is over: the turn limit ({ROUND_LIMIT} turns each) was reached "
                "and nobody won."
            )
        ]
    turn_of, current = observation["turn_of"], observation["current_player"]
    whose = "Your turn" if turn_of == viewer else f"{player(turn_of)}'s turn"
    blocks: list[Block] = [Sentence(f"{whose}: {_doing(board, observation)}.")]
    if current != turn_of:
        blocks.append(Sentence(f"To decide now: {_who(current, viewer)}."))
    card = observation.get("card")
    if card:
        deck = "Ignition Card" if card["deck"] == "ignition" else "Border Card"
        blocks.append(Sentence(f"{deck} drawn: {card['name']}. {printed(card['text'])}"))
    values: list[Value] = []
    if observation["phase"] not in ("start", "embassy"):
        left, used = observation["moves_left"], observation["moves_used"]
        values += [
            Value("Moves left", left, of=left + used),
            Value("Action Cards played", observation["action_cards_played"], of=PLAYS_PER_TURN),
        ]
    rolls = turn_rolls(observation.get("events") or [], turn_of)
    if rolls:
        values.append(Value("Rolls this turn", ", ".join(f"{n} ({what})" for n, what in rolls)))
    if values:
        blocks.append(Values(tuple(values)))
    if observation.get("declined_crossing"):
        blocks.append(
            Sentence("Stayed at the Border after the Border Card: no moving spaces this turn.")
        )
    attack = observation.get("attack")
    if attack:
        blocks.append(Sentence(_attack_sentence(attack, viewer)))
    return blocks


def _doing(board: Board, observation: Mapping[str, Any]) -> str:
    """What the turn's player is deciding now, in the rulebook's terms."""
    phase = observation["phase"]
    turn_of = observation["turn_of"]
    info = observation["seats"][turn_of]
    here = board.index[info["space"]]
    country = board.countries.index(info["country"])
    far = other_side(board, here, country)
    beyond = board.country_names[far] if far is not None else "the next country"
    if phase == "start":
        if board.kinds[here] == BORDER:
            return f"draw an Ignition Card, or a Border Card to cross into {beyond}"
        return "draw an Ignition Card"
    if phase == "cross":
        return f"cross into {beyond} (a Fuel Token or a Border Pass) or stay at the Border"
    if phase == "moves":
        if info["status"] == "at_sea":
            return "roll for a 6 to reach the far shore, a move a roll"
        if not observation["moves_left"]:
            return "play Action Cards or end the turn, no moves left"
        if observation.get("declined_crossing"):
            return "pick up or play Action Cards, or end the turn"
        return "move 1 space a move, pick up Action Cards, play up to 2, or end the turn"
    if phase == "target":
        return "choose the player the Ignition Card is aimed at"
    if phase == "respond":
        return "a card played against a player waits for an answer"
    if phase == "discard":
        return f"put Action Cards under the Action deck until {HAND_LIMIT} are left"
    if phase == "embassy":
        return "roll the dice at the Embassy: a 6 to leave"
    return "play on"


def _attack_sentence(attack: Mapping[str, Any], viewer: int | None) -> str:
    attacker, target = attack["attacker"], attack["target"]
    template = ATTACK_WORDS.get(attack["effect"], "play a card on {target}")
    what = template.format(amount=money(attack["amount"]), target=_who(target, viewer))
    hell_nos = attack["hell_nos"]
    stands = hell_nos % 2 == 0
    answer = target if stands else attacker
    said = f"{plural(hell_nos, 'Hell no!', 'Hell no!s')} so far" if hell_nos else "no Hell no! yet"
    return (
        f"{capitalised(_who(attacker, viewer))} played a card to {what}; {said}, the card "
        f"{'stands' if stands else 'is cancelled'}. {capitalised(_who(answer, viewer))} may "
        "accept or say Hell no!"
    )


# --- lookups ---------------------------------------------------------------------------------

LOOKUPS = (
    Lookup(
        "where",
        "the spaces near your piece: what each is, the road in, and how far each lies from "
        "your next attraction and from Shanghai (`where hostel`, `where izmit` to narrow it)",
        filtered=True,
    ),
    Lookup(
        "attractions",
        "your Attraction Cards, visited or not and how far, and every attraction face up",
    ),
)


def attractions_lookup(board: Board, observation: Mapping[str, Any]) -> Section:
    """`attractions`: the seat's own cards (its observation's), then every one face up."""
    viewer = observation.get("seat")
    blocks: list[Block] = []
    own = observation.get("attractions") or []
    if viewer is not None and own:
        blocks += _attractions_section(board, observation, viewer, own).blocks
    names = dict(zip(board.countries, board.country_names, strict=True))
    rows = []
    for seat, info in enumerate(observation["seats"]):
        who = capitalised(_who(seat, viewer))
        for a in info["visited"]:
            rows.append((who, a["name"], names[a["country"]], "visited"))
        last = info.get("last_attraction")
        if last:
            rows.append((who, last["name"], names[last["country"]], "the last to visit"))
    blocks.append(
        Table(
            ("Player", "Attraction face up", "Country", "State"),
            tuple(rows),
            empty="no attraction face up yet",
        )
    )
    return Section("Attractions", tuple(blocks), "table")


# --- score rows, the outcome ----------------------------------------------------------------


def build_score_rows(board: Board, breakdown: Mapping[str, Any]) -> list[ScoreRow]:
    """One seat's race: whether it reached the finish first (the one scoring step, 1 point for
    the winner), then the facts of its journey, which score nothing (rows without points)."""
    finish = space_name(board, board.finish)
    won = breakdown.get("finished", 0)
    if won:
        detail = "won the race: 1 for the winner, 0 for the others"
    elif breakdown.get("turn_limit_reached"):
        detail = f"no: the turn limit ({ROUND_LIMIT} turns each) stopped the race"
    else:
        detail = "no: another player got there first"
    visited, held = breakdown.get("attractions_visited", 0), breakdown.get("attractions", 0)
    bankrupt = breakdown.get("bankruptcies", 0)
    stays = breakdown.get("embassy_stays", 0)
    return [
        ScoreRow(f"Reached {finish} first", won, detail),
        ScoreRow(
            "Attractions visited",
            None,
            f"all {held}" if held and visited == held else f"{visited} of {held}",
        ),
        ScoreRow("Turns taken", None, plural(breakdown.get("turns", 0), "turn")),
        ScoreRow("Ran out of money", None, plural(bankrupt, "time") if bankrupt else "never"),
        ScoreRow("Sent to an Embassy", None, plural(stays, "time") if stays else "never"),
        ScoreRow("Money left", None, money(breakdown.get("money", 0))),
        ScoreRow("Fuel Tokens left", None, str(breakdown.get("fuel", 0))),
    ]


def build_outcome(board: Board, result: Result, names: Sequence[str]) -> str:
    """Who reached Shanghai first, or that nobody did. A race has no tie-break: the first to
    arrive wins at once, so two players never tie on the point; when nobody arrives, every
    score is 0 and the sentence says the tie stands."""
    finish = space_name(board, board.finish)
    if result.winners:
        winner = result.winners[0]
        breakdown = result.breakdown[winner]
        held, turns = breakdown.get("attractions", 0), breakdown.get("turns", 0)
        seen = f"all {plural(held, 'attraction')} visited" if held else "every attraction visited"
        return f"{names[winner]} reached {finish} first, with {seen}, in {plural(turns, 'turn')}."
    # Every score is 0: a tie that stands, as a race has no tie-break ("Overview").
    if any(b.get("turn_limit_reached") for b in result.breakdown):
        return (
            f"Nobody reached {finish}: the race stopped at the turn limit "
            f"({ROUND_LIMIT} turns each), so nobody wins and the tie stands (a race has no "
            "tie-break)."
        )
    return (
        f"The race ended before anyone reached {finish}: nobody wins and the tie stands (a "
        "race has no tie-break)."
    )


class RouteEastPresentation(Presentation):
    """Route East's presentation (registered in the package)."""

    drawn_by = "tabletrip.games.route_east"

    def document(self, game: Game, observation: JsonDict) -> Document:
        """Your hand and Attraction Cards, each seat's piece and purse, then the table."""
        board, decks = _content(game)
        return build_document(board, decks, observation)

    def score_rows(self, game: Game, breakdown: JsonDict) -> list[ScoreRow]:
        """Whether the seat reached Shanghai first (its points), then its attractions, turns
        and purse (facts without points)."""
        board, _ = _content(game)
        return build_score_rows(board, breakdown)

    def outcome(self, game: Game, result: Result, names: list[str]) -> str:
        """ "Ana reached Shanghai first, with all 3 attractions visited, in 48 turns.\""""
        board, _ = _content(game)
        return build_outcome(board, result, names)

    def action_words(self, game: Game, observation: JsonDict, action: Action) -> str:
        """ "Move to Bolu (Hostel, $25 a night) on the toll road: pay $25", "Play Pickpocket:
        steal $25 from Player 2 (they hold $150)", "End your turn at Sarp (Border to
        Georgia)"."""
        board, decks = _content(game)
        return action_words(board, decks, observation, action)

    def action_steps(self, game: Game, observation: JsonDict, action: Action) -> tuple[str, ...]:
        """("Move", "To Bolu (Hostel, $25 a night) on the toll road: pay $25"), ("Play an
        Action Card", "Pickpocket: steal $25 from another player", "On Player 2 (they hold
        $150)"), ("End the turn", "At Erzincan (Hostel, $25 a night)")."""
        board, decks = _content(game)
        return action_steps(board, decks, observation, action)

    def notation_help(self, game: Game) -> tuple[NotationForm, ...]:
        """Every form `parse_action` reads, with what its fields take."""
        return notation_forms(_route_east(game))

    def rules_summary(self, game: Game) -> str:
        """The race in short paragraphs, for this game's players and attractions."""
        return rules_summary(_route_east(game))

    def lookups(self, game: Game) -> tuple[Lookup, ...]:
        """`where` (filtered by a place or a kind) and `attractions`."""
        return LOOKUPS

    def lookup(self, game: Game, observation: JsonDict, name: str, query: str = "") -> Section:
        """`where [name]` or `attractions`, from the observation and the board only."""
        board, _ = _content(game)
        if name == "where":
            return where_section(board, observation, query)
        if name == "attractions":
            return attractions_lookup(board, observation)
        raise KeyError(name)

    def move_words(self, game: Game, move: str) -> str:
        """ "moved to İzmit", "drew an Ignition Card", "played Shortcut", "camped in a Tent"."""
        board, decks = _content(game)
        return move_words(board, decks, move)


__all__ = ["RouteEastPresentation", "build_document", "build_outcome", "build_score_rows"]
