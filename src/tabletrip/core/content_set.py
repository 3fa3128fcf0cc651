"""A game's content as a set of files: the shipped ones, or a person's own, and their hash.

`Content` is what a configured game plays with: one `ContentFile` per data file it uses (a
Ticket to Ride map, Route East's board and cards, ...), each with where it came from, its
parsed JSON and a digest. `Content.hash` names the whole set; it is the same for the same
data whatever the file's spacing or key order, and changes with any value.

Own content comes from a path (`resolve`): a file, which replaces the shipped file of the same
name (or the only file the game uses), or a directory holding some of the game's files by
their shipped names; files it does not hold come from the shipped content. A game validates
the files when it is configured with them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from tabletrip.core.errors import ContentError
from tabletrip.core.json_depth import nesting_depth_over

# An optional file in a content directory naming the game its files are for.
MANIFEST = "tabletrip-content.json"
MANIFEST_FORMAT = "tabletrip-content/1"
# How deep a content file may nest (the shipped ones nest 6 levels at most).
MAX_DEPTH = 32
BUILT_IN = "built-in"


def read_json(path: Path | Traversable) -> Any:
    """The parsed JSON of a content file; ContentError naming the file if it is not JSON."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(f"content file {name!r} does not exist") from None
    except IsADirectoryError:
        raise ContentError(f"content file {name!r} is a directory, not a file") from None
    except OSError as exc:
        raise ContentError(f"cannot read content file {name!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ContentError(f"content file {name!r} is not UTF-8 text") from None
    return parse_json(text, name)


def parse_json(text: str, name: str) -> Any:
    """Parse a content file's text; ContentError naming it if it is not JSON or nests too deep."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(f"content file {name!r} is not JSON: {exc}") from None
    except RecursionError:
        raise ContentError(f"content file {name!r} is nested too deep to be content") from None
    if nesting_depth_over(data, MAX_DEPTH):
        raise ContentError(f"content file {name!r} is nested too deep to be content")
    return data


def file_digest(data: Any) -> str:
    """The SHA-256 of a file's canonical JSON (sorted keys, no spacing): its identity."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


@dataclass(frozen=True)
class ContentFile:
    """One data file of a content set: its shipped name, where it came from, its JSON.

    Equal (and hashed) by name, source and digest, so caches of validated content key on it.
    """

    name: str  # the shipped file name it stands for, such as "board.json"
    source: str  # where it was read: a path, or "built-in board.json"
    digest: str
    data: Any = field(compare=False, repr=False)
    builtin: bool = False

    @classmethod
    def of(cls, name: str, source: str, data: Any, *, builtin: bool = False) -> ContentFile:
        """A file with its digest computed from `data`."""
        return cls(name, source, file_digest(data), data, builtin)


@dataclass(frozen=True)
class Content:
    """The content a configured game plays with: one file per data file it uses."""

    game: str
    files: tuple[ContentFile, ...]  # sorted by name
    hash: str
    removed: tuple[str, ...] = ()  # entries taken out on purpose (an ablation), if any

    @classmethod
    def of(
        cls, game: str, files: Mapping[str, ContentFile], removed: tuple[str, ...] = ()
    ) -> Content:
        """The set of these files, its hash computed from their names and digests."""
        ordered = tuple(files[name] for name in sorted(files))
        summary = json.dumps([[f.name, f.digest] for f in ordered], separators=(",", ":"))
        return cls(game, ordered, hashlib.sha256(summary.encode()).hexdigest(), removed)

    def file(self, name: str) -> ContentFile:
        """The file standing for the shipped file `name`; KeyError if the set has none."""
        for item in self.files:
            if item.name == name:
                return item
        raise KeyError(name)

    @property
    def builtin(self) -> bool:
        """Whether every file is the shipped one."""
        return all(item.builtin for item in self.files)

    @property
    def short(self) -> str:
        """The first 12 hex digits of the hash, as a person reads it."""
        return self.hash[:12]

    def to_json(self) -> dict[str, Any]:
        """The set as stored (a simulation run, a server room): game, hash, removed entries,
        and each file with its name, source, digest, whether shipped, and data."""
        return {
            "game": self.game,
            "hash": self.hash,
            "removed": list(self.removed),
            "files": [
                {
                    "name": f.name,
                    "source": f.source,
                    "digest": f.digest,
                    "builtin": f.builtin,
                    "data": f.data,
                }
                for f in self.files
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Content:
        """A set stored with `to_json`, read back (its hash recomputed from the files)."""
        files = {
            f["name"]: ContentFile(f["name"], f["source"], f["digest"], f["data"], f["builtin"])
            for f in data["files"]
        }
        return cls.of(data["game"], files, tuple(data.get("removed", ())))

    def describe(self) -> str:
        """One line: `built-in content` or `own content 1a2b3c4d5e6f (usa.json from map.json)`."""
        if self.builtin:
            return "built-in content"
        own = ", ".join(f"{f.name} from {f.source}" for f in self.files if not f.builtin)
        removed = f", without {', '.join(self.removed)}" if self.removed else ""
        return f"own content {self.short} ({own or 'derived from the built-in files'}{removed})"


# What `Game.content_for` and `tabletrip.make(content=...)` accept as own content: a path, a
# `Content`, parsed files by shipped name, or None for the shipped files.
ContentGiven = Content | str | Path | Mapping[str, Any] | None


_SHIPPED: dict[tuple[str, str], ContentFile] = {}  # (name, where): read once


def _shipped_file(name: str, source: Traversable) -> ContentFile:
    key = (name, str(source))
    if key not in _SHIPPED:
        _SHIPPED[key] = ContentFile.of(name, f"{BUILT_IN} {name}", read_json(source), builtin=True)
    return _SHIPPED[key]


def shipped_content(game: str, shipped: Mapping[str, Traversable]) -> Content:
    """The content of the shipped files `shipped` (name: file), read once."""
    return Content.of(game, {name: _shipped_file(name, src) for name, src in shipped.items()})


def resolve(
    game: str,
    shipped: Mapping[str, Traversable],
    every_name: tuple[str, ...],
    path: str | Path,
) -> Content:
    """The content at `path` for a game configuration that uses the `shipped` files.

    `every_name` is every file name the game knows (other configurations use some of them:
    a Ticket to Ride directory may hold both maps). ContentError saying what is wrong.
    """
    path = Path(path)
    if not path.exists():
        raise ContentError(f"content path {str(path)!r} does not exist")
    if path.is_dir():
        found = _directory_files(game, path, every_name)
        used = {name: found[name] for name in shipped if name in found}
        if not used:
            raise ContentError(
                f"content directory {str(path)!r} holds none of the files this {game} game "
                f"uses ({_names(shipped)}); it holds {_names(found) or 'no content files'}"
            )
    elif path.name in shipped:
        used = {path.name: path}
    elif len(shipped) == 1:
        used = {next(iter(shipped)): path}
    else:
        raise ContentError(
            f"{str(path)!r} is not named like one of {game}'s content files ({_names(shipped)}): "
            "rename it, or give the directory that holds them"
        )
    files = {name: _shipped_file(name, src) for name, src in shipped.items()}
    for name, file_path in used.items():
        files[name] = ContentFile.of(name, str(file_path), read_json(file_path))
    return Content.of(game, files)


def uploaded(
    game: str,
    shipped: Mapping[str, Traversable],
    every_name: tuple[str, ...],
    given: Mapping[str, Any],
    source: str = "uploaded",
) -> Content:
    """The content of files given as parsed JSON by shipped name (`{"board.json": {...}}`, as
    a server room's creator sends them), the shipped files for the rest; ContentError saying
    what is wrong. Only files a game with these options uses are accepted."""
    if not given:
        raise ContentError(
            f"the content names no files: give some of {game}'s files ({_names(shipped)})"
        )
    for name, data in given.items():
        if name not in shipped:
            what = (
                "is not used by a game with these options"
                if name in every_name
                else f"is not a {game} content file"
            )
            raise ContentError(
                f"content file {name!r} {what}: this {game} game uses {_names(shipped)}"
            )
        if nesting_depth_over(data, MAX_DEPTH):
            raise ContentError(f"content file {name!r} is nested too deep to be content")
    files = {name: _shipped_file(name, src) for name, src in shipped.items()}
    for name, data in given.items():
        files[name] = ContentFile.of(name, f"{source} {name}", data)
    return Content.of(game, files)


def _directory_files(game: str, path: Path, every_name: tuple[str, ...]) -> dict[str, Path]:
    """The content files in a directory, checked against its manifest and the game's names."""
    manifest = path / MANIFEST
    if manifest.exists():
        data = read_json(manifest)
        if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
            raise ContentError(f"{str(manifest)!r} is not a {MANIFEST_FORMAT!r} manifest")
        if data.get("game") != game:
            raise ContentError(
                f"content directory {str(path)!r} is for {data.get('game')!r}, not {game}"
            )
    found = {}
    for item in sorted(path.iterdir()):
        if item.suffix != ".json" or item.name == MANIFEST:
            continue
        if item.name not in every_name:
            raise ContentError(
                f"content directory {str(path)!r} holds {item.name!r}, which is not a {game} "
                f"content file: its files are {', '.join(every_name)}"
            )
        found[item.name] = item
    return found


def _names(files: Mapping[str, object]) -> str:
    return ", ".join(sorted(files))
