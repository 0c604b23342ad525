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

import importlib
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

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        module = importlib.import_module(f"{__name__}.{home}")
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] not in _EXTRA:
            raise
        raise ModuleNotFoundError(f"{__name__}.{name} needs the research extra ({error}):"
                                  " pip install 'tricktable[research]'",
                                  name=error.name) from error
    return getattr(module, name)
