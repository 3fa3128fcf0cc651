"""Names of action indices and vector positions (core.encoding): the defaults and helpers."""

from __future__ import annotations

import pytest

from encoding_kit import check_names
from tabletrip.core.encoding import (
    ActionBlock,
    Field,
    block_names,
    encoding_for,
    field_names,
    named_block,
    named_field,
    relative_seat,
)
from tabletrip.core.registry import make
from tinygame import GAME_ID


def test_by_default_an_index_is_named_by_its_block_and_place() -> None:
    encoding = encoding_for(make(GAME_ID, players=2))
    names = encoding.actions.index_names()
    assert names[:3] == ["draw", "play[0]", "play[1]"] and names[-1] == "pass"
    assert encoding.observations.position_names()[0].startswith(
        encoding.observations.fields[0].name
    )
    check_names(encoding)


def test_the_helpers_prefix_the_block_or_field_and_refuse_a_wrong_count() -> None:
    block = ActionBlock("take", 1, 2, "take a card")
    assert named_block(block, ["red", "blue"]) == ["take red", "take blue"]
    with pytest.raises(ValueError, match="block take has 2 indices; names given: 1"):
        named_block(block, ["red"])
    field = Field("hand", 2, 0, 1, "cards held")
    assert named_field(field, ["red", "blue"]) == ["hand red", "hand blue"]
    with pytest.raises(ValueError, match="field hand has 2 positions; names given: 3"):
        named_field(field, ["red", "blue", "green"])


def test_blocks_and_fields_are_named_from_a_table_of_words() -> None:
    blocks = [ActionBlock("draw", 0, 1, "draw"), ActionBlock("take", 1, 2, "take a card")]
    assert block_names(blocks, {"take": ["red", "blue"]}) == ["draw", "take red", "take blue"]
    with pytest.raises(ValueError, match="no names for the action block take"):
        block_names(blocks, {})
    fields = [Field("to_move", 2, 0, 1, "seat to move")]
    seats = [relative_seat(k) for k in range(2)]
    assert field_names(fields, {"to_move": seats}) == ["to_move you", "to_move seat +1"]
    with pytest.raises(ValueError, match="no names for the observation field to_move"):
        field_names(fields, {})
