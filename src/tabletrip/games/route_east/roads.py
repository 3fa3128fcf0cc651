"""Distances on Route East's board along its roads: how far a space is, for the screens."""

from __future__ import annotations

from collections import deque

from tabletrip.games.route_east.content import Board


def road_distances(board: Board, source: int) -> list[int]:
    """Fewest roads from `source` to every space, ignoring the waits at Borders; the Caspian
    crossing counts as one road (port to far port). -1 where no road leads."""
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
    return dist


_NEIGHBOURS: dict[int, tuple[Board, list[list[int]]]] = {}


def _neighbours(board: Board) -> list[list[int]]:
    """Every space's neighbours by road, plus the ports and the boat joined across the sea."""
    cached = _NEIGHBOURS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    near: list[list[int]] = [[] for _ in board.space_ids]
    for a, b, _, _ in board.roads:
        near[a].append(b)
        near[b].append(a)
    port_a, port_b = board.ports
    for a, b in ((port_a, port_b), (port_a, board.boat), (port_b, board.boat)):
        near[a].append(b)
        near[b].append(a)
    _NEIGHBOURS[id(board)] = (board, near)
    return near
