"""Pure scoring functions: route points, connections, Longest Continuous Path, tie-breaks.

An edge is `(city_a, city_b, length)`; cities are ints. Nothing here knows about states.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Edge = tuple[int, int, int]


def components(edges: Iterable[Edge]) -> dict[int, int]:
    """Union-find over the edges: each city touched mapped to its component's root."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    for a, b, _ in edges:
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    return {city: find(city) for city in parent}


def connected(edges: Iterable[Edge], a: int, b: int) -> bool:
    """Whether a continuous series of these routes joins cities a and b."""
    roots = components(edges)
    return a in roots and b in roots and roots[a] == roots[b]


def longest_path(edges: Sequence[Edge]) -> int:
    """Length in trains of the longest continuous path: cities may repeat, routes may not."""
    if not edges:
        return 0
    adjacency: dict[int, list[tuple[int, int, int]]] = {}
    for index, (a, b, length) in enumerate(edges):
        adjacency.setdefault(a, []).append((b, length, 1 << index))
        adjacency.setdefault(b, []).append((a, length, 1 << index))

    best = 0

    def walk(city: int, used: int, total: int) -> None:
        nonlocal best
        if total > best:
            best = total
        for other, length, bit in adjacency[city]:
            if not used & bit:
                walk(other, used | bit, total + length)

    # In a network with an odd-degree city, a longest path starts at one (otherwise an unused
    # route at its start would lengthen it); a network with none may start anywhere.
    roots = components(edges)
    has_odd = {roots[c] for c, links in adjacency.items() if len(links) % 2}
    seen_even: set[int] = set()
    for city, links in adjacency.items():
        root = roots[city]
        if root in has_odd:
            if len(links) % 2:
                walk(city, 0, 0)
        elif root not in seen_even:
            seen_even.add(root)
            walk(city, 0, 0)
    return best


def ranking(scores: Sequence[int], tiebreaks: Sequence[Sequence[int]] = ()) -> tuple[int, ...]:
    """The winners: top score, then each tie-break in turn (higher wins); full ties share."""
    keys = [(score, *(tiebreak[i] for tiebreak in tiebreaks)) for i, score in enumerate(scores)]
    best = max(keys)
    return tuple(i for i, key in enumerate(keys) if key == best)
