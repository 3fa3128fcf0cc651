"""What tests read of other processes on Linux: the children of a process, from /proc."""

from __future__ import annotations

from pathlib import Path


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # it ended while the folder was read
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found
