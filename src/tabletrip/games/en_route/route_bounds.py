"""The tables and bounds of the best-final-route search (route_search.py) on one board: the
drawn graph as bit masks, the packed score of every set of locations, shortest distances, and
the lower bounds a branch is cut by (odd crossroads paired, sections that must be left out,
the objective segment's reach).

Scores are packed in one int (total PP, then length, tourists, Landmarks), so that comparing
two packed scores compares them by the rulebook's tie-breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from heapq import heappop, heappush

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
    spread,
)
from tabletrip.games.en_route.route_goals import CornerGoals, RouteGoals
from tabletrip.games.en_route.scoring import (
    CAFE_BONUS_PP,
    SPECIAL_KINDS,
    FinalBoard,
)

ROW = CROSSROADS_SIZE
VERTICAL_SHIFT = CROSSROADS  # vertical links live in bits 49..97
ALL_CROSSROADS = (1 << CROSSROADS) - 1
# Locations in "corner space": location (col, row) is bit row * 7 + col (its top-left corner).
_CORNER_LOCATIONS = sum(1 << (r * ROW + c) for r in range(MAP_SIZE) for c in range(MAP_SIZE))
_LAND_BITS = 6  # Landmarks on a route: at most 36
_LENGTH_BITS = 7  # sections in a route: at most 84
FAR = 1 << 20  # more sections than any route
_EXACT_SHARE = 0.85  # share of the drawn sections still ahead from which pairing is solved
_NEVER = 1 << 100  # a cost no pairing pays


def _link_bit(section: int) -> int:
    """The internal bit of a section index."""
    a, _ = SECTION_ENDS[section]
    return 1 << (a if section < HORIZONTAL else VERTICAL_SHIFT + a)


_LINK_BITS: tuple[int, ...] = tuple(_link_bit(s) for s in range(SECTIONS))
# Per crossroads, the internal bits of its sections.
_CROSSROADS_LINKS: tuple[int, ...] = tuple(
    sum(_LINK_BITS[s] for s in CROSSROADS_SECTIONS[c]) for c in range(CROSSROADS)
)


def corner_locations(links: int) -> int:
    """The corner-space mask of the locations along a set of internal links."""
    horizontal = links & ALL_CROSSROADS
    vertical = links >> VERTICAL_SHIFT
    return (horizontal | horizontal >> ROW | vertical | vertical >> 1) & _CORNER_LOCATIONS


def _only_link(corner: int, edges: int) -> int:
    """The link bit of the one section of `edges` along a corner-space location."""
    horizontal = edges & ALL_CROSSROADS
    if horizontal >> corner & 1:
        return 1 << corner
    if horizontal >> (corner + ROW) & 1:
        return 1 << (corner + ROW)
    vertical = edges >> VERTICAL_SHIFT
    return 1 << (VERTICAL_SHIFT + corner + (0 if vertical >> corner & 1 else 1))


def _flood(start: int, links: int) -> int:
    """The crossroads reachable from the crossroads mask `start` over `links`."""
    return flood(start, links & ALL_CROSSROADS, links >> VERTICAL_SHIFT)


def _incident(crossroads: int, links: int) -> int:
    """The links of `links` with at least one end in the crossroads mask."""
    horizontal = links & ALL_CROSSROADS
    vertical = links >> VERTICAL_SHIFT
    near_h = (crossroads | crossroads >> 1) & horizontal
    return near_h | ((crossroads | crossroads >> ROW) & vertical) << VERTICAL_SHIFT


def _ends(links: int) -> int:
    """The crossroads mask of every end of `links`."""
    horizontal = links & ALL_CROSSROADS
    vertical = links >> VERTICAL_SHIFT
    return horizontal | horizontal << 1 | vertical | vertical << ROW


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
    horizontal = links & ALL_CROSSROADS
    vertical = links >> VERTICAL_SHIFT
    reach = start
    steps = 0
    while True:
        grown = spread(reach, horizontal, vertical)
        steps += 1
        if grown & targets:
            return steps
        if grown == reach:
            return FAR
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


class SearchBoard:
    """One board's search tables and bounds, memoised by their arguments (the same remaining
    components recur from node to node)."""

    def __init__(self, board: FinalBoard, sections: list[int], goals: RouteGoals | None) -> None:

        self.board = board
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
            adjacency[a].append((bit, b, corner_locations(bit)))
            adjacency[b].append((bit, a, corner_locations(bit)))
        self.adjacency = tuple(tuple(links) for links in adjacency)
        self.at = tuple(links & self.drawn for links in _CROSSROADS_LINKS)
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
            corner = loc // MAP_SIZE * ROW + loc % MAP_SIZE
            cells[corner] = (*self.board.tourists[loc], *special, common, landmark is not None)
        return cells

    def distances(self) -> list[list[int]]:
        """Sections between every two crossroads along the drawn roads (far when unconnected)."""
        table = [[FAR] * CROSSROADS for _ in range(CROSSROADS)]
        for source in range(CROSSROADS):
            row = table[source]
            row[source] = 0
            frontier = [source]
            while frontier:
                nearer = []
                for c in frontier:
                    for _, w, _ in self.adjacency[c]:
                        if row[w] == FAR:
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
        cost = FAR
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
        blocks = self.blocks
        path_value = self.path_valuer(node)

        def escapes(entry: int, links: int, taken: int) -> bool:
            # Only the bridges among `links` matter: so keyed, the blocks beyond a bridge are
            # shared by every node whose remaining component holds the same branch.
            inner_bridges = bridges & links
            key = (entry, links, inner_bridges)
            found = blocks.get(key)
            if found is None:
                found = blocks[key] = _block_exits(entry, links, inner_bridges)
            inside, onward, exits = found
            taken |= inside
            if not exits:
                return path_value(taken) > kth
            branches = []
            for bridge, beyond, branch in exits:
                value = path_value(taken | bridge | branch)
                if value > kth:
                    if not branch:
                        return True  # a dead end: nothing more to choose beyond it
                    branches.append((value, bridge, beyond, branch))
            branches.sort(reverse=True)
            for _, bridge, beyond, branch in branches:
                if escapes(beyond, onward & branch, taken | bridge):
                    return True
            return False

        return escapes(entry, links, node[-1])

    def path_value(self, node: tuple[int, ...], taken: int) -> int:
        """The bound of a node (see `branch_escapes`) when its trail may use only `taken`."""
        return self.path_valuer(node)(taken)

    def path_valuer(self, node: tuple[int, ...]) -> Callable[[int], int]:
        """`path_value` of one node as a function of `taken` (what depends on the node alone
        is read once: `branch_escapes` calls it for every branch it weighs)."""
        locs, cross, obj, bound_obj, length, more, _ = node
        steps = self.steps
        objective = self.objective
        vta = self.vta
        extra = self.extra
        length_shift = self.length_shift
        with_pairs = bound_obj << self.total_shift
        without_pairs = obj << self.total_shift
        lengths = self.length_goals
        goal_rank = self.goal_rank if self.goals is not None and lengths is None else None

        def value_of(taken: int) -> int:
            horizontal = taken & ALL_CROSSROADS
            vertical = taken >> VERTICAL_SHIFT
            # _ends and corner_locations, inlined
            near = cross | horizontal | horizontal << 1 | vertical | vertical << ROW
            reached = locs | (
                (horizontal | horizontal >> ROW | vertical | vertical >> 1) & _CORNER_LOCATIONS
            )
            value = steps(reached)
            longest = length + min(more, taken.bit_count())
            if lengths is not None:
                value += lengths[longest]
            elif goal_rank is not None:
                value += goal_rank(reached, longest)
            value += extra[(near & vta).bit_count()]
            value += with_pairs if (near & objective).bit_count() >= 2 else without_pairs
            return value + (longest << length_shift)

        return value_of

    def lost_weights(self, used: int, locs: int, rest: int) -> dict[int, int]:
        """The sections of `rest` that alone still reach a location not yet on the route
        (remembered: read only)."""
        key = (used | rest, locs)
        found = self.lost.get(key)
        if found is None:
            found = self.lost[key] = self._lost_weights(*key)
        return found

    def _lost_weights(self, edges: int, locs: int) -> dict[int, int]:
        horizontal = edges & ALL_CROSSROADS
        vertical = edges >> VERTICAL_SHIFT
        top, bottom, left, right = horizontal, horizontal >> ROW, vertical, vertical >> 1
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
        horizontal = free & ALL_CROSSROADS
        vertical = free >> VERTICAL_SHIFT
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
        least = FAR
        choices = odd & ends if ends & ~odd == 0 else odd
        for choice in bit_indices(choices):
            cost = self.pairing(odd ^ (1 << choice)) + (0 if ends >> choice & 1 else 1)
            if cost < least:
                least = cost
        self.wastes[odd, ends] = least
        return least

    def tail(self, marks: int, ends: int) -> int:
        """The fewest sections from any crossroads of `marks` to any of `ends`."""
        best = self.tails.get((marks, ends))
        if best is not None:
            return best
        best = FAR
        key = marks, ends
        for mark in bit_indices(marks):
            row = self.dist[mark]
            for end in bit_indices(ends):
                best = min(best, row[end])
        self.tails[key] = best
        return best

    def component(self, start: int) -> list[int]:
        """The crossroads joined to `start` by drawn sections."""
        return [c for c in range(CROSSROADS) if self.dist[start][c] < FAR]

    def beaten(self, start: int, avail: int) -> int:
        """Sections in the unused component at `start`: each gives a better route to prepend."""
        horizontal = avail & ALL_CROSSROADS
        vertical = avail >> VERTICAL_SHIFT
        reach = flood(1 << start, horizontal, vertical)
        return (horizontal & reach).bit_count() + (vertical & reach).bit_count()
