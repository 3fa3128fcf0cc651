"""Memos of values derived from objects that never change: per object by identity, bounded."""

from __future__ import annotations

import gc
import weakref
from dataclasses import dataclass

from tabletrip.core.memo import Memo, PerObject


@dataclass(frozen=True)
class Board:
    """Equal boards are still different objects: a memo must not confuse them."""

    name: str


def test_a_value_is_built_once_per_object_and_equal_objects_are_told_apart() -> None:
    built: list[str] = []

    def build(board: Board) -> str:
        built.append(board.name)
        return board.name.upper()

    per_board = PerObject(build)
    first, twin = Board("usa"), Board("usa")
    assert per_board(first) == "USA"
    assert per_board(first) == "USA"
    assert per_board(twin) == "USA"
    assert built == ["usa", "usa"]


def test_the_oldest_objects_are_forgotten_beyond_the_bound() -> None:
    built: list[int] = []
    boards = [Board(str(i)) for i in range(4)]

    def build(board: Board) -> int:
        built.append(int(board.name))
        return int(board.name)

    per_board = PerObject(build, objects=2)
    for board in boards[:3]:
        per_board(board)
    per_board(boards[2])  # still kept
    per_board(boards[0])  # forgotten: built again
    assert built == [0, 1, 2, 0]


def test_a_memo_computes_once_per_object_and_key_and_forgets_beyond_its_bound() -> None:
    calls: list[tuple[str, int]] = []

    def compute(board: Board, key: int) -> str:
        calls.append((board.name, key))
        return f"{board.name}:{key}"

    memo = Memo(compute, per_object=2)
    board, other = Board("a"), Board("b")
    assert [memo(board, 1), memo(board, 1), memo(other, 1)] == ["a:1", "a:1", "b:1"]
    assert calls == [("a", 1), ("b", 1)]
    memo(board, 2)
    memo(board, 3)  # over two keys: the board's values are forgotten, this one kept
    memo(board, 3)
    memo(board, 1)
    assert calls[2:] == [("a", 2), ("a", 3), ("a", 1)]


def test_a_memo_holds_the_objects_it_remembers_so_their_ids_are_never_reused() -> None:
    per_board = PerObject(lambda board: board.name, objects=1)
    board = Board("first")
    alive = weakref.ref(board)
    assert per_board(board) == "first"
    del board
    gc.collect()
    assert alive() is not None  # kept: no new object can take its id meanwhile
    assert per_board(Board("second")) == "second"
    gc.collect()
    assert alive() is None  # forgotten beyond the bound, then let go
