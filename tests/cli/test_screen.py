"""A presentation document drawn as screen lines: whole when it fits, else shortened, the
other seats' sections first and the seat's own last."""

from __future__ import annotations

from rich.cells import cell_len

from tabletrip.cli.screen import WHOLE, fit_document, section_lines, shorten
from tabletrip.core.presentation import (
    Card,
    Cards,
    Document,
    Item,
    Items,
    Section,
    Sentence,
    Table,
    Value,
    Values,
)

HAND = Section(
    "Your hand", (Cards((Card("Red", 2), Card("Locomotive", 1, detail="any colour"))),), "mine", 0
)
TICKETS = Section(
    "Your Destination Tickets",
    (Table(("From", "To", "Points"), (("Denver", "El Paso", 4), ("Boston", "Miami", 12))),),
    "mine",
    0,
)


def _seat(seat: int) -> Section:
    routes = tuple(Item(f"City {seat}–Town {n}", f"{n} trains, gray") for n in range(6))
    values = Values((Value("Score", 10 * seat, unit="points"), Value("Trains left", 40, of=45)))
    return Section(
        f"Player {seat + 1}", (values, Items(routes), Sentence("Seen taking: 1 red")), "seat", seat
    )


DOCUMENT = Document((HAND, TICKETS, *(_seat(s) for s in range(1, 5))))


def test_a_document_that_fits_is_drawn_whole() -> None:
    fitted = fit_document(DOCUMENT, 100, 60)
    assert not fitted.shortened
    text = "\n".join(line.text for line in fitted.lines)
    assert "• Locomotive: any colour" in text and "Red ×2" in text
    assert "City 4–Town 5: 5 trains, gray" in text


def test_a_tall_document_gives_way_with_the_other_seats_first() -> None:
    fitted = fit_document(DOCUMENT, 100, 14)
    assert fitted.shortened and len(fitted.lines) <= 14
    assert all(cell_len(line.text) <= 100 for line in fitted.lines)
    text = "\n".join(line.text for line in fitted.lines)
    assert "Boston  Miami    12" in text  # the seat's own tickets stay whole
    assert "City 4–Town 5: 5 trains" not in text  # the other seats' routes gave way
    assert "Player 4" in text and "Score 30 points" in text  # but each seat is still there


def test_even_a_tiny_screen_is_never_overfilled() -> None:
    for rows in range(1, 12):
        assert len(fit_document(DOCUMENT, 60, rows).lines) <= rows


def test_a_section_drawn_whole_keeps_every_row() -> None:
    lines = [line.text for line in section_lines(TICKETS, 100, WHOLE)]
    assert lines == [
        "Your Destination Tickets",
        "From    To       Points",
        "Denver  El Paso  4",
        "Boston  Miami    12",
    ]


def test_shortened_text_ends_with_an_ellipsis_within_its_width() -> None:
    assert shorten("Claim Dallas–Houston with 2 orange", 12) == "Claim Dalla…"
    assert shorten("short", 12) == "short"
