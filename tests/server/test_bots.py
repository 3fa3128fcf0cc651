"""Bots play on the server without holding up other rooms."""

from __future__ import annotations

from typing import Any

from server_helpers import act, create_room, get_view, join, running, wait_for


def test_a_slow_bot_does_not_block_another_room(tmp_path: Any) -> None:
    """While room A's slow bot thinks (in a worker process), room B's moves are answered."""
    with running(tmp_path, bot_workers=1) as client:
        slow = create_room(client, "ticket-to-ride", ["human", "ismcts:seconds=2"])["id"]
        quick = create_room(client, "ticket-to-ride", ["human", "human"])["id"]
        slow_token = join(client, slow, 0)
        tokens = {seat: join(client, quick, seat) for seat in (0, 1)}
        view = get_view(client, slow, slow_token)
        keep = view["legal_actions"][0]["json"]
        view = act(client, slow, slow_token, view["version"], keep).json()
        assert view["current_player"] == 1  # the bot chooses among its tickets: 2 s
        for _ in range(6):
            seat = get_view(client, quick)["current_player"]
            mine = get_view(client, quick, tokens[seat])
            move = mine["legal_actions"][0]["json"]
            assert act(client, quick, tokens[seat], mine["version"], move).status_code == 200
        assert get_view(client, slow)["version"] == view["version"]  # still thinking
        wait_for(client, slow, lambda v: v["version"] > view["version"])
