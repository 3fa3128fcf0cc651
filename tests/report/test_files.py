"""Writing the report's files whole (tabletrip.report.files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletrip.report.errors import ReportError
from tabletrip.report.files import check_outputs, write_atomic, write_pngs


def test_write_atomic_creates_folders_and_replaces(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "report.html"
    write_atomic(path, b"first")
    write_atomic(path, b"second")
    assert path.read_bytes() == b"second"
    assert sorted(p.name for p in path.parent.iterdir()) == ["report.html"]


def test_a_failed_write_leaves_nothing_behind(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.mkdir()
    (target / "inside").write_text("keep")
    with pytest.raises(ReportError, match="cannot write"):
        write_atomic(target, b"data")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]
    assert (target / "inside").read_text() == "keep"


def test_write_pngs_makes_the_folder(tmp_path: Path) -> None:
    paths = write_pngs(tmp_path / "png", {"run1-a.png": b"\x89PNGa", "run1-b.png": b"\x89PNGb"})
    assert [p.name for p in paths] == ["run1-a.png", "run1-b.png"]
    assert (tmp_path / "png" / "run1-b.png").read_bytes() == b"\x89PNGb"


def test_outputs_are_checked_before_any_work(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(ReportError, match="is a folder"):
        check_outputs(tmp_path / "sim.sqlite", tmp_path, None)
    with pytest.raises(ReportError, match="is a file"):
        check_outputs(tmp_path / "sim.sqlite", None, tmp_path / "file")
    with pytest.raises(ReportError, match="is the database itself"):
        check_outputs(tmp_path / "file", tmp_path / "." / "file", None)
    check_outputs(tmp_path / "sim.sqlite", tmp_path / "new.html", tmp_path / "new-folder")
