"""The real `tabletrip play` in a pseudo-terminal of 100 x 40, as a person plays it.

Each game and edition is played from the first screen to the end: help, the rules, the
game's lookup, bad input of every kind, a move typed in notation, moves chosen in steps,
quit, `--resume`, and the rest of the game. Every decision screen must fit 100 x 40 and read
without an engine id or key. A hot-seat game shows, between two players' turns and on the
next player's screen, nothing of the hand of the player before.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from rich.cells import cell_len

import tabletrip
from tabletrip.cli.choosing import STEP_JOIN
from tabletrip.core.presentation import presentation_for, unreadable_parts

pexpect = pytest.importorskip("pexpect")

ROWS, COLUMNS = 40, 100
CLEAR = "\x1b[2J"
PROMPT = r"Player \d \(you\)> |Player \d> "
# A bot move is quick but a loaded machine is slow: a generous wait for each screen.
WAIT = 120
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|[\x01\x02]")


@dataclass(frozen=True)
class Edition:
    """A game as the test plays it: its command line, its lookup and a word that lookup shows."""

    name: str
    args: tuple[str, ...]
    lookup: str
    looked_up: str


EDITIONS = [
    Edition("ticket-to-ride-usa", ("ticket-to-ride",), "routes denver", "Denver"),
    Edition(
        "europe-express",
        ("ticket-to-ride", "--option", "map=europe-express"),
        "routes paris",
        "Paris",
    ),
    Edition("en-route", ("en-route",), "grid", "City grid"),
    Edition("route-east", ("route-east",), "where", "Istanbul"),
    Edition("lets-go-france", ("lets-go-france",), "itinerary", "Monday"),
]


def plain(text: str) -> str:
    """Terminal output without escapes and carriage returns."""
    return ANSI.sub("", text).replace("\r", "")


@dataclass
class Session:
    """One `tabletrip play` process in a pseudo-terminal, and every screen it drew."""

    child: pexpect.spawn
    screens: list[str] = field(default_factory=list)
    said: list[str] = field(default_factory=list)

    def answer(self, text: str) -> str:
        """Type a line; return what the program wrote until it next asks (or ends)."""
        self.child.sendline(text)
        return self.until_prompt()

    def until_prompt(self) -> str:
        """What the program writes until its next prompt (from the last time it cleared the
        terminal, if it did: what is on the screen), keeping any decision screen it drew."""
        index = self.child.expect([PROMPT, "press Enter when only you look ", pexpect.EOF])
        raw = self.child.before + (self.child.after if index < 2 else "")
        self.said.append(plain(raw))
        if CLEAR not in raw:
            return plain(raw)
        screen = plain(raw.rsplit(CLEAR, 1)[1])
        if index == 0:
            self.screens.append(screen)
        return screen

    @property
    def ended(self) -> bool:
        """Whether the program has exited."""
        return not self.child.isalive()


def spawn(args: list[str], home: Path) -> Session:
    """Start `tabletrip play ...` in a 100 x 40 pseudo-terminal."""
    env = {**os.environ, "TABLETRIP_DATA_DIR": str(home), "TERM": "xterm-256color"}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    child = pexpect.spawn(
        str(Path(sys.executable).with_name("tabletrip")),
        ["play", *args],
        env=env,
        encoding="utf-8",
        dimensions=(ROWS, COLUMNS),
        timeout=WAIT,
    )
    return Session(child)


def check_screen(screen: str) -> None:
    """A decision screen fits 100 x 40 and reads as words."""
    lines = screen.rstrip("\n").split("\n")
    assert len(lines) <= ROWS, f"a screen of {len(lines)} rows:\n{screen}"
    wide = [line for line in lines if cell_len(line) > COLUMNS]
    assert not wide, f"lines wider than {COLUMNS}: {wide}"
    bad = unreadable_parts(screen)
    assert not bad, f"the screen reads {bad}:\n{screen}"


def asked(screen: str) -> str:
    """The decision part of a screen: what it asks and the choices, up to the tip line."""
    start = max(screen.rfind("Your move:"), screen.rfind("then:"))
    return screen[start : screen.index("Type a number", start)]


MULTI_STEP = re.compile(r"^\s*(\d+)  .*\((\d+) choices\)", re.MULTILINE)


def play_to_the_end(session: Session, most: int = 3000) -> tuple[str, int]:
    """Choose the first choice of every step until the game ends, except that a choice
    with steps after it is taken step by step (and `back` tried) wherever one is offered.
    Returns the transcript and how many moves were chosen in steps."""
    stepped = 0
    screen = session.screens[-1]
    for _ in range(most):
        if session.ended:
            break
        offered = MULTI_STEP.search(screen) if stepped < 3 else None
        if offered:
            number, onward = offered.groups()
            inside = session.answer(number)
            assert STEP_JOIN + "then:" in inside, inside
            listed = re.findall(r"(?:^|  )\s*(\d+)  \S", inside.split("then:")[1], re.MULTILINE)
            assert len(listed) == int(onward) or "more: type words" in inside, inside
            assert asked(session.answer("back")) == asked(screen)  # the step before, again
            session.answer(number)
            stepped += 1
        out = session.answer("1")
        if "record saved:" in out:
            session.child.expect(pexpect.EOF)
            return "\n".join(session.said), stepped
        screen = out
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("edition", EDITIONS, ids=[e.name for e in EDITIONS])
def test_a_whole_game_in_the_terminal(edition: Edition, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = [*edition.args, "--players", "2", "--bot", "easy", "--seed", "4"]
    session = spawn([*args, "--record", str(record)], tmp_path)
    first = session.until_prompt()
    assert "to decide" in first and "Your move:" in first

    helped = session.answer("help")
    assert "What you may type" in helped and "This decision" in helped
    assert "The notation" in helped
    ruled = session.answer("rules")
    assert "the rules in short" in ruled
    looked = session.answer(edition.lookup)
    assert edition.looked_up in looked, looked
    listed = session.answer("moves")
    notation = re.split(r"\s{2,}", listed.split("\n")[1].strip())[0]
    for bad, says in [
        ("999", "there is no choice 999"),  # a number not on the screen
        ("xyzzy plugh", "xyzzy"),  # words of no move
        (notation.split()[0] + " zzz", "zzz"),  # a move's notation gone wrong
        ("show nosuchsection", "no section is called 'nosuchsection'"),  # a command's argument
        ("back", "nothing to go back to"),  # a step back from the first step
    ]:
        out = session.answer(bad)
        assert "Traceback" not in out
        assert says in out, (bad, out)
    played = session.answer(notation)
    assert "Your move:" in played, f"the notation {notation!r} was not played"
    for _ in range(3):
        session.answer("1")
    assert "unfinished game saved" in session.answer("quit")
    session.child.expect(pexpect.EOF)

    resumed = spawn(["--resume", str(record)], tmp_path)
    resumed.until_prompt()
    assert "resumed after move" in resumed.said[0]
    transcript, stepped = play_to_the_end(resumed)
    assert stepped, "no move was chosen in steps"
    assert "Final scores" in transcript
    assert f"record saved: {record}" in transcript
    assert "is thinking" in "\n".join(session.said + resumed.said)
    screens = session.screens + resumed.screens
    assert len(screens) > 10
    for screen in screens:
        check_screen(screen)
    keep = os.environ.get("TABLETRIP_SCREENSHOTS")  # to look at: a screen from each part
    if keep:
        inside = [screen for screen in screens if STEP_JOIN + "then:" in screen]
        chosen = [screens[0], screens[len(screens) // 2], *inside[:1]]
        folder = Path(keep)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"terminal-{edition.name}.txt").write_text("\n\n".join(chosen))
    assert tabletrip.replay(json.loads(record.read_text())).is_over


def test_a_hot_seat_screen_never_shows_the_hand_of_the_player_before(tmp_path: Path) -> None:
    """Ticket to Ride, two people at one terminal: once Player 1 has kept their Destination
    Tickets, neither the screen between the turns nor Player 2's screen names them."""
    seed = 6
    state = tabletrip.make("ticket-to-ride", players=2).new_game(seed=seed)
    presentation = presentation_for("ticket-to-ride")
    assert presentation is not None
    kept = state.legal_actions()[0]  # the first choice: every ticket dealt
    words = presentation.action_words(state.game, state.observation(0), kept)
    tickets = re.findall(r"(?:^Keep |, | and )([A-Z][^–,]+?)–([^,(]+?) \(\d+\)", words)
    assert len(tickets) == 3, words

    session = spawn(["ticket-to-ride", "--seed", str(seed), "--seat", "0", "--seat", "1"], tmp_path)
    session.until_prompt()  # Player 1: press Enter
    first = session.answer("")
    assert all(a in first and b in first for a, b in tickets), "Player 1 sees their tickets"
    between = session.answer("1")  # keep them all; then Player 2 is asked to come
    second = session.answer("")
    for a, b in tickets:
        for shown in (between, session.screens[-1]):
            assert not re.search(rf"{re.escape(a)}\s*[–\s]\s*{re.escape(b)}", shown), (a, b)
    assert "Player 1 kept Destination Tickets" in second
    session.answer("quit")
