"""A presentation document drawn as lines of a terminal screen, whole or shortened to fit.

A decision screen has about 40 rows of 100 columns. A document (every section a seat sees)
is often taller, so each section can be drawn at four levels, from whole (level 0) to a
title and one line (level 3); `fit_document` shortens the sections of other seats first,
then the table's, then the seat's own, and lays them out in two columns, until the
document fits the rows it is given. Nothing is lost for good: the terminal's `show` draws
a section whole (with `tabletrip.core.document_text`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from tabletrip.core.presentation import (
    Block,
    Cards,
    Diagram,
    Document,
    Items,
    Progress,
    Section,
    Sentence,
    Table,
    Values,
)
from tabletrip.core.render import wrap as core_wrap

WHOLE, SHORT, SHORTER, SHORTEST = 0, 1, 2, 3
GUTTER = " │ "
# Which sections give way first when a screen is too short: other seats, the table, yours.
_GIVES_WAY = {"seat": 0, "table": 1, "mine": 2}
_ROWS_AT = {WHOLE: None, SHORT: 4, SHORTER: 2, SHORTEST: 0}


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a screen: its text and a rich style ("" for none)."""

    text: str
    style: str = ""


def shorten(text: str, width: int) -> str:
    """`text` cut to `width` columns, with an ellipsis where it was cut."""
    if cell_len(text) <= width:
        return text
    cut = text
    while cut and cell_len(cut) > width - 1:
        cut = cut[:-1]
    return cut.rstrip() + "…"


def wrap(text: str, width: int, indent: str = "", most: int | None = None) -> list[str]:
    """`text` wrapped to `width` (later lines indented), at most `most` lines, cut with an
    ellipsis if it had more."""
    lines = core_wrap(text, indent, width)
    if most is not None and len(lines) > most:
        lines = lines[:most]
        lines[-1] = shorten(lines[-1] + " …", width) if most else ""
    return [shorten(line, width) for line in lines if line or most != 0]


def _plain(count: int, name: str) -> str:
    return f"{name} ×{count}" if count != 1 else name


def _cards(block: Cards, width: int, level: int) -> list[str]:
    if not block.cards:
        return [block.empty]
    if level == WHOLE and any(card.detail for card in block.cards):
        # The plain cards on one line, then each card that does something with what it does.
        plain = [_plain(card.count, card.name) for card in block.cards if not card.detail]
        lines = wrap(" · ".join(plain), width, "  ") if plain else []
        for card in block.cards:
            if card.detail:
                lines += wrap(f"• {_plain(card.count, card.name)}: {card.detail}", width, "  ")
        return lines
    inline = " · ".join(_plain(card.count, card.name) for card in block.cards)
    return wrap(inline, width, "  ", None if level < SHORTEST else 1)


def _table(block: Table, width: int, level: int) -> list[str]:
    """Aligned columns where they fit (two spaces apart, else one), else each row's cells
    joined by dots under a line of the headers joined alike."""
    if not block.rows:
        return [block.empty]
    rows = [[_cell(cell) for cell in row] for row in block.rows]
    most = _ROWS_AT[level]
    shown = rows if most is None else rows[:most]
    header = list(block.columns)
    widths = [max(cell_len(r[i]) for r in [header, *shown]) for i in range(len(header))]
    lines: list[str] = []
    for gap in (2, 1):
        if sum(widths) + gap * (len(widths) - 1) <= width:
            lines = [_row(row, widths, gap) for row in [header, *shown]]
            break
    else:
        lines = [" · ".join(header)] + [" · ".join(c for c in row if c) for row in shown]
    if len(shown) < len(rows):
        lines.append(f"… and {len(rows) - len(shown)} more")
    return [shorten(line, width) for line in lines]


def _cell(cell: object) -> str:
    return f"{cell:g}" if isinstance(cell, float) else str(cell)


def _row(cells: Sequence[str], widths: Sequence[int], gap: int) -> str:
    padded = [cell + " " * (w - cell_len(cell)) for cell, w in zip(cells, widths, strict=False)]
    return (" " * gap).join(padded).rstrip()


def _items(block: Items, width: int, level: int) -> list[str]:
    if not block.items:
        return [block.empty]
    if level == WHOLE:
        lines: list[str] = []
        for item in block.items:
            lines += wrap(
                "• " + item.name + (f": {item.detail}" if item.detail else ""), width, "  "
            )
        return lines
    if level == SHORT:
        most = _ROWS_AT[SHORT] or 0
        lines = [
            shorten("• " + item.name + (f" ({item.detail})" if item.detail else ""), width)
            for item in block.items[:most]
        ]
        if len(block.items) > most:
            lines.append(f"… and {len(block.items) - most} more")
        return lines
    names = ", ".join(item.name for item in block.items)
    return wrap(names, width, "  ", 2 if level == SHORTER else 1)


def _values(block: Values, width: int, level: int) -> list[str]:
    inline = " · ".join(f"{value.label} {value.text()}" for value in block.values)
    return wrap(inline, width, "  ", {WHOLE: None, SHORT: 3, SHORTER: 2}.get(level, 1))


def _progress(blocks: Sequence[Progress], width: int, level: int) -> list[str]:
    """Bars side by side where they fit ("Art 3/10 · Food 0/10"), a bar each when whole."""
    if level == WHOLE and width >= 60:
        lines = []
        for bar in blocks:
            filled = round(20 * bar.value / bar.maximum) if bar.maximum else 0
            meter = "█" * filled + "░" * (20 - filled)
            number = f"{bar.value:g} of {bar.maximum:g} {bar.unit}".rstrip()
            lines.append(shorten(f"{bar.label}  {meter}  {number}", width))
        return lines
    inline = " · ".join(f"{bar.label} {bar.value:g}/{bar.maximum:g}" for bar in blocks)
    return wrap(inline, width, "  ", None if level < SHORTER else 2)


def _sentence(block: Sentence, width: int, level: int) -> list[str]:
    most = {WHOLE: None, SHORT: 2, SHORTER: 1}.get(level, 0)
    return wrap(block.text, width, "", most) if most != 0 else []


def _diagram(block: Diagram, width: int, level: int) -> list[str]:
    if level != WHOLE:
        return []
    return [shorten(line, width) for line in block.lines] + [
        line for text in block.legend for line in wrap(text, width, "  ")
    ]


def _block_lines(block: Block, width: int, level: int) -> list[str]:
    if isinstance(block, Cards):
        return _cards(block, width, level)
    if isinstance(block, Table):
        return _table(block, width, level)
    if isinstance(block, Items):
        return _items(block, width, level)
    if isinstance(block, Values):
        return _values(block, width, level)
    if isinstance(block, Sentence):
        return _sentence(block, width, level)
    if isinstance(block, Diagram):
        return _diagram(block, width, level)
    return []


def section_lines(section: Section, width: int, level: int = WHOLE) -> list[Line]:
    """A section as lines: its title, then each block at the level asked."""
    lines = [Line(shorten(section.title, width), "bold")]
    body: list[str] = []
    bars: list[Progress] = []
    for block in section.blocks:
        if isinstance(block, Progress):
            bars.append(block)
            continue
        if bars:
            body += _progress(bars, width, level)
            bars = []
        if level == SHORTEST and body and not isinstance(block, Values):
            continue  # the shortest form: the title and its first line
        body += _block_lines(block, width, level)
    if bars:
        body += _progress(bars, width, level)
    if level == SHORTEST:
        body = body[:1]
    return lines + [Line(text) for text in body if text]


@dataclass(frozen=True, slots=True)
class Fitted:
    """A document fitted to a screen: its lines, and whether any section was shortened."""

    lines: list[ScreenLine]
    shortened: bool


def fit_document(document: Document, width: int, rows: int) -> Fitted:
    """The document in at most `rows` lines of `width` columns: two columns where the width
    allows, sections shortened (others' first, yours last) until it fits."""
    sections = list(document.sections)
    if not sections or rows <= 0:
        return Fitted([], bool(sections))
    two = width >= 80 and len(sections) > 1
    column = (width - len(GUTTER)) // 2 if two else width
    levels = [WHOLE] * len(sections)
    drawn = [section_lines(s, column, WHOLE) for s in sections]
    while True:
        split = _best_split(drawn) if two else len(drawn)
        left, right = drawn[:split], drawn[split:]
        height = max(_height(left), _height(right))
        if height <= rows:
            break
        taller = range(split) if _height(left) >= _height(right) else range(split, len(drawn))
        candidates = [i for i in taller if levels[i] < SHORTEST]
        if not candidates:
            candidates = [i for i in range(len(drawn)) if levels[i] < SHORTEST]
        if not candidates:
            break
        chosen = min(
            candidates,
            key=lambda i: (_GIVES_WAY.get(sections[i].role, 1), levels[i], -len(drawn[i])),
        )
        levels[chosen] += 1
        drawn[chosen] = section_lines(sections[chosen], column, levels[chosen])
    shortened = any(levels)
    if not two:
        return Fitted(_cut(_join(drawn), rows), shortened)
    lines = _side_by_side(_join(left), _join(right), column)
    return Fitted(_cut(lines, rows), shortened or height > rows)


def _height(drawn: Sequence[list[Line]]) -> int:
    return sum(len(lines) for lines in drawn)


def _best_split(drawn: Sequence[list[Line]]) -> int:
    """Where to cut the sections (kept in order) into a left and a right column."""
    return min(range(1, len(drawn)), key=lambda k: max(_height(drawn[:k]), _height(drawn[k:])))


def _join(drawn: Sequence[list[Line]]) -> list[Line]:
    return [line for lines in drawn for line in lines]


def _cut(lines: Sequence[ScreenLine], rows: int) -> list[ScreenLine]:
    if len(lines) <= rows:
        return list(lines)
    return [*lines[: rows - 1], Line("… (show draws every section whole)", "dim")]


def _side_by_side(left: list[Line], right: list[Line], column: int) -> list[ScreenLine]:
    """Two columns as one list of screen lines."""
    blank = Line("")
    return [
        Pair(
            left[index] if index < len(left) else blank,
            right[index] if index < len(right) else blank,
            column,
        )
        for index in range(max(len(left), len(right)))
    ]


@dataclass(frozen=True, slots=True)
class Pair:
    """A screen line made of a left and a right column, each with its style."""

    left: Line
    right: Line
    column: int

    @property
    def text(self) -> str:
        """The line as plain text: the left part padded to its column, the gutter, the right."""
        padded = self.left.text + " " * max(0, self.column - cell_len(self.left.text))
        return (padded + GUTTER + self.right.text).rstrip()

    def rich(self) -> Text:
        """The line with each part in its style."""
        padded = self.left.text + " " * max(0, self.column - cell_len(self.left.text))
        return Text.assemble((padded, self.left.style), GUTTER, (self.right.text, self.right.style))


ScreenLine = Line | Pair


def rich_line(line: ScreenLine) -> Text:
    """A screen line as rich text, in its styles."""
    return line.rich() if isinstance(line, Pair) else Text(line.text, style=line.style)
