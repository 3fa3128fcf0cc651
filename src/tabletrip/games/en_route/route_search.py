"""The best final routes ("End of the Game", II. Determining the final route), found exactly.

A final route is any trail over the drawn sections: continuous, each section at most once, free
to cross itself and loop; one section is a route, no section is not (unless nothing was drawn).
`best_routes` returns the k best distinct routes by steps 1-8 of `scoring`, proved optimal;
given the Goals' worth (route_goals.py), by steps 1-8 plus what the Goals add.

Order: total PP, then route length, tourists, Landmarks (the rulebook's tie-breaks), higher
first; routes equal in all four come by their trail, smaller first (when such ties straddle the
k-th place, the ones kept are those the search meets first). Two routes are the same when they
have the same section set and the same total; a trail and its reverse are one route, given in
the direction whose crossroads sequence is smaller.

The search is a depth-first branch and bound over trails, from every start crossroads.

- Monotone score. Steps 1-7 only grow with the set of sections (Landmarks, tourists and
  Visit-Them-All points are only ever added) and the objective segment only grows as the trail
  grows. A node (trail so far U ending at v) is bounded by scoring U with every drawn section
  still reachable from v (its remaining component R), the objective by the longest the trail
  can become less the position of the first objective crossroads met (or the distance to the
  nearest one), less the distance from the last one to where the trail may end. What the
  Goals add only grows too (with the locations and the length), so a node adds it for
  everything reachable and the longest the trail can become: the PP measured on locations
  join the `steps` table, those by length come from a table (solo, where the Goals the cell
  needs couple the two, from `goal_rank`).
- Parity. A trail from v to t through R leaves out a set J of R's sections whose odd
  crossroads are those of R with v and t toggled (a T-join), so |J| is at least a minimum
  pairing of those crossroads by road distance (exact, memoised by crossroads set).
- Coupling. Leaving a section out can also lose a location (when it is that location's only
  section left), which costs at least the location's marginal PP given the locations already
  on the route (steps 1-3 are products, so a location adds more to a bigger route); for a new
  objective segment each left-out section also costs 1 PP. Weighing the sections so, J weighs
  at least half the sum, over its odd crossroads, of the weighted distance to the nearest
  other one; near the root (most of the map still ahead) the pairing is instead relaxed to an
  assignment and solved exactly (Hungarian method), a tighter bound worth its cost there.
- Bridges. A trail never comes back over a bridge of R, so it leaves each 2-edge-connected
  block by at most one bridge; the node is also bounded by the best single path of blocks.
- Ends. A trail ending at an earlier start was already met from its other end, so each start
  only searches trails ending at later starts. For k = 1 the best route can be taken maximal,
  so it runs between two odd-degree crossroads or is a closed trail using every section of an
  even start (and, rotated to start before its first objective crossroads, could not be
  extended: so those crossroads must end with every section used). A trail whose start keeps
  unused sections its end can no longer reach is beaten by the routes that prepend some of
  them, and is cut when they are at least k.
- Transpositions. A node reaching v over the same sections as one already searched, with no
  more ends allowed and objective prospects no better (for k > 1: the same), is cut.
- Order. A quick look (a few nodes) from every start, most promising first, finds good routes
  before the full searches, which then cut more.

A node whose bound on (total, length, tourists, Landmarks) is no better than the k-th best
found is cut; the bound is one packed integer, the four fields from most to least significant.

Sections are bits internally: bit `y * 7 + x` for the horizontal section from crossroads (x, y)
and bit `49 + y * 7 + x` for the vertical one, so the remaining component, its locations and its
odd crossroads come from a few shifts and masks over the whole board at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from heapq import heappop, heappush
from itertools import pairwise
from typing import Any, NamedTuple

from tabletrip.core.bits import bit_indices
from tabletrip.games.en_route.geometry import (
    CROSSROADS,
    CROSSROADS_SECTIONS,
    CROSSROADS_SIZE,
    HORIZONTAL,
    LOCATIONS,
    MAP_SIZE,
    SECTION_ENDS,
    SECTIONS,
    flood,
    flood_distance,
    locations_on_route,
    section_between,
    spread,
)
from tabletrip.games.en_route.route_goals import CornerGoals, RouteGoals
from tabletrip.games.en_route.scoring import (
    CAFE_BONUS_PP,
    SPECIAL_KINDS,
    Breakdown,
    FinalBoard,
    score_route,
    trail_sections,
)

_ROW = CROSSROADS_SIZE
_VERTICAL_SHIFT = CROSSROADS  # vertical links live in bits 49..97
_ALL_CROSSROADS = (1 << CROSSROADS) - 1
# Locations in "corner space": location (col, row) is bit row * 7 + col (its top-left corner).
_CORNER_LOCATIONS = sum(1 << (r * _ROW + c) for r in range(MAP_SIZE) for c in range(MAP_SIZE))
_LAND_BITS = 6  # Landmarks on a route: at most 36
_LENGTH_BITS = 7  # sections in a route: at most 84
_FAR = 1 << 20  # more sections than any route
_GLANCE = 64  # nodes of the quick look from each start
_TRANSPOSITIONS = 1 << 20  # nodes remembered at most
_EXACT_SHARE = 0.85  # share of the drawn sections still ahead from which pairing is solved
_NEVER = 1 << 100  # a cost no pairing pays


class Route(NamedTuple):
    """A final route: its scoring breakdown (steps 1-8) and its trail of crossroads."""

    score: Breakdown
    trail: tuple[int, ...]

    @property
    def sections(self) -> frozenset[int]:
        """The section indices of the route."""
        pairs = pairwise(self.trail)
        return frozenset(s for a, b in pairs if (s := section_between(a, b)) is not None)


def _link_bit(section: int) -> int:
    """The internal bit of a section index."""
    a, _ = SECTION_ENDS[section]
    return 1 << (a if section < HORIZONTAL else _VERTICAL_SHIFT + a)


_LINK_BITS: tuple[int, ...] = tuple(_link_bit(s) for s in range(SECTIONS))


def _corner_locations(links: int) -> int:
    """The corner-space mask of the locations along a set of internal links."""
    horizontal = links & _ALL_CROSSROADS
    vertical = links >> _VERTICAL_SHIFT
    return (horizontal | horizontal >> _ROW | vertical | vertical >> 1) & _CORNER_LOCATIONS


def _only_link(corner: int, edges: int) -> int:
    """The link bit of the one section of `edges` along a corner-space location."""
    horizontal = edges & _ALL_CROSSROADS
    if horizontal >> corner & 1:
        return 1 << corner
    if horizontal >> (corner + _ROW) & 1:
        return 1 << (corner + _ROW)
    vertical = edges >> _VERTICAL_SHIFT
    return 1 << (_VERTICAL_SHIFT + corner + (0 if vertical >> corner & 1 else 1))


def _flood(start: int, links: int) -> int:
    """The crossroads reachable from the crossroads mask `start` over `links`."""
    return flood(start, links & _ALL_CROSSROADS, links >> _VERTICAL_SHIFT)


def _incident(crossroads: int, links: int) -> int:
    """The links of `links` with at least one end in the crossroads mask."""
    horizontal = links & _ALL_CROSSROADS
    vertical = links >> _VERTICAL_SHIFT
    near_h = (crossroads | crossroads >> 1) & horizontal
    return near_h | ((crossroads | crossroads >> _ROW) & vertical) << _VERTICAL_SHIFT


def _ends(links: int) -> int:
    """The crossroads mask of every end of `links`."""
    horizontal = links & _ALL_CROSSROADS
    vertical = links >> _VERTICAL_SHIFT
    return horizontal | horizontal << 1 | vertical | vertical << _ROW


def _block_exits(
    entry: int, links: int, bridges: int
) -> tuple[int, int, list[tuple[int, int, int]]]:
    """The 2-edge-connected block of `links` around `entry`: its links, the links beyond it,
    and per bridge out of it (smallest first) the bridge, its far end and the links past it."""
    inner = links & ~bridges
    block = _flood(entry, inner)
    inside = _incident(block, inner)
    exits = _incident(block, links & bridges)
    onward = links & ~inside & ~exits
    found = []
    for index in bit_indices(exits):
        bridge = 1 << index
        beyond = _ends(bridge) & ~block
        found.append((bridge, beyond, _incident(_flood(beyond, onward), onward)))
    return inside, onward, found


def _indices(mask: int) -> list[int]:
    """The bit indices of a mask, smallest first."""
    return list(bit_indices(mask))


def _layers(start: int, links: int, targets: int) -> int:
    """Sections from the crossroads mask `start` to the nearest of `targets` over `links`."""
    horizontal = links & _ALL_CROSSROADS
    vertical = links >> _VERTICAL_SHIFT
    reach = start
    steps = 0
    while True:
        grown = spread(reach, horizontal, vertical)
        steps += 1
        if grown & targets:
            return steps
        if grown == reach:
            return _FAR
        reach = grown


def _assignment(costs: list[list[int]]) -> int:
    """The least total cost of giving each row its own column (Hungarian method, O(n^3))."""
    n = len(costs)
    row_price = [0] * (n + 1)
    column_price = [0] * (n + 1)
    owner = [0] * (n + 1)  # the row given each column, 1-based; column 0 is a scratch slot
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        slack = [_NEVER * 4] * (n + 1)
        done = [False] * (n + 1)
        while owner[column]:
            done[column] = True
            current = owner[column]
            delta = _NEVER * 4
            best = 0
            line = costs[current - 1]
            price = row_price[current]
            for j in range(1, n + 1):
                if not done[j]:
                    reduced = line[j - 1] - price - column_price[j]
                    if reduced < slack[j]:
                        slack[j] = reduced
                        way[j] = column
                    if slack[j] < delta:
                        delta = slack[j]
                        best = j
            for j in range(n + 1):
                if done[j]:
                    row_price[owner[j]] += delta
                    column_price[j] -= delta
                else:
                    slack[j] -= delta
            column = best
        while column:
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    return -column_price[0]


def is_valid_trail(drawn: Iterable[int], trail: Sequence[int]) -> bool:
    """Whether `trail` is a final route over `drawn` (the empty trail only if nothing is drawn)."""
    drawn_set = set(drawn)
    if len(trail) < 2:
        return not trail and not drawn_set
    used: set[int] = set()
    for a, b in pairwise(trail):
        section = section_between(a, b)
        if section is None or section not in drawn_set or section in used:
            return False
        used.add(section)
    return True


def best_routes(
    board: FinalBoard, drawn: Iterable[int], k: int = 5, goals: RouteGoals | None = None
) -> list[Route]:
    """The k best distinct final routes over the drawn sections, best first (see the module).

    With `goals`, routes rank by steps 1-8 plus what the Goals add (route_goals.py), and each
    score's `goals` holds the Goal PP the route counts."""
    if k < 1:
        raise ValueError(f"k = {k}: ask for at least 1 route")
    sections = sorted(set(drawn))
    if any(not 0 <= s < SECTIONS for s in sections):
        raise ValueError(f"drawn: section indices are 0..{SECTIONS - 1}")
    if not sections:
        return [Route(score_route(board, ()), ())]
    found = _Search(board, sections, k, goals).run()
    ranked: list[tuple[Any, ...]] = []  # (sort key..., canonical sections, score)
    for trail in found:
        canonical = min(trail, trail[::-1])
        score = score_route(board, canonical)
        extra = 0
        if goals is not None:
            locs = locations_on_route(trail_sections(canonical))
            extra = goals.rank(locs, score.route_length) - goals.pp(locs, score.route_length)
            score = score.with_goals(goals.pp(locs, score.route_length))
        ranked.append((-(score.total + extra), *(-n for n in score.tiebreak), canonical, score))
    ranked.sort(key=lambda r: r[:5])
    return [Route(r[5], r[4]) for r in ranked]


class _Search:
    """One branch-and-bound search: the drawn graph, the packed score tables, the k best."""

    def __init__(
        self, board: FinalBoard, sections: list[int], k: int, goals: RouteGoals | None
    ) -> None:
        self.board = board
        self.k = k
        # Goals: their PP add up, so the part measured on locations joins the `steps` table
        # and the part measured by length comes from `length_goals`; solo couples them (the
        # Goals the cell needs), so `goal_rank` gives both at once.
        self.goals = goals
        self.solo_goals = goals is not None and goals.terms.solo_needed >= 0
        self.corner_goals = None if goals is None else CornerGoals(goals)
        self.drawn = sum(_LINK_BITS[s] for s in sections)
        adjacency: list[list[tuple[int, int, int]]] = [[] for _ in range(CROSSROADS)]
        for s in sections:
            a, b = SECTION_ENDS[s]
            bit = _LINK_BITS[s]
            adjacency[a].append((bit, b, _corner_locations(bit)))
            adjacency[b].append((bit, a, _corner_locations(bit)))
        self.adjacency = tuple(tuple(links) for links in adjacency)
        self.at = tuple(
            sum(_LINK_BITS[s] for s in CROSSROADS_SECTIONS[c]) & self.drawn
            for c in range(CROSSROADS)
        )
        tourists = sum(map(sum, board.tourists))
        self.tour_shift = _LAND_BITS
        self.length_shift = _LAND_BITS + max(1, tourists.bit_length())
        self.total_shift = self.length_shift + _LENGTH_BITS
        self.length_goals: tuple[int, ...] | None = None  # packed Goal PP by route length
        # The Goal PP measured on corner-space locations, given their tourists by type.
        self.located_pp: Callable[[int, int, int, int], int] | None = None
        if goals is not None and self.corner_goals is not None and not self.solo_goals:
            last = len(goals.lengths) - 1
            self.length_goals = tuple(
                goals.lengths[min(n, last)][0] << self.total_shift for n in range(len(sections) + 1)
            )
            self.located_pp = self.corner_goals.located_pp
        cafes = CAFE_BONUS_PP * board.unused_cafe_bonuses
        points = board.visit_them_all_points if board.visit_them_all else (0,)
        self.extra = tuple((pp + cafes) << self.total_shift for pp in points)
        self.vta = sum(1 << c for c in board.visit_them_all)
        self.objective = sum(1 << c for c in board.objective)
        self.objective_index = [-1] * CROSSROADS
        for i, c in enumerate(board.objective):
            self.objective_index[c] = i
        self.cells = self.location_cells()
        self.dist = self.distances()
        self.pairings: dict[int, int] = {0: 0}
        self.exact_from = _EXACT_SHARE * len(sections)
        self.wastes: dict[tuple[int, int], int] = {}
        self.tails: dict[tuple[int, int], int] = {}
        self.memo: dict[int, int] = {}
        self.route_sums: dict[int, tuple[int, ...]] = {}
        self.top: list[tuple[int, int, tuple[int, ...]]] = []  # (key, links, trail), best first
        self.probed = -1  # the bound at the root of the last search
        self.transpositions: dict[tuple[int, int], list[tuple[int, int, tuple[int, ...]]]] = {}
        self.seen: set[tuple[int, int]] = set()
        # Memoised by their arguments (the same remaining components recur from node to node).
        self.bridge_sets: dict[int, int] = {}
        self.blocks: dict[tuple[int, int, int], tuple[int, int, list[tuple[int, int, int]]]] = {}
        self.lost: dict[tuple[int, int], dict[int, int]] = {}

    def location_cells(self) -> list[tuple[int, ...]]:
        """Per corner-space location: 3 tourist counts, 3 special flags, common PP, Landmark."""
        cells: list[tuple[int, ...]] = [(0,) * 8 for _ in range(CROSSROADS)]
        for loc in range(LOCATIONS):
            landmark = self.board.landmarks[loc]
            special = [0, 0, 0]
            common = 0
            if landmark is not None and landmark.kind in SPECIAL_KINDS:
                special[SPECIAL_KINDS.index(landmark.kind)] = 1
            elif landmark is not None:
                common = landmark.points
            corner = loc // MAP_SIZE * _ROW + loc % MAP_SIZE
            cells[corner] = (*self.board.tourists[loc], *special, common, landmark is not None)
        return cells

    def distances(self) -> list[list[int]]:
        """Sections between every two crossroads along the drawn roads (far when unconnected)."""
        table = [[_FAR] * CROSSROADS for _ in range(CROSSROADS)]
        for source in range(CROSSROADS):
            row = table[source]
            row[source] = 0
            frontier = [source]
            while frontier:
                nearer = []
                for c in frontier:
                    for _, w, _ in self.adjacency[c]:
                        if row[w] == _FAR:
                            row[w] = row[c] + 1
                            nearer.append(w)
                frontier = nearer
        return table

    def pairing(self, odd: int) -> int:
        """The fewest sections joining the crossroads of `odd` in pairs (a T-join's least size)."""
        cost = self.pairings.get(odd)
        if cost is not None:
            return cost
        low = odd & -odd
        others = odd ^ low
        row = self.dist[low.bit_length() - 1]
        cost = _FAR
        for other in bit_indices(others):
            d = row[other]
            if d < cost:
                cost = min(cost, d + self.pairing(others ^ (1 << other)))
        self.pairings[odd] = cost
        return cost

    def steps(self, corner: int) -> int:
        """Steps 1-5 with the tourist and Landmark counts, packed, for corner-space locations."""
        packed = self.memo.get(corner)
        if packed is None:
            # `scoring.landmark_steps` from the location cells (the same sums, faster).
            red = green = blue = is_red = is_green = is_blue = common = landmarks = 0
            cells = self.cells
            for location in bit_indices(corner):
                r, g, b, sr, sg, sb, points, landmark = cells[location]
                red += r
                green += g
                blue += b
                is_red += sr
                is_green += sg
                is_blue += sb
                common += points
                landmarks += landmark
            total = red * is_red + green * is_green + blue * is_blue + common
            if self.located_pp is not None:
                total += self.located_pp(corner, red, green, blue)
            tourists = red + green + blue
            packed = (total << self.total_shift) | (tourists << self.tour_shift) | landmarks
            self.memo[corner] = packed
        return packed

    def goal_rank(self, corner: int, length: int) -> int:
        """What the Goals add to a route over corner-space locations beyond `steps`, packed
        as PP. It only grows with the locations and the length, so bounds may use it."""
        if self.length_goals is not None:
            return self.length_goals[length]
        if self.corner_goals is None:
            return 0
        return self.corner_goals.rank(corner, length) << self.total_shift

    def sums(self, corner: int) -> tuple[int, ...]:
        """Tourists and Special Landmarks by colour on corner-space locations (6 numbers)."""
        found = self.route_sums.get(corner)
        if found is None:
            totals = [0] * 6
            for location in bit_indices(corner):
                cell = self.cells[location]
                for i in range(6):
                    totals[i] += cell[i]
            found = self.route_sums[corner] = tuple(totals)
        return found

    def loss_weights(self, locs: int, lost: int, edges: int) -> dict[int, int]:
        """Per section (link bit): the packed PP lost with the locations only it still reaches.

        A location's loss is at least its marginal PP on top of the locations already on the
        route: steps 1-3 multiply tourists by Landmarks, so a location adds more to more.
        """
        tr, tg, tb, sr, sg, sb = self.sums(locs)
        weights: dict[int, int] = {}
        for corner in bit_indices(lost):
            r, g, b, is_r, is_g, is_b, common, landmark = self.cells[corner]
            total = common + r * (sr + is_r) + is_r * tr
            total += g * (sg + is_g) + is_g * tg + b * (sb + is_b) + is_b * tb
            packed = (total << self.total_shift) + ((r + g + b) << self.tour_shift) + landmark
            link = _only_link(corner, edges)
            weights[link] = weights.get(link, 0) + packed
        return weights

    def bridges(self, v: int, rest: int) -> int:
        """The links of `rest` (a component reached from v) whose removal splits it (Tarjan).

        They do not depend on v: remembered by `rest`.
        """
        found = self.bridge_sets.get(rest)
        if found is None:
            found = self.bridge_sets[rest] = self._bridges(v, rest)
        return found

    def _bridges(self, v: int, rest: int) -> int:
        adjacency = self.adjacency
        order = {v: 0}
        low = {v: 0}
        stack = [(v, 0, iter(adjacency[v]))]
        found = 0
        while stack:
            c, via, links = stack[-1]
            for link, w, _ in links:
                if not rest & link or link == via:
                    continue
                if w in order:
                    low[c] = min(low[c], order[w])
                else:
                    order[w] = low[w] = len(order)
                    stack.append((w, link, iter(adjacency[w])))
                    break
            else:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    low[parent] = min(low[parent], low[c])
                    if low[c] > order[parent]:
                        found |= via
        return found

    def branch_escapes(
        self, node: tuple[int, ...], entry: int, links: int, bridges: int, kth: int
    ) -> bool:
        """Whether some way on from `entry` through `links` may beat the k-th best key.

        A trail never comes back over a bridge, so from each 2-edge-connected block it leaves
        by at most one bridge: it stays within one path of blocks. `node` is (locations,
        crossroads, objective, objective bound, length, most sections still to add, sections
        taken so far along this path). A branch is followed only if all of it may beat kth.
        """
        key = (entry, links, bridges)
        found = self.blocks.get(key)
        if found is None:
            found = self.blocks[key] = _block_exits(entry, links, bridges)
        inside, onward, exits = found
        taken = node[-1] | inside
        if not exits:
            return self.path_value(node, taken) > kth
        branches = []
        for bridge, beyond, branch in exits:
            value = self.path_value(node, taken | bridge | branch)
            if value > kth:
                if not branch:
                    return True  # a dead end: nothing more to choose beyond it
                branches.append((value, bridge, beyond, branch))
        branches.sort(reverse=True)
        for _, bridge, beyond, branch in branches:
            step = (*node[:-1], taken | bridge)
            if self.branch_escapes(step, beyond, onward & branch, bridges, kth):
                return True
        return False

    def path_value(self, node: tuple[int, ...], taken: int) -> int:
        """The bound of a node (see `branch_escapes`) when its trail may use only `taken`."""
        locs, cross, obj, bound_obj, length, more, _ = node
        near = cross | _ends(taken)
        pairs = (near & self.objective).bit_count() >= 2
        reached = locs | _corner_locations(taken)
        value = self.steps(reached)
        if self.goals is not None:
            longest = length + min(more, taken.bit_count())
            lengths = self.length_goals
            value += lengths[longest] if lengths is not None else self.goal_rank(reached, longest)
        value += self.extra[(near & self.vta).bit_count()]
        value += (bound_obj if pairs else obj) << self.total_shift
        return value + ((length + min(more, taken.bit_count())) << self.length_shift)

    def lost_weights(self, used: int, locs: int, rest: int) -> dict[int, int]:
        """The sections of `rest` that alone still reach a location not yet on the route
        (remembered: read only)."""
        key = (used | rest, locs)
        found = self.lost.get(key)
        if found is None:
            found = self.lost[key] = self._lost_weights(*key)
        return found

    def _lost_weights(self, edges: int, locs: int) -> dict[int, int]:
        horizontal = edges & _ALL_CROSSROADS
        vertical = edges >> _VERTICAL_SHIFT
        top, bottom, left, right = horizontal, horizontal >> _ROW, vertical, vertical >> 1
        twice = top & bottom | (top | bottom) & (left | right) | left & right
        lost = (top | bottom | left | right) & _CORNER_LOCATIONS & ~twice & ~locs
        return self.loss_weights(locs, lost, edges) if lost else {}

    def spread(self, weights: dict[int, int], unit: int, rest: int, odd: int, ends: int) -> int:
        """A lower bound on the weight of the sections a completion leaves out of `rest`.

        Each left-out section weighs `unit` plus the locations it alone still reaches. The
        left-out sections pair up the crossroads of `odd` (toggling the trail's end, one of
        `ends`), so they weigh at least half the sum of each one's weighted distance to the
        nearest other, less the largest (the end's).
        """
        if rest.bit_count() >= self.exact_from:
            return self.matching(weights, unit, rest, odd, ends)
        cheapest = min(weights.values())
        free = rest & ~sum(weights)
        targets = odd | ends
        nearest: list[int] = []
        for source in bit_indices(odd):
            others = targets ^ (1 << source)
            if not others:
                nearest.append(0)
                continue
            cost = _layers(1 << source, free, others) * unit
            if cost > unit + cheapest:
                cost = self.nearest(source, unit, rest, others, weights, cost)
            nearest.append(cost)
        return (sum(nearest) - max(nearest)) // 2

    def matching(self, weights: dict[int, int], unit: int, rest: int, odd: int, ends: int) -> int:
        """A lower bound on the weight of sections pairing up `odd` toggled at an end (slower).

        Road distances between the odd crossroads (a path avoids the costly sections or pays
        for the cheapest); the pairing is relaxed to an assignment (each crossroads sends one
        path and receives one, half the cost), solved exactly. A spare point takes the end:
        free at an end, else one more section.
        """
        points = _indices(odd)
        outside = ends & ~odd
        free = rest & ~sum(weights)
        cheapest = min(weights.values())
        costs = []
        for i, a in enumerate(points):
            row = self.lower_distances(a, unit, free, cheapest, points)
            row[i] = _NEVER
            row.append(0 if ends >> points[i] & 1 else unit if outside else _NEVER)
            costs.append(row)
        costs.append([row[-1] for row in costs] + [_NEVER])
        return _assignment(costs) // 2

    def lower_distances(
        self, source: int, unit: int, free: int, cheapest: int, points: list[int]
    ) -> list[int]:
        """Lower bounds on the weighted road distance from `source` to each of `points`."""
        horizontal = free & _ALL_CROSSROADS
        vertical = free >> _VERTICAL_SHIFT
        reach = 1 << source
        remaining = sum(1 << p for p in points) & ~reach
        hops: dict[int, int] = {}
        layer = 0
        while remaining:
            grown = spread(reach, horizontal, vertical)
            if grown == reach:
                break
            layer += 1
            new = grown & remaining
            remaining ^= new
            for crossroads in bit_indices(new):
                hops[crossroads] = layer
            reach = grown
        row = self.dist[source]
        return [
            min(hops.get(p, _NEVER) * unit, row[p] * unit + cheapest) if p != source else 0
            for p in points
        ]

    def nearest(
        self, source: int, unit: int, rest: int, targets: int, weights: dict[int, int], cap: int
    ) -> int:
        """Dijkstra: the least weight of a path over `rest` from `source` to one of `targets`."""
        adjacency = self.adjacency
        done = {source: 0}
        queue = [(0, source)]
        while queue:
            d, c = heappop(queue)
            if d >= cap:
                break
            if d > done[c]:
                continue
            if targets >> c & 1:
                return d
            for link, w, _ in adjacency[c]:
                if rest & link:
                    far = d + unit + weights.get(link, 0)
                    if far < done.get(w, cap):
                        done[w] = far
                        heappush(queue, (far, w))
        return cap

    def coupled(
        self,
        base: int,
        weights: dict[int, int],
        parity: tuple[int, int, int, int],
        obj: int,
        span: int,
        kth: int,
    ) -> bool:
        """Whether the coupled bound cuts: every section left out costs length and locations,
        and, for a new objective segment, objective too.

        `base` scores everything reachable at full length; `span` bounds a new segment (-1 if
        none can form) assuming only the fewest (`waste`) sections are left out.
        """
        rest, odd, ends, waste = parity
        unit = 1 << self.length_shift
        old = base + (obj << self.total_shift) - waste * unit
        if old > kth:
            least = max(self.spread(weights, unit, rest, odd, ends), waste * unit)
            old = base + (obj << self.total_shift) - least
            if old > kth:
                return False
        if span < 0 or base + (span << self.total_shift) - waste * unit <= kth:
            return True
        unit += 1 << self.total_shift
        least = max(self.spread(weights, unit, rest, odd, ends), waste * unit)
        return base + ((span + waste) << self.total_shift) - least <= kth

    def waste(self, odd: int, ends: int) -> int:
        """The fewest sections a trail must leave out, given R's odd crossroads toggled at v.

        Ending at t in `ends` toggles t too: the left-out sections pair up `odd ^ t`; an end
        outside `odd` costs at least one section more than leaving some crossroads unpaired.
        """
        least = self.wastes.get((odd, ends))
        if least is not None:
            return least
        least = _FAR
        choices = odd & ends if ends & ~odd == 0 else odd
        for choice in bit_indices(choices):
            cost = self.pairing(odd ^ (1 << choice)) + (0 if ends >> choice & 1 else 1)
            if cost < least:
                least = cost
        self.wastes[odd, ends] = least
        return least

    def run(self) -> list[tuple[int, ...]]:
        """The trails of the k best distinct routes (any order).

        Every start is first probed for its root bound and given a quick look, most promising
        first, to find good routes early. Then the full searches, objective crossroads first: a
        trail ending at an earlier start was met from that end already, so each start's trails
        end only at later ones.
        """
        used = [c for c in range(CROSSROADS) if self.at[c]]
        odd = [c for c in used if self.at[c].bit_count() % 2]
        everywhere = sum(1 << c for c in used)
        odd_ends = sum(1 << c for c in odd)

        def ends_of(c: int) -> int:
            """For k = 1 the best route is a maximal trail: between two odd crossroads, or a
            closed trail using every section of an even start."""
            if self.k > 1:
                return everywhere
            return odd_ends & ~(1 << c) if odd_ends >> c & 1 else 1 << c

        promise = {}
        for c in used:
            self.probed = -1
            self.search_from(c, ends_of(c), 1)
            promise[c] = self.probed
        for c in sorted(used, key=lambda c: (-promise[c], c)):
            self.search_from(c, ends_of(c), _GLANCE)
        starts = odd if self.k == 1 else used
        order = sorted(starts, key=lambda c: (not self.objective >> c & 1, c))
        later = odd_ends if self.k == 1 else everywhere
        for c in order:
            if self.k == 1:
                later ^= 1 << c
            self.search_from(c, later)
            later &= ~(1 << c)
        if self.k == 1:
            for c in used:
                if not odd_ends >> c & 1:
                    self.search_from(c, 1 << c)
        return [trail for _, _, trail in self.top]

    def offer(self, key: int, links: int, trail: tuple[int, ...]) -> int:
        """Keep a route if it is among the k best; return the k-th key (-1 while fewer)."""
        top = self.top
        if (key, links) in self.seen:
            return top[-1][0] if len(top) >= self.k else -1
        if len(top) >= self.k:
            if key <= top[-1][0]:
                return top[-1][0]
            dropped = top.pop()
            self.seen.discard((dropped[0], dropped[1]))
        index = len(top)
        while index and top[index - 1][0] < key:
            index -= 1
        top.insert(index, (key, links, trail))
        self.seen.add((key, links))
        return top[-1][0] if len(top) >= self.k else -1

    def tail(self, marks: int, ends: int) -> int:
        """The fewest sections from any crossroads of `marks` to any of `ends`."""
        best = self.tails.get((marks, ends))
        if best is not None:
            return best
        best = _FAR
        key = marks, ends
        for mark in bit_indices(marks):
            row = self.dist[mark]
            for end in bit_indices(ends):
                best = min(best, row[end])
        self.tails[key] = best
        return best

    def search_from(self, start: int, ends: int, budget: int = -1) -> None:
        """Depth-first branch and bound over the trails from `start` to one of `ends`.

        With a budget, only that many nodes are visited (a quick look for good routes).
        """
        k = self.k
        drawn = self.drawn
        adjacency = self.adjacency
        at_start = self.at[start]
        extra = self.extra
        vta = self.vta
        objective = self.objective
        objective_index = self.objective_index
        steps = self.steps
        length_goals = self.length_goals  # Goal PP by length, beside `steps` (not solo)
        goal_rank = self.goal_rank if self.solo_goals else None
        offer = self.offer
        pairing = self.pairing
        lost_weights = self.lost_weights
        seen_before = self.seen_before
        length_shift = self.length_shift
        total_shift = self.total_shift
        top = self.top
        kth = top[-1][0] if len(top) >= k else -1
        first = [_FAR] * len(self.board.objective)
        if objective_index[start] >= 0:
            first[objective_index[start]] = 0
        path = [start]
        # A closed trail (k = 1, even start) rotated to start where it still has an unused
        # section, before its first objective crossroads, extends to a better route: so every
        # crossroads up to there must end with all its sections used.
        closed = k == 1 and ends == 1 << start
        uneven = closed and any(self.at[c].bit_count() % 2 for c in self.component(start))
        ones = _ALL_CROSSROADS
        vshift = _VERTICAL_SHIFT
        row = _ROW

        def visit(
            v: int, length: int, used: int, locs: int, cross: int, obj: int, head: int
        ) -> None:
            nonlocal kth, budget
            if not budget:
                return
            budget -= 1
            if budget < 0 and length and seen_before(used, v, ends, obj, first):
                return
            avail = drawn & ~used
            horizontal = avail & ones
            vertical = avail >> vshift
            # The remaining component: flood the crossroads reachable from v over unused links.
            here = 1 << v
            reach, gap = flood_distance(here, horizontal, vertical, objective & ~here)
            rest_h = horizontal & reach
            rest_v = vertical & reach
            rest = rest_h.bit_count() + rest_v.bit_count()
            if length and ends & here and (rest == 0 or k > 1):
                key = (steps(locs) + extra[(cross & vta).bit_count()] + (obj << total_shift)) + (
                    length << length_shift
                )
                if length_goals is not None:
                    key += length_goals[length]
                elif goal_rank is not None:
                    key += goal_rank(locs, length)
                if len(top) < k or key > kth:
                    kth = offer(key, used, tuple(path))
            ends_here = ends & reach
            if rest == 0 or not ends_here:
                return
            if avail & at_start and not reach >> start & 1 and self.beaten(start, avail) >= k:
                return
            # Parity: the sections left out of R pair up R's odd crossroads with v and the end.
            odd = rest_h ^ rest_h << 1 ^ rest_v ^ rest_v << row ^ here
            waste = self.waste(odd, ends_here)
            longest = length + rest - waste
            bound_obj = obj
            everything = cross | reach
            marks = reach & objective
            span = 0
            pairs = marks and (everything & objective).bit_count() >= 2
            if closed:
                if uneven and not pairs and not obj:
                    return  # no objective: it would have to use every section, impossible
                ahead = (head | head >> 1) & horizontal | (
                    (head | head >> row) & vertical
                ) << vshift
                if ahead & ~(rest_h | rest_v << vshift):
                    return
            if pairs:
                ending = longest - self.tail(marks, ends_here)
                for mark in bit_indices(marks):
                    j = objective_index[mark]
                    origin = min([f for i, f in enumerate(first) if i != j])
                    if origin == _FAR:
                        origin = length + gap
                    reach_b = min(length + rest - pairing(odd ^ (1 << mark)), ending)
                    bound_obj = max(bound_obj, reach_b - origin)
                origin = min(first) if cross & objective else length + gap
                span = ending - origin
            rest_links = rest_h | rest_v << vshift
            reached = locs | _corner_locations(rest_links)
            base = steps(reached)
            base += extra[(everything & vta).bit_count()]
            if length_goals is not None:
                base += length_goals[longest]
            elif goal_rank is not None:
                base += goal_rank(reached, longest)
            bound = base + (bound_obj << total_shift) + (longest << length_shift)
            if not length:
                self.probed = bound
            if len(top) >= k:
                if bound <= kth:
                    return
                weights = lost_weights(used, locs, rest_links)
                if weights and self.coupled(
                    base + ((length + rest) << length_shift),
                    weights,
                    (rest_links, odd, ends_here, waste),
                    obj,
                    span if pairs else -1,
                    kth,
                ):
                    return
                bridges = self.bridges(v, rest_links)
                node = (locs, cross, obj, bound_obj, length, longest - length, 0)
                if bridges and not self.branch_escapes(node, here, rest_links, bridges, kth):
                    return
            for bit, w, section_locs in adjacency[v]:
                if not avail & bit:
                    continue
                j = objective_index[w]
                new_obj = obj
                fresh = False
                if j >= 0:
                    nearest = min([f for i, f in enumerate(first) if i != j])
                    if nearest < _FAR:
                        new_obj = max(obj, length + 1 - nearest)
                    if first[j] == _FAR:
                        first[j] = length + 1
                        fresh = True
                path.append(w)
                grown = head if cross & objective else head | 1 << w
                visit(
                    w, length + 1, used | bit, locs | section_locs, cross | 1 << w, new_obj, grown
                )
                path.pop()
                if fresh:
                    first[j] = _FAR

        visit(start, 0, 0, 0, 1 << start, 0, 1 << start)

    def seen_before(self, used: int, v: int, ends: int, obj: int, first: list[int]) -> bool:
        """Whether a node already searched reached v over the same sections with at least the
        same prospects: every end still allowed then, objective crossroads met no later and
        an objective segment at least as long (for k > 1, exactly as long: routes that
        score less are still wanted). Records this node otherwise."""
        entries = self.transpositions.get((used, v))
        if entries is None:
            if len(self.transpositions) < _TRANSPOSITIONS:
                self.transpositions[used, v] = [(ends, obj, tuple(first))]
            return False
        exact = self.k > 1
        for known_ends, known_obj, known_first in entries:
            if ends & ~known_ends or known_obj < obj or (exact and known_obj != obj):
                continue
            if all(
                a <= b and (a == b or not exact) for a, b in zip(known_first, first, strict=True)
            ):
                return True
        entries.append((ends, obj, tuple(first)))
        return False

    def component(self, start: int) -> list[int]:
        """The crossroads joined to `start` by drawn sections."""
        return [c for c in range(CROSSROADS) if self.dist[start][c] < _FAR]

    def beaten(self, start: int, avail: int) -> int:
        """Sections in the unused component at `start`: each gives a better route to prepend."""
        horizontal = avail & _ALL_CROSSROADS
        vertical = avail >> _VERTICAL_SHIFT
        reach = flood(1 << start, horizontal, vertical)
        return (horizontal & reach).bit_count() + (vertical & reach).bit_count()
