"""Setting names on a board picture: how wide a text draws, boxes, and where a label goes.

Every game draws its SVG in one font (`SVG_FONT`), so one text metric serves them all. A
`Labeller` holds what a label should not cover (points: spaces, dots along roads, pieces) and
the labels already placed; each new label takes the cheapest of its candidate boxes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Box = tuple[float, float, float, float]  # left, top, right, bottom
Point = tuple[float, float]
Candidates = Sequence[tuple[Box, float]]  # boxes a label may take, each with its own cost

SVG_FONT = "DejaVu Sans, Verdana, sans-serif"
# DejaVu Sans advances 0.55 of the font size a character (bold 0.62), averaged over the USA
# map's city names; a few per cent more keeps a label clear of what it must not touch.
_EM = 0.58
_BOLD_EM = 0.66


def text_width(text: str, size: float, bold: bool = False, spacing: float = 0.0) -> float:
    """About how wide `text` draws at font `size` (`spacing`: letter-spacing a character)."""
    return len(text) * (size * (_BOLD_EM if bold else _EM) + spacing)


def chars_in(width: float, size: float, bold: bool = False) -> int:
    """About how many characters fit in `width` at font `size`."""
    return int(width / (size * (_BOLD_EM if bold else _EM)))


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share any area (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def contains(box: Box, x: float, y: float, pad: float = 0.0) -> bool:
    """Whether (x, y) lies in `box` grown by `pad` on every side."""
    return box[0] - pad <= x <= box[2] + pad and box[1] - pad <= y <= box[3] + pad


class Labeller:
    """Puts text boxes where they cover the fewest obstacles and other labels."""

    def __init__(
        self,
        obstacles: Iterable[Point],
        cell: float = 16.0,
        covered_cost: float = 3.0,
        overlap_cost: float = 200.0,
    ) -> None:
        self.cell = cell
        self.covered_cost = covered_cost
        self.overlap_cost = overlap_cost
        self.grid: dict[tuple[int, int], list[Point]] = {}
        self.placed: list[Box] = []
        self.add(obstacles)

    def add(self, obstacles: Iterable[Point]) -> None:
        """More points a label should not cover."""
        cell = self.cell
        for x, y in obstacles:
            self.grid.setdefault((int(x // cell), int(y // cell)), []).append((x, y))

    def fork(self, obstacles: Iterable[Point]) -> Labeller:
        """A copy with more obstacles and the same labels placed; this one is unchanged."""
        other = Labeller((), self.cell, self.covered_cost, self.overlap_cost)
        other.grid = {key: list(points) for key, points in self.grid.items()}
        other.placed = list(self.placed)
        other.add(obstacles)
        return other

    def covered(self, box: Box) -> int:
        """How many obstacles lie in `box`."""
        left, top, right, bottom = box
        count = 0
        for gx in range(int(left // self.cell), int(right // self.cell) + 1):
            for gy in range(int(top // self.cell), int(bottom // self.cell) + 1):
                for x, y in self.grid.get((gx, gy), ()):
                    count += left <= x <= right and top <= y <= bottom
        return count

    def place(self, candidates: Candidates) -> Box:
        """The cheapest candidate (its own cost plus what it covers and overlaps), now taken."""
        best: tuple[float, Box] | None = None
        for box, cost in candidates:
            cost += self.covered_cost * self.covered(box)
            cost += self.overlap_cost * sum(overlaps(box, other) for other in self.placed)
            if best is None or cost < best[0]:
                best = (cost, box)
        if best is None:
            raise ValueError("a label needs at least one candidate box")
        self.placed.append(best[1])
        return best[1]


def around(x: float, y: float, w: float, h: float, gap: float) -> list[tuple[Box, float]]:
    """Boxes of a w x h label beside a point: below, above, right, left, then diagonals,
    each costing a little more than the one before."""
    near = gap * 0.7
    spots = [
        (x - w / 2, y + gap),
        (x - w / 2, y - gap - h),
        (x + gap, y - h / 2),
        (x - gap - w, y - h / 2),
        (x + near, y + near),
        (x + near, y - near - h),
        (x - near - w, y + near),
        (x - near - w, y - near - h),
    ]
    return [((lx, ly, lx + w, ly + h), rank * 0.8) for rank, (lx, ly) in enumerate(spots)]
