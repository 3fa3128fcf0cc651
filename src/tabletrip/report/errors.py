"""The report's one error: a file that cannot be reported on or an output that cannot be written."""

from __future__ import annotations

from tabletrip.core.errors import TabletripError


class ReportError(TabletripError):
    """A simulation database with nothing to report, or a report file that cannot be written."""
