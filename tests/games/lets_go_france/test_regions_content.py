"""Let's Go! To France regional maps and Goal tiles: the built-in `regions.json` against the
rulebook ("Setup", "Regional Map Board and Travel", "Goal Tiles", "Example: Travel", the Goal tile
clarifications) and real geography, and broken files refused with a message naming the file and
the entry."""

from __future__ import annotations

import copy
import itertools
import json
import math
from collections import Counter, deque
from importlib.resources import files
from typing import Any

import pytest

from tabletrip.core import ContentError, validate_content
from tabletrip.games.lets_go_france import content

NAME = "regions.json"

# Rough lon/lat boxes: mainland France, and each region's part of it.
FRANCE = ((-5.2, 8.3), (42.3, 51.1))
REGION_BOXES = {
    "loire-valley": ((-1.0, 2.3), (46.9, 48.1)),
    "provence-alpes-cote-dazur": ((4.2, 7.5), (43.0, 44.5)),
    "brittany-normandy": ((-4.9, 1.8), (47.2, 50.0)),
    "sud-ouest": ((-1.9, 2.8), (42.6, 45.3)),
}
# Each region's flavour on the map: the experience icons its spaces mostly give.
FLAVOURS = {
    "loire-valley": {"architecture", "history"},
    "provence-alpes-cote-dazur": {"food", "nature", "art"},
    "brittany-normandy": {"history", "nature", "food"},
    "sud-ouest": {"food", "nature", "history"},
}
# Independent reference positions (lat, lon) of some of the towns, to catch typos and swaps.
REAL = {
    "orleans": (47.90, 1.91),
    "chambord": (47.62, 1.52),
    "tours": (47.39, 0.69),
    "chinon": (47.17, 0.24),
    "angers": (47.47, -0.55),
    "marseille": (43.30, 5.37),
    "arles": (43.68, 4.63),
    "avignon": (43.95, 4.81),
    "nice": (43.70, 7.27),
    "saint-tropez": (43.27, 6.64),
    "brest": (48.39, -4.49),
    "mont-saint-michel": (48.64, -1.51),
    "bayeux": (49.28, -0.70),
    "rouen": (49.44, 1.10),
    "giverny": (49.08, 1.53),
    "bordeaux": (44.84, -0.58),
    "bayonne": (43.49, -1.47),
    "toulouse": (43.60, 1.44),
    "carcassonne": (43.21, 2.35),
    "lourdes": (43.09, -0.05),
}
MONACO = (43.74, 7.42)


def _km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2, dl = math.radians(lat1), math.radians(lat2), math.radians(lon2 - lon1)
    cos = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return 6371 * math.acos(max(-1.0, min(1.0, cos)))


@pytest.fixture(scope="module")
def regions() -> content.RegionsSpec:
    return content.load_regions()


@pytest.fixture(scope="module")
def by_id(regions: content.RegionsSpec) -> dict[str, content.RegionSpec]:
    return {r.id: r for r in regions.regions}


def _raw() -> dict[str, Any]:
    path = files("tabletrip.games.lets_go_france") / "data" / NAME
    return json.loads(path.read_text(encoding="utf-8"))


def _solid_reach(region: content.RegionSpec, start: str) -> set[str]:
    links: dict[str, set[str]] = {s.id: set() for s in region.spaces}
    for path in region.paths:
        if not path.dotted:
            links[path.a].add(path.b)
            links[path.b].add(path.a)
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in links[todo.popleft()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def _between(region: content.RegionSpec, a: str, b: str) -> list[content.PathSpec]:
    return [p for p in region.paths if {p.a, p.b} == {a, b}]


# --- Setup ----------------------------------------------------------------------------------


def test_setup_four_regions_on_two_double_sided_boards(regions: content.RegionsSpec) -> None:
    assert regions.header.startswith("Let's Go! To France")
    assert "original content" in regions.header and "tabletrip" in regions.header
    assert [r.id for r in regions.regions] == list(content.REGIONS)
    boards = {r.id: r.board for r in regions.regions}
    assert boards == {
        "loire-valley": 1,
        "provence-alpes-cote-dazur": 1,
        "brittany-normandy": 2,
        "sud-ouest": 2,
    }
    assert all(r.name for r in regions.regions)


def test_setup_seven_goal_tiles_three_single_flag_four_double_flag(
    regions: content.RegionsSpec,
) -> None:
    assert len(regions.single_flag_tiles) == 3
    assert len(regions.double_flag_tiles) == 4
    faces = [face for tile in regions.single_flag_tiles for face in tile.faces]
    assert len(faces) == 6  # all single-flag tiles are double-sided
    assert all(face.flag == 1 and face.region is None for face in faces)
    # "Choose one of the double-flag tiles with the same name as the chosen Regional Map board."
    assert Counter(t.region for t in regions.double_flag_tiles) == Counter(content.REGIONS)
    doubles = [face for tile in regions.double_flag_tiles for face in tile.faces]
    assert len(doubles) == 8  # double-sided too ("7 Goal tiles (double-sided)")
    assert all(face.flag == 2 and face.region for face in doubles)
    ids = [g.id for g in [*faces, *doubles]]
    assert len(set(ids)) == len(ids)


# --- Regional Map Board and Travel ------------------------------------------------------------


@pytest.mark.parametrize("region_id", content.REGIONS)
def test_map_has_the_rulebook_kinds_of_space(
    by_id: dict[str, content.RegionSpec], region_id: str
) -> None:
    region = by_id[region_id]
    spaces = region.spaces
    assert 12 <= len(spaces) <= 16
    assert 2 <= sum(s.start for s in spaces) <= 3  # dotted squares
    assert 3 <= sum(s.explore_once for s in spaces) <= 4  # dotted circles
    assert 2 <= sum(s.flag == 1 for s in spaces) <= 3
    assert 1 <= sum(s.flag == 2 for s in spaces) <= 2
    for space in spaces:
        assert 1 <= len(space.bonus) <= 2, space.id
        # A starting space is a dotted square: not also a dotted circle nor a goal space.
        if space.start:
            assert not space.explore_once and space.flag == 0, space.id


@pytest.mark.parametrize("region_id", content.REGIONS)
def test_map_is_connected_by_solid_paths_from_every_start(
    by_id: dict[str, content.RegionSpec], region_id: str
) -> None:
    region = by_id[region_id]
    everything = {s.id for s in region.spaces}
    for start in (s.id for s in region.spaces if s.start):
        assert _solid_reach(region, start) == everything, start


@pytest.mark.parametrize("region_id", content.REGIONS)
def test_paths_are_solid_or_dotted_with_a_cost(
    by_id: dict[str, content.RegionSpec], region_id: str
) -> None:
    region = by_id[region_id]
    dotted = [p for p in region.paths if p.dotted]
    assert dotted, "every map has dotted shortcuts"
    assert all(p.cost in ("research", "wild", "experience") for p in dotted)
    assert all(p.cost is None for p in region.paths if not p.dotted)
    # At most one line of each kind between two towns (a dotted one may run beside a solid one).
    kinds = Counter((frozenset((p.a, p.b)), p.dotted) for p in region.paths)
    assert max(kinds.values()) == 1


def test_dotted_paths_cost_a_map_icon_and_some_run_beside_solid_ones(
    regions: content.RegionsSpec,
) -> None:
    # Quick Icon Guide, Map Icons: a Wild token, a Research token, an Experience icon back 1
    # space. "If there is both a dotted line and a solid line between two spaces, the player
    # may choose to travel on either line."
    costs = {p.cost for r in regions.regions for p in r.paths if p.dotted}
    assert costs == {"research", "wild", "experience"}
    beside = [
        (r.id, p.a, p.b)
        for r in regions.regions
        for p in r.paths
        if p.dotted and any(not q.dotted for q in _between(r, p.a, p.b))
    ]
    assert len(beside) >= 2


@pytest.mark.parametrize("region_id", content.REGIONS)
def test_paths_join_neighbouring_towns_without_crossing(
    by_id: dict[str, content.RegionSpec], region_id: str
) -> None:
    region = by_id[region_id]
    spaces = {s.id: s for s in region.spaces}
    for path in region.paths:
        a, b = spaces[path.a], spaces[path.b]
        assert _km(a.lat, a.lon, b.lat, b.lon) <= 170, (path.a, path.b)
    for a, b in itertools.combinations(region.spaces, 2):
        assert _km(a.lat, a.lon, b.lat, b.lon) >= 8, (a.id, b.id)  # distinct places

    def xy(town: str) -> tuple[float, float]:
        s = spaces[town]
        return s.lon * math.cos(math.radians(s.lat)), s.lat

    def turn(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    for p, q in itertools.combinations(region.paths, 2):
        if len({p.a, p.b, q.a, q.b}) < 4:
            continue  # lines meeting at a town
        a, b, c, d = xy(p.a), xy(p.b), xy(q.a), xy(q.b)
        crosses = turn(a, b, c) * turn(a, b, d) < 0 and turn(c, d, a) * turn(c, d, b) < 0
        assert not crosses, (p, q)


@pytest.mark.parametrize("region_id", content.REGIONS)
def test_towns_are_real_places_inside_france_and_their_region(
    by_id: dict[str, content.RegionSpec], region_id: str
) -> None:
    (west, east), (south, north) = REGION_BOXES[region_id]
    (f_west, f_east), (f_south, f_north) = FRANCE
    names = [s.name for s in by_id[region_id].spaces]
    assert len(set(names)) == len(names)
    for space in by_id[region_id].spaces:
        assert f_west <= space.lon <= f_east and f_south <= space.lat <= f_north, space.id
        assert west <= space.lon <= east and south <= space.lat <= north, space.id
        assert "monaco" not in space.id and "Monaco" not in space.name  # not France
        assert _km(space.lat, space.lon, *MONACO) > 5, space.id
        if space.id in REAL:
            assert _km(space.lat, space.lon, *REAL[space.id]) < 5, space.id


def test_reference_towns_are_all_on_the_maps(regions: content.RegionsSpec) -> None:
    ids = {s.id for r in regions.regions for s in r.spaces}
    assert set(REAL) <= ids


@pytest.mark.parametrize("region_id", content.REGIONS)
def test_space_bonuses_carry_the_regions_flavour(
    by_id: dict[str, content.RegionSpec], region_id: str
) -> None:
    icons = Counter(b.icon for s in by_id[region_id].spaces for b in s.bonus if b.kind == "icon")
    flavour = FLAVOURS[region_id]
    assert flavour <= set(icons)
    assert sum(icons[i] for i in flavour) * 2 > sum(icons.values())


def test_every_space_bonus_kind_is_used(regions: content.RegionsSpec) -> None:
    kinds = {b.kind for r in regions.regions for s in r.spaces for b in s.bonus}
    assert kinds == set(content.SPACE_BONUS_KINDS)
    energy = [b for r in regions.regions for s in r.spaces for b in s.bonus if b.kind == "energy"]
    assert all(b.amount == 1 for b in energy)  # +1 on the Energy Tracker


# --- Example: Travel --------------------------------------------------------------------------


def test_example_travel_camille_marseille_arles_avignon(
    by_id: dict[str, content.RegionSpec],
) -> None:
    provence = by_id["provence-alpes-cote-dazur"]
    spaces = {s.id: s for s in provence.spaces}
    # 1. The square starting space of Marseille: her Food token moves 1 space.
    marseille = spaces["marseille"]
    assert marseille.start
    assert marseille.bonus == [content.SpaceBonusSpec(kind="icon", icon="food")]
    # 2. She pays 1 Research token to move along the dotted line to Arles: History.
    to_arles = _between(provence, "marseille", "arles")
    assert [(p.dotted, p.cost) for p in to_arles] == [(True, "research")]
    assert spaces["arles"].bonus == [content.SpaceBonusSpec(kind="icon", icon="history")]
    # 3. A Travel action along the solid line to Avignon, a dotted circle...
    assert any(not p.dotted for p in _between(provence, "arles", "avignon"))
    avignon = spaces["avignon"]
    assert avignon.explore_once and not avignon.start
    # ...where she achieves the single-flag goal.
    assert avignon.flag == 1


def test_example_travel_goal_tile_gives_three_icons_of_her_choice(
    regions: content.RegionsSpec,
) -> None:
    faces = [face for tile in regions.single_flag_tiles for face in tile.faces]
    three = [f for f in faces if f.effect == "any_icons"]
    assert [(f.timing, f.count) for f in three] == [("immediately", 3)]


# --- Goal Tiles -------------------------------------------------------------------------------


def test_goal_tiles_single_flag_faces(regions: content.RegionsSpec) -> None:
    faces = {face.effect: face for tile in regions.single_flag_tiles for face in tile.faces}
    assert set(faces) == {
        "any_icons",
        "reward_space",
        "one_time_cards",
        "point_tokens",
        "wild_tokens",
        "research_tokens",
    }
    assert (faces["any_icons"].timing, faces["any_icons"].count) == ("immediately", 3)
    assert faces["reward_space"].timing == "immediately"
    assert (faces["one_time_cards"].timing, faces["one_time_cards"].points) == (
        "end_of_saturday",
        2,
    )
    for effect in ("wild_tokens", "research_tokens", "point_tokens"):
        assert faces[effect].timing == "immediately"
        assert 1 <= faces[effect].count <= 4
    # Two faces of one tile are different goals.
    for tile in regions.single_flag_tiles:
        assert tile.faces[0].effect != tile.faces[1].effect


def test_goal_tiles_double_flag_one_per_region(regions: content.RegionsSpec) -> None:
    """The clarifications' regional faces, each on its region's tile (side a); the other
    sides are original content."""
    tiles = {t.region: t.faces[0] for t in regions.double_flag_tiles}
    loire = tiles["loire-valley"]
    assert (loire.effect, loire.timing, loire.day) == (
        "highlight_again",
        "end_of_tuesday",
        "tuesday",
    )
    provence = tiles["provence-alpes-cote-dazur"]
    assert (provence.effect, provence.timing) == ("draw_highlight", "end_of_saturday")
    brittany = tiles["brittany-normandy"]
    assert (brittany.effect, brittany.timing) == ("opponent_highlight", "end_of_saturday")
    sud_ouest = tiles["sud-ouest"]
    assert (sud_ouest.effect, sud_ouest.timing, sud_ouest.points) == (
        "longest_icon_run",
        "end_of_saturday",
        3,
    )
    backs = {t.region: t.faces[1] for t in regions.double_flag_tiles}
    assert (backs["loire-valley"].effect, backs["loire-valley"].points) == (
        "lowest_icon_points",
        2,
    )
    assert all(face.timing != "immediately" for face in backs.values())


def test_goal_tiles_have_short_texts_naming_their_timing(regions: content.RegionsSpec) -> None:
    faces = [face for tile in regions.single_flag_tiles for face in tile.faces]
    faces += [face for tile in regions.double_flag_tiles for face in tile.faces]
    starts = {
        "immediately": "Immediately",
        "end_of_tuesday": "End of Tuesday",
        "end_of_saturday": "End of Saturday",
    }
    for goal in faces:
        assert goal.effect in content.GOAL_EFFECTS and goal.timing in content.GOAL_TIMINGS
        assert 10 <= len(goal.text) <= 120, goal.id
        assert goal.text.startswith(starts[goal.timing]), goal.id


# --- broken files -----------------------------------------------------------------------------


def _unknown_region(data: dict[str, Any]) -> None:
    data["regions"][3]["id"] = "alsace"


def _path_to_unknown_town(data: dict[str, Any]) -> None:
    data["regions"][1]["paths"][3]["b"] = "monaco"


def _dotted_without_cost(data: dict[str, Any]) -> None:
    path = next(p for p in data["regions"][0]["paths"] if p.get("dotted"))
    del path["cost"]


def _cost_on_solid_path(data: dict[str, Any]) -> None:
    data["regions"][2]["paths"][0]["cost"] = "wild"


def _two_double_flag_tiles_for_one_region(data: dict[str, Any]) -> None:
    data["double_flag_tiles"][3]["region"] = "loire-valley"
    for face in data["double_flag_tiles"][3]["faces"]:
        face["region"] = "loire-valley"


def _unknown_bonus_icon(data: dict[str, Any]) -> None:
    data["regions"][0]["spaces"][0]["bonus"][0]["icon"] = "wine"


def _single_flag_face_with_region(data: dict[str, Any]) -> None:
    data["single_flag_tiles"][0]["faces"][1]["region"] = "sud-ouest"


def _no_double_flag_space(data: dict[str, Any]) -> None:
    for space in data["regions"][3]["spaces"]:
        if space.get("flag") == 2:
            space["flag"] = 1


@pytest.mark.parametrize(
    ("breakage", "expected"),
    [
        (_unknown_region, ["regions.3: unknown region 'alsace'", "loire-valley"]),
        (_path_to_unknown_town, ["provence-alpes-cote-dazur.paths.3", "unknown town 'monaco'"]),
        (_dotted_without_cost, ["entry regions.0.paths.", "cost"]),
        (_cost_on_solid_path, ["entry regions.2.paths.0", "cost"]),
        (_two_double_flag_tiles_for_one_region, ["double_flag_tiles.3", "second double-flag"]),
        (_unknown_bonus_icon, ["entry regions.0.spaces.0.bonus.0", "wine"]),
        (_single_flag_face_with_region, ["entry single_flag_tiles.0.faces.1", "region"]),
        (_no_double_flag_space, ["sud-ouest", "double-flag"]),
    ],
)
def test_broken_files_are_refused_naming_the_file_and_entry(
    breakage: Any, expected: list[str]
) -> None:
    data = copy.deepcopy(_raw())
    validate_content(data, content.RegionsSpec, NAME)  # the built-in file is fine
    breakage(data)
    with pytest.raises(ContentError) as caught:
        validate_content(data, content.RegionsSpec, NAME)
    message = str(caught.value)
    assert f"'{NAME}'" in message
    for fragment in expected:
        assert fragment in message


def test_a_dotted_path_never_pays_its_token_back() -> None:
    """Regional Map Board and Travel: a dotted line costs a token; a town at its end giving that
    kind of token on every visit would let a Traveler go back and forth for free."""
    data = copy.deepcopy(_raw())
    region = data["regions"][0]
    path = next(p for p in region["paths"] if p.get("dotted"))
    end = next(s for s in region["spaces"] if s["id"] == path["b"] and not s.get("explore_once"))
    end["bonus"].append({"kind": "research"})
    with pytest.raises(ContentError) as caught:
        validate_content(data, content.RegionsSpec, NAME)
    assert "back and forth" in str(caught.value) and end["id"] in str(caught.value)
