"""En Route map geometry: locations, crossroads, road sections and the Drawing phase segments.

"Player Board": 36 locations in a 6x6 square, roads between and around them. "Round Order >
2. Drawing Phase > 3. Charting the route": a segment of 2 sections (straight or L-shaped) next
to the selected location, at least one along its edge. "End of the Game > III. Checking
tourists": touching only a corner of a location does not put it on the route.
"""

from __future__ import annotations

import random

from tabletrip.games.en_route.geometry import (
    CROSSROADS,
    CROSSROADS_SECTIONS,
    HORIZONTAL,
    LEGAL_SEGMENTS,
    LOCATION_SECTIONS,
    LOCATIONS,
    SECTION_ENDS,
    SECTION_LOCATION_MASK,
    SECTION_LOCATIONS,
    SECTION_NEIGHBOURS,
    SECTIONS,
    crossroads_index,
    crossroads_on_route,
    crossroads_xy,
    flood,
    flood_distance,
    horizontal_section,
    is_legal_segment,
    location_index,
    location_xy,
    locations_on_route,
    mask_indices,
    other_end,
    section_between,
    sections_mask,
    shared_crossroads,
    spread,
    vertical_section,
)

C = crossroads_index
L = location_index


def test_sizes() -> None:
    """Player Board: 36 locations (6x6), 49 crossroads, 84 road sections with the outer ring."""
    assert (LOCATIONS, CROSSROADS, SECTIONS, HORIZONTAL) == (36, 49, 84, 42)


def test_flat_indices_round_trip() -> None:
    """Locations are row * 6 + col, crossroads y * 7 + x."""
    assert L(2, 3) == 20 and location_xy(20) == (2, 3)
    assert C(4, 5) == 39 and crossroads_xy(39) == (4, 5)
    assert all(location_index(*location_xy(i)) == i for i in range(LOCATIONS))
    assert all(crossroads_index(*crossroads_xy(i)) == i for i in range(CROSSROADS))


def test_section_numbering() -> None:
    """Horizontal sections first by y * 6 + x, then vertical ones by 42 + y * 7 + x."""
    assert horizontal_section(0, 0) == 0 and horizontal_section(5, 6) == 41
    assert vertical_section(0, 0) == 42 and vertical_section(6, 5) == 83
    assert SECTION_ENDS[horizontal_section(2, 3)] == (C(2, 3), C(3, 3))
    assert SECTION_ENDS[vertical_section(2, 3)] == (C(2, 3), C(2, 4))
    assert len(set(SECTION_ENDS)) == SECTIONS


def test_every_section_joins_adjacent_crossroads() -> None:
    """A route section is drawn between two adjacent crossroads, along a road."""
    for a, b in SECTION_ENDS:
        (ax, ay), (bx, by) = crossroads_xy(a), crossroads_xy(b)
        assert abs(ax - bx) + abs(ay - by) == 1 and a < b


def test_sections_at_crossroads() -> None:
    """Corners of the map meet 2 roads, the rest of the edge 3, inner crossroads 4."""
    counts = [len(CROSSROADS_SECTIONS[c]) for c in range(CROSSROADS)]
    assert counts.count(2) == 4 and counts.count(3) == 20 and counts.count(4) == 25
    for c, sections in enumerate(CROSSROADS_SECTIONS):
        assert all(c in SECTION_ENDS[s] for s in sections)


def test_location_edges() -> None:
    """Each location has 4 edge sections: top, right, bottom, left."""
    top, right, bottom, left = LOCATION_SECTIONS[L(2, 3)]
    assert SECTION_ENDS[top] == (C(2, 3), C(3, 3))
    assert SECTION_ENDS[right] == (C(3, 3), C(3, 4))
    assert SECTION_ENDS[bottom] == (C(2, 4), C(3, 4))
    assert SECTION_ENDS[left] == (C(2, 3), C(2, 4))
    assert all(len(set(edges)) == 4 for edges in LOCATION_SECTIONS)


def test_sections_border_one_or_two_locations() -> None:
    """Outer ring sections run along 1 location, the others between 2."""
    counts = [len(locs) for locs in SECTION_LOCATIONS]
    assert counts.count(1) == 24 and counts.count(2) == 60
    for s, locs in enumerate(SECTION_LOCATIONS):
        assert all(s in LOCATION_SECTIONS[loc] for loc in locs)
        assert SECTION_LOCATION_MASK[s] == sections_mask(locs)


def test_section_between_and_other_end() -> None:
    """The section joining two crossroads, either way round; none between far crossroads."""
    s = section_between(C(1, 1), C(1, 2))
    assert s == vertical_section(1, 1) == section_between(C(1, 2), C(1, 1))
    assert section_between(C(1, 1), C(2, 2)) is None
    assert section_between(C(6, 0), C(0, 1)) is None  # no wrapping around the map
    assert other_end(s, C(1, 1)) == C(1, 2) and other_end(s, C(1, 2)) == C(1, 1)


def test_neighbours_and_shared_crossroads() -> None:
    """Sections touching at a crossroads; a section does not touch itself."""
    a, b = horizontal_section(1, 1), vertical_section(2, 1)
    assert shared_crossroads(a, b) == C(2, 1)
    assert shared_crossroads(a, a) is None
    assert shared_crossroads(a, horizontal_section(3, 1)) is None
    assert b in SECTION_NEIGHBOURS[a] and a in SECTION_NEIGHBOURS[b]
    assert len(SECTION_NEIGHBOURS[horizontal_section(2, 2)]) == 6


def test_legal_segment_straight_and_l_shaped() -> None:
    """Drawing phase 3a: 2 sections, straight or L-shaped, at least one along the location."""
    loc = L(2, 2)
    top = horizontal_section(2, 2)
    assert is_legal_segment(loc, top, horizontal_section(3, 2))  # straight along the top
    assert is_legal_segment(loc, top, vertical_section(3, 2))  # L round the corner
    assert is_legal_segment(loc, top, vertical_section(3, 1))  # L away from the location
    assert is_legal_segment(loc, horizontal_section(1, 2), top)  # one section along it


def test_illegal_segments() -> None:
    """Not touching each other, neither along the location, or one section twice: refused."""
    loc = L(2, 2)
    top = horizontal_section(2, 2)
    assert not is_legal_segment(loc, top, top)
    assert not is_legal_segment(loc, top, horizontal_section(2, 3))  # apart
    assert not is_legal_segment(loc, horizontal_section(0, 2), horizontal_section(1, 2))


def test_legal_segments_table() -> None:
    """Every listed segment is legal and every legal one is listed."""
    for loc in (L(0, 0), L(2, 3), L(5, 5)):
        listed = set(LEGAL_SEGMENTS[loc])
        every = {
            (a, b)
            for a in range(SECTIONS)
            for b in range(a + 1, SECTIONS)
            if is_legal_segment(loc, a, b)
        }
        assert listed == every
    assert len(LEGAL_SEGMENTS[L(2, 3)]) == 20  # 4 edges x 6 neighbours, 4 pairs twice


def test_corner_touch_is_not_on_the_route() -> None:
    """III. Checking tourists: a turn at a location's corner does not put it on the route."""
    turn = [horizontal_section(1, 2), vertical_section(2, 2)]  # (1,2)-(2,2)-(2,3)
    on = locations_on_route(turn)
    assert mask_indices(on) == tuple(sorted((L(1, 1), L(1, 2), L(2, 2))))
    assert not on >> L(2, 1) & 1  # only its corner (2, 2) is touched


def test_masks() -> None:
    """Bit masks of indices and back; the crossroads a set of sections reaches."""
    assert mask_indices(sections_mask([5, 0, 83])) == (0, 5, 83)
    assert mask_indices(crossroads_on_route([horizontal_section(0, 0)])) == (C(0, 0), C(1, 0))


# --- reach along sections ------------------------------------------------------------------


def _links(sections: list[int]) -> tuple[int, int]:
    """The (horizontal, vertical) crossroads masks of some sections."""
    horizontal = vertical = 0
    for section in sections:
        a, _ = SECTION_ENDS[section]
        if section < HORIZONTAL:
            horizontal |= 1 << a
        else:
            vertical |= 1 << a
    return horizontal, vertical


def _reach_by_search(start: int, sections: list[int]) -> tuple[int, dict[int, int]]:
    """The crossroads joined to `start` and their distances, by a plain breadth-first search."""
    distance = {start: 0}
    frontier = [start]
    while frontier:
        later = []
        for here in frontier:
            for section in sections:
                a, b = SECTION_ENDS[section]
                if here in (a, b):
                    there = b if here == a else a
                    if there not in distance:
                        distance[there] = distance[here] + 1
                        later.append(there)
        frontier = later
    return sum(1 << c for c in distance), distance


def test_spread_takes_one_section_in_each_direction() -> None:
    centre = crossroads_index(3, 3)
    sections = list(CROSSROADS_SECTIONS[centre])
    horizontal, vertical = _links(sections)
    neighbours = [other_end(s, centre) for s in sections]
    assert len(neighbours) == 4
    assert spread(1 << centre, horizontal, vertical) == (1 << centre) | sum(
        1 << n for n in neighbours
    )
    assert spread(1 << centre, 0, 0) == 1 << centre


def test_flood_and_its_distance_agree_with_a_breadth_first_search() -> None:
    rng = random.Random(5)
    for _ in range(200):
        sections = rng.sample(range(SECTIONS), rng.randint(0, 40))
        start = rng.randrange(CROSSROADS)
        targets = sum(1 << c for c in rng.sample(range(CROSSROADS), 3)) & ~(1 << start)
        horizontal, vertical = _links(sections)
        reach, distance = _reach_by_search(start, sections)
        nearest = min((d for c, d in distance.items() if targets >> c & 1), default=0)
        assert flood(1 << start, horizontal, vertical) == reach
        assert flood_distance(1 << start, horizontal, vertical, targets) == (reach, nearest)
