"""Where tabletrip keeps a user's files: the data dir (override with TABLETRIP_DATA_DIR)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DATA_DIR_VARIABLE = "TABLETRIP_DATA_DIR"


def data_dir() -> Path:
    """The user data dir: $TABLETRIP_DATA_DIR if set, else the platform's (e.g. ~/.local/share)."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    return Path(override) if override else Path(platformdirs.user_data_dir("tabletrip"))


def records_dir() -> Path:
    """The folder where game records are saved by default."""
    return data_dir() / "records"
