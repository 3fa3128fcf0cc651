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
  before the full searches, which then cut more. A start is not searched again once its root
  is sure to be cut: its probed bound is no better than the k-th best found, or its quick
  look was cut at the root (bounds only fall as the k-th best rises and the ends allowed
  shrink).

A node whose bound on (total, length, tourists, Landmarks) is no better than the k-th best
found is cut; the bound is one packed integer, the four fields from most to least significant.

Sections are bits internally: bit `y * 7 + x` for the horizontal section from crossroads (x, y)
and bit `49 + y * 7 + x` for the vertical one, so the remaining component, its locations and its
odd crossroads come from a few shifts and masks over the whole board at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from typing import Any, NamedTuple

from tabletrip.core.bits import bit_indices
from tabletrip.games.en_route.geometry import (
    CROSSROADS,
    SECTIONS,
    flood_distance,
    locations_on_route,
    section_between,
)
from tabletrip.games.en_route.route_bounds import (
    ALL_CROSSROADS,
    FAR,
    ROW,
    VERTICAL_SHIFT,
    SearchBoard,
    corner_locations,
)
from tabletrip.games.en_route.route_goals import RouteGoals
from tabletrip.games.en_route.scoring import (
    Breakdown,
    FinalBoard,
    score_route,
    trail_sections,
)

_GLANCE = 64  # nodes of the quick look from each start
_TRANSPOSITIONS = 1 << 20  # nodes remembered at most


class Route(NamedTuple):
    """A final route: its scoring breakdown (steps 1-8) and its trail of crossroads."""

    score: Breakdown
    trail: tuple[int, ...]

    @property
    def sections(self) -> frozenset[int]:
        """The section indices of the route."""
        pairs = pairwise(self.trail)
        return frozenset(s for a, b in pairs if (s := section_between(a, b)) is not None)


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


class _Search(SearchBoard):
    """One branch-and-bound search: the drawn graph, the packed score tables, the k best."""

    def __init__(
        self, board: FinalBoard, sections: list[int], k: int, goals: RouteGoals | None
    ) -> None:
        super().__init__(board, sections, goals)
        self.k = k
        self.top: list[tuple[int, int, tuple[int, ...]]] = []  # (key, links, trail), best first
        self.probed = -1  # the bound at the root of the last search
        self.visited = 0  # the nodes the last search visited
        self.transpositions: dict[tuple[int, int], list[tuple[int, int, tuple[int, ...]]]] = {}
        self.seen: set[tuple[int, int]] = set()

    def run(self) -> list[tuple[int, ...]]:
        """The trails of the k best distinct routes (any order).

        Every start is first probed for its root bound and given a quick look, most promising
        first, to find good routes early. Then the full searches, objective crossroads first: a
        trail ending at an earlier start was met from that end already, so each start's trails
        end only at later ones.
        """
        self.search(self._jobs())
        return [trail for _, _, trail in self.top]

    def _jobs(self) -> Iterator[tuple[int, int, int]]:
        """The searches of `run` in order, each (start, ends, budget), -1 for no budget. Each
        is decided once the one before is done: `probed` and `visited` tell how it went."""
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
            yield c, ends_of(c), 1
            promise[c] = self.probed
        # Starts whose quick look was cut at its root. Every bound only falls as the ends
        # allowed shrink, and the k-th key only rises, so a later search from such a start
        # (with the same ends or fewer) would be cut at its root too: it is skipped.
        cut = set()
        for c in sorted(used, key=lambda c: (-promise[c], c)):
            if not self.hopeless(promise[c]):
                yield c, ends_of(c), _GLANCE
                if self.visited == 1:
                    cut.add(c)
        starts = odd if self.k == 1 else used
        order = sorted(starts, key=lambda c: (not self.objective >> c & 1, c))
        later = odd_ends if self.k == 1 else everywhere
        for c in order:
            if self.k == 1:
                later ^= 1 << c
            if c not in cut and not self.hopeless(promise[c]):
                yield c, later, -1
            later &= ~(1 << c)
        if self.k == 1:
            for c in used:
                if not odd_ends >> c & 1 and c not in cut and not self.hopeless(promise[c]):
                    yield c, 1 << c, -1

    def hopeless(self, promise: int) -> bool:
        """Whether a search from a start whose probe bounded its root by `promise` would be cut
        at once: the k best are found and the k-th is no worse. Searching it again with the
        same ends or fewer (every later search from that start) bounds the root no higher, so
        skipping it changes nothing (a probe that returned before bounding gave -1, and
        returns there again)."""
        top = self.top
        return len(top) >= self.k and promise <= top[-1][0]

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

    def search(self, jobs: Iterable[tuple[int, int, int]]) -> None:
        """Depth-first branch and bound over the trails from `start` to one of `ends`, for
        each (start, ends, budget) of `jobs` in turn; `visited` then holds how many nodes the
        search visited (1: its root was cut).

        With a budget (not -1), only that many nodes are visited (a quick look for good
        routes). One closure serves every search: making it costs more than most searches
        from a start, which end at their root.
        """
        k = self.k
        drawn = self.drawn
        adjacency = self.adjacency
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
        objectives = len(self.board.objective)
        ones = ALL_CROSSROADS
        vshift = VERTICAL_SHIFT
        row = ROW
        # The search under way, read by `visit` (set for each job below).
        start = ends = budget = at_start = 0
        kth = -1
        first: list[int] = []
        path: list[int] = []
        closed = uneven = False

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
                    if origin == FAR:
                        origin = length + gap
                    reach_b = min(length + rest - pairing(odd ^ (1 << mark)), ending)
                    bound_obj = max(bound_obj, reach_b - origin)
                origin = min(first) if cross & objective else length + gap
                span = ending - origin
            rest_links = rest_h | rest_v << vshift
            reached = locs | corner_locations(rest_links)
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
                if not budget:
                    return  # the quick look is over: no node below would be visited
                if not avail & bit:
                    continue
                j = objective_index[w]
                new_obj = obj
                fresh = False
                if j >= 0:
                    nearest = min([f for i, f in enumerate(first) if i != j])
                    if nearest < FAR:
                        new_obj = max(obj, length + 1 - nearest)
                    if first[j] == FAR:
                        first[j] = length + 1
                        fresh = True
                path.append(w)
                grown = head if cross & objective else head | 1 << w
                visit(
                    w, length + 1, used | bit, locs | section_locs, cross | 1 << w, new_obj, grown
                )
                path.pop()
                if fresh:
                    first[j] = FAR

        for start, ends, budget in jobs:
            initial = budget
            at_start = self.at[start]
            kth = top[-1][0] if len(top) >= k else -1
            first = [FAR] * objectives
            if objective_index[start] >= 0:
                first[objective_index[start]] = 0
            path = [start]
            # A closed trail (k = 1, even start) rotated to start where it still has an
            # unused section, before its first objective crossroads, extends to a better
            # route: so every crossroads up to there must end with all its sections used.
            closed = k == 1 and ends == 1 << start
            uneven = closed and any(self.at[c].bit_count() % 2 for c in self.component(start))
            visit(start, 0, 0, 0, 1 << start, 0, 1 << start)
            self.visited = initial - budget

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
