"""A person's decision: one screen, the move chosen in steps or typed, commands on the way.

The screen (`decision_screen`) shows what the seat sees (the game's presentation), the
moves of the others since its last move, and the choices of the current step. A person
types a number from the list, `back`, a move's words in any order (`claim den oma red`,
`move izmit`), its notation, or a command (`help`, `rules`, `moves`, `show`, the game's
lookups such as `routes`, `hint`, `log`, `quit`).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletrip import bots
from tabletrip.bots.ismcts import Candidate
from tabletrip.cli.choosing import Steps
from tabletrip.cli.console import Ui
from tabletrip.cli.decision import Decision, new_decision
from tabletrip.cli.decision_screen import HEIGHT, WIDTH, draw_decision
from tabletrip.cli.game_display import _move_text
from tabletrip.cli.game_setup import Setup
from tabletrip.cli.turn_help import show_help, show_lookup, show_moves, show_rules, show_section
from tabletrip.core.actions import Action
from tabletrip.core.errors import IllegalAction
from tabletrip.core.game import State
from tabletrip.core.presentation import unreadable_parts
from tabletrip.core.rng import mix_seed

HINT_BOT = "hard"
BACK = ("back", "b")


class _Quit(Exception):
    """The person typed `quit`."""


def _show_log(ui: Ui, decision: Decision) -> None:
    history = decision.state.history
    if not history:
        ui.say("no moves yet")
    for index, (seat, action) in enumerate(history, 1):
        ui.say(
            f"{index:>3}. {_move_text(decision.state, seat, action, decision.seat, decision.names)}"
        )


def _show_hint(ui: Ui, setup: Setup, decision: Decision) -> None:
    """The hard bot's three best moves, in words and notation."""
    state, steps = decision.state, decision.steps
    if len(steps.legal) == 1:
        ui.say(f"hint: {steps.words[0]} is the only legal move")
        return
    adviser = bots.make(
        HINT_BOT, game=setup.game.id, seed=mix_seed("hint", setup.seed, len(state.history))
    )
    assert isinstance(adviser, bots.IsmctsBot)  # every game has the search levels
    with ui.console.status(f"the {HINT_BOT} bot is thinking..."):
        report = adviser.search(adviser.view(state, decision.seat), decision.seat)
    ui.say(f"hint from the {HINT_BOT} bot ({report.iterations} playouts of the rest of the game):")
    for rank, candidate in enumerate(report.candidates[:3], 1):
        for text in _hint_lines(rank, candidate, steps):
            ui.say(text)


def _hint_lines(rank: int, candidate: Candidate, steps: Steps) -> list[str]:
    """One candidate of a search in the words of the move list, with what to type."""
    action = candidate.action
    said = steps.words[steps.legal.index(action)] if action in steps.legal else str(action)
    return [
        f"{rank}. {said}  (type: {action})",
        f"   searched in {candidate.share:.0%} of the playouts; in them you won "
        f"{candidate.win_rate:.0%} of the time and scored {candidate.expected_score:.0f} "
        "on average",
    ]


def _choose(decision: Decision, number: int) -> Action | None:
    """The choice `number` of the screen: a move, or (None) the next step shown."""
    choices = decision.choices()
    if not 1 <= number <= len(choices):
        decision.message = (
            f"there is no choice {number}: type a number from 1 to {len(choices)}, "
            "words of a move, back, or help"
        )
        return None
    choice = choices[number - 1]
    if choice.move is not None:
        return decision.steps.legal[choice.move]
    decision.go((*decision.at, *choice.steps))
    return None


def _typed_move(decision: Decision, text: str) -> Action | None:
    """A move typed in notation or in words; None if the screen now asks the next step or
    says why nothing matched (`decision.message`)."""
    state, steps = decision.state, decision.steps
    try:
        return state.game.parse_action(text, state)
    except IllegalAction as exc:
        why = str(exc)
    under = [i for i, path in enumerate(steps.paths) if path[: len(decision.at)] == decision.at]
    matched = steps.matching(text, under) or steps.matching(text)
    if len(matched) == 1:
        return steps.legal[matched[0]]
    if not matched:
        # The game's reason, where it reads as words (a notation it suggests may not).
        decision.message = (
            f"{why} (or type a number from the list, or help)"
            if not unreadable_parts(why)
            else f"no move now matches {text!r}: type a number from the list, words of a "
            "move, moves for every move with its notation, or help"
        )
        return None
    shared = steps.common_steps(matched)
    if shared != decision.at:
        decision.go(shared)
    subtree = [i for i, path in enumerate(steps.paths) if path[: len(shared)] == shared]
    if len(matched) < len(subtree):
        decision.narrowed = matched
    decision.message = f"{len(matched)} moves match {text!r}: choose one, or type more words"
    return None


def _command(ui: Ui, setup: Setup, decision: Decision, text: str) -> bool:
    """Run `text` if it is a command (True), else False: it may be a move."""
    word, _, rest = text.partition(" ")
    word, rest = word.lower(), rest.strip()
    presentation, state = decision.presentation, decision.state
    lookups = {look.name: look for look in presentation.lookups(state.game)} if presentation else {}
    if word in ("help", "?") and not rest:
        show_help(ui, decision.state, decision.seat, presentation, lookups.values())
    elif word == "rules" and not rest:
        show_rules(ui, state, presentation)
    elif word == "moves":
        show_moves(ui, decision.steps, rest)
    elif word == "show":
        show_section(ui, state, decision.seat, presentation, rest)
    elif word in lookups and presentation is not None:
        show_lookup(ui, state, decision.seat, presentation, lookups[word], rest)
        steps = decision.steps
        same = [i for i, action in enumerate(steps.legal) if str(action) == text.lower()]
        if same:  # Ticket to Ride's `tickets` is a lookup and the notation of a draw
            said = steps.words[same[0]]
            ui.say(f"({text} also writes the move {said}: type its words or its number to play it)")
    elif word == "hint" and not rest:
        _show_hint(ui, setup, decision)
    elif word == "log" and not rest:
        _show_log(ui, decision)
    elif word == "quit" and not rest:
        raise _Quit
    else:
        return False
    ui.say("(press Enter to see your turn again)", style="dim")
    return True


def _human_move(ui: Ui, setup: Setup, state: State, seat: int, names: Sequence[str]) -> Action:
    """Show `seat` its decision; read until a move is accepted, and play it."""
    decision = new_decision(state, seat, names)
    draw_decision(ui, decision, WIDTH, HEIGHT)
    while True:
        text = ui.ask(f"{names[seat]}> ")
        action: Action | None = None
        decision.message = ""  # what was said of the input before is answered now
        if text.isdigit():
            action = _choose(decision, int(text))
        elif text.lower() in BACK:
            if decision.narrowed is not None:
                decision.narrowed = None
            elif decision.path:
                decision.path.pop()
            else:
                decision.message = "this is the first step: there is nothing to go back to"
        elif text and _command(ui, setup, decision, text):
            continue
        elif text:  # Enter alone draws the screen again
            action = _typed_move(decision, text)
        if action is not None:
            try:
                state.apply(action)
            except IllegalAction as exc:
                decision.message = str(exc)
            else:
                return action
        draw_decision(ui, decision, WIDTH, HEIGHT)
