"""Loading content files (maps, cards): JSON validated by a pydantic schema, clear errors."""

from __future__ import annotations

import json
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from tabletrip.core.errors import ContentError

M = TypeVar("M", bound=BaseModel)
_CHECK_PREFIX = "Value error, "  # how pydantic prefixes a model validator's ValueError


def load_content(path: Path | Traversable, model: type[M]) -> M:
    """Read and validate one content file; ContentError naming the file and the bad entry."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"cannot read content file {name!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ContentError(f"content file {name!r} is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(f"content file {name!r} is not JSON: {exc}") from None
    except RecursionError:
        raise ContentError(f"content file {name!r} is nested too deep to be content") from None
    return validate_content(data, model, name)


def validate_content(data: object, model: type[M], name: str) -> M:
    """Validate already-parsed content; ContentError naming the first bad entry."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        message = error["msg"]
        others = exc.error_count() - 1
        more = f" (and {others} more problem{'s' if others > 1 else ''})" if others else ""
        if not error["loc"] and message.startswith(_CHECK_PREFIX):
            # A whole-file check names its entry itself ("roads.4 (a-b): ...").
            message = message.removeprefix(_CHECK_PREFIX)
            raise ContentError(f"content file {name!r}: {message}{more}") from None
        where = ".".join(str(part) for part in error["loc"]) or "top level"
        raise ContentError(f"content file {name!r}, entry {where}: {message}{more}") from None
