"""Helpers of the browser tests: the server subprocess, and what a player does in the web app
(create a room in the lobby, move on the board or from the list, read the table).

Every wait goes through Playwright (`expect`, `wait_for_function`) with a timeout; nothing is
timed. Elements are found by the `data-testid` hooks of /work/notes/issue10_testids.md.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx2
from playwright.sync_api import Locator, Page, expect

from tabletrip.core.presentation import unreadable_parts

JsonDict = dict[str, Any]

CHROMIUM = Path("/usr/bin/chromium")
# Headless Chromium that never reaches out (the machine is offline) and runs as root.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
EXPECT_TIMEOUT_MS = 20_000  # how long an element or state may take to show up
SERVER_START_SECONDS = 60.0  # how long the server may take to answer after its start
# How long a game finished over REST may go without a new move (bots included) before the test
# calls it stuck: a bound on a stall, not on the whole game, so a loaded machine only slows it.
STALL_SECONDS = 120.0

# Readiness of the table for a move of ours: our turn, the move list drawn and enabled (no move
# of ours on its way), and, when a move has board targets, the board highlighted for this
# decision: the highlighted keys are the list's (the previous decision's highlights stay on
# until the new SVG has loaded, so `has-legal` alone is not enough).
_OUR_TURN_JS = """() => {
  const table = document.querySelector('[data-testid="table"]');
  if (!table) return false;
  if (table.dataset.status === 'finished') return true;
  if (table.dataset.yourTurn !== 'true') return false;
  const buttons = [...document.querySelectorAll('[data-testid="legal-action"]')];
  if (buttons.length === 0 || buttons.some((b) => b.disabled)) return false;
  const keys = new Set(buttons.flatMap((b) => (b.dataset.targets || '').split(' ')));
  keys.delete('');
  if (keys.size === 0) return true;
  const empty = document.querySelector('[data-testid="board-empty"]');
  if (empty && !empty.hidden) return true;
  const board = document.querySelector('[data-testid="board"]');
  if (!board || !board.classList.contains('has-legal')) return false;
  const legal = [...board.querySelectorAll('[data-target].legal')];
  return legal.length > 0 && legal.every((el) => keys.has(el.getAttribute('data-target')));
}"""
# The table shows a version above `arg` (our move was taken), or the game is over.
_VERSION_ABOVE_JS = """(version) => {
  const table = document.querySelector('[data-testid="table"]');
  return table && (Number(table.dataset.version) > version || table.dataset.status === 'finished');
}"""
# The board (and the replay's board, if any) shows an SVG or says the game has none.
_BOARD_DRAWN_JS = """() => {
  const board = document.querySelector('[data-testid="board"]');
  const empty = document.querySelector('[data-testid="board-empty"]');
  const replay = document.querySelector('[data-testid="replay-board"]');
  const shown = (board && board.querySelector('svg')) || (empty && !empty.hidden);
  return Boolean(shown) && (!replay || replay.querySelector('svg, p') !== null);
}"""
# A point inside a legal board target that is really that target (or inside it) when clicked:
# SVG groups are often hollow in the middle (a route's cars, a ring), so their centre may be
# another element. Returns [x, y] in page coordinates, or null.
_TARGET_POINT_JS = """(el) => {
  const parts = [el, ...el.querySelectorAll('*')];
  for (const part of parts) {
    const box = part.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    for (const [fx, fy] of [[0.5, 0.5], [0.3, 0.5], [0.7, 0.5], [0.5, 0.3], [0.5, 0.7]]) {
      const x = box.left + box.width * fx;
      const y = box.top + box.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return [x, y];
    }
  }
  return null;
}"""

# The outermost elements that reach past `limit` pixels (to say what makes a page too wide).
_OVERFLOWING_JS = """(limit) => {
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.getBoundingClientRect().right <= limit) continue;
    if (out.some((outer) => outer.contains(el))) continue;
    out.push(el);
  }
  return out.slice(0, 8).map((el) => {
    const id = el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : '';
    const named = typeof el.className === 'string' && el.className;
    const cls = named ? `.${el.className.split(' ')[0]}` : '';
    const right = Math.round(el.getBoundingClientRect().right);
    return `${el.tagName.toLowerCase()}${id}${cls} right=${right}`;
  });
}"""


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """`python -m tabletrip serve` on 127.0.0.1, a free port and a SQLite file in `folder`;
    it can be stopped and started again on the same port and database."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.port = free_port()
        self.db_url = f"sqlite:///{folder / 'server.sqlite'}"
        self.log_path = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's base URL (no trailing slash)."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until its API answers (fails with its log otherwise)."""
        assert self.process is None, "the server is running already"
        command = [sys.executable, "-m", "tabletrip", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--db", self.db_url]
        # The tests create and join many rooms from one address: no rate limit.
        command += ["--rate-create-rooms", "", "--rate-join", "", "--rate-undo", ""]
        with self.log_path.open("ab") as log:
            # Its own process group: its bot worker processes are stopped with it.
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + SERVER_START_SECONDS
        while True:
            if self.process.poll() is not None:
                self.process = None
                raise AssertionError(f"the server did not start:\n{self.log_tail()}")
            try:
                if httpx2.get(f"{self.url}/api/games", timeout=2.0).status_code == 200:
                    return
            except httpx2.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise AssertionError(f"the server never answered:\n{self.log_tail()}")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 15 s) and what is left of its group."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=15)
        # Its bot workers, if any are left: only the group started above.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)

    def log_tail(self, lines: int = 40) -> str:
        """The last lines the server printed."""
        if not self.log_path.exists():
            return "(no log)"
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def get(self, path: str, token: str | None = None) -> JsonDict:
        """GET an API path (200 asserted) and return its JSON."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = httpx2.get(f"{self.url}{path}", headers=headers, timeout=30.0)
        assert response.status_code == 200, f"GET {path}: {response.status_code} {response.text}"
        return response.json()

    def post(self, path: str, body: JsonDict, token: str | None = None) -> httpx2.Response:
        """POST JSON to an API path; the response is returned unchecked."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx2.post(f"{self.url}{path}", json=body, headers=headers, timeout=30.0)


# --- the lobby ------------------------------------------------------------------------------


def create_room_in_lobby(
    page: Page,
    server: ServerProcess,
    game: str,
    seats: Sequence[str],
    options: Mapping[str, str | bool] | None = None,
    name: str = "Ann",
) -> str:
    """In the lobby: choose `game`, its `options`, the seats (`you`, `friend`, `easy`...),
    create; returns the room id once the table shows it."""
    page.goto(f"{server.url}/#/")
    expect(page.get_by_test_id("lobby")).to_be_visible()
    page.get_by_test_id("your-name").fill(name)
    page.get_by_test_id("game-select").select_option(game)
    # The options first (some allow other player counts), then the count, then the options
    # shown for that count only (a solo game's).
    later: dict[str, str | bool] = {}
    for option, value in (options or {}).items():
        control = page.get_by_test_id(f"option-{option}")
        if control.is_visible():
            _set_option(control, value)
        else:
            later[option] = value
    players = page.get_by_test_id("players-select")
    if players.is_enabled():
        players.select_option(str(len(seats)))
    expect(players).to_have_value(str(len(seats)))
    for option, value in later.items():
        _set_option(page.get_by_test_id(f"option-{option}"), value)
    for seat, kind in enumerate(seats):
        page.get_by_test_id(f"seat-select-{seat}").select_option(kind)
    page.get_by_test_id("create-room").click()
    page.wait_for_url(re.compile(r"#/room/[^/]+$"))
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-status", re.compile(r"^(open|playing|finished)$"))
    room_id = table.get_attribute("data-room-id")
    assert room_id, "the table names no room"
    return room_id


def _set_option(control: Locator, value: str | bool) -> None:
    if isinstance(value, bool):
        control.set_checked(value)
    elif control.evaluate("el => el.tagName") == "SELECT":
        control.select_option(value)
    else:
        control.fill(value)


def stored_seat(page: Page, room_id: str) -> JsonDict:
    """The seat and token this browser keeps for the room (localStorage)."""
    text = page.evaluate("(id) => localStorage.getItem('tabletrip.seat.' + id)", room_id)
    assert text, f"this browser holds no seat of room {room_id}"
    return json.loads(text)


# --- the table ------------------------------------------------------------------------------


def table_version(page: Page) -> int:
    """The room version the table shows."""
    return int(page.get_by_test_id("table").get_attribute("data-version") or "-1")


def table_status(page: Page) -> str:
    """open, playing or finished, as the table shows it."""
    return page.get_by_test_id("table").get_attribute("data-status") or ""


def wait_our_turn(page: Page) -> bool:
    """Wait until it is our turn with the move list ready (True) or the game is over (False)."""
    page.wait_for_function(_OUR_TURN_JS, timeout=EXPECT_TIMEOUT_MS * 3)
    return table_status(page) != "finished"


def wait_version_above(page: Page, version: int) -> None:
    """Wait until the table shows a newer version than `version` (or the end)."""
    page.wait_for_function(_VERSION_ABOVE_JS, arg=version, timeout=EXPECT_TIMEOUT_MS)


def wait_board_drawn(page: Page) -> None:
    """Wait until the table's board SVG is shown (or the note that the game draws none) and
    the replay's board too when there is a replay."""
    page.wait_for_function(_BOARD_DRAWN_JS, timeout=EXPECT_TIMEOUT_MS)


def legal_buttons(page: Page) -> Locator:
    """The buttons of the legal-move list."""
    return page.get_by_test_id("legal-action")


def targeted_keys(page: Page) -> list[str]:
    """The board keys that some legal move of the list is about."""
    keys: list[str] = []
    for text in legal_buttons(page).evaluate_all("bs => bs.map(b => b.dataset.targets || '')"):
        keys.extend(key for key in text.split() if key not in keys)
    return keys


def legal_targets(page: Page) -> Locator:
    """The highlighted (legal) targets of the board SVG."""
    return page.get_by_test_id("board").locator("[data-target].legal")


def click_point(page: Page, target: Locator) -> tuple[float, float] | None:
    """A page point where a click lands on `target` itself, or None if it is covered."""
    target.scroll_into_view_if_needed()
    point = target.evaluate(_TARGET_POINT_JS)
    return None if point is None else (float(point[0]), float(point[1]))


def board_move(
    page: Page, rng: random.Random | None = None, on_menu: Callable[[], object] | None = None
) -> str | None:
    """Make one move by clicking a highlighted board target (the first one, or one drawn by
    `rng`) and then an entry of its menu (`on_menu()` is called while the menu is open).
    Returns the notation played, or None when no legal move of this decision has a board
    target. Must be our turn (see `wait_our_turn`)."""
    if not targeted_keys(page):
        return None
    targets = legal_targets(page)
    expect(targets.first).to_be_attached()
    version = table_version(page)
    count = targets.count()
    order = list(range(count))
    if rng is not None:
        rng.shuffle(order)
    for index in order:
        target = targets.nth(index)
        point = click_point(page, target)
        if point is None:
            continue
        page.mouse.click(*point)
        menu = page.get_by_test_id("board-menu")
        expect(menu).to_be_visible()
        if on_menu is not None:
            on_menu()
        items = menu.get_by_test_id("board-menu-action")
        item = items.nth(rng.randrange(items.count())) if rng is not None else items.first
        text = item.get_attribute("data-action-text") or ""
        item.click()
        wait_version_above(page, version)
        return text
    raise AssertionError(f"none of the {count} legal board targets can be clicked")


def list_move(page: Page, index: int = 0) -> str:
    """Make one move with the `index`-th button of the legal-move list (-1: the last)."""
    buttons = legal_buttons(page)
    button = buttons.nth(index) if index >= 0 else buttons.nth(buttons.count() + index)
    text = button.get_attribute("data-action-text") or ""
    version = table_version(page)
    button.click()
    wait_version_above(page, version)
    return text


def any_move(page: Page, rng: random.Random | None = None) -> str:
    """Make one move: on the board when a legal move has a target there (see `board_move`),
    else the first of the list."""
    played = board_move(page, rng)
    return list_move(page) if played is None else played


def no_horizontal_overflow(page: Page, width: int, slack: int = 2) -> None:
    """The page is no wider than the viewport `width` (within `slack` pixels)."""
    scroll = int(page.evaluate("() => document.scrollingElement.scrollWidth"))
    if scroll > width + slack:
        culprits = page.evaluate(_OVERFLOWING_JS, width + slack)
        raise AssertionError(
            f"the page is {scroll} px wide in a {width} px viewport; too wide: {culprits}"
        )


# Tables of the side panels wider than their wrapper (they would have to scroll to be read).
_CLIPPED_TABLES_JS = """() => [...document.querySelectorAll('.table-scroll')]
  .filter((wrap) => wrap.checkVisibility() && wrap.scrollWidth > wrap.clientWidth + 1)
  .map((wrap) => {
    const panel = wrap.closest('[data-testid]');
    const where = panel ? panel.dataset.testid : '?';
    const head = [...wrap.querySelectorAll('th')].map((th) => th.textContent.trim()).join('|');
    return `${where}: ${head.slice(0, 80)} (${wrap.scrollWidth} > ${wrap.clientWidth} px)`;
  })"""


def tables_not_fitting(page: Page) -> list[str]:
    """The shown tables that do not fit their panel's width (each with its panel and head)."""
    return list(page.evaluate(_CLIPPED_TABLES_JS))


def seat_table_row(page: Page, label: str) -> list[str]:
    """The cells (one per seat) of the row `label` of the every-seat table."""
    row = page.get_by_test_id("seat-state-table").locator(
        "tbody tr",
        has=page.locator("th", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$", re.IGNORECASE)),
    )
    expect(row).to_have_count(1)
    return [text.strip() for text in row.locator(":scope > td").all_inner_texts()]


def log_texts(page: Page) -> list[str]:
    """The lines of the move log as shown."""
    return page.get_by_test_id("log-entry").all_inner_texts()


def log_notations(page: Page) -> list[str]:
    """The notation of each move of the log (kept on its line, not shown, for tools)."""
    return list(
        page.get_by_test_id("log-entry").evaluate_all("els => els.map(e => e.dataset.text)")
    )


def screenshot(page: Page, folder: Path, name: str) -> Path:
    """Save a full-page screenshot `name`.png in `folder`."""
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# --- over the API ---------------------------------------------------------------------------


def finish_over_rest(server: ServerProcess, room_id: str, seat: int, token: str) -> JsonDict:
    """Play the seat of `token` to the end over REST (the last legal move each time: games
    end sooner so), bots playing theirs; returns the final spectator view. Fails if the room
    makes no move for `STALL_SECONDS`."""
    headers = {"Authorization": f"Bearer {token}"}
    room = f"/api/rooms/{room_id}"
    with httpx2.Client(base_url=server.url, headers=headers, timeout=30.0) as client:
        view = client.get(f"{room}/view").json()
        version, deadline = view["version"], time.monotonic() + STALL_SECONDS
        while view["status"] != "finished":
            if view["version"] != version:
                version, deadline = view["version"], time.monotonic() + STALL_SECONDS
            assert time.monotonic() < deadline, f"room {room_id} made no move in {STALL_SECONDS} s"
            if view["status"] == "playing" and view["legal_actions"]:
                body = {"version": view["version"], "action": view["legal_actions"][-1]["json"]}
                response = client.post(f"{room}/actions", json=body)
                if response.status_code == 200:
                    view = response.json()
                    continue
                assert response.status_code == 409, response.text  # stale: look again
            else:
                time.sleep(0.005)
            response = client.get(f"{room}/view")
            assert response.status_code == 200, response.text
            view = response.json()
        assert view["seat"] == seat
    return server.get(room)


def check_score_rows(page: Page, final: JsonDict) -> None:
    """The end screen of a game with a presentation: the server's outcome sentence, then one
    row per scoring step (the rows' labels, in order), each seat's points (none for a fact
    that scores nothing) with the detail under them, and the totals (the scores) last."""
    result, rows = final["result"], final["score_rows"]
    labels = final["labels"]
    expect(page.get_by_test_id("result")).to_be_visible()
    expect(page.get_by_test_id("winner")).to_have_text(final["outcome"])
    table = page.get_by_test_id("result-table")
    steps: list[str] = []
    for seat_rows in rows:
        steps += [row["label"] for row in seat_rows if row["label"] not in steps]
    shown = table.locator("tbody tr").evaluate_all("trs => trs.map(tr => tr.dataset.step)")
    assert shown == [*steps, "total"], shown
    expect(table.locator("thead th")).to_have_count(len(labels) + 1)
    for seat, seat_rows in enumerate(rows):
        for row in seat_rows:
            cell = table.locator(f'tr[data-step="{row["label"]}"] > td').nth(seat)
            if row["points"] is None:  # a fact that scores nothing: its detail, no points
                expect(cell.locator(".points")).to_have_count(0)
            else:
                points = str(row["points"]).replace("-", "\u2212")
                expect(cell.locator(".points")).to_have_text(points)
            if row["detail"]:
                expect(cell.locator(".score-detail")).to_have_text(row["detail"])
        assert sum(row["points"] or 0 for row in seat_rows) == result["scores"][seat]
    totals = table.locator('tr[data-step="total"] > td').all_inner_texts()
    assert [int(text.strip()) for text in totals] == result["scores"]
    header = table.locator("thead th")
    for seat in result["winners"]:
        expect(header.nth(seat + 1)).to_contain_text("winner")


def check_result_table(page: Page, final: JsonDict) -> None:
    """The result section shows the server's result: the winner(s) by name, one row per
    scoring step with every seat's value, and the totals equal to the scores (a game without
    a presentation: the engine's breakdown; with one, its score rows)."""
    if final.get("score_rows"):
        check_score_rows(page, final)
        return
    result = final["result"]
    labels = final["labels"]
    expect(page.get_by_test_id("result")).to_be_visible()
    winner = page.get_by_test_id("winner")
    for seat in result["winners"]:
        expect(winner).to_contain_text(labels[seat])
    table = page.get_by_test_id("result-table")
    steps = {key for part in result["breakdown"] for key in part} | {"total"}
    for step in steps:
        row = table.locator(f'tr[data-step="{step}"]')
        expect(row).to_have_count(1)
        expect(row.locator(":scope > td")).to_have_count(len(labels))
    totals = table.locator('tr[data-step="total"] > td').all_inner_texts()
    shown = [int(re.sub(r"[^0-9-]", "", text)) for text in totals]
    assert shown == result["scores"], (shown, result["scores"])
    for seat, part in enumerate(result["breakdown"]):
        for step, value in part.items():
            if isinstance(value, int) and not isinstance(value, bool):
                cell = table.locator(f'tr[data-step="{step}"] > td').nth(seat)
                expect(cell).to_have_text(re.compile(rf"^\s*{value}\s*$"))
    header = table.locator("thead th")
    for seat in result["winners"]:
        expect(header.nth(seat + 1)).to_contain_text("winner")


def check_replay_steps(page: Page) -> None:
    """The replay viewer steps forward and back (buttons and arrow keys) and shows the move."""
    replay = page.get_by_test_id("replay")
    expect(replay).to_be_visible()
    step = page.get_by_test_id("replay-step")
    expect(step).to_have_text(re.compile(r"Step 0 of [1-9]\d*"))
    total = int(re.findall(r"of (\d+)", step.inner_text())[0])
    page.get_by_test_id("replay-next").click()
    expect(step).to_have_text(f"Step 1 of {total}")
    expect(page.get_by_test_id("replay-move")).to_contain_text("Move 1:")
    page.get_by_test_id("replay-next").press("ArrowRight")
    expect(step).to_have_text(f"Step 2 of {total}")
    page.get_by_test_id("replay-prev").click()
    expect(step).to_have_text(f"Step 1 of {total}")
    page.get_by_test_id("replay-last").click()
    expect(step).to_have_text(f"Step {total} of {total}")
    expect(page.get_by_test_id("replay-slider")).to_have_value(str(total))


# --- what a person reads --------------------------------------------------------------------

# The text a person reads in `root`, element by element as drawn: shown elements only, without
# the board's own drawing (the game's SVG) and without notation (the moves as a person may type
# them: the list of moves, the board menu, a hint keep it, as the issue allows).
_READ_JS = """([root, exclude]) => {
  const skip = 'svg, [data-notation], script, style' + (exclude ? `, ${exclude}` : '');
  const parts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(skip)) continue;
    if (!el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
    const text = node.textContent.trim();
    if (text) parts.push(text);
  }
  return parts.join('\\n');
}"""
# A count with a wrong plural: "1 cards", "1 moves".
_BAD_PLURAL = re.compile(r"\b1 (?:[A-Z]?[a-z]+)s\b")
_SINGULAR_S = {"is", "was", "has", "does", "this", "its", "us", "as", "yes", "plus", "bus", "pass"}
_SINGULAR_S |= {"class", "gas", "bonus", "status", "across", "Express", "Paris"}


def read_text(page: Page, testid: str = "app", exclude: str = "") -> str:
    """What a person reads in the element `testid` (the whole app by default), leaving out
    the elements matching the CSS selector `exclude`."""
    root = page.get_by_test_id(testid).element_handle()
    return str(page.evaluate(_READ_JS, [root, exclude]))


def unreadable(text: str, foreign: Sequence[str] = ()) -> list[str]:
    """What a person should never read in `text`: ids, snake_case keys, "3 entries"
    placeholders, None (unreadable_parts), a count with a broken plural, and any of the
    `foreign` words (a field of another edition)."""
    found = list(unreadable_parts(text))
    found += [m.group(0) for m in _BAD_PLURAL.finditer(text) if m.group(0)[2:] not in _SINGULAR_S]
    found += [word for word in foreign if word in text]
    return found


def assert_readable(
    page: Page, where: str, foreign: Sequence[str] = (), testid: str = "app", exclude: str = ""
) -> str:
    """Assert that what a person reads in `testid` (but `exclude`) holds nothing unreadable;
    returns it."""
    text = read_text(page, testid, exclude)
    bad = unreadable(text, foreign)
    assert not bad, f"{where}: {bad} in:\n{text}"
    return text


# Every legal board target's hit area: each drawn part of it and each hit area the client
# added for it, as [key, kind, width, height, reached], where reached says that a tap at its
# centre reaches that target (it, a part of it, or a hit area of it is what is under it).
_HIT_AREAS_JS = """() => {
  const board = document.querySelector('[data-testid="board"]');
  const out = [];
  for (const target of board.querySelectorAll('[data-target].legal')) {
    const key = target.getAttribute('data-target');
    const hits = [...board.querySelectorAll('rect[data-hit-for]')]
      .filter((rect) => rect.getAttribute('data-hit-for') === key);
    const areas = hits.length ? hits : [target];
    for (const area of areas) {
      area.scrollIntoView({ block: 'center', inline: 'center' });
      const box = area.getBoundingClientRect();
      const under = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const reached = under.some(
        (el) => target.contains(el) || el.getAttribute('data-hit-for') === key);
      out.push([key, hits.length ? 'hit area' : 'drawn', box.width, box.height, reached]);
    }
  }
  return out;
}"""


def hit_areas(page: Page) -> list[tuple[str, str, float, float, bool]]:
    """The hit areas of the legal board targets (see _HIT_AREAS_JS)."""
    return [tuple(area) for area in page.evaluate(_HIT_AREAS_JS)]  # type: ignore[misc]
