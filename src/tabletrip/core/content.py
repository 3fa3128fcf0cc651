"""Loading content files (maps, cards): JSON validated by a pydantic schema, clear errors.

A game's content is the set of data files it plays with: the files shipped in its `data/`
folder, or a person's own files in the same format (`content=PATH`, see `content_set`). The
files a game uses and their canonical hash (`Content.hash`) are part of a game's identity:
records, saved states and simulation runs carry the hash.
"""

from __future__ import annotations

from collections.abc import Collection
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from tabletrip.core.content_set import Content, ContentFile, file_digest, read_json
from tabletrip.core.errors import ContentError

M = TypeVar("M", bound=BaseModel)
_CHECK_PREFIX = "Value error, "  # how pydantic prefixes a model validator's ValueError
# Validation context key: the content had an entry removed on purpose (an ablation run), so
# the counts the rulebook fixes (deck sizes, ticket numbers) may fall short by that entry.
ABLATED = "ablated"

__all__ = [
    "ABLATED",
    "Content",
    "ContentFile",
    "Spec",
    "check_names",
    "file_digest",
    "load_content",
    "validate_content",
    "validate_file",
]


class Spec(BaseModel):
    """The base of every content schema: a key the schema does not know is an error (a typo
    in a person's own file must not be silently ignored)."""

    model_config = ConfigDict(extra="forbid")


def check_names(
    file: ContentFile, key: str, named: str, chosen: str, choices: Collection[str]
) -> None:
    """A content file names what it holds under `key` (its "map", its "city"): ContentError
    when that is not the `chosen` option's, with the ways out (choose the one it names, where
    that is one of the option's `choices`; or rename it)."""
    if named == chosen:
        return
    rename = f'set its "{key}" to {chosen!r}'
    ways = f"choose {key}={named}, or {rename}" if named in choices else rename
    raise ContentError(
        f"content file {file.source!r} is the {key} {named!r}, not {chosen!r}: {ways}"
    )


def load_content(path: Path | Traversable, model: type[M]) -> M:
    """Read and validate one content file; ContentError naming the file and the bad entry."""
    return validate_content(read_json(path), model, str(path))


def validate_file(file: ContentFile, model: type[M], *, ablated: bool = False) -> M:
    """Validate one file of a content set against its schema (named by its source)."""
    return validate_content(file.data, model, file.source, ablated=ablated)


def validate_content(data: object, model: type[M], name: str, *, ablated: bool = False) -> M:
    """Validate already-parsed content; ContentError naming the first bad entry.

    `ablated`: an entry was removed on purpose, so counts the rulebook fixes may fall short
    (a schema reads this as `info.context[ABLATED]`).
    """
    context: dict[str, Any] = {ABLATED: ablated}
    try:
        return model.model_validate(data, context=context)
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
