"""Distances on Route East's board along its roads: how far a space is, for the screens."""

from __future__ import annotations

from collections import deque

from tabletrip.core.memo import Memo, PerObject
from tabletrip.games.route_east.content import Board


def road_distances(board: Board, source: int) -> tuple[int, ...]:
    """Fewest roads from `source` to every space, ignoring the waits at Borders; the Caspian
    crossing counts as one road (port to far port). -1 where no road leads.

    Remembered per board and space: every view of a room asks again from the same spaces."""
    return _distances(board, source)


def _breadth_first(board: Board, source: int) -> tuple[int, ...]:
    neighbours = _neighbours(board)
    dist = [-1] * len(board.space_ids)
    dist[source] = 0
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if dist[there] < 0:
                dist[there] = dist[here] + 1
                queue.append(there)
    return tuple(dist)


def _road_network(board: Board) -> list[list[int]]:
    """Every space's neighbours by road, plus the ports and the boat joined across the sea."""
    near: list[list[int]] = [[] for _ in board.space_ids]
    for a, b, _, _ in board.roads:
        near[a].append(b)
        near[b].append(a)
    port_a, port_b = board.ports
    for a, b in ((port_a, port_b), (port_a, board.boat), (port_b, board.boat)):
        near[a].append(b)
        near[b].append(a)
    return near


_neighbours: PerObject[Board, list[list[int]]] = PerObject(_road_network)
_distances: Memo[Board, int, tuple[int, ...]] = Memo(_breadth_first)
