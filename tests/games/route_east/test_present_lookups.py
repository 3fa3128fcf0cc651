"""Route East's references at any decision: `where` (the spaces near the piece and which way
the race goes), `attractions`, the rules summary, and how a race without a winner is told."""

from __future__ import annotations

import pytest

from contract import check_lookups
from presentation_helpers import blocks
from route_east_situations import (
    at,
    attractions,
    give,
    index,
    moves_phase,
    new_state,
    spare_attraction,
    start_phase,
)
from tabletrip.core import Rng
from tabletrip.core.document_text import render_document
from tabletrip.core.game import Result
from tabletrip.core.presentation import (
    Cards,
    Document,
    Section,
    Sentence,
    Table,
    presentation_for,
    unreadable_parts,
)
from tabletrip.games.route_east.rules import RouteEastState

PRESENTATION = presentation_for("route-east")


def lookup(state: RouteEastState, name: str, query: str = "", seat: int | None = 0) -> Section:
    """A lookup as `seat` (None: a spectator) asks it."""
    assert PRESENTATION is not None
    observation = state.public_observation() if seat is None else state.observation(seat)
    return PRESENTATION.lookup(state.game, observation, name, query)


def table(section: Section) -> Table:
    """The section's first table."""
    return blocks(section, Table)[0]


def at_erzincan(moves: int = 2) -> RouteEastState:
    """Player 1 at Erzincan mid-turn, bound for Göreme and a Georgian attraction."""
    state = new_state(players=3, seed=1)
    moves_phase(state, 0, index(state, "tr-erzincan"), moves=moves)
    goreme = state.game.board.attraction_at[index(state, "tr-goreme")]
    attractions(state, 0, [goreme, spare_attraction(state, goreme)])
    return state


def test_the_game_offers_where_and_attractions() -> None:
    assert PRESENTATION is not None
    game = new_state().game
    assert [(k.name, k.filtered) for k in PRESENTATION.lookups(game)] == [
        ("where", True),
        ("attractions", False),
    ]
    with pytest.raises(KeyError):
        PRESENTATION.lookup(game, new_state().observation(0), "routes")


def test_where_lists_the_spaces_in_reach_and_the_way_to_go() -> None:
    """ "Navigating the Map": what each space is and costs a night, the road into it; the
    next attraction and Shanghai in fewest spaces, "closer" where a space leads toward them."""
    section = lookup(at_erzincan(), "where")
    assert section.title == "Where you are"
    shown = table(section)
    assert shown.columns == ("Space", "Away", "What it is", "Road in", "To Göreme", "To Shanghai")
    assert shown.rows == (
        ("Erzincan", "here", "Hostel, $25 a night", "", "3", "65"),
        ("Aşkale", "1", "ATM", "normal", "4", "64 closer"),
        ("Sivas", "1", "Hostel, $25 a night", "normal", "2 closer", "66"),
        ("Erzurum", "2", "Hotel, $50 a night", "normal from Aşkale", "5", "63 closer"),
        ("Kayseri", "2", "Hotel, $50 a night", "normal from Sivas", "1 closer", "67"),
    )
    said = [b.text for b in blocks(section, Sentence)]
    assert said[0] == (
        "At Erzincan (Hostel, $25 a night) in Turkey, 2 moves left this turn; shown: the "
        "spaces up to 2 spaces away."
    )
    assert said[1].startswith(
        "Your next attraction, Cappadocia Fairy Chimneys, Göreme, is 3 spaces away; "
        "Shanghai is 65 spaces away."
    )


def test_where_names_borders_roads_and_the_country_beyond() -> None:
    """ "Borders": a free night and the way into the next country; "Roads": dirt and toll.
    A wide table gives up the way in and the words "a night" to fit the terminal."""
    state = new_state(players=2, seed=1)
    start_phase(state, 0, index(state, "b-tr-ge-sarp"))
    rows = {r[0]: r for r in table(lookup(state, "where")).rows}
    assert rows["Sarp"][2] == "Border to Georgia"
    assert rows["Batumi"][2] in ("Hotel, $50 a night (Georgia)", "Hotel $50 (Georgia)")
    assert rows["Gelati Monastery"][3] in ("dirt from Kutaisi", "dirt")
    moves_phase(state, 0, index(state, "tr-izmit"))
    rows = {r[0]: r for r in table(lookup(state, "where")).rows}
    assert rows["Bolu"][3] == "toll" and rows["Istanbul"][2] == "start line"


def test_where_reaches_as_far_as_the_turn_does() -> None:
    """ "Turns": 3 moves, more with a card; before the moves, a whole turn's reach."""
    state = at_erzincan(moves=4)
    assert max(int(r[1]) for r in table(lookup(state, "where")).rows[1:]) == 4
    state = at_erzincan(moves=1)
    assert max(int(r[1]) for r in table(lookup(state, "where")).rows[1:]) == 2
    start_phase(state, 0, index(state, "tr-erzincan"))
    assert max(int(r[1]) for r in table(lookup(state, "where")).rows[1:]) == 3


@pytest.mark.parametrize("query", ["hostel", "HOSTEL", "Host"])
def test_where_narrows_to_a_kind_of_place(query: str) -> None:
    rows = table(lookup(at_erzincan(), "where", query)).rows
    assert [r[0] for r in rows] == ["Erzincan", "Sivas"]


@pytest.mark.parametrize("query", ["askale", "Aşk", "ASK"])
def test_where_matches_names_without_their_accents(query: str) -> None:
    assert [r[0] for r in table(lookup(at_erzincan(), "where", query)).rows] == ["Aşkale"]


def test_where_finds_a_named_place_however_far() -> None:
    """A place beyond the turn's reach by name: how far it is and the way in."""
    rows = table(lookup(at_erzincan(), "where", "tbilisi")).rows
    assert [r[0] for r in rows] == ["Tbilisi Embassy", "Tbilisi"]
    assert rows[1][1] == "15" and rows[1][2] == "Hotel, $50 a night (Georgia)"
    state = at_erzincan()
    moves_phase(state, 0, index(state, "tr-istanbul"))
    assert [r[0] for r in table(lookup(state, "where", "izm")).rows] == ["İzmit"]
    empty = lookup(state, "where", "atlantis")
    assert table(empty).rows == () and "atlantis" in table(empty).empty


def test_where_shows_only_what_the_seat_may_see() -> None:
    """ "Attraction Cards" are face down: only the seat's own count in its `where`; another
    seat (or a spectator) sees the piece's last attraction only once it lies face up."""
    state = at_erzincan()
    own = lookup(state, "where")
    twin = at_erzincan()
    twin.attractions[1] = [spare_attraction(twin, *twin.attractions[0])]
    give(twin, 1, "tent")
    give(twin, 0, "hell_no")
    assert lookup(twin, "where").to_json() == own.to_json()
    assert lookup(state, "where", seat=None).title == "Where Player 1 is"
    spectator = table(lookup(state, "where", seat=None))
    assert spectator.columns[-1] == "To Shanghai" and "To Göreme" not in spectator.columns
    attractions(state, 0, state.attractions[0], visited=1)  # one left: face up
    assert "To Gergeti Trinity Church" in table(lookup(state, "where", seat=None)).columns
    for seat in range(3):
        check_lookups(state, state.determinize(seat, Rng(seat)), seat)


def test_where_marks_the_seats_own_attractions() -> None:
    state = at_erzincan(moves=3)
    rows = {r[0]: r for r in table(lookup(state, "where")).rows}
    assert rows["Göreme"][2] == "your attraction"
    assert rows["Göreme"][4] == "0 closer"
    at(state, 1, index(state, "tr-erzincan"))
    rows = {r[0]: r for r in table(lookup(state, "where", seat=1)).rows}
    assert rows["Göreme"][2] == "attraction"


def test_the_attractions_lookup_shows_yours_and_those_face_up() -> None:
    """ "Attraction Cards": yours face down until visited, the last one face up."""
    state = at_erzincan()
    attractions(state, 1, [spare_attraction(state, *state.attractions[0])], visited=0)
    mine = lookup(state, "attractions")
    own, face_up = blocks(mine, Table)
    assert [r[0] for r in own.rows] == [
        "Cappadocia Fairy Chimneys, Göreme",
        "Gergeti Trinity Church",
    ]
    assert [r[:2] for r in face_up.rows] == [
        ("Player 2", state.game.board.attractions[state.attractions[1][0]].name)
    ]
    theirs = lookup(state, "attractions", seat=1)
    assert "Cappadocia Fairy Chimneys, Göreme" not in str(theirs.to_json())


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 6)])
def test_the_lookups_read_well_and_fit_along_a_game(players: int, seed: int) -> None:
    """Every few moves: no ids, the `where` table fits the terminal's 100 columns."""
    state = new_state(players=players, seed=seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over and step < 1500:
        if step % 7 == 0:
            seat = state.current_player
            for name in ("where", "attractions"):
                section = lookup(state, name, seat=seat)
                for text in Document((section,)).texts():
                    assert not unreadable_parts(text), text
            text = render_document(Document((lookup(state, "where", seat=seat),)))
            assert max(len(line) for line in text.splitlines()) <= 100, text
        state.apply(rng.choice(state.legal_actions()))
        step += 1


# --- the rules summary, the outcome ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "cards"),
    [(2, {}, "3 Attraction Cards"), (3, {}, "2 Attraction Cards"), (5, {"attractions": 6}, "6")],
)
def test_the_rules_summary_fits_the_options(
    players: int, options: dict[str, object], cards: str
) -> None:
    """ "Attraction Cards" (3 each with 2 players, 2 with more) and "Play with More
    Attractions"; a few short paragraphs of at most 90 columns."""
    assert PRESENTATION is not None
    text = PRESENTATION.rules_summary(new_state(players=players, **options).game)
    lines = text.splitlines()
    assert 15 <= len(lines) <= 40
    assert max(len(line) for line in lines) <= 90
    assert len(text.split("\n\n")) >= 5
    assert cards in text and f"Each of the {players} players" in text
    assert not unreadable_parts(text)
    for words in ("Ignition Card", "Border Card", "Fuel Token", "Shanghai", "tie-break"):
        assert words in text


def test_a_race_nobody_wins_says_the_tie_stands() -> None:
    """ "Overview": the first to Shanghai wins, so there is no tie-break; every seat on 0
    after the turn limit (RULES_NOTES.md) is a tie that stands."""
    assert PRESENTATION is not None
    game = new_state(players=3).game
    breakdown = {
        "finished": 0,
        "attractions_visited": 1,
        "attractions": 2,
        "turns": 150,
        "turn_limit_reached": True,
        "total": 0,
    }
    result = Result((0, 0, 0), (), (breakdown, dict(breakdown), dict(breakdown)))
    said = PRESENTATION.outcome(game, result, ["Ana", "Bo", "Cy"])
    assert said.startswith("Nobody reached Shanghai")
    assert "the tie stands (a race has no tie-break)" in said
    won = {**breakdown, "finished": 1, "total": 1, "attractions_visited": 2}
    result = Result((0, 1, 0), (1,), (breakdown, won, breakdown))
    assert PRESENTATION.outcome(game, result, ["Ana", "Bo", "Cy"]) == (
        "Bo reached Shanghai first, with all 2 attractions visited, in 150 turns."
    )


def test_every_card_in_the_hand_says_what_it_does() -> None:
    """ "Action Cards": read the card to know when it is played; the terminal's `help` lists
    each card of the hand with its detail."""
    assert PRESENTATION is not None
    state = new_state(players=2, seed=1)
    decks = state.game.decks
    for card in decks.action:
        give(state, 0, card.effect.kind)
    document = PRESENTATION.document(state.game, state.observation(0))
    hand = next(s for s in document.sections if s.title == "Your hand")
    cards = [c for b in blocks(hand, Cards) for c in b.cards]
    assert len(cards) == len(decks.action)
    for shown in cards:
        assert shown.detail.startswith("Play"), shown
        assert not unreadable_parts(shown.detail)
