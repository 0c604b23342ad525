"""Research adapters: every game as PettingZoo environments and as OpenSpiel games.

They need the ``[research]`` extra (``pip install 'tricktable[research]'``).
Importing this package needs nothing beyond tricktable: each adapter is
imported on first use of one of its names (docs/research.md has the details).

- :mod:`tricktable.research.pettingzoo`: ``env("rook")``, ``TricktableEnv``
- :mod:`tricktable.research.openspiel`: importing it registers
  ``python_tricktable_<game>`` with OpenSpiel; ``ismcts_bot``
- :mod:`tricktable.research.encoding`: the observation vectors both use, ``Encoder``
- :mod:`tricktable.research.features`: what each part of a vector holds, game by game
- :mod:`tricktable.research.deals`: one hand dealt from outside the engine

>>> import tricktable.research as research
>>> research.places("sixtysix", 2)
[('hand', 6), ('hand', 6), ('stock', 11), ('trump', 1)]
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from typing import Any

_HOMES = {
    "env": "pettingzoo", "TricktableEnv": "pettingzoo",
    "TricktableGame": "openspiel", "ismcts_bot": "openspiel", "short_name": "openspiel",
    "Encoder": "encoding", "PlayMemory": "encoding", "action_mask": "encoding",
    "places": "deals", "random_deal": "deals",
}
"""Each public name and the module it lives in, imported when the name is first used."""

_EXTRA = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")
"""The packages of the ``[research]`` extra the adapters import."""
_HINT = "pip install 'tricktable[research]'"

__all__ = sorted(_HOMES)


@contextlib.contextmanager
def extra_needed() -> Iterator[None]:
    """Imports of the ``[research]`` extra's packages: one that is missing raises an error
    that says how to install the extra."""
    try:
        yield
    except ModuleNotFoundError as error:
        if error.name not in _EXTRA or _HINT in str(error):
            raise
        raise ModuleNotFoundError(f"tricktable.research needs the research extra ({error}): "
                                  f"{_HINT}", name=error.name) from error


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    with extra_needed():
        module = importlib.import_module(f"{__name__}.{home}")
    return getattr(module, name)
