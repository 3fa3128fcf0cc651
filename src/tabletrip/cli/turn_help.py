"""What a person may ask for during a decision: help, the rules, every move, a section
whole, and the game's lookups (`routes`, `where`, ...). All of it comes from the game's
presentation; these functions only print it."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from tabletrip.cli.choosing import Steps, words_of
from tabletrip.cli.console import Ui
from tabletrip.core.document_text import render_section
from tabletrip.core.game import State
from tabletrip.core.presentation import (
    Cards,
    Document,
    Lookup,
    Presentation,
    Section,
    decision_help,
    presentation_for,
    render_text,
)

WIDTH = 100

COMMANDS = (
    ("a number", "the choice with that number on the screen"),
    ("words of a move", "any words of it, or their first letters, in any order: claim den oma"),
    ("the notation", "a move as records write it (moves lists it)"),
    ("back", "the step before"),
    ("help", "this help"),
    ("rules", "the game's rules in short"),
    ("moves [words]", "every legal move with its notation; words narrow the list"),
    ("show [section]", "what you see, every section whole, or only the one named"),
    ("hint", "the hard bot's three best moves, with how often they win in its search"),
    ("log", "every move so far, as you may see it"),
    ("quit", "stop now; the unfinished game is saved (play --resume goes on with it)"),
    ("Enter", "draw the screen again"),
)


def _wrapped(ui: Ui, text: str, indent: str = "") -> None:
    for paragraph in text.split("\n"):
        lines = textwrap.wrap(paragraph, WIDTH, initial_indent=indent, subsequent_indent=indent)
        for line in lines or [""]:
            ui.say(line)


def show_help(
    ui: Ui,
    state: State,
    seat: int,
    presentation: Presentation | None,
    lookups: Iterable[Lookup],
) -> None:
    """The rules of this decision, the notation's forms, what each card in hand does, and
    what may be typed."""
    said = decision_help(state)
    if said:
        ui.say("This decision", style="bold")
        _wrapped(ui, said, "  ")
    if presentation is not None:
        forms = presentation.notation_help(state.game)
        if forms:
            ui.say("The notation (what you may type for a move)", style="bold")
            for form in forms:
                _wrapped(ui, f"{form.form}: {form.meaning}", "  ")
                for name, meaning in form.fields:
                    _wrapped(ui, f"{name}: {meaning}", "      ")
        _show_hand(ui, state, seat, presentation)
    ui.say("What you may type", style="bold")
    rows = [*COMMANDS, *((look.name, look.summary) for look in lookups)]
    for name, meaning in rows:
        _wrapped(ui, f"{name:<16} {meaning}", "  ")


def _show_hand(ui: Ui, state: State, seat: int, presentation: Presentation) -> None:
    """Each card of the seat's own sections, with what it does."""
    document = presentation.document(state.game, state.observation(seat))
    cards = [
        card
        for section in document.sections
        if section.role == "mine"
        for block in section.blocks
        if isinstance(block, Cards)
        for card in block.cards
        if card.detail
    ]
    if not cards:
        return
    ui.say("What each card in your hand does", style="bold")
    for card in cards:
        _wrapped(ui, f"{card.name}: {card.detail}", "  ")


def show_rules(ui: Ui, state: State, presentation: Presentation | None) -> None:
    """The game's rules summary."""
    summary = presentation.rules_summary(state.game) if presentation else ""
    if not summary:
        ui.say(f"{state.game.info.title}: no rules summary; help explains this decision")
        return
    ui.say(f"{state.game.info.title}: the rules in short", style="bold")
    _wrapped(ui, summary)


def show_moves(ui: Ui, steps: Steps, words: str) -> None:
    """Every legal move (or those matching `words`): its notation, then its words."""
    chosen = steps.matching(words) if words else list(range(len(steps.legal)))
    if not chosen:
        ui.say(f"no legal move matches {words!r}; moves alone lists all {len(steps.legal)}")
        return
    width = min(36, max(len(str(steps.legal[i])) for i in chosen))
    for index in chosen:
        notation = str(steps.legal[index])
        said = steps.words[index]
        ui.say(notation.ljust(width) + "  " + said if said != notation else notation)
    ui.say(f"({len(chosen)} of {len(steps.legal)} legal moves; type a notation or its words)")


def show_section(
    ui: Ui, state: State, seat: int, presentation: Presentation | None, name: str
) -> None:
    """The seat's view whole, or only the sections whose titles match `name`."""
    if presentation is None:
        ui.say(render_text(state, seat))
        return
    document = presentation.document(state.game, state.observation(seat))
    if not name:
        say_document(ui, document)
        return
    typed = words_of(name)
    found = [
        section
        for section in document.sections
        if all(any(w.startswith(t) for w in words_of(section.title)) for t in typed)
    ]
    if not found:
        titles = "; ".join(section.title for section in document.sections)
        ui.problem(f"no section is called {name!r}: the sections are {titles}")
        return
    for section in found:
        say_section(ui, section)


def show_lookup(
    ui: Ui, state: State, seat: int, presentation: Presentation, lookup: Lookup, query: str
) -> None:
    """One of the game's lookups, narrowed by `query` where it is filtered."""
    if query and not lookup.filtered:
        ui.problem(f"{lookup.name} takes no words after it: type {lookup.name} alone")
        return
    section = presentation.lookup(state.game, state.observation(seat), lookup.name, query)
    say_section(ui, section)


def say_section(ui: Ui, section: Section) -> None:
    """A section whole, its title in bold."""
    title, *lines = render_section(section, WIDTH).split("\n")
    ui.say(title, style="bold")
    for line in lines:
        ui.say(line)


def say_document(ui: Ui, document: Document) -> None:
    """Every section whole, a blank line between them."""
    for index, section in enumerate(document.sections):
        if index:
            ui.say()
        say_section(ui, section)


def show_view(ui: Ui, state: State, seat: int | None) -> None:
    """What `seat` sees (None: a spectator), whole: the game's document where it has a
    presentation, else its text view."""
    presentation = presentation_for(state.game.id)
    if presentation is None:
        ui.say(render_text(state, seat))
        return
    observation = state.public_observation() if seat is None else state.observation(seat)
    say_document(ui, presentation.document(state.game, observation))
