"""The table in the browser: a friend joins by invite link, a reload resumes the game, play by
keyboard only, a phone-sized screen, a lost connection that comes back, the hint."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from web.web_helpers import (
    JsonDict,
    ServerProcess,
    any_move,
    assert_readable,
    create_room_in_lobby,
    legal_buttons,
    legal_targets,
    log_notations,
    log_texts,
    no_horizontal_overflow,
    screenshot,
    stored_seat,
    table_version,
    wait_our_turn,
    wait_version_above,
)

GAME = "ticket-to-ride"  # private tickets and hands, a board with many targets
PHONE = {"width": 390, "height": 844}
TAB_PRESSES = 80  # how many Tab presses may pass before a legal move has the focus

# The focused element is a legal move: a button of the list or a highlighted board target.
_FOCUS_ON_MOVE_JS = """() => {
  const el = document.activeElement;
  if (!el) return '';
  if (el.matches('[data-testid="legal-action"]')) return 'list';
  if (el.matches('[data-target].legal')) return 'board';
  return '';
}"""

# The key of the focused board target.
_FOCUSED_TARGET_JS = "() => document.activeElement.getAttribute('data-target')"


def ticket_rows(page: Page) -> list[tuple[str, str]]:
    """The (from, to) city pairs in the table rows of the private area (your Destination
    Tickets and the ones offered: From, To, Points...)."""
    rows = page.get_by_test_id("private-area").locator("tr").all()
    pairs: list[tuple[str, str]] = []
    for row in rows:
        cells = [text.strip() for text in row.locator(":scope > td").all_inner_texts()]
        if len(cells) >= 3:
            pairs.append((cells[0], cells[1]))
    return pairs


def own_tickets(view: JsonDict) -> set[tuple[str, str]]:
    """The (from, to) pairs of the tickets and ticket offer of a seat view's observation."""
    observation = view["observation"]
    tickets = [*observation.get("tickets", []), *observation.get("offer", [])]
    return {(ticket["a"], ticket["b"]) for ticket in tickets}


def test_friend_joins_by_invite_link_and_each_sees_only_their_own_hand(
    new_context: Callable[..., BrowserContext], server: ServerProcess, screenshot_dir: Path
) -> None:
    """Seat 1 is a friend: a second browser opens its invite link, joins with a name; both
    play, and each private area shows that seat's tickets only; a third browser watches
    without any private area or moves."""
    host = new_context().new_page()
    room_id = create_room_in_lobby(host, server, GAME, ["you", "friend"], name="Ann")
    host_table = host.get_by_test_id("table")
    expect(host_table).to_have_attribute("data-status", "open")
    expect(host.get_by_test_id("invite-panel")).to_be_visible()
    link = host.get_by_test_id("invite-link-1").input_value()
    assert re.search(rf"#/room/{room_id}/join/1$", link), link
    screenshot(host, screenshot_dir, "invite-1-host-waiting")

    friend = new_context().new_page()
    friend.goto(link)
    expect(friend.get_by_test_id("join-form")).to_be_visible()
    friend.get_by_test_id("join-name").fill("Bea")
    friend.get_by_test_id("join-submit").click()
    friend_table = friend.get_by_test_id("table")
    expect(friend_table).to_have_attribute("data-seat", "1")
    expect(friend_table).to_have_attribute("data-status", "playing")
    expect(host_table).to_have_attribute("data-status", "playing")
    expect(host.get_by_test_id("seat-1")).to_contain_text("Bea")
    expect(host.get_by_test_id("invite-panel")).to_be_hidden()

    pages = {0: host, 1: friend}
    moves = {0: 0, 1: 0}
    while min(moves.values()) < 2:
        mover = server.get(f"/api/rooms/{room_id}")["current_player"]
        assert wait_our_turn(pages[mover])
        any_move(pages[mover])
        moves[mover] += 1
        for page in pages.values():  # both tables follow every move
            expect(page.get_by_test_id("table")).to_have_attribute(
                "data-version", str(table_version(pages[mover]))
            )

    tokens = {seat: stored_seat(page, room_id)["token"] for seat, page in pages.items()}
    assert tokens[0] != tokens[1]
    views = {seat: server.get(f"/api/rooms/{room_id}/view", tokens[seat]) for seat in pages}
    for seat, page in pages.items():
        private = page.get_by_test_id("private-area")
        expect(private).to_be_visible()
        titles = [s["title"] for s in views[seat]["document"]["sections"] if s["role"] == "mine"]
        expect(private.locator(".doc-title")).to_have_text(titles)
        shown = set(ticket_rows(page))
        mine, theirs = own_tickets(views[seat]), own_tickets(views[1 - seat])
        assert mine <= shown, (seat, mine - shown)
        assert not (shown & (theirs - mine)), (seat, shown & theirs)
    screenshot(host, screenshot_dir, "invite-2-host")
    screenshot(friend, screenshot_dir, "invite-3-friend")

    watcher = new_context().new_page()  # a third browser, no seat: a spectator
    watcher.goto(f"{server.url}/#/room/{room_id}")
    watcher_table = watcher.get_by_test_id("table")
    expect(watcher_table).to_have_attribute("data-status", "playing")
    expect(watcher_table).to_have_attribute("data-seat", "")
    expect(watcher.get_by_test_id("private-area")).to_be_hidden()
    expect(watcher.get_by_test_id("actions")).to_be_hidden()
    # Every player's area, none marked as the watcher's.
    expect(watcher.locator(".seat-card")).to_have_count(2)
    expect(watcher.locator(".seat-card.mine")).to_have_count(0)


def test_reload_resumes_the_table_at_the_same_version(page: Page, server: ServerProcess) -> None:
    """Mid-game, a reload brings back the same version, log and turn; then a move is made."""
    create_room_in_lobby(page, server, GAME, ["you", "easy"])
    for _ in range(3):
        assert wait_our_turn(page)
        any_move(page)
    assert wait_our_turn(page)
    version = table_version(page)
    log = log_texts(page)
    turn = page.get_by_test_id("turn-indicator").inner_text()

    page.reload()
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-version", str(version))
    expect(table).to_have_attribute("data-seat", "0")
    expect(page.get_by_test_id("connection-status")).to_have_attribute("data-state", "open")
    assert wait_our_turn(page)
    assert log_texts(page) == log
    expect(page.get_by_test_id("turn-indicator")).to_have_text(turn)
    any_move(page)
    assert table_version(page) > version


def test_keyboard_only_plays_from_the_list_and_on_the_board(
    page: Page, server: ServerProcess
) -> None:
    """Tab to a legal move and press Enter: once on the move list (keep tickets), once on a
    board target, moving to the next target with an arrow key first (its menu opens with the
    focus on its first move: Enter again)."""
    create_room_in_lobby(page, server, GAME, ["you", "easy"])
    kinds: list[str] = []
    for _ in range(2):
        assert wait_our_turn(page)
        version = table_version(page)
        page.get_by_test_id("home-link").focus()
        kind = ""
        for _ in range(TAB_PRESSES):
            page.keyboard.press("Tab")
            kind = page.evaluate(_FOCUS_ON_MOVE_JS)
            if kind:
                break
        assert kind, f"{TAB_PRESSES} Tab presses never reached a legal move"
        if kind == "board" and legal_targets(page).count() > 1:
            # One tab stop for the board: the arrow keys go from target to target.
            before = page.evaluate(_FOCUSED_TARGET_JS)
            page.keyboard.press("ArrowRight")
            assert page.evaluate(_FOCUS_ON_MOVE_JS) == "board"
            assert page.evaluate(_FOCUSED_TARGET_JS) != before
        page.keyboard.press("Enter")
        if kind == "board":
            menu = page.get_by_test_id("board-menu")
            expect(menu).to_be_visible()
            expect(menu.get_by_test_id("board-menu-action").first).to_be_focused()
            page.keyboard.press("Enter")
        wait_version_above(page, version)
        kinds.append(kind)
    assert kinds == ["list", "board"], kinds


def test_phone_width_table_is_usable(
    new_context: Callable[..., BrowserContext], server: ServerProcess, screenshot_dir: Path
) -> None:
    """At 390x844 (touch) neither the lobby nor the table is wider than the screen, and
    moves are made (on the board when it offers one)."""
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    create_room_in_lobby(page, server, GAME, ["you", "easy"])
    assert wait_our_turn(page)
    no_horizontal_overflow(page, PHONE["width"])
    for _ in range(2):
        version = table_version(page)
        any_move(page)
        assert table_version(page) > version
        assert wait_our_turn(page)
    no_horizontal_overflow(page, PHONE["width"])
    screenshot(page, screenshot_dir, "phone-table")
    page.goto(page.url.split("#")[0] + "#/")
    expect(page.get_by_test_id("lobby")).to_be_visible()
    no_horizontal_overflow(page, PHONE["width"])
    screenshot(page, screenshot_dir, "phone-lobby")


def test_lost_connection_is_shown_and_recovers(
    page: Page, make_server: Callable[[], ServerProcess], screenshot_dir: Path
) -> None:
    """The server stops: the table says the connection is lost; it comes back on the same
    port and database: the table reconnects by itself and a move can be made."""
    server = make_server()
    create_room_in_lobby(page, server, GAME, ["you", "easy"])
    assert wait_our_turn(page)
    any_move(page)
    assert wait_our_turn(page)
    version = table_version(page)
    status = page.get_by_test_id("connection-status")
    text = page.get_by_test_id("connection-text")
    expect(status).to_have_attribute("data-state", "open")
    expect(text).to_have_text(re.compile(r"connected", re.IGNORECASE))

    server.stop()
    expect(status).to_have_attribute("data-state", re.compile(r"^(lost|connecting)$"))
    expect(text).to_have_text(re.compile(r"lost|reconnecting", re.IGNORECASE))
    expect(page.get_by_test_id("reconnect-now")).to_be_visible()
    screenshot(page, screenshot_dir, "connection-lost")

    server.start()
    expect(status).to_have_attribute("data-state", "open", timeout=60_000)
    expect(text).to_have_text(re.compile(r"reconnected", re.IGNORECASE))
    expect(page.get_by_test_id("reconnect-now")).to_be_hidden()
    expect(page.get_by_test_id("table")).to_have_attribute("data-version", str(version))
    assert wait_our_turn(page)
    any_move(page)
    assert table_version(page) > version


def test_hint_shows_the_hard_bots_advice_and_plays_it(page: Page, server: ServerProcess) -> None:
    """The hint button lists the hard bot's moves (legal ones), each with why it ranks there
    (its share of the search), and the ranking explained; "Play this" plays one."""
    create_room_in_lobby(page, server, GAME, ["you", "easy"])
    assert wait_our_turn(page)
    page.get_by_test_id("hint-button").click()
    items = page.get_by_test_id("hint-item")
    expect(items.first).to_be_visible(timeout=60_000)
    legal = set(legal_buttons(page).evaluate_all("bs => bs.map(b => b.dataset.actionText)"))
    advised = items.evaluate_all("items => items.map(i => i.dataset.actionText)")
    assert advised and set(advised) <= legal, (advised, legal)
    expect(page.get_by_test_id("hint-status")).to_contain_text("share of those playouts")
    for why in page.get_by_test_id("hint-why").all_inner_texts():
        assert re.search(r"got \d+% of the search; in those playouts you won \d+%", why), why
    assert_readable(page, "the hint", testid="hint-panel")
    version = table_version(page)
    items.first.get_by_test_id("hint-play").click()
    wait_version_above(page, version)
    assert advised[0] in log_notations(page)
