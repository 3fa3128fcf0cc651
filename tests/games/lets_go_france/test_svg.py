"""The Let's Go! To France board (SVG): valid, no leaks, and every title and label in the
game's words (players by name, places by name, whole plurals)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import tabletrip
from contract import check_board_words
from lets_go_view_helpers import SETTINGS, STAGES, hidden_names, played, viewers
from tabletrip.core import Rng
from tabletrip.core.presentation import unreadable_parts
from tabletrip.games.lets_go_france.content import DAYS, load_regions
from tabletrip.games.lets_go_france.svg import render_svg
from tabletrip.games.lets_go_france.svg_itinerary import band_words, card_title, itinerary_svg
from tabletrip.games.lets_go_france.svg_map import map_points, map_svg
from tabletrip.games.lets_go_france.svg_parts import seat_label
from tabletrip.games.lets_go_france.svg_tracks import reward_label
from tabletrip.games.lets_go_france.view_content import content_for, game_content

SVG = "{http://www.w3.org/2000/svg}"


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def titles(root: ET.Element) -> dict[str, str]:
    """Each target's title by its `data-target` key."""
    found = {}
    for element in root.iter():
        key = element.get("data-target")
        if key is not None:
            title = element.find(f"{SVG}title")
            assert title is not None, key
            found[key] = title.text or ""
    return found


def texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


# --- the picture --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "region"), SETTINGS)
@pytest.mark.parametrize("moves", STAGES)
def test_svg_renders_at_every_stage(players: int, region: str, moves: int) -> None:
    state = played(players, region, seed=players * 100 + moves, moves=moves)
    if moves == STAGES[-1]:
        assert state.is_over
    for seat in viewers(state):
        root = ET.fromstring(render_svg(state, seat))
        assert root.tag == f"{SVG}svg"
        spaces = [e.get("data-space") for e in with_class(root, "space")]
        assert sorted(spaces) == sorted(s.id for s in state.game.region.spaces)
        days = [e.get("data-day") for e in with_class(root, "day")]
        assert days == list(DAYS)
        paths = with_class(root, "path")
        assert len(paths) == len(state.game.region.paths)
        for element in [*with_class(root, "space"), *with_class(root, "day"), *paths]:
            assert element.find(f"{SVG}title") is not None


@pytest.mark.parametrize(("players", "region"), SETTINGS)
@pytest.mark.parametrize("moves", STAGES)
def test_svg_never_shows_what_the_seat_cannot_know(players: int, region: str, moves: int) -> None:
    """No card outside the seat's observation (others' hands and stacks, face-down Explore the
    City cards, the round's unrevealed plays, the deck) is named in its SVG."""
    state = played(players, region, seed=players * 7 + moves, moves=moves)
    for seat in viewers(state):
        observation = state.public_observation() if seat is None else state.observation(seat)
        svg = render_svg(state, seat)
        for word in hidden_names(state, observation):
            assert word not in svg, f"{seat} sees {word} in the SVG"


@pytest.mark.parametrize(("players", "region"), SETTINGS)
def test_what_a_seat_cannot_see_changes_nothing_in_its_svg(players: int, region: str) -> None:
    """Another deal of the hidden cards gives the same SVG."""
    for moves in (17, 60, 150):
        state = played(players, region, seed=moves, moves=moves)
        for seat in range(players):
            for k in range(3):
                other_world = state.determinize(seat, Rng(seat * 10 + k))
                assert render_svg(other_world, seat) == render_svg(state, seat)


def test_explore_cards_are_named_to_their_owner_only() -> None:
    for seed in range(30):
        state = played(3, "sud-ouest", seed=seed, moves=60)
        if any(face_down for seat in state.days for col in seat for _, face_down in col):
            break
    else:
        pytest.skip("no Explore the City card in the random games")
    for owner in range(3):
        explore = [
            state.game.activities[card].key
            for column in state.days[owner]
            for card, face_down in column
            if face_down
        ]
        for viewer in viewers(state):
            root = ET.fromstring(render_svg(state, viewer))
            cards = {e.get("data-card") for e in with_class(root, "card")}
            for key in explore:
                assert (key in cards) == (viewer == owner)


def test_map_svg_draws_every_space_path_and_traveler() -> None:
    state = played(4, "loire-valley", seed=9, moves=200)
    region = state.game.region
    observation = state.public_observation()
    travelers = {s: b["traveler"] for s, b in enumerate(observation["boards"])}
    explored = {s: b["explored"] for s, b in enumerate(observation["boards"])}
    root = ET.fromstring(map_svg(region, travelers, explored, viewer=None, players=4))
    assert {e.get("data-space") for e in with_class(root, "space")} == {s.id for s in region.spaces}
    starts = {e.get("data-space") for e in with_class(root, "start")}
    assert starts == {s.id for s in region.spaces if s.start}
    circles = {e.get("data-space") for e in with_class(root, "explore")}
    assert circles == {s.id for s in region.spaces if s.explore_once}
    dotted = with_class(root, "dotted")
    assert len(dotted) == sum(p.dotted for p in region.paths)
    for element in dotted:
        assert any(t.text in ("R", "W", "-1") for t in element.iter(f"{SVG}text"))
    pins = {e.get("data-seat"): e.get("data-space") for e in with_class(root, "traveler")}
    assert pins == {str(s): space for s, space in travelers.items() if space is not None}


def test_itinerary_svg_marks_the_highlight_of_each_day() -> None:
    state = played(2, "provence-alpes-cote-dazur", seed=4, moves=120)
    board = state.observation(0)["my_board"]
    root = ET.fromstring(itinerary_svg(board, game_content(state.game)))
    for day, column in zip(DAYS, board["days"], strict=True):
        group = next(e for e in with_class(root, "day") if e.get("data-day") == day)
        cards = with_class(group, "card")
        assert len(cards) == len(column)
        marked = [c for c in cards if "highlight" in (c.get("class") or "").split()]
        assert len(marked) == (1 if column else 0)
        if column:
            assert marked[0].get("data-slot") == str(len(column) - 1)
            assert "Highlight of the Day" in ET.tostring(marked[0], encoding="unicode")


def test_map_layout_keeps_towns_apart() -> None:
    for region in load_regions().regions:
        points = list(map_points(region).values())
        closest = min(
            ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
            for i, a in enumerate(points)
            for b in points[i + 1 :]
        )
        assert closest > 60, region.id
        assert content_for(region.id).region is not None


# --- the board speaks the game --------------------------------------------------------------------


@pytest.mark.parametrize(("players", "region"), SETTINGS)
@pytest.mark.parametrize("moves", (0, 40, 130, 5000))
def test_every_title_and_label_reads_like_the_game(players: int, region: str, moves: int) -> None:
    """The kit's board check for every viewer: no seat index, id, key, placeholder or "1 pts"
    in any `<title>`, `<text>` or `<tspan>`."""
    state = played(players, region, seed=players * 31 + moves, moves=moves)
    for seat in viewers(state):
        check_board_words(state, seat)


def test_the_board_names_players_as_the_presentation_does() -> None:
    """ "Player 1 (blue)", "you", never "seat 0"; the round out of the Round Tracker's 14."""
    state = played(2, "loire-valley", seed=5, moves=0)
    mine = ET.fromstring(render_svg(state, 0))
    assert mine.find(f"{SVG}title").text == "Let's Go! To France, as Player 1 (blue) sees it"
    assert "Your Itinerary (Player 1, blue), round 1 of 14" in texts(mine)
    assert "Player 1 (blue), you" in texts(mine) and "Player 2 (red)" in texts(mine)
    spectator = ET.fromstring(render_svg(state, None))
    assert spectator.find(f"{SVG}title").text == "Let's Go! To France"
    assert "Itinerary of Player 1 (blue), round 1 of 14" in texts(spectator)
    assert seat_label(3, 4) == "Player 4 (yellow)"
    assert seat_label(1, 1) == "the travel agent"


def test_travelers_and_exploration_tokens_show_player_numbers() -> None:
    """A pin and a token carry the player's number (1 for the first player), titled in words."""
    state = played(2, "loire-valley", seed=5, moves=0)
    index = state.game.space_index
    state.traveler[:] = [index["tours"], index["chambord"]]
    state.explored[1] = [index["chambord"]]
    state.reveal()  # the table sees the boards as they are
    root = ET.fromstring(render_svg(state, 0))
    pins = {e.get("data-seat"): e for e in with_class(root, "traveler")}
    assert [t.text for t in pins["0"].iter(f"{SVG}text")] == ["1"]
    assert pins["0"].find(f"{SVG}title").text == "Your Traveler at Tours"
    assert pins["1"].find(f"{SVG}title").text == "Traveler of Player 2 (red) at Chambord"
    chambord = titles(root)["space-chambord"]
    assert chambord.startswith("Chambord: gives 2 Architecture icons; dotted circle")
    assert chambord.endswith("double-flag Goal space; explored by Player 2 (red)")
    group = next(e for e in with_class(root, "space") if e.get("data-space") == "chambord")
    inner = [g.find(f"{SVG}title").text for g in group.iter(f"{SVG}g") if g is not group]
    assert inner[-1] == "Exploration token of Player 2 (red)"
    assert inner[:-1] == ["Architecture", "Architecture"]  # the bonus: 2 Architecture icons


def test_lines_and_towns_are_titled_by_name() -> None:
    state = played(2, "loire-valley", seed=5, moves=0)
    found = titles(ET.fromstring(render_svg(state, 0)))
    assert found["path-amboise|tours"] == "Amboise\u2013Tours: solid line, a Travel action"
    assert found["dotted-orleans|blois"] == (
        "Orléans\u2013Blois: dotted line, pay a Research token at any time"
    )
    assert found["dotted-azay-le-rideau|saumur"] == (
        "Azay-le-Rideau\u2013Saumur: dotted line, move an Experience token back 1 space at any time"
    )
    assert found["space-blois"] == "Blois: gives a History icon and 1 point"
    assert found["space-tours"] == "Tours: gives a Food icon; starting space"


def test_a_place_for_a_new_card_says_what_it_means() -> None:
    """ "Example: Card Placement": tucked under the top, between two cards, or at the bottom as
    the new Highlight of the Day; the owner's Explore the City card by its name."""
    state = played(2, "loire-valley", seed=3, moves=0)
    acts = state.game.activities
    state.days[0][1][:] = [(10, False), (11, True)]
    found = titles(ET.fromstring(render_svg(state, 0)))
    first, second = acts[10].name, acts[11].name
    assert found["slot-tuesday-0"] == f"A new card at the top of Tuesday, tucked under {first}"
    assert found["slot-tuesday-1"] == (
        f"A new card on Tuesday, 2nd from the top, between {first} and Explore the City ({second})"
    )
    assert found["slot-tuesday-2"] == (
        f"A new card at the bottom of Tuesday, over Explore the City ({second}), as the new "
        "Highlight of the Day"
    )
    assert found["slot-wednesday-0"] == "A new card on Wednesday, its first card"
    assert found["day-tuesday"] == (
        f"Tuesday: 2 of 5 cards; Highlight of the Day: Explore the City ({second})"
    )


def test_a_card_reads_in_full_in_its_title_and_short_on_its_band() -> None:
    """The web test's card: no id, "1 point", its Highlight in the rulebook's words."""
    game = tabletrip.make("lets-go-france", players=2)
    velib = next(a for a in game.activities if a.key == "velib-bike-ride")
    assert card_title(velib) == (
        "Vélib' Bike Ride: no icon, 1 point, 1 Time, gain a Travel action when played; "
        "Highlight of the Day: 1 point, your lowest Experience icon 2 times"
    )
    assert band_words(velib.highlight) == "1 point, +2 lowest icons"
    for card in game.activities:
        for words in (card_title(card), band_words(card.highlight)):
            assert not unreadable_parts(words), words
            assert card.key not in words


def test_tokens_rows_and_tracks_are_titled_in_words() -> None:
    state = played(2, "loire-valley", seed=3, moves=0)
    state.trips[0].wild = 1
    state.trips[0].steps[1] = 12  # art: flipped to its 10 side, on space 2
    state.moved[0] = [2, 1]  # Food and Art tokens moved to bonus rows, Food flipped
    state.flipped[0][2] = True
    state.single_done[0] = True
    root = ET.fromstring(render_svg(state, 0))
    assert "Moved to bonus rows: Food, Art (1 flipped)" in texts(root)
    assert "Flags reached: single" in texts(root)
    found = titles(root)
    assert found["wild"] == "1 Wild token"
    assert found["research"] == "0 Research tokens"
    assert found["icon-art"] == "Experience Track: Art, flipped to its 10 side, space 2, 11 points"
    assert found["row-1"] == (
        "Middle bonus row: 0 of 3 spaces covered, next: 1 Research token and 1 Wild token"
    )
    rows = state.game.board.reward_rows
    assert [reward_label(space) for space in rows[0]] == ["Travel", "Travel + 1 point", "2 Travel"]
