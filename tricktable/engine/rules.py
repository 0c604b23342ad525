"""Rules objects: a game's options as a frozen, validated dataclass.

Each game declares its options as fields made with :func:`option`; building
one from a plain mapping checks names, types and ranges and names every valid
choice in the error.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(Rules):
...     target: int = option(500, "points that win the game", minimum=1)
...     style: str = option("a", "how to play", choices=("a", "b"))
>>> Demo.from_options({"target": 300}).target
300
>>> Demo.from_options({"colour": 1})
Traceback (most recent call last):
...
tricktable.engine.rules.OptionError: unknown option 'colour'; valid options: target, style
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Self


class OptionError(ValueError):
    """An option name or value that the game does not accept."""


def option(
    default: Any,
    doc: str,
    *,
    choices: tuple[Any, ...] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """Declare a rules option with its default, a one-line description and limits."""
    meta = {"doc": doc, "choices": choices, "minimum": minimum, "maximum": maximum}
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Rules:
    """Base of every game's rules: options are its fields, validated on creation."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            kind = type(f.default) if f.default is not MISSING else object
            meta = f.metadata
            if kind is bool and not isinstance(value, bool):
                raise OptionError(f"option {f.name!r} must be true or false, not {value!r}")
            if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise OptionError(f"option {f.name!r} must be a whole number, not {value!r}")
            if kind is str and not isinstance(value, str):
                raise OptionError(f"option {f.name!r} must be text, not {value!r}")
            if meta.get("choices") and value not in meta["choices"]:
                valid = ", ".join(map(str, meta["choices"]))
                raise OptionError(f"option {f.name!r} must be one of {valid}, not {value!r}")
            if meta.get("minimum") is not None and value < meta["minimum"]:
                raise OptionError(f"option {f.name!r} must be at least {meta['minimum']}")
            if meta.get("maximum") is not None and value > meta["maximum"]:
                raise OptionError(f"option {f.name!r} must be at most {meta['maximum']}")

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Self:
        """Build from a mapping of option names to values; defaults fill the rest."""
        options = dict(options or {})
        names = [f.name for f in fields(cls)]
        unknown = sorted(set(options) - set(names))
        if unknown:
            raise OptionError(
                f"unknown option {unknown[0]!r}; valid options: {', '.join(names)}"
            )
        return cls(**options)

    def to_options(self) -> dict[str, Any]:
        """Every option and its value, JSON-serialisable."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Each option's name, default, description and limits (for help screens)."""
        return [
            {"name": f.name, "default": f.default, **f.metadata}
            for f in fields(cls)
        ]
