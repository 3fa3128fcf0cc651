"""Content loading: JSON files validated by a pydantic model, with errors naming file and entry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel, Field

from tabletrip.core import ContentError, load_content, validate_content
from tabletrip.core.content import ContentFile, check_names


class Route(BaseModel):
    a: str
    b: str
    length: int = Field(ge=1, le=6)
    color: str = "gray"


class Board(BaseModel):
    name: str
    routes: list[Route]


BOARD = {
    "name": "tiny",
    "routes": [
        {"a": "Paris", "b": "Lyon", "length": 4, "color": "red"},
        {"a": "Lyon", "b": "Nice", "length": 3},
        {"a": "Paris", "b": "Lille", "length": 2},
        {"a": "Lille", "b": "Brest", "length": 5},
    ],
}


def _write(tmp_path: Path, data: object, name: str = "board.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _error(path: Path) -> str:
    with pytest.raises(ContentError) as caught:
        load_content(path, Board)
    message = str(caught.value)
    assert message and "\n" not in message
    assert repr(str(path)) in message  # names the file
    return message


def test_a_valid_file_loads(tmp_path: Path) -> None:
    board = load_content(_write(tmp_path, BOARD), Board)
    assert isinstance(board, Board)
    assert board.name == "tiny"
    assert [r.length for r in board.routes] == [4, 3, 2, 5]
    assert board.routes[1].color == "gray"


def test_non_ascii_content_is_read_as_utf8(tmp_path: Path) -> None:
    data = {
        "name": "Fran\u00e7e",
        "routes": [{"a": "Z\u00fcrich", "b": "M\u00fcnchen", "length": 4}],
    }
    path = tmp_path / "board.json"
    path.write_bytes(json.dumps(data, ensure_ascii=False).encode("utf-8"))
    assert load_content(path, Board).routes[0].a == "Z\u00fcrich"


def test_a_missing_file(tmp_path: Path) -> None:
    message = _error(tmp_path / "nowhere.json")
    assert message.startswith("content file ")
    assert message.endswith("nowhere.json' does not exist")


def test_a_directory_is_not_a_content_file(tmp_path: Path) -> None:
    assert _error(tmp_path).endswith("is a directory, not a file")


@pytest.mark.parametrize("text", ["", "{", "{'name': 'x'}", "name: tiny", "[1, 2,]"])
def test_invalid_json(tmp_path: Path, text: str) -> None:
    path = tmp_path / "board.json"
    path.write_text(text, encoding="utf-8")
    message = _error(path)
    assert "is not JSON" in message
    assert "line 1" in message


def test_a_file_that_is_not_utf8_text(tmp_path: Path) -> None:
    # A user's own content file in another encoding (or a binary file): a one-line
    # ContentError, not a UnicodeDecodeError traceback (Record.load already does this).
    path = tmp_path / "board.json"
    path.write_bytes(b'\xff\xfe{"name": "caf\xe9"}')
    _error(path)


def test_a_bad_entry_names_its_path(tmp_path: Path) -> None:
    data = json.loads(json.dumps(BOARD))
    data["routes"][3]["length"] = "long"
    message = _error(_write(tmp_path, data))
    assert "entry routes.3.length:" in message
    assert "valid integer" in message
    assert "more problems" not in message


def test_a_value_out_of_range_names_its_path(tmp_path: Path) -> None:
    data = json.loads(json.dumps(BOARD))
    data["routes"][2]["length"] = 9
    message = _error(_write(tmp_path, data))
    assert "entry routes.2.length:" in message
    assert "6" in message


def test_a_missing_entry_names_its_path(tmp_path: Path) -> None:
    data = json.loads(json.dumps(BOARD))
    del data["routes"][1]["b"]
    assert "entry routes.1.b: Field required" in _error(_write(tmp_path, data))


def test_several_problems_name_the_first_and_count_the_rest(tmp_path: Path) -> None:
    data = json.loads(json.dumps(BOARD))
    data["routes"][0]["length"] = 0
    data["routes"][2]["a"] = 5
    data["routes"][3]["length"] = 99
    message = _error(_write(tmp_path, data))
    assert "entry routes.0.length:" in message
    assert message.endswith("(and 2 more problems)")


def test_a_wrong_top_level(tmp_path: Path) -> None:
    message = _error(_write(tmp_path, [BOARD]))
    assert "entry top level:" in message


def test_validate_content_names_the_source() -> None:
    with pytest.raises(ContentError) as caught:
        validate_content({"name": "x", "routes": [{"a": "P"}]}, Board, "builtin:tiny")
    message = str(caught.value)
    assert message.startswith("content file 'builtin:tiny', entry routes.0.b: Field required")
    assert message.endswith("(and 1 more problem)")
    assert validate_content(BOARD, Board, "builtin:tiny").name == "tiny"


def test_a_file_that_names_another_map_says_so_and_how_to_go_on() -> None:
    file = ContentFile.of("usa.json", "mine/usa.json", {"map": "europe-express"})
    check_names(file, "map", "usa", "usa", ("usa", "europe-express"))  # the same: no error
    with pytest.raises(ContentError) as caught:
        check_names(file, "map", "europe-express", "usa", ("usa", "europe-express"))
    assert str(caught.value) == (
        "content file 'mine/usa.json' is the map 'europe-express', not 'usa': "
        "choose map=europe-express, or set its \"map\" to 'usa'"
    )


def test_choosing_the_named_one_is_offered_only_where_the_option_accepts_it() -> None:
    file = ContentFile.of("first_city.json", "mine/first_city.json", {})
    with pytest.raises(ContentError) as caught:
        check_names(file, "city", "my-town", "first-city", ("first-city",))
    assert str(caught.value).endswith(": set its \"city\" to 'first-city'")
