"""The replay viewer in the browser: the step a person chose is the step shown, whatever order
the server's answers come back in."""

from __future__ import annotations

import contextlib
import re
import time

from playwright.sync_api import Error, Page, Route, expect

from web.web_helpers import ServerProcess, create_room_in_lobby, finish_over_rest, stored_seat

GAME, OPTIONS, SEATS = "route-east", {"attractions": "2"}, ["you", "easy"]
ANSWER_SECONDS = 20.0  # how long a held answer may take to reach the page
POLL_MS = 20  # between two looks at the page while waiting for it
REPLAY_REQUEST = re.compile(r"/api/rooms/[^/]+/replay\?")


def test_a_late_answer_for_an_earlier_step_does_not_undo_the_step_chosen(
    page: Page, server: ServerProcess
) -> None:
    """Next, then Last while step 1 is still loading, step 1's answer arriving before the
    viewer asks for the last step: the viewer stays at the last step and shows it (it once
    went back to step 1 and stayed there). The page's clock is held, so the order is exact."""
    room_id = create_room_in_lobby(page, server, GAME, SEATS, OPTIONS)
    final = finish_over_rest(server, room_id, 0, stored_seat(page, room_id)["token"])
    # A fresh page on the finished room: on a loaded machine the open page may still be
    # drawing the hundreds of views the game pushed while it was played over REST.
    page.goto("about:blank")
    page.clock.install()
    page.goto(f"{server.url}/#/room/{room_id}")
    step = page.get_by_test_id("replay-step")
    expect(step).to_have_text(re.compile(r"Step 0 of [1-9]\d*"))
    # From here the viewer's timers fire only when the test says so.
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    total = int(re.findall(r"of (\d+)", step.inner_text())[0])

    held: list[Route] = []
    given_up: list[str] = []
    page.on("requestfailed", lambda request: given_up.append(request.url))
    page.route(REPLAY_REQUEST, lambda route: held.append(route))
    page.get_by_test_id("replay-next").click()
    with page.expect_request(lambda request: "step=1" in request.url):
        page.clock.run_for(1)
    page.get_by_test_id("replay-last").click()
    chosen = f"Step {total} of {total}"
    expect(step).to_have_text(chosen)
    for route in held:
        with contextlib.suppress(Error):  # the request may be gone already
            route.continue_()  # step 1's answer, late
    # Either the viewer gave up on step 1 or its late answer reached the page: wait for one.
    deadline = time.monotonic() + ANSWER_SECONDS
    while not given_up and step.inner_text().strip() == chosen:
        assert time.monotonic() < deadline, "step 1's answer neither arrived nor was dropped"
        page.wait_for_timeout(POLL_MS)
    page.unroute(REPLAY_REQUEST)
    page.clock.run_for(1)  # now the viewer asks for the step chosen
    expect(page.get_by_test_id("replay-move")).to_contain_text(f"Move {total}:")
    expect(step).to_have_text(chosen)
    expect(page.get_by_test_id("replay-outcome")).to_have_text(final["outcome"])
