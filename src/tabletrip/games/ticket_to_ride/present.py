"""Ticket to Ride in its own words: what a seat sees, its score rows, the outcome, moves.

Everything here is built from an observation (a seat's or the public one) and the map's
static content (`Board`) only, so it can never show what the seat may not see. Each edition
speaks its rulebook: the USA map's draw pile and Longest Continuous Path, Europe Express's
deck, Locomotive pile, start score of 100 and Europe Express Cards (London–Istanbul); neither
shows anything of the other. The vocabulary is in `present_words.py`, the moves in words in
`present_moves.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletrip.core.phrases import listing, plural
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
from tabletrip.games.ticket_to_ride.content import LOCOMOTIVE, Board
from tabletrip.games.ticket_to_ride.phases import KEEP_AT_SETUP, KEEP_IN_GAME, TICKETS_OFFERED
from tabletrip.games.ticket_to_ride.present_guide import build_notation_help, build_rules_summary
from tabletrip.games.ticket_to_ride.present_lookups import LOOKUPS, build_lookup
from tabletrip.games.ticket_to_ride.present_moves import (
    build_action_steps,
    build_action_words,
    build_move_words,
)
from tabletrip.games.ticket_to_ride.present_words import (
    EXPRESS_CARD,
    LOCOMOTIVE_NAME,
    card_name,
    cards_words,
    draw_pile,
    game_board,
    game_over,
    lexicon,
    pair,
    points_words,
    seat_title,
    tickets_outlook,
)

if TYPE_CHECKING:
    from tabletrip.core.actions import Action, JsonDict
    from tabletrip.core.game import Game, Result

# CSS colours a front end may paint the cards with (the Locomotive is every colour: none).
CARD_COLOURS = {
    "purple": "#8e44ad",
    "blue": "#2e6fd1",
    "orange": "#f28c28",
    "white": "#ffffff",
    "green": "#2f9e44",
    "yellow": "#f4d03f",
    "black": "#2b2b2b",
    "red": "#d63031",
    "pink": "#e84393",
}


# --- the edition's words --------------------------------------------------------------------


def _turn_choices(board: Board) -> str:
    take = ", take a Locomotive" if board.locomotive_pile else ""
    return f"draw Train Car cards{take}, claim a route or draw Destination Tickets"


def _keep_least(observation: Mapping[str, Any]) -> int:
    least = KEEP_AT_SETUP if observation["phase"] == "setup" else KEEP_IN_GAME
    return min(least, len(observation.get("offer") or ())) or least


# --- the document ---------------------------------------------------------------------------


def build_document(board: Board, observation: Mapping[str, Any]) -> Document:
    """What the observation's seat (or a spectator, for the public observation) sees."""
    viewer = observation.get("seat")
    sections: list[Section] = []
    if viewer is not None:
        sections += _own_sections(board, observation, viewer)
    sections += [
        _seat_section(board, observation, seat, viewer) for seat in range(len(observation["seats"]))
    ]
    sections += _table_sections(board, observation, viewer)
    return Document(tuple(sections))


def card_effect(board: Board, card: str) -> str:
    """What a card in hand does, for the cards that do more than pay their colour: the
    Locomotive, wild (and, Europe Express, back to its pile once played)."""
    if card != LOCOMOTIVE:
        return ""
    if board.locomotive_pile:
        return "stands in for any colour on a route, then goes back to the Locomotive pile"
    return "stands in for any colour when you claim a route"


def _own_sections(board: Board, observation: Mapping[str, Any], seat: int) -> list[Section]:
    hand = observation["hand"]
    cards = tuple(
        Card(card_name(card), n, CARD_COLOURS.get(card, ""), card_effect(board, card))
        for card, n in hand.items()
        if n
    )
    sections = [Section("Your hand", (Cards(cards, empty="no cards"),), "mine", seat)]
    tickets = observation["tickets"]
    rows = tuple(
        (t["a"], t["b"], t["points"], "yes" if t["completed"] else "not yet") for t in tickets
    )
    blocks: list[Block] = [
        Table(("From", "To", "Points", "Completed"), rows, empty="none kept yet")
    ]
    if tickets:
        blocks.append(Sentence(tickets_outlook(tickets)))
    sections.append(Section("Your Destination Tickets", tuple(blocks), "mine", seat))
    offer = observation.get("offer") or []
    if offer:
        least = _keep_least(observation)
        offered = tuple((t["a"], t["b"], t["points"]) for t in offer)
        if least < len(offer):
            keep = (
                f"Keep at least {least} of these {len(offer)}; "
                "the others go to the bottom of the Destination Ticket pile."
            )
        else:  # the pile held no more than must be kept
            keep = "Keep this one." if len(offer) == 1 else f"Keep all {len(offer)}."
        sections.append(
            Section(
                "Choose Destination Tickets",
                (Table(("From", "To", "Points"), offered), Sentence(keep)),
                "mine",
                seat,
            )
        )
    return sections


def _ticket_count(info: Mapping[str, Any], setup: bool) -> str | int:
    count = info["ticket_count"]
    choosing = info["choosing_tickets"]
    if setup and choosing:
        return "choosing"
    if count is None:
        # Setup: how many a seat kept stays hidden until every seat has chosen.
        return "chosen, shown when all have chosen"
    if choosing:
        return f"{count}, choosing among {choosing} drawn"
    return count


def _seat_section(
    board: Board, observation: Mapping[str, Any], seat: int, viewer: int | None
) -> Section:
    info = observation["seats"][seat]
    title = seat_title(observation, seat) + (" (you)" if seat == viewer else "")
    routes = [board.routes[r] for r in info["routes"]]
    values = [
        Value("Score", info["score"], unit="point" if info["score"] in (1, -1) else "points"),
        Value("Trains left", info["trains"], of=board.trains),
        Value("Train Car cards", info["hand_size"]),
        Value("Destination Tickets", _ticket_count(info, observation["phase"] == "setup")),
    ]
    if board.express_bonus:
        bonus = info["express_bonus"]
        values.append(Value(EXPRESS_CARD, points_words(bonus) if bonus else "not yet"))
    values.append(Value("Routes claimed", len(routes)))
    blocks: list[Block] = [
        Values(tuple(values)),
        Items(
            tuple(
                Item(
                    pair(board.cities[r.a], board.cities[r.b]),
                    f"{plural(r.length, 'train')}, {r.color}",
                )
                for r in routes
            ),
            empty="no routes yet",
        ),
    ]
    known = cards_words(info["known_cards"])
    if known:
        who = "Others saw you take" if seat == viewer else "Seen taking"
        blocks.append(Sentence(f"{who}: {known}"))
    return Section(title, tuple(blocks), "seat", seat)


def _table_sections(
    board: Board, observation: Mapping[str, Any], viewer: int | None
) -> list[Section]:
    face_up = tuple(Card(card_name(c), 1, CARD_COLOURS.get(c, "")) for c in observation["face_up"])
    discards = sum(observation["discards"].values())
    pile = draw_pile(board.locomotive_pile)
    values = [
        Value(f"Train Car {pile}", plural(observation["deck_size"], "card")),
        Value("Discards", plural(discards, "card")),
        Value("Destination Ticket pile", plural(observation["ticket_pile_size"], "ticket")),
    ]
    if board.locomotive_pile:
        values.append(
            Value("Locomotive pile", plural(observation["locomotive_pile"], LOCOMOTIVE_NAME))
        )
    express = bool(board.express_bonus and board.express_cities)
    if express:
        left = observation["express_bonus_left"]
        shown = listing([str(v) for v in left]) + " points" if left else "none"
        values.append(Value(f"{EXPRESS_CARD}s left", shown))
    blocks: list[Block] = [Values(tuple(values))]
    if express and board.express_cities:
        a, b = (board.cities[c] for c in board.express_cities)
        blocks.append(
            Sentence(
                f"Whoever joins {a} and {b} with their own routes takes the top "
                f"{EXPRESS_CARD} ({pair(a, b)}), one per player."
            )
        )
    blocks.append(Sentence(_turn_sentence(board, observation, viewer)))
    final = observation.get("final_turns_left")
    if final:
        blocks.append(Sentence(f"Final round: {plural(final, 'turn')} left."))
    return [
        Section("Face-up cards", (Cards(_merge(face_up), empty="no face-up cards"),), "table"),
        Section("The table", tuple(blocks), "table"),
    ]


def _merge(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Face-up cards of one kind as one card with a count, in the order first shown."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return tuple(Card(c.name, n, c.colour, c.detail) for c, n in counts.items())


def _turn_sentence(board: Board, observation: Mapping[str, Any], viewer: int | None) -> str:
    if game_over(observation):
        bonus = (
            "the Longest Continuous Path bonus"
            if board.longest_path_bonus
            else f"the {EXPRESS_CARD}s"
        )
        return f"The game is over: Destination Tickets and {bonus} are scored."
    current = observation["current_player"]
    who = "Your turn" if current == viewer else f"{seat_title(observation, current)} to play"
    phase = observation["phase"]
    if phase == "setup":
        what = (
            f"keep at least {KEEP_AT_SETUP} of the {TICKETS_OFFERED} Destination Tickets dealt "
            "(every player chooses in turn)"
        )
    elif phase == "second_draw":
        what = "draw a second Train Car card (not a face-up Locomotive)"
        if board.locomotive_pile:
            what = "draw a second Train Car card"
    elif phase == "keep":
        what = f"keep at least {KEEP_IN_GAME} of the Destination Tickets drawn"
    else:
        what = _turn_choices(board)
    return f"{who}: {what}."


# --- score rows ------------------------------------------------------------------------------


def _tickets_detail(tickets: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(f"{pair(t['a'], t['b'])} ({t['points']})" for t in tickets) or "none"


def _routes_detail(breakdown: Mapping[str, Any]) -> str:
    """`12 routes: 3 of 1 train, 4 of 2 trains, 5 of 3 trains`, from the breakdown's count of
    claimed routes by length (a breakdown made before it had one: how they were scored)."""
    by_length = breakdown.get("routes_claimed")
    if by_length is None:
        return "scored as they were claimed"
    total = sum(entry["count"] for entry in by_length)
    if not total:
        return "no routes claimed"
    lengths = ", ".join(
        f"{entry['count']} of {plural(entry['length'], 'train')}" for entry in by_length
    )
    return f"{plural(total, 'route')}: {lengths}"


def build_score_rows(board: Board, breakdown: Mapping[str, Any]) -> list[ScoreRow]:
    """One seat's breakdown in the rulebook's scoring order; the rows add up to the total."""
    rows: list[ScoreRow] = []
    if board.start_score:
        rows.append(
            ScoreRow(
                "Start score",
                breakdown["start"],
                f"every Scoring Marker starts at {board.start_score}",
            )
        )
    rows.append(ScoreRow("Routes claimed", breakdown["routes"], _routes_detail(breakdown)))
    tickets = breakdown["tickets"]
    done = [t for t in tickets if t["completed"]]
    missed = [t for t in tickets if not t["completed"]]
    rows.append(
        ScoreRow(
            "Destination Tickets completed",
            sum(t["points"] for t in done),
            _tickets_detail(done),
        )
    )
    rows.append(
        ScoreRow(
            "Destination Tickets not completed",
            -sum(t["points"] for t in missed),
            _tickets_detail(missed),
        )
    )
    if board.longest_path_bonus:
        bonus = breakdown["longest_path_bonus"]
        length = breakdown["longest_path"]
        if not length:
            detail = "no routes claimed"
        elif bonus:
            detail = f"{plural(length, 'train')} long, the longest"
        else:
            detail = f"{plural(length, 'train')} long, not the longest"
        rows.append(ScoreRow("Longest Continuous Path bonus", bonus, detail))
    if board.express_bonus and board.express_cities:
        a, b = (board.cities[c] for c in board.express_cities)
        bonus = breakdown["europe_express_bonus"]
        detail = f"{a} and {b} joined" if bonus else f"{a} and {b} not joined"
        rows.append(ScoreRow(f"{EXPRESS_CARD} ({pair(a, b)})", bonus, detail))
    return rows


# --- the outcome ------------------------------------------------------------------------------


def build_outcome(board: Board, result: Result, names: Sequence[str]) -> str:
    """Who won and with how many points, and for a tie on points the tie-break that decided
    it (the rulebook's order: more Destination Tickets completed, then, USA, the Longest
    Continuous Path bonus) or that the tie stands."""
    winners = list(result.winners)
    if not winners:
        return "The game is over without a winner."
    score = int(result.scores[winners[0]])
    who = listing([names[w] for w in winners])
    breakdown = result.breakdown
    if len(winners) > 1:
        sentence = f"{who} share the win with {points_words(score)}"
        done = breakdown[winners[0]].get("tickets_completed")
        if done is None:
            return sentence + "."
        sentence += f": level on Destination Tickets completed too ({done} each)"
        if board.longest_path_bonus:
            held = any(breakdown[w].get("longest_path_bonus") for w in winners)
            both = "both" if len(winners) == 2 else "all"
            nobody = "neither" if len(winners) == 2 else "none of them"
            sentence += (
                f" and {both} hold" if held else f" and {nobody} holds"
            ) + " the Longest Continuous Path bonus"
        return sentence + ", so the tie stands."
    sentence = f"{who} wins with {points_words(score)}"
    tied = [s for s, v in enumerate(result.scores) if v == score and s not in winners]
    if tied:
        others = listing([names[s] for s in tied])
        mine = breakdown[winners[0]]["tickets_completed"]
        theirs = max(breakdown[s]["tickets_completed"] for s in tied)
        if mine > theirs:
            sentence += (
                f", level on points with {others} but having completed more Destination "
                f"Tickets ({mine} to {theirs})"
            )
        elif board.longest_path_bonus:
            sentence += (
                f", level on points and Destination Tickets completed ({mine} each) with "
                f"{others} but holding the Longest Continuous Path bonus"
            )
    return sentence + "."


class TicketToRidePresentation(Presentation):
    """Ticket to Ride's presentation, for both editions (registered in the package)."""

    drawn_by = "tabletrip.games.ticket_to_ride"

    def document(self, game: Game, observation: JsonDict) -> Document:
        """Your hand, your Destination Tickets and offer, each seat's area, then the table."""
        return build_document(game_board(game), observation)

    def score_rows(self, game: Game, breakdown: JsonDict) -> list[ScoreRow]:
        """Start score (Europe Express), routes, tickets completed and not, then the bonus."""
        return build_score_rows(game_board(game), breakdown)

    def outcome(self, game: Game, result: Result, names: list[str]) -> str:
        """ "Ana wins with 121 points." / "Bo wins with 98 points, level on points with Ana
        but having completed more Destination Tickets (4 to 2).\""""
        return build_outcome(game_board(game), result, names)

    def move_words(self, game: Game, move: str) -> str:
        """ "claimed Dallas–Houston with 2 orange", "took a red face up", "passed"..."""
        return build_move_words(game_board(game), move)

    def action_words(self, game: Game, observation: JsonDict, action: Action) -> str:
        """ "Claim Denver–Omaha (4 purple) with 3 purple and 1 Locomotive", "Take the face-up
        Locomotive", "Keep Boston–Miami (12) and Denver–El Paso (4)"..."""
        return build_action_words(lexicon(game), observation, action)

    def action_steps(self, game: Game, observation: JsonDict, action: Action) -> tuple[str, ...]:
        """("Claim a route", "Denver–Omaha (4 purple)", "With 3 purple and 1 Locomotive"),
        ("Keep 2 tickets", "Boston–Miami (12) and Denver–El Paso (4)"), ("Draw 3 Destination
        Tickets",)..."""
        return build_action_steps(lexicon(game), observation, action)

    def notation_help(self, game: Game) -> tuple[NotationForm, ...]:
        """`blind`, `take <card>`, `claim <cities> <colour> <locomotives>`, `keep <tickets>`..."""
        return build_notation_help(game_board(game))

    def rules_summary(self, game: Game) -> str:
        """The map's edition in a few paragraphs: goal, turn, actions, end, ties."""
        return build_rules_summary(game_board(game))

    def lookups(self, game: Game) -> tuple[Lookup, ...]:
        """`routes` (filtered by city) and `tickets`."""
        return LOOKUPS

    def lookup(self, game: Game, observation: JsonDict, name: str, query: str = "") -> Section:
        """The routes of the map (or of the cities `query` starts) or your tickets."""
        return build_lookup(lexicon(game), observation, name, query)
