"""What changed between two versions of a content file, as lines a designer reads.

`diff_content` compares two content sets file by file (by shipped name) and lists each
changed value with its place: `routes[London-Edinburgh].length: 4 -> 5`. List elements are
matched by their names (a `name`, `id` or `label` field, or `A-B` for an entry joining two
places, as `--without` names them) when every element has distinct names on both sides, so
an entry added or removed in the middle of a list reads as that, not as every later entry
changed; other lists are compared position by position.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from tabletrip.core.ablation import entry_names

SHOWN_CHARS = 80  # an added or removed entry is shown up to this many characters


@dataclass(frozen=True, slots=True)
class Change:
    """One difference: the file, the place in it, and the value before and after (the text
    `absent` where a side has none)."""

    file: str
    place: str
    before: str
    after: str

    @property
    def entries(self) -> tuple[str, ...]:
        """The named entries the change is in (`("London-Edinburgh",)`), outermost first; a
        double route's `#id` left out, indices of unnamed entries too."""
        names = (name.split(" #")[0] for name in re.findall(r"\[([^\]]+)\]", self.place))
        return tuple(name for name in names if not name.isdigit())

    def line(self) -> str:
        """`europe_express.json: routes[London-Edinburgh].length: 4 -> 5`."""
        return f"{self.file}: {self.place}: {self.before} -> {self.after}"


ABSENT = "absent"


def diff_content(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Change]:
    """Every change from the files `before` to the files `after` (name: parsed JSON)."""
    changes: list[Change] = []
    for name in sorted(set(before) | set(after)):
        if name not in before:
            changes.append(Change(name, "(file)", ABSENT, "added"))
        elif name not in after:
            changes.append(Change(name, "(file)", "present", ABSENT))
        else:
            changes += [
                Change(name, place or "(top)", old, new)
                for place, old, new in _diff(before[name], after[name], "")
            ]
    return changes


def _diff(old: Any, new: Any, place: str) -> Iterator[tuple[str, str, str]]:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in [*old, *(k for k in new if k not in old)]:
            inner = f"{place}.{key}" if place else str(key)
            if key not in new:
                yield inner, _shown(old[key]), ABSENT
            elif key not in old:
                yield inner, ABSENT, _shown(new[key])
            else:
                yield from _diff(old[key], new[key], inner)
    elif isinstance(old, list) and isinstance(new, list):
        yield from _diff_list(old, new, place)
    elif old != new or type(old) is not type(new):
        yield place, _shown(old), _shown(new)


def _diff_list(old: list[Any], new: list[Any], place: str) -> Iterator[tuple[str, str, str]]:
    old_keys, new_keys = _keys(old), _keys(new)
    if old_keys is None or new_keys is None:
        for index in range(max(len(old), len(new))):
            inner = f"{place}[{index}]"
            if index >= len(new):
                yield inner, _shown(old[index]), ABSENT
            elif index >= len(old):
                yield inner, ABSENT, _shown(new[index])
            else:
                yield from _diff(old[index], new[index], inner)
        return
    new_by_key = dict(zip(new_keys, new, strict=True))
    old_by_key = dict(zip(old_keys, old, strict=True))
    label = _labels([*old_keys, *new_keys])
    for key, value in zip(old_keys, old, strict=True):
        inner = f"{place}[{label[key]}]"
        if key in new_by_key:
            yield from _diff(value, new_by_key[key], inner)
        else:
            yield inner, _shown(value), ABSENT
    for key, value in zip(new_keys, new, strict=True):
        if key not in old_by_key:
            yield f"{place}[{label[key]}]", ABSENT, _shown(value)


def _keys(items: list[Any]) -> list[tuple[str, ...]] | None:
    """Each element's names, if every element has some and no two share them; else None."""
    keys = [entry_names(item) for item in items]
    if not all(keys) or len(set(keys)) != len(keys):
        return None
    return keys


def _labels(keys: list[tuple[str, ...]]) -> dict[tuple[str, ...], str]:
    """The name a person reads for each key: `London-Edinburgh` rather than the id `0`, and
    `London-Paris #5` where two entries (a double route) share the readable name."""
    readable = {key: _readable(key) for key in keys}
    counts = Counter(readable.values())
    return {
        key: f"{name} #{key[0]}" if counts[name] > 1 and key[0] != name else name
        for key, name in readable.items()
    }


def _readable(names: tuple[str, ...]) -> str:
    words = [name for name in names if not name.lstrip("-").isdigit()]
    return words[-1] if words else names[0]


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."
