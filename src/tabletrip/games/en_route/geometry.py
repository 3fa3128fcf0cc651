"""En Route city map geometry: locations, crossroads and road sections as plain int tables.

- Locations: a 6x6 grid of (col, row), both 0..5, flat index `row * 6 + col`.
- Crossroads: a 7x7 grid of (x, y), both 0..6, flat index `y * 7 + x`. Location (col, row) has
  the corners (col, row), (col + 1, row), (col, row + 1) and (col + 1, row + 1).
- Road sections join two adjacent crossroads, 84 in all (the outer ring included):
  the 42 horizontal ones first, (x, y)-(x + 1, y) with index `y * 6 + x`, then the 42 vertical
  ones, (x, y)-(x, y + 1) with index `42 + y * 7 + x`.

A section is along a location's edge when it is one of that location's 4 sides; a location is
on a route when at least one of its 4 edge sections is ("End of the Game", III. Checking
tourists: touching only a corner does not count). Sets of sections, locations or crossroads are
often bit masks: bit i stands for index i.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletrip.core.bits import bit_indices

MAP_SIZE = 6
CROSSROADS_SIZE = MAP_SIZE + 1
LOCATIONS = MAP_SIZE * MAP_SIZE  # 36
CROSSROADS = CROSSROADS_SIZE * CROSSROADS_SIZE  # 49
HORIZONTAL = CROSSROADS_SIZE * MAP_SIZE  # 42 sections (x, y)-(x + 1, y)
SECTIONS = 2 * HORIZONTAL  # 84


def location_index(col: int, row: int) -> int:
    """The flat index of location (col, row)."""
    return row * MAP_SIZE + col


def location_xy(location: int) -> tuple[int, int]:
    """The (col, row) of a location index."""
    return location % MAP_SIZE, location // MAP_SIZE


def crossroads_index(x: int, y: int) -> int:
    """The flat index of crossroads (x, y)."""
    return y * CROSSROADS_SIZE + x


def crossroads_xy(crossroads: int) -> tuple[int, int]:
    """The (x, y) of a crossroads index."""
    return crossroads % CROSSROADS_SIZE, crossroads // CROSSROADS_SIZE


def horizontal_section(x: int, y: int) -> int:
    """The index of the section from crossroads (x, y) to (x + 1, y)."""
    return y * MAP_SIZE + x


def vertical_section(x: int, y: int) -> int:
    """The index of the section from crossroads (x, y) to (x, y + 1)."""
    return HORIZONTAL + y * CROSSROADS_SIZE + x


def _section_ends() -> tuple[tuple[int, int], ...]:
    ends: list[tuple[int, int]] = []
    for y in range(CROSSROADS_SIZE):
        for x in range(MAP_SIZE):
            ends.append((crossroads_index(x, y), crossroads_index(x + 1, y)))
    for y in range(MAP_SIZE):
        for x in range(CROSSROADS_SIZE):
            ends.append((crossroads_index(x, y), crossroads_index(x, y + 1)))
    return tuple(ends)


SECTION_ENDS: tuple[tuple[int, int], ...] = _section_ends()
"""Per section: its two crossroads, the smaller index first."""

CROSSROADS_SECTIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s, ends in enumerate(SECTION_ENDS) if c in ends) for c in range(CROSSROADS)
)
"""Per crossroads: the 2, 3 or 4 sections that reach it, by index."""

LOCATION_SECTIONS: tuple[tuple[int, int, int, int], ...] = tuple(
    (
        horizontal_section(col, row),  # top
        vertical_section(col + 1, row),  # right
        horizontal_section(col, row + 1),  # bottom
        vertical_section(col, row),  # left
    )
    for row in range(MAP_SIZE)
    for col in range(MAP_SIZE)
)
"""Per location: its 4 edge sections, top, right, bottom, left."""

SECTION_LOCATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(loc for loc, edges in enumerate(LOCATION_SECTIONS) if s in edges) for s in range(SECTIONS)
)
"""Per section: the 1 (outer ring) or 2 locations it runs along."""

SECTION_LOCATION_MASK: tuple[int, ...] = tuple(
    sum(1 << loc for loc in locs) for locs in SECTION_LOCATIONS
)
"""Per section: the bit mask of the locations it runs along."""

SECTION_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({t for c in SECTION_ENDS[s] for t in CROSSROADS_SECTIONS[c]} - {s}))
    for s in range(SECTIONS)
)
"""Per section: the sections sharing a crossroads with it."""

_BETWEEN: dict[tuple[int, int], int] = {
    pair: s for s, (a, b) in enumerate(SECTION_ENDS) for pair in ((a, b), (b, a))
}


def section_between(a: int, b: int) -> int | None:
    """The section joining crossroads a and b, or None when they are not adjacent."""
    return _BETWEEN.get((a, b))


def other_end(section: int, crossroads: int) -> int:
    """The crossroads at the far end of `section` seen from `crossroads` (one of its ends)."""
    a, b = SECTION_ENDS[section]
    return b if crossroads == a else a


def shared_crossroads(first: int, second: int) -> int | None:
    """The crossroads two different sections share, or None when they do not touch."""
    if first == second:
        return None
    common = set(SECTION_ENDS[first]) & set(SECTION_ENDS[second])
    return common.pop() if common else None


def is_legal_segment(location: int, first: int, second: int) -> bool:
    """Drawing phase 3a: two sections, straight or L-shaped, at least one along the location."""
    edges = LOCATION_SECTIONS[location]
    touching = shared_crossroads(first, second) is not None
    return touching and (first in edges or second in edges)


LEGAL_SEGMENTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        sorted(
            {(min(e, n), max(e, n)) for e in LOCATION_SECTIONS[loc] for n in SECTION_NEIGHBOURS[e]}
        )
    )
    for loc in range(LOCATIONS)
)
"""Per location: every legal 2-section segment next to it, as (smaller, larger) section pairs."""


def sections_mask(sections: Iterable[int]) -> int:
    """The bit mask of a collection of section (or location, or crossroads) indices."""
    mask = 0
    for index in sections:
        mask |= 1 << index
    return mask


def mask_indices(mask: int) -> tuple[int, ...]:
    """The indices of the set bits of a mask, increasing."""
    return tuple(bit_indices(mask))


def locations_on_route(sections: Iterable[int]) -> int:
    """The bit mask of locations with at least one edge section among `sections`."""
    mask = 0
    for s in sections:
        mask |= SECTION_LOCATION_MASK[s]
    return mask


def crossroads_on_route(sections: Iterable[int]) -> int:
    """The bit mask of crossroads reached by at least one of `sections`."""
    mask = 0
    for s in sections:
        a, b = SECTION_ENDS[s]
        mask |= (1 << a) | (1 << b)
    return mask


# --- reach along links ---------------------------------------------------------------------
# A set of road sections as two crossroads masks: bit c of `horizontal` is the section from
# crossroads c to c + 1, bit c of `vertical` the section from c down to c + 7. Shifting a
# crossroads mask by 1 or by a row then moves every crossroads along its sections at once.


def spread(reach: int, horizontal: int, vertical: int) -> int:
    """`reach` with every crossroads one section away from it along the given sections."""
    return (
        reach
        | (reach & horizontal) << 1
        | (reach >> 1) & horizontal
        | (reach & vertical) << CROSSROADS_SIZE
        | (reach >> CROSSROADS_SIZE) & vertical
    )


def flood(reach: int, horizontal: int, vertical: int) -> int:
    """The crossroads joined to `reach` along the given sections."""
    while True:
        # spread(), inlined: the final-route search floods at every node it visits
        grown = (
            reach
            | (reach & horizontal) << 1
            | (reach >> 1) & horizontal
            | (reach & vertical) << CROSSROADS_SIZE
            | (reach >> CROSSROADS_SIZE) & vertical
        )
        if grown == reach:
            return reach
        reach = grown


def flood_distance(reach: int, horizontal: int, vertical: int, targets: int) -> tuple[int, int]:
    """The crossroads joined to `reach` along the given sections, and how many sections away
    the nearest of `targets` is (0 when none is reached or one is in `reach` already)."""
    steps = distance = 0
    while True:
        grown = (  # spread(), inlined as in flood()
            reach
            | (reach & horizontal) << 1
            | (reach >> 1) & horizontal
            | (reach & vertical) << CROSSROADS_SIZE
            | (reach >> CROSSROADS_SIZE) & vertical
        )
        if grown == reach:
            return reach, distance
        reach = grown
        steps += 1
        if not distance and reach & targets:
            distance = steps
