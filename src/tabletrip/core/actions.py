"""Actions: small frozen dataclasses with a JSON form and a short text notation.

A game declares each action as a subclass with a `kind` and a `__str__` giving its notation:

    @dataclass(frozen=True, slots=True)
    class Claim(Action, kind="claim"):
        route: int
        color: str

and gathers its kinds in an `ActionCodec`, which turns JSON back into actions.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from tabletrip.core.errors import IllegalAction

JsonDict = dict[str, Any]


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    return value


def _matches(value: Any, hint: Any) -> bool:
    """Whether a JSON-decoded value fits a field's type (int, str, bool, tuples of them)."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(v, args[0]) for v in value)
        return len(value) == len(args) and all(
            _matches(v, a) for v, a in zip(value, args, strict=True)
        )
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arg) for arg in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True


def _from_json_value(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json_value(v) for v in value)
    return value


def _describe(hint: Any) -> str:
    if typing.get_origin(hint) is tuple:
        return "a list"
    return getattr(hint, "__name__", str(hint))


class Action:
    """Base of every action. Subclasses are frozen dataclasses declared with `kind=...`."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, kind: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind:
            cls.kind = kind

    def public(self) -> str:
        """The notation the other seats may see (games hide secret parts, such as kept tickets)."""
        return str(self)

    def to_json(self) -> JsonDict:
        """JSON-safe dict: `{"type": kind, <field>: value, ...}` (tuples become lists)."""
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        data: JsonDict = {"type": self.kind}
        for name in names:
            data[name] = _to_json_value(getattr(self, name))
        return data


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # per action class: its dataclass field names


def plain_notation(text: str) -> str:
    """`text` in lower case, its spacing collapsed: how typed notation is compared."""
    return " ".join(text.lower().split())


def written_as(
    wanted: str, legal: Iterable[Action], norm: Callable[[str], str] = plain_notation
) -> Action | None:
    """The first of `legal` whose notation put through `norm` is `wanted` (already put through
    it); None if none is. A game passes the `norm` of its notation (which spellings are alike)."""
    for action in legal:
        if norm(str(action)) == wanted:
            return action
    return None


class ActionCodec:
    """The action kinds of one game: rebuilds actions from JSON with clear errors."""

    def __init__(self, kinds: Iterable[type[Action]]) -> None:
        self._kinds: dict[str, type[Action]] = {}
        for kind in kinds:
            if not kind.kind:
                raise TypeError(f"{kind.__name__} has no kind")
            self._kinds[kind.kind] = kind
        self.types = frozenset(self._kinds.values())
        self._fields = {
            name: frozenset(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
            for name, cls in self._kinds.items()
        }
        self._hints = {name: typing.get_type_hints(cls) for name, cls in self._kinds.items()}

    @property
    def kinds(self) -> tuple[str, ...]:
        """The accepted values of `"type"`."""
        return tuple(self._kinds)

    def accepts(self, action: object) -> bool:
        """Whether `action` is an action of one of these kinds."""
        kind = getattr(action, "kind", None)
        return isinstance(kind, str) and self._kinds.get(kind) is type(action)

    def from_json(self, data: Any) -> Action:
        """Rebuild an action from `Action.to_json()` output; IllegalAction if it is malformed."""
        if not isinstance(data, dict):
            raise IllegalAction(f"an action must be a JSON object, got {type(data).__name__}")
        kind = data.get("type")
        cls = self._kinds.get(kind) if isinstance(kind, str) else None
        if cls is None or not isinstance(kind, str):
            raise IllegalAction(
                f"unknown action type {kind!r}: expected one of {', '.join(self._kinds)}"
            )
        given = set(data) - {"type"}
        expected = self._fields[kind]
        if given != expected:
            raise IllegalAction(
                f"action {kind!r} takes fields {sorted(expected)}, got {sorted(given)}"
            )
        hints = self._hints[kind]
        for name in sorted(expected):
            if not _matches(data[name], hints[name]):
                raise IllegalAction(
                    f"action {kind!r}: field {name!r} must be {_describe(hints[name])}, "
                    f"got {data[name]!r}"
                )
        try:
            return cls(**{k: _from_json_value(v) for k, v in data.items() if k != "type"})
        except (TypeError, ValueError) as exc:
            raise IllegalAction(f"malformed {kind!r} action: {exc}") from None
