"""core.ablation: one content entry removed on purpose (`tabletrip sim --without ENTRY`)."""

from __future__ import annotations

import pytest

import tabletrip
from tabletrip.core.ablation import ablate
from tabletrip.core.errors import ContentError


def express() -> tabletrip.core.game.Game:
    return tabletrip.make("ticket-to-ride", players=3, map="europe-express")


def test_removing_a_ticket_by_path_removes_exactly_that_ticket() -> None:
    game = express()
    before = game.content.file("europe_express.json").data["tickets"]
    ablated = ablate(game.content, "europe_express.json:tickets.12")
    after = ablated.file("europe_express.json").data["tickets"]
    assert after == before[:12] + before[13:]
    assert ablated.hash != game.content.hash
    assert len(ablated.removed) == 1
    assert ablated.removed[0].startswith("europe_express.json:tickets.12")
    # the rulebook's 30 tickets may fall short by the removed one: the game still plays
    smaller = type(game).from_options(3, {"map": "europe-express"}, ablated)
    assert len(smaller.board.tickets) == len(game.board.tickets) - 1
    assert smaller.new_game(seed=2).legal_actions()


def test_an_entry_that_names_nothing_is_one_line_saying_how_to_name_entries() -> None:
    with pytest.raises(ContentError) as error:
        ablate(express().content, "Atlantis-Nowhere")
    assert "\n" not in str(error.value)
    assert ":" in str(error.value)
