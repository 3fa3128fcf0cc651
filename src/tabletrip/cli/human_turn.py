"""A person's turn: the legal actions listed, then lines read until one is a move or a command.

A move is a number from the list (which says the moves in the game's words) or the game's
notation; the commands are help, moves, hint, log, quit.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.rule import Rule
from rich.text import Text

from tabletrip import bots
from tabletrip.bots.ismcts import Candidate
from tabletrip.cli.console import Ui
from tabletrip.cli.game_display import _move_text
from tabletrip.cli.game_setup import Setup
from tabletrip.core.actions import Action
from tabletrip.core.errors import IllegalAction
from tabletrip.core.game import State
from tabletrip.core.presentation import presentation_for
from tabletrip.core.rng import mix_seed

MAX_LISTED_ONE_PER_LINE = 12
HINT_BOT = "hard"


HELP_LINES = (
    "type the number of a move from the list, or the move in notation, then Enter",
    "help   this list",
    "moves  the legal moves with their notation (what you may type instead of the number)",
    "hint   the hard bot's three best moves, with how often they win in its search",
    "log    the moves so far",
    "quit   stop now; the unfinished game is saved",
)


class _Quit(Exception):
    """The person typed `quit`."""


def _choices(state: State, legal: Sequence[Action]) -> list[str]:
    """The legal moves as the seat to move reads them: in the game's words where it has a
    presentation (the notation is still what may be typed), else the notation."""
    presentation = presentation_for(state.game.id)
    if presentation is None:
        return [str(action) for action in legal]
    observation = state.observation(state.current_player)
    return [presentation.action_words(state.game, observation, action) for action in legal]


def _show_actions(ui: Ui, choices: Sequence[str]) -> None:
    items = [f"{number:>3}  {choice}" for number, choice in enumerate(choices, 1)]
    if len(items) <= MAX_LISTED_ONE_PER_LINE:
        for item in items:
            ui.say(item)
    else:
        ui.show(Columns([Text(item) for item in items], column_first=True, padding=(0, 3)))


def _read_action(text: str, legal: Sequence[Action], state: State) -> Action:
    """A number from the list, or a notation parsed by the game; IllegalAction if neither."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise IllegalAction(
            f"there is no action {number}: type a number from 1 to {len(legal)}, an action, or help"
        )
    return state.game.parse_action(text, state)


def _show_log(ui: Ui, state: State, viewer: int | None) -> None:
    history = state.history
    if not history:
        ui.say("no moves yet")
    for index, (seat, action) in enumerate(history):
        ui.say(f"#{index} {_move_text(state, seat, action, viewer)}")


def _show_hint(
    ui: Ui, setup: Setup, state: State, legal: Sequence[Action], choices: Sequence[str]
) -> None:
    """The hard bot's top three actions in plain words."""
    if len(legal) == 1:
        ui.say(f"hint: {choices[0]} is the only legal action")
        return
    adviser = bots.make(
        HINT_BOT, game=setup.game.id, seed=mix_seed("hint", setup.seed, len(state.history))
    )
    assert isinstance(adviser, bots.IsmctsBot)  # every game has the search levels
    seat = state.current_player
    with ui.console.status(f"the {HINT_BOT} bot is thinking..."):
        report = adviser.search(adviser.view(state, seat), seat)
    ui.say(f"hint from the {HINT_BOT} bot ({report.iterations} playouts of the rest of the game):")
    for rank, candidate in enumerate(report.candidates[:3], 1):
        for text in _hint_lines(rank, candidate, legal, choices):
            ui.say(text)


def _hint_lines(
    rank: int, candidate: Candidate, legal: Sequence[Action], choices: Sequence[str]
) -> list[str]:
    """One candidate of a search, in plain words (as the list of moves says it)."""
    action = candidate.action
    if action in legal:
        index = legal.index(action)
        said = f"{choices[index]} (number {index + 1})"
    else:
        said = str(action)
    return [
        f"{rank}. {said}",
        f"   searched in {candidate.share:.0%} of the playouts; in them you won "
        f"{candidate.win_rate:.0%} of the time and scored {candidate.expected_score:.0f} "
        "on average",
    ]


def _human_move(ui: Ui, setup: Setup, state: State, seat: int, first: bool) -> Action:
    """Show `seat` its view and the legal actions; read until a move is accepted, and play it."""
    legal = state.legal_actions()
    ui.show(Rule(f"seat {seat} to play (you), move {len(state.history) + 1}"))
    ui.say(state.render_text(seat))
    ui.say()
    choices = _choices(state, legal)
    _show_actions(ui, choices)
    if first:
        ui.say("type a number or an action; help lists the commands", style="dim")
    while True:
        text = ui.ask(f"seat {seat}> ")
        command = text.lower()
        if not text:
            continue
        if command in ("help", "?"):
            for line in HELP_LINES:
                ui.say(line)
        elif command == "moves":
            for number, (action, choice) in enumerate(zip(legal, choices, strict=True), 1):
                said = f"  ({choice})" if choice != str(action) else ""
                ui.say(f"{number:>3}  {action}{said}")
        elif command == "hint":
            _show_hint(ui, setup, state, legal, choices)
        elif command == "log":
            _show_log(ui, state, setup.viewer)
        elif command == "quit":
            raise _Quit
        else:
            try:
                action = _read_action(text, legal, state)
                state.apply(action)
            except IllegalAction as exc:
                ui.problem(str(exc))
            else:
                return action
