"""Schemathesis against the server's OpenAPI schema, in process on a temporary SQLite file.

Every operation gets generated requests, valid and invalid; none may make a server error (5xx)
and every answer must conform to the schema (a documented status code, content type, headers
and body); invalid requests must be refused and a missing token too. Half the requests name a
real room and carry a real seat token, so that generated bodies reach the game code rather
than stopping at "no such room". Hypothesis is driven here directly (schemathesis' own pytest
loader `from_fixture` does not run under pytest 9.2: it sets `Function._nodeid`, now gone).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.core.failures import FailureGroup
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from tabletrip.server import Settings, create_app

EXAMPLES = 30  # per operation and generation mode: enough to find shape bugs, and fast
# A valid request may still be refused for what it means (no such game, an illegal move):
# only the schema's shape is promised, so "valid data is accepted" is not checked.
EXCLUDED_CHECKS = [positive_data_acceptance]


@dataclass(frozen=True)
class SeededApp:
    """The app under test with one room being played: its id and both seat tokens."""

    app: FastAPI
    room: str
    tokens: tuple[str, str]


@pytest.fixture
def seeded_app(tmp_path: Path) -> Iterator[SeededApp]:
    """A fresh app on a temporary SQLite file, a two-human room joined; stopped afterwards."""
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'schema.sqlite'}", bot_workers=0))
    # The client schemathesis calls the app with: it starts the app's lifespan, for good.
    with asgi.get_client(app) as client:
        seats = [{"kind": "human"}, {"kind": "human"}]
        body = {"game": "ticket-to-ride", "players": 2, "options": {}, "seats": seats}
        created = client.post("/api/rooms", json=body)
        assert created.status_code == 201, created.text
        room = created.json()["id"]
        tokens = [
            client.post(f"/api/rooms/{room}/seats/{seat}/join", json={}).json()["token"]
            for seat in (0, 1)
        ]
    try:
        yield SeededApp(app, room, (tokens[0], tokens[1]))
    finally:
        asgi.shutdown_lifespans()


def check_operation(operation: Any, mode: GenerationMode, seeded: SeededApp) -> None:
    """Send an operation `EXAMPLES` generated requests; fail on the first bad answer."""

    @given(
        case=operation.as_strategy(generation_mode=mode),
        real=st.booleans(),
        seat=st.sampled_from([0, 1]),
    )
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Any, real: bool, seat: int) -> None:
        excluded = EXCLUDED_CHECKS
        if real:
            if case.path_parameters and "room_id" in case.path_parameters:
                case.path_parameters["room_id"] = seeded.room
            token = seeded.tokens[seat]
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
            # The token is real now: "a request with a made-up token is refused" does not apply.
            excluded = [*excluded, ignored_auth]
        case.call_and_validate(excluded_checks=excluded)

    run()


def described(exc: BaseException) -> str:
    """An error with the errors inside it (Hypothesis' flaky report and schemathesis' failure
    groups say only how many there are)."""
    inner = getattr(exc, "exceptions", ())
    return "; ".join([f"{type(exc).__name__}: {exc}", *(described(e) for e in inner)])


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_no_request_makes_a_server_error_and_every_answer_fits_the_schema(
    seeded_app: SeededApp, mode: GenerationMode
) -> None:
    """Every operation of the schema, with valid (positive) or invalid (negative) requests."""
    schema = schemathesis.openapi.from_asgi("/openapi.json", seeded_app.app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10
    failures = []
    for operation in operations:
        try:
            check_operation(operation, mode, seeded_app)
        except Unsatisfiable:
            # Nothing in this operation can be made invalid (GET /api/games has no input).
            assert mode == GenerationMode.NEGATIVE, operation.label
        except (Exception, FailureGroup) as exc:  # FailureGroup is a BaseExceptionGroup
            failures.append(f"{operation.label}: {described(exc)}")
    assert not failures, "\n\n".join(failures)
