"""Let's Go! To France in the terminal: the steps a move is chosen in, the notation's forms, the
rules summary, the `itinerary` and `map` lookups, the cards in hand and the tie-break said."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from typing import Any

import pytest

import tabletrip
from contract import check_action_steps, check_lookups
from tabletrip.core import Rng
from tabletrip.core.presentation import (
    Cards,
    Diagram,
    Document,
    Section,
    Sentence,
    Table,
    unreadable_parts,
)
from tabletrip.games.lets_go_france.content import DAYS, ICONS
from tabletrip.games.lets_go_france.phases import TRIP, Owed, Pending
from tabletrip.games.lets_go_france.present import LetsGoPresentation
from tabletrip.games.lets_go_france.present_words import card_words
from tabletrip.games.lets_go_france.rules import LetsGoState

PRESENTATION = LetsGoPresentation()
OPTION_SETS = [
    (1, {"region": "loire-valley"}),
    (1, {"region": "brittany-normandy", "advanced_traveler": True}),
    (2, {"region": "provence-alpes-cote-dazur"}),
    (3, {"region": "brittany-normandy"}),
    (4, {"region": "sud-ouest"}),
]


def new_state(players: int, region: str = "loire-valley", seed: int = 3, **options: Any) -> Any:
    game = tabletrip.make("lets-go-france", players=players, region=region, **options)
    state = game.new_game(seed=seed)
    assert isinstance(state, LetsGoState)
    return state


def card(state: LetsGoState, key: str) -> int:
    return state.game.card_index[key]


def space(state: LetsGoState, key: str) -> int:
    return state.game.space_index[key]


def steps(state: LetsGoState) -> dict[str, tuple[str, ...]]:
    """The seat to move's legal moves, notation to steps."""
    observation = state.observation(state.current_player)
    return {
        str(action): PRESENTATION.action_steps(state.game, observation, action)
        for action in state.legal_actions()
    }


def texts(section: Section) -> list[str]:
    return Document((section,)).texts()


def diagram(section: Section) -> Diagram:
    found = [b for b in section.blocks if isinstance(b, Diagram)]
    assert found, f"no picture in {section.title}"
    return found[0]


def table(section: Section) -> Table:
    found = [b for b in section.blocks if isinstance(b, Table)]
    assert found, f"no table in {section.title}"
    return found[0]


# --- the steps of a move ----------------------------------------------------------------------


def test_a_card_is_played_in_four_steps() -> None:
    """ "2. Play Cards" and "Example: Card Placement": the card, face up or face down (Explore
    the City), the day, then the place: tucked under the top, between two cards, or at the
    bottom as the new Highlight of the Day."""
    state = new_state(2)
    state.hands[0] = [card(state, k) for k in ("baguette", "louvre-pyramid")]
    state.days[0][0] = [
        (card(state, "eiffel-tower"), False),
        (card(state, "arc-de-triomphe"), True),
    ]
    said = steps(state)
    assert said["place baguette monday 0"] == (
        "Play Baguette",
        "Face up",
        "On Monday",
        "At the top, tucked under Eiffel Tower",
    )
    assert said["place baguette monday 1"][-1] == (
        "Between Eiffel Tower and Explore the City (Arc de Triomphe) (2nd from the top)"
    )
    assert said["explore baguette monday 2"] == (
        "Play Baguette",
        "Face down (Explore the City)",
        "On Monday",
        "At the bottom, over Explore the City (Arc de Triomphe), as the new Highlight of the Day",
    )
    assert said["place louvre-pyramid tuesday 0"] == (
        "Play Louvre Pyramid",
        "Face up",
        "On Tuesday",
        "As the day's first card",
    )
    firsts = {s[0] for s in said.values()}
    assert firsts == {"Play Baguette", "Play Louvre Pyramid"}


def test_a_full_day_is_not_offered() -> None:
    """ "Each day can have a maximum of 5 cards in its column."""
    state = new_state(2)
    state.hands[0] = [card(state, "baguette")]
    filler = [c for c in range(30) if c not in state.hands[0]]
    state.days[0][0] = [(c, False) for c in filler[:5]]
    days = {s[2] for s in steps(state).values() if s[0].startswith("Play")}
    assert days == {f"On {d.capitalize()}" for d in DAYS[1:]}


def test_the_three_discards_are_chosen_one_after_another_in_hand_order() -> None:
    """ "Use Research Tokens": discard any 3 cards."""
    state = new_state(2)
    keys = ("louvre-pyramid", "baguette", "eiffel-tower", "musee-rodin")
    state.hands[0] = [card(state, k) for k in keys]
    state.pending = [Pending(Owed.DISCARD3)]
    said = steps(state)
    hand = state.observation(0)["hand"]  # the hand as the seat holds it
    assert hand == ["baguette", "eiffel-tower", "louvre-pyramid", "musee-rodin"]
    assert said["discard baguette eiffel-tower louvre-pyramid"] == (
        "Discard Baguette",
        "And Eiffel Tower",
        "And Louvre Pyramid",
    )
    assert said["discard eiffel-tower louvre-pyramid musee-rodin"][0] == "Discard Eiffel Tower"
    assert {s[0] for s in said.values()} == {"Discard Baguette", "Discard Eiffel Tower"}
    # the notation takes the three cards in any order
    parsed = state.game.parse_action("discard louvre-pyramid Baguette eiffel-tower", state)
    assert str(parsed) == "discard baguette eiffel-tower louvre-pyramid"


def test_dotted_lines_and_wild_tokens_are_steps_towards_their_choices() -> None:
    """ "Regional Map Board and Travel": a dotted line is paid at any time; "Highlight of the
    Day Bonuses": a Wild token moves the token of your choice."""
    state = new_state(2)
    state.pending = [Pending(Owed.TRAVEL)]
    state.traveler[0] = space(state, "orleans")
    state.trips[0].research = 1
    said = steps(state)
    assert said["travel blois"] == ("Travel to Blois and gain a History icon and 1 point",)
    assert said["dotted blois"] == (
        "Take a dotted line",
        "Pay a Research token to take the dotted line to Blois and gain a History icon and 1 point",
    )
    assert said["skip travel"] == ("Let this Travel action go",)
    state.phase = TRIP
    state.trips[0].wild = 1
    state.pending = [Pending(Owed.WILD_WINDOW)]
    said = steps(state)
    assert said["wild art"] == ("Spend a Wild token", "Move your Art token 1 space forward")
    assert said["done"] == ("Keep your Wild tokens and go on with the trip",)


def test_one_step_decisions_read_as_the_move_in_words() -> None:
    """ "Gain Favorable Condition Bonuses": flip, move to a bonus row, or nothing."""
    state = new_state(2)
    state.pending = [Pending(Owed.FAVOUR, 0)]
    observation = state.observation(0)
    for action in state.legal_actions():
        words = PRESENTATION.action_words(state.game, observation, action)
        assert PRESENTATION.action_steps(state.game, observation, action) == (words,)


def _branching(state: LetsGoState) -> int:
    kids: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for path in steps(state).values():
        for end in range(len(path)):
            kids[path[:end]].add(path[end])
    return max(len(k) for k in kids.values())


@pytest.mark.parametrize(("players", "options"), OPTION_SETS)
def test_every_decision_of_a_game_is_a_small_tree(players: int, options: dict[str, Any]) -> None:
    """At every decision of a random game the steps pass the kit's check (readable, no two
    moves alike, no move the first steps of another, the same once hidden things are dealt
    anew), the lookups pass theirs, and no step offers more than 12 choices."""
    state = new_state(players, seed=players, **options)
    rnd = random.Random(players)
    decisions = 0
    while not state.is_over:
        seat = state.current_player
        if decisions % 4 == 0 or state.pending:
            view = state.determinize(seat, Rng(decisions))
            check_action_steps(state, view, seat)
            if decisions % 20 == 0:
                check_lookups(state, view, seat)
            assert _branching(state) <= 12
        decisions += 1
        state.apply(rnd.choice(state.legal_actions()))


# --- the notation -----------------------------------------------------------------------------


def _matches(form: str, notation: str) -> bool:
    """Literal words equal, a `<field>` any one word."""
    wanted, have = form.split(), notation.split()
    return len(wanted) == len(have) and all(
        w == h or (w.startswith("<") and w.endswith(">")) for w, h in zip(wanted, have, strict=True)
    )


@pytest.mark.parametrize(("players", "options"), OPTION_SETS)
def test_every_legal_notation_has_its_form(players: int, options: dict[str, Any]) -> None:
    state = new_state(players, seed=11, **options)
    forms = [f.form for f in PRESENTATION.notation_help(state.game)]
    rnd = random.Random(11)
    seen: set[str] = set()
    while not state.is_over:
        for action in state.legal_actions():
            notation = str(action)
            assert any(_matches(f, notation) for f in forms), notation
            seen.add(next(f for f in forms if _matches(f, notation)))
        state.apply(rnd.choice(state.legal_actions()))
    assert {"place <card> <day> <slot>", "explore <card> <day> <slot>", "done"} <= seen


def test_the_notation_says_what_each_field_means() -> None:
    game = new_state(2).game
    forms = {f.form: f for f in PRESENTATION.notation_help(game)}
    fields = {name: text for f in forms.values() for name, text in f.fields}
    for form in forms.values():
        assert form.meaning and not unreadable_parts(form.meaning)
        for name in re.findall(r"<[a-z]+>", form.form):
            assert name in dict(form.fields), f"{form.form} does not say what {name} is"
    assert "0 the top" in fields["<slot>"] and "bottom" in fields["<slot>"]
    assert HIGHLIGHT_WORDS in fields["<slot>"]
    assert all(day in fields["<day>"] for day in DAYS)
    assert all(icon in fields["<icon>"] for icon in ICONS)
    assert "0 the top row" in fields["<row>"] and "2 the bottom row" in fields["<row>"]


HIGHLIGHT_WORDS = "Highlight of the Day"


# --- the rules summary ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), OPTION_SETS)
def test_the_rules_summary_fits_and_speaks_the_game(players: int, options: dict[str, Any]) -> None:
    game = new_state(players, **options).game
    summary = PRESENTATION.rules_summary(game)
    lines = summary.split("\n")
    assert 15 <= len(lines) <= 40 and max(len(line) for line in lines) <= 92
    assert len(summary.split("\n\n")) >= 5
    assert not unreadable_parts(summary)
    assert game.region.name.split()[0] in summary
    for words in ("Highlight of the Day", "Explore the City", "Energy Tracker", "Research"):
        assert words in summary
    assert ("travel agent" in summary) == (players == 1)
    assert ("Advanced Traveler" in summary) == bool(options.get("advanced_traveler"))
    if players > 1:  # "Final Score": the Experience Track spaces break a tie
        assert "moved the most spaces" in summary


# --- the itinerary lookup ---------------------------------------------------------------------


def _planned(players: int = 2, **options: Any) -> LetsGoState:
    """Player 1 with a few cards in its week, one face down, mid-round 3 (Player 2 to play)."""
    state = new_state(players, **options)
    state.days[0][0] = [(card(state, "eiffel-tower"), False), (card(state, "baguette"), False)]
    state.days[0][2] = [(card(state, "louvre-pyramid"), True)]
    state.flipped[0][state.favour_at[0][0]] = True
    if players > 1:
        state.days[1][1] = [(card(state, "musee-rodin"), True)]
    state.reveal()
    return state


def test_your_itinerary_is_drawn_day_by_day_with_the_boards_legend() -> None:
    """ "Example: Card Placement": columns top to bottom, the bottom card the Highlight of the
    Day; each day's Favorable Condition token, flipped or not."""
    state = _planned()
    game = state.game
    names = [lookup.name for lookup in PRESENTATION.lookups(game)]
    assert names == ["itinerary", "map"]
    section = PRESENTATION.lookup(game, state.observation(0), "itinerary")
    assert section.title == "Your Itinerary" and section.role == "mine"
    picture = diagram(section)
    assert all(len(line) <= 100 for line in picture.lines)
    head = picture.lines[0].split()
    assert head[0::2] == [d.capitalize() for d in DAYS] and head[1] == "2/5"
    drawn = "\n".join(picture.lines)
    assert "Eiffel Tower" in drawn and "Baguette" in drawn and "★ 6 points" in drawn
    assert "(Louvre" in drawn  # your own Explore the City card, named to you
    assert picture.lines[1][:16].rstrip().endswith(" 2]")  # Monday's token, flipped
    legend = " ".join(picture.legend)
    # the words of the board's own itinerary legend (svg_itinerary.py)
    for words in ("points", "Time", "Research token", "Travel (TT", "Favorable Condition"):
        assert words in legend
    assert "Ar Architecture" in legend and "Explore the City" in legend
    days = table(section)
    assert days.rows[0][0] == "Monday" and days.rows[0][2] == "2 of 5"
    assert days.rows[0][4] == "Baguette: 6 points, 2 Food icons, 1 more Time today"
    eiffel, baguette = (game.activities[card(state, k)] for k in ("eiffel-tower", "baguette"))
    assert days.rows[0][3] == eiffel.time + baguette.time + baguette.highlight.time
    for text in texts(section):
        assert not unreadable_parts(text), text


def test_another_itinerary_as_the_observation_shows_it() -> None:
    """Another player's board is the one revealed at the round's start, its Explore the City
    cards face down ("Explore the City")."""
    state = _planned()
    observation = state.observation(0)
    game = state.game
    theirs = PRESENTATION.lookup(game, observation, "itinerary", "2")
    assert theirs.title == "Player 2's Itinerary, as it stood when round 1 began"
    assert theirs.seat == 1 and theirs.role == "seat"
    drawn = "\n".join(diagram(theirs).lines)
    assert "face down" in drawn and "Rodin" not in drawn
    same = PRESENTATION.lookup(game, observation, "itinerary", "Player 2")
    assert same.to_json() == theirs.to_json()
    # what Player 2 plays now stays unseen until every player has played the round
    rnd = random.Random(2)
    while state.current_player == 0:
        state.apply(rnd.choice(state.legal_actions()))
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("place")))
    again = PRESENTATION.lookup(game, state.observation(0), "itinerary", "2")
    assert diagram(again).lines == diagram(theirs).lines


def test_one_day_card_by_card() -> None:
    state = _planned()
    game = state.game
    monday = PRESENTATION.lookup(game, state.observation(0), "itinerary", "MON")
    assert monday.title == "Your Itinerary: Monday"
    rows = table(monday).rows
    assert [r[0] for r in rows] == ["Top", "Bottom (Highlight of the Day)"]
    eiffel = game.activities[card(state, "eiffel-tower")]
    assert rows[0][1:] == ("Eiffel Tower", "Architecture", eiffel.points, eiffel.time, "nothing")
    said = " ".join(b.text for b in monday.blocks if isinstance(b, Sentence))
    assert "Highlight of the Day: Baguette: 6 points" in said and "Time: " in said
    wednesday = PRESENTATION.lookup(game, state.observation(0), "itinerary", "wed")
    assert table(wednesday).rows[0][1] == "Explore the City (Louvre Pyramid)"
    theirs = PRESENTATION.lookup(game, state.observation(0), "itinerary", "2 tue")
    assert table(theirs).rows[0][1] == "Explore the City (face down)"


def test_an_unknown_query_and_an_unknown_lookup() -> None:
    state = _planned()
    game = state.game
    section = PRESENTATION.lookup(game, state.observation(0), "itinerary", "Zanzibar")
    said = " ".join(texts(section))
    assert "Zanzibar" in said and "Player 2" in said and not unreadable_parts(said)
    with pytest.raises(KeyError):
        PRESENTATION.lookup(game, state.observation(0), "routes")


def test_the_travel_agents_week() -> None:
    """ "Solo Rules": the travel agent's week, 3 cards a day and 4 on Saturday, face up."""
    state = new_state(1)
    state.days[1][0] = [(card(state, "baguette"), False)]
    state.reveal()
    section = PRESENTATION.lookup(state.game, state.observation(0), "itinerary", "agent")
    assert section.title == "The travel agent's week"
    picture = diagram(section)
    assert picture.lines[0].split()[1] == "1/3" and picture.lines[0].split()[-1] == "0/4"
    assert "Baguette" in "\n".join(picture.lines)


# --- the map lookup ---------------------------------------------------------------------------


def test_the_map_lists_every_space_with_its_bonus_lines_and_people() -> None:
    """ "Regional Map Board and Travel": what each space gives, its lines, Travelers and
    Exploration tokens."""
    state = new_state(3)
    state.traveler[1] = space(state, "tours")
    state.explored[1] = [space(state, "villandry")]
    state.traveler[0] = space(state, "orleans")
    state.reveal()
    section = PRESENTATION.lookup(state.game, state.observation(0), "map")
    assert section.title == "Regional map: Loire Valley"
    rows = {r[0]: r for r in table(section).rows}
    assert len(rows) == len(state.game.region.spaces)
    assert rows["Tours"][2] == "a Food icon" and rows["Tours"][4] == "Player 2's Traveler"
    assert "starting space" in rows["Tours"][1]
    assert rows["Villandry"][4] == "explored by Player 2"
    assert "Blois (pay a Research token)" in rows["Orléans"][3]
    assert rows["Orléans"][4] == "Your Traveler"
    for text in texts(section):
        assert not unreadable_parts(text), text


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("tours", ["Tours"]),
        ("ORLÉ", ["Orléans"]),
        ("orl", ["Orléans"]),
        ("rid", ["Azay-le-Rideau"]),
    ],
)
def test_the_map_is_filtered_by_a_space_name(query: str, found: list[str]) -> None:
    state = new_state(2)
    section = PRESENTATION.lookup(state.game, state.observation(0), "map", query)
    assert [r[0] for r in table(section).rows] == found


def test_a_map_query_that_names_nothing() -> None:
    state = new_state(2)
    section = PRESENTATION.lookup(state.game, state.observation(0), "map", "Lyon")
    assert table(section).rows == () and "Lyon" in table(section).empty


# --- hidden information -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), OPTION_SETS)
def test_lookups_show_nothing_the_seat_cannot_see(players: int, options: dict[str, Any]) -> None:
    """Two observations differing only in what the seat cannot see (other hands, the deck,
    face-down cards, this round's plays) give the same lookups."""
    state = new_state(players, seed=5, **options)
    rnd = random.Random(5)
    while state.round < 5 or state.pending:
        state.apply(rnd.choice(state.legal_actions()))
    seat = state.current_player
    twin = state.determinize(seat, Rng(9))
    assert twin.observation(seat) == state.observation(seat)
    queries = ["", "1", "2", "agent", "sat", "you", "tours", "chinon"]
    for lookup in PRESENTATION.lookups(state.game):
        for query in queries:
            one = PRESENTATION.lookup(state.game, state.observation(seat), lookup.name, query)
            other = PRESENTATION.lookup(state.game, twin.observation(seat), lookup.name, query)
            assert one.to_json() == other.to_json(), (lookup.name, query)


def test_another_players_face_down_card_never_shows() -> None:
    """ "Explore the City": played face down, the card is its owner's secret."""
    state = _planned()
    shown = PRESENTATION.lookup(state.game, state.observation(0), "itinerary", "2").to_json()
    state.days[1][1] = [(card(state, "baguette"), True)]  # another card under the same face
    state.reveal()
    again = PRESENTATION.lookup(state.game, state.observation(0), "itinerary", "2").to_json()
    assert again == shown


# --- the cards in hand and the outcome --------------------------------------------------------


def test_every_card_in_hand_says_what_it_does() -> None:
    """ "Card Anatomy": icons, points, Time, the bonus when played and the Highlight of the
    Day, for every card the hand may hold."""
    state = new_state(2)
    game = state.game
    for start in range(0, len(game.activities), 8):
        state.hands[0] = list(range(start, min(start + 8, len(game.activities))))
        document = PRESENTATION.document(game, state.observation(0))
        hand = next(s for s in document.sections if s.title == "Your hand")
        shown = [c for b in hand.blocks if isinstance(b, Cards) for c in b.cards]
        assert len(shown) == len(state.hands[0])
        held = state.observation(0)["hand"]
        for key, shown_card in zip(held, shown, strict=True):
            activity = game.activities[card(state, key)]
            assert shown_card.name == activity.name
            assert shown_card.detail == card_words(activity)
            assert "Highlight of the Day: " in shown_card.detail
            if activity.bonus != "none":
                assert "when played" in shown_card.detail


def _tied(scores: tuple[int, ...], winners: tuple[int, ...], moved: tuple[int, ...]) -> Any:
    from tabletrip.core.game import Result

    return Result(scores, winners, tuple({"experience_moved": m} for m in moved))


def test_a_tie_on_points_says_how_it_was_broken() -> None:
    """ "Final Score": tied players compare the spaces their Experience tokens moved; still
    tied, they share the victory."""
    game = new_state(3).game
    names = ["Ana", "Bo", "Cy"]
    broken = _tied((98, 98, 80), (1,), (24, 26, 10))
    assert PRESENTATION.outcome(game, broken, names) == (
        "Bo wins with 98 points, tied on points with Ana but ahead on the Experience Track "
        "tie-break: 26 spaces moved to 24."
    )
    stands = _tied((98, 98, 80), (0, 1), (25, 25, 10))
    assert PRESENTATION.outcome(game, stands, names) == (
        "Ana and Bo share the victory with 98 points: tied on points and on the Experience "
        "Track tie-break, 25 spaces moved each."
    )
    three = _tied((98, 98, 98), (0, 2), (25, 20, 25))
    assert PRESENTATION.outcome(game, three, names) == (
        "Ana and Cy share the victory with 98 points, tied on points and on the Experience "
        "Track tie-break (25 spaces moved each); Bo, also on 98 points, moved 20."
    )
