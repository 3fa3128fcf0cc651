"""Parts of a game registered by name and imported on first use.

A game package registers its rules at once and names its other parts (presentation, report
analysis, encodings, heuristic bot) as "package.module:attribute", so listing the games or
playing one in a terminal does not import every game's analysis, encodings and bots.
"""

from __future__ import annotations

import importlib
from typing import Any


def imported(reference: str) -> Any:
    """The object `reference` ("package.module:attribute") names, its module imported."""
    module, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)
