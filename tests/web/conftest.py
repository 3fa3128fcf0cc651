"""Browser tests: the real server in a subprocess, Debian's Chromium driven by Playwright.

The server (`python -m tabletrip serve`) runs on a free port with a temporary SQLite file; one
headless Chromium serves the whole session (Playwright gives it a fresh temporary profile), and
each test gets its own context (cookies, localStorage) and page. Without /usr/bin/chromium every
browser test is skipped with the reason.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    expect,
    sync_playwright,
)

from web.web_helpers import CHROMIUM, CHROMIUM_ARGS, EXPECT_TIMEOUT_MS, ServerProcess

# A copy of the screenshots outside the temporary folders, to look at after the run.
REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_COPY = Path(os.environ.get("TABLETRIP_SCREENSHOTS", REPO_ROOT / ".screenshots"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip every browser test, saying why, when Debian's Chromium is not installed."""
    if CHROMIUM.exists():
        return
    reason = f"{CHROMIUM} is missing: install Debian's chromium (make test does) for browser tests"
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The tabletrip server of the session, on a free port and a fresh SQLite file."""
    process = ServerProcess(tmp_path_factory.mktemp("server"))
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[[], ServerProcess]]:
    """A factory of extra servers (own port and database) for tests that stop their server;
    every one made is stopped at the end of the test."""
    made: list[ServerProcess] = []

    def make() -> ServerProcess:
        process = ServerProcess(tmp_path / f"server-{len(made)}")
        made.append(process)
        process.start()
        return process

    try:
        yield make
    finally:
        for process in made:
            process.stop()


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Playwright]:
    """Playwright's sync driver for the session."""
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright_driver: Playwright) -> Iterator[Browser]:
    """Headless Debian Chromium with the offline-friendly flags (a fresh profile per launch)."""
    launched = playwright_driver.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=list(CHROMIUM_ARGS)
    )
    try:
        yield launched
    finally:
        launched.close()


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """A factory of isolated browser contexts (own localStorage: another player), closed at
    the end of the test; keyword arguments go to `browser.new_context`."""
    contexts: list[BrowserContext] = []

    def make(**kwargs: object) -> BrowserContext:
        settings: dict[str, object] = {"viewport": {"width": 1280, "height": 900}}
        settings.update(kwargs)
        context = browser.new_context(**settings)  # type: ignore[arg-type]
        context.set_default_timeout(EXPECT_TIMEOUT_MS)
        contexts.append(context)
        return context

    try:
        yield make
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def page(new_context: Callable[..., BrowserContext]) -> Page:
    """A page in a fresh desktop-sized context."""
    return new_context().new_page()


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where the run saves its screenshots; copied to `.screenshots/` of the repository (or
    $TABLETRIP_SCREENSHOTS) at the end of the session."""
    folder = tmp_path_factory.mktemp("screenshots")
    yield folder
    shots = sorted(folder.glob("*.png"))
    if shots:
        SCREENSHOT_COPY.mkdir(parents=True, exist_ok=True)
        for shot in shots:
            shutil.copy2(shot, SCREENSHOT_COPY / shot.name)
