"""A readable text fallback for any game's observation (games may render better themselves)."""

from __future__ import annotations

from typing import Any


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_inline(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return str(value)


def render_observation(observation: dict[str, Any]) -> str:
    """One line per top-level field; nested values are written inline."""
    width = max((len(str(k)) for k in observation), default=0)
    return "\n".join(f"{str(k).ljust(width)}  {_inline(v)}" for k, v in observation.items())
