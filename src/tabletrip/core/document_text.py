"""A presentation `Document` as terminal text: what the terminal client draws.

Sections become a heading line and their blocks, in at most `TEXT_WIDTH` columns: cards as
"name ×count" runs, tables with aligned columns, items one a line, labelled values in aligned
pairs, a progress bar of block characters, sentences wrapped at word boundaries, and a
diagram's lines as they are, then its legend.
"""

from __future__ import annotations

from tabletrip.core.presentation import (
    Block,
    Cards,
    Diagram,
    Document,
    Items,
    Progress,
    ScoreRow,
    Section,
    Sentence,
    Table,
    Values,
)
from tabletrip.core.render import TEXT_WIDTH, wrap, wrap_items

BAR_WIDTH = 20


def render_document(document: Document, width: int = TEXT_WIDTH) -> str:
    """The whole document, a blank line between sections."""
    return "\n\n".join(render_section(s, width) for s in document.sections)


def render_section(section: Section, width: int = TEXT_WIDTH) -> str:
    """A heading, then each block indented by two spaces."""
    lines = [section.title]
    for block in section.blocks:
        lines += ["  " + line for line in render_block(block, width - 2)]
    return "\n".join(lines)


def render_block(block: Block, width: int = TEXT_WIDTH) -> list[str]:
    """The lines of one block."""
    if isinstance(block, Cards):
        return _cards(block, width)
    if isinstance(block, Table):
        return _table(block, width)
    if isinstance(block, Items):
        return _items(block, width)
    if isinstance(block, Values):
        return _values(block)
    if isinstance(block, Progress):
        return [_progress(block)]
    if isinstance(block, Sentence):
        return wrap(block.text, "", width)
    if isinstance(block, Diagram):
        return [*block.lines, *(line for text in block.legend for line in wrap(text, "", width))]
    raise TypeError(f"no text form for {type(block).__name__}")


def _cards(block: Cards, width: int) -> list[str]:
    if not block.cards:
        return [block.empty]
    shown = [
        (f"{c.name} ×{c.count}" if c.count != 1 else c.name)
        + (f" ({c.detail})" if c.detail else "")
        for c in block.cards
    ]
    if any(c.detail for c in block.cards):  # sentences: one card a line, wrapped
        return [line for text in shown for line in wrap(text, "    ", width)]
    return wrap_items("", shown, "", width)


def _table(block: Table, width: int) -> list[str]:
    if not block.rows:
        return [block.empty]
    cells = [list(block.columns)] + [[_cell(c) for c in row] for row in block.rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(block.columns))]
    numeric = [
        all(isinstance(row[i], int | float) for row in block.rows)
        for i in range(len(block.columns))
    ]
    lines = []
    for row in cells:
        parts = [
            cell.rjust(w) if is_number else cell.ljust(w)
            for cell, w, is_number in zip(row, widths, numeric, strict=True)
        ]
        lines.append("  ".join(parts).rstrip()[:width])
    return lines


def _cell(value: object) -> str:
    return str(value)


def _items(block: Items, width: int) -> list[str]:
    if not block.items:
        return [block.empty]
    lines: list[str] = []
    for item in block.items:
        text = f"{item.name}: {item.detail}" if item.detail else item.name
        lines += wrap(text, "    ", width)
    return lines


def _values(block: Values) -> list[str]:
    label_width = max((len(v.label) for v in block.values), default=0)
    return [f"{v.label.ljust(label_width)}  {v.text()}" for v in block.values]


def _progress(block: Progress) -> str:
    share = 0.0 if block.maximum <= 0 else max(0.0, min(1.0, block.value / block.maximum))
    filled = round(share * BAR_WIDTH)
    bar = "█" * filled + "░" * (BAR_WIDTH - filled)
    unit = f" {block.unit}" if block.unit else ""
    return f"{block.label}  {bar}  {block.value} of {block.maximum}{unit}"


def render_score_rows(rows: list[ScoreRow], total: int | float) -> list[str]:
    """A score breakdown: label, points right-aligned, detail after; the total last."""
    label_width = max([len(r.label) for r in rows] + [len("Total")])
    points_width = max([len(_points(r.points)) for r in rows] + [len(str(total))])
    lines = []
    for row in rows:
        detail = f"  {row.detail}" if row.detail else ""
        lines.append(
            f"{row.label.ljust(label_width)}  {_points(row.points).rjust(points_width)}{detail}"
        )
    lines.append(f"{'Total'.ljust(label_width)}  {str(total).rjust(points_width)}")
    return lines


def _points(points: int | float | None) -> str:
    """A row's points as printed: nothing for a fact that scores nothing."""
    return "" if points is None else str(points)
