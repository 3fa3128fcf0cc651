"""`tabletrip encoding GAME`: the documented action space and observation vector."""

from __future__ import annotations

from cli_helpers import assert_one_error_line, run
from tabletrip.core.encoding import describe_encoding, describe_names, encoding_for
from tabletrip.core.registry import make


def test_it_prints_the_configurations_tables() -> None:
    result = run("encoding high-card --players 3 --option rounds=4")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        "# High Card (test game): 3 players, rounds=4, variant=plain (encoding version 0)"
    )
    expected = describe_encoding(encoding_for(make("high-card", players=3, rounds=4)))
    assert expected in result.output
    assert "| 1-12 | play |" in result.output and "| 12-14 | scores |" in result.output


def test_every_game_documents_every_index_and_field() -> None:
    for game_id in ("ticket-to-ride", "en-route", "route-east", "lets-go-france"):
        result = run(f"encoding {game_id}")
        assert result.exit_code == 0, result.output
        encoding = encoding_for(make(game_id))
        assert f"Action space: {encoding.actions.size} indices." in result.output
        for field in encoding.observations.fields:
            assert f"| {field.name} |" in result.output


def test_a_bad_option_is_one_line() -> None:
    assert_one_error_line(run("encoding ticket-to-ride --option map=moon"), "'map'", "usa")


def test_names_lists_every_index_and_position_by_name() -> None:
    result = run("encoding high-card --players 2 --names")
    assert result.exit_code == 0, result.output
    encoding = encoding_for(make("high-card", players=2))
    assert describe_names(encoding) in result.output
    rows = [line for line in result.output.splitlines() if line[:2] == "| " and line[2].isdigit()]
    assert len(rows) == encoding.actions.size + encoding.observations.size
