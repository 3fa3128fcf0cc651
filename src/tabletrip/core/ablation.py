"""Ablation: the same content with one entry (a card, a ticket, a route...) taken out.

An entry is one element of a list in a content file, named `FILE:PATH` (`europe_express.json:
tickets.12`, the path being the keys and list indices from the file's top, joined by dots) or
by its name when only one entry has it: a `name`, `id` or `label` field, or `A-B` for an entry
joining two places (`"London-Istanbul"`: a ticket or route with `a` London and `b` Istanbul).
The result is a new `Content` (new digest and hash) whose `removed` says what was taken out,
so games validate it with `ablated=True` (counts the rulebook fixes may fall one short).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tabletrip.core.content_set import Content, ContentFile
from tabletrip.core.errors import ContentError

NAME_FIELDS = ("name", "id", "label")

HOW_TO_NAME = (
    "name an entry as FILE:PATH (such as {example}) or by the name, id or label of one "
    "list element (or A-B for an entry joining places A and B)"
)


def entry_names(entry: Any) -> tuple[str, ...]:
    """The names a list element answers to: its name/id/label fields and `A-B` if it joins two."""
    if not isinstance(entry, dict):
        return ()
    names = [str(entry[key]) for key in NAME_FIELDS if isinstance(entry.get(key), str | int)]
    a, b = entry.get("a"), entry.get("b")
    if isinstance(a, str) and isinstance(b, str):
        names.append(f"{a}-{b}")
    return tuple(names)


def list_entries(data: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every list element of a file's JSON, with its path (keys and indices as text)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from list_entries(value, (*path, str(key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*path, str(index)), value
            yield from list_entries(value, (*path, str(index)))


def _example(content: Content) -> str:
    for file in content.files:
        for path, value in list_entries(file.data):
            if entry_names(value):
                return f"{file.name}:{'.'.join(path)}"
    return "FILE:list.0"


def find_entry(content: Content, entry: str) -> tuple[str, tuple[str, ...]]:
    """The file name and path of the entry `entry` names; ContentError saying how to name one."""
    how = HOW_TO_NAME.format(example=_example(content))
    name, colon, path_text = entry.partition(":")
    if colon and name.endswith(".json"):
        try:
            file = content.file(name)
        except KeyError:
            files = ", ".join(f.name for f in content.files)
            raise ContentError(f"no content file {name!r}: the files are {files}") from None
        path = tuple(path_text.split(".")) if path_text else ()
        if not path or not _is_list_element(file.data, path):
            raise ContentError(f"{entry!r} is not a list element of {name}: {how}")
        return name, path
    found = [
        (file.name, path)
        for file in content.files
        for path, value in list_entries(file.data)
        if entry in entry_names(value)
    ]
    if not found:
        raise ContentError(f"no content entry is named {entry!r}: {how}")
    if len(found) > 1:
        places = ", ".join(f"{n}:{'.'.join(p)}" for n, p in found[:5])
        more = f" and {len(found) - 5} more" if len(found) > 5 else ""
        raise ContentError(f"{entry!r} names {len(found)} entries ({places}{more}): pick one")
    return found[0]


def _is_list_element(data: Any, path: tuple[str, ...]) -> bool:
    node = data
    for step in path[:-1]:
        node = _child(node, step)
        if node is None:
            return False
    last = path[-1]
    return isinstance(node, list) and last.isdigit() and int(last) < len(node)


def _child(node: Any, step: str) -> Any:
    if isinstance(node, dict):
        return node.get(step)
    if isinstance(node, list) and step.isdigit() and int(step) < len(node):
        return node[int(step)]
    return None


def _without(data: Any, path: tuple[str, ...]) -> Any:
    """A copy of `data` along `path` only (the rest shared) with the element at `path` removed."""
    step = path[0]
    if len(path) == 1:
        index = int(step)
        return data[:index] + data[index + 1 :]
    if isinstance(data, dict):
        return {**data, step: _without(data[step], path[1:])}
    index = int(step)
    return [*data[:index], _without(data[index], path[1:]), *data[index + 1 :]]


def ablate(content: Content, entry: str) -> Content:
    """`content` without the one entry `entry` names (see the module docstring).

    ContentError (one line, saying how to name entries) if it names none or several.
    """
    name, path = find_entry(content, entry)
    file = content.file(name)
    label = f"{name}:{'.'.join(path)}"
    value = _child_at(file.data, path)
    named = entry_names(value)
    removed_label = f"{label} ({named[0]})" if named else label
    files = {f.name: f for f in content.files}
    files[name] = ContentFile.of(name, file.source, _without(file.data, path))
    return Content.of(content.game, files, (*content.removed, removed_label))


def _child_at(data: Any, path: tuple[str, ...]) -> Any:
    node = data
    for step in path:
        node = _child(node, step)
    return node
