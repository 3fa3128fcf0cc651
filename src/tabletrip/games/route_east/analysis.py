"""Route East's part of a balance report: turns to finish, bankruptcies, card effects, money.

`facts` replays a finished game from its seed and action history to see what the final state
does not keep: which Ignition and Border cards each seat drew, which Action cards it played,
what became of every card aimed at a player (in force or cancelled by Hell no!), and when and
why each bankruptcy happened. `sections` turns the stored facts and result breakdowns of many
games into tables and charts; win rates are compared within one player count.
"""

from __future__ import annotations

import functools
from collections import Counter, defaultdict, deque
from collections.abc import Sequence
from statistics import median
from typing import Any

from tabletrip.core import Game, JsonDict, State
from tabletrip.core.analysis import Chart, PlayedGame, Section, Series, Table
from tabletrip.core.analysis_answers import correlation_note, split_wins_ci
from tabletrip.core.analysis_metrics import Metric
from tabletrip.core.analysis_tools import (
    SeatGame,
    average,
    by_player_count,
    chart_value,
    column_series,
    percent,
    seat_games,
    win_interval,
    win_share,
)
from tabletrip.games.route_east import analysis_metrics
from tabletrip.games.route_east.actions import (
    Accept,
    Camp,
    ChooseTarget,
    Cross,
    FreightTrain,
    HellNo,
    Move,
    Play,
)
from tabletrip.games.route_east.content import (
    ATTRACTION,
    TARGETED,
    Board,
    Decks,
    describe_effect,
    load_decks,
)
from tabletrip.games.route_east.phases import ROUND_LIMIT
from tabletrip.games.route_east.rules import RouteEastGame, RouteEastState

# Why a seat went bankrupt: the payment it could not make.
CAUSES = ("lodging", "toll", "fine", "theft")
BANKRUPTCY_BUCKETS = ("0", "1", "2", "3+")


class RouteEastAnalysis:
    """Facts about a finished Route East race and the report sections built from them."""

    def facts(self, state: State) -> JsonDict:
        """Per seat: cards drawn, played and suffered, bankruptcies (turn, cause), distance left."""
        assert isinstance(state, RouteEastState)
        return _Replay(state).facts()

    def sections(self, games: Sequence[PlayedGame], game: Game | None = None) -> list[Section]:
        """Turns to finish, bankruptcies, card effects, and money and fuel at the end."""
        if not games:
            return []
        decks = game.decks if isinstance(game, RouteEastGame) else load_decks()
        return [
            turns_section(games),
            bankruptcy_section(games),
            cards_section(games, decks),
            purse_section(games),
        ]

    def metrics(self, games: Sequence[PlayedGame], game: Game) -> list[Metric]:
        """The race's end and each Action card for a comparison of runs (`analysis_metrics`)."""
        return analysis_metrics.metrics(games, game)


ANALYSIS = RouteEastAnalysis()


# --- facts -------------------------------------------------------------------------------------


class _Replay:
    """Plays a finished game's history again from its seed, noting what happens to whom."""

    def __init__(self, final: RouteEastState) -> None:
        self.final = final
        game = final.game
        self.players = game.players
        self.board: Board = game.board
        self.decks: Decks = game.decks
        self.played: dict[str, list[int]] = {}
        self.suffered: dict[str, list[int]] = {}
        self.blocked: dict[str, list[int]] = {}
        self.ignition: dict[str, list[int]] = {}
        self.border: dict[str, list[int]] = {}
        self.bankruptcies: list[list[Any]] = []

    def _count(self, table: dict[str, list[int]], name: str, seat: int) -> None:
        table.setdefault(name, [0] * self.players)[seat] += 1

    def facts(self) -> JsonDict:
        """Replay every action and gather the facts."""
        final = self.final
        state = final.game.new_game(seed=final.seed)
        aimed = ""  # the card whose target is answering now
        for seat, action in final.history:
            turns = list(state.turns)
            before = state.events
            if isinstance(action, Play):
                card = self.decks.action[self.decks.action_index[action.card]]
                if card.effect.kind in TARGETED:
                    aimed = card.name
            elif isinstance(action, ChooseTarget):
                aimed = self.decks.ignition[state.card].name
            elif isinstance(action, Accept):
                attack = state.attack
                assert attack is not None
                table = self.suffered if state.hell_nos % 2 == 0 else self.blocked
                self._count(table, aimed, attack[3])
            self._note_play(seat, action)
            state.apply(action)
            self._note_events(_new_events(before, state.events), turns)
        return {
            "first_player": final.first_player,
            "winner": final.winner,
            "turn_limit": final.winner < 0,
            "spaces_to_shanghai": spaces_to_shanghai(final),
            "bankruptcies": self.bankruptcies,
            "played": self.played,
            "suffered": self.suffered,
            "blocked": self.blocked,
            "ignition": self.ignition,
            "border": self.border,
        }

    def _note_play(self, seat: int, action: Any) -> None:
        """The Action cards an action plays (a card's own action, or a play hidden in a move)."""
        decks = self.decks
        if isinstance(action, Play):
            self._count(self.played, decks.action[decks.action_index[action.card]].name, seat)
        elif isinstance(action, FreightTrain):
            self._count(self.played, self._name_of("freight_train"), seat)
            if self.board.kinds[self.board.index[action.space]] == ATTRACTION:
                self._count(self.played, self._name_of("tent"), seat)
        elif isinstance(action, Camp):
            self._count(self.played, self._name_of("tent"), seat)
        elif isinstance(action, Move) and action.magic_roll:
            self._count(self.played, self._name_of("magic_roll"), seat)
        elif isinstance(action, Cross) and action.border_pass:
            self._count(self.played, self._name_of("border_pass"), seat)
        elif isinstance(action, HellNo):
            self._count(self.played, self._name_of("hell_no"), seat)

    def _name_of(self, kind: str) -> str:
        return self.decks.action[self.decks.action_of_kind[kind]].name

    def _note_events(self, events: list[tuple[Any, ...]], turns: list[int]) -> None:
        """Cards drawn and bankruptcies, with the cause: the payment just before it."""
        previous: tuple[Any, ...] = ()
        for event in events:
            kind = event[0]
            if kind == "ignition":
                self._count(self.ignition, self.decks.ignition[event[2]].name, event[1])
            elif kind == "border":
                self._count(self.border, self.decks.border[event[2]].name, event[1])
            elif kind == "bankrupt":
                seat = event[1]
                self.bankruptcies.append([seat, turns[seat], self._cause(previous)])
            previous = event

    def _cause(self, previous: tuple[Any, ...]) -> str:
        if not previous:
            return "theft"  # a theft resolves first thing when its target answers
        if previous[0] == "toll":
            return "toll"
        if previous[0] == "ignition":
            effects = self.decks.ignition[previous[2]].effects
            # A lost passport charges last night before the Embassy.
            return "lodging" if any(e.kind == "embassy" for e in effects) else "fine"
        return "lodging"


def _new_events(before: tuple[Any, ...], after: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """The events an action added: every event is a new tuple, so identity tells them apart
    even once the capped log has dropped its oldest ones."""
    seen = {id(event) for event in before}
    return [event for event in after if id(event) not in seen]


def spaces_to_shanghai(state: RouteEastState) -> list[int]:
    """Per seat, the fewest spaces from its final place to Shanghai (the Caspian boat counts
    as one space between its ports), whatever attractions are still to visit."""
    board = state.game.board
    near: list[list[int]] = [[] for _ in board.space_ids]
    for a, b, _, _ in board.roads:
        near[a].append(b)
        near[b].append(a)
    for port in board.ports:
        near[port].append(board.boat)
        near[board.boat].append(port)
    far = len(near)
    dist = [far] * len(near)
    dist[board.finish] = 0
    queue = deque([board.finish])
    while queue:
        here = queue.popleft()
        for there in near[here]:
            if dist[there] == far:
                dist[there] = dist[here] + 1
                queue.append(there)
    return [0 if seat == state.winner else dist[state.pos[seat]] for seat in range(len(state.pos))]


# --- helpers for sections ---------------------------------------------------------------------


def seat_count(game: PlayedGame, table: str, name: str, seat: int) -> int:
    """How often a seat appears under `name` in a facts table (played, suffered, ...)."""
    row = game.facts.get(table, {}).get(name)
    return int(row[seat]) if row else 0


def with_facts(games: Sequence[PlayedGame]) -> list[PlayedGame]:
    """The games whose facts were recorded (older runs may have none)."""
    return [g for g in games if "bankruptcies" in g.facts]


# --- sections -----------------------------------------------------------------------------------


def turns_section(games: Sequence[PlayedGame]) -> Section:
    """Turns to reach Shanghai: by bot and by turn order, with the distribution."""
    finished = [g for g in games if g.winners]
    winner_turns = [g.breakdown[g.winners[0]]["turns"] for g in finished]
    summary = f"{len(finished)} of {len(games)} games reached Shanghai"
    if winner_turns:
        summary += (
            f"; the winner took {median(winner_turns):g} turns (median, "
            f"{min(winner_turns)} to {max(winner_turns)})"
        )
    limit = len(games) - len(finished)
    summary += f". {limit} stopped at the turn limit ({ROUND_LIMIT} turns a seat)."
    rows = []
    bots = sorted({bot for g in games for bot in g.bots})
    for bot in bots:
        seats = seat_games(games, bot)
        wins = sum(win_share(g, s) for g, s in seats)
        won = [g.breakdown[s]["turns"] for g, s in seats if s in g.winners]
        lost = [(g, s) for g, s in seats if s not in g.winners]
        lost_facts = [(g, s) for g, s in lost if "spaces_to_shanghai" in g.facts]
        rows.append(
            (
                bot,
                len(seats),
                round(wins, 2),
                percent(wins, len(seats)),
                win_interval(wins, len(seats)),
                average(won, 1),
                median(won) if won else None,
                average((g.breakdown[s]["turns"] for g, s in seats), 1),
                average((g.facts["spaces_to_shanghai"][s] for g, s in lost_facts), 1),
                average((g.breakdown[s]["attractions_visited"] for g, s in lost), 2),
            )
        )
    by_bot = Table(
        "Turns to finish by bot",
        (
            "bot",
            "seat-games",
            "wins",
            "win %",
            "95% interval",
            "mean turns to win",
            "median turns to win",
            "mean turns played",
            "losers: spaces to Shanghai",
            "losers: attractions visited",
        ),
        tuple(rows),
        note="Turns to win: the winner's own turns when it reached Shanghai. Losers' spaces "
        "to Shanghai: road spaces from where they stood at the end.",
    )
    order_rows = []
    order_series = []
    for label, group in by_player_count(with_facts(games)):
        players = len(group[0].bots)
        xs, ys = [], []
        for position in range(players):

            def at(game: PlayedGame, seat: int, position: int = position) -> bool:
                return (seat - game.facts["first_player"]) % len(game.bots) == position

            count, rate, ci, _, _, _ = split_wins_ci(group, at)
            won = [g.breakdown[s]["turns"] for g in group for s in g.winners if at(g, s, position)]
            order_rows.append((players, position + 1, count, rate, ci, average(won, 1)))
            xs.append(str(position + 1))
            ys.append(chart_value(rate))
        order_series.append(
            Series(f"{players} players" if label else "win %", tuple(xs), tuple(ys))
        )
    by_order = Table(
        "Win rate by turn order",
        ("players", "plays", "seat-games", "win %", "95% interval", "mean turns to win"),
        tuple(order_rows),
        note="Plays 1: the seat that won the roll for first player.",
    )
    winners_by_bot: dict[str, list[float]] = defaultdict(list)
    for g in finished:
        winners_by_bot[g.bots[g.winners[0]]].append(g.breakdown[g.winners[0]]["turns"])
    charts = [
        Chart(
            "Winner's turns to reach Shanghai",
            "hist",
            "turns",
            "games",
            tuple(Series(bot, (), tuple(t)) for bot, t in sorted(winners_by_bot.items())),
        ),
        Chart("Win rate by turn order", "bar", "plays", "win %", tuple(order_series)),
    ]
    return Section("Route East: turns to finish", summary, (by_bot, by_order), tuple(charts))


def bankruptcy_section(games: Sequence[PlayedGame]) -> Section:
    """How often seats go bankrupt, when and why, and what it does to their chance of winning."""
    seats_in_all = sum(len(g.bots) for g in games)
    total = sum(b["bankruptcies"] for g in games for b in g.breakdown)
    ever = sum(1 for g in games for b in g.breakdown if b["bankruptcies"])
    summary = (
        f"{total} bankruptcies in {len(games)} games ({total / len(games):.2f} a game); "
        f"{percent(ever, seats_in_all)}% of seats went bankrupt at least once."
    )
    tables = []
    bot_rows = []
    for bot in sorted({bot for g in games for bot in g.bots}):
        seats = seat_games(games, bot)
        counts = [g.breakdown[s]["bankruptcies"] for g, s in seats]
        bot_rows.append(
            (
                bot,
                len(seats),
                average(counts),
                percent(sum(1 for c in counts if c), len(seats)),
                win_interval(sum(1 for c in counts if c), len(seats)),
            )
        )
    tables.append(
        Table(
            "Bankruptcies by bot",
            (
                "bot",
                "seat-games",
                "bankruptcies a game",
                "% of seats ever bankrupt",
                "95% interval",
            ),
            tuple(bot_rows),
        )
    )
    effect_rows = []
    bucket_series = []
    for label, group in by_player_count(games):
        players = len(group[0].bots)
        n_yes, win_yes, ci_yes, n_no, win_no, _ = split_wins_ci(
            group, lambda g, s: g.breakdown[s]["bankruptcies"] > 0
        )
        effect_rows.append((players, "1 or more", n_yes, win_yes, ci_yes))
        if label == "" and n_yes and n_no:
            summary += f" They won {win_yes}% of the time (of {n_yes}), seats never bankrupt "
            summary += f"{win_no}% (of {n_no})."
        ys = []
        for bucket in BANKRUPTCY_BUCKETS:
            count, rate, ci, _, _, _ = split_wins_ci(
                group,
                functools.partial(_in_bucket, bucket=bucket),
            )
            effect_rows.append((players, bucket, count, rate, ci))
            ys.append(chart_value(rate))
        bucket_series.append(
            Series(f"{players} players" if label else "win %", BANKRUPTCY_BUCKETS, tuple(ys))
        )
    tables.append(
        Table(
            "Win rate and bankruptcies",
            ("players", "bankruptcies", "seat-games", "win %", "95% interval"),
            tuple(effect_rows),
        )
    )
    events = [entry for g in with_facts(games) for entry in g.facts["bankruptcies"]]
    cause_rows = []
    when: dict[str, list[float]] = defaultdict(list)
    for _, turn, cause in events:
        when[cause].append(turn)
    for cause in CAUSES:
        turns = when.get(cause, [])
        cause_rows.append(
            (
                cause,
                len(turns),
                percent(len(turns), len(events), 0.0),
                average(turns, 1),
                median(turns) if turns else None,
            )
        )
    tables.append(
        Table(
            "Bankruptcies by cause",
            ("cause", "bankruptcies", "% of all", "mean turn", "median turn"),
            tuple(cause_rows),
            note="Lodging: a night at a Hostel or Hotel; toll: a toll road; fine: an Ignition "
            "card's payment; theft: robbed with nothing left. Turn: the seat's own turn.",
        )
    )
    charts = (
        Chart(
            "When seats go bankrupt",
            "hist",
            "the seat's turn",
            "bankruptcies",
            tuple(Series(cause, (), tuple(when[cause])) for cause in CAUSES if when.get(cause)),
        ),
        Chart("Win rate by bankruptcies", "bar", "bankruptcies", "win %", tuple(bucket_series)),
    )
    return Section("Route East: bankruptcies", summary, tuple(tables), charts)


def bankruptcy_bucket(count: int) -> str:
    """`0`, `1`, `2` or `3+` bankruptcies."""
    return str(count) if count < 3 else "3+"


def cards_section(games: Sequence[PlayedGame], decks: Decks) -> Section:
    """Which cards were played or drawn, how often, and how the seats concerned fared, with
    the cards of the deck the run played (`decks`)."""
    recorded = with_facts(games)
    if not recorded:
        return Section("Route East: card effects", "No card facts were recorded for these games.")
    action = [(c.name, describe_effect(c.effect)) for c in decks.action]
    ignition = [(c.name, ", ".join(describe_effect(e) for e in c.effects)) for c in decks.ignition]
    border = [(c.name, ", ".join(describe_effect(e) for e in c.effects)) for c in decks.border]
    aimed = [(c.name, "action") for c in decks.action if c.effect.kind in TARGETED]
    aimed += [
        (c.name, "ignition") for c in decks.ignition if any(e.kind in TARGETED for e in c.effects)
    ]
    tables = []
    charts = []
    for label, group in by_player_count(recorded):
        action_rows = card_rows(group, "played", action)
        tables.append(
            Table(
                "Action cards played" + label,
                CARD_COLUMNS,
                tuple(action_rows),
                note="Seats: seat-games. Tent, Freight Train, Magic Roll, Border Pass and "
                f"Hell no! are counted when used. {correlation_note('card')}",
            )
        )
        tables.append(
            Table(
                "Ignition cards drawn" + label,
                CARD_COLUMNS,
                tuple(card_rows(group, "ignition", ignition)),
            )
        )
        tables.append(
            Table(
                "Border cards drawn" + label,
                CARD_COLUMNS,
                tuple(card_rows(group, "border", border)),
                note="A Border card is drawn to cross; its effect applies only if you cross.",
            )
        )
        tables.append(
            Table(
                "Cards aimed at a player" + label,
                (
                    "card",
                    "deck",
                    "in force a game",
                    "cancelled a game",
                    "seats it hit",
                    "win % if hit",
                    "95% interval if hit",
                    "seats never hit",
                    "win % if never hit",
                    "95% interval if never hit",
                ),
                tuple(aimed_rows(group, aimed)),
                note="In force: not cancelled by Hell no! (a victim with nothing to steal goes "
                f"to the Embassy, bankrupt for money). {correlation_note('card')}",
            )
        )
        charts.append(
            Chart(
                "Win rate of seats that played each Action card" + label,
                "hbar",
                "card",
                "win %",
                (
                    column_series("played it", action_rows, 4),
                    column_series("did not", action_rows, 7),
                ),
            )
        )
    n = len(recorded)
    played = _totals(recorded, "played")
    names = tuple(name for name, _ in action)
    charts.insert(
        0,
        Chart(
            "Action cards played a game",
            "hbar",
            "card",
            "plays a game",
            (Series("plays", names, tuple(round(played[x] / n, 2) for x in names)),),
        ),
    )
    summary = f"Over {n} games: "
    top = played.most_common(1)
    if top:
        summary += f"the most played Action card is {top[0][0]} ({top[0][1] / n:.2f} a game); "
    hits = sum(_totals(recorded, "suffered").values())
    blocks = sum(_totals(recorded, "blocked").values())
    summary += f"{hits / n:.2f} cards a game hit a player and {blocks / n:.2f} were cancelled."
    return Section("Route East: card effects", summary, tuple(tables), tuple(charts))


CARD_COLUMNS = (
    "card",
    "effect",
    "a game",
    "seats with it",
    "win % with it",
    "95% interval with it",
    "seats without",
    "win % without",
    "95% interval without",
)


def card_rows(
    games: Sequence[PlayedGame], table: str, cards: Sequence[tuple[str, str]]
) -> list[tuple[Any, ...]]:
    """Per card: how often a game, and the win rate of seats that had it (played or drew it
    at least once) against those that did not; the most frequent first."""
    totals = _totals(games, table)
    rows = []
    for name, effect in cards:
        split = split_wins_ci(games, functools.partial(_has_card, table=table, name=name))
        rows.append((name, effect, round(totals[name] / len(games), 2), *split))
    rows.sort(key=lambda row: -row[2])
    return rows


def _has_card(game: PlayedGame, seat: int, table: str, name: str) -> bool:
    """Whether the seat counts this card at least once in a table of card counts."""
    return seat_count(game, table, name, seat) > 0


def _in_bucket(game: PlayedGame, seat: int, bucket: str) -> bool:
    """Whether the seat's bankruptcies fall in this bucket."""
    return bankruptcy_bucket(game.breakdown[seat]["bankruptcies"]) == bucket


def aimed_rows(
    games: Sequence[PlayedGame], cards: Sequence[tuple[str, str]]
) -> list[tuple[Any, ...]]:
    """Per card aimed at a player: how often it took effect or was cancelled, and the win
    rate of the seats it hit against the others."""
    suffered = _totals(games, "suffered")
    blocked = _totals(games, "blocked")
    rows = []
    for name, deck in cards:
        split = split_wins_ci(games, functools.partial(_has_card, table="suffered", name=name))
        rows.append(
            (
                name,
                deck,
                round(suffered[name] / len(games), 2),
                round(blocked[name] / len(games), 2),
                *split,
            )
        )
    return rows


def _totals(games: Sequence[PlayedGame], table: str) -> Counter[str]:
    totals: Counter[str] = Counter()
    for game in games:
        for name, per_seat in game.facts.get(table, {}).items():
            totals[name] += sum(per_seat)
    return totals


def purse_section(games: Sequence[PlayedGame]) -> Section:
    """Money, Fuel Tokens, Embassy stays and attractions at the end, by bot and by outcome."""

    def held(label: str, seats: list[SeatGame], steps: Sequence[str]) -> tuple[Any, ...]:
        """(label, seat-games, the mean of each step at the end)."""
        return (label, len(seats), *(average(g.breakdown[s][k] for g, s in seats) for k in steps))

    at_end = ("money", "fuel", "embassy_stays")
    rows = [
        held(bot, seat_games(games, bot), (*at_end, "attractions_visited"))
        for bot in sorted({bot for g in games for bot in g.bots})
    ]
    outcome_rows = [
        held(outcome, [(g, s) for g, s in seat_games(games) if (s in g.winners) == won], at_end)
        for outcome, won in (("winners", True), ("others", False))
    ]
    money: dict[str, list[float]] = defaultdict(list)
    for g in games:
        for s, bot in enumerate(g.bots):
            money[bot].append(g.breakdown[s]["money"])
    return Section(
        "Route East: money, fuel and Embassy stays at the end",
        "What each seat held when the race ended.",
        (
            Table(
                "At the end, by bot",
                (
                    "bot",
                    "seat-games",
                    "mean money $",
                    "mean Fuel Tokens",
                    "mean Embassy stays",
                    "mean attractions visited",
                ),
                tuple(rows),
            ),
            Table(
                "At the end, winners and the others",
                ("seats", "seat-games", "mean money $", "mean Fuel Tokens", "mean Embassy stays"),
                tuple(outcome_rows),
            ),
        ),
        (
            Chart(
                "Money at the end",
                "hist",
                "$",
                "seats",
                tuple(Series(bot, (), tuple(v)) for bot, v in sorted(money.items())),
            ),
        ),
    )


__all__ = ["ANALYSIS", "RouteEastAnalysis"]
