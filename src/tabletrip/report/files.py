"""Write the report's files: every chart drawn once, the HTML page and the PNG folder.

Each file is written to a temporary name in its folder and renamed into place, so a failed
or interrupted report never leaves a half-written file.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from tabletrip.report.errors import ReportError
from tabletrip.report.model import Report


def check_outputs(source: Path, html: Path | None, png: Path | None) -> None:
    """ReportError before any work if an output path cannot be what it is asked to be."""
    if html is not None and html.resolve() == source.resolve():
        raise ReportError(f"--html {str(html)!r} is the database itself: give another file name")
    if html is not None and html.is_dir():
        raise ReportError(f"--html {str(html)!r} is a folder: give a file name such as report.html")
    if png is not None and png.exists() and not png.is_dir():
        raise ReportError(f"--png {str(png)!r} is a file: give a folder for the PNG charts")


def draw_charts(report: Report) -> dict[str, bytes]:
    """Every chart of the report as PNG bytes, by its file name."""
    # matplotlib is imported only where a chart is drawn: it is most of the start-up of
    # every command otherwise.
    from tabletrip.report.charts import render_png

    images: dict[str, bytes] = {}
    for run_report in report.runs:
        for section, names in zip(run_report.sections, run_report.chart_names(), strict=True):
            for chart, name in zip(section.charts, names, strict=True):
                images[name] = render_png(chart)
    return images


def write_atomic(path: Path, data: bytes) -> None:
    """Write a file whole or not at all (temporary file, then rename); ReportError on failure."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError as exc:
        raise ReportError(f"cannot write {str(path)!r}: {exc.strerror}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a report is an ordinary file
        os.replace(temporary, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise ReportError(f"cannot write {str(path)!r}: {exc.strerror}") from None
        raise


def write_pngs(folder: Path, images: Mapping[str, bytes]) -> list[Path]:
    """Write each chart as `folder/name` (the folder is created); returns the paths."""
    paths = []
    for name, data in images.items():
        write_atomic(folder / name, data)
        paths.append(folder / name)
    return paths
