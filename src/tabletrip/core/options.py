"""Game options: what each option accepts, and validation with one-line errors."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletrip.core.errors import OptionError

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its name, default, accepted values and a short explanation."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    @property
    def kind(self) -> type:
        """The Python type of the option's values (from the default or the choices)."""
        if self.default is not None:
            return type(self.default)
        return type(self.choices[0]) if self.choices else str

    def accepted(self, as_json: bool = False) -> str:
        """Human description of the accepted values (`as_json`: as JSON values, not text)."""
        if self.kind is bool and as_json:
            return "true, false (JSON booleans, not text)"
        if self.kind in (int, float) and as_json:
            return f"{self.accepted()} (a JSON number, not text)"
        if self.choices is not None:
            return ", ".join(
                str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices
            )
        if self.kind is bool:
            return "true, false"
        if self.kind is int:
            if self.minimum is not None and self.maximum is not None:
                return f"a whole number from {self.minimum} to {self.maximum}"
            if self.minimum is not None:
                return f"a whole number of at least {self.minimum}"
            if self.maximum is not None:
                return f"a whole number of at most {self.maximum}"
            return "a whole number"
        return f"any {self.kind.__name__}"

    def parse(self, game_id: str, value: Any, *, text: bool = True) -> Any:
        """Validate one value; with `text` (a command line's `-o advanced_traveler=yes`, the
        Python API), also coerce text: a number's digits, and for a yes/no option true, yes,
        on, 1 or false, no, off, 0 (any case). Without `text` (JSON from the network) a value
        must be of the option's own kind: the text "yes" or "2" is refused.

        An option whose default is None (decided by the game from other settings, such as
        the player count) accepts None back, as records and saved states give it.
        """
        if value is None and self.default is None:
            return None
        problem = f"bad value {value!r} for option {self.name!r} of {game_id}"
        if not text and isinstance(value, str) and self.kind is not str:
            raise OptionError(f"{problem}: accepted: {self.accepted(as_json=True)}")
        parsed = value
        if isinstance(value, str) and self.kind is not str:
            spelled = value.strip().lower()
            if self.kind is bool and spelled in _TRUE | _FALSE:
                parsed = spelled in _TRUE
            elif self.kind in (int, float):
                try:
                    parsed = self.kind(spelled)
                except ValueError:
                    raise OptionError(f"{problem}: accepted: {self.accepted()}") from None
        if (self.kind is int and isinstance(parsed, bool)) or not isinstance(parsed, self.kind):
            raise OptionError(f"{problem}: accepted: {self.accepted()}")
        if self.choices is not None and parsed not in self.choices:
            raise OptionError(f"{problem}: accepted: {self.accepted()}")
        if self._out_of_range(parsed):
            raise OptionError(f"{problem}: accepted: {self.accepted()}")
        return parsed

    def _out_of_range(self, number: Any) -> bool:
        return (self.minimum is not None and number < self.minimum) or (
            self.maximum is not None and number > self.maximum
        )

    def to_json(self) -> dict[str, Any]:
        """JSON-safe description (for `tabletrip games` and clients)."""
        return {
            "name": self.name,
            "default": self.default,
            "help": self.help,
            "accepted": self.accepted(),
            "choices": None if self.choices is None else list(self.choices),
        }


def validate_options(
    game_id: str, specs: tuple[OptionSpec, ...], given: Mapping[str, Any], *, text: bool = True
) -> dict[str, Any]:
    """Every option with its default filled in; OptionError naming an unknown or bad option.
    `text`: values may be text to coerce, as a command line gives them (see `parse`)."""
    by_name = {spec.name: spec for spec in specs}
    for name in given:
        if name not in by_name:
            accepted = ", ".join(by_name) if by_name else "none"
            raise OptionError(f"unknown option {name!r} for {game_id}: options are {accepted}")
    return {
        spec.name: spec.parse(game_id, given[spec.name], text=text)
        if spec.name in given
        else spec.default
        for spec in specs
    }
