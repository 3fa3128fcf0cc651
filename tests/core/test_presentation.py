"""The presentation model: JSON-safe documents, their terminal text, the readability check."""

from __future__ import annotations

import json

from tabletrip.core.document_text import render_document, render_score_rows
from tabletrip.core.presentation import (
    Card,
    Cards,
    Document,
    Item,
    Items,
    Progress,
    ScoreRow,
    Section,
    Sentence,
    Table,
    Value,
    Values,
    unreadable_parts,
)


def _document() -> Document:
    return Document(
        (
            Section(
                "Your hand",
                (Cards((Card("Locomotive", 3, "#888"), Card("Red", 1, "red"))),),
                role="mine",
            ),
            Section(
                "Your Destination Tickets",
                (Table(("From", "To", "Points", "Completed"), (("Denver", "El Paso", 4, "yes"),)),),
                role="mine",
            ),
            Section(
                "Ana",
                (
                    Values((Value("Trains left", 27, of=45), Value("Score", 12, unit="points"))),
                    Items((Item("Dallas–Houston", "2 orange"),)),
                ),
                role="seat",
                seat=1,
            ),
            Section(
                "The round",
                (Progress("Experience", 4, 10, "spaces"), Sentence("Ana is choosing tickets.")),
            ),
        )
    )


def test_a_document_is_json_safe_and_keeps_every_block() -> None:
    data = _document().to_json()
    assert json.loads(json.dumps(data)) == data
    kinds = [b["type"] for s in data["sections"] for b in s["blocks"]]
    assert kinds == ["cards", "table", "values", "items", "progress", "sentence"]
    assert data["sections"][2]["blocks"][0]["values"][0]["text"] == "27 of 45"


def test_the_terminal_text_reads_like_the_game() -> None:
    text = render_document(_document())
    assert "Locomotive ×3, Red" in text
    assert "Trains left  27 of 45" in text and "Score        12 points" in text
    assert "Denver  El Paso       4  yes" in text
    assert "Experience  ████████░░░░░░░░░░░░  4 of 10 spaces" in text
    assert all(len(line) <= 100 for line in text.splitlines())


def test_empty_blocks_say_so() -> None:
    doc = Document((Section("Your hand", (Cards((), empty="no cards"), Items(()))),))
    assert render_document(doc) == "Your hand\n  no cards\n  none"


def test_score_rows_put_the_detail_apart_from_the_points() -> None:
    rows = [
        ScoreRow("Routes claimed", 31, "12 routes"),
        ScoreRow("Longest Continuous Path bonus", 10, "18 trains long"),
    ]
    lines = render_score_rows(rows, 41)
    assert lines == [
        "Routes claimed                 31  12 routes",
        "Longest Continuous Path bonus  10  18 trains long",
        "Total                          41",
    ]


def test_unreadable_parts_are_found() -> None:
    assert unreadable_parts("longest_path 18") == ["longest_path"]
    assert unreadable_parts("claim r25 Dallas-Houston") == ["r25"]
    assert unreadable_parts("Routes: 3 entries") == ["3 entries"]
    assert unreadable_parts("Ana claimed Dallas–Houston with 2 orange") == []
    assert unreadable_parts("Trains left 27 of 45; Route 66") == []


def test_cards_with_details_go_one_a_line_and_wrap_within_the_width() -> None:
    detail = "Play when you cross a Border: cross without handing in a Fuel Token. " * 2
    doc = Document(
        (Section("Your hand", (Cards((Card("Border Pass", 2, detail=detail.strip()),)),)),)
    )
    lines = render_document(doc, width=60).splitlines()
    assert lines[1].startswith("  Border Pass ×2 (Play when")
    assert len(lines) > 2 and all(len(line) <= 60 for line in lines)
