"""The browser app: plain ES modules, CSS and the games' SVG boards, no build step.

The server serves `static/index.html` at `/` and the rest of `static/` under `/static/`.
"""

from __future__ import annotations

from pathlib import Path

STATIC_DIR = Path(__file__).parent / "static"
INDEX_FILE = STATIC_DIR / "index.html"

__all__ = ["INDEX_FILE", "STATIC_DIR"]
