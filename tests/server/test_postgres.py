"""The crash-recovery scenario on PostgreSQL, when a server is available.

$TABLETRIP_TEST_POSTGRES_URL (such as postgresql+psycopg://user:pw@127.0.0.1:5432/db) names one;
otherwise a throwaway cluster is started in a temporary folder on a free port if the PostgreSQL
programs are installed (as an unprivileged user when the tests run as root, since PostgreSQL
refuses to run as root). The tests are skipped, saying why, when neither works.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from pg_cluster import ThrowawayCluster, Unavailable
from server.test_crash_recovery import run_crash_scenario, stored_log_rows

URL_VARIABLE = "TABLETRIP_TEST_POSTGRES_URL"


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL URL: $TABLETRIP_TEST_POSTGRES_URL or a throwaway cluster (else skip)."""
    pytest.importorskip("psycopg", reason="psycopg (the PostgreSQL driver) is not installed")
    given = os.environ.get(URL_VARIABLE)
    if given:
        yield given
        return
    cluster = ThrowawayCluster()
    try:
        try:
            url = cluster.start()
        except (Unavailable, OSError, subprocess.TimeoutExpired) as exc:
            pytest.skip(f"no PostgreSQL: {URL_VARIABLE} is not set and {exc}")
        yield url
    finally:
        cluster.stop()


def test_a_killed_server_restarts_exactly_where_it_was_on_postgresql(
    postgres_url: str, tmp_path: Path
) -> None:
    """The scenario of test_crash_recovery on PostgreSQL, whose rows are then read back."""
    rooms = run_crash_scenario(postgres_url, tmp_path)
    stored = stored_log_rows(postgres_url, rooms)
    assert sorted(stored) == sorted(rooms)
    assert sum(stored.values()) > 0
