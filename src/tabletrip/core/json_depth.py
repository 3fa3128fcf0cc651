"""How deep parsed JSON nests: a bound on what records and content files may hold."""

from __future__ import annotations

from typing import Any


def nesting_depth_over(data: Any, limit: int) -> bool:
    """Whether JSON data nests (lists and objects in one another) more than `limit` deep;
    without recursion, so that any depth is measured."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > limit:
                return True
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)
    return False
