"""Reading a presentation document in tests: its sections, values, sentences and blocks."""

from __future__ import annotations

from typing import Any

from tabletrip.core.presentation import Document, Section, Sentence, Values, unreadable_parts


def section(document: Document, title: str) -> Section:
    """The one section with this title."""
    found = [s for s in document.sections if s.title == title]
    assert len(found) == 1, [s.title for s in document.sections]
    return found[0]


def values(sec: Section) -> dict[str, str]:
    """The section's labelled values, as read."""
    return {v.label: v.text() for b in sec.blocks if isinstance(b, Values) for v in b.values}


def sentences(sec: Section) -> list[str]:
    """The section's sentences."""
    return [b.text for b in sec.blocks if isinstance(b, Sentence)]


def blocks(sec: Section, kind: type[Any]) -> list[Any]:
    """The section's blocks of one kind."""
    return [b for b in sec.blocks if isinstance(b, kind)]


def block(sec: Section, kind: type[Any]) -> Any:
    """The section's one block of that kind."""
    found = blocks(sec, kind)
    assert len(found) == 1, sec
    return found[0]


def all_text(document: Document) -> str:
    """Everything a person reads in the document, a line a text."""
    return "\n".join(document.texts())


def assert_readable(document: Document) -> None:
    """No engine key, id or placeholder anywhere in the document."""
    for text in document.texts():
        assert not unreadable_parts(text), (text, unreadable_parts(text))
