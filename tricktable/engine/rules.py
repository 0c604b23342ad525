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

A *preset* is a named set of options that a game declares beside its rules
(a region's or a tournament's rules in one word). The reserved option
``preset`` names one: its options are applied first, and any option given
beside it overrides them. The rules object keeps the resolved options only,
so a record never depends on a preset's definition.

>>> Demo.presets = (Preset("short", "a game to 100", {"target": 100}),)
>>> Demo.from_options({"preset": "short", "style": "b"}).to_options()
{'target': 100, 'style': 'b'}
>>> Demo.from_options({"preset": "long"})
Traceback (most recent call last):
...
tricktable.engine.rules.OptionError: unknown preset 'long'; presets: short
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Self, cast

PRESET = "preset"
"""The reserved option name that picks a preset (no game may have an option of that name)."""


class OptionError(ValueError):
    """An option name or value that the game does not accept."""


def shown(value: Any, limit: int = 40) -> str:
    """A refused value as an error message quotes it: its repr, cut to ``limit`` characters.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


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
class Preset:
    """A named set of options: ``name`` (lower case words joined by hyphens), a one-line
    ``doc`` and the ``options`` it sets (the rest keep their defaults).

    >>> Preset("kentucky-discard", "the tournament rules", {"nest": 5}).name
    'kentucky-discard'
    """

    name: str
    doc: str
    options: Mapping[str, Any]

    def describe(self) -> dict[str, Any]:
        """The preset as help screens and the API show it: name, doc and options."""
        return {"name": self.name, "doc": self.doc, "options": dict(self.options)}


@dataclass(frozen=True)
class Rules:
    """Base of every game's rules: options are its fields, validated on creation."""

    presets: ClassVar[tuple[Preset, ...]] = ()  # named sets of options (see the module doc)

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            kind = type(f.default) if f.default is not MISSING else object
            meta = f.metadata
            if kind is bool and not isinstance(value, bool):
                raise OptionError(f"option {f.name!r} must be true or false, not {shown(value)}")
            if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise OptionError(f"option {f.name!r} must be a whole number, not {shown(value)}")
            if kind is str and not isinstance(value, str):
                raise OptionError(f"option {f.name!r} must be text, not {shown(value)}")
            if meta.get("choices") and value not in meta["choices"]:
                valid = ", ".join(map(str, meta["choices"]))
                raise OptionError(f"option {f.name!r} must be one of {valid}, not {shown(value)}")
            if meta.get("minimum") is not None and value < meta["minimum"]:
                raise OptionError(f"option {f.name!r} must be at least {meta['minimum']}")
            if meta.get("maximum") is not None and value > meta["maximum"]:
                raise OptionError(f"option {f.name!r} must be at most {meta['maximum']}")

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Self:
        """Build from a mapping of option names to values; defaults fill the rest. The
        option ``preset`` (a preset's name; None or "": none) sets its options first.
        Rules are frozen: the same options (values of the same types) give the same
        object, validated once."""
        try:  # each value with its type: 1 is not an option's True
            key = (cls, tuple(sorted((k, type(v), v) for k, v in (options or {}).items())))
            known = _MADE.get(key)
        except TypeError:  # a value that is not hashable, or names that do not sort
            key, known = None, None
        if known is not None:
            return cast(Self, known)
        made = cls._from_options(options)
        if key is not None:
            if len(_MADE) >= MADE_LIMIT:
                _MADE.clear()
            _MADE[key] = made
        return made

    @classmethod
    def _from_options(cls, options: Mapping[str, Any] | None) -> Self:
        options = dict(options or {})
        if PRESET in options:
            options = {**cls.preset(options.pop(PRESET)), **options}
        names = [f.name for f in fields(cls)]
        unknown = sorted(set(options) - set(names))
        if unknown:
            raise OptionError(
                f"unknown option {shown(unknown[0])}; valid options: {', '.join(names)}"
            )
        return cls(**options)

    @classmethod
    def preset(cls, name: Any) -> dict[str, Any]:
        """The options the preset ``name`` sets (None or "": no preset, no options)."""
        if name is None or name == "":
            return {}
        for preset in cls.presets:
            if preset.name == name:
                return dict(preset.options)
        names = ", ".join(p.name for p in cls.presets) or "none"
        if not isinstance(name, str):
            raise OptionError(f"option {PRESET!r} must be a preset's name, not {shown(name)}; "
                              f"presets: {names}")
        raise OptionError(f"unknown preset {shown(name)}; presets: {names}")

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


_MADE: dict[tuple[Any, ...], Rules] = {}
"""Rules made by ``Rules.from_options``, by class and options (see there)."""
MADE_LIMIT = 1024
